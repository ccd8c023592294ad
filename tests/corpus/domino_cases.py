"""Bad (and a few forgiving) domino workbooks, built in Python and written to xlsx at test time.

Each case is the tables an organizer might type, plus the problems tally must report for them: (code, sheet,
Excel row or None, column header as written or None, and the cell text shown), the code as docs/problems.md
lists it. A column naming several cells is written as tally joins them, e.g. "A Pips, B Pips".
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from corpus.common import FILE_NAME, Expected, Table, write_case

MATCH_HEADER = ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Target", "Ended", "Winner"]
PLAYERS_HEADER = ["ID", "Name"]
PENALTIES_HEADER = ["Player", "Pips", "Round", "Reason"]
SETTINGS_HEADER = ["Key", "Value"]
RUN_OUT_HEADER = ["Round", "Table", "A1", "B1", "A Hands", "B Hands"]
GAMES_HEADER = [*MATCH_HEADER, "A Games", "B Games"]  # best of three (Settings Match Format)
CARD_HEADER = [*PENALTIES_HEADER, "Card"]


@dataclass(frozen=True)
class Case:
    """A workbook to write and what tally must say about it."""

    name: str
    tables: dict[str, Table]
    expected: list[Expected]
    blank_rows_above: int = 0  # empty rows above every sheet's header
    raw: bytes | None = None  # write these bytes instead of a workbook
    points: dict[str, int] = field(default_factory=dict)  # accepted cases: Points in the Standings

    def write(self, folder: Path) -> Path:
        """Write the case as `event.xlsx` in the folder; returns its path."""
        return write_case(folder, self.tables, self.blank_rows_above, self.raw)


def match(
    rnd: object,
    table: object,
    a1: object,
    b1: object,
    a_pips: object,
    b_pips: object,
    *,
    a2: object = None,
    b2: object = None,
    target: object = None,
    ended: object = None,
    winner: object = None,
) -> list[object]:
    """A Matches row in MATCH_HEADER order."""
    return [rnd, table, a1, a2, b1, b2, a_pips, b_pips, target, ended, winner]


def event(*rows: list[object], **sheets: Table) -> dict[str, Table]:
    """A workbook: a Matches sheet with these rows, plus other sheets by name."""
    return {"Matches": (MATCH_HEADER, list(rows)), **sheets}


def players(*ids: object) -> Table:
    """A Players sheet listing these ids (names made up)."""
    return PLAYERS_HEADER, [[i, f"Player {i}"] for i in ids]


def settings(*pairs: tuple[object, object]) -> Table:
    """A Settings sheet with these Key/Value rows."""
    return SETTINGS_HEADER, [list(p) for p in pairs]


def _zip_without_workbook() -> bytes:
    """A zip archive that is not an xlsx (as when a .zip or .docx is renamed .xlsx)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("notes.txt", "round 1: p1 beat p2 100-20\n")
    return buffer.getvalue()


OK = match(1, 1, "p1", "p2", 100, 20)
E = Expected

CASES: list[Case] = [
    # ---------------------------------------------------------------- cells of the wrong kind
    Case(
        "text_in_pips",
        event(match(1, 1, "p1", "p2", "12 pips", 20)),
        [E("D119", "Matches", 2, "A Pips", value="12 pips")],
    ),
    Case(
        "negative_pips",
        event(match(1, 1, "p1", "p2", 100, -5)),
        [E("D119", "Matches", 2, "B Pips", value="-5")],
    ),
    Case(
        "blank_pips",
        event(OK, match(1, 2, "p3", "p4", None, 100)),
        [E("D105", "Matches", 3, "A Pips")],
    ),
    # FINDING (issue 14, item 6): a bad Round or Table is reported as D118 ("a match's Target"), not D117
    # ("a Round or Table"): MatchesSheet's Round/Table check and its Target check have the same name, "a
    # whole number from 1 to 10,000", so check_named keeps only the last kind declared for that name
    Case(
        "decimal_round",
        event(match(1.5, 1, "p1", "p2", 100, 20)),
        [E("D118", "Matches", 2, "Round", value="1.5")],
    ),
    Case(
        "text_table",
        event(match(1, "T1", "p1", "p2", 100, 20)),
        [E("D118", "Matches", 2, "Table", value="T1")],
    ),
    Case(
        "target_zero",
        event(match(1, 1, "p1", "p2", 100, 20, target=0)),
        [E("D118", "Matches", 2, "Target", value="0")],
    ),
    Case(
        "blank_a1",
        event(OK, match(1, 2, None, "p4", 100, 20)),
        [E("W103", "Matches", 3, "A1")],
    ),
    Case(
        "text_in_hands_run_out",
        {
            "Matches": (RUN_OUT_HEADER, [[1, 1, "r1", "r2", 4, "two"]]),
            "Settings": settings(("Mode", "run_out"), ("Target", 4)),
        },
        [E("D120", "Matches", 2, "B Hands", value="two")],
    ),
    # ---------------------------------------------------------------- how the match ended
    Case(
        "both_sides_at_target",
        event(match(1, 1, "p1", "p2", 100, 105)),
        [E("D107", "Matches", 2, "A Pips, B Pips", value="100 / 105")],
    ),
    Case(
        "neither_side_at_target",
        event(match(1, 1, "p1", "p2", 60, 50, ended="target")),
        [E("D108", "Matches", 2, "A Pips, B Pips", value="60 / 50")],
    ),
    Case(
        "neither_side_at_row_target",
        event(OK, match(1, 2, "p3", "p4", 150, 90, target=200)),
        [E("D108", "Matches", 3, "A Pips, B Pips")],
    ),
    Case(
        "level_at_time_without_winner",
        event(match(1, 1, "p1", "p2", 50, 50, ended="time")),
        [E("D111", "Matches", 2, "Winner")],
    ),
    Case(
        "time_but_target_reached",
        event(match(1, 1, "p1", "p2", 100, 50, ended="time")),
        [E("D110", "Matches", 2, "A Pips, B Pips")],
    ),
    Case(
        "winner_contradicts_target",
        event(match(1, 1, "p1", "p2", 100, 50, winner="B")),
        [E("D109", "Matches", 2, "Winner", value="B")],
    ),
    Case(
        "winner_contradicts_time",
        event(match(1, 1, "p1", "p2", 60, 50, ended="time", winner="B")),
        [E("D109", "Matches", 2, "Winner", value="B")],
    ),
    Case(
        "forfeit_without_winner_blank_pips",
        event(OK, match(1, 2, "p3", "p4", None, None, ended="forfeit")),
        [E("D112", "Matches", 3, "Winner")],
    ),
    Case(
        "forfeit_without_winner_zero_pips",
        event(match(1, 1, "p1", "p2", 0, 0, ended="forfeit")),
        [E("D112", "Matches", 2, "Winner")],
    ),
    Case(
        "unknown_ended_word",
        event(match(1, 1, "p1", "p2", 100, 20, ended="finished")),
        [E("D121", "Matches", 2, "Ended", value="finished")],
    ),
    Case(
        "winner_c",
        event(match(1, 1, "p1", "p2", 100, 20, winner="C")),
        [E("D122", "Matches", 2, "Winner", value="C")],
    ),
    # ---------------------------------------------------------------- who played where
    Case(
        "duplicate_round_table",
        event(OK, match(1, 2, "p5", "p6", 100, 0), match(1, 1, "p3", "p4", 100, 20)),
        [E("D102", "Matches", 4, "Round, Table", value="1 / 1")],
    ),
    Case(
        "player_at_two_tables",
        event(OK, match(1, 2, "p3", "p1", 100, 20)),
        [E("D103", "Matches", 3, "A1, A2, B1, B2")],
    ),
    Case(
        "same_player_both_sides",
        event(match(1, 1, "p1", "p1", 100, 20)),
        [E("D103", "Matches", 2, "A1, A2, B1, B2")],
    ),
    Case(
        "two_players_against_one",
        event(match(1, 1, "p1", "p2", 100, 20, a2="p3")),
        [E("D101", "Matches", 2, "A2, B2", value="p3 / ")],
    ),
    Case(
        "unknown_player_id",
        event(OK, match(1, 2, "p9", "p3", 100, 20), Players=players("p1", "p2", "p3")),
        [E("D104", "Matches", 3, "A1", value="p9")],
    ),
    Case(
        "duplicate_player_id_7_and_7_0",
        event(
            match(1, 1, 7, 8, 100, 20),
            Players=(PLAYERS_HEADER, [[7, "Ana"], ["7.0", "Beto"], [8, "Ciro"], [7.0, "Dora"]]),
        ),
        [
            E("D114", "Players", 3, "ID", value="7.0"),
            E("D114", "Players", 5, "ID", value="7"),
        ],
    ),
    Case(
        "players_without_id_column",
        event(OK, Players=(["Name"], [["Ana"]])),
        [E("W102", "Players", 1, "ID")],
    ),
    # ---------------------------------------------------------------- penalties
    Case(
        "penalty_zero_pips",
        event(OK, Penalties=(PENALTIES_HEADER, [["p1", 0, 1, "slow play"]])),
        [E("D123", "Penalties", 2, "Pips", value="0")],
    ),
    Case(
        "penalty_pips_text_and_blank_player",
        event(OK, Penalties=(PENALTIES_HEADER, [["p1", "ten", 1, "slow play"], [None, 5, 1, "late"]])),
        [
            E("D123", "Penalties", 2, "Pips", value="ten"),
            E("W103", "Penalties", 3, "Player"),
        ],
    ),
    Case(
        "penalty_unknown_player",
        event(OK, Penalties=(PENALTIES_HEADER, [["p9", 10, 1, "slow play"]])),
        [E("D104", "Penalties", 2, "Player", value="p9")],
    ),
    Case(
        "penalty_unknown_player_with_players_sheet",
        event(OK, Players=players("p1", "p2"), Penalties=(PENALTIES_HEADER, [["p3", 10, 1, "slow play"]])),
        [E("D104", "Penalties", 2, "Player", value="p3")],
    ),
    Case(
        "penalty_round_zero",
        event(OK, Penalties=(PENALTIES_HEADER, [["p1", 10, 0, "slow play"]])),
        [E("D124", "Penalties", 2, "Round", value="0")],
    ),
    # ---------------------------------------------------------------- conventions of associations (settings)
    Case(
        "bye_with_a_score",
        event(OK, match(1, 2, "p3", "BYE", 100, None), Settings=settings(("Bye Credit", "50%"))),
        [E("D130", "Matches", 3, "A Pips", value="100")],
    ),
    Case(
        "bye_in_a1",
        event(OK, match(1, 2, "Descanso", "p3", 0, 100)),
        [E("D131", "Matches", 3, "A1", value="Descanso")],
    ),
    Case(
        "bye_row_seating_side_b",
        event(OK, match(1, 2, "p3", "轮空", None, None, b2="p4")),
        [E("D131", "Matches", 3, "B2", value="p4")],
    ),
    Case(
        "card_without_its_pips",
        event(OK, Penalties=(CARD_HEADER, [["p1", None, 1, "talking", "yellow"]])),
        [E("D132", "Penalties", 2, "Card", value="yellow")],
    ),
    Case(
        "card_of_no_colour",
        event(
            OK,
            Penalties=(CARD_HEADER, [["p1", None, 1, "talking", "green"]]),
            Settings=settings(("Yellow Card Pips", 10)),
        ),
        [E("D133", "Penalties", 2, "Card", value="green")],
    ),
    Case(
        "penalty_with_pips_and_card_or_neither",
        event(
            OK,
            Penalties=(CARD_HEADER, [["p1", 10, 1, "talking", "red"], ["p2", None, 1, "late", None]]),
            Settings=settings(("Red Card Pips", 50)),
        ),
        [E("D134", "Penalties", 2, "Pips, Card", value="10 / red"), E("D134", "Penalties", 3, "Pips, Card")],
    ),
    Case(
        "sanction_in_result_without_a_match",
        event(
            OK,
            Penalties=(PENALTIES_HEADER, [["p1", 10, None, "talking"], ["p2", 10, 2, "late"]]),
            Settings=settings(("Sanction", "result")),
        ),
        [E("D135", "Penalties", 2, "Round"), E("D135", "Penalties", 3, "Round", value="2")],
    ),
    Case(
        "games_out_of_range_and_undecided",
        {
            "Matches": (
                GAMES_HEADER,
                [[*match(1, 1, "p1", "p2", 200, 150), 3, 0], [*match(1, 2, "p3", "p4", 150, 150), 1, 1]],
            ),
            "Settings": settings(("Match Format", "best of three")),
        },
        [
            E("D136", "Matches", 2, "A Games", value="3"),
            E("D137", "Matches", 3, "A Games, B Games", value="1 / 1"),
        ],
    ),
    Case(
        "games_in_a_single_game_event",
        {"Matches": (GAMES_HEADER, [[*match(1, 1, "p1", "p2", 100, 20), 2, 1]])},
        [E("D138", "Matches", 2, "A Games, B Games", value="2 / 1")],
    ),
    Case(
        "best_of_three_winner_not_the_two_game_side",
        {
            "Matches": (GAMES_HEADER, [[*match(1, 1, "p1", "p2", 200, 150, winner="B"), 2, 1]]),
            "Settings": settings(("Match Format", "best of three")),
        },
        [E("D109", "Matches", 2, "Winner", value="B")],
    ),
    # ---------------------------------------------------------------- sheets and columns
    Case(
        "missing_matches_sheet",
        {"Results": (MATCH_HEADER, [OK]), "Players": players("p1", "p2")},
        [E("W101", "workbook", None, None)],
    ),
    Case(
        "missing_column_closest_header",
        {"Matches": (["Round", "Table", "A1", "A2", "B1", "B2", "A Pip", "B Pips"], [OK[:8]])},
        [E("W102", "Matches", 1, "A Pips", text="the closest header found is 'A Pip'")],
    ),
    Case(
        "settings_without_key_column",
        event(OK, Settings=(["Setting", "Value"], [["Target", 100]])),
        [E("W102", "Settings", 1, "Key")],
    ),
    # ---------------------------------------------------------------- settings
    Case(
        "settings_bad_target",
        event(OK, Settings=settings(("Target", "2OO"))),
        [E("S105", "Settings", 2, "Value", value="2OO")],
    ),
    Case(
        "settings_bad_mode",
        event(OK, Settings=settings(("Mode", "speed"))),
        [E("S105", "Settings", 2, "Value", value="speed")],
    ),
    Case(
        "settings_bad_target_mode_podium_and_unknown_key",
        event(
            OK,
            Settings=settings(("Target", 0), ("Mode", "fast"), ("Podium", "three"), ("Colour", "red")),
        ),
        [
            E("S105", "Settings", 2, "Value", value="0"),
            E("S105", "Settings", 3, "Value", value="fast"),
            E("S105", "Settings", 4, "Value", value="three"),
            E("S102", "Settings", 5, "Key", value="Colour"),
        ],
    ),
    Case(
        "settings_key_twice",
        event(OK, Settings=settings(("Target", 100), ("Target", 150))),
        [E("S104", "Settings", 3, "Key", value="Target")],
    ),
    # ---------------------------------------------------------------- not a workbook
    Case(
        "text_file_renamed_xlsx",
        {},
        [E("F101", FILE_NAME, None, None, text="is a text file (a CSV?), not an xlsx workbook")],
        raw=b"Round,Table,A1,B1,A Pips,B Pips\n1,1,p1,p2,100,20\n",
    ),
    Case(
        "empty_file",
        {},
        [E("F101", FILE_NAME, None, None, text="is empty (0 bytes), not an xlsx workbook")],
        raw=b"",
    ),
    Case(
        "zip_that_is_not_a_workbook",
        {},
        [
            E(
                "F101",
                FILE_NAME,
                None,
                None,
                text="is a zip archive but not an xlsx workbook (it has no workbook part)",
            )
        ],
        raw=_zip_without_workbook(),
    ),
    # ---------------------------------------------------------------- Excel rows below a late header
    Case(
        "header_in_row_3",
        event(
            match(1, 1, "p1", "p2", 100, 20, ended="finished"),
            match(1, 1, "p3", "p4", 100, 20),
            match(1, 2, "p5", "p6", 100, 100),
            Players=players("p1", "p2", "p3", "p4", "p5", "p6", "p2"),
            Penalties=(PENALTIES_HEADER, [["p1", 5, 1, "ok"], ["p2", 0, 1, "zero"]]),
        ),
        [
            E("D121", "Matches", 4, "Ended", value="finished"),
            E("D102", "Matches", 5, "Round, Table"),
            E("D107", "Matches", 6, "A Pips, B Pips"),
            E("D114", "Players", 10, "ID", value="p2"),
            E("D123", "Penalties", 5, "Pips", value="0"),
        ],
        blank_rows_above=2,
    ),
    # ---------------------------------------------------------------- everything at once
    Case(
        "many_errors_at_once",
        event(
            OK,  # row 2
            match(1, 1, "p3", "p4", 100, 20),  # 3: round 1 table 1 again
            match(1, 2, "p1", "p5", 100, 20),  # 4: p1 already plays in round 1
            match(2, 1, "p9", "p2", 100, 20),  # 5: p9 not listed
            match(2, 2, "p3", "p4", 100, 105),  # 6: both at the target
            match(2, 3, "p5", "p6", 50, 50, ended="time"),  # 7: level, no winner
            match(3, 1, "p1", "p2", 100, 50, winner="C"),  # 8: winner C
            match(3, 2, "p3", "p5", 100, 0, a2="p4"),  # 9: two against one
            match(1.5, 3, "p6", "p5", 100, 30),  # 10: decimal round
            match(4, 1, "p1", "p2", 80, 70, ended="finished"),  # 11: unknown ending
            match(4, 2, "p3", "p4", 60, 50, ended="time", winner="B"),  # 12: winner has fewer pips
            Players=players("p1", "p2", "p3", "p4", "p5", "p6", "p1"),
            Penalties=(PENALTIES_HEADER, [["p1", 0, 1, "zero"], ["p8", 5, 1, "who"], ["p2", 5, 0, "when"]]),
        ),
        [
            E("D102", "Matches", 3, "Round, Table"),
            E("D103", "Matches", 4, "A1, A2, B1, B2"),
            E("D104", "Matches", 5, "A1", value="p9"),
            E("D107", "Matches", 6, "A Pips, B Pips"),
            E("D111", "Matches", 7, "Winner"),
            E("D122", "Matches", 8, "Winner", value="C"),
            E("D101", "Matches", 9, "A2, B2"),
            E("D118", "Matches", 10, "Round", value="1.5"),
            E("D121", "Matches", 11, "Ended", value="finished"),
            E("D109", "Matches", 12, "Winner", value="B"),
            E("D114", "Players", 8, "ID", value="p1"),
            E("D123", "Penalties", 2, "Pips", value="0"),
            E("D104", "Penalties", 3, "Player", value="p8"),
            E("D124", "Penalties", 4, "Round", value="0"),
        ],
    ),
    Case(  # a name two players share
        "player_name_listed_twice",
        event(
            match(1, 1, "Ana", "p3", 100, 0),
            Players=(PLAYERS_HEADER, [["p1", "Ana"], ["p2", "ANA"], ["p3", "Beto"]]),
        ),
        [E("W142", "Matches", 2, "A1", value="Ana")],
    ),
    Case(  # a bridge Results sheet under the name Matches
        "a_bridge_workbook",
        {"Matches": (["Board", "NS", "EW", "Contract", "Declarer", "Tricks"], [[1, 1, 2, "4S", "N", 10]])},
        [E("W140", "workbook", None, None)],
    ),
]

# Workbooks typed loosely but correctly: tally must score them (exit 0), reporting only the warnings.
ACCEPTED: list[Case] = [
    Case(
        "bye_without_a_credit_scores_nothing",
        event(OK, match(1, 2, "p3", "BYE", None, None)),
        [E("D139", "Matches", 3, None)],
        points={"p1": 2, "p2": 0, "p3": 0},
    ),
    Case(
        "bye_credit_and_best_of_three_in_spanish",
        {
            "Partidas": (
                GAMES_HEADER,
                [[*match(1, 1, "p1", "p2", 200, 150), 2, 1], match(1, 2, "p3", "Descanso", None, None)],
            ),
            "Ajustes": settings(("Crédito por descanso", "50 %"), ("Formato de partida", "al mejor de tres")),
        },
        [],
        points={"p1": 2, "p2": 0, "p3": 2},  # 2-1 in games gives 2; the bye is won 50-50: 2
    ),
    Case(
        "forgiving_headers_and_sheet_name",
        {
            "MATCHES": (
                [" ROUND ", "table", "a1", "A2", "b1", "B2", "a_pips", "B_PIPS", " Ended ", "WINNER"],
                [[1, 1, "p1", None, "p2", None, 100, 0, None, None], [1, 2, "p3", None, "p4", None, 40, 100]],
            )
        },
        [],
        points={"p1": 3, "p2": 0, "p3": 0, "p4": 2},
    ),
    Case(
        "ids_as_numbers_and_text",
        event(match(1, 1, " 7 ", 8.0, 100, 0), Players=(PLAYERS_HEADER, [[7, "Ana"], ["8", "Beto"]])),
        [],
        points={"7": 3, "8": 0},
    ),
    Case(
        "keywords_in_any_case",
        event(match(1, 1, "p1", "p2", 50, 50, ended=" TIME ", winner="b")),
        [],
        points={"p1": 0, "p2": 2},
    ),
    Case(
        "unknown_setting_is_only_a_warning",
        event(OK, Settings=settings(("Event", "Club night"), ("Colour", "red"))),
        [E("S102", "Settings", 3, "Key", value="Colour")],
        points={"p1": 2, "p2": 0},
    ),
    Case(
        "forfeit_with_blank_pips",
        event(match(1, 1, "p1", "p2", None, None, ended="forfeit", winner="A")),
        [],
        points={"p1": 3, "p2": 0},
    ),
    Case(
        "blank_line_between_rounds",
        event(OK, [None] * len(MATCH_HEADER), match(2, 1, "p2", "p1", 0, 100)),
        [E("W107", "Matches", 3, None)],
        points={"p1": 5, "p2": 0},
    ),
    Case(  # names for ids, matched ignoring case, accents and spacing
        "player_names_for_ids",
        event(
            match(1, 1, "josé  pérez", "p2", 100, 0),
            Players=(PLAYERS_HEADER, [["p1", "Jose Perez"], ["p2", "Beto"]]),
        ),
        [E("W141", "Matches", 2, "A1", value="josé  pérez")],
        points={"p1": 3, "p2": 0},
    ),
]
