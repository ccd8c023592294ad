"""The running totals (pipeline/games/domino/standings.py, `progressive_totals`) against loops over rounds.

The kernel counts every figure in a (player, round) grid with `bincount` and adds it up along the rounds;
`plain_totals` applies the rule its docstring states, round by round and player by player, on random results
and penalties (blank rounds, rounds between or after the rounds played).
"""

from __future__ import annotations

import hypothesis.strategies as st
import pandas as pd
import pytest
from hypothesis import given, settings

from pipeline.games.domino.standings import progressive_totals

FIGURES = ["won", "points", "match_points", "pips_for", "pips_against"]


@st.composite
def seasons(draw: st.DrawFn) -> tuple[pd.DataFrame, pd.DataFrame, int, pd.Index]:
    """Results per (match, player), penalties, the number of players and the rounds played."""
    players = draw(st.integers(1, 6))
    rounds = pd.Index(
        sorted(draw(st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True))), name="round"
    )
    results = pd.DataFrame(
        [
            {"player": draw(st.integers(0, players - 1)), "round": draw(st.sampled_from(list(rounds))),
             "won": draw(st.booleans()), "points": draw(st.integers(0, 3)), "match_points": draw(st.integers(0, 1)),
             "pips_for": draw(st.integers(0, 150)), "pips_against": draw(st.integers(0, 150))}
            for _ in range(draw(st.integers(0, 12)))
        ],
        columns=["player", "round", *FIGURES],
    ).astype({"player": "int64", "round": "int64", "won": "bool", **{f: "int64" for f in FIGURES[1:]}})  # fmt: skip
    penalties = pd.DataFrame(
        {
            "player": pd.Series(draw(st.lists(st.integers(0, players - 1), max_size=4)), dtype="int64"),
        }
    )
    n = len(penalties)
    penalties["pips"] = pd.Series(draw(st.lists(st.integers(1, 50), min_size=n, max_size=n)), dtype="Float64")
    penalties["round"] = pd.Series(
        draw(st.lists(st.one_of(st.none(), st.integers(1, 12)), min_size=n, max_size=n)), dtype="Int64"
    )
    return results, penalties, players, rounds


def plain_totals(
    results: pd.DataFrame, penalties: pd.DataFrame, players: int, rounds: pd.Index
) -> pd.DataFrame:
    """Round by round, player by player: sums of the results so far and of the penalties in force."""
    played = list(rounds)
    rows = []
    for last in played:  # the plain rule: loops over rounds and players
        for player in range(players):
            mine = [r for r in results.itertuples() if r.player == player and r.round <= last]
            row = {"round": last, "player": player, "played": len(mine)}
            row |= {f: int(sum(getattr(r, f) for r in mine)) for f in FIGURES}
            charged = 0
            for p in penalties.itertuples():
                if p.player != player:
                    continue
                later = [r for r in played if pd.isna(p.round) or r >= p.round]
                counts_from = later[0] if later else played[-1]
                if counts_from <= last:
                    charged += int(p.pips)
            row["penalties"] = charged
            row["lost"] = row["played"] - row["won"]
            row["effectiveness"] = row["pips_for"] - row["pips_against"] - charged
            rows.append(row)
    return pd.DataFrame(rows)


def check_totals(case: tuple[pd.DataFrame, pd.DataFrame, int, pd.Index]) -> None:
    results, penalties, players, rounds = case
    got = progressive_totals(results, penalties, players, rounds)
    plain = plain_totals(results, penalties, players, rounds)
    assert got[list(plain.columns)].astype("int64").to_dict("records") == plain.astype("int64").to_dict(
        "records"
    )


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(max_examples=60, deadline=None)
@given(seasons())
def test_totals_after_each_round_are_the_sums_so_far(case) -> None:
    check_totals(case)


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(seasons())
def test_totals_after_each_round_are_the_sums_so_far_at_length(case) -> None:
    check_totals(case)
