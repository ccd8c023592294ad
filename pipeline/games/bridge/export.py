"""A scored bridge event written as the interchange formats carry it: PBN 2.1 (games, ScoreTable,
TotalScoreTable) and USEBIO 1.2 (EVENT, PARTICIPANTS, BOARD > TRAVELLER_LINE, MATCH). The words are those
pipeline/games/bridge/interchange.py reads back, so that a file tally writes scores to the same standings;
what a format cannot carry is said (W146, W147). The syntax is written by pipeline/workbook/pbn.py and
usebio.py. Decisions and references: docs/interchange.md, "Writing PBN and USEBIO"."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from pipeline import __version__
from pipeline.games.bridge.deals import SEATS, hands_from_north
from pipeline.games.bridge.interchange import (
    BOARD_TAG,
    COMPETITION_TAG,
    CONTRACT_COL,
    CONTRACT_TAG,
    DATE_TAG,
    DECLARER_COL,
    DECLARER_TAG,
    DENOMINATION_COL,
    DIRECTION_COL,
    EVENT_DATE_TAG,
    EVENT_TAG,
    EW_COL,
    HOME_TAG,
    MOVEMENT_TAG,
    NAMES_COL,
    NS_COL,
    OPTIMUM_SCORE_TAG,
    OPTIMUM_TABLE,
    PAIR_COL,
    RESULT_COL,
    RESULT_TAG,
    ROOM_TAG,
    ROUND_COL,
    ROUND_TAG,
    SCORE_EW_COL,
    SCORE_NS_COL,
    SCORE_TABLE,
    SCORE_TAG,
    SCORING_TAG,
    SECTION_COL,
    SITE_TAG,
    TABLE_COL,
    TOTAL_TABLE,
    USEBIO_LINE,
    USEBIO_ROOT,
    VISIT_TAG,
    VULNERABLE_TAG,
)
from pipeline.games.bridge.load import BridgeEvent
from pipeline.games.bridge.methods import butler, cross_imps, matchpoints, teams, total_points
from pipeline.games.bridge.settings import setting_specs
from pipeline.games.scoring import Standings
from pipeline.games.settings import key_value_settings
from pipeline.i18n import _
from pipeline.problems import Problem, kind
from pipeline.sheets import OutputSheet, Sheet, sheet_key
from pipeline.workbook.pbn import WrittenGame, WrittenTable, pbn_text
from pipeline.workbook.usebio import Element, usebio_text
from schemas.bridge import EAST_WEST as EW
from schemas.bridge import NORTH_SOUTH as NS
from schemas.bridge import ExportFrame as X
from schemas.bridge import HandRecord as H
from schemas.bridge import MatchResult as MR
from schemas.bridge import PairStanding as PS
from schemas.bridge import TeamStanding as TS
from schemas.bridge import Traveller as TV
from schemas.common import sheet_name_of, titles_of
from schemas.shared import MembersSheet as MB
from schemas.shared import SettingsSheet

Record = Mapping[Hashable, Any]  # a row of a frame, as `DataFrame.to_dict("records")` gives it

NOT_EXACT = kind(
    "W146",
    "a result a PBN or USEBIO file cannot carry exactly (a weighted score, an average that is not the "
    "opposite of the other side's): it is written as its percentage",
    severity="warning",
    example="event.xlsx, row 12, column 'Adjusted' [A+/A+]: USEBIO cannot carry this adjusted score exactly; "
    "it is written as the percentages NS 60 %, EW 60 %",
)
NOT_CARRIED = kind(
    "W147",
    "a setting or sheet a PBN or USEBIO file does not carry (penalties, a Final mark, a method setting other "
    "than its default): the file read back scores without it",
    severity="warning",
    example="event.xlsx: a USEBIO file does not carry these settings: Neuberg; read back, it scores with "
    "their defaults",
)

PBN, USEBIO = "PBN", "USEBIO"
MP, CROSS_IMP, BUTLER, TP, TEAMS = (
    m.METHOD.name for m in (matchpoints, cross_imps, butler, total_points, teams)
)
PBN_SCORING = {
    MP: "MatchPoints",
    CROSS_IMP: "IMP;Cross",
    BUTLER: "IMP;Butler",
    TP: "TotalPoints",
    TEAMS: "IMP",
}
PBN_MP_SCALE = {2: "MP1", 1: "MP2"}  # PBN 2.1: MP1 earns 2 a lower score and 1 a tie, MP2 1 and 0.5
USEBIO_SCORING = {MP: "MATCH_POINTS", CROSS_IMP: "CROSS_IMPS", BUTLER: "BUTLER_IMPS", TP: "AGGREGATE"}
# The settings each format carries (by key): everything else given other than its default is W147.
CARRIED = {
    PBN: {"event", "date", "venue", "scoring", "movement", "mp_scale", "pair_numbering", "language"},
    USEBIO: {"event", "date", "venue", "scoring", "pair_numbering", "language", "club_number"},
}
STRAIN_WORDS = {"N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}
AVERAGE_WORDS = {
    60.0: "AVE+",
    50.0: "AVE",
    40.0: "AVE-",
}  # an average as the readers write it, by its percentage
DEALERS = np.array(SEATS)  # Law 2: board 1 North deals, board 2 East, ...
VUL_WORDS = {(False, False): "None", (True, False): NS, (False, True): EW, (True, True): "All"}
USEBIO_VUL = {"None": "Love", NS: "North-South", EW: "East-West", "All": "All"}
PASS, NOT_PLAYED = "Pass", "NP"
BY_DIRECTION = r"^(?P<number>.+?)\s+(?P<side>NS|EW)$"  # a pair id under club numbering: `1 NS`
L = "lines"  # the frame of result lines below, one row a result


@dataclass
class Exported:
    """A scored bridge event as the formats carry it: its settings, a row a result (`result_lines`), the
    boards' dealer, vulnerability and deal, the ranking, and the matches of a teams event."""

    event: BridgeEvent
    lines: pd.DataFrame
    boards: pd.DataFrame
    ranking: pd.DataFrame
    matches: pd.DataFrame
    optimum: dict[int, tuple[str, WrittenTable]] = field(default_factory=dict)  # `board_optimum`
    members: pd.DataFrame | None = None  # the standings' Members sheet (English headers), when it has one


def number_text(values: pd.Series) -> pd.Series:
    """Numbers as a scoring program writes them: whole ones without a point, others to two decimals at most
    (`4`, `2.5`, `56.25`); '' for none."""
    number = pd.to_numeric(values, errors="coerce").astype("float64").round(2)
    whole = number.where(number % 1 == 0).astype("Int64").astype("string")
    text = whole.fillna(number.map(lambda v: f"{v:.2f}".rstrip("0").rstrip(".")).astype("string"))
    return text.where(number.notna(), "").astype(object)


def english_sheet(standings: Standings, model: type) -> pd.DataFrame | None:
    """The frame of the standings' sheet of this model, in English (as computed), or None."""
    name = sheet_name_of(model)
    found: list[OutputSheet] = [s for s in standings.english if s.name == name]
    return found[0].frame if found else None


def contract_words(r: pd.DataFrame) -> pd.Series:
    """Each result's contract as PBN writes it (`3NT`, `4SX`, `Pass`), '' where there is none."""
    doubled = r[X.doubling].map({0: "", 1: "X", 2: "XX"}).fillna("")
    bid = r[X.level].astype("Int64").astype("string") + r[X.strain].map(STRAIN_WORDS) + doubled
    return bid.fillna("").where(~r[X.passed], PASS).astype(object)


def adjusted_words(r: pd.DataFrame) -> tuple[pd.Series, pd.Series, pd.Series]:
    """Each side's artificial score as the readers write it (`A60`, `AVE+`; '' where none) and whether it is
    carried exactly (a weighted score, or an average not the opposite of the other side's, is not)."""
    ns, ew = r[X.ns_pct], r[X.ew_pct]
    given = ns.notna() & ew.notna() & ~r[X.not_played]
    opposite = (ns + ew).eq(100) & ns.isin(list(AVERAGE_WORDS))
    averaged = r[X.averaged] & opposite
    ns_words = ns.map(AVERAGE_WORDS).where(averaged, "A" + number_text(ns).astype(str))
    ew_words = ew.map(AVERAGE_WORDS).where(averaged, "A" + number_text(ew).astype(str))
    exact = ~(r[X.weighted] | (r[X.averaged] & ~opposite))
    return ns_words.where(given, ""), ew_words.where(given, ""), exact | ~given


def result_lines(event: BridgeEvent, travellers: pd.DataFrame | None) -> pd.DataFrame:
    """A row a result: board, section, round, table, ns, ew, match, room, contract, declarer, tricks, the
    north-south score, each side's artificial score, and the method's value for each side (its MP or IMPs on
    the board, from the Travellers), in the order of the results."""
    r = event.results
    typed = event.results_sheet.frame.reindex(r.index)
    ns_adj, ew_adj, exact = adjusted_words(r)
    lines = pd.DataFrame(
        {
            X.row: r.index,
            X.board: r[X.board].astype("Int64"),
            X.section: r[X.section].fillna("").astype(object),
            X.round: typed.get(X.round, pd.Series("", index=r.index)).fillna("").astype(str),
            X.table: typed.get(X.table, pd.Series("", index=r.index)).fillna("").astype(str),
            X.ns: numbered(r[X.ns].fillna("").astype(object), event.by_direction)[0],
            X.ew: numbered(r[X.ew].fillna("").astype(object), event.by_direction)[0],
            X.match: r[X.match].fillna("").astype(object),
            X.room: r[X.room].fillna("").astype(object),
            X.contract: contract_words(r).where(~r[X.not_played], NOT_PLAYED),
            X.declarer: r[X.declarer].fillna("").astype(object).where(r[X.level].notna(), ""),
            X.tricks: number_text(r[X.tricks].where(r[X.level].notna())),
            X.ns_score: r[X.ns_score].where(ns_adj.eq("") & ~r[X.not_played]),
            "ns_adjusted": ns_adj,
            "ew_adjusted": ew_adj,
            X.ns_pct: r[X.ns_pct],
            X.ew_pct: r[X.ew_pct],
            "exact": exact,
            X.ns_vul: r[X.ns_vul].fillna(False).astype(bool),
            X.ew_vul: r[X.ew_vul].fillna(False).astype(bool),
        }
    ).reset_index(drop=True)
    return lines.join(method_values(lines, event, travellers))


def method_values(lines: pd.DataFrame, event: BridgeEvent, travellers: pd.DataFrame | None) -> pd.DataFrame:
    """Each result line's value for each side under the event's method (ns_value, ew_value: MP or IMPs), from
    the Travellers by Board, NS and EW (Match and Room in a teams event, Section where it has one)."""
    columns = event.settings.method.traveller_columns
    empty = pd.DataFrame({X.ns_value: "", X.ew_value: ""}, index=lines.index)
    if travellers is None or X.ns_value not in columns:
        return empty
    t = titles_of(TV)
    keys = [k for k in (X.section, X.match, X.room, X.board, X.ns, X.ew) if t[k] in travellers]
    left = lines[keys].astype(str)
    right = travellers[[t[k] for k in keys]].astype(str).set_axis(keys, axis=1)
    right[X.room] = right[X.room].str.lower() if X.room in keys else None
    left[X.room] = left[X.room].str.lower() if X.room in keys else None
    right[X.board] = pd.to_numeric(right[X.board]).astype("Int64").astype(str) if X.board in keys else None
    for side in (X.ns, X.ew):  # the Travellers name pairs as tally does (`1 NS`), the lines as files do
        if side in keys:
            right[side] = numbered(right[side], event.by_direction)[0]
    values = travellers[[columns[X.ns_value], columns[X.ew_value]]].set_axis([X.ns_value, X.ew_value], axis=1)
    found = left.merge(pd.concat([right, values], axis=1).drop_duplicates(keys), on=keys, how="left")
    return found[[X.ns_value, X.ew_value]].apply(number_text).set_axis(lines.index)


def board_facts(lines: pd.DataFrame, event: BridgeEvent) -> pd.DataFrame:
    """A row a board (and section): its dealer, its vulnerability (None, NS, EW, All, as its first result
    has it) and its deal as PBN writes it from the dealer (`E:...`; '' when not known)."""
    first = lines.drop_duplicates([X.section, X.board])[[X.section, X.board, X.ns_vul, X.ew_vul]]
    first = first.sort_values([X.section, X.board], kind="stable").reset_index(drop=True)
    vul = pd.Series(list(zip(first[X.ns_vul], first[X.ew_vul], strict=True))).map(VUL_WORDS)
    dealer = pd.Series(DEALERS[(first[X.board].astype("int64").to_numpy() - 1) % 4])
    boards = first[[X.section, X.board]].assign(dealer=dealer, vul=vul, deal="")
    deals = event.deals
    if deals is None or deals.empty:
        return boards
    known = deals.drop_duplicates([X.board, X.section]).assign(board=lambda d: d[X.board].astype("int64"))
    hands, _formed = hands_from_north(known[X.deal])
    start = known[X.dealer].map({s: i for i, s in enumerate(SEATS)}).fillna(0).astype("int64").to_numpy()
    order = (np.arange(4)[None, :] + start[:, None]) % 4  # the hands clockwise from the dealer
    rotated = np.take_along_axis(hands.to_numpy(dtype=object), order, axis=1)
    text = known[X.dealer] + ":" + pd.Series([" ".join(h) for h in rotated], index=known.index)  # a few dozen
    known = known.assign(deal=text)[[X.board, X.section, X.deal, X.dealer, X.vul]]
    sectioned = known[X.section].ne("").any()
    keys = [X.board, X.section] if sectioned else [X.board]
    merged = boards.drop(columns=[X.deal]).merge(
        known.drop(columns=[] if sectioned else [X.section]), on=keys, how="left", suffixes=("", "_deal")
    )
    return merged.assign(
        dealer=merged["dealer_deal"].fillna(merged[X.dealer]),
        vul=merged["vul_deal"].fillna(merged[X.vul]),
        deal=merged[X.deal].fillna(""),
    )[[X.section, X.board, X.dealer, X.vul, X.deal]]


def pair_ranking(standings: Standings, event: BridgeEvent) -> pd.DataFrame:
    """The ranking as the formats write it: rank, id, field (NS/EW in a two-winner event), names, total and
    percentage (text)."""
    frame = english_sheet(standings, PS) if not event.settings.teams else english_sheet(standings, TS)
    if frame is None:
        return pd.DataFrame(columns=[X.rank, X.id, X.field, X.names, X.total, X.percent])
    s = titles_of(PS) if not event.settings.teams else titles_of(TS)
    columns = event.settings.method.standing_columns
    total = columns.get(X.total, s.get(X.vps, ""))
    return pd.DataFrame(
        {
            X.rank: frame[s[X.rank]].astype(str),
            X.id: frame[s.get(X.pair, s.get(X.team, ""))].astype(str),
            X.field: frame[s[X.field]].fillna("").astype(str) if s.get(X.field) in frame else "",
            X.names: frame[s[X.names]].fillna("").astype(str),
            X.total: number_text(frame[total]) if total in frame else "",
            X.percent: number_text(frame[columns[X.percent]]) if X.percent in columns else "",
        }
    )


def team_matches(standings: Standings) -> pd.DataFrame:
    """A teams event's matches: match, round, home, away and each side's IMPs and VPs (text)."""
    frame = english_sheet(standings, MR)
    if frame is None:
        return pd.DataFrame()
    m = titles_of(MR)
    keys = (X.match, X.round, X.home, X.away, X.home_imps, X.away_imps, X.home_vps, X.away_vps)
    return pd.DataFrame(
        {
            k: number_text(frame[m[k]]) if k.endswith((X.imps, X.vps)) else frame[m[k]].astype(str)
            for k in keys
            if m[k] in frame
        }
    )


def exported(standings: Standings) -> Exported:
    """The event of a bridge standings as the formats carry it."""
    event = standings.event
    lines = result_lines(event, english_sheet(standings, TV))
    boards, ranking, matches = (
        board_facts(lines, event),
        pair_ranking(standings, event),
        team_matches(standings),
    )
    members = english_sheet(standings, MB)
    return Exported(
        event, lines, boards, ranking, matches, board_optimum(english_sheet(standings, H)), members
    )


DENOMINATIONS = {H.tricks_nt: "NT", H.tricks_s: "S", H.tricks_h: "H", H.tricks_d: "D", H.tricks_c: "C"}


def board_optimum(hands: pd.DataFrame | None) -> dict[int, tuple[str, WrittenTable]]:
    """Board number -> its OptimumScore (PBN 2.1: `NS <score>`, the par score for NS) and OptimumResultTable
    (Declarer, Denomination, Result: the tricks each seat takes as declarer in each strain double dummy, N E S
    W by NT S H D C), from the Hands sheet (four rows a board, North to West). A board number the sheet shows
    more than once (sections dealt apart) has none: PBN's board would not say which deal it is."""
    if hands is None or hands.empty:
        return {}
    h = titles_of(H)
    board = hands[h[H.board]].to_numpy(dtype="int64")
    single = pd.Series(board).map(pd.Series(board).value_counts()).eq(len(SEATS)).to_numpy()
    found = hands[single]
    tricks = (
        found[[h[c] for c in DENOMINATIONS]]
        .to_numpy(dtype="int64")
        .reshape(-1, len(SEATS), len(DENOMINATIONS))
    )
    numbers = found[h[H.board]].to_numpy(dtype="int64")[:: len(SEATS)]
    pars = found[h[H.par]].to_numpy(dtype="float64")[:: len(SEATS)]
    columns = [(DECLARER_COL, "L"), (DENOMINATION_COL, "R"), (RESULT_COL, "R")]
    out = {}
    for number, par, grid in zip(numbers, pars, tricks, strict=True):  # a board each: a few dozen
        if np.isnan(par):  # not analysed: no optimum to give
            continue
        rows = [
            [seat, d, str(t)]
            for seat, row in zip(SEATS, grid, strict=True)
            for d, t in zip(DENOMINATIONS.values(), row, strict=True)
        ]
        out[int(number)] = (f"NS {int(par)}", WrittenTable(OPTIMUM_TABLE, columns, rows))
    return out


def optimum_section(ex: Exported, board: Record) -> tuple[list[tuple[str, str]], list[WrittenTable]]:
    """A board's OptimumScore tag and OptimumResultTable when its deal was analysed; none otherwise."""
    found = ex.optimum.get(int(board[X.board]))
    return ([(OPTIMUM_SCORE_TAG, found[0])], [found[1]]) if found else ([], [])


def given_settings(sheets: dict[str, Sheet]) -> dict[str, object]:
    """Every setting the workbook gives a value other than its default, by key."""
    specs = setting_specs()
    values, _problems = key_value_settings(sheets.get(sheet_key(SettingsSheet)), specs)
    return {k: v for k, v in values.items() if k in specs and specs[k].value(values, k) != specs[k].default}


def loss_warnings(ex: Exported, given: dict[str, object], form: str, name: str) -> list[Problem]:
    """What the file written in `form` does not carry: each result not carried exactly (W146), and the
    settings given and the penalties (W147)."""
    specs = setting_specs()
    lost = [specs[k].written_name for k in given if k not in CARRIED[form]]  # named as the language spoken
    if not ex.event.penalties.empty:
        lost.append(_("the penalties (Law 90)"))
    if form == PBN and ex.event.settings.teams and ex.ranking[X.names].ne("").any():
        lost.append(_("the teams' players"))
    problems = []
    if lost:
        problem = _(
            "a {form} file does not carry these: {lost}; read back, it scores without them",
            form=form,
            lost=", ".join(lost),
        )
        problems.append(Problem.of(NOT_CARRIED, name, None, None, None, problem))
    inexact = ex.lines[~ex.lines["exact"]]
    sheet = ex.event.results_sheet
    for row, ns, ew in zip(inexact[X.row], inexact["ns_adjusted"], inexact["ew_adjusted"], strict=True):
        problem = _(
            "{form} cannot carry this adjusted score exactly; it is written as the percentages {ns}, {ew}",
            form=form,
            ns=f"NS {ns[1:]} %",
            ew=f"EW {ew[1:]} %",
        )
        problems.append(Problem.of(NOT_EXACT, sheet.name, int(row), None, None, problem))
    return problems


# PBN ---------------------------------------------------------------------------------------------------------


def pbn_date(iso: str) -> str:
    """An ISO date as PBN writes it (2026.11.24); PBN's unknown date when there is none."""
    return iso.replace("-", ".") if len(iso) == 10 else "????.??.??"


def pbn_scoring(ex: Exported) -> str:
    """The Scoring tag's value: the method, and MP1 or MP2 for the matchpoint scale."""
    method = ex.event.settings.method.name
    scale = PBN_MP_SCALE.get(int(ex.event.settings.options.get("mp_scale", 2)), "") if method == MP else ""
    return PBN_SCORING[method] + (f";{scale}" if scale else "")


def identification_tags(ex: Exported, board: Record) -> list[tuple[str, str]]:
    """A game's identification section, PBN's mandatory tag set in its order (unknown players blank)."""
    s = ex.event.settings
    return [
        (EVENT_TAG, s.event),
        (SITE_TAG, s.venue),
        (DATE_TAG, pbn_date(s.date)),
        (BOARD_TAG, str(board[X.board])),
        *((seat, "") for seat in ("West", "North", "East", "South")),
        ("Dealer", board[X.dealer]),
        (VULNERABLE_TAG, board[X.vul]),
        ("Deal", board[X.deal]),
        (SCORING_TAG, pbn_scoring(ex)),
    ]


def score_table(ex: Exported, lines: pd.DataFrame) -> WrittenTable:
    """A board's ScoreTable: a row a result, the columns the event has (Section, Round, Table when given)."""
    method = ex.event.settings.method.name
    value = {MP: "MP", CROSS_IMP: "IMP", BUTLER: "IMP"}.get(method)
    ns_score = number_text(lines[X.ns_score].where(lines[X.ns_score] >= 0))
    ew_score = number_text(-lines[X.ns_score].where(lines[X.ns_score] < 0))
    columns: dict[tuple[str, str], pd.Series] = {
        (SECTION_COL, "L"): lines[X.section],
        (ROUND_COL, "R"): lines[X.round],
        (TABLE_COL, "R"): lines[X.table],
        (NS_COL, "R"): lines[X.ns],
        (EW_COL, "R"): lines[X.ew],
        (CONTRACT_COL, "L"): lines[X.contract],
        (DECLARER_COL, "R"): lines[X.declarer],
        (RESULT_COL, "R"): lines[X.tricks],
        (SCORE_NS_COL, "R"): ns_score.where(lines["ns_adjusted"].eq(""), lines["ns_adjusted"]),
        (SCORE_EW_COL, "R"): ew_score.where(lines["ew_adjusted"].eq(""), lines["ew_adjusted"]),
    }
    if value:
        columns |= {(f"{value}_NS", "R"): lines[X.ns_value], (f"{value}_EW", "R"): lines[X.ew_value]}
    kept = {
        k: v for k, v in columns.items() if k[0] not in (SECTION_COL, ROUND_COL, TABLE_COL) or v.ne("").any()
    }
    rows = pd.DataFrame({k[0]: v.astype(str) for k, v in kept.items()}).to_numpy().tolist()
    return WrittenTable(SCORE_TABLE, list(kept), rows)


def total_table(ex: Exported) -> WrittenTable:
    """The TotalScoreTable: each pair's rank, id, section and direction where they apply, total, percentage
    and names."""
    r = ex.ranking
    method = ex.event.settings.method.name
    total = {MP: "TotalScoreMP", CROSS_IMP: "TotalScoreIMP", BUTLER: "TotalScoreIMP"}.get(
        method, "TotalScore"
    )
    ids, directions = numbered(r[X.id], ex.event.by_direction)
    columns: dict[tuple[str, str], pd.Series] = {
        ("Rank", "R"): r[X.rank],
        (PAIR_COL, "R"): ids,
        (DIRECTION_COL, "L"): directions,
        (total, "R"): r[X.total],
        ("TotalPercentage", "R"): r[X.percent],
        (NAMES_COL, "L"): r[X.names],
    }
    kept = {k: v for k, v in columns.items() if k[0] in ("Rank", PAIR_COL, total) or v.ne("").any()}
    rows = pd.DataFrame({k[0]: v.astype(str) for k, v in kept.items()}).to_numpy().tolist()
    return WrittenTable(TOTAL_TABLE, list(kept), rows)


def numbered(ids: pd.Series, by_direction: bool) -> tuple[pd.Series, pd.Series]:
    """Pair ids as the formats write them, and their directions: pairs numbered by direction (club
    numbering, tally's `1 NS`) as the number with NS or EW beside it; other ids as they are, no direction."""
    if not by_direction:
        return ids, pd.Series("", index=ids.index)
    parts = ids.astype(str).str.extract(BY_DIRECTION)
    return parts["number"].fillna(ids), parts[X.side].fillna("")


def pbn_games(ex: Exported) -> list[WrittenGame]:
    """The event as PBN games: a pairs event a game a board (and section) with its ScoreTable, the last with
    the TotalScoreTable; a teams event a game a board played in each room, its result in the game's tags."""
    s = ex.event.settings
    extra = [(COMPETITION_TAG, "Teams" if s.teams else "Pairs"), (EVENT_DATE_TAG, pbn_date(s.date))]
    extra += [(MOVEMENT_TAG, s.movement)] if s.movement else []
    if s.teams:
        return team_games(ex, extra)
    games = []
    for board in ex.boards.to_dict("records"):  # a game a board: a few dozen
        at = ex.lines[(ex.lines[X.board] == board[X.board]) & (ex.lines[X.section] == board[X.section])]
        tags = [*identification_tags(ex, board), (DECLARER_TAG, ""), (CONTRACT_TAG, ""), (RESULT_TAG, "")]
        optimum, analysed = optimum_section(ex, board)
        games.append(WrittenGame([*tags, *extra, *optimum], [*analysed, score_table(ex, at)]))
    if games and not ex.ranking.empty:
        games[-1].tables.append(total_table(ex))
    return games


def team_games(ex: Exported, extra: list[tuple[str, str]]) -> list[WrittenGame]:
    """A teams event's games: a board in a room a game, the match's teams and round, the contract, declarer,
    tricks and score in its own tags (the home team north-south in the Open room)."""
    matches = {m[X.match]: m for m in ex.matches.to_dict("records")}
    boards = {b[X.board]: b for b in ex.boards.to_dict("records")}
    games = []
    for line in ex.lines.to_dict("records"):  # a game a result: a few hundred at most
        board = boards[line[X.board]]
        match = matches.get(line[X.match], {})
        score = line[X.ns_score]
        tags = [
            *identification_tags(ex, board),
            (DECLARER_TAG, line[X.declarer]),
            (CONTRACT_TAG, line[X.contract]),
            (RESULT_TAG, line[X.tricks]),
            *extra,
            (ROOM_TAG, line[X.room].capitalize()),
            (ROUND_TAG, str(match.get(X.round, ""))),
            (HOME_TAG, str(match.get(X.home, ""))),
            (VISIT_TAG, str(match.get(X.away, ""))),
            (SCORE_TAG, "" if pd.isna(score) else f"NS {number_text(pd.Series([score])).iloc[0]}"),
        ]
        optimum, analysed = optimum_section(ex, board)
        games.append(WrittenGame([*tags, *optimum], analysed))
    return games


# USEBIO ------------------------------------------------------------------------------------------------------


def leaf(name: str, text: object, **attributes: str) -> Element:
    """An element holding text."""
    return Element(name, 0, dict(attributes), "" if text is None else str(text))


def node(name: str, children: list[Element], **attributes: str) -> Element:
    """An element holding others."""
    return Element(name, 0, dict(attributes), "", children)


def usebio_date(iso: str) -> str:
    """An ISO date as USEBIO 1.2 writes it (DD/MM/YYYY); '' when there is none."""
    return f"{iso[8:10]}/{iso[5:7]}/{iso[0:4]}" if len(iso) == 10 else ""


def player_elements(names: str, teams: bool) -> list[Element]:
    """A PLAYER for each name of a pair (`A - B`) or a team (`A, B, C, D`)."""
    parts = [p.strip() for p in names.split("," if teams else " - ") if p.strip()]
    return [node("PLAYER", [leaf("PLAYER_NAME", p)]) for p in parts]


def member_elements(members: pd.DataFrame | None) -> dict[str, list[Element]]:
    """Each competitor's PLAYERs from the standings' Members sheet (PLAYER_NAME, NATIONAL_ID_NUMBER: the
    membership number a federation's upload matches players by), by competitor id; empty without one."""
    if members is None:
        return {}
    found: dict[str, list[Element]] = {}
    title = titles_of(MB)
    for competitor, number, name in zip(
        members[title[MB.competitor]].astype("str"),
        members[title[MB.player_id]],
        members[title[MB.player]],
        strict=True,
    ):  # two to six players a competitor
        kids = [leaf("PLAYER_NAME", "" if pd.isna(name) else name)]
        kids += [] if pd.isna(number) else [leaf("NATIONAL_ID_NUMBER", number)]
        found.setdefault(competitor, []).append(node("PLAYER", kids))
    return found


def participant_elements(ex: Exported) -> list[Element]:
    """The PARTICIPANTS' PAIRs (or TEAMs): number, direction, place, percentage or total, players (with their
    national numbers where the Members sheet gives them)."""
    teams = ex.event.settings.teams
    out = []
    r = ex.ranking
    ids, directions = numbered(r[X.id], ex.event.by_direction)
    players = member_elements(ex.members)
    for rank, competitor, pid, direction, names, total, percent in zip(
        r[X.rank], r[X.id], ids, directions, r[X.names], r[X.total], r[X.percent], strict=True
    ):  # a competitor an element: a few dozen
        listed = players.get(competitor) or player_elements(names, teams)
        if teams:
            kids = [leaf("PLACE", rank), leaf("TOTAL_SCORE", total), *listed]
            out.append(node("TEAM", kids, TEAM_ID=pid, TEAM_NAME=pid))
            continue
        kids = [leaf("PAIR_NUMBER", pid), *([leaf("DIRECTION", direction)] if direction else [])]
        kids += [leaf("PLACE", rank)]
        kids += [leaf("PERCENTAGE", percent)] if percent else [leaf("TOTAL_SCORE", total)] if total else []
        out.append(node("PAIR", kids + listed))
    return out


def usebio_cells(lines: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Each line's CONTRACT and SCORE cells: an artificial score whose sides' percentages add to 100 in
    SCORE as north-south's (`A60`, `AVE+`), any other in CONTRACT as both sides' (`A60/A50`)."""
    adjusted = lines["ns_adjusted"].ne("")
    paired = adjusted & (lines[X.ns_pct] + lines[X.ew_pct]).ne(100)
    both = "A" + number_text(lines[X.ns_pct]).astype(str) + "/A" + number_text(lines[X.ew_pct]).astype(str)
    contract = lines[X.contract].where(~paired, both)
    score = number_text(lines[X.ns_score]).where(~adjusted, lines["ns_adjusted"].where(~paired, ""))
    return contract, score


def traveller_element(line: Record, value: str | None, teams: bool) -> Element:
    """A TRAVELLER_LINE: the pairs (a teams line: the direction of the match's home team), round and table
    where given, contract, declarer, tricks, north-south's score (or the artificial score) and, in a pairs
    event, each side's matchpoints or IMPs."""
    elements = {v: k for k, v in USEBIO_LINE.items()}
    kids = (
        [leaf("DIRECTION", NS if line[X.room].lower() == "open" else EW)]
        if teams
        else [leaf(elements[NS_COL], line[X.ns]), leaf(elements[EW_COL], line[X.ew])]
    )
    placed = ((ROUND_COL, line[X.round]), (TABLE_COL, line[X.table]))
    kids += [leaf(elements[c], v) for c, v in placed if v and not teams]
    kids += [
        leaf(elements[CONTRACT_COL], line["usebio_contract"]),
        leaf(elements[DECLARER_COL], line[X.declarer]),
        leaf(elements[RESULT_COL], line[X.tricks]),
        leaf(elements[SCORE_NS_COL], line["usebio_score"]),
    ]
    if value and line[X.ns_value] and not teams:
        kids += [leaf(f"NS_{value}", line[X.ns_value]), leaf(f"EW_{value}", line[X.ew_value])]
    return node("TRAVELLER_LINE", kids)


def board_element(ex: Exported, board: Record, lines: pd.DataFrame, teams: bool) -> Element:
    """A BOARD: its number, its vulnerability and hands when the deal is known, and its traveller lines."""
    value = {MP: "MATCH_POINTS", CROSS_IMP: "IMPS", BUTLER: "IMPS"}.get(ex.event.settings.method.name)
    kids = [leaf("BOARD_NUMBER", board[X.board])]
    if board[X.deal]:
        kids += [leaf("VULNERABILITY", USEBIO_VUL[board[X.vul]]), *hand_elements(board[X.deal])]
    kids += [
        traveller_element(line, value, teams) for line in lines.to_dict("records")
    ]  # a board's few lines
    return node("BOARD", kids)


def hand_elements(deal: str) -> list[Element]:
    """The four HANDs of a deal (`E:...`): each its DIRECTION and its cards by suit."""
    hands, _formed = hands_from_north(pd.Series([deal]))
    suits = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
    words = {"N": "North", "E": "East", "S": "South", "W": "West"}
    return [
        node(
            "HAND",
            [
                leaf("DIRECTION", words[seat]),
                *(leaf(s, h) for s, h in zip(suits, hands[seat].iloc[0].split("."), strict=True)),
            ],
        )
        for seat in SEATS
    ]


def usebio_event(ex: Exported) -> Element:
    """The USEBIO root: the club (the Venue, and the Club Number when given), the EVENT with its description,
    date, method and counts, a SESSION and SECTION (one a section) holding the participants and the boards; a
    teams event's MATCHes."""
    s = ex.event.settings
    teams = s.teams
    two = ex.ranking[X.field].ne("").any()
    head = [leaf("PROGRAM_NAME", "tally"), leaf("PROGRAM_VERSION", __version__)]
    head += (
        [leaf("MATCH_SCORING_METHOD", "VPS")]
        if teams
        else [leaf("BOARD_SCORING_METHOD", USEBIO_SCORING[s.method.name])]
    )
    head += [leaf("EVENT_DESCRIPTION", s.event), *([leaf("DATE", usebio_date(s.date))] if s.date else [])]
    contract, score = usebio_cells(ex.lines)
    ex = replace(ex, lines=ex.lines.assign(usebio_contract=contract, usebio_score=score))
    sections = sorted(ex.lines[X.section].unique())
    head += [
        leaf("SESSION_COUNT", 1),
        leaf("SECTION_COUNT", len(sections)),
        leaf("BOARDS_PLAYED", ex.boards[X.board].nunique()),
    ]
    head += [leaf("WINNER_TYPE", 2 if two else 1)]
    section_elements = []
    for section in sections:  # a few sections
        at = ex.lines[ex.lines[X.section] == section]
        kids: list[Element] = (
            [node("PARTICIPANTS", participant_elements(ex))] if section == sections[0] else []
        )
        if teams:
            kids += match_elements(ex, at)
        else:
            boards = ex.boards[ex.boards[X.section] == section]
            kids += [
                board_element(ex, b, at[at[X.board] == b[X.board]], False) for b in boards.to_dict("records")
            ]
        section_elements.append(node("SECTION", kids, SECTION_ID=section or "A"))
    event = node(
        "EVENT",
        [*head, node("SESSION", section_elements, SESSION_ID="1")],
        EVENT_TYPE="TEAMS" if teams else "PAIRS",
    )
    number = [leaf("CLUB_ID_NUMBER", s.club_number)] if s.club_number else []  # Settings Club Number
    club = node("CLUB", [leaf("CLUB_NAME", s.venue), *number])
    return node(USEBIO_ROOT, [club, event], Version="1.2")


def match_elements(ex: Exported, lines: pd.DataFrame) -> list[Element]:
    """A teams event's MATCHes: round, the home TEAM and the OPPOSING_TEAM, their IMPs and VPs, and a BOARD
    for each board with its two rooms' traveller lines."""
    out = []
    boards = {b[X.board]: b for b in ex.boards.to_dict("records")}
    for m in ex.matches.to_dict("records"):  # a match an element: a few dozen
        at = lines[lines[X.match] == m[X.match]]
        kids = [
            leaf("ROUND_NUMBER", m.get(X.round, "")),
            leaf("TEAM", m[X.home]),
            leaf("OPPOSING_TEAM", m[X.away]),
        ]
        kids += [
            leaf("TEAM_SCORE", m.get(X.home_vps, "")),
            leaf("OPPOSING_TEAM_SCORE", m.get(X.away_vps, "")),
        ]
        for number in sorted(at[X.board].unique()):
            board = boards[number]
            kids.append(board_element(ex, board, at[at[X.board] == number], True))
        out.append(node("MATCH", kids))
    return out


# The files -------------------------------------------------------------------------------------------------

PBN_MARK, USEBIO_MARK = "% {}".format, "<!-- {} -->".format  # tally's mark, as each format comments


def pbn_file(standings: Standings) -> tuple[str, list[Problem]]:
    """The PBN text of a scored bridge event and what it does not carry (W146, W147)."""
    ex = exported(standings)
    name = standings.event.results_sheet.name
    lost = loss_warnings(ex, given_settings(standings.source.sheets if standings.source else {}), PBN, name)
    return pbn_text(pbn_games(ex), f"tally {__version__}"), lost


def usebio_file(standings: Standings) -> tuple[str, list[Problem]]:
    """The USEBIO text of a scored bridge event and what it does not carry (W146, W147)."""
    ex = exported(standings)
    name = standings.event.results_sheet.name
    lost = loss_warnings(
        ex, given_settings(standings.source.sheets if standings.source else {}), USEBIO, name
    )
    return usebio_text(usebio_event(ex)), lost
