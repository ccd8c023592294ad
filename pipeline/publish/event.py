"""One event as the site shows it: its game, its heading and the sheets of its standings workbook (written
headers), taken from the standings just computed or from a standings workbook tally wrote, read back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from pipeline.games.heading import FINAL, STATUS
from pipeline.games.registry import standings_game
from pipeline.games.scoring import Standings
from pipeline.games.settings import EVENT_DATE, EVENT_NAME, SECTION, VENUE, SettingSpec
from pipeline.i18n import ENGLISH, in_every_language
from pipeline.language import english_header, english_sheet_names, sheet_names
from pipeline.publish.words import DATE_ONLY, written_date
from pipeline.sheets import normalized_header, sheet_key, sheet_key_of
from pipeline.workbook import Workbook
from schemas.common import sheet_name_of, titles_of
from schemas.ranking import StandingsSheet
from schemas.shared import RulesSheet

RULES = sheet_name_of(RulesSheet)
ITEM, VALUE = (titles_of(RulesSheet)[c] for c in (RulesSheet.item, RulesSheet.value))
DETAILS = (EVENT_DATE, VENUE, SECTION)  # the settings whose Rules items go under the title, when present


@dataclass(frozen=True)
class PageHeading:
    """What a page shows above its tables: the event's title, its details (date, venue, section) and its
    status (Final, or Provisional with what is missing; empty when the workbook does not say)."""

    title: str
    details: str = ""
    status: str = ""

    @property
    def shown_details(self) -> str:
        """The details with a date written `2026-11-30` (the Date setting as tally writes it) as the language
        spoken writes dates (English: as it is)."""
        return re.sub(DATE_ONLY, lambda found: written_date(found[0]), self.details)

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
    language: str = ENGLISH  # the language its site is written in (en, es, zh): its workbook's

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


def setting_item(rules: dict[str, str], spec: SettingSpec) -> str:
    """The value of a setting's Rules row, whichever language its Item is written in (its title or any of its
    declared names; '' when the Rules sheet has no such row)."""
    items = (spec.title, *(n for names in spec.names.values() for n in names))
    return next((rules[i] for i in items if rules.get(i)), "")


def rules_heading(rules: dict[str, str], fallback: str) -> PageHeading:
    """The heading a standings workbook's Rules rows tell (as pipeline/games/heading.py writes them, in any
    language): Event (else `fallback`), the date, venue and section, the status (empty when it has none)."""
    title = setting_item(rules, EVENT_NAME) or fallback
    details = " - ".join(filter(None, (setting_item(rules, d) for d in DETAILS)))
    status = next((rules[i] for i in sorted(in_every_language(STATUS)) if rules.get(i)), "")
    return PageHeading(title, details, status)


def english_sheets(sheets: dict[str, pd.DataFrame], game: str) -> dict[str, pd.DataFrame]:
    """A standings workbook's sheets under their English names and headers (as written in Spanish or Chinese,
    or in English), so that every page finds them by the declarations."""
    english = english_sheet_names(game)
    return {
        english.get(name, name): frame.rename(columns=lambda h: english_header(str(h), game)).reset_index(
            drop=True
        )
        for name, frame in sheets.items()
    }


def book_language(names: list[str], game: str) -> str:
    """The language a standings workbook of `game` is written in, by its sheet names: Spanish or Chinese when
    more of them are that language's names (and not also English ones) than the other's, else English."""
    english = set(english_sheet_names(game).values())
    counts = {
        lang: sum(n in set(sheet_names(lang, game).values()) - english for n in names)
        for lang in ("es", "zh")
    }
    best = max(counts, key=lambda lang: counts[lang])
    return best if counts[best] > 0 and list(counts.values()).count(counts[best]) == 1 else ENGLISH


def computed_event(standings: Standings, fallback: str) -> EventSheets:
    """The event of standings just computed: the sheets as the workbook would hold them, its heading."""
    sheets = english_sheets({s.name: s.frame for s in standings.sheets}, standings.game.name)
    heading = standings.heading
    return EventSheets(
        standings.game.name,
        PageHeading(heading.title or fallback, heading.details, heading.status),
        sheets,
        standings.language,
    )


def read_event(book: Workbook) -> EventSheets:
    """The event of a standings workbook read back: each sheet under its written headers, cells as text."""
    game = standings_game({normalized_header(n) for n in book.listed})
    # a workbook written in Spanish or Chinese is read in English, and published in its language
    sheets = english_sheets(
        {s.name: s.frame.rename(columns=s.headers) for s in book.sheets.values()}, game.name
    )
    language = book_language([s.name for s in book.sheets.values()], game.name)
    event = EventSheets(game.name, PageHeading(Path(book.path).stem), sheets, language)
    return EventSheets(event.game, rules_heading(event.rules, Path(book.path).stem), sheets, language)


def is_standings_book(book: Workbook) -> bool:
    """True for a standings workbook (Standings and Rules sheets), False for a results workbook to score."""
    names = {sheet_key_of(n) for n in book.listed}  # in any language: Clasificación is Standings
    return {sheet_key(StandingsSheet), sheet_key(RulesSheet)} <= names
