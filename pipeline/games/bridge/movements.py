"""Movements for a bridge pairs evening, pure: who sits where and which boards they play, round by round.

A movement is a table of rows (round, table, NS place, EW place, board set, relay) as `MovementTable` declares
it. Places are the pairs' positions 1..P in the order of the Pairs sheet; with an odd number of pairs the
phantom pair P+1 takes the empty seat and the pair it meets sits out. docs/movements.md says how each movement
is laid out, which sizes exist, the rules every one of them is proven to keep and the sources.

- Mitchell (3 tables and up): NS pair t stays at table t; EW pair T+t starts at table t and moves up one table a
  round; set s starts at table s and moves down one table a round. An odd number of tables plays T rounds. An
  even number either skips (the EW pairs move up two tables after half the rounds; T-1 rounds, as the last
  round would meet the first opponents again) or relays (tables 1 and T share a set; a bye stand between
  tables T/2 and T/2+1 holds the set not in play; T rounds).
- Howell (2 to 8 tables): the circle method of the round robin (pipeline/games/schedule.py): pair 2T stays
  north-south at table 1 against pair r in round r; at table k+1 pair r-k (NS) meets pair r+k (EW), counted
  modulo 2T-1 (pairs 1..2T-1 being the residues 0..2T-2 plus one). A complete Howell of 4, 6, 7 or 8 tables takes its sets cyclically, table k playing set r+c_k,
  with the offsets c found by a search below (each pair then plays each set once); the complete Howells of 2, 3
  (no relay-free arrangement exists: no Room square of side 3 or 5) and 5 tables (no cyclic offsets exist) and
  the three-quarter Howells are arrangements found by a search and kept as data (HOWELL_SETS); the property
  tests check every one.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.i18n import _
from pipeline.problems import UsageError
from schemas.movements import MovementBoard as MB
from schemas.movements import MovementTable as MT

MITCHELL, HOWELL = "mitchell", "howell"
MOVEMENTS = (MITCHELL, HOWELL)
SKIP, RELAY = "skip", "relay"
EVEN_TABLES = (SKIP, RELAY)
MITCHELL_TABLES = (3, 100)  # the fewest and most tables of a Mitchell
HOWELL_TABLES = (2, 8)  # the fewest and most tables of a complete Howell

# Arrangements found by a search (a depth-first search over each match's set, fewest choices first, on the
# rounds of the circle method) and kept as data: (tables, rounds) -> the set at each table, round by round.
# The complete Howells of 2 and 3 tables need relays: 2 tables share every round; 3 tables share in round 4.
HOWELL_SETS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (2, 3): ((1, 1), (2, 2), (3, 3)),
    (3, 5): ((1, 3, 2), (2, 5, 1), (3, 5, 2), (4, 4, 4), (5, 3, 1)),
    (3, 4): ((1, 2, 3), (3, 2, 4), (4, 1, 3), (2, 1, 4)),
    (5, 8): (
        (1, 2, 3, 4, 5),
        (3, 7, 5, 6, 8),
        (4, 6, 3, 7, 2),
        (7, 2, 1, 5, 8),
        (8, 3, 1, 7, 4),
        (2, 7, 1, 6, 8),
        (6, 4, 1, 2, 5),
        (5, 3, 6, 4, 8),
    ),
    (6, 8): (
        (1, 2, 3, 4, 5, 6),
        (3, 2, 7, 4, 5, 8),
        (8, 1, 7, 3, 5, 6),
        (5, 1, 8, 3, 4, 2),
        (6, 2, 4, 7, 8, 1),
        (4, 2, 3, 7, 6, 5),
        (7, 1, 3, 8, 6, 4),
        (2, 1, 7, 8, 6, 5),
    ),
    (5, 9): (
        (1, 2, 3, 4, 5),
        (3, 4, 1, 6, 2),
        (9, 6, 8, 7, 5),
        (5, 7, 8, 3, 4),
        (2, 3, 8, 1, 5),
        (4, 1, 8, 6, 9),
        (6, 9, 3, 7, 5),
        (7, 9, 6, 4, 2),
        (8, 2, 7, 1, 9),
    ),
    (6, 9): (
        (1, 2, 3, 4, 5, 6),
        (3, 5, 1, 7, 2, 4),
        (6, 5, 9, 7, 8, 3),
        (9, 2, 8, 3, 6, 1),
        (4, 3, 7, 9, 6, 5),
        (5, 1, 7, 9, 4, 8),
        (2, 1, 8, 6, 4, 7),
        (8, 5, 9, 3, 2, 1),
        (7, 2, 9, 4, 6, 8),
    ),
    (7, 11): (
        (1, 2, 3, 4, 5, 6, 7),
        (3, 6, 1, 7, 2, 4, 5),
        (10, 5, 2, 4, 8, 11, 9),
        (6, 4, 7, 5, 9, 2, 10),
        (8, 3, 2, 10, 11, 6, 5),
        (5, 9, 8, 1, 11, 3, 10),
        (11, 1, 3, 2, 7, 4, 8),
        (2, 10, 8, 6, 11, 5, 9),
        (4, 3, 1, 9, 11, 7, 8),
        (7, 8, 6, 3, 10, 1, 9),
        (9, 1, 7, 4, 6, 11, 10),
    ),
}


@dataclass(frozen=True)
class Movement:
    """A movement laid out for an evening: its kind, size, its rows (`MovementTable`), the real pairs, the rounds
    with an arrow switch and, for an even Mitchell, skip or relay."""

    kind: str
    tables: int
    pairs: int
    frame: pd.DataFrame
    switched: tuple[int, ...] = ()
    even: str | None = None

    @property
    def phantom(self) -> int | None:
        """The phantom pair's place (P+1) with an odd number of pairs, else None."""
        return self.pairs + 1 if self.pairs % 2 else None

    @property
    def rounds(self) -> int:
        """How many rounds are played."""
        return int(self.frame[MT.round].max())

    @property
    def sets(self) -> int:
        """How many board sets the movement uses."""
        return int(self.frame[MT.set].max())

    @property
    def setting(self) -> str:
        """The Settings `Movement` value that says what was played: `Mitchell`, `Howell`, or `Mitchell, arrow
        switch in round 7` (`in rounds 6, 7` for several)."""
        name = self.kind.capitalize()
        if not self.switched:
            return name
        rounds = ", ".join(str(r) for r in self.switched)
        return f"{name}, arrow switch in round{'s' if len(self.switched) > 1 else ''} {rounds}"


def tables_of(pairs: int) -> int:
    """The tables a number of pairs needs (a half table counts as one)."""
    return (pairs + 1) // 2


def with_relays(frame: pd.DataFrame) -> pd.DataFrame:
    """The movement rows with `relay` True where the row's set is at another table in the same round too."""
    return frame.assign(**{MT.relayed: frame.duplicated([MT.round, MT.set], keep=False)})


def movement_frame(
    rounds: np.ndarray, tables: np.ndarray, ns: np.ndarray, ew: np.ndarray, sets: np.ndarray
) -> pd.DataFrame:
    """Movement rows from round x table grids of the round, table, pairs and set, ordered by round and table."""
    frame = pd.DataFrame(
        {
            MT.round: np.broadcast_to(rounds, ns.shape).ravel(),
            MT.table: np.broadcast_to(tables, ns.shape).ravel(),
            MT.ns: ns.ravel(),
            MT.ew: ew.ravel(),
            MT.set: sets.ravel(),
        }
    ).astype("int64")
    return with_relays(frame.sort_values([MT.round, MT.table], ignore_index=True))


def mitchell_rounds(tables: int, even: str = SKIP) -> int:
    """The rounds of a full Mitchell: T, or T-1 for an even number of tables with a skip."""
    return tables - 1 if tables % 2 == 0 and even == SKIP else tables


def relay_positions(tables: int) -> np.ndarray:
    """Table (1..T) -> its place on the circuit the sets follow in a relay Mitchell (index 0 unused): the relay
    (tables 1 and T), then T-1 down to T/2+1, the bye stand, T/2 down to 2; a set moves one place a round."""
    half = tables // 2
    circuit = [1, *range(tables - 1, half, -1), 0, *range(half, 1, -1)]  # 0 is the bye stand
    place = np.zeros(tables + 1, dtype=np.int64)
    place[circuit] = np.arange(tables)
    place[tables] = place[1]
    return place


def mitchell_tables(tables: int, even: str = SKIP, rounds: int | None = None) -> pd.DataFrame:
    """A Mitchell's rows: NS pair t stationary at table t, EW pair T+e moving up one table a round (two after
    half the rounds with a skip), sets moving down one table (through the bye stand with a relay)."""
    played = mitchell_rounds(tables, even) if rounds is None else rounds
    r = np.arange(1, played + 1)[:, None]
    t = np.arange(1, tables + 1)[None, :]
    moved = r - 1 + ((r > tables // 2) & (tables % 2 == 0) & (even == SKIP))
    ew = tables + (t - 1 - moved) % tables + 1
    if tables % 2 == 0 and even == RELAY:
        place = relay_positions(tables)
        sets = (place[t] - (r - 1)) % tables  # the place on the circuit where the set started
        start = np.zeros(tables, dtype=np.int64)  # place -> the set there in round 1: the table's number
        start[place[np.arange(1, tables)]] = np.arange(1, tables)
        start[start == 0] = tables  # the bye stand starts with set T
        sets = start[sets]
    else:
        sets = (t - 1 + r - 1) % tables + 1
    return movement_frame(r, t, np.broadcast_to(t, ew.shape), ew, sets)


def cyclic_offsets(tables: int) -> tuple[int, ...] | None:
    """Set offsets c (c_0 = 0, all different) for a complete Howell of `tables` tables in which table k plays
    set r + c_k in round r and every pair plays every set once: c_0 and c_k ± k (k = 1..T-1) are every residue
    modulo 2T-1. Found by a depth-first search (None when there is none)."""
    m = 2 * tables - 1
    chosen: list[int] = [0]
    hit = {0}

    def extended() -> bool:
        """True once the offsets are complete, choosing the next one that keeps the residues different."""
        k = len(chosen)
        if k == tables:
            return True
        for c in range(m):  # candidate offsets of table k
            a, b = (c - k) % m, (c + k) % m
            if c in chosen or a in hit or b in hit or a == b:
                continue
            chosen.append(c)
            hit.update((a, b))
            if extended():
                return True
            chosen.pop()
            hit.difference_update((a, b))
        return False

    return tuple(chosen) if extended() else None


@functools.cache
def howell_sets(tables: int, rounds: int) -> np.ndarray:
    """The set at each table of a Howell, round x table (from the data, or cyclically with the searched
    offsets for a complete Howell of 4, 6, 7 or 8 tables)."""
    if (tables, rounds) in HOWELL_SETS:
        return np.array(HOWELL_SETS[tables, rounds], dtype=np.int64)
    offsets = cyclic_offsets(tables)
    assert offsets is not None and rounds == 2 * tables - 1
    r = np.arange(rounds)[:, None]
    return (r + np.array(offsets)[None, :]) % rounds + 1


def howell_round_counts(tables: int) -> tuple[int, ...]:
    """The rounds a Howell of this many tables can have: the three-quarter ones, then the complete one."""
    if not HOWELL_TABLES[0] <= tables <= HOWELL_TABLES[1]:
        return ()
    short = sorted(r for t, r in HOWELL_SETS if t == tables and r < 2 * tables - 1)
    return (*short, 2 * tables - 1)


def howell_tables(tables: int, rounds: int | None = None) -> pd.DataFrame:
    """A Howell's rows: pair 2T north-south at table 1 against pair r in round r; at table k+1 pair r-k (NS)
    against pair r+k (EW), modulo 2T-1; the sets from `howell_sets`."""
    played = 2 * tables - 1 if rounds is None else rounds
    m = 2 * tables - 1
    r = np.arange(played)[:, None]
    k = np.arange(tables)[None, :]
    ns = np.where(k == 0, 2 * tables, (r - k) % m + 1)
    ew = np.where(k == 0, r + 1, (r + k) % m + 1)
    return movement_frame(r + 1, k + 1, ns, ew, howell_sets(tables, played))


def arrow_switched(frame: pd.DataFrame, rounds: Sequence[int]) -> pd.DataFrame:
    """The movement with the NS and EW pairs swapped at every table in the given rounds."""
    swap = frame[MT.round].isin(list(rounds)).to_numpy()
    ns, ew = frame[MT.ns].to_numpy(), frame[MT.ew].to_numpy()
    return frame.assign(**{MT.ns: np.where(swap, ew, ns), MT.ew: np.where(swap, ns, ew)})


def sizes_words(kind: str) -> str:
    """The sizes a movement exists for, in words (for a usage message and docs/movements.md)."""
    if kind == MITCHELL:
        low, high = MITCHELL_TABLES
        return _(
            "a Mitchell needs {low} to {high} tables ({fewest} to {most} pairs); it plays as many rounds as tables "
            "(one fewer with an even number of tables and a skip), or fewer with --rounds",
            low=low,
            high=high,
            fewest=2 * low - 1,
            most=2 * high,
        )
    low, high = HOWELL_TABLES
    short = ", ".join(
        _("{tables} tables in {rounds} rounds", tables=t, rounds=r)
        for t, r in sorted(HOWELL_SETS)
        if r < 2 * t - 1
    )
    return _(
        "a complete Howell needs {low} to {high} tables ({fewest} to {most} pairs) in 2T-1 rounds (T tables); "
        "the three-quarter Howells (--rounds) are {short}",
        low=low,
        high=high,
        fewest=2 * low - 1,
        most=2 * high,
        short=short,
    )


def movement(
    pairs: int,
    kind: str,
    *,
    even: str = SKIP,
    rounds: int | None = None,
    arrow_switch: bool = False,
    switch_rounds: Sequence[int] = (),
) -> Movement:
    """The movement of `kind` for this many pairs: UsageError, saying which sizes exist, when there is none.
    With `arrow_switch` the pairs swap directions in `switch_rounds` (the last round when none is named)."""
    if kind not in MOVEMENTS:
        raise UsageError(
            _(
                "no movement named {kind}: choose {choices}",
                kind=repr(kind),
                choices=_(" or ").join(MOVEMENTS),
            )
        )
    if even not in EVEN_TABLES:
        raise UsageError(_("an even Mitchell either skips or relays, not {even}", even=repr(even)))
    tables = tables_of(pairs)
    if kind == MITCHELL:
        low, high = MITCHELL_TABLES
        if not low <= tables <= high:
            raise UsageError(
                _(
                    "no Mitchell for {pairs} pairs ({tables} tables): {sizes}",
                    pairs=pairs,
                    tables=tables,
                    sizes=sizes_words(MITCHELL),
                )
            )
        full = mitchell_rounds(tables, even)
        if rounds is not None and rounds < full and tables % 2 == 0 and even == RELAY:
            raise UsageError(
                _(
                    "a relay Mitchell of {tables} tables plays all {full} rounds (cut short, some boards would be "
                    "played more often than others): use the skip (--even-tables skip) for fewer rounds",
                    tables=tables,
                    full=full,
                )
            )
        if rounds is not None and not 1 <= rounds <= full:
            raise UsageError(
                _(
                    "a Mitchell of {tables} tables has 1 to {full} rounds, not {rounds}",
                    tables=tables,
                    full=full,
                    rounds=rounds,
                )
            )
        frame = mitchell_tables(tables, even, rounds)
    else:
        if arrow_switch or switch_rounds:
            raise UsageError(_("an arrow switch is for a Mitchell: a Howell already has one winner"))
        counts = howell_round_counts(tables)
        if not counts:
            raise UsageError(
                _(
                    "no Howell for {pairs} pairs ({tables} tables): {sizes}",
                    pairs=pairs,
                    tables=tables,
                    sizes=sizes_words(HOWELL),
                )
            )
        if rounds is not None and rounds not in counts:
            raise UsageError(
                _(
                    "no Howell of {tables} tables in {rounds} rounds: it exists in {counts} rounds ({sizes})",
                    tables=tables,
                    rounds=rounds,
                    counts=_(" or ").join(str(c) for c in counts),
                    sizes=sizes_words(HOWELL),
                )
            )
        frame = howell_tables(tables, rounds)
    played = int(frame[MT.round].max())
    switched = tuple(sorted(set(switch_rounds))) or ((played,) if arrow_switch else ())
    outside = [r for r in switched if not 1 <= r <= played]
    if outside:
        raise UsageError(
            _(
                "an arrow switch in round {round}: the movement has rounds 1 to {played}",
                round=outside[0],
                played=played,
            )
        )
    return Movement(
        kind,
        tables,
        pairs,
        arrow_switched(frame, switched),
        switched,
        (even if tables % 2 == 0 else None) if kind == MITCHELL else None,
    )


def played_boards(moves: Movement, boards_per_round: int, first_board: int = 1) -> pd.DataFrame:
    """One row per board to be played (`MovementBoard`): set s holds boards first + (s-1) x per round onwards;
    rounds against the phantom pair are sit-outs, not boards."""
    frame = moves.frame
    if moves.phantom is not None:
        frame = frame[(frame[MT.ns] != moves.phantom) & (frame[MT.ew] != moves.phantom)]
    repeated = frame.loc[frame.index.repeat(boards_per_round)]
    within = np.tile(np.arange(boards_per_round), len(frame))
    boards = first_board + (repeated[MT.set].to_numpy() - 1) * boards_per_round + within
    return pd.DataFrame(
        {
            MB.round: repeated[MT.round].to_numpy(),
            MB.table: repeated[MT.table].to_numpy(),
            MB.board: boards,
            MB.ns: repeated[MT.ns].to_numpy(),
            MB.ew: repeated[MT.ew].to_numpy(),
        }
    ).astype("int64")
