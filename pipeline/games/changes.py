"""What changed between two standings workbooks: results old -> new, and competitors whose rank or totals moved.

Both the `Changes` sheet of a corrected run and `tally diff` compare the same sheets the same way: rows are
matched by their key columns, every other column is compared (numbers as numbers, to 1e-9), and each
difference is one row: sheet, key, column, old value, new value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

from pipeline.i18n import _
from pipeline.parsing import as_numbers
from pipeline.sheets import accepted_headers
from schemas.common import sheet_name_of, titles_of
from schemas.corrections import SOURCE_ROW
from schemas.corrections import Change as D
from schemas.ranking import StandingsSheet as S

NAMES = accepted_headers(S, S.name)  # a competitor's name, shown beside the key where a sheet has it
COMPETITOR = accepted_headers(S, S.player)  # the headers of a Standings' competitor: Player, Pair or Team
IGNORED = [SOURCE_ROW]
HEADERS = titles_of(D)  # the Changes sheet's headers, as `tally diff` gives them too
CHANGE_COLUMNS = list(HEADERS.values())
TOLERANCE = 1e-9


def _distinct_text(distinct: pd.Series) -> pd.Series:
    """Distinct cell values as text: whole numbers without a decimal point, other values as written."""
    kinds = distinct.map(type)  # distinct values only
    numeric = kinds.isin([int, float, np.int64, np.float64, np.int32, np.float32]).to_numpy()
    numbers = pd.to_numeric(distinct.where(numeric), errors="coerce").astype("float64")
    whole = numbers.notna() & (numbers == numbers.round()) & (numbers.abs() < 2**53)
    shown = numbers.astype("str").where(~whole, numbers.where(whole, 0).astype("int64").astype("str"))
    text = distinct.astype("str").str.strip()
    return shown.where(numbers.notna(), text).where(distinct.notna() & text.ne(""))


def as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """Every cell as text (whole numbers without a decimal point), blanks as NA: the form a reader sees.
    Each column's distinct values are rendered once and spread back."""
    out = {}
    for col in frame.columns:  # columns, not rows
        codes, distinct = pd.factorize(frame[col], use_na_sentinel=True)
        text = _distinct_text(pd.Series(distinct, dtype=object)).to_numpy(dtype=object)
        values = text[np.where(codes < 0, 0, codes)] if len(text) else np.full(len(codes), None, dtype=object)
        out[col] = pd.Series(values, index=frame.index, dtype=object).where(codes >= 0)
    return pd.DataFrame(out, index=frame.index)


def with_headers_of(old: pd.DataFrame, new: pd.DataFrame, spellings: Iterable[str]) -> pd.DataFrame:
    """The old sheet with its column under one of `spellings` headed as the new sheet heads it (a domino pairs
    event's Standings written before its competitor was a Pair, against one written after)."""
    was = [h for h in spellings if h in old.columns]
    now = [h for h in spellings if h in new.columns]
    if len(was) != 1 or len(now) != 1 or was == now:
        return old
    return old.rename(columns={was[0]: now[0]})


def key_columns(keys: Iterable[str], old: pd.DataFrame, new: pd.DataFrame) -> list[str]:
    """The key columns present in both versions of a sheet."""
    return [k for k in keys if k in old.columns and k in new.columns]


def repeated_keys(frame: pd.DataFrame, keys: list[str]) -> pd.Series:
    """True for rows whose key repeats an earlier row's (such a sheet cannot be compared row by row)."""
    return frame.duplicated(keys, keep="first")


def key_words(rows: pd.DataFrame, keys: list[str]) -> pd.Series:
    """Each row's key in words: `Round 2, Table 3`, `Player 12 (Ana)`."""
    parts = [k + " " + rows[k].fillna("").astype("str") for k in keys]
    text = parts[0]
    for part in parts[1:]:  # a few key columns
        text = text + ", " + part
    for name in NAMES:  # the name column, if any
        if name in rows:
            text = text + np.where(rows[name].notna(), " (" + rows[name].fillna("").astype("str") + ")", "")
    return text


def shown_values(text: pd.Series) -> pd.Series:
    """Text back as numbers where it is a number, for the Old and New columns."""
    numbers = as_numbers(text.astype("str")).astype("float64")
    whole = numbers.notna() & (numbers == numbers.round()) & (numbers.abs() < 2**53)
    as_number = numbers.astype("object").where(
        ~whole, numbers.where(whole, 0).astype("int64").astype("object")
    )
    return text.astype("object").where(numbers.isna(), as_number).where(text.notna(), None)


def sheet_changes(
    sheet: str, keys: list[str], old: pd.DataFrame, new: pd.DataFrame, beside: Iterable[str] = ()
) -> pd.DataFrame:
    """The differences in one sheet, matched on its key columns (columns of `beside` only when both versions
    have them)."""
    old, new = as_text(old), as_text(new)
    one_sided = set(beside) - (set(old.columns) & set(new.columns))
    ignored = {*keys, *IGNORED, *one_sided}
    columns = [c for c in dict.fromkeys([*new.columns, *old.columns]) if c not in ignored]
    o = old.reindex(columns=keys + columns).drop_duplicates(keys).set_index(keys)
    n = new.reindex(columns=keys + columns).drop_duplicates(keys).set_index(keys)
    both = n.index[n.index.isin(o.index)]
    ov, nv = o.loc[both, columns], n.loc[both, columns]
    same = (ov == nv).fillna(False) | (ov.isna() & nv.isna())
    for col in columns:  # numbers equal to 1e-9 count as the same (columns, not rows)
        differ = ~same[col]
        if differ.any():
            on, nn = as_numbers(ov.loc[differ, col]), as_numbers(nv.loc[differ, col])
            near = ((on - nn).abs() <= TOLERANCE * np.maximum(1, on.abs())).fillna(False)
            same.loc[differ, col] = near.to_numpy(dtype=bool)
    i, j = np.nonzero(~same.to_numpy(dtype=bool))
    named = n.loc[both].reset_index()
    frames = [
        pd.DataFrame(
            {
                D.sheet: sheet,
                D.key: key_words(named, keys).to_numpy()[i],
                D.column: np.asarray(columns, dtype=object)[j],
                D.old: ov.to_numpy(dtype=object)[i, j],
                D.new: nv.to_numpy(dtype=object)[i, j],
                "at": i,
            }
        ).sort_values(["at"], kind="stable")
    ]
    for side, rows, word in (
        (D.new, n[~n.index.isin(o.index)], _("added")),
        (D.old, o[~o.index.isin(n.index)], _("removed")),
    ):
        if len(rows):
            frames.append(
                pd.DataFrame(
                    {
                        D.sheet: sheet,
                        D.key: key_words(rows.reset_index(), keys).to_numpy(),
                        D.column: _("(row)"),
                        D.old: _("(none)") if side == D.new else word,
                        D.new: word if side == D.new else _("(none)"),
                    }
                )
            )
    out = pd.concat(frames, ignore_index=True)[list(HEADERS)]
    out[D.old], out[D.new] = shown_values(out[D.old]), shown_values(out[D.new])
    return out.rename(columns=HEADERS)


def changes(
    old: Mapping[str, pd.DataFrame],
    new: Mapping[str, pd.DataFrame],
    compared: Mapping[str, Iterable[str]],
    beside: Iterable[str] = (),
) -> pd.DataFrame:
    """Every difference between two standings workbooks' sheets, sheet by sheet in the order of `compared`
    (sheet -> the columns naming a row: the game's results sheets first, then Standings); the names beside
    ids (`beside`) only where both workbooks show them (one written before they were shown is no change)."""
    old = {
        name: with_headers_of(frame, new[name], COMPETITOR)
        if name == sheet_name_of(S) and name in new
        else frame
        for name, frame in old.items()
    }
    keyed = {
        name: key_columns(keys, old[name], new[name])
        for name, keys in compared.items()
        if name in old and name in new
    }
    frames = [sheet_changes(name, keys, old[name], new[name], beside) for name, keys in keyed.items() if keys]
    frames = [f for f in frames if len(f)]
    if not frames:
        return pd.DataFrame({c: pd.Series(dtype="object") for c in CHANGE_COLUMNS})
    return pd.concat(frames, ignore_index=True)
