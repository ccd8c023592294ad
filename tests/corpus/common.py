"""What both corpora of bad workbooks share: the expected problem and how a case is written."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from openpyxl import Workbook

from pipeline.api import every_kind
from pipeline.problems import KINDS, Problem

every_kind()  # every module that declares a kind of problem is imported

FILE_NAME = "event.xlsx"
Table = tuple[Sequence[str], Sequence[Sequence[object]]]


class Expected(NamedTuple):
    """One problem tally must report: its code (docs/problems.md) and where it is, as tally locates it.

    `value` (when given) is the cell text it must show. `text` is a part of the message, given only where
    the case is about the wording itself (the message names the closest header, or says what a file that
    is not a workbook is); everywhere else the code says what the problem is.
    """

    code: str
    sheet: str
    row: int | None
    column: str | None
    value: str | None = None
    text: str | None = None

    @property
    def severity(self) -> str:
        """The severity the code is declared with (a code never changes meaning, nor severity)."""
        return KINDS[self.code].severity

    @property
    def where(self) -> str:
        """The location as tally prints it: `Matches, row 7, column 'A Pips'`."""
        parts = [self.sheet]
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.column:
            parts.append(f"column '{self.column}'")
        return ", ".join(parts)

    @property
    def shown(self) -> str:
        """The expectation as a line for assertion messages: `[D119] Matches, row 2, column 'A Pips' [x]`."""
        value = "" if self.value is None else f" [{self.value}]"
        return f"[{self.code}] {self.where}{value}" + ("" if self.text is None else f": ...{self.text}...")


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
    """True if one printed line gives the problem's code and locates it exactly (with its value, its
    severity, and the expected words when the case is about them)."""
    value = r"( \[.*?\])?" if expected.value is None else r" \[" + re.escape(expected.value) + r"\]"
    pattern = re.compile(r"\[" + re.escape(expected.code) + r"\] " + re.escape(expected.where) + value + ": ")
    for line in output.splitlines():
        hit = pattern.search(line)
        if hit is None:
            continue
        said = line[hit.end() :]
        if said.startswith("warning: ") != (expected.severity == "warning"):
            continue
        if expected.text is None or expected.text in said:
            return True
    return False


def matching(problems: list[Problem], expected: Expected) -> list[Problem]:
    """The problems with exactly the expected code, sheet, row, column and severity (and value and words,
    when expected)."""
    return [
        p
        for p in problems
        if (p.code, p.sheet, p.row, p.column, p.severity)
        == (expected.code, expected.sheet, expected.row, expected.column, expected.severity)
        and (expected.value is None or p.value == expected.value)
        and (expected.text is None or expected.text in p.problem)
    ]
