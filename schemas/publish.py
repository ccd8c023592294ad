"""The tables a published site shows that are no sheet of a workbook: each is made from the sheets (every
figure in it is one of theirs), and named here once like every other column."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

from schemas.common import Text, column
from schemas.domino import counted


class CompetitorMatch(pa.DataFrameModel):
    """One match of one domino competitor, as their page lists it: the round and table, who sat beside and
    across, the figures their side received (the Matches sheet's), and their rank and effectiveness after the
    round (the Rounds sheet's)."""

    round: Series[Text] = column("Round")
    table: Series[Text] = column("Table")
    partner: Series[Text] | None = column("Partner", nullable=True)
    opponents: Series[Text] = column("Opponents")
    outcome: Series[Text] = column("Won or Lost")
    pips_for: Series[float] = counted("Pips For", "Hands For")
    pips_against: Series[float] = counted("Pips Against", "Hands Against")
    points: Series[float] = column("Points")
    match_points: Series[float] = column("Match Points")
    rank_after: Series[float] = column("Rank After the Round", nullable=True)
    effectiveness_after: Series[float] = column("Effectiveness After the Round", nullable=True)


class SiteEvent(pa.DataFrameModel):
    """One event of a site of several (`tally batch --publish`): its title, date and status, linked to its
    own site."""

    event: Series[Text] = column("Event")
    date: Series[Text] = column("Date", nullable=True)
    status: Series[Text] = column("Status", nullable=True)
    source: Series[Text] = column("Workbook")
