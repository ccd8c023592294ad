"""`tally bridge ...`: contract bridge commands."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline.bridge.load import bridge_event
from pipeline.bridge.report import bridge_sheets
from pipeline.bridge.tally import bridge_tables
from pipeline.cli.common import ShowAll, guarded, report_problems
from pipeline.cli.domino import checked_output
from pipeline.errors import InputError
from pipeline.workbook import Workbook, read_workbook, write_workbook

app = typer.Typer(
    help="Contract bridge: matchpoints, IMPs, Butler, total points and teams with victory points.\n\n"
    "Example: tally bridge standings club-pairs.xlsx",
    no_args_is_help=True,
)


def score_bridge(source: Path, out: Path | None, book: Workbook | None = None) -> Path:
    """Read, validate, score and write one bridge workbook; returns the output path."""
    target = checked_output(source, out)
    try:
        event = bridge_event((book or read_workbook(source)).sheets)
    except InputError as exc:
        exc.source = exc.source or str(source)
        raise
    if event.warnings:
        report_problems(event.warnings, str(source))
    tables = bridge_tables(event)
    title = event.settings.event or source.stem
    return write_workbook(target, bridge_sheets(event, tables), title=f"{title} standings")


@app.command()
def standings(
    results: Path = typer.Argument(..., help="The results workbook (.xlsx) with a Results sheet."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Where to write the standings (default: <input>-standings.xlsx)."
    ),
    show_all: ShowAll = False,
) -> None:
    """Score a bridge event (Settings: Scoring = MP, Cross-IMP, Butler, TP or Teams) and write the standings.

    Example: tally bridge standings club-pairs.xlsx -o club-pairs-standings.xlsx
    """
    written = guarded(lambda: score_bridge(results, out), show_all=show_all)
    typer.echo(f"wrote {written}")
