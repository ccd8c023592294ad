"""Round-robin schedules by the circle method, laid out as the Berger tables (FIDE C.05, Annex 1), pure.

Entrants are numbered 0..n-1 (Berger's 1..n). With an odd count a dummy entrant n makes the count m even;
whoever meets it has the bye that round. Entrant m-1 stays fixed; in round r (0-based) it meets
p = r * m/2 (mod m-1), at home in odd rounds and away in even ones (Berger: `1-6` in round 1, `6-4` in
round 2); on table k the entrant k places after p is at home against the one k places before it. For six
entrants this gives round 1: 1-6 2-5 3-4, round 2: 6-4 5-3 1-2, ..., round 5: 3-6 4-2 5-1, and every
entrant's home and away counts differ by at most one.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from pipeline.i18n import N_
from pipeline.sheets import OutputSheet
from schemas.common import titles_of
from schemas.plain import phrase
from schemas.shared import Bye as B
from schemas.shared import FourTable as F
from schemas.shared import Meeting as M
from schemas.shared import ScheduleMeasure


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
        {M.round: rounds[played], M.table: table[played], M.home: home[played], M.away: away[played]}
    ).astype("int64")


def circle_byes(entrants: int) -> pd.DataFrame:
    """Who has the bye in each round of an odd round robin (none when the count is even): round, entrant."""
    if entrants % 2 == 0:
        return pd.DataFrame({B.round: pd.Series(dtype="int64"), B.entrant: pd.Series(dtype="int64")})
    m = entrants + 1
    r = np.arange(m - 1)
    # the dummy is the fixed entrant m-1: in round r it meets p = r * m/2 (mod m-1), who has the bye
    return pd.DataFrame({B.round: r + 1, B.entrant: (r * (m // 2)) % (m - 1)}).astype("int64")


ATTEMPT_BUDGET = 120  # attempts x players: 5 schedules are tried for 24 players, 15 for 8
EVEN_UP_TO = 48  # above this many players the opponent swaps are skipped (their cost grows as n^3)


def rotating_partners(
    entrants: int, seed: int = 0, place: np.ndarray | None = None, clash: np.ndarray | None = None
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Tables of four with partners rotating: (round, table, a1, a2, b1, b2) and the byes (round, entrant).

    Several placements (drawn from `seed`) are built and the most even is kept: fewest pairs of players
    meeting as opponents more than twice, then the smallest such count, then the evenest byes. A given
    `place` (entrant at each round-robin place, e.g. to keep clubs apart) is kept in every attempt; with
    `clash` (1 for two club-mates) club-mates facing each other cost more the earlier the round.
    """
    rng = np.random.default_rng(seed)
    best: tuple[tuple[int, int, int], pd.DataFrame, pd.DataFrame] | None = None
    for _ in range(max(1, ATTEMPT_BUDGET // max(entrants, 1))):  # whole schedules, not results
        placed = rng.permutation(entrants) if place is None else place
        tables, rests = _partners_once(entrants, placed, rng, clash)
        report = dict(schedule_report(tables, rests, entrants).to_numpy().tolist())
        score = (
            report["Pairs of players who meet as opponents more than twice"],
            report["Most times two players meet as opponents"],
            report["Most byes of a player"] - report["Fewest byes of a player"],
        )
        if best is None or score < best[0]:
            best = (score, tables, rests)
    assert best is not None
    return best[1], best[2]


def _partners_once(
    entrants: int, place: np.ndarray, rng: np.random.Generator, clash: np.ndarray | None = None
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One tables-of-four schedule for a placement of the entrants in the round robin.

    Partnerships come from the round robin of the entrants (each round of it is a set of disjoint pairs), so no
    two players partner twice, and when the count is 0 or 1 modulo 4 everyone partners everyone exactly once
    (the complete design). When a round has an odd number of partnerships, one sits out (see `sitting_out`:
    everyone sits out equally often, give or take one). Partnerships are then set against each other greedily, fewest earlier meetings first.
    `place` says who takes which place in the round robin; `rng` orders the partnerships of each round.
    """
    meetings = circle_pairings(entrants)
    byes = circle_byes(entrants)
    met = np.zeros((entrants, entrants), dtype=np.int64)
    early = _club_weights(clash, entrants, int(meetings[M.round].max()) if len(meetings) else 0)
    tables: list[tuple[object, ...]] = []
    rests = [byes.assign(**{B.entrant: place[byes[B.entrant].to_numpy()]})]
    by_round = [place[g[[M.home, M.away]].to_numpy()] for _, g in meetings.groupby(M.round, sort=True)]
    outs = sitting_out(entrants)
    for r, pairs in enumerate(by_round, start=1):  # one pass per round, over its partnerships
        if outs[r - 1] is not None:
            out = int(outs[r - 1])  # type: ignore[arg-type]
            rests.append(pd.DataFrame({B.round: r, B.entrant: pairs[out]}))
            pairs = np.delete(pairs, out, axis=0)
        free = rng.permutation(len(pairs)).tolist()
        while free:  # set partnerships against each other, fewest earlier meetings first
            first = free.pop(0)
            cost = [
                int(
                    met[np.ix_(pairs[first], pairs[j])].sum() + early[r][np.ix_(pairs[first], pairs[j])].sum()
                )
                for j in free
            ]
            second = free.pop(int(np.argmin(cost)))
            a, b = pairs[first], pairs[second]
            met[np.ix_(a, b)] += 1
            met[np.ix_(b, a)] += 1
            tables.append((r, a[0], a[1], b[0], b[1]))
    laid = np.array(tables, dtype=np.int64).reshape(-1, 5)
    if entrants <= EVEN_UP_TO:
        laid = _evened(laid, met, early)
    frame = pd.DataFrame(laid, columns=[F.round, F.a1, F.a2, F.b1, F.b2])
    frame.insert(1, F.table, frame.groupby(F.round).cumcount() + 1)
    rested = pd.concat(rests, ignore_index=True).sort_values([B.round, B.entrant], kind="stable")
    return frame.astype("int64"), rested.reset_index(drop=True).astype("int64")


def sitting_out(entrants: int) -> list[int | None]:
    """For each round, which partnership (row of the round in `circle_pairings`) sits out, or None.

    A round has an odd number of partnerships when the count is 2 or 3 modulo 4. In round r the round robin
    pairs p+k with p-k (p = r * m/2 mod m-1, which runs through every place once). Taking the partnership
    k = 1 every round, (p+1, p-1), makes every rotating place sit out exactly twice. With 3 modulo 4 the
    fixed place is the bye's, so everyone sits out exactly twice more. With 2 modulo 4 the fixed player
    must sit out too: in the two rounds where p is 0 and 1 the partnership k = 0 (p with the fixed player)
    sits out instead, so two players sit out once and everyone else twice.
    """
    m = entrants + entrants % 2
    if (m // 2 - entrants % 2) % 2 == 0:
        return [None] * (m - 1)
    p = (np.arange(m - 1) * (m // 2)) % (m - 1)
    if entrants % 2:  # the bye's table is not a row: k = 1 is the first row
        return [0] * (m - 1)
    return [0 if x in (0, 1) else 1 for x in p.tolist()]  # rows are k = 0, 1, ...


def _club_weights(clash: np.ndarray | None, entrants: int, last: int) -> dict[int, np.ndarray]:
    """Round -> what it costs two players to face each other that round: club-mates cost more the earlier."""
    zero = np.zeros((entrants, entrants), dtype=np.int64)
    if clash is None:
        return {r: zero for r in range(1, last + 1)}
    unit = 4 * entrants  # more than any difference in meeting counts
    return {r: clash.astype(np.int64) * unit * (last + 1 - r) for r in range(1, last + 1)}


def _evened(
    tables: np.ndarray, met: np.ndarray, early: dict[int, np.ndarray], passes: int = 30
) -> np.ndarray:
    """Tables (round, a1, a2, b1, b2) after swapping opponents between two tables of a round while that lowers
    the sum of squared meeting counts plus the club cost (the most even spread of opponents, club-mates
    late); partners never change."""
    tables = tables.copy()

    def cost(x: np.ndarray, y: np.ndarray, sign: int, r: int) -> int:
        """Change in the cost when partnership x starts (+1) or stops (-1) facing y in round r."""
        cells = met[np.ix_(x, y)]
        return int((2 * sign * cells + 1).sum() + sign * early[r][np.ix_(x, y)].sum())

    by_round = [np.flatnonzero(tables[:, 0] == r) for r in np.unique(tables[:, 0])]
    for _ in range(passes):  # a bounded number of improvement passes over the table pairs of each round
        improved = False
        for rows in by_round:  # rounds
            for i_at, i in enumerate(rows):  # pairs of tables in the round
                for j in rows[i_at + 1 :]:
                    a, b, c, d = (tables[k, at : at + 2].copy() for k, at in ((i, 1), (i, 3), (j, 1), (j, 3)))
                    r = int(tables[i, 0])
                    now = cost(a, b, -1, r) + cost(c, d, -1, r)
                    for x, y, z, w in ((a, c, b, d), (a, d, b, c)):  # the other two ways to set them against
                        change = now + cost(x, y, 1, r) + cost(z, w, 1, r)
                        if change < 0:
                            for p, q, step in ((a, b, -1), (c, d, -1), (x, y, 1), (z, w, 1)):
                                met[np.ix_(p, q)] += step
                                met[np.ix_(q, p)] += step
                            tables[i, 1:], tables[j, 1:] = np.r_[x, y], np.r_[z, w]
                            improved = True
                            break
        if not improved:
            break
    return tables


def schedule_report(tables: pd.DataFrame, rests: pd.DataFrame, entrants: int) -> pd.DataFrame:
    """How even a tables-of-four schedule is: repeated partners, how often pairs of players meet, byes."""
    partners = np.zeros((entrants, entrants), dtype=np.int64)
    opposed = np.zeros((entrants, entrants), dtype=np.int64)
    for x, y in ((F.a1, F.a2), (F.b1, F.b2)):  # the two partnerships of each table
        np.add.at(partners, (tables[x], tables[y]), 1)
        np.add.at(partners, (tables[y], tables[x]), 1)
    for x in (F.a1, F.a2):  # the four opponent pairs of each table
        for y in (F.b1, F.b2):
            np.add.at(opposed, (tables[x], tables[y]), 1)
            np.add.at(opposed, (tables[y], tables[x]), 1)
    upper = np.triu_indices(entrants, 1)
    times = np.bincount(opposed[upper], minlength=1)
    byes = np.bincount(rests[B.entrant], minlength=entrants)
    rows = [
        (N_("Players"), entrants),
        (N_("Rounds"), int(tables[F.round].max()) if len(tables) else 0),
        (N_("Pairs of players who partner more than once"), int((partners[upper] > 1).sum())),
        (N_("Pairs of players who never partner"), int((partners[upper] == 0).sum())),
        (N_("Pairs of players who meet as opponents more than twice"), int((opposed[upper] > 2).sum())),
        (N_("Most times two players meet as opponents"), int(opposed[upper].max(initial=0))),
        *[
            (phrase(N_("Pairs of players who meet as opponents {count} time(s)"), count=k), int(v))
            for k, v in enumerate(times)
        ],
        (N_("Fewest byes of a player"), int(byes.min()) if len(byes) else 0),
        (N_("Most byes of a player"), int(byes.max(initial=0))),
    ]
    return pd.DataFrame(rows, columns=list(titles_of(ScheduleMeasure).values()))


def meeting_rounds(entrants: int) -> np.ndarray:
    """Round-robin place x place -> the round (1-based) in which those two places meet (0 on the diagonal)."""
    meetings = circle_pairings(entrants)
    rounds = np.zeros((entrants, entrants), dtype=np.int64)
    rounds[meetings[M.home], meetings[M.away]] = meetings[M.round]
    rounds[meetings[M.away], meetings[M.home]] = meetings[M.round]
    return rounds


def club_mates(clubs: pd.Series) -> np.ndarray:
    """Entrant x entrant: True for two different entrants of the same (non-blank) club."""
    known = clubs.notna().to_numpy()
    codes = pd.factorize(clubs)[0]
    same = (codes[:, None] == codes[None, :]) & known[:, None] & known[None, :]
    np.fill_diagonal(same, False)
    return same


def club_cost(rounds: np.ndarray, same: np.ndarray, order: np.ndarray) -> int:
    """How early same-club entrants meet when entrant i takes place order[i]: each such meeting costs
    (last round + 1 - its round), so a meeting in round 1 costs most and one in the last round costs 1."""
    last = int(rounds.max(initial=0))
    met = rounds[np.ix_(order, order)]
    return int(np.where(same & (met > 0), last + 1 - met, 0).sum() // 2)


def club_order(clubs: pd.Series, seed: int = 0, attempts: int = 8) -> np.ndarray:
    """A placement of the entrants in the round robin (entrant i takes place order[i]) that pushes meetings of
    players from the same club to the last rounds: random starts, then swaps of two places while that helps."""
    n = len(clubs)
    same = club_mates(clubs)
    rounds = meeting_rounds(n)
    rng = np.random.default_rng(seed)
    best_order, best = np.arange(n), club_cost(rounds, same, np.arange(n))
    if best == 0:
        return best_order
    for _ in range(attempts):  # a few random starts
        order = rng.permutation(n)
        cost = club_cost(rounds, same, order)
        improved = True
        while improved:  # first-improvement swaps until none helps
            improved = False
            for i in range(n):  # pairs of entrants
                for j in range(i + 1, n):
                    order[[i, j]] = order[[j, i]]
                    trial = club_cost(rounds, same, order)
                    if trial < cost:
                        cost, improved = trial, True
                    else:
                        order[[i, j]] = order[[j, i]]
        if cost < best:
            best_order, best = order.copy(), cost
    return best_order


def card_starts(cards: pd.DataFrame) -> tuple[int, ...]:
    """The rows (from 0) where a card begins after the first: each card ends with a blank line."""
    blank = cards.isna().all(axis=1).to_numpy()
    after = np.flatnonzero(blank[:-1]) + 1
    return tuple(int(i) for i in after)


CARD_SHORT = 6  # the longest value of a card's column shown centred (ids, rounds, boards, seats)


def short_columns(frame: pd.DataFrame, longest: int = CARD_SHORT) -> tuple[str, ...]:
    """The columns whose every value is at most `longest` characters as text (blanks aside)."""
    lengths = frame.astype("str").where(frame.notna(), "").apply(lambda c: c.str.len().max())  # per column
    return tuple(str(c) for c in frame.columns[(lengths <= longest).to_numpy()])


def printed_cards(sheet: OutputSheet) -> OutputSheet:
    """A sheet of cards as printed: one card a page, as large as the page is wide, its short ids and numbers
    centred (a right-aligned round beside a left-aligned pair id reads as one number)."""
    return replace(
        sheet, page_breaks=card_starts(sheet.frame), fill_width=True, centred=short_columns(sheet.frame)
    )
