"""`tally validate`: every problem of a workbook, without computing standings."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pipeline.cli.common import DEFAULT_UNZIPPED, MaxUnzipped, ShowAll, guarded, report_problems
from pipeline.errors import InputError, Problem
from pipeline.games import game_of
from pipeline.run import checked_event
from pipeline.workbook import Limits, read_workbook


def validation(path: Path, limits: Limits) -> tuple[str, list[Problem]]:
    """The workbook's kind (domino, bridge, or unknown when unreadable) and every problem found."""
    try:
        book = read_workbook(path, limits=limits)
    except InputError as exc:
        return "unknown", exc.problems
    game = game_of(book.sheets)
    try:
        return game.name, checked_event(book.sheets, game).event.warnings
    except InputError as exc:
        return game.name, exc.problems


def validate(
    workbook: Path = typer.Argument(..., help="The results workbook (.xlsx) to check."),
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print every problem as JSON records (sheet, row, column, value, problem, severity).",
    ),
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Check a domino or bridge results workbook and report every problem; nothing is written.

    Exit 0 when there are no errors (warnings are listed), 1 when there are.

    Example: tally validate club-night.xlsx --json
    """
    kind, problems = guarded(lambda: validation(workbook, Limits(max_unzipped_mb)))
    errors = sum(p.severity == "error" for p in problems)
    if as_json:
        typer.echo(json.dumps([p.as_record() for p in problems], ensure_ascii=False, indent=1))
    else:
        if problems:
            report_problems(problems, str(workbook), show_all=show_all)
        warnings = len(problems) - errors
        verdict = "no problems found" if not problems else f"{errors} error(s), {warnings} warning(s)"
        typer.echo(f"{workbook}: {kind} workbook: {verdict}")
    raise typer.Exit(1 if errors else 0)
