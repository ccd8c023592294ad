"""Reading input workbooks: every sheet as text, with Excel row numbers, after the package is inspected.

Reading uses fastexcel (Rust calamine, via Arrow): on this machine it reads about 18x faster than
openpyxl and 3x faster than pandas' calamine engine, with lower peak memory (see README, bench/).
Every cell is read as text so that nothing is guessed: the schemas decide what each column must
hold, and a "12 pips" in a number column becomes a located problem instead of a silent NaN.
Before fastexcel sees anything, `guard.inspected` refuses hostile packages and hands it a canonical copy
holding only the parts it inspected (see there). Text is compared the way people read it: every cell is
trimmed, put in Unicode NFC and cleared of invisible format characters (zero-width spaces, direction marks,
byte-order marks), so `pá` typed two ways, or `Ana` with a zero-width space, is one id, and a cell of only
invisible characters is blank.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import fastexcel
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.i18n import N_, _
from pipeline.problems import ROW, InputError, Problem, UsageError, kind
from pipeline.sheets import (
    INVISIBLE,
    Sheet,
    column_letters,
    declared_headers,
    header_key,
    normalized_header,
    sheet_key_of,
)
from pipeline.workbook.guard import Limits, SheetFacts, inspected


@dataclass
class Workbook:
    """The sheets of an input workbook, looked up by forgiving name."""

    path: Path
    sheets: dict[str, Sheet]
    digest: str = ""  # the SHA-256 of the file's bytes that were read
    listed: list[str] = field(default_factory=list)  # every sheet the file lists, read or not
    deals: Any = (
        None  # a bridge event's hand records (games/bridge/deals.py `Deals`): a PBN's own, or --deals
    )

    def get(self, name: str) -> Sheet | None:
        """The sheet whose name matches (in any language a declared sheet is named in), if there is one."""
        return self.sheets.get(sheet_key_of(name))

    @property
    def sheet_names(self) -> list[str]:
        """The sheet names as written, in workbook order."""
        return [s.name for s in self.sheets.values()]


def plain_text(column: pa.Array) -> pa.Array:
    """Cells as text people compare. The rule, cell by cell: the text in Unicode NFC, then without format
    characters (category Cf: zero-width spaces and joiners, direction marks, byte-order marks), trimmed of
    white space (as Python's `str.strip`); null where nothing is left, or the cell was blank. Done in Arrow,
    a column at a time; an ASCII column (which has no such characters) skips the Unicode steps."""
    text = column.cast(pa.large_string())
    if pc.all(pc.string_is_ascii(text)).as_py() is False:  # some text beyond ASCII
        text = pc.replace_substring_regex(pc.utf8_normalize(text, form="NFC"), INVISIBLE, "")
    trimmed = pc.utf8_trim_whitespace(text)
    return pc.if_else(pc.equal(trimmed, ""), pa.scalar(None, pa.large_string()), trimmed)


def _text_table(batch: pa.RecordBatch) -> pa.Table:
    """Every column of a sheet as `plain_text`, the columns joined end to end so that Arrow's kernels run once
    for the sheet (about 3x faster than pandas' string methods, and a sheet's dozen columns cost one call
    each), then cut back into columns."""
    columns = [column.cast(pa.large_string()) for column in batch.columns]
    joined = plain_text(pa.concat_arrays(columns)) if columns else pa.array([], pa.large_string())
    starts = np.cumsum([0, *(len(column) for column in columns)])
    return pa.Table.from_arrays(
        [joined.slice(start, len(column)) for start, column in zip(starts, columns, strict=False)],
        names=[str(i) for i in range(len(columns))],
    )


_TEXT = pd.StringDtype(na_value=np.nan)


def sheet_from_grid(name: str, text: pa.Table, facts: SheetFacts | None = None) -> Sheet:
    """A Sheet from a headerless text grid (see `_text_table`; null is a blank cell) whose row i is Excel row
    i + 1 and column j the sheet's column `facts.first_column` + j. The rule: the header is the first row among
    the first `TITLE_ROWS` + 1 that names two or more of the columns declared for a sheet of this name, in any
    language (`header_row_index`: so a title row of two cells above it is skipped too); failing that, the
    first row holding two or more filled cells (rows above it, one cell each, are a title block: tally's own title
    and status lines, or an organizer's), or the first row holding one when no row holds two; a column is kept when its header cell or any cell below it is filled; a kept
    column's header is its header cell as written, or `(blank header L)` with L its letters, and its name
    the header's `normalized_header`, with `__2`, `__3`, ... added to the second, third, ... column of the
    same name; the body is the rows below the header down to the last one holding a filled cell, indexed by
    Excel row. A grid without a filled cell is an empty sheet whose header row is 1.

    The header is found and the grid cut in NumPy over a column-by-row mask of filled cells; only the body
    becomes a DataFrame."""
    facts = facts or SheetFacts()
    given = np.zeros((text.num_columns, text.num_rows), dtype=bool)  # column x row: the cell is filled
    for i, column in enumerate(text.columns):  # column-wise, not row-wise
        given[i] = pc.is_valid(column).to_numpy(zero_copy_only=False)
    filled = given.any(axis=0)
    if not filled.any():
        empty = Sheet(name, pd.DataFrame(index=pd.Index([], name=ROW)), {}, 1)
        empty.problems = package_problems(empty, facts)
        return empty
    first = header_row_index(text, declared_headers(sheet_key_of(name)))
    if first is None:
        wide = given.sum(axis=0) >= 2
        first = int(np.argmax(wide)) if wide.any() else int(np.argmax(filled))  # below any title rows
    in_body = given[:, first + 1 :]
    kept = np.flatnonzero(given[:, first] | in_body.any(axis=1))
    positions = kept + facts.first_column
    written = [
        str(h) if isinstance(h, str) else f"(blank header {column_letters(int(c))})"
        for h, c in zip((text.column(int(i))[first].as_py() for i in kept), positions, strict=True)
    ]
    normal = [normalized_header(h) for h in written]
    seen: dict[str, int] = {}
    unique = []
    for n in normal:  # loop over headers, not rows
        seen[n] = seen.get(n, 0) + 1
        unique.append(n if seen[n] == 1 else f"{n}__{seen[n]}")
    rows = np.flatnonzero(in_body[kept].any(axis=0))
    length = int(rows[-1]) + 1 if len(rows) else 0  # down to the last filled row
    body = (
        text.select([int(i) for i in kept])
        .slice(first + 1, length)
        .rename_columns(unique)
        .to_pandas(types_mapper=lambda _: _TEXT)
    )
    body.index = pd.RangeIndex(first + 2, first + 2 + length, name=ROW)  # the Excel row, as problems give it
    letters = {u: column_letters(int(c)) for u, c in zip(unique, positions, strict=True)}
    sheet = Sheet(name, body, dict(zip(unique, written, strict=True)), first + 1, letters)
    sheet.problems = package_problems(sheet, facts)
    return sheet


TITLE_ROWS = 10  # the most rows a title block above a sheet's header row is looked through for the header


def header_row_index(text: pa.Table, known: frozenset[str]) -> int | None:
    """The 0-based row, among the grid's first `TITLE_ROWS` + 1, of the first one of whose cells two or more
    are headers in `known` (by `header_key`), None when no row is. The title block's few cells are taken in
    Python (a Series a column was a third of a small read) and looked at row by row, down to the header: the
    rows below it, a competitor's name in each cell, are never asked for."""
    if not known or text.num_rows == 0:
        return None
    top = [column.to_pylist() for column in text.slice(0, TITLE_ROWS + 1).columns]
    for row in range(min(text.num_rows, TITLE_ROWS + 1)):  # at most 11 rows of the title block
        cells = (column[row] for column in top)
        if sum(isinstance(c, str) and header_key(c) in known for c in cells) >= 2:
            return row
    return None


def package_problems(sheet: Sheet, facts: SheetFacts) -> list[Problem]:
    """Formulas saved without a result and merged cells from the header row down, located."""
    header_of = {letter: sheet.written(col) for col, letter in sheet.letters.items()}
    problems = [
        Problem.of(
            FORMULA,
            sheet.name,
            row,
            header_of.get(column_letters(col), _("column {letter}", letter=column_letters(col))),
            formula,
            _(
                "a formula saved without its result: tally reads the value Excel last calculated and there is "
                "none; open the workbook in Excel, let it calculate, and save it (or type the value)"
            ),
        )
        for row, col, formula in facts.formulas
    ]
    problems += [
        Problem.of(
            MERGED,
            sheet.name,
            top,
            header_of.get(column_letters(left), _("column {letter}", letter=column_letters(left))),
            ref,
            _(
                "merged cells {cells}: only the first cell of a merge keeps its value, the others read as blank; "
                "unmerge them and type the value in every cell",
                cells=ref,
            ),
        )
        for ref, top, bottom, left in facts.merged
        if bottom >= sheet.header_row
    ]
    return problems


FORMULA = kind("W112", "a formula saved without its result (tally reads the value Excel last calculated)")
MERGED = kind("W113", "merged cells: only a merge's first cell keeps its value")
HIDDEN_SHEET = kind(
    "W114",
    "a sheet tally reads is hidden in Excel",
    "warning",
    example="Players: warning: this sheet is hidden in Excel, and tally reads it all the same; unhide it (right-click a sheet tab, Unhide) to see what is scored",
)
UNREADABLE = kind(
    "F124",
    "a part the reader cannot read after inspection (damaged, or not from a spreadsheet)",
    example="event.xlsx: cannot be read: the XML of the sheet 'Matches' is damaged or was not written by a spreadsheet program (...); open the workbook in Excel or LibreOffice, save it again and use the saved copy",
)
HIDDEN = N_(
    "this sheet is hidden in Excel, and tally reads it all the same; unhide it (right-click a sheet tab, "
    "Unhide) to see what is scored"
)


def read_workbook(path: Path, sheets: Iterable[str] | None = None, limits: Limits | None = None) -> Workbook:
    """Every (or the named) sheet of an xlsx workbook, as text; hostile packages are refused first."""
    path = Path(path)
    if not path.exists() and not path.is_symlink():
        raise UsageError(_("{path}: no such file", path=path))
    if path.is_dir():
        raise UsageError(_("{path} is a folder, not a workbook", path=path))
    wanted = None if sheets is None else {sheet_key_of(s) for s in sheets}
    with inspected(path, limits or Limits(), wanted) as found:
        try:
            reader = fastexcel.read_excel(found.source)
        except fastexcel.FastExcelError as exc:
            raise _unreadable(path, _("its styles or shared strings"), exc) from exc
        result: dict[str, Sheet] = {}
        for entry in found.sheets:  # the sheets inspected, in workbook order
            if entry.name not in found.facts:
                continue
            try:
                loaded = reader.load_sheet(entry.name, header_row=None, skip_rows=0, dtypes="string")
                table = _text_table(loaded.to_arrow())
            except fastexcel.FastExcelError as exc:
                raise _unreadable(path, _("the sheet '{sheet}'", sheet=entry.name), exc) from exc
            sheet = sheet_from_grid(entry.name, table, found.facts[entry.name])
            if entry.state != "visible":
                sheet.problems.append(Problem.of(HIDDEN_SHEET, entry.name, None, None, None, _(HIDDEN)))
            result[sheet_key_of(entry.name)] = sheet  # `Partidas` and `比赛` are the Matches sheet
    return Workbook(path, result, found.digest, [s.name for s in found.sheets])


def _unreadable(path: Path, what: str, exc: Exception) -> InputError:
    """The refusal of a workbook whose part the reader could not read after inspection, in words (the
    reader's own words last, without its internals' names)."""
    detail = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    for noise in ("calamine error: ", "Xlsx error: ", "Xml error: "):
        detail = detail.replace(noise, "")
    problem = _(
        "cannot be read: the XML of {what} is damaged or was not written by a spreadsheet program ({detail}); "
        "open the workbook in Excel or LibreOffice, save it again and use the saved copy",
        what=what,
        detail=detail,
    )
    return InputError([Problem.of(UNREADABLE, path.name, None, None, None, problem)], source=str(path))
