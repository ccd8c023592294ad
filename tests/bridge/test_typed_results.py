"""The bridge kernel's fast paths against their plain rules, on random Results sheets.

`typed_results` reads each group of rows with the same result cells on boards of the same vulnerability once
(`distinct_rows`) and spreads the answer back; the plain rule reads every row (`seating_columns` and
`result_columns` of every row). `distinct_rows` is checked against labels counted with a dict, and
`matchpoint_columns` (board sizes, the section's most-played board and the results compared, counted with
NumPy) against the same rule written with pandas' groupby. The cells are drawn from small lists, so that rows
repeat as they do at an event: contracts, declarers, tricks and results in English, Spanish and Chinese, one-cell
contracts, bad cells, vulnerabilities, scores, adjusted and weighted scores, boards and blanks.
"""

from __future__ import annotations

import hypothesis.strategies as st
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings

from pipeline.games.bridge.load import (
    result_columns,
    seating_columns,
    sheet_contracts,
    typed_results,
    whole_within,
)
from pipeline.games.bridge.matchpoints import neuberg
from pipeline.games.bridge.methods.matchpoints import matchpoint_columns
from pipeline.games.bridge.settings import BridgeSettings
from pipeline.games.bridge.tally import board_groups
from pipeline.games.checks import present_columns
from pipeline.parsing import distinct_rows, ordered_codes
from pipeline.sheets import Sheet
from schemas.bridge import BOARD
from schemas.bridge import ResultsSheet as R
from schemas.bridge import SideValues as SV
from schemas.bridge import TypedResult as T

CELLS = {
    R.board: ["1", "2", "5", "16", "17", "0", "x", None],
    R.section: [None, "A", "B"],
    R.session: [None, "1", "2"],
    R.ns: ["1", "2", "3.0", " 4 ", None],
    R.ew: ["5", "6", "7", None],
    R.contract: ["4S", "3NT", "3NTX", "6HXX", "PASS", "1C", "4 黑桃", "4P", "3SA", "3NT+1", "4S=N", "4♠X-1",
                 "O 4P-1", "9S", "xyz", None],
    R.declarer: ["N", "E", "S", "W", "O", "Oeste", "北", "west", "Q", None],
    R.tricks: ["10", "9", "13", "0", "=", "+1", "-2", "14", "x", "7.0", None],
    R.result: [None, None, "=", "+1", "-1", "made", "-9"],
    R.vul: [None, None, "None", "NS", "EW", "All", "双有局", "bad"],
    R.score: [None, None, "420", "-50", "x"],
    R.adjusted: [None, None, None, "A+/A-", "60/40", "NP", "60% 4S= + 40% 4S-1", "60% +420 + 40% -50", "A"],
}  # fmt: skip


@st.composite
def results_sheets(draw: st.DrawFn) -> Sheet:
    """A Results sheet of up to 30 rows, its cells drawn from CELLS, every column of the model present."""
    n = draw(st.integers(0, 30))
    frame = pd.DataFrame(
        {c: pd.Series(draw(st.lists(st.sampled_from(v), min_size=n, max_size=n)), dtype="str") for c, v in CELLS.items()},
        index=pd.RangeIndex(2, 2 + n),
    )  # fmt: skip
    return present_columns(Sheet("Results", frame), R)


def plain_typed_results(sheet: Sheet) -> pd.DataFrame:
    """Every row read on its own: `seating_columns` and `result_columns` of every row."""
    f = sheet.frame
    board = whole_within(BOARD)(f[R.board])
    every = result_columns(f, sheet_contracts(sheet), board)
    return pd.DataFrame({**seating_columns(f, board), **dict(every.items())}, index=f.index)


def comparable(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with a weighted score's lists of parts as tuples, NaN as None (NaN is not equal to itself)."""
    lists = [T.part_weights, T.part_scores]
    return frame.assign(
        **{c: frame[c].map(lambda v: tuple(None if pd.isna(x) else x for x in v) if isinstance(v, list) else v) for c in lists}
    )  # fmt: skip


def every_cell() -> Sheet:
    """A sheet of 48 rows holding every cell of CELLS, each column cycling through its list at its own pace."""
    frame = pd.DataFrame(
        {c: pd.Series([v[i % len(v)] for i in range(48)], dtype="str") for c, v in CELLS.items()},
        index=pd.RangeIndex(2, 50),
    )
    return present_columns(Sheet("Results", frame), R)


def check_typed_results(sheet: Sheet, parsed: bool) -> None:
    contracts = sheet_contracts(sheet) if parsed else None  # as the loader passes them: parsed for every row
    found = comparable(typed_results(sheet, contracts))
    pd.testing.assert_frame_equal(found, comparable(plain_typed_results(sheet)), check_exact=True)


@pytest.mark.parametrize("parsed", [False, True])
def test_typed_results_read_every_cell_as_the_rule_says(parsed: bool) -> None:
    check_typed_results(every_cell(), parsed)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(max_examples=60, deadline=None)
@given(results_sheets(), st.booleans())
def test_typed_results_read_every_row_as_the_rule_says(sheet: Sheet, parsed: bool) -> None:
    check_typed_results(sheet, parsed)


def plain_labels(columns: list[pd.Series]) -> tuple[list[int], list[int]]:
    """Labels counted with a dict of the rows' values (NA as one value), in the order they first appear."""
    labels: dict[tuple[object, ...], int] = {}
    first: list[int] = []
    out = []
    for i, row in enumerate(zip(*(c.tolist() for c in columns), strict=True)):  # the plain rule: every row
        key = tuple("NA" if pd.isna(v) else v for v in row)
        if key not in labels:
            labels[key] = len(labels)
            first.append(i)
        out.append(labels[key])
    return out, first


COLUMNS = st.sampled_from(["text", "whole", "wide", "float", "Int64", "blank"])


@st.composite
def keys(draw: st.DrawFn) -> list[pd.Series]:
    """A few key columns of one length: text, whole numbers close together or far apart, floats, blanks."""
    n = draw(st.integers(0, 25))
    out = []
    for kind in draw(st.lists(COLUMNS, min_size=1, max_size=4)):
        if kind == "text":
            values = draw(st.lists(st.sampled_from(["a", "b", "", None]), min_size=n, max_size=n))
            out.append(pd.Series(values, dtype="str"))
        elif kind == "whole":
            out.append(pd.Series(draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n)), dtype="int64"))
        elif kind == "wide":
            values = st.sampled_from([-(2**52), 0, 7, 2**52])
            out.append(pd.Series(draw(st.lists(values, min_size=n, max_size=n)), dtype="int64"))
        elif kind == "float":
            values = st.sampled_from([-0.0, 0.0, 0.5, 1.0, np.nan, np.inf, 1e300])
            out.append(pd.Series(draw(st.lists(values, min_size=n, max_size=n)), dtype="float64"))
        elif kind == "Int64":
            values = st.one_of(st.none(), st.integers(1, 4))
            out.append(pd.Series(draw(st.lists(values, min_size=n, max_size=n)), dtype="Int64"))
        else:
            out.append(pd.Series([None] * n, dtype="str"))
    return out


def check_distinct_rows(columns: list[pd.Series]) -> None:
    label, first = distinct_rows(columns)
    expected, expected_first = plain_labels(columns)
    assert label.tolist() == expected
    assert first.tolist() == expected_first


@settings(max_examples=25, deadline=None)
@given(keys())
def test_distinct_rows_label_rows_as_a_dict_does(columns: list[pd.Series]) -> None:
    check_distinct_rows(columns)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(max_examples=500, deadline=None)
@given(keys())
def test_distinct_rows_label_rows_as_a_dict_does_at_length(columns: list[pd.Series]) -> None:
    check_distinct_rows(columns)


def test_distinct_rows_of_many_wide_columns_do_not_overflow() -> None:
    """Eight columns of a million distinct values each would overflow a 64-bit code of every combination."""
    wide = [pd.Series(np.arange(5) * 10**15 + i, dtype="int64") for i in range(8)]
    label, first = distinct_rows([*wide, pd.Series([1, 1, 2, 2, 1])])
    assert label.tolist() == [0, 1, 2, 3, 4] and first.tolist() == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    "numbers",
    [[3.0, -1.0, 3.0, 0.0, -0.0], [0.5, -0.25, 0.5, 1e300], [2.0**60, -(2.0**60), 0.0], []],
)
def test_ordered_codes_keep_the_numbers_order(numbers: list[float]) -> None:
    code, size = ordered_codes(np.array(numbers, dtype="float64"))
    for i, a in enumerate(numbers):
        for j, b in enumerate(numbers):
            assert (code[i] < code[j]) == (a < b) and (code[i] == code[j]) == (a == b)
    assert all(0 <= c < size for c in code)


def plain_matchpoint_columns(r: pd.DataFrame, s: BridgeSettings) -> pd.DataFrame:
    """`matchpoint_columns` with the sizes counted by pandas' groupby (fixed averages)."""
    scale, factored = s.options["mp_scale"], s.options["neuberg"]
    group = board_groups(r)
    real = r[T.ns_pct].isna()
    rows = group.groupby(group).transform("size")
    field = pd.Series(list(zip(r[T.section], r[T.session], strict=True)), index=r.index)
    expected = rows.groupby(field).transform("max")
    n = real.groupby(group).transform("sum")
    raw = (r[T.ns_score].where(real).groupby(group.where(real)).rank() - 1) * scale
    full_top = scale * (expected - 1)
    if factored:
        ns_mp, top = raw.where(n >= expected, neuberg(raw, n, expected, scale)), full_top
    else:
        ns_mp, top = raw, scale * (n - 1)
    ns_mp = ns_mp.where(real, r[T.ns_pct] / 100 * full_top)
    ew_mp = (top - ns_mp).where(real, r[T.ew_pct] / 100 * full_top)
    return pd.DataFrame(
        {SV.ns_value: ns_mp, SV.ew_value: ew_mp, SV.top: top.where(real, full_top).astype("float64")}
    )


def check_matchpoint_columns(sheet: Sheet, scale: int, factored: bool) -> None:
    f = sheet.frame
    plain = f[f[R.adjusted].isna() | f[R.adjusted].isin(["A+/A-", "60/40", "NP"])]  # no weighted scores
    typed = typed_results(Sheet(sheet.name, plain, sheet.headers))
    typed[T.ns_score] = typed[T.computed_score].astype("float64")
    s = BridgeSettings()
    s.options.update({"mp_scale": scale, "neuberg": factored})
    pd.testing.assert_frame_equal(matchpoint_columns(typed, s), plain_matchpoint_columns(typed, s))


@pytest.mark.parametrize(("scale", "factored"), [(2, True), (1, False)])
def test_matchpoint_columns_of_every_cell_count_as_groupby_does(scale: int, factored: bool) -> None:
    check_matchpoint_columns(every_cell(), scale, factored)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(max_examples=60, deadline=None)
@given(results_sheets(), st.sampled_from([1, 2]), st.booleans())
def test_matchpoint_columns_count_as_groupby_does(sheet: Sheet, scale: int, factored: bool) -> None:
    check_matchpoint_columns(sheet, scale, factored)
