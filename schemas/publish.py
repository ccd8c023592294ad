"""The tables a published site shows that are no sheet of a workbook: each is made from the sheets (every
figure in it is one of theirs), and named here once like every other column."""

from __future__ import annotations

import pandera.pandas as pa
from pandera.typing import Series

from schemas.common import Text, column, titles_of
from schemas.domino import Standing, counted

WON, LOST = titles_of(Standing)[Standing.won], titles_of(Standing)[Standing.lost]  # a match's outcome


class CompetitorMatch(pa.DataFrameModel):
    """One match of one domino competitor, as their page lists it: the round and table, who sat beside and
    across, the figures their side received (the Matches sheet's), and their rank and effectiveness after the
    round (the Rounds sheet's)."""

    round: Series[Text] = column("Round")
    table: Series[Text] = column("Table")
    partner: Series[Text] | None = column(
        "Partner", nullable=True, names={"es": ("Compañero",), "zh": ("搭档",)}
    )
    opponents: Series[Text] = column("Opponents")
    outcome: Series[Text] = column(
        "Won or Lost",
        names={"es": ("Resultado",), "zh": ("胜负",)},
        words={WON: {"es": ("Ganada",), "zh": ("胜",)}, LOST: {"es": ("Perdida",), "zh": ("负",)}},
    )
    pips_for: Series[float] = counted("Pips For", "Hands For", {"es": ("Manos a favor",), "zh": ("胜盘",)})
    pips_against: Series[float] = counted(
        "Pips Against", "Hands Against", {"es": ("Manos en contra",), "zh": ("负盘",)}
    )
    points: Series[float] = column("Points")
    match_points: Series[float] = column("Match Points")
    rank_after: Series[float] = column(
        "Rank After the Round",
        nullable=True,
        names={"es": ("Posición tras la ronda",), "zh": ("本轮后名次",)},
    )
    effectiveness_after: Series[float] = column(
        "Effectiveness After the Round",
        nullable=True,
        names={"es": ("Efectividad tras la ronda",), "zh": ("本轮后净胜点",)},
    )


class SiteEvent(pa.DataFrameModel):
    """One event of a site of several (`tally batch --publish`): its title, date and status, linked to its
    own site."""

    event: Series[Text] = column("Event", names={"es": ("Evento",), "zh": ("赛事",)})
    date: Series[Text] = column("Date", nullable=True, names={"es": ("Fecha",), "zh": ("日期",)})
    status: Series[Text] = column("Status", nullable=True, names={"es": ("Estado",), "zh": ("状态",)})
    source: Series[Text] = column("Workbook", names={"es": ("Archivo",), "zh": ("文件",)})
