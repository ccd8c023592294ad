"""Vectorized text checks shared by the input models."""

from __future__ import annotations

import pandas as pd

WHOLE = r"^[+-]?\d+(\.0+)?$"


def as_numbers(text: pd.Series) -> pd.Series:
    """Numbers parsed from text cells (NA where blank or not a number)."""
    return pd.to_numeric(text, errors="coerce").astype("Float64")


def is_whole_number(text: pd.Series, minimum: int | None = None) -> pd.Series:
    """True where the text is a whole number at or above `minimum` (blank cells pass)."""
    s = text.astype("str")
    ok = s.str.fullmatch(WHOLE)
    if minimum is not None:
        ok &= (as_numbers(text) >= minimum).fillna(False).astype(bool)
    return ok | text.isna()


def is_one_of(text: pd.Series, allowed: list[str]) -> pd.Series:
    """True where the text is one of the allowed words, ignoring case and spaces (blanks pass)."""
    folded = text.astype("str").str.lower().str.replace(r"[\s_-]+", "_", regex=True)
    return folded.isin([a.lower() for a in allowed]) | text.isna()


def as_ids(text: pd.Series) -> pd.Series:
    """Competitor ids: trimmed text; a number typed as 7 or 7.0 is the id "7"."""
    s = text.astype("str").str.strip()
    s = s.str.replace(r"^(-?\d+)\.0+$", r"\1", regex=True)
    return s.where(text.notna())


def as_words(text: pd.Series) -> pd.Series:
    """Keywords folded to lower case with `_` for spaces and dashes (NA stays NA)."""
    folded = text.astype("str").str.lower().str.replace(r"[\s_-]+", "_", regex=True)
    return folded.where(text.notna())
