"""Totals per competitor, the classification order and the head-to-head differential.

Every table here is computed for all rounds at once: a row per (round, player) holds the totals
after that round, so the final standings are simply the block of the last round. Players are
integer codes inside (positions in the sorted list of ids) so that sorting and grouping stay cheap.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.ordering import lexicographic_order, separating_labels
from pipeline.i18n import _
from schemas.domino import COUNT_WORDS, DECIDED_BY, MODE_POINTS, RANK_BY_POINTS, RANK_BY_WINS
from schemas.domino import Match as M
from schemas.domino import Meeting as Mt
from schemas.domino import Penalty as Pen
from schemas.domino import PlayerResult as R
from schemas.domino import ProgressiveStanding as P
from schemas.domino import SideResult as S
from schemas.domino import Tied as T

SEATS = {"A": (M.a1, M.a2), "B": (M.b1, M.b2)}
# (column, ascending) in the seed's order: points, match points, effectiveness, pips for, pips against
CRITERIA: list[tuple[str, bool]] = [
    (P.points, False),
    (P.match_points, False),
    (P.effectiveness, False),
    (P.pips_for, False),
    (P.pips_against, True),
]
# the federations' order (Settings Ranking = wins): matches won, effectiveness, pips for
WINS_FIRST: list[tuple[str, bool]] = [(P.won, False), (P.effectiveness, False), (P.pips_for, False)]
RANKING_CRITERIA = {RANK_BY_POINTS: CRITERIA, RANK_BY_WINS: WINS_FIRST}
FIGURES = [S.won, S.points, S.match_points, S.pips_for, S.pips_against]


def player_codes(m: pd.DataFrame, ids: pd.Index) -> dict[str, np.ndarray]:
    """Each seat column as integer codes into `ids` (-1 for an empty seat)."""
    return {
        seat: ids.get_indexer(pd.Index(m[seat])).astype("int64") for side in SEATS.values() for seat in side
    }


def _side_arrays(sides: pd.DataFrame, side: str, columns: list[str]) -> dict[str, np.ndarray]:
    """The named columns of one side's rows (one per match, in match order) as arrays."""
    rows = np.flatnonzero(sides[S.side].to_numpy(dtype=object) == side)
    return {c: sides[c].to_numpy()[rows] for c in columns}


def player_results(m: pd.DataFrame, sides: pd.DataFrame, ids: pd.Index) -> pd.DataFrame:
    """One row per (match, player): every player of a side receives the side's figures."""
    codes = player_codes(m, ids)
    columns = [S.match, S.round, *FIGURES]
    parts: dict[str, list[np.ndarray]] = {c: [] for c in [*columns, R.player]}
    for side, seats in SEATS.items():  # two sides, two seats each
        figures = _side_arrays(sides, side, columns)
        for seat in seats:
            keep = codes[seat] >= 0
            for c in columns:
                parts[c].append(figures[c][keep])
            parts[R.player].append(codes[seat][keep])
    return pd.DataFrame({c: np.concatenate(v) for c, v in parts.items()})


def meetings(m: pd.DataFrame, sides: pd.DataFrame, ids: pd.Index) -> pd.DataFrame:
    """(match, round, player, opponent, diff): a row for each player and each player seated on the other side
    of a match (partners excluded); `diff` is the player's side's pips for minus pips against."""
    codes = player_codes(m, ids)
    parts: dict[str, list[np.ndarray]] = {
        c: [] for c in (Mt.match, Mt.round, Mt.player, Mt.opponent, Mt.diff)
    }
    for side, other in (("A", "B"), ("B", "A")):
        figures = _side_arrays(sides, side, [S.match, S.round, S.pips_for, S.pips_against])
        diff = figures[S.pips_for] - figures[S.pips_against]
        for seat in SEATS[side]:
            for opp in SEATS[other]:
                keep = (codes[seat] >= 0) & (codes[opp] >= 0)
                parts[Mt.match].append(figures[S.match][keep])
                parts[Mt.round].append(figures[S.round][keep])
                parts[Mt.player].append(codes[seat][keep])
                parts[Mt.opponent].append(codes[opp][keep])
                parts[Mt.diff].append(diff[keep])
    return pd.DataFrame({c: np.concatenate(v) for c, v in parts.items()})


def progressive_totals(
    results: pd.DataFrame, penalties: pd.DataFrame, n_players: int, rounds: pd.Index
) -> pd.DataFrame:
    """Cumulative totals per (round, player) after each round, round by round, players in code order. The
    rule: a player's totals after round r are the count (played) and sums of their results of rounds up to
    r; a penalty counts from the first round played at or after its round (the first round when its round
    is blank, the last round when no round is that late); lost is played - won, and effectiveness is pips
    for - pips against - penalties.

    Done with one `bincount` per figure over (player, round) cells and a cumulative sum along the rounds."""
    n_rounds = len(rounds)
    cell = results[R.player].to_numpy() * n_rounds + rounds.get_indexer(pd.Index(results[R.round]))
    size = n_players * n_rounds

    def cumulative(cells: np.ndarray, weights: np.ndarray | None) -> np.ndarray:
        grid = np.bincount(cells, weights=weights, minlength=size).reshape(n_players, n_rounds)
        return np.cumsum(grid, axis=1).T.ravel().round().astype("int64")  # round-major order

    # a penalty counts from the first round played at or after its round (blank: the first round)
    pen_round = penalties[Pen.round].fillna(rounds.min()).astype("int64").to_numpy()
    pen_at = np.minimum(rounds.searchsorted(pen_round, side="left"), n_rounds - 1)
    pen_cell = penalties[Pen.player].to_numpy() * n_rounds + pen_at
    totals = pd.DataFrame(
        {
            P.round: np.repeat(rounds.to_numpy(), n_players),
            P.player: np.tile(np.arange(n_players), n_rounds),
            P.played: cumulative(cell, None),
            P.won: cumulative(cell, results[R.won].to_numpy(dtype="float64")),
            P.points: cumulative(cell, results[R.points].to_numpy(dtype="float64")),
            P.match_points: cumulative(cell, results[R.match_points].to_numpy(dtype="float64")),
            P.pips_for: cumulative(cell, results[R.pips_for].to_numpy(dtype="float64")),
            P.pips_against: cumulative(cell, results[R.pips_against].to_numpy(dtype="float64")),
            P.penalties: cumulative(pen_cell, penalties[Pen.pips].to_numpy(dtype="float64")),
        }
    )
    totals[P.lost] = totals[P.played] - totals[P.won]
    totals[P.effectiveness] = totals[P.pips_for] - totals[P.pips_against] - totals[P.penalties]
    return totals


def _block_positions(counts: np.ndarray) -> np.ndarray:
    """0, 1, ..., n - 1 within each block of `counts` items laid end to end."""
    return np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)


def head_to_head(tied: pd.DataFrame, meets: pd.DataFrame) -> np.ndarray:
    """Each tied row's head-to-head differential. The rule: for a row of round r, player p and group g, the
    sum, over the matches of round r or earlier in which p sat opposite at least one other player of round r
    and group g, of p's side's pips for minus pips against (`meets`); a match counts once, even when both
    opponents there belong to the group.

    Done as two merges in NumPy: the rows of each group with themselves (every member and every other
    member), then those pairs with the meetings on (player, opponent), kept to date and once per match."""
    rounds, players = tied[T.round].to_numpy(), tied[T.player].to_numpy()
    _, members = np.unique(np.stack([rounds, tied[T.group].to_numpy()], axis=1), axis=0, return_inverse=True)
    members = members.ravel()
    # every (row, other row) of the same round and group, as the merge of the rows with themselves
    by_group = np.argsort(members, kind="stable")
    counts = np.bincount(members)
    sizes, starts = counts[members[by_group]], (np.cumsum(counts) - counts)[members[by_group]]
    row = np.repeat(by_group, sizes)
    other = by_group[np.repeat(starts, sizes) + _block_positions(sizes)]
    apart = players[row] != players[other]
    row, opponent = row[apart], players[other[apart]]
    m_player, m_opponent = meets[Mt.player].to_numpy(), meets[Mt.opponent].to_numpy()
    width = int(max(m_opponent.max(), opponent.max(initial=0), 0)) + 1 if len(meets) else 1
    # the meetings of each such pair, as the merge of the pairs with the meetings on (player, opponent)
    keys = m_player * width + m_opponent
    by_key = np.argsort(keys, kind="stable")
    wanted = players[row] * width + opponent
    low = np.searchsorted(keys[by_key], wanted, side="left")
    count = np.searchsorted(keys[by_key], wanted, side="right") - low
    met = by_key[np.repeat(low, count) + _block_positions(count)]
    row = np.repeat(row, count)
    match, played_in = meets[Mt.match].to_numpy()[met], meets[Mt.round].to_numpy()[met]
    diff = meets[Mt.diff].to_numpy(dtype="float64")[met]
    to_date = played_in <= rounds[row]
    row, match, diff = row[to_date], match[to_date], diff[to_date]
    # each match once per row: the same side's differential, whichever member it met there
    _, once = np.unique(np.stack([row, match], axis=1), axis=0, return_index=True)
    return np.bincount(row[once], weights=diff[once], minlength=len(tied))


def run_ids(values: np.ndarray) -> np.ndarray:
    """For rows already sorted, a label per run of identical rows (0, 0, 1, 2, 2, ...)."""
    if len(values) == 0:
        return np.zeros(0, dtype="int64")
    new = np.ones(len(values), dtype=bool)
    new[1:] = (values[1:] != values[:-1]).any(axis=1)
    return np.cumsum(new) - 1


def _sizes(labels: np.ndarray) -> np.ndarray:
    """How many rows share each row's label."""
    return np.bincount(labels)[labels]


def head_to_head_passes(
    ordered: pd.DataFrame, meets: pd.DataFrame, criteria: list[tuple[str, bool]] = CRITERIA
) -> pd.DataFrame:
    """Head-to-head differentials, one column per pass (`h2h_1`, `h2h_2`, ...). The rule: rows next to each
    other that are level on the round and the criteria (the seed's five by default) form a group; a pass gives each member of a group
    of two or more its `head_to_head` within that group; the members a pass leaves level on it form the next
    pass's groups when they are at least two and fewer than before. NaN where a row takes no part in a pass.

    Every group of a pass is computed at once: `head_to_head` takes all their rows together."""
    keys = [P.round] + [c for c, _ in criteria]
    group = run_ids(ordered[keys].to_numpy())
    active = _sizes(group) > 1
    passes: dict[str, np.ndarray] = {}
    while active.any():  # one pass per level of re-application, vectorized over all groups
        tied = pd.DataFrame(
            {
                T.round: ordered.loc[active, P.round],
                T.player: ordered.loc[active, P.player],
                T.group: group[active],
            }
        )
        diff = np.full(len(ordered), np.nan)
        diff[active] = head_to_head(tied, meets)
        passes[f"h2h_{len(passes) + 1}"] = diff
        split = group.copy()  # only the tied rows get new labels: (group, differential) pairs
        pairs = pd.MultiIndex.from_arrays([group[active], diff[active]])
        split[active] = group.max() + 1 + pd.factorize(pairs)[0]
        child = _sizes(split)
        active = active & (child < _sizes(group)) & (child > 1)
        group = split
    return pd.DataFrame(passes, index=ordered.index)


def classification(
    totals: pd.DataFrame,
    meets: pd.DataFrame,
    count_word: str = COUNT_WORDS[MODE_POINTS],
    ranking: str = RANK_BY_POINTS,
) -> pd.DataFrame:
    """Totals ranked within each round: the criteria of the Ranking (the seed's five, or wins first), then
    head-to-head; level rows share a rank."""
    if not pd.api.types.is_integer_dtype(totals[P.player]):  # ids as text: rank them as codes
        ids = pd.Index(np.sort(totals[P.player].unique()))
        codes = {c: ids.get_indexer(meets[c]) for c in (Mt.player, Mt.opponent)}
        coded = classification(
            totals.assign(**{P.player: ids.get_indexer(totals[P.player])}),
            meets.assign(**codes),
            count_word,
            ranking,
        )
        return coded.assign(**{P.player: ids[coded[P.player].to_numpy()]})
    criteria = RANKING_CRITERIA[ranking]
    keys = [c for c, _ in criteria]
    signs = [1 if asc else -1 for _, asc in criteria]
    sort_keys = [totals[P.round].to_numpy()]
    sort_keys += [s * totals[c].to_numpy() for c, s in zip(keys, signs, strict=True)]
    ordered = totals.iloc[lexicographic_order([*sort_keys, totals[P.player].to_numpy()])]
    ordered = ordered.reset_index(drop=True)
    passes = head_to_head_passes(ordered, meets, criteria)
    h2h = list(passes.columns)
    first = passes[h2h[0]] if h2h else pd.Series(np.nan, index=ordered.index)
    ranked = pd.concat([ordered, passes.fillna(0), first.rename(P.head_to_head).astype("float64")], axis=1)
    if h2h:  # within each group level on the five criteria, higher differentials first
        group = run_ids(ordered[[P.round, *keys]].to_numpy())
        again = [group, *[-ranked[h].to_numpy() for h in h2h], ranked[P.player].to_numpy()]
        ranked = ranked.iloc[lexicographic_order(again)].reset_index(drop=True)
    final = run_ids(ranked[[P.round, *keys, *h2h]].to_numpy())
    start = np.r_[0, np.flatnonzero(np.diff(ranked[P.round].to_numpy())) + 1]
    round_start = np.repeat(start, np.diff(np.r_[start, len(ranked)]))
    first_of_group = np.r_[0, np.flatnonzero(np.diff(final)) + 1]
    group_start = np.repeat(first_of_group, np.diff(np.r_[first_of_group, len(ranked)]))
    ranked[P.rank] = group_start - round_start + 1
    ranked[P.decided_by] = _decided_by(ranked, keys, h2h, count_word)
    return ranked.drop(columns=h2h)


def _decided_by(ranked: pd.DataFrame, keys: list[str], h2h: list[str], count_word: str) -> pd.Series:
    """The first criterion that separates each row from the next one in its round, or `tied`."""
    labels = [
        *(_(DECIDED_BY[key], w=_(count_word)) for key in keys),
        *[
            _("head-to-head") if i == 0 else _("head-to-head, pass {number}", number=i + 1)
            for i in range(len(h2h))
        ],
    ]
    values = ranked[keys + h2h].to_numpy(dtype="float64")
    rounds = ranked[P.round].to_numpy()
    last = np.r_[rounds[1:] != rounds[:-1], True]  # the last row of its round
    return pd.Series(separating_labels(values, labels, last), index=ranked.index, dtype="str")
