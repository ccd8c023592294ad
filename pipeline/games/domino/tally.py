"""The whole domino computation: validated event in, every output table out (pure)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.games.domino.load import DominoEvent
from pipeline.games.domino.rules import side_results
from pipeline.games.domino.standings import classification, meetings, player_results, progressive_totals
from pipeline.games.ordering import natural_ranks
from schemas.common import column_names
from schemas.domino import Match as M
from schemas.domino import Penalty as Pen
from schemas.domino import PlayersSheet as Players
from schemas.domino import ProgressiveStanding as P
from schemas.domino import SideResult as S
from schemas.domino import Standing
from schemas.validation import validated

_TEXT = pa.large_string()


@dataclass
class DominoTables:
    """Everything the standings workbook shows."""

    standings: pd.DataFrame
    rounds: pd.DataFrame
    sides: pd.DataFrame
    penalties: pd.DataFrame


def competitors(event: DominoEvent) -> pd.Index:
    """Every id in the event: listed players, seated players and penalized players (each as text, once),
    sorted by `natural_ranks`; the distinct ids found by Arrow."""
    m = event.matches
    columns = [
        event.players[Players.id],
        *(m[c] for c in (M.a1, M.a2, M.b1, M.b2)),
        event.penalties[Pen.player],
    ]
    texts = [pa.array(c if c.dtype == "str" else c.astype("str"), _TEXT) for c in columns]
    everyone = pa.chunked_array(
        [a for t in texts for a in (t.chunks if isinstance(t, pa.ChunkedArray) else [t])], _TEXT
    )
    distinct = pd.Series(pd.array(pc.drop_null(pc.unique(everyone)), dtype="str"))
    return pd.Index(distinct.iloc[np.argsort(natural_ranks(distinct))].to_numpy(), name=P.player, dtype="str")


def sanctions_off(event: DominoEvent) -> pd.DataFrame | None:
    """Sanction = result: the pips each side of a match loses (columns A and B, index the match), the sum of
    the penalties of its players in its round (a bye is no match); None when penalties go to effectiveness."""
    if not event.settings.sanctions_in_result:
        return None
    m = event.matches[~event.matches[M.bye]]
    seats = pd.DataFrame(
        {
            M.round: np.tile(m[M.round].to_numpy(dtype="int64"), 4),
            Pen.player: pd.concat([m[c] for c in (M.a1, M.a2, M.b1, M.b2)]).to_numpy(dtype=object),
            S.match: np.tile(m.index.to_numpy(), 4),
            S.side: np.repeat(np.array(["A", "A", "B", "B"], dtype=object), len(m)),
        }
    ).dropna(subset=[Pen.player])
    p = event.penalties.dropna(subset=[Pen.round])
    charged = p.assign(**{M.round: p[Pen.round].astype("int64")}).merge(seats, on=[M.round, Pen.player])
    off = charged.pivot_table(index=S.match, columns=S.side, values=Pen.pips, aggfunc="sum", fill_value=0)
    return off.reindex(columns=["A", "B"], fill_value=0)


def scored_matches(event: DominoEvent) -> pd.DataFrame:
    """The matches that score: all of them, bye rows too when the Settings Bye Credit gives them a share."""
    m = event.matches
    return m if event.settings.bye_credit else m[~m[M.bye]]


def progressive_standings(event: DominoEvent, sides: pd.DataFrame) -> pd.DataFrame:
    """The standings after every round, long form, ranked within each round (a penalty that came off a
    match's pips, Sanction = result, is not deducted from effectiveness again)."""
    m = scored_matches(event)
    ids = competitors(event)
    rounds = pd.Index(np.sort(m[M.round].astype("int64").unique()), name=P.round)
    if rounds.empty:
        rounds = pd.Index([1], name=P.round)
    in_effectiveness = event.penalties.iloc[:0] if event.settings.sanctions_in_result else event.penalties
    penalties = in_effectiveness.assign(
        **{Pen.player: pd.Categorical(in_effectiveness[Pen.player], categories=ids).codes.astype("int64")}
    )
    results = player_results(m, sides, ids)
    totals = progressive_totals(results, penalties, len(ids), rounds)
    ranked = classification(
        totals, meetings(m, sides, ids), event.settings.count_word, event.settings.ranking
    )
    code = ranked[P.player].to_numpy()
    names = event.players.set_index(Players.id)[Players.name].reindex(ids).astype("str")
    ranked[P.player] = pd.Series(ids.to_numpy()[code], index=ranked.index, dtype="str")
    ranked[P.name] = pd.Series(names.to_numpy()[code], index=ranked.index, dtype="str")
    return validated(ranked[column_names(P)], P)


def domino_tables(event: DominoEvent) -> DominoTables:
    """Side results, progressive and final standings of a validated event."""
    sides = side_results(scored_matches(event), sanctions_off(event), event.settings.best_of_three)
    rounds = progressive_standings(event, sides)
    last = rounds[P.round].max()
    final = rounds[rounds[P.round] == last].drop(columns=[P.round]).reset_index(drop=True)
    return DominoTables(
        standings=validated(final, Standing),
        rounds=rounds,
        sides=sides.sort_values([S.match, S.side]).reset_index(drop=True),
        penalties=event.penalties,
    )
