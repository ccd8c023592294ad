"""Per-match rules: winner, points 3/2/1/0, match points, pips (or hands) for and against.

Input is the typed `schemas.domino.Match` frame; `a_count`/`b_count` are pips (mode `points`)
or hands (mode `run_out`): every rule below is the same for both.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from schemas.domino import ENDED_FORFEIT, ENDED_TARGET, ENDED_TIME
from schemas.domino import Match as M
from schemas.domino import SideResult as S


def counts_with_forfeit_defaults(m: pd.DataFrame) -> pd.DataFrame:
    """Counts where a forfeit's blank pips read as the target for the winner and 0 for the loser."""
    forfeit = m[M.ended].eq(ENDED_FORFEIT)
    out = m.copy()
    for side in ("A", "B"):
        col = M.a_count if side == "A" else M.b_count
        blank = forfeit & out[col].isna()
        fill = np.where(out[M.winner].eq(side), out[M.target], 0)
        out[col] = out[col].mask(blank, pd.Series(fill, index=out.index))
    return out


def match_winners(m: pd.DataFrame) -> pd.Series:
    """The winning side, A or B, of each match (target reached, more pips at time, or named)."""
    a, b, t = m[M.a_count], m[M.b_count], m[M.target]
    by_target = np.where(a >= t, "A", "B")
    by_score = np.where(a > b, "A", np.where(b > a, "B", m[M.winner].fillna("")))
    ended = m[M.ended]
    winner = np.select(
        [ended.eq(ENDED_TARGET), ended.eq(ENDED_TIME), ended.eq(ENDED_FORFEIT)],
        [by_target, by_score, m[M.winner].fillna("")],
        default="",
    )
    return pd.Series(winner, index=m.index, name=M.winner, dtype="str")


def points_awarded(loser_count: pd.Series, target: pd.Series) -> pd.Series:
    """Points to the winner by the loser's count L: 0 -> 3, 1..T/2 -> 2, more -> 1."""
    points = np.select([loser_count.eq(0), 2 * loser_count <= target], [3, 2], default=1)
    return pd.Series(points, index=loser_count.index, dtype="int64")


def side_results(m: pd.DataFrame) -> pd.DataFrame:
    """Two rows per match, side A then side B, with the figures each player of the side receives."""
    m = counts_with_forfeit_defaults(m)
    winner = match_winners(m)
    a_won = winner.eq("A")
    win_count = m[M.a_count].where(a_won, m[M.b_count]).astype("int64")
    lose_count = m[M.b_count].where(a_won, m[M.a_count]).astype("int64")
    target = m[M.target].astype("int64")
    win_for = win_count.where(win_count <= target, target)  # the winner is credited the target
    points = points_awarded(lose_count, target)
    match_no = pd.Series(m.index, index=m.index, dtype="int64")

    def side(name: str, won: pd.Series) -> pd.DataFrame:
        return pd.DataFrame(
            {
                S.match: match_no,
                S.round: m[M.round].astype("int64"),
                S.side: name,
                S.won: won,
                S.points: points.where(won, 0),
                S.match_points: won.astype("int64"),
                S.pips_for: win_for.where(won, lose_count),
                S.pips_against: lose_count.where(won, win_for),
            }
        )

    both = pd.concat([side("A", a_won), side("B", ~a_won)])
    return both.sort_values([S.match, S.side], kind="stable").reset_index(drop=True)
