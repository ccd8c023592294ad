"""Round-robin schedules by the circle method, laid out as the Berger tables (FIDE C.05, Annex 1), pure.

Entrants are numbered 0..n-1 (Berger's 1..n). With an odd count a dummy entrant n makes the count m even;
whoever meets it has the bye that round. Entrant m-1 stays fixed; in round r (0-based) it meets
p = r * m/2 (mod m-1), at home in odd rounds and away in even ones (Berger: `1-6` in round 1, `6-4` in
round 2); on table k the entrant k places after p is at home against the one k places before it. For six
entrants this gives round 1: 1-6 2-5 3-4, round 2: 6-4 5-3 1-2, ..., round 5: 3-6 4-2 5-1, and every
entrant's home and away counts differ by at most one.
"""

from __future__ import annotations

import numpy as np
import pandas as pd


def circle_pairings(entrants: int) -> pd.DataFrame:
    """Every meeting of a round robin: round (1-based), table (1-based, byes left out), home, away."""
    m = entrants + entrants % 2
    r = np.arange(m - 1)[:, None]
    k = np.arange(m // 2)[None, :]
    p = (r * (m // 2)) % (m - 1)
    plus, minus = (p + k) % (m - 1), (p - k) % (m - 1)
    home = np.where(k == 0, np.where(r % 2 == 0, p, m - 1), plus)
    away = np.where(k == 0, np.where(r % 2 == 0, m - 1, p), minus)
    rounds = np.broadcast_to(r + 1, home.shape)
    played = (home < entrants) & (away < entrants)
    table = np.cumsum(played, axis=1)
    return pd.DataFrame(
        {
            "round": rounds[played],
            "table": table[played],
            "home": home[played],
            "away": away[played],
        }
    ).astype("int64")


def circle_byes(entrants: int) -> pd.DataFrame:
    """Who has the bye in each round of an odd round robin (none when the count is even): round, entrant."""
    if entrants % 2 == 0:
        return pd.DataFrame({"round": pd.Series(dtype="int64"), "entrant": pd.Series(dtype="int64")})
    m = entrants + 1
    r = np.arange(m - 1)
    # the dummy is the fixed entrant m-1: in round r it meets p = r * m/2 (mod m-1), who has the bye
    return pd.DataFrame({"round": r + 1, "entrant": (r * (m // 2)) % (m - 1)}).astype("int64")
