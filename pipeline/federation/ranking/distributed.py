"""The same ranking aggregated on a Dask cluster: contributions hash-partitioned by competitor, each
partition judged by the pandas rules, then the totals as a Dask DataFrame groupby.

Points are whole units, so the cluster's sums (added in another order) equal the local ones exactly.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from pipeline.federation.ranking.points import counted_contributions, latest_names, ranking_table
from pipeline.federation.ranking.rules import RankingRules
from schemas.ranking import CountedContribution, PlayerTotal
from schemas.validation import validated

K = CountedContribution
T = PlayerTotal


def dask_ranked_season(
    contributions: pd.DataFrame, as_of: pd.Timestamp, rules: RankingRules, client: Any, partitions: int
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(every contribution judged, the ranking), aggregated on the client's cluster."""
    import dask
    import dask.dataframe as dd

    frame = dd.from_pandas(contributions, npartitions=max(1, min(partitions, len(contributions) or 1)))
    meta = counted_contributions(contributions.iloc[:0], as_of, rules)
    counted = frame.shuffle(on=K.player).map_partitions(counted_contributions, as_of, rules, meta=meta)
    kept = counted.assign(
        kept=counted[K.units].where(counted[K.counted], 0).astype("int64"),
        n=counted[K.counted].astype("int64"),
    )
    grouped = kept.groupby(K.player)
    totals = dd.concat(
        [
            grouped["kept"].sum().rename(T.units),
            grouped["n"].sum().rename(T.events),
            grouped["kept"].max().rename(T.best),
        ],
        axis=1,
    )
    judged, sums = dask.compute(counted, totals, scheduler=client.get)
    sums = (
        sums.rename_axis(T.player).reset_index().sort_values(T.player, kind="stable").reset_index(drop=True)
    )
    totals_frame = validated(
        sums.astype({T.player: "str", T.units: "int64", T.events: "int64", T.best: "int64"}), T
    )
    judged = validated(
        judged.reset_index(drop=True).astype(meta.dtypes.to_dict()), K
    )  # Dask's strings are Arrow's
    return judged, ranking_table(totals_frame, latest_names(judged))
