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
    swiss: bool = typer.Option(
        False,
        "--swiss",
        help="A Swiss teams event: add the next round to the event workbook given (docs/swiss.md).",
    ),
    force: Force = False,
) -> None:
    """Make a teams round robin by the circle method and write the workbook to fill in (Matches, empty Results).

    Every team meets every other once; home and away are balanced (home sits NS in the Open room); with an odd
    number of teams each round has one bye, listed on the Byes sheet.

    With --swiss, the event workbook given gains its next Swiss round (the first from a Teams sheet alone):
    top against next by the standings so far, no rematch, a bye to the lowest team without one.

    Example: tally bridge schedule teams.xlsx -o league.xlsx
    Example: tally bridge schedule swiss.xlsx --swiss -o swiss-round-2.xlsx
    """
    if swiss:
        drawn = guarded(lambda: api.swiss_round(teams, out, name=event, rounds=rounds, force=force))
        typer.echo(f"wrote {drawn.path}: round {drawn.round}")
        return
    written = guarded(lambda: api.teams_schedule(teams, out, rounds=rounds, event=event, force=force))
    typer.echo(f"wrote {written}")


def add_commands(group: typer.Typer) -> None:
    """The bridge commands beyond `standings`."""
    group.command()(schedule)
