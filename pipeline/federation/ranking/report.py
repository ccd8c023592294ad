"""The ranking workbook's sheets (and the same tables for Parquet), with written headers."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.federation.ranking.points import window_start
from pipeline.federation.ranking.rules import RankingRules
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.sheets import OutputSheet
from schemas.ranking import CountedContribution, IdentityReport, RankingRow, SeasonEvent

E, K, R, I = SeasonEvent, CountedContribution, RankingRow, IdentityReport  # noqa: E741


def points(units: pd.Series, rules: RankingRules) -> pd.Series:
    """Units of the last decimal as points (2 decimals by default)."""
    return (units.astype("int64") / rules.unit).round(rules.decimals)


def ranking_frame(ranking: pd.DataFrame, rules: RankingRules) -> pd.DataFrame:
    """The Ranking sheet: Rank, Player, Name, Points, Events, Best."""
    return pd.DataFrame(
        {
            "Rank": ranking[R.rank],
            "Player": ranking[R.player],
            "Name": ranking[R.name],
            "Points": points(ranking[R.units], rules),
            "Events": ranking[R.events],
            "Best": points(ranking[R.best], rules),
        }
    ).reset_index(drop=True)


def contributions_frame(counted: pd.DataFrame, events: pd.DataFrame, rules: RankingRules) -> pd.DataFrame:
    """The Contributions sheet: one row per competitor and event, by competitor then date."""
    titles = events.set_index(E.file)[E.event]
    order = lexicographic_order(
        [
            natural_ranks(counted[K.player]),
            counted[K.date].to_numpy(dtype="datetime64[ns]").astype("int64"),
            natural_ranks(counted[K.file]),
        ]
    )
    c = counted.iloc[order].reset_index(drop=True)
    return pd.DataFrame(
        {
            "Player": c[K.player],
            "Name": c[K.name],
            "Event": c[K.file].map(titles).astype("str"),
            "Date": c[K.date],
            "File": c[K.file],
            "Place": c[K.place],
            "Field": c[K.field],
            "Weight": c[K.weight],
            "Points": points(c[K.units], rules),
            "Counted": np.where(c[K.counted], "yes", "no"),
            "Note": c[K.note],
        }
    )


def events_frame(events: pd.DataFrame, as_of: pd.Timestamp, rules: RankingRules) -> pd.DataFrame:
    """The Events sheet: each standings workbook read, by date."""
    start = window_start(as_of, rules)
    date = events[E.date]
    window = np.select(
        [date > as_of, date < start], ["after the as-of date", "before the window"], "in window"
    )
    return pd.DataFrame(
        {
            "File": events[E.file],
            "Game": events[E.game],
            "Event": events[E.event],
            "Date": date,
            "Weight": events[E.weight],
            "Field": events[E.field],
            "Window": window,
            "SHA-256": events[E.sha256],
        }
    ).reset_index(drop=True)


def identity_frame(reports: pd.DataFrame) -> pd.DataFrame:
    """The Identity sheet: each likely mix-up of IDs and names."""
    return reports.rename(
        columns={I.check: "Check", I.players: "Player", I.names: "Names", I.seen_in: "Seen In"}
    )


def rules_frame(rules: RankingRules, as_of: pd.Timestamp, events: int, warnings: list[str]) -> pd.DataFrame:
    """The Rules sheet: the arithmetic and the choices behind the ranking, in words."""
    start = window_start(as_of, rules)
    rows = [
        ("As of", f"{as_of:%Y-%m-%d}"),
        ("Window", f"events dated {start:%Y-%m-%d} to {as_of:%Y-%m-%d} ({rules.window_days} days)"),
        (
            "Event points",
            f"weight x {rules.scale:g} x (field - place + 1) / field, rounded half up to {rules.decimals} decimals",
        ),
        (
            "Shared places",
            "competitors sharing a place share the average of the points of the places they span",
        ),
        ("Weight", f"the event's Weight setting; {rules.default_weight:g} where none is given"),
        (
            "Counted",
            f"each competitor's best {rules.best} events in the window (equal points: the newer event first)",
        ),
        (
            "Ranking",
            "most points, then more events counted, then the best single event; else the rank is shared",
        ),
        ("Players", "matched across events by ID (the Player, Pair or Team column of each Standings)"),
        ("Events read", str(events)),
    ]
    rows += [("Note", w) for w in warnings]
    return pd.DataFrame(rows, columns=["Item", "Value"])


RANKING_SHEETS = ("Ranking", "Contributions", "Events", "Identity", "Rules")  # also the Parquet tables' names


def ranking_sheets(
    ranking: pd.DataFrame,
    counted: pd.DataFrame,
    events: pd.DataFrame,
    reports: pd.DataFrame,
    rules: RankingRules,
    as_of: pd.Timestamp,
    warnings: list[str],
) -> list[OutputSheet]:
    """The sheets of the ranking workbook, in order."""
    table = ranking_frame(ranking, rules)
    fmt = "0." + "0" * rules.decimals if rules.decimals else "0"
    number = {"Points": fmt, "Best": fmt}
    ranked, contributions, listed, identity, rules_sheet = RANKING_SHEETS  # `tally rank` checks these names
    return [
        OutputSheet(ranked, table, number, highlight=pd.Series(table["Rank"].to_numpy() <= 3)),
        OutputSheet(contributions, contributions_frame(counted, events, rules), {"Points": fmt}),
        OutputSheet(listed, events_frame(events, as_of, rules), widths={"SHA-256": 70}),
        OutputSheet(identity, identity_frame(reports), widths={"Seen In": 100}),
        OutputSheet(
            rules_sheet, rules_frame(rules, as_of, len(events), warnings), widths={"Item": 20, "Value": 100}
        ),
    ]


def parquet_tables(sheets: list[OutputSheet]) -> dict[str, pd.DataFrame]:
    """The ranking tables for other tools: sheet name in lower case -> the table as written."""
    return {s.name.lower(): s.frame for s in sheets}
