"""Shared test helpers: build workbooks and sheets the way an organizer would type them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pandas as pd
import pytest
from openpyxl import Workbook

from pipeline.sheets import Sheet, normalized_header

Table = tuple[Sequence[str], Sequence[Sequence[object]]]  # (header, rows)

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_data"


# where tally prints a problem's code: `  - [D119] Matches, ...`, `error [X001]: ...`, `internal error [X002]:
# ...`, a batch summary's `  - event.xlsx: [F101] ...` and a manifest's `[F101] ...`
PRINTED_CODE = re.compile(r"(?:^\s*- |^(?:internal )?error |: |^)\[([FWSCDBRX]\d{3})\]", re.MULTILINE)


def codes_in(output: str) -> list[str]:
    """The problem codes an output prints, in order (docs/problems.md lists them)."""
    return PRINTED_CODE.findall(output)


def write_xlsx(path: Path, tables: dict[str, Table]) -> Path:
    """Write a workbook with one sheet per table (header in row 1), as an organizer would."""
    book = Workbook()
    del book["Sheet"]
    for name, (header, rows) in tables.items():
        ws = book.create_sheet(name)
        ws.append(list(header))
        for row in rows:
            ws.append(list(row))
    book.save(path)
    return path


def sheet_from_table(name: str, header: Sequence[str], rows: Sequence[Sequence[object]]) -> Sheet:
    """A Sheet as the reader would produce it: text cells, blanks as NA, index = Excel row."""
    norm = [normalized_header(h) for h in header]
    cells = [
        [None if v is None or str(v).strip() == "" else _text(v) for v in row]
        + [None] * (len(header) - len(row))
        for row in rows
    ]
    frame = pd.DataFrame(cells, columns=norm, dtype="str")
    frame.index = pd.RangeIndex(2, 2 + len(rows), name="row")
    return Sheet(name, frame, dict(zip(norm, header, strict=True)), 1)


def _text(value: object) -> str:
    """A cell value as the reader renders it (7.0 -> '7')."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def sheets_from_tables(tables: dict[str, Table]) -> dict[str, Sheet]:
    """Sheets keyed by normalized name, as `read_workbook(...).sheets`."""
    return {normalized_header(n): sheet_from_table(n, h, r) for n, (h, r) in tables.items()}


MATCH_HEADER = ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Target", "Ended", "Winner"]


@pytest.fixture
def tmp_xlsx(tmp_path: Path):
    """A function writing tables to a fresh workbook in tmp_path."""

    def make(tables: dict[str, Table], name: str = "event.xlsx") -> Path:
        return write_xlsx(tmp_path / name, tables)

    return make
