"""From the sheets of a bridge workbook to validated, typed results; every problem collected."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from pipeline.games.bridge.awards import adjusted_scores, weighted_columns, weighted_score_problems
from pipeline.games.bridge.cells import (
    cell_problems,
    language_problems,
    misplaced,
    read_strains,
    results_language,
    tricks_against_contract,
    without_misplaced,
)
from pipeline.games.bridge.contracts import (
    RESULT_PATTERN,
    normalized_text,
    parsed_contracts,
    parsed_declarers,
    relative_tricks,
)
from pipeline.games.bridge.numbering import club_numbering, numbered_by_direction, without_flood
from pipeline.games.bridge.penalties import empty_penalties, event_units, penalty_table
from pipeline.games.bridge.score import declarer_scores, impossible_score_mask, ns_scores
from pipeline.games.bridge.settings import FINAL_SETTING, BridgeSettings, bridge_settings
from pipeline.games.bridge.tie_breaks import session_problems
from pipeline.games.bridge.vulnerability import BOARD_CYCLE, vulnerability_from_board, vulnerability_from_text
from pipeline.games.bridge.words import room_names, written_sheet
from pipeline.games.checks import (
    MISSING_COLUMN,
    MISSING_SHEET,
    as_problem_list,
    blank_row_warnings,
    first_rows,
    id_spelling_problems,
    missing_columns,
    nothing_to_score,
    present_columns,
    problems_where,
    repeated_row_problems,
    repeated_rows,
    required_columns,
    required_sheet,
    schema_problems,
    sheet_package_problems,
    stop_on_errors,
    with_aliases,
)
from pipeline.games.corrections import CorrectionRules
from pipeline.games.heading import Progress, rounds_progress
from pipeline.games.names import close_matches, resolved_columns, without_unknown_at_ambiguous
from pipeline.i18n import _, _each
from pipeline.parsing import as_ids, as_words, distinct_rows, spread, text_or_empty, whole_numbers
from pipeline.problems import InputError, Problem, kind
from pipeline.sheets import Sheet, is_among, sheet_key, without_blank_rows
from schemas.bridge import (
    BOARD,
    NS_SEATS,
    ROOMS,
    SCORE,
    TRICKS,
    PairsSheet,
    TeamsSheet,
)
from schemas.bridge import AdjustedScore as A
from schemas.bridge import BridgePenaltiesSheet as PN
from schemas.bridge import Competitor as CO
from schemas.bridge import Contract as K
from schemas.bridge import ResultsSheet as R
from schemas.bridge import Seat as ST
from schemas.bridge import TeamMatch as TM
from schemas.bridge import TeamMatchesSheet as M
from schemas.bridge import TypedResult as T
from schemas.bridge import Vulnerability as V
from schemas.common import sheet_name_of, titles_of
from schemas.plain import Span
from schemas.shared import SettingsSheet


def whole_within(span: Span) -> Callable[[pd.Series], pd.Series]:
    """A parser of the whole numbers in the span (NA otherwise)."""

    def parse(text: pd.Series) -> pd.Series:
        return whole_numbers(text, span.low, span.high)

    return parse


BAD_CONTRACT = kind("B105", "a Contract tally cannot read (level 1-7, a strain, X or XX; or PASS)")
NO_DECLARER = kind("B106", "a contract without its Declarer (N, E, S or W)")
BAD_RESULT = kind("B107", "a Result that gives no number of tricks from 0 to 13")
NO_TRICKS = kind("B108", "a contract without the tricks taken or the result")
TRICKS_RESULT = kind("B109", "Tricks and Result disagree")
BAD_VUL = kind("B110", "a Vul that is not None, NS, EW or All")
BAD_ADJUSTED = kind("B111", "an Adjusted score tally cannot read")
RESULT_AND_ADJUSTED = kind("B112", "a row gives both a result and an adjusted score")
NO_RESULT = kind("B113", "a row without a Contract, a Score or an Adjusted score")
NOT_YET_PLAYED = kind(
    "B180",
    "result rows still empty: boards not yet played, left out of the standings until they are filled in",
    severity="warning",
    example="Results, row 65: 84 board(s) have no result yet (round(s) 4, 5, 6, 7): they are left out of the "
    "standings, which are provisional, until their results are filled in",
)
RESULT_CELLS = [R.contract, R.declarer, R.tricks, R.result, R.score, R.adjusted]  # what a played row holds
READ_CELLS = [*RESULT_CELLS, R.vul]  # the cells a row's result is read from, with its board's vulnerability
SCORE_DISAGREES = kind("B114", "a Score that does not match its contract")
IMPOSSIBLE_SCORE = kind(
    "B115",
    "a Score no contract makes on that board's vulnerability",
    "warning",
    example="Results, row 4, column 'Score' [430]: warning: no contract scores this for north-south with neither side vulnerable; check the sign, the board and its vulnerability",
)
NO_PAIR = kind("B116", "a pair id is blank")
PLAYS_ITSELF = kind("B117", "a pair or team plays itself")
BOARD_TWICE = kind("B118", "a pair plays a board twice")
UNKNOWN_ID = kind("B119", "an id (pair, match or team) its list does not hold")
NO_MATCH = kind("B120", "a teams result without its Match")
BAD_ROOM = kind("B121", "a teams result without a Room of Open or Closed")
ROOM_TWICE = kind("B122", "a board scored twice in one room")
ONE_ROOM = kind("B123", "a board of a match scored in one room only")
LISTED_TWICE = kind("B124", "an id listed twice (Pairs, Teams or Matches)")
CORRECTABLE = [R.contract, R.declarer, R.tricks, R.result, R.vul, R.score, R.adjusted]


@dataclass
class BridgeEvent:
    """A validated bridge workbook: typed results and the sheets as written."""

    settings: BridgeSettings
    results: pd.DataFrame
    competitors: pd.DataFrame
    matches: pd.DataFrame
    results_sheet: Sheet
    warnings: list[Problem] = field(default_factory=list)
    penalties: pd.DataFrame = field(default_factory=empty_penalties)  # Law 90 (`Penalty`; penalties.py)
    waiting: pd.Series = field(default_factory=lambda: pd.Series(dtype=bool))  # rows of boards not yet played
    seating: pd.DataFrame = field(default_factory=pd.DataFrame)  # every row's NS, EW, section, session
    by_direction: bool = False  # club numbering: NS pairs 1..n and EW pairs 1..n (numbering.py)
    deals: pd.DataFrame | None = None  # the hand records by board, when given (deals.py): Hands and Par


def bridge_progress(event: BridgeEvent) -> Progress:
    """How far the event has gone: the rounds of the results played (of the matches, in teams), of the rows
    still waiting for a result, and the Rounds setting; and how many boards are still to play."""
    written = event.results_sheet.frame
    waiting = event.waiting.reindex(written.index, fill_value=False).to_numpy(dtype=bool)
    rounds = written[R.round] if R.round in written else pd.Series(dtype="str", index=written.index)
    played, still = rounds[~waiting], rounds[waiting]
    if event.settings.teams:
        played, still = event.matches[TM.round], pd.Series(dtype="str")
    found = rounds_progress(played, still, event.settings.rounds)
    return replace(found, waiting_boards=int(waiting.sum()))


def correction_rules(teams: bool) -> CorrectionRules:
    """Bridge corrections name a result by Board with NS/EW (pairs) or by Match, Room and Board (teams)."""
    titles = titles_of(R)
    correctable = {c: titles[c] for c in CORRECTABLE}
    if teams:
        return CorrectionRules(sheet_key(R), [R.match, R.room, R.board], [], correctable)
    return CorrectionRules(
        sheet_key(R), [R.board], [R.ns, R.ew, R.section, R.session], correctable, [R.ns, R.ew]
    )


@functools.cache
def blank_parse(parse: Callable[[pd.Series], pd.DataFrame]) -> pd.DataFrame:
    """What `parse` makes of a blank cell, worked out once (a column left out is blank throughout)."""
    return parse(pd.Series(pd.array([None], dtype="str")))


@functools.cache
def frame_parser(parse: Callable[[pd.Series], pd.Series]) -> Callable[[pd.Series], pd.DataFrame]:
    """`parse` with its answers as the one column of a frame (one such parser for each `parse`)."""
    return lambda s: parse(s).to_frame()


def frame_via_distinct(text: pd.Series, parse: Callable[[pd.Series], pd.DataFrame]) -> pd.DataFrame:
    """`parse` applied to the distinct cells only (results repeat a few hundred contracts), spread back."""
    codes, distinct = pd.factorize(text, use_na_sentinel=True)
    if len(distinct):
        table = parse(pd.Series(pd.array([*map(str, distinct), None], dtype="str")))
    else:
        table = blank_parse(parse)
    rows = np.where(codes < 0, len(distinct), codes)
    return table.iloc[rows].set_axis(text.index)


def series_via_distinct(text: pd.Series, parse: Callable[[pd.Series], pd.Series]) -> pd.Series:
    """`parse` applied to the distinct cells only, spread back."""
    return frame_via_distinct(text, frame_parser(parse)).iloc[:, 0]


def result_offsets(text: pd.Series) -> pd.Series:
    """Tricks over (+) or under (-) the contract from a result such as =, +1, -2 or made (Float64)."""
    parts = normalized_text(text).str.extract(RESULT_PATTERN)
    offset = pd.to_numeric(parts["offset"]).astype("Float64")
    return offset.where(parts["made"].isna(), 0.0).astype("Float64")


def sheet_contracts(sheet: Sheet) -> pd.DataFrame:
    """Each Results row's Contract cell parsed (`Contract`, `parsed_contracts`)."""
    return frame_via_distinct(sheet.frame[R.contract], parsed_contracts)


def typed_results(sheet: Sheet, contracts: pd.DataFrame | None = None) -> pd.DataFrame:
    """Every Results row typed and scored (`TypedResult`); NA wherever a cell is bad. `contracts`: the sheet's
    `sheet_contracts`, when already parsed. The rule, row by row: `seating_columns` and `result_columns` of
    every row. Rows with the same result cells on boards of the same vulnerability give the same result columns
    (a session repeats a few hundred contracts), so `result_columns` reads the first of each such group only
    (`result_groups`) and its answer is spread back; tests/bridge/test_typed_results.py checks this against
    `result_columns` of every row."""
    f = sheet.frame
    board = whole_within(BOARD)(f[R.board])
    group, first = result_groups(f, board)
    picked = f.iloc[first]
    contract = sheet_contracts(Sheet(sheet.name, picked)) if contracts is None else contracts.iloc[first]
    results = spread(result_columns(picked, contract, board.iloc[first]), group, f.index)
    return pd.DataFrame({**seating_columns(f, board), **results}, index=f.index, copy=False)


def result_groups(f: pd.DataFrame, board: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """A label per Results row, the same for rows with the same result cells (`READ_CELLS`) on boards of the
    same vulnerability (`board`: the boards as numbers), and the first row of each label (`distinct_rows`)."""
    cycle = board.to_numpy(dtype="float64", na_value=0) % len(BOARD_CYCLE)  # a board's place in the cycle
    return distinct_rows([*(f[c] for c in READ_CELLS), pd.Series(cycle, index=f.index)])


def seating_columns(f: pd.DataFrame, board: pd.Series) -> dict[str, pd.Series]:
    """Where each Results row was played (`TypedResult` board, section, session, ns, ew, match and room)."""
    return {
        T.board: board,
        T.section: text_or_empty(f[R.section]),
        T.session: text_or_empty(f[R.session]),
        T.ns: as_ids(f[R.ns]),
        T.ew: as_ids(f[R.ew]),
        T.match: as_ids(f[R.match]),
        T.room: as_words(f[R.room]),
    }


def result_columns(f: pd.DataFrame, contract: pd.DataFrame, board: pd.Series) -> pd.DataFrame:
    """What each Results row's result cells (`READ_CELLS`) give on its board (`TypedResult`, from level to
    part_scores): the contract, declarer, tricks, vulnerability and Law 77 score, any score typed and any
    adjusted score; `contract` is the rows' `sheet_contracts`, `board` their boards as numbers."""
    strain = read_strains(contract, results_language(contract, f[R.declarer]))
    typed_declarer = series_via_distinct(f[R.declarer], parsed_declarers)
    declarer = typed_declarer.fillna(contract[K.seat])
    offset = series_via_distinct(f[R.result], result_offsets)
    from_result = (contract[K.level].astype("Float64") + 6 + offset).astype("Int64")
    from_result = from_result.where(from_result.between(0, 13))
    from_cell = (contract[K.level].astype("Float64") + 6 + contract[K.result]).astype("Int64")
    from_cell = from_cell.where(from_cell.between(0, 13))
    relative = relative_tricks(f[R.tricks])
    typed_tricks = whole_within(TRICKS)(f[R.tricks].where(~relative))
    typed_tricks = typed_tricks.fillna(tricks_against_contract(contract[K.level], f[R.tricks]))
    tricks = typed_tricks.fillna(from_result).fillna(from_cell)
    cycle = vulnerability_from_board(board.astype("Float64"))
    typed_vul = frame_via_distinct(f[R.vul], vulnerability_from_text)
    ns_vul = typed_vul[V.ns].where(f[R.vul].notna(), cycle[V.ns])
    ew_vul = typed_vul[V.ew].where(f[R.vul].notna(), cycle[V.ew])
    declarer_vul = ns_vul.where(declarer.isin(NS_SEATS), ew_vul)
    points = declarer_scores(contract[K.level], strain, contract[K.doubling], tricks, declarer_vul)
    computed = ns_scores(points, declarer.where(~contract[K.passed]))
    computed = computed.where(contract[K.valid])
    typed_score = whole_within(SCORE)(f[R.score])
    adjusted = frame_via_distinct(f[R.adjusted], adjusted_scores)
    weighted = weighted_columns(f[R.adjusted], adjusted[A.weighted], declarer, ns_vul, ew_vul)
    computed = computed.astype("Float64").fillna(weighted[T.computed_score])
    return pd.DataFrame(
        {
            T.level: contract[K.level],
            T.strain: strain,
            T.doubling: contract[K.doubling],
            T.passed: contract[K.passed],
            T.contract_ok: contract[K.valid],
            T.declarer: declarer,
            T.tricks: tricks,
            T.typed_tricks: typed_tricks,
            T.result_tricks: from_result,
            T.cell_result: contract[K.result],
            T.cell_tricks: from_cell,
            T.cell_seat: contract[K.seat],
            T.typed_declarer: typed_declarer,
            T.ns_vul: ns_vul,
            T.ew_vul: ew_vul,
            T.computed_score: computed.astype("Float64"),
            T.typed_score: typed_score.astype("Float64"),
            T.ns_pct: adjusted[A.ns_pct],
            T.ew_pct: adjusted[A.ew_pct],
            T.not_played: adjusted[A.not_played].astype(bool),
            T.adjusted_ok: adjusted[A.valid].astype(bool),
            T.award_unit: adjusted[A.award_unit],
            T.ns_award: adjusted[A.ns_award],
            T.ew_award: adjusted[A.ew_award],
            T.weighted: adjusted[A.weighted].astype(bool),
            T.averaged: adjusted[A.averaged].astype(bool),
            T.part_weights: weighted[T.part_weights],
            T.part_scores: weighted[T.part_scores],
        },
        index=f.index,
    )


def not_yet_played(frame: pd.DataFrame) -> pd.Series:
    """Pre-written rows of a pairs event (Board, NS and EW given) whose result cells are all still empty:
    boards not yet played (a movement's Results sheet before the evening ends)."""
    if R.ns not in frame or R.ew not in frame:
        return pd.Series(False, index=frame.index)
    seated = frame[[R.board, R.ns, R.ew]].notna().to_numpy().all(axis=1)
    cells = [c for c in RESULT_CELLS if c in frame]
    empty = frame[cells].isna().to_numpy().all(axis=1) if cells else np.ones(len(frame), dtype=bool)
    return pd.Series(seated & empty, index=frame.index)


def not_yet_played_warning(sheet: Sheet, waiting: pd.Series) -> pd.DataFrame:
    """One warning at the first row still to play: how many boards, and in which rounds when named."""
    first = pd.Series(False, index=sheet.frame.index)
    first[waiting[waiting].index[0]] = True
    rounds = ""
    if R.round in sheet.frame:
        numbers = pd.to_numeric(sheet.frame.loc[waiting, R.round], errors="coerce").dropna().astype(int)
        listing = ", ".join(map(str, sorted(set(numbers.tolist()))))
        rounds = _(" (round(s) {rounds})", rounds=listing) if len(numbers) else ""
    return problems_where(
        sheet,
        first,
        [],
        _(
            "{count} board(s) have no result yet{rounds}: they are left out of the standings, which are "
            "provisional, until their results are filled in (Settings {final} yes makes each such row an error)",
            count=int(waiting.sum()),
            rounds=rounds,
            final=FINAL_SETTING.written_name,
        ),
        NOT_YET_PLAYED,
    )


def result_problems(
    sheet: Sheet,
    t: pd.DataFrame,
    settings: BridgeSettings,
    waiting: pd.Series | None = None,
    contracts: pd.DataFrame | None = None,
) -> list[pd.DataFrame]:
    """Contracts, declarers, tricks, scores and adjusted scores of each row, against each other; then the
    method's own checks. Rows `waiting` (boards not yet played) need no result unless the event is Final.
    `contracts`: the sheet's `sheet_contracts`, when already parsed."""
    f = sheet.frame
    pending = (
        pd.Series(False, index=f.index)
        if waiting is None or settings.final
        else waiting.reindex(f.index, fill_value=False)
    )
    has = {c: f[c].notna() for c in (R.contract, R.declarer, R.tricks, R.result, R.score, R.adjusted, R.vul)}
    bid = t[T.contract_ok] & ~t[T.passed]
    out = [
        problems_where(
            sheet,
            has[R.contract] & ~t[T.contract_ok],
            R.contract,
            _(
                "expected a contract: level 1-7, strain C D H S NT (or ♣ ♦ ♥ ♠, 梅花 方块 红心 黑桃 无将), "
                "then X or XX (or * / **); or PASS (Spanish: T D C P SA, Doblado, Redoblado; 加倍, 再加倍); "
                "its result and declarer may follow: 4S=N, 3NT+1"
            ),
            BAD_CONTRACT,
        ),
        problems_where(
            sheet,
            bid & t[T.declarer].isna(),
            R.declarer,
            _("expected the declarer: N, E, S or W"),
            NO_DECLARER,
        ),
        problems_where(
            sheet,
            has[R.result] & ~has[R.tricks] & bid & t[T.result_tricks].isna() & misplaced(f[R.result]).eq(""),
            R.result,
            _("expected a result such as =, +1 or -2 that gives 0 to 13 tricks"),
            BAD_RESULT,
        ),
        problems_where(
            sheet,
            has[R.tricks] & bid & relative_tricks(f[R.tricks]) & t[T.typed_tricks].isna(),
            R.tricks,
            _("expected a result such as =, +1 or -2 that gives 0 to 13 tricks"),
            BAD_RESULT,
        ),
        problems_where(
            sheet,
            bid & ~has[R.tricks] & ~has[R.result] & t[T.cell_result].isna(),
            [R.tricks, R.result],
            _("a contract needs the tricks taken (Tricks) or the result (Result)"),
            NO_TRICKS,
        ),
        problems_where(
            sheet,
            has[R.tricks]
            & has[R.result]
            & t[T.typed_tricks].notna()
            & t[T.result_tricks].notna()
            & t[T.typed_tricks].ne(t[T.result_tricks]).fillna(False),
            [R.tricks, R.result],
            _("Tricks and Result disagree"),
            TRICKS_RESULT,
        ),
        problems_where(
            sheet,
            has[R.vul] & t[T.ns_vul].isna(),
            R.vul,
            _("expected None, NS, EW or All (Ninguno, NS, EO, Todos; 无局, 南北有局, 东西有局, 双有局)"),
            BAD_VUL,
        ),
        problems_where(
            sheet,
            has[R.adjusted] & ~t[T.adjusted_ok],
            R.adjusted,
            _(
                "expected an adjusted score: A+/A-, A/A, A-/A+, A+/A+, 60/40 (percentages), NP, an award "
                "(55%, NS 60% EW 45%, 7 MP, +3 IMP) or a weighted score (60% 4S= + 40% 4S-1)"
            ),
            BAD_ADJUSTED,
        ),
        weighted_score_problems(sheet, t),
        problems_where(
            sheet,
            has[R.adjusted] & (has[R.contract] | has[R.score]),
            [R.contract, R.score, R.adjusted],
            _("give either the result (Contract or Score) or an adjusted score, not both"),
            RESULT_AND_ADJUSTED,
        ),
        problems_where(
            sheet,
            ~has[R.contract] & ~has[R.score] & ~has[R.adjusted] & ~pending,
            [R.contract, R.score, R.adjusted],
            _("each row needs a Contract, a Score or an Adjusted score")
            + (
                _(
                    " (Settings {final} is yes: every board has been played)",
                    final=FINAL_SETTING.written_name,
                )
                if settings.final
                else ""
            ),
            NO_RESULT,
        ),
    ]
    both = t[T.computed_score].notna() & t[T.typed_score].notna()
    disagree = both & t[T.computed_score].ne(t[T.typed_score]).fillna(False)
    out.append(
        problems_where(
            sheet,
            disagree,
            [R.contract, R.score],
            _each(
                "the Score does not match the contract: it scores {score} for north-south",
                score=t[T.computed_score].astype("Int64"),
            ),
            SCORE_DISAGREES,
        )
    )
    typed_only = t[T.typed_score].notna() & ~has[R.contract] & (t[T.typed_score] % 10 == 0).fillna(False)
    impossible = impossible_score_mask(
        t[T.typed_score].where(typed_only), t[T.ns_vul].astype("boolean"), t[T.ew_vul].astype("boolean")
    )
    vul_words = pd.Series(
        np.select(
            [
                t[T.ns_vul].fillna(False) & t[T.ew_vul].fillna(False),
                t[T.ns_vul].fillna(False),
                t[T.ew_vul].fillna(False),
            ],
            [_("both sides vulnerable"), _("NS vulnerable, EW not"), _("EW vulnerable, NS not")],
            _("neither side vulnerable"),
        ),
        index=t.index,
    )
    out.append(
        problems_where(
            sheet,
            impossible & typed_only,
            R.score,
            _each(
                "no contract scores this for north-south with {vulnerability}; check the sign, the board and "
                "its vulnerability",
                vulnerability=vul_words,
            ),
            IMPOSSIBLE_SCORE,
        )
    )
    contracts = sheet_contracts(sheet) if contracts is None else contracts
    out += language_problems(sheet, contracts, results_language(contracts, f[R.declarer]))
    out += cell_problems(sheet, t, bid)
    return out + settings.method.problems(sheet, t)


def pair_problems(
    sheet: Sheet, t: pd.DataFrame, known: pd.Index | None, names: pd.Series | None = None
) -> list[pd.DataFrame]:
    """Pairs events: both ids present, no pair playing itself or a board twice, ids known."""
    out = [
        problems_where(sheet, t[T.ns].isna(), R.ns, _("the north-south pair is required"), NO_PAIR),
        problems_where(sheet, t[T.ew].isna(), R.ew, _("the east-west pair is required"), NO_PAIR),
        problems_where(
            sheet,
            t[T.ns].eq(t[T.ew]).fillna(False),
            [R.ns, R.ew],
            _("a pair cannot play itself"),
            PLAYS_ITSELF,
        ),
    ]
    itself = t[T.ns].eq(t[T.ew]).fillna(False).to_numpy()
    sides = (R.ew, R.ns)  # each result's pair columns, in the order of their names (as sorted below)
    seats = pd.DataFrame(  # one row per pair of each result; a pair against itself is reported once, above
        {
            ST.section: t[T.section].array.repeat(2),
            ST.session: t[T.session].array.repeat(2),
            ST.board: t[T.board].array.repeat(2),
            ST.pair: pd.Series(t[list(sides)].to_numpy(dtype=object).ravel(), dtype="str"),
            ST.result_row: np.repeat(t.index.to_numpy(), 2),
            ST.direction: np.tile(np.array(sides, dtype=object), len(t)),
        }
    )
    keep = np.stack([~itself, np.ones(len(t), dtype=bool)], axis=1).ravel()
    seats = seats[keep & seats[ST.board].notna().to_numpy() & seats[ST.pair].notna().to_numpy()]
    if not (t.index.is_monotonic_increasing and t.index.is_unique):
        seats = seats.sort_values([ST.result_row, ST.direction], kind="stable")
    seats = seats.reset_index(drop=True)
    keys = [ST.section, ST.session, ST.board, ST.pair]
    twice = seats.duplicated(keys, keep="first").to_numpy()
    if twice.any():  # a pair played a board twice
        first = seats.groupby(keys)[ST.result_row].transform("min").to_numpy()
        clash, clash_first = seats[twice], first[twice]
        for col in (R.ns, R.ew):  # the two pair columns
            this = (clash[ST.direction] == col).to_numpy()
            hits = clash[this]
            words = _each(
                "pair {pair} already played this board at row {row}",
                pair=hits[ST.pair],
                row=pd.Series(clash_first[this], index=hits.index),
            )
            text = pd.Series(words.to_numpy(), index=hits[ST.result_row].to_numpy())
            mask = pd.Series(t.index.isin(hits[ST.result_row]), index=t.index)
            out.append(problems_where(sheet, mask, col, text.reindex(t.index).fillna(""), BOARD_TWICE))
    if known is not None:
        for col in (R.ns, R.ew):
            absent = ~is_among(t[col], known)
            out.append(
                problems_where(
                    sheet,
                    t[col].notna() & absent,
                    col,
                    _("unknown pair: not listed on the Pairs sheet")
                    + close_matches(t[col].where(absent), pd.Series(known), pd.Series(names, dtype="str")),
                    UNKNOWN_ID,
                )
            )
    return out


def team_problems(sheet: Sheet, t: pd.DataFrame, matches: pd.DataFrame | None) -> list[pd.DataFrame]:
    """Teams events: a known match, Open or Closed, each board once per room and in both rooms."""
    out = [
        problems_where(
            sheet, t[T.match].isna(), R.match, _("the match is required in a teams event"), NO_MATCH
        ),
        problems_where(sheet, t[T.room].isna(), R.room, _("the room is required: Open or Closed"), BAD_ROOM),
        problems_where(
            sheet, t[T.room].notna() & ~t[T.room].isin(ROOMS), R.room, _("expected Open or Closed"), BAD_ROOM
        ),
    ]
    if matches is not None:
        out.append(
            problems_where(
                sheet,
                t[T.match].notna() & ~is_among(t[T.match], matches[TM.match]),
                R.match,
                _("unknown match: not listed on the Matches sheet"),
                UNKNOWN_ID,
            )
        )
    keys = t[[T.match, T.room, T.board]]
    complete = keys.notna().all(axis=1) & t[T.room].isin(ROOMS)
    repeat, first = first_rows(keys.where(complete))
    out.append(
        problems_where(
            sheet,
            repeat,
            [R.match, R.room, R.board],
            _each("this board is already scored in this room at row {row}", row=first),
            ROOM_TWICE,
        )
    )
    rooms = t[complete].groupby([T.match, T.board])[T.room].transform("nunique")
    lonely = pd.Series(False, index=t.index)
    lonely[rooms.index] = (rooms < 2).to_numpy()
    other = t[T.room].map(dict(zip(ROOMS, reversed(room_names()), strict=True))).fillna("")  # as written
    out.append(
        problems_where(
            sheet,
            lonely,
            [R.match, R.room, R.board],
            _each("this board has no result from the {room} room of the match", room=other),
            ONE_ROOM,
        )
    )
    return out


def listed(
    sheet: Sheet | None, model: type, key: str, names: str
) -> tuple[pd.DataFrame | None, list[pd.DataFrame]]:
    """A Pairs/Teams sheet as competitors (id, names) with its problems; None when absent or only a header (a
    template). `key` and `names` are the sheet's columns of ids and of names."""
    if sheet is None or without_blank_rows(sheet.frame).empty:
        return None, []
    sheet = present_columns(sheet, model)
    frame = without_blank_rows(sheet.frame)
    ids = as_ids(frame[key])
    repeat, first = first_rows(ids.to_frame())
    problems = [
        schema_problems(Sheet(sheet.name, frame, sheet.headers), model),
        problems_where(
            sheet, repeat, key, _each("this id is already listed at row {row}", row=first), LISTED_TWICE
        ),
    ]
    table = pd.DataFrame({CO.id: ids, CO.names: frame[names]}).dropna(subset=[CO.id]).drop_duplicates(CO.id)
    return table.reset_index(drop=True), problems


def team_matches(
    sheet: Sheet | None, teams: pd.DataFrame | None
) -> tuple[pd.DataFrame | None, list[pd.DataFrame]]:
    """The teams `Matches` sheet typed (`TeamMatch`), with its problems."""
    if sheet is None:
        return None, []
    sheet = present_columns(sheet, M)
    frame = without_blank_rows(sheet.frame)
    own = Sheet(sheet.name, frame, sheet.headers)
    table = pd.DataFrame(
        {
            TM.match: as_ids(frame[M.match]),
            TM.round: whole_within(BOARD)(frame[M.round]),
            TM.home: as_ids(frame[M.home]),
            TM.away: as_ids(frame[M.away]),
        },
        index=frame.index,
    )
    repeat, first = first_rows(table[[TM.match]])
    problems = [
        schema_problems(own, M),
        problems_where(
            own, repeat, M.match, _each("this match is already listed at row {row}", row=first), LISTED_TWICE
        ),
        problems_where(
            own,
            table[TM.home].eq(table[TM.away]).fillna(False),
            [M.home, M.away],
            _("a team cannot play itself"),
            PLAYS_ITSELF,
        ),
    ]
    if teams is not None:
        table, read = resolved_columns(
            own, table, [TM.home, TM.away], teams[CO.id], teams[CO.names], sheet_name_of(TeamsSheet)
        )
        problems += read
        for col in (M.home, M.away):  # the sheet's columns, typed under the same names
            absent = ~is_among(table[col], teams[CO.id])
            problems.append(
                problems_where(
                    own,
                    table[col].notna() & absent,
                    col,
                    _("unknown team: not listed on the Teams sheet")
                    + close_matches(table[col].where(absent), teams[CO.id], teams[CO.names]),
                    UNKNOWN_ID,
                )
            )
    return table.drop_duplicates(TM.match), problems


def bridge_id_places(
    sheets: dict[str, Sheet], results: Sheet, typed: pd.DataFrame, teams: bool
) -> list[tuple[Sheet, str, pd.Series]]:
    """Every column holding pair, team or match ids (the listing sheet first), for the letter-case check."""
    listing: dict[str, tuple[type, list[str]]] = {
        sheet_key(TeamsSheet): (TeamsSheet, [TeamsSheet.team]),
        sheet_key(M): (M, [M.match, M.home, M.away]),
    }
    if not teams:
        listing = {sheet_key(PairsSheet): (PairsSheet, [PairsSheet.pair])}
    places = []
    for name, (model, columns) in listing.items():
        if name in sheets:
            sheet = present_columns(sheets[name], model)
            places += [(sheet, c, as_ids(sheet.frame[c])) for c in columns]
    return places + [(results, c, typed[c]) for c in ([T.match] if teams else [T.ns, T.ew])]


def bridge_event(sheets: dict[str, Sheet]) -> BridgeEvent:
    """The validated bridge event, or InputError carrying every problem found in the workbook."""
    found = ", ".join(f"'{s.name}'" for s in sheets.values()) or _("none")
    results = sheets.get(sheet_key(R))
    if results is None:
        raise InputError(
            [
                Problem.of(
                    MISSING_SHEET,
                    _("workbook"),
                    None,
                    None,
                    None,
                    _(
                        "missing required sheet '{sheet}' (sheets found: {found})",
                        sheet=written_sheet(R),
                        found=found,
                    ),
                )
            ]
        )
    settings, settings_problems = bridge_settings(sheets.get(sheet_key(SettingsSheet)))
    titles = titles_of(R)
    needed = required_columns(R) + ([R.match, R.room] if settings.teams else [R.ns, R.ew])
    structural = missing_columns(results, needed, titles)
    if R.tricks not in results.frame and R.result not in results.frame and R.contract in results.frame:
        structural.append(
            Problem.of(
                MISSING_COLUMN,
                results.name,
                results.header_row,
                titles[R.tricks],
                None,
                _(
                    "missing column: give the tricks taken ({tricks}) or the result ({result})",
                    tricks=titles[R.tricks],
                    result=titles[R.result],
                ),
            )
        )
    if settings.teams and sheet_key(M) not in sheets:
        structural.append(
            Problem.of(
                MISSING_SHEET,
                _("workbook"),
                None,
                None,
                None,
                _(
                    "a teams event needs a '{sheet}' sheet ({columns}); sheets found: {found}",
                    sheet=written_sheet(M),
                    columns=", ".join(titles_of(M).values()),
                    found=found,
                ),
            )
        )
    lists = [TeamsSheet, M] if settings.teams else [PairsSheet]
    listed_models = [M, TeamsSheet] if settings.teams else [PairsSheet]
    for model in listed_models:
        if sheet_key(model) in sheets:
            structural += missing_columns(sheets[sheet_key(model)], required_columns(model), titles_of(model))
    if structural:
        raise InputError(
            as_problem_list([settings_problems], [*structural, *sheet_package_problems(sheets.values())])
        )
    used = [sheets.get(sheet_key(m)) for m in [R, SettingsSheet, *lists]]
    frames = [settings_problems, *[blank_row_warnings(s) for s in used if s is not None and s is not used[1]]]
    results = present_columns(results, R)
    results = Sheet(results.name, without_blank_rows(results.frame), results.headers, results.header_row)
    frames.append(without_misplaced(schema_problems(results, R), results))
    contracts = sheet_contracts(results)  # parsed once: typed_results and result_problems read them
    typed = typed_results(results, contracts)
    sheets, typed, numbering_problems = club_numbering(settings, sheets, results, typed)  # NS 3 and EW 3
    by_direction = numbered_by_direction(settings, sheets)
    frames += numbering_problems
    waiting = not_yet_played(results.frame)
    frames += result_problems(results, typed, settings, waiting, contracts)
    frames.append(session_problems(sheets.get(sheet_key(SettingsSheet)), settings.options, typed[T.session]))
    if waiting.any() and not settings.final:
        frames.append(not_yet_played_warning(results, waiting))
    else:
        waiting = pd.Series(False, index=results.frame.index)
    pasted, first = repeated_rows(results.frame)
    frames.append(repeated_row_problems(results, found=(pasted, first)))
    matches = None
    if settings.teams:
        competitors, problems = listed(
            sheets.get(sheet_key(TeamsSheet)), TeamsSheet, TeamsSheet.team, TeamsSheet.names
        )
        frames += problems
        matches, problems = team_matches(sheets[sheet_key(M)], competitors)
        frames += problems
        frames += team_problems(results, typed[~pasted], matches)
    else:
        competitors, problems = listed(
            sheets.get(sheet_key(PairsSheet)), PairsSheet, PairsSheet.pair, PairsSheet.names
        )
        frames += problems
        known = None if competitors is None else pd.Index(competitors[CO.id])
        if competitors is not None:  # names typed for pair ids (names.py)
            typed, problems = resolved_columns(
                results,
                typed,
                [T.ns, T.ew],
                competitors[CO.id],
                competitors[CO.names],
                sheet_name_of(PairsSheet),
            )
            frames += problems
        per_row = pair_problems(
            results, typed[~pasted], known, None if competitors is None else competitors[CO.names]
        )
        frames += without_flood(per_row, numbering_problems, {PLAYS_ITSELF.code, BOARD_TWICE.code})
    frames.append(id_spelling_problems(bridge_id_places(sheets, results, typed, settings.teams)))
    listed_any = (competitors is not None and not competitors.empty) or (
        matches is not None and not matches.empty
    )
    if results.frame.empty and not listed_any:  # an untouched template: no result, nobody listed or scheduled
        frames.append(nothing_to_score(results, sheet_key(R), "table result"))
    if competitors is not None:
        ids = competitors[CO.id]
    elif matches is not None:
        ids = pd.concat([matches[TM.home], matches[TM.away]])
    else:
        ids = pd.concat([typed[T.ns], typed[T.ew]])
    penalties, problems = penalty_table(
        sheets.get(sheet_key(PN)), pd.Index(ids.dropna()), event_units(settings)
    )
    frames += problems
    frames = without_unknown_at_ambiguous(frames)
    problems_found = as_problem_list(frames, sheet_package_problems(used))
    if any(p.severity == "error" for p in problems_found):
        raise InputError(problems_found)
    if competitors is None:
        sides = [matches[TM.home], matches[TM.away]] if matches is not None else [typed[T.ns], typed[T.ew]]
        ids = pd.concat(sides)
        competitors = pd.DataFrame({CO.id: np.sort(ids.dropna().unique()), CO.names: pd.NA})
    seating = typed[[T.ns, T.ew, T.section, T.session]].copy()
    typed = typed[~typed[T.not_played] & ~waiting.reindex(typed.index, fill_value=False)].copy()
    typed[T.ns_score] = typed[T.computed_score].fillna(typed[T.typed_score]).astype("float64")
    return BridgeEvent(
        settings=settings,
        results=typed,
        competitors=competitors,
        matches=matches if matches is not None else pd.DataFrame(columns=list(titles_of(TM))),
        results_sheet=results,
        warnings=[p for p in problems_found if p.severity == "warning"],
        penalties=penalties,
        waiting=waiting,
        seating=seating,
        by_direction=by_direction,
    )


def entrant_teams(sheets: dict[str, Sheet]) -> pd.DataFrame:
    """The validated `Teams` sheet of an entrants workbook (id, names), or InputError."""
    sheets = {
        k: with_aliases(s, TeamsSheet)[0] if k == sheet_key(TeamsSheet) else s for k, s in sheets.items()
    }
    sheet = required_sheet(sheets, sheet_key(TeamsSheet), sheet_name_of(TeamsSheet), TeamsSheet)
    teams, problems = listed(sheet, TeamsSheet, TeamsSheet.team, TeamsSheet.names)
    stop_on_errors(sheet, problems)
    if teams is not None:
        return teams
    return pd.DataFrame({CO.id: pd.Series(dtype="str"), CO.names: pd.NA})
