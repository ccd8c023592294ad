"""Award scales as federations publish them (ranking.toml `[ranking.award]`, docs/federation.md "Award
scales"): what each place of an event is worth, from the field, the number of tables, the kind of movement and
the event's weight; tied places share the awards of the places they cover. Pure and vectorized.

- `field` (tally's own, the default): weight x scale x (field - place + 1) / field.
- `rate` (the Australian Bridge Federation's club session awards, ABF Masterpoint Manual 3.1.1 and 4.2): the
  winner gets rate x weight x tables (0.02 for a two-winner movement up to 30 tables, 0.04 for a one-winner
  movement up to 15; weight x (1 - exp(-tables / decay)) above), the runner-up 70 % of it, and each lower
  place the winner's award divided by one less than the place, down to the top half of the field.
- `steps` (the Scottish Bridge Union's club local points): the last place paid gets the minimum award and
  each place above it one step more, down to the top third of the field; a tie gets the mean of the awards of
  the places it covers, never less than the minimum.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

FIELD, RATE, STEPS = "field", "rate", "steps"  # the kinds of scale
PAID = {  # how many places a scale pays, from the number of competitors in the field
    "all": lambda n: n,
    "half-down": lambda n: n // 2,
    "third-up": lambda n: -(-n // 3),
    "quarter-up": lambda n: -(-n // 4),
}


@dataclass(frozen=True)
class AwardScale:
    """A published award scale's parameters (ranking.toml `[ranking.award]`; docs/federation.md)."""

    kind: str = FIELD
    paid: str = "all"  # PAID: the places that score
    # rate: the winner's award per table and unit of weight, up to `limit` tables; above, weight x
    # (1 - exp(-tables / decay)); for a two-winner field (NS and EW ranked apart) and a one-winner one
    rate_two_winner: float = 0.02
    rate_one_winner: float = 0.04
    limit_two_winner: int = 30
    limit_one_winner: int = 15
    decay_two_winner: float = 32.0
    decay_one_winner: float = 16.0
    runner_up: float = 0.7  # the runner-up's share of the winner's award; places below: winner / (place - 1)
    # steps: the minimum award (the last place paid) and the step each place above it adds
    minimum_two_winner: float = 10.0
    minimum_one_winner: float = 6.0
    minimum_individual: float = 6.0
    step_two_winner: float = 10.0
    step_one_winner: float = 6.0
    step_individual: float = 3.0
    # a team of more members than this shares that many awards among them (the ABF: "When a team has 5 or 6
    # members each of them receives 4/5 or 2/3 of the standard award"); 0: every member gets the award
    shared_beyond: int = 0


def tables_of(field: np.ndarray, two_winner: np.ndarray, individual: np.ndarray) -> np.ndarray:
    """The number of tables of a field: a two-winner field's pairs (one sits at each table), a one-winner
    field's pairs over two, an individual's players over four; half tables rounded up (ABF 3.1.3)."""
    seats = np.where(two_winner, 1, np.where(individual, 4, 2))
    return -(-field // seats)


def rate_awards(
    place: np.ndarray,
    field: np.ndarray,
    weight: np.ndarray,
    two_winner: np.ndarray,
    individual: np.ndarray,
    s: AwardScale,
) -> np.ndarray:
    """Each place's award by the rate scale (places past those paid: 0)."""
    tables = tables_of(field, two_winner, individual)
    rate = np.where(two_winner, s.rate_two_winner, s.rate_one_winner)
    limit = np.where(two_winner, s.limit_two_winner, s.limit_one_winner)
    decay = np.where(two_winner, s.decay_two_winner, s.decay_one_winner)
    winner = np.where(tables <= limit, rate * weight * tables, weight * (1 - np.exp(-tables / decay)))
    share = np.select([place == 1, place == 2], [1.0, s.runner_up], 1.0 / np.maximum(place - 1, 1))
    return np.where(place <= PAID[s.paid](field), winner * share, 0.0)


def step_awards(
    place: np.ndarray,
    field: np.ndarray,
    weight: np.ndarray,
    two_winner: np.ndarray,
    individual: np.ndarray,
    s: AwardScale,
) -> np.ndarray:
    """Each place's award by the steps scale (places past those paid: 0)."""
    paid = PAID[s.paid](field)
    minimum = minimums(two_winner, individual, s)
    step = np.where(two_winner, s.step_two_winner, np.where(individual, s.step_individual, s.step_one_winner))
    return np.where(place <= paid, weight * (minimum + step * (paid - place)), 0.0)


def minimums(two_winner: np.ndarray, individual: np.ndarray, s: AwardScale) -> np.ndarray:
    """The steps scale's minimum award of each field."""
    return np.where(
        two_winner, s.minimum_two_winner, np.where(individual, s.minimum_individual, s.minimum_one_winner)
    )


def scale_awards(
    place: ArrayLike,
    tied: ArrayLike,
    field: ArrayLike,
    weight: ArrayLike,
    two_winner: ArrayLike,
    individual: ArrayLike,
    s: AwardScale,
) -> np.ndarray:
    """Each competitor's award (points, unrounded) by a rate or steps scale: the mean of the awards of the
    places its tie covers (place to place + tied - 1; a place alone covers itself); by the steps scale a tie
    that starts among the places paid gets at least the minimum."""
    p, k, n = (np.asarray(a, dtype="int64") for a in (place, tied, field))
    w = np.asarray(weight, dtype="float64")
    two, one = np.asarray(two_winner, dtype=bool), np.asarray(individual, dtype=bool)
    award = rate_awards if s.kind == RATE else step_awards
    most = int(k.max(initial=1))
    covered = p[:, None] + np.arange(most)[None, :]  # each row's places, padded past its tie
    inside = np.arange(most)[None, :] < k[:, None]
    each = award(covered, n[:, None], w[:, None], two[:, None], one[:, None], s)
    mean = np.where(inside, each, 0.0).sum(axis=1) / k
    if s.kind == STEPS:
        floor = w * minimums(two, one, s)
        mean = np.where((p <= PAID[s.paid](n)) & (k > 1), np.maximum(mean, floor), mean)
    return mean
