"""`tally bridge ...`: the bridge commands beyond `standings` (built from the game's declaration)."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline import api
from pipeline.cli.common import Force, guarded, out_option


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
    written = guarded(lambda: api.teams_schedule(teams, out, rounds=rounds, event=event, force=force))
    typer.echo(f"wrote {written}")


def add_commands(group: typer.Typer) -> None:
    """The bridge commands beyond `standings`."""
    group.command()(schedule)
