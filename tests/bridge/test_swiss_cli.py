"""`tally bridge schedule EVENT.xlsx --swiss`: the workbook written (every input cell kept as typed, the next
round's rows added), its problems and exit codes, and an event run round after round and then scored."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import codes_in, write_xlsx
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app

RESULTS_HEADER = ["Match", "Room", "Board", "Contract", "Declarer", "Tricks"]


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def swiss(source: Path, out: Path, *more: object):
    return invoke("bridge", "schedule", source, "--swiss", "-o", out, *more)


def table_rows(path: Path, sheet: str) -> list[tuple]:
    """A sheet's table as values: from its header (the first row with two cells or more filled; rows above it
    are a title block) down to its last filled row."""
    rows = [r for r in load_workbook(path)[sheet].iter_rows(values_only=True)]
    start = next(i for i, r in enumerate(rows) if sum(v is not None for v in r) >= 2)
    body = rows[start:]
    while body and all(v is None for v in body[-1]):
        body.pop()
    return [tuple(r) for r in body]


def records(path: Path, sheet: str) -> list[dict]:
    header, *body = table_rows(path, sheet)
    return [dict(zip(header, r, strict=False)) for r in body]


def matches_of(path: Path) -> list[tuple]:
    """(match, round, home, away) of every row of Matches."""
    return [(r["Match"], r["Round"], r["Home"], r["Away"]) for r in records(path, "Matches")]


def teams_workbook(path: Path, teams: Sequence[object]) -> Path:
    return write_xlsx(path, {"Teams": (["Team", "Names"], [[t, f"players of {t}"] for t in teams])})


# ---------------------------------------------------------------- the first round


def test_first_round_from_a_teams_sheet(tmp_path: Path):
    source = teams_workbook(tmp_path / "club.xlsx", ["A", "B", "C", "D", "E"])
    result = swiss(source, tmp_path)
    assert result.exit_code == 0, result.output
    out = tmp_path / "club-round-1.xlsx"
    assert load_workbook(out, read_only=True).sheetnames == [
        "Matches",
        "Results",
        "Teams",
        "Settings",
        "Byes",
        "Table Cards",
    ]
    # the Teams sheet's order: A-B, C-D; E, the lowest, has the bye
    assert matches_of(out) == [("R1T1", 1, "A", "B"), ("R1T2", 1, "C", "D")]
    assert records(out, "Byes") == [{"Round": 1, "Team": "E"}]
    assert {r["Key"]: r["Value"] for r in records(out, "Settings")} == {
        "Event": "club",
        "Scoring": "Teams",
        "Movement": "Swiss",
    }
    assert table_rows(out, "Results") == [
        ("Match", "Room", "Board", "Contract", "Declarer", "Tricks", "Score")
    ]
    cards = [r[0] for r in table_rows(out, "Table Cards") if r[0]]
    assert cards == ["Card", "Round 1, Match R1T1", "Round 1, Match R1T2"]
    checks = load_workbook(out)["Results"].data_validations.dataValidation
    assert len(checks) >= 3  # Room, Board, Declarer, Tricks are checked as the round robin's are
    # the event scores (nothing played yet)
    scored = invoke("bridge", "standings", out, "-o", tmp_path / "standings.xlsx")
    assert scored.exit_code == 0, scored.output


def test_an_even_field_has_no_byes_sheet_and_numbers_stay_numbers(tmp_path: Path):
    source = teams_workbook(tmp_path / "club.xlsx", [10, 20, 30, 40])
    assert swiss(source, tmp_path / "r1.xlsx").exit_code == 0
    out = tmp_path / "r1.xlsx"
    assert "Byes" not in load_workbook(out, read_only=True).sheetnames
    assert matches_of(out) == [("R1T1", 1, 10, 20), ("R1T2", 1, 30, 40)]  # typed as numbers, kept so


# ---------------------------------------------------------------- a round after results: worked example


def result_rows(match: str, home_wins: bool) -> list[list[object]]:
    """One board of a match: 4S by North, made (+420) in one room and one down (-50) in the other, so that
    the home team (NS in the Open room) wins 10 IMPs, or the away team does."""
    open_tricks, closed_tricks = (10, 9) if home_wins else (9, 10)
    return [[match, "Open", 1, "4S", "N", open_tricks], [match, "Closed", 1, "4S", "N", closed_tricks]]


def five_teams_after_round_one(tmp_path: Path) -> Path:
    """Five teams A-E; round 1 was A-B and C-D with E's bye; B (away) and C (home) won by 10 IMPs."""
    return write_xlsx(
        tmp_path / "event.xlsx",
        {
            "Matches": (["Match", "Round", "Home", "Away"], [["R1T1", 1, "A", "B"], ["R1T2", 1, "C", "D"]]),
            "Results": (RESULTS_HEADER, [*result_rows("R1T1", False), *result_rows("R1T2", True)]),
            "Teams": (["Team", "Names"], [[t, f"players of {t}"] for t in "ABCDE"]),
            "Settings": (["Key", "Value"], [["Event", "Spring Swiss"], ["Scoring", "Teams"]]),
            "Byes": (["Round", "Team"], [[1, "E"]]),
        },
    )


def test_worked_example_second_round(tmp_path: Path):
    # Standings after round 1 (VPs): B and C won 10 IMPs over one board (about 18 VPs each, ranked B, C as
    # their ids order), A and D lost (about 2 VPs: A, D), E had the bye (0 VPs): B C A D E.
    # Bye: E has had one; D is the lowest without one. Left B C A E.
    # B: C (not met). Left A E: not met -> A-E.
    # Home: B has no home match, C one -> B; A one, E none -> E.
    source = five_teams_after_round_one(tmp_path)
    result = swiss(source, tmp_path / "r2.xlsx")
    assert result.exit_code == 0, result.output
    out = tmp_path / "r2.xlsx"
    assert matches_of(out) == [
        ("R1T1", 1, "A", "B"),
        ("R1T2", 1, "C", "D"),
        ("R2T1", 2, "B", "C"),
        ("R2T2", 2, "E", "A"),
    ]
    assert records(out, "Byes") == [{"Round": 1, "Team": "E"}, {"Round": 2, "Team": "D"}]
    settings = {r["Key"]: r["Value"] for r in records(out, "Settings")}
    assert settings == {"Event": "Spring Swiss", "Scoring": "Teams", "Movement": "Swiss"}
    cards = [r[0] for r in table_rows(out, "Table Cards") if r[0]]
    assert cards == ["Card", "Round 2, Match R2T1", "Round 2, Match R2T2"]  # this round's only
    assert "wrote" in result.output and "round 2" in result.output


def test_every_cell_typed_is_kept_as_typed(tmp_path: Path):
    source = five_teams_after_round_one(tmp_path)
    book = load_workbook(source)
    book["Teams"].append(["F ", "  names with spaces  "])  # an id with a trailing space, names padded
    book["Settings"].append(["Date", dt.datetime(2026, 4, 5)])
    book["Results"]["G1"] = "Lead"  # a column tally does not read
    book["Results"]["G2"] = "SA"
    book["Results"]["G3"] = 3.25
    notes = book.create_sheet("Notes")
    notes.append(["Who", "What"])
    notes.append(["director", "  Law 79C: 30 minutes "])
    notes.append([7, True])
    book.save(source)
    result = swiss(source, tmp_path / "r2.xlsx")
    assert result.exit_code == 0, result.output
    out = tmp_path / "r2.xlsx"
    for sheet in ["Teams", "Results", "Settings", "Notes", "Matches", "Byes"]:
        before, after = table_rows(source, sheet), table_rows(out, sheet)
        for row_before, row_after in zip(before, after, strict=False):  # every input cell, typed as it was
            for cell_before, cell_after in zip(row_before, row_after, strict=False):
                assert cell_before == cell_after and type(cell_before) is type(cell_after), sheet
            assert all(v is None for v in row_after[len(row_before) :])
        assert len(after) >= len(before)
    assert table_rows(out, "Results") == table_rows(source, "Results")  # results: nothing added
    assert len(table_rows(out, "Matches")) == len(table_rows(source, "Matches")) + 3  # six teams: 3 matches
    assert "Byes" in load_workbook(out, read_only=True).sheetnames  # kept, though no bye this round
    assert len(table_rows(out, "Byes")) == len(table_rows(source, "Byes"))


def test_api_returns_the_round_and_the_path(tmp_path: Path):
    source = five_teams_after_round_one(tmp_path)
    drawn = api.swiss_round(source, tmp_path)
    assert drawn.round == 2
    assert drawn.path == tmp_path / "event-round-2.xlsx"


# ---------------------------------------------------------------- problems


def test_a_match_without_its_boards_stops_the_next_round(tmp_path: Path):
    source = five_teams_after_round_one(tmp_path)
    book = load_workbook(source)
    book["Results"].delete_rows(4, 2)  # R1T2's board, both rooms
    book.save(source)
    result = swiss(source, tmp_path / "r2.xlsx")
    assert result.exit_code == 1
    assert codes_in(result.output) == ["B150"]
    assert "R1T2" in result.output and "R1T1" not in result.output
    assert not (tmp_path / "r2.xlsx").exists()


def test_no_pairing_without_a_rematch_is_a_problem(tmp_path: Path):
    # four teams that have all met: round 4 would need a rematch
    rounds = [("A", "B", "C", "D"), ("A", "C", "B", "D"), ("A", "D", "B", "C")]
    matches, results = [], []
    for r, (a, b, c, d) in enumerate(rounds, start=1):
        for t, (home, away) in enumerate([(a, b), (c, d)], start=1):
            matches.append([f"R{r}T{t}", r, home, away])
            results += result_rows(f"R{r}T{t}", True)
    source = write_xlsx(
        tmp_path / "event.xlsx",
        {
            "Matches": (["Match", "Round", "Home", "Away"], matches),
            "Results": (RESULTS_HEADER, results),
            "Teams": (["Team", "Names"], [[t, None] for t in "ABCD"]),
            "Settings": (["Key", "Value"], [["Scoring", "Teams"]]),
        },
    )
    result = swiss(source, tmp_path / "r4.xlsx")
    assert result.exit_code == 1
    assert codes_in(result.output) == ["B151"]
    assert not (tmp_path / "r4.xlsx").exists()


def test_a_pairs_event_is_not_a_swiss(tmp_path: Path):
    source = write_xlsx(
        tmp_path / "event.xlsx",
        {
            "Teams": (["Team", "Names"], [[t, None] for t in "ABCD"]),
            "Settings": (["Key", "Value"], [["Scoring", "MP"]]),
        },
    )
    result = swiss(source, tmp_path / "r1.xlsx")
    assert result.exit_code == 1
    assert codes_in(result.output) == ["B152"]


def test_a_match_without_its_round(tmp_path: Path):
    source = five_teams_after_round_one(tmp_path)
    book = load_workbook(source)
    book["Matches"]["B3"] = None
    book.save(source)
    result = swiss(source, tmp_path / "r2.xlsx")
    assert result.exit_code == 1
    assert codes_in(result.output) == ["B153"]


def test_rounds_is_for_the_round_robin(tmp_path: Path):
    source = teams_workbook(tmp_path / "club.xlsx", ["A", "B", "C"])
    result = swiss(source, tmp_path / "r1.xlsx", "--rounds", 3)
    assert result.exit_code == 2
    assert codes_in(result.output) == ["X001"]


def test_one_team_is_too_few(tmp_path: Path):
    source = teams_workbook(tmp_path / "club.xlsx", ["A"])
    result = swiss(source, tmp_path / "r1.xlsx")
    assert result.exit_code == 1
    assert codes_in(result.output) == ["W115"]


def test_the_event_is_never_its_own_output(tmp_path: Path):
    source = five_teams_after_round_one(tmp_path)
    before = source.read_bytes()
    result = swiss(source, source, "--force")
    assert result.exit_code == 2
    assert source.read_bytes() == before


def test_without_swiss_the_command_still_makes_the_round_robin(tmp_path: Path):
    source = teams_workbook(tmp_path / "club.xlsx", ["A", "B", "C", "D"])
    result = invoke("bridge", "schedule", source, "-o", tmp_path / "rr.xlsx")
    assert result.exit_code == 0, result.output
    assert len(matches_of(tmp_path / "rr.xlsx")) == 6  # every pair of four teams once
    assert "Movement" not in {r["Key"] for r in records(tmp_path / "rr.xlsx", "Settings")}


# ---------------------------------------------------------------- round after round, then scored


def filled(path: Path, into: Path, rng: random.Random) -> Path:
    """The director's copy with the last round's results typed: three boards a match, 4S by North in both
    rooms with tricks drawn from 7 to 12 (a plain function of the seed)."""
    book = load_workbook(path)
    header, *rows = list(book["Matches"].iter_rows(values_only=True))
    last = max(r[1] for r in rows)
    results = book["Results"]
    for match, rnd, _home, _away in rows:  # the round's matches
        if rnd == last:
            for board in (1, 2, 3):
                for room in ("Open", "Closed"):
                    results.append([match, room, board, "4S", "N", rng.randint(7, 12)])
    book.save(into)
    return into


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_seven_team_swiss_run_for_four_rounds_then_scored(tmp_path: Path):
    rng = random.Random(16)
    teams = ["Ash", "Birch", "Cedar", "Elm", "Fir", "Oak", "Yew"]
    event = teams_workbook(tmp_path / "swiss.xlsx", teams)
    for number in range(1, 5):  # schedule a round, fill it, schedule the next
        out = tmp_path / f"swiss-round-{number}.xlsx"
        result = swiss(event, out)
        assert result.exit_code == 0, result.output
        event = filled(out, tmp_path / f"played-{number}.xlsx", rng)
    scored = invoke("bridge", "standings", event, "-o", tmp_path / "standings.xlsx")
    assert scored.exit_code == 0, scored.output
    matches = matches_of(event)
    assert len(matches) == 4 * 3
    assert len({frozenset((h, a)) for _, _, h, a in matches}) == 12  # no rematch
    byes = [r["Team"] for r in records(event, "Byes")]
    assert len(byes) == 4 and len(set(byes)) == 4  # a different team each round
    for rnd in range(1, 5):  # everyone once a round: three matches and the bye
        seated = [t for _, r, h, a in matches if r == rnd for t in (h, a)]
        assert sorted(seated + [records(event, "Byes")[rnd - 1]["Team"]]) == sorted(teams)
    standings = {r["Team"]: r for r in records(tmp_path / "standings.xlsx", "Standings")}
    for team in teams:  # four rounds, one bye each at most: matches and boards played
        played = sum(team in (h, a) for _, _, h, a in matches)
        assert standings[team]["Matches"] == played == 4 - byes.count(team)
        assert standings[team]["Boards"] == 3 * played


def test_a_title_block_and_repeated_headers(tmp_path: Path):
    # the Teams table starts under a title line; another sheet has two columns headed X and one unheaded
    source = tmp_path / "club.xlsx"
    book = load_workbook(teams_workbook(source, ["A", "B", "C"]))
    book["Teams"].insert_rows(1, 2)
    book["Teams"]["A1"] = "Spring Swiss"
    extra = book.create_sheet("Extra")
    for row in (["X", "X", None, "Y"], [1, 2, 3, 4], [None, None, "z", None]):
        extra.append(row)
    book.save(source)
    result = swiss(source, tmp_path / "r1.xlsx")
    assert result.exit_code == 0, result.output
    out = tmp_path / "r1.xlsx"
    assert table_rows(out, "Teams") == table_rows(source, "Teams")  # the table, from its header down
    header, *body = table_rows(out, "Extra")
    assert header == ("X", "X (2)", "", "Y")  # a repeated header gets its number; the cells are as typed
    assert body == [(1, 2, 3, 4), (None, None, "z", None)]
    assert matches_of(out) == [("R1T1", 1, "A", "B")]
