"""Domino workbook sheets: what the organizer types (input) and what tally writes (output)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from pipeline.i18n import N_
from pipeline.problems import check_named, kind
from schemas.common import (
    Entry,
    Text,
    Vocabulary,
    column,
    declared_of,
    is_one_of,
    is_whole_in,
    names_in,
    titles_of,
)
from schemas.plain import MATCHES_SHEET, TARGET, Span, phrase
from schemas.shared import member_column

ENDED_TARGET, ENDED_TIME, ENDED_FORFEIT = "target", "time", "forfeit"  # how a match ended (Ended)
ENDINGS = [ENDED_TARGET, ENDED_TIME, ENDED_FORFEIT]
ENDED_WORDS: Vocabulary = {  # how a match ended, in the organizers' words: the target reached, time called, a forfeit
    ENDED_TARGET: {"es": ("meta", "tantos"), "zh": ("目标", "达到目标")},
    ENDED_TIME: {"es": ("tiempo", "por tiempo"), "zh": ("时间", "超时")},
    ENDED_FORFEIT: {"es": ("no presentado", "incomparecencia", "abandono"), "zh": ("弃权",)},
}
MODE_POINTS, MODE_RUN_OUT = "points", "run_out"  # the Settings Mode: counts are pips, or hands (run out)
MODES = [MODE_POINTS, MODE_RUN_OUT]
MODE_WORDS: Vocabulary = {  # the Settings Mode: a points event (to a target of pips) or a run-out (hands won)
    MODE_POINTS: {"es": ("tantos", "puntos", "por tantos"), "zh": ("点数", "计点")},
    MODE_RUN_OUT: {"es": ("manos", "por manos"), "zh": ("局数", "计局")},
}
COUNT_WORDS = {MODE_POINTS: N_("pips"), MODE_RUN_OUT: N_("hands")}  # what a side's count is, in each mode
RANK_BY_POINTS, RANK_BY_WINS = "points", "wins"  # the Settings Ranking: the seed's order, or wins first
RANKINGS = [RANK_BY_POINTS, RANK_BY_WINS]
SINGLE, BEST_OF_THREE = "single", "best_of_three"  # the Settings Match Format: one game, or best of three
MATCH_FORMATS = [SINGLE, BEST_OF_THREE]
SANCTION_EFFECTIVENESS, SANCTION_RESULT = "effectiveness", "result"  # the Settings Sanction: where pips go
SANCTIONS = [SANCTION_EFFECTIVENESS, SANCTION_RESULT]
BYE = "bye"  # B1 of a Matches row whose side A sits out the round (docs/domino-rules.md, "Bye credit")
BYE_WORDS: Vocabulary = {BYE: {"es": ("descanso", "libre"), "zh": ("轮空",)}}
YELLOW, RED = "yellow", "red"  # a Penalties row's Card
CARDS = [YELLOW, RED]
CARD_WORDS: Vocabulary = {
    YELLOW: {"es": ("amarilla", "tarjeta amarilla"), "zh": ("黄牌",)},
    RED: {"es": ("roja", "tarjeta roja"), "zh": ("红牌",)},
}
SIDES = ["A", "B"]
NAME_JOINER = " & "  # between the names of a side's two players, on the standings' Matches sheet
MATCH_NOUNS = (
    N_("matches"),
    N_("match"),
)  # what the rows of Matches are, in messages (no matches to score: ...)

# The sane range of every number a domino workbook holds, checked where it is read (docs/trust.md, "Ranges"); the
# target's, TARGET, is in schemas/plain.py, for the command line's `--target`.
ROUND = Span(1, 10_000)  # Round and Table (and a penalty's Round): a week of play around the clock
PIPS = Span(0, 100_000)  # a side's pips in a match, and a penalty's pips either way
HANDS = Span(0, 10_000)  # a side's hands in a run-out match: never more than the target
PODIUM = Span(1, 100)  # how many places the podium shows
GAMES = Span(0, 2)  # the games a side won in a best-of-three match

BAD_ROUND = kind(
    "D117",
    "a Round or Table that is not a whole number in its range",
    example="Matches, row 3, column 'Round' [two]: expected a whole number from 1 to 10,000",
)
BAD_TARGET = kind("D118", "a match's Target that is not a whole number in its range")
BAD_PIPS = kind("D119", "pips that are not a whole number in their range")
BAD_HANDS = kind("D120", "hands (run-out) that are not a whole number in their range")
BAD_ENDED = kind("D121", "an Ended that is not target, time or forfeit")
BAD_WINNER = kind("D122", "a Winner that is not A or B")
BAD_PENALTY = kind("D123", "a penalty's pips that are not a whole number other than 0 in their range")
BAD_PENALTY_ROUND = kind("D124", "a penalty's Round that is not a whole number in its range")
BAD_CARD = kind("D133", "a penalty's Card that is not yellow or red")
BAD_GAMES = kind(
    "D136",
    "a best-of-three side's games that are not a whole number from 0 to 2",
    example="Matches, row 4, column 'A Games' [3]: expected a whole number from 0 to 2",
)


class MatchesSheet(pa.DataFrameModel):
    """`Matches`: one row per match; side A is A1+A2, side B is B1+B2."""

    round: Series[Text] = column(
        "Round",
        note=phrase(N_("the round, a whole number {range}"), range=ROUND.words),
        nullable=False,
    )
    table: Series[Text] = column(
        "Table",
        note=phrase(N_("the table, a whole number {range}; each round and table once"), range=ROUND.words),
        nullable=False,
    )
    a1: Series[Text] = column(
        "A1",
        note=N_("side A: a player or pair id (pairs events: the pair id here, A2 blank)"),
        nullable=False,
    )
    a2: Series[Text] | None = column(
        "A2", note=N_("side A's second player (individual events)"), nullable=True
    )
    b1: Series[Text] = column(
        "B1",
        note=N_("side B: a player or pair id; BYE when side A sits out the round (Settings Bye Credit)"),
        words=BYE_WORDS,
        nullable=False,
    )
    b2: Series[Text] | None = column(
        "B2", note=N_("side B's second player (individual events)"), nullable=True
    )
    a_pips: Series[Text] | None = column(
        "A Pips",
        names={"es": ("Tantos A", "Puntos A"), "zh": ("A方点数", "A点数")},
        note=phrase(
            N_("pips side A scored, {range}; blank with B Pips too means not played yet"), range=PIPS.words
        ),
        needed="yes",
        entry=Entry(PIPS),
        nullable=True,
    )
    b_pips: Series[Text] | None = column(
        "B Pips",
        names={"es": ("Tantos B", "Puntos B"), "zh": ("B方点数", "B点数")},
        note=phrase(N_("pips side B scored, {range}"), range=PIPS.words),
        needed="yes",
        entry=Entry(PIPS),
        nullable=True,
    )
    target: Series[Text] | None = column(
        "Target",
        names={"es": ("Meta", "Tope"), "zh": ("目标",)},
        note=phrase(
            N_(
                "this match's target (pips, or hands in a run-out event), {range}; blank: the Settings Target"
            ),
            range=TARGET.words,
        ),
        in_template=False,
        nullable=True,
    )
    ended: Series[Text] | None = column(
        "Ended",
        names={"es": ("Terminada por", "Fin"), "zh": ("结束方式",)},
        words=ENDED_WORDS,
        note=N_("target (blank means target), time or forfeit"),
        entry=Entry(choices=tuple(ENDINGS), words=N_("target (or blank), time or forfeit")),
        nullable=True,
    )
    winner: Series[Text] | None = column(
        "Winner",
        names={"es": ("Ganador",), "zh": ("胜方",)},
        note=N_("A or B: needed when time was called with level pips and for a forfeit"),
        entry=Entry(choices=tuple(SIDES), words=N_("A or B (needed at time or forfeit)")),
        nullable=True,
    )
    a_games: Series[Text] | None = column(
        "A Games",
        names={"es": ("Partidas ganadas A", "Juegos A"), "zh": ("A方胜盘", "A胜盘")},
        note=f"games side A won, {GAMES.words} (Settings Match Format = best of three)",
        in_template=False,
        nullable=True,
    )
    b_games: Series[Text] | None = column(
        "B Games",
        names={"es": ("Partidas ganadas B", "Juegos B"), "zh": ("B方胜盘", "B胜盘")},
        note=f"games side B won, {GAMES.words} (Settings Match Format = best of three)",
        in_template=False,
        nullable=True,
    )
    a_hands: Series[Text] | None = column(
        "A Hands",
        names={"es": ("Manos A",), "zh": ("A方局数", "A局数")},
        note=phrase(N_("hands side A won, {range} (run-out events, in place of A Pips)"), range=HANDS.words),
        in_template=False,
        nullable=True,
    )
    b_hands: Series[Text] | None = column(
        "B Hands",
        names={"es": ("Manos B",), "zh": ("B方局数", "B局数")},
        note=phrase(N_("hands side B won, {range} (run-out events, in place of B Pips)"), range=HANDS.words),
        in_template=False,
        nullable=True,
    )

    @pa.check(
        "round",
        "table",
        name=check_named("MatchesSheet", phrase(N_("a whole number {range}"), range=ROUND.words), BAD_ROUND),
    )
    def _positive(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, ROUND)

    @pa.check(
        "target",
        name=check_named(
            "MatchesSheet", phrase(N_("a whole number {range}"), range=TARGET.words), BAD_TARGET
        ),
    )
    def _target(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, TARGET)

    @pa.check(
        "a_pips",
        "b_pips",
        name=check_named("MatchesSheet", phrase(N_("a whole number {range}"), range=PIPS.words), BAD_PIPS),
    )
    def _pips(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, PIPS)

    @pa.check(
        "a_hands",
        "b_hands",
        name=check_named("MatchesSheet", phrase(N_("a whole number {range}"), range=HANDS.words), BAD_HANDS),
    )
    def _hands(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, HANDS)

    @pa.check(
        "a_games",
        "b_games",
        name=check_named("MatchesSheet", phrase(N_("a whole number {range}"), range=GAMES.words), BAD_GAMES),
    )
    def _games(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, GAMES)

    @pa.check(
        "ended",
        name=check_named("MatchesSheet", N_("one of: target, time, forfeit (blank means target)"), BAD_ENDED),
    )
    def _ended(cls, s: Series[Text]) -> pd.Series:
        return is_one_of(s, ENDINGS)

    @pa.check("winner", name=check_named("MatchesSheet", N_("A or B"), BAD_WINNER))
    def _winner(cls, s: Series[Text]) -> pd.Series:
        return is_one_of(s, SIDES)

    class Config:
        name = MATCHES_SHEET
        metadata = {"names": {"es": ("Partidas", "Partidos"), "zh": ("比赛", "对局")}}
        strict = False


class PlayersSheet(pa.DataFrameModel):
    """`Players`: the entrants (players, or pairs in a pairs event)."""

    id: Series[Text] = column(
        "ID",
        names={"es": ("Código", "Número"), "zh": ("编号",)},
        note=N_("the id used in Matches (text or number)"),
        nullable=False,
    )
    name: Series[Text] | None = column(
        "Name",
        names={"es": ("Nombre",), "zh": ("姓名", "名字")},
        note=N_("the name shown in the standings"),
        nullable=True,
    )
    club: Series[Text] | None = column("Club", names={"zh": ("俱乐部",)}, note=N_("the club"), nullable=True)
    player_1: Series[Text] | None = member_column(1, of_id=False)
    player_1_id: Series[Text] | None = member_column(1, of_id=True)
    player_2: Series[Text] | None = member_column(2, of_id=False)
    player_2_id: Series[Text] | None = member_column(2, of_id=True)

    class Config:
        name = "Players"
        metadata = {"names": {"es": ("Jugadores", "Participantes"), "zh": ("选手", "参赛者")}}
        strict = False


class PenaltiesSheet(pa.DataFrameModel):
    """`Penalties`: pips (or a card's pips) deducted from one competitor's effectiveness, or from its pips in
    the round's match (Settings Sanction)."""

    player: Series[Text] = column(
        "Player", names={"es": ("Jugador",), "zh": ("选手",)}, note=N_("the id penalized"), nullable=False
    )
    pips: Series[Text] | None = column(
        "Pips",
        names={"es": ("Tantos",), "zh": ("点数",)},
        note=phrase(
            N_("pips deducted from effectiveness, up to {high} (10 and -10 both deduct 10); or a Card"),
            high=f"{PIPS.high:,}",
        ),
        needed=N_("pips or a card"),
        nullable=True,
    )
    card: Series[Text] | None = column(
        "Card",
        names={"es": ("Tarjeta",), "zh": ("红黄牌", "黄红牌")},
        words=CARD_WORDS,
        note=N_("yellow or red, in place of Pips: the Settings Yellow Card Pips or Red Card Pips"),
        in_template=False,
        entry=Entry(choices=tuple(CARDS), words=N_("yellow or red (in place of Pips)")),
        nullable=True,
    )
    round: Series[Text] | None = column(
        "Round",
        note=phrase(N_("the round from which it counts, {range} (blank: from the first)"), range=ROUND.words),
        nullable=True,
    )
    reason: Series[Text] | None = column("Reason", note=N_("why"), nullable=True)

    @pa.check(
        "pips",
        name=check_named(
            "PenaltiesSheet",
            phrase(
                N_(
                    "a whole number of pips other than 0, up to {high} either way (10 and -10 both deduct 10)"
                ),
                high=f"{PIPS.high:,}",
            ),
            BAD_PENALTY,
        ),
    )
    def _pips(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, Span(-PIPS.high, PIPS.high)) & (pd.to_numeric(s, errors="coerce") != 0)

    @pa.check("card", name=check_named("PenaltiesSheet", "yellow or red", BAD_CARD))
    def _card(cls, s: Series[Text]) -> pd.Series:
        return is_one_of(s, CARDS)

    @pa.check(
        "round",
        name=check_named(
            "PenaltiesSheet", phrase(N_("a whole number {range}"), range=ROUND.words), BAD_PENALTY_ROUND
        ),
    )
    def _round(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, ROUND)

    class Config:
        name = "Penalties"
        metadata = {"names": {"es": ("Sanciones", "Penalizaciones"), "zh": ("罚分",)}}
        strict = False


# ------------------------------------------------------------------ typed tables


def counted(
    title: str, hands: str, hands_names: Mapping[str, Iterable[str]] | None = None, **declared: Any
) -> Any:
    """A column of pips, or of hands in a run-out event, declared once: its header in each (`title` in pips,
    `hands` in hands; `hands_names` is the hands header in other languages, as `names` is the pips one), the
    rest as `column` takes it."""
    field = column(title, **declared)
    field.metadata["tally"]["in_hands"] = hands
    field.metadata["tally"]["hands_names"] = names_in(hands_names)
    return field


def competing(title: str, pairs: str, **declared: Any) -> Any:
    """A column naming a competitor, declared once: its header when the competitors are players (`title`) and
    when they are pairs (`pairs`), the rest as `column` takes it."""
    field = column(title, **declared)
    field.metadata["tally"]["of_pairs"] = pairs
    return field


def titles_counting(model: type[pa.DataFrameModel], count_word: str, pairs: bool = False) -> dict[str, str]:
    """Column name -> its header in an event whose counts are `count_word` (pips, or hands in a run-out
    event) and whose competitors are pairs (`pairs`) or players, as the model declares them."""
    declared = declared_of(model)
    hands = count_word == COUNT_WORDS[MODE_RUN_OUT]
    titles = titles_of(model)
    if hands:
        titles = {name: declared[name].get("in_hands", title) for name, title in titles.items()}
    if pairs:
        titles = {name: declared[name].get("of_pairs", title) for name, title in titles.items()}
    return titles


class Match(pa.DataFrameModel):
    """A validated match, one row per match; index = Excel row of the input. `a_count`/`b_count` are the
    sides' pips, or hands in a run-out event."""

    round: Series[int] = column("Round", ge=1)
    table: Series[int] = column("Table", ge=1)
    a1: Series[Text] = column("A1")
    a2: Series[Text] = column("A2", nullable=True)
    b1: Series[Text] = column("B1", nullable=True)  # blank on a bye row
    b2: Series[Text] = column("B2", nullable=True)
    a_count: Series[int] = counted("A Pips", "A Hands", ge=0)
    b_count: Series[int] = counted("B Pips", "B Hands", ge=0)
    target: Series[int] = column("Target", ge=1)
    ended: Series[Text] = column("Ended", isin=ENDINGS)
    winner: Series[Text] = column("Winner", nullable=True)
    bye: Series[bool] = column("Bye")  # B1 is the bye: side A sits out the round
    a_games: Series[pd.Int64Dtype] = column("A Games", nullable=True)  # best of three: games won
    b_games: Series[pd.Int64Dtype] = column("B Games", nullable=True)

    class Config:
        strict = "filter"
        coerce = True


class Seating(pa.DataFrameModel):
    """One seat taken in a match, for the check that nobody sits twice in a round: index = position."""

    round: Series[int] = column("Round")
    player: Series[Text] = column("Player")
    row: Series[int] = column("Row", names={"es": ("Fila",), "zh": ("行",)})  # the Excel row of the match
    seat: Series[Text] = column("Seat")  # the seat column (a1, a2, b1, b2)


class Penalty(pa.DataFrameModel):
    """A penalty as typed: who, how many pips deducted (always positive), from which round, why; index = the
    Excel row of the Penalties sheet."""

    player: Series[Text] = column("Player")
    pips: Series[int] = column("Pips", ge=1)
    round: Series[pd.Int64Dtype] = column("Round", nullable=True)
    reason: Series[Text] = column("Reason", nullable=True)
    card: Series[Text] = column("Card", nullable=True)  # yellow or red, when the pips are a card's


class SideResult(pa.DataFrameModel):
    """One side of one match after the rules: the figures each of its players receives."""

    match: Series[int] = column("Match")  # the Excel row of the match
    round: Series[int] = column("Round")
    side: Series[Text] = column("Side", isin=SIDES)
    won: Series[bool] = column("Won", names={"es": ("Ganadas",), "zh": ("胜",)})
    points: Series[int] = column("Points", names={"es": ("Puntos",), "zh": ("积分",)}, isin=[0, 1, 2, 3])
    match_points: Series[int] = column(
        "Match Points", names={"es": ("Puntos de partida",), "zh": ("局分",)}, isin=[0, 1]
    )
    pips_for: Series[int] = counted("Pips For", "Hands For", ge=0)
    pips_against: Series[int] = counted("Pips Against", "Hands Against", ge=0)


class PlayerResult(pa.DataFrameModel):
    """One player of one match: the figures of their side (`player` is the player's code, a position in the
    sorted ids)."""

    match: Series[int] = column("Match")
    round: Series[int] = column("Round")
    won: Series[bool] = column("Won")
    points: Series[int] = column("Points")
    match_points: Series[int] = column("Match Points")
    pips_for: Series[int] = counted("Pips For", "Hands For")
    pips_against: Series[int] = counted("Pips Against", "Hands Against")
    player: Series[int] = column("Player")


class Meeting(pa.DataFrameModel):
    """A player and a player seated on the other side of a match (partners never), by code; `diff` is the
    player's side's pips for minus pips against."""

    match: Series[int] = column("Match")
    round: Series[int] = column("Round")
    player: Series[int] = column("Player")
    opponent: Series[int] = column("Opponent")
    diff: Series[int] = counted("Pips Difference", "Hands Difference")


class Tied(pa.DataFrameModel):
    """A competitor level with others after a round: the group of those level together."""

    round: Series[int] = column("Round")
    player: Series[int] = column("Player")
    group: Series[int] = column("Group")


WINNERS = "Winners"  # the standings' sheet of the podium's rows of the Standings (no model of its own)
WINNERS_NAMES = {"es": ("Ganadores",), "zh": ("优胜者",)}  # its name in other languages


class Standing(pa.DataFrameModel):
    """One row of the `Standings` sheet; titles are the written headers."""

    rank: Series[int] = column("Rank", ge=1)
    player: Series[Text] = competing("Player", "Pair", unique=True)
    name: Series[Text] = column("Name", nullable=True)
    played: Series[int] = column("Played", names={"es": ("Jugadas",), "zh": ("已赛",)}, ge=0)
    won: Series[int] = column("Won", ge=0)
    lost: Series[int] = column("Lost", names={"es": ("Perdidas",), "zh": ("负",)}, ge=0)
    points: Series[int] = column("Points", ge=0)
    match_points: Series[int] = column("Match Points", ge=0)
    pips_for: Series[int] = counted(
        "Pips For",
        "Hands Won",
        hands_names={"es": ("Manos ganadas",), "zh": ("胜局数",)},
        names={"es": ("Tantos a favor",), "zh": ("得点",)},
        ge=0,
    )
    pips_against: Series[int] = counted(
        "Pips Against",
        "Hands Lost",
        hands_names={"es": ("Manos perdidas",), "zh": ("负局数",)},
        names={"es": ("Tantos en contra",), "zh": ("失点",)},
        ge=0,
    )
    penalties: Series[int] = column("Penalties", names={"es": ("Sanciones",), "zh": ("罚分",)}, ge=0)
    effectiveness: Series[int] = column("Effectiveness", names={"es": ("Efectividad",), "zh": ("净胜点",)})
    head_to_head: Series[float] = column(
        "Head-to-Head",
        names={"es": ("Enfrentamiento directo",), "zh": ("相互胜负",)},
        number_format="0;-0;0",
        nullable=True,
    )
    decided_by: Series[Text] = column("Decided By", names={"es": ("Desempate",), "zh": ("决定因素",)})

    @pa.dataframe_check(name="won + lost = played")
    def _balance(cls, df: pd.DataFrame) -> pd.Series:
        return df["won"] + df["lost"] == df["played"]

    class Config:
        name = "Standings"
        metadata = {"names": {"es": ("Clasificación",), "zh": ("排名",)}}
        strict = True
        ordered = True


# What Decided By says of the criterion that separates a row from the next one in its round, by the column the
# criterion compares ({w}: pips, or hands in a run-out event); then each pass of head-to-head, "tied" or nothing.
DECIDED_BY = {
    Standing.points: N_("points"),
    Standing.match_points: N_("match points"),
    Standing.won: N_("matches won"),
    Standing.effectiveness: N_("effectiveness"),
    Standing.pips_for: N_("{w} for"),
    Standing.pips_against: N_("{w} against"),
}


class ProgressiveStanding(Standing):
    """One row of the `Rounds` sheet: the standings after a round."""

    round: Series[int] = column("Round", ge=1)
    player: Series[Text] = competing("Player", "Pair")

    class Config:
        name = "Rounds"
        metadata = {"names": {"es": ("Rondas",), "zh": ("各轮排名",)}}
        strict = True
        ordered = False
        # one row per (round, player) holds by construction (a round x player grid); tested, not re-checked
        # here, where it cost 60 ms of a 100k-match run


# ------------------------------------------------------------------ what the standings workbook shows besides


class MatchOutcome(pa.DataFrameModel):
    """The `Matches` sheet of the standings: the Excel row of each match, then its columns as typed with each
    side's names after its seats (when the Players sheet names anyone), then the result of both sides."""

    row: Series[int] = column("Row")
    a_names: Series[Text] = column(
        "A Names", names={"es": ("Nombres A",), "zh": ("A方姓名",)}, nullable=True
    )  # side A's names, partners joined by NAME_JOINER
    b_names: Series[Text] = column("B Names", names={"es": ("Nombres B",), "zh": ("B方姓名",)}, nullable=True)
    winning_side: Series[Text] = column(
        "Winning Side", names={"es": ("Lado ganador",), "zh": ("获胜方",)}, isin=SIDES
    )
    a_points: Series[int] = column("A Points", names={"es": ("Puntos A",), "zh": ("A方积分",)})
    b_points: Series[int] = column("B Points", names={"es": ("Puntos B",), "zh": ("B方积分",)})
    a_match_points: Series[int] = column(
        "A Match Points", names={"es": ("Puntos de partida A",), "zh": ("A方局分",)}
    )
    b_match_points: Series[int] = column(
        "B Match Points", names={"es": ("Puntos de partida B",), "zh": ("B方局分",)}
    )
    a_for: Series[int] = counted(
        "A Pips For",
        "A Hands For",
        hands_names={"es": ("Manos a favor A",), "zh": ("A方胜局",)},
        names={"es": ("Tantos a favor A",), "zh": ("A方得点",)},
    )
    a_against: Series[int] = counted(
        "A Pips Against",
        "A Hands Against",
        hands_names={"es": ("Manos en contra A",), "zh": ("A方负局",)},
        names={"es": ("Tantos en contra A",), "zh": ("A方失点",)},
    )
    b_for: Series[int] = counted(
        "B Pips For",
        "B Hands For",
        hands_names={"es": ("Manos a favor B",), "zh": ("B方胜局",)},
        names={"es": ("Tantos a favor B",), "zh": ("B方得点",)},
    )
    b_against: Series[int] = counted(
        "B Pips Against",
        "B Hands Against",
        hands_names={"es": ("Manos en contra B",), "zh": ("B方负局",)},
        names={"es": ("Tantos en contra B",), "zh": ("B方失点",)},
    )


class AppliedPenalty(pa.DataFrameModel):
    """One row of the standings' `Penalties` sheet: the penalty as applied."""

    row: Series[int] = column("Row")
    player: Series[Text] = competing("Player", "Pair")
    name: Series[Text] = column("Name", nullable=True)
    pips: Series[int] = column("Pips Deducted", names={"es": ("Tantos descontados",), "zh": ("扣除点数",)})
    round: Series[object] = column("Round", nullable=True)
    reason: Series[Text] = column("Reason", nullable=True)
    card: Series[Text] | None = column(
        "Card", names={"es": ("Tarjeta",), "zh": ("红黄牌",)}, nullable=True
    )  # shown when a penalty is a card

    class Config:
        name = "Penalties"
        metadata = {"names": {"es": ("Sanciones",), "zh": ("罚分",)}}


# ------------------------------------------------------------------ the schedule workbook


class ByeRow(pa.DataFrameModel):
    """One row of a schedule's `Byes` sheet: who sits out a round."""

    round: Series[int] = column("Round")
    player: Series[Text] = competing("Player", "Pair")
    name: Series[Text] = column("Name", nullable=True)

    class Config:
        name = "Byes"
        metadata = {"names": {"es": ("Descansos",), "zh": ("轮空",)}}


class TableCard(pa.DataFrameModel):
    """One line of a schedule's `Table Cards` sheet: a card's title, a seat and who sits there, or its score
    line."""

    card: Series[Text] = column("Card", names={"es": ("Tarjeta",), "zh": ("桌卡",)}, nullable=True)
    seat: Series[Text] = column("Seat", names={"es": ("Asiento",), "zh": ("座位",)}, nullable=True)
    id: Series[Text] = column("ID", nullable=True)
    name: Series[Text] = column("Name", nullable=True)

    class Config:
        name = "Table Cards"
        metadata = {"names": {"es": ("Tarjetas de mesa",), "zh": ("桌卡",)}}
