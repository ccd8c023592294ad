"""From the sheets of a bridge workbook to validated, typed results; every problem collected."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from pipeline.games.bridge.contracts import (
    RESULT_PATTERN,
    normalized_text,
    parsed_contracts,
    parsed_declarers,
)
from pipeline.games.bridge.matchpoints import adjusted_score_parts
from pipeline.games.bridge.score import declarer_scores, impossible_score_mask, ns_scores
from pipeline.games.bridge.settings import BridgeSettings, bridge_settings
from pipeline.games.bridge.vulnerability import vulnerability_from_board, vulnerability_from_text
from pipeline.games.checks import (
    MISSING_COLUMN,
    MISSING_SHEET,
    as_problem_list,
    blank_row_warnings,
    first_rows,
    id_spelling_problems,
    missing_columns,
    model_titles,
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
)
from pipeline.games.corrections import CorrectionRules
from pipeline.parsing import as_ids, as_words, whole_numbers
from pipeline.problems import InputError, Problem, kind
from pipeline.sheets import Sheet
from schemas.bridge import (
    BOARD,
    ROOMS,
    SCORE,
    TRICKS,
    PairsSheet,
    ResultsSheet,
    TeamMatchesSheet,
    TeamsSheet,
)
from schemas.common import Span


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
CORRECTABLE = ["contract", "declarer", "tricks", "result", "vul", "score", "adjusted"]


@dataclass
class BridgeEvent:
    """A validated bridge workbook: typed results and the sheets as written."""

    settings: BridgeSettings
    results: pd.DataFrame
    competitors: pd.DataFrame
    matches: pd.DataFrame
    results_sheet: Sheet
    warnings: list[Problem] = field(default_factory=list)


def correction_rules(teams: bool) -> CorrectionRules:
    """Bridge corrections name a result by Board with NS/EW (pairs) or by Match, Room and Board (teams)."""
    titles = model_titles(ResultsSheet)
    correctable = {c: titles[c] for c in CORRECTABLE}
    if teams:
        return CorrectionRules("results", ["match", "room", "board"], [], correctable)
    return CorrectionRules(
        "results", ["board"], ["ns", "ew", "section", "session"], correctable, ["ns", "ew"]
    )


@functools.cache
def blank_parse(parse: Callable[[pd.Series], pd.DataFrame]) -> pd.DataFrame:
    """What `parse` makes of a blank cell, worked out once (a column left out is blank throughout)."""
    return parse(pd.Series(pd.array([None], dtype="str")))


@functools.cache
def frame_parser(parse: Callable[[pd.Series], pd.Series]) -> Callable[[pd.Series], pd.DataFrame]:
    """`parse` with its answers as the column `v` of a frame (one such parser for each `parse`)."""
    return lambda s: parse(s).to_frame("v")


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
    return frame_via_distinct(text, frame_parser(parse))["v"]


def result_offsets(text: pd.Series) -> pd.Series:
    """Tricks over (+) or under (-) the contract from a result such as =, +1, -2 or made (Float64)."""
    parts = normalized_text(text).str.extract(RESULT_PATTERN)
    offset = pd.to_numeric(parts["offset"]).astype("Float64")
    return offset.where(parts["made"].isna(), 0.0).astype("Float64")


def typed_results(sheet: Sheet) -> pd.DataFrame:
    """Every Results row typed and scored; NA wherever a cell is bad."""
    f = sheet.frame
    contract = frame_via_distinct(f["contract"], parsed_contracts)
    declarer = series_via_distinct(f["declarer"], parsed_declarers)
    board = whole_within(BOARD)(f["board"])
    offset = series_via_distinct(f["result"], result_offsets)
    from_result = (contract["level"].astype("Float64") + 6 + offset).astype("Int64")
    from_result = from_result.where(from_result.between(0, 13))
    typed_tricks = whole_within(TRICKS)(f["tricks"])
    tricks = typed_tricks.fillna(from_result)
    cycle = vulnerability_from_board(board.astype("Float64"))
    typed_vul = frame_via_distinct(f["vul"], vulnerability_from_text)
    ns_vul = typed_vul["ns"].where(f["vul"].notna(), cycle["ns"])
    ew_vul = typed_vul["ew"].where(f["vul"].notna(), cycle["ew"])
    declarer_vul = ns_vul.where(declarer.isin(["N", "S"]), ew_vul)
    points = declarer_scores(
        contract["level"], contract["strain"], contract["doubling"], tricks, declarer_vul
    )
    computed = ns_scores(points, declarer.where(~contract["passed"]))
    computed = computed.where(contract["valid"])
    typed_score = whole_within(SCORE)(f["score"])
    adjusted = frame_via_distinct(f["adjusted"], adjusted_score_parts)
    return pd.DataFrame(
        {
            "board": board,
            "section": f["section"].astype("str").fillna(""),
            "session": f["session"].astype("str").fillna(""),
            "ns": as_ids(f["ns"]),
            "ew": as_ids(f["ew"]),
            "match": as_ids(f["match"]),
            "room": as_words(f["room"]),
            "level": contract["level"],
            "strain": contract["strain"],
            "doubling": contract["doubling"],
            "passed": contract["passed"],
            "contract_ok": contract["valid"],
            "declarer": declarer,
            "tricks": tricks,
            "typed_tricks": typed_tricks,
            "result_tricks": from_result,
            "ns_vul": ns_vul,
            "ew_vul": ew_vul,
            "computed_score": computed.astype("Float64"),
            "typed_score": typed_score.astype("Float64"),
            "ns_pct": adjusted["ns_pct"],
            "ew_pct": adjusted["ew_pct"],
            "not_played": adjusted["not_played"].astype(bool),
            "adjusted_ok": adjusted["valid"].astype(bool),
        },
        index=f.index,
    )


def result_problems(sheet: Sheet, t: pd.DataFrame, settings: BridgeSettings) -> list[pd.DataFrame]:
    """Contracts, declarers, tricks, scores and adjusted scores of each row, against each other; then the
    method's own checks."""
    f = sheet.frame
    has = {c: f[c].notna() for c in ("contract", "declarer", "tricks", "result", "score", "adjusted", "vul")}
    bid = t["contract_ok"] & ~t["passed"]
    out = [
        problems_where(
            sheet,
            has["contract"] & ~t["contract_ok"],
            "contract",
            "expected a contract: level 1-7, strain C D H S NT (or ♣ ♦ ♥ ♠, 梅花 方块 红心 黑桃 无将), "
            "then X or XX (or * / **); or PASS",
            BAD_CONTRACT,
        ),
        problems_where(
            sheet, bid & t["declarer"].isna(), "declarer", "expected the declarer: N, E, S or W", NO_DECLARER
        ),
        problems_where(
            sheet,
            has["result"] & ~has["tricks"] & bid & t["result_tricks"].isna(),
            "result",
            "expected a result such as =, +1 or -2 that gives 0 to 13 tricks",
            BAD_RESULT,
        ),
        problems_where(
            sheet,
            bid & ~has["tricks"] & ~has["result"],
            ["tricks", "result"],
            "a contract needs the tricks taken (Tricks) or the result (Result)",
            NO_TRICKS,
        ),
        problems_where(
            sheet,
            has["tricks"]
            & has["result"]
            & t["typed_tricks"].notna()
            & t["result_tricks"].notna()
            & t["typed_tricks"].ne(t["result_tricks"]).fillna(False),
            ["tricks", "result"],
            "Tricks and Result disagree",
            TRICKS_RESULT,
        ),
        problems_where(
            sheet, has["vul"] & t["ns_vul"].isna(), "vul", "expected None, NS, EW or All", BAD_VUL
        ),
        problems_where(
            sheet,
            has["adjusted"] & ~t["adjusted_ok"],
            "adjusted",
            "expected an adjusted score: A+/A-, A/A, A-/A+, A+/A+, 60/40 (percentages) or NP",
            BAD_ADJUSTED,
        ),
        problems_where(
            sheet,
            has["adjusted"] & (has["contract"] | has["score"]),
            ["contract", "score", "adjusted"],
            "give either the result (Contract or Score) or an adjusted score, not both",
            RESULT_AND_ADJUSTED,
        ),
        problems_where(
            sheet,
            ~has["contract"] & ~has["score"] & ~has["adjusted"],
            ["contract", "score", "adjusted"],
            "each row needs a Contract, a Score or an Adjusted score",
            NO_RESULT,
        ),
    ]
    both = t["computed_score"].notna() & t["typed_score"].notna()
    disagree = both & t["computed_score"].ne(t["typed_score"]).fillna(False)
    out.append(
        problems_where(
            sheet,
            disagree,
            ["contract", "score"],
            "the Score does not match the contract: it scores "
            + t["computed_score"].astype("Int64").astype("str")
            + " for north-south",
            SCORE_DISAGREES,
        )
    )
    typed_only = t["typed_score"].notna() & ~has["contract"] & (t["typed_score"] % 10 == 0).fillna(False)
    impossible = impossible_score_mask(
        t["typed_score"].where(typed_only), t["ns_vul"].astype("boolean"), t["ew_vul"].astype("boolean")
    )
    vul_words = pd.Series(
        np.select(
            [
                t["ns_vul"].fillna(False) & t["ew_vul"].fillna(False),
                t["ns_vul"].fillna(False),
                t["ew_vul"].fillna(False),
            ],
            ["both sides vulnerable", "NS vulnerable, EW not", "EW vulnerable, NS not"],
            "neither side vulnerable",
        ),
        index=t.index,
    )
    out.append(
        problems_where(
            sheet,
            impossible & typed_only,
            "score",
            "no contract scores this for north-south with "
            + vul_words
            + "; check the sign, the board and its vulnerability",
            IMPOSSIBLE_SCORE,
        )
    )
    return out + settings.method.problems(sheet, t)


def pair_problems(sheet: Sheet, t: pd.DataFrame, known: pd.Index | None) -> list[pd.DataFrame]:
    """Pairs events: both ids present, no pair playing itself or a board twice, ids known."""
    out = [
        problems_where(sheet, t["ns"].isna(), "ns", "the north-south pair is required", NO_PAIR),
        problems_where(sheet, t["ew"].isna(), "ew", "the east-west pair is required", NO_PAIR),
        problems_where(
            sheet, t["ns"].eq(t["ew"]).fillna(False), ["ns", "ew"], "a pair cannot play itself", PLAYS_ITSELF
        ),
    ]
    itself = t["ns"].eq(t["ew"]).fillna(False).to_numpy()
    sides = ("ew", "ns")  # each result's pairs in the order sorted by column name
    seats = pd.DataFrame(  # one row per pair of each result; a pair against itself is reported once, above
        {
            "section": t["section"].array.repeat(2),
            "session": t["session"].array.repeat(2),
            "board": t["board"].array.repeat(2),
            "pair": pd.Series(t[list(sides)].to_numpy(dtype=object).ravel(), dtype="str"),
            "at": np.repeat(t.index.to_numpy(), 2),
            "col": np.tile(np.array(sides, dtype=object), len(t)),
        }
    )
    keep = np.stack([~itself, np.ones(len(t), dtype=bool)], axis=1).ravel()
    seats = seats[keep & seats["board"].notna().to_numpy() & seats["pair"].notna().to_numpy()]
    if not (t.index.is_monotonic_increasing and t.index.is_unique):
        seats = seats.sort_values(["at", "col"], kind="stable")
    seats = seats.reset_index(drop=True)
    keys = ["section", "session", "board", "pair"]
    twice = seats.duplicated(keys, keep="first").to_numpy()
    if twice.any():  # a pair played a board twice
        first = seats.groupby(keys)["at"].transform("min").to_numpy()
        clash = seats[twice].assign(first=first[twice])
        for col in ("ns", "ew"):  # the two pair columns
            hits = clash[clash["col"] == col]
            words = (
                "pair "
                + hits["pair"].astype("str")
                + " already played this board at row "
                + hits["first"].astype("str")
            )
            text = pd.Series(words.to_numpy(), index=hits["at"].to_numpy())
            mask = pd.Series(t.index.isin(hits["at"]), index=t.index)
            out.append(problems_where(sheet, mask, col, text.reindex(t.index).fillna(""), BOARD_TWICE))
    if known is not None:
        for col in ("ns", "ew"):
            out.append(
                problems_where(
                    sheet,
                    t[col].notna() & ~t[col].isin(known),
                    col,
                    "unknown pair: not listed on the Pairs sheet",
                    UNKNOWN_ID,
                )
            )
    return out


def team_problems(sheet: Sheet, t: pd.DataFrame, matches: pd.DataFrame | None) -> list[pd.DataFrame]:
    """Teams events: a known match, Open or Closed, each board once per room and in both rooms."""
    out = [
        problems_where(sheet, t["match"].isna(), "match", "the match is required in a teams event", NO_MATCH),
        problems_where(sheet, t["room"].isna(), "room", "the room is required: Open or Closed", BAD_ROOM),
        problems_where(
            sheet, t["room"].notna() & ~t["room"].isin(ROOMS), "room", "expected Open or Closed", BAD_ROOM
        ),
    ]
    if matches is not None:
        out.append(
            problems_where(
                sheet,
                t["match"].notna() & ~t["match"].isin(matches["match"]),
                "match",
                "unknown match: not listed on the Matches sheet",
                UNKNOWN_ID,
            )
        )
    keys = t[["match", "room", "board"]]
    complete = keys.notna().all(axis=1) & t["room"].isin(ROOMS)
    repeat, first = first_rows(keys.where(complete))
    out.append(
        problems_where(
            sheet,
            repeat,
            ["match", "room", "board"],
            "this board is already scored in this room at row " + first.astype("str"),
            ROOM_TWICE,
        )
    )
    rooms = t[complete].groupby(["match", "board"])["room"].transform("nunique")
    lonely = pd.Series(False, index=t.index)
    lonely[rooms.index] = (rooms < 2).to_numpy()
    other = t["room"].map({"open": "Closed", "closed": "Open"}).fillna("")
    out.append(
        problems_where(
            sheet,
            lonely,
            ["match", "room", "board"],
            "this board has no result from the " + other + " room of the match",
            ONE_ROOM,
        )
    )
    return out


def listed(sheet: Sheet | None, model: type, key: str) -> tuple[pd.DataFrame | None, list[pd.DataFrame]]:
    """A Pairs/Teams sheet as (id, names) with its problems; None when absent or only a header (a template)."""
    if sheet is None or sheet.frame.dropna(how="all").empty:
        return None, []
    sheet = present_columns(sheet, model)
    frame = sheet.frame.dropna(how="all")
    ids = as_ids(frame[key])
    repeat, first = first_rows(ids.to_frame())
    problems = [
        schema_problems(Sheet(sheet.name, frame, sheet.headers), model),
        problems_where(
            sheet, repeat, key, "this id is already listed at row " + first.astype("str"), LISTED_TWICE
        ),
    ]
    table = pd.DataFrame({"id": ids, "names": frame["names"]}).dropna(subset=["id"]).drop_duplicates("id")
    return table.reset_index(drop=True), problems


def team_matches(
    sheet: Sheet | None, teams: pd.DataFrame | None
) -> tuple[pd.DataFrame | None, list[pd.DataFrame]]:
    """The teams `Matches` sheet typed, with its problems."""
    if sheet is None:
        return None, []
    sheet = present_columns(sheet, TeamMatchesSheet)
    frame = sheet.frame.dropna(how="all")
    own = Sheet(sheet.name, frame, sheet.headers)
    table = pd.DataFrame(
        {
            "match": as_ids(frame["match"]),
            "round": whole_within(BOARD)(frame["round"]),
            "home": as_ids(frame["home"]),
            "away": as_ids(frame["away"]),
        },
        index=frame.index,
    )
    repeat, first = first_rows(table[["match"]])
    problems = [
        schema_problems(own, TeamMatchesSheet),
        problems_where(
            own, repeat, "match", "this match is already listed at row " + first.astype("str"), LISTED_TWICE
        ),
        problems_where(
            own,
            table["home"].eq(table["away"]).fillna(False),
            ["home", "away"],
            "a team cannot play itself",
            PLAYS_ITSELF,
        ),
    ]
    if teams is not None:
        for col in ("home", "away"):
            problems.append(
                problems_where(
                    own,
                    table[col].notna() & ~table[col].isin(teams["id"]),
                    col,
                    "unknown team: not listed on the Teams sheet",
                    UNKNOWN_ID,
                )
            )
    return table.drop_duplicates("match"), problems


def bridge_id_places(
    sheets: dict[str, Sheet], results: Sheet, typed: pd.DataFrame, teams: bool
) -> list[tuple[Sheet, str, pd.Series]]:
    """Every column holding pair, team or match ids (the listing sheet first), for the letter-case check."""
    listing = {"teams": (TeamsSheet, ["team"]), "matches": (TeamMatchesSheet, ["match", "home", "away"])}
    if not teams:
        listing = {"pairs": (PairsSheet, ["pair"])}
    places = []
    for name, (model, columns) in listing.items():
        if name in sheets:
            sheet = present_columns(sheets[name], model)
            places += [(sheet, c, as_ids(sheet.frame[c])) for c in columns]
    return places + [(results, c, typed[c]) for c in (["match"] if teams else ["ns", "ew"])]


def bridge_event(sheets: dict[str, Sheet]) -> BridgeEvent:
    """The validated bridge event, or InputError carrying every problem found in the workbook."""
    found = ", ".join(f"'{s.name}'" for s in sheets.values()) or "none"
    results = sheets.get("results")
    if results is None:
        raise InputError(
            [
                Problem.of(
                    MISSING_SHEET,
                    "workbook",
                    None,
                    None,
                    None,
                    f"missing required sheet 'Results' (sheets found: {found})",
                )
            ]
        )
    settings, settings_problems = bridge_settings(sheets.get("settings"))
    titles = model_titles(ResultsSheet)
    needed = required_columns(ResultsSheet) + (["match", "room"] if settings.teams else ["ns", "ew"])
    structural = missing_columns(results, needed, titles)
    if "tricks" not in results.frame and "result" not in results.frame and "contract" in results.frame:
        structural.append(
            Problem.of(
                MISSING_COLUMN,
                results.name,
                results.header_row,
                "Tricks",
                None,
                "missing column: give the tricks taken (Tricks) or the result (Result)",
            )
        )
    if settings.teams and "matches" not in sheets:
        structural.append(
            Problem.of(
                MISSING_SHEET,
                "workbook",
                None,
                None,
                None,
                f"a teams event needs a 'Matches' sheet (Match, Round, Home, Away); sheets found: {found}",
            )
        )
    listed_models = (
        {"matches": TeamMatchesSheet, "teams": TeamsSheet} if settings.teams else {"pairs": PairsSheet}
    )
    for name, model in listed_models.items():
        if name in sheets:
            structural += missing_columns(sheets[name], required_columns(model), model_titles(model))
    if structural:
        raise InputError(
            as_problem_list([settings_problems], [*structural, *sheet_package_problems(sheets.values())])
        )
    lists = ["teams", "matches"] if settings.teams else ["pairs"]
    used = [sheets.get(n) for n in ["results", "settings", *lists]]
    frames = [settings_problems, *[blank_row_warnings(s) for s in used if s is not None and s is not used[1]]]
    results = present_columns(results, ResultsSheet)
    results = Sheet(results.name, results.frame.dropna(how="all"), results.headers, results.header_row)
    frames.append(schema_problems(results, ResultsSheet))
    typed = typed_results(results)
    frames += result_problems(results, typed, settings)
    pasted, first = repeated_rows(results.frame)
    frames.append(repeated_row_problems(results, found=(pasted, first)))
    matches = None
    if settings.teams:
        competitors, problems = listed(sheets.get("teams"), TeamsSheet, "team")
        frames += problems
        matches, problems = team_matches(sheets["matches"], competitors)
        frames += problems
        frames += team_problems(results, typed[~pasted], matches)
    else:
        competitors, problems = listed(sheets.get("pairs"), PairsSheet, "pair")
        frames += problems
        known = None if competitors is None else pd.Index(competitors["id"])
        frames += pair_problems(results, typed[~pasted], known)
    frames.append(id_spelling_problems(bridge_id_places(sheets, results, typed, settings.teams)))
    listed_any = (competitors is not None and not competitors.empty) or (
        matches is not None and not matches.empty
    )
    if results.frame.empty and not listed_any:  # an untouched template: no result, nobody listed or scheduled
        frames.append(nothing_to_score(results, "results", "table result"))
    problems_found = as_problem_list(frames, sheet_package_problems(used))
    if any(p.severity == "error" for p in problems_found):
        raise InputError(problems_found)
    if competitors is None:
        sides = [matches["home"], matches["away"]] if matches is not None else [typed["ns"], typed["ew"]]
        ids = pd.concat(sides)
        competitors = pd.DataFrame({"id": np.sort(ids.dropna().unique()), "names": pd.NA})
    typed = typed[~typed["not_played"]].copy()
    typed["ns_score"] = typed["computed_score"].fillna(typed["typed_score"]).astype("float64")
    return BridgeEvent(
        settings=settings,
        results=typed,
        competitors=competitors,
        matches=matches if matches is not None else pd.DataFrame(columns=["match", "round", "home", "away"]),
        results_sheet=results,
        warnings=[p for p in problems_found if p.severity == "warning"],
    )


def entrant_teams(sheets: dict[str, Sheet]) -> pd.DataFrame:
    """The validated `Teams` sheet of an entrants workbook (id, names), or InputError."""
    sheet = required_sheet(sheets, "teams", "Teams", TeamsSheet)
    teams, problems = listed(sheet, TeamsSheet, "team")
    stop_on_errors(sheet, problems)
    return teams if teams is not None else pd.DataFrame({"id": pd.Series(dtype="str"), "names": pd.NA})
