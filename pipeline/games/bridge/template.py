"""`tally template bridge`: the bridge workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults (see pipeline/games/template.py for how they are laid out)."""

from __future__ import annotations

from functools import partial

from pipeline.games.settings import CORRECTION_MINUTES, WEIGHT
from pipeline.games.template import Template, template_sheets
from pipeline.sheets import Validation, whole_validation
from schemas.bridge import BOARD, BUTLER_DROP, SCORE, TRICKS

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
        (
            "Key",
            "yes",
            "Event, Date (2026-11-30), Scoring (MP, Cross-IMP, Butler, TP, Teams), MP Scale (2 or 1), Neuberg "
            f"(yes or no), Butler Drop (1; {BUTLER_DROP.words}), VP Scale (WBF or none), Weight (1; {WEIGHT.words}), "
            f"Published At (2026-11-30 21:00), Correction Minutes (30; {CORRECTION_MINUTES.words})",
        ),
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
    "Settings": [
        ["Event", "Club pairs"],
        ["Date", "2026-11-30"],
        ["Scoring", "MP"],
        ["MP Scale", 2],
        ["Neuberg", "yes"],
        ["Butler Drop", 1],
        ["VP Scale", "WBF"],
        ["Weight", 1],
        ["Published At", "2026-11-30 21:00"],
        ["Correction Minutes", 30],
    ],
    "Corrections": [["2026-11-30 21:25", 1, "1", None, "Tricks", 11, "declarer took 11", None]],
}
DEFAULTS: dict[str, list[list[object]]] = {
    "Settings": [
        ["Scoring", "MP"],
        ["MP Scale", 2],
        ["Neuberg", "yes"],
        ["Butler Drop", 1],
        ["VP Scale", "WBF"],
        ["Correction Minutes", 30],
    ],
}
VALIDATIONS = {
    "Results": (
        whole_validation("Board", BOARD),
        Validation("Declarer", choices=("N", "E", "S", "W"), message="Declarer: N, E, S or W"),
        whole_validation("Tricks", TRICKS, "the tricks declarer took"),
    ),
}

TEMPLATE = Template(NOTES, EXAMPLES, DEFAULTS, VALIDATIONS)
bridge_template = partial(template_sheets, TEMPLATE)
