"""`tally bridge schedule PAIRS.xlsx --movement ...`: the workbook a director fills in for a pairs evening; filled
in with valid results, it scores with `tally bridge standings`."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from openpyxl import Workbook, load_workbook
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.games.bridge.load import LISTED_TWICE
from pipeline.games.bridge.movements import MITCHELL, movement
from pipeline.games.bridge.pairs_schedule import entrant_pairs, pairs_schedule_sheets
from pipeline.games.bridge.settings import bridge_settings
from pipeline.games.bridge.template import bridge_template
from pipeline.games.checks import MISSING_SHEET
from pipeline.problems import InputError, UsageError
from pipeline.workbook import read_workbook


def pairs_book(folder: Path, count: int, ids: list[str] | None = None, sheet: str = "Pairs") -> Path:
    """A workbook with a Pairs sheet of `count` pairs (ids 101, 102, ... unless given)."""
    book = Workbook()
    ws = book.active
    ws.title = sheet
    ws.append(["Pair", "Names"])
    for i, pid in enumerate(ids or [str(101 + i) for i in range(count)]):
        ws.append([pid, f"Player {2 * i + 1} & Player {2 * i + 2}"])
    path = folder / "pairs.xlsx"
    book.save(path)
    return path


def filled(path: Path) -> Path:
    """The written workbook with every Results row filled with a valid result: 3NT by North (South on even
    tables), making 6 to 12 tricks by the board and table."""
    book = load_workbook(path)
    ws = book["Results"]
    headers = {c.value: c.column for c in ws[1]}
    for row in range(2, ws.max_row + 1):  # every written row
        board = ws.cell(row, headers["Board"]).value
        table = ws.cell(row, headers["Table"]).value
        ws.cell(row, headers["Contract"]).value = "3NT"
        ws.cell(row, headers["Declarer"]).value = "S" if table % 2 == 0 else "N"
        ws.cell(row, headers["Tricks"]).value = 6 + (board * 5 + table * 3) % 7
    out = path.with_name("filled.xlsx")
    book.save(out)
    return out


def results_rows(path: Path) -> pd.DataFrame:
    """The written Results sheet as a frame."""
    return pd.read_excel(path, sheet_name="Results", dtype=object)


def test_a_seven_table_mitchell_evening_is_written_filled_and_scored(tmp_path: Path) -> None:
    source = pairs_book(tmp_path, 14)
    written = api.bridge_pairs_schedule(
        source, tmp_path / "evening.xlsx", movement_name="mitchell", arrow_switch=True, boards_per_round=3
    )
    results = results_rows(written)
    # 7 tables x 7 rounds x 3 boards; every result cell empty
    assert len(results) == 147
    assert results[["Contract", "Declarer", "Tricks", "Score", "Adjusted"]].isna().all().all()
    assert sorted(results["Board"].unique()) == list(range(1, 22))
    assert (results.groupby("Board").size() == 7).all()
    settings, problems = bridge_settings(read_workbook(written).get("settings"))
    assert problems.empty and settings.movement == "Mitchell, arrow switch in round 7"
    standings = api.standings(filled(written)).sheets[0].frame
    assert sorted(standings["Pair"]) == [str(101 + i) for i in range(14)]
    assert (standings["Boards"] == 21).all()  # every pair plays 7 rounds of 3 boards


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_seven_table_mitchell_has_two_winners_and_one_with_an_arrow_switch(tmp_path: Path) -> None:
    source = pairs_book(tmp_path, 14)
    plain = api.bridge_pairs_schedule(source, tmp_path / "plain.xlsx", movement_name="mitchell")
    two = api.standings(filled(plain))
    standings = two.sheets[0].frame
    # NS 101-107 and EW 108-114 (the Pairs sheet's order: the first seven sit NS): two fields of seven, each
    # with its own 1st place
    assert list(standings["Field"]) == ["NS"] * 7 + ["EW"] * 7
    assert set(standings.loc[standings["Field"] == "NS", "Pair"]) == {str(101 + i) for i in range(7)}
    assert (standings.groupby("Field")["Rank"].min() == 1).all()
    rules = dict(zip(*[two.sheets[-1].frame[c] for c in two.sheets[-1].frame.columns[:2]], strict=True))
    assert rules["Fields"].startswith("two: North-South and East-West")
    switched = api.bridge_pairs_schedule(
        source, tmp_path / "switched.xlsx", movement_name="mitchell", arrow_switch=True
    )
    one = api.standings(filled(switched)).sheets[0].frame
    # one field: the fourteen pairs ranked together by percentage (1 + how many did better)
    assert "Field" not in one.columns and len(one) == 14
    percents = list(one["Percent"])
    assert list(one["Rank"]) == [1 + sum(p > x for p in percents) for x in percents]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_evening_half_played_is_provisional_with_the_boards_still_to_play(tmp_path: Path) -> None:
    written = api.bridge_pairs_schedule(
        pairs_book(tmp_path, 14), tmp_path / "e.xlsx", movement_name="mitchell"
    )
    book = load_workbook(filled(written))
    ws = book["Results"]
    headers = {c.value: c.column for c in ws[1]}
    for row in range(2, ws.max_row + 1):  # rounds 4 to 7 not yet played: their result cells emptied
        if ws.cell(row, headers["Round"]).value >= 4:
            for name in ("Contract", "Declarer", "Tricks"):
                ws.cell(row, headers[name]).value = None
    half = tmp_path / "half.xlsx"
    book.save(half)
    found = api.standings(half)
    # 7 tables x 4 rounds x 3 boards = 84 boards still to play
    assert found.heading.status == "Provisional - after round 3 of 7; 84 boards still to play"
    assert [w.code for w in found.warnings] == ["B180"]
    assert (found.sheets[0].frame["Boards"] == 9).all()  # three rounds of three boards each
    final = tmp_path / "final.xlsx"
    book = load_workbook(half)
    book["Settings"].append(["Final", "yes"])
    book.save(final)
    with pytest.raises(InputError) as refused:
        api.standings(final)
    assert {p.code for p in refused.value.problems} == {"B113"}
    assert len(refused.value.problems) == 84


def test_an_odd_howell_sits_one_pair_out_each_round_and_scores(tmp_path: Path) -> None:
    source = pairs_book(tmp_path, 7)
    written = api.bridge_pairs_schedule(
        source, tmp_path / "howell.xlsx", movement_name="howell", boards_per_round=2
    )
    results = results_rows(written)
    assert len(results) == 7 * 3 * 2  # 7 rounds, 3 tables in play (the fourth is the sit-out), 2 boards
    ids = {str(101 + i) for i in range(7)}
    assert set(results["NS"].astype(str)) | set(results["EW"].astype(str)) == ids
    standings = api.standings(filled(written)).sheets[0].frame
    assert (standings["Boards"] == 12).all()  # 6 opponents, 2 boards each: one round sat out
    cards = load_workbook(written)["Pair Guides"]
    assert sum(1 for row in cards.iter_rows(values_only=True) if "sits out" in row) == 7


def test_the_results_sheet_has_the_templates_checks_and_the_cards_a_page_each(tmp_path: Path) -> None:
    source = pairs_book(tmp_path, 10)
    sheets = {s.name: s for s in bridge_template()}
    template_checks = {v.column: v for v in sheets["Results"].validations}
    written = api.bridge_pairs_schedule(source, tmp_path / "e.xlsx", movement_name="mitchell")
    book = load_workbook(written)
    ws = book["Results"]
    found = {re.match(r"[A-Z]+", str(dv.sqref)).group() for dv in ws.data_validations.dataValidation}  # type: ignore[union-attr]
    headers = {c.value: c.column_letter for c in ws[1]}
    for column in ("Board", "Declarer", "Tricks"):
        assert column in template_checks and headers[column] in found
    moves = movement(10, MITCHELL)
    written_checks = {
        v.column: v
        for v in pairs_schedule_sheets(entrant_pairs(read_workbook(source).sheets), moves, 3, 1, "e")[
            0
        ].validations
    }
    assert {"Board", "Declarer", "Tricks"} <= set(written_checks)
    assert {c: template_checks[c] for c in written_checks} == written_checks
    assert ws.protection.sheet
    assert len(book["Table Guides"].row_breaks.brk) == 4  # 5 tables: a card a page
    assert len(book["Pair Guides"].row_breaks.brk) == 9
    assert len(book["Traveller Slips"].row_breaks.brk) == 14  # 15 boards


def test_repeated_pair_ids_and_a_missing_pairs_sheet_are_refused_with_codes(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        api.bridge_pairs_schedule(
            pairs_book(tmp_path, 6, ["1", "2", "2", "4", "5", "6"]),
            tmp_path / "x.xlsx",
            movement_name="howell",
        )
    assert [p.code for p in caught.value.problems] == [LISTED_TWICE.code]
    assert caught.value.problems[0].row == 4
    (tmp_path / "pairs.xlsx").unlink()
    with pytest.raises(InputError) as caught:
        api.bridge_pairs_schedule(
            pairs_book(tmp_path, 6, sheet="Players"), tmp_path / "x.xlsx", movement_name="howell"
        )
    assert [p.code for p in caught.value.problems] == [MISSING_SHEET.code]


def test_a_movement_that_does_not_exist_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        api.bridge_pairs_schedule(pairs_book(tmp_path, 18), tmp_path / "x.xlsx", movement_name="howell")


@pytest.mark.parametrize(
    ("count", "options", "code", "words"),
    [
        (18, ["--movement", "howell"], 2, "2 to 8 tables"),
        (4, ["--movement", "mitchell"], 2, "3 to 100 tables"),
        (16, ["--movement", "mitchell", "--even-tables", "relay", "--rounds", "4"], 2, "skip"),
        (12, ["--movement", "howell", "--rounds", "9"], 0, ""),
        (14, ["--movement", "mitchell", "--arrow-switch-round", "5"], 0, ""),
    ],
)
def test_the_command_line(tmp_path: Path, count: int, options: list[str], code: int, words: str) -> None:
    source = pairs_book(tmp_path, count)
    result = CliRunner().invoke(
        app, ["bridge", "schedule", str(source), *options, "-o", str(tmp_path / "e.xlsx")]
    )
    assert result.exit_code == code, result.output
    assert words in result.output
    if code == 0 and "--arrow-switch-round" in options:
        settings, _ = bridge_settings(read_workbook(tmp_path / "e.xlsx").get("settings"))
        assert settings.movement == "Mitchell, arrow switch in round 5"


def test_the_teams_round_robin_still_comes_without_movement(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    ws.title = "Teams"
    ws.append(["Team", "Names"])
    for i in range(4):
        ws.append([f"T{i}", f"Team {i}"])
    book.save(tmp_path / "teams.xlsx")
    result = CliRunner().invoke(
        app, ["bridge", "schedule", str(tmp_path / "teams.xlsx"), "-o", str(tmp_path / "l.xlsx")]
    )
    assert result.exit_code == 0, result.output
    assert "Matches" in load_workbook(tmp_path / "l.xlsx").sheetnames
