"""Inputs that are not what they seem (issue 13): special files, invisible characters, file names Excel
writes in capitals, hidden sheets, a dying worker, an unreadable or changing input, a manifest of the wrong
shape. Each is built from scratch here and run through the real commands.
"""

from __future__ import annotations

import ctypes
import faulthandler
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import SAMPLES, codes_in, write_xlsx
from openpyxl import load_workbook
from tables import table_rows
from test_corrections_cli import CORRECTION_HEADER, MATCHES, domino_workbook
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.federation.engines import Engine, Runner, usable_cpus, worker_count
from pipeline.workbook import read_workbook
from pipeline.workbook.files import MANIFEST

RUNNER = CliRunner()
NO_HANG = 20  # seconds: a command on a named pipe must answer long before this
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


def invoke(*args: object):
    return RUNNER.invoke(app, [str(a) for a in args])


def standings_rows(path: Path, sheet: str = "Standings") -> list[dict[str, object]]:
    rows = table_rows(load_workbook(path)[sheet])
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


# ---------------------------------------------------------------- not a regular file
@pytest.fixture(params=["fifo", "device", "folder"])
def special(request, tmp_path: Path) -> Path:
    """A path named like a workbook that is a named pipe, a device or a folder (each a usage error, X001)."""
    if request.param == "fifo":
        path = tmp_path / "night.xlsx"
        os.mkfifo(path)
        return path
    if request.param == "device":
        return Path("/dev/zero")
    path = tmp_path / "night.xlsx"
    path.mkdir()
    return path


def reading_commands(path: Path, out: Path) -> dict[str, list[object]]:
    """Every command that reads a workbook named on its command line, reading `path`."""
    good = out / "good-standings.xlsx"
    return {
        "validate": ["validate", path],
        "domino standings": ["domino", "standings", path, "-o", out / "a.xlsx"],
        "bridge standings": ["bridge", "standings", path, "-o", out / "b.xlsx"],
        "diff old": ["diff", path, good],
        "diff new": ["diff", good, path],
        "domino schedule": ["domino", "schedule", path, "-o", out / "c.xlsx"],
        "bridge schedule": ["bridge", "schedule", path, "-o", out / "d.xlsx"],
    }


def test_a_special_file_is_refused_at_once_by_every_command(special: Path, tmp_path: Path):
    path = special
    out = tmp_path / "out"
    out.mkdir()
    assert (
        invoke(
            "domino", "standings", SAMPLES / "domino_pairs.xlsx", "-o", out / "good-standings.xlsx"
        ).exit_code
        == 0
    )
    for name, args in reading_commands(path, out).items():  # seven commands
        start = time.perf_counter()
        result = invoke(*args)
        assert time.perf_counter() - start < NO_HANG, name
        assert result.exit_code == 2, f"{name}: {result.output}"
        assert codes_in(result.stderr) == ["X001"], f"{name}: {result.stderr}"
        assert str(path) in result.stderr, f"{name}: {result.stderr}"
    assert sorted(p.name for p in out.iterdir()) == ["good-standings.xlsx"]


def test_validate_json_prints_a_record_for_a_special_file(special: Path):
    path = special
    result = invoke("validate", path, "--json")
    assert result.exit_code == 2
    (record,) = json.loads(result.stdout)
    assert (record["code"], record["sheet"], record["row"], record["column"]) == (
        "X001",
        path.name,
        None,
        None,
    )
    assert str(path) in str(record["problem"])


def test_rank_refuses_a_special_file_among_the_events_and_a_pipe_as_config(tmp_path: Path):
    pipe = tmp_path / "night.xlsx"
    os.mkfifo(pipe)
    result = invoke("rank", pipe, "-o", tmp_path / "ranking.xlsx")
    assert result.exit_code == 1, result.output
    assert codes_in(result.stderr) == ["X001"] and str(pipe) in result.stderr
    config = tmp_path / "ranking.toml"
    os.mkfifo(config)
    standings = tmp_path / "s.xlsx"
    assert invoke("domino", "standings", SAMPLES / "domino_pairs.xlsx", "-o", standings).exit_code == 0
    result = invoke("rank", standings, "-o", tmp_path / "ranking.xlsx", "--config", config)
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"] and str(config) in result.stderr
    assert not (tmp_path / "ranking.xlsx").exists()


def test_batch_records_a_special_file_as_failed_and_scores_the_rest(tmp_path: Path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "monday.xlsx")
    os.mkfifo(folder / "pipe.xlsx")
    result = invoke("batch", folder, "-o", tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert "1 computed, 0 unchanged, 1 failed" in result.stdout
    assert codes_in(result.stderr) == ["X001"] and "pipe.xlsx: [X001] " in result.stderr
    manifest = json.loads((tmp_path / "out" / MANIFEST).read_text(encoding="utf-8"))["inputs"]
    assert manifest["monday.xlsx"]["status"] == "ok" and manifest["pipe.xlsx"]["status"] == "failed"


# ---------------------------------------------------------------- text that looks the same
def test_ids_that_differ_by_invisible_characters_or_normalization_are_one(tmp_path: Path):
    """`Ana` with a zero-width space, a right-to-left mark or a BOM, and `Pá` typed as P + a + combining
    acute accent (NFD), are the ids `Ana` and `Pá` of the Players sheet (NFC): no unknown id, one row each."""
    path = write_xlsx(
        tmp_path / "night.xlsx",
        {
            "Players": (["ID", "Name"], [["Ana", "Ana Ruiz"], ["Pá", "Pablo"], ["Cy", "Cy"], ["Di", "Di"]]),
            "Matches": (
                ["Round", "Table", "A1", "B1", "A Pips", "B Pips"],
                [
                    [1, 1, "Ana\u200b", "P\u0061\u0301", 100, 40],
                    [1, 2, "Cy", "Di", 100, 70],
                    [2, 1, "\u200fAna", "Cy", 100, 20],
                    [2, 2, "\ufeffPa\u0301", "Di\u2060", 30, 100],
                ],
            ),
        },
    )
    result = invoke("domino", "standings", path, "-o", tmp_path / "out.xlsx")
    assert result.exit_code == 0, result.output
    players = [row["Pair"] for row in standings_rows(tmp_path / "out.xlsx")]
    assert sorted(players) == sorted(["Ana", "Pá", "Cy", "Di"])
    ana = next(r for r in standings_rows(tmp_path / "out.xlsx") if r["Pair"] == "Ana")
    assert (ana["Played"], ana["Won"]) == (2, 2)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_director_of_invisible_characters_authorizes_nothing(tmp_path: Path):
    """A correction submitted two hours after publication needs a Director (Law 79C2); a Director cell of
    only a zero-width space and a left-to-right mark is blank, so the late correction is rejected."""
    late = ["2026-11-30 23:00", 2, 2, "B Pips", 60, "scoring slip"]
    for director, status in (("\u200b\u200e", "rejected"), ("Rosa", "applied late")):
        path = domino_workbook(
            tmp_path / f"night-{status}.xlsx", [[*late, director]], header=CORRECTION_HEADER
        )
        out = tmp_path / f"out-{status}.xlsx"
        result = invoke("domino", "standings", path, "-o", out)
        assert result.exit_code == 0, result.output
        (correction,) = standings_rows(out, "Corrections")
        assert correction["Status"] == status


def test_sheet_and_header_names_ignore_invisible_characters(tmp_path: Path):
    path = write_xlsx(
        tmp_path / "night.xlsx",
        {"Matches\u200b": (["Round", "Table", "A1", "B1", "A\u200b Pips", "\ufeffB Pips"], MATCHES)},
    )
    assert invoke("validate", path).exit_code == 0


# ---------------------------------------------------------------- names, hidden sheets
@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_batch_rank_and_demo_find_workbooks_saved_with_capital_extensions(tmp_path: Path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "FRIDAY.XLSX")
    shutil.copy(SAMPLES / "domino_run_out.xlsx", folder / "Club.Xlsx")
    result = invoke("batch", folder, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "2 computed, 0 unchanged, 0 failed" in result.stdout
    written = sorted(p.name for p in (tmp_path / "out").iterdir() if p.name != MANIFEST)
    assert written == ["Club-standings.xlsx", "FRIDAY-standings.xlsx"]
    shutil.move(tmp_path / "out" / "FRIDAY-standings.xlsx", tmp_path / "out" / "FRIDAY-STANDINGS.XLSX")
    ranked = invoke("rank", tmp_path / "out", "-o", tmp_path / "ranking.xlsx", "--as-of", "2026-11-30")
    assert ranked.exit_code == 0, ranked.output
    assert "from 2 event(s)" in ranked.stdout
    demo = invoke("demo", "--samples", folder, "--out", tmp_path / "demo")
    assert demo.exit_code == 0, demo.output
    assert len(list((tmp_path / "demo").glob("*-standings.xlsx"))) == 2


def test_a_hidden_sheet_that_is_read_is_a_warning(tmp_path: Path):
    path = domino_workbook(tmp_path / "night.xlsx", None)
    book = load_workbook(path)
    book["Players"].sheet_state = "hidden"
    book.save(path)
    result = invoke("validate", path, "--json")
    assert result.exit_code == 0, result.output
    (record,) = json.loads(result.stdout)
    assert (record["code"], record["sheet"], record["row"], record["severity"]) == (
        "W114",
        "Players",
        None,
        "warning",
    )


# ---------------------------------------------------------------- validate --json in every case
def test_validate_json_prints_a_record_even_for_an_internal_error(tmp_path: Path, monkeypatch):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("pipeline.api.read_workbook", broken)
    result = invoke("validate", SAMPLES / "domino_pairs.xlsx", "--json")
    assert result.exit_code == 3
    (record,) = json.loads(result.stdout)
    assert record["code"] == "X002" and "RuntimeError: a bug" in str(record["problem"])


# ---------------------------------------------------------------- workers
def test_never_more_workers_than_inputs_or_processors():
    assert worker_count(1000, 2) == 2
    assert worker_count(1000, 10**6) == usable_cpus()
    assert worker_count(0, 5) == 1


def test_batch_with_a_thousand_workers_starts_one_per_input(tmp_path: Path, monkeypatch):
    started: list[int] = []
    real = sys.modules["pipeline.federation.engines"].ProcessPoolExecutor

    class Counting(real):  # type: ignore[misc, valid-type]
        def __init__(self, max_workers: int, **kwargs: object) -> None:
            started.append(max_workers)
            super().__init__(max_workers=max_workers, **kwargs)

    monkeypatch.setattr("pipeline.federation.engines.ProcessPoolExecutor", Counting)
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "a.xlsx")
    shutil.copy(SAMPLES / "domino_run_out.xlsx", folder / "b.xlsx")
    result = invoke("batch", folder, "--workers", "1000")
    assert result.exit_code == 0, result.output
    assert started == [min(2, usable_cpus())]


def killing(n: int) -> int:
    """A task that kills its own process for the item 3 (as a reader crash would)."""
    if n == 3:
        faulthandler.disable()  # pytest's fault handler would print the dying worker's stack
        os.abort()
    return n * n


def test_a_worker_that_dies_costs_only_its_own_item():
    items = [(n,) for n in range(8)]
    results = Runner(Engine("local", 2)).map(killing, items, "testing", lambda item, why: ("died", item, why))
    assert results[:3] == [0, 1, 4] and results[4:] == [16, 25, 36, 49]
    assert results[3][:2] == ("died", (3,))


def test_batch_records_an_input_whose_worker_died_and_scores_the_rest(tmp_path: Path, monkeypatch):
    real = read_workbook

    def crashing(path: Path, *args: object, **kwargs: object):
        if Path(path).name == "killer.xlsx":
            faulthandler.disable()
            os.abort()
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(
        "pipeline.federation.tasks.read_workbook", crashing
    )  # inherited by the forked workers
    folder = tmp_path / "in"
    folder.mkdir()
    for name, sample in (
        ("a.xlsx", "domino_pairs"),
        ("killer.xlsx", "domino_run_out"),
        ("z.xlsx", "domino_individual"),
    ):
        shutil.copy(SAMPLES / f"{sample}.xlsx", folder / name)  # three events (the same bytes twice are one)
    result = invoke("batch", folder, "-o", tmp_path / "out", "--workers", "2")
    assert result.exit_code == 1, result.output
    assert "2 computed, 0 unchanged, 1 failed" in result.stdout
    manifest = json.loads((tmp_path / "out" / MANIFEST).read_text(encoding="utf-8"))["inputs"]
    assert [manifest[k]["status"] for k in ("a.xlsx", "killer.xlsx", "z.xlsx")] == ["ok", "failed", "ok"]
    # batch gives a scoring process's death no code (rank's reading one is X004): the words tell it
    assert "the process scoring it died" in manifest["killer.xlsx"]["problem"]


# ---------------------------------------------------------------- unreadable and changing inputs
def without_root_powers() -> None:
    """In a child before it starts: drop the powers that let root read and write any file, so that file
    permissions apply (the tests run as root in CI)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def tally_process(
    *args: object, preexec: Callable[[], None] | None = None
) -> subprocess.CompletedProcess[str]:
    """The tally command in a process of its own."""
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, preexec_fn=preexec)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_an_input_that_cannot_be_opened_is_recorded_and_the_rest_scored(tmp_path: Path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "monday.xlsx")
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "locked.xlsx")
    (folder / "locked.xlsx").chmod(0)
    done = tally_process(
        "batch", folder, "-o", tmp_path / "out", preexec=without_root_powers if os.geteuid() == 0 else None
    )
    assert done.returncode == 1, done.stderr
    assert "1 computed, 0 unchanged, 1 failed" in done.stdout
    assert codes_in(done.stderr) == ["F111"]
    assert "locked.xlsx: [F111] " in done.stderr and "Permission denied" in done.stderr
    manifest = json.loads((tmp_path / "out" / MANIFEST).read_text(encoding="utf-8"))["inputs"]
    assert manifest["locked.xlsx"]["status"] == "failed" and manifest["monday.xlsx"]["status"] == "ok"


def test_the_manifest_records_the_hash_of_the_bytes_that_were_scored(tmp_path: Path, monkeypatch):
    """The input is saved again between the batch's first look and its scoring: the manifest holds the hash
    of what was scored, so the next batch finds it unchanged (and would score again any later edit)."""
    folder = tmp_path / "in"
    folder.mkdir()
    event = folder / "night.xlsx"
    shutil.copy(SAMPLES / "domino_pairs.xlsx", event)
    seen_first = hashlib.sha256(event.read_bytes()).hexdigest()
    edited = domino_workbook(tmp_path / "edited.xlsx", None)

    def planned_then_saved(path: Path) -> str:
        shutil.copy(edited, path)  # the organizer saves an edit just after the batch looked
        return seen_first

    monkeypatch.setattr("pipeline.federation.batch.digest_or_blank", planned_then_saved)
    assert invoke("batch", folder).exit_code == 0
    monkeypatch.undo()
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["inputs"]
    assert manifest["night.xlsx"]["hash"] == hashlib.sha256(edited.read_bytes()).hexdigest() != seen_first
    again = invoke("batch", folder)
    assert "0 computed, 1 unchanged, 0 failed" in again.stdout


def test_a_file_changed_while_it_is_read_is_refused(tmp_path: Path, monkeypatch):
    path = shutil.copy(SAMPLES / "domino_pairs.xlsx", tmp_path / "night.xlsx")
    looks = iter([(1000, 1), (1001, 2)])  # the second look, after reading: as if saved into meanwhile
    monkeypatch.setattr("pipeline.workbook.guard.file_stamp", lambda handle: next(looks))
    result = invoke("validate", path, "--json")
    assert result.exit_code == 1
    assert [r["code"] for r in json.loads(result.stdout)] == ["F112"]


# ---------------------------------------------------------------- the manifest of an earlier batch
@pytest.mark.parametrize(
    "damage",
    [
        "[]",
        '{"tally": "0.1.0", "inputs": ["monday.xlsx"]}',
        '{"tally": "0.1.0", "inputs": {"monday.xlsx": "ok"}}',
        '{"tally": "0.1.0", "inputs": {"monday.xlsx": {"hash": 7, "version": "0", "output": "x", "status": "ok"}}}',
        '{"inputs": {}}',
        "not json at all",
        "\udcff",
        "folder",
    ],
    ids=[
        "list",
        "inputs_a_list",
        "entry_a_string",
        "hash_a_number",
        "no_version",
        "not_json",
        "not_utf8",
        "folder",
    ],
)
def test_a_manifest_of_any_other_shape_means_score_everything_again(damage: str, tmp_path: Path):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "monday.xlsx")
    out = tmp_path / "out"
    out.mkdir()
    manifest = out / MANIFEST
    if damage == "folder":
        manifest.mkdir()
    else:
        manifest.write_bytes(damage.encode("utf-8", "surrogateescape"))
    result = invoke("batch", folder, "-o", out)
    if damage == "folder":  # nothing can be recorded there: refused before any work, the folder untouched
        assert result.exit_code == 1, result.output
        assert manifest.is_dir() and not (out / "monday-standings.xlsx").exists()
        return
    assert result.exit_code == 0, result.output
    assert "1 computed, 0 unchanged, 0 failed" in result.stdout
    assert json.loads(manifest.read_text(encoding="utf-8"))["inputs"]["monday.xlsx"]["status"] == "ok"
