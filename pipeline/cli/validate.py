"""`tally validate`: every problem of a workbook, without computing standings."""

import json
from pathlib import Path

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    DealsFile,
    Lang,
    MaxUnzipped,
    ShowAll,
    guarded,
    report_problems,
    spoken,
    state,
)
from pipeline.i18n import N_, _, speaking
from pipeline.problems import CANNOT_WRITE, INTERNAL, USAGE, Problem, TallyError, UsageError
from pipeline.workbook.limits import Limits

# the game a workbook holds, as the verdict names it (a game registered from outside: its name as it is)
GAME_WORDS = {"domino": N_("domino"), "bridge": N_("bridge"), "unknown": N_("unknown")}


def json_validation(
    path: Path, limits: Limits, lang: str | None, deals: Path | None = None, members: Path | None = None
) -> tuple[list[Problem], int]:
    """Every problem and the exit code, whatever happens: a usage error (2) or an unexpected one (3) is a
    record too, so that `--json` always prints a JSON array."""
    from pipeline import api

    try:
        problems = api.validate(path, limits=limits, lang=lang, deals=deals, members=members).problems
    except TallyError as exc:
        found = USAGE if isinstance(exc, UsageError) else CANNOT_WRITE
        return [Problem.of(found, path.name or str(path), None, None, None, str(exc))], exc.exit_code
    except Exception as exc:  # unexpected: reported as a record; the traceback only with --debug
        if state.debug:
            raise
        with speaking(lang):
            text = _("internal error: {error}", error=f"{type(exc).__name__}: {exc}")
        return [Problem.of(INTERNAL, path.name or str(path), None, None, None, text)], 3
    return problems, 1 if any(p.severity == "error" for p in problems) else 0


def validate(
    workbook: Path = typer.Argument(
        ..., help="The results workbook (.xlsx), or a PBN (.pbn) or USEBIO (.xml) results file, to check."
    ),
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print every problem as JSON records (code, sheet, row, column, value, problem, severity).",
    ),
    show_all: ShowAll = False,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
    lang: Lang = None,
    deals: DealsFile = None,
    members: Path | None = typer.Option(
        None,
        "--members",
        help="The federation's members register (Member ID, Name, Club, Active Until): each Player N ID and "
        "Player N is checked against it, and the numbers and names it would fill are said.",
    ),
) -> None:
    """Check a domino or bridge results workbook and report every problem; nothing is written.

    Exit 0 when there are no errors (warnings are listed), 1 when there are, 2 for a path that is not a
    workbook file. With --json the output is always one JSON array of records, whatever happens. A bridge
    event's deals are checked too: --deals FILE, a PBN event's own, or the PBN file of the same name beside it.

    Example: tally validate club-night.xlsx --json
    """
    from pipeline import api

    if as_json:
        problems, code = json_validation(workbook, Limits(max_unzipped_mb), lang, deals, members)
        typer.echo(json.dumps([p.as_record() for p in problems], ensure_ascii=False, indent=1))
        raise typer.Exit(code)
    lang = spoken(lang)
    report = guarded(
        lambda: api.validate(
            workbook, limits=Limits(max_unzipped_mb), lang=lang, deals=deals, members=members
        )
    )
    problems, kind = report.problems, report.game
    errors = len(report.errors)
    if problems:
        report_problems(problems, str(workbook), show_all=show_all, lang=report.language)
    with speaking(report.language):  # the language the problems were made in
        verdict = (
            _("no problems found")
            if not problems
            else _("{errors} error(s), {warnings} warning(s)", errors=errors, warnings=len(problems) - errors)
        )
        game = _(GAME_WORDS[kind]) if kind in GAME_WORDS else kind
        typer.echo(_("{workbook}: {game} workbook: {verdict}", workbook=workbook, game=game, verdict=verdict))
    raise typer.Exit(1 if errors else 0)
