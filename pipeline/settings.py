"""The `Settings` sheet of any workbook: Key / Value rows parsed by a table of known keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from pipeline.checks import empty_problems, missing_columns, model_titles, problems_where, required_columns
from pipeline.sheets import Sheet
from schemas.common import as_numbers, as_words, date_times, is_whole_number
from schemas.domino import SettingsSheet


@dataclass(frozen=True)
class SettingSpec:
    """One known setting: its written name, how its value is read, and what is expected."""

    title: str
    parse: Callable[[pd.Series], pd.Series]
    expected: str


def positive_whole(text: pd.Series) -> pd.Series:
    """Whole numbers of 1 or more (NA otherwise)."""
    ok = is_whole_number(text, 1) & text.notna()
    return as_numbers(text).where(ok).round().astype("Int64")


def positive_number(text: pd.Series) -> pd.Series:
    """Numbers above 0 (NA otherwise)."""
    numbers = as_numbers(text)
    return numbers.where((numbers > 0).fillna(False).astype(bool))


def one_word_of(words: list[str]) -> Callable[[pd.Series], pd.Series]:
    """A parser accepting one of the words, ignoring case, spaces, `-` and `_`."""

    def parse(text: pd.Series) -> pd.Series:
        folded = as_words(text)
        return folded.where(folded.isin(words))

    return parse


def date_time(text: pd.Series) -> pd.Series:
    """A date and time (an Excel date-time cell, or typed as 2026-11-30 21:15), to the second."""
    return date_times(text)


def whole_from_zero(text: pd.Series) -> pd.Series:
    """Whole numbers of 0 or more (NA otherwise)."""
    ok = is_whole_number(text, 0) & text.notna()
    return as_numbers(text).where(ok).round().astype("Int64")


CORRECTION_SETTINGS = {
    "published_at": SettingSpec(
        "Published At",
        date_time,
        "the date and time the official scores were published, such as 2026-11-30 21:15",
    ),
    "correction_minutes": SettingSpec(
        "Correction Minutes", whole_from_zero, "the correction period in minutes: a whole number, 0 or more"
    ),
}


def plain_text(text: pd.Series) -> pd.Series:
    """The value as written, dates without a midnight time."""
    return text.astype("str").str.replace(r" 00:00:00$", "", regex=True).where(text.notna())


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
    listing = ", ".join(s.title for s in specs.values())
    problems = [
        problems_where(
            sheet, frame["key"].isna() & frame["value"].notna(), "key", "a setting name is required"
        ),
        problems_where(
            sheet,
            frame["key"].notna() & ~keys.isin(list(specs)),
            "key",
            f"unknown setting, ignored (known: {listing})",
            "warning",
        ),
    ]
    problems.append(
        problems_where(
            sheet,
            keys.isin(list(specs)) & frame["value"].isna(),
            "value",
            "no value given: the default is used",
            "warning",
        )
    )
    repeated = keys.notna() & keys.duplicated(keep="first")
    first = pd.Series(frame.index, index=frame.index).groupby(keys).transform("min")
    problems.append(
        problems_where(sheet, repeated, "key", "this setting is already given at row " + first.astype("str"))
    )
    values: dict[str, object] = {}
    for key, spec in specs.items():  # a handful of known keys
        rows = keys.eq(key) & ~repeated
        parsed = spec.parse(frame["value"])
        problems.append(
            problems_where(
                sheet, rows & frame["value"].notna() & parsed.isna(), "value", f"expected {spec.expected}"
            )
        )
        given = parsed[rows & parsed.notna()]
        if len(given):
            values[key] = given.iloc[0]
    return values, pd.concat(problems, ignore_index=True)
