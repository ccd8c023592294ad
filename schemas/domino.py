"""Domino workbook sheets: what the organizer types (input) and what tally writes (output)."""

from __future__ import annotations

import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from pipeline.problems import check_named, kind
from schemas.common import Entry, Span, Text, column, is_one_of, is_whole_in

ENDINGS = ["target", "time", "forfeit"]
MODES = ["points", "run_out"]
SIDES = ["A", "B"]

# The sane range of every number a domino workbook holds, checked where it is read (docs/trust.md, "Ranges").
ROUND = Span(1, 10_000)  # Round and Table (and a penalty's Round): a week of play around the clock
PIPS = Span(0, 100_000)  # a side's pips in a match, and a penalty's pips either way
HANDS = Span(0, 10_000)  # a side's hands in a run-out match: never more than the target
TARGET = Span(1, 10_000)  # the target, in pips or hands (Matches Target and the Settings Target)
PODIUM = Span(1, 100)  # how many places the podium shows

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


class MatchesSheet(pa.DataFrameModel):
    """`Matches`: one row per match; side A is A1+A2, side B is B1+B2."""

    round: Series[Text] = column("Round", note=f"the round, a whole number {ROUND.words}", nullable=False)
    table: Series[Text] = column(
        "Table",
        note=f"the table, a whole number {ROUND.words}; each round and table once",
        nullable=False,
    )
    a1: Series[Text] = column(
        "A1",
        note="side A: a player or pair id (pairs events: the pair id here, A2 blank)",
        nullable=False,
    )
    a2: Series[Text] | None = column("A2", note="side A's second player (individual events)", nullable=True)
    b1: Series[Text] = column("B1", note="side B: a player or pair id", nullable=False)
    b2: Series[Text] | None = column("B2", note="side B's second player (individual events)", nullable=True)
    a_pips: Series[Text] | None = column(
        "A Pips",
        note=f"pips side A scored, {PIPS.words}; blank with B Pips too means not played yet",
        needed="yes",
        entry=Entry(PIPS),
        nullable=True,
    )
    b_pips: Series[Text] | None = column(
        "B Pips", note=f"pips side B scored, {PIPS.words}", needed="yes", entry=Entry(PIPS), nullable=True
    )
    target: Series[Text] | None = column("Target", in_template=False, nullable=True)
    ended: Series[Text] | None = column(
        "Ended",
        note="target (blank means target), time or forfeit",
        entry=Entry(choices=tuple(ENDINGS), words="target (or blank), time or forfeit"),
        nullable=True,
    )
    winner: Series[Text] | None = column(
        "Winner",
        note="A or B: needed when time was called with level pips and for a forfeit",
        entry=Entry(choices=tuple(SIDES), words="A or B (needed at time or forfeit)"),
        nullable=True,
    )
    a_hands: Series[Text] | None = column("A Hands", in_template=False, nullable=True)
    b_hands: Series[Text] | None = column("B Hands", in_template=False, nullable=True)

    @pa.check("round", "table", name=check_named("MatchesSheet", f"a whole number {ROUND.words}", BAD_ROUND))
    def _positive(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, ROUND)

    @pa.check("target", name=check_named("MatchesSheet", f"a whole number {TARGET.words}", BAD_TARGET))
    def _target(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, TARGET)

    @pa.check("a_pips", "b_pips", name=check_named("MatchesSheet", f"a whole number {PIPS.words}", BAD_PIPS))
    def _pips(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, PIPS)

    @pa.check(
        "a_hands", "b_hands", name=check_named("MatchesSheet", f"a whole number {HANDS.words}", BAD_HANDS)
    )
    def _hands(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, HANDS)

    @pa.check(
        "ended",
        name=check_named("MatchesSheet", "one of: target, time, forfeit (blank means target)", BAD_ENDED),
    )
    def _ended(cls, s: Series[Text]) -> pd.Series:
        return is_one_of(s, ENDINGS)

    @pa.check("winner", name=check_named("MatchesSheet", "A or B", BAD_WINNER))
    def _winner(cls, s: Series[Text]) -> pd.Series:
        return is_one_of(s, SIDES)

    class Config:
        name = "Matches"
        strict = False


class PlayersSheet(pa.DataFrameModel):
    """`Players`: the entrants (players, or pairs in a pairs event)."""

    id: Series[Text] = pa.Field(nullable=False, title="ID")
    name: Series[Text] | None = pa.Field(nullable=True, title="Name")
    club: Series[Text] | None = pa.Field(nullable=True, title="Club")

    class Config:
        name = "Players"
        strict = False


class PenaltiesSheet(pa.DataFrameModel):
    """`Penalties`: pips deducted from one competitor's effectiveness."""

    player: Series[Text] = pa.Field(nullable=False, title="Player")
    pips: Series[Text] = pa.Field(nullable=False, title="Pips")
    round: Series[Text] | None = pa.Field(nullable=True, title="Round")
    reason: Series[Text] | None = pa.Field(nullable=True, title="Reason")

    @pa.check(
        "pips",
        name=check_named(
            "PenaltiesSheet",
            f"a whole number of pips other than 0, up to {PIPS.high:,} either way (10 and -10 both deduct 10)",
            BAD_PENALTY,
        ),
    )
    def _pips(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, Span(-PIPS.high, PIPS.high)) & (pd.to_numeric(s, errors="coerce") != 0)

    @pa.check("round", name=check_named("PenaltiesSheet", f"a whole number {ROUND.words}", BAD_PENALTY_ROUND))
    def _round(cls, s: Series[Text]) -> pd.Series:
        return is_whole_in(s, ROUND)

    class Config:
        name = "Penalties"
        strict = False


class SettingsSheet(pa.DataFrameModel):
    """`Settings`: two columns, Key and Value."""

    key: Series[Text] = pa.Field(nullable=False, title="Key")
    value: Series[Text] | None = pa.Field(nullable=True, title="Value")

    class Config:
        name = "Settings"
        strict = False


# ------------------------------------------------------------------ typed tables


class Match(pa.DataFrameModel):
    """A validated match, one row per match; index = Excel row of the input."""

    round: Series[int] = pa.Field(ge=1)
    table: Series[int] = pa.Field(ge=1)
    a1: Series[Text]
    a2: Series[Text] = pa.Field(nullable=True)
    b1: Series[Text]
    b2: Series[Text] = pa.Field(nullable=True)
    a_count: Series[int] = pa.Field(ge=0)
    b_count: Series[int] = pa.Field(ge=0)
    target: Series[int] = pa.Field(ge=1)
    ended: Series[Text] = pa.Field(isin=ENDINGS)
    winner: Series[Text] = pa.Field(nullable=True)

    class Config:
        strict = "filter"
        coerce = True


class SideResult(pa.DataFrameModel):
    """One side of one match after the rules: the figures each of its players receives."""

    match: Series[int]
    round: Series[int]
    side: Series[Text] = pa.Field(isin=SIDES)
    won: Series[bool]
    points: Series[int] = pa.Field(isin=[0, 1, 2, 3])
    match_points: Series[int] = pa.Field(isin=[0, 1])
    pips_for: Series[int] = pa.Field(ge=0)
    pips_against: Series[int] = pa.Field(ge=0)


class Standing(pa.DataFrameModel):
    """One row of the `Standings` sheet; titles are the written headers."""

    rank: Series[int] = pa.Field(ge=1, title="Rank")
    player: Series[Text] = pa.Field(unique=True, title="Player")
    name: Series[Text] = pa.Field(nullable=True, title="Name")
    played: Series[int] = pa.Field(ge=0, title="Played")
    won: Series[int] = pa.Field(ge=0, title="Won")
    lost: Series[int] = pa.Field(ge=0, title="Lost")
    points: Series[int] = pa.Field(ge=0, title="Points")
    match_points: Series[int] = pa.Field(ge=0, title="Match Points")
    pips_for: Series[int] = pa.Field(ge=0, title="Pips For")
    pips_against: Series[int] = pa.Field(ge=0, title="Pips Against")
    penalties: Series[int] = pa.Field(ge=0, title="Penalties")
    effectiveness: Series[int] = pa.Field(title="Effectiveness")
    head_to_head: Series[float] = pa.Field(nullable=True, title="Head-to-Head")
    decided_by: Series[Text] = pa.Field(title="Decided By")

    @pa.dataframe_check(name="won + lost = played")
    def _balance(cls, df: pd.DataFrame) -> pd.Series:
        return df["won"] + df["lost"] == df["played"]

    class Config:
        strict = True
        ordered = True


class ProgressiveStanding(Standing):
    """One row of the `Rounds` sheet: the standings after a round."""

    round: Series[int] = pa.Field(ge=1, title="Round")
    player: Series[Text] = pa.Field(title="Player")

    class Config:
        strict = True
        ordered = False
        # one row per (round, player) holds by construction (a round x player grid); tested, not re-checked
        # here, where it cost 60 ms of a 100k-match run
