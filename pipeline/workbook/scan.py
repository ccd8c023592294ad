"""Where the reader will place a worksheet's cells, and what misleads in it, from the XML in pieces.

The reader (calamine) places every cell of a worksheet in a dense grid from the first to the last cell, so
the grid's size must be known before it reads: a lone cell at XFD1048576 asks for 17 billion cells and
aborts the process. The rule it places cells by (calamine's `XlsxCellReader::next_cell`), in plain words:

- a `<row>` element (any namespace prefix) with an `r` attribute sets the current row to `r`; the end of a
  `<row>` moves to the next row and back to the first column;
- a `<c>` element with an `r` attribute (`B7`) sits at that cell and sets the current column to its column;
  one without `r` sits at the current row and column; either way the current column then moves one right;
- reading stops at the end of `<sheetData>`.

`plain_extent` applies that rule with expat, element by element, and refuses XML that is not well formed
(a parser more lenient than expat could see cells expat does not). `SheetScan` is the fast path fed the
part in pieces: when every `<c>` element is written as Excel and other programs write it, with `r` first
(`<c r="B7"`, `<x:c r='B7'`), it takes the largest row and column of the references with numpy, block by
block, in bounded memory; any other form (a cell without `r`, `r` not first, a comment or CDATA section)
marks the part for `plain_extent`. Either way the result is an upper bound of the grid the reader builds
(cells with no value, and elements after `<sheetData>`, count too). tests/test_scan.py checks the fast path
against `plain_extent` on generated sheets.

Besides the extent, the scan collects what reads wrongly: formulas saved without a result, merged ranges,
the column of the first value when column A is empty (the reader's grid starts there), and blank
formatted rows below the last value.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from xml.parsers import expat

import numpy as np

from pipeline.i18n import N_, _
from pipeline.sheets import column_number

EXCEL_MAX_ROWS = 1_048_576
BLOCK = 8 << 20  # bytes scanned at a time
MAX_CARRY = 64 << 20  # a single row larger than this is refused
TAG_ENDS = np.array([32, 62, 47, 9, 10, 13], dtype=np.uint8)  # space > / tab newline return
_REF = re.compile(r"([A-Za-z]{1,3})([1-9][0-9]{0,6})")
_P = rb"(?:[\w.-]+:)?"  # an optional namespace prefix
_ROW_START = re.compile(rb"<" + _P + rb"row[\s/>]")
_ROW_NUMBER = re.compile(rb"<" + _P + rb"row\b[^>]*?\br=[\"'](\d+)[\"']")
_VALUE_END = re.compile(rb"</" + _P + rb"(?:v|is)>")
_VALUE_CELL = re.compile(
    rb"<" + _P + rb"c\s+r=[\"']([A-Za-z]+)\d+[\"'][^>]*>(?:<" + _P + rb"f[^>]*/>|<" + _P + rb"f[^>]*>[^<]*</"
    rb"" + _P + rb"f>)?<" + _P + rb"(?:v|is)>"
)
_FORMULA_CELL = re.compile(
    rb"<"
    + _P
    + rb"c\b([^>]*?)\br=[\"']([A-Za-z]+)(\d+)[\"']([^>]*)>\s*<"
    + _P
    + rb"f\b[^>]*?(?:/>|>([^<]*)</"
    rb"" + _P + rb"f>)\s*(<" + _P + rb"v\s*/>|<" + _P + rb"v>([^<]*)</" + _P + rb"v>)?"
)
_MERGE = re.compile(rb"<" + _P + rb"mergeCell\b[^>]*\bref=[\"']([A-Za-z]+)(\d+)(?::([A-Za-z]+)(\d+))?[\"']")
_ROW_REF = re.compile(r"([A-Za-z]{0,3})([1-9][0-9]{0,6})")


class OddSheet(ValueError):
    """A worksheet the plain rule cannot place: not well-formed XML, or a reference that names no cell."""


@dataclass
class Extent:
    """The largest row and column (1-based) a worksheet's cells can occupy, and how many `<c>` there are."""

    rows: int = 0
    columns: int = 0
    cells: int = 0

    def widened(self, other: Extent) -> Extent:
        """The extent covering both."""
        return Extent(max(self.rows, other.rows), max(self.columns, other.columns), self.cells + other.cells)


@dataclass
class SheetFacts:
    """What the package says about one worksheet that the cell values do not."""

    first_column: int = 0  # 0-based column of the reader's first grid column
    formulas: list[tuple[int, int, str]] = field(default_factory=list)  # (row, column, formula text)
    merged: list[tuple[str, int, int, int]] = field(default_factory=list)  # (range, top, bottom, left column)
    extent: Extent = field(default_factory=Extent)
    values: int = 0  # cells holding a value (`<v>` or `<is>`)
    value_row: int = 0  # the row of the last value
    blank_rows: int = 0  # `<row>` elements after the last value
    plain: bool = False  # the extent must come from `plain_extent`


def _letters(byte: np.ndarray) -> np.ndarray:
    """True for the bytes A-Z and a-z."""
    return ((byte >= 65) & (byte <= 90)) | ((byte >= 97) & (byte <= 122))


def _digits(byte: np.ndarray) -> np.ndarray:
    """True for the bytes 0-9."""
    return (byte >= 48) & (byte <= 57)


def _largest(raw: np.ndarray, at: np.ndarray, width: np.ndarray, base: int) -> int:
    """The largest of the numbers written at `at` with `width` characters (base 26 letters, base 10 digits)."""
    if not len(at):
        return 0
    widest = width == width.max()
    at, size = at[widest], int(width.max())
    value = np.zeros(len(at), dtype=np.int64)
    for k in range(size):  # at most 3 letters or 7 digits
        byte = raw[at + k].astype(np.int64)
        value = value * base + ((byte & ~32) - 64 if base == 26 else byte - 48)
    return int(value.max())


@dataclass
class Marks:
    """What one block of whole elements holds, from one numpy pass over its `<` bytes."""

    extent: Extent | None  # None: some cell is not written `<c r="A1"` (then only a parser can place it)
    prefixed: bool  # some element has a namespace prefix (`<x:c`, `<x:row`): the marks below skip them
    values: int = 0  # `</v>` and `</is>`
    last_value: int = -1  # where the last of them starts
    rows: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # where each `<row` starts
    bang: bool = False  # a `<!` (comment, CDATA, DTD)
    formula: bool = False  # a `<f` element
    merge: bool = False  # a `<mergeCell` element


_ENDS_NAME = np.isin(np.arange(256), TAG_ENDS)  # by byte value: one lookup a byte, not np.isin's sort


def _ends_name(byte: np.ndarray) -> np.ndarray:
    """True for the bytes that end an element name (space, `>`, `/`, tab, newline, return)."""
    return _ENDS_NAME[byte]


def block_marks(block: bytes) -> Marks:
    """The marks of a block of whole elements (see Marks)."""
    n = len(block)
    raw = np.frombuffer(block + b"\0" * 16, dtype=np.uint8)
    opens = np.flatnonzero(raw[:n] == 60)  # '<'
    b1, b2, b3, b4 = (raw[opens + k] for k in (1, 2, 3, 4))
    at = opens[(b1 == 99) & _ends_name(b2)] + 2  # the byte after the name of each `<c`
    every_colon = np.flatnonzero(raw[:n] == 58)  # ':' is rare outside namespace declarations
    c1, c2, c3, c4 = (raw[every_colon + k] for k in (1, 2, 3, 4))
    colons = every_colon[(c1 == 99) & _ends_name(c2)]
    rows_or_values = ((c1 == 114) & (c2 == 111) & (c3 == 119) & _ends_name(c4)) | ((c1 == 118) & (c2 == 62))
    prefixed = bool((rows_or_values | ((c1 == 105) & (c2 == 115) & (c3 == 62))).any())
    if len(colons):  # a prefixed name when only name bytes lie between the element's '<' and the colon
        start = opens[np.maximum(np.searchsorted(opens, colons) - 1, 0)]
        breaks = np.cumsum(_ends_name(raw[:n]))
        named = colons[(start < colons) & (breaks[colons] == breaks[start])]
        prefixed |= bool(len(named))
        at = np.sort(np.concatenate([at, named + 2]))
    value_end = (b1 == 47) & (((b2 == 118) & (b3 == 62)) | ((b2 == 105) & (b3 == 115) & (b4 == 62)))
    ends = opens[value_end]
    return Marks(
        _cells_extent(raw, at),
        prefixed,
        len(ends),
        int(ends[-1]) if len(ends) else -1,
        opens[(b1 == 114) & (b2 == 111) & (b3 == 119) & _ends_name(b4)],
        bool((b1 == 33).any()),
        bool(((b1 == 102) & _ends_name(b2)).any()),
        bool(((b1 == 109) & (b2 == 101) & (b3 == 114) & (b4 == 103)).any()),
    )


def fast_extent(block: bytes) -> Extent | None:
    """The extent of a block of whole elements whose every `<c>` starts `<c r="A1"` (any prefix, either
    quote, 1-3 letters, a row 1-9,999,999); None when some cell is written otherwise."""
    return block_marks(block).extent


def _cells_extent(raw: np.ndarray, at: np.ndarray) -> Extent | None:
    """The extent of the cells whose names end at `at`, if every one of them starts `r="A1"`."""
    if not len(at):
        return Extent()
    quote = raw[at + 3]
    if not (
        (raw[at] == 32) & (raw[at + 1] == 114) & (raw[at + 2] == 61) & ((quote == 34) | (quote == 39))
    ).all():
        return None
    start = at + 4
    l1 = _letters(raw[start])
    l2 = l1 & _letters(raw[start + 1])
    l3 = l2 & _letters(raw[start + 2])
    letters = l1.astype(np.int64) + l2 + l3
    first = start + letters
    digits = np.zeros(len(at), dtype=np.int64)
    run = np.ones(len(at), dtype=bool)
    for k in range(8):  # a row has at most 7 digits; the 8th tells a longer one apart
        run &= _digits(raw[first + k])
        digits += run
    closed = raw[first + digits] == quote
    if not (l1 & (digits >= 1) & (digits <= 7) & closed & (raw[first] != 48)).all():
        return None
    return Extent(_largest(raw, first, digits, 10), _largest(raw, start, letters, 26), len(at))


@dataclass
class _Cursor:
    """Where the plain rule stands in a worksheet: the current row and column (from 0), the extent so far
    (rows, columns), the cells met, and whether `<sheetData>` has ended."""

    row: int = 0
    col: int = 0
    rows: int = 0
    cols: int = 0
    cells: int = 0
    done: bool = False


# the SpreadsheetML names the rule reads: the elements <row>, <c> and <sheetData>, and the reference `r`
_ROW_TAG, _CELL_TAG, _END_TAG, _REF_ATTR = "row", "c", "sheetData", "r"


def plain_extent(pieces: Iterable[bytes], most_cells: int) -> Extent:
    """The extent by the plain rule (module docstring), parsed with expat; OddSheet for XML that is not well
    formed or a reference that names no cell, ValueError past `most_cells` cells."""
    at = _Cursor()

    def place(ref: str, pattern: re.Pattern[str], what: str) -> tuple[int, int]:
        hit = pattern.fullmatch(ref)
        if hit is None:
            raise OddSheet(
                _(
                    "holds {what} '{ref}' that names no cell (Excel writes A1 to XFD1048576)",
                    what=_(what),
                    ref=ref[:20],
                )
            )
        return int(hit.group(2)) - 1, column_number(hit.group(1).upper()) if hit.group(1) else 0

    def start(name: str, attrs: dict[str, str]) -> None:
        local = name.rpartition(":")[2]
        if at.done:
            return
        if local == _ROW_TAG and _REF_ATTR in attrs:
            at.row = place(attrs[_REF_ATTR], _ROW_REF, N_("a row number"))[0]
        elif local == _CELL_TAG:
            at.cells += 1
            if at.cells > most_cells:
                raise ValueError(f"more than {most_cells:,} cells")
            row, col = (
                place(attrs[_REF_ATTR], _REF, N_("a cell reference"))
                if _REF_ATTR in attrs
                else (at.row, at.col)
            )
            at.col = col + 1
            at.rows, at.cols = max(at.rows, row + 1), max(at.cols, col + 1)

    def end(name: str) -> None:
        local = name.rpartition(":")[2]
        if local == _ROW_TAG:
            at.row += 1
            at.col = 0
        elif local == _END_TAG:
            at.done = True

    parser = expat.ParserCreate()  # no namespace processing: a prefix, declared or not, is just a name
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        for piece in pieces:  # the part, in pieces
            parser.Parse(piece, False)
        parser.Parse(b"", True)
    except expat.ExpatError as exc:
        raise OddSheet(
            _(
                "is not well-formed XML ({error}, line {line})",
                error=expat.ErrorString(exc.code),
                line=exc.lineno,
            )
        ) from None
    return Extent(at.rows, at.cols, at.cells)


class SheetScan:
    """The facts of one worksheet, fed its XML in pieces; memory stays within a block and one row."""

    def __init__(self, block: int = BLOCK) -> None:
        self.block = block  # bytes scanned at a time (smaller in tests, to cut elements often)
        self.facts = SheetFacts()
        self._pending: list[bytes] = []
        self._size = 0
        self._row = 0  # the number of the last `<row r>` scanned
        self._first: int | None = None  # 0 once a value is found in column A, else the leftmost value column

    def feed(self, piece: bytes) -> None:
        """Take the next piece of the part."""
        self._pending.append(piece)
        self._size += len(piece)
        if self._size >= self.block:
            self._scan(final=False)

    def close(self) -> SheetFacts:
        """The facts, once the whole part was fed."""
        self._scan(final=True)
        facts = self.facts
        facts.first_column = self._first or 0
        return facts

    def _scan(self, final: bool) -> None:
        """Scan the whole elements pending; keep the unfinished tail for the next piece."""
        data = b"".join(self._pending)
        cut = len(data) if final else _last_row_start(data)
        if cut <= 0:  # no row starts after the first: wait for more (a row bigger than MAX_CARRY is refused)
            if len(data) > MAX_CARRY:
                raise OddSheet(
                    _(
                        "holds more than {size} MB of XML in one row (or after its last row)",
                        size=MAX_CARRY >> 20,
                    )
                )
            self._pending, self._size = [data], len(data)
            return
        block, rest = data[:cut], data[cut:]
        self._pending, self._size = ([rest], len(rest)) if rest else ([], 0)
        self._block(block)

    def _block(self, block: bytes) -> None:
        """Fold one block of whole elements into the facts."""
        facts, marks = self.facts, block_marks(block)
        if marks.bang or marks.extent is None:  # a comment or CDATA, or an odd cell: only a parser knows
            facts.plain, facts.extent = True, Extent()  # the extent is then `plain_extent`'s
        elif not facts.plain:
            facts.extent = facts.extent.widened(marks.extent)
        if marks.prefixed:  # names with namespace prefixes: the marks count only unprefixed elements
            marks = _prefixed_marks(block, marks)
        if marks.values:
            facts.values += marks.values
            facts.value_row = _row_number(block, marks.rows[marks.rows < marks.last_value]) or self._row
            facts.blank_rows = int((marks.rows > marks.last_value).sum())
        else:
            facts.blank_rows += len(marks.rows)
        self._row = _row_number(block, marks.rows) or self._row
        if self._first != 0:
            here = _first_value_column(block)
            if here is not None:
                self._first = here if self._first is None else min(self._first, here)
        if marks.formula:
            facts.formulas += _formulas(block)
        if marks.merge:
            facts.merged += _merges(block)


def _prefixed_marks(block: bytes, marks: Marks) -> Marks:
    """The marks of a block whose element names have namespace prefixes, found with regular expressions."""
    ends = [m.start() for m in _VALUE_END.finditer(block)]
    return Marks(
        marks.extent,
        True,
        len(ends),
        ends[-1] if ends else -1,
        np.array([m.start() for m in _ROW_START.finditer(block)], dtype=np.int64),
        marks.bang,
        marks.formula or b":f" in block,
        marks.merge or b"mergeCell" in block,
    )


def _row_number(block: bytes, starts: np.ndarray) -> int:
    """The `r` of the last of these `<row` elements that has one (0 when none has)."""
    for at in starts[::-1]:  # the last row almost always has its `r`
        hit = _ROW_NUMBER.match(block, int(at))
        if hit:
            return int(hit.group(1))
    return 0


def _last_row_start(data: bytes) -> int:
    """Where the last `<row` element (any prefix) starts: every element before it is whole."""
    plain = data.rfind(b"<row")
    prefixed = data.rfind(b":row", max(plain, 0)) if b":row" in data else -1
    return max(plain, data.rfind(b"<", 0, prefixed) if prefixed > 0 else -1)


def _first_value_column(block: bytes) -> int | None:
    """0 when some cell of column A holds a value in the block, else the leftmost value column (None: no
    value in the block)."""
    columns = set()
    for m in _VALUE_CELL.finditer(block):  # value cells, until one in column A
        letters = m.group(1).upper()
        if letters == b"A":
            return 0
        columns.add(letters)
    return min((column_number(c.decode()) for c in columns), default=None)


def _formulas(block: bytes) -> list[tuple[int, int, str]]:
    """(row, column, formula) of every formula cell saved without its result."""
    found = []
    for m in _FORMULA_CELL.finditer(block):  # formula cells only
        attrs, letters, row, more, formula, v_tag, v_text = m.groups()
        text_result = re.search(rb"\bt=[\"']str[\"']", attrs + more) is not None
        if v_tag is None or (not (v_text or b"").strip() and not text_result):
            shown = html.unescape((formula or b"").decode("utf-8", "replace"))
            found.append((int(row), column_number(letters.decode().upper()), f"={shown}"))
    return found


def _merges(block: bytes) -> list[tuple[str, int, int, int]]:
    """(range, top, bottom, left column) of every merged range."""
    found = []
    for m in _MERGE.finditer(block):  # merged ranges
        left, top, right, bottom = (g.decode() if g else "" for g in m.groups())
        ref = left + top + (f":{right}{bottom}" if right else "")
        found.append((ref, int(top), int(bottom or top), column_number(left.upper())))
    return found
