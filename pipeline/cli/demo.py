"""`tally demo`: every bundled sample workbook scored into one folder."""

from __future__ import annotations

from pathlib import Path

import typer

from pipeline.cli.bridge import score_bridge
from pipeline.cli.domino import score_domino
from pipeline.games.registry import game_of
from pipeline.problems import UsageError
from pipeline.workbook import read_workbook
from pipeline.workbook.files import is_workbook_name
from pipeline.workbook.targets import output_folder, output_target, writable_folder

BUNDLED = Path(__file__).resolve().parents[2] / "sample_data"


def run_demo(samples: Path | None, out: Path, force: bool = False) -> list[Path]:
    """Score every sample workbook in the folder, writing `<name>-standings.xlsx` into `out`; every output path
    is checked before anything is written."""
    folder = samples or BUNDLED
    inputs = sorted(p for p in folder.iterdir() if is_workbook_name(p)) if folder.is_dir() else []
    if not inputs:
        raise UsageError(f"no sample workbooks (*.xlsx) in {folder}")
    out = writable_folder(output_folder(out, option="--out"))
    targets = [
        output_target(out / f"{s.stem}-standings.xlsx", default_name=None, force=force, inputs=inputs)
        for s in inputs
    ]
    written = []
    for source, target in zip(inputs, targets, strict=True):  # one workbook after another
        book = read_workbook(source)
        score = score_bridge if game_of(book.sheets).name == "bridge" else score_domino
        written.append(score(source, target, book, force=force))
        typer.echo(f"{source.name} -> {target}")
    return written
