"""Reading typed values out of text cells: numbers, whole numbers, ids, keywords, date-times.

Every cell arrives as trimmed text (blanks as NA). Each parser's docstring states the rule it applies to one
cell; tests/test_parsing.py checks each against that rule written out value by value in plain Python. How
they are fast is kept out of the rules: result columns hold few distinct values (pips, ids, keywords), so
every parser works on the distinct values of a column only and spreads the answers back with the factorize
codes (`via_distinct`), and a column of ASCII text is matched and converted by Arrow's kernels, whose regex
engine and number reading agree with Python's on ASCII (`_fullmatch`, `_whole_values`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.i18n import N_

NUMBER = r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?"
WHOLE = r"[+-]?[0-9]{1,15}(\.0+)?"  # 15 digits stay exact in a float64 and fit an int64
DATE_TIME = r"[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{1,2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?"

# Dates and date-times tally reads (the Settings Date, Published At, Submitted At, `tally rank --as-of`) lie
# in these years: Excel's own dates begin in 1900, and a year past 2099 is a typing slip. The bounds also keep
# every difference of two dates far inside the 64-bit nanoseconds pandas counts in (about 292 years).
FIRST_DAY = pd.Timestamp("1900-01-01")
LAST_DAY = pd.Timestamp("2099-12-31")
DATE_RANGE = N_("from 1900-01-01 to 2099-12-31")


class Bounds(Protocol):
    """A range of numbers from `low` to `high`, both included (`schemas.common.Span` is one)."""

    @property
    def low(self) -> float: ...

    @property
    def high(self) -> float: ...


# ---------------------------------------------------------------- the rules, one cell at a time


def as_numbers(text: pd.Series) -> pd.Series:
    """Numbers parsed from text cells, as Float64. A cell is a number when, read in NFKC (so full-width
    digits, signs and points count as 0-9, + - .), it is a decimal number in the digits 0-9 as a whole: an
    optional sign, digits with an optional point (or a point and digits), an optional exponent (`e` or `E`,
    optional sign, digits); its value is what Python's `float` reads (1e999 is infinity). Anything else is
    NA: blanks, other scripts' digits, spaces, thousands separators, `inf`, `nan`."""
    digits = _digit_numbers(text)
    if digits is not None:  # every cell blank or plain digits: the same answer, read by Arrow at once
        number, present = digits
        return pd.Series(pd.arrays.FloatingArray(number.astype("float64"), ~present), index=text.index)
    return _typed(via_distinct(text, lambda s: _numbers(_western_digits(s)), pd.NA, "Float64"), "Float64")


def whole_numbers(text: pd.Series, minimum: float | None = None, maximum: float | None = None) -> pd.Series:
    """Whole numbers from text cells, as Int64. A cell is a whole number when, read in NFKC, it is an optional
    sign, 1 to 15 digits 0-9 and optionally a point followed only by zeros (7, -7, +7, 7.0, 007), and its
    value lies from `minimum` to `maximum` (either end open when None); NA where blank or anything else."""

    def parse(s: pd.Series) -> pd.Series:
        s = _western_digits(s)
        ok = _whole(s)
        number = np.zeros(len(s))
        number[ok] = _whole_values(s, ok)
        ok &= _within(number, minimum, maximum)
        return pd.Series(pd.arrays.IntegerArray(np.round(number).astype("int64"), ~ok))

    digits = _whole_digits(text, minimum, maximum)
    return _typed(via_distinct(text, parse, pd.NA, "Int64"), "Int64") if digits is None else digits


def is_whole_number(text: pd.Series, minimum: float | None = None, maximum: float | None = None) -> pd.Series:
    """True where the cell is a whole number from `minimum` to `maximum` as `whole_numbers` reads it, or
    blank (a blank cell is a separate check)."""
    digits = _digit_numbers(text)
    if digits is not None:  # every cell blank or plain digits (see `checked_whole_numbers`)
        number, present = digits
        return pd.Series(~present | _within(number, minimum, maximum), index=text.index)
    return _typed(
        via_distinct(text, lambda s: _whole_within(_western_digits(s), minimum, maximum), True, bool), bool
    )


def checked_whole_numbers(text: pd.Series, minimum: float, maximum: float | None = None) -> pd.Series:
    """The whole numbers from `minimum` to `maximum` as Int64, NA where blank or anything else: the same
    answer as `whole_numbers`, read as `as_numbers` where `is_whole_number` holds (in one pass over the
    distinct cells instead of one for each)."""

    def parse(s: pd.Series) -> pd.Series:
        s = _western_digits(s)
        return _numbers(s).where(_whole_within(s, minimum, maximum)).round().astype("Int64")

    digits = _whole_digits(text, minimum, maximum)
    return _typed(via_distinct(text, parse, pd.NA, "Int64"), "Int64") if digits is None else digits


def whole_in(text: pd.Series, span: Bounds) -> pd.Series:
    """The whole numbers in the span (from its low to its high end, both included), as Int64; NA where blank
    or anything else."""
    return checked_whole_numbers(text, span.low, span.high)


def as_ids(text: pd.Series) -> pd.Series:
    """Competitor ids: the text trimmed of white space (Python's `str.strip`), each run of white space inside
    it (Python's regex `\\s`) read as one space, and a number typed as digits 0-9 with an optional minus
    and a point followed only by zeros (7.0, -7.00) read as its digits ("7", "-7"); NA stays NA. A column
    of ASCII text without white space or a point (most id columns) is left as it is, as the rule leaves it."""
    if text.dtype == "str" and _plain_ids(pa.array(text, pa.large_string())):
        return text.copy(deep=False)
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
    """Keywords as compared: the text trimmed (Python's `str.strip`), in lower case character by character
    (Unicode's simple mapping, as Arrow applies it: İ is i, Σ is σ), each run of white space (Python's regex
    `\\s`), `_` and `-` read as one `_`; NA stays NA."""
    if text.dtype == "str" and _all_match(pa.array(text, pa.large_string()), _PLAIN_WORD):
        return text.rename(None)  # blank, or words as the rule writes them already: it changes none
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
    """Date-times from Excel date cells or typed ISO text: read in NFKC and trimmed, a cell is
    yyyy-mm-dd, a space or `T`, h:mm or hh:mm, optionally :ss and a decimal fraction (2026-11-30 21:15,
    2026-11-30T21:15:00.5) naming a real moment; it is rounded to the second as Excel shows it (halves up,
    `nearest_seconds`). NaT where blank, anything else, or outside 1900-01-01 to 2099-12-31."""
    clean = _western_digits(text.astype("str")).str.strip()  # full-width digits read as in numbers
    ok = clean.str.fullmatch(DATE_TIME).fillna(False).astype(bool)
    parsed = pd.to_datetime(clean.where(ok), errors="coerce", format="ISO8601")
    shown = nearest_seconds(pd.Series(parsed, index=text.index))
    return shown.where((shown >= FIRST_DAY) & (shown < LAST_DAY + pd.Timedelta(days=1)))


# ---------------------------------------------------------------- how: distinct values, Arrow for ASCII


def via_distinct(
    text: pd.Series,
    parse: Callable[[pd.Series], pd.Series | np.ndarray],
    blank: object,
    dtype: Any = None,
) -> pd.Series:
    """`parse` applied to the distinct cells of a column only, spread back; `blank` where a cell is NA (a
    column of blanks is not parsed when the `dtype` of the answers is given)."""
    if text.isna().all():  # an absent optional column: nothing to parse
        kind = parse(pd.Series([], dtype="str")).dtype if dtype is None else dtype
        return filled(blank, text.index, kind)
    codes, distinct = pd.factorize(text, use_na_sentinel=True)
    parsed = parse(pd.Series(distinct, dtype="str"))
    missing = codes < 0
    if isinstance(parsed, pd.Series) and isinstance(parsed.dtype, pd.api.extensions.ExtensionDtype):
        fill = None if blank is pd.NA else blank  # the answers' own NA for a blank cell, else `blank`
        return pd.Series(parsed.array.take(codes, allow_fill=True, fill_value=fill), index=text.index)
    values = parsed.to_numpy() if isinstance(parsed, pd.Series) else parsed
    if not missing.any():
        return pd.Series(values.take(codes), index=text.index, dtype=parsed.dtype)
    if values.dtype == bool and isinstance(blank, bool):  # a check's verdicts: blank cells pass or fail
        taken = values.take(np.where(missing, 0, codes))
        taken[missing] = blank
        return pd.Series(taken, index=text.index)
    result = pd.Series(values.take(np.where(missing, 0, codes)), index=text.index, dtype=parsed.dtype)
    return result.mask(missing, blank)


def distinct_rows(columns: list[pd.Series]) -> tuple[np.ndarray, np.ndarray]:
    """A label for each row, the same for rows whose values agree in every column (blank equal to blank),
    numbered in the order the combinations first appear (as `pd.factorize` numbers them); and the position
    of each label's first row."""
    code, size = np.zeros(len(columns[0]), dtype=np.int64), 1
    for column in columns:  # a few columns
        if column.isna().all():  # blank throughout: splits nothing
            continue
        part, width = value_codes(column)
        if size * (width + 1) >= 2**62:  # renumbered before the combined codes could overflow
            code = first_seen(code, size)[0]
            size = int(code.max(initial=-1)) + 1
        code, size = code * (width + 1) + part + 1, size * (width + 1)
    return first_seen(code, size)


def value_codes(column: pd.Series) -> tuple[np.ndarray, int]:
    """A code from 0 for each value of a column, the same for equal values (-1 for NA), and how many codes
    there may be: numbers' `ordered_codes`, other values' `pd.factorize` codes."""
    if not pd.api.types.is_numeric_dtype(column.dtype):
        part, distinct = pd.factorize(column, use_na_sentinel=True)
        return part, len(distinct)
    number = column.to_numpy(dtype="float64", na_value=np.nan)
    known = ~np.isnan(number)
    code = np.full(len(number), -1, dtype=np.int64)
    code[known], width = ordered_codes(number[known])
    return code, width


def ordered_codes(number: np.ndarray) -> tuple[np.ndarray, int]:
    """A code from 0 for each number (none NaN), in the numbers' order and the same for equal numbers, and how
    many codes there may be: whole numbers spanning a short range coded by their distance from the smallest
    (no hashing, no sorting), other numbers by their place among the distinct numbers."""
    number = number + 0.0  # -0.0 as 0.0
    low, high = (number.min(), number.max()) if len(number) else (0.0, 0.0)
    finite = bool(np.isfinite(low) and np.isfinite(high))  # an infinite number: no range to code by
    if finite and high - low <= 2 * len(number) and (number == np.round(number)).all():
        return (number - low).astype(np.int64), int(high - low) + 1
    code, distinct = pd.factorize(number)
    place = np.empty(len(distinct), dtype=np.int64)
    place[np.argsort(distinct)] = np.arange(len(distinct))
    return place[code], len(distinct)


def first_seen(code: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """Codes from 0 to `size` - 1 renumbered in the order they first appear (`pd.factorize`'s labels), and the
    position where each label first appears (a table of `size` entries when that is short, else hashing)."""
    n = len(code)
    if size > 4 * n + 1024:
        label = pd.factorize(code)[0]
        before = np.maximum.accumulate(np.concatenate([[-1], label[:-1]])) if n else label
        return label, np.flatnonzero(label > before)
    first = np.full(size, n, dtype=np.int64)
    np.minimum.at(first, code, np.arange(n))
    seen = np.flatnonzero(first < n)
    seen = seen[np.argsort(first[seen])]  # the codes present, in the order they first appear
    label = np.empty(size, dtype=np.int64)
    label[seen] = np.arange(len(seen))
    return label[code], first[seen]


def spread(frame: pd.DataFrame, label: np.ndarray, index: pd.Index) -> dict[str, pd.Series]:
    """Each column of `frame` for every row: row i takes the values of `frame`'s row `label[i]` (index:
    `index`); a column blank throughout is filled with blanks, not taken."""
    return {
        str(name): filled(column.iloc[0], index, column.dtype)
        if len(column) and column.isna().all()
        else pd.Series(column.array.take(label), index=index)
        for name, column in frame.items()
    }


def filled(value: Any, index: pd.Index, dtype: Any) -> pd.Series:
    """A column holding `value` in every row, in `dtype` (blank text made by Arrow, without a Python object per
    row)."""
    if pd.isna(value) and pd.api.types.pandas_dtype(dtype) == pd.api.types.pandas_dtype("str"):
        return pd.Series(pd.array(pa.nulls(len(index), pa.large_string()), dtype="str"), index=index)
    return pd.Series(value, index=index, dtype=dtype)


def text_or_empty(text: pd.Series) -> pd.Series:
    """The cells as text (`str`), a blank cell as ''."""
    text = _typed(text, "str")
    return pd.Series(
        pd.array(pc.fill_null(pa.array(text, pa.large_string()), ""), dtype="str"), index=text.index
    )


def _typed(values: pd.Series, dtype: Any) -> pd.Series:
    """The values in `dtype` (as they are when they already have it)."""
    return values if values.dtype == dtype else values.astype(dtype)


def _is_ascii(text: pa.Array) -> bool:
    """True when every text is ASCII: Arrow's regex engine then reads `\\d` as Python's does, and Arrow reads a
    number as Python's `float` does."""
    return bool(pc.all(pc.string_is_ascii(text), min_count=0).as_py())


_ID_CHANGES = r"[\t\n\x0b\x0c\r\x1c-\x1f .]"  # ASCII white space as Python's `str.isspace` knows it, and `.`


_DIGITS = r"^[0-9]{1,15}$"  # a whole number as digits alone: what WHOLE reads without a sign or a point
_PLAIN_WORD = r"^[a-z0-9]+$"  # a keyword `as_words` leaves as it is


def _all_match(text: pa.Array, pattern: str) -> bool:
    """True when every text present (none, in a blank column) matches `pattern` (Arrow's regex engine)."""
    return bool(pc.all(pc.match_substring_regex(text, pattern), min_count=0).as_py())


def _digit_numbers(text: pd.Series) -> tuple[np.ndarray, np.ndarray] | None:
    """The numbers of a column of text whose every cell present is 1 to 15 digits 0-9 (int64, 0 where blank)
    and where a cell is present; None for any other column (a blank column is such a column)."""
    if text.dtype != "str":
        return None
    cells = pa.array(text, pa.large_string())
    if not _all_match(cells, _DIGITS):
        return None
    return pc.cast(cells.fill_null("0"), pa.int64()).to_numpy(), pc.is_valid(cells).to_numpy(
        zero_copy_only=False
    )


def _whole_digits(text: pd.Series, minimum: float | None, maximum: float | None) -> pd.Series | None:
    """`whole_numbers` of a column whose every cell is blank or plain digits (`_digit_numbers`), read by Arrow
    at once: the same answer; None for any other column."""
    digits = _digit_numbers(text)
    if digits is None:
        return None
    number, present = digits
    return pd.Series(
        pd.arrays.IntegerArray(number, ~(present & _within(number, minimum, maximum))), index=text.index
    )


def _plain_ids(text: pa.Array) -> bool:
    """True when every text is ASCII without white space or a point: `as_ids` then changes none of them."""
    return _is_ascii(text) and not bool(
        pc.any(pc.match_substring_regex(text, _ID_CHANGES), min_count=0).as_py()
    )


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
    """The texts that match NUMBER as numbers, NA elsewhere."""
    return s.where(_fullmatch(s, NUMBER)).astype("Float64")


def _whole(s: pd.Series) -> np.ndarray:
    """Where the text matches WHOLE."""
    return _fullmatch(s, WHOLE)


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
