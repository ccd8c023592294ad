"""The Progress sheet (each competitor's rank after each round) and its native line chart of the leaders.

The grids are checked against plain computations made here: for domino, the Rounds sheet's rows as written;
for bridge pairs, small events whose totals after each round are worked out by hand below; for teams, the
sample's VPs added up by hand. The chart is read back from the package's XML: its series point at the grid's
cells."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from conftest import SAMPLES, write_xlsx
from openpyxl import load_workbook
from tables import table_rows

from pipeline import api

DOMINO_SAMPLES = sorted(SAMPLES.glob("domino_*.xlsx"))
BRIDGE_SAMPLES = sorted(SAMPLES.glob("bridge_*.xlsx"))
NS = {
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "xdr": "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
    "r": "http://schemas.openxmlformats.org/package/2006/relationships",
    "ct": "http://schemas.openxmlformats.org/package/2006/content-types",
}
RESULTS_HEADER = ["Round", "Board", "NS", "EW", "Contract", "Declarer", "Tricks"]


def scored(source: Path, folder: Path) -> Path:
    """The standings workbook of a results workbook, written by tally."""
    return api.score(source, folder / f"{source.stem}-standings.xlsx", force=True).path


def rows_of(path: Path, sheet: str) -> list[dict[str, object]]:
    """A written sheet's rows as header -> value."""
    rows = table_rows(load_workbook(path)[sheet])
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def progress_ranks(path: Path) -> dict[str, list[object]]:
    """The Progress sheet's rows, by competitor id: the ranks under the After columns, in order."""
    rows = rows_of(path, "Progress")
    after = [h for h in rows[0] if str(h).startswith("After ")]
    ids = [h for h in ("Player", "Pair", "Team") if h in rows[0]][0]
    return {str(r[ids]): [r[h] for h in after] for r in rows}


def competition_rank(values: dict[str, float]) -> dict[str, int]:
    """1 + how many values are strictly higher, the plain way."""
    return {k: 1 + sum(other > v for other in values.values()) for k, v in values.items()}


# ---------------------------------------------------------------- domino: the Rounds sheet's ranks


@pytest.mark.parametrize("sample", DOMINO_SAMPLES, ids=lambda p: p.stem)
def test_domino_progress_is_the_rounds_ranks_in_final_order(sample: Path, tmp_path: Path):
    out = scored(sample, tmp_path)
    who = "Player" if sample.stem == "domino_individual" else "Pair"  # a pairs event lists pairs
    rounds = rows_of(out, "Rounds")
    played = sorted({r["Round"] for r in rounds})
    expected = {}
    for row in rounds:  # the plain way: each (player, round) row of the Rounds sheet
        expected.setdefault(str(row[who]), {})[row["Round"]] = row["Rank"]
    progress = rows_of(out, "Progress")
    standings = rows_of(out, "Standings")
    assert list(progress[0]) == ["Rank", who, "Name", *[f"After {r}" for r in played]]
    assert [(p["Rank"], p[who], p["Name"]) for p in progress] == [
        (s["Rank"], s[who], s["Name"]) for s in standings
    ]
    for p in progress:
        assert [p[f"After {r}"] for r in played] == [expected[str(p[who])][r] for r in played]
        assert p[f"After {played[-1]}"] == p["Rank"]


def test_domino_progress_by_hand_with_a_tie(tmp_path: Path):
    # round 1: P1 beats P2 100-0 (3 points), P3 beats P4 100-0 (3 points): P1 and P3 level on every
    # criterion and never met, so they share rank 1; P2 and P4 share rank 3.
    # round 2: P1 beats P3 100-60 (1 point, the loser above half the target): P1 4 points, P3 3; P2 beats P4
    # 100-30 (2 points): P2 2, P4 0. So 1, 2, 3, 4 after round 2.
    matches = [
        [1, 1, "P1", "P2", 100, 0],
        [1, 2, "P3", "P4", 100, 0],
        [2, 1, "P1", "P3", 100, 60],
        [2, 2, "P2", "P4", 100, 30],
    ]
    source = write_xlsx(
        tmp_path / "night.xlsx", {"Matches": (["Round", "Table", "A1", "B1", "A Pips", "B Pips"], matches)}
    )
    out = scored(source, tmp_path)
    assert progress_ranks(out) == {"P1": [1, 1], "P3": [1, 2], "P2": [3, 3], "P4": [3, 4]}


def test_an_event_of_one_round_has_no_progress_sheet(tmp_path: Path):
    matches = [[1, 1, "P1", "P2", 100, 0], [1, 2, "P3", "P4", 100, 40]]
    source = write_xlsx(
        tmp_path / "one.xlsx", {"Matches": (["Round", "Table", "A1", "B1", "A Pips", "B Pips"], matches)}
    )
    out = scored(source, tmp_path)
    assert "Progress" not in load_workbook(out).sheetnames
    with zipfile.ZipFile(out) as package:
        assert not [n for n in package.namelist() if "chart" in n or "drawing" in n]


# ---------------------------------------------------------------- bridge pairs, worked out by hand


def pairs_event(folder: Path, scoring: str, rows: list[list[object]], name: str = "pairs.xlsx") -> Path:
    """A pairs results workbook with a Round column, scored by `scoring`."""
    return write_xlsx(
        folder / name,
        {"Settings": (["Key", "Value"], [["Scoring", scoring]]), "Results": (RESULTS_HEADER, rows)},
    )


# Board 1 (nobody vulnerable) in round 1: 4S= by N at both tables, +420 for NS 1 and NS 3.
# Board 2 (NS vulnerable) in round 2: NS 1 v EW 3, 4S by N two down, -200; NS 2 v EW 4, 1NT= by N, +90.
HOWELL = [
    [1, 1, 1, 2, "4S", "N", 10],
    [1, 1, 3, 4, "4S", "N", 10],
    [2, 2, 1, 3, "4S", "N", 8],
    [2, 2, 2, 4, "1NT", "N", 7],
]


def test_total_points_progress_by_hand(tmp_path: Path):
    # after round 1: 1 +420, 3 +420 (shared 1st), 2 -420, 4 -420 (shared 3rd)
    # after round 2: 1 420-200 = 220, 3 420+200 = 620, 2 -420+90 = -330, 4 -420-90 = -510
    out = scored(pairs_event(tmp_path, "TP", HOWELL), tmp_path)
    assert progress_ranks(out) == {"3": [1, 1], "1": [1, 2], "2": [3, 3], "4": [3, 4]}


def test_matchpoint_progress_by_hand(tmp_path: Path):
    # MP scale 2, two results a board (top 2). Board 1: the two +420s tie: 1 MP each to NS 1, EW 2, NS 3 and
    # EW 4: everyone 50 % after round 1, all sharing rank 1. Board 2: NS 2's +90 beats NS 1's -200: NS 2 2 MP,
    # NS 1 0; EW 3 (+200 for EW) beats EW 4 (-90): EW 3 2 MP, EW 4 0.
    # after round 2: 1 1+0 = 1 of 4, 2 1+2 = 3 of 4, 3 1+2 = 3 of 4, 4 1+0 = 1 of 4
    out = scored(pairs_event(tmp_path, "MP", HOWELL), tmp_path)
    assert progress_ranks(out) == {"2": [1, 1], "3": [1, 1], "1": [1, 3], "4": [1, 3]}


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_pairs_progress_in_a_sample_ends_at_the_standings(tmp_path: Path):
    for sample in BRIDGE_SAMPLES:
        out = scored(sample, tmp_path)
        standings = {str(r.get("Pair") or r.get("Team")): r["Rank"] for r in rows_of(out, "Standings")}
        progress = progress_ranks(out)
        assert list(progress) == list(standings), sample.name
        assert {k: v[-1] for k, v in progress.items()} == standings, sample.name


def test_a_result_without_a_round_means_no_progress_sheet(tmp_path: Path):
    no_round = [row.copy() for row in HOWELL]
    no_round[3][0] = None
    out = scored(pairs_event(tmp_path, "TP", no_round), tmp_path)
    assert "Progress" not in load_workbook(out).sheetnames
    one_round = [[1, *row[1:]] for row in HOWELL]
    out = scored(pairs_event(tmp_path, "TP", one_round, "one.xlsx"), tmp_path)
    assert "Progress" not in load_workbook(out).sheetnames


def test_rounds_that_recur_in_sessions_are_told_apart(tmp_path: Path):
    header = ["Session", *RESULTS_HEADER]
    rows = [
        ["Day 1", *HOWELL[0]],
        ["Day 1", *HOWELL[1]],
        ["Day 2", 1, *HOWELL[2][1:]],
        ["Day 2", 1, *HOWELL[3][1:]],
    ]
    source = write_xlsx(
        tmp_path / "sessions.xlsx",
        {"Settings": (["Key", "Value"], [["Scoring", "TP"]]), "Results": (header, rows)},
    )
    out = scored(source, tmp_path)
    header = table_rows(load_workbook(out)["Progress"])[0]
    assert header[3:] == ("After Day 1 R1", "After Day 2 R1")
    assert progress_ranks(out) == {"3": [1, 1], "1": [1, 2], "2": [3, 3], "4": [3, 4]}


# ---------------------------------------------------------------- teams: VPs by hand


def test_teams_progress_adds_the_vps_of_each_round(tmp_path: Path):
    out = scored(SAMPLES / "bridge_teams.xlsx", tmp_path)
    # the sample's VPs (Matches sheet), added round by round by hand:
    # round 1: Dragons 17.03, Eagles 15.00, Fjords 5.00, Gulls 2.97
    # round 2: Dragons +16.42 = 33.45, Eagles +14.18 = 29.18, Gulls +5.82 = 8.79, Fjords +3.58 = 8.58
    # round 3: Dragons +17.59 = 51.04, Eagles +2.41 = 31.59, Fjords +15.74 = 24.32, Gulls +4.26 = 13.05
    assert progress_ranks(out) == {
        "Dragons": [1, 1, 1],
        "Eagles": [2, 2, 2],
        "Fjords": [3, 4, 3],
        "Gulls": [4, 3, 4],
    }
    vps: dict[str, float] = {}
    by_round = []
    for match in sorted(rows_of(out, "Matches"), key=lambda m: m["Round"]):  # the plain way, match by match
        vps[match["Home"]] = vps.get(match["Home"], 0) + match["Home VPs"]
        vps[match["Away"]] = vps.get(match["Away"], 0) + match["Away VPs"]
        by_round.append((match["Round"], dict(vps)))
    last_of_round = {r: totals for r, totals in by_round}
    plain = {t: [competition_rank(last_of_round[r])[t] for r in sorted(last_of_round)] for t in vps}
    assert progress_ranks(out) == plain


def test_the_chart_names_teams_by_their_team_name(tmp_path: Path):
    out = scored(SAMPLES / "bridge_teams.xlsx", tmp_path)
    names = [s.find("c:tx//c:v", NS).text for s in chart_series(out)]
    assert names == ["Dragons", "Eagles", "Fjords", "Gulls"]


# ---------------------------------------------------------------- the chart part


def chart_series(path: Path) -> list[ET.Element]:
    """The series of the workbook's chart."""
    with zipfile.ZipFile(path) as package:
        root = ET.fromstring(package.read("xl/charts/chart1.xml"))
    return root.findall(".//c:lineChart/c:ser", NS)


def cell_values(book, ref: str) -> list[object]:
    """The values of the cells an absolute reference names: 'Progress'!$D$2:$H$2."""
    sheet, cells = re.fullmatch(r"'(.+)'!(.+)", ref).groups()
    block = book[sheet][cells.replace("$", "")]
    if not isinstance(block, tuple):
        return [block.value]
    return [c.value for row in block for c in row]


@pytest.mark.parametrize("sample", ["domino_pairs", "bridge_club_mp"])
def test_the_chart_series_are_the_leaders_rows_of_the_grid(sample: str, tmp_path: Path):
    out = scored(SAMPLES / f"{sample}.xlsx", tmp_path)
    book = load_workbook(out)
    grid = table_rows(book["Progress"])
    after = [i for i, h in enumerate(grid[0]) if str(h).startswith("After ")]
    ids = 2 if "Field" in grid[0] else 1  # Rank, any Field, the id, its name, then After 1 ...
    names = ids + 1
    # the leaders: the first five rows of each field (bridge_club_mp: a Mitchell's NS and EW fields)
    fields = [row[grid[0].index("Field")] if "Field" in grid[0] else "" for row in grid[1:]]
    leaders = [i for i, f in enumerate(fields) if fields[:i].count(f) < 5]
    assert len(leaders) == (10 if sample == "bridge_club_mp" else 5)
    series = chart_series(out)
    assert len(series) == len(leaders)
    for i, ser in zip(leaders, series, strict=True):
        row = grid[i + 1]
        name_ref = ser.find("c:tx/c:strRef/c:f", NS).text
        assert cell_values(book, name_ref) == [row[names] or row[ids]]
        assert ser.find("c:tx//c:v", NS).text == str(row[names] or row[ids])
        categories = ser.find("c:cat/c:strRef/c:f", NS).text
        assert cell_values(book, categories) == [grid[0][j] for j in after]
        values_ref = ser.find("c:val/c:numRef/c:f", NS).text
        assert cell_values(book, values_ref) == [row[j] for j in after]
        cached = [float(p.find("c:v", NS).text) for p in ser.findall("c:val//c:pt", NS)]
        assert cached == [float(row[j]) for j in after]
    with zipfile.ZipFile(out) as package:
        chart = ET.fromstring(package.read("xl/charts/chart1.xml"))
        scaling = chart.find(".//c:valAx/c:scaling", NS)
        assert scaling.find("c:orientation", NS).get("val") == "maxMin"  # rank 1 at the top
        assert scaling.find("c:min", NS).get("val") == "1"
        types = ET.fromstring(package.read("[Content_Types].xml"))
        overrides = {o.get("PartName"): o.get("ContentType") for o in types.findall("ct:Override", NS)}
        assert overrides["/xl/charts/chart1.xml"].endswith("drawingml.chart+xml")
        assert overrides["/xl/drawings/drawing1.xml"].endswith("drawing+xml")
        position = book.sheetnames.index("Progress") + 1
        sheet_rels = ET.fromstring(package.read(f"xl/worksheets/_rels/sheet{position}.xml.rels"))
        assert [r.get("Target") for r in sheet_rels] == ["../drawings/drawing1.xml"]
        drawing_rels = ET.fromstring(package.read("xl/drawings/_rels/drawing1.xml.rels"))
        assert [r.get("Target") for r in drawing_rels] == ["../charts/chart1.xml"]
        drawing = ET.fromstring(package.read("xl/drawings/drawing1.xml"))
        top = int(drawing.find(".//xdr:from/xdr:row", NS).text)
        assert top >= len(grid)  # below the table (rows counted from 0: the grid is rows 0 to len - 1)
        sheet_xml = package.read(f"xl/worksheets/sheet{position}.xml").decode()
        assert sheet_xml.endswith('<drawing r:id="rIdChart"/></worksheet>')
    assert len(book["Progress"]._charts) == 1  # openpyxl reads the chart back


def test_the_same_event_gives_the_same_bytes_with_a_chart(tmp_path: Path):
    first = api.score(SAMPLES / "domino_pairs.xlsx", tmp_path / "a.xlsx", force=True).path
    second = api.score(SAMPLES / "domino_pairs.xlsx", tmp_path / "b.xlsx", force=True).path
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_tally_reads_back_its_workbooks_with_a_chart(tmp_path: Path):
    out = scored(SAMPLES / "domino_pairs.xlsx", tmp_path)
    book = api.read(out)
    assert "progress" in book.sheets
    assert api.diff(out, out).empty
    teams = scored(SAMPLES / "bridge_teams.xlsx", tmp_path)
    api.rank([out], tmp_path / "ranking.xlsx", today=dt.date(2030, 1, 1))
    ranked = rows_of(tmp_path / "ranking.xlsx", "Ranking")
    assert len(ranked) == 2 * len(rows_of(out, "Standings"))  # each pair's two players, each credited
    assert api.diff(teams, teams).empty


@pytest.mark.slow
def test_libreoffice_prints_the_progress_chart(tmp_path: Path):
    soffice, pdftotext = shutil.which("soffice"), shutil.which("pdftotext")
    assert soffice and pdftotext, "LibreOffice and poppler-utils are needed for this test"
    out = scored(SAMPLES / "bridge_club_mp.xlsx", tmp_path)
    profile = tmp_path / "profile"
    convert = [soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf"]
    subprocess.run(
        [*convert, "--outdir", str(tmp_path), str(out)], check=True, capture_output=True, timeout=240
    )
    pdf = out.with_suffix(".pdf")
    text = subprocess.run([pdftotext, str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert "The leaders' rank after each round" in text  # the chart is drawn, with its title and axis
    assert "After round" in text
