"""Slips an organizer makes while typing: full-width digits (a Chinese or Japanese input method) are read
as 0-9, as full-width contracts already are; digits of other scripts, a setting given twice beside a blank
key and a weight too big to be a number are each refused with a located message instead of a crash."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from conftest import MATCH_HEADER, SAMPLES, write_xlsx
from openpyxl import load_workbook
from ranking_books import RUNNER

from pipeline.cli import app
from pipeline.problems import problems_from_frame

HINT = "(this cell holds digits other than 0-9: type them again with 0-9)"
ROW = [1, 1, "p1", None, "p2", None, 100, 20, None, None, None]


def standings(game: str, source: Path):
    return RUNNER.invoke(app, [game, "standings", str(source), "-o", str(source.with_name("out.xlsx"))])


@pytest.mark.parametrize(
    "typed",
    [
        "\u0663",  # Arabic-Indic three
        "\u06f7",  # Extended Arabic-Indic (Persian) seven
        "2\u0663",
        "\u096a\u096b",  # Devanagari 45
    ],
)
def test_digits_of_another_script_are_a_located_problem(typed: str, tmp_path: Path) -> None:
    row = [*ROW[:6], typed, *ROW[7:]]
    result = standings("domino", write_xlsx(tmp_path / "in.xlsx", {"Matches": (MATCH_HEADER, [row])}))
    assert result.exit_code == 1, result.output
    assert f"Matches, row 2, column 'A Pips' [{typed}]: expected a whole number from 0 to 100,000 {HINT}" in (
        result.stderr
    )
    assert "internal error" not in result.output


@pytest.mark.parametrize(
    ("typed", "pips"),
    [("\uff11\uff10\uff10", 100), ("\uff11\uff12\uff10", 120), ("\uff11\uff10\uff10\uff0e\uff10", 100)],
)
def test_full_width_digits_are_read(typed: str, pips: int, tmp_path: Path) -> None:
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    plain = [*ROW[:6], pips, *ROW[7:]]
    wide = [*ROW[:6], typed, *ROW[7:]]
    a = standings("domino", write_xlsx(tmp_path / "a" / "in.xlsx", {"Matches": (MATCH_HEADER, [plain])}))
    b = standings("domino", write_xlsx(tmp_path / "b" / "in.xlsx", {"Matches": (MATCH_HEADER, [wide])}))
    assert a.exit_code == 0 and b.exit_code == 0, b.output
    standings_a = load_workbook(tmp_path / "a" / "out.xlsx")["Standings"]
    standings_b = load_workbook(tmp_path / "b" / "out.xlsx")["Standings"]
    assert [[c.value for c in r] for r in standings_a.iter_rows()] == [
        [c.value for c in r] for r in standings_b.iter_rows()
    ]


def test_no_hint_where_full_width_digits_were_read(tmp_path: Path) -> None:
    row = [*ROW[:6], "\uff18\uff10", *ROW[7:]]  # 80 against 20: neither side reached the target
    result = standings("domino", write_xlsx(tmp_path / "in.xlsx", {"Matches": (MATCH_HEADER, [row])}))
    assert result.exit_code == 1
    assert "neither side reached the target 100" in result.stderr
    assert HINT not in result.stderr


def test_ascii_digits_get_no_hint(tmp_path: Path) -> None:
    row = [*ROW[:6], "1x", *ROW[7:]]
    result = standings("domino", write_xlsx(tmp_path / "in.xlsx", {"Matches": (MATCH_HEADER, [row])}))
    assert result.exit_code == 1
    assert "[1x]: expected a whole number from 0 to 100,000\n" in result.stderr


def bridge_copy(tmp_path: Path, sheet: str, row: int, column: int, value: object) -> Path:
    """The club pairs sample with one cell changed."""
    target = tmp_path / "bridge.xlsx"
    shutil.copyfile(SAMPLES / "bridge_club_mp.xlsx", target)
    book = load_workbook(target)
    book[sheet].cell(row, column).value = value
    book.save(target)
    return target


@pytest.mark.parametrize(
    ("column", "typed", "title"),
    [(8, "\u0669", "Tricks"), (6, "\u0663NT", "Contract"), (3, "\u0661", "Board")],
)
def test_bridge_digits_of_another_script(column: int, typed: str, title: str, tmp_path: Path) -> None:
    result = standings("bridge", bridge_copy(tmp_path, "Results", 2, column, typed))
    assert result.exit_code == 1, result.output
    assert f"Results, row 2, column '{title}' [{typed}]: " in result.stderr
    assert HINT in result.stderr
    assert "internal error" not in result.output


def test_weight_digits_of_another_script(tmp_path: Path) -> None:
    source = write_xlsx(
        tmp_path / "in.xlsx",
        {"Matches": (MATCH_HEADER, [ROW]), "Settings": (["Key", "Value"], [["Weight", "\u0662"]])},
    )
    result = standings("domino", source)
    assert result.exit_code == 1
    assert "Settings, row 2, column 'Value' [\u0662]: expected the event's ranking weight" in result.stderr
    assert HINT in result.stderr


@pytest.mark.parametrize("typed", ["1e999", "-1e999", "inf", "nan"])
def test_a_weight_must_be_a_finite_number(typed: str, tmp_path: Path) -> None:
    source = write_xlsx(
        tmp_path / "in.xlsx",
        {"Matches": (MATCH_HEADER, [ROW]), "Settings": (["Key", "Value"], [["Weight", typed]])},
    )
    result = standings("domino", source)
    assert result.exit_code == 1, result.output
    assert (
        f"Settings, row 2, column 'Value' [{typed}]: expected the event's ranking weight: a number above 0"
        in result.stderr
    )


def test_a_repeated_setting_beside_a_blank_key_names_a_whole_row(tmp_path: Path) -> None:
    settings = [["Target", 100], [None, "stray"], ["Target", 150]]
    source = write_xlsx(
        tmp_path / "in.xlsx", {"Matches": (MATCH_HEADER, [ROW]), "Settings": (["Key", "Value"], settings)}
    )
    result = standings("domino", source)
    assert result.exit_code == 1
    assert "Settings, row 4, column 'Key' [Target]: this setting is already given at row 2\n" in result.stderr
    assert "row 2.0" not in result.stderr


def test_a_repeated_id_beside_a_blank_id_names_a_whole_row(tmp_path: Path) -> None:
    players = [["p1", "Ann"], [None, "Nobody"], ["p1", "Ann again"], ["p2", "Bob"]]
    source = write_xlsx(
        tmp_path / "in.xlsx",
        {"Matches": (MATCH_HEADER, [ROW]), "Players": (["ID", "Name"], players)},
    )
    result = standings("domino", source)
    assert result.exit_code == 1, result.output
    assert "row 4, column 'ID' [p1]: this ID is already listed at row 2\n" in result.stderr
    assert ".0" not in result.stderr


def test_full_width_digits_in_a_date_and_time_are_read_as_in_numbers() -> None:
    from conftest import sheets_from_tables

    from pipeline.games.domino.settings import domino_settings

    def published(typed: str) -> object:
        sheet = sheets_from_tables({"Settings": (["Key", "Value"], [["Published At", typed]])})["settings"]
        settings, problems = domino_settings(sheet)
        return settings.published_at, [str(p) for p in problems_from_frame(problems)]

    wide = "\uff12\uff10\uff12\uff16-\uff11\uff11-\uff13\uff10 \uff12\uff11:\uff11\uff15"
    assert published(wide) == (pd.Timestamp("2026-11-30 21:15"), [])
    when, problems = published("\u0662\u0660\u0662\u0666-11-30 21:15")  # Arabic-Indic digits: not read
    assert when is None and len(problems) == 1 and HINT in problems[0]
