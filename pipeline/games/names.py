"""Names typed where ids are expected: a cell holding a name the Players, Pairs or Teams sheet lists (matched
ignoring case, accents and spacing, and listed once) is read as that name's id, with one warning listing the
substitutions (W141); a name more than one listed entry has is an error (W142); an unknown id's message names
the close matches (difflib)."""

from __future__ import annotations

import difflib

import numpy as np
import pandas as pd

from pipeline.games.checks import empty_problems, problems_where
from pipeline.i18n import _, _each
from pipeline.problems import CODE, COLUMN, ROW, SHEET, Problem, kind
from pipeline.sheets import Sheet, is_among

NAMES_READ = kind(
    "W141",
    "names typed where ids are expected, read as the ids their list gives them",
    "warning",
    example="Results, row 2, column 'NS' [Ana García & Luis Pérez]: warning: names read as the ids listed with "
    "them: 'Ana García & Luis Pérez' as 1, 'bob & carol' as 2",
)
AMBIGUOUS_NAME = kind("W142", "a name typed for an id that more than one listed entry has")
UNKNOWN_ID_CODES = ("D104", "B119")  # each game's unknown id, which a W142 replaces at its cell
CLOSE_MATCHES = 3  # how many close matches an unknown id's message names


COMBINING = r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]"


def folded_names(names: pd.Series) -> pd.Series:
    """Names as compared for duplicates: accents dropped, case folded, runs of spaces read as one."""
    plain = names.astype("str").str.normalize("NFKD").str.replace(COMBINING, "", regex=True)
    return plain.str.casefold().str.replace(r"\s+", " ", regex=True).str.strip()


def without_marks(text: pd.Series) -> pd.Series:
    """Text without combining marks (accents) or spacing, lower case (pandas' regex has no \\p{Mn})."""
    decomposed = text.astype("str").str.normalize("NFKD")
    marks = "[" + "".join(chr(c) for c in range(0x300, 0x370)) + "]"
    return decomposed.str.replace(marks, "", regex=True).str.replace(r"\s+", "", regex=True).str.casefold()


def ids_for_names(
    cells: pd.Series, ids: pd.Series, names: pd.Series
) -> tuple[pd.Series, pd.Series, pd.Series]:
    """The cells with each listed name (not itself an id) replaced by its id; where a name was read; where a
    name is listed more than once (left as typed)."""
    candidate = cells.notna() & ~is_among(cells, ids)
    if not candidate.any():  # every cell an id or blank (as typed, nearly always): no name to read
        nothing = pd.Series(False, index=cells.index)
        return cells, nothing, nothing
    key = without_marks(names)
    valid = (key.notna() & ids.notna()).to_numpy()
    key, listed_ids = key[valid], ids[valid]
    counts = key.value_counts()
    once = key.map(counts).eq(1).to_numpy()
    unique = pd.Series(listed_ids[once].to_numpy(), index=key[once].to_numpy())
    typed = without_marks(cells)
    found = typed.map(unique).where(candidate)
    twice = candidate & typed.map(counts).gt(1).fillna(False).astype(bool)
    read = found.notna()
    return cells.where(~read, found), read, twice


def close_matches(cells: pd.Series, ids: pd.Series, names: pd.Series) -> pd.Series:
    """For each cell, '' or ` (did you mean ...?)` naming up to three listed ids or names like it."""
    if cells.isna().all():  # no unknown cell (nearly always): nothing to suggest
        return pd.Series("", index=cells.index, dtype="str")
    choices = [*map(str, ids.dropna()), *map(str, names.dropna())]
    distinct = pd.unique(cells.dropna().astype("str"))
    said = {
        value: difflib.get_close_matches(value, choices, n=CLOSE_MATCHES, cutoff=0.6) for value in distinct
    }  # a few unknown cells
    words = {
        v: _(" (did you mean {choices}?)", choices=_(" or ").join(repr(m) for m in found))
        for v, found in said.items()
        if found
    }
    return cells.astype("str").map(words).astype("object").fillna("").astype("str")


def ambiguous_problems(
    sheet: Sheet, column: str, twice: pd.Series, ids: pd.Series, names: pd.Series, listing: str
) -> pd.DataFrame:
    """W142 at each cell whose name more than one entry of the list has, naming their ids."""
    if not twice.any():  # no name typed that two entries share
        return empty_problems()
    key = without_marks(names)
    holders = pd.Series(ids.astype("str").to_numpy(), index=key.to_numpy()).groupby(level=0).agg(", ".join)
    said = without_marks(sheet.frame[column]).map(holders).astype("object").fillna("").astype("str")
    return problems_where(
        sheet,
        twice,
        column,
        _each(
            "this name is listed more than once on the {sheet} sheet (ids {ids}): type the id",
            sheet=listing,
            ids=said,
        ),
        AMBIGUOUS_NAME,
    )


def without_unknown_at_ambiguous(frames: list[pd.DataFrame]) -> list[pd.DataFrame]:
    """The problem frames less the unknown-id errors at cells W142 already names (one problem per cell)."""
    found = [f for f in frames if len(f)]
    if not found:
        return frames
    every = pd.concat(found, ignore_index=True)
    ambiguous = every[every[CODE].eq(AMBIGUOUS_NAME.code)]
    if ambiguous.empty:
        return frames
    located = [SHEET, ROW, COLUMN]
    at = pd.MultiIndex.from_frame(every[located]).isin(pd.MultiIndex.from_frame(ambiguous[located]))
    drop = at & every[CODE].isin(UNKNOWN_ID_CODES)
    return [every[~drop].reset_index(drop=True)]


def resolved_columns(
    sheet: Sheet, typed: pd.DataFrame, columns: list[str], ids: pd.Series, names: pd.Series, listing: str
) -> tuple[pd.DataFrame, list[pd.DataFrame]]:
    """The typed id columns with listed names read as ids, one W141 warning listing the substitutions (at the
    first cell read, by row) and any W142 errors."""
    typed = typed.copy()
    problems, rows, cols, said = [], [], [], []
    for column in columns:  # two or four id columns
        was = typed[column]
        typed[column], read, twice = ids_for_names(was, ids, names)
        hit = read.to_numpy(dtype=bool)
        rows.append(read.index.to_numpy()[hit])
        cols.append(np.full(int(hit.sum()), column, dtype=object))
        if hit.any():  # a name typed for an id in this column
            said.append(_each("'{name}' as {id}", name=was[hit], id=typed[column][hit]).to_numpy())
        problems.append(ambiguous_problems(sheet, column, twice, ids, names, listing))
    row, col = np.concatenate(rows), np.concatenate(cols)
    if len(row):
        text = np.concatenate(said)  # in the order of the columns, as `rows` and `cols`
        order = np.argsort(row, kind="stable")
        first_row, first_col = int(row[order][0]), str(col[order][0])
        warning = Problem.of(
            NAMES_READ,
            sheet.name,
            first_row,
            sheet.written(first_col),
            str(sheet.frame.loc[first_row, first_col]),
            _("names read as the ids listed with them: {names}", names=", ".join(pd.unique(text[order]))),
        )
        problems.append(pd.DataFrame([warning.as_record()]))
    return typed, problems
