"""Golden values for the bundled samples, worked out by hand from the match sheets (see the comments)."""

from __future__ import annotations

import pandas as pd
import pytest
from conftest import SAMPLES

from pipeline.games.domino.load import domino_event
from pipeline.games.domino.tally import DominoTables, domino_tables
from pipeline.workbook import read_workbook

COLUMNS = ["rank", "player", "played", "won", "points", "match_points", "pips_for", "pips_against",
           "penalties", "effectiveness", "decided_by"]  # fmt: skip


def tables(name: str) -> DominoTables:
    return domino_tables(domino_event(read_workbook(SAMPLES / name).sheets))


def rows(frame: pd.DataFrame) -> list[tuple]:
    return [tuple(r) for r in frame[COLUMNS].itertuples(index=False)]


def test_pairs_event_final_standings() -> None:
    # P1: 100-0 (3), lost 72-100, 112-20 capped to 100 (2), 100-35 (2), 100-10 (2):
    # 9 points, 472 for, 165 against
    # P5 and P3 are level on all five criteria (4, 2, -26, 334, 360); P5 beat P3 100-50 in round 2
    # P2 and P6: 2 points, 2 match points; effectiveness -163 against -182
    assert rows(tables("domino_pairs.xlsx").standings) == [
        (1, "P1", 5, 4, 9, 4, 472, 165, 0, 307, "points"),
        (2, "P4", 5, 3, 6, 3, 395, 305, 0, 90, "points"),
        (3, "P5", 5, 2, 4, 2, 334, 360, 0, -26, "head-to-head"),
        (4, "P3", 5, 2, 4, 2, 334, 360, 0, -26, "points"),
        (5, "P2", 5, 2, 2, 2, 260, 423, 0, -163, "effectiveness"),
        (6, "P6", 5, 2, 2, 2, 281, 463, 0, -182, ""),
    ]
    final = tables("domino_pairs.xlsx").standings.set_index("player")
    assert final.loc[["P5", "P3"], "head_to_head"].tolist() == [50, -50]
    assert final["head_to_head"].isna().sum() == 4


def test_pairs_event_after_round_two() -> None:
    # R1: P1 100-0 (3), P5 104-10 (2), P3 100-60 (1); R2: P4 100-30 (2), P5 100-50 (2), P2 100-72 (1)
    after2 = tables("domino_pairs.xlsx").rounds.query("round == 2")
    assert rows(after2) == [
        (1, "P5", 2, 2, 4, 2, 200, 60, 0, 140, "points"),
        (2, "P1", 2, 1, 3, 1, 172, 100, 0, 72, "points"),
        (3, "P4", 2, 1, 2, 1, 160, 130, 0, 30, "points"),
        (4, "P3", 2, 1, 1, 1, 150, 160, 0, -10, "effectiveness"),
        (5, "P2", 2, 1, 1, 1, 110, 172, 0, -62, "points"),
        (6, "P6", 2, 0, 0, 0, 30, 200, 0, -170, ""),
    ]


def test_individual_event_final_standings() -> None:
    # Target 200, partners rotate (each player partners every other once). Worked per player, e.g.
    # player 3: lost 150-205 (B capped 200), won 200-110 (1), 200-100 (2), 200-199 (1), lost 40-200,
    # lost 150-200, won 200-75 (2): 6 points; for 1140, against 1084; penalty 20 -> 36.
    # player 6: penalty typed as -10 deducts 10: 1009 - 1027 - 10 = -28.
    # 5 and 1 both have 9 points: 5 has 6 match points, 1 has 5.
    assert rows(tables("domino_individual.xlsx").standings) == [
        (1, "5", 7, 6, 9, 6, 1155, 713, 0, 442, "match points"),
        (2, "1", 7, 5, 9, 5, 1182, 751, 0, 431, "points"),
        (3, "8", 7, 3, 7, 3, 873, 848, 0, 25, "points"),
        (4, "3", 7, 4, 6, 4, 1140, 1084, 20, 36, "effectiveness"),
        (5, "6", 7, 4, 6, 4, 1009, 1027, 10, -28, "points"),
        (6, "7", 7, 2, 5, 2, 881, 977, 0, -96, "points"),
        (7, "4", 7, 3, 4, 3, 780, 1061, 0, -281, "points"),
        (8, "2", 7, 1, 2, 1, 666, 1225, 0, -559, ""),
    ]


def test_individual_event_penalties_count_from_their_round() -> None:
    rounds = tables("domino_individual.xlsx").rounds.set_index(["round", "player"])
    assert rounds.loc[(1, "3"), "penalties"] == 0
    assert rounds.loc[(2, "3"), "penalties"] == 20
    assert rounds.loc[(4, "6"), "penalties"] == 0
    assert rounds.loc[(5, "6"), "penalties"] == 10


def test_run_out_event_counts_hands() -> None:
    # First to 4 hands. R2: 2-4 lost, 4-1 won (2), 4-2 won (2), penalty 1 -> 10 won, 7 lost, eff 2.
    # R3: 4-2 won (2), 3-4 lost, 3-2 won at time (2) -> 10 won, 8 lost, eff 2: R2 ahead on hands lost.
    assert rows(tables("domino_run_out.xlsx").standings) == [
        (1, "R2", 3, 2, 4, 2, 10, 7, 1, 2, "hands against"),
        (2, "R3", 3, 2, 4, 2, 10, 8, 0, 2, "points"),
        (3, "R1", 3, 1, 3, 1, 7, 7, 0, 0, "points"),
        (4, "R4", 3, 1, 1, 1, 6, 11, 0, -5, ""),
    ]


@pytest.mark.parametrize("name", ["domino_pairs.xlsx", "domino_individual.xlsx", "domino_run_out.xlsx"])
def test_names_come_from_the_players_sheet(name: str) -> None:
    standings = tables(name).standings
    assert standings["name"].notna().all()


@pytest.mark.parametrize("name", ["domino_pairs.xlsx", "domino_individual.xlsx", "domino_run_out.xlsx"])
def test_rounds_hold_every_competitor_once_per_round(name: str) -> None:
    t = tables(name)
    rounds = t.rounds
    assert not rounds.duplicated(["round", "player"]).any()
    assert len(rounds) == rounds["round"].nunique() * len(t.standings)
