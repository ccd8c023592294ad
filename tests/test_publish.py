"""`tally publish` (issue 15, section 2): the site's pages read back with html.parser and every figure
compared with the workbook's own sheets (read with openpyxl), for both games and the federation ranking;
hostile names shown as text; the same bytes twice; every link leads to a file of the site; a folder that is
not a tally site refused (X001)."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from conftest import SAMPLES, codes_in, write_xlsx
from ranking_books import standings_book
from site_pages import broken_links, parsed, same_cell, sheet_rows, standings_parts, standings_tables
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app

RUNNER = CliRunner()
DOMINO = ["domino_pairs", "domino_individual", "domino_run_out"]
BRIDGE_PAIRS = ["bridge_club_mp", "bridge_imp_pairs_butler", "bridge_imp_pairs_cross"]
SAMPLE_NAMES = [*DOMINO, *BRIDGE_PAIRS, "bridge_teams"]
QUICK = {"domino_pairs", "bridge_club_mp", "bridge_teams"}  # a domino, a pairs and a teams event in make test


def samples(names: list[str]) -> list:
    """The samples as parameters: one of each kind in `make test`, the others only with SLOW=1 (and CI)."""
    return [pytest.param(n, marks=() if n in QUICK else pytest.mark.slow) for n in names]


HOSTILE_NAME = "<script>alert(1)</script>"
HOSTILE_ID = '"><img src=x onerror=alert(2)>'


class Sites(dict):
    """Each sample's standings workbook, the site published from the results (scored in memory) and the site
    published from the standings workbook (read back), made when a test first asks for the sample."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.root = root

    def __missing__(self, name: str) -> tuple[Path, Path, Path]:
        book = api.score(SAMPLES / f"{name}.xlsx", self.root / f"{name}-standings.xlsx").path
        from_results = api.publish(SAMPLES / f"{name}.xlsx", self.root / f"{name}-from-results")
        from_standings = api.publish(book, self.root / f"{name}-from-standings")
        self[name] = (book, from_results, from_standings)
        return self[name]


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Sites:
    """The samples' sites, each made once per test process."""
    return Sites(tmp_path_factory.mktemp("sites"))


def check_standings(site: Path, book: Path) -> None:
    """The index's standings tables are the Standings sheet: the same headers, rows and figures (a table per
    field, headed by it, when the sheet has two)."""
    parts = standings_parts(book)
    tables = standings_tables(parsed(site / "index.html"))
    assert len(tables) == len(parts)
    for table, part in zip(tables, parts, strict=True):  # each field
        assert table.headers == part.header
        assert len(table.rows) == len(part.rows)
        assert part.heading == "" or table.heading == part.heading
        for shown, row in zip(table.rows, part.rows, strict=True):  # every competitor
            assert all(same_cell(s, v) for s, v in zip(shown, row, strict=True)), (shown, row)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("name", samples(SAMPLE_NAMES))
def test_the_index_shows_the_standings_sheet_from_results_and_from_standings(sites, name):
    book, from_results, from_standings = sites[name]
    check_standings(from_results, book)
    check_standings(from_standings, book)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("name", samples(SAMPLE_NAMES))
def test_both_ways_of_publishing_give_the_same_site(sites, name):
    _, from_results, from_standings = sites[name]
    a = {p.relative_to(from_results): p.read_bytes() for p in from_results.rglob("*") if p.is_file()}
    b = {p.relative_to(from_standings): p.read_bytes() for p in from_standings.rglob("*") if p.is_file()}
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []


def competitor_pages(site: Path) -> dict[str, Path]:
    """Each competitor's page by id, found through the link of its id on the index (every field's table)."""
    pages = {}
    for table in standings_tables(parsed(site / "index.html")):  # one, or one per field
        column = next(i for i, h in enumerate(table.headers) if h in ("Player", "Pair", "Team"))
        pages |= {
            row[column]: site / links[column] for row, links in zip(table.rows, table.links, strict=True)
        }
    return pages


@pytest.mark.parametrize("name", samples(DOMINO))
def test_a_domino_competitor_page_lists_every_match_with_the_matches_and_rounds_sheets_figures(sites, name):
    book, site, _ = sites[name]
    header, matches = sheet_rows(book, "Matches")
    col = {h: i for i, h in enumerate(header)}
    count = "Hands" if "A Hands For" in col else "Pips"
    r_header, rounds = sheet_rows(book, "Rounds")
    r_col = {h: i for i, h in enumerate(r_header)}
    who = r_col["Pair"] if "Pair" in r_col else r_col["Player"]  # a pairs event heads its competitor Pair
    after = {(str(r[who]), int(r[r_col["Round"]])): r for r in rounds}
    s_header, standings = sheet_rows(book, "Standings")
    pages = competitor_pages(site)
    assert len(pages) == len(standings)
    for player, page in pages.items():  # every competitor
        expected = []
        for m in matches:  # the matches this player sat in, worked out from the sheet's seats
            seats = {
                s: str(m[col[s]]) for s in ("A1", "A2", "B1", "B2") if s in col and m[col[s]] is not None
            }
            side = next((s[0] for s, who in seats.items() if who == player), None)
            if side is None:
                continue
            other = "B" if side == "A" else "A"
            expected.append(
                (
                    int(m[col["Round"]]),
                    m[col[f"{side} {count} For"]],
                    m[col[f"{side} {count} Against"]],
                    m[col[f"{side} Points"]],
                    m[col[f"{side} Match Points"]],
                    "Won" if m[col["Winning Side"]] == side else "Lost",
                    other,
                )
            )
        expected.sort(key=lambda e: e[0])
        found = parsed(page)
        table = found.tables["matches"]
        t = {h: i for i, h in enumerate(table.headers)}
        assert len(table.rows) == len(expected), player
        for row, (rnd, got_for, got_against, points, mps, outcome, _) in zip(
            table.rows, expected, strict=True
        ):
            assert same_cell(row[t["Round"]], rnd)
            assert same_cell(row[t[f"{count} For"]], got_for)
            assert same_cell(row[t[f"{count} Against"]], got_against)
            assert same_cell(row[t["Points"]], points)
            assert same_cell(row[t["Match Points"]], mps)
            assert row[t["Won or Lost"]] == outcome
            standing = after[(player, rnd)]
            assert same_cell(row[t["Rank After the Round"]], standing[r_col["Rank"]])
            assert same_cell(row[t["Effectiveness After the Round"]], standing[r_col["Effectiveness"]])
        line = next(r for r in standings if str(r[s_header.index(s_header[1])]) == player)
        facts = found.facts["summary"]
        assert list(facts) == s_header
        assert all(same_cell(facts[h], v) for h, v in zip(s_header, line, strict=True))


@pytest.mark.parametrize("name", samples(BRIDGE_PAIRS))
def test_a_pair_page_is_its_personal_scorecard(sites, name):
    book, site, _ = sites[name]
    header, cards = sheet_rows(book, "Scorecards")
    col = {h: i for i, h in enumerate(header)}
    for pair, page in competitor_pages(site).items():  # every pair
        mine = [c for c in cards if str(c[col["Pair"]]) == pair]
        table = parsed(page).tables["matches"]
        t = {h: i for i, h in enumerate(table.headers)}
        assert "Pair" not in t and len(table.rows) == len(mine) > 0
        for row, card in zip(table.rows, mine, strict=True):  # every board the pair played
            for h in ("Board", "Direction", "Contract", "Declarer", "Tricks", "Score", "Result"):
                assert same_cell(row[t[h]], card[col[h]]), (pair, h, row, card)


def test_a_team_page_lists_its_matches_and_their_boards(sites):
    book, site, _ = sites["bridge_teams"]
    header, matches = sheet_rows(book, "Matches")
    col = {h: i for i, h in enumerate(header)}
    b_header, boards = sheet_rows(book, "Board IMPs")
    for team, page in competitor_pages(site).items():  # every team
        mine = [m for m in matches if team in (m[col["Home"]], m[col["Away"]])]
        found = parsed(page)
        table = found.tables["matches"]
        assert table.headers == header
        assert len(table.rows) == len(mine) == 3
        for row, m in zip(table.rows, mine, strict=True):  # every match
            assert all(same_cell(s, v) for s, v in zip(row, m, strict=True))
        played = {str(m[col["Match"]]) for m in mine}
        expected = [b for b in boards if str(b[0]) in played]
        assert [len(r) for r in found.tables["boards"].rows] == [len(b_header)] * len(expected)
        for row, b in zip(found.tables["boards"].rows, expected, strict=True):
            assert all(same_cell(s, v) for s, v in zip(row, b, strict=True))


def test_a_board_page_shows_its_traveller_and_frequencies(sites):
    book, site, _ = sites["bridge_club_mp"]
    header, travellers = sheet_rows(book, "Travellers")
    f_header, frequencies = sheet_rows(book, "Frequencies")
    for board in sorted({int(t[0]) for t in travellers}):  # every board
        found = parsed(site / "b" / f"{board}.html")
        mine = [t[1:] for t in travellers if t[0] == board]
        assert found.tables["traveller"].headers == header[1:]
        for row, t in zip(found.tables["traveller"].rows, mine, strict=True):
            assert all(same_cell(s, v) for s, v in zip(row, t, strict=True))
        counts = [f[1:] for f in frequencies if f[0] == board]
        assert len(found.tables["frequencies"].rows) == len(counts)
        for row, f in zip(found.tables["frequencies"].rows, counts, strict=True):
            assert all(same_cell(s, v) for s, v in zip(row, f, strict=True))


@pytest.mark.parametrize("name", samples(SAMPLE_NAMES))
def test_every_link_leads_to_a_file_of_the_site_and_nothing_is_fetched(sites, name):
    _, site, _ = sites[name]
    assert broken_links(site) == []
    for page in site.rglob("*.html"):  # every page
        found = parsed(page)
        assert "script" not in found.tags and "iframe" not in found.tags
        assert [s for s in found.sources if "://" in s or s.startswith("//")] == []
    assert (site / ".tally-site.json").is_file()


@pytest.mark.slow  # whole sites, several times (make test SLOW=1 and CI run it)
def test_publishing_twice_gives_the_same_bytes(tmp_path):
    for name in ("domino_individual", "bridge_teams"):  # one of each game
        a = api.publish(SAMPLES / f"{name}.xlsx", tmp_path / f"{name}-a")
        b = api.publish(SAMPLES / f"{name}.xlsx", tmp_path / f"{name}-b")
        files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
        assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
        assert all((a / f).read_bytes() == (b / f).read_bytes() for f in files)


def hostile_results(path: Path) -> Path:
    """A domino pairs night whose event, ids and names are markup."""
    players = [("P1", HOSTILE_NAME), (HOSTILE_ID, "Ana & <b>Luis</b>"), ("P3", "Eva"), ("P4", "Gil")]
    matches = [(1, 1, "P1", HOSTILE_ID, 100, 40), (1, 2, "P3", "P4", 30, 100), (2, 1, "P1", "P3", 100, 0)]
    matches.append((2, 2, HOSTILE_ID, "P4", 100, 99))
    return write_xlsx(
        path,
        {
            "Settings": (["Key", "Value"], [("Event", '<script>alert("event")</script> & night')]),
            "Players": (["ID", "Name"], players),
            "Matches": (["Round", "Table", "A1", "B1", "A Pips", "B Pips"], matches),
        },
    )


def test_hostile_names_show_as_text_and_get_safe_page_names(tmp_path):
    site = api.publish(hostile_results(tmp_path / "night.xlsx"), tmp_path / "site")
    for page in site.rglob("*.html"):  # every page
        raw = page.read_text(encoding="utf-8")
        assert "<script" not in raw and "<img" not in raw and "<b>" not in raw
        found = parsed(page)
        assert "script" not in found.tags and "img" not in found.tags and "b" not in found.tags
        name = page.relative_to(site).as_posix()
        assert all(ch.isalnum() or ch in "-./" for ch in name), name
    index = parsed(site / "index.html")
    assert '<script>alert("event")</script> & night' in "".join(index.text)
    names = [row[2] for row in index.tables["standings"].rows]
    ids = [row[1] for row in index.tables["standings"].rows]
    assert HOSTILE_NAME in names and "Ana & <b>Luis</b>" in names and HOSTILE_ID in ids
    assert broken_links(site) == []


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_folder_that_is_not_a_tally_site_is_refused_unless_forced(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "holiday.jpg").write_bytes(b"not a site")
    result = RUNNER.invoke(app, ["publish", str(SAMPLES / "domino_pairs.xlsx"), "-o", str(folder)])
    assert result.exit_code == 2
    assert codes_in(result.output) == ["X001"]
    assert sorted(p.name for p in folder.iterdir()) == ["holiday.jpg"]
    forced = RUNNER.invoke(app, ["publish", str(SAMPLES / "domino_pairs.xlsx"), "-o", str(folder), "--force"])
    assert forced.exit_code == 0, forced.output
    assert (folder / "index.html").is_file() and (folder / "holiday.jpg").read_bytes() == b"not a site"


def test_a_file_as_the_folder_is_refused(tmp_path):
    target = tmp_path / "site"
    target.write_text("a file")
    result = RUNNER.invoke(app, ["publish", str(SAMPLES / "domino_pairs.xlsx"), "-o", str(target)])
    assert result.exit_code == 2 and codes_in(result.output) == ["X001"]
    assert target.read_text() == "a file"


@pytest.mark.slow  # whole sites, several times (make test SLOW=1 and CI run it)
def test_republishing_replaces_the_site_and_removes_only_its_own_old_pages(tmp_path):
    folder = tmp_path / "site"
    first = RUNNER.invoke(app, ["publish", str(SAMPLES / "domino_individual.xlsx"), "-o", str(folder)])
    assert first.exit_code == 0, first.output
    (folder / "notes.txt").write_text("the director's")
    (folder / "p" / "mine.html").write_text("<p>kept</p>")
    old = {p.relative_to(folder) for p in folder.rglob("*.html")}
    again = RUNNER.invoke(app, ["publish", str(SAMPLES / "domino_run_out.xlsx"), "-o", str(folder)])
    assert again.exit_code == 0, again.output
    now = {p.relative_to(folder) for p in folder.rglob("*.html")}
    fresh = {
        p.relative_to(tmp_path / "fresh")
        for p in api.publish(SAMPLES / "domino_run_out.xlsx", tmp_path / "fresh").rglob("*.html")
    }
    assert now == fresh | {Path("p/mine.html")}
    assert old - now and (folder / "notes.txt").read_text() == "the director's"
    check_standings(folder, api.score(SAMPLES / "domino_run_out.xlsx", tmp_path / "run-out.xlsx").path)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_default_site_is_beside_the_input(tmp_path):
    source = shutil.copy(SAMPLES / "bridge_club_mp.xlsx", tmp_path / "tuesday.xlsx")
    result = RUNNER.invoke(app, ["publish", str(source)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tuesday-site" / "index.html").is_file()


def test_a_results_workbook_that_cannot_be_scored_writes_nothing(tmp_path):
    bad = write_xlsx(
        tmp_path / "bad.xlsx",
        {
            "Matches": (
                ["Round", "Table", "A1", "B1", "A Pips", "B Pips"],
                [(1, 1, "P1", "P2", "12 pips", 100)],
            )
        },
    )
    result = RUNNER.invoke(app, ["publish", str(bad), "-o", str(tmp_path / "site")])
    assert result.exit_code == 1 and "D119" in codes_in(result.output)
    assert not (tmp_path / "site" / "index.html").exists()


@pytest.mark.slow  # whole sites, several times (make test SLOW=1 and CI run it)
def test_batch_publishes_a_site_per_event_and_an_index_linking_them(tmp_path):
    inputs = tmp_path / "results"
    inputs.mkdir()
    for name in ("domino_pairs", "bridge_teams"):  # one of each game
        shutil.copy(SAMPLES / f"{name}.xlsx", inputs / f"{name}.xlsx")
    site = tmp_path / "site"
    args = ["batch", str(inputs), "-o", str(tmp_path / "standings"), "--workers", "1", "--publish", str(site)]
    result = RUNNER.invoke(app, args)
    assert result.exit_code == 0, result.output
    index = parsed(site / "index.html").tables["events"]
    assert sorted(row[0] for row in index.rows) == ["Club pairs night", "Winter teams"]
    assert broken_links(site) == []
    for row, links in zip(index.rows, index.links, strict=True):  # each event's own site
        event_site = (site / str(links[0])).parent
        book = tmp_path / "standings" / f"{row[3].removesuffix('.xlsx')}-standings.xlsx"
        check_standings(event_site, book)
    again = RUNNER.invoke(app, args)  # nothing changed: the unchanged events are still published
    assert again.exit_code == 0 and "2 unchanged" in again.output
    assert len(parsed(site / "index.html").tables["events"].rows) == 2


@pytest.mark.slow  # whole sites, several times (make test SLOW=1 and CI run it)
def test_demo_writes_a_site_of_every_sample(tmp_path):
    api.demo(out=tmp_path / "out")
    site = tmp_path / "out" / "site"
    rows = parsed(site / "index.html").tables["events"].rows
    assert sorted(r[3] for r in rows) == sorted(
        [*(f"{n}.xlsx" for n in SAMPLE_NAMES), "bridge_club_deals.pbn"]
    )
    assert broken_links(site) == []


def season(tmp_path: Path) -> list[Path]:
    """Three standings workbooks of one season, with a hostile name among the players."""
    return [
        standings_book(
            tmp_path / "a.xlsx",
            [(1, "F1", "Ana"), (2, "F2", HOSTILE_NAME), (3, "F3", "Eva")],
            event="Spring open",
            date="2026-03-01",
        ),
        standings_book(
            tmp_path / "b.xlsx",
            [(1, "F2", HOSTILE_NAME), (2, "F1", "Ana")],
            event="Summer cup",
            date="2026-06-01",
            weight=2,
        ),
        standings_book(
            tmp_path / "c.xlsx",
            [(1, "F3", "Eva"), (1, "F4", "Gil"), (3, "F1", "Ana")],
            event="Autumn",
            date="2026-09-01",
        ),
    ]


def test_rank_publishes_the_ranking_with_each_players_events_linked(tmp_path):
    events = season(tmp_path / "season")
    site = tmp_path / "site"
    result = RUNNER.invoke(
        app,
        [
            "rank",
            *map(str, events),
            "-o",
            str(tmp_path / "ranking.xlsx"),
            "--as-of",
            "2026-10-01",
            "--publish",
            str(site),
            "--workers",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    header, ranking = sheet_rows(tmp_path / "ranking.xlsx", "Ranking")
    table = parsed(site / "index.html").tables["standings"]
    assert table.headers == header and len(table.rows) == len(ranking) == 4
    for row, line in zip(table.rows, ranking, strict=True):  # every player
        assert all(same_cell(s, v) for s, v in zip(row, line, strict=True))
    c_header, contributions = sheet_rows(tmp_path / "ranking.xlsx", "Contributions")
    col = {h: i for i, h in enumerate(c_header)}
    for row, links in zip(table.rows, table.links, strict=True):  # every player's page
        page = parsed(site / str(links[1]))
        mine = [c for c in contributions if str(c[col["Player"]]) == row[1]]
        shown = page.tables["contributions"]
        t = {h: i for i, h in enumerate(shown.headers)}
        assert len(shown.rows) == len(mine)
        counted_first = sorted(mine, key=lambda c: c[col["Counted"]] != "yes")
        for cells, c, marked, cell_links in zip(
            shown.rows, counted_first, shown.marked, shown.links, strict=True
        ):
            for h in ("Event", "Date", "Place", "Field", "Weight", "Points", "Counted"):
                assert same_cell(cells[t[h]], c[col[h]]), (h, cells, c)
            assert marked == (c[col["Counted"]] == "yes")
            assert cell_links[t["Event"]] is not None
    assert broken_links(site) == []
    assert "<script>" not in (site / "index.html").read_text(encoding="utf-8")
    assert HOSTILE_NAME in "".join(parsed(site / "index.html").text)


def test_a_ranking_workbook_can_be_published_on_its_own(tmp_path):
    events = season(tmp_path / "season")
    run = api.rank(events, tmp_path / "ranking.xlsx", as_of="2026-10-01", today=dt.date(2026, 10, 1))
    direct = api.publish(run.out, tmp_path / "site")
    header, ranking = sheet_rows(run.out, "Ranking")
    table = parsed(direct / "index.html").tables["standings"]
    assert table.headers == header
    assert [r[1] for r in table.rows] == [str(r[1]) for r in ranking]
    assert broken_links(direct) == []
