"""What bridge methods share to turn validated results into standings, and the one dispatch to the event's
method (`pipeline/games/bridge/methods/`); pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import pandas as pd

from pipeline.games.bridge.awards import awarded_values
from pipeline.games.bridge.conditions import ProgressTotals, conditioned_pairs, progress_keys
from pipeline.games.bridge.fields import pair_fields
from pipeline.games.bridge.penalties import deducted
from pipeline.games.bridge.sitouts import sit_out_awards, sit_out_totals, sit_outs
from pipeline.games.bridge.tie_breaks import tie_broken_pairs
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.games.progress import cumulative_grid, round_steps
from pipeline.parsing import distinct_rows, whole_numbers
from schemas.bridge import NORTH_SOUTH
from schemas.bridge import Competitor as CO
from schemas.bridge import PairResult as PR
from schemas.bridge import PairStanding as PS
from schemas.bridge import ResultsSheet as R
from schemas.bridge import SideValues as SV
from schemas.bridge import SitOut as SO
from schemas.bridge import TypedResult as T
from schemas.validation import validated

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


Values = TypeVar("Values", pd.Series, pd.DataFrame)


@dataclass
class BridgeTables:
    """Everything the bridge standings workbook shows."""

    travellers: pd.DataFrame
    standings: pd.DataFrame
    matches: pd.DataFrame | None = None
    board_imps: pd.DataFrame | None = None
    sit_outs: pd.DataFrame | None = None  # a pairs event's `sit_outs` (sitouts.py), found once per scoring


# a comparison field: the same board in the same section and session
BOARD_KEYS = [T.section, T.session, T.board]


def combined_codes(columns: list[pd.Series]) -> np.ndarray:
    """One integer label per distinct combination of the columns' values (`distinct_rows`)."""
    return distinct_rows(columns)[0]


def board_groups(results: pd.DataFrame) -> pd.Series:
    """A label per comparison field: the same board in the same section and session."""
    return pd.Series(combined_codes([results[k] for k in BOARD_KEYS]), index=results.index)


def pair_rows(travellers: pd.DataFrame) -> pd.DataFrame:
    """One row per (pair, result) (`PairResult`): the pair, its side's value and any top."""
    sides = travellers.drop(columns=[SV.ns_value, SV.ew_value])
    ns = sides.assign(**{PR.pair: travellers[T.ns], PR.value: travellers[SV.ns_value]})
    ew = sides.assign(**{PR.pair: travellers[T.ew], PR.value: travellers[SV.ew_value]})
    return pd.concat([ns, ew])


def known_names(event: BridgeEvent) -> pd.Series | None:
    """Each pair's or team's names by its id, as the Pairs or Teams sheet gives them; None when it names nobody
    (then no sheet shows a names column beside the ids)."""
    names = event.competitors.set_index(CO.id)[CO.names]
    return names if bool(names.notna().any()) else None


def competition_ranks(values: Values) -> Values:
    """1 + how many values are strictly higher (equal values share the place); a frame's column by column."""
    return values.rank(method="min", ascending=False).astype("int64")


def played_first_ranks(key: pd.DataFrame, played: pd.DataFrame) -> pd.DataFrame:
    """Column by column, the pairs that played ranked by `key` (1 + how many played pairs are strictly higher),
    and those that did not play sharing the place after them (how many played + 1)."""
    ranks = key.where(played).rank(method="min", ascending=False)
    return ranks.fillna(played.sum() + 1).astype("int64")


def pair_keys(total: pd.DataFrame, top: pd.DataFrame | None) -> pd.DataFrame:
    """What pairs are ranked by, from their total and any tops (column by column): the percentage of
    the tops (to 0.01) where the method gives tops (MP), otherwise the total; sums of fractions (Neuberg,
    cross-IMP averages) are settled to 1e-9 so that equal totals compare equal."""
    total = total.round(9)
    if top is None:
        return total
    top = top.round(9).set_axis(total.columns, axis=1)
    return (100 * total / top).where(top > 0, 0.0).round(2)


def pair_standings(
    travellers: pd.DataFrame, event: BridgeEvent, sat_out_rounds: pd.DataFrame | None = None
) -> pd.DataFrame:
    """Pairs ranked by their total, or by their percentage of the tops where the method gives a `top` (MP).
    `sat_out_rounds`: the `sit_outs` of the travellers, when already known."""
    rows = pair_rows(travellers)
    by_pair = rows.groupby(PR.pair)
    # sums of fractions (Neuberg, cross-IMP averages) are settled to 1e-9 so that equal totals compare equal
    table = pd.DataFrame({PS.boards: by_pair.size(), PS.total: by_pair[PR.value].sum().round(9)})
    sat_out = sit_out_totals(
        event, rows, table.index, sat_out_rounds
    )  # sit-out awards (sitouts.py): 0 for most
    penalty = deducted(event.penalties, travellers, table.index)  # Law 90 (penalties.py): 0 for most
    table[PS.total] = (table[PS.total] + sat_out[SO.value] - penalty).round(9)
    if PR.top in rows:
        table[PS.top] = (by_pair[PR.top].sum() + sat_out[SO.top]).round(9)
        table[PS.percent] = pair_keys(table[[PS.total]], table[[PS.top]]).to_numpy()
    table = conditioned_pairs(table, rows, event.settings.options, sat_out, penalty)  # docs/conditions.md
    if PR.top in rows:
        table[PS.total] = table[PS.total].round(2)
    key = PS.percent if PR.top in rows else PS.total
    names = event.competitors.set_index(CO.id)[CO.names]
    table = table.reindex(pd.Index(event.competitors[CO.id]).union(table.index), fill_value=0)
    played = table[[PS.boards]] > 0  # pairs named only on not-played rows: listed last
    fields = pair_fields(event).of
    group = pd.Series("", index=table.index) if fields is None else fields.reindex(table.index).fillna("")
    table[PS.rank] = ranks_within(table[[key]], played.set_axis([key], axis=1), group).to_numpy()
    table[PS.names] = names.reindex(table.index).to_numpy()
    if not event.penalties.empty:
        table[PS.penalty] = deducted(event.penalties, travellers, table.index).to_numpy()
    if fields is not None:
        table[PS.field] = group.to_numpy()
    table = table.rename_axis(PS.pair).reset_index()
    # North-South's field first, then East-West's
    field_order = (
        (table[PS.field] != NORTH_SOUTH).to_numpy(dtype="int64")
        if fields is not None
        else np.zeros(len(table), dtype="int64")
    )
    order = lexicographic_order([field_order, table[PS.rank].to_numpy(), natural_ranks(table[PS.pair])])
    table = table.iloc[order].reset_index(drop=True)
    key_label = event.settings.method.standing_columns.get(key, key)
    in_field = [table] if fields is None else [table[table[PS.field] == f] for f in table[PS.field].unique()]
    broken = [  # tie-breaks within each field (docs/conditions.md)
        tie_broken_pairs(part.reset_index(drop=True), rows, key, event.settings.options, key_label)
        for part in in_field
    ]
    return validated(pd.concat(broken, ignore_index=True), PS)


def ranks_within(key: pd.DataFrame, played: pd.DataFrame, group: pd.Series) -> pd.DataFrame:
    """`played_first_ranks` within each group of rows (a field: NS or EW), column by column."""
    parts = [
        played_first_ranks(key[in_group], played[in_group])
        for in_group in (group == g for g in group.unique())
    ]
    return pd.concat(parts).reindex(key.index) if parts else played_first_ranks(key, played)


def pair_progress(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """Each pair's rank after each round (index: the standings' pairs; columns: the rounds' labels in the order
    played): the method's values of its results of the rounds so far, ranked as the standings rank them. No
    columns when the results give no Round, or leave one blank."""
    pairs = pd.Index(tables.standings[PS.pair])
    t = tables.travellers
    sheet = event.results_sheet.frame
    rounds = whole_numbers(sheet.loc[t.index, R.round]) if R.round in sheet else None
    if rounds is None or t.empty or rounds.isna().any():
        return pd.DataFrame(index=pairs)
    labels, step = round_steps(t[T.session], rounds)
    rows = pair_rows(t)
    cells = pairs.get_indexer(rows[PR.pair]) * len(labels) + np.concatenate([step, step])
    shape = (len(pairs), len(labels))

    def summed(values: pd.Series | None) -> pd.DataFrame:
        """The values summed per pair and round, cumulated over the rounds."""
        weights = None if values is None else values.fillna(0).to_numpy(dtype="float64")
        return pd.DataFrame(cumulative_grid(cells, weights, shape), index=pairs, columns=labels)

    boards = summed(None)
    penalty = deducted(event.penalties, t, pairs).to_numpy()[:, None]  # Law 90: counted from the first round
    value, top = summed(rows[PR.value]) - penalty, summed(rows[PR.top]) if PR.top in rows else None
    missed, awarded = (
        pd.DataFrame(0.0, index=pairs, columns=labels),
        pd.DataFrame(0.0, index=pairs, columns=labels),
    )
    awards = sit_out_awards(
        event, rows, tables.sit_outs
    )  # sit-outs (sitouts.py): each counted from the round sat out
    if not awards.empty:
        at = pd.DataFrame({SO.session: t[T.session], SO.round: rounds, SO.step: step}).drop_duplicates()
        steps = awards.merge(at, on=[SO.session, SO.round], how="left")[SO.step].to_numpy(dtype="int64")
        award_cells = pairs.get_indexer(awards[SO.pair]) * len(labels) + steps

        def awarded_grid(column: pd.Series) -> np.ndarray:
            """An award column summed per pair and round, cumulated over the rounds."""
            return cumulative_grid(award_cells, column.to_numpy(dtype="float64"), shape)

        value += awarded_grid(awards[SO.value])
        missed += awarded_grid(awards[SO.boards])
        boards += missed  # ranked as played
        if top is not None:
            top += awarded_grid(awards[SO.top])
            percent = (100 * awards[SO.value] / awards[SO.top]).where(awards[SO.top] > 0, 0.0)
            awarded += awarded_grid(percent * awards[SO.boards])
    totals = ProgressTotals(value, top, boards, missed, awarded, penalty)
    key = progress_keys(summed, rows, event.settings.options, totals)  # docs/conditions.md
    if key is None:
        key = pair_keys(value, top)
    fields = pair_fields(event).of
    group = pd.Series("", index=pairs) if fields is None else fields.reindex(pairs).fillna("")
    return ranks_within(key, boards > 0, group)


def pair_tables(event: BridgeEvent, scored: pd.DataFrame) -> BridgeTables:
    """The results with a pairs method's values (`SideValues`: ns_value, ew_value, any top), and the pair
    standings."""
    travellers = pd.concat([event.results, awarded_values(event.results, scored)], axis=1)
    found = sit_outs(event, pair_rows(travellers))  # once: the standings, Progress and Rules read them
    return BridgeTables(travellers, pair_standings(travellers, event, found), sit_outs=found)


def bridge_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers scored by the event's method, and the standings."""
    return event.settings.method.tables(event)
