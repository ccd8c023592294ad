"""Club numbering of a Mitchell (issue 16, part 2): NS pairs 1..n and EW pairs 1..n typed in Results. Declared
(Settings `Pair Numbering` `by direction`, or a `Direction` column on the Pairs sheet) an evening scores exactly
as the same evening typed with unique ids; undeclared it is one problem, B190, instead of an error on every
row; a Howell (or pairs that changed direction) with the declaration is refused, B191."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from conftest import codes_in, sheets_from_tables, write_xlsx
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.games.bridge.load import bridge_event
from pipeline.games.bridge.movements import HOWELL, MITCHELL, movement, played_boards
from pipeline.games.bridge.tally import bridge_tables
from pipeline.problems import InputError
from pipeline.sheets import Sheet

PER_ROUND = 2  # boards per round in the small movements
SCORES = [-200, -100, 90, 110, 120, 140, 150, 170, 180, 200]  # NS scores possible on any vulnerability


def score_of(board: int, ns: int, ew: int) -> int:
    """A deterministic NS score that depends on the board and both pairs (so that standings differ)."""
    return SCORES[(board * 7 + ns * 3 + ew * 5) % len(SCORES)]


def club_number(place: int, tables: int) -> tuple[int, str]:
    """A Mitchell place as club numbering names it: NS places 1..T are NS 1..T, EW places T+1..2T are EW 1..T."""
    return (place, "NS") if place <= tables else (place - tables, "EW")


def club_id(place: int, tables: int) -> str:
    """The id tally gives a place under club numbering: '3 NS', '3 EW'."""
    number, direction = club_number(place, tables)
    return f"{number} {direction}"


def evening(
    pairs: int,
    *,
    club: bool,
    arrow: bool = False,
    rounds: int | None = None,
    settings_key: bool = True,
    direction_column: bool = True,
    scores: Callable[[int, int, int], int] = score_of,
    kind: str = MITCHELL,
) -> dict[str, Sheet]:
    """A pairs evening's sheets as read: Results (Round, Table, Board, NS, EW, Score), Pairs and Settings
    (Movement). With `club`, pairs typed by club numbering: each pair's own number in the column it sat in
    (so the EW pair's number in the NS column in a round of an arrow switch)."""
    moves = movement(pairs, kind, arrow_switch=arrow, rounds=rounds)
    boards = played_boards(moves, PER_ROUND)
    tables = moves.tables

    def typed(place: int) -> int:
        """The pair as typed in Results."""
        return club_number(place, tables)[0] if club else place

    results = [
        [r, t, b, typed(ns), typed(ew), scores(b, ns, ew)]
        for r, t, b, ns, ew in boards[["round", "table", "board", "ns", "ew"]].itertuples(index=False)
    ]
    listed = range(1, pairs + 1)
    if club and direction_column:
        pair_table: Any = (
            ["Pair", "Names", "Direction"],
            [[club_number(p, tables)[0], f"Names {p}", club_number(p, tables)[1]] for p in listed],
        )
    elif club:
        pair_table = (["Pair", "Names"], [[club_number(p, tables)[0], f"Names {p}"] for p in listed])
    else:
        pair_table = (["Pair", "Names"], [[p, f"Names {p}"] for p in listed])
    rows = [["Event", "Club night"], ["Movement", moves.setting]]
    if club and settings_key:
        rows.append(["Pair Numbering", "by direction"])
    return sheets_from_tables(
        {
            "Results": (["Round", "Table", "Board", "NS", "EW", "Score"], results),
            "Pairs": pair_table,
            "Settings": (["Key", "Value"], rows),
        }
    )


def standings(sheets: dict[str, Sheet]) -> pd.DataFrame:
    """The pair standings of the sheets, computed."""
    return bridge_tables(bridge_event(sheets)).standings


def codes(sheets: dict[str, Sheet]) -> list[str]:
    """The codes of the errors that stop the sheets, in order."""
    with pytest.raises(InputError) as refused:
        bridge_event(sheets)
    return [p.code for p in refused.value.errors]


def as_club(frame: pd.DataFrame, tables: int) -> pd.DataFrame:
    """Standings of unique ids with each pair named as club numbering names it, in pair order."""
    out = frame.assign(pair=[club_id(int(p), tables) for p in frame["pair"]])
    return out.sort_values("pair").reset_index(drop=True)


@pytest.mark.parametrize(
    ("pairs", "arrow", "rounds"),
    [(14, False, None), (14, True, None), (13, False, None), (16, True, None), (10, False, 3)],
)
def test_declared_club_numbering_scores_as_unique_ids(pairs: int, arrow: bool, rounds: int | None) -> None:
    tables = (pairs + 1) // 2
    unique = as_club(standings(evening(pairs, club=False, arrow=arrow, rounds=rounds)), tables)
    club = standings(evening(pairs, club=True, arrow=arrow, rounds=rounds))
    pd.testing.assert_frame_equal(club.sort_values("pair").reset_index(drop=True), unique)
    assert club["names"].notna().all()  # the Pairs sheet's names follow the pairs


@pytest.mark.parametrize(("settings_key", "direction_column"), [(True, False), (False, True)])
def test_either_declaration_is_enough(settings_key: bool, direction_column: bool) -> None:
    sheets = evening(10, club=True, settings_key=settings_key, direction_column=direction_column)
    if not direction_column:  # the Settings key alone: a Pairs sheet without directions cannot name the pairs
        assert set(codes(sheets)) == {"B192"}
        del sheets["pairs"]
    found = standings(sheets)
    unique = as_club(standings(evening(10, club=False)), 5)
    assert sorted(found["pair"]) == sorted(unique["pair"])
    assert list(found.sort_values("pair")["total"]) == list(unique["total"])


def test_a_pairs_sheet_without_directions_is_one_problem_per_pair() -> None:
    sheets = evening(10, club=True, direction_column=False)
    with pytest.raises(InputError) as refused:
        bridge_event(sheets)
    errors = refused.value.errors
    assert [p.code for p in errors] == ["B192"] * 10
    assert [p.row for p in errors] == list(range(2, 12)) and {p.sheet for p in errors} == {"Pairs"}


def test_undeclared_club_numbering_is_one_problem_instead_of_a_flood() -> None:
    sheets = evening(14, club=True, settings_key=False, direction_column=False)
    # 147 rows of 7 tables x 7 rounds x 3 boards gave B117 on each round-1 row and B118 on every other; now one
    # B190, and the Pairs sheet's second listing of each number 1-7 (its rows 9 to 15) is B124
    assert codes(sheets) == ["B190"] + ["B124"] * 7
    del sheets["pairs"]
    assert codes(sheets) == ["B190"]
    with pytest.raises(InputError) as refused:
        bridge_event(sheets)
    problem = refused.value.errors[0]
    # round 1 seats EW pair t at table t against NS pair t: the first row has pair 1 on both sides
    assert (problem.sheet, problem.row) == ("Results", 2)
    assert "Pair Numbering" in problem.problem and "by direction" in problem.problem


def test_undeclared_with_an_arrow_switch_and_a_sit_out_is_still_one_problem() -> None:
    sheets = evening(13, club=True, arrow=True, settings_key=False, direction_column=False)
    del sheets["pairs"]
    assert codes(sheets) == ["B190"]


def second_table(results: pd.DataFrame) -> int:
    """The first row that plays the first row's board at another table (a later round)."""
    first = results.iloc[0]
    return int(results[(results["board"] == first["board"]) & (results["table"] != first["table"])].index[0])


def test_unique_ids_keep_their_per_row_codes() -> None:
    sheets = evening(14, club=False)
    results = sheets["results"].frame
    results.at[second_table(results), "ew"] = str(results.at[2, "ns"])  # pair 1 typed where board 1 is again
    results.loc[5, "ew"] = "99"  # a pair the Pairs sheet does not list
    assert sorted(codes(sheets)) == ["B118", "B119"]


def test_unique_ids_of_a_howell_are_not_club_numbering() -> None:
    sheets = evening(14, club=False, kind=HOWELL)
    results = sheets["results"].frame
    results.at[second_table(results), "ew"] = str(results.at[2, "ns"])  # one typo; every pair sits both ways
    assert codes(sheets) == ["B118"]


def test_a_howell_with_the_declaration_is_refused() -> None:
    howell = evening(14, club=False, kind=HOWELL)
    with_key = {
        **howell,
        "settings": sheets_from_tables(
            {"Settings": (["Key", "Value"], [["Movement", "Howell"], ["Pair Numbering", "by direction"]])}
        )["settings"],
    }
    with pytest.raises(InputError) as refused:
        bridge_event(with_key)
    first = refused.value.errors[0]
    assert (first.code, first.sheet, first.row) == ("B191", "Settings", 3)
    # without Movement, the results tell: no number is used by an NS and an EW pair in the same round
    no_movement = {
        **howell,
        "settings": sheets_from_tables(
            {"Settings": (["Key", "Value"], [["Pair Numbering", "by direction"]])}
        )["settings"],
    }
    assert "B191" in codes(no_movement)


def test_an_arrow_switch_needs_the_round_or_the_direction_typed() -> None:
    sheets = evening(14, club=True, arrow=True)
    results = sheets["results"].frame
    switched = results["round"] == "7"
    sheets["results"] = Sheet("Results", results.drop(columns=["round"]), sheets["results"].headers, 1)
    assert codes(sheets) == ["B193"]  # and not the pairs seen twice on every board of the switched round
    # the pairs of the switched round written with their direction: no Round needed
    typed = results.drop(columns=["round"]).copy()
    typed.loc[switched, "ns"] = typed.loc[switched, "ns"] + " EW"
    typed.loc[switched, "ew"] = typed.loc[switched, "ew"] + " NS"
    sheets["results"] = Sheet("Results", typed, sheets["results"].headers, 1)
    unique = as_club(standings(evening(14, club=False, arrow=True)), 7)
    pd.testing.assert_frame_equal(standings(sheets).sort_values("pair").reset_index(drop=True), unique)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(max_examples=12, deadline=None)
@given(
    pairs=st.integers(5, 12),
    arrow=st.booleans(),
    picks=st.lists(st.integers(0, len(SCORES) - 1), min_size=200, max_size=200),
)
def test_club_numbering_never_changes_a_standing(pairs: int, arrow: bool, picks: list[int]) -> None:
    """Any Mitchell of 3 to 6 tables, with or without an arrow switch, any scores: declared club numbering
    ranks and totals every pair exactly as unique ids do."""

    def scores(board: int, ns: int, ew: int) -> int:
        """A score drawn for the board and the two pairs."""
        return SCORES[picks[(board * 31 + ns * 7 + ew) % len(picks)]]

    tables = (pairs + 1) // 2
    unique = as_club(standings(evening(pairs, club=False, arrow=arrow, scores=scores)), tables)
    club = standings(evening(pairs, club=True, arrow=arrow, scores=scores))
    pd.testing.assert_frame_equal(club.sort_values("pair").reset_index(drop=True), unique)


# ------------------------------------------------------------------ the workbooks, end to end


def filled_evening(folder: Path, arrow: bool) -> Path:
    """A generated 7-table Mitchell (pairs 1-14), every board filled with a score that depends on the board and
    both pairs."""
    written = api.bridge_pairs_schedule(
        write_xlsx(
            folder / "pairs.xlsx", {"Pairs": (["Pair", "Names"], [[p, f"Names {p}"] for p in range(1, 15)])}
        ),
        folder / "unique.xlsx",
        movement_name="mitchell",
        arrow_switch=arrow,
    )
    book = load_workbook(written)
    ws = book["Results"]
    head = {c.value: c.column for c in ws[1]}
    for row in range(2, ws.max_row + 1):  # every written row
        board, ns, ew = (int(ws.cell(row, head[c]).value) for c in ("Board", "NS", "EW"))
        ws.cell(row, head["Score"]).value = score_of(board, ns, ew)
    book.save(written)
    return written


def club_typed(unique: Path, declared: bool) -> Path:
    """The same evening typed by club numbering: EW pairs 8-14 typed 1-7 (each in the column it sat in); the
    Pairs sheet numbered alike with its Direction when `declared`."""
    book = load_workbook(unique)
    ws = book["Results"]
    head = {c.value: c.column for c in ws[1]}
    for row in range(2, ws.max_row + 1):  # every written row
        for name in ("NS", "EW"):
            cell = ws.cell(row, head[name])
            cell.value = club_number(int(cell.value), 7)[0]
    if declared:
        pairs = book["Pairs"]
        pairs.cell(1, 3).value = "Direction"
        for row in range(2, pairs.max_row + 1):  # the 14 pairs
            number, direction = club_number(int(pairs.cell(row, 1).value), 7)
            pairs.cell(row, 1).value, pairs.cell(row, 3).value = number, direction
    out = unique.with_name(f"club-{declared}.xlsx")
    book.save(out)
    return out


ID_HEADERS = {"Pair", "NS", "EW", "Opponents"}  # the columns of pair ids in a pairs standings workbook


def workbook_tables(path: Path, ids: dict[str, str] | None = None) -> dict[str, list[tuple]]:
    """Every table of a standings workbook (from its header row on), the pair ids renamed by `ids`."""
    book = load_workbook(path)
    out = {}
    for ws in book.worksheets:  # a handful of sheets
        head, *rows = table_rows(ws)
        renamed = [h in ID_HEADERS and ids is not None for h in head]
        out[ws.title] = [
            head,
            *[
                tuple(ids.get(str(v), v) if r and ids else v for r, v in zip(renamed, row, strict=True))
                for row in rows
            ],
        ]
    return out


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("arrow", [False, True])
def test_a_seven_table_club_evening_writes_the_standings_of_unique_ids(tmp_path: Path, arrow: bool) -> None:
    unique = filled_evening(tmp_path, arrow)
    club = club_typed(unique, declared=True)
    unique_book = api.score(unique, tmp_path / "unique-standings.xlsx").path
    club_book = api.score(club, tmp_path / "club-standings.xlsx").path
    ids = {str(p): club_id(p, 7) for p in range(1, 15)}
    expected = workbook_tables(unique_book, ids)
    found = workbook_tables(club_book)
    numbering = [row for row in found["Rules"] if row[0] == "Pair Numbering"]
    assert len(numbering) == 1  # the club's Rules say how its pairs are numbered; otherwise the same sheets
    found["Rules"] = [row for row in found["Rules"] if row not in numbering]
    assert list(found) == list(expected)
    for name in found:  # row order within a board or a rank follows the ids' text: compared as sets of rows
        head, *rows = found[name]
        assert head == expected[name][0]
        assert sorted(rows, key=repr) == sorted(expected[name][1:], key=repr), name
    if not arrow:  # two fields: the Standings in the same order, NS 1-7 then EW 1-7 by rank
        assert found["Standings"] == expected["Standings"]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_undeclared_the_command_exits_1_with_the_code(tmp_path: Path) -> None:
    club = club_typed(filled_evening(tmp_path, arrow=False), declared=False)
    result = CliRunner().invoke(app, ["bridge", "standings", str(club), "-o", str(tmp_path / "out.xlsx")])
    assert result.exit_code == 1
    assert codes_in(result.output) == ["B190"]


def test_a_pair_typed_with_its_direction_needs_no_direction_column() -> None:
    sheets = evening(10, club=True, direction_column=False)
    pairs = sheets["pairs"].frame
    pairs["pair"] = [club_id(p, 5).replace(" ", "") for p in range(1, 11)]  # 1NS ... 5NS, 1EW ... 5EW
    found = standings(sheets).sort_values("pair").reset_index(drop=True)
    assert list(found["names"]) == list(as_club(standings(evening(10, club=False)), 5)["names"])


def test_a_pair_numbering_tally_does_not_know_is_refused() -> None:
    sheets = evening(10, club=True)
    sheets["settings"].frame.loc[4, "value"] = "club"  # the Pair Numbering row
    assert codes(sheets) == ["S105"]


def test_a_penalty_names_the_pair_with_its_direction() -> None:
    penalties = (["Pair", "Amount", "Unit"], [["3ew", 5, "MP"]])
    club = evening(10, club=True)
    club["penalties"] = sheets_from_tables({"Penalties": penalties})["penalties"]
    unique = evening(10, club=False)
    unique["penalties"] = sheets_from_tables({"Penalties": (["Pair", "Amount", "Unit"], [[8, 5, "MP"]])})[
        "penalties"
    ]
    # pair 8 of the unique ids is EW 3 (5 tables): both penalties land on the same pair
    expected = as_club(standings(unique), 5)
    found = standings(club).sort_values("pair").reset_index(drop=True)
    pd.testing.assert_frame_equal(found, expected)
    plain = standings(evening(10, club=True)).set_index("pair")["total"]
    assert found.set_index("pair")["total"]["3 EW"] == plain["3 EW"] - 5
    bare = evening(10, club=True)  # a bare number names no pair when NS 3 and EW 3 are two pairs
    bare["penalties"] = sheets_from_tables({"Penalties": (["Pair", "Amount", "Unit"], [[3, 5, "MP"]])})[
        "penalties"
    ]
    with pytest.raises(InputError) as refused:
        bridge_event(bare)
    assert [(p.sheet, p.row) for p in refused.value.errors] == [("Penalties", 2)]


@pytest.mark.parametrize(("settings_key", "direction_column"), [(True, True), (False, True), (False, False)])
def test_the_rules_sheet_says_when_pairs_are_numbered_by_direction(
    settings_key: bool, direction_column: bool
) -> None:
    from pipeline.games.bridge.report import rules_frame

    club = settings_key or direction_column
    event = bridge_event(evening(10, club=club, settings_key=settings_key, direction_column=direction_column))
    rules = rules_frame(event, bridge_tables(event))
    assert ("Pair Numbering" in rules["Item"].tolist()) == club
