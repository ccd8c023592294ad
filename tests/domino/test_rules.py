"""One test (or a few) per rule of the seed, with figures worked out by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pipeline.games.domino.rules import match_winners, points_awarded, side_results


def matches(rows: list[tuple]) -> pd.DataFrame:
    """Typed matches: (a_count, b_count, target, ended, winner); match number = position + 2."""
    frame = pd.DataFrame(rows, columns=["a_count", "b_count", "target", "ended", "winner"])
    frame.insert(0, "round", 1)
    frame.insert(1, "table", range(1, len(rows) + 1))
    frame[["a1", "a2", "b1", "b2"]] = ["a", None, "b", None]
    frame[["a_count", "b_count"]] = frame[["a_count", "b_count"]].astype("Int64")
    frame.index = pd.RangeIndex(2, 2 + len(rows), name="row")
    return frame


@pytest.mark.parametrize(
    ("loser", "target", "points"),
    [
        (0, 100, 3),  # "the loser made zero pips"
        (1, 100, 2),  # "the loser made between 1 and 50 pips"
        (50, 100, 2),
        (51, 100, 1),  # "between 51 and 99 pips"
        (99, 100, 1),
        (0, 200, 3),
        (1, 200, 2),  # "exceeded 200 pips; the loser made between 1 and 100 pips"
        (100, 200, 2),
        (101, 200, 1),  # "between 101 and 199 pips"
        (199, 200, 1),
        (50, 101, 2),  # odd target: L <= T/2 means 2L <= T
        (51, 101, 1),
        (2, 4, 2),  # run-out in hands: first to 4
        (3, 4, 1),
    ],
)
def test_points_by_the_losers_pips(loser: int, target: int, points: int) -> None:
    got = points_awarded(np.array([loser]), np.array([target]))
    assert got.tolist() == [points]


def test_target_ended_winner_is_credited_the_target_not_the_excess() -> None:
    sides = side_results(matches([(112, 20, 100, "target", None)]))
    a, b = sides.iloc[0], sides.iloc[1]
    assert (a["won"], a["points"], a["match_points"], a["pips_for"], a["pips_against"]) == (
        True,
        2,
        1,
        100,
        20,
    )
    assert (b["won"], b["points"], b["match_points"], b["pips_for"], b["pips_against"]) == (
        False,
        0,
        0,
        20,
        100,
    )


def test_side_b_can_win_by_reaching_the_target() -> None:
    sides = side_results(matches([(150, 205, 200, "target", None)]))
    assert sides["won"].tolist() == [False, True]
    assert sides["points"].tolist() == [0, 1]
    assert sides["pips_for"].tolist() == [150, 200]
    assert sides["pips_against"].tolist() == [200, 150]


def test_time_rule_scores_the_board_as_it_stands() -> None:
    sides = side_results(matches([(137, 95, 200, "time", None)]))
    assert sides["won"].tolist() == [True, False]
    assert sides["points"].tolist() == [2, 0]  # loser 95 <= 100
    assert sides["pips_for"].tolist() == [137, 95]
    assert sides["pips_against"].tolist() == [95, 137]


def test_level_at_time_is_decided_by_the_named_winner() -> None:
    m = matches([(88, 88, 200, "time", "B")])
    assert match_winners(m).tolist() == ["B"]
    sides = side_results(m)
    assert sides["points"].tolist() == [0, 2]
    assert sides["pips_for"].tolist() == [88, 88]


def test_forfeit_with_blank_pips_reads_target_for_the_winner_and_zero_for_the_loser() -> None:
    sides = side_results(matches([(None, None, 100, "forfeit", "B")]))
    assert sides["won"].tolist() == [False, True]
    assert sides["points"].tolist() == [0, 3]
    assert sides["pips_for"].tolist() == [0, 100]
    assert sides["pips_against"].tolist() == [100, 0]


def test_forfeit_with_pips_is_scored_as_the_board_stands_when_the_target_was_not_reached() -> None:
    sides = side_results(matches([(60, 70, 100, "forfeit", "A")]))
    assert sides["won"].tolist() == [True, False]
    assert sides["points"].tolist() == [0 + 1, 0]  # loser 70 > 50
    assert sides["pips_for"].tolist() == [60, 70]
    assert sides["pips_against"].tolist() == [70, 60]


def test_every_match_has_exactly_one_winner_with_one_match_point() -> None:
    m = matches(
        [
            (100, 0, 100, "target", None),
            (30, 100, 100, "target", None),
            (40, 41, 100, "time", None),
            (None, None, 200, "forfeit", "A"),
        ]
    )
    sides = side_results(m)
    per_match = sides.groupby("match")[["match_points", "won"]].sum()
    assert per_match["match_points"].tolist() == [1, 1, 1, 1]
    assert per_match["won"].tolist() == [1, 1, 1, 1]
    assert sides.loc[~sides["won"], "points"].eq(0).all()
