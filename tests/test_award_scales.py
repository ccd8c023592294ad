"""The two published award scales tally ships (docs/scales/), reproduced from their sources: the Scottish
Bridge Union's club local points (every worked example of the SBU director's e-mail) and the Australian
Bridge Federation's club session masterpoints (each rule of the Masterpoint Manual, 3.1.1 and 4.2)."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import numpy as np
import pytest
from conftest import ROOT, codes_in
from ranking_books import rank, ranking_lines, standings_book

from pipeline.federation.ranking.points import event_units
from pipeline.federation.ranking.rules import RankingRules, ranking_rules

SCALES = ROOT / "docs" / "scales"


def scale(name: str) -> RankingRules:
    """The rules of a shipped scale file."""
    return ranking_rules(tomllib.loads((SCALES / f"{name}.toml").read_text(encoding="utf-8")), name)


def awards(
    rules: RankingRules,
    places: list[int],
    field: int,
    *,
    two_winner: bool = False,
    individual: bool = False,
    weight: float = 1.0,
) -> list[float]:
    """The points each place of a field gets (places as ranked: 1, 1, 3 for a tie), by the scale."""
    place = np.asarray(places)
    tied = np.asarray([places.count(p) for p in places])
    units = event_units(place, tied, np.full(len(places), field), weight, rules, two_winner, individual)
    return (units / rules.unit).tolist()


# ------------------------------------------------------------------ SBU: the e-mail's worked examples


def test_sbu_a_six_table_two_winner_movement_pays_20_and_10_in_each_direction() -> None:
    # "In a 6 table 2 Winner or Teams movement there would be 2 awards for each direction, 20 and 10."
    assert awards(scale("sbu-club"), [1, 2, 3, 4, 5, 6], 6, two_winner=True) == [20, 10, 0, 0, 0, 0]


def test_sbu_two_tied_winners_share_15_15() -> None:
    # "If 2 contestants tied, allocation would be 15 - 15."
    assert awards(scale("sbu-club"), [1, 1, 3, 4, 5, 6], 6, two_winner=True)[:2] == [15, 15]


def test_sbu_a_tie_behind_an_outright_winner_gets_the_minimum() -> None:
    # "If there was an outright winner then 2 or more tied contestants, each would get 10 (the minimum award)."
    sbu = scale("sbu-club")
    assert awards(sbu, [1, 2, 2, 4, 5, 6], 6, two_winner=True)[:3] == [20, 10, 10]
    assert awards(sbu, [1, 2, 2, 2, 5, 6], 6, two_winner=True)[:4] == [20, 10, 10, 10]


def test_sbu_a_six_table_howell_pays_24_18_12_6() -> None:
    # "In a 6 table Howell the awards would normally be 24, 18, 12 and 6."
    assert awards(scale("sbu-club"), list(range(1, 13)), 12) == [24, 18, 12, 6, *[0] * 8]


def test_sbu_two_ties_in_a_howell_are_21_21_9_9() -> None:
    # "Two ties would be awarded 21, 21, 9 and 9."
    assert awards(scale("sbu-club"), [1, 1, 3, 3, *range(5, 13)], 12)[:4] == [21, 21, 9, 9]


@pytest.mark.parametrize("tied", [3, 4, 5])
def test_sbu_a_triple_or_larger_tie_in_third_gets_the_minimum_of_6(tied: int) -> None:
    # "A triple tie in 3rd place would see each awarded 6 (12 +6)/3 as would a quadruple or more tie as it is
    # the minimum award."
    places = [1, 2, *[3] * tied, *range(3 + tied, 13)]
    assert awards(scale("sbu-club"), places, 12)[: 2 + tied] == [24, 18, *[6] * tied]


def test_sbu_an_individual_starts_at_6_in_steps_of_3() -> None:
    # "the individual award. Starts with 6 and increments in 3s": 12 players, the top third (4) paid
    assert awards(scale("sbu-club"), list(range(1, 13)), 12, individual=True)[:5] == [15, 12, 9, 6, 0]


# ------------------------------------------------------------------ ABF: the manual's rules


@pytest.mark.parametrize("tables", [3, 5, 10, 17, 30])
def test_abf_a_club_mitchell_winner_gets_three_times_the_tables_in_hundredths(tables: int) -> None:
    # NSWBA: "the allocation of each winning pair in a club Mitchell movement pairs is three times the number
    # of tables" at the club rate of 1.5: 0.02 x 1.5 x T points = 3T hundredths (ABF 3.1.1: 0.02WT, T <= 30)
    won = awards(scale("abf-club"), list(range(1, tables + 1)), tables, two_winner=True, weight=1.5)[0]
    assert round(won * 100) == 3 * tables


def test_abf_places_below_the_winner() -> None:
    # "Runners-up in any field receive 70% of the winners' award. Other awards are calculated as the winners'
    # award divided by one less than the placing position (i.e. 3rd place receives half the winners' award,
    # 4th place receives one third, etc.)": a 10-table Mitchell direction at weight 1, winner 0.02 x 10 = 0.20
    got = awards(scale("abf-club"), list(range(1, 11)), 10, two_winner=True)
    assert got == [0.20, 0.14, 0.10, 0.07, 0.05, 0, 0, 0, 0, 0]  # 0.20/3 = 0.0667: 0.07 in hundredths


def test_abf_a_field_of_9_pays_down_to_4th() -> None:
    # "made to the top half of the field, rounding down if necessary (e.g. in a field of 9, awards are made to
    # the 4th position)"
    got = awards(scale("abf-club"), list(range(1, 10)), 9, two_winner=True)
    assert [p > 0 for p in got] == [True] * 4 + [False] * 5


def test_abf_a_howell_winner_gets_0_04_per_table_half_tables_up() -> None:
    # "0.04WT for T up to and including 15" (one winner); "half tables rounded up to the next whole number"
    abf = scale("abf-club")
    assert awards(abf, list(range(1, 13)), 12)[0] == pytest.approx(0.24)  # 12 pairs: 6 tables
    assert awards(abf, list(range(1, 14)), 13)[0] == pytest.approx(0.28)  # 13 pairs: 6.5 tables, counted 7


def test_abf_large_fields_follow_the_exponential() -> None:
    # "W[1-exp(-T/32)] for T exceeding 30" (two winners), "W[1-exp(-T/16)] for T exceeding 15" (one winner)
    abf = scale("abf-club")
    assert awards(abf, [1, 2], 40, two_winner=True)[0] == pytest.approx(round(1 - math.exp(-40 / 32), 2))
    assert awards(abf, [1, 2], 40)[0] == pytest.approx(round(1 - math.exp(-20 / 16), 2))
    assert awards(abf, [1, 2], 30, two_winner=True)[0] == pytest.approx(0.60)  # 0.02 x 30, the last linear


def test_abf_tied_places_share_the_awards_they_cover() -> None:
    # the manual's tie clause (4.4.6) is not in any source reachable; tally's rule (docs/federation.md) is the
    # EBU White Book's "tied contestants always share equally": 2nd and 3rd tied, (0.14 + 0.10) / 2 each
    assert awards(scale("abf-club"), [1, 2, 2, 4, 5, 6, 7, 8, 9, 10], 10, two_winner=True)[:3] == [
        0.20,
        0.12,
        0.12,
    ]


def test_a_season_ranked_by_the_abf_scale_credits_each_player_with_the_pairs_award(tmp_path: Path) -> None:
    book = standings_book(
        tmp_path / "club.xlsx",
        [(1, 1, "Eva Berg - Nils Dahl"), (2, 2, "Ola Berg - Kari Lund"), (3, 3, "Ana Ruiz - Luis Mora"),
         (4, 4, "Li Wei - Zhang Min")],
        bridge=True,
    )  # fmt: skip
    out = tmp_path / "r.xlsx"
    result = rank(book, "-o", out, "--config", SCALES / "abf-club.toml")
    assert result.exit_code == 0, result.output
    # a Howell of 4 pairs (2 tables) at the club weight 1.5: 0.04 x 1.5 x 2 = 0.12, 2nd 0.084 -> 0.08; top half
    points = {line[1]: line[3] for line in ranking_lines(out)}
    assert points == {
        **{"Eva Berg": 0.12, "Nils Dahl": 0.12, "Ola Berg": 0.08, "Kari Lund": 0.08},
        **{"Ana Ruiz": 0, "Luis Mora": 0, "Li Wei": 0, "Zhang Min": 0},  # played, outside the top half
    }
    assert codes_in(result.stderr) == ["R118"]


@pytest.mark.parametrize(
    ("toml", "said"),
    [
        ('[ranking.award]\nkind = "ladder"\n', "kind = 'ladder'"),
        ('[ranking.award]\npaid = "most"\n', "paid = 'most'"),
        ("[ranking.award]\nrunner_up = -1\n", "runner_up = -1"),
        ("[ranking.award]\nlimit_two_winner = 2.5\n", "limit_two_winner = 2.5"),
        ("[ranking.award]\ncolour = 1\n", "colour"),
    ],
)
def test_a_bad_award_scale_is_refused_with_what_is_expected(toml: str, said: str, tmp_path: Path) -> None:
    config = tmp_path / "ranking.toml"
    config.write_text(toml, encoding="utf-8")
    book = standings_book(tmp_path / "a.xlsx", [(1, "1", "Ann"), (2, "2", "Bob")])
    result = rank(book, "-o", tmp_path / "r.xlsx", "--config", config)
    assert result.exit_code == 2 and codes_in(result.stderr) == ["X001"] and said in result.stderr


def test_a_team_of_more_than_four_shares_four_awards_when_the_scale_says_so(tmp_path: Path) -> None:
    # ABF 4.2: "When a team has 5 or 6 members each of them receives 4/5 or 2/3 of the standard award"
    config = tmp_path / "ranking.toml"
    config.write_text(
        '[ranking.award]\nkind = "rate"\npaid = "all"\nrate_one_winner = 3\nshared_beyond = 4\n',
        encoding="utf-8",
    )
    book = standings_book(
        tmp_path / "teams.xlsx",
        [(1, "Sharks", "Ann, Bob, Cy, Di, Ed, Flo"), (2, "Owls", "Gus, Hal, Ida, Jo")],
        bridge=True,
        header=["Rank", "Team", "Names"],
    )
    out = tmp_path / "r.xlsx"
    result = rank(book, "-o", out, "--config", config)
    assert result.exit_code == 0, result.output
    # two teams, one table: the winner 3 x 1 x 1 = 3 (each of six: 3 x 4/6 = 2), the runner-up 70 %: 2.10
    points = {line[1]: line[3] for line in ranking_lines(out)}
    assert points == {
        **dict.fromkeys(["Ann", "Bob", "Cy", "Di", "Ed", "Flo"], 2.0),
        **dict.fromkeys(["Gus", "Hal", "Ida", "Jo"], 2.1),
    }
