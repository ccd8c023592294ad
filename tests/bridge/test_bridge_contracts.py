"""Parsing typed contracts, declarers and trick results."""

import pandas as pd
import pytest

from pipeline.games.bridge.contracts import parsed_contracts, parsed_declarers, tricks_from_result

ACCEPTED = [
    ("4S", 4, "S", 0),
    ("3NTX", 3, "N", 1),
    ("6♥XX", 6, "H", 2),
    ("4 黑桃", 4, "S", 0),
    ("3nt x", 3, "N", 1),
    ("7n**", 7, "N", 2),
    ("1C", 1, "C", 0),
    ("2d*", 2, "D", 1),
    ("5♣", 5, "C", 0),
    ("5♧x", 5, "C", 1),
    ("2♦", 2, "D", 0),
    ("2♢ xx", 2, "D", 2),
    ("3♡", 3, "H", 0),
    ("4♠X", 4, "S", 1),
    ("4♤**", 4, "S", 2),
    ("1梅花", 1, "C", 0),
    ("2方块X", 2, "D", 1),
    ("3红心", 3, "H", 0),
    ("6无将XX", 6, "N", 2),
    ("1 N T", 1, "N", 0),
    ("  7  h  x  x ", 7, "H", 2),
    ("\t6S\n", 6, "S", 0),
    ("４Ｓ", 4, "S", 0),  # full-width digits and letters
]
INVALID = ["8S", "4Z", "0N", "4SXXX", "", "S4", "4", "NT", "4S*X", "4SX*", "44S", "4 S X X X"]
PASSED = ["PASS", "pass", "Pass", "P", "p", "AP", "ap", " a p "]


@pytest.mark.parametrize(("text", "level", "strain", "doubling"), ACCEPTED)
def test_accepted_contract_forms(text: str, level: int, strain: str, doubling: int) -> None:
    row = parsed_contracts(pd.Series([text])).iloc[0]
    assert (row["level"], row["strain"], row["doubling"]) == (level, strain, doubling)
    assert bool(row["valid"]) and not bool(row["passed"])


@pytest.mark.parametrize("text", INVALID)
def test_invalid_contracts(text: str) -> None:
    row = parsed_contracts(pd.Series([text])).iloc[0]
    assert not bool(row["valid"]) and not bool(row["passed"])
    assert pd.isna(row["level"]) and pd.isna(row["strain"]) and row["doubling"] == 0


@pytest.mark.parametrize("text", PASSED)
def test_passed_out(text: str) -> None:
    row = parsed_contracts(pd.Series([text])).iloc[0]
    assert bool(row["valid"]) and bool(row["passed"])
    assert pd.isna(row["level"]) and pd.isna(row["strain"])


def test_blank_and_missing_are_neither_valid_nor_passed() -> None:
    parts = parsed_contracts(pd.Series(["", None, float("nan"), "   "], dtype=object))
    assert not parts["valid"].any() and not parts["passed"].any()
    assert parts["level"].isna().all()


def test_column_types_and_index() -> None:
    parts = parsed_contracts(pd.Series(["4S", "pass", "x"], index=[10, 20, 30]))
    assert list(parts.columns)[:5] == ["level", "strain", "doubling", "passed", "valid"]
    assert str(parts["level"].dtype) == "Int64"
    assert parts["doubling"].dtype == "int64"
    assert parts["passed"].dtype == bool and parts["valid"].dtype == bool
    assert list(parts.index) == [10, 20, 30]


def test_every_level_and_strain() -> None:
    texts = [f"{level}{strain}" for level in range(1, 8) for strain in "CDHSN"]
    parts = parsed_contracts(pd.Series(texts))
    assert parts["valid"].all()
    assert parts["level"].tolist() == [level for level in range(1, 8) for _ in "CDHSN"]
    assert parts["strain"].tolist() == list("CDHSN") * 7


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", "N"),
        ("n", "N"),
        ("North", "N"),
        (" NORTH ", "N"),
        ("e", "E"),
        ("east", "E"),
        ("S", "S"),
        ("south", "S"),
        ("W", "W"),
        ("West", "W"),
        ("北", "N"),
        ("东", "E"),
        ("南", "S"),
        ("西", "W"),
    ],
)
def test_declarers(text: str, seat: str) -> None:
    assert parsed_declarers(pd.Series([text])).iloc[0] == seat


@pytest.mark.parametrize("text", ["", "X", "NS", "Nord", "中", None])
def test_bad_declarers_are_na(text: str | None) -> None:
    assert pd.isna(parsed_declarers(pd.Series([text], dtype=object)).iloc[0])


@pytest.mark.parametrize(
    ("level", "result", "tricks"),
    [
        (4, "=", 10),
        (4, "0", 10),
        (4, "made", 10),
        (4, "MADE", 10),
        (4, "m", 10),
        (4, "+1", 11),
        (1, "+6", 13),
        (3, "-1", 8),
        (1, "-7", 0),
        (7, "-13", 0),
        (2, " - 2 ", 6),
        (2, "−2", 6),  # unicode minus sign
    ],
)
def test_results(level: int, result: str, tricks: int) -> None:
    got = tricks_from_result(pd.Series([level], dtype="Int64"), pd.Series([result]))
    assert got.iloc[0] == tricks
    assert str(got.dtype) == "Int64"


@pytest.mark.parametrize(
    ("level", "result"),
    [(7, "+1"), (1, "-8"), (4, "x"), (4, ""), (4, None), (4, "1"), (4, "+"), (None, "=")],
)
def test_bad_results_are_na(level: int | None, result: str | None) -> None:
    got = tricks_from_result(pd.Series([level], dtype="Int64"), pd.Series([result], dtype=object))
    assert pd.isna(got.iloc[0])
