"""`tally template`: an empty input workbook for either game, with a Notes and an Examples sheet (pure).

An example must never count: the sheets tally reads (Matches or Results, Players or Pairs, Penalties,
Settings, Corrections) hold their headers and nothing else, so an untouched template is refused ("no matches
to score") instead of scoring an example nobody played. The example rows are on the `Examples` sheet, which no
loader reads. The one exception is `Settings`, which lists the keys whose values are tally's defaults (so
they change no result, left in or deleted): Mode, Podium and Correction Minutes for domino; Scoring, MP Scale,
Neuberg, Butler Drop, VP Scale and Correction Minutes for bridge. Target is left out on purpose: 100 is the
default only in a points event, and in a run-out event it would quietly become a target of 100 hands.
"""

from __future__ import annotations

import pandas as pd

from pipeline.games.settings import CORRECTION_MINUTES, WEIGHT
from pipeline.sheets import OutputSheet, Validation, column_letters, whole_validation
from schemas.bridge import BOARD, BUTLER_DROP, SCORE, TRICKS
from schemas.domino import PIPS, PODIUM, ROUND, TARGET

# sheet -> rows of (column, required, what it holds); the example rows follow
DOMINO_NOTES = {
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
DOMINO_EXAMPLES: dict[str, list[list[object]]] = {
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
DOMINO_DEFAULTS: dict[str, list[list[object]]] = {
    "Settings": [["Mode", "points"], ["Podium", 3], ["Correction Minutes", 30]],
}
BRIDGE_NOTES = {
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
BRIDGE_EXAMPLES: dict[str, list[list[object]]] = {
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
BRIDGE_DEFAULTS: dict[str, list[list[object]]] = {
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
    "Matches": (
        whole_validation("A Pips", PIPS),
        whole_validation("B Pips", PIPS),
        Validation("Ended", choices=("target", "time", "forfeit"), message="Ended: target, time or forfeit"),
        Validation("Winner", choices=("A", "B"), message="Winner: A or B"),
    ),
    "Results": (
        whole_validation("Board", BOARD),
        Validation("Declarer", choices=("N", "E", "S", "W"), message="Declarer: N, E, S or W"),
        whole_validation("Tricks", TRICKS, "the tricks declarer took"),
    ),
}
TEMPLATE_ROWS = 1000  # rows below the header that the validation rules cover
EXAMPLES_NOTE = (
    "Nothing on this sheet is read by tally. Each block shows a sheet's headers (shaded) and example rows: "
    "type your own rows on that sheet, under the same headers."
)


def examples_frame(
    notes: dict[str, list[tuple[str, str, str]]], examples: dict[str, list[list[object]]]
) -> tuple[pd.DataFrame, pd.Series]:
    """The Examples sheet: one block per sheet (its headers, then its example rows, then a blank line) under
    the sheet's column letters, and which rows are a block's headers."""
    width = max(len(columns) for columns in notes.values())
    letters = [column_letters(i) for i in range(width)]
    lines: list[list[object]] = [[EXAMPLES_NOTE]]
    heads = [False]
    for name, columns in notes.items():  # a few sheets
        lines += [[name, *(c for c, _, _ in columns)], *([None, *row] for row in examples[name]), []]
        heads += [True, *(False for _ in examples[name]), False]
    frame = pd.DataFrame(
        [line + [None] * (width + 1 - len(line)) for line in lines], columns=["Sheet", *letters]
    )
    return frame.astype(object).where(frame.notna(), None), pd.Series(heads)


def template_sheets(game: str) -> list[OutputSheet]:
    """Every input sheet of the game with its headers only (Settings: the default keys), then the Notes and
    the Examples sheets, which tally never reads."""
    domino = game == "domino"
    notes = DOMINO_NOTES if domino else BRIDGE_NOTES
    examples = DOMINO_EXAMPLES if domino else BRIDGE_EXAMPLES
    defaults = DOMINO_DEFAULTS if domino else BRIDGE_DEFAULTS
    sheets = []
    for name, columns in notes.items():  # a few sheets
        headers = [c for c, _, _ in columns]
        frame = pd.DataFrame(defaults.get(name, []), columns=headers, dtype=object)
        sheets.append(
            OutputSheet(name, frame, validations=VALIDATIONS.get(name, ()), blank_rows=TEMPLATE_ROWS)
        )
    rows = [(sheet, c, needed, what) for sheet, columns in notes.items() for c, needed, what in columns]
    listed = pd.DataFrame(rows, columns=["Sheet", "Column", "Required", "What it holds"])
    sheets.append(OutputSheet("Notes", listed, widths={"What it holds": 100}))
    shown, heads = examples_frame(notes, examples)
    sheets.append(OutputSheet("Examples", shown, highlight=heads, widths={"Sheet": 14}))
    return sheets
