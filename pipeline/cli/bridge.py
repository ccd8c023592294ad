"""`tally bridge ...`: contract bridge commands."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline.cli.common import DEFAULT_UNZIPPED, MaxUnzipped, ShowAll, guarded, scored_workbook
from pipeline.games import BRIDGE
from pipeline.workbook import Limits, Workbook

app = typer.Typer(
    help="Contract bridge: matchpoints, IMPs, Butler, total points and teams with victory points.\n\n"
    "Example: tally bridge standings club-pairs.xlsx",
    no_args_is_help=True,
)


def score_bridge(
    source: Path, out: Path | None, book: Workbook | None = None, limits: Limits | None = None
) -> Path:
    """Read, validate, compute and write one bridge workbook; returns the output path."""
    return scored_workbook(source, out, BRIDGE, book, limits)


@app.command()
def standings(
    results: Path = typer.Argument(..., help="The results workbook (.xlsx) with a Results sheet."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Where to write the standings (default: <input>-standings.xlsx)."
    ),
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Score a bridge event (Settings: Scoring = MP, Cross-IMP, Butler, TP or Teams) and write the standings.

    Example: tally bridge standings club-pairs.xlsx -o club-pairs-standings.xlsx
    """
    written = guarded(lambda: score_bridge(results, out, limits=Limits(max_unzipped_mb)), show_all=show_all)
    typer.echo(f"wrote {written}")
