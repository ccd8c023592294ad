"""The `Settings` sheet of any workbook: Key / Value rows parsed by a table of known keys.

Every number a setting holds has a sane range (a `Span`), declared with the setting in the game's table of
settings (and here for the settings both games share) and checked as the value is read: a value outside it is
the usual located problem, `Settings, row 5, column 'Value' [1e15]: expected the event's ranking weight: a
number above 0 and at most 100`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.games.checks import (
    empty_problems,
    missing_columns,
    model_titles,
    problems_where,
    required_columns,
)
from pipeline.parsing import DATE_RANGE, FIRST_DAY, LAST_DAY, as_numbers, as_words, date_times, whole_in
from pipeline.sheets import Sheet
from schemas.common import Span
from schemas.domino import SettingsSheet


@dataclass(frozen=True)
class Advice:
    """A form a setting's value should take for a later step: a warning, not an error, when it is not met."""

    holds: Callable[[object], bool]
    message: str


@dataclass(frozen=True)
class SettingSpec:
    """One known setting: its written name, how its value is read, what is expected, and any advice."""

    title: str
    parse: Callable[[pd.Series], pd.Series]
    expected: str
    advice: Advice | None = None


ISO_DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ T]00:00(?::00)?)?"


def iso_date(text: object) -> pd.Timestamp | None:
    """The day of a date typed as 2026-11-30 (a midnight time allowed) from 1900-01-01 to 2099-12-31, None
    otherwise."""
    match = re.fullmatch(ISO_DATE, text.strip()) if isinstance(text, str) else None
    if match is None:
        return None
    try:
        day = pd.Timestamp(dt.date.fromisoformat(match.group(0)[:10]))
    except ValueError:  # 2026-02-30 and the like
        return None
    return day if FIRST_DAY <= day <= LAST_DAY else None


RANKABLE_DATE = Advice(
    lambda value: iso_date(value) is not None,
    f"expected a date such as 2026-11-30 (year-month-day, or an Excel date cell, {DATE_RANGE}): the "
    "standings are written with the date as typed, but `tally rank` will refuse them until it is fixed",
)

WEIGHT = Span(
    0, 100, above=True
)  # the event's ranking weight: a championship counts a few times a club night
CORRECTION_MINUTES = Span(0, 10_080)  # the Law 79C period: none at all, up to a week


def whole_number_in(span: Span) -> Callable[[pd.Series], pd.Series]:
    """A parser of the whole numbers in the span (NA otherwise)."""

    def parse(text: pd.Series) -> pd.Series:
        return whole_in(text, span)

    return parse


def number_in(span: Span) -> Callable[[pd.Series], pd.Series]:
    """A parser of the numbers in the span (NA otherwise: 1e999 is read as infinity, never in a span)."""

    def parse(text: pd.Series) -> pd.Series:
        numbers = as_numbers(text)
        return numbers.where(span.holds(numbers))

    return parse


WEIGHT_SETTING = SettingSpec(
    "Weight", number_in(WEIGHT), f"the event's ranking weight: a number {WEIGHT.words}"
)


def one_word_of(words: list[str]) -> Callable[[pd.Series], pd.Series]:
    """A parser accepting one of the words, ignoring case, spaces, `-` and `_`."""

    def parse(text: pd.Series) -> pd.Series:
        folded = as_words(text)
        return folded.where(folded.isin(words))

    return parse


def date_time(text: pd.Series) -> pd.Series:
    """A date and time (an Excel date-time cell, or typed as 2026-11-30 21:15), rounded to the second as
    Excel shows it (`pipeline.parsing.nearest_seconds`)."""
    return date_times(text)


CORRECTION_SETTINGS = {
    "published_at": SettingSpec(
        "Published At",
        date_time,
        f"the date and time the official scores were published, such as 2026-11-30 21:15 ({DATE_RANGE})",
    ),
    "correction_minutes": SettingSpec(
        "Correction Minutes",
        whole_number_in(CORRECTION_MINUTES),
        f"the correction period in minutes: a whole number {CORRECTION_MINUTES.words}",
    ),
}


def plain_text(text: pd.Series) -> pd.Series:
    """The value as written, dates without a midnight time."""
    written = text if text.dtype == "str" else text.astype("str")
    return written.str.replace(r" 00:00:00$", "", regex=True).where(text.notna())


def key_value_settings(
    sheet: Sheet | None, specs: dict[str, SettingSpec]
) -> tuple[dict[str, object], pd.DataFrame]:
    """The value of every setting given (by normalized key), with a problem for each bad row."""
    if sheet is None or sheet.frame.empty:
        return {}, empty_problems()
    lost = missing_columns(sheet, required_columns(SettingsSheet), model_titles(SettingsSheet))
    if lost:
        return {}, pd.DataFrame([p.as_record() for p in lost])
    frame = sheet.frame.dropna(how="all")
    if "value" not in frame:
        frame = frame.assign(value=pd.Series(pd.NA, index=frame.index, dtype="str"))
    keys = as_words(frame["key"])
    key_given, value_given = frame["key"].notna().to_numpy(), frame["value"].notna().to_numpy()
    known = keys.isin(list(specs)).to_numpy()

    def row_mask(mask: np.ndarray) -> pd.Series:
        """The mask as a Series over the sheet's rows."""
        return pd.Series(mask, index=frame.index)

    listing = ", ".join(s.title for s in specs.values())
    problems = [
        problems_where(sheet, row_mask(~key_given & value_given), "key", "a setting name is required"),
        problems_where(
            sheet,
            row_mask(key_given & ~known),
            "key",
            f"unknown setting, ignored (known: {listing})",
            "warning",
        ),
    ]
    problems.append(
        problems_where(
            sheet,
            row_mask(known & ~value_given),
            "value",
            "no value given: the default is used",
            "warning",
        )
    )
    repeated = (keys.notna() & keys.duplicated(keep="first")).to_numpy()
    if repeated.any():
        first = pd.Series(frame.index, index=frame.index).groupby(keys).transform("min").astype("Int64")
        problems.append(
            problems_where(
                sheet,
                row_mask(repeated),
                "key",
                "this setting is already given at row " + first.astype("str"),
            )
        )
    written = keys.to_numpy(dtype=object)
    values: dict[str, object] = {}
    for key, spec in specs.items():  # a handful of known keys
        rows = (written == key) & ~repeated
        if not rows.any():  # a key the sheet does not give: nothing to parse or report
            continue
        parsed = spec.parse(
            frame["value"]
        )  # the whole column, as before: a date's unit can hang on the others
        read = parsed.notna().to_numpy()
        problems.append(
            problems_where(sheet, row_mask(rows & value_given & ~read), "value", f"expected {spec.expected}")
        )
        given = np.flatnonzero(rows & read)
        if len(given):
            values[key] = parsed.iloc[given[0]]
            if spec.advice is not None and not spec.advice.holds(values[key]):
                at = np.zeros(len(frame), dtype=bool)
                at[given[0]] = True
                problems.append(problems_where(sheet, row_mask(at), "value", spec.advice.message, "warning"))
    return values, pd.concat(problems, ignore_index=True)
