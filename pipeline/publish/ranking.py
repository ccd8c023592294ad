"""The federation ranking's pages (`tally rank --publish`): the ranking, a page per player (every event
they played, the counted ones first and highlighted, each linked to its page) and a page per event (its
places and the points each gave). Every figure is a cell of the ranking workbook's sheets."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.federation.ranking.report import AS_OF
from pipeline.games.settings import YES_NO
from pipeline.i18n import _, in_every_language
from pipeline.publish.event import ITEM, RULES, VALUE, PageHeading
from pipeline.publish.pages import COMPETITORS, id_text
from pipeline.publish.site import Page
from pipeline.publish.tables import Table, grouped_tables, header_of, page_names, table_of
from pipeline.publish.words import date_column, local_dates
from pipeline.sheets import normalized_header, sheet_key
from schemas.common import titles_of
from schemas.ranking import CountedContribution as K
from schemas.ranking import IdentityReport as I
from schemas.ranking import RankingRow as R
from schemas.ranking import SeasonEvent as E

EVENTS = "e/"  # the folder of the event pages
# a person's page lists each event's name, date, points, place and field first (what a phone shows without
# scrolling the table), then the partners, the competitor and the rest
PERSON_FIRST = ((E, E.event), (K, K.date), (K, K.units), (K, K.place), (K, K.field), (K, K.partners))
YES = "yes"  # the Counted column of a contribution that counts (in any language: sí, 是)
YES_WORDS = frozenset(
    w.casefold()
    for w in (YES, *(n for names in YES_NO[YES].values() for n in names), *in_every_language(YES))
)


@dataclass(frozen=True)
class RankingSheets:
    """The sheets of a ranking workbook by name (written headers)."""

    sheets: dict[str, pd.DataFrame]

    def sheet(self, model: type) -> pd.DataFrame:
        """The sheet a model names (empty when the workbook does not have it)."""
        wanted = sheet_key(model)
        found = next((f for n, f in self.sheets.items() if normalized_header(n) == wanted), None)
        return (found if found is not None else pd.DataFrame()).reset_index(drop=True)

    @property
    def as_of(self) -> str:
        """The day the ranking is as of (the Rules sheet's As of row; empty when it has none)."""
        rules = next(
            (f for n, f in self.sheets.items() if normalized_header(n) == normalized_header(RULES)), None
        )
        if rules is None or ITEM not in rules or VALUE not in rules:
            return ""
        found = rules[rules[ITEM].astype("str").isin(in_every_language(AS_OF) | {AS_OF})][VALUE]
        return str(found.iloc[0]) if len(found) else ""

    @property
    def title(self) -> str:
        """The site's title: the ranking as of its day (written as the language spoken writes dates)."""
        if not self.as_of:
            return _("Season ranking")
        day = date_column(pd.Series([self.as_of], dtype="str"))
        shown = self.as_of if day is None or day.isna().all() else local_dates(day, with_time=False).iloc[0]
        return _("Ranking as of {date}", date=shown)


def pages_by(ids: pd.Series, folder: str) -> pd.Series:
    """The page of each id in a folder (the same id, the same page)."""
    distinct = ids.drop_duplicates()
    names = pd.Series((folder + page_names(distinct) + ".html").to_numpy(), index=distinct.to_numpy())
    return ids.map(names).fillna("").astype("str")


def ranking_pages(book: RankingSheets) -> list[Page]:
    """Every page of the ranking's site."""
    ranking, contributions, events = book.sheet(R), book.sheet(K), book.sheet(E)
    heading = PageHeading(book.title)
    player_r = header_of(ranking, R, R.player) or titles_of(R)[R.player]
    name_r = header_of(ranking, R, R.name)
    ranked_ids = id_text(ranking[player_r]) if player_r in ranking else pd.Series([], dtype="str")
    player_k = header_of(contributions, K, K.player)
    file_k, file_e = header_of(contributions, K, K.file), header_of(events, E, E.file)
    every_player = (
        pd.concat([ranked_ids, id_text(contributions[player_k]) if player_k else pd.Series([], dtype="str")])
        .drop_duplicates()
        .reset_index(drop=True)
    )
    player_page = pd.Series(pages_by(every_player, COMPETITORS).to_numpy(), index=every_player.to_numpy())
    every_file = id_text(events[file_e]) if file_e else pd.Series([], dtype="str")
    event_page = pd.Series(pages_by(every_file, EVENTS).to_numpy(), index=every_file.to_numpy())
    flags = dict(ranking_site=True)

    links = {}
    if player_r in ranking:
        links[player_r] = ranked_ids.map(player_page).fillna("")
        if name_r is not None:
            links[name_r] = links[player_r]
    index = Page(
        "index.html",
        "ranking.html",
        dict(heading=heading, ranking=table_of(ranking, links=links), **flags),
    )
    shown_events = events.drop(columns=[c for c in (file_e, header_of(events, E, E.sha256)) if c])
    event_name = header_of(events, E, E.event)
    event_links = {event_name: every_file.map(event_page).fillna("")} if event_name and file_e else {}
    listing = Page(
        "events.html",
        "ranking_events.html",
        dict(heading=heading, events=table_of(shown_events, links=event_links), **flags),
    )
    rules_frame = next(
        (f for n, f in book.sheets.items() if normalized_header(n) == normalized_header(RULES)), None
    )
    rules = Page(
        "rules.html",
        "rules.html",
        dict(
            heading=heading,
            rules=table_of(rules_frame if rules_frame is not None else pd.DataFrame()),
            game="",
            **flags,
        ),
    )
    pages = [index, listing, rules]
    pages += player_pages(
        ranking,
        contributions,
        heading,
        player_r,
        ranked_ids,
        player_page,
        event_page,
        file_k,
        flags,
        identity_tables(book.sheet(I)),
    )
    pages += event_pages(
        events, contributions, heading, file_e, every_file, player_page, event_page, file_k, flags
    )
    return pages


def counted_first(contributions: pd.DataFrame) -> pd.Series:
    """True for a contribution that counts (its Counted cell says yes)."""
    counted = header_of(contributions, K, K.counted)
    if counted is None:
        return pd.Series(False, index=contributions.index)
    return id_text(contributions[counted]).str.strip().str.casefold().isin(YES_WORDS)


def identity_tables(identity: pd.DataFrame) -> dict[str, Table]:
    """The Identity sheet's reports by person: each report on the page of every id it names (its Player
    cell lists them, joined by "; ")."""
    players = header_of(identity, I, I.players)
    if players is None or identity.empty:
        return {}
    ids = id_text(identity[players]).str.split("; ").explode()
    rows = identity.loc[ids.index].reset_index(drop=True)
    return grouped_tables(rows, ids.reset_index(drop=True), columns=[c for c in rows.columns if c != players])


def player_pages(
    ranking: pd.DataFrame,
    contributions: pd.DataFrame,
    heading: PageHeading,
    player_r: str,
    ranked_ids: pd.Series,
    player_page: pd.Series,
    event_page: pd.Series,
    file_k: str | None,
    flags: dict[str, bool],
    identity: dict[str, Table],
) -> list[Page]:
    """A page per player: their line of the ranking, what the Identity sheet says of them, then every event
    they played (counted ones first and highlighted, each event linked to its page)."""
    player_k = header_of(contributions, K, K.player)
    if player_k is None or player_r not in ranking:
        return []
    counted = counted_first(contributions)
    order = np.lexsort((np.arange(len(contributions)), ~counted.to_numpy()))  # counted ones first
    ids = id_text(contributions[player_k])
    event_k = header_of(contributions, E, E.event)
    links = {}
    if event_k is not None and file_k is not None:
        links[event_k] = id_text(contributions[file_k]).map(event_page).fillna("")
    hidden = {player_k, file_k, header_of(contributions, K, K.name)}
    first = [c for c in (header_of(contributions, m, k) for m, k in PERSON_FIRST) if c is not None]
    columns = [*first, *(c for c in contributions.columns if c not in hidden and c not in first)]
    tables = grouped_tables(contributions, ids, links=links, marked=counted, columns=columns, order=order)
    lines = grouped_tables(ranking, ranked_ids)
    name_r = header_of(ranking, R, R.name)
    names = id_text(ranking[name_r]) if name_r else ranked_ids
    every = pd.Index(ranked_ids).append(pd.Index(ids.iloc[order])).unique()
    name_of = dict(zip(ranked_ids, names, strict=True))
    page_of = player_page.to_dict()
    return [
        Page(
            str(page_of[pid]),
            "ranking_player.html",
            dict(
                heading=heading,
                player=name_of.get(pid) or pid,
                player_id=pid,
                line=lines.get(pid),
                identity=identity.get(pid),
                events=tables.get(pid),
                **flags,
            ),
        )
        for pid in every  # a page each
    ]


def event_pages(
    events: pd.DataFrame,
    contributions: pd.DataFrame,
    heading: PageHeading,
    file_e: str | None,
    every_file: pd.Series,
    player_page: pd.Series,
    event_page: pd.Series,
    file_k: str | None,
    flags: dict[str, bool],
) -> list[Page]:
    """A page per event: what the Events sheet says of it, and its places with the points each gave."""
    if file_e is None:
        return []
    facts = grouped_tables(
        events.drop(columns=[c for c in (file_e, header_of(events, E, E.sha256)) if c]), every_file
    )
    tables = {}
    if file_k is not None:
        place = header_of(contributions, K, K.place)
        order = (
            np.lexsort(
                (
                    np.arange(len(contributions)),
                    pd.to_numeric(contributions[place], errors="coerce").to_numpy(),
                )
            )
            if place
            else np.arange(len(contributions))
        )
        player_k, name_k = header_of(contributions, K, K.player), header_of(contributions, K, K.name)
        links = {}
        if player_k is not None:
            links[player_k] = id_text(contributions[player_k]).map(player_page).fillna("")
            if name_k is not None:
                links[name_k] = links[player_k]
        shown = (
            K.place,
            K.competitor,
            K.player,
            K.name,
            K.units,
            K.counted,
        )  # the event's own facts are above the table
        columns = [c for c in (header_of(contributions, K, k) for k in shown) if c is not None]
        tables = grouped_tables(
            contributions,
            id_text(contributions[file_k]),
            links=links,
            marked=counted_first(contributions),
            columns=columns,
            order=order,
        )
    name_e = header_of(events, E, E.event)
    titles = id_text(events[name_e]) if name_e else every_file
    page_of = event_page.to_dict()
    return [
        Page(
            str(page_of[f]),
            "ranking_event.html",
            dict(heading=heading, event=t or f, facts=facts.get(f), places=tables.get(f), **flags),
        )
        for f, t in zip(every_file, titles, strict=True)  # a page each
    ]
