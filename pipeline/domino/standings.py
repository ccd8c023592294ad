"""Totals per competitor, the classification order and the head-to-head differential.

Every table here is computed for all rounds at once: a row per (round, player) holds the totals
after that round, so the final standings are simply the block of the last round.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from schemas.domino import ProgressiveStanding as P
from schemas.domino import SideResult as S

SEATS = {"A": ("a1", "a2"), "B": ("b1", "b2")}
OPPONENTS = {"A": "B", "B": "A"}
# (column, ascending) in the seed's order: points, match points, effectiveness, pips for, pips against
CRITERIA: list[tuple[str, bool]] = [
    (P.points, False),
    (P.match_points, False),
    (P.effectiveness, False),
    (P.pips_for, False),
    (P.pips_against, True),
]


def player_results(m: pd.DataFrame, sides: pd.DataFrame) -> pd.DataFrame:
    """One row per (match, player): every player of a side receives the side's figures."""
    seated = sides.merge(_seats(m), on=[S.match, S.side])
    return seated.sort_values([S.match, S.side, "player"], kind="stable").reset_index(drop=True)


def _seats(m: pd.DataFrame) -> pd.DataFrame:
    """(match, side, player) for every occupied seat."""
    parts = [
        pd.DataFrame({S.match: m.index.astype("int64"), S.side: side, "player": m[seat]})
        for side, seats in SEATS.items()
        for seat in seats
    ]
    return pd.concat(parts).dropna(subset=["player"])


def meetings(m: pd.DataFrame, sides: pd.DataFrame) -> pd.DataFrame:
    """(match, round, player, opponent, diff): each player against each opposing player; partners excluded."""
    seats = _seats(m)
    mine = seats.merge(sides[[S.match, S.side, S.round, S.pips_for, S.pips_against]], on=[S.match, S.side])
    theirs = seats.assign(**{S.side: seats[S.side].map(OPPONENTS)}).rename(columns={"player": "opponent"})
    out = mine.merge(theirs, on=[S.match, S.side])
    out["diff"] = out[S.pips_for] - out[S.pips_against]
    return out[[S.match, S.round, "player", "opponent", "diff"]].reset_index(drop=True)


def progressive_totals(
    results: pd.DataFrame,
    penalties: pd.DataFrame,
    players: pd.Index,
    rounds: pd.Index,
) -> pd.DataFrame:
    """Cumulative totals per (round, player) after each round; penalties count from their round on."""
    grid = pd.MultiIndex.from_product([players, rounds], names=["player", P.round])
    per_round = (
        results.groupby(["player", S.round])
        .agg(
            **{
                P.played: (S.match, "size"),
                P.won: (S.won, "sum"),
                P.points: (S.points, "sum"),
                P.match_points: (S.match_points, "sum"),
                P.pips_for: (S.pips_for, "sum"),
                P.pips_against: (S.pips_against, "sum"),
            }
        )
        .reindex(grid, fill_value=0)
    )
    last = rounds.max() if len(rounds) else 1
    pen_round = penalties["round"].fillna(rounds.min() if len(rounds) else 1).clip(upper=last)
    per_round[P.penalties] = (
        penalties.assign(round=pen_round)
        .groupby(["player", "round"])["pips"]
        .sum()
        .rename_axis(["player", P.round])
        .reindex(grid, fill_value=0)
    )
    totals = per_round.groupby(level="player").cumsum().astype("int64")
    totals[P.lost] = totals[P.played] - totals[P.won]
    totals[P.effectiveness] = totals[P.pips_for] - totals[P.pips_against] - totals[P.penalties]
    return totals.reset_index()


def head_to_head(tied: pd.DataFrame, meets: pd.DataFrame) -> pd.Series:
    """Each tied row's differential over its matches against other members of its group, to date."""
    x = tied[[P.round, "player", "group"]].merge(meets.rename(columns={S.round: "played_in"}), on="player")
    x = x[x["played_in"] <= x[P.round]]
    others = tied[[P.round, "player", "group"]].rename(
        columns={"player": "opponent", "group": "opponent_group"}
    )
    x = x.merge(others, on=[P.round, "opponent"])
    x = x[x["group"] == x["opponent_group"]].drop_duplicates([P.round, "player", S.match])
    sums = x.groupby([P.round, "player"])["diff"].sum()
    keys = pd.MultiIndex.from_frame(tied[[P.round, "player"]])
    return pd.Series(sums.reindex(keys, fill_value=0).to_numpy(), index=tied.index, dtype="float64")


def _group_sizes(group: pd.Series) -> pd.Series:
    """How many rows share each row's group label."""
    return group.map(group.value_counts())


def head_to_head_passes(ordered: pd.DataFrame, meets: pd.DataFrame) -> pd.DataFrame:
    """Head-to-head differentials, one column per pass, re-applied to the members a pass leaves level."""
    keys = [P.round] + [c for c, _ in CRITERIA]
    group = ordered.groupby(keys, sort=False).ngroup()
    active = _group_sizes(group) > 1
    passes: dict[str, pd.Series] = {}
    while active.any():  # one pass per level of re-application, vectorized over all groups
        tied = ordered.loc[active, [P.round, "player"]].assign(group=group[active])
        diff = pd.Series(np.nan, index=ordered.index)
        diff[active] = head_to_head(tied, meets)
        passes[f"h2h_{len(passes) + 1}"] = diff
        split = pd.DataFrame({"g": group, "d": diff.fillna(0)}).groupby(["g", "d"]).ngroup()
        parent_size, child_size = _group_sizes(group), _group_sizes(split)
        active = active & (child_size < parent_size) & (child_size > 1)
        group = split
    return pd.DataFrame(passes, index=ordered.index)


def classification(totals: pd.DataFrame, meets: pd.DataFrame, count_word: str = "pips") -> pd.DataFrame:
    """Totals ranked within each round: the five criteria, then head-to-head; level rows share a rank."""
    keys = [c for c, _ in CRITERIA]
    ascending = [a for _, a in CRITERIA]
    ordered = totals.sort_values(
        [P.round, *keys, "player"], ascending=[True, *ascending, True], kind="stable"
    ).reset_index(drop=True)
    passes = head_to_head_passes(ordered, meets)
    h2h = list(passes.columns)
    first = passes.iloc[:, 0] if h2h else pd.Series(np.nan, index=ordered.index)
    ranked = pd.concat([ordered, passes.fillna(0), first.rename(P.head_to_head).astype("float64")], axis=1)
    ranked = ranked.sort_values(
        [P.round, *keys, *h2h, "player"],
        ascending=[True, *ascending, *[False] * len(h2h), True],
        kind="stable",
    ).reset_index(drop=True)
    final = ranked.groupby([P.round, *keys, *h2h], sort=False).ngroup()
    position = ranked.groupby(P.round).cumcount() + 1
    ranked[P.rank] = position.groupby(final).transform("min").astype("int64")
    ranked[P.decided_by] = _decided_by(ranked, keys, h2h, count_word)
    return ranked.drop(columns=h2h)


def _decided_by(ranked: pd.DataFrame, keys: list[str], h2h: list[str], count_word: str) -> pd.Series:
    """The first criterion that separates each row from the next one in its round, or `tied`."""
    labels = {
        P.points: "points",
        P.match_points: "match points",
        P.effectiveness: "effectiveness",
        P.pips_for: f"{count_word} for",
        P.pips_against: f"{count_word} against",
    }
    labels.update({h: "head-to-head" if i == 0 else f"head-to-head, pass {i + 1}" for i, h in enumerate(h2h)})
    columns = keys + h2h
    nxt = ranked.groupby(P.round)[columns].shift(-1)
    differs = [ranked[c].ne(nxt[c]) & nxt[c].notna() for c in columns]
    has_next = nxt[keys[0]].notna()
    decided = np.select(differs, [labels[c] for c in columns], default="tied")
    return pd.Series(np.where(has_next, decided, ""), index=ranked.index, dtype="str")
