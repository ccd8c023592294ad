"""Vectorized text checks shared by the input models (cells arrive as trimmed text, blanks as NA).

Result columns hold few distinct values (pips, ids, keywords), so every parser works on the
distinct values of a column and spreads the answers back with the factorize codes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
from pandera import dtypes
from pandera.engines import pandas_engine

NUMBER = r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?"
WHOLE = r"[+-]?[0-9]{1,15}(\.0+)?"  # 15 digits stay exact in a float64 and fit an int64
DATE_TIME = r"[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{1,2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?"


@dataclass(frozen=True)
class Span:
    """The sane range of a number tally reads: from `low` to `high`, both included (with `above`, `low` itself
    is outside). Each column and setting declares its span where it is defined; the check where the number is
    read uses it, and its `words` are what the located problem says was expected."""

    low: float
    high: float
    above: bool = False  # the low end is excluded: a weight above 0

    @property
    def words(self) -> str:
        """The range as the organizer reads it: `from 1 to 10,000`, `above 0 and at most 100`."""
        low, high = _number_words(self.low), _number_words(self.high)
        return f"above {low} and at most {high}" if self.above else f"from {low} to {high}"

    def __contains__(self, number: object) -> bool:
        """True for one number in the span (`2.5 in WEIGHT`); NaN, infinity, text and booleans never are."""
        if isinstance(number, bool) or not isinstance(number, int | float):
            return False
        low = number > self.low if self.above else number >= self.low
        return low and number <= self.high

    def holds(self, numbers: pd.Series) -> pd.Series:
        """True where a number lies in the span (False where it is NA, NaN or infinite)."""
        low = numbers > self.low if self.above else numbers >= self.low
        return (low & (numbers <= self.high)).fillna(False).astype(bool)


def _number_words(number: float) -> str:
    """A bound as written in a message: 10,000, -7,600, 0.5."""
    return f"{int(number):,}" if float(number).is_integer() else f"{number:,}"


# Dates and date-times tally reads (the Settings Date, Published At, Submitted At, `tally rank --as-of`) lie
# in these years: Excel's own dates begin in 1900, and a year past 2099 is a typing slip. The bounds also keep
# every difference of two dates far inside the 64-bit nanoseconds pandas counts in (about 292 years).
FIRST_DAY = pd.Timestamp("1900-01-01")
LAST_DAY = pd.Timestamp("2099-12-31")
DATE_RANGE = "from 1900-01-01 to 2099-12-31"


@pandas_engine.Engine.register_dtype
@dtypes.immutable(init=True)
class TextDtype(pandas_engine.STRING):
    """pandas' `str` dtype in the models. pandera's own check of it tests every cell of a column that already
    has the dtype and formats the (empty) list of failures, a few milliseconds a column; this answers at once."""

    def check(
        self, pandera_dtype: dtypes.DataType, data_container: pd.Series | pd.DataFrame | None = None
    ) -> bool | Iterable[bool]:
        """True for a column of pandas' `str` dtype; pandera's own answer for any other."""
        try:
            if pandas_engine.Engine.dtype(pandera_dtype).type == self.type:
                return True
        except TypeError:
            return False
        return super().check(pandera_dtype, data_container)


if TYPE_CHECKING:
    Text = str  # for the type checker a text column is `Series[str]`, as pandera's typing expects
else:
    Text = TextDtype


def via_distinct(
    text: pd.Series,
    parse: Callable[[pd.Series], pd.Series | np.ndarray],
    blank: object,
    dtype: Any = None,
) -> pd.Series:
    """`parse` applied to the distinct cells of a column only, spread back; `blank` where a cell is NA (a
    column of blanks is not parsed when the `dtype` of the answers is given)."""
    codes, distinct = pd.factorize(text, use_na_sentinel=True)
    if not len(distinct):  # an absent optional column: nothing to parse
        kind = parse(pd.Series([], dtype="str")).dtype if dtype is None else dtype
        return pd.Series(blank, index=text.index, dtype=kind)
    parsed = parse(pd.Series(distinct, dtype="str"))
    values = parsed.to_numpy() if isinstance(parsed, pd.Series) else parsed
    missing = codes < 0
    if not missing.any():
        return pd.Series(values.take(codes), index=text.index, dtype=parsed.dtype)
    result = pd.Series(values.take(np.where(missing, 0, codes)), index=text.index, dtype=parsed.dtype)
    return result.mask(missing, blank)


def _typed(values: pd.Series, dtype: Any) -> pd.Series:
    """The values in `dtype` (as they are when they already have it)."""
    return values if values.dtype == dtype else values.astype(dtype)


def _is_ascii(text: pa.Array) -> bool:
    """True when every text is ASCII: Arrow's regex engine then reads `\\d` as Python's does, and Arrow reads a
    number as Python's `float` does."""
    return bool(pc.all(pc.string_is_ascii(text), min_count=0).as_py())


def _fullmatch(s: pd.Series, pattern: str) -> np.ndarray:
    """Where each text matches `pattern` as a whole (pandas' `str.fullmatch`: Arrow's regex engine straight
    away for ASCII text, pandas itself otherwise)."""
    text = pa.array(s, pa.large_string())
    if _is_ascii(text):
        hit = pc.match_substring_regex(text, f"^(({pattern})$)")  # the anchors pandas adds for fullmatch
        return hit.fill_null(False).to_numpy(zero_copy_only=False)
    return s.str.fullmatch(pattern).to_numpy(dtype=bool, na_value=False, copy=True)


def _western_digits(s: pd.Series) -> pd.Series:
    """The texts with full-width digits, signs and points read as 0-9, + - . (NFKC); other scripts' digits
    stay as they are, and are then not numbers."""
    return s if _is_ascii(pa.array(s, pa.large_string())) else s.str.normalize("NFKC")


def _numbers(s: pd.Series) -> pd.Series:
    return s.where(_fullmatch(s, NUMBER)).astype("Float64")


def _whole(s: pd.Series) -> np.ndarray:
    return _fullmatch(s, WHOLE)


def as_numbers(text: pd.Series) -> pd.Series:
    """Numbers parsed from text cells (NA where blank or not a number)."""
    return _typed(via_distinct(text, lambda s: _numbers(_western_digits(s)), pd.NA, "Float64"), "Float64")


def whole_numbers(text: pd.Series, minimum: float | None = None, maximum: float | None = None) -> pd.Series:
    """Whole numbers (Int64) from `minimum` to `maximum` (either end open when None); NA where blank or
    anything else."""

    def parse(s: pd.Series) -> pd.Series:
        s = _western_digits(s)
        ok = _whole(s)
        number = np.zeros(len(s))
        number[ok] = _whole_values(s, ok)
        ok &= _within(number, minimum, maximum)
        return pd.Series(pd.arrays.IntegerArray(np.round(number).astype("int64"), ~ok))

    return _typed(via_distinct(text, parse, pd.NA, "Int64"), "Int64")


def _within(number: np.ndarray, minimum: float | None, maximum: float | None) -> np.ndarray:
    """Where each number lies from `minimum` to `maximum` (either end open when None)."""
    inside = np.ones(len(number), dtype=bool)
    if minimum is not None:
        inside &= number >= minimum
    if maximum is not None:
        inside &= number <= maximum
    return inside


def _whole_values(s: pd.Series, ok: np.ndarray) -> np.ndarray:
    """The numbers the texts where `ok` holds (whole numbers) stand for, as `astype("float64")` reads them."""
    text = pa.array(s, pa.large_string())
    if _is_ascii(text):  # Arrow reads them alike, without a round trip through Python objects
        return pc.cast(text.filter(pa.array(ok)), pa.float64()).to_numpy()
    return s[ok].astype("float64").to_numpy()


def _whole_within(s: pd.Series, minimum: float | None, maximum: float | None) -> np.ndarray:
    """Where the text is a whole number from `minimum` to `maximum`."""
    ok = _whole(s)
    if (minimum is not None or maximum is not None) and ok.any():
        ok[ok] = _within(_whole_values(s, ok), minimum, maximum)
    return ok


def is_whole_number(text: pd.Series, minimum: float | None = None, maximum: float | None = None) -> pd.Series:
    """True where the text is a whole number from `minimum` to `maximum` (blank cells pass)."""
    return _typed(
        via_distinct(text, lambda s: _whole_within(_western_digits(s), minimum, maximum), True, bool), bool
    )


def checked_whole_numbers(text: pd.Series, minimum: float, maximum: float | None = None) -> pd.Series:
    """`as_numbers` where `is_whole_number` (from `minimum` to `maximum`) holds, as Int64; NA where blank or
    anything else. One pass over the distinct cells instead of one for each."""

    def parse(s: pd.Series) -> pd.Series:
        s = _western_digits(s)
        return _numbers(s).where(_whole_within(s, minimum, maximum)).round().astype("Int64")

    return _typed(via_distinct(text, parse, pd.NA, "Int64"), "Int64")


def is_whole_in(text: pd.Series, span: Span) -> pd.Series:
    """True where the text is a whole number in the span (blank cells pass)."""
    return is_whole_number(text, span.low, span.high)


def whole_in(text: pd.Series, span: Span) -> pd.Series:
    """The whole numbers in the span, as Int64; NA where blank or anything else."""
    return checked_whole_numbers(text, span.low, span.high)


def is_one_of(text: pd.Series, allowed: list[str]) -> pd.Series:
    """True where the text is one of the allowed words, ignoring case and spaces (blanks pass)."""
    return as_words(text).isin([a.lower() for a in allowed]) | text.isna()


def as_ids(text: pd.Series) -> pd.Series:
    """Competitor ids: trimmed text, runs of spaces read as one; a number typed as 7 or 7.0 is the id "7"."""
    found = via_distinct(
        text,
        lambda s: (
            s.str.strip()
            .str.replace(r"\s+", " ", regex=True)
            .str.replace(r"^(-?[0-9]+)\.0+$", r"\1", regex=True)
        ),
        pd.NA,
        "str",
    )
    return _typed(found, "str")


def as_words(text: pd.Series) -> pd.Series:
    """Keywords folded to lower case with `_` for spaces and dashes (NA stays NA)."""
    found = via_distinct(
        text, lambda s: s.str.strip().str.lower().str.replace(r"[\s_-]+", "_", regex=True), pd.NA, "str"
    )
    return _typed(found, "str")


def nearest_seconds(times: pd.Series) -> pd.Series:
    """Date-times rounded to the nearest second, halves up, as Excel's hh:mm:ss shows them (21:30:00.4 is
    21:30:00, 21:30:00.5 is 21:30:01). Every date-time tally reads goes through here before it is compared
    or shown, so a Law 79C delay is decided on the seconds the organizer sees."""
    return (times + pd.Timedelta(milliseconds=500)).dt.floor("s")


def date_times(text: pd.Series) -> pd.Series:
    """Date-times from Excel date cells or typed ISO text (2026-11-30 21:15), rounded to the second as Excel
    shows them (`nearest_seconds`); NaT where blank, anything else, or outside 1900-01-01 to 2099-12-31."""
    clean = _western_digits(text.astype("str")).str.strip()  # full-width digits read as in numbers
    ok = clean.str.fullmatch(DATE_TIME).fillna(False).astype(bool)
    parsed = pd.to_datetime(clean.where(ok), errors="coerce", format="ISO8601")
    shown = nearest_seconds(pd.Series(parsed, index=text.index))
    return shown.where((shown >= FIRST_DAY) & (shown < LAST_DAY + pd.Timedelta(days=1)))
