"""`tally rank` end to end: hand-made seasons of standings workbooks -> the ranking workbook (and Parquet),
every figure worked by hand in the comments; bad inputs refused with nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES, codes_in
from ranking_books import (
    RUNNER,
    by_competitor,
    rank,
    ranking_lines,
    reference_units,
    sheet_names,
    sheet_rows,
    standings_book,
)

from pipeline.cli import app

# --- a season of five domino events ---------------------------------------------------------------------
#
# E1 Old Open      2025-11-30  weight 1  field 2: 1 Ann 1st 100, 2 Bob 2nd 50
# E2 December Cup  2025-12-01  weight 2  field 4: 3 Cid 200, 4 Dee 150, 1 Ann 100, 5 Eve 50
# E3 March Night   2026-03-01  no Weight field 4: 1 Ann 100, 9 Ivy 75, 2 Bob and 5 Eve share 3rd:
#                                                 (50 + 25) / 2 = 37.5 each
# E5 Spring Trio   2026-05-01  weight 1  field 3: 10 Kim and 7 Lou share 1st: (100 + 66.67) / 2 = 83.33;
#                                                 12 Max 3rd: 33.33
# E4 Final         2026-11-30  weight 1  field 4: 9 Ivy 100, 8 Hal 75, 2 Bob 50, 4 Dee 25

ANN, BOB, CID, DEE, EVE, LOU, HAL, IVY, KIM, MAX = "1", "2", "3", "4", "5", "7", "8", "9", "10", "12"
NAMES = {
    ANN: "Ann",
    BOB: "Bob",
    CID: "Cid",
    DEE: "Dee",
    EVE: "Eve",
    LOU: "Lou",
    HAL: "Hal",
    IVY: "Ivy",
    KIM: "Kim",
    MAX: "Max",
}


def rows(*placed: tuple[int, str]) -> list[tuple[object, ...]]:
    return [(place, player, NAMES[player]) for place, player in placed]


@pytest.fixture
def season(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The five events above in tmp_path/season (one in a subfolder); the working folder is tmp_path."""
    monkeypatch.chdir(tmp_path)
    folder = Path("season")
    standings_book(folder / "e1.xlsx", rows((1, ANN), (2, BOB)), event="Old Open", date="2025-11-30")
    standings_book(
        folder / "e2.xlsx",
        rows((1, CID), (2, DEE), (3, ANN), (4, EVE)),
        event="December Cup",
        date="2025-12-01",
        weight=2,
    )
    standings_book(
        folder / "e3.xlsx",
        rows((1, ANN), (2, IVY), (3, BOB), (3, EVE)),
        event="March Night",
        date="2026-03-01",
    )
    standings_book(
        folder / "spring" / "e5.xlsx",
        rows((1, KIM), (1, LOU), (3, MAX)),
        event="Spring Trio",
        date="2026-05-01",
        weight="1",
    )
    standings_book(
        folder / "e4.xlsx",
        rows((1, IVY), (2, HAL), (3, BOB), (4, DEE)),
        event="Final",
        date="2026-11-30",
        weight=1,
    )
    standings_book(folder / "notes.xlsx", [], sheets=("Standings",))  # not a standings workbook: skipped
    return folder


def test_default_ranking_every_row(season: Path) -> None:
    result = rank(season, "-o", "ranking.xlsx")
    assert result.exit_code == 0, result.output
    assert "10 ranked from 5 event(s) as of 2026-11-30: ranking.xlsx" in result.stdout
    assert sheet_names(Path("ranking.xlsx")) == ["Ranking", "Contributions", "Events", "Identity", "Rules"]
    # as of 2026-11-30 (the newest event), window 2025-12-01 .. 2026-11-30: E1 (365 days before) is out
    assert ranking_lines(Path("ranking.xlsx")) == [
        (1, ANN, "Ann", 200, 2, 100),  # E2 100 + E3 100; level with Cid on points, but two events
        (2, CID, "Cid", 200, 1, 200),  # E2 200
        (3, DEE, "Dee", 175, 2, 150),  # E2 150 + E4 25; level with Ivy on points and events, better best
        (4, IVY, "Ivy", 175, 2, 100),  # E3 75 + E4 100
        (5, BOB, "Bob", 87.5, 2, 50),  # E3 37.5 + E4 50 (E1's 50 is out of the window)
        (5, EVE, "Eve", 87.5, 2, 50),  # E2 50 + E3 37.5: level with Bob on all three, shares rank 5
        (7, LOU, "Lou", 83.33, 1, 83.33),  # E5 shared 1st; 7 listed before 10 (natural order)
        (7, KIM, "Kim", 83.33, 1, 83.33),
        (9, HAL, "Hal", 75, 1, 75),  # E4
        (10, MAX, "Max", 33.33, 1, 33.33),  # E5
    ]


def test_default_contributions_and_events(season: Path) -> None:
    assert rank(season, "-o", "ranking.xlsx").exit_code == 0
    contributions = sheet_rows(Path("ranking.xlsx"), "Contributions")
    assert len(contributions) == 2 + 4 + 4 + 3 + 4
    # by player (natural order), then date
    assert [r["Player"] for r in contributions] == [
        *[ANN] * 3,
        *[BOB] * 3,
        CID,
        *[DEE] * 2,
        *[EVE] * 2,
        LOU,
        HAL,
        *[IVY] * 2,
        KIM,
        MAX,
    ]
    ann = contributions[:3]
    assert [(r["Event"], r["File"], r["Place"], r["Field"], r["Weight"], r["Points"]) for r in ann] == [
        ("Old Open", "season/e1.xlsx", 1, 2, 1, 100),
        ("December Cup", "season/e2.xlsx", 3, 4, 2, 100),
        ("March Night", "season/e3.xlsx", 1, 4, 1, 100),
    ]
    assert [(r["Counted"], r["Note"]) for r in ann] == [
        ("no", "played before the window (2025-12-01 to 2026-11-30)"),
        ("yes", "counted"),
        ("yes", "counted"),
    ]
    assert [r["Date"] for r in ann] == [pd.Timestamp(d) for d in ["2025-11-30", "2025-12-01", "2026-03-01"]]
    kim = next(r for r in contributions if r["Player"] == KIM)
    assert (kim["File"], kim["Place"], kim["Points"], kim["Counted"]) == (
        "season/spring/e5.xlsx",
        1,
        83.33,
        "yes",
    )
    uncounted = [(r["Player"], r["Event"]) for r in contributions if r["Counted"] == "no"]
    assert uncounted == [(ANN, "Old Open"), (BOB, "Old Open")]

    events = sheet_rows(Path("ranking.xlsx"), "Events")
    assert [(e["File"], e["Game"], e["Event"], e["Weight"], e["Field"], e["Window"]) for e in events] == [
        ("season/e1.xlsx", "domino", "Old Open", 1, 2, "before the window"),
        ("season/e2.xlsx", "domino", "December Cup", 2, 4, "in window"),
        ("season/e3.xlsx", "domino", "March Night", 1, 4, "in window"),
        ("season/spring/e5.xlsx", "domino", "Spring Trio", 1, 3, "in window"),
        ("season/e4.xlsx", "domino", "Final", 1, 4, "in window"),
    ]
    for e in events:
        assert len(e["SHA-256"]) == 64
    rules = {r["Item"]: r["Value"] for r in sheet_rows(Path("ranking.xlsx"), "Rules")}
    assert rules["As of"] == "2026-11-30"
    assert "2025-12-01 to 2026-11-30" in rules["Window"]
    assert rules["Events read"] == "5"
    assert sheet_rows(Path("ranking.xlsx"), "Identity") == []


def test_as_of_moves_the_window(season: Path) -> None:
    result = rank(season, "-o", "june.xlsx", "--as-of", "2026-06-30")
    assert result.exit_code == 0, result.output
    assert "as of 2026-06-30" in result.stdout
    # window 2025-07-01 .. 2026-06-30: E1, E2, E3, E5 in; E4 (2026-11-30) after the as-of date
    assert ranking_lines(Path("june.xlsx")) == [
        (1, ANN, "Ann", 300, 3, 100),  # E1 100 + E2 100 + E3 100
        (2, CID, "Cid", 200, 1, 200),
        (3, DEE, "Dee", 150, 1, 150),  # E2 only
        (4, BOB, "Bob", 87.5, 2, 50),  # E1 50 + E3 37.5
        (4, EVE, "Eve", 87.5, 2, 50),  # E2 50 + E3 37.5
        (6, LOU, "Lou", 83.33, 1, 83.33),
        (6, KIM, "Kim", 83.33, 1, 83.33),
        (8, IVY, "Ivy", 75, 1, 75),  # E3 only
        (9, MAX, "Max", 33.33, 1, 33.33),
    ]  # Hal played only E4: not ranked
    hal = [r for r in sheet_rows(Path("june.xlsx"), "Contributions") if r["Player"] == HAL]
    assert [(r["Counted"], r["Note"]) for r in hal] == [("no", "played after the as-of date 2026-06-30")]
    windows = [e["Window"] for e in sheet_rows(Path("june.xlsx"), "Events")]
    assert windows == ["in window", "in window", "in window", "in window", "after the as-of date"]

    # as of 2027-01-01: window 2026-01-02 .. 2027-01-01, E1 and E2 out
    assert rank(season, "-o", "next.xlsx", "--as-of", "2027-01-01").exit_code == 0
    assert ranking_lines(Path("next.xlsx"))[:3] == [
        (1, IVY, "Ivy", 175, 2, 100),  # E3 75 + E4 100
        (2, ANN, "Ann", 100, 1, 100),  # E3 only
        (3, BOB, "Bob", 87.5, 2, 50),  # E3 37.5 + E4 50
    ]
    assert [r[1] for r in ranking_lines(Path("next.xlsx"))] == [IVY, ANN, BOB, LOU, KIM, HAL, EVE, MAX, DEE]


# --- the rules changed by a TOML file -----------------------------------------------------------------
#
# C1 2026-10-31 field 2: A 1st, B 2nd
# C2 2026-11-01 field 3: A, B, C
# C3 2026-11-15 field 3: A and C share 1st, B 3rd
# C4 2026-11-30 field 4, weight 1.5: B, A, C, D


@pytest.fixture
def short_season(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    folder = Path("short")
    standings_book(folder / "c1.xlsx", [(1, "A", "Al"), (2, "B", "Bo")], event="C1", date="2026-10-31")
    standings_book(
        folder / "c2.xlsx", [(1, "A", "Al"), (2, "B", "Bo"), (3, "C", "Cy")], event="C2", date="2026-11-01"
    )
    standings_book(
        folder / "c3.xlsx", [(1, "A", "Al"), (1, "C", "Cy"), (3, "B", "Bo")], event="C3", date="2026-11-15"
    )
    standings_book(
        folder / "c4.xlsx",
        [(1, "B", "Bo"), (2, "A", "Al"), (3, "C", "Cy"), (4, "D", "Di")],
        event="C4",
        date="2026-11-30",
        weight=1.5,
    )
    return folder


def test_short_season_default_rules(short_season: Path) -> None:
    assert rank(short_season, "-o", "r.xlsx").exit_code == 0
    # default rules, every event in the window:
    # A: C1 100 + C2 100 + C3 (100 + 66.67) / 2 = 83.33 + C4 1.5 x 75 = 112.5 -> 395.83, 4 events
    # B: C1 50 + C2 66.67 + C3 33.33 + C4 150 -> 300, 4 events
    # C: C2 33.33 + C3 83.33 + C4 1.5 x 50 = 75 -> 191.66 (the sum of the rounded event points)
    # D: C4 1.5 x 25 = 37.5
    assert ranking_lines(Path("r.xlsx")) == [
        (1, "A", "Al", 395.83, 4, 112.5),
        (2, "B", "Bo", 300, 4, 150),
        (3, "C", "Cy", 191.66, 3, 83.33),
        (4, "D", "Di", 37.5, 1, 37.5),
    ]


def test_config_changes_the_results(short_season: Path) -> None:
    Path("ranking.toml").write_text("[ranking]\nbest = 2\nscale = 50\nwindow_days = 30\ndecimals = 1\n")
    result = rank(short_season, "-o", "r.xlsx", "--config", "ranking.toml")
    assert result.exit_code == 0, result.output
    # window 2026-11-01 .. 2026-11-30 (C1 out), scale 50, one decimal, best 2:
    # C2: A 50, B 33.3, C 16.7 | C3: A, C (50 + 33.33) / 2 = 41.67 -> 41.7, B 16.7
    # C4 (x 1.5): B 75, A 56.25 -> 56.3 (half up), C 37.5, D 18.75 -> 18.8
    # A: best 2 of 50, 41.7, 56.3 -> 56.3 + 50 = 106.3 | B: 75 + 33.3 = 108.3 | C: 41.7 + 37.5 = 79.2
    assert ranking_lines(Path("r.xlsx")) == [
        (1, "B", "Bo", 108.3, 2, 75),
        (2, "A", "Al", 106.3, 2, 56.3),
        (3, "C", "Cy", 79.2, 2, 41.7),
        (4, "D", "Di", 18.8, 1, 18.8),
    ]
    notes = {
        (r["Player"], r["Event"]): (r["Counted"], r["Note"], r["Points"])
        for r in sheet_rows(Path("r.xlsx"), "Contributions")
    }
    assert notes[("A", "C1")] == ("no", "played before the window (2026-11-01 to 2026-11-30)", 50)
    assert notes[("A", "C3")] == ("no", "not among the best 2", 41.7)
    assert notes[("B", "C3")] == ("no", "not among the best 2", 16.7)
    assert notes[("C", "C2")] == ("no", "not among the best 2", 16.7)
    assert notes[("A", "C4")] == ("yes", "counted", 56.3)
    rules = {r["Item"]: r["Value"] for r in sheet_rows(Path("r.xlsx"), "Rules")}
    assert rules["Window"] == "events dated 2026-11-01 to 2026-11-30 (30 days)"
    assert "weight x 50 x" in rules["Event points"] and "1 decimals" in rules["Event points"]


def test_config_at_the_top_level_and_default_weight(short_season: Path) -> None:
    Path("flat.toml").write_text("best = 1\ndefault_weight = 2\n")
    assert rank(short_season, "-o", "r.xlsx", "--config", "flat.toml").exit_code == 0
    # C1 .. C3 have no Weight -> 2; C4 keeps 1.5. Best 1 each:
    # A: C1 200, C2 200 (equal: the newer, C2), C3 166.67, C4 112.5 -> 200
    # B: C1 100, C2 133.33, C3 66.67, C4 150 -> 150 | C: C3 166.67 | D: C4 37.5
    assert ranking_lines(Path("r.xlsx")) == [
        (1, "A", "Al", 200, 1, 200),
        (2, "C", "Cy", 166.67, 1, 166.67),
        (3, "B", "Bo", 150, 1, 150),
        (4, "D", "Di", 37.5, 1, 37.5),
    ]
    counted = [
        (r["Player"], r["Event"])
        for r in sheet_rows(Path("r.xlsx"), "Contributions")
        if r["Counted"] == "yes"
    ]
    assert ("A", "C2") in counted and ("A", "C1") not in counted


# --- identity -------------------------------------------------------------------------------------------


def test_identity_reports(tmp_path: Path) -> None:
    a = standings_book(
        tmp_path / "a.xlsx",
        [(1, "7", "Ann Lee"), (2, "8", "José  Pérez"), (3, "9", "Tom Hart"), (4, "12", "Tom Hardy")],
        date="2026-01-10",
    )
    b = standings_book(
        tmp_path / "b.xlsx",
        [(1, "7", "Anne Lee"), (2, "21", "jose perez"), (3, "9", "Tom Hart")],
        date="2026-02-10",
    )
    out = tmp_path / "r.xlsx"
    result = rank(a, b, "-o", out)
    assert result.exit_code == 0, result.output
    identity = sheet_rows(out, "Identity")
    assert [r["Check"] for r in identity] == [
        "same ID, different names",
        "same name under different IDs (likely one person)",
    ]
    assert (identity[0]["Player"], identity[0]["Names"]) == ("7", "Ann Lee; Anne Lee")
    assert set(identity[1]["Player"].split("; ")) == {"8", "21"}
    assert set(identity[1]["Names"].split("; ")) == {"José  Pérez", "jose perez"}
    assert all("Tom" not in r["Names"] for r in identity)  # Tom Hart and Tom Hardy are two people
    assert "2 identity report(s)" in result.stderr
    assert codes_in(result.stderr) == ["R116", "R117"]
    assert "[R116] same ID, different names: 7 (Ann Lee; Anne Lee)" in result.stderr  # the ID, then its names
    assert "José  Pérez" in result.stderr and "jose perez" in result.stderr
    assert "Tom" not in result.stderr
    # the ranking shows the newest name; 7: 100 + 100 = 200 (a: field 4, b: field 3, both 1st)
    assert ranking_lines(out)[0] == (1, "7", "Anne Lee", 200, 2, 100)


def test_no_identity_report_for_different_people(tmp_path: Path) -> None:
    a = standings_book(tmp_path / "a.xlsx", [(1, "1", "Ana Ruiz"), (2, "2", "Ana Ruis")], date="2026-01-10")
    b = standings_book(tmp_path / "b.xlsx", [(1, "2", "Ana Ruis"), (2, "1", "Ana Ruiz")], date="2026-01-11")
    result = rank(a, b, "-o", tmp_path / "r.xlsx")
    assert result.exit_code == 0, result.output
    assert sheet_rows(tmp_path / "r.xlsx", "Identity") == []
    assert "identity" not in result.stderr


# --- the same bytes twice, bridge, two games ------------------------------------------------------------


def test_same_bytes_twice_counted_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), [(1, "1", "Ann"), (2, "2", "Bob")], date="2026-03-01")
    shutil.copy("a.xlsx", "copy.xlsx")
    result = rank("a.xlsx", "copy.xlsx", "-o", "r.xlsx")
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["R113"] and "[R113] copy.xlsx: " in result.stderr  # the copy, first
    assert ranking_lines(Path("r.xlsx")) == [(1, "1", "Ann", 100, 1, 100), (2, "2", "Bob", 50, 1, 50)]
    assert [e["File"] for e in sheet_rows(Path("r.xlsx"), "Events")] == ["a.xlsx"]
    notes = [r["Value"] for r in sheet_rows(Path("r.xlsx"), "Rules") if r["Item"] == "Note"]
    assert notes == ["copy.xlsx: the same bytes as a.xlsx; counted once"]


def test_bridge_pairs_credit_each_player_not_the_pair_number(tmp_path: Path) -> None:
    one = standings_book(
        tmp_path / "mon.xlsx",
        [(1, 3, "Ola - Kari"), (2, 1, "Li - Zhang"), (2, 2, "Ana - Luis")],
        bridge=True,
        date="2026-11-23",
        weight=1.5,
    )
    two = standings_book(
        tmp_path / "tue.xlsx", [(1, 1, "Li - Kari"), (2, 3, "Ola - Zhang")], bridge=True, date="2026-11-24"
    )
    out = tmp_path / "r.xlsx"
    result = rank(one, two, "-o", out)
    assert result.exit_code == 0, result.output
    # mon (x 1.5, field 3): Ola, Kari 150; Li, Zhang, Ana, Luis share 2nd: 1.5 x (66.67 + 33.33) / 2 = 75
    # tue: Li, Kari 100; Ola, Zhang 50
    assert ranking_lines(out) == [
        (1, "Kari", "Kari", 250, 2, 150),
        (2, "Ola", "Ola", 200, 2, 150),
        (3, "Li", "Li", 175, 2, 100),
        (4, "Zhang", "Zhang", 125, 2, 75),
        (5, "Ana", "Ana", 75, 1, 75),
        (5, "Luis", "Luis", 75, 1, 75),
    ]
    assert {e["Game"] for e in sheet_rows(out, "Events")} == {"bridge"}


def test_both_games_need_game(tmp_path: Path) -> None:
    domino = standings_book(tmp_path / "d.xlsx", [(1, "1", "Ann"), (2, "2", "Bob")], date="2026-03-01")
    bridge = standings_book(
        tmp_path / "b.xlsx", [(1, 5, "X - Y"), (2, 6, "Z - W")], bridge=True, date="2026-03-02"
    )
    out = tmp_path / "r.xlsx"
    mixed = rank(domino, bridge, "-o", out)
    assert mixed.exit_code == 2
    assert codes_in(mixed.stderr) == ["X001"] and "--game" in mixed.stderr
    assert not out.exists()
    only = rank(domino, bridge, "-o", out, "--game", "bridge")
    assert only.exit_code == 0, only.output
    # each player of a pair is credited: X and Y share first, W and Z share third (listed by ID)
    assert ranking_lines(out) == [
        (1, "X", "X", 100, 1, 100),
        (1, "Y", "Y", 100, 1, 100),
        (3, "W", "W", 50, 1, 50),
        (3, "Z", "Z", 50, 1, 50),
    ]


def test_game_with_no_such_events_exit_2(tmp_path: Path) -> None:
    # BUG: with no event of the chosen game, season_of builds an empty events frame of object columns that
    # its own schema refuses (pandera SchemaError) -> exit 3 "internal error" before run_rank's intended
    # UsageError "no bridge events among the 1 standings workbook(s)"
    domino = standings_book(tmp_path / "d.xlsx", [(1, "1", "Ann"), (2, "2", "Bob")], date="2026-03-01")
    none = rank(domino, "-o", tmp_path / "none.xlsx", "--game", "bridge")
    assert none.exit_code == 2, none.output
    assert codes_in(none.stderr) == ["X001"]
    assert not (tmp_path / "none.xlsx").exists()


# --- bad workbooks: exit 1, nothing written, the file (and sheet, row) named ------------------------------

GOOD = [(1, "1", "Ann"), (2, "2", "Bob"), (3, "3", "Cid")]


def bad_cases() -> list[tuple[str, dict[str, object], list[str], str]]:
    """(label, the damage done, the codes of the problems of the damaged workbook, where the first is)."""
    return [
        ("no Standings", {"sheets": ("Rules",)}, ["R101"], ""),
        ("no Rules", {"sheets": ("Standings",)}, ["R101"], ""),
        ("no Date row", {"date": None}, ["R103"], "Rules, column 'Item'"),
        ("blank Date", {"date": ""}, ["R104"], "Rules, row 3, column 'Value'"),
        ("slashed Date", {"date": "2026/03/01"}, ["R104"], "Rules, row 3, column 'Value' [2026/03/01]"),
        ("impossible Date", {"date": "2026-02-30"}, ["R104"], "Rules, row 3, column 'Value' [2026-02-30]"),
        ("zero Weight", {"weight": 0}, ["R105"], "Rules, row 4, column 'Value' [0]"),
        ("negative Weight", {"weight": -1.5}, ["R105"], "Rules, row 4, column 'Value' [-1.5]"),
        ("text Weight", {"weight": "heavy"}, ["R105"], "Rules, row 4, column 'Value' [heavy]"),
        (
            "half Rank",
            {"rows": [(1, "1", "Ann"), (2.5, "2", "Bob"), (3, "3", "Cid")]},
            ["R107", "R108"],  # then 3 after a rank that is not one is out of order
            "Standings, row 3, column 'Rank' [2.5]",
        ),
        (
            "text Rank",
            {"rows": [(1, "1", "Ann"), ("2nd", "2", "Bob"), (3, "3", "Cid")]},
            ["R107", "R108"],
            "Standings, row 3, column 'Rank' [2nd]",
        ),
        (
            "zero Rank",
            {"rows": [(0, "1", "Ann"), (2, "2", "Bob"), (3, "3", "Cid")]},
            ["R107", "R108", "R108"],
            "Standings, row 2, column 'Rank' [0]",
        ),
        (
            "Rank beyond",
            {"rows": [(1, "1", "Ann"), (2, "2", "Bob"), (4, "3", "Cid")]},
            ["R107"],
            "Standings, row 4, column 'Rank' [4]",
        ),
        (
            "blank ID",
            {"rows": [(1, "1", "Ann"), (2, None, "Bob"), (3, "3", "Cid")]},
            ["R109"],
            "Standings, row 3, column 'Player'",
        ),
        (
            "repeated ID",
            {"rows": [(1, "1", "Ann"), (2, "2", "Bob"), (3, "1", "Ann")]},
            ["R110"],
            "Standings, row 4, column 'Player' [1]",
        ),
        ("no Rank column", {"header": ["Place", "Player", "Name"]}, ["R106"], "Standings, row 1"),
        ("no competitors", {"rows": []}, ["R111"], "Standings"),
    ]


@pytest.mark.parametrize(("label", "damage", "codes", "where"), bad_cases(), ids=[c[0] for c in bad_cases()])
def test_bad_workbook_exit_1_nothing_written(
    label: str,
    damage: dict[str, object],
    codes: list[str],
    where: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("good.xlsx"), GOOD, date="2026-03-01")
    kwargs = {"date": "2026-03-01", **damage}
    standings_book(Path("bad.xlsx"), kwargs.pop("rows", GOOD), **kwargs)  # type: ignore[arg-type]
    result = rank("good.xlsx", "bad.xlsx", "-o", "r.xlsx", "--parquet", "pq")
    assert result.exit_code == 1, result.output
    assert codes_in(result.stderr) == codes, (label, result.stderr)
    line = next(x for x in result.stderr.splitlines() if "bad.xlsx" in x)
    located = f"{where}: " if where else ""  # a whole-file problem is located by the file alone
    assert line.startswith(f"  - [{codes[0]}] bad.xlsx: {located}"), (label, line)
    assert "good.xlsx" not in result.stderr
    assert not Path("r.xlsx").exists()
    assert not Path("pq").exists()


def test_unreadable_workbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("broken.xlsx").write_bytes(b"not a workbook")
    standings_book(Path("good.xlsx"), GOOD)
    result = rank("good.xlsx", "broken.xlsx", "-o", "r.xlsx")
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["F101"] and "broken.xlsx: " in result.stderr
    assert not Path("r.xlsx").exists()


def test_an_old_ranking_is_left_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("good.xlsx"), GOOD)
    assert rank("good.xlsx", "-o", "r.xlsx").exit_code == 0
    before = Path("r.xlsx").read_bytes()
    standings_book(Path("bad.xlsx"), GOOD, weight=0)
    assert rank("good.xlsx", "bad.xlsx", "-o", "r.xlsx").exit_code == 1
    assert Path("r.xlsx").read_bytes() == before
    assert sorted(p.name for p in Path().iterdir()) == [
        "bad.xlsx",
        "good.xlsx",
        "r.xlsx",
    ]  # no temp file left


def test_every_bad_file_is_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("x.xlsx"), GOOD, date="2026-3-1")
    standings_book(Path("y.xlsx"), GOOD, weight=-2)
    result = rank("x.xlsx", "y.xlsx", "-o", "r.xlsx")
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["R104", "R105"]
    assert "[R104] x.xlsx: Rules, row 3" in result.stderr and "[R105] y.xlsx: Rules, row 4" in result.stderr


# --- bad usage: exit 2, nothing written -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("toml", "said"),
    [
        ("bset = 2\n", "bset"),
        ("[ranking]\nwindow = 30\n", "window"),
        ("best = 0\n", "best = 0"),
        ("best = 2.5\n", "best = 2.5"),
        ("best = '10'\n", "best = '10'"),
        ("scale = -1\n", "scale = -1"),
        ("scale = true\n", "scale = True"),
        ("decimals = 9\n", "decimals = 9"),
        ("window_days = 0\n", "window_days = 0"),
        ("default_weight = 0\n", "default_weight = 0"),
        ("best = \n", "line 1"),  # where the TOML breaks
        ("[ranking\n", "line 1"),
    ],
)
def test_bad_config_exit_2(toml: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    Path("bad.toml").write_text(toml)
    result = rank("a.xlsx", "-o", "r.xlsx", "--config", "bad.toml")
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"]
    assert "bad.toml" in result.stderr and said in result.stderr  # the file, and what in it
    assert not Path("r.xlsx").exists()


def test_config_not_utf8_or_missing_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    Path("latin.toml").write_bytes("scale = 50 # Ã©t\xe9\n".encode("latin-1"))
    assert rank("a.xlsx", "-o", "r.xlsx", "--config", "latin.toml").exit_code == 2
    missing = rank("a.xlsx", "-o", "r.xlsx", "--config", "nowhere.toml")
    assert (
        missing.exit_code == 2 and codes_in(missing.stderr) == ["X001"] and "nowhere.toml" in missing.stderr
    )
    assert not Path("r.xlsx").exists()


@pytest.mark.parametrize("as_of", ["2026-02-30", "30/11/2026", "yesterday", "2026-W48"])
def test_bad_as_of_exit_2(as_of: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    result = rank("a.xlsx", "-o", "r.xlsx", "--as-of", as_of)
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"]
    assert "--as-of" in result.stderr and "2026-11-30" in result.stderr  # the option, and a date as it wants
    assert not Path("r.xlsx").exists()


@pytest.mark.parametrize("as_of", ["", " ", "nan", "2026-11-30T00:00+05:00"])
def test_bad_as_of_is_a_usage_error_not_a_crash(
    as_of: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # BUG: as_of_date lets pandas turn "" / "nan" into NaT (then NaT.normalize() -> AttributeError) and
    # keeps a time zone (then comparing with the naive event dates -> TypeError): exit 3 "internal error"
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    result = rank("a.xlsx", "-o", "r.xlsx", "--as-of", as_of)
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"]  # not an internal error
    assert "--as-of" in result.stderr
    assert not Path("r.xlsx").exists()


@pytest.mark.parametrize("as_of", ["today", "now"])
def test_as_of_words_are_not_dates(as_of: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # BUG (questionable): pandas reads "today" / "now" as the clock's date, so the same command gives a
    # different ranking tomorrow; the documented form is a date such as 2026-11-30
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    result = rank("a.xlsx", "-o", "r.xlsx", "--as-of", as_of)
    assert result.exit_code == 2, result.output
    assert not Path("r.xlsx").exists()


def test_config_folder_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # BUG: config_rules catches FileNotFoundError only; a folder raises IsADirectoryError -> exit 3
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    Path("conf").mkdir()
    result = rank("a.xlsx", "-o", "r.xlsx", "--config", "conf")
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"] and "conf" in result.stderr


def test_config_top_level_setting_beside_a_ranking_table_is_not_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # BUG: with a [ranking] table present, ranking_rules reads only that table, so `best = 1` written above
    # it is silently dropped (and so is any unknown top-level key or table): it must apply or be refused
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD, date="2026-03-01")
    standings_book(Path("b.xlsx"), GOOD, date="2026-03-02")
    Path("mixed.toml").write_text("best = 1\n[ranking]\nscale = 50\n")
    result = rank("a.xlsx", "b.xlsx", "-o", "r.xlsx", "--config", "mixed.toml")
    if result.exit_code == 0:
        # applied: scale 50, best 1 -> player 1 counts one 50
        assert ranking_lines(Path("r.xlsx"))[0] == (1, "1", "Ann", 50, 1, 50)
    else:
        assert result.exit_code == 2 and "best" in result.stderr


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--game", "chess"], "--game chess"),
        (["--engine", "spark"], "--engine spark"),
    ],
)
def test_bad_options_exit_2(
    extra: list[str], said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    result = rank("a.xlsx", "-o", "r.xlsx", *extra)
    assert result.exit_code == 2, result.output
    assert codes_in(result.stderr) == ["X001"] and said in result.stderr
    assert not Path("r.xlsx").exists()


def test_missing_paths_and_empty_folders_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), GOOD)
    missing = rank("a.xlsx", "gone.xlsx", "-o", "r.xlsx")
    assert missing.exit_code == 2 and codes_in(missing.stderr) == ["X001"] and "gone.xlsx" in missing.stderr
    Path("empty").mkdir()
    empty = rank("empty", "-o", "r.xlsx")
    assert empty.exit_code == 2 and codes_in(empty.stderr) == ["X001"] and "empty" in empty.stderr
    itself = rank("a.xlsx", "-o", "a.xlsx")
    assert itself.exit_code == 2 and codes_in(itself.stderr) == ["X001"] and "a.xlsx" in itself.stderr
    assert not Path("r.xlsx").exists()
    assert sorted(p.name for p in Path().iterdir()) == ["a.xlsx", "empty"]


# --- determinism and Parquet --------------------------------------------------------------------------


def test_two_runs_same_bytes_and_parquet_matches(season: Path) -> None:
    assert rank(season, "-o", "one.xlsx", "--parquet", "pq").exit_code == 0
    assert rank(season, "-o", "two.xlsx").exit_code == 0
    assert Path("one.xlsx").read_bytes() == Path("two.xlsx").read_bytes()
    assert sorted(p.name for p in Path("pq").iterdir()) == [
        "contributions.parquet",
        "events.parquet",
        "identity.parquet",
        "ranking.parquet",
        "rules.parquet",
    ]
    table = pd.read_parquet("pq/ranking.parquet")
    assert list(table.columns) == ["Rank", "Player", "Name", "Points", "Events", "Best"]
    assert [tuple(r) for r in table.itertuples(index=False)] == ranking_lines(Path("one.xlsx"))
    contributions = pd.read_parquet("pq/contributions.parquet")
    assert len(contributions) == 17
    assert contributions["Counted"].tolist() == [
        r["Counted"] for r in sheet_rows(Path("one.xlsx"), "Contributions")
    ]
    events = pd.read_parquet("pq/events.parquet")
    assert events["Window"].tolist() == [e["Window"] for e in sheet_rows(Path("one.xlsx"), "Events")]
    first = {p.name: p.read_bytes() for p in Path("pq").iterdir()}
    assert rank(season, "-o", "three.xlsx", "--parquet", "pq").exit_code == 0
    assert {p.name: p.read_bytes() for p in Path("pq").iterdir()} == first


def test_one_or_two_workers_same_bytes(season: Path) -> None:
    one = rank(season, "-o", "one.xlsx", workers=1)
    two = rank(season, "-o", "two.xlsx", workers=2)
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    assert Path("one.xlsx").read_bytes() == Path("two.xlsx").read_bytes()


# --- standings written by tally itself ----------------------------------------------------------------


@pytest.fixture(scope="module")
def tally_standings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Standings workbooks written by `tally domino|bridge standings` from the bundled samples."""
    folder = tmp_path_factory.mktemp("tally-standings")
    for game, sample in [
        ("domino", "domino_pairs"),
        ("domino", "domino_individual"),
        ("bridge", "bridge_club_mp"),
    ]:
        out = folder / f"{sample}-standings.xlsx"
        result = RUNNER.invoke(app, [game, "standings", str(SAMPLES / f"{sample}.xlsx"), "-o", str(out)])
        assert result.exit_code == 0, result.output
    return folder


def expected_points(standings: Path) -> dict[str, float]:
    """Each competitor's points in one standings workbook, worked from its Standings ranks and Weight."""
    table = sheet_rows(standings, "Standings")
    items = {r["Item"]: r["Value"] for r in sheet_rows(standings, "Rules")}
    weight = items.get("Weight", 1) or 1
    ids = next(c for c in ("Player", "Pair", "Team") if c in table[0])
    # a two-winner Mitchell's Standings (a Field column: NS, EW) rank each field on its own
    field_of = {str(r[ids]): r.get("Field") or "" for r in table}
    out = {}
    for r in table:
        mine = [int(o["Rank"]) for o in table if (o.get("Field") or "") == field_of[str(r[ids])]]
        rank_ = int(r["Rank"])
        out[str(r[ids])] = reference_units(rank_, mine.count(rank_), len(mine), weight) / 100
    return out


def test_tally_standings_rank(tally_standings: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.xlsx"
    mixed = rank(tally_standings, "-o", out)
    assert mixed.exit_code == 2 and codes_in(mixed.stderr) == ["X001"] and "--game" in mixed.stderr
    result = rank(tally_standings, "-o", out, "--game", "domino", "--config", by_competitor(tmp_path))
    assert result.exit_code == 0, result.output
    pairs = expected_points(tally_standings / "domino_pairs-standings.xlsx")  # pair ids P1 ..
    players = expected_points(tally_standings / "domino_individual-standings.xlsx")  # player ids 1 ..
    assert not set(pairs) & set(players)
    expected = {**pairs, **players}
    lines = ranking_lines(out)
    assert {line[1]: line[3] for line in lines} == expected
    assert all(line[4] == 1 and line[5] == line[3] for line in lines)
    assert [line[3] for line in lines] == sorted(expected.values(), reverse=True)
    events = sheet_rows(out, "Events")
    assert [e["Game"] for e in events] == ["domino", "domino"]
    assert all(e["Window"] == "in window" for e in events)

    bridge = rank(
        tally_standings / "bridge_club_mp-standings.xlsx",
        "-o",
        tmp_path / "b.xlsx",
        "--config",
        by_competitor(tmp_path),
    )
    assert bridge.exit_code == 0, bridge.output
    expected = expected_points(tally_standings / "bridge_club_mp-standings.xlsx")
    assert {line[1]: line[3] for line in ranking_lines(tmp_path / "b.xlsx")} == expected


# --- how organizers type things -----------------------------------------------------------------------


def test_ids_typed_as_numbers_or_text_are_one_player(tmp_path: Path) -> None:
    import datetime as dt

    a = standings_book(tmp_path / "a.xlsx", [(1, 7, "Ann"), (2, "8", "Bob")], date="2026-03-01")
    b = standings_book(tmp_path / "b.xlsx", [(1, " 8 ", "Bob"), (2, "7", "Ann")], date="2026-03-02")
    c = standings_book(tmp_path / "c.xlsx", [(1, 7.0, "Ann"), (2, 8, "Bob")], date=dt.datetime(2026, 3, 3))
    out = tmp_path / "r.xlsx"
    result = rank(a, b, c, "-o", out)
    assert result.exit_code == 0, result.output
    # Ann: 100 + 50 + 100 = 250, best 100; Bob: 50 + 100 + 50 = 200; the third Date is a real Excel date
    assert ranking_lines(out) == [(1, "7", "Ann", 250, 3, 100), (2, "8", "Bob", 200, 3, 100)]
    assert [e["Date"] for e in sheet_rows(out, "Events")][-1] == pd.Timestamp("2026-03-03")


def test_two_workbooks_of_one_event_are_both_counted_with_a_warning(tmp_path: Path) -> None:
    a = standings_book(
        tmp_path / "a.xlsx", [(1, "1", "Ann"), (2, "2", "Bob")], event="Open", date="2026-03-01"
    )
    b = standings_book(
        tmp_path / "b.xlsx", [(1, "2", "Bob"), (2, "1", "Ann")], event="Open", date="2026-03-01"
    )
    result = rank(a, b, "-o", tmp_path / "r.xlsx")
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["R114"] and f"[R114] {a}, {b}: " in result.stderr
    # 100 + 50 each: level on points and events and best -> shared rank 1
    assert ranking_lines(tmp_path / "r.xlsx") == [(1, "1", "Ann", 150, 2, 100), (1, "2", "Bob", 150, 2, 100)]


def test_as_of_before_every_event_ranks_nobody(season: Path) -> None:
    result = rank(season, "-o", "early.xlsx", "--as-of", "2025-01-01")
    assert result.exit_code == 0, result.output
    assert "0 ranked from 5 event(s) as of 2025-01-01" in result.stdout
    assert ranking_lines(Path("early.xlsx")) == []
    assert {e["Window"] for e in sheet_rows(Path("early.xlsx"), "Events")} == {"after the as-of date"}
    assert {r["Counted"] for r in sheet_rows(Path("early.xlsx"), "Contributions")} == {"no"}


def test_blank_weight_cell_is_the_default(tmp_path: Path) -> None:
    a = standings_book(
        tmp_path / "a.xlsx",
        [(1, "1", "Ann"), (2, "2", "Bob")],
        rules=[("Event", "Open"), ("Date", "2026-03-01"), ("Weight", None)],
    )
    result = rank(a, "-o", tmp_path / "r.xlsx")
    assert result.exit_code == 0, result.output
    assert [e["Weight"] for e in sheet_rows(tmp_path / "r.xlsx", "Events")] == [1]


@pytest.mark.parametrize(("game", "sample"), [("bridge", "bridge_club_mp"), ("domino", "domino_pairs")])
def test_the_settings_weight_reaches_the_rules_sheet_and_the_ranking(
    tmp_path: Path, game: str, sample: str
) -> None:
    from openpyxl import load_workbook

    source = tmp_path / f"{sample}.xlsx"
    book = load_workbook(SAMPLES / f"{sample}.xlsx")
    book["Settings"].append(["Weight", 2.5])
    book.save(source)
    out = tmp_path / "standings.xlsx"
    assert RUNNER.invoke(app, [game, "standings", str(source), "-o", str(out)]).exit_code == 0
    rules = {row["Item"]: row["Value"] for row in sheet_rows(out, "Rules")}
    assert str(rules["Weight"]) == "2.5"
    result = rank(out, "-o", tmp_path / "ranking.xlsx")
    assert result.exit_code == 0, result.output
    events = sheet_rows(tmp_path / "ranking.xlsx", "Events")
    assert [e["Weight"] for e in events] == [2.5]
    assert events[0]["Game"] == game
    # the winner of a weight-2.5 event: 2.5 x 100 x field / field = 250 points
    assert ranking_lines(tmp_path / "ranking.xlsx")[0][3] == 250


def test_many_identity_reports_are_summed_up_on_stderr(tmp_path: Path) -> None:
    first = [(i + 1, str(i + 1), f"Name {i}") for i in range(25)]
    second = [(i + 1, str(i + 1), f"Other {i}") for i in range(25)]  # every ID under a second name
    standings_book(tmp_path / "a.xlsx", first, date="2026-01-01")
    standings_book(tmp_path / "b.xlsx", second, date="2026-02-01")
    result = rank(tmp_path / "a.xlsx", tmp_path / "b.xlsx", "-o", tmp_path / "ranking.xlsx")
    assert result.exit_code == 0, result.output
    assert "25 identity report(s)" in result.stderr
    assert codes_in(result.stderr) == ["R116"] * 20
    assert "... and 5 more: every one is in the Identity sheet" in result.stderr
    assert len(sheet_rows(tmp_path / "ranking.xlsx", "Identity")) == 25
