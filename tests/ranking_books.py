"""Helpers for the `tally rank` tests: standings workbooks written by hand, an independent reference for
event points (exact fractions, half up), and the ranking workbook read back as rows."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pandas as pd
from openpyxl import Workbook, load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app

RUNNER = CliRunner()

Row = tuple[object, ...]  # (rank, id, name, *more)


def standings_book(
    path: Path,
    rows: Sequence[Row],
    *,
    event: str | None = "Event",
    date: object = "2026-03-01",
    weight: object = None,
    bridge: bool = False,
    header: Sequence[str] | None = None,
    rules: Sequence[tuple[object, object]] | None = None,
    sheets: Sequence[str] = ("Standings", "Rules"),
    members: Sequence[tuple[object, object, object]] = (),
) -> Path:
    """A standings workbook as tally writes it (or as an organizer might damage it).

    rows are (Rank, Player, Name) for domino, (Rank, Pair, Names) for bridge (which also gets a Travellers
    sheet, the mark of a bridge standings workbook). `rules` replaces the Rules rows entirely; otherwise they
    are Event, Date (when not None) and Weight (when not None). `members` are the Members sheet's rows
    (Competitor, Player ID, Player), written when given."""
    path.parent.mkdir(parents=True, exist_ok=True)
    book = Workbook()
    del book["Sheet"]
    if "Standings" in sheets:
        ws = book.create_sheet("Standings")
        ws.append(list(header or (["Rank", "Pair", "Names"] if bridge else ["Rank", "Player", "Name"])))
        for row in rows:
            ws.append(list(row))
    if bridge:
        book.create_sheet("Travellers").append(["Board", "NS", "EW", "Contract"])
    if members:
        ws = book.create_sheet("Members")
        ws.append(["Competitor", "Player ID", "Player"])
        for member in members:
            ws.append(list(member))
    if "Rules" in sheets:
        ws = book.create_sheet("Rules")
        ws.append(["Item", "Value"])
        if rules is None:
            rules = []
            if event is not None:
                rules.append(("Event", event))
            if date is not None:
                rules.append(("Date", date))
            if weight is not None:
                rules.append(("Weight", weight))
        for item in rules:
            ws.append(list(item))
    book.save(path)
    return path


def reference_units(
    place: int, tied: int, field: int, weight: object = 1, scale: object = 100, decimals: int = 2
) -> int:
    """Event points in units of the last decimal, worked exactly: weight x scale x (field - q + 1) / field
    averaged over the places q the tie spans, then rounded half up (weight and scale as typed, in decimal)."""
    w, s = Fraction(str(weight)), Fraction(str(scale))
    spans = [Fraction(field - q + 1, field) for q in range(place, place + tied)]
    exact = w * s * sum(spans, Fraction(0)) / tied * 10**decimals
    return math.floor(exact + Fraction(1, 2))


def competition_places(scores: Sequence[int]) -> list[int]:
    """Places as a standings table gives them: 1 + how many scored strictly more (ties share, 1, 1, 3)."""
    return [1 + sum(other > mine for other in scores) for mine in scores]


def by_competitor(folder: Path) -> Path:
    """A ranking.toml that credits competitors by their ids (`credit = "competitor"`), for the tests of how
    each game's standings are read."""
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "by-competitor.toml"
    config.write_text('credit = "competitor"\n', encoding="utf-8")
    return config


def rank(*args: object, workers: int | None = 1):
    """`tally rank ...` in this process (one worker unless told)."""
    extra = [] if workers is None else ["--workers", str(workers)]
    return RUNNER.invoke(app, ["rank", *(str(a) for a in args), *extra])


def sheet_rows(path: Path, sheet: str) -> list[dict[str, object]]:
    """A sheet of a written workbook as dicts keyed by its header (cell values as openpyxl reads them)."""
    book = load_workbook(path, read_only=True)
    try:
        rows = table_rows(book[sheet])
    finally:
        book.close()
    header = [str(h) for h in rows[0]]
    return [dict(zip(header, row, strict=True)) for row in rows[1:]]


def sheet_names(path: Path) -> list[str]:
    book = load_workbook(path, read_only=True)
    try:
        return list(book.sheetnames)
    finally:
        book.close()


def ranking_lines(path: Path) -> list[tuple[object, ...]]:
    """The Ranking sheet as (Rank, Player, Name, Points, Events, Best) tuples."""
    return [
        (r["Rank"], r["Player"], r["Name"], r["Points"], r["Events"], r["Best"])
        for r in sheet_rows(path, "Ranking")
    ]


def contribution(
    file: str,
    date: str,
    player: str,
    units: int,
    *,
    name: str | None = None,
    place: int = 1,
    field: int = 1,
    weight: float = 1.0,
) -> dict[str, object]:
    """One row of a contributions frame, for the counting rules (the points are given, not computed)."""
    return {
        "file": file,
        "date": pd.Timestamp(date),
        "player": player,
        "name": name if name is not None else f"Player {player}",
        "competitor": player,
        "partners": None,
        "by_name": False,
        "place": place,
        "field": field,
        "weight": weight,
        "units": units,
    }


def contributions(rows: Sequence[dict[str, object]]) -> pd.DataFrame:
    """Rows of `contribution` as a frame with the Contribution schema's types."""
    frame = pd.DataFrame(list(rows))
    return frame.astype(
        {
            "file": "str",
            "date": "datetime64[ns]",
            "player": "str",
            "name": "str",
            "competitor": "str",
            "partners": "str",
            "by_name": "bool",
            "place": "int64",
            "field": "int64",
            "weight": "float64",
            "units": "int64",
        }
    )
