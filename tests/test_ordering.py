"""The sort behind every classification (pipeline/games/ordering.py) against Python's own sort.

`lexicographic_order` packs several integer keys into as few int64 keys as their ranges allow and sorts
those; `natural_ranks` ranks the distinct ids at once with NumPy. Both must give what Python's `sorted` gives
with the plain key.
"""

from __future__ import annotations

import math

import hypothesis.strategies as st
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings

from pipeline.games.ordering import lexicographic_order, natural_ranks

KEYS = st.integers(1, 5).flatmap(
    lambda width: st.lists(
        st.tuples(
            *[
                st.one_of(st.integers(-3, 3), st.integers(-(2**40), 2**40), st.integers(-(2**63), 2**63 - 1))
                for _ in range(width)
            ]
        ),
        max_size=40,
    )
)


def check_order(rows: list[tuple[int, ...]]) -> None:
    width = len(rows[0]) if rows else 1
    keys = [np.array([r[k] for r in rows], dtype="int64") for k in range(width)]
    plain = sorted(range(len(rows)), key=lambda i: rows[i])  # stable, most significant key first
    assert lexicographic_order(keys).tolist() == plain


@settings(max_examples=100, deadline=None)
@given(KEYS)
def test_the_order_is_pythons_stable_sort_on_the_keys(rows) -> None:
    check_order(rows)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(KEYS)
def test_the_order_is_pythons_stable_sort_on_the_keys_at_length(rows) -> None:
    check_order(rows)


def plain_rank_key(text: str) -> tuple[bool, float, str]:
    """Numbers (ASCII, as `float` reads them without `_`) by value first (2 before 10), then text in
    code-point order."""
    try:
        number = float(text) if text.isascii() and "_" not in text else math.nan
    except ValueError:
        number = math.nan
    return (True, 0.0, text) if math.isnan(number) else (False, number, text)


WORDS = ["1_000", "inf", "-Infinity", "nan", "١٢", "１２", " 7 ", "0x10", "½", "7.", "7.0", "07", "P10", "P9"]
IDS = st.lists(
    st.one_of(st.none(), st.text("0123456789.-+eAb ", min_size=1, max_size=4), st.sampled_from(WORDS)),
    max_size=20,
)


@settings(max_examples=200, deadline=None)
@given(IDS)
def test_ids_rank_numbers_first_then_text(ids: list[str | None]) -> None:
    ranks = natural_ranks(pd.Series(ids, dtype="str"))
    distinct = sorted({i for i in ids if i is not None}, key=plain_rank_key)
    plain = [len(distinct) if i is None else distinct.index(i) for i in ids]
    assert ranks.tolist() == plain
