"""Law 79C at the precision Excel shows: whole seconds, rounded half up, for every date-time tally reads.

Published At is 2026-11-30 21:00:00 and the period is the default 30 minutes (inclusive at exactly 30:00).
Excel's hh:mm:ss format rounds to the nearest second, halves up, so the organizer sees:

    submitted after publication   Excel shows   the delay   status
    30:00.4  (21:30:00.4)         21:30:00      30:00       applied (the last second of the period)
    30:00.5  (21:30:00.5)         21:30:01      30:01       rejected (no Director)
    30:01.5  (21:30:01.5)         21:30:02      30:02       rejected
    29:59.5  (21:29:59.5)         21:30:00      30:00       applied

Each correction touches a different match of the night in `test_corrections_cli` (all four new values are
valid), so one run judges all four. The same four times are written three ways: Excel date-time cells from
datetime objects with microseconds, Excel serial numbers (floats) with a date format, and typed text.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pandas as pd
import pytest
from openpyxl import Workbook, load_workbook
from tables import table_rows
from test_corrections_cli import CORRECTION_HEADER, MATCH_COLUMNS, MATCHES
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.parsing import nearest_seconds

PUBLISHED = datetime(2026, 11, 30, 21, 0)
EPOCH = datetime(1899, 12, 30)  # Excel's day 0 in the 1900 date system (serial 1 is 1900-01-01)
# (seconds after publication, the match it corrects, column, new value)
CORRECTIONS = [
    (1800.4, 1, 1, "B Pips", 30),
    (1800.5, 1, 2, "B Pips", 60),
    (1801.5, 2, 1, "A Pips", 20),
    (1799.5, 2, 2, "B Pips", 10),
]
APPLIED = "submitted 30:00 after publication, within the 30-minute correction period (Law 79C)"


def rejected(shown: str) -> str:
    return (
        f"submitted {shown} after publication; the 30-minute correction period had ended (Law 79C) and no "
        "Director authorized it"
    )


# the Status, the Detail and the Submitted At each correction shows, in sheet order (worked out above)
EXPECTED = [
    ("applied", APPLIED, "2026-11-30 21:30:00"),
    ("rejected", rejected("30:01"), "2026-11-30 21:30:01"),
    ("rejected", rejected("30:02"), "2026-11-30 21:30:02"),
    ("applied", APPLIED, "2026-11-30 21:30:00"),
]


def as_cell(moment: datetime, form: str) -> object:
    """A date-time as the organizer's workbook holds it."""
    if form == "datetime":
        return moment
    if form == "serial":
        return (moment - EPOCH) / timedelta(days=1)
    return f"{moment:%Y-%m-%d %H:%M:%S}.{moment.microsecond // 100_000}"  # typed with tenths: 21:30:00.5


def workbook(path: Path, form: str, published: object, directors: dict[int, str] | None = None) -> Path:
    """The night with Published At and the four corrections written in the given form."""
    book = Workbook()
    settings = book.active
    settings.title = "Settings"
    settings.append(["Key", "Value"])
    settings.append(["Published At", published])
    matches = book.create_sheet("Matches")
    for row in [MATCH_COLUMNS, *MATCHES]:
        matches.append(row)
    sheet = book.create_sheet("Corrections")
    sheet.append(CORRECTION_HEADER)
    for i, (seconds, rnd, table, column, value) in enumerate(CORRECTIONS):
        moment = PUBLISHED + timedelta(seconds=seconds)
        director = (directors or {}).get(i)
        sheet.append([as_cell(moment, form), rnd, table, column, value, "slip", director])
    for ws, col in ((settings, 2), (sheet, 1)):
        for row in ws.iter_rows(min_row=2, min_col=col, max_col=col):
            if isinstance(row[0].value, float | datetime):
                row[0].number_format = "yyyy-mm-dd hh:mm:ss"
    book.save(path)
    return path


def corrections_log(path: Path) -> list[dict[str, object]]:
    rows = table_rows(load_workbook(path)["Corrections"])
    return [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]


def scored(source: Path, out: Path):
    result = CliRunner().invoke(app, ["domino", "standings", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return corrections_log(out)


@pytest.mark.parametrize("form", ["datetime", "serial", "text"])
def test_the_period_is_decided_on_the_seconds_excel_shows(form: str, tmp_path: Path) -> None:
    published = as_cell(PUBLISHED, form) if form != "text" else "2026-11-30 21:00:00"
    log = scored(workbook(tmp_path / "night.xlsx", form, published), tmp_path / "out.xlsx")
    assert [(r["Status"], r["Detail"], r["Submitted At"]) for r in log] == EXPECTED


def test_a_director_authorizes_what_excel_shows_as_30_01(tmp_path: Path) -> None:
    source = workbook(tmp_path / "night.xlsx", "serial", as_cell(PUBLISHED, "serial"), {1: "Ms Lee"})
    log = scored(source, tmp_path / "out.xlsx")
    assert (log[1]["Status"], log[1]["Detail"]) == (
        "applied late",
        "submitted 30:01 after publication, after the 30-minute correction period; applied on the "
        "director's authority (Ms Lee, Law 79C2)",
    )


def test_published_at_is_rounded_the_same_way(tmp_path: Path) -> None:
    # Published At typed 21:00:00.5 is shown 21:00:01, so 21:30:01 is 30:00 after it: inside. (Rounding half
    # to even, as pandas' round does, would read 21:00:00 and reject it at 30:01.)
    book = Workbook()
    ws = book.active
    ws.title = "Settings"
    for row in (["Key", "Value"], ["Published At", "2026-11-30 21:00:00.5"]):
        ws.append(row)
    matches = book.create_sheet("Matches")
    for row in [MATCH_COLUMNS, *MATCHES]:
        matches.append(row)
    corrections = book.create_sheet("Corrections")
    corrections.append(CORRECTION_HEADER)
    corrections.append(["2026-11-30 21:30:01", 1, 1, "B Pips", 30, "slip", None])
    book.save(tmp_path / "night.xlsx")
    log = scored(tmp_path / "night.xlsx", tmp_path / "out.xlsx")
    assert (log[0]["Status"], log[0]["Detail"]) == ("applied", APPLIED)


def test_nearest_seconds_rounds_halves_up() -> None:
    times = pd.Series(
        pd.to_datetime(
            [
                "2026-11-30 21:30:00.4",
                "2026-11-30 21:30:00.5",
                "2026-11-30 21:30:01.5",
                "2026-11-30 21:29:59.5",
                "2026-11-30 23:59:59.5",
                None,
            ]
        )
    )
    assert list(nearest_seconds(times)) == [
        pd.Timestamp("2026-11-30 21:30:00"),
        pd.Timestamp("2026-11-30 21:30:01"),
        pd.Timestamp("2026-11-30 21:30:02"),
        pd.Timestamp("2026-11-30 21:30:00"),
        pd.Timestamp("2026-12-01 00:00:00"),  # the day turns, as Excel shows it
        pd.NaT,
    ]
