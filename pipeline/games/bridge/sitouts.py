"""Sit-out awards outside Neuberg: a pair that sat out a round (no result in a round its field played, as a
movement's rounds against the phantom show) gets, for the boards it did not play, its own average, 60 % or
50 % (Settings `Sit-out Award`). Pure and vectorized; docs/bridge-rules.md, "Sit-outs"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.awards import AVERAGE_IMPS
from pipeline.games.settings import SettingSpec
from pipeline.i18n import N_, _, _each
from pipeline.parsing import as_words, whole_numbers
from schemas.bridge import PairResult as PR
from schemas.bridge import ResultsSheet as R
from schemas.bridge import SitOut as SO
from schemas.bridge import TypedResult as T
from schemas.common import titles_of
from schemas.shared import RulesSheet as RR

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent

AVERAGE, NO_AWARD = "average", "none"
SIT_OUT_WORDS = {"average": AVERAGE, "avg": AVERAGE, "ave": AVERAGE, "none": NO_AWARD, "no": NO_AWARD}


def sit_out_award(text: pd.Series) -> pd.Series:
    """A Sit-out Award as read: average, none, or a percentage 0-100 (`60%`, `60`) kept as its text."""
    folded = as_words(text)
    word = folded.map(SIT_OUT_WORDS)
    percent = whole_numbers(folded.str.rstrip("%"), 0, 100)
    return word.fillna(percent.astype("str")).astype("str")


SIT_OUT_SETTING = SettingSpec(
    "Sit-out Award",
    sit_out_award,
    N_(
        "what a pairs event gives a pair for the boards of a round it sat out: average (its own percentage, or "
        "average IMPs a board), a percentage such as 60% or 50% (at IMPs 60% is +3 IMPs a board and 50% 0, as A+ "
        "and A are), or none"
    ),
    default=AVERAGE,
    hint="average, 60%, 50% or none",
    example="average",
    names={"es": ("Premio por descanso",), "zh": ("轮空补分",)},
)


def sit_outs(event: BridgeEvent, rows: pd.DataFrame) -> pd.DataFrame:
    """Each pair's sit-outs (`SitOut`: pair, field, round, the boards a pair played in that round): the rounds of
    its field (section and session) in which it has no result. None without a Round for every result. `rows`
    are the pair rows (`pair_rows`) of the travellers."""
    sheet = event.results_sheet.frame
    empty = pd.DataFrame({SO.pair: pd.Series(dtype="str"), SO.boards: pd.Series(dtype="int64")})
    if R.round not in sheet or rows.empty:
        return empty
    rounds = whole_numbers(sheet.loc[rows.index, R.round])
    if rounds.isna().any():
        return empty
    seats = pd.DataFrame(
        {
            SO.pair: rows[PR.pair].to_numpy(),
            SO.section: rows[T.section].to_numpy(),
            SO.session: rows[T.session].to_numpy(),
            SO.round: rounds.to_numpy(dtype="int64"),
        }
    )
    field = [SO.section, SO.session]
    per_pair = seats.groupby([*field, SO.round, SO.pair]).size().rename(SO.boards).reset_index()
    played_rounds = per_pair.groupby([*field, SO.round])[SO.boards].max().reset_index()
    pairs = per_pair[[*field, SO.pair]].drop_duplicates()
    every = pairs.merge(played_rounds, on=field)
    keys = [*field, SO.round, SO.pair]
    to_play = seated_to_play(event)
    seated = per_pair[keys] if to_play.empty else pd.concat([per_pair[keys], to_play], ignore_index=True)
    found = every.merge(seated.drop_duplicates(), on=keys, how="left", indicator=True)
    return found[found["_merge"].eq("left_only").to_numpy()].drop(columns="_merge").reset_index(drop=True)


def seated_to_play(event: BridgeEvent) -> pd.DataFrame:
    """The pairs seated at a board still to play (section, session, round, pair): they have not sat out that
    round, although it has no result of theirs yet."""
    to_play = event.waiting[event.waiting].index.intersection(event.seating.index)
    if to_play.empty:
        return pd.DataFrame(columns=[SO.section, SO.session, SO.round, SO.pair])
    seats = event.seating.loc[to_play]
    rounds = whole_numbers(event.results_sheet.frame.loc[to_play, R.round]).astype("float64")
    sides = [
        pd.DataFrame(
            {
                SO.section: seats[T.section].to_numpy(),
                SO.session: seats[T.session].to_numpy(),
                SO.round: rounds.to_numpy(),
                SO.pair: seats[side].to_numpy(),
            }
        )
        for side in (T.ns, T.ew)
    ]
    return pd.concat(sides, ignore_index=True).dropna().astype({SO.round: "int64"})


def sit_out_awards(event: BridgeEvent, rows: pd.DataFrame, found: pd.DataFrame | None = None) -> pd.DataFrame:
    """Each sit-out (`sit_outs`) with its award: the `value` (MP or IMPs) and the `top` (MP) it adds; none when
    nothing is added (`none`, and `average` at matchpoints, where the percentage already is the average).
    `rows` are the pair rows (`pair_rows`) of the travellers; `found` their `sit_outs`, when already known."""
    award = event.settings.sit_out_award
    if award == NO_AWARD or (award == AVERAGE and PR.top in rows):
        return no_sit_out_awards(rows)
    found = (sit_outs(event, rows) if found is None else found).assign(**{SO.value: 0.0, SO.top: 0.0})
    if found.empty:
        return found
    if PR.top in rows:  # matchpoints: a share of the field's full top for each board missed
        field_top = rows.groupby([T.section, T.session])[PR.top].max().rename(SO.top)
        top = found.drop(columns=SO.top).merge(
            field_top, left_on=[SO.section, SO.session], right_index=True, how="left"
        )[SO.top]
        found[SO.top] = (found[SO.boards] * top.to_numpy()).astype("float64")
        found[SO.value] = float(award) / 100 * found[SO.top]
    elif award == AVERAGE:  # IMPs: its IMPs a board over the boards it played, for each board missed
        average = rows.groupby(PR.pair)[PR.value].mean()
        found[SO.value] = found[SO.boards] * found[SO.pair].map(average).astype("float64")
    else:  # above 50 % = +3 IMPs a board (A+), 50 % = 0, below = -3 (A-), as artificial scores are at IMPs
        found[SO.value] = found[SO.boards] * float(np.sign(float(award) - 50) * AVERAGE_IMPS)
    return found


def no_sit_out_awards(rows: pd.DataFrame) -> pd.DataFrame:
    """No sit-out awards: `sit_out_awards`'s columns, with their dtypes, and no row (the sit-outs are not
    looked for when nothing is added)."""
    return pd.DataFrame(
        {
            SO.section: pd.Series(dtype=rows[T.section].dtype),
            SO.session: pd.Series(dtype=rows[T.session].dtype),
            SO.pair: pd.Series(dtype=rows[PR.pair].dtype),
            SO.round: pd.Series(dtype="int64"),
            SO.boards: pd.Series(dtype="int64"),
            SO.value: pd.Series(dtype="float64"),
            SO.top: pd.Series(dtype="float64"),
        }
    )


def sit_out_totals(
    event: BridgeEvent, rows: pd.DataFrame, pairs: pd.Index, found: pd.DataFrame | None = None
) -> pd.DataFrame:
    """What each pair is awarded for its sit-outs, summed: `value` and `top` to add, and `missed`, the boards it
    sat out (0 for most). `found`: the `sit_outs` of the rows, when already known."""
    awards = sit_out_awards(event, rows, found).rename(columns={SO.boards: SO.missed})
    summed = awards.groupby(SO.pair)[[SO.value, SO.top, SO.missed]].sum()
    return summed.reindex(pairs, fill_value=0).astype(
        {SO.value: "float64", SO.top: "float64", SO.missed: "int64"}
    )


def sit_out_rules(
    event: BridgeEvent, rows: pd.DataFrame, found: pd.DataFrame | None = None
) -> list[pd.DataFrame]:
    """The Rules sheet's row for the sit-outs, when a pair sat out: the award and each pair with the boards it
    sat out. `found`: the `sit_outs` of the rows, when already known."""
    missed = (sit_outs(event, rows) if found is None else found).groupby(SO.pair)[SO.boards].sum()
    if missed.empty:
        return []
    award = event.settings.sit_out_award
    given = {AVERAGE: _("its own average"), NO_AWARD: _("nothing")}.get(award, f"{award} %")
    listing = "; ".join(
        _each("{pair}: {count} boards", pair=pd.Series(missed.index, index=missed.index), count=missed)
    )
    rules = titles_of(RR)
    return [
        pd.DataFrame(
            {
                rules[RR.item]: [SIT_OUT_SETTING.written_name],
                rules[RR.value]: [
                    _(
                        "for the boards of a round it sat out a pair gets {award} ({listing})",
                        award=given,
                        listing=listing,
                    )
                ],
            }
        )
    ]
