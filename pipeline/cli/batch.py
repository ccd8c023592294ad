"""`tally batch`: every results workbook under a folder, scored in parallel, unchanged ones skipped."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline import __version__
from pipeline.batch import Job, manifest_entries, planned
from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    DEFAULT_WORKERS,
    EngineName,
    MaxUnzipped,
    Scheduler,
    Workers,
    guarded,
)
from pipeline.engines import Engine, running
from pipeline.errors import UsageError
from pipeline.tasks import scored_file, scoring_crashed
from pipeline.workbook.files import content_hash, input_workbooks, read_manifest, write_manifest


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


def run_batch(
    folder: Path, out: Path | None, engine: Engine, max_unzipped_mb: int
) -> list[tuple[Job, str, str, str]]:
    """Plan, score and record one batch; prints the summary and returns what was scored."""
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a folder")
    home = out or folder
    manifest = read_manifest(home)
    sources = input_workbooks(folder)
    todo, unchanged = planned(
        sources, [digest_or_blank(s) for s in sources], folder, out, manifest, __version__
    )
    done = scored_jobs(todo, engine, max_unzipped_mb) if todo else []
    write_manifest(home, manifest_entries(unchanged, done, manifest, __version__, home), __version__)
    failed = [(job, message) for job, status, message, _ in done if status != "ok"]
    typer.echo(f"{len(done) - len(failed)} computed, {len(unchanged)} unchanged, {len(failed)} failed")
    for job, message in failed:  # the failures, each with its first located problem
        typer.echo(f"  - {job.key}: {message}", err=True)
    return done


def batch(
    folder: Path = typer.Argument(..., help="The folder to search (subfolders too) for results workbooks."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Where to write the standings (default: beside each input)."
    ),
    workers: Workers = DEFAULT_WORKERS,
    engine: EngineName = "local",
    scheduler: Scheduler = None,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Score every domino and bridge results workbook under FOLDER; unchanged ones are skipped.

    A manifest (.tally-manifest.json in OUT, or in FOLDER) records each input's content hash and the tally
    version; a second run over an unchanged folder does no work. Exit 1 if any workbook failed (the others
    are still written).

    Example: tally batch results/ -o standings/ --workers 2
    """
    done = guarded(lambda: run_batch(folder, out, Engine(engine, workers, scheduler), max_unzipped_mb))
    if any(status != "ok" for _, status, _, _ in done):
        raise typer.Exit(1)
