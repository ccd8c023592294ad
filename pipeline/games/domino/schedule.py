"""The workbook a domino organizer fills in: a round robin of fixed pairs (or one-on-one), pure."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.checks import model_titles
from pipeline.games.domino.settings import SETTINGS
from pipeline.games.schedule import (
    circle_byes,
    circle_pairings,
    club_mates,
    club_order,
    rotating_partners,
    schedule_report,
)
from pipeline.sheets import OutputSheet, Validation, whole_validation
from schemas.domino import ENDINGS, PIPS, SIDES, MatchesSheet, PlayersSheet

RESULT_CELLS = ["a_pips", "b_pips", "ended", "winner"]


def numbered_entrants(count: int) -> pd.DataFrame:
    """Entrants 1..count with no names, for a schedule made from a count alone."""
    return pd.DataFrame({"id": [str(i) for i in range(1, count + 1)], "name": None, "club": None})


def placed_ids(players: pd.DataFrame, avoid_clubs: bool, seed: int) -> np.ndarray:
    """The entrant ids in round-robin place order: as listed, or placed so that clubs meet late."""
    ids = players["id"].to_numpy()
    if not avoid_clubs:
        return ids
    return ids[np.argsort(club_order(players["club"], seed))]


def pairs_schedule(
    players: pd.DataFrame, rounds: int | None, avoid_clubs: bool = False, seed: int = 0
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Matches (round, table, a1, b1) of a round robin of the entrants, and the byes (round, player)."""
    meetings = circle_pairings(len(players))
    byes = circle_byes(len(players))
    if rounds is not None:
        meetings, byes = meetings[meetings["round"] <= rounds], byes[byes["round"] <= rounds]
    ids = placed_ids(players, avoid_clubs, seed)
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


def individual_schedule(
    players: pd.DataFrame, rounds: int | None, seed: int, avoid_clubs: bool = False
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Tables of four with rotating partners: matches (round, table, a1, a2, b1, b2), byes and the report.
    Keeping clubs apart places players so that club-mates partner, and as far as possible face each other,
    in the last rounds."""
    mates = club_mates(players["club"])
    clubs_matter = avoid_clubs and bool(mates.any())
    place = np.argsort(club_order(players["club"], seed)) if clubs_matter else None
    clash = mates if clubs_matter else None
    tables, rests = rotating_partners(len(players), seed, place, clash)
    if rounds is not None:
        tables, rests = tables[tables["round"] <= rounds], rests[rests["round"] <= rounds]
    ids = players["id"].to_numpy()
    matches = tables[["round", "table"]].assign(**{c: ids[tables[c].to_numpy()] for c in SEATS})
    byes = pd.DataFrame({"round": rests["round"].to_numpy(), "player": ids[rests["entrant"].to_numpy()]})
    return matches.reset_index(drop=True), byes, schedule_report(tables, rests, len(players))


def schedule_sheets(
    players: pd.DataFrame,
    matches: pd.DataFrame,
    byes: pd.DataFrame,
    target: int,
    event: str,
    report: pd.DataFrame | None = None,
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
            m["a2"]: matches.get("a2", blank),
            m["b1"]: matches["b1"],
            m["b2"]: matches.get("b2", blank),
            **{m[c]: blank for c in RESULT_CELLS},
        }
    )
    names = players.set_index("id")["name"]
    listed = pd.DataFrame(
        {"Round": byes["round"], "Player": byes["player"], "Name": byes["player"].map(names)}
    )
    checks = (
        whole_validation(m["a_pips"], PIPS),
        whole_validation(m["b_pips"], PIPS),
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
            pd.DataFrame(
                {
                    "Key": [SETTINGS[key].title for key in ("event", "target", "mode")],
                    "Value": [event, target, SETTINGS["mode"].default],
                }
            ),
        ),
        *([OutputSheet("Byes", listed)] if len(listed) else []),
        OutputSheet("Table Cards", table_cards(matches, names), widths={"Card": 28, "Seat": 10, "Name": 36}),
        *([OutputSheet("Schedule Report", report, widths={"Measure": 60})] if report is not None else []),
    ]
