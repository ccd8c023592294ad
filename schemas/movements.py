"""The tables a bridge pairs movement is built from (pipeline/games/bridge/movements.py): one row per table and
round, and one row per board to be played. Pairs are named by their place, 1..P in the order of the Pairs sheet
(P+1 is the phantom pair of an odd number of pairs); board sets are numbered from 1. The printed sheets a pairs
schedule writes from them (Table Guides, Pair Guides, Board Movement, Traveller Slips) are declared with the other
written sheets in schemas/bridge.py."""

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
