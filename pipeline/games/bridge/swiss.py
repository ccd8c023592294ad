"""The next round of a Swiss teams event, pure: who meets whom and who has the bye (docs/swiss.md).

The rule (after Magic Contest's Swiss pairing, magicscoring.com "How are the pairings created?", and FIDE
Handbook C.04.1 b and d: no two meet twice, no second bye while another can take it):

1. **The bye** (an odd number of teams): the lowest-ranked team among those with the fewest byes so far
   (none, until every team has had one), provided the other teams can then all be paired without a rematch;
   if they cannot, the next team up among those with the fewest byes, and so on; only when no team with the
   fewest byes will do, the teams with one bye more, from the bottom up.
2. **The matches, from the top**: the highest-ranked unpaired team meets the highest-ranked team below it that
   it has not met; then the next highest unpaired team, and so on down. When the teams left at the bottom
   cannot all be paired without a rematch, the search steps back to the lowest table whose opponent can
   still change and takes that team's next opponent down the list (depth first). So the pairing kept is the
   first, in the order of the list, that pairs everyone: written as the opponents' places of the successive
   highest unpaired teams, it is the smallest such sequence. The top tables are changed last.
3. **Home and away** (home sits NS in the Open room): the team with fewer home matches so far; with as many,
   the higher-ranked. Table 1 is the top match.
4. No pairing without a rematch for any bye: `next_round` gives None (the caller reports it; a rematch is
   never made silently).

The search is a depth-first search over the teams by rank (inherently sequential, like the round robin's
seat swaps in pipeline/games/schedule.py); the sets of teams left to pair that cannot be paired are
remembered, so no dead end is explored twice.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SwissRound:
    """A Swiss round: its matches (home, away), table 1 first, and the team with the bye (None: even)."""

    tables: tuple[tuple[str, str], ...]
    bye: str | None


def met_matrix(order: Sequence[str], met: Iterable[tuple[str, str]]) -> list[int]:
    """For each place in `order`, the bit mask of the places it has met (pairs naming another team are
    left out)."""
    place = {team: i for i, team in enumerate(order)}
    masks = [0] * len(order)
    for a, b in met:  # the matches played so far
        if a in place and b in place and a != b:
            masks[place[a]] |= 1 << place[b]
            masks[place[b]] |= 1 << place[a]
    return masks


def pairing_from_top(count: int, met: Sequence[int], left: int) -> tuple[tuple[int, int], ...] | None:
    """The places of `left` (a bit mask of places out of `count`) paired from the top as the rule's step 2
    says: (higher, lower) by table, or None when they cannot all be paired without a rematch."""

    @functools.cache
    def rest(mask: int) -> tuple[tuple[int, int], ...] | None:
        """The pairing of the places in `mask`, or None (remembered for each set of places)."""
        if mask == 0:
            return ()
        top = (mask & -mask).bit_length() - 1
        below = mask & ~(1 << top)
        for other in range(top + 1, count):  # the candidates, highest-ranked first
            if below >> other & 1 and not met[top] >> other & 1:
                found = rest(below & ~(1 << other))
                if found is not None:
                    return ((top, other), *found)
        return None

    return rest(left)


def bye_candidates(count: int, byes: Sequence[int]) -> list[int]:
    """The places in the order the rule's step 1 tries them for the bye: fewest byes first, lowest-ranked
    first among as many."""
    return sorted(range(count), key=lambda place: (byes[place], -place))


def next_round(
    order: Sequence[str],
    met: Iterable[tuple[str, str]] = (),
    byes: Iterable[str] = (),
    homes: Mapping[str, int] | None = None,
) -> SwissRound | None:
    """The next round of a Swiss for the teams ranked in `order` (best first), the pairs that have met, the
    teams that had a bye (once per bye) and each team's home matches so far; None when no pairing without a
    rematch exists."""
    count = len(order)
    masks = met_matrix(order, met)
    had = dict.fromkeys(order, 0)
    for team in byes:  # the byes had so far
        if team in had:
            had[team] += 1
    everyone = (1 << count) - 1
    choices = [None] if count % 2 == 0 else bye_candidates(count, [had[t] for t in order])
    for bye in choices:  # the bye's candidates in the rule's order (just None when the count is even)
        left = everyone if bye is None else everyone & ~(1 << bye)
        pairs = pairing_from_top(count, masks, left)
        if pairs is not None:
            home = homes or {}
            tables = tuple(
                (order[b], order[a])
                if home.get(order[b], 0) < home.get(order[a], 0)
                else (order[a], order[b])
                for a, b in pairs
            )
            return SwissRound(tables, None if bye is None else order[bye])
    return None
