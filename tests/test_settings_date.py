"""The Settings `Date`: scoring warns when it is not typed like 2026-11-30, because `tally rank` needs that
form; the standings are still written, with the date as typed. The rule is the one `tally rank` applies."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES, codes_in
from corpus.common import Expected, printed
from openpyxl import load_workbook
from ranking_books import RUNNER, rank, sheet_rows

from pipeline.cli import app
from pipeline.games.settings import iso_date

SAMPLE_FILES = sorted(SAMPLES.glob("*.xlsx"))


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("2026-11-30", "2026-11-30"),
        (" 2026-11-30 ", "2026-11-30"),
        ("2026-11-30 00:00:00", "2026-11-30"),  # an Excel date cell, as the reader gives it
        ("2026-11-30 00:00", "2026-11-30"),
        ("2026-11-30T00:00:00", "2026-11-30"),
        ("2024-02-29", "2024-02-29"),
        ("2026-11-30 21:15", None),  # a time of day is not a day
        ("2026-11-30 21:15:00", None),
        ("30/11/2026", None),
        ("11/30/2026", None),
        ("30.11.2026", None),
        ("2026/11/30", None),
        ("26-11-30", None),
        ("2026-11-3", None),
        ("2026-02-30", None),  # no such day
        ("2025-02-29", None),
        ("2026-13-01", None),
        ("\u0662\u0660\u0662\u0666-\u0661\u0661-\u0663\u0660", None),  # Arabic-Indic digits
        ("\uff12\uff10\uff12\uff16-11-30", None),  # full-width digits
        ("Tuesday", None),
        ("", None),
        (None, None),
        (20261130, None),
    ],
)
def test_iso_date(typed: object, day: str | None) -> None:
    assert iso_date(typed) == (None if day is None else pd.Timestamp(day))


def with_date(sample: Path, folder: Path, date: object) -> Path:
    """A copy of the sample with its Settings Date cell set to `date` (None empties the cell)."""
    target = folder / sample.name
    shutil.copyfile(sample, target)
    book = load_workbook(target)
    sheet = book["Settings"]
    row = next(r for r in sheet.iter_rows(min_row=2) if r[0].value == "Date")
    row[1].value = date
    book.save(target)
    return target


def standings(source: Path, out: Path):
    """`tally <game> standings SOURCE -o OUT`, the game from the sample's name."""
    return RUNNER.invoke(app, [source.name.split("_")[0], "standings", str(source), "-o", str(out)])


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_a_date_typed_otherwise_is_warned_and_kept(sample: Path, tmp_path: Path) -> None:
    source = with_date(sample, tmp_path, "30/11/2026")
    out = tmp_path / "s.xlsx"
    result = standings(source, out)
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["S106"]  # works here, but not for tally rank
    assert printed(result.stderr, Expected("S106", "Settings", 3, "Value", "30/11/2026"))
    assert {r["Item"]: r["Value"] for r in sheet_rows(out, "Rules")}["Date"] == "30/11/2026"
    refused = rank(out, "-o", tmp_path / "r.xlsx")  # what the warning foretold
    assert refused.exit_code == 1
    assert codes_in(refused.stderr) == ["R104"]
    rules = load_workbook(out)["Rules"]
    row = next(c.row for c in rules["A"] if c.value == "Date")
    assert f"[R104] {out}: Rules, row {row}, column 'Value' [30/11/2026]: " in refused.stderr


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_an_excel_date_cell_is_a_date(sample: Path, tmp_path: Path) -> None:
    source = with_date(sample, tmp_path, dt.datetime(2026, 11, 30))
    out = tmp_path / "s.xlsx"
    result = standings(source, out)
    assert result.exit_code == 0, result.output
    assert "S106" not in codes_in(result.stderr)
    ranked = rank(out, "-o", tmp_path / "r.xlsx")
    assert ranked.exit_code == 0, ranked.output
    assert [e["Date"] for e in sheet_rows(tmp_path / "r.xlsx", "Events")] == [pd.Timestamp("2026-11-30")]


@pytest.mark.parametrize(
    ("date", "warned"),
    [
        ("2026-11-30", False),
        (dt.datetime(2026, 11, 30, 19, 30), True),  # an Excel date cell with a time of day
        ("2026-02-30", True),
        ("Tuesday", True),
    ],
)
def test_which_dates_are_warned(date: object, warned: bool, tmp_path: Path) -> None:
    result = standings(with_date(SAMPLES / "domino_pairs.xlsx", tmp_path, date), tmp_path / "s.xlsx")
    assert result.exit_code == 0, result.output
    assert ("S106" in codes_in(result.stderr)) is warned, result.stderr


def test_an_empty_date_gets_the_usual_warning_only(tmp_path: Path) -> None:
    result = standings(with_date(SAMPLES / "bridge_club_mp.xlsx", tmp_path, None), tmp_path / "s.xlsx")
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["S103"]  # the default is used; not S106
    assert printed(result.stderr, Expected("S103", "Settings", 3, "Value"))
