"""`tally template bridge`: the bridge workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults (see pipeline/games/template.py for how they are laid out)."""

from __future__ import annotations

from pipeline.games.bridge.settings import setting_specs
from pipeline.games.settings import default_rows, example_rows, settings_listing
from pipeline.games.template import Template, template_sheets
from pipeline.sheets import OutputSheet, Validation, whole_validation
from schemas.bridge import BOARD, SCORE, TRICKS

NOTES = {
    "Results": [
        ("Board", "yes", f"the board number, {BOARD.words}"),
        ("NS", "pairs", "the north-south pair id (pairs events)"),
        ("EW", "pairs", "the east-west pair id (pairs events)"),
        ("Match", "teams", "the match id from Matches (teams events)"),
        ("Room", "teams", "Open or Closed (teams events)"),
        ("Contract", "yes*", "4S, 3NTX, 6HXX, 4 黑桃 or PASS (*or a Score, or an Adjusted score)"),
        ("Declarer", "yes*", "N, E, S or W"),
        ("Tricks", "yes*", "tricks declarer took, 0 to 13 (or give Result: =, +1, -2)"),
        ("Score", "no", f"the north-south score instead of a contract: a multiple of 10, {SCORE.words}"),
        ("Adjusted", "no", "A+/A-, A/A, 60/40 or NP (not played)"),
    ],
    "Pairs": [("Pair", "yes", "the pair id used in Results"), ("Names", "no", "the players' names")],
    "Settings": [
        ("Key", "yes", ""),  # the settings' listing, read from their declarations when the template is made
        ("Value", "no", "the setting's value; blank means the default"),
    ],
    "Corrections": [
        ("Submitted At", "yes", "date and time the correction was submitted (2026-11-30 21:25)"),
        ("Board", "yes", "the board of the result to correct"),
        ("NS", "one of", "the north-south pair (NS or EW names the result)"),
        ("EW", "one of", "the east-west pair"),
        ("Column", "yes", "the Results column to correct, e.g. Tricks"),
        ("New Value", "yes", "the corrected value"),
        ("Reason", "yes", "why"),
        ("Director", "no", "who authorized a correction after the correction period (Law 79C2)"),
    ],
}
EXAMPLES: dict[str, list[list[object]]] = {
    "Results": [[1, "1", "2", None, None, "4S", "N", 10, None, None]],
    "Pairs": [["1", "Ana Ruiz & Luis Mora"], ["2", "Rosa Lima & Juan Soto"]],
    "Settings": [],  # the settings' example values, likewise
    "Corrections": [["2026-11-30 21:25", 1, "1", None, "Tricks", 11, "declarer took 11", None]],
}

VALIDATIONS = {
    "Results": (
        whole_validation("Board", BOARD),
        Validation("Declarer", choices=("N", "E", "S", "W"), message="Declarer: N, E, S or W"),
        whole_validation("Tricks", TRICKS, "the tricks declarer took"),
    ),
}


def bridge_template() -> list[OutputSheet]:
    """The blank bridge workbook, its Settings notes, examples and starting rows read from the settings'
    declarations as they are now (a method or setting registered later is listed too)."""
    specs = setting_specs()
    notes = {**NOTES, "Settings": [("Key", "yes", settings_listing(specs)), *NOTES["Settings"][1:]]}
    examples = {**EXAMPLES, "Settings": example_rows(specs, "Club pairs")}
    # the rows Settings itself starts with: tally's defaults, which change no result (pipeline/games/template.py)
    defaults = {"Settings": default_rows(specs)}
    return template_sheets(Template(notes, examples, defaults, VALIDATIONS))
