"""`tally template domino`: the domino workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults (see pipeline/games/template.py for how they are laid out)."""

from __future__ import annotations

from pipeline.games.domino.settings import SETTINGS
from pipeline.games.settings import default_rows, example_rows, settings_listing
from pipeline.games.template import Template, model_sheet, template_sheets
from pipeline.sheets import OutputSheet
from schemas.domino import PIPS, ROUND, MatchesSheet

MATCHES, MATCHES_NOTES, MATCHES_CHECKS = model_sheet(MatchesSheet)
NOTES = {
    MATCHES: MATCHES_NOTES,
    "Players": [
        ("ID", "yes", "the id used in Matches (text or number)"),
        ("Name", "no", "the name shown in the standings"),
        ("Club", "no", "the club"),
    ],
    "Penalties": [
        ("Player", "yes", "the id penalized"),
        ("Pips", "yes", f"pips deducted from effectiveness, up to {PIPS.high:,} (10 and -10 both deduct 10)"),
        ("Round", "no", f"the round from which it counts, {ROUND.words} (blank: from the first)"),
        ("Reason", "no", "why"),
    ],
    "Settings": [
        ("Key", "yes", ""),  # the settings' listing, read from their declarations when the template is made
        ("Value", "no", "the setting's value; blank means the default"),
    ],
    "Corrections": [
        ("Submitted At", "yes", "date and time the correction was submitted (2026-11-30 21:25)"),
        ("Round", "yes", "the round of the match to correct"),
        ("Table", "yes", "the table of the match to correct"),
        ("Column", "yes", "the Matches column to correct, e.g. A Pips"),
        ("New Value", "yes", "the corrected value"),
        ("Reason", "yes", "why"),
        ("Director", "no", "who authorized a correction after the correction period (Law 79C2)"),
    ],
}
EXAMPLES: dict[str, list[list[object]]] = {
    "Matches": [[1, 1, "P1", "P2", "P3", "P4", 100, 40, "target", None]],
    "Players": [
        ["P1", "Ana Ruiz", "Norte"],
        ["P2", "Luis Mora", "Norte"],
        ["P3", "Rosa Lima", "Sur"],
        ["P4", "Juan Soto", "Sur"],
    ],  # fmt: skip
    "Penalties": [["P3", 10, 1, "slow play"]],
    "Settings": [],  # the settings' example values, likewise
    "Corrections": [["2026-11-30 21:25", 1, 1, "B Pips", 45, "scoring slip", None]],
}

VALIDATIONS = {MATCHES: MATCHES_CHECKS}


def domino_template() -> list[OutputSheet]:
    """The blank domino workbook, its Settings notes, examples and starting rows read from the settings'
    declarations as they are now (a method or setting registered later is listed too)."""
    specs = SETTINGS
    notes = {**NOTES, "Settings": [("Key", "yes", settings_listing(specs)), *NOTES["Settings"][1:]]}
    examples = {**EXAMPLES, "Settings": example_rows(specs, "Club night")}
    # the rows Settings itself starts with: tally's defaults, which change no result (pipeline/games/template.py)
    defaults = {"Settings": default_rows(specs)}
    return template_sheets(Template(notes, examples, defaults, VALIDATIONS))
