"""`tally batch`: every results workbook under a folder, scored in parallel, unchanged ones skipped."""

import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    DEFAULT_WORKERS,
    EngineName,
    Force,
    Lang,
    MaxUnzipped,
    Scheduler,
    Workers,
    folder_option,
    guarded,
    spoken,
)
from pipeline.i18n import _
from pipeline.workbook.limits import Limits

if TYPE_CHECKING:
    from pipeline.federation.batch import BatchRun


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
    publish: Path | None = folder_option(
        None,
        "Also write a site of every event (a site each, and an index linking them) into this folder.",
        "--publish",
    ),
    lang: Lang = None,
    members: Path | None = typer.Option(
        None,
        "--members",
        help="The federation's members register (Member ID, Name, Club, Active Until): each event's Members "
        "sheet is filled from it (names from numbers, numbers from names it holds once).",
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="Print the counts only, not the files computed and skipped."
    ),
) -> None:
    """Score every domino and bridge results workbook (and PBN or USEBIO results file) under FOLDER; unchanged
    ones are skipped.

    Each input's standings go to <stem>-standings.xlsx; when that name is an input, another input's output
    or a file tally did not write, they go to <stem>-standings-2.xlsx (-3, ...) instead, and the summary says
    so. A manifest (.tally-manifest.json in OUT, or in FOLDER) records each input's content hash, the tally
    version and the output used; a second run over an unchanged folder does no work. Exit 1 if any workbook
    failed (the others are still written) or the manifest cannot be written.

    A bridge event takes the deals of the PBN file of the same name beside it (club.pbn beside club.xlsx or
    club.xml), which is then no event of its own; the summary says so (W143). A PBN file of deals only that no
    event takes is not scored (W144); an .xml file that is not USEBIO is passed over.

    With --publish SITE, every event scored or unchanged is also published (from its standings workbook) as a
    site in SITE/<workbook>/, with SITE/index.html linking them (see tally publish).

    With --lang, every event's standings are written in that language; without it, each in its own (the
    Language setting, else the workbook's language), as `tally <game> standings` does. The summary is in
    --lang, else English; each failure in its event's language.

    Example: tally batch results/ -o standings/ --workers 2
    """
    from pipeline import api
    from pipeline.federation.engines import Engine

    chosen = spoken(lang)
    run = guarded(
        lambda: api.batch(
            folder,
            out,
            engine=Engine(engine, workers, scheduler),
            limits=Limits(max_unzipped_mb),
            force=force,
            publish=publish,
            scored=lambda run: summary(run, quiet),
            lang=chosen,
            members=members,
        )
    )
    if run.failed:
        raise typer.Exit(1)


def summary(run: "BatchRun", quiet: bool = False) -> None:
    """The batch's summary (in the language spoken: --lang, else English): every file computed (with its
    standings), the deals' notes, every file skipped with why, then the counts of the four outcomes; each
    failure with its first problem on stderr. `quiet`: the counts and the failures only."""
    if not quiet:
        for job in run.computed:  # each file scored, and where its standings went
            target = Path(os.path.relpath(job.target, run.home)).as_posix()
            moved = f" ({job.moved})" if job.moved else ""
            typer.echo(_("computed: {file} -> {target}", file=job.key, target=target) + moved)
        for line in run.notes:  # deals taken from the PBN file beside the results
            typer.echo(f"  - {line}")
        for problem in run.skipped:  # every other file, and why it was not scored
            typer.echo(f"  - {problem.line}")
    typer.echo(
        _(
            "{computed} computed, {unchanged} unchanged, {failed} failed, {skipped} skipped",
            computed=len(run.computed),
            unchanged=len(run.unchanged),
            failed=len(run.failed),
            skipped=len(run.skipped),
        )
    )
    for job, message in run.failed:  # the failures, each with its first located problem
        typer.echo(f"  - {job.key}: {message}", err=True)
