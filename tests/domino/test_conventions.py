"""The conventions of Spanish-speaking associations, as settings (docs/domino-rules.md, "Conventions of
associations (settings)"): Bye Credit, Ranking, Sanction with cards, Match Format. Every figure is worked by
hand in the comments; each setting has a test whose ranking differs from the default's."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from conftest import MATCH_HEADER, codes_in, sheets_from_tables, write_xlsx
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.games.domino.load import domino_event
from pipeline.games.domino.report import rules_frame
from pipeline.games.domino.rules import side_results
from pipeline.games.domino.standings import classification, meetings
from pipeline.games.domino.tally import competitors, domino_tables, scored_matches
from pipeline.problems import InputError

GAMES_HEADER = [*MATCH_HEADER, "A Games", "B Games"]
PENALTY_HEADER = ["Player", "Pips", "Round", "Reason", "Card"]


def row(rnd, table, a1, b1, a_pips=None, b_pips=None, *, a2=None, b2=None, ended=None, winner=None, games=()):
    """A Matches row in MATCH_HEADER order (then A Games, B Games when `games` is given)."""
    return [rnd, table, a1, a2, b1, b2, a_pips, b_pips, None, ended, winner, *games]


def scored(rows, settings=(), penalties=(), header=MATCH_HEADER):
    """The event and its tables, from Matches rows, Settings (key, value) pairs and Penalties rows."""
    tables = {"Matches": (header, rows), "Settings": (["Key", "Value"], [list(s) for s in settings])}
    if penalties:
        tables["Penalties"] = (PENALTY_HEADER, [list(p) + [None] * (5 - len(p)) for p in penalties])
    event = domino_event(sheets_from_tables(tables))
    return event, domino_tables(event)


def standings(rows, settings=(), penalties=(), header=MATCH_HEADER) -> pd.DataFrame:
    """The final standings, by player."""
    return scored(rows, settings, penalties, header)[1].standings.set_index("player")


def order(table: pd.DataFrame) -> list[str]:
    """The players in standings order."""
    return table.sort_values("rank", kind="stable").index.tolist()


def codes(rows, settings=(), penalties=(), header=MATCH_HEADER) -> list[str]:
    """The codes of the problems the load finds."""
    with pytest.raises(InputError) as caught:
        scored(rows, settings, penalties, header)
    return [p.code for p in caught.value.problems]


def rules(event) -> dict[str, str]:
    """The Rules sheet as item -> value."""
    frame = rules_frame(event)
    return dict(zip(frame.iloc[:, 0], frame.iloc[:, 1], strict=True))


# ---------------------------------------------------------------- Bye Credit

WITH_BYES = [
    row(1, 1, "p1", "p2", 100, 30),
    row(1, 2, "p3", "BYE"),
    row(2, 1, "p2", "p3", 100, 60),
    row(2, 2, "p1", "Descanso"),
]


def test_a_credited_bye_puts_who_sat_out_above_a_loser_the_default_does_not():
    # default (none): p1 won 100-30 (2 points: 30 <= 50); p2 lost, then won 100-60 (1 point: 60 > 50);
    # p3 lost 60-100. Points p1 2, p2 1, p3 0.
    default = standings(WITH_BYES)
    assert order(default) == ["p1", "p2", "p3"]
    assert default.loc["p3", ["played", "won", "points"]].tolist() == [1, 0, 0]
    # 60 %: a bye is won 60-40 at target 100: 2 points (40 <= 50), 1 match point, 60 for and 40 against.
    # p1 2 + 2 = 4 points, for 100 + 60 = 160, against 30 + 40 = 70; p3 2 points, for 60 + 60 = 120,
    # against 40 + 100 = 140, effectiveness -20; p2 still 1 point.
    credited = standings(WITH_BYES, [("Bye Credit", "60%")])
    assert order(credited) == ["p1", "p3", "p2"]
    assert credited.loc[
        "p1", ["played", "won", "points", "match_points", "pips_for", "pips_against"]
    ].tolist() == [
        2,
        2,
        4,
        2,
        160,
        70,
    ]
    assert credited.loc["p3", ["played", "won", "lost", "points", "effectiveness"]].tolist() == [
        2,
        1,
        1,
        2,
        -20,
    ]


def test_without_a_credit_who_sits_out_still_appears_and_a_warning_says_the_byes_score_nothing():
    event, tables = scored(WITH_BYES)
    assert [w.code for w in event.warnings] == ["D139"]
    assert "p3" in tables.standings["player"].tolist()
    assert len(scored_matches(event)) == 2  # the two byes are left out of the scoring
    assert competitors(event).tolist() == ["p1", "p2", "p3"]


@pytest.mark.parametrize(
    ("target", "credit", "for_", "against", "points"),
    [
        (100, "50", 50, 50, 2),  # 2 x 50 <= 100: 2 points; effectiveness 0
        (100, "100 %", 100, 0, 3),  # the loser's share is 0: 3 points
        (100, "33", 33, 67, 1),  # 67 > 50: 1 point
        (200, "75%", 150, 50, 2),  # 2 x 50 <= 200
        (101, "50", 51, 50, 2),  # 50.5 rounds half up to 51; 2 x 50 <= 101
    ],
)
def test_a_bye_is_a_match_won_by_the_share_of_the_target_to_the_rest(target, credit, for_, against, points):
    rows = [row(1, 1, "p1", "p2", target, 0), row(1, 2, "p3", "bye")]
    got = standings(rows, [("Target", target), ("Bye Credit", credit)]).loc["p3"]
    assert got[["played", "won", "points", "match_points", "pips_for", "pips_against"]].tolist() == [
        1,
        1,
        points,
        1,
        for_,
        against,
    ]


def test_head_to_head_ignores_byes():
    # p1 and p2 end level on everything: each won 100-0 once (3 points) and had a 50 % bye (50-50, 2 points);
    # they never met, so the head-to-head is 0 and they share the rank: a bye is no meeting.
    rows = [
        row(1, 1, "p1", "p3", 100, 0),
        row(1, 2, "p2", "BYE"),
        row(2, 1, "p2", "p4", 100, 0),
        row(2, 2, "p1", "BYE"),
    ]
    event, tables = scored(rows, [("Bye Credit", 50)])
    top = tables.standings.set_index("player").loc[["p1", "p2"]]
    assert top["rank"].tolist() == [1, 1]
    assert top["head_to_head"].tolist() == [0, 0]
    ids = competitors(event)
    met = meetings(event.matches, tables.sides, ids)
    byes = event.matches.index[event.matches["bye"]]
    assert not met["match"].isin(byes).any()


def test_in_an_individual_event_each_player_who_sits_out_is_credited():
    rows = [
        row(1, 1, "a", "c", 100, 40, a2="b", b2="d"),
        row(1, 2, "e", "BYE", a2="f"),  # two players sit out together
        row(1, 3, "g", "轮空"),  # and one alone
    ]
    got = standings(rows, [("Crédito por descanso", "50 %")])
    # 50 %: 50-50, 2 points each
    assert got.loc[["e", "f", "g"], "points"].tolist() == [2, 2, 2]
    assert got.loc[["e", "f", "g"], "pips_for"].tolist() == [50, 50, 50]


@pytest.mark.parametrize(
    ("rows", "code"),
    [
        ([row(1, 1, "p1", "BYE", 100, None)], "D130"),
        ([row(1, 1, "p1", "BYE", ended="forfeit", winner="A")], "D130"),
        ([row(1, 1, "BYE", "p1", 0, 100)], "D131"),
        ([row(1, 1, "p1", "BYE", b2="p2")], "D131"),
    ],
)
def test_bad_bye_rows_are_located(rows, code):
    assert code in codes(rows, [("Bye Credit", 50)])


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@given(share=st.integers(1, 100), target=st.integers(1, 10_000))
def test_a_bye_always_shares_out_exactly_its_target(share: int, target: int):
    """Any credit and target: the bye's pips for and against add up to the target, its winner is side A with
    1 match point and 1 to 3 points, and side B (nobody) gets nothing."""
    m = pd.DataFrame(
        {
            "round": [1],
            "table": [1],
            "a1": ["p"],
            "a2": [None],
            "b1": [None],
            "b2": [None],
            "a_count": [(target * share * 2 + 100) // 200],
            "b_count": [target - (target * share * 2 + 100) // 200],
            "target": [target],
            "ended": ["forfeit"],
            "winner": ["A"],
            "bye": [True],
        },
        index=pd.RangeIndex(2, 3),
    )
    a, b = side_results(m).itertuples(index=False)
    assert a.pips_for + a.pips_against == target
    assert (a.won, a.match_points, b.won, b.points) == (True, 1, False, 0)
    assert 1 <= a.points <= 3


# ---------------------------------------------------------------- Ranking

FOUR_PAIRS = [
    row(1, 1, "X", "Z", 100, 60),  # X 1 point (60 > 50)
    row(1, 2, "Y", "W", 100, 0),  # Y 3 points
    row(2, 1, "X", "W", 100, 70),  # X 1 point
    row(2, 2, "Z", "Y", 100, 90),  # Z 1 point
]


def test_wins_first_ranks_the_two_match_winner_above_the_points_leader():
    # X: 2 points, 2 wins, 200 for, 130 against (70); Y: 3 points, 1 win, 190 for, 100 against (90);
    # Z: 1 point, 1 win, 160 for, 190 against (-30); W: 0 points, 0 wins, 70 for, 200 against (-130).
    default = standings(FOUR_PAIRS)
    assert order(default) == ["Y", "X", "Z", "W"]
    event, tables = scored(FOUR_PAIRS, [("Ranking", "wins")])
    wins = tables.standings.set_index("player")
    assert order(wins) == ["X", "Y", "Z", "W"]  # 2 wins; then Y and Z at 1 win by effectiveness 90 > -30
    assert wins.loc[["X", "Y", "Z", "W"], "decided_by"].tolist() == [
        "matches won",
        "effectiveness",
        "matches won",
        "",
    ]
    said = rules(event)
    assert said["Criterion 1"] == "Matches won, most first"
    assert said["Criterion 3"] == "Pips for, highest first"
    assert "Criterion 6" not in said  # wins, effectiveness, pips for, head-to-head, shared
    assert said["Ranking"].startswith("wins")
    assert "Ranking" not in rules(scored(FOUR_PAIRS)[0])  # the default says nothing of it


def totals(rows: dict[str, tuple[int, int, int, int]]) -> pd.DataFrame:
    """Final totals (round 1) per player: won, effectiveness, pips for, pips against (the rest 0)."""
    frame = pd.DataFrame.from_dict(
        rows, orient="index", columns=["won", "effectiveness", "pips_for", "pips_against"]
    )
    frame = frame.rename_axis("player").reset_index()
    frame["round"] = 1
    for col in ("played", "lost", "points", "match_points", "penalties"):
        frame[col] = 0
    return frame


def test_wins_first_then_effectiveness_then_pips_for_and_never_pips_against():
    none = pd.DataFrame(columns=["match", "round", "player", "opponent", "diff"], dtype="int64")
    rows = {
        "a": (3, 0, 0, 0),
        "b": (2, 50, 0, 0),
        "c": (2, 40, 300, 0),
        "d": (2, 40, 200, 0),
        "e": (2, 40, 100, 10),  # e and f differ only by pips against: level under wins
        "f": (2, 40, 100, 60),
    }
    got = classification(totals(rows), none, ranking="wins").set_index("player")
    assert got.index.tolist() == ["a", "b", "c", "d", "e", "f"]
    assert got["rank"].tolist() == [1, 2, 3, 4, 5, 5]
    assert got["decided_by"].tolist() == ["matches won", "effectiveness", "pips for", "pips for", "tied", ""]


def test_ranking_read_in_spanish_and_chinese():
    for key, value in (("Orden de clasificación", "Partidas ganadas"), ("排名方式", "胜场")):
        assert order(standings(FOUR_PAIRS, [(key, value)])) == ["X", "Y", "Z", "W"]


# ---------------------------------------------------------------- Sanction and cards

TWO_MATCHES = [row(1, 1, "p1", "p2", 100, 40), row(1, 2, "p3", "p4", 100, 45)]


def test_cards_are_deducted_from_effectiveness_at_their_set_pips():
    # p1 100-40: effectiveness 60; p3 100-45: 55. Both 2 points, 1 match point: effectiveness decides.
    assert order(standings(TWO_MATCHES))[:2] == ["p1", "p3"]
    cards = [("Yellow Card Pips", 10), ("Red Card Pips", 50)]
    got = standings(TWO_MATCHES, cards, [("p1", None, 1, "talking", "Amarilla")])
    assert got.loc["p1", ["penalties", "effectiveness"]].tolist() == [10, 50]  # 60 - 10 < 55
    assert order(got)[:2] == ["p3", "p1"]
    red = standings(TWO_MATCHES, [("Tantos por tarjeta roja", 50)], [("p4", None, None, "", "红牌")])
    assert red.loc["p4", ["penalties", "effectiveness"]].tolist() == [50, 45 - 100 - 50]


def test_a_card_without_its_pips_or_with_pips_typed_too_is_refused():
    assert "D132" in codes(TWO_MATCHES, [("Red Card Pips", 50)], [("p1", None, 1, "", "yellow")])
    assert "D134" in codes(TWO_MATCHES, [("Yellow Card Pips", 10)], [("p1", 5, 1, "", "yellow")])
    assert "D133" in codes(TWO_MATCHES, [("Yellow Card Pips", 10)], [("p1", None, 1, "", "blue")])


def test_sanction_in_the_result_flips_the_winner_where_the_default_does_not():
    rows = [row(1, 1, "p1", "p2", 100, 80)]
    # default: p1 wins 100-80 (1 point: 80 > 50); the 30 come off p1's effectiveness: 20 - 30 = -10
    default = standings(rows, penalties=[("p1", 30, 1, "talking")])
    assert order(default) == ["p1", "p2"]
    assert default.loc["p1", ["points", "penalties", "effectiveness"]].tolist() == [1, 30, -10]
    # result: p1 100 - 30 = 70 against p2's 80: p2 wins 80-70; 1 point (70 > 50); no penalty left to deduct
    event, tables = scored(rows, [("Sanction", "result")], [("p1", 30, 1, "talking")])
    got = tables.standings.set_index("player")
    assert order(got) == ["p2", "p1"]
    assert got.loc[
        "p2", ["won", "points", "pips_for", "pips_against", "penalties", "effectiveness"]
    ].tolist() == [
        1,
        1,
        80,
        70,
        0,
        10,
    ]
    assert got.loc["p1", ["won", "points", "pips_for", "pips_against", "penalties"]].tolist() == [
        0,
        0,
        70,
        80,
        0,
    ]
    assert rules(event)["Sanction"].startswith("result")


@pytest.mark.parametrize(
    ("a", "b", "ended", "winner", "off", "expected"),
    [
        # 100-20, 10 off A: 90-20, A still wins but is below the target: credited 90, 2 points (20 <= 50)
        (100, 20, None, None, 10, ("A", 2, 90, 20)),
        # 100-80, 20 off A: 80-80 level: the side that lost fewer (B, none) wins 80-80, 1 point (80 > 50)
        (100, 80, None, None, 20, ("B", 1, 80, 80)),
        # 100-0, 150 off A: 0 (never below 0) - 0 level: B wins, 3 points (A made 0)
        (100, 0, None, None, 150, ("B", 3, 0, 0)),
        # time 60-50, 20 off A: 40-50: B wins 50-40, 2 points (40 <= 50)
        (60, 50, "time", None, 20, ("B", 2, 50, 40)),
        # a forfeit keeps its named winner: blank pips read 100-0, 30 off A: A wins 70-0, 3 points
        (None, None, "forfeit", "A", 30, ("A", 3, 70, 0)),
    ],
)
def test_sanction_in_the_result(a, b, ended, winner, off, expected):
    rows = [row(1, 1, "p1", "p2", a, b, ended=ended, winner=winner)]
    sides = scored(rows, [("Aplicación de sanciones", "resultado")], [("p1", off, 1, "")])[1].sides
    won = sides[sides["won"]].iloc[0]
    assert (won["side"], won["points"], won["pips_for"], won["pips_against"]) == expected


def test_sanction_in_the_result_sums_both_players_of_a_side():
    rows = [row(1, 1, "a", "c", 100, 50, a2="b", b2="d")]
    # a 20 and b 15 off side A: 65-50, A wins, 2 points (50 <= 50)
    got = standings(rows, [("Sanction", "result")], [("a", 20, 1, ""), ("b", 15, 1, "")])
    assert (
        got.loc[["a", "b"], ["points", "pips_for", "pips_against"]].to_numpy().tolist() == [[2, 65, 50]] * 2
    )


def test_sanction_in_the_result_needs_a_round_with_a_match():
    assert codes(TWO_MATCHES, [("Sanction", "result")], [("p1", 10, None, "")]) == ["D135"]
    assert codes(TWO_MATCHES, [("Sanction", "result")], [("p1", 10, 2, "")]) == ["D135"]


# ---------------------------------------------------------------- Match Format

BEST_OF_THREE = [("Match Format", "best of three")]
SERIES = [
    row(1, 1, "X", "Z", 200, 190, games=(2, 0)),  # won 2-0 by a few pips: 3 points
    row(1, 2, "Y", "W", 280, 100, games=(2, 1)),  # won 2-1 by many pips: 2 points
]


def test_best_of_three_points_go_by_the_games_not_the_pips():
    # single-game rules would refuse these rows (games typed, both sides past the target)
    assert "D138" in codes(SERIES, header=GAMES_HEADER)
    event, tables = scored(SERIES, BEST_OF_THREE, header=GAMES_HEADER)
    got = tables.standings.set_index("player")
    # X: 3 points, effectiveness 10; Y: 2 points, effectiveness 180: points first
    assert order(got) == ["X", "Y", "Z", "W"]
    assert got.loc["X", ["points", "match_points", "pips_for", "pips_against"]].tolist() == [3, 1, 200, 190]
    assert got.loc["Y", ["points", "pips_for", "pips_against", "effectiveness"]].tolist() == [
        2,
        280,
        100,
        180,
    ]
    assert got.loc["W", ["points", "won"]].tolist() == [0, 0]
    # ranked wins first, X and Y are level on wins and effectiveness puts Y first
    assert order(standings(SERIES, [*BEST_OF_THREE, ("Ranking", "wins")], header=GAMES_HEADER))[:2] == [
        "Y",
        "X",
    ]
    assert rules(event)["Match Format"].startswith("best of three")


def test_best_of_three_side_b_can_win_and_a_forfeit_is_two_games_to_none():
    rows = [
        row(1, 1, "X", "Z", 150, 250, games=(1, 2)),
        row(1, 2, "Y", "W", ended="forfeit", winner="B", games=(None, None)),
    ]
    got = standings(rows, [("Formato de partida", "al mejor de tres")], header=GAMES_HEADER)
    assert got.loc["Z", ["won", "points"]].tolist() == [1, 2]
    # the forfeit: blank games 0-2 and blank pips 0-200 (twice the target): W 3 points, 200 for
    assert got.loc["W", ["won", "points", "pips_for", "pips_against"]].tolist() == [1, 3, 200, 0]


@pytest.mark.parametrize("games", [(3, 0), (2, 2), (1, 1), (None, None), (2, None)])
def test_a_best_of_three_match_not_won_by_two_games_is_refused(games):
    rows = [row(1, 1, "X", "Z", 200, 100, games=games)]
    found = codes(rows, BEST_OF_THREE, header=GAMES_HEADER)
    assert set(found) & {"D136", "D137"}, found


def test_sanction_in_the_result_of_best_of_three_takes_pips_but_not_games():
    rows = [row(1, 1, "X", "Z", 200, 190, games=(2, 1))]
    got = standings(rows, [*BEST_OF_THREE, ("Sanction", "result")], [("X", 50, 1, "")], header=GAMES_HEADER)
    assert got.loc["X", ["won", "points", "pips_for", "pips_against"]].tolist() == [1, 2, 150, 190]


# ---------------------------------------------------------------- through the command line


def test_a_workbook_with_every_convention_scores_and_says_so(tmp_path: Path):
    path = write_xlsx(
        tmp_path / "event.xlsx",
        {
            "Partidas": (
                [
                    "Ronda",
                    "Mesa",
                    "A1",
                    "B1",
                    "Tantos A",
                    "Tantos B",
                    "Partidas ganadas A",
                    "Partidas ganadas B",
                ],
                [[1, 1, "p1", "p2", 200, 150, 2, 1], [1, 2, "p3", "Descanso"]],
            ),
            "Sanciones": (["Jugador", "Tarjeta", "Ronda"], [["p2", "roja", 1]]),
            "Ajustes": (
                ["Key", "Value"],
                [
                    ["Crédito por descanso", "50%"],
                    ["Orden de clasificación", "victorias"],
                    ["Aplicación de sanciones", "efectividad"],
                    ["Tantos por tarjeta roja", 20],
                    ["Formato de partida", "mejor de tres"],
                ],
            ),
        },
    )
    out = tmp_path / "standings.xlsx"
    result = CliRunner().invoke(app, ["domino", "standings", str(path), "-o", str(out), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == []
    book = load_workbook(out, read_only=True)
    standings_rows = table_rows(book["Standings"])
    header = list(standings_rows[0])
    by_player = {r[header.index("Pair")]: dict(zip(header, r, strict=True)) for r in standings_rows[1:]}
    # p1 won 2-1 (2 points, 200-150: effectiveness 50); p3's bye 50-50 (effectiveness 0); both 1 win: p1 first
    assert [r[header.index("Pair")] for r in standings_rows[1:]] == ["p1", "p3", "p2"]
    assert by_player["p2"]["Penalties"] == 20
    assert by_player["p2"]["Effectiveness"] == 150 - 200 - 20
    items = {r[0]: r[1] for r in table_rows(book["Rules"])[1:]}
    for item in ("Bye Credit", "Ranking", "Red Card Pips", "Match Format"):
        assert item in items
    assert "Sanction" not in items  # at its default
    penalties = table_rows(book["Penalties"])
    assert "Card" in penalties[0]
