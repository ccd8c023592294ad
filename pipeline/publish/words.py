"""The site in the language spoken (docs/publish.md, "Languages"): a table's headers and a sheet's name as the
declarations in schemas/ name them in that language, figures with the language's decimal and group symbols
(Babel's data, applied a column at a time) and dates as the language writes them. The pages' own words are
the templates' and the `site` catalog's (pipeline/i18n.py)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.i18n import ENGLISH, spoken_language
from pipeline.language import header_in, header_names, sheet_names
from schemas.common import columns_of, declared_of
from schemas.publish import CompetitorMatch, SiteEvent

# Digits of the whole part from which a figure's thousands are grouped: CLDR's minimumGroupingDigits (Babel does
# not carry it). Spanish writes 1234,50 but 12.345,50 (RAE; CLDR es: 2); Chinese groups from four digits.
MIN_GROUPING = {"es": 5, "zh": 4}
DATE_TEXT = (
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?: [0-9]{2}:[0-9]{2}:[0-9]{2})?"  # a date (and time) read back as text
)
DATE_ONLY = r"\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b"  # a date as a workbook read back gives it: 2026-11-30


@functools.cache
def site_header_names(lang: str) -> dict[str, str]:
    """English header -> its name in `lang`: the headers of the workbooks (pipeline/language.py) and of the
    site's own tables (schemas/publish.py)."""
    found = dict(header_names(lang))
    for model in (CompetitorMatch, SiteEvent):
        declared = declared_of(model)
        for c in columns_of(model):
            if c.names.get(lang):
                found.setdefault(c.title, c.names[lang][0])
            hands = declared[c.name].get("in_hands")
            if hands and declared[c.name].get("hands_names", {}).get(lang):
                found.setdefault(hands, declared[c.name]["hands_names"][lang][0])
    return found


def shown_header(header: str) -> str:
    """A table's header as the page shows it in the language spoken (a header no declaration names, such as
    an organizer's own column or a seat code, as it is)."""
    lang = spoken_language()
    if lang == ENGLISH:
        return header
    return site_header_names(lang).get(header) or header_in(header, lang)


def shown_word(model: type, name: str, word: str) -> str:
    """A word of a column of words (declared with its `words=`) in the language spoken."""
    found = next(c for c in columns_of(model) if c.name == name)
    return found.words.get(word, {}).get(spoken_language(), (word,))[0]


def shown_sheet(name: str, game: str) -> str:
    """A sheet's name in the language spoken (as a standings workbook of `game` names it in that language)."""
    lang = spoken_language()
    return name if lang == ENGLISH else sheet_names(lang, game).get(name, name)


@functools.cache
def number_symbols(lang: str) -> tuple[str, str]:
    """The decimal and group symbols of a language (Babel: `.` and `,` in English and Chinese, `,` and `.` in
    Spanish)."""
    from babel.numbers import get_decimal_symbol, get_group_symbol

    return get_decimal_symbol(lang), get_group_symbol(lang)


def grouped(units: pa.Array, group: str, least: int) -> pa.Array:
    """Whole parts (texts of digits) with their thousands grouped by `group` when they have `least` digits
    or more, a column at a time (Arrow slices and joins; up to 18 digits)."""
    length = pc.utf8_length(units)
    out = pc.utf8_slice_codeunits(units, -3)
    for k in range(1, 6):  # the thousands, millions, ... of up to 18 digits
        before = pc.utf8_slice_codeunits(units, -3 * k - 3, -3 * k)
        joined = pc.binary_join_element_wise(before, out, pa.scalar(group, pa.large_string()))
        out = pc.if_else(pc.greater(length, 3 * k), joined, out)
    return pc.if_else(pc.greater_equal(length, least), out, units)


def local_figures(units: pa.Array, fraction: pa.Array) -> pa.Array:
    """Figures with decimals as the language spoken writes them: the whole part grouped as it groups
    thousands, its decimal symbol before the fraction (English: `1234.50`, as tally always wrote them)."""
    lang = spoken_language()
    if lang == ENGLISH:
        return pc.binary_join_element_wise(units, fraction, pa.scalar(".", pa.large_string()))
    decimal, group = number_symbols(lang)
    least = MIN_GROUPING.get(lang, 4)
    whole = grouped(units, group, least)
    return pc.binary_join_element_wise(whole, fraction, pa.scalar(decimal, pa.large_string()))


def decimal_text(text: str) -> str:
    """One figure written with a `.` (a chart's axis label), with the decimal symbol of the language spoken."""
    lang = spoken_language()
    return text if lang == ENGLISH else text.replace(".", number_symbols(lang)[0])


def local_dates(moments: pd.Series, with_time: bool) -> pd.Series:
    """Dates as the language spoken writes them: `2026-11-30` (and `21:45:00` when `with_time`) in English as
    always, Babel's medium date in Spanish and Chinese (`30 nov 2026`, `2026年11月30日`), each distinct day
    formatted once (a column holds a few)."""
    lang = spoken_language()
    if lang == ENGLISH:
        return moments.dt.strftime("%Y-%m-%d %H:%M:%S" if with_time else "%Y-%m-%d")
    from babel.dates import format_date

    days = moments.dt.normalize()
    distinct = days.dropna().unique()
    written = {d: format_date(pd.Timestamp(d).date(), "medium", locale=lang) for d in distinct}
    text = days.map(written)
    return text + moments.dt.strftime(" %H:%M:%S") if with_time else text


def written_date(text: str) -> str:
    """One date written `2026-11-30` as the language spoken writes it (as it is when it is no date)."""
    moment = pd.to_datetime(pd.Series([text]), format="%Y-%m-%d", errors="coerce")
    return text if moment.isna().all() else str(local_dates(moment, with_time=False).iloc[0])


def date_column(column: pd.Series) -> pd.Series | None:
    """A column of text that is all dates as a workbook read back gives them (`2026-11-30`, `2026-11-30
    00:00:00`), as dates; None
    for any other (so that a date read back is shown as the date just computed is)."""
    if isinstance(column.dtype, pd.StringDtype) or column.dtype == object:
        text = column.astype("string").str.strip()
        blank = text.isna() | text.eq("")
        if blank.all() or not (text.str.fullmatch(DATE_TEXT).fillna(False) | blank).all():
            return None
        return pd.to_datetime(text.where(~blank), format="ISO8601", errors="coerce")
    return None


def majority_language(languages: Iterable[str]) -> str:
    """The language most of a site's events are written in (the first of them on a tie; English for none)."""
    counts = Counter(languages)
    return counts.most_common(1)[0][0] if counts else ENGLISH
