"""Matchpoints (Law 78A), tops, Neuberg factoring and artificial adjusted scores."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.bridge.contracts import normalized_text
from pipeline.parsing import ordered_codes, value_codes
from schemas.bridge import AdjustedScore as A

AVERAGE_PERCENT: dict[str, float] = {"+": 60.0, "": 50.0, "-": 40.0}
# each side's part of an adjusted score, in the group named after that side's percentage
AVERAGE_PATTERN = rf"^A(?:VE|VG|V)?(?P<{A.ns_pct}>[+-]?)/A(?:VE|VG|V)?(?P<{A.ew_pct}>[+-]?)$"
PERCENT = r"[0-9]{1,3}(?:\.[0-9]+)?"
PERCENT_PATTERN = rf"^(?P<{A.ns_pct}>{PERCENT})%?/(?P<{A.ew_pct}>{PERCENT})%?$"
NOT_PLAYED_PATTERN = r"^(?:NP|N/P|NOTPLAYED)$"


def matchpoints(scores: pd.Series, board: pd.Series, scale: int = 2) -> pd.Series:
    """Matchpoints per result: `scale` per result beaten, scale/2 per tie, on the same board (`board`: the
    same rows as `scores`); NA where the score or the board is (`results_beaten`, tests: counted pair by
    pair)."""
    score = pd.to_numeric(scores).to_numpy(dtype="float64", na_value=np.nan) + 0.0  # -0.0 as 0.0
    group = value_codes(board)[0]
    scored = np.flatnonzero(~np.isnan(score) & (group >= 0))
    points = np.full(len(score), np.nan)
    points[scored] = scale * results_beaten(group[scored], score[scored])
    return pd.Series(points, index=scores.index)


def results_beaten(group: np.ndarray, score: np.ndarray) -> np.ndarray:
    """For each result, the results of its group with a lower score plus half the others with the same score,
    from one sort by group, then score: the results before its run of equal scores in its group, and half the
    rest of that run."""
    if not len(score):
        return np.zeros(0)
    place, places = ordered_codes(score)  # lowest first
    key = group.astype(np.int64) * places + place
    order = np.argsort(key, kind="stable")
    key, at = key[order], np.arange(len(order))
    run = np.concatenate([[True], key[1:] != key[:-1]])  # where a run of equal scores starts
    opens = np.concatenate([[True], group[order][1:] != group[order][:-1]])  # where a group starts
    before = np.maximum.accumulate(np.where(run, at, 0)) - np.maximum.accumulate(np.where(opens, at, 0))
    number = np.cumsum(run) - 1
    beaten = np.empty(len(order))
    beaten[order] = before + (np.bincount(number)[number] - 1) / 2
    return beaten


def result_counts(scores: pd.Series, board: pd.Series) -> pd.Series:
    """Number of scored (non-NA) results on each row's board."""
    counts = pd.to_numeric(scores).groupby(board, sort=False).transform("count")  # non-NA scores
    return counts.fillna(0).astype("int64")


def tops(board: pd.Series, scale: int = 2) -> pd.Series:
    """Top on each row's board: scale * (rows on the board - 1)."""
    size = board.groupby(board, sort=False).transform("size")
    return (size - 1) * scale


def neuberg(
    mp: pd.Series, n_results: pd.Series | int, n_expected: pd.Series | int, scale: int = 2
) -> pd.Series:
    """Neuberg-factored matchpoints: (MP + 1) * N / n - 1 on the 2-scale, scaled for others."""
    half_unit = scale / 2
    return (mp + half_unit) * n_expected / n_results - half_unit


def adjusted_score_parts(text: pd.Series) -> pd.DataFrame:
    """Typed adjusted scores (`AdjustedScore`: ns_pct, ew_pct, not_played, valid) from A+/A-, 60/40 or NP."""
    clean = normalized_text(text)
    averages = clean.str.extract(AVERAGE_PATTERN)
    percents = clean.str.extract(PERCENT_PATTERN)
    not_played = clean.str.fullmatch(NOT_PLAYED_PATTERN).fillna(False).astype(bool)
    ns = averages[A.ns_pct].map(AVERAGE_PERCENT).fillna(pd.to_numeric(percents[A.ns_pct]))
    ew = averages[A.ew_pct].map(AVERAGE_PERCENT).fillna(pd.to_numeric(percents[A.ew_pct]))
    in_range = ns.between(0, 100) & ew.between(0, 100)
    return pd.DataFrame(
        {
            A.ns_pct: ns.where(in_range).astype("float64"),
            A.ew_pct: ew.where(in_range).astype("float64"),
            A.not_played: not_played,
            A.valid: in_range | not_played,
            A.averaged: averages[A.ns_pct].notna() & in_range,
        },
        index=text.index,
    )


def adjusted_matchpoints(pct: pd.Series, full_top: pd.Series | float) -> pd.Series:
    """Matchpoints for an artificial adjusted score: pct of the board's full top."""
    return pd.Series(pct, dtype="float64") * full_top / 100
