"""Law 77 scores for the declaring side, NS scores, and impossible-score checks."""

from __future__ import annotations

from functools import cache

import numpy as np
import pandas as pd

from schemas.bridge import Contract as K
from schemas.bridge import TypedResult as T

STRAIN_CODES: dict[str, int] = {"C": 0, "D": 1, "H": 2, "S": 3, "N": 4}
TRICK_VALUE = np.array([20, 20, 30, 30, 30])  # per odd trick, undoubled
FIRST_TRICK_EXTRA = np.array([0, 0, 0, 0, 10])  # notrump: 40 for the first odd trick
DOUBLING_FACTOR = np.array([1, 2, 4])
INSULT = np.array([0, 50, 100])
DOUBLED_OVERTRICK = np.array([[0, 100, 200], [0, 200, 400]])  # [vulnerable, doubling]
GAME_BONUS = np.array([300, 500])  # [vulnerable]
PART_SCORE_BONUS = 50
SLAM_BONUS = np.array([[0, 0], [500, 750], [1000, 1500]])  # [none/small/grand, vulnerable]


def undertrick_penalties() -> np.ndarray:
    """Cumulative undertrick penalties indexed [vulnerable, doubling, undertricks 0-13]."""
    each = np.zeros((2, 3, 14), dtype=np.int64)
    each[0, 0, 1:] = 50
    each[0, 1, 1:] = [100, 200, 200] + [300] * 10
    each[1, 0, 1:] = 100
    each[1, 1, 1:] = [200] + [300] * 12
    each[:, 2] = 2 * each[:, 1]
    return np.cumsum(each, axis=2)


UNDERTRICK_PENALTIES = undertrick_penalties()


def float_values(values: pd.Series) -> np.ndarray:
    """Values as a float64 array, NaN where missing or not numeric."""
    numbers = pd.to_numeric(pd.Series(values), errors="coerce").astype("Float64")
    return numbers.to_numpy(dtype="float64", na_value=np.nan)


def trick_scores(level: np.ndarray, strain: np.ndarray, doubling: np.ndarray) -> np.ndarray:
    """Trick score for the odd tricks bid and made (strain coded 0-4 as C D H S N)."""
    return DOUBLING_FACTOR[doubling] * (level * TRICK_VALUE[strain] + FIRST_TRICK_EXTRA[strain])


def made_contract_scores(
    level: np.ndarray, strain: np.ndarray, doubling: np.ndarray, over: np.ndarray, vul: np.ndarray
) -> np.ndarray:
    """Declarer's score for a contract made with `over` (>= 0) overtricks."""
    trick_score = trick_scores(level, strain, doubling)
    overtrick_value = np.where(doubling == 0, TRICK_VALUE[strain], DOUBLED_OVERTRICK[vul, doubling])
    return (
        trick_score
        + np.where(trick_score >= 100, GAME_BONUS[vul], PART_SCORE_BONUS)
        + SLAM_BONUS[np.clip(level - 5, 0, 2), vul]
        + INSULT[doubling]
        + over * overtrick_value
    )


def coded(text: pd.Series, codes: dict[str, int]) -> np.ndarray:
    """Float codes for a column of a few distinct words (NaN for others), mapped once per distinct word."""
    position, distinct = pd.factorize(text, use_na_sentinel=True)
    lookup = np.array([codes.get(str(w), np.nan) for w in distinct] + [np.nan], dtype="float64")
    return lookup[np.where(position < 0, len(distinct), position)]


def declarer_scores(
    level: pd.Series,
    strain: pd.Series,
    doubling: pd.Series,
    tricks: pd.Series,
    vulnerable: pd.Series,
) -> pd.Series:
    """Law 77 score for the declaring side (Int64): 0 when passed out, NA when inputs are bad."""
    raw = [
        float_values(level),
        coded(pd.Series(strain), STRAIN_CODES),
        float_values(doubling),
        float_values(tricks),
        float_values(vulnerable),
    ]
    allowed = [np.arange(1, 8), np.arange(5), np.arange(3), np.arange(14), np.arange(2)]
    usable = np.logical_and.reduce([np.isin(a, ok) for a, ok in zip(raw, allowed, strict=True)])
    lvl, st, dbl, won, vul = (np.where(usable, a, 1).astype(np.int64) for a in raw)
    over = won - lvl - 6
    made = made_contract_scores(lvl, st, dbl, np.maximum(over, 0), vul)
    defeated = -UNDERTRICK_PENALTIES[vul, dbl, np.clip(-over, 0, 13)]
    passed = np.isnan(raw[0])
    score = np.where(passed, 0, np.where(over >= 0, made, defeated))
    return pd.Series(score, index=pd.Series(level).index, dtype="Int64").where(passed | usable)


def ns_scores(declarer_score: pd.Series, declarer: pd.Series) -> pd.Series:
    """Score from North-South's side: +score if N or S declared, -score if E or W, 0 if passed."""
    score = pd.Series(declarer_score).astype("Int64")
    sign = pd.Series(coded(pd.Series(declarer), {"N": 1, "S": 1, "E": -1, "W": -1})).astype("Int64")
    signed = score * sign.set_axis(score.index)
    return signed.mask(score.eq(0).fillna(False).astype(bool), 0)


@cache
def achievable_declarer_scores(vulnerable: bool) -> np.ndarray:
    """Every distinct Law 77 declarer score on this vulnerability, and 0 (passed out)."""
    grid = pd.MultiIndex.from_product(
        [range(1, 8), list(STRAIN_CODES), range(3), range(14)],
        names=[K.level, K.strain, K.doubling, T.tricks],
    ).to_frame(index=False)
    scores = declarer_scores(
        grid[K.level],
        grid[K.strain],
        grid[K.doubling],
        grid[T.tricks],
        pd.Series(vulnerable, index=grid.index),
    )
    return np.union1d(scores.to_numpy(dtype=np.int64), [0])


@cache
def achievable_ns_scores(vulnerable_ns: bool, vulnerable_ew: bool) -> np.ndarray:
    """Every NS score Law 77 allows when NS and EW have this vulnerability."""
    ns_declaring = achievable_declarer_scores(vulnerable_ns)
    ew_declaring = achievable_declarer_scores(vulnerable_ew)
    return np.union1d(ns_declaring, -ew_declaring)


def impossible_score_mask(
    ns_score: pd.Series, vulnerable_ns: pd.Series, vulnerable_ew: pd.Series
) -> pd.Series:
    """True where a typed NS score cannot occur on that vulnerability (False where anything NA)."""
    score = pd.Series(float_values(ns_score), index=ns_score.index)
    ns = float_values(vulnerable_ns)
    ew = float_values(vulnerable_ew)
    mask = pd.Series(False, index=ns_score.index)
    for ns_vul in (False, True):
        for ew_vul in (False, True):
            rows = (ns == ns_vul) & (ew == ew_vul) & score.notna().to_numpy()
            mask[rows] = ~score[rows].isin(achievable_ns_scores(ns_vul, ew_vul))
    return mask
