"""The cells of an input workbook's tables with their values as typed (numbers as numbers, text as text, dates
as dates), for a command that writes the same workbook back with rows added (`tally bridge schedule
--swiss`): what the organizer typed is copied, never re-read from tally's text.

The reader (reader.py) decides where each sheet's table is: its header row, the columns it keeps and its last
filled row. This module reads the same cells of the same inspected copy with openpyxl (cached values of
formulas, as the reader reads them) and keeps them as they are: no trimming, no Unicode folding. Rows above
the header (a title block) are not part of the table and are left out.
"""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pandas as pd

from pipeline.i18n import _
from pipeline.problems import InputError, Problem
from pipeline.sheets import Sheet, column_number
from pipeline.workbook.guard import CHANGED, Limits, inspected
from pipeline.workbook.reader import Workbook


def unique_headers(header: list[object]) -> list[str]:
    """Headers as text ('' for a blank one), a header met again written with ` (2)`, ` (3)`, ... after it (a
    table's columns need distinct names; the cells below are not touched)."""
    seen: dict[str, int] = {}
    out = []
    for h in header:  # a sheet's few headers
        text = "" if h is None else str(h)
        seen[text] = seen.get(text, 0) + 1
        out.append(text if seen[text] == 1 else f"{text} ({seen[text]})")
    return out


def typed_table(rows: list[tuple[object, ...]], columns: list[int]) -> pd.DataFrame:
    """A table from a grid's rows (the header row first) keeping the columns at `columns` (from 0): headers
    as `unique_headers` gives them, cells as they are (None where blank)."""
    header, *body = [[row[c] if c < len(row) else None for c in columns] for row in rows] or [[]]
    frame = pd.DataFrame(body, columns=range(len(columns)), dtype=object)
    frame.columns = pd.Index(unique_headers(header), dtype=object)
    return frame


def typed_tables(book: Workbook, limits: Limits | None = None) -> dict[str, pd.DataFrame]:
    """Each sheet of `book` (by its normalized name) as its table of typed values: the header row and every
    row below it down to the last filled one, over the columns the reader kept. InputError when the file is
    no longer the one `book` was read from."""
    wanted = set(book.sheets)
    with inspected(book.path, limits or Limits(), wanted) as found:
        if found.digest != book.digest:
            problem = _("changed while tally was reading it; save it, close it and run tally again")
            raise InputError([Problem.of(CHANGED, book.path.name, None, None, None, problem)])
        source = io.BytesIO(found.source) if isinstance(found.source, bytes) else Path(found.source)
        loaded = openpyxl.load_workbook(source, read_only=True, data_only=True)
        try:
            return {key: _sheet_table(loaded[sheet.name], sheet) for key, sheet in book.sheets.items()}
        finally:
            loaded.close()


def _sheet_table(worksheet: object, sheet: Sheet) -> pd.DataFrame:
    """One worksheet's table of typed values, where the reader found it."""
    columns = [column_number(letters) for letters in sheet.letters.values()]
    if not columns:
        return pd.DataFrame()
    last = int(sheet.frame.index.max()) if len(sheet.frame) else sheet.header_row
    rows = list(
        worksheet.iter_rows(  # type: ignore[attr-defined]
            min_row=sheet.header_row, max_row=last, max_col=max(columns) + 1, values_only=True
        )
    )
    return typed_table(rows, columns)
