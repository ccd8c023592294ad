"""The data cells' XML (pipeline/workbook/cells.py): the vectorized kernel against its rule, cell by cell.

`plain_rows_xml` applies the rule `rows_xml` states one cell at a time, with Python's own `str`, `repr`
and `float`; `rows_xml` renders each distinct value of a column once, casts integer columns in Arrow and
joins the cells with Arrow's string kernels. On random frames (numbers of every size and sign, text with
XML's special characters, characters XML cannot hold and spaces at the ends, dates, blanks, booleans, object
columns mixing them, entry columns and highlighted rows) both must give the same bytes.

Not drawn: infinite numbers (the kernel has no text for them: `number_text` gives None, and no standings
table holds one), and object columns mixing booleans with numbers, or other equal values of different kinds
(pandas' factorize takes True for 1, and NumPy's float32 0.0 for 0, so the first of them decides how both
are written).
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from unittest import mock

import hypothesis.strategies as st
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings

from pipeline.sheets import column_letters
from pipeline.workbook import cells, writer
from pipeline.workbook.cells import CellStyles, escaped, escaped_text, rows_xml

STYLES = CellStyles(lead=2, date=3, lead_date=4, entry=5)
EPOCH = pd.Timestamp("1899-12-30")
ILLEGAL = {chr(c) for c in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0xFFFE, 0xFFFF]}
NUMBER_TYPES = (int, float, np.int64, np.float64, bool, np.bool_)  # what an object column writes as numbers
DATE_TYPES = (pd.Timestamp, dt.datetime, dt.date)

# ---------------------------------------------------------------- the rule, one cell at a time


def plain_number(value: object) -> str:
    """A finite number as a <v> text: whole and below 2**53 in magnitude without a point, else repr."""
    number = float(value)
    return str(int(number)) if number.is_integer() and abs(number) < 2**53 else repr(number)


def plain_text(value: object) -> str:
    """The end of an inline-string cell."""
    text = "".join(c for c in str(value) if c not in ILLEGAL)
    shown = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    padded = text[:1].isspace() or text[-1:].isspace()
    return f' t="inlineStr"><is><t{" xml:space=" + chr(34) + "preserve" + chr(34) if padded else ""}>{shown}</t></is></c>'


def kind_of(column: pd.Series, value: object) -> str:
    """blank, boolean, number, date or text: by the column's dtype, in an object column by the value's type."""
    if pd.isna(value):
        return "blank"
    dtype = column.dtype
    if pd.api.types.is_bool_dtype(dtype):
        return "boolean"
    if pd.api.types.is_numeric_dtype(dtype):
        return "number"
    if pd.api.types.is_datetime64_any_dtype(dtype):
        return "date"
    if not pd.api.types.is_object_dtype(dtype):
        return "text"
    if type(value) in NUMBER_TYPES:
        numbers = [v for v in column if not pd.isna(v) and type(v) in NUMBER_TYPES]
        return "boolean" if all(type(v) in (bool, np.bool_) for v in numbers) else "number"
    return "date" if type(value) in DATE_TYPES else "text"


def first_is_date(column: pd.Series) -> bool:
    """Whether the column's first value (not blank) is a date."""
    present = [v for v in column if not pd.isna(v)]
    return bool(present) and kind_of(column, present[0]) == "date"


def plain_cell(
    column: pd.Series, value: object, ref: str, lead: bool, entry: bool, look: int | None = None
) -> str:
    """One <c> element by the rule ('' for a blank cell that is not written); `look` the row's style in a
    column given a look (0 for none)."""
    kind = kind_of(column, value)
    if entry:
        style = STYLES.entry
    elif kind == "date" or (kind == "blank" and lead and first_is_date(column)):
        style = STYLES.lead_date if lead else STYLES.date
    elif look is not None:
        style = look or None
    else:
        style = STYLES.lead if lead else None
    start = f'<c r="{ref}"' + ("" if style is None else f' s="{style}"')
    if kind == "blank":
        return start + "/>" if entry or lead else ""
    if kind == "boolean":
        return start + f' t="b"><v>{int(bool(value))}</v></c>'
    if kind == "number":
        return start + f"><v>{plain_number(value)}</v></c>"
    if kind == "date":
        return start + f"><v>{plain_number((pd.Timestamp(value) - EPOCH) / pd.Timedelta(days=1))}</v></c>"
    return start + plain_text(value)


def plain_rows_xml(
    frame: pd.DataFrame,
    first_row: int,
    lead: np.ndarray,
    entry: tuple[str, ...],
    looks: dict[str, np.ndarray] | None = None,
    heights: np.ndarray | None = None,
) -> bytes:
    """The <row> elements, row by row and cell by cell (a row's attributes from `heights` after its number)."""
    rows = []
    looks = looks or {}
    for i in range(len(frame)):  # the plain rule: a loop over rows
        n = first_row + i
        cells = [
            plain_cell(
                frame[col],
                frame[col].iloc[i],
                f"{column_letters(j)}{n}",
                bool(lead[i]),
                col in entry,
                int(looks[col][i]) if col in looks else None,
            )
            for j, col in enumerate(frame.columns)
        ]
        tall = "" if heights is None else str(heights[i])
        rows.append(f'<row r="{n}"{tall}>{"".join(cells)}</row>')
    return "".join(rows).encode("utf-8")


# ---------------------------------------------------------------- random frames

SPECIALS = "&<>\"' \t\n\r\u00a0\u3000\u2003\x01\x0b\x1f\ufffe\uffffaZ7Ωé"
TEXT = st.one_of(
    st.text(SPECIALS, max_size=6),
    st.text(st.characters(exclude_categories=("Cs",)), max_size=5),
    st.sampled_from(["", " ", "=HYPERLINK(1)", "Ana López", " padded ", "a&b<c>d", "7", "1.0", "True"]),
)
FLOATS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [0.0, -0.0, 0.5, 0.1 + 0.2, 2.0**53, -(2.0**53), 2.0**53 - 1, 1e16, 1e-300, 123.0, -7.25]
    ),
    st.integers(-(10**6), 10**6).map(float),
)
INTS = st.one_of(
    st.integers(-(2**63), 2**63 - 1), st.integers(-1000, 1000), st.sampled_from([2**53, -(2**53), 2**53 - 1])
)
MOMENTS = st.datetimes(dt.datetime(1900, 1, 1), dt.datetime(2099, 12, 31, 23, 59, 59))
OBJECTS = st.one_of(
    st.none(),
    st.just(np.nan),
    st.integers(-(10**9), 10**9),
    FLOATS,
    TEXT,
    MOMENTS,
    MOMENTS.map(pd.Timestamp),
    MOMENTS.map(lambda m: m.date()),
)


@st.composite
def columns(draw: st.DrawFn, rows: int) -> pd.Series:
    """One column of `rows` values, of a random kind."""
    kind = draw(
        st.sampled_from(
            [
                "int",
                "small int",
                "float",
                "Int64",
                "Float64",
                "bool",
                "boolean",
                "str",
                "date",
                "object",
                "bool object",
            ]
        )
    )
    maybe = st.none()
    if kind == "int":
        return pd.Series(draw(st.lists(INTS, min_size=rows, max_size=rows)), dtype="int64")
    if kind == "small int":
        return pd.Series(draw(st.lists(st.integers(0, 255), min_size=rows, max_size=rows)), dtype="uint8")
    if kind == "float":
        return pd.Series(
            draw(st.lists(st.one_of(FLOATS, st.just(np.nan)), min_size=rows, max_size=rows)), dtype="float64"
        )
    if kind == "Int64":
        values = st.one_of(maybe, st.integers(-(10**12), 10**12))
        return pd.Series(draw(st.lists(values, min_size=rows, max_size=rows)), dtype="Int64")
    if kind == "Float64":
        values = st.one_of(maybe, FLOATS)
        return pd.Series(draw(st.lists(values, min_size=rows, max_size=rows)), dtype="Float64")
    if kind == "bool":
        return pd.Series(draw(st.lists(st.booleans(), min_size=rows, max_size=rows)), dtype="bool")
    if kind == "boolean":
        return pd.Series(
            draw(st.lists(st.one_of(maybe, st.booleans()), min_size=rows, max_size=rows)), dtype="boolean"
        )
    if kind == "str":
        return pd.Series(draw(st.lists(st.one_of(maybe, TEXT), min_size=rows, max_size=rows)), dtype="str")
    if kind == "date":
        moments = draw(st.lists(st.one_of(maybe, MOMENTS), min_size=rows, max_size=rows))
        return pd.Series(pd.to_datetime(pd.Series(moments, dtype=object)), dtype="datetime64[ns]")
    if kind == "bool object":  # booleans among text, dates and blanks, never with numbers
        values = st.one_of(maybe, st.booleans(), TEXT, MOMENTS)
        return pd.Series(draw(st.lists(values, min_size=rows, max_size=rows)), dtype=object)
    return pd.Series(draw(st.lists(OBJECTS, min_size=rows, max_size=rows)), dtype=object)


@st.composite
def blocks(draw: st.DrawFn) -> tuple[pd.DataFrame, int, np.ndarray, tuple[str, ...]]:
    """A block of rows: the frame, its first Excel row, the highlighted rows and the entry columns."""
    rows = draw(st.integers(0, 8))
    width = draw(st.integers(1, 5))
    frame = pd.DataFrame({f"c{j}": draw(columns(rows)) for j in range(width)})
    lead = np.array(draw(st.lists(st.booleans(), min_size=rows, max_size=rows)), dtype=bool)
    entry = tuple(c for c in frame.columns if draw(st.integers(0, 4)) == 0)
    looks = {
        c: np.array(
            draw(st.lists(st.sampled_from([0, 6, 7, 9]), min_size=rows, max_size=rows)), dtype="int64"
        )
        for c in frame.columns
        if draw(st.integers(0, 2)) == 0
    }
    tall = st.sampled_from(["", ' ht="30" customHeight="1"', ' ht="45" customHeight="1"'])
    heights = np.array(draw(st.lists(tall, min_size=rows, max_size=rows)), dtype=object)
    return (
        frame,
        draw(st.integers(2, 1_048_576)),
        lead,
        entry,
        looks or None,
        draw(st.sampled_from([None, heights])),
    )


def check(
    block: tuple[pd.DataFrame, int, np.ndarray, tuple[str, ...], dict | None, np.ndarray | None],
) -> None:
    """Every way of writing a block gives the rule's bytes: a short block cell by cell in Python (up to
    FEW_ROWS rows) and a long one by Arrow's kernels, each with a column's texts one by one and (past
    FEW_TEXTS) by Arrow."""
    frame, first_row, lead, entry, looks, heights = block
    expected = plain_rows_xml(frame, first_row, lead, entry, looks, heights)
    for few_rows, few_texts in [(400, 100), (400, 0), (0, 100), (0, 0)]:
        with mock.patch.object(cells, "FEW_ROWS", few_rows), mock.patch.object(cells, "FEW_TEXTS", few_texts):
            written = rows_xml(frame, first_row, lead, STYLES, entry, looks, heights)
            assert written == expected, (few_rows, few_texts)


@settings(max_examples=60, deadline=None)
@given(blocks())
def test_cells_are_written_as_the_rule_says(block) -> None:
    check(block)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(blocks())
def test_cells_are_written_as_the_rule_says_at_length(block) -> None:
    check(block)


def test_a_highlighted_blank_in_a_date_column_takes_the_lead_date_style() -> None:
    frame = pd.DataFrame({"when": pd.to_datetime(["2026-11-30", None]), "n": [1, 2]})
    xml = rows_xml(frame, 2, np.array([True, True]), STYLES).decode()
    assert xml == (
        '<row r="2"><c r="A2" s="4"><v>46356</v></c><c r="B2" s="2"><v>1</v></c></row>'
        '<row r="3"><c r="A3" s="4"/><c r="B3" s="2"><v>2</v></c></row>'
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXT, max_size=12))
def test_a_text_is_escaped_alone_as_arrow_escapes_a_column(texts: list[str]) -> None:
    """`escaped_text` (one text, in Python) and `escaped` (a column, Arrow's kernels) both follow the rule."""
    rule = [plain_text(t).split("<t", 1)[1].split(">", 1)[1].removesuffix("</t></is></c>") for t in texts]
    assert [escaped_text(t) for t in texts] == rule
    assert escaped(pd.Series(texts, dtype="str")).to_pylist() == rule


def test_escaping_removes_what_xml_cannot_hold_and_writes_entities() -> None:
    assert escaped_text("a\x01&<b>\ufffe") == "a&amp;&lt;b&gt;"


def wide(text: str) -> int:
    """The plain rule of a text's width on screen: two columns a character East Asian Wide or Fullwidth."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def test_a_wide_character_takes_two_columns() -> None:
    assert [writer.display_width(t) for t in ("Key", "Raúl", "比赛分标准", "ＭＰ", "4♠ NS")] == [
        3,
        4,
        10,
        4,
        5,
    ]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20))
def test_the_width_of_a_text_is_its_characters_counted_by_the_rule(text: str) -> None:
    assert writer.display_width(text) == wide(text)
    assert len(text) <= writer.display_width(text) <= 2 * len(text)


CJK = st.text(alphabet="比赛分标准项目值东西南北ｐａｒＭＰ abcÁé", min_size=0, max_size=15)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.none(), CJK), max_size=12).map(lambda values: pd.Series(values, dtype="str")))
def test_a_column_of_wide_text_is_as_wide_as_its_widest_text_both_ways(column: pd.Series) -> None:
    rule = max((wide(v) for v in column if isinstance(v, str)), default=0)
    assert writer._longest_text(column) == rule
    with mock.patch.object(writer, "FEW_ROWS", 0):  # the way for long columns: Arrow, or each distinct text
        assert writer._longest_text(column) == rule


@settings(max_examples=100, deadline=None)
@given(st.lists(OBJECTS, max_size=12).map(lambda values: pd.Series(values, dtype=object)))
def test_a_column_is_as_wide_as_its_longest_text(column: pd.Series) -> None:
    """`_longest_text` of an object column: the widest `str` of a value present, whichever way it counts."""
    rule = max((wide(str(v)) for v in column if not pd.isna(v)), default=0)
    assert writer._longest_text(column) == rule
    with mock.patch.object(writer, "FEW_ROWS", 0):  # the way for long columns
        assert writer._longest_text(column) == rule


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.none(), TEXT), max_size=12).map(lambda values: pd.Series(values, dtype="str")))
def test_a_text_column_is_as_wide_as_its_longest_text(column: pd.Series) -> None:
    """`_longest_text` of a column of text: the widest text present, both ways."""
    rule = max((wide(v) for v in column if isinstance(v, str)), default=0)
    assert writer._longest_text(column) == rule
    with mock.patch.object(writer, "FEW_ROWS", 0):  # the way for long columns
        assert writer._longest_text(column) == rule
