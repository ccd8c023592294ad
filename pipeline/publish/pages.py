"""What every event's site shares: its competitors (ids, names, pages), the standings table, the index and
Rules pages, and the site of a game that has no pages of its own (its sheets, one page each)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from pipeline.i18n import N_, _, in_every_language
from pipeline.publish.chart import TONES, Chart, progression
from pipeline.publish.event import ITEM, RULES, EventSheets
from pipeline.publish.site import Page
from pipeline.publish.tables import Table, as_figures, header_of, page_names, table_of
from pipeline.publish.words import shown_header, shown_sheet
from schemas.bridge import EAST_WEST, NORTH_SOUTH, MatchResult, Scorecard, Traveller
from schemas.common import sheet_name_of, titles_of
from schemas.domino import WINNERS, Standing
from schemas.ranking import StandingsSheet as S
from schemas.shared import AFTER_ROUND, ProgressSheet

CRITERION = (
    "Criterion {number}"  # the Rules items that list the order of criteria, in order (in any language)
)
PODIUM = 3  # rows highlighted when the workbook names no winners
COMPETITORS, ROUNDS, BOARDS, SHEETS = "p/", "r/", "b/", "s/"  # the folders of the pages of each kind
MATCHES = sheet_name_of(MatchResult)  # a list of matches is headed by the game's name of its Matches sheet
DECIDED_BY = titles_of(Standing)[Standing.decided_by]  # the column the note on ties names
FIELD_WORDS = {
    NORTH_SOUTH: N_("North-South"),
    EAST_WEST: N_("East-West"),
}  # a field's heading (another: as written)


@dataclass(frozen=True)
class Competitors:
    """The competitors of an event's Standings, in its order: ids, names ('' for none), the label shown for
    each (its name, else its id), its page and its field (the Field column: NS or EW in a two-winner
    Mitchell; '' for all when the sheet has none)."""

    ids: pd.Series
    names: pd.Series
    labels: pd.Series
    pages: pd.Series
    fields: pd.Series

    @property
    def field_names(self) -> list[str]:
        """The fields in the order of the Standings, when there are two or more; else none (one field)."""
        named = pd.unique(self.fields[self.fields.ne("")])
        return [str(f) for f in named] if len(named) > 1 else []

    def lookup(self, ids: pd.Series, what: pd.Series) -> pd.Series:
        """`what` (labels, pages) of each id given; '' for an id that is no competitor, or blank."""
        by_id = pd.Series(what.to_numpy(), index=self.ids.to_numpy())
        by_id = by_id[~by_id.index.duplicated()]
        text = ids.astype("object").where(ids.notna(), "").astype("str").str.strip()
        return text.map(by_id).fillna("").astype("str")

    def label_of(self, ids: pd.Series) -> pd.Series:
        """The label of each id (the id itself for one that is no competitor)."""
        text = ids.astype("object").where(ids.notna(), "").astype("str").str.strip()
        found = self.lookup(ids, self.labels)
        return found.where(found.ne(""), text)

    def page_of(self, ids: pd.Series) -> pd.Series:
        """The page of each id ('' for one that is no competitor)."""
        return self.lookup(ids, self.pages)


def id_text(column: pd.Series) -> pd.Series:
    """Ids as text, trimmed; blank for a missing one."""
    if isinstance(column.dtype, pd.StringDtype):  # text already: no round trip through Python objects
        return column.fillna("").astype("str").str.strip().reset_index(drop=True)
    return column.astype("object").where(column.notna(), "").astype("str").str.strip().reset_index(drop=True)


def competitors_of(standings: pd.DataFrame, *, with_pages: bool = True, named: bool = True) -> Competitors:
    """The competitors of a Standings sheet (its Player, Pair or Team column, and its Name or Names), each
    with its page (none when the site has no competitor pages) and its label (its name, unless `named` is
    False: a team is known by its own name, its Names column lists its members)."""
    id_header = header_of(standings, S, S.player) or standings.columns[min(1, len(standings.columns) - 1)]
    name_header = header_of(standings, S, S.name)
    field_header = header_of(standings, S, S.field)
    ids = id_text(standings[id_header])
    blank = pd.Series("", index=ids.index, dtype="str")
    names = id_text(standings[name_header]) if name_header else blank
    pages = COMPETITORS + page_names(ids) + ".html" if with_pages else blank
    fields = id_text(standings[field_header]) if field_header else blank
    return Competitors(ids, names, names.where(names.ne("") & named, ids), pages, fields)


def podium(event: EventSheets, standings: pd.DataFrame, competitors: Competitors) -> pd.Series:
    """The rows highlighted: the competitors of the Winners sheet when there is one, else ranks 1 to 3."""
    winners = event.named(WINNERS)
    if winners is not None:
        id_header = header_of(winners, S, S.player)
        if id_header is not None:
            return competitors.ids.isin(id_text(winners[id_header]))
    rank_header = header_of(standings, S, S.rank)
    ranks = as_figures(standings[rank_header]) if rank_header else None
    if ranks is None:
        return pd.Series(False, index=competitors.ids.index)
    return (ranks <= PODIUM).reset_index(drop=True).fillna(False).astype(bool)


def linked(frame: pd.DataFrame, competitors: Competitors, *columns: str | None) -> dict[str, pd.Series]:
    """Links from the named columns of ids (those present) to their competitors' pages."""
    return {c: competitors.page_of(frame[c]) for c in columns if c is not None and c in frame}


def field_heading(values: pd.Series) -> pd.Series:
    """A field's heading: North-South for NS, East-West for EW (the Field values a standings workbook
    writes), in the language spoken; any other value as written."""
    return values.map({k: _(v) for k, v in FIELD_WORDS.items()}).fillna(values).astype("str")


def standings_tables(event: EventSheets, competitors: Competitors) -> list[tuple[str, Table]]:
    """The Standings sheet as tables, each with its heading: one (headed ''), or one per section, direction
    and field when the sheet has those columns (a Field column only when it names two fields or more: a
    two-winner Mitchell's NS and EW), in the sheet's order, without the columns that split it; each
    competitor's id and name linked to its page."""
    frame = event.sheet(S)
    if frame is None:
        return []
    id_header, name_header = header_of(frame, S, S.player), header_of(frame, S, S.name)
    links = linked(frame, competitors, id_header)
    if name_header is not None:
        links[name_header] = (
            competitors.page_of(frame[id_header]) if id_header else pd.Series("", index=frame.index)
        )
    marks = podium(event, frame, competitors)
    field_header = header_of(frame, S, S.field)
    fields = [
        c
        for c in (
            header_of(frame, Traveller, Traveller.section),
            header_of(frame, Scorecard, Scorecard.direction),
            field_header if field_header is not None and competitors.field_names else None,
        )
        if c is not None
    ]
    if not fields:
        return [("", table_of(frame, links=links, marked=marks))]
    keys = pd.DataFrame({c: id_text(frame[c]) for c in fields})
    if field_header in keys:
        keys[field_header] = field_heading(keys[field_header])
    groups = keys.groupby(fields, sort=False).indices  # a few sections, directions and fields
    return [
        (
            " - ".join(str(k) for k in (key if isinstance(key, tuple) else (key,)) if str(k)),
            table_of(
                frame.iloc[rows].drop(columns=fields),
                links={k: v.iloc[rows] for k, v in links.items()},
                marked=marks.iloc[rows],
            ),
        )
        for key, rows in groups.items()
    ]


def progress_chart(
    event: EventSheets, competitors: Competitors, highlight: list[str], field: str = ""
) -> Chart | None:
    """Every competitor's rank after each round, from the Progress sheet (its After 1, After 2, ...
    columns, in order), the highlighted ones in colour; only the competitors of `field` when one is named
    (ranks run within a field: NS and EW in a two-winner Mitchell). None when the event has no Progress
    sheet."""
    frame = event.sheet(ProgressSheet)
    if frame is None:
        return None
    id_header = header_of(frame, ProgressSheet, ProgressSheet.competitor)
    prefix = AFTER_ROUND.split("{")[0]
    rounds = [c for c in frame.columns if str(c).startswith(prefix)]
    if id_header is None or not rounds:
        return None
    ids = id_text(frame[id_header])
    if field:
        own = header_of(frame, S, S.field)  # the Progress sheet's own Field column, else the Standings'
        in_field = (id_text(frame[own]) if own else competitors.lookup(ids, competitors.fields)).eq(field)
        frame, ids = frame[in_field.to_numpy()], ids[in_field].reset_index(drop=True)
    long_ids = pd.Series(np.repeat(ids.to_numpy(), len(rounds)), dtype="str")
    ranks = pd.Series(frame[rounds].to_numpy(dtype="object").ravel())
    numbers = pd.Series(np.tile(np.arange(1, len(rounds) + 1), len(ids)))
    return progression(
        numbers,
        long_ids,
        ranks,
        competitors.label_of(long_ids),
        competitors.page_of(long_ids),
        highlight,
        ranks=True,
    )


def progress_charts(event: EventSheets, competitors: Competitors) -> list[tuple[str, Chart]]:
    """The index's progression: one chart (headed '') with the first competitors of the Standings in colour,
    or, for an event of two fields, one chart per field (headed by it), each with its own leaders in
    colour; none when the event has no progression to draw."""
    fields = competitors.field_names
    if not fields:
        chart = progress_chart(event, competitors, competitors.ids.head(TONES).tolist())
        return [("", chart)] if chart is not None else []
    headings = field_heading(pd.Series(fields, dtype="str"))
    charts = [
        (heading, progress_chart(event, competitors, leaders.tolist(), field))
        for field, heading, leaders in zip(
            fields,
            headings,
            (competitors.ids[competitors.fields.eq(f)].head(TONES) for f in fields),
            strict=True,
        )
    ]
    return [(heading, chart) for heading, chart in charts if chart is not None]


@functools.cache
def criterion_items() -> re.Pattern[str]:
    """The Rules items naming a criterion of the order (`Criterion 1`), as any language writes them."""
    forms = sorted(in_every_language(CRITERION) | {CRITERION})
    return re.compile("|".join(re.escape(f).replace(r"\{number\}", "[0-9]+") for f in forms))


def criteria(event: EventSheets) -> list[str]:
    """The order of criteria that decides ties, as the Rules sheet words it (empty when it does not)."""
    return [v for k, v in event.rules.items() if criterion_items().fullmatch(k)]


def event_context(event: EventSheets, **more: Any) -> dict[str, Any]:
    """What every page of an event's site shows around its tables: the heading and what the site holds (and
    the name of its Matches sheet in the language spoken, the heading of a list of matches)."""
    return dict(
        heading=event.heading, game=event.game, matches_sheet=shown_sheet(MATCHES, event.game), **more
    )


def competitor_page(
    event: EventSheets,
    competitors: Competitors,
    i: int,
    standings: pd.DataFrame | None,
    chart: Chart | None,
    flags: dict[str, bool],
    **tables: Table | None,
) -> Page:
    """The page of the i-th competitor: its line of the standings, its tables (matches, boards) and chart."""
    summary = table_of(standings.iloc[[i]]) if standings is not None and len(standings) > i else None
    context = event_context(
        event,
        competitor=competitors.labels.iloc[i],
        competitor_id=competitors.ids[i],
        summary=summary,
        chart=chart,
        **tables,
        **flags,
    )
    return Page(competitors.pages[i], "competitor.html", context)


def rules_page(event: EventSheets, **flags: Any) -> Page:
    """The Rules sheet as a page: the settings and rules that produced the standings, in words."""
    frame = event.named(RULES)
    table = table_of(frame if frame is not None else pd.DataFrame({ITEM: []}))
    return Page("rules.html", "rules.html", event_context(event, rules=table, **flags))


def index_page(
    event: EventSheets,
    competitors: Competitors,
    *,
    chart: Chart | None = None,
    charts: list[tuple[str, Chart]] | None = None,
    extra: list[Table] | None = None,
    links: list[tuple[str, str]] | None = None,
    **flags: Any,
) -> Page:
    """The index page: the standings, how ties are decided, the progression chart (or `charts`, each under its
    heading: one per field), and the links to the other pages (rounds or boards)."""
    return Page(
        "index.html",
        "index.html",
        event_context(
            event,
            standings=standings_tables(event, competitors),
            criteria=criteria(event),
            decided_by=shown_header(DECIDED_BY),
            charts=charts if charts is not None else [("", chart)] if chart is not None else [],
            extra=extra or [],
            links=links or [],
            **flags,
        ),
    )


def generic_pages(event: EventSheets) -> list[Page]:
    """The site of a game with no pages of its own: the standings, and every other sheet on a page."""
    standings = event.sheet(S)
    competitors = competitors_of(
        standings if standings is not None else pd.DataFrame({S.player: []}), with_pages=False
    )
    others = [n for n in event.sheets if n not in (sheet_name_of(S), RULES)]
    names = page_names(pd.Series(others, dtype="str"))
    pages = [
        Page(
            f"{SHEETS}{stem}.html",
            "sheet.html",
            event_context(event, name=shown_sheet(name, event.game), table=table_of(event.sheets[name])),
        )
        for name, stem in zip(others, names, strict=True)
    ]
    sheet_links = [
        (shown_sheet(name, event.game), f"{SHEETS}{stem}.html")
        for name, stem in zip(others, names, strict=True)
    ]
    return [index_page(event, competitors, links=sheet_links), rules_page(event), *pages]
