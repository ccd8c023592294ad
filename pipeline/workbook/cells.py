"""The cells of a worksheet as SpreadsheetML: the rule in `rows_xml`, and how it is made fast.

The writer (writer.py) decides what a workbook holds; this module writes its data cells. `rows_xml` states
the rule cell by cell, and tests/test_cells.py checks it against a plain builder that applies that rule one
cell at a time. The XML itself is built column by column: each distinct value of a column is rendered once
and spread back with the factorize codes, a column of plain integers is cast to text by Arrow in one step,
and the cells of a row are joined with Arrow's element-wise string kernels; measured about 3-4x faster than
xlsxwriter in constant-memory mode (bench/README.md). Arrow's calls cost tens of microseconds each whatever
the length, so a short block (at most FEW_ROWS rows, as a season's events are) is written cell by cell in
Python, and a column of at most FEW_TEXTS distinct texts has its texts escaped one by one; the tests check
every way against the rule.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.sheets import column_letters

EXCEL_EPOCH = pd.Timestamp("1899-12-30")  # day 0 of Excel's 1900 date system
WHOLE_LIMIT = 2**53  # whole numbers below this in magnitude are exact in a float64, written without a point
ILLEGAL_XML = r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]"  # characters XML 1.0 cannot hold
_ILLEGAL_RE2 = (
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x{fffe}\x{ffff}]"  # the same characters, as Arrow's regex writes them
)
_ILLEGAL = re.compile(ILLEGAL_XML)
_PADDED = re.compile(r"^\s|\s$")  # a text that starts or ends with white space
_STR = pa.large_string()
NUMBER_KIND, DATE_KIND = 1, 2  # what a value of an object column is written as, by its type (else text)
_KINDS = {
    **dict.fromkeys((int, float, np.int64, np.float64, bool, np.bool_), NUMBER_KIND),
    **dict.fromkeys((pd.Timestamp, dt.datetime, dt.date), DATE_KIND),
}
_KIND_OF = np.frompyfunc(lambda value: _KINDS.get(type(value), 0), 1, 1)
FEW_TEXTS = 100  # at most this many distinct texts in a column: written one by one (measured: Arrow pays from about 120)
FEW_ROWS = 400  # a block of at most this many rows: its plain columns written cell by cell (measured: Arrow pays from 400-900)
_PLAIN_OBJECTS = frozenset((int, float, str, np.int64, np.float64, type(None), type(pd.NA)))


@dataclass(frozen=True)
class CellStyles:
    """The styles data cells take (their positions in the workbook's cellXfs)."""

    lead: int  # a highlighted row (the podium)
    date: int  # a date
    lead_date: int  # a date in a highlighted row
    entry: int  # a cell of an entry column: unlocked and shaded, written even when blank


def rows_xml(
    frame: pd.DataFrame,
    first_row: int,
    lead: np.ndarray,
    styles: CellStyles,
    entry: tuple[str, ...] = (),
    looks: Mapping[str, np.ndarray] | None = None,
    heights: np.ndarray | None = None,
) -> bytes:
    """The <row> elements of a block of data rows starting at Excel row `first_row`, as UTF-8. The rule:

    Each row is `<row r="N">` (`<row r="N" ht=...>` with the row's attributes in `heights`, where given), its
    cells left to right and `</row>`; a cell is `<c r="{letter}N"`, its style
    and its value. What a value is follows the column's dtype; in an object column each value's own type
    (int, float, bool and NumPy's int64, float64, bool_ are numbers; Timestamp, datetime, date are dates):
    - blank (NA, NaN, NaT, None): `/>`, written only in an entry column or a highlighted row;
    - a boolean: ` t="b"><v>1</v></c>` or `0` (in an object column only when all its numbers are booleans);
    - a number (finite): `><v>` and its `number_text`, `</v></c>`;
    - a date or date-time: the days since 1899-12-30 the same way, in the date style;
    - anything else, as text (`str`): ` t="inlineStr"><is><t>` and the text `escaped`, `</t></is></c>`, the
      `<t>` marked xml:space="preserve" when the text starts or ends with white space (Python's `\\s`).
    The style is ` s="n"`: the entry style for every cell of an entry column; otherwise the lead date style
    for a date in a highlighted row, the date style for other dates and the lead style for the other cells
    of a highlighted row (a blank one takes the lead date style when the column's first value is a date);
    no style otherwise. A column given a look (`looks[column]`, one style number per row, 0 for none) takes
    the look's style instead of the lead style or none, for every cell that is not a date."""
    if len(frame) <= FEW_ROWS:
        return _few_rows_xml(frame, first_row, lead, styles, entry, looks, heights)
    rows = pc.cast(pa.array(np.arange(first_row, first_row + len(frame), dtype=np.int64)), _STR)
    lead_style = pa.array(np.where(lead, f' s="{styles.lead}"', ""), _STR) if lead.any() else _text("")
    cells = [
        piece
        for i, col in enumerate(frame.columns)
        for piece in _cells_xml(
            frame[col],
            column_letters(i),
            rows,
            lead,
            lead_style if looks is None or col not in looks else _look_style(looks[col]),
            styles,
            col in entry,
        )
    ]
    opened = [_text('">')] if heights is None else [_text('"'), pa.array(heights, _STR), _text(">")]
    pieces = _merged([_text('<row r="'), rows, *opened, *cells, _text("</row>")])
    joined = pc.binary_join_element_wise(*pieces, _text(""))  # every row in one pass
    end = int(np.frombuffer(joined.buffers()[1], dtype=np.int64)[len(joined)]) if len(joined) else 0
    return bytes(memoryview(joined.buffers()[2])[:end]) if end else b""


def _few_rows_xml(
    frame: pd.DataFrame,
    first_row: int,
    lead: np.ndarray,
    styles: CellStyles,
    entry: tuple[str, ...],
    looks: Mapping[str, np.ndarray] | None,
    heights: np.ndarray | None = None,
) -> bytes:
    """`rows_xml` of a short block: a column of plain numbers or text written value by value in Python
    (`_plain_cells`), any other column by `_cells_xml`, the cells joined row by row."""
    numbers = [str(n) for n in range(first_row, first_row + len(frame))]
    leads = lead.tolist()
    lead_style = [f' s="{styles.lead}"' if x else "" for x in leads]
    columns = []
    for i, col in enumerate(frame.columns):
        letter, values, is_entry = column_letters(i), frame[col], col in entry
        if is_entry:
            style = [f' s="{styles.entry}"'] * len(numbers)
        elif looks is not None and col in looks:
            style = [f' s="{n}"' if n else "" for n in looks[col].tolist()]
        else:
            style = lead_style
        cells = _plain_cells(values, letter, numbers, style, leads, is_entry)
        if cells is None:
            shown = lead_style if looks is None or col not in looks else style
            pieces = _cells_xml(
                values, letter, pa.array(numbers, _STR), lead, pa.array(shown, _STR), styles, is_entry
            )
            joined = pieces[0] if len(pieces) == 1 else pc.binary_join_element_wise(*pieces, _text(""))
            cells = joined.to_pylist()
        columns.append(cells)
    rows = zip(*columns, strict=True) if columns else [()] * len(numbers)
    tall = [""] * len(numbers) if heights is None else heights.tolist()
    return "".join(
        f'<row r="{n}"{h}>{"".join(c)}</row>' for n, h, c in zip(numbers, tall, rows, strict=True)
    ).encode("utf-8")


def _plain_cells(
    values: pd.Series, letter: str, numbers: list[str], style: list[str], lead: list[bool], entry: bool
) -> list[str] | None:
    """Each row's <c> element of a column of plain values ('' for a blank cell not written), as `rows_xml`
    writes it: NumPy integers (within 2**53), booleans or floats (no infinity), text, or objects that are
    each an int, float, str or blank; None for any other column (dates, mixed booleans, infinities)."""
    ends = _plain_ends(values)
    if ends is None:
        return None
    return [
        f'<c r="{letter}{n}"{s}{e}' if e is not None else (f'<c r="{letter}{n}"{s}/>' if entry or x else "")
        for n, s, e, x in zip(numbers, style, ends, lead, strict=True)
    ]


def _plain_ends(values: pd.Series) -> list[str | None] | None:
    """What follows a plain cell's style, value by value (None for a blank); None for a column that is not
    plain (see `_plain_cells`)."""
    dtype = values.dtype
    if isinstance(dtype, np.dtype) and dtype.kind in "iub":
        number = values.to_numpy()
        if dtype.kind == "b":
            return [' t="b"><v>1</v></c>' if x else ' t="b"><v>0</v></c>' for x in number.tolist()]
        if len(number) and not (number.min() > -WHOLE_LIMIT and number.max() < WHOLE_LIMIT):
            return None
        return [f"><v>{x}</v></c>" for x in number.tolist()]
    if not (isinstance(dtype, np.dtype) and dtype.kind in "fO") and dtype != "str":
        return None
    items = values.to_numpy().tolist() if dtype.kind == "f" else values.tolist()
    if dtype.kind == "O" and not set(map(type, items)) <= _PLAIN_OBJECTS:
        return None
    shown: dict[object, str | None] = {}  # each distinct value rendered once
    for x in items:
        if x not in shown:
            end = _plain_end(x)
            if end == "":
                return None
            shown[x] = end
    return [shown[x] for x in items]


def _plain_end(value: object) -> str | None:
    """What follows a cell's style for one plain value (`_value_xml` of it): None for a blank, '' for a
    value this path leaves to `_cells_xml` (an infinity, an integer beyond 2**53)."""
    if value is None or value is pd.NA:
        return None
    if isinstance(value, str):
        return _text_end(escaped_text(value))
    number = float(value)  # type: ignore[arg-type]
    if number != number:
        return None
    if not abs(number) < WHOLE_LIMIT:
        return "" if not isinstance(value, float) or math.isinf(number) else f"><v>{number!r}</v></c>"
    return f"><v>{int(number) if number.is_integer() else repr(number)}</v></c>"


def escaped(text: pd.Series) -> pa.Array:
    """Text safe inside XML, as an Arrow array: each text as `escaped_text` writes it (blank stays blank), by
    Arrow's kernels."""
    s = _as_text(text)
    if pc.any(pc.match_substring_regex(pa.array(s, _STR), _ILLEGAL_RE2)).as_py():  # rare: such a character
        s = s.str.replace(ILLEGAL_XML, "", regex=True)
    out = pa.array(s, _STR)
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;")):  # three characters, & first
        out = pc.replace_substring(out, char, entity)
    return out


def escaped_text(text: str) -> str:
    """One text safe inside XML: the characters XML cannot hold (ILLEGAL_XML) removed, then &, < and >
    written &amp; &lt; &gt;."""
    return _ILLEGAL.sub("", text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def number_text(values: pd.Series | np.ndarray) -> np.ndarray:
    """Numbers as the text of a <v> element: a whole number below 2**53 in magnitude as an integer (no
    point: 3, -2, 0 for -0.0), any other finite number as Python's `repr` of the float (2.5, 1e+16); None
    for NaN and infinities."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "iuf":
        number = values.astype("float64")
    else:
        number = pd.to_numeric(pd.Series(values), errors="coerce").to_numpy(dtype="float64", na_value=np.nan)
    finite = np.isfinite(number)
    whole = finite & (np.abs(number) < WHOLE_LIMIT)
    whole[whole] = number[whole] == np.round(number[whole])
    text = np.full(len(number), None, dtype=object)
    text[whole] = number[whole].astype(np.int64).astype(str)
    rest = np.flatnonzero(finite & ~whole)
    text[rest] = [repr(float(x)) for x in number[rest]]  # only the distinct non-whole values reach here
    return text


# ---------------------------------------------------------------- how: distinct values, Arrow joins


def _as_text(values: pd.Series) -> pd.Series:
    """The values as text (str dtype); a column already of text as it is."""
    return values if values.dtype == "str" else values.astype("str")


def _padded(t: pa.Array) -> np.ndarray:
    """Where a text starts or ends with white space (as Python's regex `\\s` reads it), kept by Excel only
    when marked."""
    plain = pc.and_(pc.match_substring_regex(t, "^[!-~]"), pc.match_substring_regex(t, "[!-~]$"))
    if pc.all(pc.or_(plain, pc.equal(pc.utf8_length(t), 0))).as_py() is not False:
        return np.zeros(len(t), dtype=bool)  # every text starts and ends with a visible ASCII character
    text = pd.Series(pd.array(t, dtype="str"))
    return text.str.contains(r"^\s|\s$", regex=True).to_numpy(dtype=bool)


def _cell_kinds(values: pd.Series) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Masks of the values to write as numbers, as text and as dates (the rest are blank)."""
    blank = values.isna().to_numpy(dtype=bool)
    dtype = values.dtype
    none = np.zeros(len(values), dtype=bool)
    if pd.api.types.is_bool_dtype(dtype) or pd.api.types.is_numeric_dtype(dtype):
        return ~blank, none, none
    if pd.api.types.is_datetime64_any_dtype(dtype):
        return none, none, ~blank
    if pd.api.types.is_string_dtype(dtype) and not pd.api.types.is_object_dtype(dtype):
        return none, ~blank, none
    kind = _KIND_OF(values.to_numpy(dtype=object)).astype(np.int8)  # an object column may mix them
    number, date = (kind == NUMBER_KIND) & ~blank, (kind == DATE_KIND) & ~blank
    return number, ~blank & ~number & ~date, date


def _text_xml(text: pd.Series) -> pa.Array:
    """The end of an inline-string cell element for each text (spaces kept where the text starts or ends
    with one)."""
    if len(text) <= FEW_TEXTS:  # a few texts: one by one
        return pa.array([_text_end(escaped_text(t)) for t in _as_text(text).tolist()], _STR)
    t = escaped(text)
    padded = _padded(t)
    space = pa.array(np.where(padded, ' xml:space="preserve"', ""), _STR) if padded.any() else _text("")
    return pc.binary_join_element_wise(
        _text(' t="inlineStr"><is><t'), space, _text(">"), t, _text("</t></is></c>"), _text("")
    )


def _text_end(text: str) -> str:
    """`_text_xml` of one text already escaped."""
    space = ' xml:space="preserve"' if _PADDED.search(text) else ""
    return f' t="inlineStr"><is><t{space}>{text}</t></is></c>'


def _typed_value_xml(values: pd.Index) -> np.ndarray | pa.Array | None:
    """`_value_xml` for distinct values of one plain type (numbers, booleans or text, no blanks), straight
    from the dtype; None for any other column (an object column, dates, blanks)."""
    dtype = values.dtype
    if values.hasnans or pd.api.types.is_object_dtype(dtype):
        return None
    if pd.api.types.is_bool_dtype(dtype):
        return np.where(values.to_numpy(dtype=bool), ' t="b"><v>1</v></c>', ' t="b"><v>0</v></c>').astype(
            object
        )
    if pd.api.types.is_numeric_dtype(dtype):
        return "><v>" + number_text(values.to_numpy(dtype="float64")) + "</v></c>"
    if pd.api.types.is_string_dtype(dtype):
        return _text_xml(pd.Series(values, dtype=dtype))
    return None


def _value_xml(values: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """For distinct values: the end of the cell element after `<c r=".." s=".."`, and whether it is a date."""
    number, text, date = _cell_kinds(values)
    out = np.full(len(values), "", dtype=object)
    if number.any():
        v = values[number]
        if pd.api.types.is_bool_dtype(v.dtype) or v.map(type).isin([bool, np.bool_]).all():
            out[number] = [f' t="b"><v>{int(x)}</v></c>' for x in v]
        else:
            out[number] = "><v>" + number_text(v) + "</v></c>"
    if text.any():
        out[text] = _text_xml(values[text].astype("str")).to_numpy(zero_copy_only=False)
    if date.any():
        serial = (pd.to_datetime(values[date]) - EXCEL_EPOCH) / pd.Timedelta(days=1)
        out[date] = "><v>" + number_text(serial) + "</v></c>"
    return out, date


def _integer_text(values: pd.Series) -> pa.Array | None:
    """The <v> text of each cell of a column of plain integers (a NumPy integer dtype, every value within
    2**53 of 0, so `number_text` would write it as is), by Arrow's integer-to-text cast; None otherwise."""
    if not isinstance(values.dtype, np.dtype) or values.dtype.kind not in "iu":
        return None
    number = values.to_numpy()
    if len(number) and not (number.min() > -WHOLE_LIMIT and number.max() < WHOLE_LIMIT):
        return None
    return pc.cast(pa.array(number), _STR)


def _look_style(look: np.ndarray) -> pa.Array:
    """The style attribute of each row of a column given a look: ` s="n"`, or nothing for 0."""
    numbers, codes = np.unique(look, return_inverse=True)
    shown = np.array([f' s="{n}"' if n else "" for n in numbers], dtype=object)  # a few distinct styles
    return pa.array(shown[codes], _STR)


def _merged(pieces: list[pa.Array | pa.Scalar]) -> list[pa.Array | pa.Scalar]:
    """The pieces of a row with each run of constant pieces joined into one."""
    out: list[pa.Array | pa.Scalar] = []
    for piece in pieces:  # a few pieces a column
        if isinstance(piece, pa.Scalar) and out and isinstance(out[-1], pa.Scalar):
            out[-1] = _text(out[-1].as_py() + piece.as_py())
        else:
            out.append(piece)
    return out


@functools.cache
def _text(value: str) -> pa.Scalar:
    """A constant piece of XML as an Arrow scalar, to join with columns."""
    return pa.scalar(value, _STR)


def _cells_xml(
    values: pd.Series,
    letter: str,
    rows: pa.Array,
    lead: np.ndarray,
    lead_style: pa.Array | pa.Scalar,
    styles: CellStyles,
    entry: bool = False,
) -> list[pa.Array | pa.Scalar]:
    """The <c> elements of one column ('' for blank cells) as pieces to join row by row (constants and
    arrays); each distinct value is rendered once. Cells of an entry column are written even when blank:
    unlocked and shaded. `lead_style` is the style attribute of every row when the column holds no date."""
    whole = _integer_text(values)
    if whole is not None:  # every cell a number: no blank, no date
        style = _text(f' s="{styles.entry}"') if entry else lead_style
        return [_text(f'<c r="{letter}'), rows, _text('"'), style, _text("><v>"), whole, _text("</v></c>")]
    codes, distinct = pd.factorize(values, use_na_sentinel=True)
    typed = _typed_value_xml(distinct)
    if typed is None:
        rendered, is_date = _value_xml(pd.Series(distinct))
    else:
        rendered, is_date = typed, np.zeros(len(typed), dtype=bool)
    present = codes >= 0
    everywhere = bool(present.all())
    take = codes if everywhere else np.where(present, codes, 0)
    dated = is_date[take] if len(rendered) else np.zeros(len(values), dtype=bool)
    if not isinstance(rendered, pa.Array):
        rendered = pa.array(rendered, _STR)
    suffix = rendered.take(pa.array(take)) if len(rendered) else pa.nulls(len(values), _STR)
    if not everywhere:
        suffix = pc.if_else(pa.array(present), suffix, _text("/>"))
    if entry:
        style = _text(f' s="{styles.entry}"')
    elif dated.any():
        shown = [f' s="{styles.lead_date}"', f' s="{styles.date}"']
        other = lead_style.to_numpy(zero_copy_only=False) if isinstance(lead_style, pa.Array) else None
        rest = other if other is not None else np.where(lead, f' s="{styles.lead}"', "")
        style = pa.array(np.select([dated & lead, dated], shown, rest), _STR)
    else:
        style = lead_style
    cells = [_text(f'<c r="{letter}'), rows, _text('"'), style, suffix]
    written = present | lead
    if everywhere or entry or written.all():
        return cells
    return [pc.if_else(pa.array(written), pc.binary_join_element_wise(*cells, _text("")), _text(""))]
