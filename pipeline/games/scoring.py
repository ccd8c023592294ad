"""One workbook scored: the sheets as read -> the game's validated event (Law 79C corrections applied) ->
its standings sheets -> the standings workbook. Used by the library API, `tally <game> standings`, `demo`
and each task of `batch`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pandas as pd

from pipeline.games.checks import with_aliases
from pipeline.games.game import Game
from pipeline.games.heading import Heading, event_heading, with_status_rows
from pipeline.games.members import (
    filled_note,
    registered_members,
    typed_members,
    with_members,
    written_people,
)
from pipeline.games.recognise import with_other_game
from pipeline.games.registry import GAMES, game_of
from pipeline.games.run import Checked, checked_event, standings_sheets
from pipeline.games.settings import LANGUAGE, SettingSpec, given_value
from pipeline.i18n import _, speaking
from pipeline.language import ENGLISH, checked_language, sheet_in, workbook_language
from pipeline.problems import InputError, Problem
from pipeline.sheets import OutputSheet, Sheet, sheet_key_of
from pipeline.workbook import Workbook, write_workbook
from schemas.common import sheet_name_of, titles_of
from schemas.domino import MatchesSheet
from schemas.ranking import StandingsSheet as S
from schemas.shared import MembersSheet, RulesSheet, SettingsSheet


@dataclass
class Standings:
    """A scored event: its game, the sheets of its standings workbook, their title, the warnings, and the
    heading printed above its tables (title, date and venue, Final or Provisional)."""

    game: Game
    sheets: list[OutputSheet]
    title: str
    warnings: list[Problem]
    heading: Heading
    language: str = ENGLISH  # the language its sheet names and headers are written in (en, es, zh)
    event: Any = None  # the event scored (after Law 79C corrections): what PBN and USEBIO exports write
    english: list[OutputSheet] = field(default_factory=list)  # the sheets as computed, English headers
    source: Workbook | None = None  # the workbook read


RANK, ROUND, FIELD = titles_of(S)[S.rank], titles_of(MatchesSheet)[MatchesSheet.round], titles_of(S)[S.field]


def printed(sheet: OutputSheet, heading: Heading) -> OutputSheet:
    """A standings sheet as printed: the heading above it, its rank column centred (shared within a round
    and within a field where it has them), the event in its footer."""
    rank = RANK if RANK in sheet.frame.columns else None
    by = tuple(c for c in (ROUND, FIELD) if rank and c in sheet.frame.columns)
    return replace(sheet, heading=tuple(heading.lines), rank=rank, rank_by=by, footer=heading.title)


def recognised_event(sheets: dict[str, Sheet], game: Game) -> Checked:
    """`checked_event`, its missing sheets and columns replaced by one W140 when the workbook is another
    game's."""
    try:
        return checked_event(sheets, game)
    except InputError as exc:
        raise InputError(
            with_other_game(exc.problems, sheets, game, GAMES.values()), source=exc.source
        ) from None


def standings_of(
    book: Workbook,
    game: Game | None = None,
    now: dt.datetime | None = None,
    lang: str | None = None,
    register: pd.DataFrame | None = None,
) -> Standings:
    """The standings of a workbook as read (its game from its sheets unless given), their status as of `now`
    (default: the clock), in `lang` (en, es, zh; by default the Language setting, else the workbook's own
    language), their Members filled from the federation's `register` when one is given
    (`registered_members`); InputError, naming the file, with every problem when it cannot be scored."""
    lang = checked_language(lang)
    game = game or game_of(book.sheets)
    language = language_of(book.sheets, game, lang)
    with speaking(language, game.name):
        return spoken_standings(book, game, now, language, register)


def given_setting(sheets: dict[str, Sheet], spec: SettingSpec) -> object | None:
    """One setting as typed on a workbook's Settings sheet, read by its spec (None when not given or not
    read); nothing is reported (the event's loading checks the whole sheet)."""
    wanted = sheet_key_of(sheet_name_of(SettingsSheet))
    sheet = next((s for key, s in sheets.items() if sheet_key_of(key) == wanted), None)
    return None if sheet is None else given_value(with_aliases(sheet, SettingsSheet)[0], spec)


def setting_language(sheets: dict[str, Sheet]) -> str | None:
    """The Language setting as typed on a workbook's Settings sheet (None when not given or not read)."""
    given = given_setting(sheets, LANGUAGE)
    return str(given) if given else None


def language_of(sheets: dict[str, Sheet], game: Game, lang: str | None) -> str:
    """The language an event's standings and messages are written in: `lang` (`--lang`) when given, else the
    Language setting, else the workbook's own (docs/languages.md)."""
    return lang or setting_language(sheets) or workbook_language(sheets, game.input_sheet)


def spoken_standings(
    book: Workbook, game: Game, now: dt.datetime | None, language: str, register: pd.DataFrame | None = None
) -> Standings:
    """`standings_of` in the language being spoken (`language`, for the sheet names and headers)."""
    try:
        checked = recognised_event(book.sheets, game)
    except InputError as exc:
        exc.source = exc.source or str(book.path)
        raise
    if book.deals is not None and hasattr(checked.event, "deals"):  # hand records: a bridge event's only
        for event in (checked.event, checked.original):  # before and after Law 79C corrections alike
            if event is not None:
                event.deals = book.deals.frame
        checked.event.warnings = [*checked.event.warnings, *book.deals.problems]
    settings = checked.event.settings
    heading = event_heading(
        settings, Path(book.path).stem, game.progress(checked.event), now or dt.datetime.now()
    )
    members = typed_members(book.sheets, game.sheets)
    if register is not None:
        typed = pd.concat([members, written_people(book.sheets, game.sheets)], ignore_index=True)
        filled = registered_members(members, written_people(book.sheets, game.sheets), register)
        checked.event.warnings = [
            *checked.event.warnings,
            *filled_note(typed, filled, sheet_name_of(MembersSheet)),
        ]
        members = filled
    sheets = with_members(standings_sheets(checked, game), members)
    rules = sheet_name_of(RulesSheet)
    sheets = [
        printed(
            replace(s, frame=with_status_rows(s.frame, settings, heading)) if s.name == rules else s, heading
        )
        for s in sheets
    ]
    english = sheets
    sheets = [sheet_in(s, language, game.name) for s in sheets]
    title = _("{title} standings", title=heading.title)
    return Standings(
        game, sheets, title, checked.event.warnings, heading, language, checked.event, english, book
    )


def written(standings: Standings, target: Path) -> Path:
    """The standings workbook written (atomically) to a checked target."""
    return write_workbook(target, standings.sheets, title=standings.title)
