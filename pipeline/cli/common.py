"""What every command shares: the options declared once (--debug, --force, --out, --workers, ...), printing
problems, and turning errors into messages and exit codes."""

import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from pipeline.i18n import _, n_, speaking, spoken_language
from pipeline.problems import INTERNAL, InputError, Problem, TallyError
from pipeline.workbook.atomic import stop_if_asked
from pipeline.workbook.limits import Limits

SHOWN = 20
T = TypeVar("T")

Debug = Annotated[bool, typer.Option("--debug", help="Show the traceback of an unexpected error.")]
Force = Annotated[
    bool,
    typer.Option(
        "--force", help="Replace an existing output even if tally did not write it (never an input)."
    ),
]
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
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="The language written for people (sheet names, headers, text, messages): en, es or zh (default: "
        "each event's Language setting, else its workbook's own language when it is clearly Spanish or Chinese, "
        "else en; for rank, the language most of the standings read are in).",
    ),
]
DealsFile = Annotated[
    Path | None,
    typer.Option(
        "--deals",
        help="A PBN file of the boards' hands (bridge): hands, double-dummy tricks and par (default: a PBN "
        "event's own, else the PBN file of the same name beside the results).",
    ),
]
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


def path_text(value: str) -> str:
    """An output path as typed (a trailing `/` kept: it names a folder); an empty one is refused here, before
    Path would turn it into `.`."""
    if str(value) == "":
        raise typer.BadParameter("the path is empty; give a file name, or a folder to write into")
    return str(value)


def folder_path(value: str) -> Path:
    """An output folder as typed; an empty one is refused here, before Path would turn it into `.`."""
    return Path(path_text(value))


def out_option(default: Any, help: str, *names: str, hidden: bool = False) -> Any:
    """An option naming a file a command writes (`--out/-o` unless named): a file name, or a folder (an empty
    path is a usage error)."""
    return typer.Option(
        default, *(names or ("--out", "-o")), parser=path_text, metavar="PATH", help=help, hidden=hidden
    )


def folder_option(default: Any, help: str, *names: str) -> Any:
    """An option naming a folder to write into (an empty path is a usage error)."""
    return typer.Option(default, *(names or ("--out", "-o")), parser=folder_path, metavar="FOLDER", help=help)


@dataclass
class _State:
    debug: bool = False


state = _State()


def members_option() -> Any:
    """The --members option of the commands that check players against the federation's register."""
    return typer.Option(
        None,
        "--members",
        help="The federation's members register (Member ID, Name, Club, Active Until): each Player N ID and "
        "Player N is checked against it (docs/federation.md).",
    )


def report_registered(entrants: Path | None, members: Path | None, game: str, lang: str | None) -> None:
    """A schedule's entrants against the members register, as warnings on stderr (nothing without
    --members, or without an entrants workbook)."""
    if entrants is None or members is None:
        return
    from pipeline import api

    found = guarded(lambda: api.entrants_registered(entrants, members, game=game, lang=lang))
    if found:
        report_problems(found, str(entrants), show_all=True, lang=lang)


def report_problems(
    problems: list[Problem], source: str = "", *, show_all: bool = False, lang: str | None = None
) -> None:
    """Print the problems (errors first, at most SHOWN unless show_all) and their count, on stderr, in `lang`
    (the language they were made in; by default the one spoken)."""
    with speaking(lang or spoken_language()):
        errors = [p for p in problems if p.severity == "error"]
        warnings = [p for p in problems if p.severity == "warning"]
        head = _("{source}: ", source=source) if source else ""
        if errors:
            typer.echo(
                head
                + n_(
                    "{count} problem(s) must be fixed before tally can score it:",
                    "{count} problem(s) must be fixed before tally can score it:",
                    len(errors),
                    count=len(errors),
                ),
                err=True,
            )
        elif warnings:
            typer.echo(
                head + n_("{count} warning(s):", "{count} warning(s):", len(warnings), count=len(warnings)),
                err=True,
            )
        listed = errors + warnings
        for p in listed if show_all else listed[:SHOWN]:
            typer.echo(f"  - {p.line}", err=True)
        if not show_all and len(listed) > SHOWN:
            typer.echo(
                "  ... "
                + _(
                    "and {more} more: {errors} error(s) and {warnings} warning(s) in all (add --all to list "
                    "every one)",
                    more=len(listed) - SHOWN,
                    errors=len(errors),
                    warnings=len(warnings),
                ),
                err=True,
            )


def guarded(action: Callable[[], T], *, show_all: bool = False) -> T:
    """Run the action: a TallyError becomes its message (in the language it was made in) and exit code;
    anything else exit 3."""
    try:
        return action()
    except InputError as exc:
        report_problems(exc.problems, exc.source, show_all=show_all, lang=exc.language)
        raise typer.Exit(exc.exit_code) from None
    except TallyError as exc:
        with speaking(exc.language):
            typer.echo(exc.line, err=True)
        raise typer.Exit(exc.exit_code) from None
    except (typer.Exit, typer.Abort):
        raise
    except Exception as exc:  # an unexpected failure: say so briefly, trace only with --debug
        stop_if_asked()  # a signal stopped the run: this is what the interrupted code raised, not a bug
        if state.debug:
            raise
        typer.echo(
            _(
                "internal error [{code}]: {error} (run with --debug for details)",
                code=INTERNAL.code,
                error=f"{type(exc).__name__}: {exc}",
            ),
            err=True,
        )
        raise typer.Exit(3) from None


def spoken(lang: str | None) -> str | None:
    """A `--lang` as typed, checked (None when not given); exit 2 with the usage error for an unknown one,
    before anything is read."""
    from pipeline.language import checked_language

    return guarded(lambda: checked_language(lang))


def summary(text: str | None) -> str:
    """The first paragraph of a help text on one line: what a command list shows of a command, whole (click
    would cut it at the list's width)."""
    return " ".join(inspect.cleandoc(text or "").split("\n\n")[0].split())


def registered(group: typer.Typer, function: Callable[..., Any], name: str | None = None) -> None:
    """A command of `group` from its function, listed with the first paragraph of its help (`summary`)."""
    group.command(name, short_help=summary(function.__doc__))(function)
