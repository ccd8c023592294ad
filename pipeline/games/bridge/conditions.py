"""Conditions of contest on the pair standings beyond the method (docs/conditions.md): the pair percentage as the
mean of the board percentages, and totals scaled to a common number of boards; pure.

The settings are declared here once: `Percentage` is listed with matchpoints (its only user), `Scale Boards`
and `Tie Break` (declared in `tie_breaks.py`) with the settings every method reads (`methods/__init__.py`,
`method_settings`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from pipeline.games.bridge.tie_breaks import TIE_BREAK, TIE_BREAK_SETTING, ranking_words
from pipeline.games.settings import SettingSpec, one_word_of
from pipeline.i18n import N_, _, n_
from pipeline.parsing import as_words, whole_in
from schemas.bridge import BOARD
from schemas.bridge import PairResult as PR
from schemas.bridge import PairStanding as PS
from schemas.bridge import SitOut as SO

TOTAL_TOPS, MEAN_OF_BOARDS = "total_tops", "mean_of_boards"  # the Percentage words, folded
NO_SCALE, MOST = 0, -1  # Scale Boards: none, or the most boards any pair played


PERCENTAGE_SETTING = SettingSpec(
    "Percentage",
    one_word_of([TOTAL_TOPS, MEAN_OF_BOARDS]),
    N_(
        "total tops (a pair's matchpoints over the sum of its tops) or mean of boards (the mean of its board "
        "percentages)"
    ),
    default=TOTAL_TOPS,
    hint="total tops, or mean of boards",
    example="total tops",
    default_words="total tops",
    names={"es": ("Porcentaje",), "zh": ("百分比算法",)},
)


def boards_or_none(text: pd.Series) -> pd.Series:
    """Scale Boards: `none` (0), `most` (-1) or a whole number of boards in BOARD; NA otherwise."""
    return whole_in(text, BOARD).fillna(as_words(text).map({"none": NO_SCALE, "no": NO_SCALE, "most": MOST}))


SCALE_SETTING = SettingSpec(
    "Scale Boards",
    boards_or_none,
    N_(
        "none, most (the most boards a pair played), or a number of boards: each pair's total (and tops) "
        "multiplied by that number over the boards it played; a whole number {range}"
    ).format(range=BOARD.words),
    default=NO_SCALE,
    hint="none; or most, or 24",
    example="none",
    default_words="none",
    names={"es": ("Escalar tableros",), "zh": ("折算牌数",)},
)


def board_percentages(rows: pd.DataFrame) -> pd.Series:
    """Each pair result's percentage of its top (NA where it has no top above 0)."""
    return (100 * rows[PR.value] / rows[PR.top]).where(rows[PR.top] > 0)


def scale_factors(boards: pd.Series, options: Mapping[str, Any]) -> pd.Series:
    """Each pair's factor to the common number of boards (1 without Scale Boards, or for a pair with none)."""
    scale = options["scale_boards"]
    if scale == NO_SCALE:
        return pd.Series(1.0, index=boards.index)
    common = boards.max() if scale == MOST else scale
    return (common / boards.where(boards > 0)).fillna(1.0)


def conditioned_pairs(
    table: pd.DataFrame,
    rows: pd.DataFrame,
    options: Mapping[str, Any],
    sat_out: pd.DataFrame,
    penalty: pd.Series,
) -> pd.DataFrame:
    """The pair table (index: pair; Boards, Total, any Top and Percent; sit-out awards and penalties already in
    Total and Top) with the Percent as the mean of the board percentages when `Percentage` says so (each board
    sat out with an award counted at the award's percentage, a penalty taken off as its share of the tops), and
    Total and Top scaled to the common number of boards (a board sat out with an award counted as played)."""
    table = table.copy()
    if PS.percent in table and options["percentage"] == MEAN_OF_BOARDS:
        percent = board_percentages(rows)
        summed = percent.groupby(rows[PR.pair]).sum().reindex(table.index, fill_value=0.0) + awarded_percent(
            sat_out
        )
        counted = (
            percent.notna().groupby(rows[PR.pair]).sum().reindex(table.index, fill_value=0)
            + sat_out[SO.missed]
        )
        mean = (summed / counted.where(counted > 0)).fillna(0.0)
        table[PS.percent] = (mean - (100 * penalty / table[PS.top]).where(table[PS.top] > 0, 0.0)).round(2)
    if options["scale_boards"] != NO_SCALE:
        factor = scale_factors(table[PS.boards] + sat_out[SO.missed], options)
        scaled = [c for c in (PS.total, PS.top) if c in table]
        table[scaled] = table[scaled].mul(factor, axis=0).round(9)
    return table


def awarded_percent(sat_out: pd.DataFrame) -> pd.Series:
    """Each pair's sit-out awards as board percentages summed (the award's percentage once a board missed)."""
    share = (100 * sat_out[SO.value] / sat_out[SO.top]).where(sat_out[SO.top] > 0, 0.0)
    return share * sat_out[SO.missed]


@dataclass(frozen=True)
class ProgressTotals:
    """A pair's figures after each round (index: pair; columns: rounds), sit-out awards and penalties in:
    `value` and `top` as ranked without conditions, `boards` including those sat out with an award, `missed`
    those boards alone, `awarded` their award percentages summed, `penalty` (one column) the points deducted."""

    value: pd.DataFrame
    top: pd.DataFrame | None
    boards: pd.DataFrame
    missed: pd.DataFrame
    awarded: pd.DataFrame
    penalty: np.ndarray


def progress_keys(
    summed: Callable[[pd.Series | None], pd.DataFrame],
    rows: pd.DataFrame,
    options: Mapping[str, Any],
    totals: ProgressTotals,
) -> pd.DataFrame | None:
    """What pairs are ranked by after each round when a condition changes it (None when none does): the mean
    of the board percentages so far (as `conditioned_pairs` counts it), or the total per board played when
    totals are scaled (scaling to any common number ranks as the total per board does). `summed(values)` gives
    the values summed per pair and round, cumulated over the rounds."""
    if totals.top is not None and options["percentage"] == MEAN_OF_BOARDS:
        percent = board_percentages(rows)
        counted = summed(percent.notna().astype("float64")) + totals.missed
        mean = ((summed(percent) + totals.awarded) / counted.where(counted > 0)).fillna(0.0)
        top = totals.top.where(totals.top > 0)
        penalty = pd.DataFrame(
            np.broadcast_to(totals.penalty, top.shape), index=top.index, columns=top.columns
        )
        return (mean - (100 * penalty / top).fillna(0.0)).round(2)
    if options["scale_boards"] != NO_SCALE and totals.top is None:
        return (totals.value / totals.boards.where(totals.boards > 0)).fillna(0.0).round(9)
    return None


# the conditions every method reads, by key
SHARED_SETTINGS = {"scale_boards": SCALE_SETTING, TIE_BREAK: TIE_BREAK_SETTING}


def ranking_rule(options: Mapping[str, Any]) -> str:
    """The Rules sheet's Ranking value: how equal totals are settled, and any scaling of the totals."""
    scale = options["scale_boards"]
    if scale == NO_SCALE:
        return ranking_words(options)
    common = (
        _("the most boards a pair played")
        if scale == MOST
        else n_("{count} board", "{count} boards", scale, count=scale)
    )
    return _("{ranking}; pairs' totals scaled to {boards}", ranking=ranking_words(options), boards=common)
