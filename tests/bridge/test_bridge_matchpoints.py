"""Matchpoints (Law 78A), Neuberg factoring and artificial adjusted scores."""

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.games.bridge.matchpoints import (
    adjusted_matchpoints,
    adjusted_score_parts,
    matchpoints,
    neuberg,
    result_counts,
    tops,
)

NEUBERG_SCORES = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
NEUBERG_EXPECTED = [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]

boards_of_scores = st.lists(
    st.lists(st.sampled_from([-200, -100, -50, 0, 50, 90, 110, 420, 450]), min_size=1, max_size=12),
    min_size=1,
    max_size=5,
)


def frame_of(boards: list[list[int]]) -> pd.DataFrame:
    rows = [(b, s) for b, scores in enumerate(boards) for s in scores]
    return pd.DataFrame(rows, columns=["board", "score"])


def brute_force_mp(scores: list[int], scale: int) -> list[float]:
    """scale per score beaten, scale/2 per tie, counted pair by pair."""
    return [
        sum(scale * (s > o) + scale / 2 * (s == o) for j, o in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]


def test_published_example() -> None:
    mp = matchpoints(pd.Series([90, 0, -50, -50]), pd.Series([1, 1, 1, 1]))
    assert mp.tolist() == [6, 4, 1, 1]


def test_published_example_on_the_one_scale() -> None:
    mp = matchpoints(pd.Series([90, 0, -50, -50]), pd.Series([1, 1, 1, 1]), scale=1)
    assert mp.tolist() == [3, 2, 0.5, 0.5]


def test_boards_are_scored_separately_and_keys_may_be_tuples() -> None:
    board = pd.Series([("A", 1), ("A", 1), ("B", 1), ("B", 1), ("A", 1)])
    mp = matchpoints(pd.Series([100, 50, 50, 100, 50]), board)
    assert mp.tolist() == [4, 1, 0, 2, 1]


def test_missing_scores_are_left_out_of_the_comparison() -> None:
    scores = pd.Series([90, None, 0, -50], dtype="Int64")
    board = pd.Series([1, 1, 1, 1])
    mp = matchpoints(scores, board)
    assert mp.iloc[[0, 2, 3]].tolist() == [4, 2, 0]
    assert pd.isna(mp.iloc[1])
    assert result_counts(scores, board).tolist() == [3, 3, 3, 3]


def test_tops() -> None:
    board = pd.Series([1, 1, 1, 2, 2, 3])
    assert tops(board).tolist() == [4, 4, 4, 2, 2, 0]
    assert tops(board, scale=1).tolist() == [2, 2, 2, 1, 1, 0]


@settings(deadline=None)
@given(boards_of_scores, st.sampled_from([1, 2]))
def test_matchpoints_agree_with_pairwise_counting(boards: list[list[int]], scale: int) -> None:
    frame = frame_of(boards)
    mp = matchpoints(frame["score"], frame["board"], scale)
    expected = [m for scores in boards for m in brute_force_mp(scores, scale)]
    assert mp.tolist() == pytest.approx(expected)


@settings(deadline=None)
@given(boards_of_scores, st.sampled_from([1, 2]))
def test_matchpoint_sums_and_bounds(boards: list[list[int]], scale: int) -> None:
    frame = frame_of(boards)
    mp = matchpoints(frame["score"], frame["board"], scale)
    n = frame.groupby("board")["score"].size()
    expected = (scale * n * (n - 1) / 2).tolist()
    assert mp.groupby(frame["board"]).sum().tolist() == pytest.approx(expected)
    assert (mp >= 0).all()
    assert (mp <= scale * (frame["board"].map(n) - 1)).all()


@settings(deadline=None)
@given(boards_of_scores, st.sampled_from([1, 2]))
def test_ns_and_ew_matchpoints_add_up_to_the_top(boards: list[list[int]], scale: int) -> None:
    frame = frame_of(boards)
    ns = matchpoints(frame["score"], frame["board"], scale)
    ew = matchpoints(-frame["score"], frame["board"], scale)
    assert (ns + ew).tolist() == tops(frame["board"], scale).tolist()


def test_neuberg_published_example() -> None:
    scores = pd.Series(NEUBERG_SCORES)
    board = pd.Series([7] * 10)
    mp = matchpoints(scores, board)
    factored = neuberg(mp, result_counts(scores, board), 11)
    assert factored.round(1).tolist() == NEUBERG_EXPECTED
    assert factored.tolist() == pytest.approx(NEUBERG_EXPECTED)


def test_neuberg_on_the_one_scale_is_half_the_two_scale() -> None:
    scores = pd.Series(NEUBERG_SCORES)
    board = pd.Series([7] * 10)
    mp = matchpoints(scores, board, scale=1)
    factored = neuberg(mp, 10, 11, scale=1)
    assert factored.tolist() == pytest.approx([v / 2 for v in NEUBERG_EXPECTED])


@settings(deadline=None)
@given(boards_of_scores, st.sampled_from([1, 2]))
def test_neuberg_with_all_results_is_the_identity(boards: list[list[int]], scale: int) -> None:
    frame = frame_of(boards)
    mp = matchpoints(frame["score"], frame["board"], scale)
    n = result_counts(frame["score"], frame["board"])
    assert neuberg(mp, n, n, scale).tolist() == pytest.approx(mp.tolist())


@settings(deadline=None)
@given(boards_of_scores)
def test_neuberg_keeps_the_full_top_sum(boards: list[list[int]]) -> None:
    """n factored results plus an average (N - 1) for the missing one total N(N - 1)."""
    frame = frame_of(boards)
    mp = matchpoints(frame["score"], frame["board"])
    n = result_counts(frame["score"], frame["board"])
    big_n = n + 1
    factored = neuberg(mp, n, big_n)
    # the missing result would have scored the average (N - 1) on the 2-scale
    total = factored.groupby(frame["board"]).sum() + (big_n - 1).groupby(frame["board"]).first()
    expected = (big_n * (big_n - 1)).groupby(frame["board"]).first()
    assert total.tolist() == pytest.approx(expected.tolist())


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("A+/A-", 60, 40),
        ("A/A", 50, 50),
        ("A-/A+", 40, 60),
        ("A+/A+", 60, 60),
        ("A-/A-", 40, 40),
        ("A/A-", 50, 40),
        ("A+/A", 60, 50),
        ("a- / a", 40, 50),
        ("Ave+/Ave-", 60, 40),
        ("60/40", 60, 40),
        ("60%/40%", 60, 40),
        ("55.5/44.5", 55.5, 44.5),
        ("0/100", 0, 100),
    ],
)
def test_adjusted_scores(text: str, ns: float, ew: float) -> None:
    row = adjusted_score_parts(pd.Series([text])).iloc[0]
    assert (row["ns_pct"], row["ew_pct"]) == (ns, ew)
    assert bool(row["valid"]) and not bool(row["not_played"])


@pytest.mark.parametrize("text", ["NP", "np", "N/P"])
def test_not_played(text: str) -> None:
    row = adjusted_score_parts(pd.Series([text])).iloc[0]
    assert bool(row["valid"]) and bool(row["not_played"])
    assert pd.isna(row["ns_pct"]) and pd.isna(row["ew_pct"])


@pytest.mark.parametrize("text", ["", None, "A+", "B/A", "101/0", "60-40", "A++/A", "x"])
def test_bad_adjusted_scores(text: str | None) -> None:
    row = adjusted_score_parts(pd.Series([text], dtype=object)).iloc[0]
    assert not bool(row["valid"]) and not bool(row["not_played"])
    assert pd.isna(row["ns_pct"]) and pd.isna(row["ew_pct"])


def test_adjusted_matchpoints_are_a_share_of_the_full_top() -> None:
    # 12 tables expected: full top 22 on the 2-scale; A+ = 60 % of it
    got = adjusted_matchpoints(pd.Series([60.0, 50.0, 40.0]), 22)
    assert got.tolist() == pytest.approx([13.2, 11.0, 8.8])
