"""`tally template`: an empty input workbook to fill in."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from pipeline.cli.common import Force, guarded, out_option
from pipeline.games.template import template_sheets
from pipeline.workbook import write_workbook
from pipeline.workbook.targets import output_target


class Kind(StrEnum):
    """The games a template is made for."""

    domino = "domino"
    bridge = "bridge"


def blank_workbook(game: str, out: Path | str, force: bool = False) -> Path:
    """Write the template of the game to the checked output path; returns the path written."""
    target = output_target(out, default_name=f"{game}-template.xlsx", force=force)
    return write_workbook(target, template_sheets(game), title=f"tally {game} template")


def template(
    game: Kind = typer.Argument(..., help="domino or bridge."),
    out: str = out_option(
        ..., "The blank workbook to write: a file, or a folder (then <game>-template.xlsx inside it)."
    ),
    force: Force = False,
) -> None:
    """Write an empty input workbook: every sheet with its headers only, a Notes and an Examples sheet.

    The examples are on their own sheet, which tally never reads, so an example left in cannot be scored.

    Example: tally template domino -o blank-event.xlsx
    """
    written = guarded(lambda: blank_workbook(game.value, out, force))
    typer.echo(f"wrote {written}")
