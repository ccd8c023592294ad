"""Total points (Law 78C): each pair's total is the sum of its scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.tally import BridgeTables, pair_tables
from pipeline.games.checks import problems_where
from pipeline.i18n import _
from pipeline.problems import kind
from pipeline.sheets import Sheet
from schemas.bridge import ImpTraveller as IT
from schemas.bridge import PointTotals
from schemas.bridge import ResultsSheet as R
from schemas.bridge import SideValues as SV
from schemas.bridge import TypedResult as T
from schemas.common import titles_of

ADJUSTED_AT_TP = kind("B126", "an artificial adjusted score in a total-points event")

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


def total_point_columns(r: pd.DataFrame) -> pd.DataFrame:
    """NS and EW scores as they stand (Law 78C)."""
    return pd.DataFrame({SV.ns_value: r[T.ns_score], SV.ew_value: -r[T.ns_score]}, index=r.index)


def total_point_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with each side's score; pairs ranked by their total."""
    return pair_tables(event, total_point_columns(event.results))


def artificial_score_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """Total points have no artificial adjusted scores (A+/A-, 60/40): the director assigns a Score."""
    return [
        problems_where(
            sheet,
            typed[T.ns_pct].notna(),
            R.adjusted,
            _("total-points scoring has no artificial adjusted scores; type the assigned Score"),
            ADJUSTED_AT_TP,
        )
    ]


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for total points."""
    return _("Total points (Law 78C): the sum of each pair's scores")


METHOD = Method(
    name="TP",
    teams=False,
    tables=total_point_tables,
    explanation=explanation,
    problems=artificial_score_problems,
    standing_columns=titles_of(PointTotals),
    # the NS score itself, under the header every method but MP has had on Frequencies (kept as written)
    frequency_column=titles_of(IT)[IT.ns_value],
)
