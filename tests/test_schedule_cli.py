"""`tally domino schedule` and `tally bridge schedule`: the workbooks they write, and the round trip through
`standings` once an organizer has filled in some results."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from conftest import codes_in, write_xlsx
from corpus.common import Expected, printed
from openpyxl import load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app

# FIDE Handbook C.05 Annex 1, copied by hand: home (first named) - away, players numbered from 1.
BERGER_4 = ["1-4 2-3", "4-3 1-2", "2-4 3-1"]
BERGER_6 = ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"]
MATCH_HEADERS = ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Ended", "Winner"]
RESULT_HEADERS = ["Match", "Room", "Board", "Contract", "Declarer", "Tricks", "Score"]
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
TEAMS = ["Dragons", "Eagles", "Fjords", "Gulls"]


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def berger(table: list[str]) -> list[tuple[int, int, str, str]]:
    """(round, table, home, away) from rounds written as `home-away` pairings."""
    out = []
    for rnd, line in enumerate(table, start=1):
        for tbl, pairing in enumerate(line.split(), start=1):
            home, away = pairing.split("-")
            out.append((rnd, tbl, home, away))
    return out


def rows(path: Path, sheet: str) -> list[tuple]:
    """Every row of a sheet's table, header included, as values."""
    return table_rows(load_workbook(path)[sheet])


def table(path: Path, sheet: str) -> list[dict[str, object]]:
    """The data rows of a sheet as dicts by header."""
    header, *data = rows(path, sheet)
    return [dict(zip(header, r, strict=True)) for r in data]


def settings(path: Path) -> dict[object, object]:
    return {r["Key"]: r["Value"] for r in table(path, "Settings")}


def sheet_names(path: Path) -> list[str]:
    return load_workbook(path, read_only=True).sheetnames


def text(value: object) -> str | None:
    """A cell as text (ids may come back as '1' or 1)."""
    return None if value is None else str(value)


def players_workbook(path: Path, names: list[str] = NAMES) -> Path:
    """A Players sheet (ID, Name, Club) as an organizer would type it."""
    data = [[f"p{i}", name, "North" if i % 2 else "South"] for i, name in enumerate(names, start=1)]
    return write_xlsx(path, {"Players": (["ID", "Name", "Club"], data)})


def teams_workbook(path: Path, teams: list[str] = TEAMS) -> Path:
    return write_xlsx(path, {"Teams": (["Team", "Names"], [[t, f"{t} four"] for t in teams])})


def scheduled(tmp_path: Path, *args: object, name: str = "event.xlsx") -> Path:
    """Run `tally domino schedule ... -o <name>` and return the workbook written."""
    out = tmp_path / name
    result = invoke("domino", "schedule", *args, "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}\n"
    return out


def fill_pips(path: Path, rounds: set[int], a: int = 100, b: int = 20) -> None:
    """Type A Pips / B Pips into every match of the given rounds, as the organizer would."""
    book = load_workbook(path)
    sheet = book["Matches"]
    col = {c.value: c.column - 1 for c in sheet[1]}
    for row in sheet.iter_rows(min_row=2):
        if row[col["Round"]].value in rounds:
            row[col["A Pips"]].value = a
            row[col["B Pips"]].value = b
    book.save(path)


def standings_of(source: Path, tmp_path: Path, game: str = "domino"):
    out = tmp_path / f"{source.stem}-standings.xlsx"
    before = digest(source)
    result = invoke(game, "standings", source, "-o", out)
    assert digest(source) == before  # standings never write to the event workbook
    return result, out


# ---------------------------------------------------------------- domino: the workbook written


def test_domino_six_numbered_entrants(tmp_path: Path):
    out = scheduled(tmp_path, "--entrants", "6")
    names = sheet_names(out)
    assert {"Matches", "Players", "Settings"} <= set(names)
    assert "Byes" not in names
    header, *data = rows(out, "Matches")
    assert list(header) == MATCH_HEADERS
    assert len(data) == 15
    matches = table(out, "Matches")
    assert [(m["Round"], m["Table"], text(m["A1"]), text(m["B1"])) for m in matches] == berger(BERGER_6)
    for m in matches:
        assert m["A2"] is None and m["B2"] is None
        assert [m[c] for c in ("A Pips", "B Pips", "Ended", "Winner")] == [None] * 4
    assert [text(p["ID"]) for p in table(out, "Players")] == ["1", "2", "3", "4", "5", "6"]
    s = settings(out)
    assert "Event" in s
    assert s["Target"] == 100
    assert s["Mode"] == "points"


def test_domino_five_entrants_get_a_byes_sheet(tmp_path: Path):
    out = scheduled(tmp_path, "--entrants", "5")
    matches = table(out, "Matches")
    assert len(matches) == 10
    byes = table(out, "Byes")  # a round robin of fixed pairs (--format pairs): each sits out as a Pair
    assert len(byes) == 5
    assert sorted(text(b["Pair"]) for b in byes) == ["1", "2", "3", "4", "5"]
    assert [b["Round"] for b in byes] == [1, 2, 3, 4, 5]
    # Berger: whoever would meet 6 in the six-player table sits out
    assert [text(b["Pair"]) for b in byes] == ["1", "4", "2", "5", "3"]
    for b in byes:
        seated = {text(m[c]) for m in matches if m["Round"] == b["Round"] for c in ("A1", "B1")}
        assert text(b["Pair"]) not in seated
        assert len(seated) == 4


def test_domino_players_workbook_gives_ids_and_names(tmp_path: Path):
    players = players_workbook(tmp_path / "players.xlsx")
    out = scheduled(tmp_path, players)
    listed = table(out, "Players")
    assert [(text(p["ID"]), p["Name"]) for p in listed] == [(f"p{i}", n) for i, n in enumerate(NAMES, 1)]
    assert [p["Club"] for p in listed] == ["North", "South"] * 3
    expected = [(r, t, f"p{h}", f"p{a}") for r, t, h, a in berger(BERGER_6)]
    assert [(m["Round"], m["Table"], m["A1"], m["B1"]) for m in table(out, "Matches")] == expected
    assert settings(out)["Event"] == "players"  # the players workbook's name, without --event


def test_domino_odd_players_workbook_names_the_byes(tmp_path: Path):
    players = players_workbook(tmp_path / "players.xlsx", NAMES[:5])
    out = scheduled(tmp_path, players)
    byes = table(out, "Byes")
    # Berger: whoever would meet 6 in the six-player table sits out: 1, 4, 2, 5, 3
    expected = [("p1", "Ann"), ("p4", "Dee"), ("p2", "Bob"), ("p5", "Eve"), ("p3", "Cid")]
    assert [(b["Pair"], b["Name"]) for b in byes] == expected


def test_domino_rounds_target_and_event(tmp_path: Path):
    players = players_workbook(tmp_path / "players.xlsx")
    out = scheduled(tmp_path, players, "--rounds", "2", "--target", "200", "--event", "X")
    matches = table(out, "Matches")
    assert {m["Round"] for m in matches} == {1, 2}
    assert len(matches) == 6
    s = settings(out)
    assert s["Target"] == 200
    assert s["Event"] == "X"
    assert s["Mode"] == "points"


def test_domino_rounds_keeps_only_the_first_byes(tmp_path: Path):
    out = scheduled(tmp_path, "--entrants", "7", "--rounds", "2")
    assert {m["Round"] for m in table(out, "Matches")} == {1, 2}
    assert [b["Round"] for b in table(out, "Byes")] == [1, 2]


@pytest.mark.parametrize("both", [False, True], ids=["neither", "both"])
def test_domino_players_and_entrants_are_exclusive(tmp_path: Path, both: bool):
    out = tmp_path / "event.xlsx"
    args = [players_workbook(tmp_path / "players.xlsx"), "--entrants", "6"] if both else []
    result = invoke("domino", "schedule", *args, "-o", out)
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"]
    assert not out.exists()


def test_domino_output_equal_to_the_players_file_is_refused(tmp_path: Path):
    players = players_workbook(tmp_path / "players.xlsx")
    before = digest(players)
    result = invoke("domino", "schedule", players, "-o", players)
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and players.name in result.stderr
    assert digest(players) == before


def test_domino_players_workbook_without_players_sheet(tmp_path: Path):
    source = write_xlsx(
        tmp_path / "roster.xlsx", {"Roster": (["ID", "Name"], [["p1", "Ann"], ["p2", "Bob"]])}
    )
    out = tmp_path / "event.xlsx"
    result = invoke("domino", "schedule", source, "-o", out)
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["W101"]
    assert "'Roster'" in result.stderr  # the sheets found are named
    assert not out.exists()


def test_domino_duplicate_player_id(tmp_path: Path):
    data = [["p1", "Ann", None], ["p2", "Bob", None], ["p1", "Cid", None]]
    source = write_xlsx(tmp_path / "players.xlsx", {"Players": (["ID", "Name", "Club"], data)})
    out = tmp_path / "event.xlsx"
    result = invoke("domino", "schedule", source, "-o", out)
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["D114"]
    assert printed(result.stderr, Expected("D114", "Players", 4, "ID", "p1"))
    assert not out.exists()


# ---------------------------------------------------------------- domino: round trip through standings


def test_domino_round_trip_with_two_rounds_filled(tmp_path: Path):
    event = scheduled(tmp_path, "--entrants", "6")
    fill_pips(event, {1, 2})  # A 100, B 20: side A wins 2 points (20 <= 100 / 2), side B 0
    result, out = standings_of(event, tmp_path)
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["D115"]  # one warning, not one per match
    assert "3, 4, 5" in result.stderr  # the rounds without results
    # side A in round 1: 1, 2, 3 (1-6 2-5 3-4); in round 2: 6, 5, 1 (6-4 5-3 1-2)
    points = {"1": 4, "2": 2, "3": 2, "4": 0, "5": 2, "6": 2}
    won = {"1": 2, "2": 1, "3": 1, "4": 0, "5": 1, "6": 1}
    standings = {text(s["Pair"]): s for s in table(out, "Standings")}
    assert {p: s["Points"] for p, s in standings.items()} == points
    assert {p: s["Won"] for p, s in standings.items()} == won
    assert {s["Played"] for s in standings.values()} == {2}
    assert standings["1"]["Rank"] == 1
    assert {r["Round"] for r in table(out, "Rounds")} == {1, 2}


def test_domino_round_trip_with_every_round_filled(tmp_path: Path):
    event = scheduled(tmp_path, "--entrants", "6")
    fill_pips(event, {1, 2})
    fill_pips(event, {3, 4, 5})
    result, out = standings_of(event, tmp_path)
    assert result.exit_code == 0, result.output
    assert "D115" not in codes_in(result.output + result.stderr)
    # side A over the five rounds of the table: 1 and 2 and 3 three times, 4 and 5 and 6 twice
    points = {"1": 6, "2": 6, "3": 6, "4": 4, "5": 4, "6": 4}
    standings = {text(s["Pair"]): s for s in table(out, "Standings")}
    assert {p: s["Points"] for p, s in standings.items()} == points
    assert {s["Played"] for s in standings.values()} == {5}
    assert {r["Round"] for r in table(out, "Rounds")} == {1, 2, 3, 4, 5}


def test_domino_round_trip_with_byes(tmp_path: Path):
    players = players_workbook(tmp_path / "players.xlsx", NAMES[:5])
    event = scheduled(tmp_path, players)
    fill_pips(event, {1, 2, 3, 4, 5}, a=100, b=0)  # a whitewash: 3 points to side A
    result, out = standings_of(event, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    standings = {s["Pair"]: s for s in table(out, "Standings")}
    assert {s["Played"] for s in standings.values()} == {4}  # four games and one bye each
    assert {s["Points"] for s in standings.values()} == {6}  # home twice, away twice
    assert {p: s["Name"] for p, s in standings.items()} == {f"p{i}": n for i, n in enumerate(NAMES[:5], 1)}


# ---------------------------------------------------------------- bridge: the workbook written


def bridge_scheduled(tmp_path: Path, teams: list[str] = TEAMS) -> Path:
    source = teams_workbook(tmp_path / "teams.xlsx", teams)
    out = tmp_path / "league.xlsx"
    result = invoke("bridge", "schedule", source, "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}\n"
    return out


def test_bridge_four_teams(tmp_path: Path):
    out = bridge_scheduled(tmp_path)
    names = sheet_names(out)
    assert {"Matches", "Results", "Teams", "Settings"} <= set(names)
    assert "Byes" not in names
    header, *data = rows(out, "Matches")
    assert list(header) == ["Match", "Round", "Home", "Away"]
    assert len(data) == 6
    matches = table(out, "Matches")
    pairs = [frozenset((m["Home"], m["Away"])) for m in matches]
    assert len(set(pairs)) == 6 and all(len(p) == 2 for p in pairs)
    team = dict(zip("1234", TEAMS, strict=True))
    assert [(m["Round"], m["Home"], m["Away"]) for m in matches] == [
        (r, team[h], team[a]) for r, _, h, a in berger(BERGER_4)
    ]
    assert len({m["Match"] for m in matches}) == 6
    assert rows(out, "Results") == [tuple(RESULT_HEADERS)]
    assert [(t["Team"], t["Names"]) for t in table(out, "Teams")] == [(t, f"{t} four") for t in TEAMS]
    assert settings(out)["Scoring"] == "Teams"


def test_bridge_five_teams_get_a_byes_sheet(tmp_path: Path):
    teams = [*TEAMS, "Hawks"]
    out = bridge_scheduled(tmp_path, teams)
    byes = table(out, "Byes")
    assert len(byes) == 5
    assert sorted(b["Team"] for b in byes) == sorted(teams)
    assert [b["Round"] for b in byes] == [1, 2, 3, 4, 5]
    matches = table(out, "Matches")
    assert len(matches) == 10
    for b in byes:
        assert b["Team"] not in {m[c] for m in matches if m["Round"] == b["Round"] for c in ("Home", "Away")}


def test_bridge_output_equal_to_the_teams_file_is_refused(tmp_path: Path):
    source = teams_workbook(tmp_path / "teams.xlsx")
    before = digest(source)
    result = invoke("bridge", "schedule", source, "-o", source)
    assert result.exit_code == 2
    assert digest(source) == before


def test_bridge_teams_workbook_without_teams_sheet(tmp_path: Path):
    source = players_workbook(tmp_path / "players.xlsx")
    out = tmp_path / "league.xlsx"
    result = invoke("bridge", "schedule", source, "-o", out)
    assert result.exit_code == 1
    assert "'Teams'" in result.stderr and "'Players'" in result.stderr
    assert not out.exists()


# ---------------------------------------------------------------- bridge: round trip through standings


def fill_results(path: Path, results: list[list[object]]) -> None:
    book = load_workbook(path)
    for row in results:
        book["Results"].append(row)
    book.save(path)


def test_bridge_round_trip_with_one_board(tmp_path: Path):
    event = bridge_scheduled(tmp_path)
    first = table(event, "Matches")[0]
    assert (first["Match"], first["Home"], first["Away"]) == ("R1T1", "Dragons", "Gulls")
    # board 1: nobody vulnerable. Open: home NS, 4S by N making 10 = NS +420.
    # Closed: home EW, 4S by E one down = NS +50, so -50 to the home team.
    # 420 - 50 = 370 -> 9 IMPs (the 370-420 band) to the home team.
    fill_results(event, [["R1T1", "Open", 1, "4S", "N", 10, None], ["R1T1", "Closed", 1, "4S", "E", 9, None]])
    result, out = standings_of(event, tmp_path, "bridge")
    assert result.exit_code == 0, result.output
    travellers = {t["Room"]: t for t in table(out, "Travellers")}
    assert travellers["Open"]["NS Score"] == 420
    assert travellers["Closed"]["NS Score"] == 50
    board = table(out, "Board IMPs")
    assert [(b["Match"], b["Board"], b["Home IMPs"]) for b in board] == [("R1T1", 1, 9)]
    played = {m["Match"]: m for m in table(out, "Matches")}["R1T1"]
    assert (played["Home"], played["Boards"], played["Home IMPs"], played["Away IMPs"]) == (
        "Dragons",
        1,
        9,
        0,
    )
    assert played["Home VPs"] > played["Away VPs"]
    assert played["Home VPs"] + played["Away VPs"] == pytest.approx(20)
    standings = {s["Team"]: s for s in table(out, "Standings")}
    assert {t: (s["Matches"], s["Boards"], s["IMPs"]) for t, s in standings.items()} == {
        "Dragons": (1, 1, 9),
        "Gulls": (1, 1, -9),
        "Eagles": (0, 0, 0),
        "Fjords": (0, 0, 0),
    }
    assert standings["Dragons"]["Rank"] == 1 and standings["Gulls"]["Rank"] == 2
    assert standings["Dragons"]["VPs"] == played["Home VPs"]
    assert standings["Gulls"]["VPs"] == played["Away VPs"]


def test_bridge_round_trip_with_a_flat_board_and_byes(tmp_path: Path):
    event = bridge_scheduled(tmp_path, [*TEAMS, "Hawks"])
    match = table(event, "Matches")[0]
    # the same contract and result in both rooms: the scores cancel, 0 IMPs, 10 VPs each
    fill_results(event, [[match["Match"], room, 1, "3NT", "S", 9, None] for room in ("Open", "Closed")])
    result, out = standings_of(event, tmp_path, "bridge")
    assert result.exit_code == 0, result.output
    assert [b["Home IMPs"] for b in table(out, "Board IMPs")] == [0]
    standings = {s["Team"]: s for s in table(out, "Standings")}
    for team in (match["Home"], match["Away"]):
        assert (standings[team]["Boards"], standings[team]["IMPs"], standings[team]["VPs"]) == (1, 0, 10)
        assert standings[team]["Rank"] == 1
