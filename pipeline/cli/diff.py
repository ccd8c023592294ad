"""`tally diff`: what changed between two standings workbooks."""

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pipeline.cli.common import DEFAULT_UNZIPPED, Force, MaxUnzipped, guarded, out_option
from pipeline.i18n import _
from pipeline.workbook.limits import Limits

if TYPE_CHECKING:
    import pandas as pd


def change_lines(frame: "pd.DataFrame") -> list[str]:
    """Each change as a line: `Standings, Player 12 (Ana): Rank 3 -> 2`."""
    from schemas.common import titles_of
    from schemas.corrections import Change as D

    shown = frame.astype("object").where(frame.notna(), _("(blank)")).astype("str")
    headers = titles_of(D)
    sheet, key, column, old, new = (shown[headers[c]] for c in (D.sheet, D.key, D.column, D.old, D.new))
    lines = sheet + ", " + key + ": " + column + " " + old + " -> " + new
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
    from pipeline import api

    frame = guarded(lambda: api.diff(old, new, out, force=force, limits=Limits(max_unzipped_mb)))
    if as_json:
        records = frame.astype("object").where(frame.notna(), None).to_dict(orient="records")
        typer.echo(json.dumps(records, ensure_ascii=False, indent=1, default=str))
        return
    for line in change_lines(frame):  # one line per change
        typer.echo(line)
    typer.echo(_("{count} change(s)", count=len(frame)) if len(frame) else _("no changes"))
