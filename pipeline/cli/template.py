"""`tally template`: an empty input workbook to fill in."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from pipeline.cli.common import guarded
from pipeline.template import template_sheets
from pipeline.workbook import write_workbook


class Kind(StrEnum):
    """The games a template is made for."""

    domino = "domino"
    bridge = "bridge"


def template(
    game: Kind = typer.Argument(..., help="domino or bridge."),
    out: Path = typer.Option(..., "--out", "-o", help="The blank workbook to write."),
) -> None:
    """Write an empty input workbook: every sheet with its headers only, a Notes and an Examples sheet.

    The examples are on their own sheet, which tally never reads, so an example left in cannot be scored.

    Example: tally template domino -o blank-event.xlsx
    """
    written = guarded(
        lambda: write_workbook(out, template_sheets(game.value), title=f"tally {game.value} template")
    )
    typer.echo(f"wrote {written}")
