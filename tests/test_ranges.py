"""Every number tally reads has a sane range, checked where it is read: each range at its bounds, through the
real command line. Inside a range the workbook scores (exit 0); just outside it is refused with the usual
located problem (its code, sheet, row, column and value) and exit 1, never exit 3.

The ranges (docs/trust.md, "Ranges"):

    Matches Round, Table, Target; Penalties Round     1 to 10,000
    Matches A Pips, B Pips                            0 to 100,000
    Matches A Hands, B Hands                          0 to 10,000
    Penalties Pips                                    -100,000 to 100,000, not 0
    Settings Target 1 to 10,000, Podium 1 to 100, Weight above 0 and at most 100, Correction Minutes 0 to 10,080
    Published At                                      1900-01-01 to 2099-12-31
    Results Board, Round, Table; teams Matches Round  1 to 10,000
    Results Tricks 0 to 13; Score a multiple of 10 from -7,600 to 7,600 (Law 77's extremes)
    Settings Butler Drop                              0 to 100
    ranking.toml: scale above 0, at most 10,000; best 1 to 1,000; window_days 1 to 36,600; decimals 0 to 6;
                  default_weight above 0, at most 100
    standings read by rank: Weight above 0 and at most 100; Date 1900-01-01 to 2099-12-31; rank 1 to the field
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import codes_in, write_xlsx
from corpus.common import Expected as E
from corpus.common import printed
from openpyxl import load_workbook
from ranking_books import rank, ranking_lines, sheet_rows, standings_book
from typer.testing import CliRunner

from pipeline.cli import app

RUNNER = CliRunner()
MATCH = {"Round": 1, "Table": 1, "A1": "P1", "B1": "P2", "A Pips": 100, "B Pips": 40}


def invoke(*args: object):
    return RUNNER.invoke(app, [str(a) for a in args])


def domino_book(
    path: Path,
    match: dict[str, object] | None = None,
    settings: Sequence[Sequence[object]] = (),
    penalties: Sequence[Sequence[object]] = (),
) -> Path:
    """One match (MATCH with the given cells changed), and the given settings and penalties."""
    row = {**MATCH, **(match or {})}
    tables = {"Matches": (list(row), [list(row.values())])}
    if settings:
        tables["Settings"] = (["Key", "Value"], settings)
    if penalties:
        tables["Penalties"] = (["Player", "Pips", "Round"], penalties)
    return write_xlsx(path, tables)


def standings(game: str, source: Path):
    return invoke(game, "standings", source, "-o", source.with_name("out.xlsx"))


def judged(result, located: E | None, out: Path) -> None:
    """Accepted (exit 0) when nothing is expected to be located, else refused there (problems of that code
    alone) with nothing written."""
    if located is None:
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 1, result.output
    assert set(codes_in(result.stderr)) == {located.code}, result.stderr  # not an internal error
    assert printed(result.stderr, located), result.stderr
    assert not out.exists()


# ---------------------------------------------------------------- domino: Matches, Penalties, Settings

DOMINO_CASES = [
    # id, the changed match cells, settings, penalties, None (scores) or the located problem
    ("round at 10,000", {"Round": 10_000}, (), (), None),
    ("round past 10,000", {"Round": 10_001}, (), (), E("D118", "Matches", 2, "Round", "10001")),
    ("round 0", {"Round": 0}, (), (), E("D118", "Matches", 2, "Round", "0")),
    ("table at 10,000", {"Table": 10_000}, (), (), None),
    ("table past 10,000", {"Table": 10_001}, (), (), E("D118", "Matches", 2, "Table", "10001")),
    ("pips at 100,000", {"A Pips": 100_000}, (), (), None),
    ("pips at 0", {"B Pips": 0}, (), (), None),
    ("pips past 100,000", {"A Pips": 100_001}, (), (), E("D119", "Matches", 2, "A Pips", "100001")),
    ("pips below 0", {"B Pips": -1}, (), (), E("D119", "Matches", 2, "B Pips", "-1")),
    ("target column at 10,000", {"Target": 10_000, "A Pips": 10_000}, (), (), None),
    (
        "target column past 10,000",
        {"Target": 10_001, "A Pips": 10_001},
        (),
        (),
        E("D118", "Matches", 2, "Target", "10001"),
    ),
    (
        "hands at 10,000",
        {"A Pips": None, "B Pips": None, "A Hands": 10_000, "B Hands": 0},
        [["Mode", "run_out"], ["Target", 10_000]],
        (),
        None,
    ),
    (
        "hands past 10,000",
        {"A Pips": None, "B Pips": None, "A Hands": 10_001, "B Hands": 0},
        [["Mode", "run_out"], ["Target", 10_000]],
        (),
        E("D120", "Matches", 2, "A Hands", "10001"),
    ),
    ("penalty of 100,000", {}, (), [["P1", 100_000, 1]], None),
    ("penalty of -100,000", {}, (), [["P1", -100_000, 1]], None),
    (
        "penalty past 100,000",
        {},
        (),
        [["P1", 100_001, 1]],
        E("D123", "Penalties", 2, "Pips", "100001"),
    ),
    (
        "penalty past -100,000",
        {},
        (),
        [["P1", -100_001, 1]],
        E("D123", "Penalties", 2, "Pips", "-100001"),
    ),
    ("penalty round at 10,000", {}, (), [["P1", 10, 10_000]], None),
    (
        "penalty round past 10,000",
        {},
        (),
        [["P1", 10, 10_001]],
        E("D124", "Penalties", 2, "Round", "10001"),
    ),
    ("settings target at 10,000", {"A Pips": 10_000}, [["Target", 10_000]], (), None),
    ("settings target at 1", {"A Pips": 1, "B Pips": 0}, [["Target", 1]], (), None),
    (
        "settings target past 10,000",
        {"A Pips": 10_001},
        [["Target", 10_001]],
        (),
        E("S105", "Settings", 2, "Value", "10001"),
    ),
    ("podium at 100", {}, [["Podium", 100]], (), None),
    (
        "podium past 100",
        {},
        [["Podium", 101]],
        (),
        E("S105", "Settings", 2, "Value", "101"),
    ),
    ("weight at 100", {}, [["Weight", 100]], (), None),
    ("weight just above 0", {}, [["Weight", 0.001]], (), None),
    ("weight past 100", {}, [["Weight", 100.5]], (), E("S105", "Settings", 2, "Value", "100.5")),
    ("weight 0", {}, [["Weight", 0]], (), E("S105", "Settings", 2, "Value", "0")),
    ("correction minutes at 10,080", {}, [["Correction Minutes", 10_080]], (), None),
    ("correction minutes at 0", {}, [["Correction Minutes", 0]], (), None),
    (
        "correction minutes past a week",
        {},
        [["Correction Minutes", 10_081]],
        (),
        E("S105", "Settings", 2, "Value", "10081"),
    ),
    ("published at 1900", {}, [["Published At", "1900-01-01 00:00"]], (), None),
    ("published at the end of 2099", {}, [["Published At", "2099-12-31 23:59:59"]], (), None),
    (
        "published in 2100",
        {},
        [["Published At", "2100-01-01 00:00"]],
        (),
        E("S105", "Settings", 2, "Value", "2100-01-01 00:00"),
    ),
    (
        "published in 1899",
        {},
        [["Published At", "1899-12-31 23:59:59"]],
        (),
        E("S105", "Settings", 2, "Value", "1899-12-31 23:59:59"),
    ),
]


@pytest.mark.parametrize(
    ("match", "settings", "penalties", "located"),
    [case[1:] for case in DOMINO_CASES],
    ids=[case[0] for case in DOMINO_CASES],
)
def test_domino_numbers_at_their_bounds(
    match: dict, settings: Sequence, penalties: Sequence, located: E | None, tmp_path: Path
) -> None:
    source = domino_book(tmp_path / "night.xlsx", match, settings, penalties)
    judged(standings("domino", source), located, tmp_path / "out.xlsx")


# ---------------------------------------------------------------- bridge: Results, teams Matches, Settings

RESULTS = ["Board", "NS", "EW", "Contract", "Declarer", "Tricks"]
BOARD_ROWS = [[1, "1", "2", "4S", "N", 10], [1, "3", "4", "4S", "N", 9]]
SCORE_HEADER = ["Board", "NS", "EW", "Contract", "Declarer", "Tricks", "Score"]


def bridge_book(path: Path, header: Sequence[str], rows: Sequence[Sequence[object]], settings=()) -> Path:
    tables = {"Results": (header, rows)}
    if settings:
        tables["Settings"] = (["Key", "Value"], settings)
    return write_xlsx(path, tables)


def with_column(title: str, value: object) -> tuple[list[str], list[list[object]]]:
    """The two results of board 1 with one more column, the same value in both rows."""
    return [*RESULTS, title], [[*row, value] for row in BOARD_ROWS]


def score_rows(score: int) -> list[list[object]]:
    """Board 4 (both sides vulnerable): one result typed as a score, one as a contract."""
    return [[4, "1", "2", None, None, None, score], [4, "3", "4", "4S", "N", 10, None]]


BOARD_BOUNDS = [
    ("board at 10,000", [*RESULTS], [[10_000, *r[1:]] for r in BOARD_ROWS], (), None),
    (
        "board past 10,000",
        [*RESULTS],
        [[10_001, *r[1:]] for r in BOARD_ROWS],
        (),
        E("B101", "Results", 2, "Board", "10001"),
    ),
    ("round at 10,000", *with_column("Round", 10_000), (), None),
    (
        "round past 10,000",
        *with_column("Round", 10_001),
        (),
        E("B101", "Results", 2, "Round", "10001"),
    ),
    ("table at 10,000", *with_column("Table", 10_000), (), None),
    (
        "table past 10,000",
        *with_column("Table", 10_001),
        (),
        E("B101", "Results", 3, "Table", "10001"),
    ),
    ("tricks at 13", [*RESULTS], [BOARD_ROWS[0], [1, "3", "4", "4S", "N", 13]], (), None),
    (
        "tricks past 13",
        [*RESULTS],
        [BOARD_ROWS[0], [1, "3", "4", "4S", "N", 14]],
        (),
        E("B102", "Results", 3, "Tricks", "14"),
    ),
    # 7XX vulnerable, down 13: 400 + 12 x 600 = 7,600, the most Law 77 gives either side
    ("score at 7,600", SCORE_HEADER, score_rows(7_600), (), None),
    ("score at -7,600", SCORE_HEADER, score_rows(-7_600), (), None),
    (
        "score past 7,600",
        SCORE_HEADER,
        score_rows(7_610),
        (),
        E("B103", "Results", 2, "Score", "7610"),
    ),
    (
        "score past -7,600",
        SCORE_HEADER,
        score_rows(-7_610),
        (),
        E("B103", "Results", 2, "Score", "-7610"),
    ),
    ("butler drop at 100", [*RESULTS], BOARD_ROWS, [["Scoring", "Butler"], ["Butler Drop", 100]], None),
    (
        "butler drop past 100",
        [*RESULTS],
        BOARD_ROWS,
        [["Scoring", "Butler"], ["Butler Drop", 101]],
        E("S105", "Settings", 3, "Value", "101"),
    ),
    ("bridge weight at 100", [*RESULTS], BOARD_ROWS, [["Weight", 100]], None),
    (
        "bridge weight past 100",
        [*RESULTS],
        BOARD_ROWS,
        [["Weight", 101]],
        E("S105", "Settings", 2, "Value", "101"),
    ),
]


@pytest.mark.parametrize(
    ("header", "rows", "settings", "located"),
    [case[1:] for case in BOARD_BOUNDS],
    ids=[case[0] for case in BOARD_BOUNDS],
)
def test_bridge_numbers_at_their_bounds(
    header: list[str], rows: list, settings: Sequence, located: E | None, tmp_path: Path
) -> None:
    source = bridge_book(tmp_path / "club.xlsx", header, rows, settings)
    judged(standings("bridge", source), located, tmp_path / "out.xlsx")


@pytest.mark.parametrize(
    ("round_", "located"), [(10_000, None), (10_001, E("B104", "Matches", 2, "Round", "10001"))]
)
def test_a_teams_match_round_at_its_bounds(round_: int, located: E | None, tmp_path: Path) -> None:
    source = write_xlsx(
        tmp_path / "league.xlsx",
        {
            "Settings": (["Key", "Value"], [["Scoring", "Teams"]]),
            "Matches": (["Match", "Round", "Home", "Away"], [["M1", round_, "T1", "T2"]]),
            "Results": (
                ["Board", "Match", "Room", "Contract", "Declarer", "Tricks"],
                [[1, "M1", "Open", "4S", "N", 10], [1, "M1", "Closed", "4S", "N", 10]],
            ),
        },
    )
    judged(standings("bridge", source), located, tmp_path / "out.xlsx")


# ---------------------------------------------------------------- the ranking settings (ranking.toml)

CONFIG_BOUNDS = [
    ("scale = 10000\n", None),
    (
        "scale = 10000.5\n",
        "scale = 10000.5",
    ),
    ("best = 1000\n", None),
    ("best = 1001\n", "best = 1001"),
    ("window_days = 36600\n", None),
    (
        "window_days = 36601\n",
        "window_days = 36601",
    ),
    ("decimals = 6\n", None),
    ("decimals = 7\n", "decimals = 7"),
    ("default_weight = 100\n", None),
    (
        "default_weight = 100.5\n",
        "default_weight = 100.5",
    ),
    ("scale = 1e15\n", "scale = 1000000000000000.0"),
]


@pytest.mark.parametrize(("toml", "said"), CONFIG_BOUNDS)
def test_ranking_settings_at_their_bounds(
    toml: str, said: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), [(1, "1", "Ann"), (2, "2", "Bob")])
    Path("ranking.toml").write_text(toml)
    result = rank("a.xlsx", "-o", "r.xlsx", "--config", "ranking.toml")
    if said is None:
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code == 2, result.output
        assert codes_in(result.stderr) == ["X001"]
        assert f"ranking.toml: {said}: " in result.stderr  # the setting, as read
        assert not Path("r.xlsx").exists()


def test_the_ranking_arithmetic_is_exact_at_the_largest_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # weight 100, scale 10,000, 6 decimals: first place alone is 100 x 10,000 = 1,000,000 points, 10^12 units.
    # Field 3 with two sharing first: (3 + 2) / 2 / 3 = 5/6 of 1,000,000 = 833,333.333333 (rounded half up to 6
    # decimals: ...3333 33|33..). Two such events: 1,666,666.666666 each for Ann and Bob; Cid 3rd: 1/3 of
    # 1,000,000 = 333,333.333333 twice = 666,666.666666.
    monkeypatch.chdir(tmp_path)
    for name, date in (("a.xlsx", "2026-03-01"), ("b.xlsx", "2026-04-01")):
        standings_book(Path(name), [(1, "1", "Ann"), (1, "2", "Bob"), (3, "3", "Cid")], date=date, weight=100)
    Path("ranking.toml").write_text("scale = 10000\ndecimals = 6\nbest = 1000\n")
    result = rank("a.xlsx", "b.xlsx", "-o", "r.xlsx", "--config", "ranking.toml")
    assert result.exit_code == 0, result.output
    assert ranking_lines(Path("r.xlsx")) == [
        (1, "1", "Ann", 1666666.666666, 2, 833333.333333),
        (1, "2", "Bob", 1666666.666666, 2, 833333.333333),
        (3, "3", "Cid", 666666.666666, 2, 333333.333333),
    ]


# ---------------------------------------------------------------- numbers rank reads back from standings


@pytest.mark.parametrize(
    ("weight", "ok"), [(100, True), (0.001, True), (100.5, False), ("1e15", False), (1e15, False)]
)
def test_a_standings_weight_at_its_bounds(
    weight: object, ok: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), [(1, "1", "Ann"), (2, "2", "Bob")], weight=weight)
    result = rank("a.xlsx", "-o", "r.xlsx")
    if ok:
        assert result.exit_code == 0, result.output
        assert [r["Weight"] for r in sheet_rows(Path("r.xlsx"), "Events")] == [weight]
    else:
        assert result.exit_code == 1, result.output
        assert codes_in(result.stderr) == ["R105"]
        assert "[R105] a.xlsx: Rules, row 4, column 'Value' [" in result.stderr
        assert not Path("r.xlsx").exists()


@pytest.mark.parametrize(
    ("date", "ok"), [("1900-01-01", True), ("2099-12-31", True), ("1899-12-31", False), ("2100-01-01", False)]
)
def test_a_standings_date_at_its_bounds(
    date: str, ok: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), [(1, "1", "Ann")], date=date)
    result = rank("a.xlsx", "-o", "r.xlsx", "--as-of", "2099-12-31")
    if ok:
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code == 1, result.output
        assert codes_in(result.stderr) == ["R104"]
        assert f"[R104] a.xlsx: Rules, row 3, column 'Value' [{date}]: " in result.stderr


@pytest.mark.parametrize(
    ("as_of", "code"), [("1900-01-01", 0), ("2099-12-31", 0), ("1899-12-31", 2), ("2100-01-01", 2)]
)
def test_as_of_at_its_bounds(as_of: str, code: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), [(1, "1", "Ann")], date="2026-03-01")
    result = rank("a.xlsx", "-o", "r.xlsx", "--as-of", as_of)
    assert result.exit_code == code, result.output
    if code:
        assert codes_in(result.stderr) == ["X001"] and f"--as-of '{as_of}'" in result.stderr


@pytest.mark.parametrize(
    ("rows", "located"),
    [
        (
            [(10**12, "1", "Ann"), (1, "2", "Bob")],
            "[R107] a.xlsx: Standings, row 2, column 'Rank' [1000000000000]: ",
        ),
        ([], "[R111] a.xlsx: Standings: "),
    ],
    ids=["a place of 10^12", "a field of 0"],
)
def test_a_standings_place_and_field_out_of_range_are_located(
    rows: list, located: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), rows)
    result = rank("a.xlsx", "-o", "r.xlsx")
    assert result.exit_code == 1, result.output
    assert located in result.stderr


# ---------------------------------------------------------------- a Weight of 1e15, end to end


def test_a_weight_of_1e15_is_refused_by_scoring_and_by_rank(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # scoring refuses it where it is typed
    heavy = domino_book(Path("heavy.xlsx"), settings=[["Date", "2026-03-01"], ["Weight", "1e15"]])
    result = standings("domino", heavy)
    judged(result, E("S105", "Settings", 3, "Value", "1e15"), Path("out.xlsx"))
    # a good event, scored, then its Rules sheet edited by hand to 1e15: rank refuses it (exit 1, not 3)
    good = domino_book(Path("good.xlsx"), settings=[["Date", "2026-03-01"], ["Weight", 2]])
    assert invoke("domino", "standings", good, "-o", "good-standings.xlsx").exit_code == 0
    book = load_workbook("good-standings.xlsx")
    rules = book["Rules"]
    row = next(r for r in rules.iter_rows(min_row=2) if r[0].value == "Weight")
    assert row[1].value == "2"  # the Rules sheet writes the weight as text
    row[1].value = 1e15
    book.save("good-standings.xlsx")
    result = rank("good-standings.xlsx", "-o", "ranking.xlsx")
    assert result.exit_code == 1, result.output
    assert codes_in(result.stderr) == ["R105"]  # not an internal error
    assert f"[R105] good-standings.xlsx: Rules, row {row[1].row}, column 'Value' [" in result.stderr
    assert not Path("ranking.xlsx").exists()
