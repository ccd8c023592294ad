"""Declarations in plain Python, without pandas or pandera: what the command line shows before it imports them
(`tally --help`, a usage error), and what the models declare their columns with. The sane ranges of numbers
(`Span`), the declared phrases said in the organizer's language, the names of the sheets that hold a game's
results and the domino target; schemas/<game>.py and the games' settings read them from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pipeline.i18n import N_, _

if TYPE_CHECKING:
    import pandas as pd

# A declared text with a part filled in where it is declared (a Span's words, a sheet's name), kept as English
# text (docs, pandera's check names) and translated where it is shown: English text -> (message, its values).
PHRASES: dict[str, tuple[str, dict[str, object]]] = {}


def phrase(message: str, /, **values: object) -> str:
    """A declared text (`message` marked with N_, `{names}` filled from `values`) in English, remembered so
    that `spoken` says it in the language spoken, its values too."""
    text = message.format(**values)
    PHRASES.setdefault(text, (message, values))
    return text


def spoken(text: str) -> str:
    """A declared text in the language spoken: a `phrase` with its values translated, or a constant marked
    with N_ (any other text, such as what the organizer typed, as it is)."""
    if not text:
        return text
    found = PHRASES.get(text)
    if found is None:
        return _(text)
    message, values = found
    return _(message, **{k: spoken(v) if isinstance(v, str) else v for k, v in values.items()})


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
        if self.above:
            return phrase(N_("above {low} and at most {high}"), low=low, high=high)
        return phrase(N_("from {low} to {high}"), low=low, high=high)

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


# ------------------------------------------------------------------ what the command line names

MATCHES_SHEET = "Matches"  # the sheet of a domino results workbook that holds the results (MatchesSheet)
RESULTS_SHEET = "Results"  # the sheet of a bridge results workbook that holds the results (ResultsSheet)
TARGET = Span(1, 10_000)  # the domino target, in pips or hands (Matches Target and the Settings Target)
TARGET_SETTING_NAME = "Target"  # the Settings key of the domino target (pipeline/games/domino/settings.py)
POINTS_TARGET = 100  # the target of a domino points event when neither Settings nor the match gives one
