"""Director's scores typed in Results `Adjusted` beyond A+/A/A-, 60/40 and NP: percentage, matchpoint and IMP
awards (one side named or both, split scores), and weighted scores (Law 12C1(c)): how they are read, checked and
scored. Pure and vectorized; docs/bridge-rules.md, "Director's scores"."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.bridge.contracts import (
    RESULT_PATTERN,
    normalized_text,
    parsed_contracts,
    parsed_declarers,
    strain_letters,
)
from pipeline.games.bridge.imps import capped, imps_from_difference
from pipeline.games.bridge.matchpoints import adjusted_score_parts, matchpoints
from pipeline.games.bridge.score import declarer_scores, ns_scores
from pipeline.games.checks import problems_where
from pipeline.i18n import _, _each
from pipeline.problems import kind
from pipeline.sheets import Sheet
from schemas.bridge import NORTH_SOUTH, NS_SEATS, SCORE
from schemas.bridge import AdjustedScore as A
from schemas.bridge import Contract as K
from schemas.bridge import ResultsSheet as R
from schemas.bridge import SideValues as SV
from schemas.bridge import TypedResult as T
from schemas.bridge import WeightedPart as WP

MP_UNIT, IMP_UNIT, PCT_UNIT = (
    "mp",
    "imp",
    "pct",
)  # the unit of an award, as `AdjustedScore.award_unit` holds it
AVERAGE_IMPS = 3  # A+ / A- at IMPs: +3 / -3 (A = 0); WBF and EBU practice
PLACEHOLDER_PCT = 50.0  # an MP or IMP award's percentage: it marks the row as artificial (out of comparisons)

BAD_WEIGHTED = kind(
    "B170",
    "a weighted score (Law 12C1(c)) whose parts tally cannot score or whose weights do not add up to 100 %",
    example="Results, row 5, column 'Adjusted' [60% 4S= + 30% 4S-1]: the weights add up to 90 %, not 100 %",
)
AWARD_UNIT = kind(
    "B171",
    "a director's award in a unit the event's method does not score (IMPs at matchpoints, MP at IMPs)",
    example="Results, row 4, column 'Adjusted' [+3 IMP]: this award needs a method scored in IMP scores; this "
    "event is scored in matchpoints",
)
SPLIT_AT_TEAMS = kind(
    "B172",
    "an IMP award at teams whose two sides do not balance (+3 and -3)",
    example="Results, row 3, column 'Adjusted' [NS +3 IMP EW -1 IMP]: at teams the two sides of an IMP award "
    "balance: give north-south's IMPs alone (+3 IMP)",
)

NUMBER = r"[0-9]{1,4}(?:\.[0-9]+)?"
SIDE = r"NS|EW|N-S|E-W|N/S|E/W"
UNIT = r"%|MPS?|IMPS?"


def award_term(i: int) -> str:
    """The pattern of one side's award, its groups numbered `i`: an optional side, a signed number, a unit."""
    return rf"(?P<side{i}>{SIDE})?(?P<value{i}>[+-]?{NUMBER})(?P<unit{i}>{UNIT})"


AWARD_PATTERN = rf"^{award_term(1)}(?:(?:[/,;&]|AND)?{award_term(2)})?$"
WEIGHT = rf"(?P<{WP.weight}>{NUMBER})%(?:OF)?"
CONTRACT = rf"(?P<{WP.contract}>[1-7][CDHSN](?:XX|X|\*\*|\*)?)"
SEAT = rf"(?:BY)?(?P<{WP.seat}>[NESW])?"
MADE = rf"(?P<{WP.result}>=|MADE|M|[+-][0-9]{{1,2}})"
SEAT_AFTER = rf"(?:BY)?(?P<{WP.seat_after}>[NESW])?"
PART_SCORE = rf"(?P<{WP.score}>[+-]?[0-9]{{1,4}})"
PART = rf"{WEIGHT}(?:{CONTRACT}{SEAT}{MADE}{SEAT_AFTER}|{PART_SCORE})"
PART_SEPARATOR = r"(?:\+|,|;|&|AND)"
WEIGHTED_PATTERN = rf"^(?:{PART})(?:{PART_SEPARATOR}(?:{PART}))*$"


def weighted_text(text: pd.Series) -> pd.Series:
    """Normalized text with strain spellings as C D H S N (`4 NT` -> `4N`), as weighted scores are read."""
    return strain_letters(normalized_text(text))


def side_of(word: pd.Series) -> pd.Series:
    """NS or EW from a side as typed (N-S, N/S, ...); NA when none."""
    return word.str.replace(r"[-/]", "", regex=True)


def award_parts(text: pd.Series) -> pd.DataFrame:
    """Awards typed as `55%`, `NS 60% EW 45%`, `7 MP`, `NS 7MP EW 3MP`, `+3 IMP`, `NS +3 IMP EW -1 IMP`
    (`AdjustedScore` columns; a percentage award fills ns_pct/ew_pct, an MP or IMP award ns_award/ew_award with
    a placeholder percentage). One side alone: the other gets 100 % less it (percent), the top less it (MP,
    filled when scored: NA here) or its negative (IMPs). An unnamed first side is north-south."""
    clean = normalized_text(text)
    p = clean.str.extract(AWARD_PATTERN)
    side1 = side_of(p["side1"]).fillna(NORTH_SOUTH)
    side2 = side_of(p["side2"])
    unit = p["unit1"].str.rstrip("S").str.replace("%", PCT_UNIT).str.lower()
    unit2 = p["unit2"].str.rstrip("S").str.replace("%", PCT_UNIT).str.lower()
    v1, v2 = pd.to_numeric(p["value1"]), pd.to_numeric(p["value2"])
    two = p["value2"].notna()
    signed = p["value1"].str.match(r"[+-]") | p["value2"].str.match(r"[+-]").fillna(False)
    ok = p["value1"].notna() & (~two | ((unit2 == unit) & side2.ne(side1) & p["side2"].notna()))
    ok &= ~(signed & unit.ne(IMP_UNIT)) & (v1 >= 0).where(unit.ne(IMP_UNIT), True)
    ok &= (v2 >= 0).where(two & unit.ne(IMP_UNIT), True)
    ok &= (v1 <= 100).where(unit.eq(PCT_UNIT), True) & (v2 <= 100).where(two & unit.eq(PCT_UNIT), True)
    ok = ok.fillna(False).astype(bool)
    other = pd.Series(
        np.select([unit.eq(PCT_UNIT), unit.eq(IMP_UNIT)], [100 - v1, -v1], np.nan), index=text.index
    )
    other = v2.where(two, other)
    ns_first = side1.eq(NORTH_SOUTH)
    ns = v1.where(ns_first, other).where(ok)
    ew = other.where(ns_first, v1).where(ok)
    pct = unit.eq(PCT_UNIT) & ok
    points = ok & ~pct
    return pd.DataFrame(
        {
            A.ns_pct: ns.where(pct, PLACEHOLDER_PCT).where(ok).astype("float64"),
            A.ew_pct: ew.where(pct, PLACEHOLDER_PCT).where(ok).astype("float64"),
            A.not_played: False,
            A.valid: ok,
            A.award_unit: unit.where(points),
            A.ns_award: ns.where(points).astype("float64"),
            A.ew_award: ew.where(points).astype("float64"),
            A.weighted: False,
        },
        index=text.index,
    )


def adjusted_scores(text: pd.Series) -> pd.DataFrame:
    """Typed Adjusted cells (`AdjustedScore`): A+/A-, 60/40 and NP as before, then awards, then weighted
    scores (whose parts `weighted_parts` reads; here only recognized)."""
    usual = adjusted_score_parts(text)
    usual[A.award_unit] = pd.Series(pd.NA, index=text.index, dtype="str")
    usual[A.ns_award] = np.nan
    usual[A.ew_award] = np.nan
    usual[A.weighted] = False
    awards = award_parts(text).assign(**{A.averaged: False})[
        list(usual.columns)
    ]  # `where` takes columns in order
    out = usual.where(usual[A.valid], awards, axis=0)  # a row's columns taken from the reading that read it
    weighted = weighted_text(text).str.fullmatch(WEIGHTED_PATTERN).fillna(False).astype(bool) & ~out[A.valid]
    out[A.weighted] = weighted
    out[A.valid] = out[A.valid].astype(bool) | weighted
    out[A.not_played] = out[A.not_played].astype(bool)
    out[A.averaged] = out[A.averaged].astype(bool)
    out[A.award_unit] = out[A.award_unit].astype("str")
    return out


def weighted_parts(text: pd.Series) -> pd.DataFrame:
    """The parts of each weighted score (`WeightedPart`, one row per part, `row` the text's index): its weight
    (a fraction), and either a contract with its result and any seat, or an NS score."""
    clean = weighted_text(text)
    found = clean.str.extractall(PART)
    rows = found.index.get_level_values(0)
    return pd.DataFrame(
        {
            WP.row: rows,
            WP.weight: pd.to_numeric(found[WP.weight]).to_numpy() / 100,
            WP.contract: found[WP.contract].to_numpy(),
            WP.seat: found[WP.seat].fillna(found[WP.seat_after]).to_numpy(),
            WP.result: found[WP.result].to_numpy(),
            WP.score: pd.to_numeric(found[WP.score]).to_numpy(),
        }
    ).reset_index(drop=True)


def weighted_score_problems(sheet: Sheet, t: pd.DataFrame) -> pd.DataFrame:
    """Weighted scores with a part tally cannot score or weights not adding up to 100 %."""
    parts = t.loc[t[T.weighted], [T.part_weights, T.part_scores]].explode([T.part_weights, T.part_scores])
    total = pd.to_numeric(parts[T.part_weights]).groupby(level=0).sum().reindex(t.index)
    bad = parts[T.part_scores].isna().groupby(level=0).any().reindex(t.index, fill_value=False).astype(bool)
    off = total.notna() & ((total - 1).abs() > 1e-9)
    words = _each(
        "the weights add up to {total} %, not 100 %", total=(100 * total).round(6).map("{:g}".format)
    )
    words = words.where(
        ~bad,
        _(
            "expected parts such as 60% 4S= + 40% 4S-1 by N (each a weight, a contract and its result, the "
            "declarer in the part or in Declarer) or 60% 420 + 40% -50 (north-south scores)"
        ),
    )
    return problems_where(sheet, off | bad, R.adjusted, words, BAD_WEIGHTED)


def part_scores(parts: pd.DataFrame, declarer: pd.Series, ns_vul: pd.Series, ew_vul: pd.Series) -> pd.Series:
    """The NS score of each part (`WeightedPart`) on its row's board: a contract scored by Law 77 (declarer
    from the part, else the row's `declarer`), or the NS score typed; NA when it cannot be scored."""
    contract = parsed_contracts(parts[WP.contract])
    seat = parsed_declarers(parts[WP.seat]).fillna(declarer.reindex(parts[WP.row]).reset_index(drop=True))
    offset = pd.to_numeric(normalized_text(parts[WP.result]).str.extract(RESULT_PATTERN)["offset"]).fillna(
        0.0
    )
    tricks = (contract[K.level].astype("Float64") + 6 + offset).astype("Int64")
    tricks = tricks.where(tricks.between(0, 13))
    rows = parts[WP.row]
    vul = (
        ns_vul.reindex(rows)
        .reset_index(drop=True)
        .where(seat.isin(NS_SEATS), ew_vul.reindex(rows).reset_index(drop=True))
    )
    points = declarer_scores(contract[K.level], contract[K.strain], contract[K.doubling], tricks, vul)
    scored = ns_scores(points, seat).astype("Float64").where(contract[K.valid] & ~contract[K.passed])
    typed = parts[WP.score].where(part_score_in_range(parts[WP.score]))
    return scored.where(parts[WP.contract].notna(), typed).astype("float64")


def weighted_columns(
    text: pd.Series, weighted: pd.Series, declarer: pd.Series, ns_vul: pd.Series, ew_vul: pd.Series
) -> pd.DataFrame:
    """Each weighted row's parts (`TypedResult` part_weights and part_scores, as lists; NA on other rows) and
    its NS score, the weighted mean of its parts' (NA when a part cannot be scored)."""
    if not bool(weighted.any()):  # most results: no part to parse or score, the columns as they would be
        return pd.DataFrame(
            {
                T.part_weights: pd.Series(np.nan, index=text.index, dtype="float64"),
                T.part_scores: pd.Series(np.nan, index=text.index, dtype="float64"),
                T.computed_score: pd.Series(pd.NA, index=text.index, dtype="Float64"),
            },
            index=text.index,
        )
    parts = weighted_parts(text.where(weighted))
    parts[WP.score] = part_scores(parts, declarer, ns_vul, ew_vul)
    by_row = parts.groupby(WP.row)
    lists = by_row[[WP.weight, WP.score]].agg(list)
    mean = (parts[WP.weight] * parts[WP.score]).groupby(parts[WP.row]).sum(min_count=1)
    mean = mean.where(~parts[WP.score].isna().groupby(parts[WP.row]).any())
    return pd.DataFrame(
        {
            T.part_weights: lists[WP.weight].reindex(text.index),
            T.part_scores: lists[WP.score].reindex(text.index),
            T.computed_score: mean.reindex(text.index).astype("Float64"),
        },
        index=text.index,
    )


def part_score_in_range(score: pd.Series) -> pd.Series:
    """A part's NS score typed as a number: a multiple of 10 in Law 77's range."""
    return score.between(SCORE.low, SCORE.high) & (score % 10 == 0)


# ------------------------------------------------------------------ scoring


def parts_of(r: pd.DataFrame, group: pd.Series) -> pd.DataFrame:
    """One row per part of each result taking part (`group` not NA): its row (position), board group, weight
    and NS score; a result typed as played is one part of weight 1."""
    taking = (group.notna() & r[T.ns_score].notna()).to_numpy()
    weighted = r[T.weighted].to_numpy(dtype=bool)
    rows = np.arange(len(r))
    plain = pd.DataFrame(
        {
            WP.row: rows[taking & ~weighted],
            WP.group: group.to_numpy()[taking & ~weighted],
            WP.weight: 1.0,
            WP.score: r[T.ns_score].to_numpy(dtype="float64")[taking & ~weighted],
        }
    )
    mixed = pd.DataFrame(
        {
            WP.row: rows[taking & weighted],
            WP.group: group.to_numpy()[taking & weighted],
            WP.weight: r[T.part_weights].to_numpy()[taking & weighted],
            WP.score: r[T.part_scores].to_numpy()[taking & weighted],
        }
    ).explode([WP.weight, WP.score])
    out = pd.concat([plain, mixed], ignore_index=True)
    return out.astype({WP.weight: "float64", WP.score: "float64"})


def part_pairs(r: pd.DataFrame, group: pd.Series) -> pd.DataFrame:
    """Every part of a result against every part of each other result on its board: rows, scores and the
    product of the weights."""
    parts = parts_of(r, group)
    pairs = parts.merge(parts, on=WP.group, suffixes=("", "_other"))
    pairs = pairs[pairs[WP.row] != pairs[WP.row + "_other"]]
    return pairs.assign(**{WP.both: pairs[WP.weight] * pairs[WP.weight + "_other"]})


def summed_by_row(values: pd.Series, rows: pd.Series, r: pd.DataFrame) -> pd.Series:
    """Values summed per result row (positions), on the results' index; 0 where none."""
    total = np.bincount(rows.to_numpy(dtype="int64"), values.to_numpy(dtype="float64"), minlength=len(r))
    return pd.Series(total, index=r.index)


def field_matchpoints(r: pd.DataFrame, group: pd.Series, scale: int = 2) -> pd.Series:
    """Matchpoints of each result against the others on its board (`group`; NA: not compared): as
    `matchpoints`, a weighted score's parts each scored against the field and weighted, and each other result
    scoring against the weighted score's parts weighted (Law 12C1(c))."""
    plain = matchpoints(r[T.ns_score].where(group.notna()), group, scale)
    mixed = group.isin(group[r[T.weighted]].dropna())
    if not mixed.any():
        return plain
    pairs = part_pairs(r, group.where(mixed))
    points = (
        scale * (pairs[WP.score] > pairs[WP.score + "_other"])
        + scale / 2 * (pairs[WP.score] == pairs[WP.score + "_other"])
    ) * pairs[WP.both]
    weighted = summed_by_row(points, pairs[WP.row], r)
    return weighted.where(mixed, plain).where(group.notna())


def field_cross_imps(
    r: pd.DataFrame, group: pd.Series, plain: pd.Series, cap: int | None = None
) -> pd.Series:
    """Cross-IMPs of each result (`plain`: as computed without weighted scores), a weighted score's parts each
    IMPed against each other result's parts (within +/-cap) and weighted, divided by the comparisons (Law
    12C1(c))."""
    mixed = group.isin(group[r[T.weighted]].dropna())
    if not mixed.any():
        return plain
    pairs = part_pairs(r, group.where(mixed))
    imps = capped(imps_from_difference(pairs[WP.score] - pairs[WP.score + "_other"]).astype("float64"), cap)
    total = summed_by_row(imps * pairs[WP.both], pairs[WP.row], r)
    n = group.where(mixed).groupby(group.where(mixed)).transform("size")
    return (total / (n - 1)).where(n > 1, 0.0).where(mixed, plain)


def weighted_imps(r: pd.DataFrame, datum: pd.Series, plain: pd.Series, cap: int | None = None) -> pd.Series:
    """IMPs against the datum (`plain`: of the scores as typed), a weighted score's parts each IMPed against
    it (within +/-cap) and weighted (Law 12C1(c))."""
    if not r[T.weighted].any():
        return plain
    parts = parts_of(r, datum.where(r[T.weighted]))
    at = r.index[parts[WP.row]]
    imps = capped(imps_from_difference(parts[WP.score] - datum.loc[at].to_numpy()).astype("float64"), cap)
    imps = imps * parts[WP.weight]
    return summed_by_row(imps, parts[WP.row], r).where(r[T.weighted], plain)


def weighted_room_imps(open_parts: pd.DataFrame, closed_parts: pd.DataFrame) -> pd.Series:
    """The home team's IMPs of each board (index: match, board) where a room has a weighted score: each part of
    the open room's score against each part of the closed room's, weighted (Law 12C1(c))."""
    both = open_parts.merge(closed_parts, on=[T.match, T.board], suffixes=("", "_other"))
    imps = imps_from_difference(both[WP.score] - both[WP.score + "_other"]).astype("float64")
    weighted = imps * both[WP.weight] * both[WP.weight + "_other"]
    return weighted.groupby([both[T.match], both[T.board]]).sum()


def awarded_values(r: pd.DataFrame, scored: pd.DataFrame) -> pd.DataFrame:
    """A pairs method's values with each MP or IMP award put in (`SideValues`); an MP award for one side
    leaves the other the top less it."""
    unit = r[T.award_unit]
    if not unit.notna().any():
        return scored
    out = scored.copy()
    ns, ew = r[T.ns_award], r[T.ew_award]
    if SV.top in scored:  # one side's MP award: the other side gets the rest of the top
        ns, ew = ns.fillna(scored[SV.top] - ew), ew.fillna(scored[SV.top] - ns)
    given = unit.notna()
    out[SV.ns_value] = ns.where(given, scored[SV.ns_value])
    out[SV.ew_value] = ew.where(given, scored[SV.ew_value])
    return out


def award_unit_problems(sheet: Sheet, typed: pd.DataFrame, scored_in: str) -> list[pd.DataFrame]:
    """Awards in a unit other than the method's (`scored_in`: mp or imp)."""
    unit = typed[T.award_unit]
    words = {MP_UNIT: _("matchpoints"), IMP_UNIT: _("IMP scores")}
    return [
        problems_where(
            sheet,
            unit.notna() & unit.ne(scored_in),
            R.adjusted,
            _(
                "this award needs a method scored in {needed}; this event is scored in {scored}",
                needed=words[IMP_UNIT if scored_in == MP_UNIT else MP_UNIT],
                scored=words[scored_in],
            ),
            AWARD_UNIT,
        )
    ]


def matchpoint_award_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """At matchpoints: no IMP award."""
    return award_unit_problems(sheet, typed, MP_UNIT)


def imp_award_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """At IMPs: no MP award."""
    return award_unit_problems(sheet, typed, IMP_UNIT)


def split_award_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """At teams an IMP award or an average balances (+3 for one side, -3 for the other): a board's IMPs go to one
    team, so `NS +3 IMP EW -1 IMP` and `A+/A+` (+3 IMPs to both teams) are refused rather than half scored."""
    unbalanced = typed[T.award_unit].eq(IMP_UNIT) & (typed[T.ns_award] + typed[T.ew_award]).ne(0)
    sides = np.sign(typed[T.ns_pct] - PLACEHOLDER_PCT) + np.sign(typed[T.ew_pct] - PLACEHOLDER_PCT)
    average = typed[T.award_unit].isna() & typed[T.ns_pct].notna() & typed[T.ew_pct].notna()
    return [
        problems_where(
            sheet,
            unbalanced.fillna(False).astype(bool),
            R.adjusted,
            _("at teams the two sides of an IMP award balance: give north-south's IMPs alone (+3 IMP)"),
            SPLIT_AT_TEAMS,
        ),
        problems_where(
            sheet,
            (average & sides.ne(0)).fillna(False).astype(bool),
            R.adjusted,
            _(
                "at teams an average goes to one team as the other loses it (A+/A-, A/A or A-/A+): "
                "tally cannot give both teams +3 or -3 IMPs on a board"
            ),
            SPLIT_AT_TEAMS,
        ),
    ]


def room_parts(r: pd.DataFrame, real: pd.Series) -> pd.DataFrame:
    """The parts of each teams result scored at the table (`real`), with its match, board and room."""
    parts = parts_of(r, pd.Series(0, index=r.index).where(real))
    at = r.iloc[parts[WP.row].to_numpy()]
    return parts.assign(**{c: at[c].to_numpy() for c in (T.match, T.board, T.room)})
