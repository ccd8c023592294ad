"""IMP table (Law 78B), cross-IMPs and Butler."""

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.games.bridge.imps import butler_datum, butler_imps, cross_imps, imps_from_difference

# The seed's table, band by band: (from, to, IMPs); None = "以上" (and above).
SEED_TABLE = [
    (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, None, 24),
]  # fmt: skip


def seed_imps(diff: int) -> int:
    """IMPs by reading the seed table; a difference between two bands takes the lower band."""
    size = abs(diff)
    below = [imps for low, _, imps in SEED_TABLE if low <= size]
    return (max(below) if below else 0) * (1 if diff >= 0 else -1)


def test_seed_table_bands_are_contiguous_in_tens() -> None:
    for (_, high, _), (low, _, _) in zip(SEED_TABLE, SEED_TABLE[1:], strict=False):
        assert high is not None and low == high + 10


@pytest.mark.parametrize(("low", "high", "imps"), SEED_TABLE)
def test_every_band_edge(low: int, high: int | None, imps: int) -> None:
    above = [10_000, 100_000] if high is None else [high, high + 1, high + 9]
    got = imps_from_difference(pd.Series([low - 1, low, low + 1, *above])).tolist()
    assert got == [imps - 1, imps, imps] + [imps] * len(above)


def test_classic_values() -> None:
    diffs = [0, 10, 19, 20, 40, 41, 45, 49, 50, 125, 3990, 4000, 10000]
    assert imps_from_difference(pd.Series(diffs)).tolist() == [
        0, 0, 0, 1, 1, 1, 1, 1, 2, 3, 23, 24, 24
    ]  # fmt: skip


def test_every_difference_up_to_5000_matches_the_seed_table() -> None:
    diffs = pd.Series(range(-5000, 5001))
    assert imps_from_difference(diffs).tolist() == [seed_imps(d) for d in diffs]


@settings(deadline=None)
@given(st.integers(min_value=-20000, max_value=20000))
def test_symmetry(diff: int) -> None:
    got = imps_from_difference(pd.Series([diff, -diff]))
    assert got.iloc[0] == -got.iloc[1]


def test_missing_difference_is_na() -> None:
    got = imps_from_difference(pd.Series([None, 50], dtype="Int64"))
    assert pd.isna(got.iloc[0]) and got.iloc[1] == 2


board_scores = st.lists(
    st.lists(st.integers(-300, 300).map(lambda s: s * 10), min_size=1, max_size=10),
    min_size=1,
    max_size=4,
)


def frame_of(boards: list[list[int]]) -> pd.DataFrame:
    rows = [(b, s) for b, scores in enumerate(boards) for s in scores]
    return pd.DataFrame(rows, columns=["board", "score"])


@settings(deadline=None)
@given(board_scores)
def test_cross_imps_sum_to_zero_on_every_board(boards: list[list[int]]) -> None:
    frame = frame_of(boards)
    got = cross_imps(frame["score"], frame["board"])
    assert got.groupby(frame["board"]).sum().abs().max() == pytest.approx(0, abs=1e-9)


@settings(deadline=None)
@given(board_scores)
def test_cross_imps_agree_with_pairwise_counting(boards: list[list[int]]) -> None:
    frame = frame_of(boards)
    expected = [
        0.0
        if len(scores) == 1
        else sum(seed_imps(s - o) for j, o in enumerate(scores) if j != i) / (len(scores) - 1)
        for scores in boards
        for i, s in enumerate(scores)
    ]
    assert cross_imps(frame["score"], frame["board"]).tolist() == pytest.approx(expected)


def test_cross_imps_single_result_and_missing_scores() -> None:
    scores = pd.Series([420, 420, None, -50], index=[5, 6, 7, 8], dtype="Int64")
    got = cross_imps(scores, pd.Series([1, 2, 2, 2], index=[5, 6, 7, 8]))
    assert got.loc[5] == 0
    assert got.loc[6] == 10 and got.loc[8] == -10
    assert pd.isna(got.loc[7])


def test_butler_published_example() -> None:
    scores = pd.Series([450, 420, -800, -50, 420, 420])
    board = pd.Series([3] * 6)
    datum = butler_datum(scores, board)
    assert datum.tolist() == [300] * 6
    assert butler_imps(scores, datum).tolist() == [4, 3, -15, -8, 3, 3]


def test_butler_datum_rounds_halves_away_from_zero() -> None:
    scores = pd.Series([-5, -10, 15, 25, 30, 35, 40, 50])
    board = pd.Series([1, 1, 2, 3, 3, 4, 4, 4])
    # board 1: -7.5 -> -10; board 2: 15 -> 20; board 3: 27.5 -> 30; board 4 drops 35 and 50
    assert butler_datum(scores, board).tolist() == [-10, -10, 20, 30, 30, 40, 40, 40]


def test_butler_small_boards_use_every_score() -> None:
    scores = pd.Series([100, 200, 600, 1000])
    board = pd.Series([1, 1, 2, 2])
    assert butler_datum(scores, board).tolist() == [150, 150, 800, 800]


def test_butler_drop_two() -> None:
    scores = pd.Series([1000, 500, 400, 300, 200, 100, -1000])
    datum = butler_datum(scores, pd.Series([1] * 7), drop=2)
    assert datum.tolist() == [300] * 7  # mean of 400, 300, 200


def test_butler_ignores_missing_scores() -> None:
    scores = pd.Series([450, 420, -800, -50, 420, 420, None], dtype="Int64")
    datum = butler_datum(scores, pd.Series([3] * 7))
    assert datum.tolist() == [300] * 7
    assert pd.isna(butler_imps(scores, datum).iloc[6])
