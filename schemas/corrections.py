"""The `Corrections` sheet (Law 79C) of either workbook, the log of what became of each correction, and the
`Changes` a corrected run (or `tally diff`) lists."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

from pipeline.i18n import N_
from schemas.common import column as declared  # `column` is the name of a column here too

STATUSES = [
    N_("applied"),
    N_("applied late"),
    N_("rejected"),
]  # a correction's Status, translated where shown
SOURCE_ROW = "Row"  # the header of a result's row in the results workbook, written beside it; diff skips it


class CorrectionsSheet(pa.DataFrameModel):
    """`Corrections`: one row per correction; the key columns name the result row to correct (each game says
    which: domino Round and Table, bridge Board with NS or EW, or Match, Room and Board)."""

    submitted_at: Series[str] = declared(
        "Submitted At",
        names={"es": ("Presentada", "Presentada el"), "zh": ("提交时间",)},
        note=N_("date and time the correction was submitted (2026-11-30 21:25)"),
        needed="yes",
        nullable=True,
    )
    round: Series[str] | None = declared(
        "Round",
        note=N_("the round of the match to correct"),
        needed="yes",
        nullable=True,
    )
    table: Series[str] | None = declared(
        "Table",
        note=N_("the table of the match to correct"),
        needed="yes",
        nullable=True,
    )
    section: Series[str] | None = declared(
        "Section",
        note=N_("the section of the result to correct"),
        nullable=True,
    )
    session: Series[str] | None = declared(
        "Session",
        note=N_("the session of the result to correct"),
        nullable=True,
    )
    match: Series[str] | None = declared(
        "Match",
        note=N_("the match of the result to correct"),
        needed="yes",
        nullable=True,
    )
    room: Series[str] | None = declared(
        "Room",
        note=N_("the room of the result to correct (Open or Closed)"),
        needed="yes",
        nullable=True,
    )
    board: Series[str] | None = declared(
        "Board",
        note=N_("the board of the result to correct"),
        needed="yes",
        nullable=True,
    )
    ns: Series[str] | None = declared(
        "NS",
        note=N_("the north-south pair (NS or EW names the result)"),
        needed="one of",
        nullable=True,
    )
    ew: Series[str] | None = declared(
        "EW",
        note=N_("the east-west pair"),
        needed="one of",
        nullable=True,
    )
    column: Series[str] = declared(
        "Column",
        names={"es": ("Columna",), "zh": ("列",)},
        note=N_("the column to correct"),
        needed="yes",
        nullable=True,
    )
    new_value: Series[str] = declared(
        "New Value",
        names={"es": ("Valor nuevo", "Nuevo valor"), "zh": ("新值",)},
        note=N_("the corrected value"),
        needed="yes",
        nullable=True,
    )
    reason: Series[str] = declared("Reason", note=N_("why"), needed="yes", nullable=True)
    director: Series[str] | None = declared(
        "Director",
        names={"zh": ("裁判长",)},
        note=N_("who authorized a correction after the correction period (Law 79C2)"),
        nullable=True,
    )

    class Config:
        name = "Corrections"
        metadata = {"names": {"es": ("Correcciones",), "zh": ("更正",)}}
        strict = False


class CorrectionLog(pa.DataFrameModel):
    """One correction after judging: where it points, what it changed, and whether it was applied. The
    standings workbook's `Corrections` sheet lists them under these headers (without the order)."""

    row: Series[int] = declared("Row", ge=1)
    submitted: Series[str] = declared("Submitted At", nullable=True)
    target: Series[str] = declared("Result", nullable=True)
    target_row: Series[float] = declared(
        "Result Row", names={"es": ("Fila del resultado",), "zh": ("结果行",)}, nullable=True
    )
    column: Series[str] = declared("Column", nullable=True)
    old_value: Series[str] = declared(
        "Old Value", names={"es": ("Valor anterior",), "zh": ("原值",)}, nullable=True
    )
    new_value: Series[str] = declared("New Value", nullable=True)
    reason: Series[str] = declared("Reason", nullable=True)
    director: Series[str] = declared("Director", nullable=True)
    status: Series[str] = declared("Status", names={"es": ("Estado",), "zh": ("状态",)}, isin=STATUSES)
    detail: Series[str] = declared("Detail", names={"es": ("Detalle",), "zh": ("详情",)})
    order: Series[int] = pa.Field(ge=0)  # the order they are applied in; not shown

    class Config:
        name = "Corrections"  # the standings workbook's sheet of them, named as the sheet they come from
        strict = True


class Change(pa.DataFrameModel):
    """One row of the `Changes` sheet of a corrected run, and of `tally diff`: a value of one row of a
    standings sheet, old -> new (numbers as numbers), or a row added or removed."""

    sheet: Series[str] = declared("Sheet")
    key: Series[str] = declared("Key")
    column: Series[str] = declared("Column")
    old: Series[object] = declared("Old", names={"es": ("Antes",), "zh": ("修改前",)}, nullable=True)
    new: Series[object] = declared("New", names={"es": ("Después",), "zh": ("修改后",)}, nullable=True)

    class Config:
        name = "Changes"
