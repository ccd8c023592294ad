"""`tally domino ...`: domino commands."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    MaxUnzipped,
    ShowAll,
    checked_output,
    guarded,
    scored_workbook,
)
from pipeline.domino.load import entrants
from pipeline.domino.schedule import numbered_entrants, pairs_schedule, schedule_sheets
from pipeline.errors import InputError, Problem, UsageError
from pipeline.games import DOMINO
from pipeline.workbook import Limits, Workbook, read_workbook, write_workbook

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


def scheduled_workbook(
    players: Path | None, entrants_count: int | None, out: Path, rounds: int | None, target: int, event: str
) -> Path:
    """Read the entrants (or number them), make the round robin and write the workbook to fill in."""
    if (players is None) == (entrants_count is None):
        raise UsageError("give a players workbook or --entrants N, not both and not neither")
    if players is not None:
        out = checked_output(players, out)
        table = entrants(read_workbook(players).sheets)
    else:
        table = numbered_entrants(entrants_count or 0)
    if len(table) < 2:
        raise InputError(
            [
                Problem(
                    "Players", None, None, None, f"a round robin needs 2 entrants or more; found {len(table)}"
                )
            ]
        )
    matches, byes = pairs_schedule(table, rounds)
    title = event or (players.stem if players else "Round robin")
    return write_workbook(out, schedule_sheets(table, matches, byes, target, title), title=title)


@app.command()
def schedule(
    players: Path | None = typer.Argument(
        None, help="A workbook with a Players sheet (ID, Name, optional Club)."
    ),
    out: Path = typer.Option(..., "--out", "-o", help="The event workbook to write."),
    entrants_count: int | None = typer.Option(
        None, "--entrants", min=2, help="Number the entrants 1..N instead."
    ),
    rounds: int | None = typer.Option(None, "--rounds", min=1, help="Only the first N rounds."),
    target: int = typer.Option(100, "--target", min=1, help="The target in pips (Settings Target)."),
    event: str = typer.Option("", "--event", help="The event's name (Settings Event)."),
) -> None:
    """Make a round robin of fixed pairs (or one-on-one) by the circle method and write the workbook to fill in.

    Every entrant meets every other once over n-1 rounds (n rounds with one bye each when n is odd; byes are
    listed on the Byes sheet, not in Matches). Fill in A Pips and B Pips, then run `tally domino standings`.

    Example: tally domino schedule players.xlsx -o club-night.xlsx --target 100
    """
    written = guarded(lambda: scheduled_workbook(players, entrants_count, out, rounds, target, event))
    typer.echo(f"wrote {written}")
