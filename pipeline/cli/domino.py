"""`tally domino ...`: the domino commands beyond `standings` (built from the game's declaration)."""

from enum import StrEnum
from pathlib import Path

import typer

from pipeline.cli.common import (
    Force,
    Lang,
    guarded,
    members_option,
    out_option,
    registered,
    report_registered,
)
from pipeline.i18n import _
from schemas.plain import POINTS_TARGET, TARGET, TARGET_SETTING_NAME


class Format(StrEnum):
    """How the entrants are seated."""

    pairs = "pairs"
    individual = "individual"


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
        POINTS_TARGET,
        "--target",
        min=int(TARGET.low),
        max=int(TARGET.high),
        help=f"The target in pips (Settings {TARGET_SETTING_NAME}), {TARGET.words}.",
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
    members: Path | None = members_option(),
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Make the rounds of a domino event and write the workbook to fill in.

    pairs: a round robin by the circle method (Berger tables): every entrant meets every other once over n-1
    rounds (n rounds with one bye each when n is odd; byes are listed on the Byes sheet, not in Matches).
    individual: tables of four with partners rotating; no two players partner twice, everyone partners
    everyone once when the count is 0 or 1 modulo 4; repeated opponents are kept low and reported.
    Fill in A Pips and B Pips, then run `tally domino standings`. Run again onto a workbook someone has typed
    into, it refuses (exit 2) unless --force.

    Example: tally domino schedule players.xlsx -o club-night.xlsx --target 100

    With --members, the Players sheet's Player N ID and Player N cells are checked against the federation's
    register (warnings, as tally validate --members gives them).
    """
    from pipeline import api

    made = guarded(
        lambda: api.domino_schedule(
            players,
            out,
            entrants_count=entrants_count,
            rounds=rounds,
            target=target,
            event=event,
            individual=seating is Format.individual,
            seed=seed,
            avoid_clubs=avoid_clubs,
            force=force,
            lang=lang,
        )
    )
    if made.report is not None:
        repeats = dict(made.report.to_numpy().tolist())
        typer.echo(
            _(
                "partners repeated: {partners}; pairs meeting as opponents more than twice: {opponents}; most "
                "meetings: {most}",
                partners=repeats["Pairs of players who partner more than once"],
                opponents=repeats["Pairs of players who meet as opponents more than twice"],
                most=repeats["Most times two players meet as opponents"],
            )
        )
    typer.echo(_("wrote {path}", path=made.path))
    report_registered(players, members, "domino", lang)


def add_commands(group: typer.Typer) -> None:
    """The domino commands beyond `standings`."""
    registered(group, schedule)
