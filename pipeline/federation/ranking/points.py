"""Ranking arithmetic, pure and vectorized: places -> event points -> counted events -> the ranking.

Points are kept as whole units of the last decimal (hundredths by default), so that totals are exact sums
whatever the order of addition (the local and the Dask engines add in different orders).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from pipeline.federation.ranking.rules import RankingRules
from pipeline.federation.ranking.scales import FIELD, scale_awards
from pipeline.games.ordering import lexicographic_order, natural_ranks
from schemas.ranking import COUNTED, WINDOW, Contribution, CountedContribution, PlayerTotal, RankingRow
from schemas.validation import validated

C = Contribution
K = CountedContribution
T = PlayerTotal
R = RankingRow


IN_WINDOW, BEFORE, AFTER = WINDOW
EXACT = 2**53  # every whole number below this is exact in a float64 (and far inside an int64)


def place_units(
    place: ArrayLike, tied: ArrayLike, field: ArrayLike, weight: ArrayLike, rules: RankingRules
) -> np.ndarray:
    """Units for each place: weight x scale x (field - place + 1) / field, averaged over the places a tie
    spans, rounded half up to the rules' decimals. The weight, scale and decimals are range-checked where they
    are read, which keeps every figure below 10^12 units; a figure at or past 2^53 (or not finite) is refused
    here rather than wrapped round to a wrong int64."""
    p, k, n = (np.asarray(a, dtype="int64") for a in (place, tied, field))
    doubled = 2 * (n - p + 1) - (k - 1)  # twice the mean of (n - q + 1) over q = p .. p + k - 1
    exact = np.asarray(weight, dtype="float64") * rules.scale * rules.unit * doubled / (2 * n)
    return half_up_units(exact)


def half_up_units(exact: np.ndarray) -> np.ndarray:
    """Points (in units of the last decimal, unrounded) rounded half up to whole units, float noise forgiven:
    a few ulps of error can make a true half (3.125 at 2 decimals) fall a hair short; 64 ulps cover that at
    any size (a tolerance relative to 1e-9 would add 833 units to 833,333,333,333.33 units, the largest
    settings' 5/6 of first place). A figure at or past 2^53 (or not finite) is refused."""
    units = np.floor(exact + 0.5 + 64 * np.spacing(np.maximum(np.abs(exact), 1.0)))
    if not (np.isfinite(units) & (np.abs(units) < EXACT)).all():
        raise ValueError("event points beyond 2^53 units: a weight, scale or decimals outside their ranges")
    return units.astype("int64")


def event_units(
    place: np.ndarray,
    tied: np.ndarray,
    field: np.ndarray,
    weight: float,
    rules: RankingRules,
    two_winner: bool = False,
    individual: bool = False,
) -> np.ndarray:
    """Each competitor's units by the rules' award scale: tally's field formula (`place_units`), or a
    federation's published scale (pipeline/federation/ranking/scales.py), rounded half up."""
    if rules.award.kind == FIELD:
        return place_units(place, tied, field, weight, rules)
    n = len(place)
    awards = scale_awards(
        place, tied, field, np.full(n, weight), np.full(n, two_winner), np.full(n, individual), rules.award
    )
    return half_up_units(awards * rules.unit)


def tie_sizes(place: np.ndarray, group: np.ndarray) -> np.ndarray:
    """How many rows share each row's place within its group (a field): 1 for a place held alone."""
    key = group.astype("int64") * (int(place.max(initial=0)) + 1) + place
    _, inverse, counts = np.unique(key, return_inverse=True, return_counts=True)
    return counts[inverse.reshape(-1)]


def event_contributions(
    placings: pd.DataFrame,
    file: str,
    date: pd.Timestamp,
    weight: float,
    rules: RankingRules,
    fields: ArrayLike | None = None,
    individual: bool = False,
) -> pd.DataFrame:
    """One event's contribution to each of its competitors (placings: player, name, place, and the size of the
    field each was ranked in: the whole Standings, or the NS or EW field named or numbered by `fields` in a
    two-winner Mitchell), each given the units of its place by the rules' award scale (`event_units`; more
    than one field, or a Field column, is a two-winner movement; `individual`: an individual event's); validated
    with the whole season (`season_of`), not once per file. Built from NumPy arrays, a row per competitor,
    indexed 0 .. n - 1."""
    n = len(placings)
    field = placings[C.field].to_numpy(dtype="int64") if C.field in placings else np.full(n, n, dtype="int64")
    place = placings[C.place].to_numpy(dtype="int64")
    groups = np.zeros(n, dtype="int64") if fields is None else pd.factorize(np.asarray(fields))[0]
    return pd.DataFrame(
        {
            C.file: file,
            C.date: np.full(n, pd.Timestamp(date).to_datetime64(), dtype="datetime64[ns]"),
            C.player: placings[C.player].astype("str").array,
            C.name: placings[C.name].astype("str").array,
            C.competitor: placings[C.player].astype("str").array,
            C.partners: pd.array([pd.NA] * n, dtype="str"),
            C.by_name: np.zeros(n, dtype=bool),
            C.place: place,
            C.field: field,
            C.weight: float(weight),
            C.units: event_units(
                place,
                tie_sizes(place, groups),
                field,
                weight,
                rules,
                fields is not None and groups.max(initial=0) > 0,
                individual,
            ),
        },
        index=pd.RangeIndex(n),
    )


def window_start(as_of: pd.Timestamp, rules: RankingRules) -> pd.Timestamp:
    """The first day inside the window: the as-of day and the window_days - 1 days before it."""
    return as_of - pd.Timedelta(days=rules.window_days - 1)


def window_words(dates: pd.Series, as_of: pd.Timestamp, rules: RankingRules) -> np.ndarray:
    """Where each date falls against the window (the Window column's words)."""
    return np.select([dates > as_of, dates < window_start(as_of, rules)], [AFTER, BEFORE], IN_WINDOW)


def counted_contributions(
    contributions: pd.DataFrame, as_of: pd.Timestamp, rules: RankingRules
) -> pd.DataFrame:
    """Each contribution marked in or out of the window and counted or not (each competitor's best N in it;
    equal points: the newer event, then the file name, is counted first)."""
    frame = contributions.reset_index(drop=True)
    start = window_start(as_of, rules)
    date = frame[C.date]
    after, before = (date > as_of).to_numpy(), (date < start).to_numpy()
    inside = ~(after | before)
    window = np.select([after, before], [AFTER, BEFORE], IN_WINDOW)
    choice = frame.loc[inside, [C.player, C.units, C.date, C.file]].sort_values(
        [C.player, C.units, C.date, C.file], ascending=[True, False, False, True], kind="stable"
    )
    order = pd.Series(np.iinfo("int64").max, index=frame.index, dtype="int64")
    order.loc[choice.index] = choice.groupby(C.player, sort=False).cumcount().to_numpy()
    counted = inside & (order.to_numpy() < rules.best)
    note = np.select(
        [counted, after, before],
        [
            COUNTED,
            f"played after the as-of date {as_of:%Y-%m-%d}",
            f"played before the window ({start:%Y-%m-%d} to {as_of:%Y-%m-%d})",
        ],
        f"not among the best {rules.best}",
    )
    return validated(frame.assign(**{K.window: window, K.counted: counted, K.note: note}), K)


def player_totals(counted: pd.DataFrame) -> pd.DataFrame:
    """Each competitor's counted points, number of counted events and best counted event (units)."""
    kept = counted[K.units].where(counted[K.counted], 0).astype("int64")
    grouped = counted.assign(kept=kept, n=counted[K.counted].astype("int64")).groupby(K.player, sort=True)
    totals = pd.DataFrame(
        {T.units: grouped["kept"].sum(), T.events: grouped["n"].sum(), T.best: grouped["kept"].max()}
    )
    return validated(
        totals.rename_axis(T.player)
        .reset_index()
        .astype({T.units: "int64", T.events: "int64", T.best: "int64"}),
        T,
    )


def latest_names(contributions: pd.DataFrame) -> pd.Series:
    """Each competitor's name as written in their newest event that gives one (player -> name)."""
    named = contributions.dropna(subset=[C.name]).sort_values([C.date, C.file], kind="stable")
    latest = named.drop_duplicates(C.player, keep="last")
    return pd.Series(latest[C.name].to_numpy(), index=latest[C.player].to_numpy(), dtype="str")


def ranking_table(totals: pd.DataFrame, names: pd.Series) -> pd.DataFrame:
    """The ranking: most points, then more events counted, then the best single event; level on all three
    share the rank (1, 1, 3), listed by ID. Competitors with no counted event are left out."""
    t = totals[totals[T.events] > 0].reset_index(drop=True)
    keys = [-t[T.units].to_numpy(), -t[T.events].to_numpy(), -t[T.best].to_numpy()]
    t = t.iloc[lexicographic_order([*keys, natural_ranks(t[T.player])])].reset_index(drop=True)
    level = t[[T.units, T.events, T.best]].to_numpy()
    new = np.r_[True, (level[1:] != level[:-1]).any(axis=1)] if len(t) else np.zeros(0, dtype=bool)
    starts = np.flatnonzero(new)
    rank = np.repeat(starts + 1, np.diff(np.r_[starts, len(t)]))
    name = t[T.player].map(names).astype("str")
    table = pd.DataFrame(
        {
            R.rank: rank.astype("int64"),
            R.player: t[T.player],
            R.name: name,
            R.units: t[T.units],
            R.events: t[T.events],
            R.best: t[T.best],
        }
    )
    return validated(table, R)


def ranked_season(
    contributions: pd.DataFrame, as_of: pd.Timestamp, rules: RankingRules
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(every contribution judged, the ranking), in pandas on this machine."""
    counted = counted_contributions(contributions, as_of, rules)
    return counted, ranking_table(player_totals(counted), latest_names(counted))
