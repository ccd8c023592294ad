"""`tally batch`: every results workbook under a folder, scored in parallel, unchanged ones skipped."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import typer

from pipeline import __version__
from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    DEFAULT_WORKERS,
    EngineName,
    Force,
    MaxUnzipped,
    Scheduler,
    Workers,
    folder_option,
    guarded,
)
from pipeline.federation.batch import Job, manifest_entries, planned
from pipeline.federation.engines import Engine, running
from pipeline.federation.tasks import scored_file, scoring_crashed
from pipeline.problems import CannotWrite, UsageError
from pipeline.workbook.files import MANIFEST, content_hash, input_workbooks, read_manifest, write_manifest
from pipeline.workbook.targets import output_folder, path_state, writable_folder


def scored_jobs(jobs: list[Job], engine: Engine, max_unzipped_mb: int) -> list[tuple[Job, str, str, str]]:
    """Every job scored on the engine (one task per workbook), by input path: (job, status, first problem,
    the SHA-256 of the bytes scored)."""
    with running(engine) as runner:
        items = [(str(job.source), str(job.target), max_unzipped_mb) for job in jobs]
        results = runner.map(scored_file, items, "scoring", scoring_crashed)
    return sorted(((job, *result) for job, result in zip(jobs, results, strict=True)), key=lambda d: d[0].key)


def digest_or_blank(path: Path) -> str:
    """The file's SHA-256, or '' when it cannot be read (it is then scored, and fails with the reason)."""
    try:
        return content_hash(path) if path.is_file() else ""
    except OSError:
        return ""


def check_manifest_place(home: Path) -> None:
    """CannotWrite, before anything is scored, if something other than a regular file holds the manifest's
    place (a folder named .tally-manifest.json)."""
    path = home / MANIFEST
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CannotWrite(f"cannot write {path}: {exc.strerror or exc}; nothing was scored") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise CannotWrite(
            f"cannot write the batch manifest {path}: {kind} is in its place; move it away and run again "
            "(nothing was scored)"
        )


def run_batch(
    folder: Path, out: Path | None, engine: Engine, max_unzipped_mb: int, force: bool = False
) -> list[tuple[Job, str, str, str]]:
    """Plan, score and record one batch; prints the summary and returns what was scored. No input is ever an
    output, and no file tally did not write is replaced (unless --force): the standings take the next free
    name (`<stem>-standings-2.xlsx`) instead."""
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a folder")
    if out is not None:
        out = output_folder(out, option="--out")
    home = out or folder
    check_manifest_place(home)
    writable_folder(home)
    manifest = read_manifest(home)
    sources = input_workbooks(folder)
    digests = [digest_or_blank(s) for s in sources]
    todo, unchanged = planned(sources, digests, folder, out, manifest, __version__, path_state, force)
    for job in todo:  # the outputs that could not take the usual name
        if job.moved:
            typer.echo(f"{job.key} -> {Path(os.path.relpath(job.target, home)).as_posix()} ({job.moved})")
    done = scored_jobs(todo, engine, max_unzipped_mb) if todo else []
    failed = [(job, message) for job, status, message, _ in done if status != "ok"]
    typer.echo(f"{len(done) - len(failed)} computed, {len(unchanged)} unchanged, {len(failed)} failed")
    for job, message in failed:  # the failures, each with its first located problem
        typer.echo(f"  - {job.key}: {message}", err=True)
    write_manifest(home, manifest_entries(unchanged, done, manifest, __version__, home), __version__)
    return done


def batch(
    folder: Path = typer.Argument(..., help="The folder to search (subfolders too) for results workbooks."),
    out: Path | None = folder_option(
        None, "The folder to write the standings to (default: beside each input)."
    ),
    workers: Workers = DEFAULT_WORKERS,
    engine: EngineName = "local",
    scheduler: Scheduler = None,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
    force: Force = False,
) -> None:
    """Score every domino and bridge results workbook under FOLDER; unchanged ones are skipped.

    Each input's standings go to <stem>-standings.xlsx; when that name is an input, another input's output
    or a file tally did not write, they go to <stem>-standings-2.xlsx (-3, ...) instead, and the summary says
    so. A manifest (.tally-manifest.json in OUT, or in FOLDER) records each input's content hash, the tally
    version and the output used; a second run over an unchanged folder does no work. Exit 1 if any workbook
    failed (the others are still written) or the manifest cannot be written.

    Example: tally batch results/ -o standings/ --workers 2
    """
    done = guarded(lambda: run_batch(folder, out, Engine(engine, workers, scheduler), max_unzipped_mb, force))
    if any(status != "ok" for _, status, _, _ in done):
        raise typer.Exit(1)
