"""`tally template domino`: the domino workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults (see pipeline/games/template.py for how they are laid out)."""

from __future__ import annotations

from functools import partial

from pipeline.games.settings import CORRECTION_MINUTES, WEIGHT
from pipeline.games.template import Template, template_sheets
from pipeline.sheets import Validation, whole_validation
from schemas.domino import PIPS, PODIUM, ROUND, TARGET

NOTES = {
    "Matches": [
        ("Round", "yes", f"the round, a whole number {ROUND.words}"),
        ("Table", "yes", f"the table, a whole number {ROUND.words}; each round and table once"),
        ("A1", "yes", "side A: a player or pair id (pairs events: the pair id here, A2 blank)"),
        ("A2", "no", "side A's second player (individual events)"),
        ("B1", "yes", "side B: a player or pair id"),
        ("B2", "no", "side B's second player (individual events)"),
        ("A Pips", "yes", f"pips side A scored, {PIPS.words}; blank with B Pips too means not played yet"),
        ("B Pips", "yes", f"pips side B scored, {PIPS.words}"),
        ("Ended", "no", "target (blank means target), time or forfeit"),
        ("Winner", "no", "A or B: needed when time was called with level pips and for a forfeit"),
    ],
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
        (
            "Key",
            "yes",
            f"Event, Date (2026-11-30), Target (100; {TARGET.words}), Mode (points or run_out), Podium (3; "
            f"{PODIUM.words}), Weight (1; {WEIGHT.words}), Published At (2026-11-30 21:00), Correction Minutes "
            f"(30; {CORRECTION_MINUTES.words})",
        ),
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
    "Settings": [
        ["Event", "Club night"],
        ["Date", "2026-11-30"],
        ["Target", 100],
        ["Mode", "points"],
        ["Podium", 3],
        ["Weight", 1],
        ["Published At", "2026-11-30 21:00"],
        ["Correction Minutes", 30],
    ],
    "Corrections": [["2026-11-30 21:25", 1, 1, "B Pips", 45, "scoring slip", None]],
}
# the rows written into Settings itself: tally's defaults, which change no result (see the module docstring)
DEFAULTS: dict[str, list[list[object]]] = {
    "Settings": [["Mode", "points"], ["Podium", 3], ["Correction Minutes", 30]],
}
VALIDATIONS = {
    "Matches": (
        whole_validation("A Pips", PIPS),
        whole_validation("B Pips", PIPS),
        Validation("Ended", choices=("target", "time", "forfeit"), message="Ended: target, time or forfeit"),
        Validation("Winner", choices=("A", "B"), message="Winner: A or B"),
    ),
}

TEMPLATE = Template(NOTES, EXAMPLES, DEFAULTS, VALIDATIONS)
domino_template = partial(template_sheets, TEMPLATE)
