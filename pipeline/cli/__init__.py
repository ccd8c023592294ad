"""The `tally` command line: parses options, then read -> validate -> compute -> write.

Building it imports no pandas: each command imports the library (`pipeline.api`) when it runs, so that
`tally --help` and a usage error answer at once. The modules here keep their annotations as objects (no
`from __future__ import annotations`): Typer reads every command's annotations each time it builds the command
line, and reading them from text costs more than building it."""

import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from pipeline.cli import bridge, domino
from pipeline.cli.batch import batch
from pipeline.cli.common import (
    Debug,
    Force,
    folder_option,
    guarded,
    registered,
    report_problems,
    state,
    summary,
)
from pipeline.cli.diff import diff
from pipeline.cli.publish import publish
from pipeline.cli.rank import rank
from pipeline.cli.standings import standings_command
from pipeline.cli.template import template_command
from pipeline.cli.validate import validate
from pipeline.games.registry import GAMES
from pipeline.i18n import _
from pipeline.workbook import stopping

if TYPE_CHECKING:
    from pipeline.api import Scored

EXTRA_COMMANDS = {"domino": domino.add_commands, "bridge": bridge.add_commands}  # beyond `standings`
# Help and usage errors in plain text, as click writes them: Typer's rich panels cost 70 ms of imports (rich,
# markdown-it) before a word is printed, and their box drawing breaks in consoles without it (docs/architecture.md).
HELP_MARKUP = None


def _version(value: bool) -> None:
    if value:
        from pipeline import __version__

        typer.echo(f"tally {__version__}")
        raise typer.Exit()


def root(
    debug: Debug = False,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Correct, explainable standings from tournament results kept in Excel workbooks.

    Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx
    """
    state.debug = debug


def demo(
    out: Path = folder_option(Path("out"), "Folder for the results workbooks."),
    samples: Path | None = typer.Option(
        None, "--samples", help="Folder of input workbooks (default: the bundled sample_data/)."
    ),
    force: Force = False,
) -> None:
    """Score every bundled sample workbook and write the standings to OUT, and their site to OUT/site/.

    Example: tally demo --out out
    """
    from pipeline import api

    folder = api.BUNDLED if samples is None else samples
    guarded(lambda: api.demo(samples, out, force=force, scored=lambda s, done: shown(s, done, folder)))
    typer.echo(_("site -> {path}", path=out / api.DEMO_SITE / "index.html"))


def shown(source: Path, scored: "Scored", folder: Path) -> None:
    """One sample scored: its warnings (in its language), and where its standings went (the sample named within
    its folder: `domino_pairs.xlsx`, a twin `es/domino_pairs.xlsx`)."""
    if scored.standings.warnings:
        report_problems(scored.standings.warnings, str(source), lang=scored.standings.language)
    typer.echo(f"{source.relative_to(folder).as_posix()} -> {scored.path}")


def build_app() -> typer.Typer:
    """The `tally` command line, with one command group per game of the registry."""
    app = typer.Typer(
        name="tally",
        help="Correct, explainable standings from tournament results kept in Excel workbooks.\n\n"
        "Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=HELP_MARKUP,
    )
    app.callback()(root)
    for game in GAMES.values():  # a group per game: its standings, and its own commands
        group = typer.Typer(
            help=game.help, short_help=summary(game.help), no_args_is_help=True, rich_markup_mode=HELP_MARKUP
        )
        registered(group, standings_command(game), "standings")
        EXTRA_COMMANDS.get(game.name, lambda group: None)(group)
        app.add_typer(group, name=game.name)
    registered(app, validate)
    registered(app, bridge.convert)
    registered(app, diff)
    registered(app, template_command(), "template")
    registered(app, batch)
    registered(app, rank)
    registered(app, publish)
    registered(app, demo)
    return app


app = build_app()


def help_not_asked(app: typer.Typer) -> dict[str, Any]:
    """Click's default map giving every command's --help the value False where it is not given: Typer coerces a
    flag left unset (None) through pydantic, 70-100 ms of imports before `tally domino --help` or a usage error
    answers, and passes a False by as it is."""
    found: dict[str, Any] = {"help": False}
    for command in app.registered_commands:
        assert command.callback is not None  # every command here is registered with its function
        found[command.name or typer.main.get_command_name(command.callback.__name__)] = {"help": False}
    for group in app.registered_groups:
        assert group.name is not None and group.typer_instance is not None  # each game's group, named
        found[group.name] = help_not_asked(group.typer_instance)
    return found


def arguments_with_debug_first(args: list[str]) -> list[str]:
    """The command-line arguments with every `--debug` before a `--` moved to the front, where the root
    option reads it: `--debug` works anywhere on the command line."""
    end = args.index("--") if "--" in args else len(args)
    head = [a for a in args[:end] if a != "--debug"]
    if len(head) == end:
        return list(args)
    return ["--debug", *head, *args[end:]]


def main() -> None:
    """Entry point of the console script: SIGTERM and SIGHUP end the run like Ctrl-C (exit 128 + the signal's
    number, files being written removed), and --debug may come anywhere."""
    stopping.install()
    try:
        app(args=arguments_with_debug_first(sys.argv[1:]), prog_name="tally", default_map=help_not_asked(app))
    finally:
        name = stopping.stopped_by()
        if name is not None:
            typer.echo(
                _("tally: stopped by {signal}; no half-written file was left behind", signal=name), err=True
            )
            raise SystemExit(128 + signal.Signals[name].value)
