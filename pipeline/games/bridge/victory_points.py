"""WBF 2013 continuous 20-point victory-point scale, rounded and repaired like WBF tables."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from schemas.bridge import VictoryPoints as VP
from schemas.bridge import VpScale as W

GOLDEN = (math.sqrt(5) - 1) / 2
MOVED_COST = 1_000_000.0  # moving a value off its plain rounding costs more than any distance


def blowout_margin(boards: int) -> float:
    """Margin B = 15 * sqrt(boards) at and beyond which the winner gets 20 VP."""
    return 15 * math.sqrt(boards)


def exact_winner_hundredths(margin: np.ndarray, boards: int) -> np.ndarray:
    """Unrounded winner VPs in hundredths: 10 + 10 (1 - t^(3M/B)) / (1 - t^3), M capped at B."""
    ratio = np.minimum(np.abs(margin) / blowout_margin(boards), 1.0)
    vp = 10 + 10 * (1 - GOLDEN ** (3 * ratio)) / (1 - GOLDEN**3)
    return np.where(ratio >= 1, 2000.0, np.where(ratio == 0, 1000.0, 100 * vp))


def candidate_hundredths(exact: np.ndarray, widen: int) -> tuple[np.ndarray, np.ndarray]:
    """Candidate values per margin (floor - widen .. floor + 1 + widen) and their costs."""
    candidates = np.floor(exact)[:, None] + np.arange(-widen, widen + 2)[None, :]
    nearest = np.floor(exact + 0.5)[:, None]
    cost = np.abs(candidates - nearest) * MOVED_COST + np.abs(candidates - exact[:, None])
    pinned = (exact == 1000) | (exact == 2000)  # 10.00 and 20.00 are exact and never move
    return candidates, np.where(pinned[:, None] & (candidates != nearest), np.inf, cost)


def concave_choices(candidates: np.ndarray, cost: np.ndarray) -> np.ndarray | None:
    """Cheapest candidate column per margin giving non-decreasing, concave values, or None."""
    v = candidates
    step = v[1][None, :] - v[0][:, None]  # best[a, b]: a chosen at i - 1, b chosen at i
    best = np.where(step >= 0, cost[0][:, None] + cost[1][None, :], np.inf)
    back = []
    for i in range(1, len(v) - 1):  # a loop over the margins of one table, not over results
        previous = (v[i][None, :] - v[i - 1][:, None])[:, :, None]  # [a, b, 1]
        following = (v[i + 1][None, :] - v[i][:, None])[None, :, :]  # [1, b, c]
        ok = (following >= 0) & (following <= previous)
        total = np.where(ok, best[:, :, None], np.inf) + cost[i + 1][None, None, :]
        back.append(np.argmin(total, axis=0))
        best = np.min(total, axis=0)
    if not np.isfinite(best).any():
        return None
    a, b = np.unravel_index(np.argmin(best), best.shape)
    chosen = [int(b), int(a)]
    for pointers in reversed(back):
        chosen.append(int(pointers[chosen[-1], chosen[-2]]))
    return np.array(chosen[::-1])


def repaired_hundredths(exact: np.ndarray) -> np.ndarray:
    """Integer hundredths nearest `exact` that are non-decreasing with steps never growing."""
    for widen in range(int(exact.max())):  # widen only if floor/ceil cannot be made concave
        candidates, cost = candidate_hundredths(exact, widen)
        chosen = concave_choices(candidates, cost)
        if chosen is not None:
            return candidates[np.arange(len(exact)), chosen].astype(np.int64)
    raise ValueError("no concave victory-point table exists")  # unreachable: linear fits


def vp_table(boards: int) -> pd.DataFrame:
    """WBF 20-VP table for a match of `boards` (`VpScale`): whole-IMP margins 0..ceil(B), winner and loser."""
    if boards < 1:
        raise ValueError(f"a match has at least 1 board, got {boards}")
    margin = np.arange(math.ceil(blowout_margin(boards)) + 1)
    winner = repaired_hundredths(exact_winner_hundredths(margin, boards))
    loser = 2000 - winner
    return pd.DataFrame({W.margin: margin, W.winner_vp: winner / 100, W.loser_vp: loser / 100})


def victory_points(margin: pd.Series, boards: int) -> pd.DataFrame:
    """`VictoryPoints`: vp (the side whose signed IMP margin is given) and opponent_vp; NA if not whole."""
    table = vp_table(boards)
    imps = pd.to_numeric(margin, errors="coerce").astype("Float64")
    whole = (imps % 1 == 0).fillna(False).astype(bool)
    size = imps.abs().clip(upper=table[W.margin].iloc[-1]).where(whole).fillna(0)
    position = size.astype("int64").to_numpy()
    won = (imps >= 0).fillna(True).astype(bool).to_numpy()
    winner = table[W.winner_vp].to_numpy()[position]
    loser = table[W.loser_vp].to_numpy()[position]
    return pd.DataFrame(
        {VP.vp: np.where(won, winner, loser), VP.opponent_vp: np.where(won, loser, winner)},
        index=margin.index,
    ).where(whole)
