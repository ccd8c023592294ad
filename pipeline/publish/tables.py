"""Tables as a page shows them: every cell as text (figures formatted one way whichever form the sheet came
in), the links of the cells that have one, and page names that are safe for any id."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
from markupsafe import Markup
from pandas.api.types import is_bool_dtype, is_datetime64_any_dtype, is_numeric_dtype

from pipeline.i18n import ENGLISH, spoken_language
from pipeline.publish.words import date_column, local_dates, local_figures, shown_header
from pipeline.sheets import accepted_headers, declared_number_formats, normalized_header
from schemas.common import columns_of, declared_of

PLAIN_NUMBER = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"  # a number as a workbook read back writes one: 56.25, -400
NAME_LENGTH = 40  # the most characters of a page name taken from an id
HASH_LENGTH = 8  # hex digits of the hash added to a page name when the id alone would not do
RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
DECIMALS = re.compile(r"[0#]*(?:\.([0#]*))?")  # the figure part of a number format's first section: 0.00


@functools.cache
def declared_decimals(header: str) -> int | None:
    """The decimals the workbook shows a column's figures with: those of the number format schemas/ declares
    for its header (`0.00`: 2, `0;-0;0`: 0; the writer formats a column of that header so in every sheet), or
    None when no format is declared (General)."""
    code = declared_number_formats().get(str(header))
    found = DECIMALS.match(code) if code else None
    return len(found.group(1) or "") if found and found.group(0) else None


def as_figures(column: pd.Series) -> pd.Series | None:
    """The column as numbers when every cell that is not blank is one (numbers, or text that is a plain
    number as a workbook read back gives it) and one at least is not blank, else None: such a column is
    shown as figures."""
    if is_bool_dtype(column.dtype) or is_datetime64_any_dtype(column.dtype) or column.isna().all():
        return None  # a blank column reads the same whichever form the sheet came in; dates are no figures
    if is_numeric_dtype(column.dtype):
        return column.astype("float64")
    text = column.astype("string").str.strip()
    blank = text.isna() | text.eq("")
    plain = text.str.fullmatch(PLAIN_NUMBER).fillna(False).astype(bool)
    if blank.all() or not (plain | blank).all():
        return None
    return pd.to_numeric(text.where(~blank), errors="coerce").astype("float64")


def shown_text(column: pd.Series, decimals: int | None = None) -> pd.Series:
    """Each cell as the page shows it: a column of figures with the `decimals` of its number format, or
    without one, a column of whole numbers without decimals and any other to 0.01 (-0 shown as 0); text as
    written, blanks empty."""
    return formatted(column, as_figures(column), decimals)


def formatted(column: pd.Series, numbers: pd.Series | None, decimals: int | None = None) -> pd.Series:
    """`shown_text` of a column whose figures (`as_figures`) are already known, in the language spoken (its
    decimal and group symbols, its dates; English as tally always wrote them)."""
    dates = date_column(column) if numbers is None and spoken_language() != ENGLISH else None
    if is_datetime64_any_dtype(column.dtype) or dates is not None:
        moments = pd.to_datetime(column) if dates is None else dates
        midnight = bool((moments.dropna() == moments.dropna().dt.normalize()).all())
        text = local_dates(moments, with_time=not midnight)
        return text.where(moments.notna(), "").astype("str").reset_index(drop=True)
    if numbers is None and isinstance(column.dtype, pd.StringDtype):
        return column.fillna("").astype("str").reset_index(drop=True)  # text already: no round trip
    if numbers is None:
        text = column.astype("object").where(column.notna(), "")
        return text.astype("str").reset_index(drop=True)
    present = numbers.notna().to_numpy()
    values = numbers.fillna(0).to_numpy()
    places = (0 if bool(np.all(values == np.round(values))) else 2) if decimals is None else decimals
    cents = np.round(values * 10**places).astype("int64")  # the figure in its last shown unit
    digits = pc.cast(pa.array(np.abs(cents)), pa.large_string())  # a column at a time, in Arrow
    if places:
        padded = pc.utf8_lpad(digits, places + 1, "0")
        units, fraction = (
            pc.utf8_slice_codeunits(padded, 0, -places),
            pc.utf8_slice_codeunits(padded, -places),
        )
        digits = local_figures(units, fraction)
    minus = pc.binary_join_element_wise(piece("-"), digits, piece(""))
    signed = pc.if_else(pa.array(cents >= 0), digits, minus)  # a figure rounded to 0 shows 0, never -0
    return pc.if_else(pa.array(present), signed, piece("")).to_pandas()


def is_figure_column(column: pd.Series) -> bool:
    """True when the column is shown as figures (right-aligned)."""
    return as_figures(column) is not None


def page_names(ids: pd.Series) -> pd.Series:
    """A file name (without extension) per id, the same for the same id: the id in lower-case letters, digits
    and hyphens, with a short hash of the id added when the id has other characters than letters, digits,
    spaces, `_`, `.` and `-` of ASCII (so that nothing is lost unseen), or the name would be empty, one that
    Windows reserves, or shared by two ids."""
    text = ids.astype("str").reset_index(drop=True)
    slug = (
        text.str.normalize("NFKD")
        .str.encode("ascii", "ignore")
        .str.decode("ascii")
        .str.lower()
        .str.replace(r"[^a-z0-9]+", "-", regex=True)
        .str.strip("-")
        .str.slice(0, NAME_LENGTH)
        .str.strip("-")
    )
    digest = pd.Series(
        np.char.mod("%016x", pd.util.hash_pandas_object(text, index=False).to_numpy()), dtype="str"
    ).str.slice(0, HASH_LENGTH)
    distinct = ~text.duplicated()
    shared = slug.isin(slug[distinct][slug[distinct].duplicated()])
    plain = text.str.fullmatch(r"[A-Za-z0-9 _.-]+").fillna(False).astype(bool)
    long = text.str.len() > NAME_LENGTH
    hashed = ~plain | long | slug.eq("") | slug.isin(RESERVED) | shared
    with_hash = (slug + "-").where(slug.ne(""), "") + digest
    return slug.where(~hashed, with_hash)


def header_of(frame: pd.DataFrame, model: type, name: str, *more: str) -> str | None:
    """The frame's header for a model's column, under its own header, any other it accepts, or one of `more`
    (case, spaces and `_` aside), or None when the frame has no such column."""
    wanted = {normalized_header(h) for h in (*accepted_headers(model, name), *more)}
    return next((c for c in frame.columns if normalized_header(c) in wanted), None)


def counted_titles(model: type, name: str) -> tuple[str, ...]:
    """A counted column's headers in both kinds of event (pips, or hands in a run-out event)."""
    declared = declared_of(model)[name]
    own = next(c.title for c in columns_of(model) if c.name == name)
    return (own, declared.get("in_hands", own))


Cell = tuple[str, str, bool]  # what a cell shows, where it links ('' for nowhere), whether it is a figure
Row = tuple[tuple[Cell, ...], bool]  # a row's cells, and whether it is highlighted

# The markup of a table's body row, the one HTML put together outside the templates (docs/publish.md,
# "Escaping"): fixed tags around values escaped as Jinja2's autoescape escapes them. tests/test_publish_speed.py
# checks it byte for byte against the plain per-cell template (PLAIN_TABLE there).
ESCAPES = (("&", "&amp;"), (">", "&gt;"), ("<", "&lt;"), ("'", "&#39;"), ('"', "&#34;"))  # markupsafe's
ROW, MARKED_ROW, END_ROW = "<tr>", '<tr class="mark">', "</tr>\n"
CELL, FIGURE_CELL, END_CELL = "<td>", '<td class="num">', "</td>"
LINK, LINK_TEXT, END_LINK = '<a href="', '">', "</a>"


SPECIAL = "[&<>'\"]"  # the characters markupsafe escapes


def arrow_text(texts: pd.Series) -> pa.Array:
    """A column of texts as one Arrow array of text (64-bit offsets: a whole season's cells fit)."""
    values = pa.array(texts.astype("str").array, type=pa.large_string())
    return values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values


def html_escaped(values: pa.Array) -> pa.Array:
    """Each text escaped for HTML exactly as markupsafe (Jinja2's autoescape) escapes it (& < > ' \")."""
    if not pc.any(pc.match_substring_regex(values, SPECIAL)).as_py():
        return values  # most columns: nothing to escape
    for plain, entity in ESCAPES:  # five characters
        values = pc.replace_substring(values, plain, entity)
    return values


@dataclass(frozen=True, eq=False)
class Cells:
    """A frame's cells as the pages show them, a column at a time: each column's texts, its link targets
    (None for a column without links, '' for a cell without one) and whether it is figures; which rows are
    highlighted. Every row's HTML is made from them once for all the tables cut from the frame."""

    texts: tuple[pa.Array, ...]
    hrefs: tuple[pa.Array | None, ...]
    figures: tuple[bool, ...]
    marks: np.ndarray
    html: dict[str, tuple[str, np.ndarray]] = field(default_factory=dict)
    plain: dict[str, list[np.ndarray]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.marks)

    def lines(self, root: str) -> tuple[str, np.ndarray]:
        """Every row's line of HTML (`<tr>...</tr>` and a newline, its links led from `root`, the way from
        the page back to the site's root), one after another as one text, and where each line starts in it
        (one more: where the last ends); made once per root."""
        if root not in self.html:
            self.html[root] = row_lines(self, root)
        return self.html[root]

    def rows(self, start: int = 0, stop: int | None = None) -> list[Row]:
        """The rows from `start` to `stop` as plain cells: what each shows, where it links, whether it is a
        figure; and whether the row is highlighted."""
        if not self.plain:  # each column as Python texts, once
            self.plain["texts"] = [objects(t) for t in self.texts]
            self.plain["hrefs"] = [
                np.full(len(self), "", dtype="object") if h is None else objects(h) for h in self.hrefs
            ]
        texts = [t[start:stop] for t in self.plain["texts"]]
        hrefs = [h[start:stop] for h in self.plain["hrefs"]]
        marks = self.marks[start:stop].tolist()
        cells = [
            zip(t, h, repeat(f, len(marks)), strict=True)
            for t, h, f in zip(texts, hrefs, self.figures, strict=True)
        ]
        if not cells:
            return [((), m) for m in marks]
        return list(zip(zip(*cells, strict=True), marks, strict=True))


def row_lines(cells: Cells, root: str) -> tuple[str, np.ndarray]:
    """Every row of the cells as its line of HTML, built a column at a time (one vectorized concatenation
    for all rows; the same bytes as the plain template's loop over the cells), as `Cells.lines` gives them."""
    marks = pa.array(cells.marks, type=pa.bool_())
    parts: list[pa.Array | str] = [pc.if_else(marks, piece(MARKED_ROW), piece(ROW))]
    led = html_escaped(pa.array([root], type=pa.large_string()))[0].as_py()
    for text, href, figure in zip(cells.texts, cells.hrefs, cells.figures, strict=True):  # the columns
        start, shown = FIGURE_CELL if figure else CELL, html_escaped(text)
        linked = pa.array([], type=pa.bool_()) if href is None else pc.not_equal(href, piece(""))
        if not pc.any(linked).as_py():  # no link in this column
            parts += [start, shown, END_CELL]
            continue
        opening = pc.binary_join_element_wise(
            piece(LINK + led), html_escaped(href), piece(LINK_TEXT), piece("")
        )
        if pc.all(linked).as_py():
            parts += [start, opening, shown, END_LINK + END_CELL]
        else:
            parts += [start, pc.if_else(linked, opening, piece("")), shown]
            parts += [pc.if_else(linked, piece(END_LINK), piece("")), END_CELL]
    parts.append(END_ROW)
    merged = parts[:1]
    for part in parts[1:]:  # a few pieces a column: fixed markup merged with the markup beside it
        if isinstance(part, str) and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    joined = pc.binary_join_element_wise(*(piece(p) if isinstance(p, str) else p for p in merged), piece(""))
    ends = np.cumsum(pc.utf8_length(joined).to_numpy(zero_copy_only=False), dtype="int64")
    return whole_text(joined), np.concatenate([np.zeros(1, dtype="int64"), ends])


def whole_text(values: pa.Array) -> str:
    """The texts of an Arrow array of large text one after another, as one text (decoded once)."""
    _, offsets, data = values.buffers()
    if data is None or len(values) == 0:
        return ""
    bounds = np.frombuffer(offsets, dtype="int64")[values.offset : values.offset + len(values) + 1]
    return data.to_pybytes()[bounds[0] : bounds[-1]].decode("utf-8")


def objects(values: pa.Array) -> np.ndarray:
    """An Arrow array of text as a NumPy array of Python texts (to pick rows from)."""
    return np.asarray(values.to_numpy(zero_copy_only=False), dtype="object")


def piece(text: str) -> pa.Scalar:
    """A fixed piece of markup, as the same kind of text as the cells."""
    return pa.scalar(text, type=pa.large_string())


@dataclass(frozen=True, eq=False)
class Table:
    """A table for a template: its headers, which of its columns are figures, and its rows: those of
    `cells` from `start` to `stop` (to the last when None)."""

    headers: tuple[str, ...]
    figures: tuple[bool, ...]
    cells: Cells
    start: int = 0
    stop: int | None = None
    caption: str = ""

    def __len__(self) -> int:
        return (len(self.cells) if self.stop is None else self.stop) - self.start

    @property
    def rows(self) -> list[Row]:
        """Its rows as plain cells (each cell's text, link and whether it is a figure; whether the row is
        highlighted)."""
        return self.cells.rows(self.start, self.stop)

    def body(self, root: str) -> Markup:
        """Its rows as the HTML of the table's body, every text escaped, links led from `root`."""
        text, starts = self.cells.lines(root)
        return Markup(text[starts[self.start] : starts[len(self.cells) if self.stop is None else self.stop]])


def table_cells(
    frame: pd.DataFrame,
    *,
    links: Mapping[str, pd.Series] | None = None,
    marked: pd.Series | Sequence[bool] | None = None,
    columns: Iterable[str] | None = None,
    order: np.ndarray | None = None,
) -> tuple[tuple[str, ...], Cells]:
    """A table's headers (in the language spoken) and its cells, every cell formatted once (a column at a time, over the whole frame)
    for `table_of` and `grouped_tables`; the rows at the positions `order` gives (all, in the frame's order,
    when None)."""
    frame = frame.reset_index(drop=True)
    shown = [c for c in (frame.columns if columns is None else columns) if c in frame.columns]
    links = links or {}
    numbers = [as_figures(frame[c]) for c in shown]
    texts = [
        arrow_text(formatted(frame[c], n, declared_decimals(c))) for c, n in zip(shown, numbers, strict=True)
    ]
    hrefs = [
        arrow_text(pd.Series(links[c]).astype("object").fillna("").reset_index(drop=True))
        if c in links
        else None
        for c in shown
    ]
    marks = np.zeros(len(frame), dtype=bool) if marked is None else np.asarray(marked, dtype=bool)
    if order is not None:
        taken = pa.array(order, type=pa.int64())
        texts = [t.take(taken) for t in texts]
        hrefs = [None if h is None else h.take(taken) for h in hrefs]
        marks = marks[order]
    figures = tuple(n is not None for n in numbers)
    return tuple(shown_header(str(c)) for c in shown), Cells(tuple(texts), tuple(hrefs), figures, marks)


def grouped_tables(
    frame: pd.DataFrame,
    groups: pd.Series,
    *,
    links: Mapping[str, pd.Series] | None = None,
    marked: pd.Series | Sequence[bool] | None = None,
    columns: Iterable[str] | None = None,
    order: np.ndarray | None = None,
) -> dict[str, Table]:
    """One table per value of `groups` (its rows in the frame's order, or in the order of the positions
    `order` gives; a blank group has none), every cell formatted once for the whole frame: the pages of many
    competitors from one sheet. The rows are taken group after group, so that each table is a run of the
    cells."""
    keys = groups.astype("str").reset_index(drop=True).to_numpy(dtype="object")  # a blank: NaN
    ordered = np.arange(len(keys)) if order is None else np.asarray(order)
    codes, uniques = pd.factorize(keys[ordered])  # each group by its first row
    kept = ordered[np.argsort(codes, kind="stable")][np.sort(codes) >= 0]
    headers, cells = table_cells(frame, links=links, marked=marked, columns=columns, order=kept)
    sizes = np.bincount(codes[codes >= 0], minlength=len(uniques))
    stops = np.cumsum(sizes)
    return {
        str(key): Table(headers, cells.figures, cells, int(stop - size), int(stop))
        for key, size, stop in zip(uniques, sizes, stops, strict=True)  # a table per group
    }


def table_of(
    frame: pd.DataFrame,
    *,
    links: Mapping[str, pd.Series] | None = None,
    marked: pd.Series | Sequence[bool] | None = None,
    caption: str = "",
    columns: Iterable[str] | None = None,
) -> Table:
    """A table of the frame's columns (or the ones named, when present) as the page shows them; `links` gives
    the target of each cell of a column (empty: no link); `marked` the highlighted rows."""
    headers, cells = table_cells(frame, links=links, marked=marked, columns=columns)
    return Table(headers, cells.figures, cells, caption=caption)
