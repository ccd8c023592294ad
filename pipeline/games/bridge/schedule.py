"""The workbook a bridge teams organizer fills in: a round robin of matches and an empty Results sheet, pure."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.bridge.methods import scoring_setting
from pipeline.games.bridge.methods.teams import METHOD as TEAMS_METHOD
from pipeline.games.checks import model_titles
from pipeline.games.schedule import circle_byes, circle_pairings
from pipeline.games.settings import EVENT_SETTINGS
from pipeline.sheets import OutputSheet, Validation, whole_validation
from schemas.bridge import BOARD, TRICKS, ResultsSheet, TeamMatchesSheet, TeamsSheet

RESULT_ROWS = 2000  # rows of Results the validation rules cover
RESULT_HEADERS = ["match", "room", "board", "contract", "declarer", "tricks", "score"]


def match_cards(matches: pd.DataFrame, names: pd.Series) -> pd.DataFrame:
    """One block per match for printing: the match, who sits NS and EW in each room (home is NS in Open)."""
    home, away = matches["home"].to_numpy(), matches["away"].to_numpy()
    at = np.arange(len(matches))
    title = "Round " + matches["round"].astype("str") + ", Match " + matches["match"]

    def line(number: int, card: object, room: str, ns: object, ew: object) -> pd.DataFrame:
        return pd.DataFrame({"at": at, "line": number, "Card": card, "Room": room, "NS": ns, "EW": ew})

    cards = pd.concat(
        [
            line(0, title.to_numpy(), "", None, None),
            line(1, "", "Open", home, away),
            line(2, "", "Closed", away, home),
            line(3, "", "", None, None),
        ],
        ignore_index=True,
    ).sort_values(["at", "line"], kind="stable")
    for side in ("NS", "EW"):  # both seats of a room
        cards[f"{side} Names"] = cards[side].map(names)
    shown = cards[["Card", "Room", "NS", "NS Names", "EW", "EW Names"]].reset_index(drop=True)
    return shown.astype("object").where(shown.notna() & (shown != ""), None)


def teams_schedule_sheets(teams: pd.DataFrame, rounds: int | None, event: str) -> list[OutputSheet]:
    """Teams, Settings (teams scoring), Matches (home sits NS in the Open room), an empty Results, Byes."""
    meetings = circle_pairings(len(teams))
    byes = circle_byes(len(teams))
    if rounds is not None:
        meetings, byes = meetings[meetings["round"] <= rounds], byes[byes["round"] <= rounds]
    ids = teams["id"].to_numpy()
    t, mt, rt = model_titles(TeamsSheet), model_titles(TeamMatchesSheet), model_titles(ResultsSheet)
    matches = pd.DataFrame(
        {
            mt["match"]: "R" + meetings["round"].astype("str") + "T" + meetings["table"].astype("str"),
            mt["round"]: meetings["round"],
            mt["home"]: ids[meetings["home"].to_numpy()],
            mt["away"]: ids[meetings["away"].to_numpy()],
        }
    )
    results = pd.DataFrame({rt[c]: pd.Series(dtype=object) for c in RESULT_HEADERS})
    names = teams.set_index("id")["names"]
    plan = pd.DataFrame(
        {
            "round": meetings["round"].to_numpy(),
            "match": matches[mt["match"]].to_numpy(),
            "home": ids[meetings["home"].to_numpy()],
            "away": ids[meetings["away"].to_numpy()],
        }
    )
    checks = (
        Validation(rt["room"], choices=("Open", "Closed"), message="Room: Open or Closed"),
        whole_validation(rt["board"], BOARD),
        Validation(rt["declarer"], choices=("N", "E", "S", "W"), message="Declarer: N, E, S or W"),
        whole_validation(rt["tricks"], TRICKS, "the tricks declarer took"),
    )
    return (
        [
            OutputSheet("Matches", matches.reset_index(drop=True), protect=True),
            OutputSheet("Results", results, validations=checks, blank_rows=RESULT_ROWS),
            OutputSheet("Teams", pd.DataFrame({t["team"]: teams["id"], t["names"]: teams["names"]})),
            OutputSheet(
                "Settings",
                pd.DataFrame(
                    {
                        "Key": [EVENT_SETTINGS["event"].title, scoring_setting().title],
                        "Value": [event, TEAMS_METHOD.name],
                    }
                ),
            ),
        ]
        + (
            [
                OutputSheet(
                    "Byes", pd.DataFrame({"Round": byes["round"], "Team": ids[byes["entrant"].to_numpy()]})
                )
            ]
            if len(byes)
            else []
        )
        + [
            OutputSheet(
                "Table Cards", match_cards(plan, names), widths={"Card": 24, "NS Names": 30, "EW Names": 30}
            )
        ]
    )
