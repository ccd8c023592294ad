"""Cross-IMPs (Law 78B): each result IMPed against every other result on the board, averaged."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from pipeline.games.bridge.awards import IMP_UNIT, field_cross_imps
from pipeline.games.bridge.imps import cross_imps
from pipeline.games.bridge.methods.at_imps import (
    AVERAGE_IMPS,
    IMP_CAP_SETTING,
    artificial_imps,
    cap_words,
    percentage_problems,
)
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.tally import BridgeTables, board_groups, pair_tables
from pipeline.i18n import _
from schemas.bridge import ImpTotals
from schemas.bridge import ImpTraveller as IT
from schemas.bridge import SideValues as SV
from schemas.bridge import TypedResult as T
from schemas.common import titles_of

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


def cross_imp_columns(r: pd.DataFrame, cap: int = 0) -> pd.DataFrame:
    """NS/EW cross-IMPs of each result (each comparison within +/-cap when a cap is given); an artificial score
    is +/-3 IMPs."""
    real = r[T.ns_pct].isna()
    group = board_groups(r).where(real)
    ns = field_cross_imps(r, group, cross_imps(r[T.ns_score].where(real), group, cap).astype("float64"), cap)
    ns = ns.where(real, artificial_imps(r[T.ns_pct]))
    ew = (-ns).where(real, artificial_imps(r[T.ew_pct]))
    return pd.DataFrame({SV.ns_value: ns, SV.ew_value: ew}, index=r.index)


def cross_imp_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with cross-IMPs; pairs ranked by total IMPs."""
    return pair_tables(event, cross_imp_columns(event.results, event.settings.options["imp_cap"]))


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for cross-IMPs."""
    return _(
        "Cross-IMPs (Law 78B): each result IMPed against every other result on the board, divided by the "
        "number of comparisons{cap}; A+/A- = +/-{average} IMPs; ranked by total IMPs",
        cap=cap_words(options),
        average=AVERAGE_IMPS,
    )


METHOD = Method(
    name="Cross-IMP",
    teams=False,
    tables=cross_imp_tables,
    explanation=explanation,
    # the cap is declared here once and read by Butler as well (every method's settings are always read)
    settings={"imp_cap": IMP_CAP_SETTING},
    problems=percentage_problems,
    penalty_units=(IMP_UNIT,),
    traveller_columns=titles_of(IT),
    standing_columns=titles_of(ImpTotals),
    frequency_column=titles_of(IT)[IT.ns_value],
)
