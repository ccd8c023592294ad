"""Tables as a page shows them: every cell as text (figures formatted one way whichever form the sheet came
in), the links of the cells that have one, and page names that are safe for any id."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat

import numpy as np
import pandas as pd
from pandas.api.types import is_bool_dtype, is_datetime64_any_dtype, is_numeric_dtype

from pipeline.sheets import accepted_headers, declared_number_formats, normalized_header
from schemas.common import columns_of

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
    if is_bool_dtype(column.dtype) or column.isna().all():
        return None  # a blank column reads the same whichever form the sheet came in
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
    if is_datetime64_any_dtype(column.dtype):
        moments = pd.to_datetime(column)
        midnight = bool((moments.dropna() == moments.dropna().dt.normalize()).all())
        text = moments.dt.strftime("%Y-%m-%d" if midnight else "%Y-%m-%d %H:%M:%S")
        return text.where(moments.notna(), "").astype("str").reset_index(drop=True)
    numbers = as_figures(column)
    if numbers is None:
        text = column.astype("object").where(column.notna(), "")
        return text.astype("str").reset_index(drop=True)
    present = numbers.notna().to_numpy()
    values = numbers.fillna(0).to_numpy()
    places = (0 if bool(np.all(values == np.round(values))) else 2) if decimals is None else decimals
    cents = np.round(values * 10**places).astype("int64")  # the figure in its last shown unit
    digits = pd.Series(np.abs(cents)).astype("str")
    if places:
        digits = digits.str.zfill(places + 1)
        digits = digits.str.slice(0, -places) + "." + digits.str.slice(-places)
    formatted = digits.where(cents >= 0, "-" + digits)  # a figure rounded to 0 shows 0, never -0
    return pd.Series(np.where(present, formatted.to_numpy(dtype="object"), ""), dtype="str")


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
    declared = model.to_schema().columns[name].metadata["tally"]  # type: ignore[attr-defined]
    own = next(c.title for c in columns_of(model) if c.name == name)
    return (own, declared.get("in_hands", own))


Cell = tuple[str, str, bool]  # what a cell shows, where it links ('' for nowhere), whether it is a figure
Row = tuple[tuple[Cell, ...], bool]  # a row's cells, and whether it is highlighted


@dataclass(frozen=True)
class Table:
    """A table for a template: its headers, and its rows (each row's cells, and whether it is highlighted)."""

    headers: tuple[str, ...]
    figures: tuple[bool, ...]
    rows: list[Row]
    caption: str = ""

    def __len__(self) -> int:
        return len(self.rows)


def table_rows(
    frame: pd.DataFrame,
    *,
    links: Mapping[str, pd.Series] | None = None,
    marked: pd.Series | Sequence[bool] | None = None,
    columns: Iterable[str] | None = None,
) -> tuple[tuple[str, ...], tuple[bool, ...], list[Row]]:
    """A table's headers, which of its columns are figures, and its rows, every cell formatted once (a
    column at a time) for `table_of` and `grouped_tables`."""
    frame = frame.reset_index(drop=True)
    shown = [c for c in (frame.columns if columns is None else columns) if c in frame.columns]
    links = links or {}
    texts = [shown_text(frame[c], declared_decimals(c)) for c in shown]
    figures = tuple(is_figure_column(frame[c]) for c in shown)
    none = pd.Series("", index=frame.index, dtype="str")
    hrefs = [
        pd.Series(links[c]).astype("object").fillna("").astype("str").reset_index(drop=True)
        if c in links
        else none
        for c in shown
    ]
    cells = [
        zip(t.to_numpy(dtype="object"), h.to_numpy(dtype="object"), repeat(f, len(frame)), strict=True)
        for t, h, f in zip(texts, hrefs, figures, strict=True)
    ]
    mark = [False] * len(frame) if marked is None else [bool(m) for m in marked]
    rows: list[Row] = (
        list(zip(zip(*cells, strict=True), mark, strict=True)) if shown else [((), m) for m in mark]
    )
    return tuple(str(c) for c in shown), figures, rows


def grouped_tables(
    frame: pd.DataFrame,
    groups: pd.Series,
    *,
    links: Mapping[str, pd.Series] | None = None,
    marked: pd.Series | Sequence[bool] | None = None,
    columns: Iterable[str] | None = None,
) -> dict[str, Table]:
    """One table per value of `groups` (its rows in the frame's order), every cell formatted once for the
    whole frame: the pages of many competitors from one sheet."""
    headers, figures, rows = table_rows(frame, links=links, marked=marked, columns=columns)
    keys = groups.astype("str").reset_index(drop=True)
    return {
        str(key): Table(headers, figures, [rows[i] for i in positions])
        for key, positions in keys.groupby(keys, sort=False).indices.items()
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
    headers, figures, rows = table_rows(frame, links=links, marked=marked, columns=columns)
    return Table(headers, figures, rows, caption)
