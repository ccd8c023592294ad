"""`pipeline.games.schedule`: round robins by the circle method, checked against the published Berger tables.

The tables below are copied by hand from the FIDE Handbook, C.05 Annex 1 (Berger tables for round-robin
tournaments): players numbered from 1, the first named in each pairing has white (is at home).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pandas as pd
import pytest

from pipeline.games.schedule import circle_byes, circle_pairings

BERGER_4 = [
    "1-4 2-3",
    "4-3 1-2",
    "2-4 3-1",
]
BERGER_6 = [
    "1-6 2-5 3-4",
    "6-4 5-3 1-2",
    "2-6 3-1 4-5",
    "6-5 1-4 2-3",
    "3-6 4-2 5-1",
]
SIZES = range(2, 41)


def berger(table: list[str]) -> list[tuple[int, int, int, int]]:
    """(round, table, home, away), 1-based, from rounds written as `home-away` pairings."""
    out = []
    for rnd, line in enumerate(table, start=1):
        for tbl, pairing in enumerate(line.split(), start=1):
            home, away = pairing.split("-")
            out.append((rnd, tbl, int(home), int(away)))
    return out


def one_based(entrants: int) -> list[tuple[int, int, int, int]]:
    """circle_pairings as (round, table, home + 1, away + 1) rows."""
    p = circle_pairings(entrants)
    return [
        (r, t, h + 1, a + 1) for r, t, h, a in p[["round", "table", "home", "away"]].itertuples(index=False)
    ]


# ---------------------------------------------------------------- the published tables


@pytest.mark.parametrize(
    ("entrants", "table"), [(4, BERGER_4), (6, BERGER_6)], ids=["4 players", "6 players"]
)
def test_circle_pairings_reproduce_the_fide_berger_table(entrants: int, table: list[str]):
    assert one_based(entrants) == berger(table)


def test_the_hand_copied_tables_are_round_robins_themselves():
    """A typo in BERGER_4/BERGER_6 would make the comparison above meaningless."""
    for n, table in ((4, BERGER_4), (6, BERGER_6)):
        pairs = [frozenset((h, a)) for _, _, h, a in berger(table)]
        assert sorted(map(sorted, pairs)) == [list(c) for c in combinations(range(1, n + 1), 2)]


def test_five_players_are_the_six_player_table_with_6_as_the_bye():
    """FIDE: with an odd number, whoever would meet the highest number has the bye."""
    without_6 = [(r, h, a) for r, _, h, a in berger(BERGER_6) if 6 not in (h, a)]
    renumbered = []
    for rnd in range(1, 6):
        games = [(h, a) for r, h, a in without_6 if r == rnd]
        renumbered += [(rnd, t, h, a) for t, (h, a) in enumerate(games, start=1)]
    assert one_based(5) == renumbered
    byes = circle_byes(5)
    assert list(byes.columns) == ["round", "entrant"]
    assert [(r, e + 1) for r, e in byes.itertuples(index=False)] == [(1, 1), (2, 4), (3, 2), (4, 5), (5, 3)]


def test_columns_and_types():
    p = circle_pairings(7)
    assert list(p.columns) == ["round", "table", "home", "away"]
    assert all(p[c].dtype == "int64" for c in p.columns)
    b = circle_byes(7)
    assert list(b.columns) == ["round", "entrant"]
    assert all(b[c].dtype == "int64" for c in b.columns)
    even = circle_byes(8)
    assert list(even.columns) == ["round", "entrant"]
    assert even.empty


# ---------------------------------------------------------------- properties for every size


def rounds_of(n: int) -> int:
    return n - 1 if n % 2 == 0 else n


@pytest.mark.parametrize("n", SIZES)
def test_every_pair_meets_exactly_once(n: int):
    p = circle_pairings(n)
    assert ((p["home"] >= 0) & (p["home"] < n) & (p["away"] >= 0) & (p["away"] < n)).all()
    assert (p["home"] != p["away"]).all()
    met = Counter(frozenset(x) for x in zip(p["home"], p["away"], strict=True))
    assert set(met) == {frozenset(c) for c in combinations(range(n), 2)}
    assert set(met.values()) == {1}
    assert len(p) == n * (n - 1) // 2


@pytest.mark.parametrize("n", SIZES)
def test_nobody_plays_twice_in_a_round_and_the_round_count(n: int):
    p = circle_pairings(n)
    assert sorted(p["round"].unique()) == list(range(1, rounds_of(n) + 1))
    seats = pd.concat([p[["round", c]].set_axis(["round", "who"], axis=1) for c in ("home", "away")])
    assert not seats.duplicated().any()
    per_round = seats.groupby("round")["who"].nunique()
    assert (per_round == n - n % 2).all()  # everyone plays, except the one with the bye


@pytest.mark.parametrize("n", SIZES)
def test_byes(n: int):
    p = circle_pairings(n)
    b = circle_byes(n)
    if n % 2 == 0:
        assert b.empty
        return
    assert sorted(b["entrant"]) == list(range(n))  # exactly one bye per entrant
    assert list(b["round"]) == list(range(1, n + 1))  # one per round, every round
    for rnd, idle in b.itertuples(index=False):
        games = p[p["round"] == rnd]
        assert idle not in set(games["home"]) | set(games["away"])
        assert len(games) == (n - 1) // 2


@pytest.mark.parametrize("n", SIZES)
def test_tables_are_numbered_from_1_in_each_round(n: int):
    p = circle_pairings(n)
    for _, games in p.groupby("round"):
        assert list(games["table"]) == list(range(1, len(games) + 1))
    assert list(p["round"]) == sorted(p["round"])


@pytest.mark.parametrize("n", SIZES)
def test_home_and_away_are_balanced(n: int):
    p = circle_pairings(n)
    home = p["home"].value_counts().reindex(range(n), fill_value=0)
    away = p["away"].value_counts().reindex(range(n), fill_value=0)
    assert ((home - away).abs() <= 1).all()
    assert (home + away == n - 1).all()


@pytest.mark.parametrize("n", [n for n in SIZES if n % 2])
def test_odd_count_is_the_even_table_without_the_dummy(n: int):
    """Berger's rule for an odd count, for every size: play the table of n+1 and give n+1's opponent the bye."""
    full = circle_pairings(n + 1)
    dummy = n  # 0-based number of entrant n+1
    kept = full[(full["home"] != dummy) & (full["away"] != dummy)]
    p = circle_pairings(n)
    assert p[["round", "home", "away"]].values.tolist() == kept[["round", "home", "away"]].values.tolist()
    met = full[(full["home"] == dummy) | (full["away"] == dummy)]
    opponent = met["home"].where(met["away"] == dummy, met["away"])
    assert circle_byes(n)["entrant"].tolist() == opponent.tolist()
