"""The standings workbook's sheets, as tables for people (headers as written, numbers as numbers)."""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.games.domino.load import SEAT_COLUMNS, DominoEvent
from pipeline.games.domino.settings import (
    BYE_CREDIT_SETTING,
    MATCH_FORMAT_SETTING,
    MODE_SETTING,
    PODIUM_SETTING,
    RANKING_SETTING,
    RED_CARD_SETTING,
    SANCTION_SETTING,
    TARGET_SETTING,
    YELLOW_CARD_SETTING,
    DominoSettings,
)
from pipeline.games.domino.tally import DominoTables
from pipeline.games.progress import progress_sheets
from pipeline.games.settings import EVENT_DATE, EVENT_NAME, WEIGHT_SETTING
from pipeline.i18n import N_, _
from pipeline.parsing import as_numbers
from pipeline.sheets import OutputSheet
from schemas.common import column_names, columns_of, sheet_name_in, sheet_name_of, titles_of
from schemas.domino import (
    MODE_RUN_OUT,
    NAME_JOINER,
    RANK_BY_POINTS,
    RANK_BY_WINS,
    WINNERS,
    MatchesSheet,
    PenaltiesSheet,
    Standing,
    titles_counting,
)
from schemas.domino import AppliedPenalty as A
from schemas.domino import Match as M
from schemas.domino import MatchOutcome as O
from schemas.domino import Penalty as Pen
from schemas.domino import PlayersSheet as PS
from schemas.domino import ProgressiveStanding as P
from schemas.domino import SideResult as S
from schemas.shared import ProgressSheet as PG
from schemas.shared import RulesSheet as R
from schemas.validation import present_count

HEAD_TO_HEAD_WORDS = [
    N_(
        "Head-to-head differential among those still level: for each, ({w} for - {w} against) over "
        "the matches in which another tied competitor sat on the opposing side; re-applied to any "
        "smaller group it leaves level, until nothing splits further"
    ),
    N_("Still level: the rank is shared (3, 3, 5)"),
]
CRITERIA_WORDS = [  # the seed's order (Settings Ranking = points)
    N_("Points, highest first"),
    N_("Match points, highest first"),
    N_("Effectiveness ({w} for - {w} against - penalties), highest first"),
    N_("{W} for, highest first"),
    N_("{W} against, lowest first"),
    *HEAD_TO_HEAD_WORDS,
]
WINS_FIRST_WORDS = [  # the federations' order (Settings Ranking = wins)
    N_("Matches won, most first"),
    N_("Effectiveness ({w} for - {w} against - penalties), highest first"),
    N_("{W} for, highest first"),
    *HEAD_TO_HEAD_WORDS,
]
RANKING_WORDS = {RANK_BY_POINTS: CRITERIA_WORDS, RANK_BY_WINS: WINS_FIRST_WORDS}


def pairs_event(event: DominoEvent) -> bool:
    """True when the competitors are pairs: the Matches sheet seats one id a side (A2 and B2 blank in every
    seated match), as a pairs event is typed."""
    frame = event.matches_sheet.frame
    a1, b1, a2, b2 = (
        frame[c].isna().to_numpy(dtype=bool)
        for c in (MatchesSheet.a1, MatchesSheet.b1, MatchesSheet.a2, MatchesSheet.b2)
    )
    seated = ~a1 | ~b1
    return bool(seated.any()) and bool((a2[seated] & b2[seated]).all())


def display_headers(count_word: str, pairs: bool = False) -> dict[str, str]:
    """Column name -> written header; in a run-out event pips become hands won and lost, and in a pairs event
    the competitor is a Pair."""
    return titles_counting(P, count_word, pairs)


def standings_frame(standings: pd.DataFrame, count_word: str, pairs: bool = False) -> pd.DataFrame:
    """A standings table with written headers."""
    columns = [c for c in column_names(Standing) if c in standings.columns]
    if P.round in standings.columns:
        columns = [P.round, *columns]
    return standings[columns].rename(columns=display_headers(count_word, pairs))


def number_formats() -> dict[str, str]:
    """Written header -> number format, for the standings' columns that declare one."""
    return {c.title: c.number_format for c in columns_of(P) if c.number_format}


def numbers_where_numeric(text: pd.Series) -> pd.Series:
    """A column as typed: numbers stay numbers, text stays text."""
    numbers = as_numbers(text)
    if numbers.count() == text.count():  # every cell present a number
        values = numbers.to_numpy(dtype=object)
        values[numbers.isna().to_numpy()] = None
        return pd.Series(values, index=numbers.index, dtype="object")
    return text


def names_known(event: DominoEvent) -> bool:
    """True when the Players sheet gives anyone a name (only then do the Matches sheet's sides show names)."""
    return bool(event.players[PS.name].notna().any())


def side_names(event: DominoEvent, seats: list[str]) -> pd.Series:
    """Each match's names of one side (index: the Excel row): its players' names joined by NAME_JOINER, the
    id of a player the Players sheet leaves unnamed beside a named partner; blank when nobody is named."""
    return pd.Series(
        joined_names(event.players[PS.id], event.players[PS.name], [event.matches[s] for s in seats]),
        index=event.matches.index,
        dtype="object",
    )


def joined_names(ids: pd.Series, names: pd.Series, seats: list[pd.Series]) -> np.ndarray:
    """For each row of the seat columns: the names of the ids seated (an id without a name as itself), the
    blank seats left out, joined by NAME_JOINER; None where no id seated has a name (`ids` are distinct)."""
    listed = pa.array(ids, pa.large_string())
    known = pa.array(names, pa.large_string())
    seated = [pa.array(seat, pa.large_string()) for seat in seats]
    named = [pc.take(known, pc.index_in(seat, value_set=listed)) for seat in seated]
    shown = [pc.coalesce(name, seat) for name, seat in zip(named, seated, strict=True)]
    joiner = pa.scalar(NAME_JOINER, pa.large_string())
    together = functools.reduce(
        lambda left, right: pc.coalesce(pc.binary_join_element_wise(left, right, joiner), left, right), shown
    )
    anyone = functools.reduce(pc.or_, [pc.is_valid(name) for name in named])
    return pc.if_else(anyone, together, None).to_numpy(zero_copy_only=False)


def with_side_names(event: DominoEvent, shown: pd.DataFrame) -> pd.DataFrame:
    """The Matches sheet's typed columns (headed as written) with each side's names right after its seats."""
    titles = titles_of(O)
    written = event.matches_sheet.written
    out = shown.copy()
    for side, seats in ((O.a_names, [M.a1, M.a2]), (O.b_names, [M.b1, M.b2])):  # the two sides
        headers = list(out.columns)
        after = max(headers.index(written(s)) for s in seats if written(s) in headers)
        out.insert(after + 1, titles[side], side_names(event, seats).loc[out.index].to_numpy())
    return out


def matches_frame(event: DominoEvent, sides: pd.DataFrame) -> pd.DataFrame:
    """Each input match with its columns as given, then the computed result of both sides."""
    sheet = event.matches_sheet
    scored = event.matches.index[event.matches.index.isin(sides[S.match])]  # a bye without credit: not shown
    given = sheet.frame.loc[scored]
    kept = [MatchesSheet.round, MatchesSheet.table, MatchesSheet.a1, MatchesSheet.b1]  # shown even when blank
    given = given[[c for c in given.columns if c in kept or present_count(given[c])]]
    shown = pd.DataFrame(
        {
            sheet.written(c): given[c] if c in SEAT_COLUMNS else numbers_where_numeric(given[c])
            for c in given.columns
        }
    )
    a, b = (side_of_each(sides, side, scored) for side in ("A", "B"))
    title = titles_counting(O, event.settings.count_word)
    computed = pd.DataFrame(
        {
            O.winning_side: pd.Series(np.where(a[S.won], "A", "B"), index=scored, dtype="str"),
            O.a_points: a[S.points],
            O.b_points: b[S.points],
            O.a_match_points: a[S.match_points],
            O.b_match_points: b[S.match_points],
            O.a_for: a[S.pips_for],
            O.a_against: a[S.pips_against],
            O.b_for: b[S.pips_for],
            O.b_against: b[S.pips_against],
        },
        index=scored,
    ).rename(columns=title)
    shown.index = scored
    if names_known(event):
        shown = with_side_names(event, shown)
    out = pd.concat([shown, computed], axis=1)
    out.insert(0, title[O.row], scored.astype("int64"))
    return out.reset_index(drop=True)


def side_of_each(sides: pd.DataFrame, side: str, matches: pd.Index) -> dict[str, np.ndarray]:
    """One side's figures (the side results' columns) for each of the matches, in their order."""
    rows = np.flatnonzero(sides[S.side].to_numpy(dtype=object) == side)
    at = rows[pd.Index(sides[S.match].to_numpy()[rows]).get_indexer(matches)]
    return {c: sides[c].to_numpy()[at] for c in (S.won, S.points, S.match_points, S.pips_for, S.pips_against)}


def penalties_frame(event: DominoEvent, pairs: bool = False) -> pd.DataFrame:
    """The penalties as applied: who (a Pair in a pairs event), how many pips deducted, in which round, why."""
    p = event.penalties
    names = event.players.set_index(PS.id)[PS.name]
    return (
        pd.DataFrame(
            {
                A.row: p.index.astype("int64"),
                A.player: p[Pen.player],
                A.name: p[Pen.player].map(names),
                A.pips: p[Pen.pips],
                A.round: p[Pen.round].astype("object").where(p[Pen.round].notna(), None),
                A.reason: p[Pen.reason],
                **({A.card: p[Pen.card]} if p[Pen.card].notna().any() else {}),
            }
        )
        .rename(columns=titles_counting(A, event.settings.count_word, pairs))
        .reset_index(drop=True)
    )


def card_words(s: DominoSettings) -> str:
    """What each card given a price in the Settings deducts, in words ('' when neither is)."""
    w = _(s.count_word)
    priced = [
        _(words, pips=pips, w=w)
        for words, pips in (
            (N_("a yellow card {pips} {w}"), s.yellow_card_pips),
            (N_("a red card {pips} {w}"), s.red_card_pips),
        )
        if pips is not None
    ]
    return _("; ") + _(" and ").join(priced) if priced else ""


def penalties_words(s: DominoSettings) -> str:
    """How a Penalties row counts, by the Sanction setting, with the cards' pips."""
    if s.sanctions_in_result:
        return _(
            "each row's {w} come off its competitor's side in that round's match before the result "
            "is decided: more {w} left wins; level, the side that lost fewer; a forfeit keeps its "
            "winner (best of three: the games decide)",
            w=_(s.count_word),
        ) + card_words(s)
    return _("each row deducts its absolute value from the competitor's effectiveness") + card_words(s)


def convention_rows(s: DominoSettings, targets: list[int]) -> list[tuple[str, str]]:
    """The Rules lines of the conventions of associations that are not at their defaults."""
    w = _(s.count_word)
    rows = []
    if s.bye_credit:
        worked = ", ".join(
            f"{(t * s.bye_credit * 2 + 100) // 200}-{t - (t * s.bye_credit * 2 + 100) // 200}"
            for t in targets
        )
        rows.append(
            (
                BYE_CREDIT_SETTING.written_name,
                _(
                    "{share}%: a bye (B1 = BYE) is a match won by {share}% of the target to the rest "
                    "({worked}), its points by the rest as for a loser; it has no opponent for the head-to-head",
                    share=s.bye_credit,
                    worked=worked,
                ),
            )
        )
    if s.ranking != RANK_BY_POINTS:
        rows.append(
            (RANKING_SETTING.written_name, _("wins: matches won, then effectiveness, then {w} for", w=w))
        )
    if s.sanctions_in_result:
        rows.append(
            (SANCTION_SETTING.written_name, _("result: penalties come off the {w} of the match", w=w))
        )
    for spec, pips in ((YELLOW_CARD_SETTING, s.yellow_card_pips), (RED_CARD_SETTING, s.red_card_pips)):
        if pips is not None:
            rows.append((spec.written_name, str(pips)))
    if s.best_of_three:
        rows.append(
            (
                MATCH_FORMAT_SETTING.written_name,
                _("best of three: the first side to win 2 games wins the match"),
            )
        )
    return rows


def rules_frame(event: DominoEvent) -> pd.DataFrame:
    """The settings and the order of criteria that produced the workbook, in words."""
    s = event.settings
    w = _(s.count_word)
    targets = sorted(event.matches[M.target].astype("int64").unique().tolist())
    rows = [
        (EVENT_NAME.written_name, s.event),
        (EVENT_DATE.written_name, s.date),
        (
            MODE_SETTING.written_name,
            _("run out (counts are hands)") if s.mode == MODE_RUN_OUT else _("points (counts are pips)"),
        ),
        (TARGET_SETTING.written_name, ", ".join(map(str, targets)) or str(s.target or "")),
        (PODIUM_SETTING.written_name, str(s.podium)),
        (WEIGHT_SETTING.written_name, f"{s.weight:g}"),
        *convention_rows(s, targets),
        (
            _("Points per match"),
            _("winner: 3 if the loser won no game, 2 if it won one; loser 0")
            if s.best_of_three
            else _("winner: 3 if the loser made 0 {w}, 2 if 1 to half the target, otherwise 1; loser 0", w=w),
        ),
        (_("Match points"), _("winner 1, loser 0")),
        (
            _("{W} for and against", W=w.title()),
            _(
                "each side's {w} as typed, summed over the games; a forfeit's blank {w} read as twice the "
                "target for the winner and 0",
                w=w,
            )
            if s.best_of_three
            else _(
                "a winner that reaches the target is credited the target; at time, the scoreboard "
                "as it stands; a forfeit's blank {w} read as the target for the winner and 0",
                w=w,
            ),
        ),
        (sheet_name_in(PenaltiesSheet), penalties_words(s)),
    ]
    rows += [
        (_("Criterion {number}", number=i), _(text, w=w, W=w.title()))
        for i, text in enumerate(RANKING_WORDS[s.ranking], start=1)
    ]
    return pd.DataFrame(rows, columns=[titles_of(R)[R.item], titles_of(R)[R.value]])


def progress(tables: DominoTables, count_word: str, pairs: bool = False) -> list[OutputSheet]:
    """The Progress sheet: each competitor's rank after each round, as the Rounds sheet ranks it."""
    ranks = tables.rounds.pivot(index=P.player, columns=P.round, values=P.rank)
    ranks.columns = [str(r) for r in ranks.columns]
    named = {PG.rank: Standing.rank, PG.competitor: Standing.player, PG.name: Standing.name}
    return progress_sheets(tables.standings, named, display_headers(count_word, pairs), ranks)


def domino_sheets(event: DominoEvent, tables: DominoTables) -> list[OutputSheet]:
    """The sheets of the standings workbook, in order."""
    w = event.settings.count_word
    pairs = pairs_event(event)
    standings = standings_frame(tables.standings, w, pairs)
    podium = tables.standings[Standing.rank] <= event.settings.podium
    winners = standings[podium.to_numpy()].reset_index(drop=True)
    rounds = standings_frame(tables.rounds, w, pairs)
    leaders = tables.rounds[P.rank].eq(1).reset_index(drop=True)
    number = number_formats()
    rules = titles_of(R)
    return [
        OutputSheet(sheet_name_of(Standing), standings, number, highlight=podium.reset_index(drop=True)),
        OutputSheet(sheet_name_of(MatchesSheet), matches_frame(event, tables.sides)),
        OutputSheet(sheet_name_of(P), rounds, number, highlight=leaders),
        *progress(tables, w, pairs),
        OutputSheet(WINNERS, winners, number, highlight=pd.Series(True, index=winners.index)),
        OutputSheet(sheet_name_of(A), penalties_frame(event, pairs)),
        OutputSheet(
            sheet_name_of(R),
            rules_frame(event),
            widths={rules[R.item]: 28, rules[R.value]: 100},
            wrapped=(rules[R.item], rules[R.value]),
        ),
    ]
