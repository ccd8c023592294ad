"""What the models need to declare their columns: the text dtype, the sane ranges (`Span`) and the checks
they call. How a cell is read (numbers, whole numbers, keywords) is `pipeline.parsing`; a check here states
which values a column accepts and asks it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd
from pandera import dtypes
from pandera.engines import pandas_engine

from pipeline import parsing


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


def is_whole_in(text: pd.Series, span: Span) -> pd.Series:
    """True where the text is a whole number in the span (blank cells pass)."""
    return parsing.is_whole_number(text, span.low, span.high)


def is_one_of(text: pd.Series, allowed: list[str]) -> pd.Series:
    """True where the text is one of the allowed words, ignoring case and spaces (blanks pass)."""
    return parsing.as_words(text).isin([a.lower() for a in allowed]) | text.isna()
