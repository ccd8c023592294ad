"""The whole domino computation: validated event in, every output table out (pure)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.games.domino.load import DominoEvent
from pipeline.games.domino.rules import side_results
from pipeline.games.domino.standings import classification, meetings, player_results, progressive_totals
from pipeline.games.ordering import natural_ranks
from schemas.domino import Match as M
from schemas.domino import Penalty as Pen
from schemas.domino import PlayersSheet as Players
from schemas.domino import ProgressiveStanding as P
from schemas.domino import SideResult as S
from schemas.domino import Standing


@dataclass
class DominoTables:
    """Everything the standings workbook shows."""

    standings: pd.DataFrame
    rounds: pd.DataFrame
    sides: pd.DataFrame
    penalties: pd.DataFrame


def competitors(event: DominoEvent) -> pd.Index:
    """Every id in the event: listed players, seated players and penalized players, sorted."""
    m = event.matches
    seated = pd.concat([m[c] for c in (M.a1, M.a2, M.b1, M.b2)]).dropna()
    everyone = pd.concat([event.players[Players.id], seated, event.penalties[Pen.player]]).dropna()
    distinct = pd.Series(everyone.astype("str").unique())
    return pd.Index(distinct.iloc[np.argsort(natural_ranks(distinct))].to_numpy(), name=P.player, dtype="str")


def progressive_standings(event: DominoEvent, sides: pd.DataFrame) -> pd.DataFrame:
    """The standings after every round, long form, ranked within each round."""
    m = event.matches
    ids = competitors(event)
    rounds = pd.Index(np.sort(m[M.round].astype("int64").unique()), name=P.round)
    if rounds.empty:
        rounds = pd.Index([1], name=P.round)
    penalties = event.penalties.assign(
        **{Pen.player: pd.Categorical(event.penalties[Pen.player], categories=ids).codes.astype("int64")}
    )
    results = player_results(m, sides, ids)
    totals = progressive_totals(results, penalties, len(ids), rounds)
    ranked = classification(totals, meetings(m, sides, ids), event.settings.count_word)
    code = ranked[P.player].to_numpy()
    names = event.players.set_index(Players.id)[Players.name].reindex(ids).astype("str")
    ranked[P.player] = pd.Series(ids.to_numpy()[code], index=ranked.index, dtype="str")
    ranked[P.name] = pd.Series(names.to_numpy()[code], index=ranked.index, dtype="str")
    return P.validate(ranked[list(P.to_schema().columns)])


def domino_tables(event: DominoEvent) -> DominoTables:
    """Side results, progressive and final standings of a validated event."""
    sides = side_results(event.matches)
    rounds = progressive_standings(event, sides)
    last = rounds[P.round].max()
    final = rounds[rounds[P.round] == last].drop(columns=[P.round]).reset_index(drop=True)
    return DominoTables(
        standings=Standing.validate(final),
        rounds=rounds,
        sides=sides.sort_values([S.match, S.side]).reset_index(drop=True),
        penalties=event.penalties,
    )
