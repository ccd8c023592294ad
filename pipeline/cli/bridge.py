"""`tally bridge ...`: contract bridge commands."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    Force,
    MaxUnzipped,
    ShowAll,
    guarded,
    out_option,
    scored_workbook,
)
from pipeline.games.bridge.load import entrant_teams
from pipeline.games.bridge.schedule import teams_schedule_sheets
from pipeline.games.registry import BRIDGE
from pipeline.problems import InputError, Problem
from pipeline.workbook import Limits, Workbook, read_workbook, write_workbook
from pipeline.workbook.targets import output_target

app = typer.Typer(
    help="Contract bridge: matchpoints, IMPs, Butler, total points and teams with victory points.\n\n"
    "Example: tally bridge standings club-pairs.xlsx",
    no_args_is_help=True,
)


def score_bridge(
    source: Path,
    out: Path | str | None,
    book: Workbook | None = None,
    limits: Limits | None = None,
    force: bool = False,
) -> Path:
    """Read, validate, compute and write one bridge workbook; returns the output path."""
    return scored_workbook(source, out, BRIDGE, book, limits, force)


@app.command()
def standings(
    results: Path = typer.Argument(..., help="The results workbook (.xlsx) with a Results sheet."),
    out: str | None = out_option(
        None, "Where to write the standings: a file, or a folder (default: <input>-standings.xlsx beside it)."
    ),
    force: Force = False,
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Score a bridge event (Settings: Scoring = MP, Cross-IMP, Butler, TP or Teams) and write the standings.

    Example: tally bridge standings club-pairs.xlsx -o club-pairs-standings.xlsx
    """
    written = guarded(
        lambda: score_bridge(results, out, limits=Limits(max_unzipped_mb), force=force), show_all=show_all
    )
    typer.echo(f"wrote {written}")


def scheduled_teams(
    teams: Path, out: Path | str, rounds: int | None, event: str, force: bool = False
) -> Path:
    """Read the teams, make the round robin and write the workbook to fill in."""
    out = output_target(out, default_name=f"{teams.stem}-schedule.xlsx", force=force, inputs=[teams])
    table = entrant_teams(read_workbook(teams).sheets)
    if len(table) < 2:
        raise InputError(
            [Problem("Teams", None, None, None, f"a round robin needs 2 teams or more; found {len(table)}")]
        )
    title = event or teams.stem
    return write_workbook(out, teams_schedule_sheets(table, rounds, title), title=title)


@app.command()
def schedule(
    teams: Path = typer.Argument(..., help="A workbook with a Teams sheet (Team, Names)."),
    out: str = out_option(
        ..., "The event workbook to write: a file, or a folder (then <teams>-schedule.xlsx inside it)."
    ),
    rounds: int | None = typer.Option(None, "--rounds", min=1, help="Only the first N rounds."),
    event: str = typer.Option("", "--event", help="The event's name (Settings Event)."),
    force: Force = False,
) -> None:
    """Make a teams round robin by the circle method and write the workbook to fill in (Matches, empty Results).

    Every team meets every other once; home and away are balanced (home sits NS in the Open room); with an odd
    number of teams each round has one bye, listed on the Byes sheet.

    Example: tally bridge schedule teams.xlsx -o league.xlsx
    """
    written = guarded(lambda: scheduled_teams(teams, out, rounds, event, force))
    typer.echo(f"wrote {written}")
