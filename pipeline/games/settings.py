"""The `Settings` sheet of any workbook: Key / Value rows parsed by a table of known keys.

Every number a setting holds has a sane range (a `Span`), declared with the setting in the game's table of
settings (and here for the settings both games share) and checked as the value is read: a value outside it is
the usual located problem, `Settings, row 5, column 'Value' [1e15]: expected the event's ranking weight: a
number above 0 and at most 100`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from pipeline.games.checks import (
    empty_problems,
    missing_columns,
    problems_where,
    required_columns,
)
from pipeline.i18n import N_, _, _each, spoken_language
from pipeline.parsing import DATE_RANGE, FIRST_DAY, LAST_DAY, as_numbers, as_words, date_times, whole_in
from pipeline.problems import kind
from pipeline.sheets import Sheet, in_english, without_blank_rows
from schemas.common import Names, Vocabulary, names_in, titles_of
from schemas.plain import Span, phrase, spoken
from schemas.shared import SettingsSheet as K

NO_KEY = kind(
    "S101",
    "a Settings row gives a value but no setting name",
    example="Settings, row 3, column 'Key' [100]: a setting name is required",
)
UNKNOWN_SETTING = kind("S102", "an unknown setting is ignored (the known ones are listed)", "warning")
NO_VALUE = kind(
    "S103",
    "a setting without a value takes its default",
    "warning",
    example="Settings, row 2, column 'Value': warning: no value given: the default is used",
)
REPEATED_SETTING = kind("S104", "a setting is given twice")
BAD_VALUE = kind("S105", "a setting's value is not what it expects (docs/settings.md)")
ADVICE = kind(
    "S106",
    "a setting's value works here but not for a later step (a Date `tally rank` refuses)",
    "warning",
    example="Settings, row 3, column 'Value' [30/11/2026]: warning: expected a date such as 2026-11-30 (year-month-day, or an Excel date cell, from 1900-01-01 to 2099-12-31): the standings are written with the date as typed, but `tally rank` will refuse them until it is fixed",
)


YES_NO: Vocabulary = {"yes": {"es": ("sí",), "zh": ("是",)}, "no": {"zh": ("否",)}}  # in other languages


def yes_no(text: pd.Series) -> pd.Series:
    """yes/no (also true/false, y/n, 1/0, and `YES_NO`: Sí/No, 是/否) as booleans."""
    words = as_words(in_english(text, YES_NO)).map(
        {"yes": True, "y": True, "true": True, "1": True, "no": False, "n": False, "false": False, "0": False}
    )
    return words.astype("boolean")


@dataclass(frozen=True)
class Advice:
    """A form a setting's value should take for a later step: a warning, not an error, when it is not met."""

    holds: Callable[[object], bool]
    message: str


@dataclass(frozen=True)
class SettingSpec:
    """One known setting, declared once: its written name, how its value is read, what is expected (the words
    of its problem and of docs/settings.md), any advice, its default, the hint shown after its name in a
    template's notes (an example, the default and its range), the value on a template's Examples sheet, and
    whether a template's Settings sheet starts with it at its default."""

    title: str
    parse: Callable[[pd.Series], pd.Series]
    expected: str
    advice: Advice | None = None
    default: Any = None  # the value when the Settings sheet does not give it (None: none)
    hint: str = ""
    example: object = None
    in_template: bool = False
    kind: Callable[[Any], Any] | None = None  # the type of a value given (default: the default's type)
    default_words: str = ""  # the default in words, where no one value says it (docs/settings.md)
    names: Names = dataclasses.field(default_factory=dict)  # its name in other languages: {"es": ("Fecha",)}
    words: Vocabulary = dataclasses.field(default_factory=dict)  # its values' words in other languages

    def __post_init__(self) -> None:
        """The names in other languages checked: each in a language tally reads (`names_in`)."""
        for named in (self.names, *self.words.values()):
            names_in(named)

    @property
    def shown_default(self) -> str:
        """The default as a person types it in a workbook ('' when there is none)."""
        if self.default_words:
            return self.default_words
        if self.default in (None, ""):
            return ""
        return str(self.example if self.example is not None else self.default)

    @property
    def written_name(self) -> str:
        """The setting's name in the language spoken (the first it declares there; its title in English, or
        where it declares none): the Settings key a template writes and the Item the Rules sheet shows."""
        return self.names.get(spoken_language(), (self.title,))[0]

    def value(self, given: Mapping[str, object], key: str) -> Any:
        """The setting's value: as given (of its kind, or of the default's type), or the default."""
        if key not in given:
            return self.default
        kind = self.kind or (None if self.default is None else type(self.default))
        return given[key] if kind is None else kind(given[key])


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
    phrase(
        N_(
            "expected a date such as 2026-11-30 (year-month-day, or an Excel date cell, {range}): the "
            "standings are written with the date as typed, but `tally rank` will refuse them until it is fixed"
        ),
        range=DATE_RANGE,
    ),
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
    "Weight",
    number_in(WEIGHT),
    phrase(N_("the event's ranking weight: a number {range}"), range=WEIGHT.words),
    default=1.0,
    hint=phrase(N_("1; {range}"), range=WEIGHT.words),
    example=1,
    names={"es": ("Peso",), "zh": ("权重",)},
)


def one_word_of(words: list[str]) -> Callable[[pd.Series], pd.Series]:
    """A parser accepting one of the words, ignoring case, spaces, `-` and `_`."""

    def parse(text: pd.Series) -> pd.Series:
        folded = as_words(text)
        return folded.where(folded.isin(words))

    return parse


def plain_text(text: pd.Series) -> pd.Series:
    """The value as written, dates without a midnight time."""
    written = text if text.dtype == "str" else text.astype("str")
    return written.str.replace(r" 00:00:00$", "", regex=True).where(text.notna())


def date_time(text: pd.Series) -> pd.Series:
    """A date and time (an Excel date-time cell, or typed as 2026-11-30 21:15), rounded to the second as
    Excel shows it (`pipeline.parsing.nearest_seconds`)."""
    return date_times(text)


@functools.lru_cache(maxsize=1024)
def setting_key(title: str) -> str:
    """The key a setting is known by: its written name as the Settings sheet's Key is compared (`as_words`; a
    name in printable ASCII as `as_words` reads it: trimmed, lower case, each run of spaces, `_` and `-` one
    `_`)."""
    if re.fullmatch(r"[ -~]*", title):  # printable ASCII: both read it alike
        return re.sub(r"[\s_-]+", "_", title.strip().lower())
    return str(as_words(pd.Series([title], dtype="str")).iloc[0])


def setting_keys(text: pd.Series, specs: Mapping[str, SettingSpec]) -> pd.Series:
    """The Settings sheet's Key column as setting keys: a setting's name in any language and spelling (by
    `header_key`: `Fecha`, `日期`, `sit out award`) is that setting's key; any other key folded (`as_words`)."""
    vocabulary = {spec.title: spec.names for spec in specs.values()}
    return as_words(in_english(text, vocabulary))


def settings_by_key(*specs: SettingSpec) -> dict[str, SettingSpec]:
    """The settings by their keys, in order."""
    return {setting_key(spec.title): spec for spec in specs}


CORRECTION_SETTINGS = settings_by_key(
    SettingSpec(
        "Published At",
        date_time,
        phrase(
            N_("the date and time the official scores were published, such as 2026-11-30 21:15 ({range})"),
            range=DATE_RANGE,
        ),
        hint="2026-11-30 21:00",
        example="2026-11-30 21:00",
        names={"es": ("Publicado", "Publicación"), "zh": ("公布时间",)},
    ),
    SettingSpec(
        "Correction Minutes",
        whole_number_in(CORRECTION_MINUTES),
        phrase(
            N_("the correction period in minutes: a whole number {range}"), range=CORRECTION_MINUTES.words
        ),
        default=30,
        hint=phrase(N_("30; {range}"), range=CORRECTION_MINUTES.words),
        example=30,
        in_template=True,
        names={"es": ("Minutos de corrección",), "zh": ("更正时限", "更正分钟")},
    ),
)


EVENT_NAME = SettingSpec(
    "Event",
    plain_text,
    N_("the event's name"),
    default="",
    names={"es": ("Evento", "Torneo"), "zh": ("赛事", "比赛名称")},
)
EVENT_DATE = SettingSpec(
    "Date",
    plain_text,
    N_("the event's date"),
    RANKABLE_DATE,
    default="",
    hint="2026-11-30",
    example="2026-11-30",
    names={"es": ("Fecha",), "zh": ("日期",)},
)
VENUE = SettingSpec(
    "Venue",
    plain_text,
    N_("where the event is played (printed under the title)"),
    default="",
    names={"es": ("Lugar", "Sede"), "zh": ("地点", "场地")},
)
SECTION = SettingSpec(
    "Section",
    plain_text,
    N_("the section or flight these results are of (printed under the title)"),
    default="",
    names={"es": ("Sección",), "zh": ("分组",)},
)
PLANNED_ROUNDS = Span(1, 10_000)  # as a Round of the results
ROUNDS = SettingSpec(
    "Rounds",
    whole_number_in(PLANNED_ROUNDS),
    phrase(
        N_(
            "the number of rounds planned, a whole number {range}: the results are provisional until they "
            "are all played"
        ),
        range=PLANNED_ROUNDS.words,
    ),
    hint="9",
    kind=int,
    default_words="the highest round in the results",
    names={"es": ("Rondas",), "zh": ("轮数",)},
)
LANGUAGE_CODES = {"english": "en", "spanish": "es", "chinese": "zh"}  # a language's word -> its code


def language_code(text: pd.Series) -> pd.Series:
    """A language as its code (`en`, `es`, `zh`): the code itself or the language's name (English, Spanish,
    Chinese; their names in Spanish and Chinese are read as these by the setting's `words`)."""
    folded = as_words(text)
    return folded.map({**LANGUAGE_CODES, **{code: code for code in LANGUAGE_CODES.values()}})


LANGUAGE = SettingSpec(
    "Language",
    language_code,
    N_("the language of the standings workbook: en, es or zh (English, Spanish, Chinese); `--lang` wins"),
    default="",
    hint="es",
    default_words="the workbook's own language when it is clearly Spanish or Chinese, else English",
    names={"es": ("Idioma", "Lengua"), "zh": ("语言",)},
    words={
        "english": {"es": ("Inglés",), "zh": ("英文", "英语")},
        "spanish": {"es": ("Español", "Castellano"), "zh": ("西班牙语", "西班牙文")},
        "chinese": {"es": ("Chino",), "zh": ("中文", "汉语", "简体中文")},
    },
)
EVENT_SETTINGS = settings_by_key(EVENT_NAME, EVENT_DATE, VENUE, SECTION, ROUNDS, LANGUAGE)
EVENT = setting_key(EVENT_NAME.title)  # the key of the event's name


def settings_listing(specs: Mapping[str, SettingSpec]) -> str:
    """The settings as a template's notes list them: each name (in the language spoken), with its hint in
    brackets."""
    return ", ".join(
        f"{s.written_name} ({spoken(s.hint)})" if s.hint else s.written_name for s in specs.values()
    )


def written_value(spec: SettingSpec, value: object) -> object:
    """A setting's value as a template writes it in the language spoken: a word in its declared name there."""
    named = spec.words.get(str(value), {}).get(spoken_language()) if isinstance(value, str) else None
    return named[0] if named else value


def example_rows(specs: Mapping[str, SettingSpec], event: str) -> list[list[object]]:
    """A template's example Settings rows: the event's name, then every setting that has an example value."""
    rows: list[list[object]] = [[specs[EVENT].written_name, event]] if EVENT in specs else []
    return rows + [
        [s.written_name, written_value(s, s.example)] for s in specs.values() if s.example is not None
    ]


def default_rows(specs: Mapping[str, SettingSpec]) -> list[list[object]]:
    """The rows a template's Settings sheet starts with: the settings whose defaults change no result."""
    return [[s.written_name, written_value(s, s.example)] for s in specs.values() if s.in_template]


def settings_table(specs: Mapping[str, SettingSpec]) -> str:
    """The settings as a Markdown table for docs/settings.md: key, default, what is expected."""
    lines = ["| key | default | expected |", "|---|---|---|"]
    for spec in specs.values():  # a dozen settings
        advice = f" (else a warning: {spec.advice.message})" if spec.advice else ""
        lines.append(f"| `{spec.title}` | {spec.shown_default} | {spec.expected}{advice} |")
    return "\n".join(lines)


def key_value_settings(
    sheet: Sheet | None, specs: dict[str, SettingSpec]
) -> tuple[dict[str, object], pd.DataFrame]:
    """The value of every setting given (by normalized key), with a problem for each bad row."""
    if sheet is None or sheet.frame.empty:
        return {}, empty_problems()
    lost = missing_columns(sheet, required_columns(K), titles_of(K))
    if lost:
        return {}, pd.DataFrame([p.as_record() for p in lost])
    frame = without_blank_rows(sheet.frame)
    if K.value not in frame:
        frame = frame.assign(**{K.value: pd.Series(pd.NA, index=frame.index, dtype="str")})
    keys = setting_keys(frame[K.key], specs)
    key_given, value_given = frame[K.key].notna().to_numpy(), frame[K.value].notna().to_numpy()
    known = keys.isin(list(specs)).to_numpy()

    def row_mask(mask: np.ndarray) -> pd.Series:
        """The mask as a Series over the sheet's rows."""
        return pd.Series(mask, index=frame.index)

    listing = ", ".join(s.written_name for s in specs.values())
    problems = [
        problems_where(
            sheet, row_mask(~key_given & value_given), K.key, _("a setting name is required"), NO_KEY
        ),
        problems_where(
            sheet,
            row_mask(key_given & ~known),
            K.key,
            _("unknown setting, ignored (known: {listing})", listing=listing),
            UNKNOWN_SETTING,
        ),
    ]
    problems.append(
        problems_where(
            sheet,
            row_mask(known & ~value_given),
            K.value,
            _("no value given: the default is used"),
            NO_VALUE,
        )
    )
    repeated = (keys.notna() & keys.duplicated(keep="first")).to_numpy()
    if repeated.any():
        first = pd.Series(frame.index, index=frame.index).groupby(keys).transform("min").astype("Int64")
        problems.append(
            problems_where(
                sheet,
                row_mask(repeated),
                K.key,
                _each("this setting is already given at row {row}", row=first),
                REPEATED_SETTING,
            )
        )
    written = keys.to_numpy(dtype=object)
    values: dict[str, object] = {}
    for key, spec in specs.items():  # a handful of known keys
        rows = (written == key) & ~repeated
        if not rows.any():  # a key the sheet does not give: nothing to parse or report
            continue
        parsed = spec.parse(in_english(frame[K.value][rows], spec.words))  # the one row naming it, read alone
        read = np.zeros(len(frame), dtype=bool)
        read[rows] = parsed.notna().to_numpy()
        problems.append(
            problems_where(
                sheet,
                row_mask(rows & value_given & ~read),
                K.value,
                _("expected {what}", what=spoken(spec.expected)),
                BAD_VALUE,
            )
        )
        found = rows & read  # the row naming it, when its value is read
        if found.any():
            values[key] = parsed.iloc[0]
            if spec.advice is not None and not spec.advice.holds(values[key]):
                said = spoken(spec.advice.message)
                problems.append(problems_where(sheet, row_mask(found), K.value, said, ADVICE))
    return values, pd.concat(problems, ignore_index=True)


def given_value(sheet: Sheet | None, spec: SettingSpec) -> object | None:
    """One setting's value as the Settings sheet gives it (its first row naming it, in any language), None when
    not given or not read; nothing is reported (the whole sheet is checked when the event is loaded)."""
    frame = None if sheet is None else sheet.frame
    if frame is None or K.key not in frame or K.value not in frame:
        return None
    named = setting_keys(frame[K.key], settings_by_key(spec)).eq(setting_key(spec.title)).to_numpy()
    parsed = spec.parse(in_english(frame.loc[named, K.value], spec.words)).dropna()
    return parsed.iloc[0] if len(parsed) else None
