"""The workbook a bridge teams organizer fills in: a round robin of matches and an empty Results sheet, pure."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from pipeline.games.bridge.methods import scoring_setting, scoring_word
from pipeline.games.bridge.methods.teams import METHOD as TEAMS_METHOD
from pipeline.games.bridge.settings import EVENT
from pipeline.games.bridge.words import room_names
from pipeline.games.schedule import circle_byes, circle_pairings, printed_cards
from pipeline.games.settings import EVENT_SETTINGS
from pipeline.i18n import ENGLISH, _each, spoken_language
from pipeline.sheets import OutputSheet, Validation, entry_validation
from schemas.bridge import Competitor as CO
from schemas.bridge import MatchCard as MC
from schemas.bridge import ResultsSheet as R
from schemas.bridge import TeamBye as TB
from schemas.bridge import TeamMatch as TM
from schemas.bridge import TeamMatchesSheet as M
from schemas.bridge import TeamsSheet as TT
from schemas.common import Column, columns_of, sheet_name_of, titles_of
from schemas.shared import SettingsSheet as S

RESULT_ROWS = 2000  # rows of Results the validation rules cover
RESULT_COLUMNS = [
    R.match,
    R.room,
    R.board,
    R.contract,
    R.declarer,
    R.tricks,
    R.score,
]  # a teams Results sheet


def sheet_checks(model: type, columns: list[str]) -> tuple[Validation, ...]:
    """Excel's checks of a sheet's columns as their model declares them, in the sheet's order of columns; a
    list of words (the Room's Open, Closed) in the language spoken, as the column declares its words."""
    declared = {c.name: spoken_choices(c) for c in columns_of(model)}
    found = (entry_validation(declared[c]) for c in columns)
    return tuple(v for v in found if v is not None)


def spoken_choices(column: Column) -> Column:
    """A column whose Excel list of choices names words it declares in other languages, with each choice as
    the language spoken writes it (`Abierta` for Open); any other column as it is."""
    lang = spoken_language()
    entry = column.entry
    if entry is None or not entry.choices or not column.words or lang == ENGLISH:
        return column
    words = {word.lower(): named.get(lang, ()) for word, named in column.words.items()}
    choices = tuple((words.get(c.lower()) or (c,))[0] for c in entry.choices)
    return replace(column, entry=replace(entry, choices=choices))


def card_lines(*lines: np.ndarray) -> np.ndarray:
    """The lines of every match's card, one match after another: the first line of each match's card is
    `lines[0]`, the second `lines[1]`, and so on."""
    return np.stack(lines, axis=1).ravel()


def match_cards(matches: pd.DataFrame, names: pd.Series) -> pd.DataFrame:
    """One block per match for printing: the match, who sits NS and EW in each room (home is NS in Open)."""
    n = len(matches)
    home, away = matches[TM.home].to_numpy(dtype=object), matches[TM.away].to_numpy(dtype=object)
    title = _each("Round {round}, Match {match}", round=matches[TM.round], match=matches[TM.match])
    blank, nobody = np.full(n, "", dtype=object), np.full(n, None, dtype=object)
    open_room, closed_room = (np.full(n, room, dtype=object) for room in room_names())
    cards = pd.DataFrame(
        {
            MC.card: card_lines(title.to_numpy(dtype=object), blank, blank, blank),
            MC.room: card_lines(blank, open_room, closed_room, blank),
            MC.ns: card_lines(nobody, home, away, nobody),
            MC.ew: card_lines(nobody, away, home, nobody),
        }
    )
    cards[MC.ns_names] = cards[MC.ns].map(names)
    cards[MC.ew_names] = cards[MC.ew].map(names)
    titles = titles_of(MC)
    shown = cards[list(titles)].rename(columns=titles)
    return shown.astype("object").where(shown.notna() & (shown != ""), None)


def teams_schedule_sheets(teams: pd.DataFrame, rounds: int | None, event: str) -> list[OutputSheet]:
    """Teams, Settings (teams scoring), Matches (home sits NS in the Open room), an empty Results, Byes."""
    # the round robin as circle_pairings and circle_byes give it, column by column: (round, table, home, away)
    # and (round, entrant), the teams given as their places in `teams`
    meeting_round, table, home, away = circle_pairings(len(teams)).to_numpy().T
    bye_round, bye = circle_byes(len(teams)).to_numpy().T
    if rounds is not None:
        kept, bye_kept = meeting_round <= rounds, bye_round <= rounds
        meeting_round, table, home, away = meeting_round[kept], table[kept], home[kept], away[kept]
        bye_round, bye = bye_round[bye_kept], bye[bye_kept]
    ids = teams[CO.id].to_numpy()
    match_ids = "R" + pd.Series(meeting_round).astype("str") + "T" + pd.Series(table).astype("str")
    mt, rt, tt, st = titles_of(M), titles_of(R), titles_of(TT), titles_of(S)
    matches = pd.DataFrame(
        {mt[M.match]: match_ids, mt[M.round]: meeting_round, mt[M.home]: ids[home], mt[M.away]: ids[away]}
    )
    results = pd.DataFrame({rt[c]: pd.Series(dtype=object) for c in RESULT_COLUMNS})
    names = teams.set_index(CO.id)[CO.names]
    plan = pd.DataFrame(
        {TM.round: meeting_round, TM.match: match_ids.to_numpy(), TM.home: ids[home], TM.away: ids[away]}
    )
    sheets = [
        OutputSheet(sheet_name_of(M), matches, protect=True),
        OutputSheet(
            sheet_name_of(R), results, validations=sheet_checks(R, RESULT_COLUMNS), blank_rows=RESULT_ROWS
        ),
        OutputSheet(
            sheet_name_of(TT), pd.DataFrame({tt[TT.team]: teams[CO.id], tt[TT.names]: teams[CO.names]})
        ),
        OutputSheet(
            sheet_name_of(S),
            pd.DataFrame(
                {
                    st[S.key]: [EVENT_SETTINGS[EVENT].written_name, scoring_setting().written_name],
                    st[S.value]: [event, scoring_word(TEAMS_METHOD.name)],
                }
            ),
        ),
    ]
    if len(bye_round):
        by = titles_of(TB)
        sheets.append(
            OutputSheet(sheet_name_of(TB), pd.DataFrame({by[TB.round]: bye_round, by[TB.team]: ids[bye]}))
        )
    return [*sheets, match_cards_sheet(sheet_name_of(MC), plan, names)]


def match_cards_sheet(name: str, plan: pd.DataFrame, names: pd.Series) -> OutputSheet:
    """The printed table cards of the matches planned (TeamMatch columns), a card a page, the names in full."""
    return printed_cards(OutputSheet(name, match_cards(plan, names)))
