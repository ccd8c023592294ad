"""A season of standings workbooks for `tally rank`: what it reads of each (its Standings and Rules sheets), the
events, each competitor's contribution, and the ranking workbook's sheets."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

from pipeline.i18n import N_
from schemas.common import Text, column

WINDOW = ["in window", "before the window", "after the as-of date"]  # where an event falls: the Window column
COUNTED = "counted"  # the Note of a contribution that counts
NOTE = "Note"  # the Item of each of the season's warnings on the ranking workbook's Rules sheet


# ------------------------------------------------------------------ what rank reads of a standings workbook


class StandingsSheet(pa.DataFrameModel):
    """`Standings` of any game's standings workbook, as `tally rank` and `tally diff` read it: each competitor's
    rank, id (headed Player in domino, Pair or Team in bridge: the first of these present is read) and name."""

    rank: Series[Text] = column("Rank", nullable=True)
    player: Series[Text] = column(
        "Player",
        aliases=("Pair", "Team"),
        names={"es": ("Jugador", "Pareja", "Equipo"), "zh": ("选手", "对号", "队号")},
        nullable=True,
    )
    name: Series[Text] | None = column(
        "Name", aliases=("Names",), names={"es": ("Nombre", "Nombres"), "zh": ("姓名",)}, nullable=True
    )
    field: Series[Text] | None = column(
        "Field",
        note=N_("NS or EW: a two-winner Mitchell's field; ranks and field sizes run within it"),
        nullable=True,
    )

    class Config:
        name = "Standings"
        strict = False


# ------------------------------------------------------------------ the season and the ranking


class SeasonEvent(pa.DataFrameModel):
    """One standings workbook of the season: where it came from, when it was played and what it weighs. The
    `Events` sheet lists them (with each one's Window)."""

    file: Series[str] = column("File", unique=True)
    game: Series[str] = column("Game")  # a game of pipeline/games/registry.py
    event: Series[str] = column("Event")
    date: Series[pa.DateTime] = column("Date")
    weight: Series[float] = column("Weight", gt=0)
    field: Series[int] = column("Field", ge=1)
    sha256: Series[str] = column("SHA-256", str_length={"min_value": 64, "max_value": 64})

    class Config:
        name = "Events"
        strict = True


class Contribution(pa.DataFrameModel):
    """What one event gives one competitor: the place, the field and the points (in units of the last decimal)."""

    file: Series[str] = column("File")
    date: Series[pa.DateTime] = column("Date")
    player: Series[str] = column("Player")
    name: Series[str] = column("Name", nullable=True)
    place: Series[int] = column("Place", ge=1)
    field: Series[int] = column("Field", ge=1)
    weight: Series[float] = column("Weight", gt=0)
    units: Series[int] = column("Points", ge=0)

    class Config:
        strict = True


class CountedContribution(Contribution):
    """A contribution judged against the window and the best-N rule. The `Contributions` sheet lists them
    (with each one's Event)."""

    window: Series[str] = column("Window", isin=WINDOW)
    counted: Series[bool] = column("Counted")
    note: Series[str] = column("Note")

    class Config:
        name = "Contributions"


class PlayerTotal(pa.DataFrameModel):
    """A competitor's counted events summed (units of the last decimal)."""

    player: Series[str] = column("Player", unique=True)
    units: Series[int] = column("Points", ge=0)
    events: Series[int] = column("Events", ge=0)
    best: Series[int] = column("Best", ge=0)

    class Config:
        strict = True


class RankingRow(pa.DataFrameModel):
    """One line of the season's ranking (the `Ranking` sheet)."""

    rank: Series[int] = column("Rank", ge=1)
    player: Series[str] = column("Player", unique=True)
    name: Series[str] = column("Name", nullable=True)
    units: Series[int] = column("Points", ge=0)
    events: Series[int] = column("Events", ge=1)
    best: Series[int] = column("Best", ge=0)

    class Config:
        name = "Ranking"
        strict = True


class IdentityReport(pa.DataFrameModel):
    """A likely mistake in who is who: one ID under several names, or one name under several IDs (the
    `Identity` sheet)."""

    check: Series[str] = column("Check")
    players: Series[str] = column("Player")
    names: Series[str] = column("Names")
    seen_in: Series[str] = column("Seen In")

    class Config:
        name = "Identity"
        strict = True
