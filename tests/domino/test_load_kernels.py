"""The Matches sheet's kernels (pipeline/games/domino/load.py) against the plain rules they stand for: where a
seat cell holds the bye (`bye_cells`: Arrow's trimmed, lower-cased cells against `as_words` of the cell read
in English equal to BYE), and which seats repeat a round's player (`seen_before` against pandas'
`duplicated`); the report's `pairs_event` against its rule row by row; `competitors` against pandas."""

from __future__ import annotations

from types import SimpleNamespace

import hypothesis.strategies as st
import numpy as np
import pandas as pd
from hypothesis import given, settings

from pipeline.games.checks import seen_before
from pipeline.games.domino.load import bye_cells
from pipeline.games.domino.report import pairs_event
from pipeline.games.domino.tally import competitors
from pipeline.games.ordering import natural_ranks
from pipeline.parsing import as_words
from pipeline.sheets import in_english
from schemas.domino import BYE, BYE_WORDS
from schemas.domino import Match as M
from schemas.domino import MatchesSheet as MS
from schemas.domino import Penalty as Pen
from schemas.domino import PlayersSheet as Players
from schemas.domino import ProgressiveStanding as P

CELLS = st.one_of(
    st.none(),
    st.sampled_from(
        ["bye", "BYE", " Bye\t", "b ye", "bye_", "-bye", "Descanso", "descanso ", "轮空", "BYEE", "p7"]
    ),
    st.text(st.sampled_from(["b", "y", "e", "B", "Y", "E", " ", "_", "-", "\u3000", "İ"]), max_size=5),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(CELLS, max_size=10))
def test_a_bye_is_where_the_rule_reads_one(cells: list[str | None]) -> None:
    text = pd.Series(cells, dtype="str", index=pd.RangeIndex(2, 2 + len(cells)))
    rule = as_words(in_english(text, BYE_WORDS)).eq(BYE).fillna(False).astype(bool)
    found = bye_cells(text)
    assert found.dtype == bool
    assert found.index.equals(text.index)
    assert found.tolist() == rule.tolist()


def test_the_bye_is_a_word_as_words_leaves_alone() -> None:
    """`bye_cells` reads the cell trimmed and lower-cased: that is `as_words` only for such a word."""
    assert BYE.strip().lower() == BYE and not set(BYE) & set(" _-")
    assert as_words(pd.Series([BYE], dtype="str")).tolist() == [BYE]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.sampled_from(["a", "b", "c", "A", "a "])), max_size=12))
def test_a_seat_taken_before_is_a_repeat_of_round_and_player(seats: list[tuple[int, str]]) -> None:
    rounds = pd.Series([r for r, _ in seats], dtype="Int64")
    players = pd.Series([p for _, p in seats], dtype="str")
    rule = pd.DataFrame({"round": rounds, "player": players}).duplicated(keep="first").to_numpy()
    assert seen_before([rounds, players], rounds.index).tolist() == rule.tolist()


SEATS = st.lists(
    st.tuples(*[st.one_of(st.none(), st.sampled_from(["p1", "p2", ""])) for _ in range(4)]), max_size=8
)


@settings(max_examples=200, deadline=None)
@given(SEATS)
def test_an_event_is_of_pairs_where_every_seated_match_seats_one_id_a_side(rows: list[tuple]) -> None:
    """`pairs_event`: some match seats A1 or B1, and no such match seats A2 or B2 (the rule, row by row)."""
    frame = pd.DataFrame(rows, columns=[MS.a1, MS.b1, MS.a2, MS.b2], dtype="str")
    event = SimpleNamespace(matches_sheet=SimpleNamespace(frame=frame))
    seated = [r for r in rows if r[0] is not None or r[1] is not None]
    rule = bool(seated) and all(r[2] is None and r[3] is None for r in seated)
    assert pairs_event(event) == rule


IDS = st.one_of(
    st.none(), st.sampled_from(["p1", "p2", "P1", "10", "2", "02", "2.0", "ana", "Ana", " x", "Ω"])
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(IDS, max_size=6),
    st.lists(st.tuples(IDS, IDS, IDS, IDS), max_size=6),
    st.lists(IDS, max_size=3),
)
def test_the_competitors_are_every_id_once_in_natural_order(
    players: list, seats: list, penalized: list
) -> None:
    """`competitors` (Arrow's distinct ids) against pandas: every listed, seated and penalized id once, in the
    order of `natural_ranks`."""
    matches = pd.DataFrame(seats, columns=[M.a1, M.a2, M.b1, M.b2], dtype="str")
    event = SimpleNamespace(
        matches=matches,
        players=pd.DataFrame({Players.id: pd.Series(players, dtype="str")}),
        penalties=pd.DataFrame({Pen.player: pd.Series(penalized, dtype="str")}),
    )
    seated = pd.concat([matches[c] for c in (M.a1, M.a2, M.b1, M.b2)]).dropna()
    everyone = pd.concat([event.players[Players.id], seated, event.penalties[Pen.player]]).dropna()
    distinct = pd.Series(everyone.astype("str").unique(), dtype="str")
    rule = distinct.iloc[np.argsort(natural_ranks(distinct))].tolist()
    found = competitors(event)
    assert found.tolist() == rule and found.name == P.player and found.dtype == "str"
