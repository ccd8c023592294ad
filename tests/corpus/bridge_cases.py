"""Bad (and a few forgiving) bridge workbooks, built in Python and written to xlsx at test time.

Each bad case is the tables a tournament director might type, plus the problems tally must report
for them: (code, sheet, Excel row or None, column header as written or None, and the cell text shown),
the code as docs/problems.md lists it. A problem naming several cells is written as tally joins them,
e.g. "Contract, Score" with the value "4S / 450".

Each accepted case must score (exit 0) and carries rows the output workbook must hold: every
expected row is a few columns of one output row (NS Score worked out by hand from Law 77, the
vulnerability from the Law 2 board cycle: 1 none, 2 NS, 3 EW, 4 all, ... 16 EW, then again).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from corpus.common import FILE_NAME, Expected, Table, write_case

RESULT_HEADER = ["Board", "NS", "EW", "Contract", "Declarer", "Tricks", "Result", "Vul", "Score", "Adjusted"]
TEAM_HEADER = [
    "Match",
    "Room",
    "Board",
    "Contract",
    "Declarer",
    "Tricks",
    "Result",
    "Vul",
    "Score",
    "Adjusted",
]
PAIRS_HEADER = ["Pair", "Names"]
TEAMS_HEADER = ["Team", "Names"]
MATCHES_HEADER = ["Match", "Round", "Home", "Away"]
SETTINGS_HEADER = ["Key", "Value"]
CONTRACT_EXPECTED = "expected a contract: level 1-7, strain C D H S NT (or ♣ ♦ ♥ ♠, 梅花 方块 红心 黑桃 无将)"

Row = dict[str, object]  # some columns of one output row, by written header


@dataclass(frozen=True)
class Case:
    """A workbook to write and what tally must say about it (and, when accepted, write)."""

    name: str
    tables: dict[str, Table]
    expected: list[Expected]
    blank_rows_above: int = 0  # empty rows above every sheet's header
    raw: bytes | None = None  # write these bytes instead of a workbook
    rows: dict[str, list[Row]] = field(default_factory=dict)  # accepted: output sheet -> rows it holds
    counts: dict[str, int] = field(default_factory=dict)  # accepted: output sheet -> number of data rows

    def write(self, folder: Path) -> Path:
        """Write the case as `event.xlsx` in the folder; returns its path."""
        return write_case(folder, self.tables, self.blank_rows_above, self.raw)


def res(
    board: object,
    ns: object,
    ew: object,
    contract: object = None,
    declarer: object = None,
    tricks: object = None,
    *,
    result: object = None,
    vul: object = None,
    score: object = None,
    adjusted: object = None,
) -> list[object]:
    """A pairs Results row in RESULT_HEADER order."""
    return [board, ns, ew, contract, declarer, tricks, result, vul, score, adjusted]


def room(
    match: object,
    where: object,
    board: object,
    contract: object = None,
    declarer: object = None,
    tricks: object = None,
    *,
    result: object = None,
    vul: object = None,
    score: object = None,
    adjusted: object = None,
) -> list[object]:
    """A teams Results row in TEAM_HEADER order (`where` is the Room)."""
    return [match, where, board, contract, declarer, tricks, result, vul, score, adjusted]


def settings(*pairs: tuple[object, object]) -> Table:
    """A Settings sheet with these Key/Value rows."""
    return SETTINGS_HEADER, [list(p) for p in pairs]


def pairs(*ids: object) -> Table:
    """A Pairs sheet listing these ids (names made up)."""
    return PAIRS_HEADER, [[i, f"Pair {i} names"] for i in ids]


def matches(*rows: tuple[object, object, object, object]) -> Table:
    """A teams Matches sheet: (match, round, home, away) rows."""
    return MATCHES_HEADER, [list(r) for r in rows]


def event(*rows: list[object], **sheets: Table) -> dict[str, Table]:
    """A pairs workbook: a Results sheet with these rows, plus other sheets by name."""
    return {"Results": (RESULT_HEADER, list(rows)), **sheets}


TEAMS_SETTINGS = settings(("Scoring", "Teams"))
TWO_MATCHES = matches((1, 1, "Lions", "Tigers"), (2, 1, "Bears", "Wolves"))


def teams_event(*rows: list[object], **sheets: Table) -> dict[str, Table]:
    """A teams workbook (Scoring Teams, matches 1 Lions-Tigers and 2 Bears-Wolves) unless overridden."""
    return {
        "Results": (TEAM_HEADER, list(rows)),
        "Settings": TEAMS_SETTINGS,
        "Matches": TWO_MATCHES,
        **sheets,
    }


OK = res(1, 1, 2, "4S", "N", 10)  # board 1, nobody vulnerable: +420
OPEN = room(1, "Open", 1, "4S", "N", 10)  # +420 for the home team (NS in the Open room)
CLOSED = room(1, "Closed", 1, "4S", "N", 9)  # -50 for NS, the away team, in the Closed room
E = Expected

CASES: list[Case] = [
    # ---------------------------------------------------------------- contracts
    Case(
        "contract_level_8",
        event(OK, res(1, 3, 4, "8S", "N", 10)),
        [E("B105", "Results", 3, "Contract", value="8S")],
    ),
    Case(
        "contract_unknown_strain",
        event(OK, res(1, 3, 4, "4Z", "N", 10)),
        [E("B105", "Results", 3, "Contract", value="4Z")],
    ),
    Case(
        "contract_doubles_mixed_and_tripled",
        event(OK, res(1, 3, 4, "4S*X", "N", 10), res(1, 5, 6, "4SXXX", "N", 10)),
        [
            E("B105", "Results", 3, "Contract", value="4S*X"),
            E("B105", "Results", 4, "Contract", value="4SXXX"),
        ],
    ),
    Case(
        "declarer_not_a_seat",
        event(OK, res(1, 3, 4, "4S", "Q", 10)),
        [E("B106", "Results", 3, "Declarer", value="Q")],
    ),
    Case(
        "contract_without_declarer",
        event(OK, res(1, 3, 4, "4S", None, 10)),
        [E("B106", "Results", 3, "Declarer")],
    ),
    # ---------------------------------------------------------------- tricks and results
    Case(
        "tricks_14",
        event(OK, res(1, 3, 4, "4S", "N", 14)),
        [E("B102", "Results", 3, "Tricks", value="14")],
    ),
    Case(
        # -1 would be a result against the contract (=, +1, -2 are read in Tricks too): -100 is neither
        "tricks_negative_decimal_and_text",
        event(
            OK, res(1, 3, 4, "4S", "N", -100), res(1, 5, 6, "4S", "N", 7.5), res(1, 7, 8, "4S", "N", "ten")
        ),
        [
            E("B102", "Results", 3, "Tricks", value="-100"),
            E("B102", "Results", 4, "Tricks", value="7.5"),
            E("B102", "Results", 5, "Tricks", value="ten"),
        ],
    ),
    Case(
        "result_gives_14_tricks",
        event(OK, res(1, 3, 4, "7NT", "S", result="+1")),
        [E("B107", "Results", 3, "Result", value="+1")],
    ),
    Case(
        "result_bare_number",
        event(OK, res(1, 3, 4, "4S", "N", result="1")),
        [E("B107", "Results", 3, "Result", value="1")],
    ),
    Case(
        "tricks_and_result_disagree",
        event(OK, res(1, 3, 4, "4S", "N", 10, result="+1")),
        [E("B109", "Results", 3, "Tricks, Result", value="10 / +1")],
    ),
    Case(
        "contract_without_tricks_or_result",
        event(OK, res(1, 3, 4, "4S", "N")),
        [E("B108", "Results", 3, "Tricks, Result")],
    ),
    Case(
        "contract_column_without_tricks_or_result_column",
        {"Results": (["Board", "NS", "EW", "Contract", "Declarer"], [[1, 1, 2, "4S", "N"]])},
        [E("W102", "Results", 1, "Tricks")],
    ),
    # ---------------------------------------------------------------- scores
    Case(
        "score_disagrees_with_contract",
        event(OK, res(1, 3, 4, "4S", "N", 10, score=450)),
        [E("B114", "Results", 3, "Contract, Score", value="4S / 450")],
    ),
    Case(
        "score_on_a_passed_out_board",
        event(OK, res(1, 3, 4, "PASS", score=50)),
        [E("B114", "Results", 3, "Contract, Score", value="PASS / 50")],
    ),
    Case(
        "score_vulnerable_contract_typed_with_vul_override",
        event(OK, res(1, 3, 4, "4S", "N", 10, vul="NS", score=420)),
        [E("B114", "Results", 3, "Contract, Score", value="4S / 420")],
    ),
    Case(
        "score_not_a_multiple_of_10",
        event(OK, res(1, 3, 4, score=425)),
        [E("B103", "Results", 3, "Score", value="425")],
    ),
    Case(
        "vul_red",
        event(OK, res(1, 3, 4, "4S", "N", 10, vul="Red")),
        [E("B110", "Results", 3, "Vul", value="Red")],
    ),
    # ---------------------------------------------------------------- adjusted scores
    Case(
        "adjusted_unparseable",
        event(OK, res(1, 3, 4, adjusted="A++/A")),
        [E("B111", "Results", 3, "Adjusted", value="A++/A")],
    ),
    Case(
        "adjusted_with_a_contract",
        event(OK, res(1, 3, 4, "4S", "N", 10, adjusted="A+/A-")),
        [E("B112", "Results", 3, "Contract, Score, Adjusted", value="4S /  / A+/A-")],
    ),
    Case(
        "not_played_with_a_score",
        event(OK, res(1, 3, 4, score=420, adjusted="NP")),
        [E("B112", "Results", 3, "Contract, Score, Adjusted", value=" / 420 / NP")],
    ),
    Case(  # declared final: a row still without a result is an error (before that: a board still to play)
        "row_with_no_contract_score_or_adjusted",
        event(OK, res(1, 3, 4), Settings=settings(("Final", "yes"))),
        [E("B113", "Results", 3, "Contract, Score, Adjusted")],
    ),
    Case(  # a declarer typed but no contract: a result begun, not a board still to play
        "row_with_a_declarer_and_no_contract",
        event(OK, res(1, 3, 4, None, "N")),
        [E("B113", "Results", 3, "Contract, Score, Adjusted")],
    ),
    Case(
        "percentage_adjusted_at_cross_imp",
        event(OK, res(1, 3, 4, adjusted="60/40"), Settings=settings(("Scoring", "Cross-IMP"))),
        [E("B125", "Results", 3, "Adjusted", value="60/40")],
    ),
    Case(
        "percentage_adjusted_at_butler",
        event(OK, res(1, 3, 4, adjusted="55/45"), Settings=settings(("Scoring", "Butler"))),
        [E("B125", "Results", 3, "Adjusted", value="55/45")],
    ),
    Case(
        "adjusted_at_total_points",
        event(OK, res(1, 3, 4, adjusted="A+/A-"), Settings=settings(("Scoring", "TP"))),
        [E("B126", "Results", 3, "Adjusted", value="A+/A-")],
    ),
    # ---------------------------------------------------------------- pairs and who played where
    Case(
        "pair_at_two_tables_on_one_board",
        event(OK, res(1, 1, 3, "4S", "N", 11)),
        [E("B118", "Results", 3, "NS", value="1")],
    ),
    Case(
        "pair_ns_at_one_table_and_ew_at_another",
        event(OK, res(1, 3, 2, "3NT", "S", 9)),
        [E("B118", "Results", 3, "EW", value="2")],
    ),
    Case(
        "pair_sits_ew_then_ns_on_one_board",
        event(OK, res(1, 2, 3, "3NT", "S", 9)),
        [E("B118", "Results", 3, "NS", value="2")],
    ),
    Case(
        "pair_plays_itself",
        event(OK, res(1, 3, 3, "4S", "N", 10)),
        [E("B117", "Results", 3, "NS, EW", value="3 / 3")],
    ),
    Case(
        "blank_pair",
        event(OK, res(1, None, 4, "4S", "N", 10), res(1, 5, None, "4S", "N", 10)),
        [
            E("B116", "Results", 3, "NS"),
            E("B116", "Results", 4, "EW"),
        ],
    ),
    Case(
        "unknown_pair",
        event(OK, res(1, 3, 9, "4S", "N", 10), Pairs=pairs(1, 2, 3, 4)),
        [E("B119", "Results", 3, "EW", value="9")],
    ),
    Case(
        "pair_listed_twice",
        event(OK, Pairs=(PAIRS_HEADER, [[1, "Li - Zhang"], [2, "Ruiz - Mora"], ["1.0", "Berg - Lund"]])),
        [E("B124", "Pairs", 4, "Pair", value="1.0")],
    ),
    Case(
        "board_not_a_whole_number_1_or_more",
        event(
            OK, res("B1", 3, 4, "4S", "N", 10), res(0, 5, 6, "4S", "N", 10), res(None, 7, 8, "4S", "N", 10)
        ),
        [
            E("B101", "Results", 3, "Board", value="B1"),
            E("B101", "Results", 4, "Board", value="0"),
            E("W103", "Results", 5, "Board"),
        ],
    ),
    # ---------------------------------------------------------------- teams
    Case(
        "teams_board_in_one_room_only",
        teams_event(OPEN, CLOSED, room(1, "Open", 2, "3NT", "S", 9)),
        [E("B123", "Results", 4, "Match, Room, Board", value="1 / Open / 2")],
    ),
    Case(
        "teams_unknown_match",
        teams_event(OPEN, CLOSED, room(7, "Open", 1, "4S", "N", 10), room(7, "Closed", 1, "4S", "N", 10)),
        [
            E("B119", "Results", 4, "Match", value="7"),
            E("B119", "Results", 5, "Match", value="7"),
        ],
    ),
    Case(
        "teams_room_lounge",
        teams_event(OPEN, CLOSED, room(2, "Lounge", 1, "4S", "N", 10), room(2, "Closed", 1, "4S", "N", 10)),
        [E("B121", "Results", 4, "Room", value="Lounge")],
    ),
    Case(
        "teams_board_twice_in_one_room",
        teams_event(OPEN, CLOSED, room(1, "open", 1, "4S", "N", 11)),
        [E("B122", "Results", 4, "Match, Room, Board", value="1 / open / 1")],
    ),
    Case(
        "teams_blank_match_and_room",
        teams_event(OPEN, CLOSED, room(None, "Open", 2, "4S", "N", 10), room(1, None, 2, "4S", "N", 10)),
        [
            E("B120", "Results", 4, "Match"),
            E("B121", "Results", 5, "Room"),
        ],
    ),
    Case(
        "teams_unknown_team_in_matches",
        teams_event(OPEN, CLOSED, Teams=(TEAMS_HEADER, [["Lions", "a"], ["Tigers", "b"], ["Bears", "c"]])),
        [E("B119", "Matches", 3, "Away", value="Wolves")],
    ),
    Case(
        "teams_team_plays_itself",
        teams_event(OPEN, CLOSED, Matches=matches((1, 1, "Lions", "Lions"))),
        [E("B117", "Matches", 2, "Home, Away", value="Lions / Lions")],
    ),
    Case(
        "teams_match_listed_twice",
        teams_event(OPEN, CLOSED, Matches=matches((1, 1, "Lions", "Tigers"), (1, 2, "Bears", "Wolves"))),
        [E("B124", "Matches", 3, "Match", value="1")],
    ),
    Case(
        "teams_without_matches_sheet",
        {"Results": (TEAM_HEADER, [OPEN, CLOSED]), "Settings": TEAMS_SETTINGS},
        [E("W101", "workbook", None, None)],
    ),
    Case(
        "teams_results_typed_with_pair_columns",
        {"Results": (RESULT_HEADER, [OK]), "Settings": TEAMS_SETTINGS, "Matches": TWO_MATCHES},
        [
            E("W102", "Results", 1, "Match"),
            E("W102", "Results", 1, "Room"),
        ],
    ),
    # ---------------------------------------------------------------- sheets and columns
    Case(
        "missing_results_sheet",
        {"Hoja1": (RESULT_HEADER, [OK]), "Pairs": pairs(1, 2)},  # Resultados is Results in Spanish
        [E("W101", "workbook", None, None)],
    ),
    Case(
        "board_header_missing",
        {"Results": (["Deal", "NS", "EW", "Contract", "Declarer", "Tricks"], [[1, 1, 2, "4S", "N", 10]])},
        [
            E(
                "W102",
                "Results",
                1,
                "Board",
                text="missing required column 'Board' (headers found: 'Deal', 'NS', 'EW', 'Contract', 'Declarer', "
                "'Tricks')",
            )
        ],
    ),
    Case(
        "settings_without_key_column",
        event(OK, Settings=(["Setting", "Value"], [["Scoring", "MP"]])),
        [E("W102", "Settings", 1, "Key")],
    ),
    # ---------------------------------------------------------------- settings
    Case(
        "settings_scoring_swiss",
        event(OK, Settings=settings(("Scoring", "Swiss"))),
        [E("S105", "Settings", 2, "Value", value="Swiss")],
    ),
    Case(
        "settings_mp_scale_3",
        event(OK, Settings=settings(("MP Scale", 3))),
        [E("S105", "Settings", 2, "Value", value="3")],
    ),
    Case(
        "settings_neuberg_maybe",
        event(OK, Settings=settings(("Neuberg", "maybe"))),
        [E("S105", "Settings", 2, "Value", value="maybe")],
    ),
    Case(
        "settings_key_twice",
        event(OK, Settings=settings(("Scoring", "MP"), ("Event", "Tuesday"), ("scoring", "Butler"))),
        [E("S104", "Settings", 4, "Key", value="scoring")],
    ),
    Case(
        "settings_drop_vp_scale_weight_and_unknown_key",
        event(
            OK,
            Settings=settings(("Butler Drop", -1), ("VP Scale", "IMP"), ("Weight", 0), ("Colour", "red")),
        ),
        [
            E("S105", "Settings", 2, "Value", value="-1"),
            E("S105", "Settings", 3, "Value", value="IMP"),
            E("S105", "Settings", 4, "Value", value="0"),
            E("S102", "Settings", 5, "Key", value="Colour"),
        ],
    ),
    # ---------------------------------------------------------------- not a workbook
    Case(
        "text_file_renamed_xlsx",
        {},
        [E("F101", FILE_NAME, None, None, text="is a text file (a CSV?), not an xlsx workbook")],
        raw=b"Board,NS,EW,Contract,Declarer,Tricks\n1,1,2,4S,N,10\n",
    ),
    # ---------------------------------------------------------------- Excel rows below a late header
    Case(
        "header_in_row_3",
        event(
            OK,  # row 4
            res(1, 1, 3, "4S", "N", 10),  # 5: pair 1 again
            res(2, 3, 4, "4Z", "N", 10),  # 6: contract
            res(2, 5, 6, "3NT", "S", 14),  # 7: tricks
            Pairs=pairs(1, 2, 3, 4, 5, 6, 1),  # pair 1 again in row 10
            Settings=settings(("Scoring", "MP"), ("Scoring", "TP")),
        ),
        [
            E("B118", "Results", 5, "NS", value="1"),
            E("B105", "Results", 6, "Contract", value="4Z"),
            E("B102", "Results", 7, "Tricks", value="14"),
            E("B124", "Pairs", 10, "Pair", value="1"),
            E("S104", "Settings", 5, "Key", value="Scoring"),
        ],
        blank_rows_above=2,
    ),
    # ---------------------------------------------------------------- everything at once
    Case(
        "many_errors_at_once",
        event(
            OK,  # row 2
            res(1, 1, 3, "4S", "N", 10),  # 3: pair 1 already played board 1
            res(1, 5, 6, "4Z", "N", 10),  # 4: contract
            res(1, 7, 8, "4S", "Q", 10),  # 5: declarer
            res(1, 9, 10, "4S", "N", 14),  # 6: tricks
            res(1, 11, 12, "4S", "N", 10, score=450),  # 7: score against contract
            res(1, 13, 13, "3NT", "S", 9),  # 8: pair plays itself
            res(2, 1, 2, adjusted="A++/A"),  # 9: adjusted
            res(2, 3, 4, "3NT", "N", 9, vul="Red"),  # 10: vul
            res(2, 5, 6, score=425),  # 11: score not a multiple of 10
            res(2, 7, 8, "7NT", "S", result="+1"),  # 12: 14 tricks
            res(2, 9, 10, "4S", "N", 10, result="+1"),  # 13: tricks and result disagree
            res(2, 11, 12, "4S", None, 10),  # 14: no declarer
            res(2, 13, 14),  # 15: nothing at all
            res(2, 15, 99, "4S", "N", 10),  # 16: pair 99 unknown
            Pairs=pairs(*range(1, 17), 3),  # pair 3 again in row 18
            Settings=settings(("Neuberg", "maybe"), ("Final", "yes")),
        ),
        [
            E("B118", "Results", 3, "NS", value="1"),
            E("B105", "Results", 4, "Contract", value="4Z"),
            E("B106", "Results", 5, "Declarer", value="Q"),
            E("B102", "Results", 6, "Tricks", value="14"),
            E("B114", "Results", 7, "Contract, Score", value="4S / 450"),
            E("B117", "Results", 8, "NS, EW", value="13 / 13"),
            E("B111", "Results", 9, "Adjusted", value="A++/A"),
            E("B110", "Results", 10, "Vul", value="Red"),
            E("B103", "Results", 11, "Score", value="425"),
            E("B107", "Results", 12, "Result", value="+1"),
            E("B109", "Results", 13, "Tricks, Result", value="10 / +1"),
            E("B106", "Results", 14, "Declarer"),
            E("B113", "Results", 15, "Contract, Score, Adjusted"),
            E("B119", "Results", 16, "EW", value="99"),
            E("B124", "Pairs", 18, "Pair", value="3"),
            E("S105", "Settings", 2, "Value", value="maybe"),
        ],
    ),
    # ---------------------------------------------------------------- cells as people type them (cells.py)
    Case(  # C alone: clubs in English, corazones in Spanish; nothing else says which
        "contract_c_without_a_language",
        event(res(1, 3, 4, "1C", "N", 7), res(2, 3, 4, "2D", "S", 8)),
        [E("B200", "Results", 2, "Contract", value="1C")],
    ),
    Case(  # English S and Spanish P in one workbook: C stays unread
        "contract_c_in_mixed_languages",
        event(res(1, 3, 4, "4S", "N", 10), res(2, 3, 4, "4P", "N", 10), res(3, 3, 4, "1C", "N", 7)),
        [E("B200", "Results", 4, "Contract", value="1C")],
    ),
    Case(
        "one_cell_result_against_tricks",
        event(res(1, 3, 4, "4S=", "N", 9)),
        [E("B202", "Results", 2, "Contract, Tricks", value="4S= / 9")],
    ),
    Case(  # 7S+1: 14 tricks
        "one_cell_result_beyond_thirteen_tricks",
        event(res(1, 3, 4, "7S+1", "N")),
        [E("B202", "Results", 2, "Contract", value="7S+1")],
    ),
    Case(
        "one_cell_declarer_against_declarer",
        event(res(1, 3, 4, "4S=N", "E")),
        [E("B203", "Results", 2, "Contract, Declarer", value="4S=N / E")],
    ),
    Case(
        "result_holds_a_contract",
        event(res(1, 3, 4, "4S", "N", result="4S+1")),
        [E("B204", "Results", 2, "Result", value="4S+1")],
    ),
    Case(
        "tricks_holds_a_declarer",
        event(res(1, 3, 4, "4S", None, "N")),
        [E("B204", "Results", 2, "Tricks", value="N"), E("B106", "Results", 2, "Declarer")],
    ),
    Case(  # a name two pairs share
        "pair_name_listed_twice",
        event(
            res(1, "Dan & Eve", 4, "4S", "N", 10),
            Pairs=(PAIRS_HEADER, [[3, "Dan & Eve"], [4, "Dan Y Eve"], [5, "dan & eve"]]),
        ),
        [E("W142", "Results", 2, "NS", value="Dan & Eve")],
    ),
    Case(  # a domino Matches sheet under the name Results
        "a_domino_workbook",
        {"Results": (["Round", "Table", "A1", "B1", "A Pips", "B Pips"], [[1, 1, "p1", "p2", 100, 20]])},
        [E("W140", "workbook", None, None)],
    ),
]

# Workbooks typed loosely but correctly: tally must score them (exit 0), reporting only the warnings.
ACCEPTED: list[Case] = [
    Case(  # a movement's pre-written row still without a result: a board not yet played, left out
        "a_board_still_to_play",
        event(res(1, 1, 2, "4S", "N", 10), res(1, 3, 4, "4S", "N", 9), res(1, 5, 6)),
        [E("B180", "Results", 4, None)],
        rows={
            "Travellers": [{"Board": 1, "NS": "1", "NS Score": 420}, {"Board": 1, "NS": "3", "NS Score": -50}]
        },
    ),
    Case(
        "contract_spellings",
        event(
            res(1, 1, 2, "4黑桃", "N", 10),  # 4S=: 120 + 300
            res(1, 3, 4, "3 无将", "S", 9),  # 3NT=: 100 + 300
            res(1, 5, 6, "4♥", "E", 10),  # 4H= by EW
            res(1, 7, 8, "2梅花x", "W", 7),  # 2CX-1 not vulnerable: 100 to NS
            res(1, 9, 10, "3nt x", "S", 10),  # 3NTX+1: 200 + 300 + 50 + 100
            res(1, 11, 12, "6♦**", "N", 12),  # 6DXX=: 480 + 300 + 500 + 100
            res(1, 13, 14, "4s*", "W", 8),  # 4SX-2 not vulnerable: 100 + 200
            res(1, 15, 16, "4 H X X", "E", 11),  # 4HXX+1: 480 + 300 + 100 + 200
            res(1, 17, 18, "５♣", "S", 11),  # full-width 5: 5C=: 100 + 300
            res(1, 19, 20, "1方塊", "E", 7),  # 1D=: 20 + 50
            res(1, 21, 22, "2红心", "N", 8),  # 2H=: 60 + 50
            res(1, 23, 24, "1♠", "N", 9),  # 1S+2: 30 + 50 + 60
        ),
        [],
        rows={
            "Travellers": [
                {"Board": 1, "NS": "1", "Contract": "4S", "Declarer": "N", "Tricks": 10, "NS Score": 420},
                {"NS": "3", "Contract": "3NT", "Declarer": "S", "NS Score": 400, "EW Score": -400},
                {"NS": "5", "Contract": "4H", "Declarer": "E", "NS Score": -420},
                {"NS": "7", "Contract": "2CX", "Declarer": "W", "Tricks": 7, "NS Score": 100},
                {"NS": "9", "Contract": "3NTX", "NS Score": 650},
                {"NS": "11", "Contract": "6DXX", "NS Score": 1380},
                {"NS": "13", "Contract": "4SX", "NS Score": 300},
                {"NS": "15", "Contract": "4HXX", "NS Score": -1080},
                {"NS": "17", "Contract": "5C", "NS Score": 400},
                {"NS": "19", "Contract": "1D", "NS Score": -70},
                {"NS": "21", "Contract": "2H", "NS Score": 110},
                {"NS": "23", "Contract": "1S", "NS Score": 140},
            ]
        },
        counts={"Travellers": 12, "Standings": 24},
    ),
    Case(
        "declarer_spellings",
        event(
            res(1, 1, 2, "4S", "north", 10),
            res(1, 3, 4, "3NT", "南", 9),
            res(1, 5, 6, "4H", "East", 10),
            res(1, 7, 8, "2S", "w", 8),
            res(1, 9, 10, "1NT", "西", 7),
        ),
        [],
        rows={
            "Travellers": [
                {"NS": "1", "Declarer": "N", "NS Score": 420},
                {"NS": "3", "Declarer": "S", "NS Score": 400},
                {"NS": "5", "Declarer": "E", "NS Score": -420},
                {"NS": "7", "Declarer": "W", "NS Score": -110},
                {"NS": "9", "Declarer": "W", "NS Score": -90},
            ]
        },
    ),
    Case(
        "passed_out_spellings",
        event(
            res(1, 1, 2, "1NT", "N", 7),  # +90 beats the four passes: 8 of 8
            res(1, 3, 4, "PASS"),
            res(1, 5, 6, "p"),
            res(1, 7, 8, "AP"),
            res(1, 9, 10, "all pass"),
        ),
        [],
        rows={
            "Travellers": [
                {"NS": "1", "Contract": "1NT", "NS Score": 90, "NS MP": 8, "EW MP": 0, "Top": 8},
                {"NS": "3", "Contract": "PASS", "NS Score": 0, "NS MP": 3, "EW MP": 5},
                {"NS": "5", "Contract": "PASS", "NS Score": 0, "NS MP": 3},
                {"NS": "7", "Contract": "PASS", "NS Score": 0, "NS MP": 3},
                {"NS": "9", "Contract": "PASS", "NS Score": 0, "NS MP": 3},
            ],
            "Frequencies": [
                {"Board": 1, "NS Score": 0, "Count": 4},
                {"Board": 1, "NS Score": 90, "Count": 1},
            ],
        },
    ),
    Case(
        "result_column_instead_of_tricks",
        {
            "Results": (
                ["Board", "NS", "EW", "Contract", "Declarer", "Result"],
                [  # board 4: both sides vulnerable
                    [4, 1, 2, "3NT", "N", "+1"],  # 100 + 500 + 30
                    [4, 3, 4, "4S", "E", "-2"],  # 2 x 100 to NS
                    [4, 5, 6, "2H", "S", "="],  # 60 + 50
                    [4, 7, 8, "5DX", "W", "-3"],  # 200 + 300 + 300 to NS
                    [4, 9, 10, "6NT", "N", "made"],  # 190 + 500 + 750
                    [4, 11, 12, "3C", "S", "\u22121"],  # a typographic minus: 100 to EW
                ],
            )
        },
        [],
        rows={
            "Travellers": [
                {"Board": 4, "NS": "1", "Tricks": 10, "NS Score": 630},
                {"NS": "3", "Tricks": 8, "NS Score": 200},
                {"NS": "5", "Tricks": 8, "NS Score": 110},
                {"NS": "7", "Contract": "5DX", "Tricks": 8, "NS Score": 800},
                {"NS": "9", "Tricks": 12, "NS Score": 1440},
                {"NS": "11", "Tricks": 8, "NS Score": -100},
            ]
        },
    ),
    Case(
        "vul_override_and_board_cycle",
        event(
            res(1, 1, 2, "3NT", "N", 9, vul="All"),  # board 1 is none by the cycle; All: 100 + 500
            res(1, 3, 4, "3NT", "N", 9),  # the cycle: 100 + 300
            res(1, 5, 6, "4S", "E", 8, vul="ew"),  # EW vulnerable, two down: 200 to NS
            res(1, 7, 8, "4SX", "E", 8, vul="Both"),  # vulnerable doubled, two down: 200 + 300
            res(1, 9, 10, "1NT", "N", 6, vul="n-s"),  # NS vulnerable, one down: -100
            res(1, 11, 12, "4S", "N", 10, vul="NS", score=620),  # the Score agrees with the Vul cell
            res(17, 1, 2, "4H", "S", 10),  # board 17 = board 1: none
            res(20, 1, 2, "4H", "S", 10),  # board 20 = board 4: all
            res(16, 1, 2, "4H", "W", 10),  # board 16: EW
            res(13, 1, 2, "4S", "N", 9),  # board 13: all, one down
            res(4, 1, 2, "3NT", "N", 9, vul="None"),  # board 4 is all by the cycle; None: 100 + 300
        ),
        [],
        rows={
            "Travellers": [
                {"Board": 1, "NS": "1", "NS Score": 600},
                {"Board": 1, "NS": "3", "NS Score": 400},
                {"Board": 1, "NS": "5", "NS Score": 200},
                {"Board": 1, "NS": "7", "NS Score": 500},
                {"Board": 1, "NS": "9", "NS Score": -100},
                {"Board": 1, "NS": "11", "NS Score": 620},
                {"Board": 17, "NS": "1", "NS Score": 420},
                {"Board": 20, "NS": "1", "NS Score": 620},
                {"Board": 16, "NS": "1", "NS Score": -620},
                {"Board": 13, "NS": "1", "NS Score": -100},
                {"Board": 4, "NS": "1", "NS Score": 400},
            ]
        },
    ),
    Case(
        "typed_score_only_without_contract_column",
        {
            "Results": (
                ["Board", "NS", "EW", "Score"],
                [[2, 1, 2, 620], [2, 3, 4, -100], [2, 5, 6, 0], [2, 7, 8, "-110"]],
            )
        },
        [],
        rows={
            "Travellers": [
                {"Board": 2, "NS": "1", "Contract": "", "NS Score": 620, "NS MP": 6, "Top": 6},
                {"NS": "3", "NS Score": -100, "NS MP": 2, "EW MP": 4},
                {"NS": "5", "NS Score": 0, "NS MP": 4},
                {"NS": "7", "NS Score": -110, "NS MP": 0, "EW MP": 6},
            ]
        },
    ),
    Case(
        "score_typed_beside_an_agreeing_contract",
        event(
            res(1, 1, 2, "4S", "N", 10, score="+420"),
            res(1, 3, 4, "PASS", score=0),
            res(1, 5, 6, "3NT", "W", 9, score=-400),
        ),
        [],
        rows={
            "Travellers": [
                {"NS": "1", "NS Score": 420},
                {"NS": "3", "NS Score": 0},
                {"NS": "5", "NS Score": -400},
            ]
        },
    ),
    Case(
        "not_played_rows_are_dropped_and_averages_scored",
        event(
            res(1, 1, 2, "4S", "N", 10),  # +420
            res(1, 3, 4, adjusted="NP"),  # dropped
            res(1, 5, 6, "4S", "N", 9),  # -50
            res(1, 7, 8, adjusted="A+/A-"),  # 60 % of the top 2 x (4 - 1) = 6
            res(1, 9, 10, adjusted="60/40"),
        ),
        [],
        rows={
            "Travellers": [
                # two real results where four are expected: Neuberg (MP + 1) x 4 / 2 - 1
                {"NS": "1", "NS Score": 420, "NS MP": 5, "EW MP": 1, "Top": 6},
                {"NS": "5", "NS Score": -50, "NS MP": 1, "EW MP": 5},
                {"NS": "7", "Contract": "A+/A-", "NS MP": 3.6, "EW MP": 2.4, "NS %": 60, "EW %": 40},
                {"NS": "9", "Contract": "60/40", "NS MP": 3.6, "EW MP": 2.4},
            ],
            "Standings": [{"Pair": "1", "MP": 5, "Top": 6, "Percent": 83.33}],
        },
        counts={"Travellers": 4},
    ),
    Case(
        "forgiving_headers_sheet_names_and_setting_words",
        {
            "RESULTS": (
                [" BOARD ", "ns", "Ew", "CONTRACT", "declarer ", "tricks"],
                [[1, 1, 2, "4S", "N", 10], [1, 3, 4, "4S", "N", 11]],
            ),
            "settings": ([" key ", "VALUE"], [["SCORING", " cross imp "]]),
        },
        [],
        rows={
            "Travellers": [
                {"NS": "1", "NS Score": 420, "NS IMPs": -1, "EW IMPs": 1},  # 420 against 450: 30 = 1 IMP
                {"NS": "3", "NS Score": 450, "NS IMPs": 1, "EW IMPs": -1},
            ],
            "Rules": [{"Item": "Scoring", "Value": "Cross-IMP"}],
        },
    ),
    Case(
        "averages_at_cross_imp",
        event(
            res(1, 1, 2, "4S", "N", 10),
            res(1, 3, 4, "4S", "N", 11),
            res(1, 5, 6, adjusted="A+/A-"),
            res(1, 7, 8, adjusted="a / a"),
            Settings=settings(("Scoring", "Cross-IMP")),
        ),
        [],
        rows={
            "Travellers": [
                {"NS": "5", "NS IMPs": 3, "EW IMPs": -3},
                {"NS": "7", "NS IMPs": 0, "EW IMPs": 0},
                {"NS": "3", "NS IMPs": 1},
            ],
            "Standings": [{"Pair": "5", "IMPs": 3}, {"Pair": "6", "IMPs": -3}],
        },
    ),
    Case(
        "total_points",
        event(
            res(1, 1, 2, "4S", "N", 10),  # +420
            res(2, 1, 2, "3NT", "E", 9),  # board 2, EW not vulnerable: -400
            Settings=settings(("Scoring", "TP")),
        ),
        [],
        # pair 1 always NS and pair 2 always EW: two fields of one pair each, both first
        rows={
            "Standings": [
                {"Rank": 1, "Field": "NS", "Pair": "1", "Total": 20},
                {"Rank": 1, "Field": "EW", "Pair": "2", "Total": -20},
            ]
        },
    ),
    Case(
        "same_board_in_two_sections",
        {
            "Results": (
                ["Section", "Board", "NS", "EW", "Contract", "Declarer", "Tricks"],
                [
                    ["A", 1, 1, 2, "4S", "N", 10],
                    ["A", 1, 3, 4, "4S", "N", 11],
                    ["B", 1, 1, 2, "4S", "N", 9],
                    ["B", 1, 3, 4, "4S", "N", 10],
                ],
            )
        },
        [],
        rows={
            "Travellers": [
                {"Section": "A", "Board": 1, "NS": "3", "NS Score": 450, "NS MP": 2, "Top": 2},
                {"Section": "B", "Board": 1, "NS": "3", "NS Score": 420, "NS MP": 2},
                {"Section": "B", "Board": 1, "NS": "1", "NS Score": -50, "NS MP": 0},
            ]
        },
    ),
    Case(
        "mp_scale_1",
        event(
            res(1, 1, 2, "4S", "N", 10),  # 420: beats 400
            res(1, 3, 4, "4S", "N", 11),  # 450: beats both
            res(1, 5, 6, "3NT", "N", 9),  # 400
            Settings=settings(("MP Scale", 1)),
        ),
        [],
        rows={
            "Travellers": [
                {"NS": "1", "NS MP": 1, "EW MP": 1, "Top": 2},
                {"NS": "3", "NS MP": 2, "EW MP": 0, "Top": 2},
                {"NS": "5", "NS MP": 0, "EW MP": 2, "Top": 2},
            ]
        },
    ),
    Case(
        "butler_drop_0_with_an_average_minus",
        event(
            res(1, 1, 2, "4S", "N", 10),  # 420 - 270 = 150: 4 IMPs
            res(1, 3, 4, "4S", "N", 9),  # -50 - 270 = -320: -8 IMPs
            res(1, 5, 6, adjusted="A-/A+"),  # -3 / +3, left out of the datum
            res(1, 7, 8, "4S", "N", 11),  # 450 - 270 = 180: 5 IMPs
            Settings=settings(("Scoring", "Butler"), ("Butler Drop", 0)),
        ),
        [],
        rows={
            "Travellers": [  # datum: (420 - 50 + 450) / 3 = 273.3, to the nearest 10
                {"NS": "1", "Datum": 270, "NS IMPs": 4, "EW IMPs": -4},
                {"NS": "3", "Datum": 270, "NS IMPs": -8},
                {"NS": "5", "NS IMPs": -3, "EW IMPs": 3},
                {"NS": "7", "Datum": 270, "NS IMPs": 5},
            ]
        },
    ),
    Case(
        "same_board_in_two_sessions",
        {
            "Results": (
                ["Session", "Board", "NS", "EW", "Contract", "Declarer", "Tricks"],
                [
                    [1, 1, 1, 2, "4S", "N", 10],
                    [1, 1, 3, 4, "4S", "N", 9],
                    [2, 1, 1, 2, "4S", "N", 9],
                    [2, 1, 3, 4, "4S", "N", 10],
                ],
            )
        },
        [],
        rows={
            "Travellers": [
                {"Session": "1", "NS": "1", "NS Score": 420, "NS MP": 2},
                {"Session": "2", "NS": "1", "NS Score": -50, "NS MP": 0},
                {"Session": "2", "NS": "3", "NS Score": 420, "NS MP": 2},
            ]
        },
    ),
    Case(
        "teams_without_victory_points",
        teams_event(OPEN, CLOSED, Settings=settings(("Scoring", "Teams"), ("VP Scale", "none"))),
        [],
        rows={
            "Matches": [{"Match": "1", "Home IMPs": 10, "Away IMPs": 0, "Home VPs": None, "Away VPs": None}],
            "Standings": [
                {"Rank": 1, "Team": "Lions", "IMPs": 10},
                {"Rank": 4, "Team": "Tigers", "IMPs": -10},
            ],
        },
    ),
    Case(
        "teams_event_scored",
        teams_event(
            OPEN,  # match 1 board 1: +420 Open, -50 Closed: 470 = 10 IMPs to the home team
            CLOSED,
            room(1, "open", 2, "3NT", "S", 9),  # board 2, NS vulnerable: 600
            room(1, " CLOSED ", 2, "3NT", "N", 10),  # 630: 30 = 1 IMP to the away team
            room(2, "Open", 1, "1NT", "W", 7),  # -90
            room(2, "Closed", 1, "2S", "E", 8),  # -110: 20 = 1 IMP to the home team
            Teams=(TEAMS_HEADER, [["Lions", "a"], ["Tigers", "b"], ["Bears", "c"], ["Wolves", "d"]]),
        ),
        [],
        rows={
            "Travellers": [
                {"Match": "1", "Room": "Open", "Board": 1, "NS Score": 420, "NS IMPs": 10, "EW IMPs": -10},
                {"Match": "1", "Room": "Closed", "Board": 1, "NS Score": -50, "NS IMPs": -10},
                {"Match": "1", "Room": "Closed", "Board": 2, "NS Score": 630, "NS IMPs": 1},
            ],
            "Board IMPs": [
                {"Match": "1", "Board": 1, "Home IMPs": 10, "Away IMPs": -10},
                {"Match": "1", "Board": 2, "Home IMPs": -1, "Away IMPs": 1},
                {"Match": "2", "Board": 1, "Home IMPs": 1, "Away IMPs": -1},
            ],
            "Matches": [
                # WBF: margin 9 over 2 boards = 16.00 - 4.00; margin 1 over 1 board = 11.20 - 8.80
                {
                    "Match": "1",
                    "Home": "Lions",
                    "Away": "Tigers",
                    "Boards": 2,
                    "Home IMPs": 10,
                    "Away IMPs": 1,
                    "Home VPs": 16,
                    "Away VPs": 4,
                },  # fmt: skip
                {
                    "Match": "2",
                    "Home": "Bears",
                    "Away": "Wolves",
                    "Boards": 1,
                    "Home IMPs": 1,
                    "Away IMPs": 0,
                    "Home VPs": 11.2,
                    "Away VPs": 8.8,
                },  # fmt: skip
            ],
            "Standings": [
                {"Rank": 1, "Team": "Lions", "IMPs": 9, "VPs": 16},
                {"Rank": 2, "Team": "Bears", "IMPs": 1, "VPs": 11.2},
                {"Rank": 3, "Team": "Wolves", "IMPs": -1, "VPs": 8.8},
                {"Rank": 4, "Team": "Tigers", "IMPs": -9, "VPs": 4},
            ],
        },
        counts={"Travellers": 6, "Board IMPs": 3},
    ),
    Case(
        "teams_board_not_played_in_either_room",
        teams_event(
            OPEN,
            CLOSED,
            room(1, "Open", 2, adjusted="NP"),  # both dropped: board 2 is not compared
            room(1, "Closed", 2, adjusted=" n/p "),
        ),
        [],
        rows={"Board IMPs": [{"Match": "1", "Board": 1, "Home IMPs": 10}]},
        counts={"Board IMPs": 1},
    ),
    Case(
        "impossible_score_is_only_a_warning",
        event(
            res(2, 1, 2, score=420),  # board 2: NS vulnerable, 4S= would be 620
            res(2, 3, 4, "4S", "N", 10),
        ),
        [E("B115", "Results", 2, "Score", value="420")],
        rows={
            "Travellers": [{"Board": 2, "NS": "1", "NS Score": 420}, {"Board": 2, "NS": "3", "NS Score": 620}]
        },
    ),
    Case(
        "impossible_scores_on_the_vul_cell_and_for_ew",
        event(
            res(1, 1, 2, vul="NS", score=420),  # the Vul cell makes NS vulnerable
            res(3, 1, 2, score=-420),  # board 3: EW vulnerable, 4S= by EW would be -620
            res(3, 3, 4, score=-620),  # possible
        ),
        [
            E("B115", "Results", 2, "Score", value="420"),
            E("B115", "Results", 3, "Score", value="-420"),
        ],
        rows={"Travellers": [{"Board": 3, "NS": "1", "NS Score": -420}]},
    ),
    Case(
        "unknown_setting_is_only_a_warning",
        event(OK, res(1, 3, 4, "4S", "N", 11), Settings=settings(("Event", "Club night"), ("Colour", "red"))),
        [E("S102", "Settings", 3, "Key", value="Colour")],
        rows={"Rules": [{"Item": "Event", "Value": "Club night"}, {"Item": "Scoring", "Value": "MP"}]},
    ),
    Case(  # Spanish strains, doubles and seats; a result against the contract in its cell or in Tricks
        "spanish_contracts_and_results_in_one_cell",
        event(
            res(1, 1, 2, "4P=", "N"),  # 4S= by N: 120 + 300
            res(1, 3, 4, "3SA+1S"),  # 3NT+1 by S: 100 + 300 + 30
            res(1, 5, 6, "4C X-1", "O"),  # corazones: 4HX-1 by W, not vulnerable: 100 to NS
            res(1, 7, 8, "O 2T="),  # tréboles: 2C= by W: 40 + 50 to EW
            res(1, 9, 10, "4 黑桃 加倍 -2", "E"),  # 4SX-2 by E: 100 + 200 to NS
            res(1, 11, 12, "2P", "Sur", "+1"),  # 2S+1 by S: 60 + 50 + 30
            res(1, 13, 14, "1D Redoblado", "Norte", 7),  # 1DXX= by N: 80 + 50 + 100
        ),
        [E("B201", "Results", 4, "Contract", value="4C X-1")],
        rows={
            "Travellers": [
                {"NS": "1", "Contract": "4S", "Declarer": "N", "Tricks": 10, "NS Score": 420},
                {"NS": "3", "Contract": "3NT", "Declarer": "S", "Tricks": 10, "NS Score": 430},
                {"NS": "5", "Contract": "4HX", "Declarer": "W", "Tricks": 9, "NS Score": 100},
                {"NS": "7", "Contract": "2C", "Declarer": "W", "Tricks": 8, "NS Score": -90},
                {"NS": "9", "Contract": "4SX", "Declarer": "E", "Tricks": 8, "NS Score": 300},
                {"NS": "11", "Contract": "2S", "Declarer": "S", "Tricks": 9, "NS Score": 140},
                {"NS": "13", "Contract": "1DXX", "Declarer": "N", "Tricks": 7, "NS Score": 230},
            ]
        },
    ),
    Case(  # the one-cell forms in English; Tricks as =, +1, -2
        "english_contracts_and_results_in_one_cell",
        event(
            res(1, 1, 2, "4S=N"),  # 420
            res(1, 3, 4, "N 3NT+1"),  # 100 + 300 + 30
            res(1, 5, 6, "4♠X-1", "E"),  # 100 to NS
            res(1, 7, 8, "6HXX=", "S"),  # 720 + 300 + 500 + 100
            res(1, 9, 10, "4H", "W", "="),  # 420 to EW
            res(1, 11, 12, "3NT", "N", "-2"),  # 100 to EW
            res(1, 13, 14, "1C", "N", 8),  # English here (S, H, NT): 1C+1: 20 + 50 + 20
        ),
        [],
        rows={
            "Travellers": [
                {"NS": "1", "Contract": "4S", "Declarer": "N", "Tricks": 10, "NS Score": 420},
                {"NS": "3", "Contract": "3NT", "Declarer": "N", "Tricks": 10, "NS Score": 430},
                {"NS": "5", "Contract": "4SX", "Declarer": "E", "Tricks": 9, "NS Score": 100},
                {"NS": "7", "Contract": "6HXX", "Declarer": "S", "Tricks": 12, "NS Score": 1620},
                {"NS": "9", "Contract": "4H", "Declarer": "W", "Tricks": 10, "NS Score": -420},
                {"NS": "11", "Contract": "3NT", "Declarer": "N", "Tricks": 7, "NS Score": -100},
                {"NS": "13", "Contract": "1C", "Declarer": "N", "Tricks": 8, "NS Score": 90},
            ]
        },
    ),
    Case(  # names for ids, matched ignoring case, accents and spacing
        "pair_names_for_ids",
        event(
            res(1, "Ana García & Luis Pérez", "bob & carol", "4S", "N", 10),  # 420
            res(2, " ANA GARCIA & LUIS PEREZ", 2, "4S", "N", 9),  # 4S-1 by N, board 2 NS vulnerable: -100
            Pairs=(PAIRS_HEADER, [[1, "Ana Garcia & Luis Perez"], [2, "Bob & Carol"]]),
        ),
        [E("W141", "Results", 2, "NS", value="Ana García & Luis Pérez")],
        rows={
            "Travellers": [
                {"Board": 1, "NS": "1", "EW": "2", "NS Score": 420},
                {"Board": 2, "NS": "1", "EW": "2", "NS Score": -100},
            ]
        },
    ),
]
