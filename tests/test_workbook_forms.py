"""The workbooks handed out to be filled in: entry cells, data validation, protection, table cards, templates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games.bridge.settings import setting_specs
from pipeline.games.bridge.template import SHEETS as BRIDGE_SHEETS
from pipeline.games.domino.settings import SETTINGS as DOMINO_SETTINGS
from pipeline.games.domino.template import SHEETS as DOMINO_SHEETS
from pipeline.games.template import game_template

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


# ---------------------------------------------------------------- templates: an example must never count

DATA_SHEETS = {
    "domino": ["Matches", "Players", "Penalties", "Settings", "Corrections"],
    "bridge": ["Results", "Pairs", "Settings", "Corrections"],
}
# the Settings rows a template writes: each value is what tally uses when the key is left out
DEFAULT_SETTINGS = {
    "domino": [("Mode", "points"), ("Podium", 3), ("Correction Minutes", 30)],
    "bridge": [
        ("Scoring", "MP"),
        ("MP Scale", 2),
        ("Neuberg", "yes"),
        ("Butler Drop", 1),
        ("VP Scale", "WBF"),
        ("Correction Minutes", 30),
    ],
}


def template(game: str, folder: Path) -> Path:
    out = folder / f"blank-{game}.xlsx"
    run("template", game, "-o", out)
    return out


def cells_below_header(ws) -> list[object]:
    return [c.value for row in ws.iter_rows(min_row=2) for c in row if c.value is not None]


def example_blocks(path: Path) -> dict[str, tuple[list[object], list[list[object]]]]:
    """The Examples sheet read back: sheet -> (its headers, its example rows)."""
    rows = [list(r) for r in load_workbook(path)["Examples"].iter_rows(min_row=3, values_only=True)]
    blocks: dict[str, tuple[list[object], list[list[object]]]] = {}
    current = None
    for row in rows:
        if row[0] is not None:  # a block starts with the sheet's name and its headers
            current = str(row[0])
            blocks[current] = ([v for v in row[1:] if v is not None], [])
        elif any(v is not None for v in row) and current is not None:
            blocks[current][1].append(row[1 : 1 + len(blocks[current][0])])
    return blocks


DOMINO_NOTES = game_template(DOMINO_SHEETS, DOMINO_SETTINGS, "").notes
BRIDGE_NOTES = game_template(BRIDGE_SHEETS, setting_specs(), "").notes


@pytest.mark.parametrize(("game", "notes"), [("domino", DOMINO_NOTES), ("bridge", BRIDGE_NOTES)])
def test_a_template_has_headers_only_with_notes_and_examples_apart(
    game: str, notes: dict, tmp_path: Path
) -> None:
    out = template(game, tmp_path)
    book = load_workbook(out)
    assert book.sheetnames == [*notes, "Notes", "Examples"]
    assert list(notes) == DATA_SHEETS[game]
    for sheet, columns in notes.items():
        assert [c.value for c in book[sheet][1]] == [c for c, _, _ in columns]
    noted = {(r[0], r[1]) for r in book["Notes"].iter_rows(min_row=2, values_only=True)}
    assert noted == {(sheet, c) for sheet, columns in notes.items() for c, _, _ in columns}
    for sheet in DATA_SHEETS[game]:  # no example value in any sheet tally reads
        if sheet != "Settings":
            assert cells_below_header(book[sheet]) == [], sheet
    settings = [tuple(r) for r in book["Settings"].iter_rows(min_row=2, values_only=True)]
    assert settings == DEFAULT_SETTINGS[game]
    blocks = example_blocks(out)
    assert list(blocks) == DATA_SHEETS[game]  # every sheet has its example block, headers as on the sheet
    for sheet, columns in notes.items():
        assert blocks[sheet][0] == [c for c, _, _ in columns]
        assert blocks[sheet][1], f"{sheet} has no example row"


@pytest.mark.parametrize(
    ("game", "located"),
    [
        ("domino", "Matches, row 2: no matches to score: type one row per match below the headers"),
        ("bridge", "Results, row 2: no results to score: type one row per table result below the headers"),
    ],
)
def test_an_untouched_template_is_refused_with_a_located_message(
    game: str, located: str, tmp_path: Path
) -> None:
    out = template(game, tmp_path)
    result = RUNNER.invoke(app, [game, "standings", str(out), "-o", str(tmp_path / "standings.xlsx")])
    assert result.exit_code == 1, result.output
    assert located in result.stderr
    assert not (tmp_path / "standings.xlsx").exists()


@pytest.mark.parametrize(("game", "sheet"), [("domino", "Matches"), ("bridge", "Results")])
def test_validate_on_an_untouched_template_reports_the_one_problem(
    game: str, sheet: str, tmp_path: Path
) -> None:
    out = template(game, tmp_path)
    result = RUNNER.invoke(app, ["validate", str(out), "--json"])
    assert result.exit_code == 1, result.output
    [record] = json.loads(result.stdout)
    assert (record["code"], record["sheet"], record["row"], record["column"], record["severity"]) == (
        "W111",
        sheet,
        2,
        None,
        "error",
    )


def fill(path: Path, sheet: str, rows: list[list[object]]) -> None:
    """Type rows into a sheet of the workbook, below its header."""
    book = load_workbook(path)
    ws = book[sheet]
    for r, row in enumerate(rows, start=2):
        for c, value in enumerate(row, start=1):
            ws.cell(r, c).value = value
    book.save(path)


def standing_points(path: Path, noun: str) -> dict[object, object]:
    """Competitor -> Points of the Standings, the competitor headed `noun` (Pair in a pairs event, else Player)."""
    rows = table_rows(load_workbook(path)["Standings"])
    head = list(rows[0])
    return {r[head.index(noun)]: r[head.index("Points")] for r in rows[1:]}


def test_a_domino_template_filled_in_scores_normally(tmp_path: Path) -> None:
    out = template("domino", tmp_path)
    # two matches, pairs events (A2, B2 blank): Q1 wins with the loser on 30 (<= 50): 2 points; Q3 wins with
    # the loser on 60 (> 50): 1 point; losers 0
    fill(out, "Matches", [[1, 1, "Q1", None, "Q2", None, 100, 30], [1, 2, "Q3", None, "Q4", None, 100, 60]])
    fill(out, "Players", [["Q1", "Uma"], ["Q2", "Vic"], ["Q3", "Wes"], ["Q4", "Xia"]])
    scored = tmp_path / "standings.xlsx"
    result = RUNNER.invoke(app, ["domino", "standings", str(out), "-o", str(scored)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert standing_points(scored, "Pair") == {"Q1": 2, "Q3": 1, "Q2": 0, "Q4": 0}
    values = {str(v) for ws in load_workbook(scored) for row in ws.iter_rows(values_only=True) for v in row}
    assert not values & {"P1", "Ana Ruiz", "Club night"}  # nothing of the Examples sheet is read


def test_the_default_settings_of_a_template_change_no_result(tmp_path: Path) -> None:
    out = template("domino", tmp_path)
    fill(out, "Matches", [[1, 1, "Q1", None, "Q2", None, 100, 30], [1, 2, "Q3", None, "Q4", None, 100, 60]])
    bare = tmp_path / "bare.xlsx"
    book = load_workbook(out)
    del book["Settings"]
    book.save(bare)
    with_defaults, without = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    assert RUNNER.invoke(app, ["domino", "standings", str(out), "-o", str(with_defaults)]).exit_code == 0
    assert RUNNER.invoke(app, ["domino", "standings", str(bare), "-o", str(without)]).exit_code == 0
    for sheet in ("Standings", "Matches", "Rounds", "Winners"):
        first = table_rows(load_workbook(with_defaults)[sheet])  # the title block names the file
        second = table_rows(load_workbook(without)[sheet])
        assert first == second, sheet


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("game", ["domino", "bridge"])
def test_the_examples_copied_into_their_sheets_score(game: str, tmp_path: Path) -> None:
    out = template(game, tmp_path)
    for sheet, (_, rows) in example_blocks(out).items():
        fill(out, sheet, rows)
    scored = tmp_path / "standings.xlsx"
    result = RUNNER.invoke(app, [game, "standings", str(out), "-o", str(scored)])
    assert result.exit_code == 0, result.output
    log = table_rows(load_workbook(scored)["Corrections"])[1:]
    assert [r[-2] for r in log] == ["applied"]  # submitted 21:25, published 21:00: 25:00, inside 30 minutes
    if game == "domino":
        # P1+P2 beat P3+P4 100 to 45 (the correction: B Pips 40 -> 45; 45 <= 50): 2 points each
        assert standing_points(scored, "Player") == {"P1": 2, "P2": 2, "P3": 0, "P4": 0}
    else:
        # 4S by N with 11 tricks (the correction: Tricks 10 -> 11), board 1, nobody vulnerable: 450
        travellers = table_rows(load_workbook(scored)["Travellers"])
        head = list(travellers[0])
        assert [r[head.index("NS Score")] for r in travellers[1:]] == [450]


def test_the_bridge_template_validates_results_entry_beyond_the_example(tmp_path: Path) -> None:
    out = tmp_path / "blank.xlsx"
    run("template", "bridge", "-o", out)
    found = rules(load_workbook(out)["Results"])
    declarer, room = found["G2:G1002"], found["E2:E1002"]
    assert (declarer.type, declarer.formula1) == ("list", '"N,E,S,W"')
    assert (room.type, room.formula1) == ("list", '"Open,Closed"')  # the Room list the teams schedule has


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
