"""`tally template domino`: the domino workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults (see pipeline/games/template.py for how they are laid out)."""

from __future__ import annotations

from collections.abc import Mapping

from pipeline.games.domino.settings import SETTINGS
from pipeline.games.settings import default_rows, example_rows, settings_listing
from pipeline.games.template import Note, Template, model_sheet, template_sheets
from pipeline.sheets import OutputSheet, Validation
from schemas.common import columns_of, sheet_name_of, titles_of
from schemas.corrections import CorrectionsSheet as C
from schemas.domino import ENDED_TARGET, MatchesSheet, PenaltiesSheet, PlayersSheet, SettingsSheet
from schemas.domino import MatchesSheet as MS
from schemas.domino import PenaltiesSheet as PenS
from schemas.domino import PlayersSheet as PS

MATCHES = titles_of(MatchesSheet)
# The Corrections columns a domino workbook shows, in the model's order, with what they hold here: Round and
# Table name the match (the notes of the shared sheet, said for domino).
CORRECTIONS: dict[str, tuple[str, str]] = {
    C.submitted_at: ("yes", "date and time the correction was submitted (2026-11-30 21:25)"),
    C.round: ("yes", "the round of the match to correct"),
    C.table: ("yes", "the table of the match to correct"),
    C.column: ("yes", f"the {sheet_name_of(MatchesSheet)} column to correct, e.g. {MATCHES[MS.a_pips]}"),
    C.new_value: ("yes", "the corrected value"),
    C.reason: ("yes", "why"),
    C.director: ("no", "who authorized a correction after the correction period (Law 79C2)"),
}
# Example rows of each sheet, by column (a column left out is blank); Settings' are the settings' examples.
EXAMPLE_ROWS: dict[type, list[dict[str, object]]] = {
    MatchesSheet: [
        {
            MS.round: 1,
            MS.table: 1,
            MS.a1: "P1",
            MS.a2: "P2",
            MS.b1: "P3",
            MS.b2: "P4",
            MS.a_pips: 100,
            MS.b_pips: 40,
            MS.ended: ENDED_TARGET,
        }
    ],
    PlayersSheet: [
        {PS.id: "P1", PS.name: "Ana Ruiz", PS.club: "Norte"},
        {PS.id: "P2", PS.name: "Luis Mora", PS.club: "Norte"},
        {PS.id: "P3", PS.name: "Rosa Lima", PS.club: "Sur"},
        {PS.id: "P4", PS.name: "Juan Soto", PS.club: "Sur"},
    ],
    PenaltiesSheet: [{PenS.player: "P3", PenS.pips: 10, PenS.round: 1, PenS.reason: "slow play"}],
    C: [
        {
            C.submitted_at: "2026-11-30 21:25",
            C.round: 1,
            C.table: 1,
            C.column: MATCHES[MS.b_pips],
            C.new_value: 45,
            C.reason: "scoring slip",
        }
    ],
}


def corrections_notes() -> list[Note]:
    """The Notes rows of the Corrections sheet: its columns a domino workbook shows, said for domino."""
    titles = titles_of(C)
    return [(titles[c.name], *CORRECTIONS[c.name]) for c in columns_of(C) if c.name in CORRECTIONS]


def example_lines(model: type, shown: list[str]) -> list[list[object]]:
    """A sheet's example rows in the order of its columns shown."""
    return [[row.get(c) for c in shown] for row in EXAMPLE_ROWS.get(model, [])]


def declared_sheets() -> tuple[
    dict[str, list[Note]], dict[str, list[list[object]]], dict[str, tuple[Validation, ...]]
]:
    """Every sheet of the workbook, in order, with its Notes rows, example rows and Excel checks, as the
    models declare them (Corrections: as said for domino)."""
    notes: dict[str, list[Note]] = {}
    examples: dict[str, list[list[object]]] = {}
    checks: dict[str, tuple[Validation, ...]] = {}
    for model in (MatchesSheet, PlayersSheet, PenaltiesSheet, SettingsSheet):
        name, notes[name], checks[name] = model_sheet(model)
        examples[name] = example_lines(model, [c.name for c in columns_of(model) if c.in_template])
    corrections = sheet_name_of(C)
    notes[corrections] = corrections_notes()
    examples[corrections] = example_lines(C, [c.name for c in columns_of(C) if c.name in CORRECTIONS])
    return notes, examples, checks


NOTES, EXAMPLES, VALIDATIONS = declared_sheets()


def domino_template() -> list[OutputSheet]:
    """The blank domino workbook, its Settings notes, examples and starting rows read from the settings'
    declarations as they are now (a method or setting registered later is listed too)."""
    specs = SETTINGS
    settings = sheet_name_of(SettingsSheet)
    (key, needed, _), *rest = NOTES[settings]  # the Key's note: the settings' listing
    notes: Mapping[str, list[Note]] = {**NOTES, settings: [(key, needed, settings_listing(specs)), *rest]}
    examples = {**EXAMPLES, settings: example_rows(specs, "Club night")}
    # the rows Settings itself starts with: tally's defaults, which change no result (pipeline/games/template.py)
    defaults = {settings: default_rows(specs)}
    return template_sheets(Template(notes, examples, defaults, VALIDATIONS))
