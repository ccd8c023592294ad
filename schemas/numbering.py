"""The typed tables of club numbering (pipeline/games/bridge/numbering.py): pair ids split into their number and
direction, and the numbers seen in each column of Results. Every column declared here once."""

from __future__ import annotations

import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from schemas.common import Text


class DirectedId(pa.DataFrameModel):
    """A pair id as club numbering reads it: its number and the direction typed with it ('3 EW': 3, EW; NA when
    none is)."""

    pair_number: Series[Text] = pa.Field(nullable=True)
    direction: Series[Text] = pa.Field(nullable=True)


class NumberSeat(pa.DataFrameModel):
    """A pair number typed in one column of a Results row: where (section, session, round), the number, and the
    column (0 NS, 1 EW)."""

    section: Series[Text]
    session: Series[Text]
    round: Series[pd.Int64Dtype] = pa.Field(nullable=True)
    pair_number: Series[Text]
    side: Series[int] = pa.Field(isin=[0, 1])


class BothWays(pa.DataFrameModel):
    """A pair id typed in both the NS and the EW column on one board (of a section and session): the first
    Results row of each."""

    section: Series[Text]
    session: Series[Text]
    board: Series[pd.Int64Dtype]
    pair: Series[Text]
    ns_row: Series[int]
    ew_row: Series[int]
