"""What both corpora of bad workbooks share: the expected problem and how a case is written."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from openpyxl import Workbook

FILE_NAME = "event.xlsx"
Table = tuple[Sequence[str], Sequence[Sequence[object]]]


class Expected(NamedTuple):
    """One problem tally must report; `value` (when given) is the cell text it must show."""

    sheet: str
    row: int | None
    column: str | None
    text: str
    severity: str = "error"
    value: str | None = None

    @property
    def where(self) -> str:
        """The location as tally prints it: `Matches, row 7, column 'A Pips'`."""
        parts = [self.sheet]
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.column:
            parts.append(f"column '{self.column}'")
        return ", ".join(parts)


def write_case(
    folder: Path, tables: dict[str, Table], blank_rows_above: int = 0, raw: bytes | None = None
) -> Path:
    """Write the tables (or the raw bytes) as `event.xlsx` in the folder; returns its path."""
    path = folder / FILE_NAME
    if raw is not None:
        path.write_bytes(raw)
        return path
    book = Workbook()
    del book["Sheet"]
    for name, (header, rows) in tables.items():
        ws = book.create_sheet(name)
        for _ in range(blank_rows_above):
            ws.append([])
        ws.append(list(header))
        for row in rows:
            ws.append(list(row))
    book.save(path)
    return path
