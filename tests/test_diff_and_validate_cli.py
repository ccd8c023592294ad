"""`tally diff` (what changed between two standings workbooks) and `tally validate` (every problem, no output).

The diff event is the domino night of test_corrections_cli.py: the "after" workbook differs from the
"before" one in a single result, Round 2 Table 2 B Pips 0 -> 60, worked by hand there: P2's win over P4
is worth 1 point instead of 3, so P1 and P2 swap places.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from conftest import MATCH_HEADER, SAMPLES, codes_in, write_xlsx
from corpus.common import Expected, printed
from openpyxl import load_workbook
from tables import table_rows
from test_corrections_cli import MATCHES, SLIP, SLIP_CHANGES, domino_workbook
from typer.testing import CliRunner

from pipeline.cli import app

PROBLEM_KEYS = {"code", "sheet", "row", "column", "value", "problem", "severity"}
SLIP_LINES = [f"{s}, {k}: {c} {o} -> {n}" for s, k, c, o, n in SLIP_CHANGES]


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def scored(source: Path, out: Path, game: str = "domino") -> Path:
    result = invoke(game, "standings", source, "-o", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def before_after(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Standings of the night as published, and of a copy with Round 2 Table 2 retyped 100-60 (scored once
    per module: no test writes over them)."""
    tmp_path = tmp_path_factory.mktemp("before_after")
    retyped = [*MATCHES[:3], [2, 2, "P2", "P4", 100, 60]]
    before = domino_workbook(tmp_path / "night.xlsx", None)
    after = domino_workbook(tmp_path / "night-retyped.xlsx", None, matches=retyped)
    return scored(before, tmp_path / "before.xlsx"), scored(after, tmp_path / "after.xlsx")


# ---------------------------------------------------------------- tally diff


def test_diff_of_a_workbook_with_itself_has_no_changes(tmp_path: Path):
    standings = scored(
        shutil.copyfile(SAMPLES / "domino_pairs.xlsx", tmp_path / "pairs.xlsx"), tmp_path / "s.xlsx"
    )
    result = invoke("diff", standings, standings)
    assert result.exit_code == 0, result.output
    assert result.stdout == "no changes\n"
    assert result.stderr == ""


def test_diff_of_a_bridge_standings_with_itself_has_no_changes(tmp_path: Path):
    teams = scored(SAMPLES / "bridge_teams.xlsx", tmp_path / "teams.xlsx", "bridge")
    result = invoke("diff", teams, teams)
    assert result.exit_code == 0, result.output
    assert result.stdout == "no changes\n"


def test_diff_lists_every_change_one_per_line(before_after: tuple[Path, Path]):
    before, after = before_after
    result = invoke("diff", before, after)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [*SLIP_LINES, "12 change(s)"]
    assert SLIP_LINES[0] == "Matches, Round 2, Table 2: B Pips 0 -> 60"
    assert SLIP_LINES[4] == "Standings, Pair P3 (Cal): Decided By match points -> points"


def test_diff_the_other_way_round_swaps_old_and_new(before_after: tuple[Path, Path]):
    before, after = before_after
    result = invoke("diff", after, before)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Matches, Round 2, Table 2: B Pips 60 -> 0"
    assert "Standings, Pair P2 (Bea): Rank 3 -> 2" in lines
    assert lines[-1] == "12 change(s)"


def test_diff_json_prints_one_record_per_change(before_after: tuple[Path, Path]):
    before, after = before_after
    result = invoke("diff", before, after, "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found == [
        dict(zip(["Sheet", "Key", "Column", "Old", "New"], c, strict=True)) for c in SLIP_CHANGES
    ]
    assert found[0] == {
        "Sheet": "Matches",
        "Key": "Round 2, Table 2",
        "Column": "B Pips",
        "Old": 0,
        "New": 60,
    }


def test_diff_json_of_identical_workbooks_is_an_empty_list(before_after: tuple[Path, Path]):
    before, _ = before_after
    result = invoke("diff", before, before, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_diff_out_writes_a_changes_sheet(before_after: tuple[Path, Path], tmp_path: Path):
    before, after = before_after
    out = tmp_path / "changes.xlsx"
    result = invoke("diff", before, after, "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "12 change(s)"
    book = load_workbook(out)
    assert book.sheetnames == ["Changes"]
    head, *body = book["Changes"].iter_rows(values_only=True)
    assert head == ("Sheet", "Key", "Column", "Old", "New")
    assert body == SLIP_CHANGES


@pytest.mark.parametrize("which", ["old", "new"])
def test_diff_out_equal_to_an_input_exits_2_and_leaves_it_untouched(
    before_after: tuple[Path, Path], which: str, tmp_path: Path
):
    before = Path(shutil.copyfile(before_after[0], tmp_path / "before.xlsx"))
    after = Path(shutil.copyfile(before_after[1], tmp_path / "after.xlsx"))
    target = before if which == "old" else after
    kept = digest(target)
    result = invoke("diff", before, after, "-o", target)
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and target.name in result.stderr
    assert result.stdout == ""
    assert digest(target) == kept


def test_diff_of_a_workbook_that_is_not_a_standings_workbook_exits_1(before_after: tuple[Path, Path]):
    before, _ = before_after
    results = SAMPLES / "domino_pairs.xlsx"
    result = invoke("diff", results, before)
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["W116"]
    assert printed(result.stderr, Expected("W116", "domino_pairs.xlsx", None, None))
    assert "'Matches'" in result.stderr  # the sheets it does have are named
    assert result.stdout == ""
    other_way = invoke("diff", before, results)
    assert other_way.exit_code == 1
    assert codes_in(other_way.stderr) == ["W116"]


def test_diff_of_a_missing_workbook_exits_2(before_after: tuple[Path, Path], tmp_path: Path):
    before, _ = before_after
    result = invoke("diff", before, tmp_path / "nowhere.xlsx")
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and "nowhere.xlsx" in result.stderr


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_diff_equals_the_changes_sheet_of_the_corrected_run(tmp_path: Path, before_after: tuple[Path, Path]):
    """The same correction, seen twice: the in-run Changes sheet, and `tally diff` of the standings before
    and after it (both the corrected run and a retyped workbook)."""
    before, after = before_after
    corrected = scored(domino_workbook(tmp_path / "corrected.xlsx", [SLIP]), tmp_path / "corrected-s.xlsx")
    in_run = table_rows(load_workbook(corrected)["Changes"])
    for new in (corrected, after):
        out = tmp_path / f"diff-{new.stem}.xlsx"
        result = invoke("diff", before, new, "-o", out)
        assert result.exit_code == 0, result.output
        assert table_rows(load_workbook(out)["Changes"]) == in_run
    assert in_run[1:] == SLIP_CHANGES


# ---------------------------------------------------------------- tally validate


def many_errors(path: Path, count: int, warning: bool = False) -> Path:
    """A domino workbook with `count` errors: one bad Ended cell per match, each in its own round."""
    rows = [[r, 1, "p1", None, "p2", None, 100, 20, None, "finished", None] for r in range(1, count + 1)]
    tables = {"Matches": (MATCH_HEADER, rows)}
    if warning:
        tables["Settings"] = (["Key", "Value"], [["Colour", "red"]])
    return write_xlsx(path, tables)


def test_validate_a_clean_sample_exits_0_with_no_problems_found():
    sample = SAMPLES / "domino_pairs.xlsx"
    result = invoke("validate", sample)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{sample}: domino workbook: no problems found\n"
    assert result.stderr == ""


def test_validate_with_warnings_only_exits_0_and_lists_them(tmp_path: Path):
    source = write_xlsx(
        tmp_path / "night.xlsx",
        {
            "Matches": (MATCH_HEADER, [[1, 1, "p1", None, "p2", None, 100, 20, None, None, None]]),
            "Settings": (["Key", "Value"], [["Colour", "red"]]),
        },
    )
    result = invoke("validate", source)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{source}: domino workbook: 0 error(s), 1 warning(s)\n"
    assert codes_in(result.stderr) == ["S102"]
    assert printed(result.stderr, Expected("S102", "Settings", 2, "Key", "Colour"))


def test_validate_lists_the_warning_of_a_late_correction(tmp_path: Path):
    late = ["2026-11-30 21:45", 1, 1, "B Pips", 50, "seen late", None]
    source = domino_workbook(tmp_path / "night.xlsx", [SLIP, late])
    result = invoke("validate", source)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{source}: domino workbook: 0 error(s), 1 warning(s)\n"
    assert codes_in(result.stderr) == ["C102"]
    assert printed(result.stderr, Expected("C102", "Corrections", 3, "Column", "B Pips"))
    assert list(tmp_path.iterdir()) == [source]  # validate writes nothing


def test_validate_errors_exit_1_listing_at_most_20_and_the_count(tmp_path: Path):
    source = many_errors(tmp_path / "night.xlsx", 25)
    result = invoke("validate", source)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert codes_in(result.stderr) == ["D121"] * 20
    listed = [line for line in lines if line.startswith("  - ")]
    assert len(listed) == 20
    assert printed(listed[0], Expected("D121", "Matches", 2, "Ended", "finished"))
    assert printed(listed[-1], Expected("D121", "Matches", 21, "Ended", "finished"))
    assert lines[-1] == (  # the wording: how many in all, and how to see every one
        "  ... and 5 more: 25 error(s) and 0 warning(s) in all (add --all to list every one)"
    )
    assert result.stdout == f"{source}: domino workbook: 25 error(s), 0 warning(s)\n"


def test_validate_all_lists_every_problem(tmp_path: Path):
    source = many_errors(tmp_path / "night.xlsx", 25, warning=True)
    result = invoke("validate", source, "--all")
    assert result.exit_code == 1
    listed = [line for line in result.stderr.splitlines() if line.startswith("  - ")]
    assert len(listed) == 26
    assert codes_in(result.stderr) == ["D121"] * 25 + ["S102"]  # errors first, then warnings
    assert sum("[finished]" in line for line in listed) == 25
    assert "... and" not in result.stderr
    assert result.stdout == f"{source}: domino workbook: 25 error(s), 1 warning(s)\n"


def test_validate_exactly_20_problems_lists_them_without_a_more_line(tmp_path: Path):
    source = many_errors(tmp_path / "night.xlsx", 20)
    result = invoke("validate", source)
    assert result.exit_code == 1
    assert len([line for line in result.stderr.splitlines() if line.startswith("  - ")]) == 20
    assert "... and" not in result.stderr


def test_validate_json_prints_every_problem_as_a_record(tmp_path: Path):
    source = many_errors(tmp_path / "night.xlsx", 25, warning=True)
    result = invoke("validate", source, "--json")
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert isinstance(found, list)
    assert len(found) == 26  # every problem, not only the first 20
    assert all(set(record) == PROBLEM_KEYS for record in found)
    errors = [r for r in found if r["severity"] == "error"]
    assert len(errors) == 25
    assert errors[0]["sheet"] == "Matches"
    assert errors[0]["row"] == 2
    assert errors[0]["column"] == "Ended"
    assert errors[0]["value"] == "finished"
    assert {r["code"] for r in errors} == {"D121"}  # an Ended that is not target, time or forfeit
    assert sorted(r["row"] for r in errors) == list(range(2, 27))
    warnings = [r for r in found if r["severity"] == "warning"]
    assert [(w["sheet"], w["row"], w["column"], w["value"]) for w in warnings] == [
        ("Settings", 2, "Key", "Colour")
    ]


def test_validate_json_of_a_clean_workbook_is_an_empty_list():
    result = invoke("validate", SAMPLES / "domino_pairs.xlsx", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_validate_a_missing_file_exits_2(tmp_path: Path):
    missing = tmp_path / "club-night.xlsx"
    result = invoke("validate", missing)
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and str(missing) in result.stderr


@pytest.mark.parametrize("sample", ["bridge_club_mp.xlsx", "bridge_teams.xlsx"])
def test_validate_detects_a_bridge_workbook(sample: str):
    result = invoke("validate", SAMPLES / sample)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{SAMPLES / sample}: bridge workbook: no problems found\n"


def test_validate_names_a_bridge_workbook_with_errors_as_bridge(tmp_path: Path):
    source = write_xlsx(
        tmp_path / "pairs.xlsx",
        {"Results": (["Board", "NS", "EW", "Contract", "Declarer", "Tricks"], [[1, 1, 2, "4S", "N", 14]])},
    )
    result = invoke("validate", source)
    assert result.exit_code == 1
    assert "bridge workbook" in result.stdout.splitlines()[-1]
    assert codes_in(result.stderr) == ["B102"]
    assert printed(result.stderr, Expected("B102", "Results", 2, "Tricks", "14"))
