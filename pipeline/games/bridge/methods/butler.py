"""Butler (Law 78B): each result IMPed against the board's datum, a trimmed mean of its NS scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from pipeline.games.bridge.awards import IMP_UNIT, weighted_imps
from pipeline.games.bridge.imps import butler_datum, butler_imps
from pipeline.games.bridge.methods.at_imps import (
    AVERAGE_IMPS,
    artificial_imps,
    cap_words,
    percentage_problems,
)
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.tally import BridgeTables, board_groups, pair_tables
from pipeline.games.checks import problems_where
from pipeline.games.settings import SettingSpec, one_word_of, whole_number_in
from pipeline.i18n import N_, _, _each
from pipeline.parsing import whole_numbers
from pipeline.problems import kind
from pipeline.sheets import Sheet
from schemas.bridge import BUTLER_DROP, SCORE, ImpTotals
from schemas.bridge import ButlerTraveller as BT
from schemas.bridge import ImpTraveller as IT
from schemas.bridge import ResultsSheet as R
from schemas.bridge import SideValues as SV
from schemas.bridge import TypedResult as T
from schemas.common import titles_of
from schemas.plain import phrase

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


TWO_DATUMS = kind(
    "B160",
    "two different Datums typed on one board (Butler)",
    example="Results, row 4, column 'Datum' [410]: another Datum is typed on this board (400): a board has one "
    "datum",
)
MEDIAN, EVEN = "median", "even"  # the words of Butler Datum and Datum Rounding that change the default
AWAY = "away_from_zero"  # Datum Rounding's default, folded as Settings words are


def typed_datums(sheet: Sheet, index: pd.Index) -> pd.Series:
    """The Datum typed on each row (a whole number in Law 77's range; NA where blank, bad or not given)."""
    if R.datum not in sheet.frame:
        return pd.Series(pd.NA, index=index, dtype="Int64")
    return whole_numbers(sheet.frame.loc[index, R.datum], SCORE.low, SCORE.high)


def board_datums(r: pd.DataFrame, typed: pd.Series) -> pd.Series:
    """Each row's board datum as the director typed it on any row of the board (NA where none is typed)."""
    return typed.groupby(board_groups(r)).transform("first")


def butler_columns(r: pd.DataFrame, options: Options, typed: pd.Series | None = None) -> pd.DataFrame:
    """NS/EW IMPs against the Butler datum of each board: the one typed for the board, else the mean without
    the `Butler Drop` top and bottom scores (or the median), to 10 by the `Datum Rounding`; each result's IMPs
    within +/-`IMP Cap` when one is given."""
    real = r[T.ns_pct].isna()
    scores = r[T.ns_score].where(real)
    drop, cap = options["butler_drop"], options["imp_cap"]
    median, even = options["butler_datum"] == MEDIAN, options["datum_rounding"] == EVEN
    datum = butler_datum(scores, board_groups(r).where(real), drop, median, even)
    if typed is not None:
        datum = board_datums(r, typed).where(real).fillna(datum)
    ns = weighted_imps(r, datum, butler_imps(scores, datum, cap).astype("float64"), cap)
    ns = ns.where(real, artificial_imps(r[T.ns_pct]))
    ew = (-ns).where(real, artificial_imps(r[T.ew_pct]))
    return pd.DataFrame({SV.ns_value: ns, SV.ew_value: ew, BT.datum: datum}, index=r.index)


def butler_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with the datum and IMPs against it; pairs ranked by total IMPs."""
    typed = typed_datums(event.results_sheet, event.results.index)
    return pair_tables(event, butler_columns(event.results, event.settings.options, typed))


def datum_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """A Datum typed on a board that differs from the first one typed on the board."""
    datums = typed_datums(sheet, typed.index)
    first = board_datums(typed, datums)
    return [
        problems_where(
            sheet,
            datums.notna() & datums.ne(first).fillna(False),
            R.datum,
            _each("another Datum is typed on this board ({datum}): a board has one datum", datum=first),
            TWO_DATUMS,
        )
    ]


def butler_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """At Butler: no percentage adjusted scores, one typed Datum a board."""
    return percentage_problems(sheet, typed) + datum_problems(sheet, typed)


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for Butler."""
    mean = (
        _("median NS score")
        if options["butler_datum"] == MEDIAN
        else _("mean NS score without the {drop} top and bottom score(s)", drop=options["butler_drop"])
    )
    halves = _(" (halves to the even ten)") if options["datum_rounding"] == EVEN else ""
    return _(
        "Butler (Law 78B): datum = {mean}, to the nearest 10{halves}; each result IMPed against it{cap}; "
        "A+/A- = +/-{average} IMPs",
        mean=mean,
        halves=halves,
        cap=cap_words(options),
        average=AVERAGE_IMPS,
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
            phrase(
                N_("how many top and bottom scores to drop: a whole number {range}"), range=BUTLER_DROP.words
            ),
            default=1,
            hint=f"1; {BUTLER_DROP.words}",
            example=1,
            in_template=True,
            names={"es": ("Descarte Butler",), "zh": ("巴特勒去除数",)},
        ),
        "butler_datum": SettingSpec(
            "Butler Datum",
            one_word_of(["mean", MEDIAN]),
            N_(
                "mean (of the scores left after Butler Drop) or median (of every score); a Datum typed in Results "
                "for a board is used instead"
            ),
            default="mean",
            hint="mean or median",
            example="mean",
            names={"es": ("Dato Butler",), "zh": ("巴特勒基准分",)},
        ),
        "datum_rounding": SettingSpec(
            "Datum Rounding",
            one_word_of([AWAY, EVEN]),
            N_(
                "how a datum ending in 5 is rounded to 10: away from zero (305 -> 310, -305 -> -310) or even (to "
                "the even ten, as ACBLscore: 425 -> 420, 435 -> 440)"
            ),
            default=AWAY,
            hint="away from zero, or even",
            example="away from zero",
            default_words="away from zero",
            names={"es": ("Redondeo del dato",), "zh": ("基准分取整",)},
        ),
    },
    problems=butler_problems,
    penalty_units=(IMP_UNIT,),
    traveller_columns=titles_of(BT),
    standing_columns=titles_of(ImpTotals),
    frequency_column=titles_of(IT)[IT.ns_value],
)
