"""`tally diff`: what changed between two standings workbooks."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import typer

from pipeline.cli.common import DEFAULT_UNZIPPED, Force, MaxUnzipped, guarded, out_option
from pipeline.games.changes import KEYS, changes, key_columns, repeated_keys
from pipeline.games.checks import as_problem_list, problems_where
from pipeline.problems import InputError, Problem
from pipeline.sheets import OutputSheet
from pipeline.workbook import Limits, read_workbook, write_workbook
from pipeline.workbook.targets import output_target


def compared_frames(path: Path, limits: Limits) -> dict[str, pd.DataFrame]:
    """The sheets `tally diff` compares, read back from a standings workbook, with headers as written."""
    book = read_workbook(path, limits=limits)
    if book.get("standings") is None:
        found = ", ".join(f"'{n}'" for n in book.sheet_names) or "none"
        problem = f"is not a tally standings workbook: it has no 'Standings' sheet (sheets found: {found})"
        raise InputError([Problem(path.name, None, None, None, problem)], source=str(path))
    frames, problems = {}, []
    for name in KEYS:  # the compared sheets
        sheet = book.get(name)
        if sheet is None:
            continue
        frame = sheet.frame.rename(columns=sheet.headers)
        keys = key_columns(name, frame, frame)
        problems.append(
            problems_where(
                sheet,
                pd.Series(repeated_keys(frame, keys).to_numpy(), index=sheet.frame.index),
                [k for k, v in sheet.headers.items() if v in keys],
                "this key already appears in an earlier row, so the rows cannot be matched",
            )
        )
        frames[name] = frame
    found_problems = as_problem_list(problems)
    if found_problems:
        raise InputError(found_problems, source=str(path))
    return frames


def workbook_changes(
    old: Path, new: Path, limits: Limits, out: Path | str | None, force: bool = False
) -> pd.DataFrame:
    """The changes from OLD to NEW, written to OUT when given (checked before anything is read)."""
    target = None
    if out is not None:
        target = output_target(out, default_name=f"{new.stem}-changes.xlsx", force=force, inputs=[old, new])
    frame = changes(compared_frames(old, limits), compared_frames(new, limits))
    if target is not None:
        write_workbook(
            target, [OutputSheet("Changes", frame)], title=f"Changes from {old.name} to {new.name}"
        )
    return frame


def change_lines(frame: pd.DataFrame) -> list[str]:
    """Each change as a line: `Standings, Player 12 (Ana): Rank 3 -> 2`."""
    shown = frame.astype("object").where(frame.notna(), "(blank)").astype("str")
    lines = (
        shown["Sheet"]
        + ", "
        + shown["Key"]
        + ": "
        + shown["Column"]
        + " "
        + shown["Old"]
        + " -> "
        + shown["New"]
    )
    return lines.tolist()


def diff(
    old: Path = typer.Argument(..., help="The earlier standings workbook."),
    new: Path = typer.Argument(..., help="The later standings workbook."),
    out: str | None = out_option(
        None,
        "Also write the changes to this workbook: a file, or a folder (then <new>-changes.xlsx inside it).",
    ),
    force: Force = False,
    as_json: bool = typer.Option(False, "--json", help="Print the changes as JSON records."),
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
) -> None:
    """Compare two standings workbooks: every result that changed and every competitor whose rank or totals moved.

    Exit 0 whether or not there are changes (read the output, or `--json`, to know); 1 when a file is not a
    standings workbook or a key repeats; 2 for wrong usage (an -o that is an input, or a file tally did not
    write without --force).

    Example: tally diff friday-standings.xlsx friday-corrected-standings.xlsx -o changes.xlsx
    """
    frame = guarded(lambda: workbook_changes(old, new, Limits(max_unzipped_mb), out, force))
    if as_json:
        records = frame.astype("object").where(frame.notna(), None).to_dict(orient="records")
        typer.echo(json.dumps(records, ensure_ascii=False, indent=1, default=str))
        return
    for line in change_lines(frame):  # one line per change
        typer.echo(line)
    typer.echo(f"{len(frame)} change(s)" if len(frame) else "no changes")
