"""The Swiss pairing core (pipeline/games/bridge/swiss.py): worked examples derived by hand from the rule in
docs/swiss.md, and properties checked against a plain enumeration of every pairing."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.games.bridge.swiss import SwissRound, next_round

# ---------------------------------------------------------------- worked examples (derived by hand)


def test_first_round_pairs_the_list_from_the_top_and_the_last_team_has_the_bye():
    # nobody has met or had a bye: 1-2, 3-4, 5-6; the lowest (7) has the bye
    found = next_round(["1", "2", "3", "4", "5", "6", "7"])
    assert found == SwissRound((("1", "2"), ("3", "4"), ("5", "6")), "7")


def test_worked_example_seven_teams_round_two():
    # Round 1 was A-B, C-D, E-F with G's bye; the standings now read A B C D E F G.
    # Bye: G has had one, F is the lowest of the teams with none -> F. Left A B C D E G.
    # A: B met -> C. Left B D E G. B: D (not met). Left E G: E-G not met. So A-C, B-D, E-G.
    found = next_round(list("ABCDEFG"), [("A", "B"), ("C", "D"), ("E", "F")], ["G"])
    assert found == SwissRound((("A", "C"), ("B", "D"), ("E", "G")), "F")


def test_worked_example_backtracks_at_the_lowest_table_first():
    # Met: A-B, A-C, C-D, E-F, B-E, D-F. A: B, C met -> D. Left B C E F.
    # B: C -> left E F, met: dead end. B: E met. B: F -> left C E, not met. So A-D, B-F, C-E
    # (taking A's opponent down the list instead is never needed: the lower table changes first).
    met = [("A", "B"), ("A", "C"), ("C", "D"), ("E", "F"), ("B", "E"), ("D", "F")]
    found = next_round(list("ABCDEF"), met)
    assert found == SwissRound((("A", "D"), ("B", "F"), ("C", "E")), None)


def test_worked_example_backtracks_to_the_top_table_when_nothing_below_helps():
    # Met: C-D, C-E, C-F, E-F. A-B leaves C D E F, and C has met all three: dead end.
    # A: C. Left B D E F. B: D -> left E F, met: dead end. B: E -> left D F, not met. So A-C, B-E, D-F.
    met = [("C", "D"), ("C", "E"), ("C", "F"), ("E", "F")]
    found = next_round(list("ABCDEF"), met)
    assert found == SwissRound((("A", "C"), ("B", "E"), ("D", "F")), None)


def test_worked_example_the_bye_moves_up_when_the_rest_cannot_be_paired():
    # A has met B, C and D. With E's bye, A has no opponent left: the bye goes to the next team up without
    # one, D. Left A B C E: A: B, C met -> E. Left B C: not met. So A-E, B-C, bye D.
    met = [("A", "B"), ("A", "C"), ("A", "D")]
    found = next_round(list("ABCDE"), met)
    assert found == SwissRound((("A", "E"), ("B", "C")), "D")


def test_worked_example_second_byes_start_from_the_bottom_once_everyone_has_had_one():
    # Three teams, each had one bye, nobody has met: fewest byes are all equal -> the lowest, C.
    found = next_round(["A", "B", "C"], [], ["A", "B", "C"])
    assert found == SwissRound((("A", "B"),), "C")
    # C has had two: A and B have fewer -> B, the lower of them. Left A C.
    found = next_round(["A", "B", "C"], [], ["A", "B", "C", "C"])
    assert found == SwissRound((("A", "C"),), "B")


def test_worked_example_home_is_the_team_with_fewer_home_matches_then_the_higher_ranked():
    # The pairs are A-C, B-D, E-G (as above). A has 1 home match, C none -> C at home. B and D both
    # 1 -> B, the higher-ranked. E 0, G 1 -> E.
    homes = {"A": 1, "B": 1, "C": 0, "D": 1, "E": 0, "F": 1, "G": 1}
    found = next_round(list("ABCDEFG"), [("A", "B"), ("C", "D"), ("E", "F")], ["G"], homes)
    assert found == SwissRound((("C", "A"), ("B", "D"), ("E", "G")), "F")


def test_no_pairing_without_a_rematch_is_none():
    assert next_round(list("ABCD"), list(itertools.combinations("ABCD", 2))) is None
    assert next_round(list("ABC"), list(itertools.combinations("ABC", 2))) is None


def test_a_single_team_has_the_bye_and_no_team_gives_no_round():
    assert next_round(["A"]) == SwissRound((), "A")
    assert next_round([]) == SwissRound((), None)


# ---------------------------------------------------------------- properties, against a plain enumeration


def matchings(teams: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to pair the places `teams` (ascending), each pair (higher, lower), by its first place."""
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):  # every partner of the first
        for more in matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *more]


def expected_round(n: int, met: set[frozenset[int]], byes: list[int]) -> tuple[int | None, list] | None:
    """The rule applied by brute force: the bye candidates in order (fewest byes, then lowest-ranked); the
    first whose remaining places have a rematch-free pairing takes the bye, with the smallest such pairing
    (as the list of pairs ordered by their higher team, compared place by place)."""
    order = sorted(range(n), key=lambda p: (byes.count(p), -p))
    ranked: list[int | None] = list(order)
    candidates: list[int | None] = [None] if n % 2 == 0 else ranked
    for bye in candidates:  # in the rule's order
        left = [p for p in range(n) if p != bye]
        ok = [m for m in matchings(left) if all(frozenset(pair) not in met for pair in m)]
        if ok:
            return bye, min(ok)
    return None


@st.composite
def histories(draw: st.DrawFn) -> tuple[int, set[frozenset[int]], list[int], dict[int, int]]:
    """A field of 1 to 10 teams (places 0.. by rank), some pairs that have met, byes had, home matches."""
    n = draw(st.integers(1, 10))
    pairs = list(itertools.combinations(range(n), 2))
    met = set(map(frozenset, draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []))
    byes = draw(st.lists(st.integers(0, n - 1), max_size=2 * n))
    homes = {p: draw(st.integers(0, 3)) for p in range(n)}
    return n, met, byes, homes


def names(n: int) -> list[str]:
    """Team ids that do not sort as their ranks do (so nothing can lean on the ids' order)."""
    return [f"T{(7 * p + 3) % 101}" for p in range(n)]


@settings(max_examples=400, deadline=None)
@given(histories())
def test_the_pairing_is_the_rule_applied_by_brute_force(history):
    n, met, byes, homes = history
    ids = names(n)
    found = next_round(
        ids,
        [(ids[a], ids[b]) for a, b in (tuple(sorted(m)) for m in met)],
        [ids[p] for p in byes],
        {ids[p]: h for p, h in homes.items()},
    )
    expected = expected_round(n, met, byes)
    if expected is None:
        assert found is None
        return
    assert found is not None
    place = {t: p for p, t in enumerate(ids)}
    bye, pairs = expected
    assert found.bye == (None if bye is None else ids[bye])
    assert [tuple(sorted((place[h], place[a]))) for h, a in found.tables] == pairs
    seated = [t for table in found.tables for t in table] + ([found.bye] if found.bye else [])
    assert sorted(seated) == sorted(ids)  # everyone once: no team twice, nobody left out
    assert all(frozenset((place[h], place[a])) not in met for h, a in found.tables)  # no rematch
    for home, away in found.tables:  # fewer home matches at home; as many: the higher-ranked
        assert (homes[place[home]], place[home]) < (homes[place[away]], place[away])
    if found.bye is not None:  # no second bye while a team without one could take it
        fewest = min(byes.count(p) for p in range(n))
        takers = [p for p in range(n) if byes.count(p) == fewest]
        if any(expected_round_with_bye(n, met, p) for p in takers):
            assert byes.count(place[found.bye]) == fewest
            lower = [p for p in takers if p > place[found.bye]]
            assert not any(expected_round_with_bye(n, met, p) for p in lower)


def expected_round_with_bye(n: int, met: set[frozenset[int]], bye: int) -> bool:
    """Whether the others can be paired without a rematch when `bye` sits out."""
    left = [p for p in range(n) if p != bye]
    return any(all(frozenset(pair) not in met for pair in m) for m in matchings(left))


def swiss_event(n: int, rounds: int, margins: list[list[float]]) -> list[SwissRound]:
    """`rounds` rounds of a Swiss of `n` teams T1..Tn (seeded in that order), each match's VPs split by the
    next of `margins` (a number from 0 to 20 for the home team); the standings by VPs, ties by seed."""
    seeds = [f"T{i}" for i in range(1, n + 1)]
    vps = dict.fromkeys(seeds, 0.0)
    homes = dict.fromkeys(seeds, 0)
    met: list[tuple[str, str]] = []
    byes: list[str] = []
    played = []
    order = seeds
    for r in range(rounds):  # one round after another, as an event is run
        found = next_round(order, met, byes, homes)
        assert found is not None, f"round {r + 1}: no pairing"
        for (home, away), share in zip(found.tables, margins[r], strict=False):
            vps[home] += share
            vps[away] += 20 - share
            homes[home] += 1
            met.append((home, away))
        byes += [found.bye] if found.bye else []
        played.append(found)
        order = sorted(seeds, key=lambda t: (-vps[t], seeds.index(t)))
    return played


@pytest.mark.parametrize("shares", [0.0, 10.0, 20.0])
def test_thirteen_teams_ten_rounds_with_one_sided_results(shares):
    played = swiss_event(13, 10, [[shares] * 6 for _ in range(10)])
    check_swiss(played, 13)


def check_swiss(played: list[SwissRound], n: int) -> None:
    """No rematch over the event, each round everyone once, the byes each to a different team."""
    meetings = [frozenset(t) for r in played for t in r.tables]
    assert len(meetings) == len(set(meetings))
    for r in played:
        seated = [t for table in r.tables for t in table] + [str(r.bye)]
        assert sorted(seated) == sorted(f"T{i}" for i in range(1, n + 1))
    byes = [r.bye for r in played]
    assert len(set(byes)) == len(byes) == len(played)


margins = st.lists(
    st.lists(st.floats(0, 20, allow_nan=False), min_size=6, max_size=6), min_size=10, max_size=10
)


@settings(max_examples=40, deadline=None)
@given(margins)
def test_thirteen_teams_ten_rounds_with_random_results_pair_without_rematches(results):
    check_swiss(swiss_event(13, 10, results), 13)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(margins)
def test_thirteen_teams_ten_rounds_with_random_results_many_times(results):
    check_swiss(swiss_event(13, 10, results), 13)
