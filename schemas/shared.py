"""Tables every game shares beside its own sheets: the Settings and Rules sheets of every workbook, the Notes
and Examples sheets of a template, and the round-robin designs a schedule is laid out from (pipeline/games/schedule.py) with the report on how even one is."""

from __future__ import annotations

from typing import Any

import pandera.pandas as pa
from pandera.typing import Series

from pipeline.i18n import N_
from schemas.common import Text
from schemas.common import column as declared  # `column` is the name of a column here too

# ------------------------------------------------------------------ templates


class NotesSheet(pa.DataFrameModel):
    """`Notes` of a template: one row per column of each input sheet, whether it is needed and what it holds."""

    sheet: Series[str] = declared("Sheet", names={"es": ("Hoja",), "zh": ("工作表",)})
    column: Series[str] = declared("Column", names={"es": ("Columna",), "zh": ("列",)})
    required: Series[str] = declared("Required", names={"es": ("Obligatoria",), "zh": ("必填",)})
    holds: Series[str] = declared("What it holds", names={"es": ("Contenido",), "zh": ("内容",)})

    class Config:
        name = "Notes"
        metadata = {"names": {"es": ("Notas",), "zh": ("说明",)}}
        strict = True


class ExamplesSheet(pa.DataFrameModel):
    """`Examples` of a template: a block per input sheet (its headers, then example rows) under the sheet's
    column letters, after the sheet's name."""

    sheet: Series[str] = declared("Sheet", names={"es": ("Hoja",), "zh": ("工作表",)}, nullable=True)

    class Config:
        name = "Examples"
        metadata = {"names": {"es": ("Ejemplos",), "zh": ("示例",)}}
        strict = False  # the column letters A, B, C, ... follow


# ------------------------------------------------------------------ round-robin designs


class Meeting(pa.DataFrameModel):
    """One meeting of a round robin by the circle method: its round and table (from 1; byes take no table) and
    the two entrants' places in the round robin (from 0), the one at home first."""

    round: Series[int] = declared("Round", ge=1)
    table: Series[int] = declared("Table", ge=1)
    home: Series[int] = declared("Home", ge=0)
    away: Series[int] = declared("Away", ge=0)

    class Config:
        strict = True


class Bye(pa.DataFrameModel):
    """An entrant (a place in the round robin, from 0) who sits out a round."""

    round: Series[int] = declared("Round", ge=1)
    entrant: Series[int] = declared("Entrant", ge=0)

    class Config:
        strict = True


class FourTable(pa.DataFrameModel):
    """One table of four of a rotating-partners design: its round and table (from 1) and the entrants (places
    from 0) of the partnership A1 and A2 against B1 and B2."""

    round: Series[int] = declared("Round", ge=1)
    table: Series[int] = declared("Table", ge=1)
    a1: Series[int] = declared("A1", ge=0)
    a2: Series[int] = declared("A2", ge=0)
    b1: Series[int] = declared("B1", ge=0)
    b2: Series[int] = declared("B2", ge=0)

    class Config:
        strict = True


class ScheduleMeasure(pa.DataFrameModel):
    """One line of the `Schedule Report`: a measure of how even a tables-of-four schedule is, and its value."""

    measure: Series[str] = declared("Measure", names={"es": ("Medida",), "zh": ("指标",)})
    value: Series[int] = declared("Value")

    class Config:
        name = "Schedule Report"
        metadata = {"names": {"es": ("Informe del calendario",), "zh": ("赛程报告",)}}
        strict = True


# ------------------------------------------------------------------ the people a competitor is made of

MOST_MEMBERS = 6  # the most players a competitor lists: a team of six


def member_field(slot: int, of_id: bool) -> str:
    """The column name of a competitor's player in `slot` (from 1): `player_1` (the name), `player_1_id` (the
    membership number), as `member_column` declares them on the competitor sheets."""
    return f"player_{slot}_id" if of_id else f"player_{slot}"


def member_column(slot: int, of_id: bool, in_template: bool = True) -> Any:
    """The column of a competitor's player in `slot` (from 1) on a Pairs, Teams or Players sheet: `Player 1`
    (the name) or `Player 1 ID` (the federation's membership number, as the federation writes it), declared
    once for every competitor sheet, in every language."""
    if of_id:
        return declared(
            f"Player {slot} ID",
            names={
                "es": (f"Licencia {slot}", f"Jugador {slot} ID"),
                "zh": (f"选手{slot}会员号", f"选手{slot}编号"),
            },
            note=N_(
                "a player's membership number, as the federation writes it: tally rank credits each player"
            ),
            in_template=in_template,
            nullable=True,
        )
    return declared(
        f"Player {slot}",
        names={"es": (f"Jugador {slot}",), "zh": (f"选手{slot}",)},
        note=N_("a player's name (blank: the players are read from the names, split at - & / ; and commas)"),
        in_template=in_template,
        nullable=True,
    )


class MembersSheet(pa.DataFrameModel):
    """`Members` of a standings workbook: each competitor's players as the results workbook lists them (its
    Player N and Player N ID columns), one row per player; `tally rank` credits each of them."""

    competitor: Series[Text] = declared("Competitor", names={"es": ("Competidor",), "zh": ("参赛方",)})
    player_id: Series[Text] = declared(
        "Player ID", names={"es": ("Licencia",), "zh": ("会员号",)}, nullable=True
    )
    player: Series[Text] = declared("Player", names={"es": ("Jugador",), "zh": ("选手",)}, nullable=True)

    class Config:
        name = "Members"
        metadata = {"names": {"es": ("Integrantes",), "zh": ("成员",)}}
        strict = True


# ------------------------------------------------------------------ the sheets every game's workbooks have


class SettingsSheet(pa.DataFrameModel):
    """`Settings`: two columns, Key and Value (the Key's note, the settings' listing, is the game's)."""

    key: Series[Text] = declared(
        "Key",
        names={"es": ("Clave", "Parámetro"), "zh": ("项目", "设置项")},
        note=N_("the setting's name (docs/settings.md lists each game's)"),
        nullable=False,
    )
    value: Series[Text] | None = declared(
        "Value",
        names={"es": ("Valor",), "zh": ("值", "数值")},
        note=N_("the setting's value; blank means the default"),
        nullable=True,
    )

    class Config:
        name = "Settings"
        metadata = {"names": {"es": ("Configuración", "Ajustes", "Parámetros"), "zh": ("设置", "参数")}}
        strict = False


class RulesSheet(pa.DataFrameModel):
    """`Rules` of every standings workbook (and of the ranking workbook): Item / Value rows, the settings and
    the rules behind it in words; `tally rank` reads a standings workbook's Event, Date and Weight here."""

    item: Series[Text] = declared("Item", names={"es": ("Concepto",), "zh": ("事项",)}, nullable=True)
    value: Series[Text] | None = declared("Value", names={"es": ("Valor",), "zh": ("值",)}, nullable=True)

    class Config:
        name = "Rules"
        metadata = {"names": {"es": ("Reglas",), "zh": ("规则",)}}
        strict = False


# ------------------------------------------------------------------ the progress of an event


class ProgressSheet(pa.DataFrameModel):
    """`Progress` of a standings workbook whose event has more than one round: one row per competitor in the
    final standing order, its rank, id and name (headed as the game's Standings head them: Player, Pair or
    Team; Name or Names), then its rank after each round, one column per round (`after_round_titles`)."""

    rank: Series[int] = declared("Rank", ge=1)
    competitor: Series[Text] = declared("Player", aliases=("Pair", "Team"))
    name: Series[Text] = declared("Name", aliases=("Names",), nullable=True)
    field: Series[Text] | None = declared("Field", nullable=True)  # a two-winner Mitchell's NS or EW

    class Config:
        name = "Progress"
        metadata = {"names": {"es": ("Evolución",), "zh": ("名次变化",)}}
        strict = False  # the columns After 1, After 2, ... follow, one per round


AFTER_ROUND = "After {round}"  # the header of the column of the ranks after a round (the round as written)
AFTER_ROUND_NAMES = {"es": "Tras {round}", "zh": "第{round}轮后"}  # AFTER_ROUND in other languages


def after_round_titles(rounds: list[str]) -> list[str]:
    """The headers of the Progress columns of the rounds (as written: `3`, or `Evening R3`): `After 3`."""
    return [AFTER_ROUND.format(round=r) for r in rounds]
