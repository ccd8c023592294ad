"""Bridge workbook sheets: what the director types (input) and what tally writes (output)."""

from __future__ import annotations

import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from pipeline.problems import check_named, kind
from schemas.common import Span, Text, is_whole_in

ROOMS = ["open", "closed"]

# The sane range of every number a bridge workbook holds, checked where it is read (docs/trust.md, "Ranges").
BOARD = Span(1, 10_000)  # Board, Round and Table: far beyond any event's boards, rounds or tables
TRICKS = Span(0, 13)  # the tricks declarer took
# The north-south score: Law 77's largest is 7,600 (seven redoubled, vulnerable, down thirteen: 400 + 12 x 600);
# the largest made is 3,160 (one no trump redoubled, vulnerable, with six overtricks).
SCORE = Span(-7_600, 7_600)

BAD_BOARD = kind("B101", "a Board, Round or Table that is not a whole number in its range")
BAD_TRICKS = kind("B102", "Tricks that are not a whole number from 0 to 13")
BAD_SCORE = kind("B103", "a Score that is not a multiple of 10 in Law 77's range")
BAD_MATCH_ROUND = kind(
    "B104",
    "a team match's Round that is not a whole number in its range",
    example="Matches, row 3, column 'Round' [0]: expected a whole number from 1 to 10,000",
)
BUTLER_DROP = Span(0, 100)  # how many top and bottom scores a Butler datum drops


class ResultsSheet(pa.DataFrameModel):
    """`Results`: one row per table result (pairs: NS/EW ids; teams: Match and Room)."""

    board: Series[Text] = pa.Field(nullable=False, title="Board")
    ns: Series[Text] | None = pa.Field(nullable=True, title="NS")
    ew: Series[Text] | None = pa.Field(nullable=True, title="EW")
    match: Series[Text] | None = pa.Field(nullable=True, title="Match")
    room: Series[Text] | None = pa.Field(nullable=True, title="Room")
    contract: Series[Text] | None = pa.Field(nullable=True, title="Contract")
    declarer: Series[Text] | None = pa.Field(nullable=True, title="Declarer")
    tricks: Series[Text] | None = pa.Field(nullable=True, title="Tricks")
    result: Series[Text] | None = pa.Field(nullable=True, title="Result")
    section: Series[Text] | None = pa.Field(nullable=True, title="Section")
    session: Series[Text] | None = pa.Field(nullable=True, title="Session")
    round: Series[Text] | None = pa.Field(nullable=True, title="Round")
    table: Series[Text] | None = pa.Field(nullable=True, title="Table")
    vul: Series[Text] | None = pa.Field(nullable=True, title="Vul")
    score: Series[Text] | None = pa.Field(nullable=True, title="Score")
    adjusted: Series[Text] | None = pa.Field(nullable=True, title="Adjusted")

    @pa.check(
        "board",
        "round",
        "table",
        name=check_named("ResultsSheet", f"a whole number {BOARD.words}", BAD_BOARD),
    )
    def _positive(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, BOARD)

    @pa.check(
        "tricks",
        name=check_named(
            "ResultsSheet", f"the tricks taken by declarer: a whole number {TRICKS.words}", BAD_TRICKS
        ),
    )
    def _tricks(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, TRICKS)

    @pa.check(
        "score",
        name=check_named(
            "ResultsSheet",
            f"a north-south score: a whole number of points, a multiple of 10, {SCORE.words}",
            BAD_SCORE,
        ),
    )
    def _score(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, SCORE) & (pd.to_numeric(s, errors="coerce").fillna(0) % 10 == 0)

    class Config:
        name = "Results"
        strict = False


class PairsSheet(pa.DataFrameModel):
    """`Pairs`: the pairs and their names."""

    pair: Series[Text] = pa.Field(nullable=False, title="Pair")
    names: Series[Text] | None = pa.Field(nullable=True, title="Names")

    class Config:
        name = "Pairs"
        strict = False


class TeamsSheet(pa.DataFrameModel):
    """`Teams`: the teams and their players' names."""

    team: Series[Text] = pa.Field(nullable=False, title="Team")
    names: Series[Text] | None = pa.Field(nullable=True, title="Names")

    class Config:
        name = "Teams"
        strict = False


class TeamMatchesSheet(pa.DataFrameModel):
    """`Matches` of a teams event: the home team sits NS in the Open room and EW in the Closed room."""

    match: Series[Text] = pa.Field(nullable=False, title="Match")
    round: Series[Text] | None = pa.Field(nullable=True, title="Round")
    home: Series[Text] = pa.Field(nullable=False, title="Home")
    away: Series[Text] = pa.Field(nullable=False, title="Away")

    @pa.check("round", name=check_named("TeamMatchesSheet", f"a whole number {BOARD.words}", BAD_MATCH_ROUND))
    def _round(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, BOARD)

    class Config:
        name = "Matches"
        strict = False


# ------------------------------------------------------------------ typed tables


class PairStanding(pa.DataFrameModel):
    """One row of a pairs `Standings` sheet."""

    rank: Series[int] = pa.Field(ge=1, title="Rank")
    pair: Series[Text] = pa.Field(unique=True, title="Pair")
    names: Series[Text] = pa.Field(nullable=True, title="Names")
    boards: Series[int] = pa.Field(ge=0, title="Boards")

    class Config:
        strict = False


class TeamStanding(pa.DataFrameModel):
    """One row of a teams `Standings` sheet."""

    rank: Series[int] = pa.Field(ge=1, title="Rank")
    team: Series[Text] = pa.Field(unique=True, title="Team")
    names: Series[Text] = pa.Field(nullable=True, title="Names")
    matches: Series[int] = pa.Field(ge=0, title="Matches")
    boards: Series[int] = pa.Field(ge=0, title="Boards")
    imps: Series[int] = pa.Field(title="IMPs")
    vps: Series[float] = pa.Field(ge=0, title="VPs")

    class Config:
        strict = False
