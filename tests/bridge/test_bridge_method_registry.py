"""The bridge method registry: a method added from here (nothing under pipeline/ edited) scores a workbook
through `tally bridge standings`, and Settings `Scoring` accepts exactly the registry's words.

The method added is "Boards Won": on each board a pair wins `Board Points` (a setting of its own, 1 unless
given) when its score beats the average score of the field on that board (north-south: its NS score above
the board's average NS score; east-west: below it); a tie with the average wins nothing. It refuses
artificial adjusted scores (a check of its own) and ranks pairs by points won.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from conftest import write_xlsx
from openpyxl import load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games.bridge.load import BridgeEvent
from pipeline.games.bridge.methods import METHODS, Method, Options, register, unregister
from pipeline.games.bridge.tally import BridgeTables, board_groups, pair_tables
from pipeline.games.checks import problems_where
from pipeline.games.settings import SettingSpec, whole_number_in
from pipeline.sheets import Sheet
from schemas.plain import Span

BOARD_POINTS = Span(1, 10)


def boards_won_columns(r: pd.DataFrame, points: int) -> pd.DataFrame:
    """`points` to NS where the NS score is above the board's average, to EW where it is below."""
    average = r["ns_score"].groupby(board_groups(r)).transform("mean")
    ns = r["ns_score"].gt(average).astype("float64") * points
    ew = r["ns_score"].lt(average).astype("float64") * points
    return pd.DataFrame({"ns_value": ns, "ew_value": ew}, index=r.index)


def boards_won_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with the points each side won; pairs ranked by their total."""
    return pair_tables(event, boards_won_columns(event.results, event.settings.options["board_points"]))


def artificial_score_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """Boards won compares real scores only."""
    return [problems_where(sheet, typed["ns_pct"].notna(), "adjusted", "boards won needs a real score")]


def explanation(options: Options) -> str:
    """The Rules sentence."""
    return f"Boards won: {options['board_points']} to a pair for each board its score beats the field average"


BOARDS_WON = Method(
    name="Boards Won",
    aliases=("BW",),
    teams=False,
    tables=boards_won_tables,
    explanation=explanation,
    settings={
        "board_points": SettingSpec(
            "Board Points", whole_number_in(BOARD_POINTS), f"a whole number {BOARD_POINTS.words}", default=1
        )
    },
    problems=artificial_score_problems,
    traveller_columns={"ns_value": "NS Won", "ew_value": "EW Won"},
    standing_columns={"total": "Won"},
    frequency_column="NS Won",
)

RESULT_HEADER = ["Board", "NS", "EW", "Score", "Adjusted"]
# Three tables, pairs 1-3 NS and 4-6 EW, three boards; typed scores only.
RESULTS = [
    [1, 1, 4, 420, None],
    [1, 2, 5, 450, None],
    [1, 3, 6, -50, None],
    [2, 1, 5, 100, None],
    [2, 2, 6, 100, None],
    [2, 3, 4, 100, None],
    [3, 1, 6, -200, None],
    [3, 2, 4, 140, None],
    [3, 3, 5, 110, None],
]
# By hand:
#   board 1: average (420 + 450 - 50) / 3 = 273.3; NS 1 (420) and NS 2 (450) beat it, so does EW 6 (NS -50)
#   board 2: every score is the average 100: nobody wins
#   board 3: average (-200 + 140 + 110) / 3 = 16.7; NS 2 (140) and NS 3 (110) beat it, so does EW 6 (NS -200)
#   won: pair 1: 1 (board 1); pair 2: 2 (boards 1, 3); pair 3: 1 (board 3); pairs 4 and 5: 0; pair 6: 2
# Every pair kept its direction (no Movement given): two fields, each ranked on its own (equal totals share
# the place; then by pair): NS 2 first, 1 and 3 second; EW 6 first, 4 and 5 second.
STANDINGS = [
    (1, "NS", "2", 3, 2),
    (2, "NS", "1", 3, 1),
    (2, "NS", "3", 3, 1),
    (1, "EW", "6", 3, 2),
    (2, "EW", "4", 3, 0),
    (2, "EW", "5", 3, 0),
]


@pytest.fixture
def boards_won() -> Iterator[Method]:
    """The Boards Won method, registered for one test."""
    register(BOARDS_WON)
    try:
        yield BOARDS_WON
    finally:
        unregister(BOARDS_WON)


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def pairs_workbook(path: Path, settings: list[list[object]], results: list[list[object]] = RESULTS) -> Path:
    """A pairs event with the given Settings rows."""
    return write_xlsx(path, {"Settings": (["Key", "Value"], settings), "Results": (RESULT_HEADER, results)})


def teams_workbook(path: Path, settings: list[list[object]]) -> Path:
    """A teams event of one match on one board, with the given Settings rows."""
    return write_xlsx(
        path,
        {
            "Settings": (["Key", "Value"], settings),
            "Matches": (["Match", "Round", "Home", "Away"], [[1, 1, "Lions", "Tigers"]]),
            "Results": (["Match", "Room", "Board", "Score"], [[1, "Open", 1, 420], [1, "Closed", 1, 400]]),
        },
    )


def sheet_rows(path: Path, sheet: str) -> list[tuple]:
    """The data rows of an output sheet."""
    return table_rows(load_workbook(path, read_only=True)[sheet])[1:]


def validation_records(path: Path) -> tuple[int, list[dict]]:
    """The exit code and the records of `tally validate --json`."""
    result = invoke("validate", path, "--json")
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize(("written", "points"), [("Boards Won", 1), ("boards-won", 1), ("BW", 2)])
def test_a_method_added_from_the_tests_scores_through_the_command(
    boards_won: Method, tmp_path: Path, written: str, points: int
) -> None:
    settings = [["Event", "Club night"], ["Scoring", written]] + (
        [["Board Points", points]] if points > 1 else []
    )
    source = pairs_workbook(tmp_path / "won.xlsx", settings)
    out = tmp_path / "won-standings.xlsx"
    result = invoke("bridge", "standings", source, "-o", out)
    assert result.exit_code == 0, result.output
    assert load_workbook(out, read_only=True).sheetnames == [
        "Standings",
        "Travellers",
        "Frequencies",
        "Scorecards",
        "Rules",
    ]
    book = load_workbook(out, read_only=True)
    assert list(table_rows(book["Standings"])[0]) == [
        "Rank",
        "Field",
        "Pair",
        "Names",
        "Boards",
        "Won",
    ]
    assert [(r, f, pair, boards, won) for r, f, pair, _, boards, won in sheet_rows(out, "Standings")] == [
        (rank, field, pair, boards, won * points) for rank, field, pair, boards, won in STANDINGS
    ]
    travellers = pd.DataFrame(sheet_rows(out, "Travellers"), columns=table_rows(book["Travellers"])[0])
    board_1 = travellers[travellers["Board"] == 1]
    assert list(board_1["NS Won"]) == [points, points, 0]
    assert list(board_1["EW Won"]) == [0, 0, points]
    rules = dict(sheet_rows(out, "Rules"))
    assert rules["Scoring"] == "Boards Won"
    assert (
        rules["Method"] == f"Boards won: {points} to a pair for each board its score beats the field average"
    )


def test_a_method_added_from_the_tests_makes_its_own_checks(boards_won: Method, tmp_path: Path) -> None:
    results = [*RESULTS, [4, 1, 4, None, "A+/A-"], [4, 2, 5, 100, None]]
    code, records = validation_records(pairs_workbook(tmp_path / "won.xlsx", [["Scoring", "BW"]], results))
    assert code == 1
    # a check added from outside pipeline/ has no declared kind (declaring one here would put it in KINDS
    # and docs/problems.md), so its problem has no code: the message is what tells it
    assert [(r["code"], r["sheet"], r["row"], r["column"], r["problem"]) for r in records] == [
        ("", "Results", 11, "Adjusted", "boards won needs a real score")
    ]


def test_a_method_added_from_the_tests_owns_its_setting(boards_won: Method, tmp_path: Path) -> None:
    settings = [["Scoring", "Boards Won"], ["Board Points", 11]]
    code, records = validation_records(pairs_workbook(tmp_path / "won.xlsx", settings))
    assert code == 1
    assert [(r["code"], r["sheet"], r["row"], r["column"], r["value"]) for r in records] == [
        ("S105", "Settings", 3, "Value", "11")
    ]


def test_the_known_methods_are_listed_from_the_registry(boards_won: Method, tmp_path: Path) -> None:
    code, records = validation_records(pairs_workbook(tmp_path / "won.xlsx", [["Scoring", "Swiss"]]))
    assert code == 1
    assert [(r["code"], r["sheet"], r["row"], r["value"]) for r in records] == [
        ("S105", "Settings", 2, "Swiss")
    ]
    # the wording: the words Scoring accepts, the added method's among them
    assert [r["problem"] for r in records] == ["expected MP, Cross-IMP, Butler, TP, Teams or Boards Won"]


def test_a_word_another_method_has_is_refused() -> None:
    twin = Method(name="mp", teams=False, tables=boards_won_tables, explanation=explanation)
    with pytest.raises(ValueError, match="already taken by another method: mp"):
        register(twin)
    assert twin not in METHODS


def spellings(name: str) -> list[str]:
    """The method's name as written, in capitals, in lower case with spaces, and with underscores."""
    return [name, name.upper(), name.lower().replace("-", " "), f" {name.replace('-', '_')} "]


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
def test_validate_accepts_every_word_of_the_registry(method: Method, tmp_path: Path) -> None:
    for i, written in enumerate(spellings(method.name)):
        settings = [["Scoring", written]]
        path = tmp_path / f"event-{i}.xlsx"
        source = teams_workbook(path, settings) if method.teams else pairs_workbook(path, settings)
        code, records = validation_records(source)
        assert (code, records) == (0, []), (written, records)


def test_validate_refuses_an_unknown_word_with_the_known_ones(tmp_path: Path) -> None:
    code, records = validation_records(pairs_workbook(tmp_path / "swiss.xlsx", [["Scoring", "Swiss"]]))
    assert code == 1
    listing = ", ".join(m.name for m in METHODS[:-1]) + " or " + METHODS[-1].name
    assert listing == "MP, Cross-IMP, Butler, TP or Teams"
    assert records == [
        {
            "code": "S105",
            "sheet": "Settings",
            "row": 2,
            "column": "Value",
            "value": "Swiss",
            "problem": f"expected {listing}",
            "severity": "error",
        }
    ]
