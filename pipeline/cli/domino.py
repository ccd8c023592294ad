"""`tally domino ...`: domino commands."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline.cli.common import DEFAULT_UNZIPPED, MaxUnzipped, ShowAll, guarded, scored_workbook
from pipeline.games import DOMINO
from pipeline.workbook import Limits, Workbook

app = typer.Typer(
    help="Domino tournaments: standings from a results workbook.\n\n"
    "Example: tally domino standings club-night.xlsx",
    no_args_is_help=True,
)


def score_domino(
    source: Path, out: Path | None, book: Workbook | None = None, limits: Limits | None = None
) -> Path:
    """Read, validate, compute and write one domino workbook; returns the output path."""
    return scored_workbook(source, out, DOMINO, book, limits)


@app.command()
def standings(
    results: Path = typer.Argument(..., help="The results workbook (.xlsx) with a Matches sheet."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Where to write the standings (default: <input>-standings.xlsx)."
    ),
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Compute the standings of a domino event and write them as a formatted workbook.

    Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx
    """
    written = guarded(lambda: score_domino(results, out, limits=Limits(max_unzipped_mb)), show_all=show_all)
    typer.echo(f"wrote {written}")
