"""What the models need to declare their columns: the text dtype and the checks they call (the sane ranges,
`Span`, and the declared phrases are plain declarations: schemas/plain.py). How a cell is read (numbers, whole
numbers, keywords) is `pipeline.parsing`; a check here states which values a column accepts and asks it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd
import pandera.pandas as pa
from pandera import dtypes
from pandera.api.pandas.model import _get_nullable_coercion_dtype
from pandera.engines import pandas_engine
from pandera.typing import Series

from pipeline import parsing
from pipeline.i18n import N_, spoken_language
from schemas.plain import Span


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


# ------------------------------------------------------------------ names in other languages

LANGUAGES = {"en": "English", "es": "Spanish", "zh": "Chinese"}  # the languages tally reads, English first
Names = Mapping[str, tuple[str, ...]]  # language ("es", "zh") -> the names a thing is typed under in it
Vocabulary = Mapping[str, Names]  # an English word (a value tally reads) -> its names in the other languages


def names_in(names: Mapping[str, Iterable[str]] | None) -> dict[str, tuple[str, ...]]:
    """Names declared in other languages, checked: each language one tally reads (not English, whose name is
    the declaration's own), each given as a tuple of names."""
    found = {lang: tuple(given) for lang, given in (names or {}).items()}
    unknown = set(found) - (set(LANGUAGES) - {"en"})
    if unknown:
        raise ValueError(f"names in unknown languages: {sorted(unknown)}")
    return found


def sheet_name_in(model: type[pa.DataFrameModel]) -> str:
    """The sheet's name in the language spoken, as a message names it: the first it declares there, else its own."""
    return sheet_names_of(model).get(spoken_language(), (sheet_name_of(model),))[0]


def sheet_names_of(model: type[pa.DataFrameModel]) -> dict[str, tuple[str, ...]]:
    """The sheet's names in other languages, as its `Config.metadata` declares them under "names"."""
    config = model.__config__  # pandera's collected Config
    metadata = (config.metadata if config is not None else None) or {}
    return names_in(metadata.get("names"))


# ------------------------------------------------------------------ column declarations


@dataclass(frozen=True)
class Entry:
    """How Excel checks what is typed in a column of a workbook tally writes for filling in: a whole number
    in `span`, or one of `choices` (`words` is what the message says is expected)."""

    span: Span | None = None
    choices: tuple[str, ...] = ()
    words: str = ""


@dataclass(frozen=True)
class Column:
    """Everything declared about one column of a sheet: its name in the frame, its header, whether the sheet
    must have it, the note and the Required word of the template's Notes sheet, the other headers that mean it, the
    check Excel makes of a typed cell and the number format it is shown with."""

    name: str
    title: str
    required: bool
    note: str
    needed: str
    in_template: bool
    aliases: tuple[str, ...]
    entry: Entry | None
    number_format: str | None
    names: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)  # in other languages
    words: Vocabulary = dataclasses.field(default_factory=dict)  # its values' words in other languages


# The names in other languages of headers that several sheets share (Round, Table, Board, ...), declared once:
# a column with one of these titles takes them unless it gives its own `names`.
SHARED_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "Board": {"es": ("Tablero",), "zh": ("牌号", "牌副")},
    "EW": {"es": ("EO", "E-O"), "zh": ("东西",)},
    "Field": {"es": ("Grupo",), "zh": ("组别",)},
    "Match": {"es": ("Encuentro", "Partido"), "zh": ("场次",)},
    "NS": {"zh": ("南北",)},
    "Pair": {"es": ("Pareja",), "zh": ("对号", "搭档")},
    "Rank": {"es": ("Posición",), "zh": ("名次",)},
    "Reason": {"es": ("Motivo", "Razón"), "zh": ("原因",)},
    "Room": {"es": ("Sala",), "zh": ("房间", "室")},
    "Round": {"es": ("Ronda",), "zh": ("轮次", "轮")},
    "Section": {"es": ("Sección",), "zh": ("分组", "组")},
    "Session": {"es": ("Sesión",), "zh": ("节", "场")},
    "Table": {"es": ("Mesa",), "zh": ("桌号", "桌")},
    "Team": {"es": ("Equipo",), "zh": ("队号", "队")},
}


def column(
    title: str,
    *,
    note: str = "",
    needed: str | None = None,
    in_template: bool = True,
    aliases: Iterable[str] = (),
    entry: Entry | None = None,
    number_format: str | None = None,
    names: Mapping[str, Iterable[str]] | None = None,
    words: Mapping[str, Mapping[str, Iterable[str]]] | None = None,
    **checks: Any,
) -> Any:
    """A model's column declared once: its header (`title`), the template's note on it and whether the
    template says of it under Required (`needed`: "yes" or "no" by default as a blank cell is refused or not; a
    game may say more, such as "pairs" or "one of"), whether the template shows
    it, the other headers accepted for it, Excel's check of a typed cell, the number format it is shown with;
    its `names` in other languages (`{"es": ("Ronda",), "zh": ("轮次", "轮")}`: read as the header is, with no
    warning) and, for a column of words, each English word's names in them (`words`: the cell is read as the
    English word); `checks` are pandera's (nullable, ge, isin, unique, ...)."""
    declared = {
        "note": note,
        "needed": needed,
        "in_template": in_template,
        "aliases": tuple(aliases),
        "entry": entry,
        "number_format": number_format,
        "names": names_in(names if names is not None else SHARED_NAMES.get(title, {})),
        "words": {word: names_in(named) for word, named in (words or {}).items()},
    }
    return pa.Field(title=title, metadata={"tally": declared}, **checks)


@functools.cache
def declared_columns(model: type[pa.DataFrameModel]) -> dict[str, pa.Column]:
    """The model's columns as pandera's schema of it holds them (`model.to_schema().columns`), each built as
    pandera builds it but without the schema: pandera's builder first asks which index types there are, which
    imports dask wherever it is installed (1.5 s), and no model here has an index field. A model declared
    otherwise (an index, `Annotated` columns) gets pandera's own schema's columns."""
    coerce = bool(getattr(model.__config__, "coerce", False))
    columns: dict[str, pa.Column] = {}
    for name, (annotation, field) in model.__fields__.items():  # a sheet's dozen columns
        if annotation.origin is not Series or annotation.metadata or annotation.default_dtype:
            return dict(model.to_schema().columns)
        try:  # as pandera does: a raw annotation the engine knows is the dtype itself
            pandas_engine.Engine.dtype(annotation.raw_annotation)
            dtype = annotation.raw_annotation
        except (TypeError, ValueError):
            dtype = annotation.arg
        dtype = None if dtype is Any else dtype
        nullable = field.nullable if field.nullable_explicit else annotation.nullable
        dtype = _get_nullable_coercion_dtype(dtype, nullable=nullable, coerce=field.coerce or coerce)
        declared = field.column_properties(
            dtype,
            nullable=annotation.nullable,
            required=not annotation.is_optional_field,
            checks=model.__checks__.get(name, []),
            parsers=model.__parsers__.get(name, []),
            name=field.name,
        )
        columns[field.name] = pa.Column(**declared)
    return columns


@functools.cache
def columns_of(model: type[pa.DataFrameModel]) -> tuple[Column, ...]:
    """The model's columns as declared, in their order: read from its fields, as pandera reads them into its
    columns (`declared_columns`, which a model with an index or `Annotated` columns goes through)."""
    found = []
    for annotation, field in model.__fields__.values():  # a sheet's dozen columns
        if annotation.origin is not Series or annotation.metadata or annotation.default_dtype:
            return tuple(
                _column(n, c.title, c.required, c.nullable, c.metadata)
                for n, c in declared_columns(model).items()
            )
        required = field.required if field.required_explicit else not annotation.is_optional_field
        nullable = field.nullable if field.nullable_explicit else annotation.nullable
        found.append(_column(field.name, field.title, required, nullable, field.metadata))
    return tuple(found)


def _column(name: str, title: str | None, required: bool, nullable: bool, metadata: dict | None) -> Column:
    """One column as declared: its name and header, whether the sheet must have it and may leave it blank, and
    what `column` declared of it (`metadata["tally"]`)."""
    declared = (metadata or {}).get("tally", {})
    needed = declared.get("needed")
    return Column(
        name=name,
        title=title or name,
        required=bool(required),
        note=declared.get("note", ""),
        needed=(N_("no") if nullable else N_("yes")) if needed is None else needed,
        in_template=declared.get("in_template", True),
        aliases=declared.get("aliases", ()),
        entry=declared.get("entry"),
        number_format=declared.get("number_format"),
        names=declared.get("names", {}),
        words=declared.get("words", {}),
    )


@functools.cache
def declared_of(model: type[pa.DataFrameModel]) -> dict[str, dict[str, Any]]:
    """Column name -> what `column` declared of it (its metadata's "tally" part: note, aliases, names, ...; a
    game's own, such as `counted`'s header in hands), read from the model's fields."""
    fields = [field for _annotation, field in model.__fields__.values()]
    if len(fields) != len(columns_of(model)):  # a model columns_of reads through pandera's columns
        return {n: (c.metadata or {}).get("tally", {}) for n, c in declared_columns(model).items()}
    return {field.name: (field.metadata or {}).get("tally", {}) for field in fields}


def column_names(model: type[pa.DataFrameModel]) -> list[str]:
    """The model's column names, in their order."""
    return [c.name for c in columns_of(model)]


def titles_of(model: type[pa.DataFrameModel]) -> dict[str, str]:
    """Column name -> its header, from the model."""
    return {c.name: c.title for c in columns_of(model)}


def names_a_sheet(model: type[pa.DataFrameModel]) -> bool:
    """True for a model of a sheet (its `Config.name` names one), not of a table tally builds."""
    name = model.__config__.name if model.__config__ is not None else None
    return name not in (None, model.__name__)


def sheet_name_of(model: type[pa.DataFrameModel]) -> str:
    """The sheet a model describes, as its `Config.name` declares it."""
    if not names_a_sheet(model):  # pandera names a model after its class unless Config.name says otherwise
        raise TypeError(f"{model.__name__} declares no sheet name (Config.name)")
    return str(model.__config__.name)  # type: ignore[union-attr]
