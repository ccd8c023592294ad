"""`tally bridge ...`: the bridge commands beyond `standings` (built from the game's declaration)."""

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


def schedule(
    entrants: Path = typer.Argument(
        ...,
        help="A workbook with a Teams sheet (Team, Names), or with --movement a Pairs sheet (Pair, Names).",
    ),
    out: str = out_option(
        ..., "The event workbook to write: a file, or a folder (then <input>-schedule.xlsx inside it)."
    ),
    rounds: int | None = typer.Option(
        None,
        "--rounds",
        min=1,
        help="Only the first N rounds (a Howell: a three-quarter Howell of N rounds).",
    ),
    event: str = typer.Option("", "--event", help="The event's name (Settings Event)."),
    movement: str | None = typer.Option(
        None, "--movement", help="A pairs evening: mitchell or howell (reads the Pairs sheet)."
    ),
    even_tables: str = typer.Option(
        "skip", "--even-tables", help="A Mitchell of an even number of tables: skip (default) or relay."
    ),
    arrow_switch: bool = typer.Option(
        False,
        "--arrow-switch",
        help="A Mitchell with one winner: NS and EW swap directions in the last round.",
    ),
    arrow_switch_round: list[int] = typer.Option(
        [], "--arrow-switch-round", min=1, help="Switch in this round instead of the last (repeatable)."
    ),
    boards_per_round: int = typer.Option(
        3, "--boards-per-round", min=1, help="Boards in each set (default 3)."
    ),
    first_board: int = typer.Option(1, "--first-board", min=1, help="The first board's number (default 1)."),
    swiss: bool = typer.Option(
        False,
        "--swiss",
        help="A Swiss teams event: add the next round to the event workbook given (docs/swiss.md).",
    ),
    members: Path | None = members_option(),
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Make the workbook to fill in: a teams round robin by the circle method, or with --movement a pairs evening.

    Teams: every team meets every other once; home and away are balanced (home sits NS in the Open room); with
    an odd number of teams each round has one bye, listed on the Byes sheet.

    Pairs (--movement mitchell|howell): Results with a row per board to play, table and pair guide cards, the
    board movement and a traveller slip per board (docs/movements.md says which sizes exist).

    With --swiss, the event workbook given gains its next Swiss round (the first from a Teams sheet alone):
    top against next by the standings so far, no rematch, a bye to the lowest team without one.

    Example: tally bridge schedule teams.xlsx -o league.xlsx

    Example: tally bridge schedule swiss.xlsx --swiss -o swiss-round-2.xlsx

    Example: tally bridge schedule pairs.xlsx --movement mitchell --arrow-switch -o evening.xlsx

    With --members, the entrants' Player N ID and Player N cells are checked against the federation's
    register (warnings, as tally validate --members gives them).
    """
    from pipeline import api

    if swiss:
        drawn = guarded(
            lambda: api.swiss_round(
                entrants, out, name=event, rounds=rounds, movement=movement, force=force, lang=lang
            )
        )
        typer.echo(_("wrote {path}: round {round}", path=drawn.path, round=drawn.round))
        report_registered(entrants, members, "bridge", lang)
        return
    if movement is None:
        written = guarded(
            lambda: api.teams_schedule(entrants, out, rounds=rounds, event=event, force=force, lang=lang)
        )
    else:
        written = guarded(
            lambda: api.bridge_pairs_schedule(
                entrants,
                out,
                movement_name=movement,
                even_tables=even_tables,
                arrow_switch=arrow_switch or bool(arrow_switch_round),
                switch_rounds=arrow_switch_round,
                boards_per_round=boards_per_round,
                rounds=rounds,
                first_board=first_board,
                event=event,
                force=force,
                lang=lang,
            )
        )
    typer.echo(_("wrote {path}", path=written))
    report_registered(entrants, members, "bridge", lang)


def convert(
    source: Path = typer.Argument(..., help="A PBN (.pbn) or USEBIO (.xml) results file."),
    out: str | None = out_option(
        None, "The results workbook to write: a file, or a folder (default: <input>.xlsx beside it)."
    ),
    force: Force = False,
    lang: Lang = None,
) -> None:
    """Write a PBN or USEBIO results file as tally's results workbook (Settings, Pairs, Results), to correct
    in Excel and score again; it scores to the same standings as the file itself (docs/interchange.md).

    Example: tally convert club-night.pbn -o club-night.xlsx --lang es
    """
    from pipeline import api

    written = guarded(lambda: api.convert(source, out, force=force, lang=lang))
    typer.echo(_("wrote {path}", path=written))


def add_commands(group: typer.Typer) -> None:
    """The bridge commands beyond `standings`."""
    registered(group, schedule)
