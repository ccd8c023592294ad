"""WBF 2013 continuous victory-point scale and its rounded, repaired tables."""

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.games.bridge.victory_points import (
    candidate_hundredths,
    concave_choices,
    victory_points,
    vp_table,
)

BOARD_COUNTS = list(range(1, 65)) + [72, 96, 128]


def formula_vp(margin: float, boards: int) -> float:
    """Winner's VPs straight from the WBF 2013 formula, written independently with math."""
    tau = (math.sqrt(5) - 1) / 2
    blowout = 15 * math.sqrt(boards)
    m = min(abs(margin), blowout)
    return 10 + 10 * (1 - tau ** (3 * m / blowout)) / (1 - tau**3)


def hundredths(values: pd.Series) -> np.ndarray:
    return np.rint(values.to_numpy() * 100).astype(int)


@pytest.mark.parametrize("boards", BOARD_COUNTS)
def test_table_shape_and_sums(boards: int) -> None:
    table = vp_table(boards)
    assert list(table.columns) == ["margin", "winner_vp", "loser_vp"]
    assert table["margin"].tolist() == list(range(math.ceil(15 * math.sqrt(boards)) + 1))
    assert (hundredths(table["winner_vp"]) + hundredths(table["loser_vp"]) == 2000).all()
    assert ((table["winner_vp"] + table["loser_vp"]).round(2) == 20.0).all()
    assert np.allclose(table["winner_vp"] * 100, hundredths(table["winner_vp"]))


@pytest.mark.parametrize("boards", BOARD_COUNTS)
def test_table_is_non_decreasing_and_concave(boards: int) -> None:
    steps = np.diff(hundredths(vp_table(boards)["winner_vp"]))
    assert (steps >= 0).all()
    assert (np.diff(steps) <= 0).all()


@pytest.mark.parametrize("boards", BOARD_COUNTS)
def test_table_ends(boards: int) -> None:
    table = vp_table(boards)
    assert (table["winner_vp"].iloc[0], table["loser_vp"].iloc[0]) == (10.0, 10.0)
    assert (table["winner_vp"].iloc[-1], table["loser_vp"].iloc[-1]) == (20.0, 0.0)


@pytest.mark.parametrize("boards", range(1, 36))
def test_up_to_35_boards_every_value_is_within_a_hundredth(boards: int) -> None:
    table = vp_table(boards)
    exact = np.array([formula_vp(m, boards) for m in table["margin"]])
    assert np.abs(table["winner_vp"].to_numpy() - exact).max() <= 0.01


@pytest.mark.parametrize("boards", range(36, 65))
def test_up_to_64_boards_every_value_is_within_two_hundredths(boards: int) -> None:
    table = vp_table(boards)
    exact = np.array([formula_vp(m, boards) for m in table["margin"]])
    assert np.abs(table["winner_vp"].to_numpy() - exact).max() <= 0.02


@pytest.mark.parametrize("boards", [1, 7, 9])
def test_plain_rounding_is_kept_when_it_is_already_concave(boards: int) -> None:
    table = vp_table(boards)
    plain = [math.floor(formula_vp(m, boards) * 100 + 0.5) for m in table["margin"]]
    assert hundredths(table["winner_vp"]).tolist() == plain


@pytest.mark.parametrize(
    ("boards", "margin"), [(16, 1), (16, 2), (16, 10), (16, 30), (12, 5), (24, 20), (32, 40)]
)
def test_spot_values(boards: int, margin: int) -> None:
    exact = formula_vp(margin, boards)
    got = vp_table(boards).set_index("margin").loc[margin]
    assert got["winner_vp"] == pytest.approx(exact, abs=0.01 + 1e-9)
    assert got["loser_vp"] == pytest.approx(20 - exact, abs=0.01 + 1e-9)


def test_hand_computed_sixteen_board_value() -> None:
    # 16 boards: B = 60; 1 IMP: 10 + 10 (1 - t^0.05) / (1 - t^3) = 10.3112...
    tau = (math.sqrt(5) - 1) / 2
    assert 10 + 10 * (1 - tau**0.05) / (1 - tau**3) == pytest.approx(10.3112, abs=1e-4)
    assert vp_table(16).loc[1, "winner_vp"] == 10.31


def test_victory_points_signed_margins() -> None:
    margin = pd.Series([0, 1, -1, 60, -60, 61, 500, -500], index=list("abcdefgh"))
    got = victory_points(margin, 16)
    assert list(got.index) == list("abcdefgh")
    assert got["vp"].tolist() == [10.0, 10.31, 9.69, 20.0, 0.0, 20.0, 20.0, 0.0]
    assert got["opponent_vp"].tolist() == [10.0, 9.69, 10.31, 0.0, 20.0, 0.0, 0.0, 20.0]


def test_victory_points_look_up_the_table() -> None:
    table = vp_table(14)
    margin = pd.Series(range(-70, 71))
    got = victory_points(margin, 14)
    size = margin.abs().clip(upper=table["margin"].iloc[-1])
    winner = table.set_index("margin")["winner_vp"].reindex(size).to_numpy()
    loser = table.set_index("margin")["loser_vp"].reindex(size).to_numpy()
    assert np.array_equal(got["vp"].to_numpy(), np.where(margin >= 0, winner, loser))
    assert np.array_equal(got["opponent_vp"].to_numpy(), np.where(margin >= 0, loser, winner))
    assert ((got["vp"] + got["opponent_vp"]).round(2) == 20).all()


def test_victory_points_need_whole_imps() -> None:
    got = victory_points(pd.Series([2.5, None, 3.0]), 16)
    assert got.iloc[:2].isna().all().all()
    assert got["vp"].iloc[2] == vp_table(16)["winner_vp"].iloc[3]


def test_at_least_one_board() -> None:
    with pytest.raises(ValueError):
        vp_table(0)


@settings(deadline=None)
@given(
    st.lists(st.floats(0.05, 3.0), min_size=2, max_size=7).map(sorted),
    st.floats(0, 0.99),
)
def test_repair_is_the_cheapest_concave_choice(falling_steps: list[float], start: float) -> None:
    """Against brute force: every floor/ceil combination of a concave exact sequence."""
    steps = np.array(falling_steps[::-1]) * 10
    exact = np.concatenate([[start], start + np.cumsum(steps)]) + 1000.3
    candidates, cost = candidate_hundredths(exact, 0)
    best = math.inf
    for picks in itertools.product(range(2), repeat=len(exact)):
        values = candidates[np.arange(len(exact)), picks]
        diffs = np.diff(values)
        if (diffs >= 0).all() and (np.diff(diffs) <= 0).all():
            best = min(best, cost[np.arange(len(exact)), picks].sum())
    chosen = concave_choices(candidates, cost)
    if math.isinf(best):
        assert chosen is None
    else:
        assert chosen is not None
        assert cost[np.arange(len(exact)), chosen].sum() == pytest.approx(best)
