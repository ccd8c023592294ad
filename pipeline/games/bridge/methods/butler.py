"""Butler (Law 78B): each result IMPed against the board's datum, a trimmed mean of its NS scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from pipeline.games.bridge.imps import butler_datum, butler_imps
from pipeline.games.bridge.methods.at_imps import (
    AVERAGE_IMPS,
    artificial_imps,
    cap_words,
    percentage_problems,
)
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.tally import BridgeTables, board_groups, pair_tables
from pipeline.games.settings import SettingSpec, whole_number_in
from schemas.bridge import BUTLER_DROP, ImpTotals
from schemas.bridge import ButlerTraveller as BT
from schemas.bridge import ImpTraveller as IT
from schemas.bridge import SideValues as SV
from schemas.bridge import TypedResult as T
from schemas.common import titles_of

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


def butler_columns(r: pd.DataFrame, drop: int, cap: int = 0) -> pd.DataFrame:
    """NS/EW IMPs against the Butler datum of each board (`drop` top and bottom scores left out; each result's
    IMPs within +/-cap when a cap is given)."""
    real = r[T.ns_pct].isna()
    scores = r[T.ns_score].where(real)
    datum = butler_datum(scores, board_groups(r).where(real), drop)
    ns = butler_imps(scores, datum, cap).astype("float64")
    ns = ns.where(real, artificial_imps(r[T.ns_pct]))
    ew = (-ns).where(real, artificial_imps(r[T.ew_pct]))
    return pd.DataFrame({SV.ns_value: ns, SV.ew_value: ew, BT.datum: datum}, index=r.index)


def butler_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with the datum and IMPs against it; pairs ranked by total IMPs."""
    options = event.settings.options
    return pair_tables(event, butler_columns(event.results, options["butler_drop"], options["imp_cap"]))


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for Butler."""
    return (
        f"Butler (Law 78B): datum = mean NS score without the {options['butler_drop']} top and bottom "
        f"score(s), to the nearest 10; each result IMPed against it{cap_words(options)}; "
        f"A+/A- = +/-{AVERAGE_IMPS} IMPs"
    )


METHOD = Method(
    name="Butler",
    teams=False,
    tables=butler_tables,
    explanation=explanation,
    settings={
        "butler_drop": SettingSpec(
            "Butler Drop",
            whole_number_in(BUTLER_DROP),
            f"how many top and bottom scores to drop: a whole number {BUTLER_DROP.words}",
            default=1,
            hint=f"1; {BUTLER_DROP.words}",
            example=1,
            in_template=True,
        )
    },
    problems=percentage_problems,
    traveller_columns=titles_of(BT),
    standing_columns=titles_of(ImpTotals),
    frequency_column=titles_of(IT)[IT.ns_value],
)
