"""The head-to-head kernels (pipeline/games/domino/standings.py) against their rules, with plain loops.

`head_to_head` merges the tied rows with themselves and then with the meetings in NumPy, for every group of
every round at once; `head_to_head_passes` re-applies it to the members a pass leaves level, all groups of a
pass at once. Here the same rules are written as loops over the matches as typed (seats A1, A2 against B1,
B2) on random events: pairs and individual seating, empty seats, several rounds, random groups of tied
competitors in any order, ties on the differential itself (so that passes 2 and 3 happen).
"""

from __future__ import annotations

import math

import hypothesis.strategies as st
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings

from pipeline.games.domino.standings import CRITERIA, head_to_head, head_to_head_passes, meetings

SEATS = ("a1", "a2", "b1", "b2")
FIVE = [c for c, _ in CRITERIA]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[dict], int]:
    """Matches as typed (round, seats by player number or None, each side's pips) and the number of players."""
    players = draw(st.integers(2, 9))
    matches = []
    for round_ in sorted(draw(st.lists(st.integers(1, 6), min_size=1, max_size=4, unique=True))):
        for _ in range(draw(st.integers(0, 3))):  # a few tables
            seated = draw(st.permutations(range(players)))[: draw(st.integers(2, min(4, players)))]
            a, b = seated[: (len(seated) + 1) // 2], seated[(len(seated) + 1) // 2 :]
            if not b:
                continue
            matches.append(
                {
                    "round": round_,
                    "a": a,
                    "b": b,
                    "a_pips": draw(st.integers(0, 3)) * 10,  # few values: differentials tie often
                    "b_pips": draw(st.integers(0, 3)) * 10,
                }
            )
    return matches, players


def ids_of(players: int) -> pd.Index:
    """The players' ids (P0, P1, ...), sorted as the pipeline codes them."""
    return pd.Index(sorted(f"P{i}" for i in range(players)), dtype="str")


def typed(matches: list[dict]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The Matches table (seat columns of ids) and the side results `meetings` reads, in match order."""
    seats = {
        seat: [f"P{m[side][k]}" if k < len(m[side]) else None for m in matches]
        for side, pair in (("a", ("a1", "a2")), ("b", ("b1", "b2")))
        for k, seat in enumerate(pair)
    }
    m = pd.DataFrame(seats, dtype="str")
    sides = pd.DataFrame(
        [
            {"match": i, "round": x["round"], "side": side.upper(), "pips_for": x[f"{side}_pips"],
             "pips_against": x[f"{other}_pips"]}
            for i, x in enumerate(matches)
            for side, other in (("a", "b"), ("b", "a"))
        ],
        columns=["match", "round", "side", "pips_for", "pips_against"],
    ).astype({"match": "int64", "round": "int64", "side": "str", "pips_for": "int64", "pips_against": "int64"})  # fmt: skip
    return m, sides


def code(player: int, players: int) -> int:
    """A player's position in the sorted ids."""
    return list(ids_of(players)).index(f"P{player}")


def plain_head_to_head(round_: int, player: int, members: set[int], matches: list[dict]) -> float:
    """The player's pips for minus against over matches to date where another member sat opposite."""
    total = 0
    for match in matches:  # the plain rule: a loop over matches
        if match["round"] > round_:
            continue
        for own, other, side, opponent in (("a", "b", "a_pips", "b_pips"), ("b", "a", "b_pips", "a_pips")):
            if player in match[own] and any(q in members and q != player for q in match[other]):
                total += match[side] - match[opponent]
    return float(total)


# ---------------------------------------------------------------- head_to_head


@st.composite
def tied_rows(draw: st.DrawFn) -> tuple[list[dict], int, pd.DataFrame]:
    """An event and, for some rounds, its players split into random groups, rows in random order."""
    matches, players = draw(events())
    rows = []
    for round_ in draw(st.lists(st.integers(1, 6), max_size=3, unique=True)):
        for player in draw(st.lists(st.integers(0, players - 1), max_size=players, unique=True)):
            rows.append({"round": round_, "player": player, "group": draw(st.integers(0, 2))})
    rows = draw(st.permutations(rows))
    return matches, players, pd.DataFrame(rows, columns=["round", "player", "group"])


def check_head_to_head(case: tuple[list[dict], int, pd.DataFrame]) -> None:
    matches, players, rows = case
    m, sides = typed(matches)
    meets = meetings(m, sides, ids_of(players))
    tied = rows.assign(player=[code(p, players) for p in rows["player"]])
    got = head_to_head(tied.astype("int64"), meets)
    plain = [
        plain_head_to_head(
            r.round, r.player, {q.player for q in rows.itertuples() if (q.round, q.group) == (r.round, r.group)},
            matches,
        )
        for r in rows.itertuples()
    ]  # fmt: skip
    assert got.tolist() == plain


@settings(max_examples=60, deadline=None)
@given(tied_rows())
def test_head_to_head_is_the_differential_among_the_group(case) -> None:
    check_head_to_head(case)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(tied_rows())
def test_head_to_head_is_the_differential_among_the_group_at_length(case) -> None:
    check_head_to_head(case)


# ---------------------------------------------------------------- head_to_head_passes


@st.composite
def ordered_rows(draw: st.DrawFn) -> tuple[list[dict], int, pd.DataFrame]:
    """An event and totals per (round, player) sorted by round and the five criteria, level rows adjacent."""
    matches, players = draw(events())
    rows = []
    for round_ in sorted(draw(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True))):
        for player in draw(st.permutations(range(players))):
            level = draw(st.integers(0, 2))  # three distinct totals: many players level on all five
            rows.append(
                {"round": round_, "player": player, **{c: level * (i + 1) for i, c in enumerate(FIVE)}}
            )
    frame = pd.DataFrame(rows).sort_values(["round", *FIVE], kind="stable").reset_index(drop=True)
    return matches, players, frame


def plain_passes(frame: pd.DataFrame, matches: list[dict]) -> list[list[float]]:
    """Pass after pass: each group's differentials among its members, then the members left level."""
    keys = [tuple(r) for r in frame[["round", *FIVE]].itertuples(index=False)]
    groups = [[i for i in range(len(frame)) if keys[i] == k] for k in dict.fromkeys(keys)]
    active = [g for g in groups if len(g) > 1]
    passes = []
    while active:  # one pass at a time, one group at a time
        column = [math.nan] * len(frame)
        following = []
        for group in active:
            members = {int(frame.at[i, "player"]) for i in group}
            for i in group:
                column[i] = plain_head_to_head(
                    int(frame.at[i, "round"]), int(frame.at[i, "player"]), members, matches
                )
            for value in dict.fromkeys(column[i] for i in group):
                level = [i for i in group if column[i] == value]
                if 1 < len(level) < len(group):
                    following.append(level)
        passes.append(column)
        active = following
    return passes


def check_passes(case: tuple[list[dict], int, pd.DataFrame]) -> None:
    matches, players, frame = case
    m, sides = typed(matches)
    meets = meetings(m, sides, ids_of(players))
    coded = frame.assign(player=[code(p, players) for p in frame["player"]])
    got = head_to_head_passes(coded, meets)
    plain = plain_passes(frame, matches)
    assert list(got.columns) == [f"h2h_{i + 1}" for i in range(len(plain))]
    for name, column in zip(got.columns, plain, strict=True):
        assert np.array_equal(got[name].to_numpy(), np.array(column), equal_nan=True), name


@settings(max_examples=60, deadline=None)
@given(ordered_rows())
def test_each_pass_compares_the_members_the_last_one_left_level(case) -> None:
    check_passes(case)


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(ordered_rows())
def test_each_pass_compares_the_members_the_last_one_left_level_at_length(case) -> None:
    check_passes(case)
