"""What every command shares: the --debug flag and turning errors into messages and exit codes."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from pipeline.errors import InputError, Problem, TallyError, UsageError
from pipeline.run import Game, checked_event, standings_sheets
from pipeline.workbook import Limits, Workbook, read_workbook, write_workbook

SHOWN = 20
T = TypeVar("T")

Debug = Annotated[bool, typer.Option("--debug", help="Show the traceback of an unexpected error.")]
ShowAll = Annotated[bool, typer.Option("--all", help=f"List every problem, not only the first {SHOWN}.")]
MaxUnzipped = Annotated[
    int,
    typer.Option(
        "--max-unzipped-mb",
        min=1,
        help="Refuse a workbook that unpacks to more than this many MB (a zip bomb guard); raise it for a "
        "genuine giant workbook.",
    ),
]
DEFAULT_UNZIPPED = Limits().max_unzipped_mb
Workers = Annotated[
    int,
    typer.Option(
        "--workers", min=1, help="Parallel workers (local processes, or Dask workers started here)."
    ),
]
DEFAULT_WORKERS = os.cpu_count() or 1
EngineName = Annotated[str, typer.Option("--engine", help="local (processes on this machine) or dask.")]
Scheduler = Annotated[
    str | None,
    typer.Option(
        "--scheduler", help="With --engine dask: the scheduler's address, such as tcp://10.0.0.5:8786."
    ),
]


@dataclass
class _State:
    debug: bool = False


state = _State()


def report_problems(problems: list[Problem], source: str = "", *, show_all: bool = False) -> None:
    """Print the problems (errors first, at most SHOWN unless show_all) and their count, on stderr."""
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity == "warning"]
    head = f"{source}: " if source else ""
    if errors:
        typer.echo(f"{head}{len(errors)} problem(s) must be fixed before tally can score it:", err=True)
    elif warnings:
        typer.echo(f"{head}{len(warnings)} warning(s):", err=True)
    listed = errors + warnings
    for p in listed if show_all else listed[:SHOWN]:
        typer.echo(f"  - {p}", err=True)
    if not show_all and len(listed) > SHOWN:
        typer.echo(
            f"  ... and {len(listed) - SHOWN} more: {len(errors)} error(s) and {len(warnings)} warning(s) "
            "in all (add --all to list every one)",
            err=True,
        )


def guarded(action: Callable[[], T], *, show_all: bool = False) -> T:
    """Run the action: a TallyError becomes its message and exit code; anything else exit 3."""
    try:
        return action()
    except InputError as exc:
        report_problems(exc.problems, exc.source, show_all=show_all)
        raise typer.Exit(exc.exit_code) from None
    except TallyError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(exc.exit_code) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:  # an unexpected failure: say so briefly, trace only with --debug
        if state.debug:
            raise
        typer.echo(f"internal error: {type(exc).__name__}: {exc} (run with --debug for details)", err=True)
        raise typer.Exit(3) from None


def default_output(source: Path) -> Path:
    """`<input stem>-standings.xlsx` beside the input."""
    return source.with_name(f"{source.stem}-standings.xlsx")


def checked_output(source: Path, out: Path | None) -> Path:
    """The output path, refusing the input itself."""
    target = out or default_output(source)
    if target.resolve() == source.resolve():
        raise UsageError("the output path is the input workbook; tally never overwrites its input")
    return target


def scored_workbook(
    source: Path, out: Path | None, game: Game, book: Workbook | None = None, limits: Limits | None = None
) -> Path:
    """read -> validate (with corrections) -> compute -> write one workbook; returns the output path."""
    target = checked_output(source, out)
    written, warnings = standings_workbook(source, target, game, book, limits)
    if warnings:
        report_problems(warnings, str(source))
    return written


def standings_workbook(
    source: Path, target: Path, game: Game, book: Workbook | None = None, limits: Limits | None = None
) -> tuple[Path, list[Problem]]:
    """Validate (with corrections), compute and write the standings; the output path and the warnings."""
    try:
        checked = checked_event((book or read_workbook(source, limits=limits)).sheets, game)
    except InputError as exc:
        exc.source = exc.source or str(source)
        raise
    event = checked.event
    title = event.settings.event or source.stem
    return write_workbook(target, standings_sheets(checked, game), title=f"{title} standings"), event.warnings
