"""A worksheet as text, the form every input sheet takes before validation (no file access here)."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import pandera.pandas as pa_pandas
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.i18n import N_, _, spoken_language
from pipeline.problems import Problem
from schemas.common import Column, Vocabulary, columns_of, names_a_sheet, sheet_name_of, sheet_names_of
from schemas.plain import Span, spoken

INVISIBLE = r"\p{Cf}"  # Unicode format characters: zero-width spaces and joiners, direction marks, BOM


PLAIN_KEPT = 65536  # the most plain forms kept (then forgotten all at once): headers and words, not cells
_PLAIN: dict[str, str] = {}  # text (not ASCII) -> its plain_text


def plain_text(text: str) -> str:
    """The text in Unicode NFC without invisible format characters (Arrow's RE2 knows the category); asked for
    the same headers and words again and again, so each answer is kept (`plain_forms`)."""
    if text.isascii():
        return text
    found = _PLAIN.get(text)
    return plain_forms((text,))[text] if found is None else found


def plain_forms(texts: Iterable[str]) -> dict[str, str]:
    """Each text's `plain_text`, those not known yet computed together, in one call of each Arrow kernel: a call
    costs about 100 µs whatever its length, and the declared names are some 270 texts that are not ASCII. The
    answer is built from what this call read and made, so a thread forgetting the kept forms meanwhile cannot
    take one away."""
    known = {t: t if t.isascii() else _PLAIN.get(t) for t in set(texts)}
    new = [t for t, plain in known.items() if plain is None]
    if new:
        if len(_PLAIN) + len(new) > PLAIN_KEPT:
            _PLAIN.clear()
        normal = pc.utf8_normalize(pa.array(new, pa.large_string()), form="NFC")
        made = dict(zip(new, pc.replace_substring_regex(normal, INVISIBLE, "").to_pylist(), strict=True))
        _PLAIN.update(made)
        known.update(made)
    return {t: str(plain) for t, plain in known.items()}


def blank_texts(length: int) -> pd.api.extensions.ExtensionArray:
    """`length` blank texts as an array of dtype str (the values of `pd.Series(pd.NA, dtype="str")`), made
    from Arrow's nulls: a frame of such columns builds 2x faster."""
    return pd.array(pa.nulls(length, pa.large_string()), dtype="str")


def normalized_header(text: object) -> str:
    """The comparable form of a header or sheet name: case, spaces, `_`, Unicode normalization (NFC) and
    invisible format characters do not matter."""
    return _normalized(str(text))


@functools.lru_cache(maxsize=65536)
def _normalized(text: str) -> str:
    """`normalized_header` of a text (each answer kept: the same headers are asked for again and again)."""
    return re.sub(r"[\s_]+", "_", plain_text(text).strip().lower()).strip("_")


def header_key(text: object) -> str:
    """The form in which a header, sheet name, setting or word is matched against its declared names in every
    language: `normalized_header`, then in compatibility form (full-width `ＮＳ` is `NS`) without accents, and
    only its letters and digits (`NS`, `N-S`, `N/S`, `n s` are one; `Sí` is `si`). Case folds as `casefold`."""
    return _key(str(text))


def header_keys(texts: Iterable[object]) -> list[str]:
    """`header_key` of each text, their plain forms computed together (`plain_forms`)."""
    written = [str(t) for t in texts]
    plain_forms(written)
    return [_key(t) for t in written]


@functools.lru_cache(maxsize=65536)
def _key(text: str) -> str:
    """`header_key` of a text (each answer kept)."""
    folded = unicodedata.normalize("NFKD", _normalized(text).casefold())
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LN")  # letters and digits only


def sheet_key(model: type) -> str:
    """The key of the sheet a model describes among a workbook's sheets: its declared name, normalized."""
    return normalized_header(sheet_name_of(model))


def accepted_headers(model: type, name: str) -> tuple[str, ...]:
    """The headers a model's column is read under: its own, then the other headers it accepts (its aliases)."""
    found = next(c for c in columns_of(model) if c.name == name)
    return (found.title, *found.aliases)


def named_headers(column: Column) -> tuple[str, ...]:
    """A column's header in every language: its own, then its names in the other languages (not aliases)."""
    return (column.title, *(n for names in column.names.values() for n in names))


def vocabulary_keys(vocabulary: Vocabulary) -> dict[str, str]:
    """`header_key` of each English word and of each of its names in other languages -> the English word."""
    found: dict[str, str] = {}
    for word, names in vocabulary.items():  # a handful of words
        for name in (word, *(n for given in names.values() for n in given)):
            key = header_key(name)
            if found.setdefault(key, word) != word:
                raise ValueError(f"{name}: declared for both {found[key]} and {word}")
    return found


def in_english(text: pd.Series, vocabulary: Vocabulary) -> pd.Series:
    """The cells holding a word in another language (matched by `header_key`: `Sí`, `si`, `SI`) replaced by its
    English word; every other cell (an English word in any spelling too) as it is."""
    if not vocabulary:
        return text
    keys = vocabulary_keys(vocabulary)
    if text.dtype == "str":
        distinct = pc.unique(pa.array(text, pa.large_string()).drop_null()).to_pylist()
    else:
        distinct = list(text.dropna().unique())
    english = {  # distinct cells only; an English word in another spelling is left as typed
        cell: word
        for cell in distinct  # each distinct cell once
        if (word := keys.get(header_key(cell))) is not None and header_key(cell) != header_key(word)
    }
    if not english:
        return text
    read = text.map(english)
    return read.where(read.notna(), text).astype(text.dtype)


@functools.cache
def declared_sheets() -> dict[str, tuple[type, ...]]:
    """The key of every sheet schemas/ declares a model of -> those models (a domino and a bridge Matches)."""
    import schemas.bridge
    import schemas.corrections
    import schemas.domino
    import schemas.ranking
    import schemas.shared

    found: dict[str, tuple[type, ...]] = {}
    modules = (schemas.domino, schemas.bridge, schemas.corrections, schemas.ranking, schemas.shared)
    for module in modules:
        for model in vars(module).values():  # each module's classes
            if _is_model(model) and names_a_sheet(model):
                key = sheet_key(model)
                if model not in found.get(key, ()):
                    found[key] = (*found.get(key, ()), model)
    return found


def _is_model(model: object) -> bool:
    """True for a pandera model class (not the base class)."""
    return (
        isinstance(model, type)
        and issubclass(model, pa_pandas.DataFrameModel)
        and model is not pa_pandas.DataFrameModel
    )


@functools.cache
def sheet_keys_by_name() -> dict[str, str]:
    """`header_key` of every declared sheet name, in every language -> the sheet's key (its English name,
    normalized)."""
    found: dict[str, str] = {}
    for key, models in declared_sheets().items():  # a few dozen sheets
        for model in models:
            names = (sheet_name_of(model), *(n for given in sheet_names_of(model).values() for n in given))
            for name, name_key in zip(names, header_keys(names), strict=True):
                if found.setdefault(name_key, key) != key:
                    raise ValueError(f"{name}: the name of two sheets, {found[name_key]} and {key}")
    return found


def sheet_key_of(name: str) -> str:
    """The key a workbook's sheet is known by: the declared sheet's key when its name is one of that sheet's
    names in any language (`Partidas`, `成绩`, ` matches `), else the name normalized."""
    return sheet_keys_by_name().get(header_key(name)) or normalized_header(name)


@functools.cache
def declared_headers(key: str) -> frozenset[str]:
    """`header_key` of every header (in every language, aliases too) of the columns of the sheets of this key."""
    return frozenset(
        header_keys(
            h
            for model in declared_sheets().get(key, ())
            for c in columns_of(model)
            for h in (*named_headers(c), *c.aliases)
        )
    )


def column_letters(index: int) -> str:
    """Excel's column name for a 0-based index: 0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def column_number(letters: str) -> int:
    """The 0-based index of an Excel column name: A -> 0, ZZ -> 701."""
    number = 0
    for ch in letters:  # at most three letters
        number = number * 26 + ord(ch) - 64
    return number - 1


@dataclass
class Sheet:
    """One worksheet as text: normalized column names, index = Excel row number."""

    name: str
    frame: pd.DataFrame
    headers: dict[str, str] = field(default_factory=dict)
    header_row: int = 1
    letters: dict[str, str] = field(default_factory=dict)  # column -> its Excel column letters
    problems: list[Problem] = field(default_factory=list)  # found in the package: formulas, merged cells

    def written(self, column: str) -> str:
        """The header as the organizer wrote it (the normalized name when the column is absent)."""
        return self.headers.get(column, column)


@dataclass(frozen=True)
class Validation:
    """An Excel data-validation rule on one column's data cells: whole numbers from `minimum` (to `maximum`
    when given), or a list."""

    column: str
    minimum: int | None = None
    choices: tuple[str, ...] = ()
    message: str = ""
    maximum: int | None = None


def written_header(title: str) -> str:
    """A declared header in the language spoken (its first name there; the header itself in English)."""
    from pipeline.language import header_in  # pipeline.language reads this module

    return header_in(title, spoken_language())


def whole_validation(column: str, span: Span, what: str = N_("a whole number")) -> Validation:
    """Excel's check of a whole-number entry column, over the same span tally checks when it reads it (its
    message in the language spoken)."""
    low, high = int(span.low), int(span.high)
    said = _("{column}: {what} {range}", column=column, what=spoken(what), range=spoken(span.words))
    return Validation(column, minimum=low, maximum=high, message=said)


def entry_validation(column: Column) -> Validation | None:
    """Excel's check of a column's typed cells, as the column declares it (None when it declares none)."""
    entry = column.entry
    if entry is None:
        return None
    title = written_header(column.title)
    if entry.span is not None:
        return whole_validation(title, entry.span, entry.words or N_("a whole number"))
    said = _("{column}: {what}", column=title, what=spoken(entry.words))
    return Validation(title, choices=entry.choices, message=said)


def entry_validations(model: type, names: Iterable[str] | None = None) -> tuple[Validation, ...]:
    """Excel's checks of the model's columns that declare one (of `names` only, when given), in their order."""
    wanted = None if names is None else set(names)
    found = (entry_validation(c) for c in columns_of(model) if wanted is None or c.name in wanted)
    return tuple(v for v in found if v is not None)


@dataclass(frozen=True)
class LineChart:
    """A native line chart of some of a sheet's own rows, drawn below its table (no image): one series per row
    of `rows` (0-based data rows), its points that row's cells under the `values` headers, the headers being the
    categories; a series is named by the row's first non-blank cell under the `names` headers. `reversed`
    puts the axis's lowest value at the top (a rank 1 above a rank 2)."""

    title: str
    values: tuple[str, ...]
    rows: tuple[int, ...]
    names: tuple[str, ...]
    x_title: str = ""
    y_title: str = ""
    reversed: bool = False


@dataclass
class OutputSheet:
    """A table to write: display headers as columns, optional number formats and row highlights.

    `entry` columns are the cells someone fills in: unlocked and shaded; with `protect`, every other cell is
    locked (the sheet is protected without a password, so nothing is overwritten by accident).
    """

    name: str
    frame: pd.DataFrame
    number_formats: Mapping[str, str] = field(default_factory=dict)
    highlight: pd.Series | None = None
    widths: Mapping[str, float] = field(default_factory=dict)
    entry: tuple[str, ...] = ()
    validations: tuple[Validation, ...] = ()
    protect: bool = False
    blank_rows: int = 0  # rows below the data the validations also cover (a sheet filled in later)
    chart: LineChart | None = None  # a line chart of the sheet's rows, drawn below the table
    heading: tuple[
        str, ...
    ] = ()  # the title block above the table: title, details, status (docs/printing.md)
    page_title: str = ""  # a sheet without a title block: the title its printed pages carry in their header
    rank: str | None = None  # the rank column: centred, a shared rank shown as 3=
    rank_by: tuple[str, ...] = ()  # the columns within which ranks are shared (a Round of a Rounds sheet)
    page_breaks: tuple[int, ...] = ()  # data rows (0-based) that start a new printed page
    footer: str = ""  # the event named in the printed footer ("event - page N of M")
    fill_width: bool = False  # cards: printed as large as the page is wide (not fit to it), a card a page
    centred: tuple[str, ...] = ()  # columns shown centred (a card's short ids and numbers, not read together)
    wrapped: tuple[str, ...] = ()  # columns whose text wraps within the column, top-aligned (a Rules sheet's)


@functools.cache
def declared_number_formats() -> dict[str, str]:
    """Written header -> number format, for every column of schemas/ that declares one (the writer shows a
    column of that header so in every sheet; two declarations of one header must agree)."""
    import schemas.bridge
    import schemas.domino
    import schemas.ranking
    import schemas.shared

    found: dict[str, str] = {}
    for module in (schemas.domino, schemas.bridge, schemas.ranking, schemas.shared):  # the output models
        for model in vars(module).values():  # each module's classes
            if _is_model(model):
                for c in columns_of(model):
                    if c.number_format and found.setdefault(c.title, c.number_format) != c.number_format:
                        raise ValueError(f"{c.title}: two number formats declared")
    return found


def page_starts(values: pd.Series) -> tuple[int, ...]:
    """The rows (from 0) where a value differs from the row above, the first row aside: where a printed
    group (a board's traveller, a match) starts a new page."""
    text = values.astype("str").fillna("").to_numpy(dtype=object)
    changed = text[1:] != text[:-1]
    return tuple(int(i) + 1 for i in changed.nonzero()[0])


def without_blank_rows(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame without its rows whose every cell is blank, as `frame.dropna(how="all")` gives it (a new
    frame, even when no row is blank), the mask built a column at a time in NumPy: a third of dropna's time on a
    sheet of a dozen text columns."""
    filled = np.zeros(len(frame), dtype=bool)
    for _label, column in frame.items():  # a sheet's dozen columns, not its rows
        filled |= ~np.asarray(column.array.isna(), dtype=bool)
    return frame.copy(deep=False) if filled.all() else frame[filled]


def is_among(cells: pd.Series, values: pd.Series | pd.Index | Iterable[object]) -> pd.Series:
    """Where each cell equals one of `values`, as `cells.isin(values)` says (a blank cell is among values that
    hold a blank). Text among text is looked up with one Arrow kernel over the values as they are; pandas' own
    isin makes an Arrow scalar of each value first (most of a match sheet's id checks)."""
    if isinstance(values, (pd.Series, pd.Index)) and cells.dtype == "str" and values.dtype == "str":
        text = pa.array(cells.array, pa.large_string())
        found = pc.is_in(text, value_set=pa.array(values.array, pa.large_string()))
        return pd.Series(found.to_numpy(zero_copy_only=False), index=cells.index, dtype=bool)
    return cells.isin(values)


def with_english_headers(sheet: Sheet, model: type) -> Sheet:
    """The sheet with each header that is a name the model declares for one of its columns in another language
    (`Posición`, `名次`) renamed to that column (the first such header of a column; a column present under its
    own header keeps it): how a reader that does not go through validation finds a standings workbook's columns
    in any language."""
    named = {header_key(n): c.name for c in columns_of(model) for given in c.names.values() for n in given}
    taken = set(sheet.frame.columns)
    renamed: dict[str, str] = {}
    for header in sheet.frame.columns:  # a sheet's dozen headers
        found = named.get(header_key(header))
        if found and found not in taken:
            renamed[header] = found
            taken.add(found)
    if not renamed:
        return sheet
    frame = sheet.frame.rename(columns=renamed)
    headers = {renamed.get(k, k): v for k, v in sheet.headers.items()}
    letters = {renamed.get(k, k): v for k, v in sheet.letters.items()}
    return Sheet(sheet.name, frame, headers, sheet.header_row, letters, sheet.problems)
