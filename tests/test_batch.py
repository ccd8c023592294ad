"""`tally batch`: every results workbook under a folder; unchanged ones skipped; one broken file stops nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import SAMPLES, codes_in
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.federation.batch_plan import output_path, planned
from pipeline.federation.folders import workbook_role
from pipeline.workbook.files import MANIFEST

RUNNER = CliRunner()


def batch(folder: Path, out: Path, *extra: str):
    return RUNNER.invoke(app, ["batch", str(folder), "-o", str(out), *extra])


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """Two domino events (one in a subfolder), one bridge event, a corrupt file, a standings workbook."""
    folder = tmp_path / "in"
    (folder / "friday").mkdir(parents=True)
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "monday.xlsx")
    shutil.copy(SAMPLES / "domino_run_out.xlsx", folder / "friday" / "run-out.xlsx")
    shutil.copy(SAMPLES / "bridge_club_mp.xlsx", folder / "club.xlsx")
    (folder / "broken.xlsx").write_bytes(b"not a workbook")
    assert (
        RUNNER.invoke(
            app,
            ["domino", "standings", str(folder / "monday.xlsx"), "-o", str(folder / "old-standings.xlsx")],
        ).exit_code
        == 0
    )
    return folder


def outputs(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.xlsx"))}


def test_good_workbooks_are_written_the_broken_one_named_and_exit_1(season: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = batch(season, out, "--workers", "2")
    assert result.exit_code == 1, result.output
    assert "3 computed, 0 unchanged, 1 failed, 1 skipped" in result.output
    assert codes_in(result.output) == [
        "F131",
        "F101",
    ]  # old-standings.xlsx is tally's own; broken.xlsx failed
    assert "[F131] old-standings.xlsx: " in result.output
    assert "broken.xlsx: [F101] " in result.output
    assert set(outputs(out)) == {
        "club-standings.xlsx",
        "friday/run-out-standings.xlsx",
        "monday-standings.xlsx",
    }
    assert "Standings" in load_workbook(out / "monday-standings.xlsx").sheetnames


def test_a_second_run_over_an_unchanged_folder_does_no_work(season: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    batch(season, out)
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*.xlsx")}
    result = batch(season, out)
    assert "0 computed, 3 unchanged, 1 failed" in result.output  # a failed input is tried again
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.xlsx")} == before


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_changed_input_and_a_deleted_output_are_scored_again(season: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    batch(season, out)
    book = load_workbook(season / "monday.xlsx")
    book["Matches"]["H2"] = 5  # B Pips of the first match
    book.save(season / "monday.xlsx")
    (out / "club-standings.xlsx").unlink()
    result = batch(season, out)
    assert "2 computed, 1 unchanged, 1 failed" in result.output
    assert (out / "club-standings.xlsx").exists()


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_new_tally_version_scores_everything_again(season: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    batch(season, out)
    manifest = json.loads((out / MANIFEST).read_text())
    for entry in manifest["inputs"].values():
        entry["version"] = "0.0.1"
    (out / MANIFEST).write_text(json.dumps(manifest))
    assert "3 computed, 0 unchanged, 1 failed" in batch(season, out).output


def test_the_manifest_records_hash_version_status_and_the_first_problem(season: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    batch(season, out)
    inputs = json.loads((out / MANIFEST).read_text())["inputs"]
    assert set(inputs) == {"broken.xlsx", "club.xlsx", "friday/run-out.xlsx", "monday.xlsx"}
    assert inputs["monday.xlsx"]["status"] == "ok" and len(inputs["monday.xlsx"]["hash"]) == 64
    assert inputs["friday/run-out.xlsx"]["output"] == "friday/run-out-standings.xlsx"
    assert inputs["broken.xlsx"]["status"] == "failed"
    assert codes_in(inputs["broken.xlsx"]["problem"]) == ["F101"]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_one_worker_and_two_workers_write_the_same_bytes(season: Path, tmp_path: Path) -> None:
    batch(season, tmp_path / "one", "--workers", "1")
    batch(season, tmp_path / "two", "--workers", "2")
    assert outputs(tmp_path / "one") == outputs(tmp_path / "two")


def test_without_out_the_standings_go_beside_each_input(season: Path) -> None:
    result = RUNNER.invoke(app, ["batch", str(season), "--workers", "1"])
    assert result.exit_code == 1
    assert (season / "friday" / "run-out-standings.xlsx").exists()
    assert (season / MANIFEST).exists()
    assert "3 computed, 0 unchanged, 1 failed" in result.output
    # the standings written beside the inputs are not taken for inputs the next time
    again = RUNNER.invoke(app, ["batch", str(season), "--workers", "1"])
    assert "0 computed, 3 unchanged, 1 failed" in again.output


def test_a_file_that_is_not_a_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["batch", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and codes_in(result.output) == ["X001"]
    assert str(tmp_path / "nowhere") in result.output


def test_workbooks_are_told_apart_by_their_sheets(season: Path) -> None:
    assert workbook_role(season / "monday.xlsx") == "input"
    assert workbook_role(season / "old-standings.xlsx") == "standings"
    assert workbook_role(season / "broken.xlsx") == "input"  # scored, so that its problem is reported


def test_planning_skips_only_what_is_unchanged_and_still_written(tmp_path: Path) -> None:
    folder, out = tmp_path / "in", tmp_path / "out"
    a, b = folder / "a.xlsx", folder / "x" / "b.xlsx"
    assert output_path(b, folder, out) == out / "x" / "b-standings.xlsx"
    assert output_path(b, folder, None) == folder / "x" / "b-standings.xlsx"
    assert output_path(b, folder, None, 3) == folder / "x" / "b-standings-3.xlsx"
    states = {out / "a-standings.xlsx": "tally"}  # the file system, as planning sees it
    manifest = {
        "a.xlsx": {"hash": "h1", "version": "1", "status": "ok", "output": "a-standings.xlsx"},
        "x/b.xlsx": {"hash": "h2", "version": "1", "status": "ok", "output": "x/b-standings.xlsx"},  # missing
    }
    todo, same = planned([a, b], ["h1", "h2"], folder, out, manifest, "1", lambda p: states.get(p, "absent"))
    assert [j.key for j in todo] == ["x/b.xlsx"] and [j.key for j in same] == ["a.xlsx"]
    todo, same = planned(
        [a, b], ["changed", "h2"], folder, out, manifest, "1", lambda p: states.get(p, "absent")
    )
    assert [j.key for j in todo] == ["a.xlsx", "x/b.xlsx"] and same == []
    # a recorded output that is no longer tally's own file (saved by someone since) is not "unchanged"
    states[out / "a-standings.xlsx"] = "other"
    todo, same = planned([a, b], ["h1", "h2"], folder, out, manifest, "1", lambda p: states.get(p, "absent"))
    assert [j.key for j in todo] == ["a.xlsx", "x/b.xlsx"] and same == []
    assert todo[0].target == out / "a-standings-2.xlsx"
    assert todo[0].moved == "a-standings.xlsx is not tally's"


@pytest.mark.parametrize("lang", ["es", "zh"])
def test_results_workbooks_in_spanish_and_chinese_are_batch_inputs(lang: str, tmp_path: Path) -> None:
    folder = tmp_path / lang
    shutil.copytree(SAMPLES / lang, folder)
    samples = sorted(p.name for p in folder.glob("*.xlsx"))
    assert all(workbook_role(folder / name) == "input" for name in samples)
    result = batch(folder, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert f"{len(samples)} computed, 0 unchanged, 0 failed" in result.stdout
    assert sorted(outputs(tmp_path / "out")) == [name.replace(".xlsx", "-standings.xlsx") for name in samples]


def test_rank_ranks_the_standings_a_batch_wrote_in_spanish_and_chinese(tmp_path: Path) -> None:
    for lang in ("es", "zh"):
        shutil.copytree(SAMPLES / lang, tmp_path / "in" / lang)
    assert batch(tmp_path / "in", tmp_path / "out").exit_code == 0
    ranked = RUNNER.invoke(
        app, ["rank", str(tmp_path / "out"), "--game", "domino", "-o", str(tmp_path / "ranking.xlsx")]
    )
    assert ranked.exit_code == 0, ranked.output
    assert "from 6 event(s)" in ranked.stdout  # three domino samples in each language


def mixed_folder(folder: Path) -> dict[str, str]:
    """A night's folder as organizers leave it: results workbooks in three languages (one in a subfolder), a
    copy of one, standings tally wrote, a workbook of other sheets, a CSV export, Excel's lock file, a
    hidden file, an XML file of another kind, a hidden folder; each file's expected outcome (a skip's code)."""
    (folder / "sub").mkdir(parents=True)
    (folder / ".git").mkdir()
    shutil.copy(SAMPLES / "bridge_club_mp.xlsx", folder / "club.xlsx")
    shutil.copy(SAMPLES / "es" / "domino_pairs.xlsx", folder / "parejas.xlsx")
    shutil.copy(SAMPLES / "zh" / "bridge_teams.xlsx", folder / "sub" / "队式赛.xlsx")
    shutil.copy(SAMPLES / "bridge_club_mp.xlsx", folder / "copy of club.xlsx")
    (folder / "broken.xlsx").write_bytes(b"not a workbook")
    assert (
        RUNNER.invoke(
            app,
            [
                "domino",
                "standings",
                str(folder / "parejas.xlsx"),
                "-o",
                str(folder / "last-week-standings.xlsx"),
            ],
        ).exit_code
        == 0
    )
    book = load_workbook(SAMPLES / "bridge_club_mp.xlsx")
    for sheet in book.worksheets:
        sheet.title = f"Budget {sheet.title}"
    book.save(folder / "budget.xlsx")
    (folder / "night.csv").write_text("Pair,Names\n1,Ana - Luis\n", encoding="utf-8")
    (folder / "~$club.xlsx").write_bytes(b"\x00" * 165)
    (folder / ".DS_Store").write_bytes(b"\x00")
    (folder / "printer.xml").write_text('<?xml version="1.0"?>\n<settings/>\n', encoding="utf-8")
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    return {
        "club.xlsx": "computed",
        "parejas.xlsx": "computed",
        "sub/队式赛.xlsx": "computed",
        "broken.xlsx": "failed",
        "copy of club.xlsx": "F133",
        "last-week-standings.xlsx": "F131",
        "budget.xlsx": "F130",
        "night.csv": "F134",
        "printer.xml": "F134",
        "~$club.xlsx": "F132",
        ".DS_Store": "F135",
    }


def outcomes(output: str) -> dict[str, str]:
    """Each file the batch's summary names, with its outcome: computed, failed, or the code of its skip."""
    found: dict[str, str] = {}
    for line in output.splitlines():  # the summary's lines
        if line.startswith("computed: "):
            found[line.removeprefix("computed: ").split(" -> ")[0]] = "computed"
        elif line.startswith("  - [F") and "skipped:" in line:
            code, rest = line.removeprefix("  - [").split("] ", 1)
            found[rest.split(": warning: ")[0]] = code
        elif line.startswith("  - ") and ": [" in line:
            found[line.removeprefix("  - ").split(": [")[0]] = "failed"
    return found


def test_a_mixed_folder_ends_every_file_in_exactly_one_outcome(tmp_path: Path) -> None:
    folder = tmp_path / "night"
    expected = mixed_folder(folder)
    result = batch(folder, tmp_path / "out")
    assert result.exit_code == 1, result.output  # broken.xlsx failed; every good one is still written
    assert outcomes(result.output) == expected
    assert "3 computed, 0 unchanged, 1 failed, 7 skipped" in result.stdout
    assert "HEAD" not in result.output  # a hidden folder is not searched
    assert "(Budget Settings, Budget Pairs, Budget Results)" in result.output  # what it looks like


def test_a_second_run_names_the_one_file_that_changed(tmp_path: Path) -> None:
    folder = tmp_path / "night"
    mixed_folder(folder)
    (folder / "broken.xlsx").unlink()
    assert batch(folder, tmp_path / "out").exit_code == 0
    shutil.copy(SAMPLES / "es" / "domino_run_out.xlsx", folder / "parejas.xlsx")  # the director's fix
    again = batch(folder, tmp_path / "out")
    assert again.exit_code == 0, again.output
    assert "1 computed, 2 unchanged, 0 failed, 7 skipped" in again.stdout
    assert [k for k, v in outcomes(again.output).items() if v == "computed"] == ["parejas.xlsx"]
    quiet = batch(folder, tmp_path / "out", "--quiet")
    assert quiet.stdout.splitlines() == ["0 computed, 3 unchanged, 0 failed, 7 skipped"]
