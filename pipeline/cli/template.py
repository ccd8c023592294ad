"""`tally template GAME`: an empty input workbook to fill in, for any game of the registry.

No `from __future__ import annotations` here: the command's argument type is built when the command is, and
Typer reads the annotations as objects."""

from collections.abc import Callable
from enum import StrEnum

import typer

from pipeline.cli.common import Force, Lang, guarded, out_option
from pipeline.games.registry import GAMES
from pipeline.i18n import _


def template_command() -> Callable[..., None]:
    """The `template` command, offering the games registered when it is built."""
    kind = StrEnum("Kind", {name: name for name in GAMES})  # type: ignore[misc]

    def template(
        game: kind = typer.Argument(..., help=f"{' or '.join(GAMES)}."),
        out: str = out_option(
            ..., "The blank workbook to write: a file, or a folder (then <game>-template.xlsx inside it)."
        ),
        force: Force = False,
        lang: Lang = None,
    ) -> None:
        """Write an empty input workbook: every sheet with its headers only, a Notes and an Examples sheet.

        The examples are on their own sheet, which tally never reads, so an example left in cannot be scored.

        Example: tally template domino -o blank-event.xlsx
        """
        from pipeline import api

        written = guarded(lambda: api.template(str(game.value), out, force=force, lang=lang))
        typer.echo(_("wrote {path}", path=written))

    return template
