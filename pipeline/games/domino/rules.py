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


def counts_with_forfeit_defaults(m: pd.DataFrame, best_of_three: bool = False) -> pd.DataFrame:
    """Counts where a forfeit's blank pips read as the target for the winner and 0 for the loser (best of
    three: twice the target, and blank games as 2 to 0)."""
    forfeit = m[M.ended].eq(ENDED_FORFEIT)
    out = m.copy()
    if not forfeit.any():  # no forfeit: no count to fill
        return out
    games_to_win = 2 if best_of_three else 1
    for side in ("A", "B"):
        col = M.a_count if side == "A" else M.b_count
        blank = forfeit & out[col].isna()
        fill = np.where(out[M.winner].eq(side), out[M.target] * games_to_win, 0)
        out[col] = out[col].mask(blank, pd.Series(fill, index=out.index))
        if best_of_three and M.a_games in out:
            games = M.a_games if side == "A" else M.b_games
            won = pd.Series(np.where(out[M.winner].eq(side), 2, 0), index=out.index)
            out[games] = out[games].mask(forfeit & out[games].isna(), won)
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


def points_awarded(loser_count: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Points to the winner by the loser's count L: 0 -> 3, 1..T/2 -> 2, more -> 1."""
    return np.select([loser_count == 0, 2 * loser_count <= target], [3, 2], default=1).astype("int64")


def games_winners(m: pd.DataFrame) -> pd.Series:
    """The winning side of each best-of-three match: the side with 2 games (a forfeit: the Winner named)."""
    by_games = np.where(m[M.a_games].fillna(0).to_numpy() == 2, "A", "B")
    winner = np.where(m[M.ended].eq(ENDED_FORFEIT), m[M.winner].fillna(""), by_games)
    return pd.Series(winner, index=m.index, name=M.winner, dtype="str")


def sanctioned_winners(
    winner: pd.Series, a: np.ndarray, b: np.ndarray, a_off: np.ndarray, b_off: np.ndarray
) -> pd.Series:
    """The winners once sanctions come off the counts (Sanction = result): where a match's sides lose pips
    (`a_off`, `b_off`), the side with more pips left wins; level, the side that lost fewer; still level, the
    winner before. A match without a sanction keeps its winner."""
    level = np.where(a_off < b_off, "A", np.where(b_off < a_off, "B", winner))
    after = np.where(a > b, "A", np.where(b > a, "B", level))
    return pd.Series(np.where((a_off + b_off) > 0, after, winner), index=winner.index, dtype="str")


def side_results(
    m: pd.DataFrame, off: pd.DataFrame | None = None, best_of_three: bool = False
) -> pd.DataFrame:
    """Two rows per match, side A then side B, with the figures each player of the side receives. `off` is
    the pips each side loses in the match (Sanction = result: columns A and B, by match); `best_of_three`:
    the games decide (docs/domino-rules.md, "Conventions of associations")."""
    m = counts_with_forfeit_defaults(m, best_of_three)
    winner = games_winners(m) if best_of_three else match_winners(m)
    zero = np.zeros(len(m), dtype="int64")
    a_off = zero if off is None else off["A"].reindex(m.index, fill_value=0).to_numpy(dtype="int64")
    b_off = zero if off is None else off["B"].reindex(m.index, fill_value=0).to_numpy(dtype="int64")
    a = np.maximum(m[M.a_count].to_numpy(dtype="int64") - a_off, 0)
    b = np.maximum(m[M.b_count].to_numpy(dtype="int64") - b_off, 0)
    if not best_of_three:  # a forfeit stays the named winner's; best of three: the games decide
        forfeit = m[M.ended].eq(ENDED_FORFEIT).to_numpy(dtype=bool)
        winner = sanctioned_winners(winner, a, b, np.where(forfeit, 0, a_off), np.where(forfeit, 0, b_off))
    a_won = winner.eq("A").to_numpy(dtype=bool)
    win_count, lose_count = np.where(a_won, a, b), np.where(a_won, b, a)
    target = m[M.target].to_numpy(dtype="int64")
    points = points_awarded(lose_count, target)
    if best_of_three:  # the sums as typed; points by the loser's games: 3 at 2-0, 2 at 2-1 (a bye: as above)
        win_for = win_count
        a_games, b_games = (m[c].fillna(0).to_numpy(dtype="int64") for c in (M.a_games, M.b_games))
        points = np.where(m[M.bye].to_numpy(dtype=bool), points, 3 - np.where(a_won, b_games, a_games))
    else:
        win_for = np.minimum(win_count, target)  # the winner is credited the target
    return sides_frame(m, a_won, points, win_for, lose_count)


def sides_frame(
    m: pd.DataFrame, a_won: np.ndarray, points: np.ndarray, win_for: np.ndarray, lose_count: np.ndarray
) -> pd.DataFrame:
    """The side results of each match (by its winner's figures), side A then side B, in match order."""
    won = np.concatenate([a_won, ~a_won])  # side A's rows, then side B's
    side = np.repeat(np.array([0, 1]), len(m))
    match = np.tile(m.index.to_numpy(dtype="int64"), 2)
    order = np.lexsort((side, match))  # by match, A before B (stable, as `sort_values` sorts)
    both = {
        S.match: match,
        S.round: np.tile(m[M.round].to_numpy(dtype="int64"), 2),
        S.side: np.array(["A", "B"], dtype=object)[side],
        S.won: won,
        S.points: np.where(won, np.tile(points, 2), 0),
        S.match_points: won.astype("int64"),
        S.pips_for: np.where(won, np.tile(win_for, 2), np.tile(lose_count, 2)),
        S.pips_against: np.where(won, np.tile(lose_count, 2), np.tile(win_for, 2)),
    }
    frame = pd.DataFrame({name: values[order] for name, values in both.items()})
    return frame.astype({S.side: "str"})
