"""`tally template bridge`: the bridge workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults (see pipeline/games/template.py for how they are laid out).

Results and Pairs are read from their models (`model_sheet`): headers, notes, Required words and Excel's
checks. Settings and Corrections are the models of every game's workbook; what the bridge template says of
their columns is given here, keyed by the model's attribute."""

from __future__ import annotations

from collections.abc import Mapping

from pipeline.games.bridge.settings import setting_specs
from pipeline.games.settings import default_rows, example_rows, settings_listing
from pipeline.games.template import Note, Template, model_sheet, template_sheets
from pipeline.sheets import OutputSheet
from schemas.bridge import PairsSheet as P
from schemas.bridge import ResultsSheet as R
from schemas.common import columns_of, sheet_name_of, titles_of
from schemas.corrections import CorrectionsSheet as C
from schemas.domino import (
    SettingsSheet as S,
)  # the Settings sheet of every workbook (pipeline/games/settings.py)

RESULTS, RESULTS_NOTES, RESULTS_CHECKS = model_sheet(R)
PAIRS, PAIRS_NOTES, PAIRS_CHECKS = model_sheet(P)
SETTINGS, CORRECTIONS = sheet_name_of(S), sheet_name_of(C)

# The Settings and Corrections columns the bridge template shows: (Required, what it holds), by attribute.
SETTINGS_NOTES = {
    S.key: ("yes", ""),  # the settings' listing, read from their declarations when the template is made
    S.value: ("no", "the setting's value; blank means the default"),
}
CORRECTIONS_NOTES = {
    C.submitted_at: ("yes", "date and time the correction was submitted (2026-11-30 21:25)"),
    C.board: ("yes", "the board of the result to correct"),
    C.ns: ("one of", "the north-south pair (NS or EW names the result)"),
    C.ew: ("one of", "the east-west pair"),
    C.column: ("yes", f"the {RESULTS} column to correct, e.g. {titles_of(R)[R.tricks]}"),
    C.new_value: ("yes", "the corrected value"),
    C.reason: ("yes", "why"),
    C.director: ("no", "who authorized a correction after the correction period (Law 79C2)"),
}


def noted(model: type, notes: Mapping[str, tuple[str, str]]) -> list[Note]:
    """The Notes rows of the model's columns named in `notes`, in the model's order: the header the model
    declares, then the Required word and what the column holds as given."""
    return [(c.title, *notes[c.name]) for c in columns_of(model) if c.name in notes]


def shown_columns(model: type, notes: Mapping[str, object] | None = None) -> list[str]:
    """The model's columns a template sheet shows, in order: those named in `notes`, or those the model
    declares for templates."""
    return [c.name for c in columns_of(model) if (c.name in notes if notes is not None else c.in_template)]


def example_lines(columns: list[str], rows: list[dict[str, object]]) -> list[list[object]]:
    """Example rows keyed by column, laid out in the sheet's order of columns (blank where a row gives none)."""
    return [[row.get(c) for c in columns] for row in rows]


NOTES = {
    RESULTS: RESULTS_NOTES,
    PAIRS: PAIRS_NOTES,
    SETTINGS: noted(S, SETTINGS_NOTES),
    CORRECTIONS: noted(C, CORRECTIONS_NOTES),
}
EXAMPLES: dict[str, list[list[object]]] = {
    RESULTS: example_lines(
        shown_columns(R),
        [{R.board: 1, R.ns: "1", R.ew: "2", R.contract: "4S", R.declarer: "N", R.tricks: 10}],
    ),
    PAIRS: example_lines(
        shown_columns(P),
        [{P.pair: "1", P.names: "Ana Ruiz & Luis Mora"}, {P.pair: "2", P.names: "Rosa Lima & Juan Soto"}],
    ),
    SETTINGS: [],  # the settings' example values, likewise
    CORRECTIONS: example_lines(
        shown_columns(C, CORRECTIONS_NOTES),
        [
            {
                C.submitted_at: "2026-11-30 21:25",
                C.board: 1,
                C.ns: "1",
                C.column: titles_of(R)[R.tricks],
                C.new_value: 11,
                C.reason: "declarer took 11",
            }
        ],
    ),
}

VALIDATIONS = {RESULTS: RESULTS_CHECKS, PAIRS: PAIRS_CHECKS}


def bridge_template() -> list[OutputSheet]:
    """The blank bridge workbook, its Settings notes, examples and starting rows read from the settings'
    declarations as they are now (a method or setting registered later is listed too)."""
    specs = setting_specs()
    notes = {**NOTES, SETTINGS: noted(S, {**SETTINGS_NOTES, S.key: ("yes", settings_listing(specs))})}
    examples = {**EXAMPLES, SETTINGS: example_rows(specs, "Club pairs")}
    # the rows Settings itself starts with: tally's defaults, which change no result (pipeline/games/template.py)
    defaults = {SETTINGS: default_rows(specs)}
    return template_sheets(Template(notes, examples, defaults, VALIDATIONS))
