"""`tally publish`: a static results site from a results or standings workbook, from a batch, or from a
season's ranking (docs/publish.md). The pages are rendered from the standings sheets themselves (the frames
a standings workbook holds, or its sheets read back), so every figure on a page is the workbook's; the
templates (Jinja2, autoescape on) are in pipeline/publish/templates/."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pandas as pd

from pipeline.games.bridge.sources import deals_beside, results_book, with_deals
from pipeline.games.scoring import Standings, standings_of
from pipeline.i18n import N_, _, speaking
from pipeline.problems import UsageError
from pipeline.publish.bridge import bridge_pages
from pipeline.publish.domino import domino_pages
from pipeline.publish.event import (
    EventSheets,
    PageHeading,
    book_language,
    computed_event,
    english_sheets,
    is_standings_book,
    read_event,
)
from pipeline.publish.pages import generic_pages
from pipeline.publish.ranking import RankingSheets, ranking_pages
from pipeline.publish.site import Page, rendered, site_folder, write_site
from pipeline.publish.tables import page_names, table_of
from pipeline.publish.words import majority_language
from pipeline.sheets import OutputSheet, sheet_key, sheet_key_of
from pipeline.workbook import Limits, Workbook, read_workbook
from schemas.common import titles_of
from schemas.publish import SiteEvent
from schemas.ranking import CountedContribution, RankingRow

PAGES: dict[str, Callable[[EventSheets], list[Page]]] = {"domino": domino_pages, "bridge": bridge_pages}
RANKING_BOOK = {sheet_key(RankingRow), sheet_key(CountedContribution)}  # the sheets of a ranking workbook
SITES_TITLE = N_("All events")  # the title of the index of a site of several events
RANKING = "ranking"  # the ranking workbook's declarations: schemas/ranking.py

__all__ = ["default_site", "event_pages", "publish_book", "publish_events", "publish_ranking", "site_folder"]


def default_site(source: Path) -> Path:
    """`<input stem>-site/` beside the input."""
    return source.with_name(f"{source.stem}-site")


def event_pages(event: EventSheets) -> list[Page]:
    """Every page of an event's site, by its game's pages (a game without any: its sheets, a page each)."""
    return PAGES.get(event.game, generic_pages)(event)


def book_event(
    book: Workbook,
    lang: str | None = None,
    deals: Path | None = None,
    limits: Limits | None = None,
    scored: Callable[[Standings], None] = lambda standings: None,
) -> EventSheets:
    """The event of a workbook read: a standings workbook as it is, results scored in memory (in `lang` when
    given, else in their own language: pipeline/games/scoring.py `standings_of`), with a bridge event's deals
    (`deals`, else its own or the PBN file of the same name beside it: pipeline/games/bridge/sources.py);
    `scored` sees the standings computed. UsageError for `deals` given with standings already scored."""
    if is_standings_book(book):
        if deals is not None:
            raise UsageError(
                _(
                    "{deals}: a standings workbook shows the deals it was scored with; publish the results "
                    "with --deals instead",
                    deals=deals,
                )
            )
        return read_event(book)
    limit = (limits or Limits()).max_unzipped_mb
    found = with_deals(book, deals, limit, lang=lang, beside=deals_beside(Path(book.path)))
    standings: Standings = standings_of(found, lang=lang)
    scored(standings)
    return computed_event(standings, Path(book.path).stem)


def site_pages(pages: list[Page] | Callable[[], list[Page]], lang: str, prefix: str = "") -> dict[str, bytes]:
    """Pages made and rendered in `lang` (their words, headers, figures and dates)."""
    with speaking(lang):
        return rendered(pages() if callable(pages) else pages, prefix)


def publish_book(
    source: Path,
    out: Path | None,
    *,
    force: bool,
    limits: Limits | None = None,
    lang: str | None = None,
    deals: Path | None = None,
    scored: Callable[[Standings], None] = lambda standings: None,
) -> Path:
    """The site of one workbook (results, a PBN or USEBIO results file, standings, or a ranking tally wrote)
    written into `out` (default `<stem>-site/` beside it) in `lang` (en, es, zh; by default the language of the
    workbook: the one its standings are written in); the folder is checked before the workbook is read.
    Results are scored with their `deals` (`book_event`); `scored` sees their standings."""
    folder = site_folder(default_site(source) if out is None else out, force=force)
    book = results_book(source, limits)
    if {sheet_key_of(n) for n in book.listed} >= RANKING_BOOK:
        if deals is not None:
            raise UsageError(_("{deals}: deals are the boards of an event; this is a ranking", deals=deals))
        names = [s.name for s in book.sheets.values()]
        sheets = english_sheets(
            {s.name: s.frame.rename(columns=s.headers) for s in book.sheets.values()}, RANKING
        )
        chosen = lang or book_language(names, RANKING)
        return write_site(folder, site_pages(lambda: ranking_pages(RankingSheets(sheets)), chosen))
    event = book_event(book, lang, deals, limits, scored)
    return write_site(folder, site_pages(lambda: event_pages(event), lang or event.language))


def publish_ranking(sheets: list[OutputSheet], folder: Path, lang: str | None = None) -> Path:
    """The ranking's site from the sheets of the ranking workbook, into a folder already checked, in `lang` (by
    default the language the ranking workbook is written in)."""
    book = RankingSheets(english_sheets({s.name: s.frame for s in sheets}, RANKING))
    chosen = lang or book_language([s.name for s in sheets], RANKING)
    return write_site(folder, site_pages(lambda: ranking_pages(book), chosen))


def publish_events(events: Iterable[tuple[str, EventSheets]], folder: Path, lang: str | None = None) -> Path:
    """A site of several events (each its own site in a sub-folder, named after its workbook) and an index
    linking them, into a folder already checked: each event's pages in `lang`, else in its own language, and
    the index in `lang`, else in the language most of the events are written in (docs/publish.md)."""
    listed = list(events)
    keys = pd.Series([key for key, _event in listed], dtype="str")
    stems = page_names(keys.str.replace(r"\.(?:xlsx|pbn|xml)$", "", case=False, regex=True))
    files: dict[str, bytes] = {}
    for (_key, event), stem in zip(listed, stems, strict=True):  # a site each

        def pages(event: EventSheets = event) -> list[Page]:
            """The event's pages, each linking back to the index."""
            return [
                Page(p.path, p.template, {**p.context, "parent": "../index.html"}) for p in event_pages(event)
            ]

        files |= site_pages(pages, lang or event.language, f"{stem}/")
    titles = titles_of(SiteEvent)

    def index_pages() -> list[Page]:
        """The index of the events, linking each event's site."""
        index = pd.DataFrame(
            {
                titles[SiteEvent.event]: [e.heading.title for _key, e in listed],
                titles[SiteEvent.date]: [e.heading.shown_details for _key, e in listed],
                titles[SiteEvent.status]: [e.heading.status for _key, e in listed],
                titles[SiteEvent.source]: keys,
            }
        )
        table = table_of(index, links={titles[SiteEvent.event]: stems + "/index.html"})
        return [Page("index.html", "sites.html", dict(heading=PageHeading(_(SITES_TITLE)), events=table))]

    files |= site_pages(index_pages, lang or majority_language(e.language for _key, e in listed))
    return write_site(folder, files)


def read_events(
    paths: Iterable[tuple[str, Path]], limits: Limits | None = None
) -> list[tuple[str, EventSheets]]:
    """The events of standings workbooks tally wrote, each under its key."""
    return [(key, read_event(read_workbook(path, limits=limits))) for key, path in paths]
