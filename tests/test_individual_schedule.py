"""Individual domino events (tables of four, partners rotating): the schedule's properties counted here from
its tables (never taken from `schedule_report` alone), determinism, the workbook `tally domino schedule
--format individual` writes, the round trip through `standings`, and `--avoid-clubs` in both formats."""

from __future__ import annotations

import functools
import hashlib
from collections import Counter
from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import codes_in, write_xlsx
from corpus.common import Expected, printed
from openpyxl import load_workbook
from tables import table_rows as written_rows
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games.schedule import club_cost, club_order, meeting_rounds, rotating_partners, schedule_report

COMPLETE = [4, 5, 8, 9, 12, 13, 16, 20, 24]  # n = 0 or 1 mod 4: everyone partners everyone once
WITH_BYES = [5, 6, 7, 10, 11]
COUNTS = sorted({*COMPLETE, *WITH_BYES, 8, 9, 12, 13, 16, 20, 24})
SEAT_COLUMNS = ["a1", "a2", "b1", "b2"]
MATCH_HEADERS = ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Ended", "Winner"]
RESULT_HEADERS = ["A Pips", "B Pips", "Ended", "Winner"]
SEATS = ["A1", "A2", "B1", "B2"]


@functools.cache
def schedule(n: int, seed: int = 0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """rotating_partners(n, seed), built once per test session (callers must not modify the frames)."""
    return rotating_partners(n, seed)


def table_rows(tables: pd.DataFrame) -> list[tuple[int, int, int, int, int, int]]:
    """(round, table, a1, a2, b1, b2) as plain ints."""
    return [tuple(int(v) for v in row) for row in tables[["round", "table", *SEAT_COLUMNS]].to_numpy()]


def rest_rows(rests: pd.DataFrame) -> list[tuple[int, int]]:
    return [(int(r), int(e)) for r, e in rests[["round", "entrant"]].to_numpy()]


def rounds_of(n: int) -> int:
    """The round robin behind the partnerships: n - 1 rounds for an even count, n for an odd one."""
    return n - 1 if n % 2 == 0 else n


def partner_counts(tables: pd.DataFrame) -> Counter[frozenset[int]]:
    """Unordered pair -> how many times the two sat as partners."""
    counts: Counter[frozenset[int]] = Counter()
    for _, _, a1, a2, b1, b2 in table_rows(tables):
        counts[frozenset((a1, a2))] += 1
        counts[frozenset((b1, b2))] += 1
    return counts


def opponent_counts(tables: pd.DataFrame) -> Counter[frozenset[int]]:
    """Unordered pair -> how many times the two sat on opposite sides of a table."""
    counts: Counter[frozenset[int]] = Counter()
    for _, _, a1, a2, b1, b2 in table_rows(tables):
        for x in (a1, a2):
            for y in (b1, b2):
                counts[frozenset((x, y))] += 1
    return counts


def bye_counts(rests: pd.DataFrame, n: int) -> list[int]:
    counts = Counter(e for _, e in rest_rows(rests))
    return [counts[p] for p in range(n)]


# ---------------------------------------------------------------- the schedule's structure


@pytest.mark.slow
@pytest.mark.parametrize("n", COUNTS)
def test_every_round_seats_every_player_exactly_once(n: int):
    tables, rests = schedule(n)
    assert {r for r, *_ in table_rows(tables)} == set(range(1, rounds_of(n) + 1))
    for rnd in range(1, rounds_of(n) + 1):
        seated = [p for r, _, *four in table_rows(tables) if r == rnd for p in four]
        resting = [e for r, e in rest_rows(rests) if r == rnd]
        assert sorted(seated + resting) == list(range(n)), f"round {rnd}"
        assert [t for r, t, *_ in table_rows(tables) if r == rnd] == list(range(1, n // 4 + 1))
    assert {r for r, _ in rest_rows(rests)} <= set(range(1, rounds_of(n) + 1))


@pytest.mark.parametrize("n", COUNTS)
def test_tables_have_four_distinct_players(n: int):
    tables, _ = schedule(n)
    for row in table_rows(tables):
        four = row[2:]
        assert len(set(four)) == 4, row
        assert all(0 <= p < n for p in four), row


@pytest.mark.parametrize("n", COUNTS)
def test_byes_per_round_are_n_mod_4(n: int):
    _, rests = schedule(n)
    per_round = Counter(r for r, _ in rest_rows(rests))
    assert [per_round[r] for r in range(1, rounds_of(n) + 1)] == [n % 4] * rounds_of(n)


@pytest.mark.parametrize("n", COUNTS)
def test_no_two_players_partner_twice(n: int):
    tables, _ = schedule(n)
    repeated = {tuple(sorted(p)): k for p, k in partner_counts(tables).items() if k > 1}
    assert repeated == {}


@pytest.mark.parametrize("n", COMPLETE)
def test_complete_design_everyone_partners_everyone_once(n: int):
    tables, _ = schedule(n)
    assert int(tables["round"].max()) == (n - 1 if n % 4 == 0 else n)
    counts = partner_counts(tables)
    assert {frozenset(p) for p in combinations(range(n), 2)} == set(counts)
    assert set(counts.values()) == {1}


@pytest.mark.parametrize("n", COUNTS)
def test_byes_spread_evenly(n: int):
    _, rests = schedule(n)
    byes = bye_counts(rests, n)
    assert sum(byes) == (n % 4) * rounds_of(n)
    assert max(byes) - min(byes) <= 1, (
        f"{n} players: byes per player {byes} (spread {min(byes)}..{max(byes)})"
    )


@pytest.mark.slow
@pytest.mark.parametrize("n", COUNTS)
def test_report_equals_independent_counts(n: int):
    tables, rests = schedule(n)
    partners, opponents = partner_counts(tables), opponent_counts(tables)
    pairs = [frozenset(p) for p in combinations(range(n), 2)]
    met = [opponents[p] for p in pairs]
    histogram = Counter(met)
    byes = bye_counts(rests, n)
    expected = {
        "Players": n,
        "Rounds": rounds_of(n),
        "Pairs of players who partner more than once": sum(partners[p] > 1 for p in pairs),
        "Pairs of players who never partner": sum(partners[p] == 0 for p in pairs),
        "Pairs of players who meet as opponents more than twice": sum(k > 2 for k in met),
        "Most times two players meet as opponents": max(met),
        **{f"Pairs of players who meet as opponents {k} time(s)": histogram[k] for k in range(max(met) + 1)},
        "Fewest byes of a player": min(byes),
        "Most byes of a player": max(byes),
    }
    report = schedule_report(tables, rests, n)
    assert list(report.columns) == ["Measure", "Value"]
    assert dict(zip(report["Measure"], report["Value"].astype(int), strict=True)) == expected
    assert sum(histogram.values()) == n * (n - 1) // 2
    # every table has four opponent pairs; the mean meeting count is what the seating forces
    assert sum(met) == 4 * len(tables)


# ---------------------------------------------------------------- determinism


@pytest.mark.slow
@pytest.mark.parametrize("n", [8, 9, 10, 11, 12, 13, 16])  # n >= 8; 20 and 24 only cost time
def test_same_seed_same_schedule_other_seed_another(n: int):
    tables, rests = schedule(n, 0)
    again_tables, again_rests = rotating_partners(n, 0)
    pd.testing.assert_frame_equal(again_tables, tables)
    pd.testing.assert_frame_equal(again_rests, rests)
    other_tables, other_rests = schedule(n, 1)
    assert table_rows(other_tables) != table_rows(tables)
    # the other seed's schedule keeps the guarantees too
    assert max(partner_counts(other_tables).values()) == 1
    assert len(other_rests) == len(rests)


# ---------------------------------------------------------------- the workbook written


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def rows(path: Path, sheet: str) -> list[tuple]:
    return written_rows(load_workbook(path)[sheet])


def records(path: Path, sheet: str) -> list[dict[str, object]]:
    header, *data = rows(path, sheet)
    return [dict(zip(header, r, strict=True)) for r in data]


def text(value: object) -> str | None:
    return None if value is None else str(value)


def scheduled(path: Path, *args: object) -> tuple[Path, str]:
    """Run `tally domino schedule ... -o path`; the workbook and stdout."""
    result = invoke("domino", "schedule", *args, "-o", path)
    assert result.exit_code == 0, result.output
    return path, result.stdout


def seatings(path: Path) -> list[tuple[object, ...]]:
    """(Round, Table, A1, A2, B1, B2) of every Matches row, ids as text."""
    return [(m["Round"], m["Table"], *(text(m[s]) for s in SEATS)) for m in records(path, "Matches")]


def test_cli_individual_workbook(tmp_path: Path):
    out, stdout = scheduled(tmp_path / "event.xlsx", "--entrants", "12", "--format", "individual")
    header, *data = rows(out, "Matches")
    assert list(header) == MATCH_HEADERS
    assert len(data) == 11 * 3
    matches = records(out, "Matches")
    for m in matches:
        assert all(m[s] is not None for s in SEATS), m
        assert len({text(m[s]) for s in SEATS}) == 4
        assert [m[c] for c in RESULT_HEADERS] == [None] * 4
    ids = [str(i) for i in range(1, 13)]
    assert {text(m[s]) for m in matches for s in SEATS} == set(ids)
    names = load_workbook(out, read_only=True).sheetnames
    assert "Schedule Report" in names and "Table Cards" in names
    assert "Byes" not in names  # 12 = 0 mod 4: nobody sits out
    report = records(out, "Schedule Report")
    assert list(report[0]) == ["Measure", "Value"]
    figures = {r["Measure"]: r["Value"] for r in report}
    assert figures["Pairs of players who partner more than once"] == 0
    assert figures["Pairs of players who never partner"] == 0
    # the printed summary: one line, before the `wrote` line
    lines = stdout.splitlines()
    assert lines[-1] == f"wrote {out}"
    summary = [line for line in lines if "partners repeated" in line]
    assert len(summary) == 1 and len(lines) == 2
    assert "partners repeated: 0" in summary[0]
    opponents = Counter(
        frozenset((text(m[x]), text(m[y]))) for m in matches for x in ("A1", "A2") for y in ("B1", "B2")
    )
    over_two = sum(k > 2 for k in opponents.values())
    assert f"pairs meeting as opponents more than twice: {over_two}" in summary[0]
    assert f"most meetings: {max(opponents.values())}" in summary[0]
    assert figures["Pairs of players who meet as opponents more than twice"] == over_two


def table_card_blocks(path: Path) -> list[tuple[str, list[tuple[str, str | None]]]]:
    """The Table Cards sheet as blocks: (title, [(seat, id), ...]) in order."""
    header, *data = rows(path, "Table Cards")
    assert list(header) == ["Card", "Seat", "ID", "Name"]
    blocks: list[tuple[str, list[tuple[str, str | None]]]] = []
    for card, seat, player, _name in data:
        if card is not None and str(card).startswith("Round "):
            blocks.append((str(card), []))
        elif seat is not None:
            blocks[-1][1].append((str(seat), text(player)))
    return blocks


def test_cli_individual_table_cards_have_four_seats(tmp_path: Path):
    out, _ = scheduled(tmp_path / "event.xlsx", "--entrants", "9", "--format", "individual")
    blocks = table_card_blocks(out)
    expected = [
        (f"Round {r}, Table {t}", list(zip(SEATS, four, strict=True))) for r, t, *four in seatings(out)
    ]
    assert blocks == expected
    assert all([s for s, _ in seats] == SEATS for _, seats in blocks)
    # 9 players: one bye a round, on the Byes sheet and on no card
    byes = records(out, "Byes")
    assert [b["Round"] for b in byes] == list(range(1, 10))
    assert sorted(text(b["Player"]) for b in byes) == [str(i) for i in range(1, 10)]
    for b in byes:
        seated = {p for r, _, *four in seatings(out) if r == b["Round"] for p in four}
        assert text(b["Player"]) not in seated


@pytest.mark.parametrize("count", [2, 3])
def test_cli_individual_needs_four_players(tmp_path: Path, count: int):
    out = tmp_path / "event.xlsx"
    result = invoke("domino", "schedule", "--entrants", count, "--format", "individual", "-o", out)
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["W115"]
    assert printed(result.stderr, Expected("W115", "Players", None, None))
    assert not out.exists()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_cli_same_seed_gives_byte_identical_workbooks(tmp_path: Path):
    args = ("--entrants", "9", "--format", "individual", "--seed", "7")
    first, _ = scheduled(tmp_path / "first.xlsx", *args)
    second, _ = scheduled(tmp_path / "second.xlsx", *args)
    assert digest(first) == digest(second)
    other, _ = scheduled(tmp_path / "other.xlsx", "--entrants", "9", "--format", "individual", "--seed", "8")
    assert seatings(other) != seatings(first)


# ---------------------------------------------------------------- round trip through standings


def test_individual_round_trip_with_three_rounds_filled(tmp_path: Path):
    event, _ = scheduled(tmp_path / "event.xlsx", "--entrants", "8", "--format", "individual")
    book = load_workbook(event)
    sheet = book["Matches"]
    col = {c.value: c.column - 1 for c in sheet[1]}
    for row in sheet.iter_rows(min_row=2):
        if row[col["Round"]].value in (1, 2, 3):
            row[col["A Pips"]].value = 100
            row[col["B Pips"]].value = 30  # 30 <= 100 / 2: side A scores 2 points, side B none
    book.save(event)
    played = [s for s in seatings(event) if s[0] in (1, 2, 3)]
    assert len(played) == 6
    side_a = Counter(p for _, _, a1, a2, _, _ in played for p in (a1, a2))

    out = tmp_path / "standings.xlsx"
    before = digest(event)
    result = invoke("domino", "standings", event, "-o", out)
    assert result.exit_code == 0, result.output
    assert digest(event) == before
    assert codes_in(result.stderr) == ["D115"]  # one warning, not one per match
    assert printed(result.stderr, Expected("D115", "Matches", 8, None))  # the first match without a result
    assert "4, 5, 6, 7" in result.stderr  # the rounds without results
    standings = {text(s["Player"]): s for s in records(out, "Standings")}
    assert set(standings) == {str(i) for i in range(1, 9)}
    assert {p: s["Points"] for p, s in standings.items()} == {p: 2 * side_a[p] for p in standings}
    assert {s["Played"] for s in standings.values()} == {3}
    assert sum(s["Points"] for s in standings.values()) == 6 * 2 * 2  # two side-A players a table


# ---------------------------------------------------------------- --avoid-clubs

# Berger round 1 for 8 is 1-8 2-7 3-6 4-5: with these clubs every round-1 meeting of the listed order is
# between club-mates, the worst start the option has to undo.
CLUBS = ["North", "North", "South", "South", "South", "South", "North", "North"]


def club_players(path: Path, clubs: list[str | None]) -> Path:
    data = [[f"p{i}", f"Player {i}", club] for i, club in enumerate(clubs, start=1)]
    return write_xlsx(path, {"Players": (["ID", "Name", "Club"], data)})


def club_of(clubs: list[str | None]) -> dict[str, str | None]:
    return {f"p{i}": club for i, club in enumerate(clubs, start=1)}


def same_club(club: dict[str, str | None], x: str | None, y: str | None) -> bool:
    return club[x] is not None and club[x] == club[y]


def pairs_cost(path: Path, club: dict[str, str | None]) -> tuple[int, set[int]]:
    """From a pairs-format Matches sheet: sum of (last round + 1 - round) over club-mate meetings, and the
    rounds with such a meeting."""
    matches = records(path, "Matches")
    last = max(m["Round"] for m in matches)
    clashes = [m["Round"] for m in matches if same_club(club, text(m["A1"]), text(m["B1"]))]
    return sum(last + 1 - r for r in clashes), set(clashes)


def test_avoid_clubs_pairs_format(tmp_path: Path):
    players = club_players(tmp_path / "players.xlsx", CLUBS)
    club = club_of(CLUBS)
    plain, _ = scheduled(tmp_path / "plain.xlsx", players)
    apart, _ = scheduled(tmp_path / "apart.xlsx", players, "--avoid-clubs")
    plain_cost, plain_rounds = pairs_cost(plain, club)
    apart_cost, apart_rounds = pairs_cost(apart, club)
    assert 1 in plain_rounds  # the listed order pits club-mates against each other at once
    assert not apart_rounds & {1, 2}, f"club-mates meet in round(s) {sorted(apart_rounds & {1, 2})}"
    assert apart_cost < plain_cost
    # every pair still meets once
    met = Counter(frozenset((text(m["A1"]), text(m["B1"]))) for m in records(apart, "Matches"))
    assert len(met) == 28 and set(met.values()) == {1}

    # club_cost of the listed order and of the optimized one agree with the counts from the sheets
    clubs = pd.Series(CLUBS)
    same = (clubs.to_numpy()[:, None] == clubs.to_numpy()[None, :]) & ~np.eye(8, dtype=bool)
    rounds = meeting_rounds(8)
    default = club_cost(rounds, same, np.arange(8))
    optimized = club_cost(rounds, same, club_order(clubs, 0))
    assert default == plain_cost
    assert optimized == apart_cost
    assert optimized < default


def test_avoid_clubs_individual_format(tmp_path: Path):
    players = club_players(tmp_path / "players.xlsx", CLUBS)
    club = club_of(CLUBS)
    out, stdout = scheduled(tmp_path / "apart.xlsx", players, "--format", "individual", "--avoid-clubs")
    assert "partners repeated: 0" in stdout
    matches = seatings(out)
    round_one = [s for s in matches if s[0] == 1]
    assert len(round_one) == 2
    for _, _, a1, a2, b1, b2 in round_one:
        assert not same_club(club, a1, a2) and not same_club(club, b1, b2), (a1, a2, b1, b2)
    partnered = Counter(frozenset(p) for _, _, a1, a2, b1, b2 in matches for p in ((a1, a2), (b1, b2)))
    assert len(partnered) == 28 and set(partnered.values()) == {1}  # still the complete design


@pytest.mark.parametrize("fmt", ["pairs", "individual"])
def test_avoid_clubs_with_every_club_blank_changes_nothing(tmp_path: Path, fmt: str):
    players = club_players(tmp_path / "players.xlsx", [None] * 8)
    plain, _ = scheduled(tmp_path / "plain.xlsx", players, "--format", fmt)
    apart, _ = scheduled(tmp_path / "apart.xlsx", players, "--format", fmt, "--avoid-clubs")
    assert seatings(apart) == seatings(plain)
