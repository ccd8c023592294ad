"""The reader's kernels (pipeline/workbook/reader.py) and the text helpers of pipeline/sheets.py against their rules,
written cell by cell or by the pandas call they stand in for.

`sheet_from_grid` finds the header and cuts the grid with NumPy masks over Arrow columns; `plain_text`
normalizes whole Arrow columns at once. `plain_sheet` and `plain_cell` apply the rules their docstrings state
with Python lists and `str`/`unicodedata`, on random grids (blank rows above the header, blank columns, a
blank header cell, repeated headers, text beyond ASCII) and random cells.
"""

from __future__ import annotations

import unicodedata

import hypothesis.strategies as st
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings

from pipeline import sheets
from pipeline.sheets import (
    column_letters,
    declared_headers,
    header_key,
    is_among,
    normalized_header,
    without_blank_rows,
)
from pipeline.workbook.reader import _text_table, plain_text, sheet_from_grid
from pipeline.workbook.scan import SheetFacts

Grid = list[list[str | None]]  # rows of cells; None is blank

# ---------------------------------------------------------------- sheet_from_grid


def plain_sheet(grid: Grid, first_column: int) -> tuple[pd.DataFrame, dict[str, str], int, dict[str, str]]:
    """The body, headers, header row and column letters of a grid, by the rule, with loops."""
    width = max((len(r) for r in grid), default=0)
    cell = [[r[j] if j < len(r) else None for j in range(width)] for r in grid]
    filled_rows = [i for i, r in enumerate(cell) if any(c is not None for c in r)]
    if not filled_rows:
        return pd.DataFrame(index=pd.Index([], name="row")), {}, 1, {}
    wide_rows = [i for i in filled_rows if sum(c is not None for c in cell[i]) >= 2]
    known = declared_headers("matches")  # the grids are read as a Matches sheet
    named_rows = [
        i for i in filled_rows[:11] if sum(c is not None and header_key(c) in known for c in cell[i]) >= 2
    ]
    named_rows = [i for i in named_rows if i <= 10]  # a title block is at most 10 rows
    header = (named_rows or wide_rows or filled_rows)[0]  # rows above it: a title block
    kept = [j for j in range(width) if any(cell[i][j] is not None for i in range(header, len(cell)))]
    last = max(filled_rows)
    names, written, letters, seen = [], {}, {}, {}
    for j in kept:  # columns left to right
        letter = column_letters(first_column + j)
        title = cell[header][j] if cell[header][j] is not None else f"(blank header {letter})"
        name = normalized_header(title)
        seen[name] = seen.get(name, 0) + 1
        name = name if seen[name] == 1 else f"{name}__{seen[name]}"
        names.append(name)
        written[name] = title
        letters[name] = letter
    rows = range(header + 1, last + 1)
    body = pd.DataFrame(
        {n: [cell[i][j] for i in rows] for n, j in zip(names, kept, strict=True)}, dtype="str"
    )
    body.index = pd.RangeIndex(header + 2, header + 2 + len(rows), name="row")
    return body, written, header + 1, letters


def grid_table(grid: Grid) -> pa.Table:
    """The grid as the reader hands it over: one large-string column per grid column, null for a blank."""
    width = max((len(r) for r in grid), default=0)
    columns = [
        pa.array([r[j] if j < len(r) else None for r in grid], pa.large_string()) for j in range(width)
    ]
    return pa.Table.from_arrays(columns, names=[str(j) for j in range(width)])


HEADERS = ["Round", "round", "ROUND ", "A Pips", "a_pips", "Table", "Ａ1", "Straße", "7", "Name"]
CELLS = st.one_of(
    st.none(), st.none(), st.sampled_from([*HEADERS, "x", "12", "Ana López"]), st.text(min_size=1, max_size=3)
)


@st.composite
def grids(draw: st.DrawFn) -> tuple[Grid, int]:
    """A grid with blank rows above its table and blank columns in it, and the sheet's first column."""
    width = draw(st.integers(0, 6))
    above = draw(st.integers(0, 3))
    rows = draw(st.integers(0, 6))
    blank_columns = set(draw(st.lists(st.integers(0, max(width - 1, 0)), max_size=2)))
    grid: Grid = [[None] * width for _ in range(above)]
    for _ in range(rows):  # the table, its header first
        grid.append([None if j in blank_columns else draw(CELLS) for j in range(width)])
    grid += [[None] * width for _ in range(draw(st.integers(0, 2)))]  # blank rows below
    return grid, draw(st.integers(0, 40))


def check_sheet(grid: Grid, first_column: int) -> None:
    sheet = sheet_from_grid("Matches", grid_table(grid), SheetFacts(first_column=first_column))
    body, written, header_row, letters = plain_sheet(grid, first_column)
    pd.testing.assert_frame_equal(sheet.frame, body, check_column_type=False, check_index_type=False)
    assert (sheet.headers, sheet.header_row, sheet.letters) == (written, header_row, letters)
    assert sheet.problems == []


@settings(max_examples=80, deadline=None)
@given(grids())
def test_the_header_and_the_table_are_found_as_the_rule_says(case: tuple[Grid, int]) -> None:
    check_sheet(*case)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(grids())
def test_the_header_and_the_table_are_found_as_the_rule_says_at_length(case: tuple[Grid, int]) -> None:
    check_sheet(*case)


def test_a_blank_header_cell_is_named_by_its_letters() -> None:
    grid: Grid = [[None, None, None], ["Round", None, "Table"], ["1", "x", None]]
    sheet = sheet_from_grid("Matches", grid_table(grid), SheetFacts(first_column=2))
    assert list(sheet.frame.columns) == ["round", "(blank_header_d)", "table"]
    assert sheet.headers["(blank_header_d)"] == "(blank header D)"
    assert (sheet.header_row, list(sheet.frame.index)) == (2, [3])


# ---------------------------------------------------------------- plain_text


def plain_cell(cell: str | None) -> str | None:
    """NFC, without format characters (Cf), trimmed; None when nothing is left."""
    if cell is None:
        return None
    text = "".join(c for c in unicodedata.normalize("NFC", cell) if unicodedata.category(c) != "Cf").strip()
    return text or None


# characters Python's Unicode tables know (Arrow's are newer); surrogates cannot be UTF-8
KNOWN = st.characters(exclude_categories=("Cn", "Cs"))
SPECIAL = "\u200b\u200d\u200e\ufeff\u00ad \t\n\u00a0\u3000\x1ce\u0301\u00e9Aa"
CELL_TEXTS = st.one_of(
    st.none(), st.text(SPECIAL, max_size=5), st.text(KNOWN, max_size=5), st.text("ab \t", max_size=4)
)
TEXTS = st.lists(CELL_TEXTS, max_size=12)


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_cells_are_made_plain_as_the_rule_says(cells: list[str | None]) -> None:
    assert plain_text(pa.array(cells, pa.string())).to_pylist() == [plain_cell(c) for c in cells]


def plain_scalar(text: str) -> str:
    """`pipeline.sheets.plain_text`'s rule: NFC, without format characters (Cf); nothing trimmed."""
    return "".join(c for c in unicodedata.normalize("NFC", text) if unicodedata.category(c) != "Cf")


NAMES = st.lists(st.text(SPECIAL, max_size=5) | st.text(KNOWN, max_size=5), max_size=12)


@settings(max_examples=200, deadline=None)
@given(NAMES, st.sampled_from([0, 3, sheets.PLAIN_KEPT]))
def test_plain_forms_computed_together_are_each_texts_own(names: list[str], kept: int) -> None:
    """`plain_forms` gives each text its plain form whatever texts come with it; `plain_text` and `header_keys`
    agree with it, also when the kept forms are forgotten (`PLAIN_KEPT`)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sheets, "PLAIN_KEPT", kept)
        patch.setattr(sheets, "_PLAIN", {})
        assert sheets.plain_forms(names) == {n: plain_scalar(n) for n in names}
        assert [sheets.plain_text(n) for n in names] == [plain_scalar(n) for n in names]
        sheets._key.cache_clear()
        together = sheets.header_keys(names)
        patch.setattr(sheets, "_PLAIN", {})
        sheets._key.cache_clear()
        sheets._normalized.cache_clear()
        assert together == [header_key(n) for n in names]  # each alone


def test_plain_forms_stand_when_another_thread_forgets_the_kept_ones(monkeypatch) -> None:
    """Another thread may forget the kept forms (`PLAIN_KEPT` reached) between this call's keeping and answering;
    the answer is still every text's plain form."""

    class Forgetful(dict):
        def update(self, *args, **kwargs) -> None:
            super().update(*args, **kwargs)
            self.clear()  # as if another thread cleared it at once

    monkeypatch.setattr(sheets, "_PLAIN", Forgetful())
    names = ["Pe\u0301na", "\u200bRonda", "轮次", "Round"]
    assert sheets.plain_forms(names) == {n: plain_scalar(n) for n in names}
    assert [sheets.plain_text(n) for n in names] == [plain_scalar(n) for n in names]


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 5).flatmap(
        lambda rows: st.lists(st.lists(CELL_TEXTS, min_size=rows, max_size=rows), max_size=5)
    )
)
def test_a_sheets_columns_are_made_plain_each_as_the_rule_says(columns: list[list[str | None]]) -> None:
    # the columns are joined end to end for Arrow's kernels and cut back: each comes back as itself, made plain
    batch = pa.RecordBatch.from_arrays(
        [pa.array(c, pa.string()) for c in columns], names=[str(i) for i in range(len(columns))]
    )
    table = _text_table(batch)
    assert table.column_names == [str(i) for i in range(len(columns))]
    assert [table.column(i).to_pylist() for i in range(len(columns))] == [
        [plain_cell(c) for c in col] for col in columns
    ]


# ---------------------------------------------------------------- without_blank_rows


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 4).flatmap(
        lambda width: st.lists(
            st.lists(st.sampled_from([None, "x", " ", "7"]), min_size=width, max_size=width), max_size=8
        )
    ),
    st.booleans(),
)
def test_blank_rows_are_dropped_as_dropna_drops_them(rows: list[list[str | None]], repeated: bool) -> None:
    # text columns as the reader gives them, a number column and (sometimes) two columns of one name
    width = len(rows[0]) if rows else 0
    names = ["a" if repeated and j < 2 else f"c{j}" for j in range(width)]
    frame = (
        pd.DataFrame(rows, columns=names, dtype="str") if rows else pd.DataFrame(columns=names, dtype="str")
    )
    if width > 2:  # the last column (never a repeated name) as numbers, blank where not a number
        frame.isetitem(width - 1, pd.to_numeric(frame.iloc[:, -1], errors="coerce"))
    frame.index = pd.RangeIndex(2, 2 + len(frame), name="row")
    kept = without_blank_rows(frame)
    pd.testing.assert_frame_equal(kept, frame.dropna(how="all"))
    assert kept is not frame


# ---------------------------------------------------------------- is_among

WORDS_AMONG = st.lists(
    st.one_of(st.none(), st.sampled_from(["1", "01", "A", "a", "Ana", "ñ", " 1", ""])), max_size=8
)


@settings(max_examples=150, deadline=None)
@given(WORDS_AMONG, WORDS_AMONG, st.sampled_from(["series", "index", "list"]))
def test_cells_are_among_values_as_isin_says(
    cells: list[str | None], values: list[str | None], form: str
) -> None:
    column = pd.Series(cells, dtype="str", index=pd.RangeIndex(3, 3 + len(cells), name="row"))
    given = {
        "series": pd.Series(values, dtype="str"),
        "index": pd.Index(values, dtype="str"),
        "list": values,
    }[form]
    pd.testing.assert_series_equal(is_among(column, given), column.isin(given))
