"""Names beside ids wherever a competitor appears, and the right noun (issue 15, section 1; docs/printing.md).

Every expected name is looked up here, with openpyxl, in the input workbook's Players, Pairs or Teams sheet;
nothing is taken from tally's own output but the cells under test.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import hypothesis.strategies as st
import pandas as pd
import pytest
from conftest import SAMPLES, write_xlsx
from hypothesis import given, settings
from openpyxl import load_workbook
from ranking_books import by_competitor
from tables import header_row, table_rows

from pipeline import api
from pipeline.games.domino.report import joined_names

JOINER = " & "  # between the two players of a domino side, as docs/printing.md says

# sample -> {sheet: [(the id columns, the name column beside them)]}, for the samples whose input names anyone
DOMINO_STANDINGS = ("Standings", "Rounds", "Progress", "Winners", "Penalties")
NAMED = {
    "domino_pairs": {
        **{s: [(("Pair",), "Name")] for s in DOMINO_STANDINGS},
        "Matches": [(("A1", "A2"), "A Names"), (("B1", "B2"), "B Names")],
    },
    "domino_run_out": {
        **{s: [(("Pair",), "Name")] for s in DOMINO_STANDINGS},
        "Matches": [(("A1", "A2"), "A Names"), (("B1", "B2"), "B Names")],
    },
    "domino_individual": {
        **{s: [(("Player",), "Name")] for s in DOMINO_STANDINGS},
        "Matches": [(("A1", "A2"), "A Names"), (("B1", "B2"), "B Names")],
    },
    "bridge_club_mp": {
        "Standings": [(("Pair",), "Names")],
        "Progress": [(("Pair",), "Names")],
        "Travellers": [(("NS",), "NS Names"), (("EW",), "EW Names")],
        "Scorecards": [(("Pair",), "Names"), (("Opponents",), "Opponent Names")],
    },
    "bridge_teams": {
        "Standings": [(("Team",), "Names")],
        "Progress": [(("Team",), "Names")],
        "Matches": [(("Home",), "Home Names"), (("Away",), "Away Names")],
    },
}
UNNAMED = {  # samples without a Pairs sheet: the sheets that then show ids alone
    "bridge_imp_pairs_butler": {"Travellers": ("NS", "EW"), "Scorecards": ("Pair", "Opponents")},
    "bridge_imp_pairs_cross": {"Travellers": ("NS", "EW"), "Scorecards": ("Pair", "Opponents")},
}
NAME_HEADERS = {"NS Names", "EW Names", "Opponent Names", "Home Names", "Away Names", "A Names", "B Names"}


def as_id(value: object) -> str | None:
    """An id cell as text, the way tally reads ids: 7, 7.0 and ' 7 ' are the id 7; blank is None."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def input_names(path: Path) -> dict[str, str | None]:
    """Id -> name from the input's Players (ID, Name), Pairs (Pair, Names) or Teams (Team, Names) sheet."""
    book = load_workbook(path, read_only=True)
    for sheet, key, name in (
        ("Players", "ID", "Name"),
        ("Pairs", "Pair", "Names"),
        ("Teams", "Team", "Names"),
    ):
        if sheet in book.sheetnames:
            head, *rows = table_rows(book[sheet])
            i, j = head.index(key), head.index(name)
            return {as_id(r[i]): r[j] for r in rows if as_id(r[i]) is not None}
    return {}


def sheet_records(path: Path, sheet: str) -> tuple[list[str], list[tuple]]:
    """A written sheet's header and rows."""
    head, *rows = table_rows(load_workbook(path, read_only=True)[sheet])
    return list(head), rows


def game_of(sample: str) -> str:
    return sample.split("_")[0]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every sample scored into a standings workbook."""
    folder = tmp_path_factory.mktemp("names")
    return {
        s.stem: api.score(s, folder / f"{s.stem}-standings.xlsx").path for s in sorted(SAMPLES.glob("*.xlsx"))
    }


def test_every_sample_is_covered() -> None:
    assert sorted([*NAMED, *UNNAMED]) == sorted(s.stem for s in SAMPLES.glob("*.xlsx"))


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("sample", sorted(NAMED))
def test_each_id_column_has_its_names_right_beside_it(sample: str, written: dict[str, Path]) -> None:
    for sheet, pairs in NAMED[sample].items():
        head, _ = sheet_records(written[sample], sheet)
        for ids, name in pairs:
            shown = [c for c in ids if c in head]
            assert shown, (sheet, ids, head)
            assert head.index(name) == max(head.index(c) for c in shown) + 1, (sheet, name, head)


@pytest.mark.parametrize("sample", sorted(NAMED))
def test_each_name_is_the_input_sheets_name_for_that_id(sample: str, written: dict[str, Path]) -> None:
    names = input_names(SAMPLES / f"{sample}.xlsx")
    assert names and all(names.values())  # every sample that names anyone names everyone
    checked = 0
    for sheet, pairs in NAMED[sample].items():
        head, rows = sheet_records(written[sample], sheet)
        for ids, name in pairs:
            shown = [head.index(c) for c in ids if c in head]
            for row in rows:
                seated = [as_id(row[i]) for i in shown if as_id(row[i]) is not None]
                assert row[head.index(name)] == JOINER.join(names[s] for s in seated), (sheet, row)
                checked += 1
    assert checked >= 10  # the sheets listed have rows


def test_a_two_player_side_reads_both_names_in_seat_order(written: dict[str, Path]) -> None:
    """domino_individual, round 1 table 1: A1 8 (Hugo), A2 1 (Ana) against B1 2 (Beto), B2 4 (Dora)."""
    head, rows = sheet_records(written["domino_individual"], "Matches")
    first = dict(zip(head, rows[0], strict=True))
    assert (first["A Names"], first["B Names"]) == ("Hugo & Ana", "Beto & Dora")


@pytest.mark.parametrize("sample", sorted(UNNAMED))
def test_without_names_the_ids_stand_alone(sample: str, written: dict[str, Path]) -> None:
    assert input_names(SAMPLES / f"{sample}.xlsx") == {}
    for sheet, ids in UNNAMED[sample].items():
        head, _ = sheet_records(written[sample], sheet)
        assert set(ids) <= set(head)
        assert not NAME_HEADERS & set(head) and "Names" not in head, (sheet, head)


def test_teams_travellers_name_no_competitor(written: dict[str, Path]) -> None:
    """A teams traveller row is a match and a room, not a pair: no id there, so no names either."""
    head, _ = sheet_records(written["bridge_teams"], "Travellers")
    assert head[:3] == ["Match", "Room", "Board"]
    assert not NAME_HEADERS & set(head)


# ---------------------------------------------------------------- domino: who the names are for


def individual_night(path: Path, players: list[list[object]]) -> Path:
    """Two matches of an individual event (two players a side), with the Players sheet given."""
    return write_xlsx(
        path,
        {
            "Players": (["ID", "Name"], players),
            "Matches": (
                ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips"],
                [[1, 1, 1, 2, 3, 4, 100, 30], [2, 1, 1, 3, 2, 4, 100, 60]],
            ),
        },
    )


def matches_sheet(source: Path, tmp_path: Path) -> tuple[list[str], list[tuple]]:
    out = api.score(source, tmp_path / "out.xlsx", force=True).path
    return sheet_records(out, "Matches")


def test_an_unnamed_partner_beside_a_named_one_shows_its_id(tmp_path: Path) -> None:
    source = individual_night(tmp_path / "night.xlsx", [[1, "Ana"], [2, "Beto"], [3, "Ciro"], [4, None]])
    head, rows = matches_sheet(source, tmp_path)
    sides = [(r[head.index("A Names")], r[head.index("B Names")]) for r in rows]
    # round 1: 1+2 against 3+4 (4 unnamed); round 2: 1+3 against 2+4
    assert sides == [("Ana & Beto", "Ciro & 4"), ("Ana & Ciro", "Beto & 4")]


def test_a_side_nobody_names_is_blank(tmp_path: Path) -> None:
    source = individual_night(tmp_path / "night.xlsx", [[1, "Ana"], [2, "Beto"], [3, None], [4, None]])
    head, rows = matches_sheet(source, tmp_path)
    assert [r[head.index("B Names")] for r in rows] == [None, "Beto & 4"]


@pytest.mark.parametrize(
    "players",
    [None, [[1, None], [2, None], [3, None], [4, None]]],
    ids=["no Players sheet", "a Players sheet of ids only"],
)
def test_no_names_no_names_columns(tmp_path: Path, players: list[list[object]] | None) -> None:
    source = individual_night(tmp_path / "night.xlsx", players or [])
    if players is None:
        book = load_workbook(source)
        del book["Players"]
        book.save(source)
    head, _ = matches_sheet(source, tmp_path)
    assert head[:7] == ["Row", "Round", "Table", "A1", "A2", "B1", "B2"]
    assert "A Names" not in head and "B Names" not in head


# ---------------------------------------------------------------- the noun


@pytest.mark.parametrize(
    ("sample", "noun"),
    [("domino_pairs", "Pair"), ("domino_run_out", "Pair"), ("domino_individual", "Player")],
)
def test_the_domino_competitor_is_called_what_it_is(sample: str, noun: str, written: dict[str, Path]) -> None:
    """A pairs event (one id a side: A2 and B2 blank) lists pairs; an individual event lists players."""
    other = {"Pair": "Player", "Player": "Pair"}[noun]
    for sheet in DOMINO_STANDINGS:
        head, _ = sheet_records(written[sample], sheet)
        assert noun in head and other not in head, (sheet, head)


def test_a_pairs_event_with_a_round_to_play_lists_pairs(tmp_path: Path) -> None:
    """Round 2 has no result yet (P3's only match, left out until it is played): the Standings list pairs."""
    header = ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips"]
    matches = [[1, 1, "P1", None, "P2", None, 100, 30], [2, 1, "P1", None, "P3", None, None, None]]
    source = write_xlsx(tmp_path / "night.xlsx", {"Matches": (header, matches)})
    out = api.score(source, tmp_path / "out.xlsx").path
    head, rows = sheet_records(out, "Standings")
    assert head[:2] == ["Rank", "Pair"] and sorted(r[1] for r in rows) == ["P1", "P2"]


# ---------------------------------------------------------------- rank and diff read every game's standings


def competitor_ids(path: Path) -> list[str]:
    """The ids of a Standings sheet, under whichever of Player, Pair and Team heads them."""
    head, rows = sheet_records(path, "Standings")
    column = next(head.index(c) for c in ("Player", "Pair", "Team") if c in head)
    return sorted(as_id(r[column]) for r in rows)


@pytest.mark.parametrize("sample", sorted([*NAMED, *UNNAMED]))
def test_rank_and_diff_read_each_games_standings(
    sample: str, written: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "ranking.xlsx"
    config = by_competitor(tmp_path)  # the ids each game's Standings give
    api.rank([written[sample]], out, config=config, as_of="2026-12-31", today=dt.date(2026, 12, 31))
    head, rows = sheet_records(out, "Ranking")
    assert sorted(as_id(r[head.index("Player")]) for r in rows) == competitor_ids(written[sample])
    assert len(api.diff(written[sample], written[sample])) == 0


def as_written_before(standings: Path, path: Path, date: str | None = None) -> Path:
    """The standings workbook as tally wrote it before names stood beside ids: the competitor headed Player, no
    A Names or B Names on Matches; `date` replaces the event's Date."""
    shutil.copyfile(standings, path)
    book = load_workbook(path)
    for cell in book["Standings"][header_row(book["Standings"])]:
        if cell.value == "Pair":
            cell.value = "Player"
    matches = book["Matches"]
    top = header_row(matches)
    for index in sorted((c.column for c in matches[top] if c.value in ("A Names", "B Names")), reverse=True):
        matches.delete_cols(index)
    if date is not None:
        for item, value in book["Rules"].iter_rows(min_row=header_row(book["Rules"]) + 1):
            if item.value == "Date":
                value.value = date
    book.save(path)
    return path


def test_a_season_of_old_player_and_new_pair_standings_ranks_one_pair_once(
    written: dict[str, Path], tmp_path: Path
) -> None:
    old = as_written_before(written["domino_pairs"], tmp_path / "october.xlsx", date="2026-10-27")
    assert sheet_records(old, "Standings")[0][1] == "Player"
    out = tmp_path / "ranking.xlsx"
    config = by_competitor(tmp_path)  # pairs by their ids, under either header
    api.rank(
        [old, written["domino_pairs"]], out, config=config, as_of="2026-11-30", today=dt.date(2026, 11, 30)
    )
    head, rows = sheet_records(out, "Ranking")
    # the same six pairs finished in the same places twice: each is one competitor with two events
    assert sorted(r[head.index("Player")] for r in rows) == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert {r[head.index("Events")] for r in rows} == {2}


def test_diff_of_an_old_player_standings_against_a_new_pair_one_is_empty(
    written: dict[str, Path], tmp_path: Path
) -> None:
    old = as_written_before(written["domino_pairs"], tmp_path / "old.xlsx")
    assert len(api.diff(old, written["domino_pairs"])) == 0
    assert len(api.diff(written["domino_pairs"], old)) == 0


def test_diff_across_the_noun_still_finds_a_changed_standing(
    written: dict[str, Path], tmp_path: Path
) -> None:
    old = as_written_before(written["domino_pairs"], tmp_path / "old.xlsx")
    book = load_workbook(old)
    top = header_row(book["Standings"])
    head = [c.value for c in book["Standings"][top]]
    for row in book["Standings"].iter_rows(min_row=top + 1):
        if row[head.index("Player")].value == "P6":
            row[head.index("Points")].value = 5  # P6 finished on 2 points
    book.save(old)
    found = api.diff(old, written["domino_pairs"])
    assert found[["Sheet", "Column", "Old", "New"]].values.tolist() == [["Standings", "Points", 5, 2]]
    assert found["Key"].tolist() == ["Pair P6 (Sofía Ramos & Iván Rey)"]


def test_diff_still_compares_names_both_versions_show(written: dict[str, Path], tmp_path: Path) -> None:
    old = tmp_path / "old.xlsx"
    shutil.copyfile(written["domino_pairs"], old)
    book = load_workbook(old)
    matches = book["Matches"]
    top = header_row(matches)
    column = next(c.column for c in matches[top] if c.value == "A Names")
    matches.cell(top + 1, column).value = "Someone Else"
    book.save(old)
    found = api.diff(old, written["domino_pairs"])
    assert found[["Sheet", "Key", "Column", "Old", "New"]].values.tolist() == [
        ["Matches", "Round 1, Table 1", "A Names", "Someone Else", "Ana Ruiz & Luis Mora"]
    ]


IDS = st.sampled_from(["p1", "p2", "p3", "p4", "x9"])  # x9 is never listed


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["p1", "p2", "p3", "p4"]), st.one_of(st.none(), st.sampled_from(["Ana", "Bo", "Ana"]))
    ),
    st.lists(st.tuples(st.one_of(st.none(), IDS), st.one_of(st.none(), IDS)), max_size=8),
)
def test_a_sides_names_follow_the_rule_row_by_row(listed: dict[str, str | None], rows: list[tuple]) -> None:
    """`joined_names` (Arrow, a column at a time) against the rule applied to each row: each seated id's name,
    else the id; blank seats left out; joined by ' & '; blank when nobody seated is named."""
    ids = pd.Series(list(listed), dtype="str")
    names = pd.Series(list(listed.values()), dtype="str")
    seats = [pd.Series([r[k] for r in rows], dtype="str") for k in (0, 1)]
    expected = []
    for row in rows:  # the rule, one row at a time
        named = [listed.get(i) if i is not None else None for i in row]
        shown = [n if n is not None else i for n, i in zip(named, row, strict=True)]
        expected.append(JOINER.join(s for s in shown if s is not None) if any(named) else None)
    assert list(joined_names(ids, names, seats)) == expected
