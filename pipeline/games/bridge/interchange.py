"""What a PBN or USEBIO results file means for scoring: the Settings, Pairs and Results sheets of a bridge results
workbook, as the same `Sheet` text tables the xlsx reader returns, so the bridge loader and every check run
unchanged. The files are read (syntax only) by pipeline/workbook/pbn.py and usebio.py; here their words become
the words a director types (an artificial `A60` in `Adjusted` as `NS 60%`, a vulnerability `Both` as `All`).
Each result is one Results row indexed by its line in the file, its columns named as the file names them, so
every problem the loader finds reads `event.pbn, row <line>, column 'ScoreTable Contract'`. Decisions and the
format references: docs/interchange.md."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from pipeline.games.bridge.deals import (
    DEAL_TAG,
    DEALER_TAG,
    SEATS,
    SECTION_TAG,
    UNKNOWN_HAND,
    Deals,
    checked_deals,
    deals_of,
)
from pipeline.games.bridge.methods import (
    butler,
    cross_imps,
    matchpoints,
    scoring_setting,
    teams,
    total_points,
)
from pipeline.games.bridge.settings import CLUB_NUMBER_SETTING, MOVEMENT_SETTING, SWISS_WORD
from pipeline.games.members import SLOT, member_slots
from pipeline.games.settings import EVENT_DATE, EVENT_NAME, VENUE, SettingSpec, setting_keys, written_value
from pipeline.i18n import _
from pipeline.problems import ROW, InputError, Problem, kind
from pipeline.sheets import OutputSheet, Sheet, sheet_key
from pipeline.workbook.interchange import PBN_SUFFIX
from pipeline.workbook.pbn import Game, Table, read_pbn
from pipeline.workbook.reader import Workbook
from pipeline.workbook.usebio import Element, read_usebio
from schemas.bridge import EAST_WEST as EW
from schemas.bridge import NORTH_SOUTH as NS
from schemas.bridge import DealRecord as DR
from schemas.bridge import PairsSheet, TeamsSheet
from schemas.bridge import PairsSheet as P
from schemas.bridge import ResultsSheet as R
from schemas.bridge import TeamMatchesSheet as M
from schemas.common import sheet_name_of, titles_of
from schemas.shared import SettingsSheet, member_field

TEXT = pd.StringDtype(na_value=np.nan)
SHORT_ROW = kind(
    "B213",
    "a PBN table row with fewer values than its table's columns",
    example="event.pbn, row 40, column 'ScoreTable' [1 2 4S]: this row has 3 values for the 11 columns the ScoreTable names (PairId_NS, PairId_EW, Contract, ...)",
)
NO_RESULTS = kind(
    "B214",
    "a PBN or USEBIO file without results (no ScoreTable, no TRAVELLER_LINE: a file of deals only)",
    example="event.pbn: no board of this file has a ScoreTable, so it holds no results to score (a file of deals only?)",
)
UNREAD_EVENT = kind(
    "B215",
    "a PBN or USEBIO event of a form tally does not read yet (teams, individuals, an unknown scoring method)",
    example="event.pbn, row 3, column '[Scoring]' [BAM]: tally reads PBN events scored MP, IMP (cross-IMPs), Butler or total points; this one is scored BAM",
)
MP, CROSS_IMP, BUTLER, TP = (m.METHOD.name for m in (matchpoints, cross_imps, butler, total_points))
MP_SCALE = matchpoints.METHOD.settings["mp_scale"].title
TEAMS = teams.METHOD.name
SCORING = scoring_setting().title

# PBN's own words: tag names, table names and table columns (PBN 2.1, sections 3.4, 4 and 5).
EVENT_TAG, DATE_TAG, EVENT_DATE_TAG, SITE_TAG = "Event", "Date", "EventDate", "Site"
BOARD_TAG, VULNERABLE_TAG, SCORING_TAG, COMPETITION_TAG = "Board", "Vulnerable", "Scoring", "Competition"
MOVEMENT_TAG = "Movement"  # not in PBN 2.1: read when a program writes it
ROOM_TAG, HOME_TAG, VISIT_TAG, ROUND_TAG = "Room", "HomeTeam", "VisitTeam", "Round"
CONTRACT_TAG, DECLARER_TAG, RESULT_TAG, SCORE_TAG = "Contract", "Declarer", "Result", "Score"
SCORE_TABLE, TOTAL_TABLE = "ScoreTable", "TotalScoreTable"
OPTIMUM_SCORE_TAG, OPTIMUM_TABLE, DENOMINATION_COL = "OptimumScore", "OptimumResultTable", "Denomination"
SECTION_COL, TABLE_COL, ROUND_COL = "Section", "Table", "Round"
SESSION_COL = "Session"  # not a PBN column: a USEBIO SESSION_ID, when a file has several
NS_COL, EW_COL, PAIR_COL = "PairId_NS", "PairId_EW", "PairId"
CONTRACT_COL, DECLARER_COL, RESULT_COL = "Contract", "Declarer", "Result"
SCORE_NS_COL, SCORE_EW_COL, SCORE_COL = "Score_NS", "Score_EW", "Score"
NAMES_COL, NAMES_NS_COL, NAMES_EW_COL, DIRECTION_COL = "Names", "Names_NS", "Names_EW", "Direction"
NONE_VALUE = "-"
PBN_DATE = r"(?P<y>[0-9]{4})\.(?P<m>[0-9]{2})\.(?P<d>[0-9]{2})"


@dataclass
class Built:
    """What a reader found in a file: the settings (line, key, value), the pairs and the results (text frames
    of the models' columns indexed by line), the headers as the file names them, and the problems."""

    settings: list[tuple[int, str, str]] = field(default_factory=list)
    pairs: pd.DataFrame = field(default_factory=pd.DataFrame)
    results: pd.DataFrame = field(default_factory=pd.DataFrame)
    teams: pd.DataFrame = field(default_factory=pd.DataFrame)  # a teams event: Teams and Matches
    matches: pd.DataFrame = field(default_factory=pd.DataFrame)
    pair_headers: dict[str, str] = field(default_factory=dict)
    result_headers: dict[str, str] = field(default_factory=dict)
    setting_header: str = ""
    problems: list[Problem] = field(default_factory=list)


def text_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A frame as a sheet's text: blank cells NA, the columns no row fills dropped, indexed by line (`row`)."""
    frame = frame.astype(TEXT).replace("", np.nan).dropna(axis=1, how="all")
    return frame.rename_axis(ROW)


def built_sheets(name: str, built: Built) -> dict[str, Sheet]:
    """The Settings, Pairs and Results sheets of what a reader found, keyed as the xlsx reader keys them, each
    named after the file (so a problem reads `event.pbn, row 57`: the row is the file's line)."""
    sheets: dict[str, Sheet] = {}
    if built.settings:
        lines, keys, values = zip(*built.settings, strict=True)
        frame = pd.DataFrame({SettingsSheet.key: keys, SettingsSheet.value: values}, index=list(lines))
        headers = {SettingsSheet.key: "setting", SettingsSheet.value: built.setting_header}
        sheets[sheet_key(SettingsSheet)] = Sheet(name, text_frame(frame), headers, 1)
    pairs = text_frame(built.pairs)
    if not pairs.empty:
        headers = {c: built.pair_headers.get(c, c) for c in pairs.columns}
        sheets[sheet_key(PairsSheet)] = Sheet(name, pairs, headers, 1)
    for model, frame in ((TeamsSheet, built.teams), (M, built.matches)):  # a teams event's own sheets
        if not frame.empty:
            headers = {c: built.result_headers.get(c, c) for c in frame.columns}
            sheets[sheet_key(model)] = Sheet(name, text_frame(frame), headers, 1)
    results = text_frame(built.results)
    if results.columns.empty:
        results = pd.DataFrame({R.board: pd.Series(dtype=TEXT)}).rename_axis(ROW)
    headers = {c: built.result_headers.get(c, c) for c in results.columns}
    sheets[sheet_key(R)] = Sheet(name, results, headers, 1)
    return sheets


# An artificial score as scoring programs write it: A60 (the side's percentage), A60/A40, AVE+, AVE-, AVE, A+,
# A-, A= (see docs/interchange.md).
PERCENT_SCORE = r"A(?P<pct>[0-9]{1,3})"
AVERAGE_SCORE = r"(?:AVE|AV|A)(?P<ave>[+=-]?)"
ONE_SIDE = rf"^(?:{PERCENT_SCORE}|{AVERAGE_SCORE})$"
BOTH_SIDES = r"^A(?P<north>[0-9]{1,3})/A?(?P<east>[0-9]{1,3})$"
NOT_PLAYED = r"^(?:NP|N/P|NOTPLAYED|NOPLAY)$"
AVERAGE_WORDS = {"+": "A+", "": "A", "=": "A", "-": "A-"}
OTHER_SIDE = {"A+": "A-", "A": "A", "A-": "A+"}


def compact(text: pd.Series) -> pd.Series:
    """Text upper-case without spaces, as the spellings below are matched."""
    return text.astype(TEXT).str.upper().str.replace(r"\s+", "", regex=True)


def side_cells(parts: pd.DataFrame, side: str) -> tuple[pd.Series, pd.Series]:
    """One side's artificial score as `NS 60%` (a percentage) and as A+, A or A- (an average)."""
    pct = parts["pct"].astype("object")
    percent = (side + " " + pct.astype(str) + "%").where(pct.notna())
    return percent, parts["ave"].map(AVERAGE_WORDS)


def adjusted_cells(ns: pd.Series, ew: pd.Series, both: pd.Series) -> pd.Series:
    """The Results `Adjusted` cell of each row from a file's artificial scores (NA where there is none): `ns`
    and `ew` the score written for each side (A60, AVE+), `both` a cell for the board (a contract cell holding
    A60/A40, NP, or one side's A60 meaning north-south's). A percentage for one side only leaves the other its
    complement (`NS 60%`, read by the loader); an average for one side only gives the other the opposite
    average (A+ -> A+/A-), as a director's split of fault would."""
    board = compact(both)
    ns = ns.where(compact(ns).str.fullmatch(ONE_SIDE).fillna(False).astype(bool), both)
    ns_pct, ns_ave = side_cells(compact(ns).str.extract(ONE_SIDE), NS)
    ew_pct, ew_ave = side_cells(compact(ew).str.extract(ONE_SIDE), EW)
    percent = ns_pct.where(ew_pct.isna(), (ns_pct.fillna("") + " " + ew_pct).str.strip())
    average = ns_ave.fillna(ew_ave.map(OTHER_SIDE)) + "/" + ew_ave.fillna(ns_ave.map(OTHER_SIDE))
    split = board.str.extract(BOTH_SIDES).astype("object")
    both_pct = ("NS " + split["north"].astype(str) + "% EW " + split["east"].astype(str) + "%").where(
        split["north"].notna()
    )
    cells = both_pct.fillna(percent).fillna(average)
    not_played = board.str.fullmatch(NOT_PLAYED).fillna(False).astype(bool)
    return cells.where(~not_played, "NP").astype(TEXT)


def is_adjusted(text: pd.Series) -> pd.Series:
    """True where a cell holds an artificial score or a not-played mark (the spellings above)."""
    clean = compact(text)
    found = clean.str.fullmatch(ONE_SIDE) | clean.str.fullmatch(BOTH_SIDES) | clean.str.fullmatch(NOT_PLAYED)
    return found.fillna(False).astype(bool)


VULNERABLE = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    NS: NS,
    EW: EW,
    "ALL": "All",
    "BOTH": "All",
}


def vulnerability_words(text: pd.Series) -> pd.Series:
    """A file's vulnerability (None, Love, -, NS, EW, All, Both; N-S and E-W too) as the Results `Vul` words;
    anything else as written (the loader says what it expected)."""
    clean = compact(text).str.replace(r"[-/]", "", regex=True).replace("", "-")
    return clean.map(VULNERABLE).fillna(text).astype(TEXT)


def iso_date(text: str, pattern: str) -> str:
    """A date written by `pattern` (groups y, m, d) as 2026-11-30; '' when it does not match or is partly
    unknown (`????.??.??`, PBN's unknown digits)."""
    found = re.fullmatch(pattern, text.strip())
    if not found:
        return ""
    return f"{found['y']}-{int(found['m']):02d}-{int(found['d']):02d}"


SCORING_WORDS = {  # a PBN Scoring value's first word, upper-case without spaces, `_` or `-` -> the method
    MP: MP,
    "MATCHPOINTS": MP,
    "MATCHPOINT": MP,
    "IMP": CROSS_IMP,
    "IMPS": CROSS_IMP,
    "CROSSIMP": CROSS_IMP,
    "CROSSIMPS": CROSS_IMP,
    "BUTLER": BUTLER,
    "BUTLERIMPS": BUTLER,
    "TP": TP,
    "TOTALPOINTS": TP,
    "AGGREGATE": TP,
}
MP_SCALES = {"MP1": "2", "MP2": "1"}  # PBN 2.1: MP1 earns 2 a lower score and 1 a tie, MP2 1 and 0.5
MODIFIERS = {"BUTLER": BUTLER, "CROSS": CROSS_IMP}  # an IMP modifier's start (Butler-2, Cross1) -> the method


def settings_rows(games: list[Game], name: str) -> tuple[list[tuple[int, str, str]], list[Problem]]:
    """The Settings of the event from the first game stating each tag: Event, Date (EventDate first), Venue
    (Site), Scoring (and MP Scale from `MatchPoints;MP1`) and Movement; a method or competition tally does
    not read yet is B215."""
    first: dict[str, tuple[int, str]] = {}
    for game in games:  # the first game that states each tag
        for tag, (line, value) in game.tags.items():
            if value.strip() and tag not in first:
                first[tag] = (line, value.strip())
    rows: list[tuple[int, str, str]] = []
    problems: list[Problem] = []
    if EVENT_TAG in first:
        rows.append((first[EVENT_TAG][0], EVENT_NAME.title, first[EVENT_TAG][1]))
    dated = first.get(EVENT_DATE_TAG) or first.get(DATE_TAG)
    if dated and iso_date(dated[1], PBN_DATE):
        rows.append((dated[0], EVENT_DATE.title, iso_date(dated[1], PBN_DATE)))
    if SITE_TAG in first:
        rows.append((first[SITE_TAG][0], VENUE.title, first[SITE_TAG][1]))
    if MOVEMENT_TAG in first:
        rows.append((first[MOVEMENT_TAG][0], MOVEMENT_SETTING.title, first[MOVEMENT_TAG][1]))
    if SCORING_TAG in first:
        line, value = first[SCORING_TAG]
        parts = [re.sub(r"[\s_-]+", "", p).upper() for p in value.split(";")]
        method = SCORING_WORDS.get(parts[0])
        modified = [m for p in parts[1:] for word, m in MODIFIERS.items() if p.startswith(word)]
        method = modified[0] if modified and method == CROSS_IMP else method
        if method is None:
            problem = _(
                "tally reads PBN events scored MP (MatchPoints), IMP (read as cross-IMPs), Butler or total points "
                "(TP); this one is scored {value}",
                value=value,
            )
            problems.append(Problem.of(UNREAD_EVENT, name, line, f"[{SCORING_TAG}]", value, problem))
        else:
            rows.append((line, SCORING, method))
            scale = next((MP_SCALES[p] for p in parts[1:] if p in MP_SCALES), None)
            if scale and method == MP:
                rows.append((line, MP_SCALE, scale))
    if COMPETITION_TAG in first:
        line, value = first[COMPETITION_TAG]
        word = re.sub(r"\s+", "", value).upper()
        if word in TEAMS_WORDS:
            rows = [r for r in rows if r[1] not in (SCORING, MP_SCALE)] + [(line, SCORING, TEAMS)]
            problems = [p for p in problems if p.column != f"[{SCORING_TAG}]"]
        elif word not in ("PAIRS", "PAIR"):
            problem = _(
                "tally reads PBN pairs and teams events; this competition is {value} (docs/interchange.md)",
                value=value,
            )
            problems.append(Problem.of(UNREAD_EVENT, name, line, f"[{COMPETITION_TAG}]", value, problem))
    return rows, problems


TEAMS_WORDS = ("TEAMS", "TEAM")
SEAT_SIDES = {"N": NS, "S": NS, "E": EW, "W": EW}


def is_teams(games: list[Game]) -> bool:
    """True when the file is a teams event: its Competition says Teams."""
    stated = next((g.tags[COMPETITION_TAG][1] for g in games if g.tags.get(COMPETITION_TAG, (0, ""))[1]), "")
    return re.sub(r"\s+", "", stated).upper() in TEAMS_WORDS


def tag_frame(games: list[Game], tags: tuple[str, ...], at: str) -> pd.DataFrame:
    """Each game's values of these tags (blank when it has none), indexed by the line of its `at` tag; only
    the games that state `at`."""
    found = [g for g in games if g.tags.get(at, (0, ""))[1].strip()]
    values = {tag: [g.tags.get(tag, (0, ""))[1].strip() for g in found] for tag in tags}
    frame = pd.DataFrame(values, index=[g.tags[at][0] for g in found], dtype="object")
    return frame.astype(TEXT).replace({"": pd.NA})


def side_of_declarer(declarer: pd.Series) -> pd.Series:
    """NS or EW, the side of each declarer (`^S` too); NA when there is none."""
    return declarer.str.lstrip("^").str.upper().map(SEAT_SIDES).astype(TEXT)


def tricks_of(result: pd.Series, declarer: pd.Series) -> pd.Series:
    """Declarer's tricks from a Result tag (PBN 4: `9` declarer's; `NS 9`, `EW 4` a side's; a leading `^`
    marks an agreed number): a side's count is declarer's when declarer sits on that side, else 13 less it."""
    parts = result.str.lstrip("^").str.extract(r"^\s*(?:(?P<seat_side>NS|EW)\s*)?(?P<count>[0-9]+)\s*$")
    tricks = pd.to_numeric(parts["count"])
    theirs = parts["seat_side"].notna() & parts["seat_side"].ne(side_of_declarer(declarer)).fillna(True)
    read = tricks.where(~theirs, 13 - tricks).astype("Int64").astype(TEXT)
    return read.where(parts["count"].notna(), result)


def signed_scores(score: pd.Series, declarer: pd.Series) -> pd.Series:
    """North-south's score from a Score tag (`NS 100`, `EW 620`; a number alone is declarer's side's)."""
    parts = score.str.extract(r"^\s*(?:(?P<seat_side>NS|EW)\s*)?(?P<count>[+-]?[0-9]+)\s*$")
    side = parts["seat_side"].fillna(side_of_declarer(declarer))
    number = pd.to_numeric(parts["count"])
    return (
        number.where(side.ne(EW), -number).astype("Int64").astype(TEXT).where(parts["count"].notna(), score)
    )


def team_results(games: list[Game]) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """A teams event's Results (a row a game that states its Contract: Board, Match, Room, Contract, Declarer,
    Tricks, Score, Vul), its Matches (a match a pairing of HomeTeam and VisitTeam in a Round, numbered in the
    order met) and its Teams, each indexed by a line of the file (the Contract tag's)."""
    tags = (BOARD_TAG, ROOM_TAG, HOME_TAG, VISIT_TAG, ROUND_TAG, DECLARER_TAG, RESULT_TAG, SCORE_TAG)
    rows = tag_frame(games, (*tags, VULNERABLE_TAG, CONTRACT_TAG), CONTRACT_TAG)
    if rows.empty:
        return pd.DataFrame(), pd.DataFrame(), pd.DataFrame()
    pairing = rows[[ROUND_TAG, HOME_TAG, VISIT_TAG]].fillna("")
    codes, _ = pd.factorize(pairing[ROUND_TAG] + "\x00" + pairing[HOME_TAG] + "\x00" + pairing[VISIT_TAG])
    match = pd.Series(codes + 1, index=rows.index).astype(str).astype(TEXT)
    declarer = rows[DECLARER_TAG]
    results = pd.DataFrame(
        {
            R.board: rows[BOARD_TAG],
            R.match: match,
            R.room: rows[ROOM_TAG],
            R.contract: rows[CONTRACT_TAG],
            R.declarer: declarer.str.lstrip("^"),
            R.tricks: tricks_of(rows[RESULT_TAG], declarer),
            R.score: signed_scores(rows[SCORE_TAG], declarer),
            R.vul: vulnerability_words(rows[VULNERABLE_TAG]),
        },
        index=rows.index,
    ).astype(TEXT)
    numbered = rows[ROUND_TAG].str.fullmatch(r"[0-9]+").fillna(False).astype(bool)
    matches = pd.DataFrame(
        {
            M.match: match,
            M.round: rows[ROUND_TAG].where(numbered),
            M.home: rows[HOME_TAG],
            M.away: rows[VISIT_TAG],
        }
    )[~match.duplicated()]
    named = pd.concat([rows[HOME_TAG], rows[VISIT_TAG]]).dropna()
    entrants = pd.DataFrame({TeamsSheet.team: named[~named.duplicated()]})
    return results, matches.astype(TEXT), entrants.astype(TEXT)


def team_headers() -> dict[str, str]:
    """Each column of a teams event's sheets as the file names where it comes from: its tag."""
    tags = {R.board: BOARD_TAG, R.room: ROOM_TAG, R.contract: CONTRACT_TAG, R.declarer: DECLARER_TAG}
    tags |= {R.tricks: RESULT_TAG, R.score: SCORE_TAG, R.vul: VULNERABLE_TAG, R.match: HOME_TAG}
    tags |= {M.home: HOME_TAG, M.away: VISIT_TAG, M.round: ROUND_TAG, TeamsSheet.team: HOME_TAG}
    return {column: f"[{tag}]" for column, tag in tags.items()}


def table_frame(table: Table, name: str, table_tag: str) -> tuple[pd.DataFrame, list[Problem]]:
    """A table's rows as text by column name (`-` blank), indexed by line; a row short of values is B213. A
    row with more values than columns keeps its first ones (a program writing names unquoted: their
    columns come last and are dropped)."""
    problems = [
        Problem.of(
            SHORT_ROW,
            name,
            line,
            table_tag,
            " ".join(values)[:60],
            _(
                "this row has {count} values for the {columns} columns the {table} names ({names}, ...)",
                count=len(values),
                columns=len(table.columns),
                table=table_tag,
                names=", ".join(table.columns[:3]),
            ),
        )
        for line, values in table.rows
        if len(values) < len(table.columns)
    ]
    width = len(table.columns)
    fits = [(line, values[:width]) for line, values in table.rows if len(values) >= width]
    unquoted = any(len(values) > width for _, values in table.rows)
    frame = pd.DataFrame([values for _, values in fits], columns=table.columns, dtype="object")
    if unquoted:
        frame = frame.drop(columns=[c for c in frame.columns if c.startswith(NAMES_COL)])
    frame.index = pd.Index([line for line, _ in fits])
    return frame.astype(TEXT).replace(NONE_VALUE, pd.NA), problems


def score_rows(games: list[Game], name: str) -> tuple[pd.DataFrame, dict[str, str], list[Problem]]:
    """Every ScoreTable row of every board as a Results row (columns of the ResultsSheet model), with the
    headers the file names them by, and the rows' problems."""
    frames, problems = [], []
    for game in games:  # a game a board
        table = game.tables.get(SCORE_TABLE)
        if table is None:
            continue
        frame, found = table_frame(table, name, SCORE_TABLE)
        problems += found
        frame[BOARD_TAG] = game.tags.get(BOARD_TAG, (0, ""))[1] or pd.NA
        frame[VULNERABLE_TAG] = game.tags.get(VULNERABLE_TAG, (0, ""))[1] or pd.NA
        frames.append(frame)
    if not frames:
        return pd.DataFrame(), {}, problems
    rows = pd.concat(frames).astype(TEXT)
    return results_columns(rows), result_headers(), problems


def column_of(rows: pd.DataFrame, name: str) -> pd.Series:
    """A column of the rows by its PBN name (blank when the table has none)."""
    return rows[name] if name in rows else pd.Series(pd.NA, index=rows.index, dtype=TEXT)


def sectioned(ids: pd.Series, section: pd.Series) -> pd.Series:
    """Pair ids as the event knows them: with more than one section, a pair is its section and its number
    (`A1`, `B1`: numbers repeat from section to section); with one, its number as written."""
    if section.nunique() < 2:
        return ids
    return (section.fillna("") + ids).where(ids.notna())


def results_columns(rows: pd.DataFrame) -> pd.DataFrame:
    """ScoreTable rows as Results columns: Result as Tricks (a number) or Result (=, +1, -2); the NS score
    from Score_NS, else Score_EW negated, else Score (`NS 420`, `EW 100`); artificial scores and not-played
    marks (in Contract, Score_NS, Score_EW) as Adjusted."""
    contract = column_of(rows, CONTRACT_COL)
    ns_score, ew_score = column_of(rows, SCORE_NS_COL), column_of(rows, SCORE_EW_COL)
    score_side = column_of(rows, SCORE_COL).str.extract(r"^\s*(?P<seat_side>NS|EW)?\s*(?P<n>[+-]?[0-9]+)\s*$")
    adjusted = adjusted_cells(ns_score, ew_score, contract)
    artificial = adjusted.notna()
    ew_negated = ("-" + ew_score.str.lstrip("+")).str.replace("--", "", regex=False)
    score = ns_score.where(
        ~is_adjusted(ns_score) & ns_score.notna(), ew_negated.where(~is_adjusted(ew_score))
    )
    from_score = (
        score_side["n"].where(score_side["seat_side"].ne(EW), "-" + score_side["n"]).str.replace("--", "")
    )
    score = score.fillna(from_score.astype(TEXT))
    result = column_of(rows, RESULT_COL).str.lstrip("^")  # ^9: players agreed a number of tricks not won
    relative = result.str.fullmatch(r"[=+-][0-9]*").fillna(False).astype(bool)
    out = {
        R.board: column_of(rows, BOARD_TAG),
        R.session: column_of(rows, SESSION_COL),
        R.section: column_of(rows, SECTION_COL),
        R.round: column_of(rows, ROUND_COL),
        R.table: column_of(rows, TABLE_COL),
        R.ns: sectioned(column_of(rows, NS_COL), column_of(rows, SECTION_COL)),
        R.ew: sectioned(column_of(rows, EW_COL), column_of(rows, SECTION_COL)),
        R.contract: contract.where(~artificial & ~is_adjusted(contract)),
        R.declarer: column_of(rows, DECLARER_COL).str.lstrip("^").where(~artificial),  # ^S: dummy swapped
        R.tricks: result.where(~relative & ~artificial),
        R.result: result.where(relative & ~artificial),
        R.vul: vulnerability_words(column_of(rows, VULNERABLE_TAG)),
        R.score: score.where(~artificial),
        R.adjusted: adjusted,
    }
    frame = pd.DataFrame(out, index=rows.index).astype(TEXT)
    return frame.dropna(axis=1, how="all").assign(**{R.board: frame[R.board]})


def result_headers() -> dict[str, str]:
    """Each Results column as the file names where it comes from."""
    table = {
        R.section: SECTION_COL,
        R.round: ROUND_COL,
        R.table: TABLE_COL,
        R.ns: NS_COL,
        R.ew: EW_COL,
        R.contract: CONTRACT_COL,
        R.declarer: DECLARER_COL,
        R.tricks: RESULT_COL,
        R.result: RESULT_COL,
        R.score: SCORE_NS_COL,
        R.adjusted: f"{CONTRACT_COL}, {SCORE_NS_COL}, {SCORE_EW_COL}",
    }
    headers = {column: f"{SCORE_TABLE} {written}" for column, written in table.items()}
    return {**headers, R.board: f"[{BOARD_TAG}]", R.vul: f"[{VULNERABLE_TAG}]"}


DIRECTIONS = {NS: NS, "N": NS, EW: EW, "E": EW}


def pair_rows(games: list[Game], name: str) -> tuple[pd.DataFrame, list[Problem]]:
    """The pairs and their names: the TotalScoreTable's rows (PairId, Names, Direction), else the names the
    ScoreTables give (Names_NS, Names_EW), a pair once (its first line)."""
    problems: list[Problem] = []
    frames = []
    for game in games:  # the few games holding a TotalScoreTable
        table = game.tables.get(TOTAL_TABLE)
        if table is not None and PAIR_COL in table.columns:
            frame, found = table_frame(table, name, TOTAL_TABLE)
            problems += found
            direction = column_of(frame, DIRECTION_COL).str.upper().str.replace(r"[^NSEW]", "", regex=True)
            frames.append(
                pd.DataFrame(
                    {
                        P.pair: sectioned(frame[PAIR_COL], column_of(frame, SECTION_COL)),
                        P.names: column_of(frame, NAMES_COL),
                        P.direction: direction.map(DIRECTIONS).astype(TEXT),
                    }
                )
            )
    if not frames:
        for game in games:  # names given beside the results
            table = game.tables.get(SCORE_TABLE)
            if table is None or NAMES_NS_COL not in table.columns:
                continue
            frame, _ = table_frame(table, name, SCORE_TABLE)
            for pair, names in ((NS_COL, NAMES_NS_COL), (EW_COL, NAMES_EW_COL)):
                if pair in frame and names in frame:
                    ids = sectioned(frame[pair], column_of(frame, SECTION_COL))
                    frames.append(pd.DataFrame({P.pair: ids, P.names: frame[names]}))
    if not frames:
        return pd.DataFrame(), problems
    pairs = pd.concat(frames).astype(TEXT).dropna(subset=[P.pair])
    key = [P.pair, P.direction] if P.direction in pairs else [P.pair]  # club numbering: NS 1 and EW 1
    pairs = pairs[~pairs[key].duplicated()].dropna(axis=1, how="all")
    return pairs, problems


def pbn_built(games: list[Game], name: str) -> Built:
    """Everything a PBN file's games hold for scoring: settings, pairs, results and the problems found."""
    problems: list[Problem] = []
    built = Built(setting_header="tag value")
    built.settings, found = settings_rows(games, name)
    problems += found
    built.pairs, found = pair_rows(games, name)
    problems += found
    built.pair_headers = {
        P.pair: f"{TOTAL_TABLE} {PAIR_COL}",
        P.names: f"{TOTAL_TABLE} {NAMES_COL}",
        P.direction: f"{TOTAL_TABLE} {DIRECTION_COL}",
    }
    if is_teams(games):
        results, built.matches, built.teams = team_results(games)
        built.result_headers = team_headers()
    else:
        results, built.result_headers, found = score_rows(games, name)
        problems += found
    if results.empty and not any(p.severity == "error" for p in problems):
        problems.append(
            Problem.of(
                NO_RESULTS,
                name,
                None,
                None,
                None,
                _(
                    "no game of this teams event states a {tag}, so it holds no results to score (a file of "
                    "deals only?)",
                    tag=CONTRACT_TAG,
                )
                if is_teams(games)
                else _(
                    "no board of this file has a {tag}, so it holds no results to score (a file of deals only?)",
                    tag=SCORE_TABLE,
                ),
            )
        )
    if R.section in results and not built.pairs.empty and results[R.section].nunique() > 1:
        known = built.pairs[P.pair].isin(pd.concat([results[R.ns], results[R.ew]]))
        built.pairs = built.pairs if known.all() else pd.DataFrame()  # a list without its sections: unusable
    built.results = results
    built.problems = problems
    return built


def pbn_book(path: Path, limit_mb: int) -> tuple[dict[str, Sheet], str, Deals | None]:
    """The sheets of a PBN results file (Settings, Pairs, Results), the SHA-256 of its bytes and its deals (None
    when no game has a [Deal]); InputError with every problem of its syntax or of the event's form."""
    games, problems, digest = read_pbn(path, limit_mb)
    built = pbn_built(games, Path(path).name)
    deals = deals_of(games, Path(path).name)
    found = deals if not deals.frame.empty or deals.problems else None
    return checked_sheets(path, built, problems), digest, found


def checked_sheets(path: Path, built: Built, problems: list[Problem]) -> dict[str, Sheet]:
    """The sheets built, or InputError naming the file with every problem when one is an error."""
    found = problems + built.problems
    if any(p.severity == "error" for p in found):
        raise InputError(found, source=str(path))
    return built_sheets(Path(path).name, built)


# USEBIO 1.2's own words: elements and values (docs/interchange.md).
USEBIO_ROOT = "USEBIO"
USEBIO_SCORING = {
    "MATCH_POINTS": MP,
    "MATCHPOINTS": MP,
    MP: MP,
    "CROSS_IMPS": CROSS_IMP,
    "CROSS_IMP": CROSS_IMP,
    "IMPS": CROSS_IMP,
    "BUTLER": BUTLER,
    "BUTLER_IMPS": BUTLER,
    "AGGREGATE": TP,
    "TOTAL_POINTS": TP,
}
USEBIO_DATES = (
    r"(?P<d>[0-9]{1,2})/(?P<m>[0-9]{1,2})/(?P<y>[0-9]{4})",
    r"(?P<y>[0-9]{4})-(?P<m>[0-9]{2})-(?P<d>[0-9]{2})",
)
USEBIO_PAIRS = ("PAIRS", "MP_PAIRS")  # the EVENT_TYPEs read as a pairs event
USEBIO_TEAMS = ("TEAMS", "SWISS_TEAMS", "KO_TEAMS")  # the EVENT_TYPEs read as a teams event (MATCH elements)
USEBIO_ROOMS = {NS: "Open", EW: "Closed"}  # a teams line's DIRECTION: where the match's TEAM sat
USEBIO_LINE = {  # a TRAVELLER_LINE's element -> the ScoreTable column it says the same as
    "NS_PAIR_NUMBER": NS_COL,
    "EW_PAIR_NUMBER": EW_COL,
    "CONTRACT": CONTRACT_COL,
    "PLAYED_BY": DECLARER_COL,
    "TRICKS": RESULT_COL,
    "SCORE": SCORE_NS_COL,
    "ROUND_NUMBER": ROUND_COL,
    "TABLE_NUMBER": TABLE_COL,
}


def usebio_settings(event: Element, name: str) -> tuple[list[tuple[int, str, str]], list[Problem]]:
    """The Settings a USEBIO EVENT states: Event (EVENT_DESCRIPTION), Date (DATE, DD/MM/YYYY), Scoring
    (BOARD_SCORING_METHOD); an EVENT_TYPE other than a pairs event, or a method tally does not read, is B215."""
    rows: list[tuple[int, str, str]] = []
    problems: list[Problem] = []
    for element, key in (("EVENT_DESCRIPTION", EVENT_NAME.title), ("DATE", EVENT_DATE.title)):
        found = event.first(element)
        if found is None or not found.text:
            continue
        value = found.text
        if element == "DATE":
            value = next((iso_date(found.text, d) for d in USEBIO_DATES if iso_date(found.text, d)), "")
        if value:
            rows.append((found.line, key, value))
    kind_of = event.attributes.get("EVENT_TYPE", "").upper()
    if kind_of and kind_of not in USEBIO_PAIRS + USEBIO_TEAMS:
        problem = _(
            "tally reads USEBIO pairs and teams events; this event is {kind} (docs/interchange.md)",
            kind=kind_of,
        )
        problems.append(Problem.of(UNREAD_EVENT, name, event.line, "EVENT_TYPE", kind_of, problem))
    if kind_of in USEBIO_TEAMS:
        rows.append((event.line, SCORING, TEAMS))
        if "SWISS" in kind_of:
            rows.append((event.line, MOVEMENT_SETTING.title, SWISS_WORD))
        return rows, problems
    method = event.first("BOARD_SCORING_METHOD")
    if method is not None and method.text:
        word = USEBIO_SCORING.get(method.text.upper())
        if word is None:
            problem = _(
                "tally reads USEBIO events scored MATCH_POINTS, CROSS_IMPS, BUTLER_IMPS or AGGREGATE; this one "
                "is scored {value}",
                value=method.text,
            )
            problems.append(Problem.of(UNREAD_EVENT, name, method.line, method.name, method.text, problem))
        else:
            rows.append((method.line, SCORING, word))
    return rows, problems


def usebio_results(event: Element) -> pd.DataFrame:
    """Every TRAVELLER_LINE as a row of ScoreTable columns (a Board, its section and session), by line."""
    sessions = event.all("SESSION")
    sections = [s for session in sessions for s in session.all("SECTION")] or event.all("SECTION")
    records = []
    for section in sections or [event]:  # a few sections
        for board in section.all("BOARD"):  # a few dozen boards
            number = board.value("BOARD_NUMBER")
            for line in board.all("TRAVELLER_LINE"):
                record = {column: line.value(element) for element, column in USEBIO_LINE.items()}
                record.update({BOARD_TAG: number, SECTION_COL: section.attributes.get("SECTION_ID", "")})
                records.append((line.line, record))
    frame = pd.DataFrame([r for _, r in records], index=pd.Index([n for n, _ in records]), dtype="object")
    frame = frame.astype(TEXT).replace({"": pd.NA, NONE_VALUE: pd.NA})
    if SECTION_COL in frame and frame[SECTION_COL].nunique() < 2:
        frame = frame.drop(columns=[SECTION_COL])
    return frame


def usebio_pairs(event: Element) -> pd.DataFrame:
    """The PARTICIPANTS' pairs: PAIR_NUMBER (after its SECTION_ID when there are several sections), the
    players' names joined by ` - `, DIRECTION (NS/EW); a pair once (its first line)."""
    rows: list[tuple[int, dict[str, str]]] = []  # (line, the pair's elements)
    seen: set[tuple[str, str]] = set()
    sections = event.all("SECTION")
    several = len({section.attributes.get("SECTION_ID", "") for section in sections}) > 1
    placed = [
        (s.attributes.get("SECTION_ID", "") if several else "", p) for s in sections for p in s.all("PAIR")
    ]
    for section, pair in placed or [("", p) for p in event.all("PAIR")]:  # the pairs of the event
        number = section + pair.value("PAIR_NUMBER") if pair.value("PAIR_NUMBER") else ""
        direction = DIRECTIONS.get(re.sub(r"[^NSEW]", "", pair.value("DIRECTION").upper()), "")
        if not number or (number, direction) in seen:  # club numbering: NS 1 and EW 1 are two pairs
            continue
        seen.add((number, direction))
        names = " - ".join(p.value("PLAYER_NAME") for p in pair.all("PLAYER") if p.value("PLAYER_NAME"))
        row = {P.pair: number, P.names: names, P.direction: direction, **member_cells(pair.all("PLAYER"), P)}
        rows.append((pair.line, row))
    frame = pd.DataFrame([row for _, row in rows], index=[line for line, _ in rows], dtype="object")
    return without_blank_members(frame).astype(TEXT)


def member_cells(players: list[Element], model: type) -> dict[str, str]:
    """The Player N and Player N ID cells of a competitor's PLAYER elements (PLAYER_NAME, NATIONAL_ID_NUMBER),
    as many as the competitor sheet's model has slots."""
    cells: dict[str, str] = {}
    for slot, player in zip(member_slots(model), players, strict=False):  # two to six players
        cells[member_field(slot, of_id=False)] = player.value("PLAYER_NAME")
        cells[member_field(slot, of_id=True)] = player.value("NATIONAL_ID_NUMBER")
    return cells


def without_blank_members(frame: pd.DataFrame) -> pd.DataFrame:
    """The competitors read, with the member columns only when some player has a national number (the
    players' names alone are the Names column already), and then without the columns no competitor fills."""
    members = [c for c in frame.columns if SLOT.fullmatch(str(c).removesuffix("_id"))]
    blank = [c for c in members if not frame[c].fillna("").astype("str").str.strip().ne("").any()]
    numbered = any(str(c).endswith("_id") and c not in blank for c in members)
    return frame.drop(columns=blank if numbered else members)


def usebio_teams(event: Element) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """A USEBIO teams event's Results (a row a TRAVELLER_LINE of a MATCH's BOARD: its room from the line's
    DIRECTION, where the match's TEAM sat), Matches (a MATCH each: ROUND_NUMBER, TEAM home, OPPOSING_TEAM away)
    and Teams (TEAM_NAME, else TEAM_ID, with the players' names), each indexed by a line of the file."""
    rows, matches = [], []
    for number, match in enumerate(event.all("MATCH"), start=1):  # a few dozen matches
        home, away = match.value("TEAM"), match.value("OPPOSING_TEAM")
        matches.append(
            (
                match.line,
                {M.match: str(number), M.round: match.value("ROUND_NUMBER"), M.home: home, M.away: away},
            )
        )
        for board in match.all("BOARD"):
            for line in board.all("TRAVELLER_LINE"):
                side = DIRECTIONS.get(re.sub(r"[^NSEW]", "", line.value("DIRECTION").upper()), "")
                record = {
                    R.board: board.value("BOARD_NUMBER"),
                    R.match: str(number),
                    R.room: USEBIO_ROOMS.get(side, line.value("DIRECTION")),
                    R.contract: line.value("CONTRACT"),
                    R.declarer: line.value("PLAYED_BY"),
                    R.tricks: line.value("TRICKS"),
                    R.score: line.value("SCORE"),
                }
                rows.append((line.line, record))
    teams = [
        (
            t.line,
            {
                TeamsSheet.team: t.attributes.get("TEAM_NAME")
                or t.attributes.get("TEAM_ID")
                or t.value("TEAM_NAME"),
                TeamsSheet.names: ", ".join(
                    p.value("PLAYER_NAME") for p in t.all("PLAYER") if p.value("PLAYER_NAME")
                ),
                **member_cells(t.all("PLAYER"), TeamsSheet),
            },
        )
        for t in event.all("TEAM")
        if t.children or t.attributes
    ]

    def framed(found: list[tuple[int, dict[str, str]]]) -> pd.DataFrame:
        """The records as text, indexed by their lines."""
        frame = pd.DataFrame([r for _n, r in found], index=[n for n, _r in found], dtype="object")
        return frame.astype(TEXT).replace({"": pd.NA})

    named = {
        t.attributes["TEAM_ID"]: t.attributes["TEAM_NAME"]
        for t in event.all("TEAM")
        if {"TEAM_ID", "TEAM_NAME"} <= t.attributes.keys()
    }
    played = framed(matches)
    for side in (M.home, M.away):  # a MATCH may name its teams by TEAM_ID: the team is its name
        if side in played:
            played[side] = played[side].replace(named).astype(TEXT)
    return framed(rows), played, without_blank_members(framed(teams))


USEBIO_SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W", "N": "N", "E": "E", "S": "S", "W": "W"}
USEBIO_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
USEBIO_VULNERABLE = {
    "LOVE": "None",
    "NONE": "None",
    "NORTH-SOUTH": NS,
    "EAST-WEST": EW,
    "ALL": "All",
    "BOTH": "All",
}


def usebio_deals(event: Element, name: str) -> Deals | None:
    """The deals a USEBIO file's BOARDs give as four HAND elements (DIRECTION, then SPADES, HEARTS, DIAMONDS,
    CLUBS), checked as a PBN file's are (B240 at the board's first HAND); None when no board has hands."""
    rows = []
    for board in event.all("BOARD"):  # a few dozen boards
        hands = {USEBIO_SEATS.get(h.value("DIRECTION").upper(), ""): h for h in board.all("HAND")}
        if not hands:
            continue
        seats = [
            ".".join(hands[s].value(suit) for suit in USEBIO_SUITS) if s in hands else UNKNOWN_HAND
            for s in SEATS
        ]
        vul = USEBIO_VULNERABLE.get(board.value("VULNERABILITY").upper().replace(" ", ""), "")
        line = min(h.line for h in hands.values())
        deal = "N:" + " ".join(seats)
        rows.append(
            {
                BOARD_TAG: board.value("BOARD_NUMBER"),
                SECTION_TAG: "",
                DEAL_TAG: deal,
                DEALER_TAG: "",
                VULNERABLE_TAG: vul,
                DR.line: line,
            }
        )
    if not rows:
        return None
    return checked_deals(pd.DataFrame(rows), name)


def usebio_book(path: Path, limit_mb: int) -> tuple[dict[str, Sheet], str, Deals | None]:
    """The sheets of a USEBIO results file (Settings, Pairs, Results) and the SHA-256 of its bytes;
    InputError with every problem of its XML or of the event's form."""
    root, digest = read_usebio(path, limit_mb)
    name = Path(path).name
    event = root if root.name == "EVENT" else root.first("EVENT") or root
    built = Built(setting_header="element")
    built.settings, problems = usebio_settings(event, name)
    club = root.first("CLUB")
    for element, spec in (("CLUB_NAME", VENUE), ("CLUB_ID_NUMBER", CLUB_NUMBER_SETTING)):  # the club's two
        found = None if club is None else club.first(element)
        if found is not None and found.text:
            built.settings.append((found.line, spec.title, found.text))
    if event.attributes.get("EVENT_TYPE", "").upper() in USEBIO_TEAMS:
        built.results, built.matches, built.teams = usebio_teams(event)
        built.result_headers = {
            R.board: "BOARD_NUMBER",
            R.match: "MATCH",
            R.room: "DIRECTION",
            R.contract: "CONTRACT",
        }
        built.result_headers |= {R.declarer: "PLAYED_BY", R.tricks: "TRICKS", R.score: "SCORE"}
        built.result_headers |= {
            M.round: "ROUND_NUMBER",
            M.home: "TEAM",
            M.away: "OPPOSING_TEAM",
            TeamsSheet.team: "TEAM",
        }
        if built.results.empty:
            problem = _("no MATCH of this file has a TRAVELLER_LINE, so it holds no results to score")
            problems.append(Problem.of(NO_RESULTS, name, None, None, None, problem))
        return checked_sheets(path, built, problems), digest, usebio_deals(event, name)
    built.pairs = usebio_pairs(event)
    built.pair_headers = {P.pair: "PAIR_NUMBER", P.names: "PLAYER_NAME", P.direction: "DIRECTION"}
    lines = usebio_results(event)
    if lines.empty:
        problem = _("no BOARD of this file has a TRAVELLER_LINE, so it holds no results to score")
        if root.name != USEBIO_ROOT:
            problem = _(
                "this is not a USEBIO file: its root element is <{root}>, not <{usebio}>",
                root=root.name,
                usebio=USEBIO_ROOT,
            )
        problems.append(Problem.of(NO_RESULTS, name, None, None, None, problem))
    else:
        results = results_columns(lines)
        built.results = results
        usebio_names = {column: element for element, column in USEBIO_LINE.items()}
        pbn_names = {R.ns: NS_COL, R.ew: EW_COL, R.contract: CONTRACT_COL, R.declarer: DECLARER_COL}
        pbn_names |= {R.tricks: RESULT_COL, R.result: RESULT_COL, R.score: SCORE_NS_COL, R.round: ROUND_COL}
        headers = {column: usebio_names[written] for column, written in pbn_names.items()}
        headers |= {R.table: "TABLE_NUMBER", R.adjusted: "CONTRACT, SCORE", R.board: "BOARD_NUMBER"}
        built.result_headers = headers | {R.section: "SECTION_ID"}
    return checked_sheets(path, built, problems), digest, usebio_deals(event, name)


def interchange_book(path: Path, limit_mb: int) -> Workbook:
    """A PBN (.pbn) or USEBIO (.xml) results file read as a bridge results workbook."""
    path = Path(path)
    reader = pbn_book if path.suffix.lower() == PBN_SUFFIX else usebio_book
    sheets, digest, deals = reader(path, limit_mb)
    return Workbook(path, sheets, digest, [s.name for s in sheets.values()], deals=deals)


NUMBER_COLUMNS = (R.board, R.round, R.table, R.tricks, R.score)  # written as numbers when every cell is one


def as_written(frame: pd.DataFrame, model: type, numbers: tuple[str, ...] = ()) -> pd.DataFrame:
    """A sheet's text frame as a results workbook holds it: headers as the model titles them, in the model's
    order, and the columns of `numbers` as numbers when every filled cell reads as a whole number."""
    titles = titles_of(model)
    frame = frame[[c for c in titles if c in frame.columns]].copy()
    for column in (c for c in numbers if c in frame.columns):  # a handful of columns
        read = pd.to_numeric(frame[column], errors="coerce")
        if read.notna().eq(frame[column].notna()).all() and (read.dropna() % 1 == 0).all():
            frame[column] = read.astype("Int64")
    return frame.rename(columns=titles).reset_index(drop=True)


def spoken_settings(frame: pd.DataFrame, specs: Mapping[str, SettingSpec]) -> pd.DataFrame:
    """A Settings frame (Key, Value) as a template writes it in the language spoken: a known setting's name
    (`written_name`) and its value's word (`written_value`) there; any other row as it is."""
    key, value = SettingsSheet.key, SettingsSheet.value
    named = [specs.get(k) for k in setting_keys(frame[key], specs).tolist()]  # a Settings sheet's few rows
    given = frame[value] if value in frame else pd.Series(None, index=frame.index, dtype=TEXT)
    names = [s.written_name if s else k for s, k in zip(named, frame[key].tolist(), strict=True)]
    words = [written_value(s, v) if s else v for s, v in zip(named, given.tolist(), strict=True)]
    return frame.assign(
        **{
            key: pd.Series(names, index=frame.index, dtype=frame[key].dtype),
            value: pd.Series(words, index=frame.index, dtype=given.dtype),
        }
    )


def results_workbook(book: Workbook, specs: Mapping[str, SettingSpec]) -> list[OutputSheet]:
    """The results workbook a director can correct in Excel and score again (Settings, Pairs or Teams and
    Matches, Results), from the sheets a PBN or USEBIO file was read into; the Settings' names and words in
    the language spoken (`spoken_settings`: `specs` are the game's settings)."""
    written = []
    sheets = ((SettingsSheet, ()), (PairsSheet, ()), (TeamsSheet, ()), (M, (M.round,)), (R, NUMBER_COLUMNS))
    for model, numbers in sheets:  # the sheets a file gives
        sheet = book.sheets.get(sheet_key(model))
        if sheet is not None:
            frame = spoken_settings(sheet.frame, specs) if model is SettingsSheet else sheet.frame
            written.append(OutputSheet(sheet_name_of(model), as_written(frame, model, numbers)))
    return written
