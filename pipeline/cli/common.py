"""What every command shares: the --debug flag and turning errors into messages and exit codes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, TypeVar

import typer

from pipeline.errors import InputError, Problem, TallyError

SHOWN = 20
T = TypeVar("T")

Debug = Annotated[bool, typer.Option("--debug", help="Show tracebacks for unexpected errors.")]


@dataclass
class _State:
    debug: bool = False


state = _State()


def report_problems(problems: list[Problem], source: str = "") -> None:
    """Print at most SHOWN problems (errors first) and the total count, on stderr."""
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity == "warning"]
    head = f"{source}: " if source else ""
    if errors:
        typer.echo(f"{head}{len(errors)} problem(s) must be fixed before tally can score it:", err=True)
    for p in (errors + warnings)[:SHOWN]:
        typer.echo(f"  - {p}", err=True)
    if len(problems) > SHOWN:
        typer.echo(f"  ... and {len(problems) - SHOWN} more ({len(problems)} in all)", err=True)


def guarded(action: Callable[[], T]) -> T:
    """Run the action; TallyError becomes a message and its exit code, anything else too unless --debug."""
    try:
        return action()
    except InputError as exc:
        if state.debug:
            raise
        report_problems(exc.problems, exc.source)
        raise typer.Exit(exc.exit_code) from None
    except TallyError as exc:
        if state.debug:
            raise
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(exc.exit_code) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:  # an unexpected failure: say so briefly, trace only with --debug
        if state.debug:
            raise
        typer.echo(f"internal error: {type(exc).__name__}: {exc} (run with --debug for details)", err=True)
        raise typer.Exit(3) from None
