"""Where a seat cell holds the bye (pipeline/games/domino/load.py `bye_cells`): Arrow's trimmed, lower-cased
cells against the rule as the Matches sheet states it, `as_words` of the cell read in English equal to BYE."""

from __future__ import annotations

import hypothesis.strategies as st
import pandas as pd
from hypothesis import given, settings

from pipeline.games.domino.load import bye_cells
from pipeline.parsing import as_words
from pipeline.sheets import in_english
from schemas.domino import BYE, BYE_WORDS

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
