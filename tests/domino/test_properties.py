"""Invariants of the domino tables on random valid events (the generator of test_against_reference).

Every expectation is computed from the input event (seats, rounds, penalties as typed) or from another
table of the output, never from the table under test itself. One pipeline run per example, several
named checks on it, so a failure names the property that broke.
"""

from __future__ import annotations

import os
from collections import Counter

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from reference import id_order
from test_against_reference import Event, events

from pipeline.games.domino.load import domino_event
from pipeline.games.domino.tally import domino_tables

CRITERIA = ["points", "match_points", "effectiveness", "pips_for", "pips_against"]
CUMULATIVE = ["played", "won", "lost", "points", "match_points", "pips_for", "pips_against", "penalties"]


def seats(event: Event) -> Counter:
    """How many matches each id sat in, from the input."""
    return Counter(p for m in event.matches for p in m["a"] + m["b"])


def classification_key(row) -> tuple:
    return (
        -row["points"],
        -row["match_points"],
        -row["effectiveness"],
        -row["pips_for"],
        row["pips_against"],
    )


def check_ranks(table: pd.DataFrame, where: str = "standings") -> None:
    """Standard competition ranking (1, 2, 2, 4), in order; shared ranks only among rows level on all five."""
    ranks = [int(r) for r in table["rank"]]
    if not ranks:
        return
    assert ranks[0] == 1, f"{where}: first rank is {ranks[0]}"
    for i in range(1, len(ranks)):
        assert ranks[i] in (ranks[i - 1], i + 1), (
            f"{where}: rank {ranks[i]} at position {i + 1} after {ranks[i - 1]}"
        )
    rows = table.to_dict("records")
    for before, after in zip(rows, rows[1:], strict=False):
        assert classification_key(before) <= classification_key(after), (
            f"{where}: {before['player']} listed above {after['player']} but behind on the five criteria"
        )
        if before["rank"] == after["rank"]:
            assert classification_key(before) == classification_key(after), (
                f"{where}: {before['player']} and {after['player']} share a rank but differ on the criteria"
            )
            assert id_order(str(before["player"])) < id_order(str(after["player"])), (
                f"{where}: tied {before['player']} and {after['player']} not in id order"
            )


def check_competitors_and_totals(event: Event, st: pd.DataFrame) -> None:
    sat = seats(event)
    listed = set(event.players or [])
    penalized = {p["player"] for p in event.penalties}
    assert set(st["player"]) == set(sat) | listed | penalized, "competitors: not every listed, seated id once"
    assert st["player"].is_unique
    for r in st.to_dict("records"):
        p = r["player"]
        assert r["played"] == sat.get(p, 0), f"{p}: played {r['played']}, sat in {sat.get(p, 0)} matches"
        assert r["won"] + r["lost"] == r["played"], f"{p}: won + lost != played"
        deducted = sum(abs(x["pips"]) for x in event.penalties if x["player"] == p)
        assert r["penalties"] == deducted, f"{p}: penalties {r['penalties']}, the sheet deducts {deducted}"
        assert r["effectiveness"] == r["pips_for"] - r["pips_against"] - r["penalties"], f"{p}: effectiveness"


def check_sides(event: Event, sides: pd.DataFrame, st: pd.DataFrame) -> None:
    """Two rows per match, one winner each, and the standings are exactly the sums of the sides."""
    assert len(sides) == 2 * len(event.matches), f"{len(sides)} side rows for {len(event.matches)} matches"
    per_match = sides.groupby("match")
    assert per_match.ngroups == len(event.matches), "a match is missing from .sides or split"
    for match, two in per_match:
        assert sorted(two["side"]) == ["A", "B"], f"match {match}: sides {list(two['side'])}"
        assert two["round"].nunique() == 1, f"match {match}: two rounds"
        assert int(two["won"].sum()) == 1, f"match {match}: {int(two['won'].sum())} winners"
        win, lose = two[two["won"]].iloc[0], two[~two["won"]].iloc[0]
        assert (win["match_points"], lose["match_points"], lose["points"]) == (1, 0, 0), f"match {match}"
        assert win["points"] in (1, 2, 3), f"match {match}: winner gets {win['points']} points"
        assert (win["pips_for"], win["pips_against"]) == (lose["pips_against"], lose["pips_for"]), (
            f"match {match}: one side's pips for are not the other side's pips against"
        )
    assert Counter(int(r) for r in sides.groupby("match")["round"].first()) == Counter(
        m["round"] for m in event.matches
    ), "the rounds of .sides are not the rounds of the matches"
    # every match gives exactly one winner 1 match point, to each of its players
    per_side = len(event.matches[0]["a"]) if event.matches else 0
    assert int(st["match_points"].sum()) == per_side * len(event.matches), "match points total"
    # total points awarded = sum over matches of the winner's points, once per player of the side
    won_points = int(sides.loc[sides["won"], "points"].sum())
    assert int(st["points"].sum()) == per_side * won_points, "points total != winners' points per player"
    for col in ("won", "pips_for", "pips_against"):
        assert int(st[col].sum()) == per_side * int(sides[col].sum()), f"{col} total != sum over sides"


def check_rounds(event: Event, rounds: pd.DataFrame, st: pd.DataFrame) -> None:
    played_rounds = sorted({m["round"] for m in event.matches})
    assert sorted(rounds["round"].unique()) == played_rounds, (
        "the rounds of .rounds are not the rounds played"
    )
    everyone = set(st["player"])
    for rnd, block in rounds.groupby("round"):
        assert sorted(block["player"]) == sorted(everyone), f"round {rnd}: not every competitor exactly once"
        check_ranks(block.reset_index(drop=True), f"round {rnd}")
    last = rounds[rounds["round"] == played_rounds[-1]].drop(columns=["round"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(last[list(st.columns)], st.reset_index(drop=True), check_dtype=False)
    by_player = rounds.sort_values(["player", "round"]).groupby("player")
    for col in CUMULATIVE:
        assert by_player[col].apply(lambda s: s.is_monotonic_increasing).all(), f"{col} decreases over rounds"
    # played after round k = seats in rounds up to k (from the input)
    for rnd, block in rounds.groupby("round"):
        upto = Counter(p for m in event.matches if m["round"] <= rnd for p in m["a"] + m["b"])
        got = dict(zip(block["player"], block["played"], strict=True))
        assert all(got[p] == upto.get(p, 0) for p in got), f"round {rnd}: played is not the matches so far"


@settings(
    max_examples=int(os.environ.get("DOMINO_EXAMPLES", "100")),
    deadline=None,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@pytest.mark.slow
@given(events())
def test_tables_are_consistent(event: Event):
    tables = domino_tables(domino_event(event.sheets()))
    st = tables.standings
    check_ranks(st)
    check_competitors_and_totals(event, st)
    check_sides(event, tables.sides, st)
    check_rounds(event, tables.rounds, st)
