"""`tally rank` credits people, not pair numbers: each member of a pair or team gets the competitor's award,
matched across events by membership number (the Members sheet) or by name; the standings carry the members
the results workbook lists."""

from __future__ import annotations

import csv
import io
import json
import shutil
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES, codes_in
from openpyxl import Workbook, load_workbook
from ranking_books import (
    RUNNER,
    rank,
    ranking_lines,
    reference_units,
    sheet_names,
    sheet_rows,
    standings_book,
)
from site_pages import parsed

from pipeline.cli import app
from pipeline.games.members import people_in_names

# three club evenings: partnerships change and pair numbers repeat (pair 1 is someone else each evening)
EVENINGS = {
    "e1.xlsx": ("2026-11-03", [(1, 1, "Eva Berg - Nils Dahl"), (2, 2, "Ola Berg - Kari Lund"),
                               (3, 3, "Ana Ruiz - Luis Mora"), (4, 4, "Li Wei - Zhang Min")]),
    "e2.xlsx": ("2026-11-10", [(1, 1, "Ola Berg - Kari Lund"), (2, 2, "Eva Berg - Luis Mora"),
                               (3, 3, "Ana Ruiz - Nils Dahl"), (4, 4, "Li Wei - Zhang Min")]),
    "e3.xlsx": ("2026-11-17", [(1, 1, "Li Wei - Kari Lund"), (2, 2, "Ana Ruiz - Zhang Min"),
                               (3, 3, "Ola Berg - Nils Dahl")]),
}  # fmt: skip


def evenings(folder: Path) -> list[Path]:
    """The three evenings as bridge standings workbooks."""
    return [
        standings_book(folder / file, rows, bridge=True, date=date, event=file)
        for file, (date, rows) in EVENINGS.items()
    ]


def expected_people() -> dict[str, tuple[int, set[str], set[str]]]:
    """Each person's total (units), events and partners, worked from EVENINGS by hand's rule: each of the
    two players of a pair gets the pair's place points (field - place + 1) / field x 100."""
    found: dict[str, tuple[int, set[str], set[str]]] = defaultdict(lambda: (0, set(), set()))
    for file, (_date, rows) in EVENINGS.items():
        for place, _pair, names in rows:
            a, b = names.split(" - ")
            for me, partner in ((a, b), (b, a)):
                units, played, partners = found[me]
                found[me] = (
                    units + reference_units(place, 1, len(rows)),
                    played | {file},
                    partners | {partner},
                )
    return dict(found)


def test_each_person_is_ranked_with_exactly_the_events_they_played(tmp_path: Path) -> None:
    out = tmp_path / "r.xlsx"
    result = rank(*evenings(tmp_path), "-o", out)
    assert result.exit_code == 0, result.output
    expected = expected_people()
    lines = {line[1]: line for line in ranking_lines(out)}
    assert set(lines) == set(expected)  # people, never a pair number
    assert not {"1", "2", "3", "4"} & set(lines)
    for person, (units, played, _partners) in expected.items():
        assert lines[person][3] == pytest.approx(units / 100)
        assert lines[person][4] == len(played)
    rows = sheet_rows(out, "Contributions")
    for person, (_units, played, partners) in expected.items():
        mine = [r for r in rows if r["Player"] == person]
        assert {Path(str(r["File"])).name for r in mine} == played
        assert {r["Partners"] for r in mine} == partners
    eva = sorted(
        (Path(str(r["File"])).name, r["Competitor"], r["Place"]) for r in rows if r["Player"] == "Eva Berg"
    )
    assert eva == [("e1.xlsx", "1", 1), ("e2.xlsx", "2", 2)]  # not pair 1's three evenings


def test_crediting_competitors_is_still_an_option(tmp_path: Path) -> None:
    config = tmp_path / "ranking.toml"
    config.write_text('credit = "competitor"\n', encoding="utf-8")
    out = tmp_path / "r.xlsx"
    result = rank(*evenings(tmp_path), "-o", out, "--config", config)
    assert result.exit_code == 0, result.output
    # pair 1 won e1 and e2, pair 1 of e3 won too: 300 points for "the pair number"
    assert ranking_lines(out)[0][:5] == (1, "1", "Li Wei - Kari Lund", 300, 3)


def test_names_only_are_warned_once_and_numbers_silence_it(tmp_path: Path) -> None:
    result = rank(*evenings(tmp_path), "-o", tmp_path / "r.xlsx")
    assert codes_in(result.stderr) == ["R118"]
    numbered = standings_book(
        tmp_path / "n.xlsx",
        [(1, 1, "Eva Berg - Nils Dahl"), (2, 2, "Ola Berg - Kari Lund")],
        bridge=True,
        members=[
            (1, "1234", "Eva Berg"),
            (1, "5678", "Nils Dahl"),
            (2, "0042", "Ola Berg"),
            (2, "77", "Kari Lund"),
        ],
    )
    result = rank(numbered, "-o", tmp_path / "n-r.xlsx")
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == []
    assert [line[1:3] for line in ranking_lines(tmp_path / "n-r.xlsx")] == [
        ("1234", "Eva Berg"),
        ("5678", "Nils Dahl"),
        ("0042", "Ola Berg"),  # a number as the federation writes it: its leading zero kept
        ("77", "Kari Lund"),
    ]


def test_one_membership_number_is_one_person_whatever_the_spelling_and_the_partner(tmp_path: Path) -> None:
    one = standings_book(
        tmp_path / "a.xlsx",
        [(1, 3, "Eva Berg - Nils Dahl"), (2, 1, "Ola Berg - Kari Lund")],
        bridge=True,
        date="2026-11-03",
        members=[(3, 1234, "Eva Berg"), (3, 5678, "Nils Dahl"), (1, 42, "Ola Berg"), (1, 77, "Kari Lund")],
    )
    two = standings_book(
        tmp_path / "b.xlsx",
        [(1, 1, "Ola Berg - Eva  BERG"), (2, 3, "Kari Lund - Nils Dahl")],
        bridge=True,
        date="2026-11-10",
        members=[(1, 42, "Ola Berg"), (1, 1234, "Eva  BERG"), (3, 77, "Kari Lund"), (3, 5678, "Nils Dahl")],
    )
    out = tmp_path / "r.xlsx"
    result = rank(one, two, "-o", out)
    assert result.exit_code == 0, result.output
    eva = next(line for line in ranking_lines(out) if line[1] == "1234")
    assert eva[3:5] == (200, 2)  # won both evenings, with two partners
    partners = {r["Partners"] for r in sheet_rows(out, "Contributions") if r["Player"] == "1234"}
    assert partners == {"Nils Dahl", "Ola Berg"}
    identity = sheet_rows(out, "Identity")
    assert [(r["Player"], r["Names"]) for r in identity] == [
        ("1234", "Eva BERG; Eva Berg")
    ]  # runs of spaces read as one
    assert codes_in(result.stderr) == ["R116"]


def test_a_pair_whose_players_are_not_named_credits_nobody(tmp_path: Path) -> None:
    book = standings_book(
        tmp_path / "t.xlsx",
        [(1, "Sharks", "Sharks"), (2, "Eagles", "Ruiz, Mora, Gil, Roca"), (3, "Owls", None)],
        bridge=True,
        header=["Rank", "Team", "Names"],
    )
    out = tmp_path / "r.xlsx"
    result = rank(book, "-o", out)
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["R119", "R118"]
    assert "Sharks" in result.stderr and "Owls" in result.stderr
    # the team of four shares its second place of three: 66.67 each; nobody is "Sharks"
    assert [(line[1], line[3]) for line in ranking_lines(out)] == [
        ("Gil", 66.67),
        ("Mora", 66.67),
        ("Roca", 66.67),
        ("Ruiz", 66.67),
    ]


def test_one_person_in_two_competitors_is_credited_once_with_the_better_place(tmp_path: Path) -> None:
    book = standings_book(
        tmp_path / "s.xlsx",
        [(1, 1, "Ana Ruiz - Luis Mora"), (2, 2, "Eva Berg - Nils Dahl"), (3, 3, "ana ruiz - Kari Lund")],
        bridge=True,
    )
    out = tmp_path / "r.xlsx"
    result = rank(book, "-o", out)
    assert codes_in(result.stderr) == ["R120", "R118"]
    ana = [r for r in sheet_rows(out, "Contributions") if str(r["Player"]).casefold() == "ana ruiz"]
    assert [(r["Competitor"], r["Place"]) for r in ana] == [("1", 1)]


@pytest.mark.parametrize(
    ("written", "people"),
    [
        ("Ana Ruiz - Luis Mora", ["Ana Ruiz", "Luis Mora"]),
        ("Ana Ruiz & Luis Mora", ["Ana Ruiz", "Luis Mora"]),
        ("Ana Ruiz y Luis Mora", ["Ana Ruiz", "Luis Mora"]),
        ("Ana Ruiz / Luis  Mora", ["Ana Ruiz", "Luis Mora"]),
        ("Li, Zhang, Wang, Liu", ["Li", "Zhang", "Wang", "Liu"]),
        ("李伟、张敏", ["李伟", "张敏"]),
        ("Jean-Pierre Roux - Marie-Anne Lac", ["Jean-Pierre Roux", "Marie-Anne Lac"]),
        ("Los Primos", ["Los Primos"]),
    ],
)
def test_a_written_name_is_split_into_people_at_the_separators(written: str, people: list[str]) -> None:
    assert people_in_names(pd.Series([written], dtype="str")).tolist() == people


def with_members(source: Path, target: Path, headers: tuple[str, str, str, str]) -> Path:
    """A copy of a bridge club results workbook whose Pairs sheet (first sheet with Pair and Names) gains the
    two players' names and membership numbers, under the headers given."""
    book = load_workbook(source)
    sheet = book.worksheets[1]
    for column, header in enumerate(headers, start=3):
        sheet.cell(1, column).value = header
    for row in range(2, sheet.max_row + 1):
        first, second = str(sheet.cell(row, 2).value).split(" - ")
        numbers = (f"0{100 + row}", 200 + row)
        for column, value in zip(range(3, 7), (first, numbers[0], second, numbers[1]), strict=True):
            sheet.cell(row, column).value = value
    book.save(target)
    return target


MEMBER_HEADERS = ("Player 1", "Player 1 ID", "Player 2", "Player 2 ID")


@pytest.mark.parametrize(
    ("lang", "headers", "members_sheet"),
    [
        ("", MEMBER_HEADERS, "Members"),
        ("es", ("Jugador 1", "Licencia 1", "Jugador 2", "Licencia 2"), "Integrantes"),
        ("zh", ("选手1", "选手1会员号", "选手2", "选手2会员号"), "成员"),
    ],
)
def test_standings_carry_the_members_typed_and_rank_credits_their_numbers(
    tmp_path: Path, lang: str, headers: tuple[str, str, str, str], members_sheet: str
) -> None:
    results = with_members(SAMPLES / lang / "bridge_club_mp.xlsx", tmp_path / "club.xlsx", headers)
    standings = tmp_path / "club-standings.xlsx"
    result = RUNNER.invoke(app, ["bridge", "standings", str(results), "-o", str(standings)])
    assert result.exit_code == 0, result.output
    names = sheet_names(standings)
    assert names.index(members_sheet) == len(names) - 2  # just before Rules
    book = load_workbook(standings, read_only=True)
    rows = [r for r in book[members_sheet].iter_rows(values_only=True) if any(v is not None for v in r)]
    book.close()
    start = next(i for i, r in enumerate(rows) if r[0] in ("Competitor", "Competidor", "参赛方"))
    members = rows[start + 1 :]
    assert members[:2] == [("1", "0102", "Li Wei"), ("1", "202", "Zhang Min")]
    assert len(members) == 2 * 10  # ten pairs, two players each
    out = tmp_path / "r.xlsx"
    result = rank(standings, "-o", out, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == []  # every player numbered: nobody by name only
    ranked = {line[1]: line[2] for line in ranking_lines(out)}
    assert ranked["0102"] == "Li Wei" and ranked["202"] == "Zhang Min" and len(ranked) == 20


def test_rank_over_the_spanish_and_chinese_twins_credits_the_same_people(tmp_path: Path) -> None:
    outs = {}
    for lang in ("es", "zh"):
        source = tmp_path / lang
        shutil.copytree(SAMPLES / lang, source)
        standings = tmp_path / f"{lang}-standings"
        result = RUNNER.invoke(app, ["batch", str(source), "-o", str(standings), "--workers", "1"])
        assert result.exit_code == 0, result.output
        outs[lang] = tmp_path / f"{lang}.xlsx"
        result = rank(standings, "-o", outs[lang], "--game", "bridge", "--lang", "en")
        assert result.exit_code == 0, result.output
    es, zh = (ranking_lines(outs[lang]) for lang in ("es", "zh"))
    assert es == zh and len(es) > 0
    assert "Li Wei" in {line[1] for line in es}  # a person from the club pairs' Li Wei - Zhang Min


def test_the_published_ranking_shows_each_persons_partners_and_identity(tmp_path: Path) -> None:
    one = standings_book(
        tmp_path / "a.xlsx",
        [(1, 3, "Eva Berg - Nils Dahl"), (2, 1, "Ola Berg - Kari Lund")],
        bridge=True,
        members=[(3, 1234, "Eva Berg"), (3, 5678, "Nils Dahl"), (1, 42, "Ola Berg"), (1, 77, "Kari Lund")],
    )
    two = standings_book(
        tmp_path / "b.xlsx",
        [(1, 1, "Eva Borg - Ola Berg")],
        bridge=True,
        date="2026-03-08",
        members=[(1, 1234, "Eva Borg"), (1, 42, "Ola Berg")],
    )
    site = tmp_path / "site"
    out = tmp_path / "r.xlsx"
    result = rank(one, two, "-o", out, "--publish", site)
    assert result.exit_code == 0, result.output
    index = parsed(site / "index.html").tables["standings"]
    eva = next(links for row, links in zip(index.rows, index.links, strict=True) if row[1] == "1234")
    page = parsed(site / str(eva[1]))
    identity = page.tables["identity"]
    assert any("Eva Berg; Eva Borg" in cell for cell in identity.rows[0])
    events = page.tables["contributions"]
    partners = {row[events.headers.index("Partners")] for row in events.rows}
    assert partners == {"Nils Dahl", "Ola Berg"}


def register_book(path: Path, rows: list[tuple[object, ...]], headers: tuple[str, ...] | None = None) -> Path:
    """A members register workbook: Member ID, Name, Club, Active Until (or the headers given)."""
    book = Workbook()
    sheet = book.active
    sheet.title = "Register"
    sheet.append(list(headers or ("Member ID", "Name", "Club", "Active Until")))
    for row in rows:
        sheet.append(list(row))
    book.save(path)
    return path


REGISTER = [
    (1234, "Eva Berg", "Oslo", None),
    (5678, "Nils Dahl", "Oslo", None),
    (77, "Kari Lund", "Oslo", "2026-10-31"),
    (17, "Ana Ruiz", "Madrid", None),
    (18, "Luis Mora", "Madrid", None),
    (19, "Luis Mora", "Sevilla", None),
]


def register_season(folder: Path) -> list[Path]:
    """Two evenings: one with members typed (a wrong name, a number without a name, an unknown number, a
    lapsed member), one by names only."""
    one = standings_book(
        folder / "a.xlsx",
        [(1, 3, "Eva Berg - Nils Dahl"), (2, 1, "Ola Berg - Kari Lund"), (3, 2, "Ana Ruiz - Luis Mora")],
        bridge=True,
        date="2026-11-03",
        members=[(3, 1234, "Eva Borg"), (3, 5678, None), (1, 9999, "Ola Berg"), (1, 77, "Kari Lund")],
    )
    two = standings_book(folder / "b.xlsx", [(1, 1, "Ana Ruiz - Eva Berg")], bridge=True, date="2026-11-10")
    return [one, two]


def identity_checks(path: Path) -> list[tuple[object, object, object]]:
    """The Identity sheet as (Check, Player, Names) rows."""
    return [(r["Check"], r["Player"], r["Names"]) for r in sheet_rows(path, "Identity")]


def test_the_members_register_numbers_names_and_reports_each_problem_with_its_code(tmp_path: Path) -> None:
    events = register_season(tmp_path)
    members = register_book(tmp_path / "members.xlsx", REGISTER)
    out = tmp_path / "r.xlsx"
    result = rank(*events, "-o", out, "--members", members)
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["R118", "R121", "R122", "R123", "R124", "R124", "R125", "R129"]
    assert identity_checks(out) == [
        ("unknown member", "9999", "Ola Berg"),
        ("inactive member", "77", "Kari Lund"),  # played 2026-11-03, a member until 2026-10-31
        ("name differs from the register's", "1234", "Eva Borg; Eva Berg; register: Eva Berg"),
        ("number filled from the register", "1234", "Eva Borg; Eva Berg"),  # Eva Berg of b.xlsx
        ("number filled from the register", "17", "Ana Ruiz"),
        ("name of several members", "Luis Mora", "register: 18; 19"),  # two Luis Mora: not numbered
        ("name filled from the register", "5678", "Nils Dahl"),
    ]
    lines = {line[1]: line[2:5] for line in ranking_lines(out)}
    # Eva Berg (1234) won both evenings under two spellings; the register's name is shown
    assert lines["1234"] == ("Eva Berg", 200, 2)
    assert lines["17"] == ("Ana Ruiz", pytest.approx(133.33), 2)
    assert lines["5678"] == ("Nils Dahl", 100, 1)
    assert "Luis Mora" in lines and "18" not in lines and "19" not in lines


def test_ranking_toml_names_the_register_beside_it_in_any_language(tmp_path: Path) -> None:
    events = register_season(tmp_path)
    register_book(tmp_path / "socios.xlsx", REGISTER, ("Licencia", "Nombre", "Club", "Activo hasta"))
    config = tmp_path / "ranking.toml"
    config.write_text('[ranking]\nmembers = "socios.xlsx"\n', encoding="utf-8")
    out = tmp_path / "r.xlsx"
    result = rank(*events, "-o", out, "--config", config)
    assert result.exit_code == 0, result.output
    assert "R121" in codes_in(result.stderr) and len(identity_checks(out)) == 7


def test_a_register_that_cannot_be_read_stops_the_ranking_with_located_problems(tmp_path: Path) -> None:
    events = register_season(tmp_path)
    bad = register_book(
        tmp_path / "members.xlsx",
        [(1234, "Eva Berg", "Oslo", None), (None, "Nils Dahl", "Oslo", None), (1234, "Ana", "X", "soon")],
    )
    out = tmp_path / "r.xlsx"
    result = rank(*events, "-o", out, "--members", bad)
    assert result.exit_code == 1
    assert sorted(codes_in(result.output)) == ["R126", "R127", "R128"]
    assert "row 3" in result.output and not out.exists()


def test_the_export_gives_each_persons_award_from_each_event_as_csv_and_workbook(tmp_path: Path) -> None:
    events = register_season(tmp_path)
    members = register_book(tmp_path / "members.xlsx", REGISTER)
    export = tmp_path / "export"
    result = rank(*events, "-o", tmp_path / "r.xlsx", "--members", members, "--export", export)
    assert result.exit_code == 0, result.output
    raw = (export / "awards.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # Excel reads the accents and Chinese of a BOM'd UTF-8 file
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    # a.xlsx, field 3: pair 3 first (100 each), pair 1 second (66.67), pair 2 third (33.33); b.xlsx, field 1
    assert [
        (r["Member ID"], r["Name"], r["Date"], r["Place"], r["Field"], r["Points"], r["Partners"])
        for r in rows
    ] == [
        ("1234", "Eva Berg", "2026-11-03", "1", "3", "100.0", "Nils Dahl"),
        ("5678", "Nils Dahl", "2026-11-03", "1", "3", "100.0", "Eva Berg"),
        ("77", "Kari Lund", "2026-11-03", "2", "3", "66.67", "Ola Berg"),
        ("9999", "Ola Berg", "2026-11-03", "2", "3", "66.67", "Kari Lund"),
        ("17", "Ana Ruiz", "2026-11-03", "3", "3", "33.33", "Luis Mora"),
        ("", "Luis Mora", "2026-11-03", "3", "3", "33.33", "Ana Ruiz"),  # two Luis Mora in the register
        ("1234", "Eva Berg", "2026-11-10", "1", "1", "100.0", "Ana Ruiz"),
        ("17", "Ana Ruiz", "2026-11-10", "1", "1", "100.0", "Eva Berg"),
    ]
    book = sheet_rows(export / "awards.xlsx", "Awards")
    assert [(str(r["Member ID"] or ""), r["Name"], r["Points"]) for r in book] == [
        (r["Member ID"], r["Name"], float(r["Points"])) for r in rows
    ]
    again = rank(*events, "-o", tmp_path / "r.xlsx", "--export", export)  # tally's own files: replaced
    assert again.exit_code == 0, again.output


def test_the_export_never_replaces_a_csv_tally_did_not_write(tmp_path: Path) -> None:
    events = register_season(tmp_path)
    export = tmp_path / "export"
    export.mkdir()
    (export / "awards.csv").write_text("the federation's own notes\n", encoding="utf-8")
    result = rank(*events, "-o", tmp_path / "r.xlsx", "--export", export)
    assert result.exit_code == 2 and codes_in(result.stderr) == ["X001"]
    assert (export / "awards.csv").read_text(encoding="utf-8") == "the federation's own notes\n"
    assert not (tmp_path / "r.xlsx").exists()


def test_usebio_carries_each_players_national_number_out_and_back(tmp_path: Path) -> None:
    results = with_members(SAMPLES / "bridge_club_mp.xlsx", tmp_path / "club.xlsx", MEMBER_HEADERS)
    usebio = tmp_path / "club.xml"
    result = RUNNER.invoke(
        app,
        ["bridge", "standings", str(results), "-o", str(tmp_path / "s.xlsx"), "--usebio", str(usebio)],
    )
    assert result.exit_code == 0, result.output
    pairs = ET.parse(usebio).getroot().iter("PAIR")
    players = {
        pair.findtext("PAIR_NUMBER"): [
            (p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER")) for p in pair.iter("PLAYER")
        ]
        for pair in pairs
    }
    assert players["1"] == [("Li Wei", "0102"), ("Zhang Min", "202")]
    assert len(players) == 10 and all(len(p) == 2 and all(n for _, n in p) for p in players.values())
    back = tmp_path / "back.xlsx"
    result = RUNNER.invoke(app, ["bridge", "standings", str(usebio), "-o", str(back)])
    assert result.exit_code == 0, result.output
    # the same players with the same numbers (listed in the file's order of pairs: by place)
    assert sorted(sheet_rows_after_heading(back, "Members")) == sorted(
        sheet_rows_after_heading(tmp_path / "s.xlsx", "Members")
    )


def test_a_usebio_file_from_another_program_gives_its_national_numbers(tmp_path: Path) -> None:
    # tests/bridge/interchange/club-mp.xml is tally's fixture in the form scoring programs write USEBIO (its
    # PLAYERs give NATIONAL_ID_NUMBER for some players only)
    standings = tmp_path / "s.xlsx"
    source = Path(__file__).parent / "bridge" / "interchange" / "club-mp.xml"
    result = RUNNER.invoke(app, ["bridge", "standings", str(source), "-o", str(standings)])
    assert result.exit_code == 0, result.output
    members = sheet_rows_after_heading(standings, "Members")
    assert ("1", "1001", "Eva Lindé") in members and ("1", None, "Per Holm") in members


def sheet_rows_after_heading(path: Path, sheet: str) -> list[tuple[object, ...]]:
    """A standings sheet's rows below its header (the title block above it skipped)."""
    book = load_workbook(path, read_only=True)
    rows = [r for r in book[sheet].iter_rows(values_only=True)]
    book.close()
    start = next(i for i, r in enumerate(rows) if r[0] in ("Competitor", "Competidor", "参赛方"))
    return rows[start + 1 :]


@pytest.mark.parametrize("lang", ["", "es"])
def test_validate_checks_each_player_cell_against_the_register(tmp_path: Path, lang: str) -> None:
    headers = MEMBER_HEADERS if not lang else ("Jugador 1", "Licencia 1", "Jugador 2", "Licencia 2")
    results = with_members(SAMPLES / lang / "bridge_club_mp.xlsx", tmp_path / "club.xlsx", headers)
    book = load_workbook(results)
    pairs = book.worksheets[1]
    pairs["D3"] = None  # Ana Ruiz's number left blank: the register has one Ana Ruiz
    pairs["E4"] = None  # pair 3's second player named by number only
    book.save(results)
    register = register_book(
        tmp_path / "members.xlsx",
        [
            ("0102", "Li Wei", "A", None),  # pair 1's first player, as typed
            (202, "Zhang Min", "A", "2026-01-31"),  # lapsed before the club night of 2026-11-24
            (17, "Ana Ruiz", "B", None),
            (204, "Kari Lund", "C", None),
            ("0104", "Ola Borg", "C", None),
        ],
    )
    result = RUNNER.invoke(
        app,
        ["validate", str(results), "--members", str(register), "--json", *(["--lang", "en"] if lang else [])],
    )
    assert result.exit_code == 0, result.output  # warnings only
    found = {(p["code"], p["row"], p["value"]) for p in json.loads(result.output)}
    assert ("R122", 2, "202") in found  # Zhang Min
    assert ("R124", 3, "") in found  # Ana Ruiz: the register's only Ana Ruiz is 17
    assert ("R123", 4, "Ola Berg") in found  # the register names 0104 Ola Borg
    assert ("R129", 4, "") in found  # 204: the register names Kari Lund
    assert ("R121", 5, "0105") in found  # pair 4's first player is not in the register
    assert not {c for c, row, _ in found if row == 2} - {"R122"}  # Li Wei as registered: nothing else said


def test_a_batch_with_the_register_numbers_the_players_of_names_only_workbooks(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "bridge_club_mp.xlsx", folder / "club.xlsx")  # names only: Li Wei - Zhang Min, ...
    register = register_book(
        tmp_path / "members.xlsx",
        [(1002, "Li Wei", "A", None), ("02002", "Zhang Min", "A", None), (7, "Luis Mora", "A", None),
         (8, "Luis Mora", "B", None)],
    )  # fmt: skip
    out = tmp_path / "out"
    result = RUNNER.invoke(
        app, ["batch", str(folder), "-o", str(out), "--members", str(register), "--workers", "1"]
    )
    assert result.exit_code == 0, result.output
    members = sheet_rows_after_heading(out / "club-standings.xlsx", "Members")
    assert members[:4] == [
        ("1", "1002", "Li Wei"),
        ("1", "02002", "Zhang Min"),
        ("2", None, "Ana Ruiz"),
        ("2", None, "Luis Mora"),
    ]
    assert len(members) == 20  # every pair's two players, numbered or not (two Luis Mora: no number)
    assert "club.xlsx: [R130] " in result.stdout and "2 number(s) and 0 name(s)" in result.stdout  # said
    ranked = rank(out, "-o", tmp_path / "r.xlsx")
    assert {"1002", "02002"} <= {line[1] for line in ranking_lines(tmp_path / "r.xlsx")}
    again = RUNNER.invoke(
        app, ["batch", str(folder), "-o", str(out), "--members", str(register), "--workers", "1"]
    )
    assert "0 computed, 1 unchanged" in again.stdout
    register_book(register, [(1002, "Li Wei", "A", None)])  # a new register: every event scored again
    third = RUNNER.invoke(
        app, ["batch", str(folder), "-o", str(out), "--members", str(register), "--workers", "1"]
    )
    assert "1 computed, 0 unchanged" in third.stdout
    assert ranked.exit_code == 0


def test_schedule_checks_the_entrants_against_the_register(tmp_path: Path) -> None:
    pairs = with_members(SAMPLES / "bridge_club_mp.xlsx", tmp_path / "pairs.xlsx", MEMBER_HEADERS)
    register = register_book(
        tmp_path / "members.xlsx", [("0102", "Li Wei", "A", None), (202, "Zhang Min", "A", "2020-01-31")]
    )
    bridge = RUNNER.invoke(
        app,
        [
            "bridge",
            "schedule",
            str(pairs),
            "--movement",
            "mitchell",
            "-o",
            str(tmp_path / "ev.xlsx"),
            "--members",
            str(register),
        ],
    )
    assert bridge.exit_code == 0, bridge.output
    codes = codes_in(bridge.stderr)
    assert "R122" in codes and "R121" in codes  # Zhang Min's membership ran out; pair 2's are not listed
    players = tmp_path / "players.xlsx"
    book = Workbook()
    sheet = book.active
    sheet.title = "Players"
    sheet.append(["ID", "Name", "Player 1", "Player 1 ID"])
    for row in (
        ("P1", "Ana & Luis", "Ana Ruiz", 17),
        ("P2", "Eva & Ola", "Eva Berg", 9),
        ("P3", "Li & Mei", "Li Wei", None),
    ):
        sheet.append(list(row))
    book.save(players)
    register = register_book(
        tmp_path / "socios.xlsx", [(17, "Ana Ruiz", "A", None), (18, "Li Wei", "A", None)]
    )
    domino = RUNNER.invoke(
        app,
        ["domino", "schedule", str(players), "-o", str(tmp_path / "night.xlsx"), "--members", str(register)],
    )
    assert domino.exit_code == 0, domino.output
    assert sorted(codes_in(domino.stderr)) == ["R121", "R124"]  # 9 unknown; Li Wei is 18


def test_a_domino_one_on_one_event_credits_each_entrant_by_its_id(tmp_path: Path) -> None:
    singles = standings_book(
        tmp_path / "singles.xlsx",
        [(1, "F00830", "José Gil"), (2, "F03908", "Ana Ruiz")],
        header=["Rank", "Pair", "Name"],  # a one-on-one domino event heads its entrants Pair
    )
    nicknamed = standings_book(
        tmp_path / "pairs.xlsx",
        [(1, "P1", "Ana Ruiz & Luis Mora"), (2, "R1", "Los Primos")],
        header=["Rank", "Pair", "Name"],
        date="2026-03-02",
    )
    out = tmp_path / "r.xlsx"
    result = rank(singles, nicknamed, "-o", out)
    assert result.exit_code == 0, result.output
    assert {line[1] for line in ranking_lines(out)} == {"F00830", "F03908", "Ana Ruiz", "Luis Mora", "R1"}
    # R1 Los Primos beside a pair: likely a nickname; Ana Ruiz is F03908 in one event, by name in the other
    assert codes_in(result.stderr) == ["R131", "R118", "R117"]
    assert "Los Primos" in result.stderr
