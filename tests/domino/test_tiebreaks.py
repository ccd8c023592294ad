"""The classification order, level by level, and the head-to-head differential."""

from __future__ import annotations

import pandas as pd

from pipeline.games.domino.standings import classification

FIVE = ["points", "match_points", "effectiveness", "pips_for", "pips_against"]


def totals(rows: dict[str, tuple[int, int, int, int, int]]) -> pd.DataFrame:
    """Final totals (round 1) per player: points, match points, effectiveness, pips for, against."""
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=FIVE).rename_axis("player").reset_index()
    frame["round"] = 1
    for col in ("played", "won", "lost", "penalties"):
        frame[col] = 0
    return frame


def meets(games: list[tuple[str, str, int]]) -> pd.DataFrame:
    """Meetings from (winner, loser, margin): both directions, one match each, all in round 1."""
    rows = []
    for i, (a, b, margin) in enumerate(games):
        rows += [(i, 1, a, b, margin), (i, 1, b, a, -margin)]
    return pd.DataFrame(rows, columns=["match", "round", "player", "opponent", "diff"])


def ranked(rows: dict, games: list[tuple[str, str, int]]) -> pd.DataFrame:
    return classification(totals(rows), meets(games)).set_index("player")


def test_each_criterion_in_the_seed_order() -> None:
    rows = {
        "a": (9, 3, 0, 0, 0),  # most points
        "b": (6, 3, 0, 0, 0),  # same points as c, more match points
        "c": (6, 2, 50, 0, 0),  # same points/MP as d, higher effectiveness
        "d": (6, 2, 40, 300, 0),  # same as e but more pips for
        "e": (6, 2, 40, 200, 100),  # same as f but fewer pips against
        "f": (6, 2, 40, 200, 160),
    }
    r = ranked(rows, [])
    assert r.index.tolist() == ["a", "b", "c", "d", "e", "f"]
    assert r["rank"].tolist() == [1, 2, 3, 4, 5, 6]
    assert r["decided_by"].tolist() == [
        "points",
        "match points",
        "effectiveness",
        "pips for",
        "pips against",
        "",
    ]


def test_three_way_tie_resolved_by_the_differential_then_a_second_pass() -> None:
    level = (6, 2, 10, 300, 290)
    rows = {"x": level, "y": level, "z": level, "top": (9, 3, 0, 0, 0)}
    # x beat y by 30, y beat z by 20, z beat x by 10; a game against "top" does not count
    games = [("x", "y", 30), ("y", "z", 20), ("z", "x", 10), ("top", "z", 90)]
    r = ranked(rows, games)
    assert r.index.tolist() == ["top", "x", "y", "z"]
    assert r["rank"].tolist() == [1, 2, 3, 4]
    # first pass among x, y, z: x = 30 - 10 = 20, y = -30 + 20 = -10, z = -20 + 10 = -10
    assert r.loc[["x", "y", "z"], "head_to_head"].tolist() == [20, -10, -10]
    # y and z are still level: the differential is recomputed between them only (y beat z by 20)
    assert r.loc[["x", "y", "z"], "decided_by"].tolist() == ["head-to-head", "head-to-head, pass 2", ""]


def test_four_way_tie_split_two_and_two_then_each_pair_by_its_own_game() -> None:
    level = (6, 2, 0, 300, 300)
    rows = {p: level for p in "abcd"}
    games = [("a", "b", 10), ("c", "d", 20), ("a", "c", 40), ("a", "d", 20), ("b", "c", 50), ("b", "d", 30)]
    r = ranked(rows, games)
    # pass 1: a = 10+40+20 = 70, b = -10+50+30 = 70, c = -40-50+20 = -70, d = -20-30-20 = -70
    assert r.loc[list("abcd"), "head_to_head"].tolist() == [70, 70, -70, -70]
    assert r.index.tolist() == ["a", "b", "c", "d"]
    assert r["rank"].tolist() == [1, 2, 3, 4]
    assert r["decided_by"].tolist() == ["head-to-head, pass 2", "head-to-head", "head-to-head, pass 2", ""]


def test_level_competitors_who_never_met_share_the_rank() -> None:
    rows = {
        "p": (9, 3, 0, 0, 0),
        "q": (8, 3, 0, 0, 0),
        "r": (6, 2, 5, 100, 95),
        "s": (6, 2, 5, 100, 95),
        "t": (3, 1, 0, 0, 0),
    }
    r = ranked(rows, [("r", "t", 20), ("s", "p", 10)])  # r and s never met each other
    assert r["rank"].tolist() == [1, 2, 3, 3, 5]
    assert r.loc[["r", "s"], "head_to_head"].tolist() == [0, 0]
    assert r.loc["r", "decided_by"] == "tied"


def test_a_match_counts_once_even_when_both_opponents_are_tied() -> None:
    level = (6, 2, 0, 200, 200)
    rows = {"a": level, "b": level, "c": level}
    # one match, a (alone) against b and c (partners): a +15, b -15, c -15
    m = pd.DataFrame(
        [(1, 1, "a", "b", 15), (1, 1, "a", "c", 15), (1, 1, "b", "a", -15), (1, 1, "c", "a", -15)],
        columns=["match", "round", "player", "opponent", "diff"],
    )
    r = classification(totals(rows), m).set_index("player")
    assert r.loc[["a", "b", "c"], "head_to_head"].tolist() == [15, -15, -15]
    assert r.loc["a", "rank"] == 1
    assert r.loc[["b", "c"], "rank"].tolist() == [2, 2]  # partners never meet: still level
