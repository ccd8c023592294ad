"""Matchpoints (Law 78A): each result against the others on the board, Neuberg, pairs ranked by percentage."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.awards import MP_UNIT, PCT_UNIT, field_matchpoints, matchpoint_award_problems
from pipeline.games.bridge.conditions import MEAN_OF_BOARDS, PERCENTAGE_SETTING
from pipeline.games.bridge.matchpoints import AVERAGE_PERCENT, neuberg
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.tally import BOARD_KEYS, BridgeTables, combined_codes, pair_tables
from pipeline.games.settings import SettingSpec, one_word_of, yes_no
from pipeline.i18n import N_, _
from pipeline.parsing import distinct_rows, whole_numbers
from schemas.bridge import MatchpointTotals
from schemas.bridge import MatchpointTraveller as MT
from schemas.bridge import SideValues as SV
from schemas.bridge import TypedResult as T
from schemas.common import titles_of

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent
    from pipeline.games.bridge.settings import BridgeSettings


FIXED_AVERAGES, SESSION_AVERAGES = "fixed", "session_percentage"  # the Averages words, folded


def scale_1_or_2(text: pd.Series) -> pd.Series:
    """The matchpoint scale: 1 or 2."""
    number = whole_numbers(text, 1, 2)
    return number.where(number.isin([1, 2]))


def matchpoint_columns(r: pd.DataFrame, s: BridgeSettings) -> pd.DataFrame:
    """NS/EW matchpoints and the top each row is scored out of (Law 78A, Neuberg, artificial scores)."""
    scale, factored = s.options["mp_scale"], s.options["neuberg"]
    label, first = distinct_rows([r[k] for k in BOARD_KEYS])  # each board's rows (`board_groups`)
    group = pd.Series(label, index=r.index)
    real = r[T.ns_pct].isna()
    size = np.bincount(label)  # the rows of each board
    field = combined_codes([r[T.section].iloc[first], r[T.session].iloc[first]])  # each board's section
    most = np.zeros(len(size) and int(field.max()) + 1, dtype=np.int64)
    np.maximum.at(most, field, size)  # N: the most-played board of the section
    expected = pd.Series(most[field][label], index=r.index)
    n = pd.Series(np.bincount(label[real.to_numpy(dtype=bool)], minlength=len(size))[label], index=r.index)
    raw = field_matchpoints(r, group.where(real), scale)
    full_top = scale * (expected - 1)
    if factored:
        ns_mp = raw.where(n >= expected, neuberg(raw, n, expected, scale))
        top = full_top
    else:
        ns_mp, top = raw, scale * (n - 1)
    ns_pct, ew_pct = r[T.ns_pct], r[T.ew_pct]
    if s.options["averages"] == SESSION_AVERAGES:
        ns_pct, ew_pct = session_averages(r, ns_mp.where(real), (top - ns_mp).where(real), top.where(real))
    ns_mp = ns_mp.where(real, ns_pct / 100 * full_top)
    ew_mp = (top - ns_mp).where(real, ew_pct / 100 * full_top)
    top = top.where(real, full_top)
    return pd.DataFrame(
        {SV.ns_value: ns_mp, SV.ew_value: ew_mp, SV.top: top.astype("float64")}, index=r.index
    )


def session_averages(
    r: pd.DataFrame, ns_value: pd.Series, ew_value: pd.Series, top: pd.Series
) -> tuple[pd.Series, pd.Series]:
    """Each side's artificial percentage with average plus the greater of 60 % and the pair's percentage on the
    boards of its session scored at the table (`ns_value`, `ew_value`, `top`: NA elsewhere), average minus the
    lesser of 40 % and it; percentages typed as such, and pairs without such a board, as typed."""
    pairs = pd.concat([r[T.ns], r[T.ew]]).to_numpy()
    sessions = pd.concat([r[T.session], r[T.session]]).to_numpy()
    values, tops = pd.concat([ns_value, ew_value]), pd.concat([top, top])
    by_pair = [pairs, sessions]
    value, whole = values.groupby(by_pair).sum(), tops.groupby(by_pair).sum()
    percent = (100 * value / whole).where(whole > 0)

    def moved(pct: pd.Series, pair: pd.Series) -> pd.Series:
        """One side's percentages, its averages moved to its pair's session percentage where the rule says."""
        own = pd.Series(
            percent.reindex(pd.MultiIndex.from_arrays([pair, r[T.session]])).to_numpy(), pct.index
        )
        plus, minus = (
            r[T.averaged] & pct.eq(AVERAGE_PERCENT["+"]),
            r[T.averaged] & pct.eq(AVERAGE_PERCENT["-"]),
        )
        pct = pct.where(~plus, own.clip(lower=AVERAGE_PERCENT["+"]).fillna(AVERAGE_PERCENT["+"]))
        return pct.where(~minus, own.clip(upper=AVERAGE_PERCENT["-"]).fillna(AVERAGE_PERCENT["-"]))

    return moved(r[T.ns_pct], r[T.ns]), moved(r[T.ew_pct], r[T.ew])


def matchpoint_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with matchpoints and tops; pairs ranked by percentage."""
    return pair_tables(event, matchpoint_columns(event.results, event.settings))


def percent_travellers(t: pd.DataFrame) -> pd.DataFrame:
    """The travellers with each side's percentage of the top, matchpoints to 0.01."""
    t[MT.ns_pct_out] = (100 * t[SV.ns_value] / t[SV.top]).where(t[SV.top] > 0).round(2)
    t[MT.ew_pct_out] = (100 * t[SV.ew_value] / t[SV.top]).where(t[SV.top] > 0).round(2)
    t[[SV.ns_value, SV.ew_value]] = t[[SV.ns_value, SV.ew_value]].round(2)
    return t


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for matchpoints."""
    scale = options["mp_scale"]
    return (
        _(
            "Matchpoints (Law 78A): {beaten} per score beaten, {tie} per tie; ",
            beaten=scale,
            tie=f"{scale / 2:g}",
        )
        + (
            _("boards with fewer results factored by Neuberg")
            if options["neuberg"]
            else _("no Neuberg factoring")
        )
        + (
            _(
                "; artificial scores A+ 60 % or the pair's session percentage if higher, A 50 %, A- 40 % or it "
                "if lower, of the full top"
            )
            if options["averages"] == SESSION_AVERAGES
            else _("; artificial scores A+ 60 %, A 50 %, A- 40 % of the full top")
        )
        + _("; ranked by percentage")
        + (_(" (the mean of the board percentages)") if options["percentage"] == MEAN_OF_BOARDS else "")
    )


METHOD = Method(
    name="MP",
    teams=False,
    tables=matchpoint_tables,
    explanation=explanation,
    problems=matchpoint_award_problems,
    penalty_units=(MP_UNIT, PCT_UNIT),
    settings={
        "mp_scale": SettingSpec(
            "MP Scale",
            scale_1_or_2,
            N_("2 (2 per score beaten, 1 per tie) or 1 (1 and 1/2)"),
            default=2,
            hint="2 or 1",
            example=2,
            in_template=True,
            names={"es": ("Escala MP",), "zh": ("比赛分标准",)},
        ),
        "neuberg": SettingSpec(
            "Neuberg",
            yes_no,
            N_("yes or no"),
            default=True,
            hint="yes or no",
            example="yes",
            in_template=True,
            names={"zh": ("Neuberg 折算",)},
        ),
        "percentage": PERCENTAGE_SETTING,
        "averages": SettingSpec(
            "Averages",
            one_word_of([FIXED_AVERAGES, SESSION_AVERAGES]),
            N_(
                "fixed (A+ 60 %, A 50 %, A- 40 % of the top) or session percentage (A+ the greater of 60 % and the "
                "pair's percentage on the boards of its session scored at the table, A- the lesser of 40 % and it: "
                "average plus and minus as the WBF Laws Committee defines them)"
            ),
            default=FIXED_AVERAGES,
            names={"es": ("Medias",), "zh": ("平均分",)},
            hint="fixed or session percentage",
            example="fixed",
        ),
    },
    traveller_columns=titles_of(MT),
    shown_travellers=percent_travellers,
    standing_columns=titles_of(MatchpointTotals),
    frequency_column=titles_of(MT)[MT.ns_value],
)
