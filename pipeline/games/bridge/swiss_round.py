"""The next round of a Swiss teams event written into the event's workbook (docs/swiss.md): the workbook's
sheets as typed, with the next round's matches (and bye) added and its table cards.

The state of the event is read from the workbook: the teams (Teams), the matches of the rounds played so far
(Matches, with their Round), their results (Results: every match must have its boards before the next round
is drawn) and the byes (Byes). The order the next round is drawn from is the order of the teams' Standings
sheet for those results, as `tally bridge standings` writes it (VPs, or IMPs without a VP scale; ties in the
order of the team ids); before the first round it is the order of the Teams sheet. The pairing itself is
`swiss.next_round`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.games.bridge.methods import method_of, scoring_setting, scoring_word
from pipeline.games.bridge.methods.teams import METHOD as TEAMS_METHOD
from pipeline.games.bridge.methods.teams import teams_tables
from pipeline.games.bridge.schedule import RESULT_COLUMNS, RESULT_ROWS, match_cards_sheet, sheet_checks
from pipeline.games.bridge.settings import (
    EVENT,
    MOVEMENT,
    MOVEMENT_SETTING,
    SCORING,
    SWISS_WORD,
    setting_specs,
)
from pipeline.games.bridge.swiss import SwissRound, next_round
from pipeline.games.checks import as_problem_list, present_columns
from pipeline.games.registry import game_named
from pipeline.games.run import checked_event
from pipeline.games.settings import EVENT_SETTINGS, key_value_settings
from pipeline.i18n import _, spoken_language
from pipeline.language import sheet_in
from pipeline.parsing import as_ids, as_words
from pipeline.problems import InputError, Problem, kind
from pipeline.sheets import (
    OutputSheet,
    Sheet,
    accepted_headers,
    normalized_header,
    sheet_key,
    without_blank_rows,
)
from schemas.bridge import Competitor as CO
from schemas.bridge import MatchCard as MC
from schemas.bridge import MatchResult as MR
from schemas.bridge import ResultsSheet as R
from schemas.bridge import TeamBye as TB
from schemas.bridge import TeamMatch as TM
from schemas.bridge import TeamMatchesSheet as M
from schemas.bridge import TeamsSheet as TT
from schemas.bridge import TeamStanding as ST
from schemas.common import sheet_name_of, titles_of
from schemas.shared import SettingsSheet as S

UNPLAYED = kind(
    "B150",
    "a match of the rounds played has no result, so the next Swiss round cannot be drawn",
    example="Matches, row 4, column 'Match' [R1T3]: this match has no board scored in both rooms; the next "
    "Swiss round is drawn from the standings of complete rounds: type its results first",
)
NO_PAIRING = kind(
    "B151",
    "the next Swiss round has no pairing without a rematch",
    example="Matches: no pairing of round 4 lets every team meet a team it has not met (...); tally makes "
    "no rematch: end the Swiss here, or draw this round by hand",
)
NOT_TEAMS = kind(
    "B152",
    "a Swiss round asked of an event that is not scored as teams",
    example="Settings: a Swiss is a teams event: its Scoring must be Teams (found MP)",
)
NO_ROUND = kind(
    "B153",
    "a match of a Swiss event without its Round",
    example="Matches, row 3, column 'Round' [M1]: a Swiss match needs its round (1, 2, ...): the next round "
    "follows the highest",
)
SHEET_ORDER = [
    M,
    R,
    TT,
    S,
    TB,
    MC,
]  # the sheets of a teams schedule, in the order the round robin writes them


def column_at(frame: pd.DataFrame, model: type, name: str) -> int | None:
    """The position in a typed table (headers as written) of a model's column, under its title or an
    alias; None when the table lacks it."""
    accepted = {normalized_header(h) for h in accepted_headers(model, name)}
    found = [i for i, h in enumerate(frame.columns) if normalized_header(h) in accepted]
    return found[0] if found else None


def with_rows(frame: pd.DataFrame | None, model: type, rows: Mapping[str, Sequence[object]]) -> pd.DataFrame:
    """A typed table with rows added below its own, each of the model's columns `rows` gives written under
    the table's header for it (a column it lacks is added at the end, under the model's title); without a
    table, a new one of those columns."""
    titles = titles_of(model)
    base = pd.DataFrame(columns=[titles[c] for c in rows], dtype=object) if frame is None else frame
    count = len(next(iter(rows.values()), []))
    added = pd.DataFrame(np.full((count, base.shape[1]), None, dtype=object), dtype=object)
    added.columns = base.columns
    for name, values in rows.items():  # the model's few columns
        at = column_at(base, model, name)
        if at is None:
            base = base.assign(**{titles[name]: None})
            added = added.assign(**{titles[name]: None})
            at = base.shape[1] - 1
        added.iloc[:, at] = np.array(list(values), dtype=object)
    return pd.concat([base.astype(object), added], ignore_index=True)


def typed_ids(sheet: Sheet, typed: pd.DataFrame, model: type, name: str) -> dict[str, object]:
    """Each id of a sheet's id column (as tally reads it) -> the cell as typed (so that a team typed as the
    number 7 is written as the number 7 again)."""
    at = column_at(typed, model, name)
    read = present_columns(sheet, model).frame
    if at is None or name not in read:
        return {}
    ids = as_ids(read[name]).to_numpy(dtype=object)
    cells = typed.iloc[: len(ids), at].to_numpy(dtype=object)
    return {i: c for i, c in zip(ids, cells, strict=False) if isinstance(i, str)}


def given_settings(sheets: Mapping[str, Sheet]) -> tuple[dict[str, object], set[str]]:
    """The settings the Settings sheet gives (by key) and the keys it names (given a value or not);
    InputError on a bad one."""
    sheet = sheets.get(sheet_key(S))
    values, problems = key_value_settings(sheet, setting_specs())
    found = as_problem_list([problems])
    if any(p.severity == "error" for p in found):
        raise InputError(found)
    named = set() if sheet is None or S.key not in sheet.frame else set(as_words(sheet.frame[S.key]).dropna())
    return values, named


def stop_unless_teams(values: Mapping[str, object], first: bool) -> None:
    """InputError unless the Settings score the event as teams (before the first round, no Scoring yet is
    fine: the Settings gain it)."""
    scoring = values.get(SCORING)
    if scoring is None and first:
        return
    if scoring is None or not method_of(scoring).teams:
        given = _("none") if scoring is None else str(scoring)
        problem = _(
            "a Swiss is a teams event: its {setting} must be {teams} (found {given})",
            setting=scoring_setting().written_name,
            teams=scoring_word(TEAMS_METHOD.name),
            given=given,
        )
        raise InputError([Problem.of(NOT_TEAMS, sheet_name_of(S), None, None, None, problem)])


def played_state(sheets: dict[str, Sheet]) -> tuple[list[str], pd.DataFrame, int]:
    """After some rounds: the teams in the standings' order, the matches (TeamMatch), and the next round's
    number; InputError for a workbook that cannot be scored, a match without its Round or its results."""
    event = checked_event(sheets, game_named("bridge")).event
    matches = event.matches
    matches_sheet = sheets[sheet_key(M)]
    problems = [
        Problem.of(
            NO_ROUND,
            matches_sheet.name,
            int(row),
            matches_sheet.written(M.round),
            str(match),
            _("a Swiss match needs its round (1, 2, ...): the next round follows the highest"),
        )
        for row, match in matches.loc[matches[TM.round].isna(), TM.match].items()  # the few culprits
    ]
    scored = teams_tables(event)
    assert scored.matches is not None  # a teams event's tables have their matches
    boards = scored.matches.set_index(MR.match)[MR.boards]
    unplayed = matches[matches[TM.match].map(boards).fillna(0).to_numpy() == 0]
    problems += [
        Problem.of(
            UNPLAYED,
            matches_sheet.name,
            int(row),
            matches_sheet.written(M.match),
            str(match),
            _(
                "this match has no board scored in both rooms; the next Swiss round is drawn from the standings "
                "of complete rounds: type its results first"
            ),
        )
        for row, match in unplayed[TM.match].items()  # the few culprits
    ]
    if problems:
        raise InputError(problems)
    order = scored.standings[ST.team].tolist()
    return order, matches, int(matches[TM.round].max()) + 1


def byes_had(sheets: Mapping[str, Sheet]) -> list[str]:
    """The teams the Byes sheet lists (once per bye)."""
    sheet = sheets.get(sheet_key(TB))
    if sheet is None or TB.team not in sheet.frame:
        return []
    return as_ids(sheet.frame[TB.team]).dropna().tolist()


@dataclass
class SwissWritten:
    """The event's sheets with a Swiss round added: the round's number, its pairing and the event's name."""

    sheets: list[OutputSheet]
    round: int
    drawn: SwissRound
    title: str


def swiss_round_sheets(
    sheets: dict[str, Sheet], typed: dict[str, pd.DataFrame], teams: pd.DataFrame, event: str
) -> SwissWritten:
    """The event's sheets with the next Swiss round added: `sheets` as read, `typed` the same tables with
    their values as typed, `teams` the validated Teams sheet (id, names), `event` the name for Settings that
    give none. InputError when the round cannot be drawn."""
    values, named = given_settings(sheets)
    matches_sheet = sheets.get(sheet_key(M))
    first = matches_sheet is None or without_blank_rows(matches_sheet.frame).empty
    stop_unless_teams(values, first)
    if first:
        order, matches, number = teams[CO.id].tolist(), pd.DataFrame(columns=list(titles_of(TM))), 1
    else:
        order, matches, number = played_state(sheets)
    met = list(zip(matches[TM.home], matches[TM.away], strict=True))
    homes = {str(t): int(n) for t, n in matches[TM.home].value_counts().items()}
    drawn = next_round(order, met, byes_had(sheets), homes)
    if drawn is None:
        problem = _(
            "no pairing of round {round} lets every team meet a team it has not met ({teams} teams, {matches} "
            "matches played); tally makes no rematch: end the Swiss here, or draw this round by hand",
            round=number,
            teams=len(order),
            matches=len(met),
        )
        raise InputError([Problem.of(NO_PAIRING, sheet_name_of(M), None, None, None, problem)])
    written = written_sheets(sheets, typed, teams, drawn, number, named, event)
    return SwissWritten(written, number, drawn, str(values.get(EVENT) or event))


def written_sheets(
    sheets: dict[str, Sheet],
    typed: dict[str, pd.DataFrame],
    teams: pd.DataFrame,
    drawn: SwissRound,
    number: int,
    named: set[str],
    event: str,
) -> list[OutputSheet]:
    """Every sheet of the event as typed, Matches and Byes with the round's rows added, Settings saying it is
    a Swiss, Results (empty and checked when there is none yet), and the round's Table Cards."""
    as_typed = typed_ids(sheets[sheet_key(TT)], typed[sheet_key(TT)], TT, TT.team)
    cell = np.vectorize(lambda team: as_typed.get(team, team), otypes=[object])
    tables = np.arange(1, len(drawn.tables) + 1)
    home = np.array([h for h, _ in drawn.tables], dtype=object)
    away = np.array([a for _, a in drawn.tables], dtype=object)
    match_ids = [f"R{number}T{t}" for t in tables]
    rounds = [number] * len(tables)
    out: dict[str, OutputSheet] = {}
    for key, frame in typed.items():  # the workbook's sheets, as typed
        out[key] = OutputSheet(sheets[key].name, frame)
    matches = with_rows(
        typed.get(sheet_key(M)),
        M,
        {M.match: match_ids, M.round: rounds, M.home: list(cell(home)), M.away: list(cell(away))},
    )
    out[sheet_key(M)] = OutputSheet(_name(sheets, M), matches, protect=True)
    results = typed.get(sheet_key(R))
    if results is None:
        titles = titles_of(R)
        results = pd.DataFrame({titles[c]: pd.Series(dtype=object) for c in RESULT_COLUMNS})
    checks = tuple(v for v in sheet_checks(R, RESULT_COLUMNS) if v.column in set(results.columns))
    out[sheet_key(R)] = OutputSheet(_name(sheets, R), results, validations=checks, blank_rows=RESULT_ROWS)
    if drawn.bye is not None:
        bye: dict[str, Sequence[object]] = {TB.round: [number], TB.team: [as_typed.get(drawn.bye, drawn.bye)]}
        out[sheet_key(TB)] = OutputSheet(_name(sheets, TB), with_rows(typed.get(sheet_key(TB)), TB, bye))
    out[sheet_key(S)] = OutputSheet(_name(sheets, S), swiss_settings(typed.get(sheet_key(S)), named, event))
    plan = pd.DataFrame({TM.round: rounds, TM.match: match_ids, TM.home: home, TM.away: away})
    names = teams.set_index(CO.id)[CO.names]
    out[sheet_key(MC)] = match_cards_sheet(_name(sheets, MC), plan, names)
    made = {
        k: sheet_in(s, spoken_language(), "bridge")
        for k, s in out.items()
        if k not in typed or k == sheet_key(MC)
    }
    out = {**out, **made}  # what tally adds in the language spoken; the sheets as typed as they are
    known = [sheet_key(m) for m in SHEET_ORDER]
    return [out[k] for k in known if k in out] + [s for k, s in out.items() if k not in known]


def _name(sheets: Mapping[str, Sheet], model: type) -> str:
    """The sheet's name as the workbook writes it, else as the model names it."""
    found = sheets.get(sheet_key(model))
    return sheet_name_of(model) if found is None else found.name


def swiss_settings(frame: pd.DataFrame | None, named: set[str], event: str) -> pd.DataFrame:
    """The Settings as typed, with the rows of the keys it does not name (`named`): Movement Swiss, and
    (before the first round) Scoring Teams and the event's name."""
    rows: dict[str, list[object]] = {S.key: [], S.value: []}
    wanted = [
        (EVENT, EVENT_SETTINGS[EVENT].written_name, event),
        (SCORING, scoring_setting().written_name, scoring_word(TEAMS_METHOD.name)),
        (MOVEMENT, MOVEMENT_SETTING.written_name, SWISS_WORD),
    ]
    for key, title, value in wanted:  # three settings
        if key not in named and (key != EVENT or event):
            rows[S.key].append(title)
            rows[S.value].append(value)
    return with_rows(frame, S, rows) if rows[S.key] else (frame if frame is not None else pd.DataFrame())
