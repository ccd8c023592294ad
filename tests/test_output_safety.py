"""Nothing a person typed is ever lost (issue 13, the writing half).

Every command that writes refuses to replace a file tally did not write itself (or that was saved since tally
wrote it) unless --force, never writes onto an input, refuses special files and odd output paths with exit 2,
reports a file system that refuses the write (read-only folder, full disk) with exit 1 and the previous file
unchanged, gives new files the umask's mode and a replaced file its old mode, and leaves no temporary file
behind when it is stopped by a signal. Every input is built here, from scratch.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
from conftest import codes_in, write_xlsx
from openpyxl import Workbook, load_workbook
from ranking_books import standings_book
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app, arguments_with_debug_first
from pipeline.federation.batch_plan import output_path, planned
from pipeline.workbook.files import MANIFEST, parquet_written_by_tally, written_by_tally
from pipeline.workbook.writer import MARK_PART

RUNNER = CliRunner()
TALLY = [sys.executable, "-c", "from pipeline.cli import main; main()"]
TYPED = "typed by hand"
REFUSED = "tally did not write it (or it was changed after tally wrote it)"
HOW = "move the file away, or add --force to replace it"
NO_HANG = 120  # seconds: only ever reached when something hangs


# ---------------------------------------------------------------- inputs, built here


def domino_event(
    path: Path, pairs: int = 4, prefix: str = "P", shift: int = 0, date: str | None = None
) -> Path:
    """A fixed-pairs domino round robin as an organizer types it (openpyxl, write-only: a big one is quick);
    with a Settings Date when given (`tally rank` needs one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    book = Workbook(write_only=True)
    if date is not None:
        settings = book.create_sheet("Settings")
        settings.append(["Key", "Value"])
        settings.append(["Date", date])
    sheet = book.create_sheet("Matches")
    sheet.append(["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips"])
    ids = list(range(1, pairs + 1))
    for rnd in range(1, pairs):
        for table in range(pairs // 2):
            a, b = ids[table], ids[-1 - table]
            sheet.append(
                [
                    rnd,
                    table + 1,
                    f"{prefix}{a}",
                    None,
                    f"{prefix}{b}",
                    None,
                    100,
                    (rnd * 7 + table * 13 + shift) % 100,
                ]
            )
        ids = [ids[0], ids[-1], *ids[1:-1]]
    book.save(path)
    return path


def bridge_event(path: Path) -> Path:
    """A small matchpointed pairs event: two boards, four pairs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = [
        [1, "1", "2", "4S", "N", 10],
        [1, "3", "4", "4S", "N", 9],
        [2, "1", "4", "3NT", "S", 9],
        [2, "3", "2", "3NT", "S", 10],
    ]
    return write_xlsx(path, {"Results": (["Board", "NS", "EW", "Contract", "Declarer", "Tricks"], rows)})


def players_book(path: Path, count: int = 6) -> Path:
    """A Players sheet: ID and Name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_xlsx(path, {"Players": (["ID", "Name"], [[i, f"Player {i}"] for i in range(1, count + 1)])})


def teams_book(path: Path) -> Path:
    """A Teams sheet: Team and Names."""
    path.parent.mkdir(parents=True, exist_ok=True)
    teams = [[team, f"the {team}"] for team in ("Dragons", "Eagles", "Fjords", "Gulls")]
    return write_xlsx(path, {"Teams": (["Team", "Names"], teams)})


def season(folder: Path) -> Path:
    """Two standings workbooks for `tally rank` (written by hand with openpyxl)."""
    standings_book(folder / "march.xlsx", [(1, "P1", "Ana"), (2, "P2", "Bea")], date="2026-03-01")
    standings_book(folder / "april.xlsx", [(1, "P2", "Bea"), (2, "P1", "Ana")], date="2026-04-01")
    return folder


def typed_workbook(path: Path) -> Path:
    """A workbook a person saved (openpyxl here; Excel and LibreOffice alike): not tally's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    book = Workbook()
    book.active.title = "Notes"
    book.active.append([TYPED])
    book.save(path)
    return path


def resaved(path: Path) -> None:
    """Open the workbook and save it again, as a person checking it would (the mark no longer matches)."""
    book = load_workbook(path)
    book.save(path)


# ---------------------------------------------------------------- running tally


def tally(*args: object):
    """`tally ...` in this process."""
    return RUNNER.invoke(app, [str(a) for a in args])


def tally_within(seconds: float, *args: object):
    """`tally ...` in this process, failing the test if it has not finished after `seconds` (a hang)."""
    box: dict[str, object] = {}
    worker = threading.Thread(target=lambda: box.setdefault("result", tally(*args)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"tally {' '.join(map(str, args))} hung"
    return box["result"]


def run_tally(*args: object, prefix: tuple[str, ...] = (), **kw) -> subprocess.CompletedProcess[str]:
    """`tally ...` as a separate process (through the console script's `main`)."""
    return subprocess.run(
        [*prefix, *TALLY, *(str(a) for a in args)], capture_output=True, text=True, timeout=NO_HANG, **kw
    )


def unprivileged() -> tuple[str, ...]:
    """The prefix that makes folder permissions bind the command: as root (which they do not stop), drop the
    capabilities that override them (setpriv, util-linux). The interpreter may live where user nobody cannot
    reach it (/root), so running as nobody is not an option."""
    if os.geteuid() == 0:
        return ("setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search,-fowner")
    return ()


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> dict[str, str]:
    """Every regular file under the folder (hidden ones too) -> its SHA-256."""
    return {
        p.relative_to(folder).as_posix(): sha(p)
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


def outputs(folder: Path) -> dict[str, str]:
    """`files`, but not the inputs (built again, with new bytes, each time a command's arguments are made)."""
    return {name: digest for name, digest in files(folder).items() if not name.startswith("in/")}


def temps(folder: Path) -> list[str]:
    """Temporary files tally left under the folder."""
    return sorted(p.name for p in folder.rglob(".tally-*.tmp"))


# ---------------------------------------------------------------- every command that writes


@dataclass(frozen=True)
class Writer:
    """A command that writes: its arguments for inputs built in a folder and an output path as typed."""

    name: str
    argv: Callable[[Path, str], list[str]]
    default: str  # the file written when the output path is a folder
    kind: str = "file"  # file: -o names the file; folder: the option names a folder; parquet: --parquet

    def target(self, base: Path) -> Path:
        """Where this command's output lands for an output folder `base` (file commands: the file itself)."""
        return base / self.default

    def args_for(self, inputs: Path, target: Path) -> list[str]:
        """The arguments that write exactly `target`."""
        return self.argv(inputs, str(target if self.kind == "file" else target.parent))

    def is_own(self, path: Path) -> bool:
        return parquet_written_by_tally(path) if self.kind == "parquet" else written_by_tally(path)

    def foreign(self, path: Path) -> Path:
        """A file at `path` that tally did not write."""
        if self.kind == "parquet":
            path.parent.mkdir(parents=True, exist_ok=True)
            pd.DataFrame({"typed": [TYPED]}).to_parquet(path)
            return path
        return typed_workbook(path)

    def resave(self, path: Path) -> None:
        """Save tally's file again with another program."""
        if self.kind == "parquet":
            pd.read_parquet(path).to_parquet(path)
        else:
            resaved(path)


def diff_inputs(folder: Path) -> tuple[Path, Path]:
    """Two standings workbooks (old.xlsx, new.xlsx) of two versions of an event, written by tally."""
    old, new = folder / "old.xlsx", folder / "new.xlsx"
    assert tally("domino", "standings", domino_event(folder / "v1.xlsx"), "-o", old).exit_code == 0
    assert tally("domino", "standings", domino_event(folder / "v2.xlsx", shift=3), "-o", new).exit_code == 0
    return old, new


WRITERS = [
    Writer(
        "domino standings",
        lambda d, o: ["domino", "standings", str(domino_event(d / "club.xlsx")), "-o", o],
        "club-standings.xlsx",
    ),
    Writer(
        "bridge standings",
        lambda d, o: ["bridge", "standings", str(bridge_event(d / "pairs.xlsx")), "-o", o],
        "pairs-standings.xlsx",
    ),
    Writer(
        "domino schedule",
        lambda d, o: ["domino", "schedule", str(players_book(d / "players.xlsx")), "-o", o],
        "players-schedule.xlsx",
    ),
    Writer(
        "domino schedule --entrants",
        lambda d, o: ["domino", "schedule", "--entrants", "6", "-o", o],
        "schedule.xlsx",
    ),
    Writer(
        "bridge schedule",
        lambda d, o: ["bridge", "schedule", str(teams_book(d / "teams.xlsx")), "-o", o],
        "teams-schedule.xlsx",
    ),
    Writer("template", lambda d, o: ["template", "domino", "-o", o], "domino-template.xlsx"),
    Writer("diff", lambda d, o: ["diff", *map(str, diff_inputs(d)), "-o", o], "new-changes.xlsx"),
    Writer(
        "rank", lambda d, o: ["rank", str(season(d / "season")), "-o", o, "--workers", "1"], "ranking.xlsx"
    ),
]
FOLDER_WRITERS = [
    Writer(
        "demo",
        lambda d, o: ["demo", "--samples", str(domino_event(d / "samples" / "club.xlsx").parent), "--out", o],
        "club-standings.xlsx",
        "folder",
    ),
    Writer(
        "rank --parquet",
        lambda d, o: [
            "rank",
            str(season(d / "season")),
            "-o",
            str(d.parent / "ranking.xlsx"),
            "--parquet",
            o,
            "--workers",
            "1",
        ],
        "ranking.parquet",
        "parquet",
    ),
]
EVERY = WRITERS + FOLDER_WRITERS
ids = [w.name for w in EVERY]


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    return folder


# ---------------------------------------------------------------- the mark: tally's own files, and the others


@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_file_tally_did_not_write_is_refused_and_left_as_it_was(
    writer: Writer, inputs: Path, tmp_path: Path
):
    target = writer.foreign(writer.target(tmp_path / "out"))
    before = files(tmp_path / "out")
    result = tally(*writer.args_for(inputs, target))
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"]
    # the wording: the file named, why it is left alone, and what to do
    assert str(target) in result.stderr and REFUSED in result.stderr and HOW in result.stderr
    assert files(tmp_path / "out") == before
    assert not (tmp_path / "ranking.xlsx").exists()  # rank: nothing is written when one output is refused


@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_force_replaces_a_file_tally_did_not_write(writer: Writer, inputs: Path, tmp_path: Path):
    target = writer.foreign(writer.target(tmp_path / "out"))
    result = tally(*writer.args_for(inputs, target), "--force")
    assert result.exit_code == 0, result.output
    assert writer.is_own(target)
    assert temps(tmp_path) == []


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_file_tally_wrote_is_replaced_without_a_word(writer: Writer, inputs: Path, tmp_path: Path):
    target = writer.target(tmp_path / "out")
    assert tally(*writer.args_for(inputs, target)).exit_code == 0
    assert writer.is_own(target)
    first = target.stat().st_ino
    result = tally(*writer.args_for(inputs, target))
    assert result.exit_code == 0, result.output
    assert "error" not in result.stderr
    assert target.stat().st_ino != first  # a new file took its place
    assert writer.is_own(target)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_file_tally_wrote_then_saved_by_another_program_is_refused(
    writer: Writer, inputs: Path, tmp_path: Path
):
    target = writer.target(tmp_path / "out")
    assert tally(*writer.args_for(inputs, target)).exit_code == 0
    writer.resave(target)
    assert not writer.is_own(target)
    before = files(tmp_path / "out")
    result = tally(*writer.args_for(inputs, target))
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"] and str(target) in result.stderr
    assert files(tmp_path / "out") == before


def test_the_organizers_scores_in_the_schedule_survive_running_schedule_again(tmp_path: Path):
    players = players_book(tmp_path / "players.xlsx", count=8)
    night = tmp_path / "night.xlsx"
    assert tally("domino", "schedule", players, "-o", night).exit_code == 0
    book = load_workbook(night)
    sheet = book["Matches"]
    header = [c.value for c in sheet[1]]
    a, b = header.index("A Pips") + 1, header.index("B Pips") + 1
    typed = {}
    for row in range(2, sheet.max_row + 1):  # the evening's scores, typed in
        sheet.cell(row, a).value, sheet.cell(row, b).value = 100, row
        typed[row] = (100, row)
    book.save(night)
    assert len(typed) == 28  # 8 pairs, 7 rounds of 4 tables
    result = tally("domino", "schedule", players, "-o", night)
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and str(night) in result.stderr
    sheet = load_workbook(night)["Matches"]
    assert {r: (sheet.cell(r, a).value, sheet.cell(r, b).value) for r in typed} == typed
    assert temps(tmp_path) == []


def test_template_onto_a_typed_workbook_is_refused(tmp_path: Path):
    blank = typed_workbook(tmp_path / "blank.xlsx")
    kept = sha(blank)
    assert tally("template", "bridge", "-o", blank).exit_code == 2
    assert sha(blank) == kept


# ---------------------------------------------------------------- written_by_tally


def test_the_mark_is_the_last_entry_and_the_same_input_gives_the_same_bytes(tmp_path: Path):
    for name in ("a.xlsx", "b.xlsx"):
        assert tally("template", "domino", "-o", tmp_path / name).exit_code == 0
    assert sha(tmp_path / "a.xlsx") == sha(tmp_path / "b.xlsx")
    with zipfile.ZipFile(tmp_path / "a.xlsx") as package:
        assert package.namelist()[-1] == MARK_PART
        types = package.read("[Content_Types].xml").decode()
        rels = package.read("_rels/.rels").decode()
        mark = package.read(MARK_PART).decode()
    assert 'PartName="/docProps/custom.xml"' in types and "custom-properties+xml" in types
    assert "relationships/custom-properties" in rels and 'Target="docProps/custom.xml"' in rels
    assert 'fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="tally"><vt:lpwstr>sha256:' in mark
    assert load_workbook(tmp_path / "a.xlsx").custom_doc_props["tally"].value.startswith("sha256:")


def rewritten(source: Path, target: Path, change: Callable[[str, bytes], bytes | None]) -> Path:
    """A copy of the package with each entry changed (None drops it), entries kept in order."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = change(info.filename, old.read(info))
            if data is not None:
                new.writestr(info, data)
    return target


def test_written_by_tally_knows_tallys_files_and_no_others(tmp_path: Path):
    own = tmp_path / "own.xlsx"
    assert tally("template", "domino", "-o", own).exit_code == 0
    assert written_by_tally(own)
    # the same entries, copied into a new zip: the mark still matches (names, CRCs and sizes are the same)
    assert written_by_tally(rewritten(own, tmp_path / "copy.xlsx", lambda n, d: d))
    # one cell changed by a program that keeps the mark: the digest no longer matches
    touched = rewritten(own, tmp_path / "touched.xlsx", lambda n, d: d.replace(b"Round", b"Ronda", 1))
    assert not written_by_tally(touched)
    # an earlier tally: no mark part, and docProps/app.xml says tally
    legacy = rewritten(own, tmp_path / "legacy.xlsx", lambda n, d: None if n == MARK_PART else d)
    assert written_by_tally(legacy)
    # the mark part dropped from a file whose app.xml says otherwise
    other_app = rewritten(
        own,
        tmp_path / "other.xlsx",
        lambda n, d: None if n == MARK_PART else d.replace(b"<Application>tally<", b"<Application>Excel<"),
    )
    assert not written_by_tally(other_app)
    assert not written_by_tally(typed_workbook(tmp_path / "typed.xlsx"))
    (tmp_path / "text.xlsx").write_text("not a zip")
    assert not written_by_tally(tmp_path / "text.xlsx")
    assert not written_by_tally(tmp_path / "absent.xlsx")
    os.mkfifo(tmp_path / "pipe.xlsx")
    assert not written_by_tally(tmp_path / "pipe.xlsx")  # and it did not block on the FIFO
    assert not written_by_tally(tmp_path)


def test_parquet_written_by_tally_knows_tallys_tables(tmp_path: Path):
    assert (
        tally(
            "rank", season(tmp_path / "season"), "-o", tmp_path / "r.xlsx", "--parquet", tmp_path / "pq"
        ).exit_code
        == 0
    )
    tables = sorted(p.name for p in (tmp_path / "pq").iterdir())
    assert tables == [
        "contributions.parquet",
        "events.parquet",
        "identity.parquet",
        "ranking.parquet",
        "rules.parquet",
    ]
    assert all(parquet_written_by_tally(tmp_path / "pq" / t) for t in tables)
    pd.DataFrame({"a": [1]}).to_parquet(tmp_path / "other.parquet")
    assert not parquet_written_by_tally(tmp_path / "other.parquet")
    assert not parquet_written_by_tally(tmp_path / "r.xlsx")
    os.mkfifo(tmp_path / "pipe.parquet")
    assert not parquet_written_by_tally(tmp_path / "pipe.parquet")


# ---------------------------------------------------------------- odd output paths


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("writer", WRITERS, ids=[w.name for w in WRITERS])
def test_an_existing_folder_gets_the_default_name_inside_it(writer: Writer, inputs: Path, tmp_path: Path):
    folder = tmp_path / "out"
    folder.mkdir()
    result = tally(*writer.argv(inputs, str(folder)))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == [writer.default]
    assert written_by_tally(folder / writer.default)


def test_a_trailing_slash_names_a_folder_to_create(tmp_path: Path):
    source = domino_event(tmp_path / "club.xlsx")
    result = tally("domino", "standings", source, "-o", f"{tmp_path / 'new'}/")
    assert result.exit_code == 0, result.output
    assert written_by_tally(tmp_path / "new" / "club-standings.xlsx")


def test_a_link_at_the_output_path_is_followed(tmp_path: Path):
    source = domino_event(tmp_path / "club.xlsx")
    real, link = tmp_path / "real.xlsx", tmp_path / "link.xlsx"
    assert tally("domino", "standings", source, "-o", real).exit_code == 0
    link.symlink_to(real)
    first = real.stat().st_ino
    result = tally("domino", "standings", source, "-o", link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.stat().st_ino != first and written_by_tally(real)
    typed_workbook(real)
    kept = sha(real)
    assert tally("domino", "standings", source, "-o", link).exit_code == 2  # what it points to is not tally's
    assert link.is_symlink() and sha(real) == kept
    link.unlink()
    link.symlink_to(source)
    assert tally("domino", "standings", source, "-o", link, "--force").exit_code == 2  # the input, linked
    assert link.is_symlink() and not written_by_tally(source)


def check_refused(result, folder: Path, before: dict[str, str], *words: str, coded: bool = True) -> None:
    """Exit 2 with one usage error (X001; no traceback) naming what it is given, and nothing under the
    folder changed. `coded=False`: refused by Click as the option is parsed, which prints no code."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert codes_in(result.output) == (["X001"] if coded else [])
    for word in words:
        assert word in result.output
    assert files(folder) == before
    assert temps(folder) == []


@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_an_empty_output_path_is_a_usage_error(writer: Writer, inputs: Path, tmp_path: Path):
    argv = writer.argv(inputs, "")
    before = files(tmp_path)
    # Click refuses the empty path as it parses -o, with its own box and no code: the words tell it
    check_refused(tally(*argv), tmp_path, before, "the path is empty", coded=False)


@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_an_output_under_a_file_is_a_usage_error(writer: Writer, inputs: Path, tmp_path: Path):
    results = typed_workbook(tmp_path / "results.xlsx")
    argv = writer.argv(inputs, str(results / "out.xlsx"))
    before = files(tmp_path)
    check_refused(tally(*argv), tmp_path, before, "results.xlsx")


@pytest.mark.parametrize("writer", FOLDER_WRITERS, ids=[w.name for w in FOLDER_WRITERS])
def test_a_file_named_as_the_output_folder_is_a_usage_error(writer: Writer, inputs: Path, tmp_path: Path):
    typed = typed_workbook(tmp_path / "results.xlsx")
    argv = writer.argv(inputs, str(typed))
    before = files(tmp_path)
    check_refused(tally(*argv), tmp_path, before, typed.name)


@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_name_longer_than_the_file_system_allows_is_a_usage_error(
    writer: Writer, inputs: Path, tmp_path: Path
):
    argv = writer.argv(inputs, str(tmp_path / ("a" * 300 + ".xlsx")))
    before = files(tmp_path)
    check_refused(tally(*argv), tmp_path, before, "305", "255")  # the name's bytes, the most allowed


def test_a_long_target_name_that_fits_is_written_with_a_short_temporary_name(tmp_path: Path):
    source = domino_event(tmp_path / "club.xlsx")
    out = tmp_path / ("b" * 250 + ".xlsx")  # 255 bytes: the longest name allowed
    result = tally("domino", "standings", source, "-o", out)
    assert result.exit_code == 0, result.output
    assert written_by_tally(out)


@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_fifo_is_refused_left_a_fifo_and_nothing_hangs(writer: Writer, inputs: Path, tmp_path: Path):
    pipe = tmp_path / "out" / "pipe"
    pipe.parent.mkdir()
    os.mkfifo(pipe)
    argv = writer.argv(inputs, str(pipe))
    result = tally_within(NO_HANG, *argv)
    assert result.exit_code == 2, result.output
    assert codes_in(result.output) == ["X001"] and "FIFO" in result.output
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert temps(tmp_path) == []


@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_device_is_refused_and_left_a_device(writer: Writer, inputs: Path):
    argv = writer.argv(inputs, "/dev/null")
    result = tally_within(NO_HANG, *argv)
    assert result.exit_code == 2, result.output
    assert codes_in(result.output) == ["X001"] and "/dev/null" in result.output
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert temps(Path("/dev")) == []


@pytest.mark.slow
@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_read_only_folder_is_exit_1_and_the_previous_file_unchanged(
    writer: Writer, inputs: Path, tmp_path: Path
):
    folder = tmp_path / "ro"
    target = writer.target(folder)
    assert tally(*writer.args_for(inputs, target)).exit_code == 0  # the previous output, tally's own
    before = outputs(tmp_path)
    folder.chmod(0o555)
    try:
        done = run_tally(*writer.args_for(inputs, target), prefix=unprivileged())
    finally:
        folder.chmod(0o755)
    assert done.returncode == 1, done.stderr
    assert set(codes_in(done.stderr)) == {"X003"} and "Permission denied" in done.stderr
    assert "Traceback" not in done.stderr
    assert outputs(tmp_path) == before  # rank --parquet: not even the ranking workbook was written again


# ---------------------------------------------------------------- a full disk

FULL_DISK = r"""
import hashlib, json, os, subprocess, sys
spec = json.loads(sys.argv[1])
disk = spec["disk"]
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk], check=True)
for argv in spec["setup"]:  # the previous outputs, written on the small disk
    done = subprocess.run(argv, capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
def listing():
    return {
        os.path.relpath(os.path.join(root, name), disk): hashlib.sha256(open(os.path.join(root, name), "rb").read()).hexdigest()
        for root, _, names in os.walk(disk) for name in names if name != "filler"
    }
before = listing()
fd = os.open(os.path.join(disk, "filler"), os.O_WRONLY | os.O_CREAT)
try:
    while True:  # fill the disk
        os.write(fd, b"\0" * 4096)
except OSError:
    os.close(fd)
done = subprocess.run(spec["run"], capture_output=True, text=True)
print(json.dumps({"rc": done.returncode, "stderr": done.stderr, "before": before, "after": listing()}))
"""


def on_full_disk(disk: Path, setup: list[list[str]], run: list[str]) -> dict[str, object]:
    """Run `setup` then, once a small tmpfs mounted at `disk` is full, `run`; what came out and the files on
    the disk before and after. The mount lives in a mount namespace of its own (`unshare -m`, or `-rm` when
    not root), so nothing is left mounted whatever happens."""
    disk.mkdir(exist_ok=True)
    spec = json.dumps({"disk": str(disk), "setup": setup, "run": run})
    namespace = ["unshare", "-m"] if os.geteuid() == 0 else ["unshare", "-rm"]
    done = subprocess.run(
        [*namespace, sys.executable, "-c", FULL_DISK, spec],
        capture_output=True,
        text=True,
        timeout=NO_HANG * 2,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("writer", EVERY, ids=ids)
def test_a_full_disk_is_exit_1_and_the_previous_file_unchanged(writer: Writer, inputs: Path, tmp_path: Path):
    disk = tmp_path / "disk"
    argv = [*TALLY, *writer.args_for(inputs, writer.target(disk))]
    if writer.kind == "parquet":  # the ranking workbook goes on the full disk too
        argv = [a if a != str(tmp_path / "ranking.xlsx") else str(disk / "ranking.xlsx") for a in argv]
    seen = on_full_disk(disk, [argv], argv)
    assert seen["rc"] == 1, seen["stderr"]
    assert set(codes_in(seen["stderr"])) == {"X003"} and "No space left on device" in seen["stderr"]
    assert "Traceback" not in seen["stderr"]
    assert seen["before"] and seen["after"] == seen["before"]  # the previous files, and no temporary file


@pytest.mark.slow
def test_a_full_disk_during_batch_keeps_the_old_manifest_and_leaves_no_temporary_file(tmp_path: Path):
    folder, disk = tmp_path / "in", tmp_path / "disk"
    source = domino_event(folder / "club.xlsx")
    domino_event(folder / "friday.xlsx", prefix="F")
    change = [
        sys.executable,
        "-c",
        "import sys; from openpyxl import load_workbook; b = load_workbook(sys.argv[1]); "
        "b['Matches']['H2'] = 42; b.save(sys.argv[1])",
        str(source),
    ]
    batch = [*TALLY, "batch", str(folder), "-o", str(disk), "--workers", "1"]
    seen = on_full_disk(disk, [batch, change], batch)
    assert seen["rc"] == 1, seen["stderr"]
    assert set(codes_in(seen["stderr"])) == {"X003"}, seen["stderr"]  # no internal error
    assert f"{disk / MANIFEST}: No space left on device" in seen["stderr"]
    assert "club.xlsx: [X003] " in seen["stderr"]  # the changed input's standings could not be written
    assert "Traceback" not in seen["stderr"]
    assert MANIFEST in seen["before"] and seen["after"] == seen["before"]


# ---------------------------------------------------------------- modes


@pytest.mark.slow
@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600)])
def test_new_files_follow_the_umask(tmp_path: Path, umask: int, mode: int):
    source = domino_event(tmp_path / "in" / "club.xlsx")
    done = run_tally("domino", "standings", source, "-o", tmp_path / "club-standings.xlsx", umask=umask)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE((tmp_path / "club-standings.xlsx").stat().st_mode) == mode


@pytest.mark.slow
def test_every_kind_of_file_written_follows_the_umask(tmp_path: Path):
    folder = tmp_path / "in"
    domino_event(folder / "club.xlsx", date="2026-11-30")
    assert run_tally("batch", folder, "-o", tmp_path / "out", "--workers", "2", umask=0o027).returncode == 0
    written = run_tally(
        "rank", tmp_path / "out", "-o", tmp_path / "r.xlsx", "--parquet", tmp_path / "pq", umask=0o027
    )
    assert written.returncode == 0, written.stderr
    made = [tmp_path / "out" / "club-standings.xlsx", tmp_path / "out" / MANIFEST, tmp_path / "r.xlsx"]
    made += sorted((tmp_path / "pq").iterdir())
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in made} == {p.name: 0o640 for p in made}


@pytest.mark.slow
@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_a_replaced_file_keeps_its_mode(tmp_path: Path, umask: int):
    source = domino_event(tmp_path / "club.xlsx")
    out = tmp_path / "club-standings.xlsx"
    assert tally("domino", "standings", source).exit_code == 0
    out.chmod(0o640)
    first = out.stat().st_ino
    done = run_tally("domino", "standings", source, umask=umask)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_ino != first and stat.S_IMODE(out.stat().st_mode) == 0o640


# ---------------------------------------------------------------- signals


@pytest.fixture(scope="module")
def big_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A domino event whose standings take a second or two to write (320 pairs, 51,040 matches)."""
    return domino_event(tmp_path_factory.mktemp("big") / "big.xlsx", pairs=320)


def stopped_mid_write(
    argv: list[str], folder: Path, signum: int, group: bool = False
) -> tuple[int, str, int]:
    """Start tally, send the signal once its temporary file appears under the folder (to the whole process
    group with `group`, as `timeout` and a terminal do); its exit status, stderr and process id."""
    child = subprocess.Popen(
        [*TALLY, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=group
    )
    try:
        deadline = time.monotonic() + NO_HANG
        while not temps(folder):
            assert child.poll() is None, f"tally ended before it was stopped: {child.communicate()}"
            assert time.monotonic() < deadline, "no temporary file appeared"
            time.sleep(0.01)
        if group:
            os.killpg(child.pid, signum)
        else:
            child.send_signal(signum)
        _, stderr = child.communicate(timeout=NO_HANG)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return child.returncode, stderr, child.pid


@pytest.mark.parametrize(
    ("signum", "code"),
    [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGHUP, 129)],
    ids=["TERM", "INT", "HUP"],
)
@pytest.mark.slow
def test_a_signal_during_a_write_leaves_the_previous_output_and_no_temporary_file(
    big_event: Path, tmp_path: Path, signum: int, code: int
):
    out = tmp_path / "standings.xlsx"
    assert tally("domino", "standings", domino_event(tmp_path / "small.xlsx"), "-o", out).exit_code == 0
    before = sha(out)
    status, stderr, _ = stopped_mid_write(
        ["domino", "standings", str(big_event), "-o", str(out)], tmp_path, signum
    )
    assert status == code, stderr
    assert "Traceback" not in stderr
    assert f"stopped by {signal.Signals(signum).name}" in stderr
    assert sha(out) == before
    assert temps(tmp_path) == []


ASKED_TO_STOP = r"""
import json, signal, sys
from pathlib import Path
from pipeline.workbook import atomic
folder = Path(sys.argv[1])
(folder / "out.txt").write_text("previous")
atomic.ask_to_stop(signal.SIGTERM)  # as the handler does; its exception is then lost or replaced
seen = []
for body in ("completes", "raises something else"):
    try:
        with atomic.atomic_target(folder / "out.txt") as tmp:
            tmp.write_text("new")
            if body != "completes":
                raise ValueError("Can't close the ZIP file while there is an open writing handle on it")
    except SystemExit as exc:
        seen.append(exc.code)
print(json.dumps({"codes": seen, "files": sorted(p.name for p in folder.iterdir())}))
"""


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_once_a_stop_is_asked_for_no_write_completes_and_the_stop_wins(tmp_path: Path):
    done = subprocess.run(
        [sys.executable, "-c", ASKED_TO_STOP, str(tmp_path)], capture_output=True, text=True, timeout=NO_HANG
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"codes": [143, 143], "files": ["out.txt"]}
    assert (tmp_path / "out.txt").read_text() == "previous"


def session_processes(sid: int) -> list[int]:
    """The processes still alive in a session."""
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (
                    os.getsid(int(entry.name)) == sid
                    and "Z" not in (entry / "stat").read_text().split(")")[-1][:3]
                ):
                    alive.append(int(entry.name))
            except OSError:
                continue
    return alive


@pytest.mark.slow
def test_sigterm_to_a_batch_and_its_workers_leaves_no_temporary_file(big_event: Path, tmp_path: Path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("monday.xlsx", "tuesday.xlsx"):
        (folder / name).write_bytes(big_event.read_bytes())
    argv = ["batch", str(folder), "--workers", "2"]
    status, stderr, session = stopped_mid_write(argv, folder, signal.SIGTERM, group=True)
    assert status == 143, stderr
    deadline = time.monotonic() + NO_HANG
    while session_processes(session) and time.monotonic() < deadline:  # the workers end too
        time.sleep(0.05)
    assert session_processes(session) == []
    assert "Traceback" not in stderr
    assert temps(folder) == []
    assert not (folder / MANIFEST).exists()
    assert all(written_by_tally(p) for p in folder.glob("*-standings.xlsx"))  # whatever was finished is whole


# ---------------------------------------------------------------- batch: an input is never an output


def test_batch_never_writes_onto_an_input_named_like_an_output(tmp_path: Path):
    folder = tmp_path / "club"
    club = domino_event(folder / "club.xlsx", prefix="P")
    second = domino_event(folder / "club-standings.xlsx", prefix="Q")  # another event, saved under that name
    kept = sha(second)
    result = tally("batch", folder, "--workers", "1")
    assert result.exit_code == 0, result.output
    assert (
        "club.xlsx -> club-standings-2.xlsx (club-standings.xlsx is an input of this batch)" in result.stdout
    )
    assert "2 computed, 0 unchanged, 0 failed" in result.stdout
    assert sha(second) == kept
    club_players = {
        r[1] for r in table_rows(load_workbook(folder / "club-standings-2.xlsx")["Standings"])[1:]
    }
    second_players = {
        r[1] for r in table_rows(load_workbook(folder / "club-standings-standings.xlsx")["Standings"])[1:]
    }
    assert club_players == {"P1", "P2", "P3", "P4"} and second_players == {"Q1", "Q2", "Q3", "Q4"}
    manifest = json.loads((folder / MANIFEST).read_text())["inputs"]
    assert manifest["club.xlsx"]["output"] == "club-standings-2.xlsx"
    assert manifest["club-standings.xlsx"]["output"] == "club-standings-standings.xlsx"
    again = tally("batch", folder, "--workers", "1")
    assert "0 computed, 2 unchanged, 0 failed" in again.stdout
    assert sha(second) == kept and not written_by_tally(club)


def test_batch_takes_the_next_name_beside_a_file_tally_did_not_write(tmp_path: Path):
    folder, out = tmp_path / "in", tmp_path / "out"
    domino_event(folder / "club.xlsx")
    foreign = typed_workbook(out / "club-standings.xlsx")
    kept = sha(foreign)
    result = tally("batch", folder, "-o", out, "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "club.xlsx -> club-standings-2.xlsx (club-standings.xlsx is not tally's)" in result.stdout
    assert sha(foreign) == kept and written_by_tally(out / "club-standings-2.xlsx")
    # saved again by another program, tally's own output is no longer replaced either
    resaved(out / "club-standings-2.xlsx")
    (folder / "club.xlsx").write_bytes(domino_event(tmp_path / "changed.xlsx", shift=5).read_bytes())
    changed = tally("batch", folder, "-o", out, "--workers", "1")
    assert "club.xlsx -> club-standings-3.xlsx (club-standings.xlsx is not tally's)" in changed.stdout
    assert written_by_tally(out / "club-standings-3.xlsx") and not written_by_tally(
        out / "club-standings-2.xlsx"
    )


def test_batch_with_force_replaces_a_file_tally_did_not_write_but_never_an_input(tmp_path: Path):
    folder = tmp_path / "in"
    domino_event(folder / "club.xlsx")
    second = domino_event(folder / "club-standings.xlsx", prefix="Q")
    kept = sha(second)
    foreign = typed_workbook(folder / "club-standings-standings.xlsx")  # where the second event's go
    result = tally("batch", folder, "--workers", "1", "--force")
    assert result.exit_code == 0, result.output
    assert sha(second) == kept  # an input, even with --force
    assert written_by_tally(folder / "club-standings-2.xlsx")
    assert written_by_tally(foreign)  # replaced
    # the second event's standings took their usual name (replacing the file tally did not write): no move
    assert "computed: club-standings.xlsx -> club-standings-standings.xlsx\n" in result.stdout


def test_batch_replaces_its_own_earlier_output_silently(tmp_path: Path):
    folder = tmp_path / "in"
    source = domino_event(folder / "club.xlsx")
    assert tally("batch", folder, "--workers", "1").exit_code == 0
    first = (folder / "club-standings.xlsx").stat().st_ino
    source.write_bytes(domino_event(tmp_path / "changed.xlsx", shift=5).read_bytes())
    result = tally("batch", folder, "--workers", "1")
    assert (
        result.exit_code == 0 and "computed: club.xlsx -> club-standings.xlsx\n" in result.stdout
    )  # no move
    assert "1 computed, 0 unchanged, 0 failed" in result.stdout
    assert (folder / "club-standings.xlsx").stat().st_ino != first
    assert sorted(p.name for p in folder.iterdir()) == sorted([MANIFEST, "club-standings.xlsx", "club.xlsx"])


def test_batch_refuses_a_folder_in_the_manifests_place_before_scoring(tmp_path: Path):
    folder = tmp_path / "in"
    domino_event(folder / "club.xlsx")
    (folder / MANIFEST).mkdir()
    result = tally("batch", folder, "--workers", "1")
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["X003"] and str(folder / MANIFEST) in result.stderr
    assert sorted(p.name for p in folder.iterdir()) == [MANIFEST, "club.xlsx"]


def test_batch_planning_names_are_deterministic_and_never_collide(tmp_path: Path):
    folder = tmp_path / "in"
    a, a_upper, b = folder / "a.xlsx", folder / "a.XLSX", folder / "a-standings.xlsx"
    states = {folder / "a-standings-2.xlsx": "other", folder / "a-standings-3.xlsx": "special"}
    todo, same = planned(
        [a, a_upper, b], ["1", "2", "3"], folder, None, {}, "v", lambda p: states.get(p, "absent")
    )
    assert same == []
    assert {j.key: (j.target.name, j.moved) for j in todo} == {
        "a.XLSX": ("a-standings-4.xlsx", "a-standings.xlsx is an input of this batch"),
        "a-standings.xlsx": ("a-standings-standings.xlsx", ""),
        "a.xlsx": ("a-standings-5.xlsx", "a-standings.xlsx is an input of this batch"),
    }
    forced, _ = planned(
        [a, b], ["1", "3"], folder, None, {}, "v", lambda p: states.get(p, "absent"), force=True
    )
    assert [(j.key, j.target.name) for j in forced] == [
        ("a-standings.xlsx", "a-standings-standings.xlsx"),
        ("a.xlsx", "a-standings-2.xlsx"),
    ]
    assert output_path(a, folder, tmp_path / "out", 2) == tmp_path / "out" / "a-standings-2.xlsx"


# ---------------------------------------------------------------- rank: every output checked first


def test_rank_parquet_at_an_existing_file_is_refused_before_anything_is_written(tmp_path: Path):
    events = season(tmp_path / "season")
    typed = typed_workbook(tmp_path / "tables")
    result = tally("rank", events, "-o", tmp_path / "ranking.xlsx", "--parquet", typed)
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"] and "--parquet" in result.stderr
    assert not (tmp_path / "ranking.xlsx").exists()


def test_rank_refuses_one_foreign_parquet_table_before_writing_anything(tmp_path: Path):
    events = season(tmp_path / "season")
    (tmp_path / "pq").mkdir()
    pd.DataFrame({"typed": [TYPED]}).to_parquet(tmp_path / "pq" / "rules.parquet")
    result = tally("rank", events, "-o", tmp_path / "ranking.xlsx", "--parquet", tmp_path / "pq")
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"] and "rules.parquet" in result.stderr
    assert not (tmp_path / "ranking.xlsx").exists()
    assert sorted(p.name for p in (tmp_path / "pq").iterdir()) == ["rules.parquet"]


# ---------------------------------------------------------------- --debug anywhere; diff's exit status

BROKEN = (
    "import sys, pipeline.api as api\n"
    "def boom(*a, **k): raise RuntimeError('boom')\n"
    "api.standings_of = boom\n"
    "from pipeline.cli import main\n"
    "main()\n"
)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["after the subcommand", "at the end", "before the command"])
def test_debug_works_anywhere_on_the_command_line(tmp_path: Path, where: str):
    source = domino_event(tmp_path / "club.xlsx")
    args = {
        "after the subcommand": ["domino", "standings", "--debug", str(source)],
        "at the end": ["domino", "standings", str(source), "--debug"],
        "before the command": ["--debug", "domino", "standings", str(source)],
    }[where]
    plain = subprocess.run(
        [sys.executable, "-c", BROKEN, "domino", "standings", str(source)],
        capture_output=True,
        text=True,
        timeout=NO_HANG,
    )
    assert plain.returncode == 3 and codes_in(plain.stderr) == ["X002"]
    assert "RuntimeError: boom (run with --debug" in plain.stderr  # the wording: how to see the traceback
    traced = subprocess.run(
        [sys.executable, "-c", BROKEN, *args], capture_output=True, text=True, timeout=NO_HANG
    )
    assert traced.returncode == 1 and "Traceback" in traced.stderr and "RuntimeError: boom" in traced.stderr


def test_debug_after_a_double_dash_is_left_alone():
    assert arguments_with_debug_first(["domino", "standings", "x.xlsx", "--debug"]) == [
        "--debug",
        "domino",
        "standings",
        "x.xlsx",
    ]
    assert arguments_with_debug_first(["template", "--", "--debug"]) == ["template", "--", "--debug"]
    assert arguments_with_debug_first(["validate", "x.xlsx"]) == ["validate", "x.xlsx"]


def test_diff_exits_0_with_changes_and_says_so_in_its_help(tmp_path: Path):
    old, new = diff_inputs(tmp_path)
    result = tally("diff", old, new)
    assert result.exit_code == 0 and "change(s)" in result.stdout and "no changes" not in result.stdout
    assert "Exit 0 whether or not there are changes" in " ".join(tally("diff", "--help").stdout.split())
