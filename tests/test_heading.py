"""The title block's status line (docs/printing.md, "Title and status"): Final, or Provisional with the
rounds still to play and the Law 79C correction period still open."""

from __future__ import annotations

import datetime as dt

import pandas as pd
import pytest
from conftest import write_xlsx

from pipeline.games.heading import FINAL, Progress, rounds_progress, status_of
from pipeline.games.scoring import standings_of
from pipeline.workbook import read_workbook

NOW = dt.datetime(2026, 11, 30, 21, 30)


def rounds(*values: object) -> pd.Series:
    return pd.Series([str(v) for v in values], dtype="str")


@pytest.mark.parametrize(
    ("played", "waiting", "planned", "expected"),
    [
        (rounds(1, 1, 2, 2), rounds(), None, Progress(2, 2)),  # everything played
        (rounds(1, 2, 3), rounds(4, 5), None, Progress(3, 5)),  # rounds 4 and 5 still to play
        (rounds(1, 2, 3, 3), rounds(3), None, Progress(2, 3)),  # a match of round 3 still to play
        (rounds(1, 2), rounds(), 9, Progress(2, 9)),  # the Rounds setting plans nine
        (rounds(1, 3), rounds(), None, Progress(1, 3)),  # round 2 has no result at all
        (rounds(1, 2, 3), rounds(), 2, Progress(3, 3)),  # more rounds than planned: the results win
        (rounds(), rounds(), None, Progress(0, 0)),  # no round named
    ],
)
def test_rounds_progress(played: pd.Series, waiting: pd.Series, planned: int | None, expected: Progress):
    assert rounds_progress(played, waiting, planned) == expected


def test_status_final_and_provisional():
    closes = pd.Timestamp("2026-11-30 21:45")
    assert status_of(Progress(9, 9), None, NOW) == FINAL
    assert status_of(Progress(0, 0), None, NOW) == FINAL  # rounds unknown, nothing published
    assert status_of(Progress(5, 9), None, NOW) == "Provisional - after round 5 of 9"
    assert status_of(Progress(9, 9), closes, NOW) == "Provisional - corrections open until 2026-11-30 21:45"
    assert (
        status_of(Progress(9, 9), closes, dt.datetime(2026, 11, 30, 21, 45)) == FINAL
    )  # closed on the minute
    assert (
        status_of(Progress(5, 9), closes, NOW)
        == "Provisional - after round 5 of 9; corrections open until 2026-11-30 21:45"
    )


MATCH_HEADER = ["Round", "Table", "A1", "B1", "A Pips", "B Pips"]


def half_played(tmp_path, settings: list[list[object]]):
    """Four pairs, three rounds scheduled; rounds 1 and 2 scored, round 3 still blank."""
    matches = [
        [1, 1, "P1", "P2", 100, 40],
        [1, 2, "P3", "P4", 100, 70],
        [2, 1, "P1", "P3", 60, 100],
        [2, 2, "P2", "P4", 100, 0],
        [3, 1, "P1", "P4", None, None],
        [3, 2, "P2", "P3", None, None],
    ]
    return write_xlsx(
        tmp_path / "night.xlsx",
        {"Matches": (MATCH_HEADER, matches), "Settings": (["Key", "Value"], settings)},
    )


def test_a_half_played_event_is_provisional_and_says_after_which_round(tmp_path):
    path = half_played(tmp_path, [["Event", "Club night"], ["Venue", "Casino Hall"], ["Date", "2026-11-30"]])
    standings = standings_of(read_workbook(path), now=NOW)
    assert standings.heading.status == "Provisional - after round 2 of 3"
    assert standings.heading.lines == [
        "Club night",
        "2026-11-30 - Casino Hall",
        "Provisional - after round 2 of 3",
    ]
    rules = next(s.frame for s in standings.sheets if s.name == "Rules")
    items = dict(zip(rules["Item"], rules["Value"], strict=True))
    assert (items["Venue"], items["Status"]) == ("Casino Hall", "Provisional - after round 2 of 3")
    assert all(s.heading == tuple(standings.heading.lines) for s in standings.sheets)


def test_the_correction_period_keeps_a_complete_event_provisional_until_it_ends(tmp_path):
    path = half_played(
        tmp_path, [["Event", "Club night"], ["Rounds", 2], ["Published At", "2026-11-30 21:00"]]
    )
    # the Rounds setting (2) is below the rounds scheduled (3): the sheet's rounds count
    early = standings_of(read_workbook(path), now=dt.datetime(2026, 11, 30, 21, 29)).heading.status
    assert early == "Provisional - after round 2 of 3; corrections open until 2026-11-30 21:30"
    late = standings_of(read_workbook(path), now=dt.datetime(2026, 11, 30, 21, 30)).heading.status
    assert late == "Provisional - after round 2 of 3"
