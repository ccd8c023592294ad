"""Cross-IMPs (Law 78B): each result IMPed against every other result on the board, averaged."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from pipeline.games.bridge.imps import cross_imps
from pipeline.games.bridge.methods.at_imps import AVERAGE_IMPS, artificial_imps, percentage_problems
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.tally import BridgeTables, board_groups, pair_tables

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


def cross_imp_columns(r: pd.DataFrame) -> pd.DataFrame:
    """NS/EW cross-IMPs of each result; an artificial score is +/-3 IMPs."""
    real = r["ns_pct"].isna()
    ns = cross_imps(r["ns_score"].where(real), board_groups(r).where(real)).astype("float64")
    ns = ns.where(real, artificial_imps(r["ns_pct"]))
    ew = (-ns).where(real, artificial_imps(r["ew_pct"]))
    return pd.DataFrame({"ns_value": ns, "ew_value": ew}, index=r.index)


def cross_imp_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with cross-IMPs; pairs ranked by total IMPs."""
    return pair_tables(event, cross_imp_columns(event.results))


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for cross-IMPs."""
    return (
        "Cross-IMPs (Law 78B): each result IMPed against every other result on the board, "
        f"divided by the number of comparisons; A+/A- = +/-{AVERAGE_IMPS} IMPs; ranked by total IMPs"
    )


METHOD = Method(
    name="Cross-IMP",
    teams=False,
    tables=cross_imp_tables,
    explanation=explanation,
    problems=percentage_problems,
    traveller_columns={"ns_value": "NS IMPs", "ew_value": "EW IMPs"},
    standing_columns={"total": "IMPs"},
    frequency_column="NS IMPs",
)
