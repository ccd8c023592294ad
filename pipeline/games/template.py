"""`tally template`: an empty input workbook for a game, with a Notes and an Examples sheet (pure); each game
declares its `Template` (pipeline/games/<game>/template.py).

An example must never count: the sheets tally reads (Matches or Results, Players or Pairs, Penalties,
Settings, Corrections) hold their headers and nothing else, so an untouched template is refused ("no matches
to score") instead of scoring an example nobody played. The example rows are on the `Examples` sheet, which no
loader reads. The one exception is `Settings`, which lists the keys whose values are tally's defaults (so
they change no result, left in or deleted): Mode, Podium and Correction Minutes for domino; Scoring, MP Scale,
Neuberg, Butler Drop, VP Scale and Correction Minutes for bridge. Target is left out on purpose: 100 is the
default only in a points event, and in a run-out event it would quietly become a target of 100 hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import pandas as pd

from pipeline.games.settings import SettingSpec, default_rows, example_rows, settings_listing
from pipeline.i18n import N_, _, spoken_language
from pipeline.sheets import OutputSheet, Validation, column_letters, entry_validations, written_header
from schemas.common import Column, columns_of, sheet_name_in, titles_of
from schemas.plain import spoken
from schemas.shared import ExamplesSheet as X
from schemas.shared import NotesSheet as N
from schemas.shared import SettingsSheet as S

TEMPLATE_ROWS = 1000  # rows below the header that the validation rules cover
EXAMPLES_NOTE = N_(
    "Nothing on this sheet is read by tally. Each block shows a sheet's headers (shaded) and example rows: "
    "type your own rows on that sheet, under the same headers."
)


def examples_frame(
    notes: Mapping[str, list[tuple[str, str, str]]], examples: Mapping[str, list[list[object]]]
) -> tuple[pd.DataFrame, pd.Series]:
    """The Examples sheet: one block per sheet (its headers, then its example rows, then a blank line) under
    the sheet's column letters, and which rows are a block's headers."""
    width = max(len(columns) for columns in notes.values())
    letters = [column_letters(i) for i in range(width)]
    lines: list[list[object]] = [[_(EXAMPLES_NOTE)]]
    heads = [False]
    for name, columns in notes.items():  # a few sheets
        lines += [[name, *(c for c, _, _ in columns)], *([None, *row] for row in examples[name]), []]
        heads += [True, *(False for _ in examples[name]), False]
    frame = pd.DataFrame(
        [line + [None] * (width + 1 - len(line)) for line in lines],
        columns=[written_header(titles_of(X)[X.sheet]), *letters],
    )
    return frame.astype(object).where(frame.notna(), None), pd.Series(heads)


def example_value(column: Column, value: object) -> object:
    """An example cell in the language spoken: a word of the column in its name there (`meta`), a header
    named in a cell in the language's header (`Tantos B`), a text marked for translation translated, anything
    else (ids, names, numbers) as it is."""
    if not isinstance(value, str):
        return value
    named = column.words.get(value, {}).get(spoken_language())
    if named:
        return named[0]
    header = written_header(value)
    return spoken(value) if header == value else header


Note = tuple[str, str, str]  # a Notes row: the column's header, its Required word, what it holds


def shown_columns(model: type, names: Iterable[str] | None = None) -> list[str]:
    """The model's columns a template shows, in the model's order: those it declares shown (of `names` only,
    when a game gives them: a shared sheet such as Corrections, whose keys differ by game)."""
    wanted = None if names is None else set(names)
    return [c.name for c in columns_of(model) if c.in_template and (wanted is None or c.name in wanted)]


def template_notes(
    model: type, names: Iterable[str] | None = None, notes: Mapping[str, str] | None = None
) -> list[Note]:
    """The Notes rows of a model's columns the template shows (of `names` only, when given), as the model
    declares them; `notes` gives a game's own words for a column (by its name), in place of the model's."""
    shown, said = set(shown_columns(model, names)), notes or {}
    return [
        (written_header(c.title), spoken(c.needed), spoken(said.get(c.name, c.note)))
        for c in columns_of(model)
        if c.name in shown
    ]


def model_sheet(
    model: type, names: Iterable[str] | None = None, notes: Mapping[str, str] | None = None
) -> tuple[str, list[Note], tuple[Validation, ...]]:
    """A template sheet read from its model: its name, its Notes rows and Excel's checks of its cells (of the
    columns `names` only, and with a game's own `notes`, when given)."""
    shown = shown_columns(model, names)
    return sheet_name_in(model), template_notes(model, names, notes), entry_validations(model, shown)


@dataclass(frozen=True)
class Template:
    """A game's blank workbook: sheet -> rows of (column, required, what it holds); the example rows of each
    sheet; the default rows a sheet starts with (Settings); the Excel data validations of each sheet."""

    notes: Mapping[str, list[tuple[str, str, str]]]
    examples: Mapping[str, list[list[object]]]
    defaults: Mapping[str, list[list[object]]]
    validations: Mapping[str, tuple[Validation, ...]]


def template_sheets(template: Template) -> list[OutputSheet]:
    """Every input sheet of the game with its headers only (Settings: the default keys), then the Notes and
    the Examples sheets, which tally never reads."""
    notes, examples, defaults = template.notes, template.examples, template.defaults
    sheets = []
    for name, columns in notes.items():  # a few sheets
        headers = [c for c, _, _ in columns]
        frame = pd.DataFrame(defaults.get(name, []), columns=headers, dtype=object)
        sheets.append(
            OutputSheet(name, frame, validations=template.validations.get(name, ()), blank_rows=TEMPLATE_ROWS)
        )
    rows = [(sheet, c, needed, what) for sheet, columns in notes.items() for c, needed, what in columns]
    noted = {c: written_header(t) for c, t in titles_of(N).items()}
    listed = pd.DataFrame(rows, columns=list(noted.values()))
    sheets.append(OutputSheet(sheet_name_in(N), listed, widths={noted[N.holds]: 100}))
    shown, heads = examples_frame(notes, examples)
    widths = {written_header(titles_of(X)[X.sheet]): 14}
    sheets.append(OutputSheet(sheet_name_in(X), shown, highlight=heads, widths=widths))
    return sheets


@dataclass(frozen=True)
class TemplateSheet:
    """One sheet of a game's template: its model, the columns shown when the game shows only some of a shared
    sheet's (Corrections), the game's own words for a column, and example rows keyed by column."""

    model: type
    columns: tuple[str, ...] | None = None
    notes: Mapping[str, str] = field(default_factory=dict)
    examples: tuple[Mapping[str, object], ...] = ()


def game_template(sheets: Iterable[TemplateSheet], specs: Mapping[str, SettingSpec], event: str) -> Template:
    """A game's template read from its sheets' models; the Settings sheet's Key note lists the settings `specs`
    declares (as they are now: a setting registered later is listed too), its examples are theirs, with `event`
    as the event's name, and it starts with the keys whose defaults change no result."""
    notes: dict[str, list[Note]] = {}
    examples: dict[str, list[list[object]]] = {}
    checks: dict[str, tuple[Validation, ...]] = {}
    defaults: dict[str, list[list[object]]] = {}
    for sheet in sheets:  # a few sheets
        said = dict(sheet.notes)
        if sheet.model is S:
            said[S.key] = settings_listing(specs)
        name, notes[name], checks[name] = model_sheet(sheet.model, sheet.columns, said)
        shown = shown_columns(sheet.model, sheet.columns)
        declared = {c.name: c for c in columns_of(sheet.model)}
        examples[name] = [[example_value(declared[c], row.get(c)) for c in shown] for row in sheet.examples]
        if sheet.model is S:
            examples[name], defaults[name] = example_rows(specs, event), default_rows(specs)
    return Template(notes, examples, defaults, checks)
