"""Law 77 scores checked cell by cell against endplay, plus hand-checked classics."""

import itertools
from collections.abc import Sequence

import numpy as np
import pandas as pd
import pytest
from endplay.types import Contract, Denom, Penalty, Player, Vul

from pipeline.games.bridge.score import declarer_scores, impossible_score_mask, ns_scores

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades}
DENOMS["N"] = Denom.nt
PENALTIES = [Penalty.passed, Penalty.doubled, Penalty.redoubled]
LEVELS = range(1, 8)
TRICKS = range(14)
Cell = tuple[int, str, int, int, bool]  # level, strain, doubling, tricks, vulnerable


def endplay_score(level: int, strain: str, doubling: int, tricks: int, vulnerable: bool) -> int:
    """Declarer's score from endplay, an independent implementation of Law 77."""
    contract = Contract(
        level=level,
        denom=DENOMS[strain],
        declarer=Player.north,
        penalty=PENALTIES[doubling],
        result=tricks - level - 6,
    )
    return int(contract.score(Vul.both if vulnerable else Vul.none))


def scores_of(rows: Sequence[Cell]) -> pd.Series:
    frame = pd.DataFrame(rows, columns=["level", "strain", "doubling", "tricks", "vulnerable"])
    return declarer_scores(
        frame["level"].astype("Int64"),
        frame["strain"],
        frame["doubling"],
        frame["tricks"].astype("Int64"),
        frame["vulnerable"],
    )


@pytest.mark.parametrize(
    ("strain", "doubling", "vulnerable"), list(itertools.product("CDHSN", range(3), [False, True]))
)
def test_every_cell_of_law_77_matches_endplay(strain: str, doubling: int, vulnerable: bool) -> None:
    rows = [(level, strain, doubling, won, vulnerable) for level in LEVELS for won in TRICKS]
    got = scores_of(rows).tolist()
    expected = [endplay_score(*row) for row in rows]
    mismatches = [(row, g, e) for row, g, e in zip(rows, got, expected, strict=True) if g != e]
    assert not mismatches


def test_whole_table_has_2940_cells() -> None:
    rows = list(itertools.product(range(1, 8), "CDHSN", range(3), range(14), [False, True]))
    scores = scores_of([(lv, st, db, tr, vu) for lv, st, db, tr, vu in rows])
    assert len(scores) == 2940 and scores.notna().all()


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "tricks", "vulnerable", "score"),
    [
        (4, "S", 0, 10, False, 420),  # 4S=
        (4, "S", 0, 10, True, 620),
        (3, "N", 0, 10, True, 630),  # 3NT+1
        (3, "N", 0, 9, False, 400),
        (1, "N", 1, 5, True, -500),  # 1NTX-2
        (7, "N", 2, 13, True, 2980),  # 7NTXX=
        (4, "H", 1, 6, False, -800),  # 4HX-4
        (1, "C", 1, 7, False, 140),  # 40 + part score 50 + insult 50
        (2, "H", 1, 8, False, 470),  # doubled into game: 120 + 300 + 50
        (2, "S", 1, 9, True, 870),  # 120 + 500 + 50 + 200
        (1, "N", 2, 7, True, 760),  # 160 + 500 + 100
        (6, "C", 0, 12, False, 920),  # 120 + 300 + 500
        (7, "C", 0, 13, True, 2140),  # 140 + 500 + 1500
        (1, "N", 0, 13, False, 270),  # 40 + 50 + 6 x 30
        (2, "C", 0, 8, False, 90),
        (5, "D", 1, 8, False, -500),  # 100 + 200 + 200
        (5, "D", 1, 7, False, -800),  # fourth undertrick 300
        (3, "N", 0, 7, True, -200),
        (7, "N", 2, 0, True, -7600),  # 400 + 12 x 600
        (7, "N", 2, 0, False, -7000),  # 200 + 400 + 400 + 10 x 600
        (7, "N", 1, 0, True, -3800),
        (7, "N", 0, 0, False, -650),
        (3, "H", 2, 9, False, 760),  # 3 x 120 + 300 + 100
        (3, "H", 1, 9, False, 530),  # 180 + 300 + 50 (Law 77: 60 per doubled major)
    ],
)
def test_hand_checked_scores(
    level: int, strain: str, doubling: int, tricks: int, vulnerable: bool, score: int
) -> None:
    assert scores_of([(level, strain, doubling, tricks, vulnerable)]).iloc[0] == score


def test_passed_out_scores_zero_and_invalid_rows_are_na() -> None:
    scores = declarer_scores(
        pd.Series([None, 4, 4, 4, 8], dtype="Int64"),
        pd.Series([None, "S", "Z", "S", "S"], dtype=object),
        pd.Series([0, 0, 0, 3, 0]),
        pd.Series([None, 10, 10, 10, 10], dtype="Int64"),
        pd.Series([False, False, False, False, False]),
    )
    assert scores.iloc[0] == 0
    assert scores.iloc[1] == 420
    assert scores.iloc[2:].isna().all()
    assert str(scores.dtype) == "Int64"


def test_missing_tricks_or_vulnerability_is_na() -> None:
    scores = declarer_scores(
        pd.Series([4, 4], dtype="Int64"),
        pd.Series(["S", "S"]),
        pd.Series([0, 0]),
        pd.Series([None, 10], dtype="Int64"),
        pd.Series([False, None], dtype="boolean"),
    )
    assert scores.isna().all()


def test_ns_scores() -> None:
    declarer = pd.Series(["N", "S", "E", "W", None, None, "E"])
    score = pd.Series([420, -100, 620, -50, 0, None, None], dtype="Int64")
    got = ns_scores(score, declarer)
    assert got.iloc[:5].tolist() == [420, -100, -620, 50, 0]
    assert got.iloc[5:].isna().all()


def endplay_achievable_ns(vulnerable_ns: bool, vulnerable_ew: bool) -> set[int]:
    """Every NS score, from endplay: NS declaring, EW declaring, or passed out."""
    cells = list(itertools.product(range(1, 8), "CDHSN", range(3)))
    ns = {endplay_score(lv, st, db, tr, vulnerable_ns) for lv, st, db in cells for tr in range(14)}
    ew = {endplay_score(lv, st, db, tr, vulnerable_ew) for lv, st, db in cells for tr in range(14)}
    return ns | {-s for s in ew} | {0}


@pytest.mark.parametrize(("vul_ns", "vul_ew"), list(itertools.product([False, True], repeat=2)))
def test_impossible_mask_agrees_with_endplay(vul_ns: bool, vul_ew: bool) -> None:
    candidates = pd.Series(np.arange(-8000, 8010, 10))
    mask = impossible_score_mask(
        candidates, pd.Series(vul_ns, index=candidates.index), pd.Series(vul_ew, candidates.index)
    )
    achievable = endplay_achievable_ns(vul_ns, vul_ew)
    assert mask.tolist() == [int(s) not in achievable for s in candidates]


@pytest.mark.parametrize(
    ("score", "vul_ns", "vul_ew", "impossible"),
    [
        (420, True, False, True),  # vulnerable 4S= is 620
        (420, True, True, True),
        (420, False, True, False),
        (620, False, False, True),
        (620, True, False, False),
        (-50, True, True, True),  # only NS non-vulnerable one down undoubled gives -50
        (-50, True, False, True),
        (-50, False, True, False),
        (50, True, True, True),
        (50, False, False, False),
        (-1430, False, True, False),  # EW vulnerable 6S=
        (0, True, True, False),
        (425, False, False, True),
        (10, False, False, True),
    ],
)
def test_impossible_examples(score: int, vul_ns: bool, vul_ew: bool, impossible: bool) -> None:
    mask = impossible_score_mask(pd.Series([score]), pd.Series([vul_ns]), pd.Series([vul_ew]))
    assert bool(mask.iloc[0]) == impossible


def test_impossible_mask_is_false_where_anything_is_missing() -> None:
    mask = impossible_score_mask(
        pd.Series([None, 425, 425], dtype="Int64"),
        pd.Series([True, None, True], dtype="boolean"),
        pd.Series([True, True, None], dtype="boolean"),
    )
    assert mask.dtype == bool and not mask.any()
