"""A season of standings workbooks for `tally rank`: the events, each competitor's contribution, the ranking."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

WINDOW = ["in window", "before the window", "after the as-of date"]


class SeasonEvent(pa.DataFrameModel):
    """One standings workbook of the season: where it came from, when it was played and what it weighs."""

    file: Series[str] = pa.Field(unique=True, title="File")
    game: Series[str] = pa.Field(title="Game")  # a game of pipeline/games/registry.py
    event: Series[str] = pa.Field(title="Event")
    date: Series[pa.DateTime] = pa.Field(title="Date")
    weight: Series[float] = pa.Field(gt=0, title="Weight")
    field: Series[int] = pa.Field(ge=1, title="Field")
    sha256: Series[str] = pa.Field(str_length={"min_value": 64, "max_value": 64}, title="SHA-256")

    class Config:
        strict = True


class Contribution(pa.DataFrameModel):
    """What one event gives one competitor: the place, the field and the points (in units of the last decimal)."""

    file: Series[str] = pa.Field(title="File")
    date: Series[pa.DateTime] = pa.Field(title="Date")
    player: Series[str] = pa.Field(title="Player")
    name: Series[str] = pa.Field(nullable=True, title="Name")
    place: Series[int] = pa.Field(ge=1, title="Place")
    field: Series[int] = pa.Field(ge=1, title="Field")
    weight: Series[float] = pa.Field(gt=0, title="Weight")
    units: Series[int] = pa.Field(ge=0, title="Points")

    class Config:
        strict = True


class CountedContribution(Contribution):
    """A contribution judged against the window and the best-N rule."""

    window: Series[str] = pa.Field(isin=WINDOW, title="Window")
    counted: Series[bool] = pa.Field(title="Counted")
    note: Series[str] = pa.Field(title="Note")


class PlayerTotal(pa.DataFrameModel):
    """A competitor's counted events summed (units of the last decimal)."""

    player: Series[str] = pa.Field(unique=True, title="Player")
    units: Series[int] = pa.Field(ge=0, title="Points")
    events: Series[int] = pa.Field(ge=0, title="Events")
    best: Series[int] = pa.Field(ge=0, title="Best")

    class Config:
        strict = True


class RankingRow(pa.DataFrameModel):
    """One line of the season's ranking."""

    rank: Series[int] = pa.Field(ge=1, title="Rank")
    player: Series[str] = pa.Field(unique=True, title="Player")
    name: Series[str] = pa.Field(nullable=True, title="Name")
    units: Series[int] = pa.Field(ge=0, title="Points")
    events: Series[int] = pa.Field(ge=1, title="Events")
    best: Series[int] = pa.Field(ge=0, title="Best")

    class Config:
        strict = True


class IdentityReport(pa.DataFrameModel):
    """A likely mistake in who is who: one ID under several names, or one name under several IDs."""

    check: Series[str] = pa.Field(title="Check")
    players: Series[str] = pa.Field(title="Player")
    names: Series[str] = pa.Field(title="Names")
    seen_in: Series[str] = pa.Field(title="Seen In")

    class Config:
        strict = True
