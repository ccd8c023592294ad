"""The published site of a two-winner Mitchell (issue 15, part 2 of the site): the index shows a standings
table per field (North-South, then East-West, as the Standings sheet lists them) and a progression chart per
field with that field's leaders in colour; a one-field event (arrow switch, Howell) keeps one table and one
chart. Figures show the decimals of the workbook's number format. Every expectation comes from the workbook
read with openpyxl (tests/site_pages.py), never from the site's code."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES
from openpyxl import load_workbook
from site_pages import parsed, same_cell, sheet_rows, standings_tables

from pipeline import api
from pipeline.publish.tables import declared_decimals, shown_text

HEADINGS = {"NS": "North-South", "EW": "East-West"}  # the headings the site gives the Field values
LEADERS = 5  # the lines drawn in colour: a field's first five pairs in the Standings


@dataclass
class DrawnChart:
    """A progression chart of a page as drawn: its heading, its axes' ticks and its lines (label, points,
    tone; tone 0 is grey)."""

    heading: str
    x_ticks: dict[str, int] = field(default_factory=dict)  # x position -> round
    y_ticks: list[tuple[float, int]] = field(default_factory=list)  # (y position, rank)
    lines: list[tuple[str, str, int]] = field(default_factory=list)

    def ranks(self, points: str) -> list[tuple[int, int]]:
        """A line's points as (round, rank), read against the axes' labels (rank 1 at the first tick, the
        last rank at the last, linear between)."""
        (y_first, first), (y_last, last) = self.y_ticks[0], self.y_ticks[-1]
        found = []
        for point in points.split():  # a point per round
            x, y = point.split(",")
            rank = first + (float(y) - y_first) / (y_last - y_first) * (last - first)
            found.append((self.x_ticks[x], round(rank)))
            assert abs(rank - round(rank)) < 1e-6, (point, rank)
        return found


class ChartParser(HTMLParser):
    """Every progression chart of a page (each `svg.chart`), with the heading (h2, h3) last seen above it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.charts: list[DrawnChart] = []
        self._heading: list[str] | None = None
        self._last = ""
        self._chart: DrawnChart | None = None
        self._text: tuple[dict[str, str | None], list[str]] | None = None
        self._line: tuple[str, int, list[str]] | None = None
        self._in_line_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("h2", "h3"):
            self._heading = []
        elif tag == "svg" and "chart" in (a.get("class") or "").split():
            self._chart = DrawnChart(self._last)
        elif tag == "text" and self._chart is not None:
            self._text = (a, [])
        elif tag == "polyline" and self._chart is not None:
            tone = next(c for c in (a.get("class") or "").split() if c.startswith("tone"))
            self._line = (a.get("points") or "", int(tone.removeprefix("tone")), [])
        elif tag == "title" and self._line is not None:
            self._in_line_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "h3") and self._heading is not None:
            self._last, self._heading = "".join(self._heading).strip(), None
        elif tag == "text" and self._text is not None and self._chart is not None:
            attrs, words = self._text
            label = "".join(words).strip()
            if attrs.get("text-anchor") == "end":  # the value axis: ranks
                self._chart.y_ticks.append((float(attrs["y"] or 0), int(label)))
            elif label.isdigit():  # the rounds' axis
                self._chart.x_ticks[attrs["x"] or ""] = int(label)
            self._text = None
        elif tag == "title":
            self._in_line_title = False
        elif tag == "polyline" and self._line is not None and self._chart is not None:
            points, tone, label = self._line
            self._chart.lines.append(("".join(label).strip(), points, tone))
            self._line = None
        elif tag == "svg" and self._chart is not None:
            self.charts.append(self._chart)
            self._chart = None

    def handle_data(self, data: str) -> None:
        if self._heading is not None:
            self._heading.append(data)
        if self._text is not None:
            self._text[1].append(data)
        if self._in_line_title and self._line is not None:
            self._line[2].append(data)


def charts_of(page: Path) -> list[DrawnChart]:
    """The progression charts of a page, in order."""
    parser = ChartParser()
    parser.feed(page.read_text(encoding="utf-8"))
    parser.close()
    return parser.charts


def sheet_dicts(book: Path, name: str) -> list[dict[str, object]]:
    """A sheet's rows as header -> value."""
    header, rows = sheet_rows(book, name)
    return [dict(zip(header, r, strict=True)) for r in rows]


def with_movement(path: Path, movement: str) -> Path:
    """The Tuesday pairs sample, its Settings saying the movement (an arrow switch or a Howell: one field)."""
    book = load_workbook(SAMPLES / "bridge_club_mp.xlsx")
    book["Settings"].append(["Movement", movement])
    book.save(path)
    return path


@pytest.fixture(scope="module")
def two_fields(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The Tuesday pairs (a Mitchell, every pair in one direction: two fields): its standings workbook and
    the site published from the results."""
    root = tmp_path_factory.mktemp("fields")
    book = api.score(SAMPLES / "bridge_club_mp.xlsx", root / "tuesday-standings.xlsx").path
    return book, api.publish(SAMPLES / "bridge_club_mp.xlsx", root / "site")


def test_each_field_has_its_own_table_with_exactly_its_rows(two_fields):
    book, site = two_fields
    standings = sheet_dicts(book, "Standings")
    assert [r["Field"] for r in standings] == ["NS"] * 5 + ["EW"] * 5  # the sample is two fields
    index = parsed(site / "index.html")
    tables = standings_tables(index)
    assert list(index.tables)[:2] == ["standings", "standings-2"]
    assert [t.heading for t in tables] == ["North-South", "East-West"]
    for table, field_value in zip(tables, ("NS", "EW"), strict=True):  # each field, in the sheet's order
        mine = [r for r in standings if r["Field"] == field_value]
        assert "Field" not in table.headers
        assert table.headers == [h for h in standings[0] if h != "Field"]
        assert len(table.rows) == len(mine) == 5
        col = {h: i for i, h in enumerate(table.headers)}
        for shown, row in zip(table.rows, mine, strict=True):  # every pair of the field, in order
            for h in ("Rank", "Pair", "Names", "MP", "Percent"):
                assert same_cell(shown[col[h]], row[h]), (h, shown, row)
        # ranks restart in each field: 1 on top of both
        assert shown_ranks(table)[0] == 1


def shown_ranks(table) -> list[int]:
    """The ranks a standings table shows."""
    return [int(r[table.headers.index("Rank")]) for r in table.rows]


def test_each_fields_chart_draws_exactly_its_pairs_ranks_with_its_leaders_in_colour(two_fields):
    book, site = two_fields
    standings = sheet_dicts(book, "Standings")
    progress = {str(r["Pair"]): r for r in sheet_dicts(book, "Progress")}
    rounds = [h for h in next(iter(progress.values())) if str(h).startswith("After ")]
    charts = [c for c in charts_of(site / "index.html") if c.heading in HEADINGS.values()]
    assert [c.heading for c in charts] == ["North-South", "East-West"]
    assert len(charts_of(site / "index.html")) == 2  # no chart mixing both fields
    for chart, field_value in zip(charts, ("NS", "EW"), strict=True):  # each field
        mine = [r for r in standings if r["Field"] == field_value]
        by_name = {str(r["Names"]): str(r["Pair"]) for r in mine}
        assert sorted(label for label, _, _ in chart.lines) == sorted(by_name)
        for label, points, _ in chart.lines:  # every pair of the field
            pair = by_name[label]
            expected = [(i + 1, int(progress[pair][h])) for i, h in enumerate(rounds)]
            assert chart.ranks(points) == expected, (pair, points)
        coloured = {label for label, _, tone in chart.lines if tone}
        assert coloured == {str(r["Names"]) for r in mine[:LEADERS]}
        tones = {label: tone for label, _, tone in chart.lines}
        assert [tones[str(r["Names"])] for r in mine[:LEADERS]] == list(range(1, LEADERS + 1))


def test_a_pairs_page_charts_its_own_field_only(two_fields):
    book, site = two_fields
    standings = sheet_dicts(book, "Standings")
    for row in standings:  # every pair
        page = site / "p" / f"{row['Pair']}.html"
        (chart,) = charts_of(page)
        field_names = {str(r["Names"]) for r in standings if r["Field"] == row["Field"]}
        assert {label for label, _, _ in chart.lines} == field_names
        assert [label for label, _, tone in chart.lines if tone] == [str(row["Names"])]


@pytest.mark.slow  # over 0.7 s in make test (two events scored and published): make test SLOW=1 and CI run it
@pytest.mark.parametrize("movement", ["Mitchell, arrow switch in round 5", "Howell"])
def test_an_event_of_one_field_keeps_one_table_and_one_chart(tmp_path, movement):
    results = with_movement(tmp_path / "one-field.xlsx", movement)
    book = api.score(results, tmp_path / "one-field-standings.xlsx").path
    site = api.publish(results, tmp_path / "site")
    header, rows = sheet_rows(book, "Standings")
    assert "Field" not in header and len(rows) == 10
    index = parsed(site / "index.html")
    (table,) = standings_tables(index)
    assert table.headers == header and len(table.rows) == 10
    for shown, row in zip(table.rows, rows, strict=True):  # every pair, one ranking
        assert all(same_cell(s, v) for s, v in zip(shown, row, strict=True)), (shown, row)
    (chart,) = charts_of(site / "index.html")
    assert chart.heading == "Progression"
    assert len(chart.lines) == 10
    names = header.index("Names")
    assert {label for label, _, tone in chart.lines if tone} == {str(r[names]) for r in rows[:LEADERS]}


def workbook_text(value: object, number_format: str) -> str | None:
    """A figure as a workbook with this number format shows it, to the decimals of its `0.00` part (None
    for a cell that is not a figure or has no fixed decimals)."""
    if not isinstance(value, int | float) or isinstance(value, bool) or "0." not in number_format:
        return None
    decimals = len(number_format.split("0.", 1)[1]) - len(number_format.split("0.", 1)[1].lstrip("0"))
    return f"{value:.{decimals}f}"


def formatted_cells(book: Path, name: str) -> list[dict[str, str | None]]:
    """Each row of a sheet as header -> the text of its figures with fixed decimals (openpyxl's values and
    number formats), None for the other cells."""
    ws = load_workbook(book)[name]
    rows = list(ws.iter_rows())
    start = next(i for i, r in enumerate(rows) if sum(c.value not in (None, "") for c in r) >= 2)
    header = [str(c.value) for c in rows[start] if c.value is not None]
    return [
        {h: workbook_text(c.value, c.number_format) for h, c in zip(header, r, strict=False)}
        for r in rows[start + 1 :]
        if any(c.value not in (None, "") for c in r)
    ]


def test_figures_show_the_decimals_of_the_workbooks_number_format(two_fields):
    book, site = two_fields
    expected = formatted_cells(book, "Standings")
    assert {row["Top"] for row in expected} == {"80.00"}  # a whole Top shown as the workbook shows it
    shown = [
        dict(zip(t.headers, r, strict=True))
        for t in standings_tables(parsed(site / "index.html"))
        for r in t.rows
    ]
    assert len(shown) == len(expected)
    for page_row, sheet_row in zip(shown, expected, strict=True):  # every pair
        for h, text in sheet_row.items():  # every figure with fixed decimals
            if text is not None:
                assert page_row[h] == text, (h, page_row, sheet_row)
    travellers = formatted_cells(book, "Travellers")
    header, rows = sheet_rows(book, "Travellers")
    first = [t for t, r in zip(travellers, rows, strict=True) if r[header.index("Board")] == 1]
    traveller = parsed(site / "b" / "1.html").tables["traveller"]
    assert len(traveller.rows) == len(first) > 0
    for cells, sheet_row in zip(traveller.rows, first, strict=True):  # board 1's results
        page_row = dict(zip(traveller.headers, cells, strict=True))
        for h, text in sheet_row.items():  # NS MP 4.00, NS % 50.00 ...
            if text is not None and h in page_row:
                assert page_row[h] == text, (h, page_row, sheet_row)


def test_shown_text_takes_the_declared_decimals():
    # MP, Top and Percent are declared 0.00 and 0.00"%" in schemas/bridge.py; Head-to-Head 0;-0;0
    assert [declared_decimals(h) for h in ("MP", "Top", "Percent", "Head-to-Head", "Pair")] == [
        2,
        2,
        2,
        0,
        None,
    ]
    assert shown_text(pd.Series([80.0, 1.0, 2.5]), 2).tolist() == ["80.00", "1.00", "2.50"]
    assert shown_text(pd.Series(["80", "", "-0.001"]), 2).tolist() == ["80.00", "", "0.00"]  # read back
    assert shown_text(pd.Series([3.0, -2.4]), 0).tolist() == ["3", "-2"]
    assert shown_text(pd.Series([1.0, 2.5])).tolist() == ["1.00", "2.50"]  # no format: as before
    assert shown_text(pd.Series([1.0, 2.0])).tolist() == ["1", "2"]
