"""The `Corrections` sheet (Law 79C) of either workbook, and the log of what became of each correction."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

STATUSES = ["applied", "applied late", "rejected"]


class CorrectionsSheet(pa.DataFrameModel):
    """`Corrections`: one row per correction; the key columns name the result row to correct."""

    submitted_at: Series[str] = pa.Field(nullable=True, title="Submitted At")
    round: Series[str] | None = pa.Field(nullable=True, title="Round")
    table: Series[str] | None = pa.Field(nullable=True, title="Table")
    section: Series[str] | None = pa.Field(nullable=True, title="Section")
    session: Series[str] | None = pa.Field(nullable=True, title="Session")
    match: Series[str] | None = pa.Field(nullable=True, title="Match")
    room: Series[str] | None = pa.Field(nullable=True, title="Room")
    board: Series[str] | None = pa.Field(nullable=True, title="Board")
    ns: Series[str] | None = pa.Field(nullable=True, title="NS")
    ew: Series[str] | None = pa.Field(nullable=True, title="EW")
    column: Series[str] = pa.Field(nullable=True, title="Column")
    new_value: Series[str] = pa.Field(nullable=True, title="New Value")
    reason: Series[str] = pa.Field(nullable=True, title="Reason")
    director: Series[str] | None = pa.Field(nullable=True, title="Director")

    class Config:
        name = "Corrections"
        strict = False


class CorrectionLog(pa.DataFrameModel):
    """One correction after judging: where it points, what it changed, and whether it was applied."""

    row: Series[int] = pa.Field(ge=1, title="Row")
    submitted: Series[str] = pa.Field(nullable=True, title="Submitted At")
    target: Series[str] = pa.Field(nullable=True, title="Result")
    target_row: Series[float] = pa.Field(nullable=True, title="Result Row")
    column: Series[str] = pa.Field(nullable=True, title="Column")
    old_value: Series[str] = pa.Field(nullable=True, title="Old Value")
    new_value: Series[str] = pa.Field(nullable=True, title="New Value")
    reason: Series[str] = pa.Field(nullable=True, title="Reason")
    director: Series[str] = pa.Field(nullable=True, title="Director")
    status: Series[str] = pa.Field(isin=STATUSES, title="Status")
    detail: Series[str] = pa.Field(title="Detail")
    order: Series[int] = pa.Field(ge=0)

    class Config:
        strict = True
