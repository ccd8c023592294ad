"""`tally domino ...`: domino commands."""

from __future__ import annotations

from enum import StrEnum
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
from pipeline.games.domino.load import entrants
from pipeline.games.domino.schedule import (
    individual_schedule,
    numbered_entrants,
    pairs_schedule,
    schedule_sheets,
)
from pipeline.games.registry import DOMINO
from pipeline.problems import InputError, Problem, UsageError
from pipeline.workbook import Limits, Workbook, read_workbook, write_workbook
from pipeline.workbook.targets import output_target
from schemas.domino import TARGET

app = typer.Typer(
    help="Domino tournaments: standings from a results workbook.\n\n"
    "Example: tally domino standings club-night.xlsx",
    no_args_is_help=True,
)


def score_domino(
    source: Path,
    out: Path | str | None,
    book: Workbook | None = None,
    limits: Limits | None = None,
    force: bool = False,
) -> Path:
    """Read, validate, compute and write one domino workbook; returns the output path."""
    return scored_workbook(source, out, DOMINO, book, limits, force)


@app.command()
def standings(
    results: Path = typer.Argument(..., help="The results workbook (.xlsx) with a Matches sheet."),
    out: str | None = out_option(
        None, "Where to write the standings: a file, or a folder (default: <input>-standings.xlsx beside it)."
    ),
    force: Force = False,
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Compute the standings of a domino event and write them as a formatted workbook.

    Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx
    """
    written = guarded(
        lambda: score_domino(results, out, limits=Limits(max_unzipped_mb), force=force), show_all=show_all
    )
    typer.echo(f"wrote {written}")


class Format(StrEnum):
    """How the entrants are seated."""

    pairs = "pairs"
    individual = "individual"


def scheduled_workbook(
    players: Path | None,
    entrants_count: int | None,
    out: Path | str,
    rounds: int | None,
    target: int,
    event: str,
    seating: Format = Format.pairs,
    seed: int = 0,
    avoid_clubs: bool = False,
    force: bool = False,
) -> Path:
    """Read the entrants (or number them), make the round robin and write the workbook to fill in."""
    if (players is None) == (entrants_count is None):
        raise UsageError("give a players workbook or --entrants N, not both and not neither")
    name = "schedule.xlsx" if players is None else f"{players.stem}-schedule.xlsx"
    out = output_target(out, default_name=name, force=force, inputs=[] if players is None else [players])
    if players is not None:
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
    title = event or (players.stem if players else "Round robin")
    if seating is Format.individual:
        if len(table) < 4:
            problem = f"tables of four need 4 players or more; found {len(table)}"
            raise InputError([Problem("Players", None, None, None, problem)])
        matches, byes, report = individual_schedule(table, rounds, seed, avoid_clubs)
        repeats = dict(report.to_numpy().tolist())
        typer.echo(
            "partners repeated: {}; pairs meeting as opponents more than twice: {}; most meetings: {}".format(
                repeats["Pairs of players who partner more than once"],
                repeats["Pairs of players who meet as opponents more than twice"],
                repeats["Most times two players meet as opponents"],
            )
        )
        sheets = schedule_sheets(table, matches, byes, target, title, report)
    else:
        matches, byes = pairs_schedule(table, rounds, avoid_clubs, seed)
        sheets = schedule_sheets(table, matches, byes, target, title)
    return write_workbook(out, sheets, title=title)


@app.command()
def schedule(
    players: Path | None = typer.Argument(
        None, help="A workbook with a Players sheet (ID, Name, optional Club)."
    ),
    out: str = out_option(
        ..., "The event workbook to write: a file, or a folder (then <players>-schedule.xlsx inside it)."
    ),
    entrants_count: int | None = typer.Option(
        None, "--entrants", min=2, help="Number the entrants 1..N instead."
    ),
    rounds: int | None = typer.Option(None, "--rounds", min=1, help="Only the first N rounds."),
    target: int = typer.Option(
        100,
        "--target",
        min=int(TARGET.low),
        max=int(TARGET.high),
        help=f"The target in pips (Settings Target), {TARGET.words}.",
    ),
    event: str = typer.Option("", "--event", help="The event's name (Settings Event)."),
    seating: Format = typer.Option(
        Format.pairs,
        "--format",
        help="pairs: fixed pairs or one-on-one; individual: tables of four, partners rotate.",
    ),
    seed: int = typer.Option(0, "--seed", help="The same seed gives the same schedule."),
    avoid_clubs: bool = typer.Option(
        False,
        "--avoid-clubs",
        help="Players of the same Club meet (or partner) in the last rounds, not the first.",
    ),
    force: Force = False,
) -> None:
    """Make the rounds of a domino event and write the workbook to fill in.

    pairs: a round robin by the circle method (Berger tables): every entrant meets every other once over n-1
    rounds (n rounds with one bye each when n is odd; byes are listed on the Byes sheet, not in Matches).
    individual: tables of four with partners rotating; no two players partner twice, everyone partners
    everyone once when the count is 0 or 1 modulo 4; repeated opponents are kept low and reported.
    Fill in A Pips and B Pips, then run `tally domino standings`. Run again onto a workbook someone has typed
    into, it refuses (exit 2) unless --force.

    Example: tally domino schedule players.xlsx -o club-night.xlsx --target 100
    """
    written = guarded(
        lambda: scheduled_workbook(
            players, entrants_count, out, rounds, target, event, seating, seed, avoid_clubs, force
        )
    )
    typer.echo(f"wrote {written}")
