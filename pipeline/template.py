"""`tally template`: an empty input workbook for either game, with one example row and a Notes sheet (pure)."""

from __future__ import annotations

import pandas as pd

from pipeline.sheets import OutputSheet, Validation

# sheet -> rows of (column, required, what it holds); the example rows follow
DOMINO_NOTES = {
    "Matches": [
        ("Round", "yes", "the round, a whole number from 1"),
        ("Table", "yes", "the table, a whole number from 1; each round and table once"),
        ("A1", "yes", "side A: a player or pair id (pairs events: the pair id here, A2 blank)"),
        ("A2", "no", "side A's second player (individual events)"),
        ("B1", "yes", "side B: a player or pair id"),
        ("B2", "no", "side B's second player (individual events)"),
        ("A Pips", "yes", "pips side A scored; blank with B Pips too means not played yet"),
        ("B Pips", "yes", "pips side B scored"),
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
        ("Pips", "yes", "pips deducted from effectiveness (10 and -10 both deduct 10)"),
        ("Round", "no", "the round from which it counts (blank: from the first)"),
        ("Reason", "no", "why"),
    ],
    "Settings": [
        (
            "Key",
            "yes",
            "Event, Date (2026-11-30), Target (100), Mode (points or run_out), Podium (3), Weight (1), "
            "Published At, Correction Minutes (30)",
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
    "Penalties": [],
    "Settings": [["Event", "Club night"], ["Target", 100], ["Mode", "points"], ["Podium", 3]],
    "Corrections": [],
}
BRIDGE_NOTES = {
    "Results": [
        ("Board", "yes", "the board number"),
        ("NS", "pairs", "the north-south pair id (pairs events)"),
        ("EW", "pairs", "the east-west pair id (pairs events)"),
        ("Match", "teams", "the match id from Matches (teams events)"),
        ("Room", "teams", "Open or Closed (teams events)"),
        ("Contract", "yes*", "4S, 3NTX, 6HXX, 4 黑桃 or PASS (*or a Score, or an Adjusted score)"),
        ("Declarer", "yes*", "N, E, S or W"),
        ("Tricks", "yes*", "tricks declarer took, 0 to 13 (or give Result: =, +1, -2)"),
        ("Score", "no", "the north-south score instead of a contract"),
        ("Adjusted", "no", "A+/A-, A/A, 60/40 or NP (not played)"),
    ],
    "Pairs": [("Pair", "yes", "the pair id used in Results"), ("Names", "no", "the players' names")],
    "Settings": [
        (
            "Key",
            "yes",
            "Event, Date (2026-11-30), Scoring (MP, Cross-IMP, Butler, TP, Teams), MP Scale, Neuberg, Butler Drop, "
            "VP Scale, Weight, Published At, Correction Minutes (30)",
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
    "Settings": [["Event", "Club pairs"], ["Scoring", "MP"]],
    "Corrections": [],
}
VALIDATIONS = {
    "Matches": (
        Validation("A Pips", 0, message="A Pips: a whole number, 0 or more"),
        Validation("B Pips", 0, message="B Pips: a whole number, 0 or more"),
        Validation("Ended", choices=("target", "time", "forfeit"), message="Ended: target, time or forfeit"),
        Validation("Winner", choices=("A", "B"), message="Winner: A or B"),
    ),
    "Results": (
        Validation("Board", 1, message="Board: a whole number, 1 or more"),
        Validation("Declarer", choices=("N", "E", "S", "W"), message="Declarer: N, E, S or W"),
        Validation("Tricks", 0, message="Tricks: the tricks declarer took, 0 to 13"),
    ),
}
TEMPLATE_ROWS = 1000  # rows below the example that the validation rules cover


def template_sheets(game: str) -> list[OutputSheet]:
    """Every input sheet of the game with its headers and one example row, then a Notes sheet."""
    notes, examples = (DOMINO_NOTES, DOMINO_EXAMPLES) if game == "domino" else (BRIDGE_NOTES, BRIDGE_EXAMPLES)
    sheets = []
    for name, columns in notes.items():  # a few sheets
        headers = [c for c, _, _ in columns]
        frame = pd.DataFrame(examples[name], columns=headers, dtype=object)
        sheets.append(
            OutputSheet(name, frame, validations=VALIDATIONS.get(name, ()), blank_rows=TEMPLATE_ROWS)
        )
    rows = [(sheet, c, needed, what) for sheet, columns in notes.items() for c, needed, what in columns]
    listed = pd.DataFrame(rows, columns=["Sheet", "Column", "Required", "What it holds"])
    sheets.append(OutputSheet("Notes", listed, widths={"What it holds": 100}))
    return sheets
