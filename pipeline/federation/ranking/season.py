"""One standings workbook as a season event: its Event, Date and Weight, and each competitor's place.

Pure: the sheets come in (read by the I/O module), a record, the contributions and located problems go out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from pipeline.federation.ranking.people import (
    PERSON,
    credited,
    members_of,
    no_members,
    with_one_spelling,
)
from pipeline.federation.ranking.points import event_contributions, window_start
from pipeline.federation.ranking.rules import RankingRules
from pipeline.games.checks import problems_where
from pipeline.games.settings import EVENT_DATE, EVENT_NAME, WEIGHT, WEIGHT_SETTING, SettingSpec, iso_date
from pipeline.i18n import ENGLISH, N_, _
from pipeline.parsing import FIRST_DAY, LAST_DAY, as_ids
from pipeline.problems import Kind, Problem, kind, problems_from_frame
from pipeline.sheets import (
    Sheet,
    accepted_headers,
    normalized_header,
    sheet_key,
    with_english_headers,
    without_blank_rows,
)
from schemas.common import column_names, columns_of, sheet_name_of
from schemas.ranking import Contribution, SeasonEvent, StandingsSheet
from schemas.shared import MembersSheet, RulesSheet
from schemas.validation import validated

C, E, S, RS = Contribution, SeasonEvent, StandingsSheet, RulesSheet
RANK_SHEETS = (S, RS)  # the sheets a standings workbook must have for `tally rank`
READ_SHEETS = (*RANK_SHEETS, MembersSheet)  # the sheets `tally rank` reads (Members where written)
# the competitor column of a domino, bridge pairs or teams Standings (player, pair, team), and the name's
ID_COLUMNS = [normalized_header(h) for h in accepted_headers(S, S.player)]
NAME_COLUMNS = [normalized_header(h) for h in accepted_headers(S, S.name)]


def individual_headers() -> frozenset[str]:
    """The competitor headers of an individual event's Standings (normalized): Player, and its name in each
    language (the first of the column's names there; Pair and Team follow)."""
    player = next(c for c in columns_of(S) if c.name == S.player)
    return frozenset(normalized_header(h) for h in (player.title, *(n[0] for n in player.names.values())))


INDIVIDUAL = individual_headers()
OWN_IDS = "domino"  # the game whose ids are its entrants' own (a Players sheet), never table numbers


@dataclass
class SeasonFile:
    """What one standings workbook gives the season (record and contributions are None when it has errors)."""

    record: dict[str, object] | None
    contributions: pd.DataFrame | None
    problems: list[Problem] = field(default_factory=list)
    language: str = ENGLISH  # the language the workbook is written in (its Standings sheet's name)
    members: pd.DataFrame | None = None  # its Members sheet's players (`members_of`), for crediting people
    individual: bool = False  # an individual event (its Standings head the competitor Player)


NOT_STANDINGS = kind(
    "R101",
    "a file given to `tally rank` is not a standings workbook (no Standings or Rules sheet)",
    example="march.xlsx: not a standings workbook written by tally: no 'Standings' or 'Rules' sheet (sheets found: 'Matches')",
)
RULES_COLUMNS = kind(
    "R102",
    "a Rules sheet without its Item and Value columns",
    example="Rules, row 1: expected the columns Item and Value",
)
NO_DATE = kind(
    "R103",
    "a standings workbook without a Date (set it in the results workbook's Settings)",
    example="Rules, column 'Item': no Date row: set Date (such as 2026-11-30) in the results workbook's Settings and score it again; a ranking needs every event's date",
)
BAD_DATE = kind(
    "R104",
    "a standings workbook's Date is not a date such as 2026-11-30",
    example="Rules, row 3, column 'Value' [Tuesday]: expected a date such as 2026-11-30 (from 1900-01-01 to 2099-12-31): set Date in the results workbook's Settings and score it again",
)
BAD_WEIGHT = kind(
    "R105",
    "a standings workbook's Weight is outside its range",
    example="Rules, row 4, column 'Value' [1e15]: expected the event's ranking weight: a number above 0 and at most 100",
)
STANDINGS_COLUMNS = kind(
    "R106",
    "a Standings sheet without Rank and a Player, Pair or Team column",
    example="Standings, row 1: expected the columns Rank and one of Player, Pair or Team",
)
BAD_RANK = kind(
    "R107",
    "a rank that is not a whole number, or beyond the field",
    example="Standings, row 3, column 'Rank' [x]: the rank must be a whole number, 1 or more",
)
RANK_ORDER = kind(
    "R108",
    "ranks that do not run as tally writes them (1, 1, 3)",
    example="Standings, row 4, column 'Rank' [2]: the ranks must run as tally writes them, 1, 1, 3 (competitors sharing a place take the first place they span; the next rank skips the shared places)",
)
BLANK_ID = kind(
    "R109",
    "a competitor's id is blank in a Standings sheet",
    example="Standings, row 5, column 'Player': the competitor's id is blank",
)
LISTED_TWICE = kind(
    "R110",
    "a competitor is listed twice in a Standings sheet",
    example="Standings, row 6, column 'Player' [P1]: this competitor is listed twice",
)
NO_COMPETITORS = kind(
    "R111", "a Standings sheet with no competitors", example="Standings: no competitors in the Standings"
)
SAME_BYTES = kind(
    "R113",
    "a standings workbook with the same bytes as an earlier one: counted once",
    "warning",
    example="copy.xlsx: the same bytes as a.xlsx; counted once",
)
ONE_EVENT_TWICE = kind(
    "R114",
    "two standings workbooks of one event (same Event and Date): both are counted",
    "warning",
    example="a.xlsx, b.xlsx: two workbooks of one event (Open, 2026-03-01); both are counted",
)
AFTER_TODAY = kind(
    "R115",
    "an event dated after today (is its Date a typing slip?)",
    "warning",
    example="typo.xlsx: dated 2099-01-01, after today (2026-06-30): outside the window unless --as-of says otherwise (is its Date a typing slip?)",
)


def season_warning(found: Kind, files: str, text: str) -> Problem:
    """A warning about whole files of the season (not a place in one), of a declared kind."""
    return Problem.of(found, files, None, None, None, text)


def season_note(warning: Problem) -> str:
    """A season warning as the ranking's Rules sheet notes it: the files, then what was noticed."""
    return _("{files}: {problem}", files=warning.sheet, problem=warning.problem)


def event_weight(text: object) -> float | None:
    """The weight as typed when it lies in the span of the Settings `Weight` (above 0, at most 100), None
    otherwise (a Rules sheet edited by hand to 1e15 is refused here, before any arithmetic)."""
    try:
        number = float(str(text).strip())
    except ValueError:
        return None
    return number if number in WEIGHT else None


def event_facts(rules: Sheet, default_weight: float) -> tuple[dict[str, object], list[Problem]]:
    """Event, Date and Weight from the Rules sheet's Item / Value rows (the first of each), with a located
    problem for each bad one."""
    frame = rules.frame
    if RS.item not in frame or RS.value not in frame:
        expected = _("expected the columns Item and Value")
        return {}, [Problem.of(RULES_COLUMNS, rules.name, rules.header_row, None, None, expected)]
    items = frame[RS.item].astype("str").str.strip().str.lower()
    first = items[~items.duplicated()].dropna()
    row = dict(zip(first.to_numpy(), first.index, strict=True))  # item -> Excel row, a few dozen items
    value = frame[RS.value]
    shown = rules.written(RS.value)
    problems: list[Problem] = []
    # the items holding the settings' values, as compared (Event, Date, Weight), named in any language
    named, dated, weighed = (item_of(spec, row) for spec in (EVENT_NAME, EVENT_DATE, WEIGHT_SETTING))
    event = value.get(row[named]) if named in row else None
    facts: dict[str, object] = {E.event: "" if pd.isna(event) else str(event), E.weight: default_weight}
    if dated not in row:
        problems.append(Problem.of(NO_DATE, rules.name, None, rules.written(RS.item), None, _(_NO_DATE)))
    else:
        typed = value.get(row[dated])
        facts[E.date] = iso_date(typed)
        if facts[E.date] is None:
            text = None if pd.isna(typed) else str(typed)
            bad = _(_BAD_DATE, first=f"{FIRST_DAY:%Y-%m-%d}", last=f"{LAST_DAY:%Y-%m-%d}")
            problems.append(Problem.of(BAD_DATE, rules.name, int(row[dated]), shown, text, bad))
    typed_weight = value.get(row[weighed]) if weighed in row else None
    if typed_weight is not None and not pd.isna(typed_weight):
        weight = event_weight(typed_weight)
        if weight is None:
            problems.append(
                Problem.of(
                    BAD_WEIGHT,
                    rules.name,
                    int(row[weighed]),
                    shown,
                    str(typed_weight),
                    _("expected {what}", what=_(WEIGHT_SETTING.expected)),
                )
            )
        facts[E.weight] = weight
    return facts, problems


_NO_DATE = N_(
    "no Date row: set Date (such as 2026-11-30) in the results workbook's Settings and score it again; a "
    "ranking needs every event's date"
)
_BAD_DATE = N_(
    "expected a date such as 2026-11-30 (from {first} to {last}): set Date in the results workbook's Settings and score it "
    "again"
)


def item_of(spec: SettingSpec, row: Mapping[str, object]) -> str:
    """The Rules item (lower case) of a setting as a standings workbook names it: its name in any language
    (a standings workbook written in Spanish says `Fecha`), the English title when none is present."""
    names = [spec.title, *(n for given in spec.names.values() for n in given)]
    return next((n.lower() for n in names if n.lower() in row), spec.title.lower())


def fits_competition(place: np.ndarray, field: np.ndarray) -> np.ndarray:
    """True where a rank fits competition ranking (1, 1, 3) within its field: it equals one plus the number
    of known ranks of the same field below it (NaN, an unknown rank, fits nothing). `field` numbers each
    row's field; one sort of (field, rank) counts the lower ranks of every field at once."""
    known = ~np.isnan(place)
    top = np.nanmax(place, initial=0.0) + 2  # a field's ranks stay below the next field's
    key = field * top + np.where(known, place, 0.0)
    ordered = np.sort(key[known])
    below = np.searchsorted(ordered, key, side="left") - np.searchsorted(ordered, field * top, side="left")
    return known & (place == below + 1)


def standings_fields(frame: pd.DataFrame) -> np.ndarray:
    """Each Standings row's field, numbered in order of appearance (0 for all when one field): a two-winner
    Mitchell's Standings rank each field (NS, EW, as its Field column names it; a blank names a field too) on its
    own, so places and field sizes run within it."""
    if S.field not in frame:
        return np.zeros(len(frame), dtype="int64")
    return pd.factorize(frame[S.field].fillna(""))[0]


def standings_placings(standings: Sheet) -> tuple[pd.DataFrame, np.ndarray, list[Problem]]:
    """Each competitor's id, name and place from a Standings sheet (its rows holding something), the field each
    was ranked in (`standings_fields`), and located problems."""
    frame = without_blank_rows(standings.frame)
    id_col = next((c for c in ID_COLUMNS if c in frame), None)
    if S.rank not in frame or id_col is None:
        expected = _("expected the columns Rank and one of Player, Pair or Team")
        return (
            pd.DataFrame(),
            np.zeros(0, dtype="int64"),
            [Problem.of(STANDINGS_COLUMNS, standings.name, standings.header_row, None, None, expected)],
        )
    name_col = next((c for c in NAME_COLUMNS if c in frame), None)
    ids = as_ids(frame[id_col])
    field = standings_fields(frame)  # one field, or NS and EW
    size = np.bincount(field)[field]  # each row's field size
    number = pd.to_numeric(frame[S.rank], errors="coerce")
    values = number.to_numpy(dtype="float64", na_value=np.nan)
    whole = ~np.isnan(values) & (values == np.round(values)) & (values >= 1)
    place = number.where(whole)
    placed = np.where(whole, values, np.nan)
    checks = [
        (~whole, S.rank, _("the rank must be a whole number, 1 or more"), BAD_RANK),
        (
            whole & (placed > size),
            S.rank,
            _("the rank is beyond the number of competitors ranked"),
            BAD_RANK,
        ),
        (
            whole & (placed <= size) & ~fits_competition(placed, field),
            S.rank,
            _(
                "the ranks must run as tally writes them, 1, 1, 3 (competitors sharing a place take the first "
                "place they span; the next rank skips the shared places)"
            ),
            RANK_ORDER,
        ),
        (ids.isna().to_numpy(), id_col, _("the competitor's id is blank"), BLANK_ID),
        (
            (ids.notna() & ids.duplicated(keep="first")).to_numpy(),
            id_col,
            _("this competitor is listed twice"),
            LISTED_TWICE,
        ),
    ]
    located = [
        problems_where(standings, pd.Series(mask, index=frame.index), col, text, found)
        for mask, col, text, found in checks
        if mask.any()
    ]
    names = frame[name_col] if name_col else pd.Series(pd.NA, index=frame.index, dtype="str")
    placings = pd.DataFrame(
        {C.player: ids, C.name: names.astype("str"), C.place: place, C.field: size.astype("int64")}
    )
    return placings, field, problems_from_frame(pd.concat(located)) if located else []


def season_file(
    sheets: Mapping[str, Sheet], file: str, digest: str, rules: RankingRules, game: str
) -> SeasonFile:
    """The season's view of one standings workbook: its record, its contributions, or its problems."""
    missing = [sheet_name_of(m) for m in RANK_SHEETS if sheet_key(m) not in sheets]
    if missing:
        found = ", ".join(s.name for s in sheets.values()) or "none"
        text = _(
            "not a standings workbook written by tally: no {missing} sheet (sheets found: {found})",
            missing=_(" or ").join(repr(m) for m in missing),
            found=found,
        )
        return SeasonFile(None, None, [Problem.of(NOT_STANDINGS, file, None, None, None, text)])
    standings = with_english_headers(sheets[sheet_key(S)], S)  # written in Spanish or Chinese too
    facts, problems = event_facts(with_english_headers(sheets[sheet_key(RS)], RS), rules.default_weight)
    placings, fields, placing_problems = standings_placings(standings)
    problems += placing_problems
    if placings.empty and not problems:
        problems.append(
            Problem.of(
                NO_COMPETITORS,
                sheets[sheet_key(S)].name,
                None,
                None,
                None,
                _("no competitors in the Standings"),
            )
        )
    if problems:
        return SeasonFile(None, None, problems)
    record = {
        E.file: file,
        E.game: game,
        E.event: facts[E.event],
        E.date: facts[E.date],
        E.weight: facts[E.weight],
        E.field: len(placings),
        E.sha256: digest,
    }
    written = sheets[sheet_key(S)].frame.columns  # the headers as written, before they are read in English
    individual = any(normalized_header(h) in INDIVIDUAL for h in written)
    contributions = event_contributions(
        placings,
        file,
        facts[E.date],  # type: ignore[arg-type]
        facts[E.weight],  # type: ignore[arg-type]
        rules,
        fields,
        individual,
    )
    members = (
        members_of(sheets.get(sheet_key(MembersSheet)), file) if rules.credit == PERSON else no_members()
    )
    return SeasonFile(record, contributions, members=members, individual=individual)


@dataclass
class Season:
    """Every readable event of the season, their contributions, and what was noticed on the way."""

    events: pd.DataFrame
    contributions: pd.DataFrame
    warnings: list[Problem]


def season_of(files: list[SeasonFile], credit: str = PERSON, shared_beyond: int = 0) -> Season:
    """The good files assembled (by date, then file); a workbook with the same bytes as an earlier one is
    counted once, and two files of one event (same name and date) are reported; with `credit` person, each
    competitor's award goes to each of its people (`credited`, over the whole season at once; a team of more
    than `shared_beyond` people shares that many awards)."""
    good = [f for f in files if f.record is not None and f.contributions is not None]
    events = pd.DataFrame([f.record for f in good], columns=column_names(E))
    events = events.astype(_EVENT_TYPES)
    events = events.sort_values([E.date, E.file], kind="stable").reset_index(drop=True)
    copies = events[E.sha256].duplicated(keep="first")
    first_file = events.groupby(E.sha256)[E.file].transform("first")
    warnings = [
        season_warning(SAME_BYTES, copy, _("the same bytes as {original}; counted once", original=original))
        for copy, original in zip(events.loc[copies, E.file], first_file[copies], strict=True)
    ]
    events = events[~copies].reset_index(drop=True)
    named = events[events[E.event].ne("")]
    twice = named.duplicated([E.event, E.date], keep=False)
    for (event, date), group in named[twice].groupby([E.event, E.date], sort=True)[E.file]:  # reports only
        warnings.append(
            season_warning(
                ONE_EVENT_TWICE,
                ", ".join(group),
                _(
                    "two workbooks of one event ({event}, {date}); both are counted",
                    event=event,
                    date=f"{date:%Y-%m-%d}",
                ),
            )
        )
    kept = set(events[E.file])
    chosen = [f for f in good if f.record is not None and f.record[E.file] in kept]
    columns = column_names(Contribution)
    parts = [f.contributions for f in chosen]
    contributions = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=columns)
    contributions = contributions.astype(_CONTRIBUTION_TYPES)
    if credit == PERSON:
        listed = [f.members for f in chosen if f.members is not None and len(f.members)]
        members = pd.concat(listed, ignore_index=True) if listed else no_members()
        lone = {str(f.record[E.file]) for f in chosen if f.individual and f.record is not None}
        individual = contributions[C.file].isin(lone)
        domino = {
            str(f.record[E.file]) for f in chosen if f.record is not None and f.record[E.game] == OWN_IDS
        }
        own = contributions[C.file].isin(domino)  # its Players sheet's ids are the entrants' own
        contributions, found = credited(contributions, members, individual, shared_beyond, own)
        warnings += found
        contributions = with_one_spelling(contributions.astype(_CONTRIBUTION_TYPES))
    return Season(validated(events, E), validated(contributions, Contribution), warnings)


_EVENT_TYPES = {
    E.file: "str",
    E.game: "str",
    E.event: "str",
    E.date: "datetime64[ns]",
    E.weight: "float64",
    E.field: "int64",
    E.sha256: "str",
}
_CONTRIBUTION_TYPES = {
    C.file: "str",
    C.date: "datetime64[ns]",
    C.player: "str",
    C.name: "str",
    C.competitor: "str",
    C.partners: "str",
    C.by_name: "bool",
    C.place: "int64",
    C.field: "int64",
    C.weight: "float64",
    C.units: "int64",
}


def default_as_of(dates: pd.Series, today: dt.date) -> pd.Timestamp:
    """The as-of date when none is given: the newest event date on or before today, or today when every event
    is dated later (an event typed as 2099 never moves it)."""
    day = pd.Timestamp(today)
    past = dates[dates <= day]
    return pd.Timestamp(past.max()) if len(past) else day


def future_warnings(
    events: pd.DataFrame, today: dt.date, as_of: pd.Timestamp, rules: RankingRules
) -> list[Problem]:
    """A warning for each event dated after today, naming its file and date, and saying where it falls
    against the as-of date's window."""
    day, start = pd.Timestamp(today), window_start(as_of, rules)
    later = events[events[E.date] > day]
    date = later[E.date]
    shown = f"{as_of:%Y-%m-%d}"
    where = np.select(
        [date > as_of, date < start],
        [
            _("outside the window unless --as-of says otherwise (is its Date a typing slip?)"),
            _("before the window of --as-of {as_of}", as_of=shown),
        ],
        _("inside the window, because --as-of {as_of} includes it", as_of=shown),
    )
    return [
        season_warning(
            AFTER_TODAY,
            file,
            _(
                "dated {date}, after today ({today}): {where}",
                date=f"{when:%Y-%m-%d}",
                today=f"{day:%Y-%m-%d}",
                where=said,
            ),
        )
        for file, when, said in zip(later[E.file], date, where, strict=True)
    ]
