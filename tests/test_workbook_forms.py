"""The workbooks handed out to be filled in: entry cells, data validation, protection, table cards, templates."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.template import BRIDGE_NOTES, DOMINO_NOTES

RUNNER = CliRunner()


def run(*args: object):
    result = RUNNER.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def scheduled(tmp_path: Path) -> Path:
    out = tmp_path / "event.xlsx"
    run("domino", "schedule", "--entrants", "4", "-o", out)
    return out


def rules(ws) -> dict[str, object]:
    """Data-validation rules by the range they cover."""
    return {str(v.sqref): v for v in ws.data_validations.dataValidation}


def test_the_result_cells_are_unlocked_and_shaded_the_schedule_cells_locked(scheduled: Path) -> None:
    ws = load_workbook(scheduled)["Matches"]
    header = [c.value for c in ws[1]]
    assert header == ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Ended", "Winner"]
    assert ws.max_row == 7  # 4 entrants: 3 rounds of 2 tables
    for row in range(2, 8):
        for col in range(1, 7):
            assert ws.cell(row, col).protection.locked
        for col in range(7, 11):
            cell = ws.cell(row, col)
            assert not cell.protection.locked and cell.value is None
            assert cell.fill.fgColor.rgb == "FFE2EFDA"


def test_the_matches_sheet_is_protected_without_a_password_and_filters_still_work(scheduled: Path) -> None:
    ws = load_workbook(scheduled)["Matches"]
    assert ws.protection.sheet
    assert ws.protection.password is None
    assert ws.protection.autoFilter is False and ws.protection.sort is False  # not locked: allowed
    assert ws.auto_filter.ref == "A1:J7"


def test_the_entry_cells_carry_data_validation(scheduled: Path) -> None:
    found = rules(load_workbook(scheduled)["Matches"])
    assert set(found) == {"G2:G7", "H2:H7", "I2:I7", "J2:J7"}
    for ref in ("G2:G7", "H2:H7"):  # pips: 0 to 100,000, the range tally checks
        assert (found[ref].type, found[ref].operator, found[ref].formula1, found[ref].formula2) == (
            "whole",
            "between",
            "0",
            "100000",
        )
    assert (found["I2:I7"].type, found["I2:I7"].formula1) == ("list", '"target,time,forfeit"')
    assert (found["J2:J7"].type, found["J2:J7"].formula1) == ("list", '"A,B"')
    assert all(v.allow_blank and v.showErrorMessage for v in found.values())


def test_table_cards_give_one_block_per_table_and_round_with_every_seat(scheduled: Path) -> None:
    book = load_workbook(scheduled)
    matches = [r for r in book["Matches"].iter_rows(min_row=2, values_only=True)]
    cards = [r for r in book["Table Cards"].iter_rows(min_row=2, values_only=True)]
    titles = [r[0] for r in cards if r[0] and r[0].startswith("Round ")]
    assert titles == [f"Round {m[0]}, Table {m[1]}" for m in matches]
    blocks = [cards[i : i + 5] for i in range(0, len(cards), 5)]  # title, A1, B1, score line, blank
    for match, block in zip(matches, blocks, strict=True):
        assert [(r[1], r[2]) for r in block[1:3]] == [("A1", match[2]), ("B1", match[4])]
        assert block[3][0].startswith("Score:")


def test_the_same_schedule_gives_the_same_bytes(tmp_path: Path) -> None:
    first, second = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    run("domino", "schedule", "--entrants", "9", "-o", first, "--event", "Night")
    run("domino", "schedule", "--entrants", "9", "-o", second, "--event", "Night")
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize(("game", "notes"), [("domino", DOMINO_NOTES), ("bridge", BRIDGE_NOTES)])
def test_a_template_has_every_sheet_header_an_example_and_notes(
    game: str, notes: dict, tmp_path: Path
) -> None:
    out = tmp_path / "blank.xlsx"
    run("template", game, "-o", out)
    book = load_workbook(out)
    assert book.sheetnames == [*notes, "Notes"]
    for sheet, columns in notes.items():
        assert [c.value for c in book[sheet][1]] == [c for c, _, _ in columns]
    noted = {(r[0], r[1]) for r in book["Notes"].iter_rows(min_row=2, values_only=True)}
    assert noted == {(sheet, c) for sheet, columns in notes.items() for c, _, _ in columns}
    data = "Matches" if game == "domino" else "Results"
    assert book[data].max_row == 2  # the header and one example row
    assert book["Corrections"].max_row == 1  # no example correction: one left in would change results


@pytest.mark.parametrize("game", ["domino", "bridge"])
def test_a_template_validates_and_scores_as_it_stands(game: str, tmp_path: Path) -> None:
    out = tmp_path / "blank.xlsx"
    run("template", game, "-o", out)
    assert "no problems found" in run("validate", out).output
    run(game, "standings", out, "-o", tmp_path / "standings.xlsx")


def test_the_bridge_template_validates_results_entry_beyond_the_example(tmp_path: Path) -> None:
    out = tmp_path / "blank.xlsx"
    run("template", "bridge", "-o", out)
    found = rules(load_workbook(out)["Results"])
    declarer = next(v for v in found.values() if v.type == "list")
    assert declarer.formula1 == '"N,E,S,W"' and str(declarer.sqref) == "G2:G1002"


def test_bridge_table_cards_seat_home_ns_in_the_open_room(tmp_path: Path) -> None:
    from openpyxl import Workbook

    teams = tmp_path / "teams.xlsx"
    book = Workbook()
    ws = book.active
    ws.title = "Teams"
    ws.append(["Team", "Names"])
    for team, names in (("T1", "Lions"), ("T2", "Tigers"), ("T3", "Bears")):
        ws.append([team, names])
    book.save(teams)
    out = tmp_path / "league.xlsx"
    run("bridge", "schedule", teams, "-o", out)
    wb = load_workbook(out)
    matches = list(wb["Matches"].iter_rows(min_row=2, values_only=True))
    assert wb["Matches"].protection.sheet
    cards = list(wb["Table Cards"].iter_rows(min_row=2, values_only=True))
    blocks = [cards[i : i + 4] for i in range(0, len(cards), 4)]
    assert len(blocks) == len(matches) == 3  # 3 teams: one match a round, one bye
    for (match, rnd, home, away), block in zip(matches, blocks, strict=True):
        assert block[0][0] == f"Round {rnd}, Match {match}"
        assert block[1][1:3] == ("Open", home) and block[1][4] == away
        assert block[2][1:3] == ("Closed", away) and block[2][4] == home
