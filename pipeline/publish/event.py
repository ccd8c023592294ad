"""One event as the site shows it: its game, its heading and the sheets of its standings workbook (written
headers), taken from the standings just computed or from a standings workbook tally wrote, read back."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from pipeline.games.heading import FINAL, STATUS
from pipeline.games.registry import standings_game
from pipeline.games.scoring import Standings
from pipeline.games.settings import EVENT_DATE, EVENT_NAME, SECTION, VENUE
from pipeline.i18n import in_every_language
from pipeline.language import english_header, english_sheet_names
from pipeline.sheets import normalized_header, sheet_key, sheet_key_of
from pipeline.workbook import Workbook
from schemas.common import sheet_name_of, titles_of
from schemas.ranking import StandingsSheet
from schemas.shared import RulesSheet

RULES = sheet_name_of(RulesSheet)
ITEM, VALUE = (titles_of(RulesSheet)[c] for c in (RulesSheet.item, RulesSheet.value))
DETAILS = (EVENT_DATE.title, VENUE.title, SECTION.title)  # the Rules items under the title, when present


@dataclass(frozen=True)
class PageHeading:
    """What a page shows above its tables: the event's title, its details (date, venue, section) and its
    status (Final, or Provisional with what is missing; empty when the workbook does not say)."""

    title: str
    details: str = ""
    status: str = ""

    @property
    def final(self) -> bool:
        """True when the status says the results are final."""
        return self.status in in_every_language(FINAL)


@dataclass(frozen=True)
class EventSheets:
    """An event's sheets by name (written headers; figures as numbers, or as the text read back) and what
    identifies it."""

    game: str
    heading: PageHeading
    sheets: dict[str, pd.DataFrame]

    def sheet(self, model: type) -> pd.DataFrame | None:
        """The sheet a model names, if the event has it."""
        wanted = sheet_key(model)
        return next((f for n, f in self.sheets.items() if normalized_header(n) == wanted), None)

    def named(self, name: str) -> pd.DataFrame | None:
        """The sheet of this name (case, spaces and `_` aside), if the event has it."""
        wanted = normalized_header(name)
        return next((f for n, f in self.sheets.items() if normalized_header(n) == wanted), None)

    @property
    def rules(self) -> dict[str, str]:
        """The Rules sheet as Item -> Value (the first of each Item)."""
        frame = self.named(RULES)
        if frame is None or ITEM not in frame or VALUE not in frame:
            return {}
        rows = frame[[ITEM, VALUE]].dropna(subset=[ITEM]).drop_duplicates(subset=[ITEM])
        return dict(zip(rows[ITEM].astype("str"), rows[VALUE].fillna("").astype("str"), strict=True))


def rules_heading(rules: dict[str, str], fallback: str) -> PageHeading:
    """The heading a standings workbook's Rules rows tell (as pipeline/games/heading.py writes them): Event
    (else `fallback`), the date, venue and section, the status (empty when the workbook has none)."""
    title = rules.get(EVENT_NAME.title, "") or fallback
    details = " - ".join(rules[d] for d in DETAILS if rules.get(d))
    return PageHeading(title, details, rules.get(STATUS, ""))


def computed_event(standings: Standings, fallback: str) -> EventSheets:
    """The event of standings just computed: the sheets as the workbook would hold them, its heading."""
    sheets = {s.name: s.frame.reset_index(drop=True) for s in standings.sheets}
    heading = standings.heading
    return EventSheets(
        standings.game.name, PageHeading(heading.title or fallback, heading.details, heading.status), sheets
    )


def read_event(book: Workbook) -> EventSheets:
    """The event of a standings workbook read back: each sheet under its written headers, cells as text."""
    game = standings_game({normalized_header(n) for n in book.listed})
    english = english_sheet_names(game.name)  # a workbook written in Spanish or Chinese is read in English
    sheets = {
        english.get(s.name, s.name): s.frame.rename(columns=s.headers)
        .rename(columns=lambda h: english_header(str(h), game.name))
        .reset_index(drop=True)
        for s in book.sheets.values()
    }
    event = EventSheets(game.name, PageHeading(Path(book.path).stem), sheets)
    return EventSheets(event.game, rules_heading(event.rules, Path(book.path).stem), sheets)


def is_standings_book(book: Workbook) -> bool:
    """True for a standings workbook (Standings and Rules sheets), False for a results workbook to score."""
    names = {sheet_key_of(n) for n in book.listed}  # in any language: Clasificación is Standings
    return {sheet_key(StandingsSheet), sheet_key(RulesSheet)} <= names
