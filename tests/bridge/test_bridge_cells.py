"""Bridge cells as people type them: Spanish and Chinese spellings, C by the workbook's language, a contract
with its result and declarer in one cell, Tricks against the contract, cells in the wrong column."""

from __future__ import annotations

import pandas as pd
import pytest

from pipeline.games.bridge.cells import misplaced, read_strains, results_language, tricks_against_contract
from pipeline.games.bridge.contracts import (
    SPELLINGS,
    VUL,
    parsed_contracts,
    parsed_declarers,
)
from pipeline.games.bridge.vulnerability import vulnerability_from_text

ONE_CELL = [  # text: level, strain, doubling, result, seat (hand-read from the examples)
    ("3NT+1", 3, "N", 0, 1, None),
    ("4S=", 4, "S", 0, 0, None),
    ("4♠X-1", 4, "S", 1, -1, None),
    ("4SA-2", 4, "N", 0, -2, None),
    ("3 无将 +1", 3, "N", 0, 1, None),
    ("6HXX=", 6, "H", 2, 0, None),
    ("4S=N", 4, "S", 0, 0, "N"),
    ("N 4S=", 4, "S", 0, 0, "N"),
    ("O 4P-1", 4, "S", 0, -1, "W"),
    ("西 4黑桃再加倍=", 4, "S", 2, 0, "W"),
    ("4P Doblado", 4, "S", 1, None, None),
    ("2P Redoblado", 2, "S", 2, None, None),
    ("1T", 1, "C", 0, None, None),
    ("3ST", 3, "N", 0, None, None),
]


@pytest.mark.parametrize(("text", "level", "strain", "doubling", "result", "seat"), ONE_CELL)
def test_one_cell_contracts(
    text: str, level: int, strain: str, doubling: int, result: int | None, seat: str | None
) -> None:
    row = parsed_contracts(pd.Series([text])).iloc[0]
    assert bool(row["valid"]) and not bool(row["passed"])
    assert (row["level"], row["strain"], row["doubling"]) == (level, strain, doubling)
    assert (None if pd.isna(row["result"]) else row["result"]) == result
    assert (None if pd.isna(row["seat"]) else row["seat"]) == seat


@pytest.mark.parametrize("text", ["4S=NN", "4S+", "4S+123", "NN4S=", "4S N=", "4SAXXX", "8SA="])
def test_one_cell_forms_it_refuses(text: str) -> None:
    assert not bool(parsed_contracts(pd.Series([text])).iloc[0]["valid"])


@pytest.mark.parametrize(
    ("text", "seat"), [("O", "W"), ("Oeste", "W"), ("Norte", "N"), ("sur", "S"), ("Este", "E")]
)
def test_spanish_seats(text: str, seat: str) -> None:
    assert parsed_declarers(pd.Series([text])).iloc[0] == seat


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("无局", False, False),
        ("南北有局", True, False),
        ("东西有局", False, True),
        ("双有局", True, True),
        ("Ninguno", False, False),
        ("E-O", False, True),
        ("Todos", True, True),
    ],
)
def test_vulnerability_in_spanish_and_chinese(text: str, ns: bool, ew: bool) -> None:
    row = vulnerability_from_text(pd.Series([text])).iloc[0]
    assert (bool(row["ns"]), bool(row["ew"]), bool(row["valid"])) == (ns, ew, True)


def strains_of(contracts: list[str], declarers: list[str | None]) -> list[str]:
    """The strains read from a Results sheet's Contract and Declarer columns."""
    parsed = parsed_contracts(pd.Series(contracts))
    return read_strains(parsed, results_language(parsed, pd.Series(declarers, dtype="str"))).tolist()


def test_c_is_hearts_in_a_spanish_workbook_and_clubs_in_an_english_one() -> None:
    assert strains_of(["4P", "3C"], [None, None]) == ["S", "H"]
    assert strains_of(["4S", "3C"], [None, None]) == ["S", "C"]
    assert strains_of(["3C", "2D"], ["O", "N"]) == ["H", "D"]  # the declarer O (oeste) says Spanish
    assert strains_of(["3C", "2D"], ["W", "N"]) == ["C", "D"]


@pytest.mark.parametrize(
    ("contracts", "declarers"), [(["3C", "2D"], ["N", "S"]), (["3C", "4P", "4H"], [None] * 3)]
)
def test_c_stays_unread_when_the_language_is_unknown_or_mixed(
    contracts: list[str], declarers: list[str]
) -> None:
    parsed = parsed_contracts(pd.Series(contracts))
    assert results_language(parsed, pd.Series(declarers, dtype="str")) in ("", "mixed")
    assert bool(parsed["clubs_or_hearts"].iloc[0])


def test_tricks_against_the_contract() -> None:
    level = pd.Series([4, 3, 3, 7, 1], dtype="Int64")
    got = tricks_against_contract(level, pd.Series(["=", "+1", "-2", "+1", "10"]))
    assert got.iloc[:3].tolist() == [10, 10, 7]
    assert got.iloc[3:].isna().all()  # 14 tricks; a count, not a result


def test_a_cell_in_the_wrong_column_names_its_column() -> None:
    got = misplaced(pd.Series(["4S=", "N", "+1", "10", "Oeste", None], dtype="str"))
    assert got.tolist() == ["Contract", "Declarer", "", "", "Declarer", ""]


def test_every_spelling_is_read_as_declared() -> None:
    """Each declared spelling, in its own example, reads as what it means (the vocabulary table is the one
    place the spellings are declared)."""
    strains = [s for s in SPELLINGS if s.what == "strain" and not (s.text == "C" and s.language == "es")]
    parsed = parsed_contracts(pd.Series([s.example for s in strains]))
    assert parsed["strain"].tolist() == [s.means for s in strains]
    vul = [s for s in SPELLINGS if s.what == VUL]
    read = vulnerability_from_text(pd.Series([s.example for s in vul]))
    code = read["ns"].astype(int) + 2 * read["ew"].astype(int)
    assert code.tolist() == [int(s.means) for s in vul]
