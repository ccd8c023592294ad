"""Helpers for the published-site tests: a page's tables read back with html.parser (no scraping of figures
with regular expressions), a workbook's sheets read with openpyxl (an independent reader), and a site's links."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from openpyxl import load_workbook


@dataclass
class PageTable:
    """A table of a page: its headers, each row's cell texts and each cell's link (None without one), and the
    heading (h2, h3) last seen above it."""

    heading: str = ""
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    links: list[list[str | None]] = field(default_factory=list)
    marked: list[bool] = field(default_factory=list)


class PageParser(HTMLParser):
    """Every table (by id), every definition list (by id), every link, and the elements seen."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, PageTable] = {}
        self.facts: dict[str, dict[str, str]] = {}
        self.hrefs: list[str] = []
        self.sources: list[str] = []
        self.tags: list[str] = []
        self.text: list[str] = []
        self._table: PageTable | None = None
        self._cell: list[str] | None = None
        self._link: str | None = None
        self._in_head = False
        self._facts: dict[str, str] | None = None
        self._term: str | None = None
        self._fact: list[str] | None = None
        self._heading: list[str] | None = None
        self.last_heading = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"] or "")
            self._link = a["href"]
        if tag in ("link", "img", "script", "iframe") and (a.get("href") or a.get("src")):
            self.sources.append(a.get("href") or a.get("src") or "")
        if tag in ("h2", "h3"):
            self._heading = []
        if tag == "table":
            self._table = PageTable(heading=self.last_heading)
            self.tables[a.get("id") or f"table{len(self.tables)}"] = self._table
        elif tag == "thead":
            self._in_head = True
        elif tag == "tbody":
            self._in_head = False
        elif tag == "tr" and self._table is not None and not self._in_head:
            self._table.rows.append([])
            self._table.links.append([])
            self._table.marked.append("mark" in (a.get("class") or "").split())
        elif tag in ("td", "th") and self._table is not None:
            self._cell, self._link = [], None
        elif tag == "dl":
            self._facts = {}
            self.facts[a.get("id") or f"facts{len(self.facts)}"] = self._facts
        elif tag == "dt" or tag == "dd":
            self._fact = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "h3") and self._heading is not None:
            self.last_heading, self._heading = "".join(self._heading).strip(), None
        if tag in ("td", "th") and self._table is not None and self._cell is not None:
            text = "".join(self._cell).strip()
            if self._in_head:  # a header keeps its hyphens on one line with U+2011 (non-breaking hyphen)
                text = text.replace("\u2011", "-")
                self._table.headers.append(text)
            else:
                self._table.rows[-1].append(text)
                self._table.links[-1].append(self._link)
            self._cell = None
        elif tag == "table":
            self._table = None
        elif tag == "dt" and self._fact is not None:
            self._term = "".join(self._fact).strip()
            self._fact = None
        elif tag == "dd" and self._fact is not None and self._facts is not None and self._term is not None:
            self._facts[self._term] = "".join(self._fact).strip()
            self._fact = None
        elif tag == "dl":
            self._facts = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._heading is not None:
            self._heading.append(data)
        if self._cell is not None:
            self._cell.append(data)
        if self._fact is not None:
            self._fact.append(data)


def parsed(path: Path) -> PageParser:
    """A page read back."""
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def sheet_rows(path: Path, name: str) -> tuple[list[str], list[list[object]]]:
    """A sheet of a workbook read with openpyxl: its header (the first row with two cells or more filled, so
    that a title block above the table is passed over) and the rows under it."""
    book = load_workbook(path, read_only=True, data_only=True)
    rows = [list(r) for r in book[name].iter_rows(values_only=True)]
    book.close()
    start = next(i for i, r in enumerate(rows) if sum(v not in (None, "") for v in r) >= 2)
    header = [str(v) if v is not None else "" for v in rows[start]]
    width = max((i + 1 for i, h in enumerate(header) if h), default=0)
    body = [r[:width] for r in rows[start + 1 :] if any(v not in (None, "") for v in r)]
    return header[:width], body


def same_cell(shown: str, value: object) -> bool:
    """True when a page's cell shows the workbook's value: the same number (to 0.01), or the same text."""
    if value is None or value == "":
        return shown == ""
    if isinstance(value, bool):
        return shown == str(value)
    if isinstance(value, int | float):
        try:
            return abs(float(shown) - float(value)) < 0.005 + 1e-9
        except ValueError:
            return False
    if hasattr(value, "strftime"):
        return shown == value.strftime("%Y-%m-%d")
    return shown == str(value).strip()


FIELD_HEADINGS = {"NS": "North-South", "EW": "East-West"}  # how the site heads a two-winner Mitchell's fields


@dataclass
class StandingsPart:
    """A part of a Standings sheet as the index should show it: its heading, its headers and its rows."""

    heading: str
    header: list[str]
    rows: list[list[object]]


def standings_parts(book: Path) -> list[StandingsPart]:
    """The Standings sheet of a workbook (read with openpyxl) as the index should show it: where its Field
    column names two fields, one part per field in the sheet's order, headed North-South or East-West,
    without the Field column; else the whole sheet, headed ''."""
    header, rows = sheet_rows(book, "Standings")
    if "Field" not in header or len({r[header.index("Field")] for r in rows}) < 2:
        return [StandingsPart("", header, rows)]
    at = header.index("Field")
    order = list(dict.fromkeys(r[at] for r in rows))
    return [
        StandingsPart(
            FIELD_HEADINGS.get(str(f), str(f)),
            header[:at] + header[at + 1 :],
            [r[:at] + r[at + 1 :] for r in rows if r[at] == f],
        )
        for f in order
    ]


def standings_tables(page: PageParser) -> list[PageTable]:
    """The standings tables of an index page, in the page's order (ids `standings`, `standings-2`, ...)."""
    return [t for k, t in page.tables.items() if k == "standings" or k.startswith("standings-")]


def local_target(page: Path, href: str) -> Path | None:
    """The file a relative link of a page leads to (None for a link within the page)."""
    parts = urlsplit(href)
    assert not parts.scheme and not parts.netloc, f"{page}: {href} is not a relative link"
    assert not href.startswith("/"), f"{page}: {href} is not a relative link"
    if not parts.path:
        return None
    return (page.parent / unquote(parts.path)).resolve()


def broken_links(site: Path) -> list[str]:
    """Every link (and style sheet) of every page of a site that does not lead to a file of the site."""
    root = site.resolve()
    broken = []
    for page in sorted(site.rglob("*.html")):  # every page
        found = parsed(page)
        for href in [*found.hrefs, *found.sources]:  # its links
            target = local_target(page, href)
            if target is not None and (not target.is_file() or not target.is_relative_to(root)):
                broken.append(f"{page.relative_to(site)} -> {href}")
    return broken
