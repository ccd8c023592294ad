"""Bad workbooks: every problem in one run, located (sheet, Excel row, column, value), exit 1, no output."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import codes_in
from corpus.common import matching, printed
from corpus.domino_cases import (
    ACCEPTED,
    CASES,
    FILE_NAME,
    MATCH_HEADER,
    RUN_OUT_HEADER,
    Case,
    Expected,
    event,
    match,
    players,
    settings,
)
from openpyxl import load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games.registry import GAMES
from pipeline.games.scoring import recognised_event
from pipeline.problems import InputError, Problem
from pipeline.workbook import read_workbook

OUT_NAME = "standings.xlsx"


def run_standings(path: Path, *extra: str):
    """`tally domino standings PATH -o <folder>/standings.xlsx`."""
    return CliRunner().invoke(
        app, ["domino", "standings", str(path), "-o", str(path.parent / OUT_NAME), *extra]
    )


def standings_points(path: Path) -> dict[str, int]:
    """Competitor (headed Player, or Pair in a pairs event) -> Points from the Standings sheet of a written
    workbook."""
    ws = load_workbook(path, read_only=True)["Standings"]
    rows = table_rows(ws)
    header = list(rows[0])
    player = header.index("Pair" if "Pair" in header else "Player")
    points = header.index("Points")
    return {str(r[player]): r[points] for r in rows[1:]}


def test_the_corpus_is_large_and_names_are_unique():
    names = [c.name for c in CASES + ACCEPTED]
    assert len(CASES) >= 30
    assert len(names) == len(set(names))
    assert all(c.expected for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_cli_reports_every_problem_and_writes_nothing(case: Case, tmp_path: Path):
    path = case.write(tmp_path)
    result = run_standings(path)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    codes = codes_in(result.stderr)
    assert "X002" not in codes and codes, result.stderr  # problems, not an internal error
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]  # no output, no temporary file
    missing = [e.shown for e in case.expected if not printed(result.stderr, e)]
    assert missing == [], result.stderr


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_input_error_carries_located_problems(case: Case, tmp_path: Path):
    path = case.write(tmp_path)
    with pytest.raises(InputError) as caught:
        recognised_event(read_workbook(path).sheets, GAMES["domino"])  # the load, as the CLI runs it
    problems = caught.value.problems
    assert all(isinstance(p, Problem) for p in problems)
    missing = [e for e in case.expected if not matching(problems, e)]
    assert missing == [], "\n".join(map(str, problems))
    assert caught.value.errors, "an InputError must carry at least one error"


@pytest.mark.parametrize("case", ACCEPTED, ids=lambda c: c.name)
def test_loosely_typed_but_correct_workbooks_are_scored(case: Case, tmp_path: Path):
    path = case.write(tmp_path)
    result = run_standings(path)
    assert result.exit_code == 0, result.output
    assert f"wrote {tmp_path / OUT_NAME}" in result.stdout
    assert (tmp_path / OUT_NAME).exists()
    missing = [e.shown for e in case.expected if not printed(result.stderr, e)]
    assert missing == [], result.stderr
    assert codes_in(result.stderr) == [e.code for e in case.expected], result.stderr
    if not case.expected:
        assert result.stderr == ""
    points = standings_points(tmp_path / OUT_NAME)
    assert {p: points.get(p) for p in case.points} == case.points


def test_the_many_errors_case_reports_each_row_of_matches(tmp_path: Path):
    case = next(c for c in CASES if c.name == "many_errors_at_once")
    result = run_standings(case.write(tmp_path))
    assert result.exit_code == 1
    for row in range(3, 13):  # every Matches row but the first has something wrong
        assert f"Matches, row {row}, column" in result.stderr, row


def test_more_than_twenty_problems_show_twenty_and_the_count(tmp_path: Path):
    rows = [match(r, 1, f"a{r}", f"b{r}", 100, 20, ended="finished") for r in range(1, 26)]
    case = Case("twenty_five_bad_endings", event(*rows), [])
    result = run_standings(case.write(tmp_path))
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["D121"] * 20
    assert printed(result.stderr, Expected("D121", "Matches", 21, "Ended", value="finished"))
    assert not printed(result.stderr, Expected("D121", "Matches", 22, "Ended", value="finished"))
    # the wording: how many there are in all, and how to see every one
    assert (
        "... and 5 more: 25 error(s) and 0 warning(s) in all (add --all to list every one)" in result.stderr
    )


def test_more_than_twenty_problems_are_all_reported_with_all(tmp_path: Path):
    """Every problem is found in one run; --all lists every one on the terminal."""
    rows = [match(r, 1, f"a{r}", f"b{r}", 100, 20, ended="finished") for r in range(1, 26)]
    case = Case("twenty_five_bad_endings", event(*rows), [])
    result = run_standings(case.write(tmp_path), "--all")
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["D121"] * 25
    unreported = [
        row
        for row in range(2, 27)
        if not printed(result.stderr, Expected("D121", "Matches", row, "Ended", value="finished"))
    ]
    assert unreported == [], result.stderr


def test_excel_rows_follow_the_header_when_it_is_not_in_row_1(tmp_path: Path):
    case = Case(
        "header_in_row_4",
        event(match(1, 1, "p1", "p2", 100, 20), match(1, 1, "p3", "p4", 100, 20, winner="C")),
        [],
        blank_rows_above=3,
    )
    path = case.write(tmp_path)
    sheet = read_workbook(path).sheets["matches"]
    assert sheet.header_row == 4
    assert list(sheet.frame.index) == [5, 6]
    result = run_standings(path)
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["D122", "D102"]
    # the row the message names is an Excel row too
    assert printed(result.stderr, Expected("D102", "Matches", 6, "Round, Table", "1 / 1", "at row 5"))
    assert printed(result.stderr, Expected("D122", "Matches", 6, "Winner", "C"))


def test_missing_matches_sheet_lists_the_sheets_found(tmp_path: Path):
    case = Case("no_matches", {"Hoja1": (MATCH_HEADER, []), "Hoja2": players("p1")}, [])
    result = run_standings(case.write(tmp_path))
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["W101"]
    # the wording: which sheet is missing and which sheets there are
    assert "missing required sheet 'Matches' (sheets found: 'Hoja1', 'Hoja2')" in result.stderr


def test_missing_column_names_the_header_and_all_headers_found(tmp_path: Path):
    header = ["Round", "Table", "A1", "B1", "A Pips", "B Pip"]  # BPips is B Pips, spaces aside (issue 17)
    case = Case("b_pips_typo", {"Matches": (header, [[1, 1, "p1", "p2", 100, 20]])}, [])
    result = run_standings(case.write(tmp_path))
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["W102"]
    assert (  # the wording: the closest header, and every header found
        "[W102] Matches, row 1, column 'B Pips': missing required column 'B Pips'; the closest header found is "
        "'B Pip' (headers found: 'Round', 'Table', 'A1', 'B1', 'A Pips', 'B Pip')"
    ) in result.stderr


def test_run_out_event_with_no_target_anywhere_is_a_located_problem(tmp_path: Path):
    """Mode run_out has no default target: a blank Target column must be reported, not crash."""
    header = [*RUN_OUT_HEADER, "Target"]
    case = Case(
        "run_out_blank_target",
        {"Matches": (header, [[1, 1, "r1", "r2", 4, 1, None]]), "Settings": settings(("Mode", "run_out"))},
        [],
    )
    result = run_standings(case.write(tmp_path))
    assert result.exit_code == 1, result.output
    assert codes_in(result.stderr) == ["D106"]
    assert printed(result.stderr, Expected("D106", "Matches", 2, "Target"))
    assert not (tmp_path / OUT_NAME).exists()


def test_empty_matches_sheet_scores_an_empty_event(tmp_path: Path):
    """Only headers in Matches (before round 1): today tally writes standings of the listed players at 0."""
    case = Case("headers_only", event(Players=players("p1", "p2")), [])
    result = run_standings(case.write(tmp_path))
    assert result.exit_code == 0, result.output
    assert standings_points(tmp_path / OUT_NAME) == {"p1": 0, "p2": 0}
