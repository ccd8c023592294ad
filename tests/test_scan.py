"""The worksheet scan (pipeline/workbook/scan.py): the fast numpy path against the plain rule, and the
facts the same however the part is cut into pieces.

`plain_extent` places cells by the rule calamine follows, element by element with expat; `fast_extent`
reads the references of cells written `<c r="A1"` with numpy. On sheets generated here (any quoting, any
prefix, references anywhere in the grid, cells with and without `r`), the fast path either gives exactly
the plain extent or declines (None) because some cell is written otherwise; and `SheetScan` gives the same
facts whether it is fed the part whole or in pieces of any size and cuts it into blocks of any size.
"""

from __future__ import annotations

import hypothesis.strategies as st
import numpy as np
import pytest
from hypothesis import given, settings

from pipeline.sheets import column_letters
from pipeline.workbook.scan import Extent, SheetScan, _ends_name, fast_extent, plain_extent

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


@st.composite
def sheets(draw: st.DrawFn) -> tuple[bytes, bool]:
    """A worksheet's XML and whether every cell is written `<c r="..."` first (the fast path's form)."""
    prefix = draw(st.sampled_from(["", "x:"]))
    quote = draw(st.sampled_from(['"', "'"]))
    rows, usual = [], True
    row_numbers = sorted(draw(st.sets(st.integers(1, 1_048_576), min_size=1, max_size=6)))
    for number in row_numbers:  # a few rows
        cells = []
        for _ in range(draw(st.integers(0, 5))):  # a few cells
            value = draw(
                st.sampled_from(
                    ["", f"<{prefix}v>7</{prefix}v>", f"<{prefix}is><{prefix}t>a</{prefix}t></{prefix}is>"]
                )
            )
            form = draw(st.sampled_from(["r", "r", "none", "later"]))
            ref = f"{column_letters(draw(st.integers(0, 16_383)))}{draw(st.integers(1, 1_048_576))}"
            attrs = {"r": f" r={quote}{ref}{quote}", "none": "", "later": f' s="1" r={quote}{ref}{quote}'}[
                form
            ]
            usual &= form == "r"
            cells.append(f"<{prefix}c{attrs}>{value}</{prefix}c>" if value else f"<{prefix}c{attrs}/>")
        row_attr = f" r={quote}{number}{quote}" if draw(st.booleans()) else ""
        rows.append(f"<{prefix}row{row_attr}>{''.join(cells)}</{prefix}row>")
    xmlns = NS.replace("xmlns=", f"xmlns:{prefix[:-1]}=") if prefix else NS
    body = f"<{prefix}worksheet {xmlns}><{prefix}sheetData>{''.join(rows)}</{prefix}sheetData></{prefix}worksheet>"
    return body.encode(), usual


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(sheets())
def test_the_fast_path_gives_the_plain_extent_or_declines(sheet: tuple[bytes, bool]):
    data, usual = sheet
    plain = plain_extent([data], 10**6)
    fast = fast_extent(data)
    if usual:
        assert fast == plain
    else:
        assert fast is None


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(sheets(), st.integers(1, 400), st.integers(16, 600))
def test_the_facts_do_not_depend_on_how_the_part_is_cut(sheet: tuple[bytes, bool], piece: int, block: int):
    data, _ = sheet
    whole = SheetScan()
    whole.feed(data)
    cut = SheetScan(block=block)
    for start in range(0, len(data), piece):  # the part in pieces, as it is unpacked
        cut.feed(data[start : start + piece])
    assert cut.close() == whole.close()


def test_plain_extent_follows_calamine_for_cells_and_rows_without_references():
    """Rows without `r` follow the previous row; cells without `r` follow the previous cell, which may
    have set the column by its own reference."""
    xml = b"<worksheet><sheetData><row r='3'><c r='B3'/><c/></row><row><c/><c/><c/></row></sheetData></worksheet>"
    assert plain_extent([xml], 100) == Extent(rows=4, columns=3, cells=5)


def test_a_comment_hides_nothing_and_counts_nothing():
    xml = b"<worksheet><sheetData><row r='1'><c r='A1'/></row><!-- <c r='XFD9'/> --></sheetData></worksheet>"
    assert plain_extent([xml], 100) == Extent(rows=1, columns=1, cells=1)
    scan = SheetScan()
    scan.feed(xml)
    assert scan.close().plain


def test_an_element_name_ends_at_white_space_a_bracket_or_a_slash() -> None:
    every = np.arange(256, dtype=np.uint8)
    assert set(np.flatnonzero(_ends_name(every)).tolist()) == {ord(c) for c in " >/\t\n\r"}
