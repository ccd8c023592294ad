"""Movements (pipeline/games/bridge/movements.py): the rules every movement keeps, proven exhaustively over every
size `tally bridge schedule` accepts (docs/movements.md lists them), and movements checked against published
guide cards."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from pipeline.games.bridge.movements import (
    HOWELL,
    HOWELL_SETS,
    MITCHELL,
    RELAY,
    SKIP,
    Movement,
    howell_round_counts,
    movement,
    played_boards,
)
from pipeline.problems import UsageError
from schemas.movements import MovementBoard as MB
from schemas.movements import MovementTable as MT

MITCHELL_SIZES = range(3, 21)  # tested exhaustively in make test
LARGE_MITCHELL_SIZES = range(21, 101)  # the rest of what `schedule` accepts: full movements, in the slow run
HOWELL_SIZES = range(2, 9)


def rows(moves: Movement) -> list[tuple[int, int, int, int, int, bool]]:
    """The movement's rows as plain tuples (round, table, ns, ew, set, relay)."""
    f = moves.frame
    return list(zip(f[MT.round], f[MT.table], f[MT.ns], f[MT.ew], f[MT.set], f[MT.relayed], strict=True))


def broken_rules(moves: Movement, allowed_relays: set[int]) -> list[str]:
    """Every rule of issue 16 the movement breaks, checked with plain loops (independent of the code's numpy):
    `allowed_relays` are the tables that may share a set with another table in a round."""
    found = []
    places = range(1, 2 * moves.tables + 1)
    real = range(1, moves.pairs + 1)
    phantom = moves.phantom
    by_round: dict[int, list[int]] = {}
    tables_in_round: dict[int, list[int]] = {}
    for rnd, table, ns, ew, _, _ in rows(moves):
        by_round.setdefault(rnd, []).extend([ns, ew])
        tables_in_round.setdefault(rnd, []).append(table)
    for rnd, seated in by_round.items():
        if sorted(seated) != list(places):
            found.append(f"round {rnd}: places {sorted(seated)} are not each place once")
        if sorted(tables_in_round[rnd]) != list(range(1, moves.tables + 1)):
            found.append(f"round {rnd}: tables {tables_in_round[rnd]}")
    meetings = Counter(frozenset((ns, ew)) for _, _, ns, ew, _, _ in rows(moves))
    found += [f"{sorted(m)} meet {n} times" for m, n in meetings.items() if n > 1]
    sets_of: dict[int, list[int]] = {}
    for _, _, ns, ew, s, _ in rows(moves):
        sets_of.setdefault(ns, []).append(s)
        sets_of.setdefault(ew, []).append(s)
    found += [f"pair {p} plays a set twice: {ss}" for p, ss in sets_of.items() if len(set(ss)) < len(ss)]
    at_tables: dict[tuple[int, int], list[int]] = {}
    for rnd, table, _, _, s, _ in rows(moves):
        at_tables.setdefault((rnd, s), []).append(table)
    for (rnd, s), tables in at_tables.items():
        if len(tables) > 1 and not set(tables) <= allowed_relays:
            found.append(f"round {rnd}: set {s} at tables {tables}")
    for rnd, table, _, _, s, relay in rows(moves):
        if relay != (len(at_tables[rnd, s]) > 1):
            found.append(f"round {rnd} table {table}: relay marked {relay}")
    # every set is at a table (the phantom's included) the same number of times
    set_counts = Counter(s for _, _, _, _, s, _ in rows(moves))
    if len(set(set_counts.values())) != 1:
        found.append(f"sets at tables unevenly: {dict(set_counts)}")
    boards = played_boards(moves, 2, 1)
    played = list(
        zip(boards[MB.round], boards[MB.table], boards[MB.board], boards[MB.ns], boards[MB.ew], strict=True)
    )
    seen = Counter((p, b) for _, _, b, ns, ew in played for p in (ns, ew))
    found += [f"pair {p} plays board {b} {n} times" for (p, b), n in seen.items() if n > 1]
    if any(p not in real for _, _, _, ns, ew in played for p in (ns, ew)):
        found.append("the phantom (or a place beyond the pairs) is a played result")
    rounds_played = Counter(
        p for rnd, _, ns, ew, _, _ in rows(moves) if phantom not in (ns, ew) for p in (ns, ew)
    )
    sit_outs = Counter(p for _, _, ns, ew, _, _ in rows(moves) if phantom in (ns, ew) for p in (ns, ew))
    for p in real:
        if rounds_played[p] + sit_outs[p] != moves.rounds:
            found.append(f"pair {p} plays {rounds_played[p]} rounds and sits out {sit_outs[p]}")
    counts = Counter(b for _, _, b, _, _ in played)
    # boards the phantom met are played once fewer: the counts are equal when it met every set once
    phantom_sets = sets_of.get(phantom, []) if phantom else []
    if phantom is None or sorted(phantom_sets) == sorted(set_counts):
        if len(set(counts.values())) != 1:
            found.append(f"boards played unevenly: {dict(counts)}")
    elif max(counts.values()) - min(counts.values()) > 1:
        found.append(f"boards played unevenly by more than one: {dict(counts)}")
    return found


def mitchell_cases() -> list[tuple[int, str, int | None, bool]]:
    """(pairs, even tables, rounds, arrow switch) for every Mitchell size tested, full and cut short."""
    cases = []
    for tables in MITCHELL_SIZES:
        for pairs in (2 * tables - 1, 2 * tables):
            evens = (SKIP, RELAY) if tables % 2 == 0 else (SKIP,)
            for even in evens:
                full = tables - 1 if tables % 2 == 0 and even == SKIP else tables
                shorter = [] if even == RELAY and tables % 2 == 0 else [1, full // 2, full - 1]
                for rounds in (None, *shorter):
                    cases.append((pairs, even, rounds, rounds is None))
    return cases


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("tables", LARGE_MITCHELL_SIZES)
def test_every_large_mitchell_keeps_the_rules(tables: int) -> None:
    # every size up to the 100 tables `schedule` accepts, odd and even pairs, skip and relay, with and without
    # an arrow switch, and one cut short
    for pairs in (2 * tables - 1, 2 * tables):
        for even in (SKIP, RELAY) if tables % 2 == 0 else (SKIP,):
            full = tables - 1 if tables % 2 == 0 and even == SKIP else tables
            relays = {1, tables} if tables % 2 == 0 and even == RELAY else set()
            for rounds, switch in ((None, False), (None, True), (full // 2, False)):
                if rounds is not None and even == RELAY:
                    continue
                moves = movement(pairs, MITCHELL, even=even, rounds=rounds, arrow_switch=switch)
                assert broken_rules(moves, relays) == [], (pairs, even, rounds, switch)
                assert moves.rounds == (rounds or full)


@pytest.mark.parametrize(("pairs", "even", "rounds", "switch"), mitchell_cases())
def test_every_mitchell_keeps_the_rules(pairs: int, even: str, rounds: int | None, switch: bool) -> None:
    moves = movement(pairs, MITCHELL, even=even, rounds=rounds, arrow_switch=switch)
    tables = (pairs + 1) // 2
    relays = {1, tables} if tables % 2 == 0 and even == RELAY else set()
    assert broken_rules(moves, relays) == []
    expected = rounds or (tables - 1 if tables % 2 == 0 and even == SKIP else tables)
    assert moves.rounds == expected


@pytest.mark.parametrize("tables", HOWELL_SIZES)
def test_every_howell_keeps_the_rules(tables: int) -> None:
    counts = howell_round_counts(tables)
    assert counts[-1] == 2 * tables - 1  # the complete Howell is always there
    for rounds in counts:
        for pairs in (2 * tables - 1, 2 * tables):
            moves = movement(pairs, HOWELL, rounds=rounds)
            relays = {1, 2, 3} if tables <= 3 and rounds == 2 * tables - 1 else set()
            assert broken_rules(moves, relays) == [], (tables, rounds, pairs)
            assert moves.rounds == rounds


def test_a_complete_howell_meets_everyone_and_each_pair_plays_every_set() -> None:
    for tables in HOWELL_SIZES:
        moves = movement(2 * tables, HOWELL)
        met = {frozenset(p) for p in zip(moves.frame[MT.ns], moves.frame[MT.ew], strict=True)}
        assert met == {frozenset(c) for c in combinations(range(1, 2 * tables + 1), 2)}
        assert moves.sets == 2 * tables - 1


def test_the_three_quarter_howells_are_the_kept_arrangements() -> None:
    """Every arrangement kept as data is one the rules test above covered (none is trusted unchecked)."""
    for tables, rounds in HOWELL_SETS:
        assert rounds in howell_round_counts(tables)


def test_the_arrow_switch_swaps_directions_in_the_named_rounds_only() -> None:
    plain = movement(14, MITCHELL).frame
    switched = movement(14, MITCHELL, arrow_switch=True, switch_rounds=(3, 7)).frame
    for rnd in range(1, 8):
        a, b = plain[plain[MT.round] == rnd], switched[switched[MT.round] == rnd]
        if rnd in (3, 7):
            assert list(b[MT.ns]) == list(a[MT.ew]) and list(b[MT.ew]) == list(a[MT.ns])
        else:
            assert list(b[MT.ns]) == list(a[MT.ns])
    last = movement(14, MITCHELL, arrow_switch=True)
    assert last.switched == (7,)
    assert last.setting == "Mitchell, arrow switch in round 7"
    assert movement(14, MITCHELL).setting == "Mitchell"
    assert movement(14, MITCHELL, switch_rounds=(6, 7)).setting == "Mitchell, arrow switch in rounds 6, 7"


def test_the_five_table_mitchell_is_the_published_card() -> None:
    """The standard Mitchell (bridgecentral.com, "Mitchell movement"; bridgewebs.com/exeter, "9 Tables Mitchell,
    9 rounds"): NS pairs stationary, EW pairs up one table, boards down one table. Table 1's card and EW pair 1's
    card for 5 tables with 3 boards a round, written out by hand as a guide card lists them."""
    boards = played_boards(movement(10, MITCHELL), 3, 1)
    table_1 = boards[boards[MB.table] == 1].groupby(MB.round).agg({MB.ew: "first", MB.board: "min"})
    # round: (EW pair as 1-5 -> place 5 + n, first board)
    card = {1: (1, 1), 2: (5, 4), 3: (4, 7), 4: (3, 10), 5: (2, 13)}
    assert {
        r: (ew - 5, b) for r, (ew, b) in zip(table_1.index, table_1.to_numpy().tolist(), strict=True)
    } == card
    ew_1 = boards[boards[MB.ew] == 6].groupby(MB.round).agg({MB.table: "first", MB.board: "min"})
    # EW 1 goes to tables 1, 2, 3, 4, 5 and plays boards 1-3, 7-9, 13-15, 4-6, 10-12
    assert ew_1.to_numpy().tolist() == [[1, 1], [2, 7], [3, 13], [4, 4], [5, 10]]


def test_the_two_table_howell_is_the_published_standard_one() -> None:
    """bridgescoreplus.com "Recommended movements", 2 tables: a Howell of 3 rounds, pair 4 stationary at table 1
    NS, both tables sharing boards every round; the Standard one has pair 3 NS and pair 2 EW at table 2 in round
    1."""
    frame = movement(4, HOWELL).frame
    assert set(frame.loc[frame[MT.table] == 1, MT.ns]) == {4}
    first = frame[frame[MT.round] == 1].set_index(MT.table)
    assert (first.loc[2, MT.ns], first.loc[2, MT.ew]) == (3, 2)
    assert frame[MT.relayed].all()


def test_skip_and_relay_of_eight_tables() -> None:
    """bridgecentral.com "Skip Mitchell": the EW pairs skip after half the rounds and the revenge round is not
    played; a relay Mitchell has tables 1 and 8 sharing and one set on the bye stand each round."""
    skip = movement(16, MITCHELL).frame
    ew_9 = skip[skip[MT.ew] == 9].sort_values(MT.round)[MT.table].tolist()
    assert ew_9 == [1, 2, 3, 4, 6, 7, 8]
    relay = movement(16, MITCHELL, even=RELAY).frame
    assert relay[MT.round].max() == 8
    for _, one in relay.groupby(MT.round):
        shared = one[one[MT.relayed]]
        assert sorted(shared[MT.table]) == [1, 8] and shared[MT.set].nunique() == 1
        assert one[MT.set].nunique() == 7  # the eighth set is on the bye stand


def test_board_numbers_follow_the_sets() -> None:
    boards = played_boards(movement(6, MITCHELL), 4, 21)
    first = boards[boards[MB.round] == 1]
    assert first[MB.board].tolist() == list(range(21, 33))
    assert boards[MB.board].min() == 21 and boards[MB.board].max() == 32


@pytest.mark.parametrize(
    ("pairs", "kind", "options", "words"),
    [
        (18, HOWELL, {}, "2 to 8 tables"),
        (4, MITCHELL, {}, "3 to 100 tables"),
        (10, HOWELL, {"rounds": 5}, "8 or 9 rounds"),
        (16, MITCHELL, {"even": RELAY, "rounds": 5}, "skip"),
        (10, MITCHELL, {"rounds": 6}, "1 to 5 rounds"),
        (10, HOWELL, {"arrow_switch": True}, "Mitchell"),
        (10, MITCHELL, {"switch_rounds": (9,)}, "rounds 1 to 5"),
        (10, "hesitation", {}, "mitchell or howell"),
    ],
)
def test_a_movement_that_does_not_exist_says_what_does(
    pairs: int, kind: str, options: dict[str, object], words: str
) -> None:
    with pytest.raises(UsageError) as caught:
        movement(pairs, kind, **options)  # type: ignore[arg-type]
    assert words in str(caught.value)
