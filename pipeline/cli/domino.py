"""`tally domino ...`: domino commands."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline.cli.common import ShowAll, guarded, report_problems
from pipeline.domino.load import domino_event
from pipeline.domino.report import domino_sheets
from pipeline.domino.tally import domino_tables
from pipeline.errors import InputError, UsageError
from pipeline.workbook import Workbook, read_workbook, write_workbook

app = typer.Typer(
    help="Domino tournaments: standings from a results workbook.\n\n"
    "Example: tally domino standings club-night.xlsx",
    no_args_is_help=True,
)


def default_output(source: Path) -> Path:
    """`<input stem>-standings.xlsx` beside the input."""
    return source.with_name(f"{source.stem}-standings.xlsx")


def checked_output(source: Path, out: Path | None) -> Path:
    """The output path, refusing the input itself."""
    target = out or default_output(source)
    if target.resolve() == source.resolve():
        raise UsageError("the output path is the input workbook; tally never overwrites its input")
    return target


def score_domino(source: Path, out: Path | None, book: Workbook | None = None) -> Path:
    """Read, validate, compute and write one domino workbook; returns the output path."""
    target = checked_output(source, out)
    try:
        event = domino_event((book or read_workbook(source)).sheets)
    except InputError as exc:
        exc.source = exc.source or str(source)
        raise
    if event.warnings:
        report_problems(event.warnings, str(source))
    tables = domino_tables(event)
    title = event.settings.event or source.stem
    return write_workbook(target, domino_sheets(event, tables), title=f"{title} standings")


@app.command()
def standings(
    results: Path = typer.Argument(..., help="The results workbook (.xlsx) with a Matches sheet."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Where to write the standings (default: <input>-standings.xlsx)."
    ),
    show_all: ShowAll = False,
) -> None:
    """Compute the standings of a domino event and write them as a formatted workbook.

    Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx
    """
    written = guarded(lambda: score_domino(results, out), show_all=show_all)
    typer.echo(f"wrote {written}")
