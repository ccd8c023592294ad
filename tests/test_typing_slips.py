"""Slips an organizer makes while typing: full-width digits (a Chinese or Japanese input method) are read
as 0-9, as full-width contracts already are; digits of other scripts, a setting given twice beside a blank
key and a weight too big to be a number are each refused with a located message instead of a crash."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from conftest import MATCH_HEADER, SAMPLES, codes_in, write_xlsx
from corpus.common import Expected, printed
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
    assert codes_in(result.stderr) == ["D119"]
    # the wording: the hint how to type the digits again
    assert printed(result.stderr, Expected("D119", "Matches", 2, "A Pips", typed, HINT))


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
    assert codes_in(result.stderr) == ["D108"]
    assert HINT not in result.stderr


def test_ascii_digits_get_no_hint(tmp_path: Path) -> None:
    row = [*ROW[:6], "1x", *ROW[7:]]
    result = standings("domino", write_xlsx(tmp_path / "in.xlsx", {"Matches": (MATCH_HEADER, [row])}))
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["D119"]
    assert printed(result.stderr, Expected("D119", "Matches", 2, "A Pips", "1x"))
    assert HINT not in result.stderr


def bridge_copy(tmp_path: Path, sheet: str, row: int, column: int, value: object) -> Path:
    """The club pairs sample with one cell changed."""
    target = tmp_path / "bridge.xlsx"
    shutil.copyfile(SAMPLES / "bridge_club_mp.xlsx", target)
    book = load_workbook(target)
    book[sheet].cell(row, column).value = value
    book.save(target)
    return target


@pytest.mark.parametrize(
    ("column", "typed", "title", "code"),
    [(8, "\u0669", "Tricks", "B102"), (6, "\u0663NT", "Contract", "B105"), (3, "\u0661", "Board", "B101")],
)
def test_bridge_digits_of_another_script(
    column: int, typed: str, title: str, code: str, tmp_path: Path
) -> None:
    result = standings("bridge", bridge_copy(tmp_path, "Results", 2, column, typed))
    assert result.exit_code == 1, result.output
    assert code in codes_in(result.stderr) and "X002" not in codes_in(result.stderr)
    assert printed(result.stderr, Expected(code, "Results", 2, title, typed, HINT))  # the hint, as wording


def test_weight_digits_of_another_script(tmp_path: Path) -> None:
    source = write_xlsx(
        tmp_path / "in.xlsx",
        {"Matches": (MATCH_HEADER, [ROW]), "Settings": (["Key", "Value"], [["Weight", "\u0662"]])},
    )
    result = standings("domino", source)
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["S105"]
    assert printed(result.stderr, Expected("S105", "Settings", 2, "Value", "\u0662", HINT))


@pytest.mark.parametrize("typed", ["1e999", "-1e999", "inf", "nan"])
def test_a_weight_must_be_a_finite_number(typed: str, tmp_path: Path) -> None:
    source = write_xlsx(
        tmp_path / "in.xlsx",
        {"Matches": (MATCH_HEADER, [ROW]), "Settings": (["Key", "Value"], [["Weight", typed]])},
    )
    result = standings("domino", source)
    assert result.exit_code == 1, result.output
    assert codes_in(result.stderr) == ["S105"]
    assert printed(result.stderr, Expected("S105", "Settings", 2, "Value", typed))


def test_a_repeated_setting_beside_a_blank_key_names_a_whole_row(tmp_path: Path) -> None:
    settings = [["Target", 100], [None, "stray"], ["Target", 150]]
    source = write_xlsx(
        tmp_path / "in.xlsx", {"Matches": (MATCH_HEADER, [ROW]), "Settings": (["Key", "Value"], settings)}
    )
    result = standings("domino", source)
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["S101", "S104"]  # the blank key, then the setting given twice
    # the wording: the row it names is a whole Excel row (2, not 2.0)
    assert "[S104] Settings, row 4, column 'Key' [Target]: this setting is already given at row 2\n" in (
        result.stderr
    )
    assert "row 2.0" not in result.stderr


def test_a_repeated_id_beside_a_blank_id_names_a_whole_row(tmp_path: Path) -> None:
    players = [["p1", "Ann"], [None, "Nobody"], ["p1", "Ann again"], ["p2", "Bob"]]
    source = write_xlsx(
        tmp_path / "in.xlsx",
        {"Matches": (MATCH_HEADER, [ROW]), "Players": (["ID", "Name"], players)},
    )
    result = standings("domino", source)
    assert result.exit_code == 1, result.output
    assert codes_in(result.stderr) == ["W103", "D114"]  # the blank id, then the id listed twice
    # the wording: the row it names is a whole Excel row (2, not 2.0)
    assert "[D114] Players, row 4, column 'ID' [p1]: this ID is already listed at row 2\n" in result.stderr
    assert ".0" not in result.stderr


def test_full_width_digits_in_a_date_and_time_are_read_as_in_numbers() -> None:
    from conftest import sheets_from_tables

    from pipeline.games.domino.settings import domino_settings

    def published(typed: str) -> object:
        sheet = sheets_from_tables({"Settings": (["Key", "Value"], [["Published At", typed]])})["settings"]
        settings, problems = domino_settings(sheet)
        return settings.published_at, problems_from_frame(problems)

    wide = "\uff12\uff10\uff12\uff16-\uff11\uff11-\uff13\uff10 \uff12\uff11:\uff11\uff15"
    assert published(wide) == (pd.Timestamp("2026-11-30 21:15"), [])
    when, found = published("\u0662\u0660\u0662\u0666-11-30 21:15")  # Arabic-Indic digits: not read
    assert when is None and [p.code for p in found] == ["S105"]
    assert HINT in found[0].problem  # the wording: the hint how to type the digits again
