"""Procedural penalties (Law 90) from the bridge `Penalties` sheet: read and checked, turned into the unit the
event totals (MP, IMPs, VPs), and said on the Rules sheet with the place each one decides. Pure and vectorized;
docs/bridge-rules.md, "Procedural penalties"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.awards import IMP_UNIT, MP_UNIT, PCT_UNIT
from pipeline.games.checks import present_columns, problems_where, schema_problems
from pipeline.i18n import N_, _, _each, spoken_language
from pipeline.language import header_in
from pipeline.parsing import as_ids, as_numbers, as_words, whole_numbers
from pipeline.problems import kind
from pipeline.sheets import Sheet, is_among, without_blank_rows
from schemas.bridge import BOARD, PENALTY_UNIT_WORDS, VP_UNIT, ImpTotals, MatchpointTotals
from schemas.bridge import BridgePenaltiesSheet as PN
from schemas.bridge import PairStanding as PS
from schemas.bridge import Penalty as P
from schemas.bridge import SideValues as SV
from schemas.bridge import TeamStanding as ST
from schemas.bridge import TypedResult as T
from schemas.common import titles_of
from schemas.shared import RulesSheet as RR

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent
    from pipeline.games.bridge.settings import BridgeSettings
    from pipeline.games.bridge.tally import BridgeTables

# each unit named as the standings column it comes off (a percentage of a top comes off the MP)
UNIT_NAMES = {
    MP_UNIT: titles_of(MatchpointTotals)[MatchpointTotals.total],
    PCT_UNIT: N_("% of a top"),
    IMP_UNIT: titles_of(ImpTotals)[ImpTotals.total],
    VP_UNIT: titles_of(ST)[ST.vps],
}


def unit_name(unit: str) -> str:
    """A penalty unit as the language spoken names it (its standings column's header, or `% of a top`)."""
    name = UNIT_NAMES[unit]
    return _(name) if unit == PCT_UNIT else header_in(name, spoken_language())


BAD_UNIT = kind(
    "B173",
    "a penalty Unit that is not MP, % (of a top), IMP or VP",
    example="Penalties, row 2, column 'Unit' [points]: expected MP, % (of a top), IMP or VP",
)
UNIT_NOT_SCORED = kind(
    "B174",
    "a penalty in a unit the event is not scored in (IMPs at matchpoints, MP at IMPs, IMPs in a VP event)",
    example="Penalties, row 2, column 'Unit' [IMP]: this event is scored in MP or % (of a top)",
)
UNKNOWN_PENALIZED = kind(
    "B175",
    "a penalty for a pair or team that is not in the event",
    example="Penalties, row 3, column 'Pair' [17]: no pair 17 in this event (Pairs, or the Results)",
)


def event_units(settings: BridgeSettings) -> tuple[str, ...]:
    """The units a penalty may be given in: the method's; a teams event ranked by VPs takes VPs only, one
    ranked by IMPs (VP Scale none) IMPs only."""
    units = settings.method.penalty_units
    if settings.teams:
        return tuple(
            u for u in units if u == (VP_UNIT if settings.options.get("vp_scale") == "wbf" else IMP_UNIT)
        )
    return units


def penalty_table(
    sheet: Sheet | None, known: pd.Index, units: tuple[str, ...]
) -> tuple[pd.DataFrame, list[pd.DataFrame]]:
    """The Penalties sheet typed (`Penalty`), with its problems: amounts, units the event scores, known ids."""
    if sheet is None or without_blank_rows(sheet.frame).empty:
        return empty_penalties(), []
    sheet = present_columns(sheet, PN)
    frame = without_blank_rows(sheet.frame)
    own = Sheet(sheet.name, frame, sheet.headers, sheet.header_row)
    unit = as_words(frame[PN.unit]).map(PENALTY_UNIT_WORDS).astype("str")
    table = pd.DataFrame(
        {
            P.competitor: as_ids(frame[PN.pair]).fillna(as_ids(frame[PN.team])),
            P.amount: as_numbers(frame[PN.amount]).astype("float64"),
            P.unit: unit,
            P.board: whole_numbers(frame[PN.board], BOARD.low, BOARD.high),
            P.reason: frame[PN.reason],
        },
        index=frame.index,
    )
    allowed = (
        _(" or ").join(unit_name(u) for u in units)
        if units
        else _("no penalty unit (not scored by this method)")
    )
    problems = [
        schema_problems(own, PN),
        problems_where(
            own,
            frame[PN.unit].notna() & unit.isna(),
            PN.unit,
            _("expected MP, % (of a top), IMP or VP"),
            BAD_UNIT,
        ),
        problems_where(
            own,
            unit.notna() & ~unit.isin(units),
            PN.unit,
            _("this event is scored in {units}", units=allowed),
            UNIT_NOT_SCORED,
        ),
        problems_where(
            own,
            ~is_among(table[P.competitor], known),
            [PN.pair, PN.team],
            pd.Series(
                _("no such pair or team in this event (Pairs or Teams, or the Results)"), index=frame.index
            ).where(table[P.competitor].notna(), _("name the pair (Pair) or the team (Team) penalized")),
            UNKNOWN_PENALIZED,
        ),
    ]
    return table, problems


def empty_penalties() -> pd.DataFrame:
    """No penalty (`Penalty`)."""
    return pd.DataFrame(
        {
            P.competitor: pd.Series(dtype="str"),
            P.amount: pd.Series(dtype="float64"),
            P.unit: pd.Series(dtype="str"),
            P.board: pd.Series(dtype="Int64"),
            P.reason: pd.Series(dtype="str"),
        }
    )


def penalty_points(penalties: pd.DataFrame, travellers: pd.DataFrame) -> pd.DataFrame:
    """Each penalty with `points`, its amount in the unit the event totals: a % of a top is that share of the
    top of its board (the largest where the board was played more than once), or of the event's largest top
    when no board is given (or that board was not played)."""
    out = penalties.copy()
    out[P.points] = out[P.amount]
    if SV.top in travellers and not travellers.empty:
        board_top = travellers.groupby(T.board)[SV.top].max()
        top = out[P.board].map(board_top).astype("float64").fillna(float(travellers[SV.top].max()))
        out[P.points] = out[P.amount].where(out[P.unit].ne(PCT_UNIT), out[P.amount] / 100 * top)
    return out


def deducted(penalties: pd.DataFrame, travellers: pd.DataFrame, ids: pd.Index) -> pd.Series:
    """The penalty points of each id (0 for most), in the unit the event totals."""
    points = penalty_points(penalties, travellers)
    return points.groupby(P.competitor)[P.points].sum().reindex(ids, fill_value=0.0).astype("float64")


def places_without(keys: pd.Series, unpenalized: pd.Series, fields: pd.Series) -> pd.Series:
    """For each penalized id (`unpenalized`: its ranking key without its penalty), the place it would have had
    without its penalty in its field (`fields`: each id's field, one value for one field), the others' keys as
    they are: 1 + how many of its field are strictly higher."""
    higher = keys.to_numpy(dtype="float64")[None, :] > unpenalized.to_numpy(dtype="float64")[:, None]
    same = fields.to_numpy()[None, :] == fields.reindex(unpenalized.index).to_numpy()[:, None]
    return pd.Series(1 + (higher & same).sum(axis=1), index=unpenalized.index)


def penalty_rules(event: BridgeEvent, tables: BridgeTables) -> list[pd.DataFrame]:
    """The Rules sheet's rows for the penalties: one per penalty (who, how much, the board, the reason), then,
    for each pair or team penalized, the place its penalties decide (its place with and without them)."""
    penalties = event.penalties
    if penalties.empty:
        return []
    points = penalty_points(penalties, tables.travellers)
    amount = points[P.amount].map("{:g}".format).astype("str")
    unit = points[P.unit].map({u: unit_name(u) for u in UNIT_NAMES}).astype("str")
    converted = (
        " = " + points[P.points].round(2).map("{:g}".format).astype("str") + " " + unit_name(MP_UNIT)
    ).where(points[P.unit].eq(PCT_UNIT), "")
    board = _each(", board {board}", board=points[P.board]).where(points[P.board].notna(), "")
    reason = (" (" + points[P.reason].astype("str") + ")").where(points[P.reason].notna(), "")
    said = points[P.competitor] + ": " + amount + " " + unit + converted + board + reason
    s = tables.standings
    teams = event.settings.teams
    ids = pd.Index(s[ST.team if teams else PS.pair])
    if teams:
        key = s[ST.vps] if ST.vps in s and event.settings.options.get("vp_scale") == "wbf" else s[ST.imps]
        key = key.set_axis(ids).astype("float64")
        unpenalized = key + s[ST.penalty].set_axis(ids)
    elif PS.percent in s:
        key = s[PS.percent].set_axis(ids)
        top = s[PS.top].set_axis(ids)
        unpenalized = (key + (100 * s[PS.penalty].set_axis(ids) / top).where(top > 0, 0.0)).round(2)
    else:
        key = s[PS.total].set_axis(ids)
        unpenalized = key + s[PS.penalty].set_axis(ids)
    penalized = pd.Index(points[P.competitor].unique())
    now = pd.Series(s[ST.rank if teams else PS.rank].to_numpy(), index=ids).reindex(penalized)
    fields = s[PS.field].set_axis(ids) if PS.field in s else pd.Series("", index=ids)
    without = places_without(key, unpenalized.reindex(penalized), fields)
    decides = (
        penalized
        + ": "
        + np.where(
            now.ne(without),
            _each("place {now} with its penalties, {without} without", now=now, without=without),
            _each("its penalties do not change its place ({now})", now=now),
        )
    )
    rules = titles_of(RR)
    return [
        pd.DataFrame({rules[RR.item]: _("Penalty (Law 90)"), rules[RR.value]: said.to_numpy()}),
        pd.DataFrame({rules[RR.item]: _("Penalty decides"), rules[RR.value]: np.asarray(decides)}),
    ]
