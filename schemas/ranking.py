"""A season of standings workbooks for `tally rank`: what it reads of each (its Standings and Rules sheets), the
events, each competitor's contribution, and the ranking workbook's sheets."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

from pipeline.i18n import N_
from schemas.common import Text, column

WINDOW = ["in window", "before the window", "after the as-of date"]  # where an event falls: the Window column
COUNTED = "counted"  # the Note of a contribution that counts
NOTE = "Note"  # the Item of each of the season's warnings on the ranking workbook's Rules sheet


# ------------------------------------------------------------------ what rank reads of a standings workbook


class StandingsSheet(pa.DataFrameModel):
    """`Standings` of any game's standings workbook, as `tally rank` and `tally diff` read it: each competitor's
    rank, id (headed Player in domino, Pair or Team in bridge: the first of these present is read) and name."""

    rank: Series[Text] = column("Rank", nullable=True)
    player: Series[Text] = column(
        "Player",
        aliases=("Pair", "Team"),
        names={"es": ("Jugador", "Pareja", "Equipo"), "zh": ("选手", "对号", "队号")},
        nullable=True,
    )
    name: Series[Text] | None = column(
        "Name", aliases=("Names",), names={"es": ("Nombre", "Nombres"), "zh": ("姓名",)}, nullable=True
    )
    field: Series[Text] | None = column(
        "Field",
        note=N_("NS or EW: a two-winner Mitchell's field; ranks and field sizes run within it"),
        nullable=True,
    )

    class Config:
        name = "Standings"
        strict = False


# ------------------------------------------------------------------ the federation's members register


class RegisterSheet(pa.DataFrameModel):
    """The federation's members register (`tally rank --members`): each member's membership number, name,
    club and the last day their membership runs (blank: no end). The sheet named Register, else the first."""

    member_id: Series[Text] = column(
        "Member ID",
        aliases=("ID", "Membership Number", "Number"),
        names={"es": ("Licencia", "Nº socio", "Número de socio"), "zh": ("会员号", "会员编号")},
        note=N_("the membership number, as the federation writes it"),
        nullable=True,
    )
    name: Series[Text] | None = column(
        "Name", names={"es": ("Nombre",), "zh": ("姓名",)}, note=N_("the member's name"), nullable=True
    )
    club: Series[Text] | None = column("Club", names={"zh": ("俱乐部",)}, note=N_("the club"), nullable=True)
    active_until: Series[Text] | None = column(
        "Active Until",
        names={"es": ("Activo hasta", "Vigencia"), "zh": ("有效期至",)},
        note=N_("the last day the membership runs, such as 2026-12-31 (blank: no end)"),
        nullable=True,
    )

    class Config:
        name = "Register"
        metadata = {"names": {"es": ("Registro", "Socios"), "zh": ("会员名册",)}}
        strict = False


# ------------------------------------------------------------------ the season and the ranking


class SeasonEvent(pa.DataFrameModel):
    """One standings workbook of the season: where it came from, when it was played and what it weighs. The
    `Events` sheet lists them (with each one's Window)."""

    file: Series[str] = column("File", names={"es": ("Archivo",), "zh": ("文件",)}, unique=True)
    # a game of pipeline/games/registry.py
    game: Series[str] = column("Game", names={"es": ("Juego",), "zh": ("类别",)})
    event: Series[str] = column("Event", names={"es": ("Evento",), "zh": ("赛事",)})
    date: Series[pa.DateTime] = column("Date", names={"es": ("Fecha",), "zh": ("日期",)})
    weight: Series[float] = column("Weight", names={"es": ("Peso",), "zh": ("权重",)}, gt=0)
    field: Series[int] = column("Field", ge=1)
    sha256: Series[str] = column("SHA-256", str_length={"min_value": 64, "max_value": 64})

    class Config:
        name = "Events"
        metadata = {"names": {"es": ("Eventos",), "zh": ("赛事",)}}
        strict = True


class Contribution(pa.DataFrameModel):
    """What one event gives one person (or competitor, when the ranking credits competitors): the competitor
    they played in and its other players, the place, the field and the points (in units of the last decimal);
    `by_name` when the person is known by name only (no membership number)."""

    file: Series[str] = column("File", names={"es": ("Archivo",), "zh": ("文件",)})
    date: Series[pa.DateTime] = column("Date", names={"es": ("Fecha",), "zh": ("日期",)})
    player: Series[str] = column("Player")
    name: Series[str] = column("Name", nullable=True)
    competitor: Series[str] = column(
        "Competitor",
        names={"es": ("Competidor",), "zh": ("参赛方",)},
        note=N_("the pair, team or player's id in the event"),
    )
    partners: Series[str] = column(
        "Partners",
        names={"es": ("Compañeros",), "zh": ("搭档",)},
        nullable=True,
        note=N_("the competitor's other players"),
    )
    by_name: Series[bool] = column("By Name")
    place: Series[int] = column("Place", names={"es": ("Puesto",), "zh": ("位次",)}, ge=1)
    field: Series[int] = column("Field", ge=1)
    weight: Series[float] = column("Weight", names={"es": ("Peso",), "zh": ("权重",)}, gt=0)
    units: Series[int] = column("Points", ge=0)

    class Config:
        strict = True


class CountedContribution(Contribution):
    """A contribution judged against the window and the best-N rule. The `Contributions` sheet lists them
    (with each one's Event)."""

    window: Series[str] = column("Window", names={"es": ("Periodo",), "zh": ("统计期",)}, isin=WINDOW)
    counted: Series[bool] = column("Counted", names={"es": ("Cuenta",), "zh": ("计入",)})
    note: Series[str] = column("Note", names={"es": ("Nota",), "zh": ("备注",)})

    class Config:
        name = "Contributions"
        metadata = {"names": {"es": ("Aportes",), "zh": ("各赛积分",)}}


class PlayerTotal(pa.DataFrameModel):
    """A competitor's counted events summed (units of the last decimal)."""

    player: Series[str] = column("Player", unique=True)
    units: Series[int] = column("Points", ge=0)
    events: Series[int] = column("Events", names={"es": ("Eventos",), "zh": ("赛事数",)}, ge=0)
    best: Series[int] = column("Best", names={"es": ("Mejor",), "zh": ("最佳",)}, ge=0)

    class Config:
        strict = True


class RankingRow(pa.DataFrameModel):
    """One line of the season's ranking (the `Ranking` sheet)."""

    rank: Series[int] = column("Rank", ge=1)
    player: Series[str] = column("Player", unique=True)
    name: Series[str] = column("Name", nullable=True)
    units: Series[int] = column("Points", ge=0)
    events: Series[int] = column("Events", names={"es": ("Eventos",), "zh": ("赛事数",)}, ge=1)
    best: Series[int] = column("Best", names={"es": ("Mejor",), "zh": ("最佳",)}, ge=0)

    class Config:
        name = "Ranking"
        metadata = {"names": {"es": ("Ranking",), "zh": ("排行榜",)}}
        strict = True


class AwardRow(pa.DataFrameModel):
    """One person's award from one event, as a federation's upload takes it (`tally rank --export`: the
    `Awards` sheet of awards.xlsx, and awards.csv): the membership number (blank for a person known by name
    only), the name, the event, its date, the place, the field, the points, the competitor played in and the
    partners, and the standings workbook it came from."""

    member_id: Series[str] = column(
        "Member ID",
        names={"es": ("Licencia", "Nº socio", "Número de socio"), "zh": ("会员号", "会员编号")},
        nullable=True,
    )
    name: Series[str] = column("Name", names={"es": ("Nombre",), "zh": ("姓名",)}, nullable=True)
    event: Series[str] = column("Event", names={"es": ("Evento",), "zh": ("赛事",)})
    date: Series[str] = column("Date", names={"es": ("Fecha",), "zh": ("日期",)})
    place: Series[int] = column("Place", names={"es": ("Puesto",), "zh": ("位次",)}, ge=1)
    field: Series[int] = column("Field", ge=1)
    points: Series[float] = column("Points", ge=0)
    competitor: Series[str] = column("Competitor", names={"es": ("Competidor",), "zh": ("参赛方",)})
    partners: Series[str] = column("Partners", names={"es": ("Compañeros",), "zh": ("搭档",)}, nullable=True)
    file: Series[str] = column("File", names={"es": ("Archivo",), "zh": ("文件",)})

    class Config:
        name = "Awards"
        metadata = {"names": {"es": ("Premios",), "zh": ("积分明细",)}}
        strict = True


class IdentityReport(pa.DataFrameModel):
    """A likely mistake in who is who: one ID under several names, or one name under several IDs (the
    `Identity` sheet)."""

    check: Series[str] = column("Check", names={"es": ("Comprobación",), "zh": ("核对项",)})
    players: Series[str] = column("Player")
    names: Series[str] = column("Names")
    seen_in: Series[str] = column("Seen In", names={"es": ("Visto en",), "zh": ("出现于",)})

    class Config:
        name = "Identity"
        metadata = {"names": {"es": ("Identidad",), "zh": ("身份核对",)}}
        strict = True
