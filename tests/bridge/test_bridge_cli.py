"""`tally bridge standings` on the bundled bridge samples: exit codes, messages and the workbook it writes."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from conftest import SAMPLES, codes_in
from corpus.common import Expected, printed
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from tables import header_row, table_rows
from typer.testing import CliRunner

from pipeline.cli import app

BRIDGE_SAMPLES = sorted(SAMPLES.glob("bridge_*.xlsx"))
PAIRS_SHEETS = ["Standings", "Travellers", "Frequencies", "Scorecards", "Progress", "Rules"]  # the samples
TEAMS_SHEETS = ["Standings", "Travellers", "Matches", "Board IMPs", "Progress", "Rules"]
# Headers whose cells are numbers wherever they are not blank (ids such as Pair, NS, Match stay text).
NUMERIC = {"Rank", "Boards", "Matches", "MP", "Top", "Percent", "IMPs", "VPs", "Total", "Board", "Tricks",
           "NS Score", "EW Score", "NS MP", "EW MP", "NS %", "EW %", "NS IMPs", "EW IMPs", "Datum", "Count",
           "Score", "Result", "Round", "Home IMPs", "Away IMPs", "Home VPs", "Away VPs"}  # fmt: skip


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_sample(sample: Path, folder: Path) -> Path:
    target = folder / sample.name
    shutil.copyfile(sample, target)
    return target


def expected_sheets(sample: Path) -> list[str]:
    return TEAMS_SHEETS if "teams" in sample.name else PAIRS_SHEETS


def scored(sample: Path, folder: Path) -> Path:
    """The standings workbook of a sample, written in the folder."""
    out = folder / f"{sample.stem}-out.xlsx"
    result = invoke("bridge", "standings", str(copy_sample(sample, folder)), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def table(path: Path, sheet: str) -> list[dict[str, object]]:
    """The data rows of an output sheet as dicts by header."""
    rows = table_rows(load_workbook(path, read_only=True)[sheet])
    header = [str(h) for h in rows[0]]
    return [dict(zip(header, r, strict=True)) for r in rows[1:]]


def test_there_are_four_bridge_samples():
    assert [p.name for p in BRIDGE_SAMPLES] == [
        "bridge_club_mp.xlsx",
        "bridge_imp_pairs_butler.xlsx",
        "bridge_imp_pairs_cross.xlsx",
        "bridge_teams.xlsx",
    ]


# ---------------------------------------------------------------- the workbook written


@pytest.mark.parametrize("sample", BRIDGE_SAMPLES, ids=lambda p: p.stem)
def test_each_sample_writes_a_formatted_standings_workbook(sample: Path, tmp_path: Path):
    source = copy_sample(sample, tmp_path)
    before = digest(source)
    result = invoke("bridge", "standings", str(source))
    expected = tmp_path / f"{sample.stem}-standings.xlsx"
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {expected}\n"
    assert result.stderr == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([source.name, expected.name])
    assert digest(source) == before

    book = load_workbook(expected)
    assert book.sheetnames == expected_sheets(sample)
    for ws in book.worksheets:
        top = header_row(ws)
        last = f"{get_column_letter(ws.max_column)}{max(ws.max_row, top + 1)}"
        assert ws.freeze_panes == f"A{top + 1}", ws.title
        assert ws.auto_filter.ref == f"A{top}:{last}", ws.title
        assert all(cell.font.bold for cell in ws[top]), ws.title
        assert ws.max_row >= top + 1, f"{ws.title} has no rows"


@pytest.mark.parametrize("sample", BRIDGE_SAMPLES, ids=lambda p: p.stem)
def test_numbers_are_written_as_numbers(sample: Path, tmp_path: Path):
    book = load_workbook(scored(sample, tmp_path))
    for ws in book.worksheets:
        top = header_row(ws)
        header = [c.value for c in ws[top]]
        numeric = [i for i, h in enumerate(header) if h in NUMERIC]
        if ws.title != "Rules":
            assert numeric, f"{ws.title}: no numeric column in {header}"
        for i in numeric:
            cells = [row[i] for row in ws.iter_rows(min_row=top + 1) if row[i].value is not None]
            assert cells, f"{ws.title}: column {header[i]} is empty"
            text = [c.value for c in cells if c.data_type != "n" or not isinstance(c.value, int | float)]
            assert text == [], f"{ws.title}: column {header[i]} holds text {text[:5]}"


@pytest.mark.parametrize("sample", BRIDGE_SAMPLES, ids=lambda p: p.stem)
def test_running_twice_gives_byte_identical_output(sample: Path, tmp_path: Path):
    source = copy_sample(sample, tmp_path)
    first, second = tmp_path / "first.xlsx", tmp_path / "second.xlsx"
    assert invoke("bridge", "standings", str(source), "-o", str(first)).exit_code == 0
    assert invoke("bridge", "standings", str(source), "-o", str(second)).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    again = invoke("bridge", "standings", str(source), "-o", str(first))
    assert again.exit_code == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("sample", BRIDGE_SAMPLES, ids=lambda p: p.stem)
def test_rules_sheet_names_the_event_and_the_method(sample: Path, tmp_path: Path):
    rules = {r["Item"]: r["Value"] for r in table(scored(sample, tmp_path), "Rules")}
    event, method = {
        "bridge_club_mp": ("Tuesday pairs", "MP"),
        "bridge_imp_pairs_butler": ("IMP pairs (Butler)", "Butler"),
        "bridge_imp_pairs_cross": ("IMP pairs (Cross-IMP)", "Cross-IMP"),
        "bridge_teams": ("Winter teams", "Teams"),
    }[sample.stem]
    assert rules["Event"] == event
    assert rules["Scoring"] == method


# ---------------------------------------------------------------- values worked out by hand


def test_club_mp_sample_travellers_and_standings(tmp_path: Path):
    out = scored(SAMPLES / "bridge_club_mp.xlsx", tmp_path)
    travellers = table(out, "Travellers")
    assert len(travellers) == 50  # 5 rounds x 5 tables x 2 boards
    # round 1 table 1: pair 1 against pair 6, board 1 (nobody vulnerable), 3NT by S making 9: 400
    assert {"Board": 1, "NS": "1", "EW": "6", "Contract": "3NT", "Declarer": "S", "Tricks": 9,
            "NS Score": 400, "EW Score": -400} in [
        {k: r[k] for k in ("Board", "NS", "EW", "Contract", "Declarer", "Tricks", "NS Score", "EW Score")}
        for r in travellers
    ]  # fmt: skip
    # board 5 (NS vulnerable): 2S+1 by E -140, 2S= by E -110, 1NT-1 by W +50, 1NT= by W -90, passed out 0
    board_5 = {r["NS"]: (r["Contract"], r["NS Score"], r["NS MP"]) for r in travellers if r["Board"] == 5}
    assert board_5 == {
        "3": ("2S", -140, 0),
        "4": ("2S", -110, 2),
        "5": ("1NT", 50, 8),
        "1": ("1NT", -90, 4),
        "2": ("PASS", 0, 6),
    }
    for r in travellers:
        assert r["Top"] == 8
        assert r["NS MP"] + r["EW MP"] == pytest.approx(8), r
    standings = table(out, "Standings")
    assert sorted(r["Pair"] for r in standings) == sorted(str(p) for p in range(1, 11))
    # NS 1-5 and EW 6-10 kept their directions (a Mitchell, no arrow switch): two fields, NS first
    assert [r["Field"] for r in standings] == ["NS"] * 5 + ["EW"] * 5
    assert {r["Pair"] for r in standings if r["Field"] == "NS"} == {"1", "2", "3", "4", "5"}
    for field in ("NS", "EW"):
        rows = [r for r in standings if r["Field"] == field]
        percents = [r["Percent"] for r in rows]
        assert percents == sorted(percents, reverse=True)
        assert [r["Rank"] for r in rows] == [1 + sum(p > r["Percent"] for p in percents) for r in rows]
    for r in standings:
        assert (r["Boards"], r["Top"]) == (10, 80), r
        assert r["Percent"] == pytest.approx(100 * r["MP"] / r["Top"], abs=0.006), r
    assert sum(r["MP"] for r in standings) == pytest.approx(50 * 8)
    # board 9 (EW vulnerable) had 4 results and one artificial A+/A- (round 5, table 4: pair 4 against 8):
    # 4S+1 by N 450, 4S= 420, 3NT= by S 400, 4S-1 -50 -> raw MP 6, 4, 2, 0 out of 6; Neuberg to N = 5:
    # (MP + 1) * 5 / 4 - 1 = 7.75, 5.25, 2.75, 0.25 out of 8; A+ = 60 % of 8 = 4.8, A- = 3.2
    board_9 = {r["NS"]: (r["NS Score"], r["NS MP"], r["EW MP"]) for r in travellers if r["Board"] == 9}
    assert board_9 == {
        "5": (450, 7.75, 0.25),
        "2": (420, 5.25, 2.75),
        "3": (400, 2.75, 5.25),
        "1": (-50, 0.25, 7.75),
        "4": (None, 4.8, 3.2),
    }


@pytest.mark.parametrize(
    ("sample", "column", "board_1"),
    [
        # board 1: pair 1 -50 (4S-1), pair 2 +450 (4S+1), pair 3 +300 (5SX-2 by E)
        (
            "bridge_imp_pairs_butler.xlsx",
            "Datum",
            {"1": (-50, -8, 300), "2": (450, 4, 300), "3": (300, 0, 300)},
        ),
        (
            "bridge_imp_pairs_cross.xlsx",
            None,
            {"1": (-50, -9.5, None), "2": (450, 7.5, None), "3": (300, 2, None)},
        ),
    ],
    ids=["butler", "cross_imp"],
)
def test_imp_pairs_samples_board_1(sample: str, column: str | None, board_1: dict, tmp_path: Path):
    """Butler: datum 300 (drop the top and bottom of three); cross-IMPs: (11 + 8) / 2, (11 + 4) / 2, (8 - 4) / 2."""
    travellers = table(scored(SAMPLES / sample, tmp_path), "Travellers")
    rows = {r["NS"]: r for r in travellers if r["Board"] == 1}
    got = {ns: (r["NS Score"], r["NS IMPs"], r[column] if column else None) for ns, r in rows.items()}
    assert got == board_1
    for r in travellers:
        assert r["NS IMPs"] == -r["EW IMPs"], r


def test_teams_sample_match_1(tmp_path: Path):
    """Dragons (home) against Gulls, boards 1-4: +450/-50 = 11, +50/-400 = 10, -50/+140 = -5, 650/650 = 0."""
    out = scored(SAMPLES / "bridge_teams.xlsx", tmp_path)
    board_imps = [
        (r["Board"], r["Home IMPs"], r["Away IMPs"]) for r in table(out, "Board IMPs") if r["Match"] == "1"
    ]
    assert board_imps == [(1, 11, -11), (2, 10, -10), (3, -5, 5), (4, 0, 0)]
    matches = table(out, "Matches")
    # margin 16 over 4 boards (B = 30): 10 + 10 (1 - t^1.6) / (1 - t^3) = 17.03
    assert matches[0] == {
        "Match": "1",
        "Round": 1,
        "Home": "Dragons",
        "Home Names": "Li, Zhang, Wang, Liu",  # the Teams sheet's Names of Dragons and of Gulls
        "Away": "Gulls",
        "Away Names": "Hall, Kerr, Finn, Ray",
        "Boards": 4,
        "Home IMPs": 21,
        "Away IMPs": 5,
        "Home VPs": 17.03,
        "Away VPs": 2.97,
    }
    for m in matches:
        assert m["Home VPs"] + m["Away VPs"] == pytest.approx(20), m
    standings = table(out, "Standings")
    assert sorted(r["Team"] for r in standings) == ["Dragons", "Eagles", "Fjords", "Gulls"]
    assert sum(r["IMPs"] for r in standings) == 0
    assert sum(r["VPs"] for r in standings) == pytest.approx(20 * len(matches))
    assert all(r["Matches"] == 3 and r["Boards"] == 12 for r in standings)


# ---------------------------------------------------------------- help


@pytest.mark.parametrize(
    ("command", "example"),
    [
        (["bridge"], "Example: tally bridge standings club-pairs.xlsx"),
        (
            ["bridge", "standings"],
            "Example: tally bridge standings club-pairs.xlsx -o club-pairs-standings.xlsx",
        ),
    ],
    ids=["tally bridge", "tally bridge standings"],
)
def test_help_shows_an_example(command: list[str], example: str):
    result = invoke(*command, "--help")
    assert result.exit_code == 0
    assert re.search(r"Usage: tally" + "".join(f" {c}" for c in command) + r" \[OPTIONS\]", result.stdout)
    assert example in result.stdout, result.stdout


def test_bridge_without_a_command_shows_the_help():
    result = invoke("bridge")
    assert result.exit_code == 2
    assert "Usage: tally bridge [OPTIONS] COMMAND [ARGS]..." in result.output
    assert "standings" in result.output


# ---------------------------------------------------------------- usage errors (exit 2)


@pytest.mark.parametrize("spelling", ["same", "dot segment", "relative"])
def test_output_equal_to_the_input_exits_2_and_leaves_the_input_untouched(
    spelling: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    source = copy_sample(SAMPLES / "bridge_club_mp.xlsx", tmp_path)
    before = digest(source)
    monkeypatch.chdir(tmp_path)
    out = {"same": str(source), "dot segment": str(tmp_path / "." / source.name), "relative": source.name}
    result = invoke("bridge", "standings", str(source), "-o", out[spelling])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert codes_in(result.stderr) == ["X001"] and source.name in result.stderr
    assert result.stderr.count("\n") == 1
    assert digest(source) == before
    assert [p.name for p in tmp_path.iterdir()] == [source.name]


def test_missing_input_file_exits_2_naming_the_file(tmp_path: Path):
    missing = tmp_path / "tuesday-pairs.xlsx"
    result = invoke("bridge", "standings", str(missing))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error [X001]: {missing}: no such file\n"
    assert list(tmp_path.iterdir()) == []


def test_a_folder_instead_of_a_workbook_exits_2(tmp_path: Path):
    result = invoke("bridge", "standings", str(tmp_path))
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and str(tmp_path) in result.stderr
    assert result.stderr.count("\n") == 1


def test_unknown_option_exits_2():
    result = invoke("bridge", "standings", "--scoring", "mp", "x.xlsx")
    assert result.exit_code == 2
    assert "No such option: --scoring" in result.output


# ---------------------------------------------------------------- other runs


def test_a_domino_workbook_is_not_a_bridge_event(tmp_path: Path):
    source = copy_sample(SAMPLES / "domino_pairs.xlsx", tmp_path)
    result = invoke("bridge", "standings", str(source))
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["W140"]  # one problem naming the command, not the missing sheet
    assert printed(result.stderr, Expected("W140", "workbook", None, None, text="tally domino standings"))
    assert [p.name for p in tmp_path.iterdir()] == [source.name]


def test_output_folder_is_created(tmp_path: Path):
    source = copy_sample(SAMPLES / "bridge_teams.xlsx", tmp_path)
    out = tmp_path / "results" / "winter teams" / "standings.xlsx"
    result = invoke("bridge", "standings", str(source), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}\n"
    assert load_workbook(out).sheetnames == TEAMS_SHEETS


def test_an_existing_output_is_replaced(tmp_path: Path):
    source = copy_sample(SAMPLES / "bridge_club_mp.xlsx", tmp_path)
    out = tmp_path / "standings.xlsx"
    elsewhere = tmp_path.parent / f"{tmp_path.name}-last-week"
    elsewhere.mkdir()
    last_week = copy_sample(SAMPLES / "bridge_teams.xlsx", elsewhere)
    assert invoke("bridge", "standings", str(last_week), "-o", str(out)).exit_code == 0  # tally's own file
    assert load_workbook(out).sheetnames == TEAMS_SHEETS
    result = invoke("bridge", "standings", str(source), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert load_workbook(out).sheetnames == PAIRS_SHEETS
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([source.name, out.name])
