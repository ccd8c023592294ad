"""The tables a bridge pairs movement is built from (pipeline/games/bridge/movements.py): one row per table and
round, and one row per board to be played. Pairs are named by their place, 1..P in the order of the Pairs sheet
(P+1 is the phantom pair of an odd number of pairs); board sets are numbered from 1."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

from schemas.common import column


class MovementTable(pa.DataFrameModel):
    """One table in one round of a movement: the places of the north-south and east-west pairs, the board set
    played there and whether that set is shared with another table this round (a relay)."""

    round: Series[int] = column("Round", ge=1)
    table: Series[int] = column("Table", ge=1)
    ns: Series[int] = column("NS", ge=1)
    ew: Series[int] = column("EW", ge=1)
    set: Series[int] = column("Set", ge=1)
    relayed: Series[bool] = column("Relayed")

    class Config:
        strict = True


class MovementBoard(pa.DataFrameModel):
    """One board to be played: its round, table and number, and the places of the two pairs (a round against
    the phantom pair is not a board to be played)."""

    round: Series[int] = column("Round", ge=1)
    table: Series[int] = column("Table", ge=1)
    board: Series[int] = column("Board", ge=1)
    ns: Series[int] = column("NS", ge=1)
    ew: Series[int] = column("EW", ge=1)

    class Config:
        strict = True


# ------------------------------------------------------------------ the printed cards of a pairs schedule


class TableGuide(pa.DataFrameModel):
    """One line of `Table Guides`: a table's title, then round by round its NS and EW pairs, the boards and
    where the boards go next."""

    card: Series[str] = column("Card", nullable=True)
    round: Series[int] = column("Round", nullable=True)
    ns: Series[str] = column("NS", nullable=True)
    ns_names: Series[str] = column("NS Names", nullable=True)
    ew: Series[str] = column("EW", nullable=True)
    ew_names: Series[str] = column("EW Names", nullable=True)
    boards: Series[str] = column("Boards", nullable=True)
    boards_next: Series[str] = column("Boards Go To", nullable=True)

    class Config:
        name = "Table Guides"
        strict = False


class PairGuide(pa.DataFrameModel):
    """One line of `Pair Guides`: a pair's title, then round by round its table, direction, opponents and
    boards (a sit-out said so)."""

    card: Series[str] = column("Card", nullable=True)
    round: Series[int] = column("Round", nullable=True)
    table: Series[str] = column("Table", nullable=True)
    direction: Series[str] = column("Direction", nullable=True)
    opponents: Series[str] = column("Opponents", nullable=True)
    opponent_names: Series[str] = column("Opponent Names", nullable=True)
    boards: Series[str] = column("Boards", nullable=True)

    class Config:
        name = "Pair Guides"
        strict = False


class BoardMovement(pa.DataFrameModel):
    """One row of `Board Movement`: where a set of boards is in a round (a table, two relayed tables, or not in
    play)."""

    round: Series[int] = column("Round")
    boards: Series[str] = column("Boards")
    tables: Series[str] = column("Tables")

    class Config:
        name = "Board Movement"
        strict = False


class TravellerSlip(pa.DataFrameModel):
    """One line of `Traveller Slips`: a board's title, then a line per table that plays it (round, table, the
    pairs) with the result cells left empty to fill in."""

    card: Series[str] = column("Card", nullable=True)
    round: Series[int] = column("Round", nullable=True)
    table: Series[int] = column("Table", nullable=True)
    ns: Series[str] = column("NS", nullable=True)
    ew: Series[str] = column("EW", nullable=True)
    contract: Series[str] = column("Contract", nullable=True)
    declarer: Series[str] = column("By", nullable=True)
    tricks: Series[str] = column("Tricks", nullable=True)
    score: Series[str] = column("NS Score", nullable=True)

    class Config:
        name = "Traveller Slips"
        strict = False
