"""Print-ready standings (issue 15, docs/printing.md): every sheet prints one page wide with its header row
repeated, the title block and status in the page header, the event and page numbers in the footer; numbers
show as their column declares (MP to 0.01, percentages with %), the rank centred, a shared rank as 3=."""

from __future__ import annotations

import html
import re
import subprocess
import zipfile
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES, write_xlsx
from openpyxl import load_workbook
from tables import header_row, table_rows

from pipeline import api
from pipeline.workbook import read_workbook

SAMPLE_NAMES = sorted(p.stem for p in SAMPLES.glob("*.xlsx"))


def scored(tmp_path: Path, name: str) -> Path:
    return api.score(SAMPLES / f"{name}.xlsx", out=tmp_path / f"{name}-standings.xlsx").path


def printed_text(path: Path, outdir: Path, pages: tuple[int, int] | None = None) -> str:
    """The text of a workbook as LibreOffice prints it (its PDF in `outdir`, laid out; pages first to last)."""
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(outdir), str(path)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    span = ["-f", str(pages[0]), "-l", str(pages[1])] if pages else []
    pdf = outdir / f"{path.stem}.pdf"
    return subprocess.run(
        ["pdftotext", *span, "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout


def printed_header(path: Path, sheet: int) -> tuple[str, str]:
    """The left and right sections of a sheet's printed page header, as Excel codes them."""
    with zipfile.ZipFile(path) as package:
        xml = package.read(f"xl/worksheets/sheet{sheet}.xml").decode()
    found = re.search(r"<oddHeader>(.*?)</oddHeader>", xml, re.S)
    assert found, "no page header"
    text = html.unescape(found.group(1))
    left, _, right = text.partition("&R")
    return left, "&R" + right if right else ""


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_every_sheet_prints_one_page_wide_with_its_header_repeated(tmp_path: Path, name: str):
    out = scored(tmp_path, name)
    book = load_workbook(out)
    standings = api.standings(SAMPLES / f"{name}.xlsx")
    for ws in book.worksheets:
        setup = ws.page_setup
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        assert (setup.fitToWidth, setup.fitToHeight) == (1, 0), ws.title
        assert setup.orientation in {"portrait", "landscape"}
        # on screen, the title block above the table: title, details, status, a blank row, then the header
        lines = [standings.heading.title, standings.heading.details, standings.heading.status]
        top = len(lines) + 2
        assert [ws.cell(r, 1).value for r in range(1, top)] == [*lines, None], ws.title
        assert ws.cell(1, 1).font.b and ws.cell(1, 1).font.sz == 14 and ws.cell(len(lines), 1).font.b
        assert all(ws.cell(r, c).value is None for r in range(1, top) for c in range(2, ws.max_column + 1))
        assert ws.freeze_panes == f"A{top + 1}", ws.title
        # printed, the page header carries the title block; the print area and repeated rows are the table's
        assert ws.print_title_rows == f"${top}:${top}", ws.title
        bottom = max(ws.max_row, top + 1)  # an empty table keeps one blank row under its header
        corner, last = ws.print_area.split("!")[1].split(":")
        assert corner == f"$A${top}" and last.startswith(f"${ws.cell(top, ws.max_column).column_letter}$")
        printed_rows = int(last.rsplit("$", 1)[1])
        assert printed_rows == bottom if ws.title != "Progress" else printed_rows > bottom + 15  # its chart
        assert ws.print_options.gridLines
        left, right = printed_header(out, book.sheetnames.index(ws.title) + 1)
        assert left.startswith(f'&L&"-,Bold"&12{standings.heading.title}'), left
        assert standings.heading.details in left
        assert right == f'&R&"-,Bold"&10{standings.heading.status}'
        assert ws.oddFooter.center.text == f"{standings.heading.title} - page &P of &N"


def test_orientation_follows_the_width_of_the_columns(tmp_path: Path):
    book = load_workbook(scored(tmp_path, "domino_pairs"))
    # 14 columns, 183 characters wide: landscape; Penalties (6 columns, 61 characters): portrait
    assert book["Standings"].page_setup.orientation == "landscape"
    assert book["Penalties"].page_setup.orientation == "portrait"
    bridge = load_workbook(scored(tmp_path, "bridge_club_mp"))
    assert bridge["Standings"].page_setup.orientation == "portrait"


def test_numbers_show_as_their_columns_declare_and_a_shared_rank_as_equal(tmp_path: Path):
    ws = load_workbook(scored(tmp_path, "bridge_club_mp"))["Standings"]
    top = header_row(ws)
    header = [c.value for c in ws[top]]
    rows = list(ws.iter_rows(min_row=top + 1))
    column = {h: i for i, h in enumerate(header)}
    assert {r[column["MP"]].number_format for r in rows} == {"0.00"}
    assert {r[column["Percent"]].number_format for r in rows} == {'0.00"%"'}
    # two fields (NS, EW): a rank is shared only within its field
    placed = [(r[column["Field"]].value, r[column["Rank"]].value) for r in rows]
    shared = {place for place in placed if placed.count(place) > 1}
    assert shared  # the sample has a tie in a field
    for r, place in zip(rows, placed, strict=True):
        cell = r[column["Rank"]]
        assert cell.alignment.horizontal == "center"
        assert cell.number_format == ('0"="' if place in shared else "General")
        assert isinstance(cell.value, int)  # the rank stays a number: sorting and `tally rank` read it


def test_ranks_are_shared_within_a_round_only(tmp_path: Path):
    ws = load_workbook(scored(tmp_path, "domino_pairs"))["Rounds"]
    top = header_row(ws)
    header = [c.value for c in ws[top]]
    rnd, rank = header.index("Round"), header.index("Rank")
    rows = [(r[rnd].value, r[rank].value, r[rank].number_format) for r in ws.iter_rows(min_row=top + 1)]
    for round_, value, shown in rows:
        tied = sum(1 for other, v, _ in rows if other == round_ and v == value) > 1
        assert shown == ('0"="' if tied else "General")


def test_the_page_header_escapes_an_ampersand_and_xml(tmp_path: Path):
    path = write_xlsx(
        tmp_path / "night.xlsx",
        {
            "Matches": (["Round", "Table", "A1", "B1", "A Pips", "B Pips"], [[1, 1, "P1", "P2", 100, 3]]),
            "Settings": (["Key", "Value"], [["Event", "Tom & Jerry <Cup>"]]),
        },
    )
    out = api.score(path, out=tmp_path / "out.xlsx").path
    with zipfile.ZipFile(out) as package:
        xml = package.read("xl/worksheets/sheet1.xml").decode()
    assert "Tom &amp;&amp; Jerry &lt;Cup&gt;" in xml  # & doubled for the page header, then XML-escaped
    assert load_workbook(out)["Standings"].oddFooter.center.text == "Tom && Jerry <Cup> - page &P of &N"


def test_a_title_row_an_organizer_types_above_the_header_is_not_data(tmp_path: Path):
    path = tmp_path / "titled.xlsx"
    write_xlsx(
        path,
        {
            "Matches": (
                ["Club night, 30 November"],
                [[None], ["Round", "Table", "A1", "B1", "A Pips", "B Pips"], [1, 1, "P1", "P2", 100, 3]],
            )
        },
    )
    sheet = read_workbook(path).sheets["matches"]
    assert sheet.header_row == 3 and len(sheet.frame) == 1 and list(sheet.frame.index) == [4]
    assert api.validate(path).valid


@pytest.mark.slow
def test_the_printed_standings_fit_one_page_wide(tmp_path: Path):
    """LibreOffice prints the Standings sheet of each sample on pages as wide as the table (fit to width):
    the PDF's first page holds every column header."""
    for name in ("domino_pairs", "bridge_club_mp", "bridge_teams"):
        out = scored(tmp_path, name)
        text = printed_text(out, tmp_path, (1, 1))
        headers = table_rows(load_workbook(out)["Standings"])[0]
        assert all(re.search(re.escape(str(h)), text) for h in headers), (name, headers, text[:500])
        assert "page 1 of" in text


@pytest.mark.slow
def test_chinese_standings_print_as_chinese_characters_not_boxes(tmp_path: Path):
    """A Chinese twin's standings printed by LibreOffice: the page shows the event's title and every header of
    the Standings sheet in Chinese, set in a font that has Chinese characters (tools/system-packages.sh installs
    WenQuanYi Micro Hei where none is), not in boxes."""
    out = api.score(SAMPLES / "zh" / "bridge_club_mp.xlsx", tmp_path / "zh-standings.xlsx").path
    text = printed_text(out, tmp_path, (1, 1))
    pdf = tmp_path / f"{out.stem}.pdf"
    book = load_workbook(out)
    headers = [str(h) for h in table_rows(book.worksheets[0])[0]]
    assert book.sheetnames[0] == "排名" and headers[:4] == ["名次", "组别", "对号", "姓名"]
    assert "周二双人赛" in text  # the event, as the twin's Settings name it
    assert all(h in text for h in headers), (headers, text[:500])
    fonts = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True).stdout
    families = subprocess.run(
        ["fc-list", ":lang=zh", "family"], check=True, capture_output=True, text=True
    ).stdout  # the fonts installed that have Chinese characters
    chinese = {f.replace(" ", "") for line in families.splitlines() for f in line.split(",") if f.isascii()}
    used = {line.split()[0].split("+")[-1] for line in fonts.splitlines()[2:] if line.strip()}
    assert chinese, "no font with Chinese characters: run tools/system-packages.sh (fonts-wqy-microhei)"
    assert any(u.startswith(tuple(chinese)) for u in used), (used, chinese)


@pytest.mark.parametrize(
    ("args", "sheet", "first_line"),
    [
        (["domino", "schedule", "--entrants", "6"], "Table Cards", "Round 1, Table 1"),
        (["bridge", "schedule", str(SAMPLES / "bridge_teams.xlsx")], "Table Cards", "Round 1, Match R1T1"),
    ],
)
def test_cards_print_one_a_page_as_large_as_the_page_is_wide(tmp_path: Path, args, sheet, first_line):
    from typer.testing import CliRunner

    from pipeline.cli import app

    out = tmp_path / "event.xlsx"
    result = CliRunner().invoke(app, [*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    ws = load_workbook(out)[sheet]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=2)]
    starts = [i for i, r in enumerate(rows) if r[0] is not None and str(r[0]).startswith("Round ")]
    assert rows[starts[0]][0] == first_line and len(starts) >= 2
    # a break below the last line of each card but the last: Excel row = data row + 1 (header at row 1)
    assert [b.id for b in ws.row_breaks.brk] == [start + 1 for start in starts[1:]]
    assert not ws.sheet_properties.pageSetUpPr.fitToPage
    widths = sum(ws.column_dimensions[c].width for c in ws.column_dimensions)
    assert ws.page_setup.orientation == ("landscape" if widths > 100 else "portrait")
    # enlarged or reduced to the page's width (whether it fits is checked on the rendered pages, below)
    assert 50 <= ws.page_setup.scale <= 200
    assert ws.oddFooter.center.text.endswith("page &P of &N")
    # a column of short values (6 characters at most: ids, rounds, boards) is centred, so that a right-aligned
    # 1 beside a left-aligned 3 does not read 13; longer ones (names, team names) are not
    header = [c.value for c in ws[1]]
    columns = list(zip(*ws.iter_rows(min_row=2), strict=True))
    for h, cells in zip(header, columns, strict=True):
        filled = [c for c in cells if c.value is not None]
        if not filled:
            continue
        short = max(len(str(c.value)) for c in filled) <= 6
        assert {c.alignment.horizontal == "center" for c in filled} == {short}, h


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["domino", "schedule", "--entrants", "6"],
        ["bridge", "schedule", str(SAMPLES / "bridge_teams.xlsx")],
        ["bridge", "schedule", str(SAMPLES / "bridge_club_mp.xlsx"), "--movement", "mitchell"],
    ],
    ids=["domino", "teams", "mitchell"],
)
def test_each_card_prints_whole_on_a_page_of_its_own(tmp_path: Path, args):
    """Rendered by LibreOffice: every page of a card sheet holds one card, with every column header."""
    from typer.testing import CliRunner

    from pipeline.cli import app

    out = tmp_path / "event.xlsx"
    assert CliRunner().invoke(app, [*args, "-o", str(out)]).exit_code == 0
    book = load_workbook(out)
    for ws in book.worksheets:
        if ws.sheet_properties.pageSetUpPr.fitToPage:
            continue  # a card sheet is printed at a scale, not fit to the page
        only = tmp_path / f"{ws.title}.xlsx"
        alone = load_workbook(out)
        for other in [n for n in alone.sheetnames if n != ws.title]:
            del alone[other]
        alone.save(only)
        text = printed_text(only, tmp_path)
        pages = [p for p in text.split("\f") if p.strip()]
        header = [c.value for c in ws[1]]
        cards = len(ws.row_breaks.brk) + 1
        assert len(pages) == cards, (ws.title, len(pages), cards)
        for page in pages:
            assert all(str(h) in page for h in header), (ws.title, header, page[:400])


def test_the_ranking_prints_its_title_and_shares_ranks_as_equal(tmp_path: Path):
    from ranking_books import rank, standings_book

    a = standings_book(tmp_path / "a.xlsx", [(1, "1", "Ann"), (2, "2", "Bob")], date="2026-01-10")
    b = standings_book(tmp_path / "b.xlsx", [(1, "2", "Bob"), (2, "1", "Ann")], date="2026-01-11")
    out = tmp_path / "r.xlsx"
    assert rank(a, b, "-o", out).exit_code == 0
    ws = load_workbook(out)["Ranking"]
    header = [c.value for c in ws[1]]
    cells = [r[header.index("Rank")] for r in ws.iter_rows(min_row=2)]
    # 100 + 50 each: level on points, events and best: both ranked 1=
    assert [(c.value, c.number_format, c.alignment.horizontal) for c in cells] == [
        (1, '0"="', "center"),
        (1, '0"="', "center"),
    ]
    left, _ = printed_header(out, 1)
    assert left == '&L&"-,Bold"&12Ranking as of 2026-01-11'


@pytest.mark.parametrize(("name", "key"), [("bridge_club_mp", "Board"), ("bridge_teams", "Match")])
def test_a_traveller_a_page(tmp_path: Path, name: str, key: str):
    ws = load_workbook(scored(tmp_path, name))["Travellers"]
    top = header_row(ws)
    header = [c.value for c in ws[top]]
    keys = [r[header.index(key)] for r in ws.iter_rows(min_row=top + 1, values_only=True)]
    # Excel rows: the header is row `top`, data row i is row top + 1 + i; a break below row N starts row N + 1
    expected = [top + i for i in range(1, len(keys)) if keys[i] != keys[i - 1]]
    assert len(expected) == len(set(keys)) - 1 > 0
    assert [b.id for b in ws.row_breaks.brk] == expected


def sheet_xml(path: Path, sheet: int) -> str:
    with zipfile.ZipFile(path) as package:
        return package.read(f"xl/worksheets/sheet{sheet}.xml").decode()


def test_a_rules_sheets_long_text_wraps_in_a_row_tall_enough(tmp_path: Path):
    """The Rules sheet's Item and Value wrap, top-aligned; a row whose text needs more lines than one is that
    many lines tall (15 points a line), the others keep the default height."""
    from pipeline.workbook.writer import LINE_HEIGHT, display_width

    out = scored(tmp_path, "bridge_club_mp")
    book = load_workbook(out)
    rules = book.worksheets[-1]
    rows = table_rows(rules)
    width = rules.column_dimensions["B"].width
    top = header_row(rules)
    for offset, (item, value) in enumerate(rows[1:], start=1):
        cell = rules.cell(top + offset, 2)
        assert cell.alignment.wrap_text and cell.alignment.vertical == "top", item
        lines = -(-display_width(str(value)) // int(width))
        height = rules.row_dimensions[top + offset].height
        assert height == (LINE_HEIGHT * lines if lines > 1 else None), (item, height, lines)
    assert any(rules.row_dimensions[top + i].height for i in range(1, len(rows))), (
        "no long text in the sample"
    )


def test_a_column_of_chinese_text_is_as_wide_as_its_characters_take(tmp_path: Path):
    """A wide (CJK) character takes two columns: a column of 比赛分标准 is 10 + 2 wide, not 5 + 2."""
    from pipeline.sheets import OutputSheet
    from pipeline.workbook import write_workbook

    frame = pd.DataFrame({"项目": ["比赛分标准", "日期"], "Key": ["MP Scale", "Date"]})
    out = write_workbook(tmp_path / "w.xlsx", [OutputSheet("设置", frame)])
    widths = re.findall(r'<col min="\d+" max="\d+" width="([0-9.]+)"', sheet_xml(out, 1))
    assert [float(w) for w in widths] == [12.0, 10.0]  # 比赛分标准 10 + 2 (项目 2 x 2 + 4); MP Scale 8 + 2


@pytest.mark.slow
def test_the_rules_sheet_prints_its_long_lines_whole(tmp_path: Path):
    """LibreOffice prints the Rules sheet's Method whole, wrapped within the page: its last words are on the
    page (they ran off it before the Value column wrapped)."""
    out = scored(tmp_path, "bridge_club_mp")
    text = printed_text(out, tmp_path)
    method = dict(table_rows(load_workbook(out).worksheets[-1])[1:])["Method"]
    assert str(method).startswith("Matchpoints (Law 78A)")
    assert "ranked by percentage" in str(method) and "ranked by percentage" in text
