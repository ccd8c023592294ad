"""The `tally` command line: parses options, then read -> validate -> compute -> write."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import typer

from pipeline import __version__
from pipeline.cli import bridge, domino
from pipeline.cli.batch import batch
from pipeline.cli.common import Debug, Force, folder_option, guarded, state
from pipeline.cli.demo import run_demo
from pipeline.cli.diff import diff
from pipeline.cli.rank import rank
from pipeline.cli.template import template
from pipeline.cli.validate import validate
from pipeline.workbook import stopping

app = typer.Typer(
    name="tally",
    help="Correct, explainable standings from tournament results kept in Excel workbooks.\n\n"
    "Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(domino.app, name="domino")
app.add_typer(bridge.app, name="bridge")
app.command()(validate)
app.command()(diff)
app.command()(template)
app.command()(batch)
app.command()(rank)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tally {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    debug: Debug = False,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Correct, explainable standings from tournament results kept in Excel workbooks.

    Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx
    """
    state.debug = debug


@app.command()
def demo(
    out: Path = folder_option(Path("out"), "Folder for the results workbooks."),
    samples: Path | None = typer.Option(
        None, "--samples", help="Folder of input workbooks (default: the bundled sample_data/)."
    ),
    force: Force = False,
) -> None:
    """Score every bundled sample workbook and write the standings to OUT.

    Example: tally demo --out out
    """
    guarded(lambda: run_demo(samples, out, force))


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
        app(args=arguments_with_debug_first(sys.argv[1:]), prog_name="tally")
    finally:
        name = stopping.stopped_by()
        if name is not None:
            typer.echo(f"tally: stopped by {name}; no half-written file was left behind", err=True)
            raise SystemExit(128 + signal.Signals[name].value)
