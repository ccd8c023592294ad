"""Bridge workbook sheets: what the director types (input), the typed tables tally builds from them, and what
tally writes (output). Every column is declared here once, with its header; pipeline/ names it through its model
(`ResultsSheet.board`, `TypedResult.ns_score`), never as a string."""

from __future__ import annotations

import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from pipeline.i18n import N_
from pipeline.parsing import as_numbers
from pipeline.problems import check_named, kind
from schemas.common import Entry, Text, Vocabulary, column, is_whole_in
from schemas.plain import RESULTS_SHEET, Span, phrase
from schemas.shared import member_column

ROOMS = ["open", "closed"]  # a teams result's Room, as read (folded to lower case)
OPEN, CLOSED = ROOMS
ROOM_NAMES = ("Open", "Closed")  # the rooms as written: Results' list of rooms, Table Cards, Travellers
ROOM_WORDS: Vocabulary = {  # the rooms in the organizers' words (sala abierta / cerrada; 开室 / 闭室)
    "Open": {"es": ("Abierta", "Sala abierta"), "zh": ("开室", "开放室")},
    "Closed": {"es": ("Cerrada", "Sala cerrada"), "zh": ("闭室", "封闭室")},
}
SEATS = ("N", "E", "S", "W")  # a Declarer as written
NS_SEATS = ("N", "S")  # the seats of the north-south pair
NORTH_SOUTH, EAST_WEST = "NS", "EW"  # the two directions as Scorecards write them
# The sane range of every number a bridge workbook holds, checked where it is read (docs/trust.md, "Ranges").
BOARD = Span(1, 10_000)  # Board, Round and Table: far beyond any event's boards, rounds or tables
TRICKS = Span(0, 13)  # the tricks declarer took
# The north-south score: Law 77's largest is 7,600 (seven redoubled, vulnerable, down thirteen: 400 + 12 x 600);
# the largest made is 3,160 (one no trump redoubled, vulnerable, with six overtricks).
SCORE = Span(-7_600, 7_600)
# Texts declared with a span's words filled in (`{range}`: `from 1 to 10,000`), marked for the catalog here and
# written in English as pandera's check names and the template's notes are (see docs/languages.md, "Bridge")
WHOLE_NUMBER = N_("a whole number {range}")
TRICKS_CHECK = N_("the tricks taken by declarer: a whole number {range}")
SCORE_CHECK = N_("a north-south score: a whole number of points, a multiple of 10, {range}")

BAD_BOARD = kind("B101", "a Board, Round or Table that is not a whole number in its range")
BAD_TRICKS = kind("B102", "Tricks that are not a whole number from 0 to 13")
BAD_SCORE = kind("B103", "a Score that is not a multiple of 10 in Law 77's range")
BAD_MATCH_ROUND = kind(
    "B104",
    "a team match's Round that is not a whole number in its range",
    example="Matches, row 3, column 'Round' [0]: expected a whole number from 1 to 10,000",
)
BUTLER_DROP = Span(0, 100)  # how many top and bottom scores a Butler datum drops
IMP_CAP = Span(1, 24)  # the most IMPs one comparison may give (cross-IMPs, Butler): 24 is the table's top
HUNDREDTHS = "0.00"  # the number format of a figure shown to 0.01
PERCENT = '0.00"%"'  # a percentage kept as its number (56.25), shown 56.25%


# ------------------------------------------------------------------ input sheets


class ResultsSheet(pa.DataFrameModel):
    """`Results`: one row per table result (pairs: NS/EW ids; teams: Match and Room)."""

    board: Series[Text] = column(
        "Board",
        note=phrase(N_("the board number, {range}"), range=BOARD.words),
        entry=Entry(BOARD),
        nullable=False,
    )
    ns: Series[Text] | None = column(
        "NS",
        note=N_("the north-south pair id (pairs events)"),
        needed="pairs",
        aliases=("N-S", "N/S"),
        nullable=True,
    )
    ew: Series[Text] | None = column(
        "EW",
        note=N_("the east-west pair id (pairs events)"),
        needed="pairs",
        aliases=("E-W", "E/W"),
        nullable=True,
    )
    match: Series[Text] | None = column(
        "Match",
        note=N_("the match id from Matches (teams events)"),
        needed="teams",
        nullable=True,
    )
    room: Series[Text] | None = column(
        "Room",
        note=N_("Open or Closed (teams events)"),
        needed="teams",
        entry=Entry(choices=ROOM_NAMES, words=N_("Open or Closed")),
        words=ROOM_WORDS,
        nullable=True,
    )
    contract: Series[Text] | None = column(
        "Contract",
        names={"es": ("Contrato",), "zh": ("定约",)},
        note=N_("4S, 3NTX, 6HXX, 4 黑桃 or PASS (*or a Score, or an Adjusted score)"),
        needed="yes*",
        nullable=True,
    )
    declarer: Series[Text] | None = column(
        "Declarer",
        names={"es": ("Declarante", "Carteador"), "zh": ("庄家",)},
        note=N_("N, E, S or W"),
        needed="yes*",
        entry=Entry(choices=SEATS, words=N_("N, E, S or W")),
        nullable=True,
    )
    tricks: Series[Text] | None = column(
        "Tricks",
        names={"es": ("Bazas",), "zh": ("墩数", "赢墩")},
        note=N_("tricks declarer took, 0 to 13 (or give Result: =, +1, -2)"),
        needed="yes*",
        entry=Entry(TRICKS, words=N_("the tricks declarer took")),
        nullable=True,
    )
    result: Series[Text] | None = column(
        "Result",
        names={"es": ("Resultado",), "zh": ("结果",)},
        note=N_("the tricks against the contract instead of Tricks: =, +1, -2"),
        in_template=False,
        nullable=True,
    )
    section: Series[Text] | None = column(
        "Section",
        note=N_("the section: a board is compared within its section and session (blank: one section)"),
        in_template=False,
        nullable=True,
    )
    session: Series[Text] | None = column(
        "Session",
        note=N_("the session (blank: one session)"),
        in_template=False,
        nullable=True,
    )
    round: Series[Text] | None = column(
        "Round",
        note=phrase(
            N_("the round it was played in, {range} (shown, not needed to score)"), range=BOARD.words
        ),
        in_template=False,
        nullable=True,
    )
    table: Series[Text] | None = column(
        "Table",
        note=phrase(
            N_("the table it was played at, {range} (shown, not needed to score)"), range=BOARD.words
        ),
        in_template=False,
        nullable=True,
    )
    vul: Series[Text] | None = column(
        "Vul",
        names={"es": ("Vulnerabilidad", "Vul."), "zh": ("局况",)},
        note=N_("None, NS, EW or All; blank: from the board number, as Law 2 numbers them"),
        in_template=False,
        aliases=("Vulnerability",),
        nullable=True,
    )
    score: Series[Text] | None = column(
        "Score",
        names={"es": ("Puntuación", "Marcador"), "zh": ("得分", "分数")},
        note=phrase(
            N_("the north-south score instead of a contract: a multiple of 10, {range}"), range=SCORE.words
        ),
        nullable=True,
    )
    adjusted: Series[Text] | None = column(
        "Adjusted",
        names={"es": ("Ajustada", "Puntuación ajustada"), "zh": ("裁定分", "调整分")},
        note=N_(
            "A+/A-, A/A, 60/40 or NP (not played); an award: 55%, NS 60% EW 45%, 7 MP, +3 IMP; "
            "a weighted score: 60% 4S= + 40% 4S-1"
        ),
        nullable=True,
    )
    datum: Series[Text] | None = column(
        "Datum",
        names={"es": ("Dato",), "zh": ("基准分",)},
        note=N_(
            "Butler: the board's datum as the director sets it (on one row of the board or on each, the same), "
            "instead of the one computed; a multiple of 10"
        ),
        in_template=False,
        nullable=True,
    )

    @pa.check(
        "board",
        "round",
        "table",
        name=check_named("ResultsSheet", phrase(WHOLE_NUMBER, range=BOARD.words), BAD_BOARD),
    )
    def _positive(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, BOARD)

    @pa.check(
        "tricks",
        name=check_named("ResultsSheet", phrase(TRICKS_CHECK, range=TRICKS.words), BAD_TRICKS),
    )
    def _tricks(cls, s: Series[Text]) -> pd.Series:
        against = s.astype("str").str.normalize("NFKC").str.replace(r"\s", "", regex=True)
        return is_whole_in(s, TRICKS) | against.str.fullmatch(r"=|[+-][0-9]{1,2}").fillna(False)  # =, +1, -2

    @pa.check(
        "score",
        "datum",
        name=check_named(
            "ResultsSheet",
            phrase(SCORE_CHECK, range=SCORE.words),
            BAD_SCORE,
        ),
    )
    def _score(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, SCORE) & (pd.to_numeric(s, errors="coerce").fillna(0) % 10 == 0)

    class Config:
        name = RESULTS_SHEET
        metadata = {"names": {"es": ("Resultados",), "zh": ("成绩", "成绩表")}}
        strict = False


class PairsSheet(pa.DataFrameModel):
    """`Pairs`: the pairs and their names."""

    pair: Series[Text] = column(
        "Pair",
        note=N_("the pair id used in Results"),
        nullable=False,
    )
    names: Series[Text] | None = column(
        "Names",
        names={"es": ("Nombres", "Jugadores"), "zh": ("姓名", "选手")},
        note=N_("the players' names"),
        nullable=True,
    )
    direction: Series[Text] | None = column(
        "Direction",
        names={"es": ("Dirección", "Línea"), "zh": ("方向",)},
        note=N_(
            "NS or EW: with club numbering (NS pairs 1..n and EW pairs 1..n), the direction the Pair's number "
            "belongs to; giving it declares that numbering"
        ),
        in_template=False,
        nullable=True,
    )
    player_1: Series[Text] | None = member_column(1, of_id=False)
    player_1_id: Series[Text] | None = member_column(1, of_id=True)
    player_2: Series[Text] | None = member_column(2, of_id=False)
    player_2_id: Series[Text] | None = member_column(2, of_id=True)

    class Config:
        name = "Pairs"
        metadata = {"names": {"es": ("Parejas",), "zh": ("参赛对", "搭档")}}
        strict = False


class TeamsSheet(pa.DataFrameModel):
    """`Teams`: the teams and their players' names."""

    team: Series[Text] = column(
        "Team",
        note=N_("the team id used in Matches"),
        nullable=False,
    )
    names: Series[Text] | None = column(
        "Names",
        names={"es": ("Nombres", "Jugadores"), "zh": ("姓名", "队员")},
        note=N_("the players' names"),
        nullable=True,
    )
    player_1: Series[Text] | None = member_column(1, of_id=False)
    player_1_id: Series[Text] | None = member_column(1, of_id=True)
    player_2: Series[Text] | None = member_column(2, of_id=False)
    player_2_id: Series[Text] | None = member_column(2, of_id=True)
    player_3: Series[Text] | None = member_column(3, of_id=False)
    player_3_id: Series[Text] | None = member_column(3, of_id=True)
    player_4: Series[Text] | None = member_column(4, of_id=False)
    player_4_id: Series[Text] | None = member_column(4, of_id=True)
    player_5: Series[Text] | None = member_column(5, of_id=False, in_template=False)
    player_5_id: Series[Text] | None = member_column(5, of_id=True, in_template=False)
    player_6: Series[Text] | None = member_column(6, of_id=False, in_template=False)
    player_6_id: Series[Text] | None = member_column(6, of_id=True, in_template=False)

    class Config:
        name = "Teams"
        metadata = {"names": {"es": ("Equipos",), "zh": ("参赛队", "队伍")}}
        strict = False


class TeamMatchesSheet(pa.DataFrameModel):
    """`Matches` of a teams event: the home team sits NS in the Open room and EW in the Closed room."""

    match: Series[Text] = column(
        "Match",
        note=N_("the match id used in Results"),
        nullable=False,
    )
    round: Series[Text] | None = column(
        "Round",
        note=phrase(N_("the round, a whole number {range}"), range=BOARD.words),
        nullable=True,
    )
    home: Series[Text] = column(
        "Home",
        names={"es": ("Local",), "zh": ("主队",)},
        note=N_("the home team: NS in the Open room"),
        nullable=False,
    )
    away: Series[Text] = column(
        "Away",
        names={"es": ("Visitante",), "zh": ("客队",)},
        note=N_("the away team: NS in the Closed room"),
        nullable=False,
    )

    @pa.check(
        "round",
        name=check_named("TeamMatchesSheet", phrase(WHOLE_NUMBER, range=BOARD.words), BAD_MATCH_ROUND),
    )
    def _round(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, BOARD)

    class Config:
        name = "Matches"
        metadata = {"names": {"es": ("Encuentros", "Partidos"), "zh": ("比赛", "对阵")}}
        strict = False


PENALTY = Span(0, 100)  # a procedural penalty's amount (Law 90): above 0, at most 100 in its unit
# A penalty's Unit as typed (folded as setting words are: lower case, `_` for spaces) -> the unit it is in:
# matchpoints, a percentage of a top, IMPs, VPs (pipeline/games/bridge/penalties.py).
VP_UNIT = "vp"
PENALTY_UNIT_WORDS: dict[str, str] = {
    **dict.fromkeys(["mp", "mps", "matchpoints", "matchpoint"], "mp"),
    **dict.fromkeys(["%", "percent", "%_of_a_top", "%_of_top", "%_top", "pct"], "pct"),
    **dict.fromkeys(["imp", "imps"], "imp"),
    **dict.fromkeys(["vp", "vps"], VP_UNIT),
}
BAD_PENALTY_AMOUNT = kind(
    "B176",
    "a penalty Amount that is not a number above 0 and at most 100",
    example="Penalties, row 2, column 'Amount' [0]: a number above 0, at most 100 (in the penalty's Unit)",
)


class BridgePenaltiesSheet(pa.DataFrameModel):
    """`Penalties` of a bridge event: procedural penalties (Law 90), each deducted from one pair's or team's
    score (pipeline/games/bridge/penalties.py)."""

    pair: Series[Text] | None = column(
        "Pair",
        note=N_("the pair penalized (pairs events)"),
        nullable=True,
    )
    team: Series[Text] | None = column(
        "Team",
        note=N_("the team penalized (teams events)"),
        in_template=False,
        nullable=True,
    )
    amount: Series[Text] = column(
        "Amount",
        names={"es": ("Cantidad",), "zh": ("数额", "数量")},
        note=N_("how much is deducted, above 0 and at most 100, in the Unit"),
        nullable=False,
    )
    unit: Series[Text] = column(
        "Unit",
        names={"es": ("Unidad",), "zh": ("单位",)},
        note=N_("MP, % (of a top), IMP or VP, as the event is scored"),
        entry=Entry(choices=("MP", "%", "IMP", "VP"), words=N_("MP, %, IMP or VP")),
        nullable=False,
    )
    board: Series[Text] | None = column(
        "Board",
        note=N_("the board it was given on (a % of a top is of that board's top)"),
        nullable=True,
    )
    reason: Series[Text] | None = column(
        "Reason",
        note=N_("why (shown on the Rules sheet)"),
        nullable=True,
    )

    @pa.check(
        "amount",
        name=check_named(
            "BridgePenaltiesSheet",
            N_("a number above 0, at most 100 (in the penalty's Unit)"),
            BAD_PENALTY_AMOUNT,
        ),
    )
    def _amount(cls, s: Series[Text]) -> pd.Series:
        number = as_numbers(s)
        return s.isna() | ((number > PENALTY.low) & (number <= PENALTY.high)).fillna(False).astype(bool)

    @pa.check(
        "board", name=check_named("BridgePenaltiesSheet", phrase(WHOLE_NUMBER, range=BOARD.words), BAD_BOARD)
    )
    def _board(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, BOARD)

    class Config:
        name = "Penalties"
        metadata = {"names": {"es": ("Sanciones", "Penalizaciones"), "zh": ("罚分",)}}
        strict = False


# ------------------------------------------------------------------ typed tables (read from the sheets)


class Penalty(pa.DataFrameModel):
    """A procedural penalty as read (index: its Excel row): the pair or team, the amount, its unit (mp, pct,
    imp, vp), any board, the reason; `points` is the amount in the unit the event totals (MP, IMPs, VPs)."""

    competitor: Series[Text]
    amount: Series[float]
    unit: Series[Text] = pa.Field(nullable=True)
    board: Series[pd.Int64Dtype] = pa.Field(nullable=True)
    reason: Series[Text] = pa.Field(nullable=True)
    points: Series[float] | None


class Contract(pa.DataFrameModel):
    """A typed contract: its level, strain (C D H S N) and doublings (0-2); passed out; whether it was read."""

    level: Series[pd.Int64Dtype] = pa.Field(nullable=True)
    strain: Series[Text] = pa.Field(nullable=True)
    doubling: Series[int] = pa.Field(isin=[0, 1, 2])
    passed: Series[bool]
    valid: Series[bool]
    result: Series[pd.Float64Dtype] = pa.Field(nullable=True)  # a one-cell contract's result (4S=, 3NT+1)
    seat: Series[Text] = pa.Field(nullable=True)  # and its declarer (4S=N, N 4S=)
    clubs_or_hearts: Series[bool]  # the strain was the letter C: clubs in English, corazones in Spanish
    language: Series[Text]  # en, es or zh when the cell shows its language, else ''


class Vulnerability(pa.DataFrameModel):
    """Which sides are vulnerable on a board (NA where unknown), and whether a typed Vul was read."""

    ns: Series[pd.BooleanDtype] = pa.Field(nullable=True)
    ew: Series[pd.BooleanDtype] = pa.Field(nullable=True)
    valid: Series[bool] | None


class AdjustedScore(pa.DataFrameModel):
    """A typed Adjusted cell: each side's percentage (A+ 60, A 50, A- 40), not played, whether it was read."""

    ns_pct: Series[float] = pa.Field(nullable=True)
    ew_pct: Series[float] = pa.Field(nullable=True)
    not_played: Series[bool]
    valid: Series[bool]
    # a director's award in matchpoints or IMPs (pipeline/games/bridge/awards.py): its unit (mp, imp; NA for
    # none) and each side's amount (NA: the other side's complement, filled when scored)
    award_unit: Series[Text] | None = pa.Field(nullable=True)
    ns_award: Series[float] | None = pa.Field(nullable=True)
    ew_award: Series[float] | None = pa.Field(nullable=True)
    weighted: Series[bool] | None  # a weighted score (Law 12C1(c)): its parts are read apart
    averaged: Series[bool] | None  # typed as averages (A+/A/A-), not as percentages: `Averages` may move them


class WeightedPart(pa.DataFrameModel):
    """One part of a weighted score (Law 12C1(c)) as read, then scored: the result row it belongs to, its
    weight (a fraction), and either a contract with its result and any seat (before or after the result) or an
    NS score; `group` and `both` are the board it is compared on and the product of two parts' weights."""

    row: Series[int]
    group: Series[int] | None
    weight: Series[float]
    contract: Series[Text] = pa.Field(nullable=True)
    seat: Series[Text] = pa.Field(nullable=True)
    seat_after: Series[Text] | None = pa.Field(nullable=True)
    result: Series[Text] = pa.Field(nullable=True)
    score: Series[float] = pa.Field(nullable=True)
    both: Series[float] | None


class TypedResult(pa.DataFrameModel):
    """A Results row typed and scored (NA wherever a cell is bad); index = Excel row of the input. `ns_score`,
    the score every method compares, is added once the results are valid (not-played rows left out)."""

    board: Series[pd.Int64Dtype] = pa.Field(nullable=True)
    section: Series[Text]  # "" when not given
    session: Series[Text]
    ns: Series[Text] = pa.Field(nullable=True)
    ew: Series[Text] = pa.Field(nullable=True)
    match: Series[Text] = pa.Field(nullable=True)
    room: Series[Text] = pa.Field(nullable=True)  # one of ROOMS when valid
    level: Series[pd.Int64Dtype] = pa.Field(nullable=True)
    strain: Series[Text] = pa.Field(nullable=True)
    doubling: Series[int]
    passed: Series[bool]
    contract_ok: Series[bool]  # the Contract was read (or is blank)
    declarer: Series[Text] = pa.Field(nullable=True)  # one of SEATS
    tricks: Series[pd.Int64Dtype] = pa.Field(nullable=True)  # as typed, else from the Result
    typed_tricks: Series[pd.Int64Dtype] = pa.Field(nullable=True)
    result_tricks: Series[pd.Int64Dtype] = pa.Field(nullable=True)
    cell_result: Series[pd.Float64Dtype] = pa.Field(nullable=True)  # a one-cell contract's result (4S=: 0)
    cell_tricks: Series[pd.Int64Dtype] = pa.Field(nullable=True)  # and the tricks it gives
    cell_seat: Series[Text] = pa.Field(nullable=True)  # and its declarer (4S=N)
    typed_declarer: Series[Text] = pa.Field(nullable=True)  # the Declarer column's seat
    ns_vul: Series[pd.BooleanDtype] = pa.Field(nullable=True)
    ew_vul: Series[pd.BooleanDtype] = pa.Field(nullable=True)
    computed_score: Series[pd.Float64Dtype] = pa.Field(nullable=True)  # the contract's NS score (Law 77)
    typed_score: Series[pd.Float64Dtype] = pa.Field(nullable=True)
    ns_pct: Series[float] = pa.Field(nullable=True)
    ew_pct: Series[float] = pa.Field(nullable=True)
    not_played: Series[bool]
    adjusted_ok: Series[bool]
    award_unit: Series[Text] = pa.Field(nullable=True)  # mp or imp: an MP or IMP award (awards.py)
    ns_award: Series[float] = pa.Field(nullable=True)
    ew_award: Series[float] = pa.Field(nullable=True)
    weighted: Series[bool]  # a weighted score (Law 12C1(c)): ns_score is the weighted mean of its parts
    averaged: Series[bool]  # an artificial score typed as averages (A+/A/A-; Settings `Averages`)
    part_weights: Series[object] = pa.Field(nullable=True)  # a weighted score's parts: weights (fractions)
    part_scores: Series[object] = pa.Field(nullable=True)  # and NS scores, in the same order
    ns_score: Series[float] | None = pa.Field(nullable=True)


class SitOut(pa.DataFrameModel):
    """A round a pair sat out in its field (pipeline/games/bridge/sitouts.py), with the boards a pair played in
    that round; then, per pair, the award for its sit-outs: the `value` and `top` added, the boards `missed`."""

    pair: Series[Text]
    section: Series[Text] | None
    session: Series[Text] | None
    round: Series[int] | None
    boards: Series[int]
    value: Series[float] | None
    top: Series[float] | None
    missed: Series[int] | None
    step: Series[int] | None  # the round's place among the rounds played (the Progress sheet's column)


class Competitor(pa.DataFrameModel):
    """A pair or team of the event (from Pairs or Teams, else from the results) and its players' names."""

    id: Series[Text] = pa.Field(unique=True)
    names: Series[Text] = pa.Field(nullable=True)


class TeamMatch(pa.DataFrameModel):
    """A validated match of a teams event (the typed Matches sheet)."""

    match: Series[Text] = column("Match", unique=True)
    round: Series[pd.Int64Dtype] = column("Round", nullable=True)
    home: Series[Text] = column("Home")
    away: Series[Text] = column("Away")


# ------------------------------------------------------------------ scoring


class SideValues(pa.DataFrameModel):
    """What a pairs method scores on each result (beside the typed result): each side's value and, where the
    method has one (matchpoints), the top the values are out of."""

    ns_value: Series[float] = pa.Field(nullable=True)
    ew_value: Series[float] = pa.Field(nullable=True)
    top: Series[float] | None


class PairResult(pa.DataFrameModel):
    """One pair's side of one result: the pair, its side's value and any top."""

    pair: Series[Text]
    value: Series[float] = pa.Field(nullable=True)
    top: Series[float] | None


class TieMeeting(pa.DataFrameModel):
    """One competitor's side of one result (pairs) or match (teams), as the tie-breaks read it: the competitor,
    its opponent, its value (pairs: matchpoints or IMPs; teams: VPs, or the IMP margin), any top, the session,
    and a team's IMPs for and against (in `imps` for one board)."""

    id: Series[Text]
    opponent: Series[Text]
    value: Series[float]
    top: Series[float] | None
    session: Series[Text] | None
    imps_for: Series[float] | None
    imps_against: Series[float] | None
    imps: Series[float] | None


class CrossImp(pa.DataFrameModel):
    """One comparison of cross-IMPs: a result's row and NS score against another result's on the same board."""

    row: Series[int]
    board: Series[float]
    score: Series[float]
    other_row: Series[int]
    other_score: Series[float]


class Seat(pa.DataFrameModel):
    """One pair of one result, where it sat (for the check that a pair plays a board once)."""

    section: Series[Text]
    session: Series[Text]
    board: Series[pd.Int64Dtype]
    pair: Series[Text]
    result_row: Series[int]  # the Excel row of the result
    direction: Series[Text]  # the Results column the pair is in: ns or ew


class RoomScore(pa.DataFrameModel):
    """A board of a match as scored in both rooms (index: match, board): each room's NS score and artificial
    IMPs."""

    open_score: Series[float] = pa.Field(nullable=True)
    open_artificial: Series[float]
    closed_score: Series[float] = pa.Field(nullable=True)
    closed_artificial: Series[float]


class TeamSide(pa.DataFrameModel):
    """One team's side of one match: its IMP margin, VPs and the boards played."""

    team: Series[Text]
    imps: Series[float]
    vps: Series[float] = pa.Field(nullable=True)
    boards: Series[float]


class VpScale(pa.DataFrameModel):
    """The WBF 20-VP table of one match length: whole-IMP margins, the winner's and the loser's VPs."""

    margin: Series[int] = pa.Field(ge=0)
    winner_vp: Series[float] = pa.Field(ge=10, le=20)
    loser_vp: Series[float] = pa.Field(ge=0, le=10)


class VictoryPoints(pa.DataFrameModel):
    """The VPs of the side whose margin is given, and of its opponent (NA for a margin that is not whole)."""

    vp: Series[float] = pa.Field(nullable=True)
    opponent_vp: Series[float] = pa.Field(nullable=True)


# ------------------------------------------------------------------ written sheets


class PairStanding(pa.DataFrameModel):
    """One row of a pairs `Standings` sheet: its place, the pair, the boards it played and its total (with
    matchpoints, also the tops it was scored out of and its percentage of them). The method names the total's
    header (`MatchpointTotals`, `ImpTotals`, `PointTotals`)."""

    rank: Series[int] = column("Rank", ge=1)
    field: Series[Text] | None = column("Field", nullable=True)  # NS or EW: a two-winner Mitchell
    pair: Series[Text] = column("Pair", unique=True)
    names: Series[Text] = column("Names", nullable=True)
    boards: Series[int] = column("Boards", names={"es": ("Tableros",), "zh": ("牌数",)}, ge=0)
    total: Series[float] = pa.Field()
    top: Series[float] | None = pa.Field()
    percent: Series[float] | None = pa.Field()
    penalty: Series[float] | None = column("Penalty", number_format=HUNDREDTHS)  # Law 90, when any
    decided_by: Series[Text] | None = column(
        "Decided By"
    )  # only with Settings Tie Break (docs/conditions.md)

    class Config:
        name = "Standings"
        metadata = {"names": {"es": ("Clasificación",), "zh": ("排名",)}}
        strict = False


class MatchpointTotals(pa.DataFrameModel):
    """The columns a matchpoint Standings sheet shows after Boards."""

    total: Series[float] = column("MP", names={"es": ("PM",), "zh": ("比赛分",)}, number_format=HUNDREDTHS)
    top: Series[float] = column("Top", names={"es": ("Top",), "zh": ("顶分",)}, number_format=HUNDREDTHS)
    percent: Series[float] = column(
        "Percent", names={"es": ("Porcentaje",), "zh": ("百分比",)}, number_format=PERCENT
    )


class ImpTotals(pa.DataFrameModel):
    """The column a Standings sheet scored in IMPs (cross-IMPs, Butler) shows after Boards."""

    total: Series[float] = column(
        "IMPs", names={"es": ("IMPs",), "zh": ("国际比赛分",)}, number_format=HUNDREDTHS
    )


class PointTotals(pa.DataFrameModel):
    """The column a total-points Standings sheet shows after Boards."""

    total: Series[float] = column("Total", number_format=HUNDREDTHS)


class TeamStanding(pa.DataFrameModel):
    """One row of a teams `Standings` sheet (VPs only with a VP scale)."""

    rank: Series[int] = column("Rank", ge=1)
    team: Series[Text] = column("Team", unique=True)
    names: Series[Text] = column("Names", nullable=True)
    matches: Series[int] = column("Matches", names={"es": ("Encuentros",), "zh": ("场数",)}, ge=0)
    boards: Series[int] = column("Boards", ge=0)
    imps: Series[int] = column("IMPs")
    vps: Series[float] = column(
        "VPs", names={"es": ("PV",), "zh": ("胜利分",)}, number_format=HUNDREDTHS
    )  # below 0 after a VP penalty (Law 90)
    penalty: Series[float] | None = column("Penalty", number_format=HUNDREDTHS)  # Law 90, when any
    decided_by: Series[Text] | None = column(
        "Decided By"
    )  # only with Settings Tie Break (docs/conditions.md)

    class Config:
        name = "Standings"
        metadata = {"names": {"es": ("Clasificación",), "zh": ("排名",)}}
        strict = False


class Traveller(pa.DataFrameModel):
    """The columns of a `Travellers` row every method shows (Match and Room in a teams event, Section and
    Session where given, NS and EW in a pairs event, each with its pair's names when the Pairs sheet names
    anyone); the method's own follow."""

    match: Series[Text] = column("Match")
    room: Series[Text] = column("Room")
    section: Series[Text] = column("Section")
    session: Series[Text] = column("Session")
    board: Series[int] = column("Board")
    ns: Series[Text] = column("NS")
    ns_names: Series[Text] = column(
        "NS Names", names={"es": ("Nombres NS",), "zh": ("南北姓名",)}, nullable=True
    )
    ew: Series[Text] = column("EW")
    ew_names: Series[Text] = column(
        "EW Names", names={"es": ("Nombres EO",), "zh": ("东西姓名",)}, nullable=True
    )
    contract_text: Series[Text] = column("Contract")  # 4S, 3NTX, 6HXX, PASS, or the adjusted score as typed
    declarer: Series[Text] = column("Declarer", nullable=True)
    tricks: Series[pd.Int64Dtype] = column("Tricks", nullable=True)
    ns_score: Series[float] = column("NS Score", names={"es": ("Marca NS",), "zh": ("南北得分",)})
    ew_score: Series[float] = column("EW Score", names={"es": ("Marca EO",), "zh": ("东西得分",)})
    # With deals (--deals, or a PBN event's own [Deal]): what was possible on the board, double dummy
    par_contract: Series[Text] | None = column(
        "Par Contract", names={"es": ("Contrato óptimo",), "zh": ("最优定约",)}, nullable=True
    )
    par: Series[float] | None = column("Par", names={"es": ("Par",), "zh": ("最优分",)}, nullable=True)

    class Config:
        name = "Travellers"
        metadata = {"names": {"es": ("Planillas",), "zh": ("记分单",)}}
        strict = False


class MatchpointTraveller(pa.DataFrameModel):
    """The matchpoint columns of a `Travellers` row: each side's matchpoints and percentage, and the top."""

    ns_value: Series[float] = column(
        "NS MP", names={"es": ("PM NS",), "zh": ("南北比赛分",)}, number_format=HUNDREDTHS
    )
    ew_value: Series[float] = column(
        "EW MP", names={"es": ("PM EO",), "zh": ("东西比赛分",)}, number_format=HUNDREDTHS
    )
    ns_pct_out: Series[float] = column(
        "NS %", names={"es": ("NS %",), "zh": ("南北 %",)}, nullable=True, number_format=PERCENT
    )
    ew_pct_out: Series[float] = column(
        "EW %", names={"es": ("EO %",), "zh": ("东西 %",)}, nullable=True, number_format=PERCENT
    )
    top: Series[float] = column("Top")


class ImpTraveller(pa.DataFrameModel):
    """The IMP columns of a `Travellers` row (cross-IMPs, Butler, teams)."""

    ns_value: Series[float] = column("NS IMPs", names={"es": ("IMPs NS",), "zh": ("南北国际比赛分",)})
    ew_value: Series[float] = column("EW IMPs", names={"es": ("IMPs EO",), "zh": ("东西国际比赛分",)})


class ButlerTraveller(ImpTraveller):
    """Butler's `Travellers` columns: the IMPs, then the board's datum."""

    datum: Series[pd.Int64Dtype] = column("Datum", nullable=True)


class Frequency(pa.DataFrameModel):
    """One row of `Frequencies`: an NS score on a board, how often it occurred and its NS value under the
    method (headed as the method's NS column)."""

    section: Series[Text] = column("Section")
    session: Series[Text] = column("Session")
    board: Series[int] = column("Board")
    ns_score: Series[float] = column("NS Score")
    occurrences: Series[int] = column("Count", names={"es": ("Veces",), "zh": ("次数",)})
    value: Series[float] | None = pa.Field(nullable=True)  # to 0.01, headed as the method says

    class Config:
        name = "Frequencies"
        metadata = {"names": {"es": ("Frecuencias",), "zh": ("频率",)}}
        strict = False


class Scorecard(pa.DataFrameModel):
    """One row of `Scorecards`: a board one pair played, from its side (the pair's and the opponents' names
    when the Pairs sheet names anyone)."""

    pair: Series[Text] = column("Pair")
    names: Series[Text] = column("Names", nullable=True)
    board: Series[int] = column("Board")
    direction: Series[Text] = column("Direction", isin=[NORTH_SOUTH, EAST_WEST])
    opponents: Series[Text] = column("Opponents", names={"es": ("Rivales",), "zh": ("对手",)})
    opponent_names: Series[Text] = column(
        "Opponent Names", names={"es": ("Nombres rivales",), "zh": ("对手姓名",)}, nullable=True
    )
    contract: Series[Text] = column("Contract")
    declarer: Series[Text] = column("Declarer", nullable=True)
    tricks: Series[pd.Int64Dtype] = column("Tricks", nullable=True)
    score: Series[float] = column("Score")
    result: Series[float] = column("Result", number_format=HUNDREDTHS)

    class Config:
        name = "Scorecards"
        metadata = {"names": {"es": ("Tarjetas",), "zh": ("记分卡",)}}
        strict = False


class MatchResult(TeamMatch):
    """One row of a teams standings workbook's `Matches` sheet: the match, each team's names (when the Teams
    sheet names anyone), its boards, each side's gross IMPs and VPs."""

    home_names: Series[Text] = column(
        "Home Names", names={"es": ("Nombres local",), "zh": ("主队队员",)}, nullable=True
    )
    away_names: Series[Text] = column(
        "Away Names", names={"es": ("Nombres visitante",), "zh": ("客队队员",)}, nullable=True
    )
    boards: Series[float] = column("Boards")
    home_imps: Series[float] = column("Home IMPs", names={"es": ("IMPs local",), "zh": ("主队国际比赛分",)})
    away_imps: Series[float] = column(
        "Away IMPs", names={"es": ("IMPs visitante",), "zh": ("客队国际比赛分",)}
    )
    home_vps: Series[float] = column(
        "Home VPs",
        names={"es": ("PV local",), "zh": ("主队胜利分",)},
        nullable=True,
        number_format=HUNDREDTHS,
    )
    away_vps: Series[float] = column(
        "Away VPs",
        names={"es": ("PV visitante",), "zh": ("客队胜利分",)},
        nullable=True,
        number_format=HUNDREDTHS,
    )

    class Config:
        name = "Matches"
        metadata = {"names": {"es": ("Encuentros",), "zh": ("比赛",)}}
        strict = False


class BoardImps(pa.DataFrameModel):
    """One row of `Board IMPs`: a board of a match and the IMPs each side won on it."""

    match: Series[Text] = column("Match")
    board: Series[int] = column("Board")
    home_imps: Series[float] = column("Home IMPs")
    away_imps: Series[float] = column("Away IMPs")

    class Config:
        name = "Board IMPs"
        metadata = {"names": {"es": ("IMPs por tablero",), "zh": ("每副牌国际比赛分",)}}
        strict = False


# ------------------------------------------------------------------ the teams schedule

# the title column of every printed card sheet, named as domino's Table Cards name it
CARD_NAMES = {"es": ("Tarjeta",), "zh": ("桌卡",)}


class TeamBye(pa.DataFrameModel):
    """One row of a teams schedule's `Byes` sheet: the team without a match in a round."""

    round: Series[int] = column("Round")
    team: Series[Text] = column("Team")

    class Config:
        name = "Byes"
        metadata = {"names": {"es": ("Descansos",), "zh": ("轮空",)}}
        strict = False


class MatchCard(pa.DataFrameModel):
    """One line of a teams schedule's `Table Cards`: a match's title, then who sits NS and EW in each room."""

    card: Series[Text] = column("Card", names=CARD_NAMES, nullable=True)
    room: Series[Text] = column("Room", nullable=True)
    ns: Series[Text] = column("NS", nullable=True)
    ns_names: Series[Text] = column("NS Names", nullable=True)
    ew: Series[Text] = column("EW", nullable=True)
    ew_names: Series[Text] = column("EW Names", nullable=True)

    class Config:
        name = "Table Cards"
        metadata = {"names": {"es": ("Tarjetas de mesa",), "zh": ("桌卡",)}}
        strict = False


# ------------------------------------------------------------------ the printed cards of a pairs schedule
# (built from the movement's tables, schemas/movements.py)


class TableGuide(pa.DataFrameModel):
    """One line of `Table Guides`: a table's title, then round by round its NS and EW pairs, the boards and
    where the boards go next."""

    card: Series[Text] = column("Card", names=CARD_NAMES, nullable=True)
    round: Series[int] = column("Round", nullable=True)
    ns: Series[Text] = column("NS", nullable=True)
    ns_names: Series[Text] = column("NS Names", nullable=True)
    ew: Series[Text] = column("EW", nullable=True)
    ew_names: Series[Text] = column("EW Names", nullable=True)
    boards: Series[Text] = column("Boards", nullable=True)
    boards_next: Series[Text] = column(
        "Boards Go To", names={"es": ("Tableros pasan a",), "zh": ("牌传至",)}, nullable=True
    )

    class Config:
        name = "Table Guides"
        metadata = {"names": {"es": ("Guías de mesa",), "zh": ("各桌移位卡",)}}
        strict = False


class PairGuide(pa.DataFrameModel):
    """One line of `Pair Guides`: a pair's title, then round by round its table, direction, opponents and
    boards (a sit-out said so)."""

    card: Series[Text] = column("Card", names=CARD_NAMES, nullable=True)
    round: Series[int] = column("Round", nullable=True)
    table: Series[Text] = column("Table", nullable=True)
    direction: Series[Text] = column("Direction", nullable=True)
    opponents: Series[Text] = column("Opponents", nullable=True)
    opponent_names: Series[Text] = column("Opponent Names", nullable=True)
    boards: Series[Text] = column("Boards", nullable=True)

    class Config:
        name = "Pair Guides"
        metadata = {"names": {"es": ("Guías de pareja",), "zh": ("各对移位卡",)}}
        strict = False


class BoardMovement(pa.DataFrameModel):
    """One row of `Board Movement`: where a set of boards is in a round (a table, two relayed tables, or not in
    play)."""

    round: Series[int] = column("Round")
    boards: Series[Text] = column("Boards")
    tables: Series[Text] = column("Tables", names={"es": ("Mesas",), "zh": ("所在桌",)})

    class Config:
        name = "Board Movement"
        metadata = {"names": {"es": ("Movimiento de tableros",), "zh": ("牌的移动",)}}
        strict = False


class TravellerSlip(pa.DataFrameModel):
    """One line of `Traveller Slips`: a board's title, then a line per table that plays it (round, table, the
    pairs) with the result cells left empty to fill in."""

    card: Series[Text] = column("Card", names=CARD_NAMES, nullable=True)
    round: Series[int] = column("Round", nullable=True)
    table: Series[int] = column("Table", nullable=True)
    ns: Series[Text] = column("NS", nullable=True)
    ew: Series[Text] = column("EW", nullable=True)
    contract: Series[Text] = column("Contract", nullable=True)
    declarer: Series[Text] = column("By", names={"es": ("Decl.",), "zh": ("庄",)}, nullable=True)
    tricks: Series[Text] = column("Tricks", nullable=True)
    score: Series[Text] = column("NS Score", nullable=True)

    class Config:
        name = "Traveller Slips"
        metadata = {"names": {"es": ("Planillas viajeras",), "zh": ("流动记分单",)}}
        strict = False


class HandRecord(pa.DataFrameModel):
    """The `Hands` sheet, written when deals are given: a block of four rows a board (North, East, South,
    West), each hand's suits as text, the tricks it takes as declarer in each strain double dummy, and on the
    block's first row the board's dealer, vulnerability, par contract and par score (NS)."""

    board: Series[int] = column("Board")
    dealer: Series[Text] | None = column("Dealer", names={"es": ("Dador",), "zh": ("发牌人",)}, nullable=True)
    vul: Series[Text] | None = column(
        "Vul", names={"es": ("Vulnerabilidad", "Vul."), "zh": ("局况",)}, nullable=True
    )
    hand: Series[Text] = column("Hand", names={"es": ("Mano",), "zh": ("方位",)})
    spade_cards: Series[Text] = column("♠ Spades", names={"es": ("♠ Picas",), "zh": ("♠ 黑桃",)})
    heart_cards: Series[Text] = column("♥ Hearts", names={"es": ("♥ Corazones",), "zh": ("♥ 红心",)})
    diamond_cards: Series[Text] = column("♦ Diamonds", names={"es": ("♦ Diamantes",), "zh": ("♦ 方块",)})
    club_cards: Series[Text] = column("♣ Clubs", names={"es": ("♣ Tréboles",), "zh": ("♣ 梅花",)})
    tricks_nt: Series[int] = column("DD NT", names={"es": ("DD ST",), "zh": ("双明手 无将",)})
    tricks_s: Series[int] = column("DD Spades", names={"es": ("DD Picas",), "zh": ("双明手 黑桃",)})
    tricks_h: Series[int] = column("DD Hearts", names={"es": ("DD Corazones",), "zh": ("双明手 红心",)})
    tricks_d: Series[int] = column("DD Diamonds", names={"es": ("DD Diamantes",), "zh": ("双明手 方块",)})
    tricks_c: Series[int] = column("DD Clubs", names={"es": ("DD Tréboles",), "zh": ("双明手 梅花",)})
    par_contract: Series[Text] | None = column(
        "Par Contract", names={"es": ("Contrato óptimo",), "zh": ("最优定约",)}, nullable=True
    )
    par: Series[float] | None = column("Par", names={"es": ("Par",), "zh": ("最优分",)}, nullable=True)

    class Config:
        name = "Hands"
        metadata = {"names": {"es": ("Manos",), "zh": ("牌例",)}}
        strict = False


class DealRecord(pa.DataFrameModel):
    """A deal read from a PBN file (pipeline/games/bridge/deals.py), valid: its board and section, the file line
    of its [Deal], the deal as `N:` and the four hands from North, its dealer and vulnerability (None, NS, EW,
    All); then, once analysed, the board's par contract(s) and par score for NS."""

    board: Series[int]
    section: Series[Text]  # "" when not tagged
    line: Series[int]
    deal: Series[Text]
    dealer: Series[Text]
    vul: Series[Text]


class ExportFrame:
    """The names of the frames pipeline/games/bridge/export.py builds before it writes PBN or USEBIO (a
    result line, a board's facts, a ranking row, a match) and of the typed results it reads: tally's own
    column names, declared once here (each equals its attribute)."""

    row, board, section, round, table, ns, ew, match, room = (
        "row", "board", "section", "round", "table", "ns", "ew", "match", "room"
    )  # fmt: skip
    contract, declarer, tricks, ns_score, ns_pct, ew_pct, ns_vul, ew_vul = (
        "contract", "declarer", "tricks", "ns_score", "ns_pct", "ew_pct", "ns_vul", "ew_vul"
    )  # fmt: skip
    ns_value, ew_value, level, strain, doubling, passed, not_played, averaged, weighted = (
        "ns_value", "ew_value", "level", "strain", "doubling", "passed", "not_played", "averaged", "weighted"
    )  # fmt: skip
    dealer, vul, deal, rank, id, field, names, total, percent, pair, team = (
        "dealer", "vul", "deal", "rank", "id", "field", "names", "total", "percent", "pair", "team"
    )  # fmt: skip
    home, away, home_imps, away_imps, home_vps, away_vps, imps, vps, side = (
        "home", "away", "home_imps", "away_imps", "home_vps", "away_vps", "imps", "vps", "side"
    )  # fmt: skip
