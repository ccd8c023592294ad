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
    games_to_win = 2 if best_of_three else 1
    out = m.copy()
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


def points_awarded(loser_count: pd.Series, target: pd.Series) -> pd.Series:
    """Points to the winner by the loser's count L: 0 -> 3, 1..T/2 -> 2, more -> 1."""
    points = np.select([loser_count.eq(0), 2 * loser_count <= target], [3, 2], default=1)
    return pd.Series(points, index=loser_count.index, dtype="int64")


def games_winners(m: pd.DataFrame) -> pd.Series:
    """The winning side of each best-of-three match: the side with 2 games (a forfeit: the Winner named)."""
    by_games = np.where(m[M.a_games].fillna(0).to_numpy() == 2, "A", "B")
    winner = np.where(m[M.ended].eq(ENDED_FORFEIT), m[M.winner].fillna(""), by_games)
    return pd.Series(winner, index=m.index, name=M.winner, dtype="str")


def sanctioned_winners(
    winner: pd.Series, a: pd.Series, b: pd.Series, a_off: pd.Series, b_off: pd.Series
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
    zero = pd.Series(0, index=m.index, dtype="int64")
    a_off = zero if off is None else off["A"].reindex(m.index, fill_value=0).astype("int64")
    b_off = zero if off is None else off["B"].reindex(m.index, fill_value=0).astype("int64")
    a = (m[M.a_count].astype("int64") - a_off).clip(lower=0)
    b = (m[M.b_count].astype("int64") - b_off).clip(lower=0)
    if not best_of_three:  # a forfeit stays the named winner's; best of three: the games decide
        forfeit = m[M.ended].eq(ENDED_FORFEIT)
        winner = sanctioned_winners(winner, a, b, a_off.mask(forfeit, 0), b_off.mask(forfeit, 0))
    a_won = winner.eq("A")
    win_count = a.where(a_won, b).astype("int64")
    lose_count = b.where(a_won, a).astype("int64")
    target = m[M.target].astype("int64")
    points = points_awarded(lose_count, target)
    if best_of_three:  # the sums as typed; points by the loser's games: 3 at 2-0, 2 at 2-1 (a bye: as above)
        win_for = win_count
        lose_games = m[M.b_games].where(a_won, m[M.a_games]).fillna(0).astype("int64")
        points = points.where(m[M.bye], 3 - lose_games)
    else:
        win_for = win_count.where(win_count <= target, target)  # the winner is credited the target
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
