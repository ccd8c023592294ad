"""Vectorized text checks shared by the input models (cells arrive as trimmed text, blanks as NA).

Result columns hold few distinct values (pips, ids, keywords), so every parser works on the
distinct values of a column and spreads the answers back with the factorize codes.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

NUMBER = r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?"
WHOLE = r"[+-]?\d{1,15}(\.0+)?"  # 15 digits stay exact in a float64 and fit an int64
DATE_TIME = r"\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?"


def via_distinct(text: pd.Series, parse: Callable[[pd.Series], pd.Series], blank: object) -> pd.Series:
    """`parse` applied to the distinct cells of a column only, spread back; `blank` where a cell is NA."""
    if text.isna().all():  # an absent optional column: nothing to parse
        return pd.Series(blank, index=text.index, dtype=parse(pd.Series([], dtype="str")).dtype)
    codes, distinct = pd.factorize(text, use_na_sentinel=True)
    parsed = parse(pd.Series(distinct, dtype="str"))
    values = parsed.to_numpy()
    out = values.take(np.where(codes < 0, 0, codes)) if len(values) else np.full(len(codes), blank)
    result = pd.Series(out, index=text.index, dtype=parsed.dtype if len(values) else None)
    return result.mask(codes < 0, blank) if (codes < 0).any() else result


def _numbers(s: pd.Series) -> pd.Series:
    return s.where(s.str.fullmatch(NUMBER).fillna(False).astype(bool)).astype("Float64")


def _whole(s: pd.Series) -> pd.Series:
    return s.str.fullmatch(WHOLE).fillna(False).astype(bool)


def as_numbers(text: pd.Series) -> pd.Series:
    """Numbers parsed from text cells (NA where blank or not a number)."""
    return via_distinct(text, _numbers, pd.NA).astype("Float64")


def whole_numbers(text: pd.Series, minimum: int | None = None) -> pd.Series:
    """Whole numbers (Int64) at or above `minimum`; NA where blank or anything else."""

    def parse(s: pd.Series) -> pd.Series:
        number = s.where(_whole(s)).astype("float64")
        return (
            pd.Series(number if minimum is None else number.where(number >= minimum)).round().astype("Int64")
        )

    return via_distinct(text, parse, pd.NA).astype("Int64")


def is_whole_number(text: pd.Series, minimum: int | None = None) -> pd.Series:
    """True where the text is a whole number at or above `minimum` (blank cells pass)."""

    def check(s: pd.Series) -> pd.Series:
        ok = _whole(s)
        if minimum is not None:
            ok &= (s.where(ok).astype("float64") >= minimum).to_numpy()
        return ok

    return via_distinct(text, check, True).astype(bool)


def is_one_of(text: pd.Series, allowed: list[str]) -> pd.Series:
    """True where the text is one of the allowed words, ignoring case and spaces (blanks pass)."""
    return as_words(text).isin([a.lower() for a in allowed]) | text.isna()


def as_ids(text: pd.Series) -> pd.Series:
    """Competitor ids: trimmed text, runs of spaces read as one; a number typed as 7 or 7.0 is the id "7"."""
    return via_distinct(
        text,
        lambda s: (
            s.str.strip()
            .str.replace(r"\s+", " ", regex=True)
            .str.replace(r"^(-?\d+)\.0+$", r"\1", regex=True)
        ),
        pd.NA,
    ).astype("str")


def as_words(text: pd.Series) -> pd.Series:
    """Keywords folded to lower case with `_` for spaces and dashes (NA stays NA)."""
    return via_distinct(
        text, lambda s: s.str.strip().str.lower().str.replace(r"[\s_-]+", "_", regex=True), pd.NA
    ).astype("str")


def date_times(text: pd.Series) -> pd.Series:
    """Date-times from Excel date cells or typed ISO text (2026-11-30 21:15), to the second; NaT otherwise."""
    clean = text.astype("str").str.strip()
    ok = clean.str.fullmatch(DATE_TIME).fillna(False).astype(bool)
    parsed = pd.to_datetime(clean.where(ok), errors="coerce", format="ISO8601")
    return pd.Series(parsed, index=text.index).dt.round("s")
