"""The standings workbook's sheets, as tables for people (headers as written, numbers as numbers)."""

from __future__ import annotations

import pandas as pd

from pipeline.games.domino.load import SEAT_COLUMNS, DominoEvent
from pipeline.games.domino.settings import SETTINGS
from pipeline.games.domino.tally import DominoTables
from pipeline.parsing import as_numbers
from pipeline.sheets import OutputSheet
from schemas.domino import ProgressiveStanding as P
from schemas.domino import SideResult as S
from schemas.domino import Standing

CRITERIA_WORDS = [
    "Points, highest first",
    "Match points, highest first",
    "Effectiveness ({w} for - {w} against - penalties), highest first",
    "{W} for, highest first",
    "{W} against, lowest first",
    "Head-to-head differential among those still level: for each, ({w} for - {w} against) over "
    "the matches in which another tied competitor sat on the opposing side; re-applied to any "
    "smaller group it leaves level, until nothing splits further",
    "Still level: the rank is shared (3, 3, 5)",
]


def display_headers(count_word: str) -> dict[str, str]:
    """Column name -> written header; in a run-out event pips become hands won and lost."""
    headers = {name: col.title or name for name, col in P.to_schema().columns.items()}
    if count_word == "hands":
        headers.update({P.pips_for: "Hands Won", P.pips_against: "Hands Lost"})
    return headers


def standings_frame(standings: pd.DataFrame, count_word: str) -> pd.DataFrame:
    """A standings table with written headers."""
    columns = [c for c in Standing.to_schema().columns if c in standings.columns]
    if P.round in standings.columns:
        columns = [P.round, *columns]
    return standings[columns].rename(columns=display_headers(count_word))


def numbers_where_numeric(text: pd.Series) -> pd.Series:
    """A column as typed: numbers stay numbers, text stays text."""
    numbers = as_numbers(text)
    if numbers.notna().sum() == text.notna().sum():
        return numbers.astype("object").where(numbers.notna(), None)
    return text


def matches_frame(event: DominoEvent, sides: pd.DataFrame) -> pd.DataFrame:
    """Each input match with its columns as given, then the computed result of both sides."""
    sheet = event.matches_sheet
    given = sheet.frame.loc[event.matches.index]
    given = given.loc[:, given.notna().any() | given.columns.isin(["round", "table", "a1", "b1"])]
    shown = pd.DataFrame(
        {
            sheet.written(c): given[c] if c in SEAT_COLUMNS else numbers_where_numeric(given[c])
            for c in given.columns
        }
    )
    a = sides[sides[S.side] == "A"].set_index(S.match)
    b = sides[sides[S.side] == "B"].set_index(S.match)
    w = "Hands" if event.settings.count_word == "hands" else "Pips"
    computed = pd.DataFrame(
        {
            "Winning Side": a[S.won].map({True: "A", False: "B"}),
            "A Points": a[S.points],
            "B Points": b[S.points],
            "A Match Points": a[S.match_points],
            "B Match Points": b[S.match_points],
            f"A {w} For": a[S.pips_for],
            f"A {w} Against": a[S.pips_against],
            f"B {w} For": b[S.pips_for],
            f"B {w} Against": b[S.pips_against],
        }
    )
    shown.index = event.matches.index
    out = pd.concat([shown, computed.reindex(event.matches.index)], axis=1)
    out.insert(0, "Row", event.matches.index.astype("int64"))
    return out.reset_index(drop=True)


def penalties_frame(event: DominoEvent) -> pd.DataFrame:
    """The penalties as applied: who, how many pips deducted, in which round, why."""
    p = event.penalties
    names = event.players.set_index("id")["name"]
    return pd.DataFrame(
        {
            "Row": p.index.astype("int64"),
            "Player": p["player"],
            "Name": p["player"].map(names),
            "Pips Deducted": p["pips"],
            "Round": p["round"].astype("object").where(p["round"].notna(), None),
            "Reason": p["reason"],
        }
    ).reset_index(drop=True)


def rules_frame(event: DominoEvent) -> pd.DataFrame:
    """The settings and the order of criteria that produced the workbook, in words."""
    s = event.settings
    w = s.count_word
    targets = sorted(event.matches["target"].astype("int64").unique().tolist())
    title = {key: spec.title for key, spec in SETTINGS.items()}  # the settings' labels, as declared
    rows = [
        (title["event"], s.event),
        (title["date"], s.date),
        (
            title["mode"],
            "run out (counts are hands)" if s.mode == "run_out" else "points (counts are pips)",
        ),
        (title["target"], ", ".join(map(str, targets)) or str(s.target or "")),
        (title["podium"], str(s.podium)),
        (title["weight"], f"{s.weight:g}"),
        (
            "Points per match",
            f"winner: 3 if the loser made 0 {w}, 2 if 1 to half the target, otherwise 1; loser 0",
        ),
        ("Match points", "winner 1, loser 0"),
        (
            f"{w.title()} for and against",
            f"a winner that reaches the target is credited the target; at time, the scoreboard "
            f"as it stands; a forfeit's blank {w} read as the target for the winner and 0",
        ),
        ("Penalties", "each row deducts its absolute value from the competitor's effectiveness"),
    ]
    rows += [
        (f"Criterion {i}", text.format(w=w, W=w.title())) for i, text in enumerate(CRITERIA_WORDS, start=1)
    ]
    return pd.DataFrame(rows, columns=["Item", "Value"])


def domino_sheets(event: DominoEvent, tables: DominoTables) -> list[OutputSheet]:
    """The sheets of the standings workbook, in order."""
    w = event.settings.count_word
    standings = standings_frame(tables.standings, w)
    podium = tables.standings[Standing.rank] <= event.settings.podium
    winners = standings[podium.to_numpy()].reset_index(drop=True)
    rounds = standings_frame(tables.rounds, w)
    leaders = tables.rounds[P.rank].eq(1).reset_index(drop=True)
    number = {"Head-to-Head": "0;-0;0"}
    return [
        OutputSheet("Standings", standings, number, highlight=podium.reset_index(drop=True)),
        OutputSheet("Matches", matches_frame(event, tables.sides)),
        OutputSheet("Rounds", rounds, number, highlight=leaders),
        OutputSheet("Winners", winners, number, highlight=pd.Series(True, index=winners.index)),
        OutputSheet("Penalties", penalties_frame(event)),
        OutputSheet("Rules", rules_frame(event), widths={"Item": 28, "Value": 100}),
    ]
