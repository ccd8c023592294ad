"""`tally <game> standings`: one command per game of the registry, built from its declaration."""

from collections.abc import Callable
from pathlib import Path

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    Force,
    Lang,
    MaxUnzipped,
    ShowAll,
    guarded,
    out_option,
    report_problems,
    spoken,
)
from pipeline.games.game import Game
from pipeline.i18n import _, speaking
from pipeline.workbook.limits import Limits


def standings_command(game: Game) -> Callable[..., None]:
    """The `standings` command of a game: read, validate, compute and write one results workbook."""

    def standings(
        results: Path = typer.Argument(
            ...,
            help=f"The results workbook (.xlsx) with a {game.input_sheet} sheet"
            + (", or a PBN (.pbn) or USEBIO (.xml) results file." if game.name == "bridge" else "."),
        ),
        out: str | None = out_option(
            None,
            "Where to write the standings: a file, or a folder (default: <input>-standings.xlsx beside it).",
        ),
        force: Force = False,
        show_all: ShowAll = False,
        max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
        lang: Lang = None,
        deals: Path | None = typer.Option(
            None,
            "--deals",
            help="A PBN file of the boards' hands: a Hands sheet (double-dummy tricks, par) and a Par column.",
            hidden=game.name != "bridge",
        ),
        pbn: str | None = out_option(
            None,
            "Also write the event as a PBN 2.1 file (results, rankings and any deals): a file, or a folder.",
            "--pbn",
            hidden=game.name != "bridge",
        ),
        usebio: str | None = out_option(
            None,
            "Also write the event as a USEBIO 1.2 XML file (for federations and other scorers): a file, or a folder.",
            "--usebio",
            hidden=game.name != "bridge",
        ),
    ) -> None:
        from pipeline import api

        limits = Limits(max_unzipped_mb)
        chosen = spoken(lang)
        scored = guarded(
            lambda: api.score(
                results,
                out,
                game=game.name,
                force=force,
                limits=limits,
                lang=chosen,
                deals=deals,
                pbn=pbn,
                usebio=usebio,
            ),
            show_all=show_all,
        )
        with speaking(scored.standings.language):  # the event's language, as its standings are written
            if scored.standings.warnings:
                report_problems(scored.standings.warnings, str(results))
            for path in (scored.path, *scored.exports):
                typer.echo(_("wrote {path}", path=path))

    standings.__doc__ = game.standings_help
    return standings
