"""`tally batch`: every results workbook under a folder, scored in parallel, unchanged ones skipped."""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import typer

from pipeline import __version__
from pipeline.batch import Job, manifest_entries, planned
from pipeline.cli.common import DEFAULT_UNZIPPED, MaxUnzipped, guarded, standings_workbook
from pipeline.errors import InputError, UsageError
from pipeline.games import game_of
from pipeline.workbook import Limits, read_workbook
from pipeline.workbook.files import content_hash, input_workbooks, read_manifest, write_manifest


def score_file(source: str, target: str, max_unzipped_mb: int) -> tuple[str, str]:
    """Score one workbook (in a worker process): ("ok", "") or ("failed", its first located problem)."""
    try:
        book = read_workbook(Path(source), limits=Limits(max_unzipped_mb))
        standings_workbook(Path(source), Path(target), game_of(book.sheets), book)
        return "ok", ""
    except InputError as exc:
        listed = exc.errors or exc.problems
        return "failed", str(listed[0]) if listed else str(exc)
    except Exception as exc:  # one broken file must not stop the others
        return "failed", f"internal error: {type(exc).__name__}: {exc}"


def scored_jobs(jobs: list[Job], workers: int, max_unzipped_mb: int) -> list[tuple[Job, str, str]]:
    """Every job scored, in worker processes when there are several workers; a progress bar on a terminal."""
    done: list[tuple[Job, str, str]] = []
    show = sys.stderr.isatty() and len(jobs) > 1
    with typer.progressbar(length=len(jobs), label="scoring", file=sys.stderr) if show else _quiet() as bar:
        if workers == 1 or len(jobs) < 2:
            for job in jobs:  # one workbook after another
                done.append((job, *score_file(str(job.source), str(job.target), max_unzipped_mb)))
                bar.update(1)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {
                    pool.submit(score_file, str(job.source), str(job.target), max_unzipped_mb): job
                    for job in jobs
                }
                for future in as_completed(futures):  # workbooks as they finish
                    done.append((futures[future], *future.result()))
                    bar.update(1)
    return sorted(done, key=lambda d: d[0].key)


class _quiet:
    """A progress bar that shows nothing (output is not a terminal)."""

    def __enter__(self) -> _quiet:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        """Nothing to draw."""


def run_batch(
    folder: Path, out: Path | None, workers: int, max_unzipped_mb: int
) -> list[tuple[Job, str, str]]:
    """Plan, score and record one batch; prints the summary and returns what was scored."""
    if not folder.is_dir():
        raise UsageError(f"{folder}: not a folder")
    home = out or folder
    manifest = read_manifest(home)
    sources = input_workbooks(folder)
    todo, unchanged = planned(sources, [content_hash(s) for s in sources], folder, out, manifest, __version__)
    done = scored_jobs(todo, workers, max_unzipped_mb)
    write_manifest(home, manifest_entries(unchanged, done, manifest, __version__, home), __version__)
    failed = [(job, message) for job, status, message in done if status != "ok"]
    typer.echo(f"{len(done) - len(failed)} computed, {len(unchanged)} unchanged, {len(failed)} failed")
    for job, message in failed:  # the failures, each with its first located problem
        typer.echo(f"  - {job.key}: {message}", err=True)
    return done


def batch(
    folder: Path = typer.Argument(..., help="The folder to search (subfolders too) for results workbooks."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Where to write the standings (default: beside each input)."
    ),
    workers: int = typer.Option(os.cpu_count() or 1, "--workers", min=1, help="Parallel worker processes."),
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Score every domino and bridge results workbook under FOLDER; unchanged ones are skipped.

    A manifest (.tally-manifest.json in OUT, or in FOLDER) records each input's content hash and the tally
    version; a second run over an unchanged folder does no work. Exit 1 if any workbook failed (the others
    are still written).

    Example: tally batch results/ -o standings/ --workers 2
    """
    done = guarded(lambda: run_batch(folder, out, workers, max_unzipped_mb))
    if any(status != "ok" for _, status, _ in done):
        raise typer.Exit(1)
