"""What bridge methods share to turn validated results into standings, and the one dispatch to the event's
method (`pipeline/games/bridge/methods/`); pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.ordering import lexicographic_order, natural_ranks
from schemas.bridge import PairStanding

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


@dataclass
class BridgeTables:
    """Everything the bridge standings workbook shows."""

    travellers: pd.DataFrame
    standings: pd.DataFrame
    matches: pd.DataFrame | None = None
    board_imps: pd.DataFrame | None = None


def combined_codes(columns: list[pd.Series]) -> np.ndarray:
    """One integer label per distinct combination of the columns' values."""
    code = np.zeros(len(columns[0]), dtype="int64")
    for column in columns:  # a few key columns
        part, distinct = pd.factorize(column)
        code = code * (len(distinct) + 1) + part + 1
    return pd.factorize(code)[0]


def board_groups(results: pd.DataFrame) -> pd.Series:
    """A label per comparison field: the same board in the same section and session."""
    keys = [results["section"], results["session"], results["board"]]
    return pd.Series(combined_codes(keys), index=results.index)


def pair_rows(travellers: pd.DataFrame) -> pd.DataFrame:
    """One row per (pair, result): the pair's side's value and top."""
    cols = ["ns_value", "ew_value"] + (["top"] if "top" in travellers else [])
    ns = travellers.assign(pair=travellers["ns"], value=travellers["ns_value"])
    ew = travellers.assign(pair=travellers["ew"], value=travellers["ew_value"])
    return pd.concat([ns, ew]).drop(columns=cols[:2])


def competition_ranks(values: pd.Series) -> pd.Series:
    """1 + how many values are strictly higher (equal values share the place)."""
    return values.rank(method="min", ascending=False).astype("int64")


def pair_standings(travellers: pd.DataFrame, event: BridgeEvent) -> pd.DataFrame:
    """Pairs ranked by their total, or by their percentage of the tops where the method gives a `top` (MP)."""
    rows = pair_rows(travellers)
    by_pair = rows.groupby("pair")
    # sums of fractions (Neuberg, cross-IMP averages) are settled to 1e-9 so that equal totals compare equal
    table = pd.DataFrame({"boards": by_pair.size(), "total": by_pair["value"].sum().round(9)})
    if "top" in rows:
        table["top"] = by_pair["top"].sum().round(9)
        table["percent"] = (100 * table["total"] / table["top"]).where(table["top"] > 0, 0.0).round(2)
        table["total"] = table["total"].round(2)
    key = "percent" if "top" in rows else "total"
    names = event.competitors.set_index("id")["names"]
    table = table.reindex(pd.Index(event.competitors["id"]).union(table.index), fill_value=0)
    played = table["boards"] > 0
    table["rank"] = int(played.sum()) + 1  # pairs named only on not-played rows: listed last
    table.loc[played, "rank"] = competition_ranks(table.loc[played, key])
    table["names"] = names.reindex(table.index).to_numpy()
    table = table.rename_axis("pair").reset_index()
    order = lexicographic_order([table["rank"].to_numpy(), natural_ranks(table["pair"])])
    return PairStanding.validate(table.iloc[order].reset_index(drop=True))


def pair_tables(event: BridgeEvent, scored: pd.DataFrame) -> BridgeTables:
    """The results with a pairs method's values (`ns_value`, `ew_value`, any `top`), and the pair standings."""
    travellers = pd.concat([event.results, scored], axis=1)
    return BridgeTables(travellers, pair_standings(travellers, event))


def bridge_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers scored by the event's method, and the standings."""
    return event.settings.method.tables(event)
