"""Names typed for ids (both games) and a workbook of the other game given to a game's command."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from corpus.common import write_case

from pipeline import api
from pipeline.games.checks import MISSING_COLUMN
from pipeline.games.names import close_matches, ids_for_names
from pipeline.problems import InputError

IDS = pd.Series(["1", "2", "3", "4"], dtype="str")
NAMES = pd.Series(["Ana García & Luis Pérez", "Bob & Carol", "Dan & Eve", "dan  &  eve"], dtype="str")


def test_a_listed_name_is_read_as_its_id_ignoring_case_accents_and_spacing() -> None:
    cells = pd.Series(["ANA GARCIA & LUIS PEREZ", "bob&carol", "2", "Zoe"], dtype="str")
    got, read, twice = ids_for_names(cells, IDS, NAMES)
    assert got.tolist() == ["1", "2", "2", "Zoe"]
    assert read.tolist() == [True, True, False, False]
    assert not twice.any()


def test_a_name_two_entries_share_is_not_read() -> None:
    got, read, twice = ids_for_names(pd.Series(["Dan & Eve"], dtype="str"), IDS, NAMES)
    assert got.tolist() == ["Dan & Eve"] and not read.any() and twice.tolist() == [True]


def test_an_id_is_never_read_as_a_name() -> None:
    names = pd.Series(["2", "Bob"], dtype="str")  # pair 1 is called "2"
    got, read, _ = ids_for_names(pd.Series(["2"], dtype="str"), pd.Series(["1", "2"], dtype="str"), names)
    assert got.tolist() == ["2"] and not read.any()


def test_close_matches_name_the_nearest_listed_entries() -> None:
    said = close_matches(pd.Series(["Bob & Karol", "qqqq"], dtype="str"), IDS, NAMES)
    assert "'Bob & Carol'" in said.iloc[0] and said.iloc[1] == ""


def problems_of(tmp_path: Path, tables: dict) -> list[tuple[str, str, int | None, str | None]]:
    """validate's problems of the workbook: (code, sheet, row, column)."""
    report = api.validate(write_case(tmp_path, tables))
    return [(p.code, p.sheet, p.row, p.column) for p in report.problems]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_bridge_pairs_named_in_results_are_scored_as_their_ids(tmp_path: Path) -> None:
    tables = {
        "Results": (
            ["Board", "NS", "EW", "Contract", "Declarer", "Tricks"],
            [[1, "Ana Garcia & Luis Perez", "bob & carol", "4S", "N", 10], [1, 3, 4, "4S", "N", 9]],
        ),
        "Pairs": (
            ["Pair", "Names"],
            [[1, "Ana García & Luis Pérez"], [2, "Bob & Carol"], [3, "C"], [4, "D"]],
        ),
    }
    assert problems_of(tmp_path, tables) == [("W141", "Results", 2, "NS")]
    standings = api.standings(write_case(tmp_path, tables))
    assert {p.code for p in standings.warnings} == {"W141"}


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_domino_players_named_in_matches(tmp_path: Path) -> None:
    header = ["Round", "Table", "A1", "B1", "A Pips", "B Pips"]
    tables = {
        "Matches": (header, [[1, 1, "José Pérez", "p2", 100, 0], [2, 1, "p2", "Jose  perez", 100, 0]]),
        "Players": (["ID", "Name"], [["p1", "Jose Perez"], ["p2", "Beto"], ["p3", "Ana"], ["p4", "ANA"]]),
    }
    assert problems_of(tmp_path, tables) == [("W141", "Matches", 2, "A1")]
    tables["Matches"][1].append([3, 1, "ana", "p2", 100, 0])
    assert ("W142", "Matches", 4, "A1") in problems_of(tmp_path, tables)
    assert not [p for p in problems_of(tmp_path, tables) if p[0] == "D104"]  # one problem for the cell


@pytest.mark.parametrize(
    ("game", "tables", "other"),
    [
        (
            "bridge",
            {"Matches": (["Round", "Table", "A1", "B1", "A Pips", "B Pips"], [[1, 1, "p1", "p2", 100, 0]])},
            "domino",
        ),
        (
            "domino",
            {
                "Results": (
                    ["Board", "NS", "EW", "Contract", "Declarer", "Tricks"],
                    [[1, 1, 2, "4S", "N", 10]],
                )
            },
            "bridge",
        ),
    ],
)
def test_the_other_games_workbook_gets_one_problem_naming_its_command(
    tmp_path: Path, game: str, tables: dict, other: str
) -> None:
    path = write_case(tmp_path, tables)
    with pytest.raises(InputError) as caught:
        api.standings(path, game=game)
    problems = caught.value.problems
    assert [p.code for p in problems] == ["W140"]
    assert f"tally {other} standings" in problems[0].problem


def test_a_workbook_of_this_game_lacking_a_column_keeps_its_missing_column(tmp_path: Path) -> None:
    tables = {"Results": (["Board", "NS", "Contract", "Declarer", "Tricks"], [[1, 1, "4S", "N", 10]])}
    assert problems_of(tmp_path, tables) == [(MISSING_COLUMN.code, "Results", 1, "EW")]
