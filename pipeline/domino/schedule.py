"""The workbook a domino organizer fills in: a round robin of fixed pairs (or one-on-one), pure."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.checks import model_titles
from pipeline.schedule import circle_byes, circle_pairings
from pipeline.sheets import OutputSheet, Validation
from schemas.domino import ENDINGS, SIDES, MatchesSheet, PlayersSheet

RESULT_CELLS = ["a_pips", "b_pips", "ended", "winner"]


def numbered_entrants(count: int) -> pd.DataFrame:
    """Entrants 1..count with no names, for a schedule made from a count alone."""
    return pd.DataFrame({"id": [str(i) for i in range(1, count + 1)], "name": None, "club": None})


def pairs_schedule(players: pd.DataFrame, rounds: int | None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Matches (round, table, a1, b1) of a round robin of the entrants in order, and the byes (round, player)."""
    meetings = circle_pairings(len(players))
    byes = circle_byes(len(players))
    if rounds is not None:
        meetings, byes = meetings[meetings["round"] <= rounds], byes[byes["round"] <= rounds]
    ids = players["id"].to_numpy()
    matches = pd.DataFrame(
        {
            "round": meetings["round"].to_numpy(),
            "table": meetings["table"].to_numpy(),
            "a1": ids[meetings["home"].to_numpy()],
            "b1": ids[meetings["away"].to_numpy()],
        }
    )
    return matches, pd.DataFrame(
        {"round": byes["round"].to_numpy(), "player": ids[byes["entrant"].to_numpy()]}
    )


SEATS = {"a1": "A1", "a2": "A2", "b1": "B1", "b2": "B2"}


def table_cards(matches: pd.DataFrame, names: pd.Series) -> pd.DataFrame:
    """One block per table and round for printing: the card's title, who sits in each seat, a score line."""
    seats = [c for c in SEATS if c in matches]
    at = np.arange(len(matches))
    title = "Round " + matches["round"].astype("str") + ", Table " + matches["table"].astype("str")

    def line(number: int, card: object, seat: str, player: object) -> pd.DataFrame:
        return pd.DataFrame({"at": at, "line": number, "Card": card, "Seat": seat, "ID": player})

    parts = [line(0, title.to_numpy(), "", None)]
    parts += [line(i, "", SEATS[c], matches[c].to_numpy()) for i, c in enumerate(seats, start=1)]  # seats
    parts += [
        line(len(seats) + 1, "Score: A ______   B ______", "", None),
        line(len(seats) + 2, "", "", None),
    ]
    cards = pd.concat(parts, ignore_index=True).sort_values(["at", "line"], kind="stable")
    cards = cards[~(cards["Seat"].ne("") & cards["ID"].isna())]
    cards["Name"] = cards["ID"].map(names)
    shown = cards[["Card", "Seat", "ID", "Name"]].reset_index(drop=True)
    return shown.astype("object").where(shown.notna() & (shown != ""), None)


def schedule_sheets(
    players: pd.DataFrame, matches: pd.DataFrame, byes: pd.DataFrame, target: int, event: str
) -> list[OutputSheet]:
    """Players, Settings, Matches (result cells empty) and Byes: a workbook `tally domino standings` reads."""
    m = model_titles(MatchesSheet)
    p = model_titles(PlayersSheet)
    blank = pd.Series(None, index=matches.index, dtype=object)
    shown = pd.DataFrame(
        {
            m["round"]: matches["round"],
            m["table"]: matches["table"],
            m["a1"]: matches["a1"],
            m["a2"]: blank,
            m["b1"]: matches["b1"],
            m["b2"]: blank,
            **{m[c]: blank for c in RESULT_CELLS},
        }
    )
    names = players.set_index("id")["name"]
    listed = pd.DataFrame(
        {"Round": byes["round"], "Player": byes["player"], "Name": byes["player"].map(names)}
    )
    checks = (
        Validation(m["a_pips"], 0, message="A Pips: a whole number, 0 or more"),
        Validation(m["b_pips"], 0, message="B Pips: a whole number, 0 or more"),
        Validation(m["ended"], choices=tuple(ENDINGS), message="Ended: target (or blank), time or forfeit"),
        Validation(m["winner"], choices=tuple(SIDES), message="Winner: A or B (needed at time or forfeit)"),
    )
    entry = tuple(m[c] for c in RESULT_CELLS)
    return [
        OutputSheet("Matches", shown, entry=entry, validations=checks, protect=True),
        OutputSheet(
            "Players",
            pd.DataFrame({p["id"]: players["id"], p["name"]: players["name"], p["club"]: players["club"]}),
        ),
        OutputSheet(
            "Settings",
            pd.DataFrame({"Key": ["Event", "Target", "Mode"], "Value": [event, target, "points"]}),
        ),
        *([OutputSheet("Byes", listed)] if len(listed) else []),
        OutputSheet("Table Cards", table_cards(matches, names), widths={"Card": 28, "Seat": 10, "Name": 36}),
    ]
