"""What both corpora of bad workbooks share: the expected problem and how a case is written."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from openpyxl import Workbook

from pipeline.problems import Problem

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


def printed(output: str, expected: Expected) -> bool:
    """True if one printed line locates the problem exactly and carries its message (and value)."""
    value = r" \[.*?\]" if expected.value is None else r" \[" + re.escape(expected.value) + r"\]"
    pattern = re.compile(r"(^|\s)" + re.escape(expected.where) + f"({value})?: ")
    for line in output.splitlines():
        hit = pattern.search(line)
        if hit and expected.text in line[hit.end() :]:
            if line[hit.end() :].startswith("warning: ") != (expected.severity == "warning"):
                continue
            return True
    return False


def matching(problems: list[Problem], expected: Expected) -> list[Problem]:
    """The problems with exactly the expected sheet, row, column and severity, whose message fits."""
    return [
        p
        for p in problems
        if (p.sheet, p.row, p.column, p.severity)
        == (expected.sheet, expected.row, expected.column, expected.severity)
        and expected.text in p.problem
        and (expected.value is None or p.value == expected.value)
    ]
