"""Director's scores typed in Results `Adjusted` (docs/bridge-rules.md, "Director's scores"): weighted scores
(Law 12C1(c)) and awards beyond A+/A/A- (percentages, matchpoints, IMPs, split scores). Every expected value
is worked by hand in the comments (no published worked example of a weighted score's matchpoints was found;
the method, each part scored against the field then weighted, is the one Law 12C1(c) describes)."""

from __future__ import annotations

import pytest
from conftest import sheets_from_tables
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.games.bridge.load import bridge_event
from pipeline.games.bridge.tally import BridgeTables, bridge_tables
from pipeline.problems import InputError

HEADER = ["Board", "NS", "EW", "Score", "Adjusted", "Declarer"]
# Board 1 (neither side vulnerable): four table results and, at table 5, the director's weighted score
# 60 % of 4S= by N (+420) and 40 % of 4S-1 (-50).
BOARD_1 = [
    [1, 1, 11, 420, None, None],
    [1, 2, 12, 420, None, None],
    [1, 3, 13, -50, None, None],
    [1, 4, 14, 170, None, None],
    [1, 5, 15, None, "60% 4S= + 40% 4S-1", "N"],
]


def scored(scoring: str, rows: list[list], header: list[str] = HEADER) -> BridgeTables:
    sheets = sheets_from_tables(
        {"Settings": (["Key", "Value"], [["Scoring", scoring]]), "Results": (header, rows)}
    )
    return bridge_tables(bridge_event(sheets))


def ns_values(tables: BridgeTables) -> dict[str, float]:
    t = tables.travellers
    return dict(zip(t["ns"], t["ns_value"], strict=True))


def codes(scoring: str, rows: list[list], header: list[str] = HEADER) -> list[str]:
    sheets = sheets_from_tables(
        {"Settings": (["Key", "Value"], [["Scoring", scoring]]), "Results": (header, rows)}
    )
    with pytest.raises(InputError) as caught:
        bridge_event(sheets)
    return [p.code for p in caught.value.problems if p.severity == "error"]


def test_weighted_score_at_matchpoints() -> None:
    # 2 per score beaten, 1 per tie; the weighted score counts 0.6 as +420 and 0.4 as -50 for everyone.
    # 420 (pair 1): tie 420 (1) + beats -50 (2) + beats 170 (2) + against W 0.6*1 + 0.4*2 = 1.4 -> 6.4
    # -50 (pair 3): loses to all; against W 0.4*1 (tie with -50) -> 0.4
    # 170 (pair 4): beats -50 (2); against W 0.4*2 -> 2.8
    # W: +420 part vs 420, 420, -50, 170 = 1+1+2+2 = 6, x0.6 = 3.6; -50 part = 0+0+1+0 = 1, x0.4 = 0.4 -> 4.0
    tables = scored("MP", BOARD_1)
    values = ns_values(tables)
    assert values == pytest.approx({"1": 6.4, "2": 6.4, "3": 0.4, "4": 2.8, "5": 4.0})
    # a board's matchpoints still add up to n(n-1) = 20, and the top is 2(5-1) = 8
    assert sum(values.values()) == pytest.approx(20)
    assert set(tables.travellers["top"]) == {8}
    # the Travellers show the weighted NS score 0.6 * 420 + 0.4 * -50 = 232
    assert tables.travellers.set_index("ns").loc["5", "ns_score"] == pytest.approx(232)


def test_weighted_score_spellings_agree() -> None:
    # the same score as seats, "of", commas, "and" and scores typed as numbers
    expected = ns_values(scored("MP", BOARD_1))
    for text, declarer in [
        ("60% of 4S= by N, 40% of 4S-1 by N", None),
        ("60 % 4 ♠ = N + 40 % 4♠ -1 N", None),
        ("60% 4S N = and 40% 4S N -1", None),
        ("60% +420 + 40% -50", None),
        ("40% 4S-1 + 60% 4S=", "S"),
    ]:
        rows = [*BOARD_1[:4], [1, 5, 15, None, text, declarer]]
        assert ns_values(scored("MP", rows)) == pytest.approx(expected), text


def test_weighted_score_at_cross_imps_and_butler() -> None:
    # Cross-IMPs, 4 comparisons each. 420: 0 (420), +470 -> 10 (-50), +250 -> 6 (170),
    # W: 0.6 * 0 + 0.4 * 10 = 4 -> 20 / 4 = 5. W: +420 part 0 + 0 + 10 + 6 = 16 x0.6 = 9.6;
    # -50 part -10 - 10 + 0 - 6 (-220) = -26 x0.4 = -10.4 -> -0.8 / 4 = -0.2.
    values = ns_values(scored("Cross-IMP", BOARD_1))
    assert values["1"] == pytest.approx(5)
    assert values["5"] == pytest.approx(-0.2)
    assert sum(values.values()) == pytest.approx(0)
    # Butler: W enters the datum as its weighted NS score 232: 420 420 -50 170 232 less the top (420) and
    # the bottom (-50): (420 + 170 + 232) / 3 = 274 -> 270. W: 0.6 * IMP(+150 -> 4) + 0.4 * IMP(-320 -> -8)
    # = 2.4 - 3.2 = -0.8
    values = ns_values(scored("Butler", BOARD_1))
    assert values["5"] == pytest.approx(-0.8)
    assert values["4"] == pytest.approx(-3)  # 170 - 270 = -100 -> -3


def test_weighted_score_at_teams() -> None:
    # Open room (home NS): 60% 4S= (+420) + 40% 4S-1 (-50); closed room NS (away) +170.
    # Home: 0.6 * IMP(420 - 170 = 250 -> 6) + 0.4 * IMP(-50 - 170 = -220 -> -6) = 3.6 - 2.4 = 1.2
    header = ["Match", "Room", "Board", "Score", "Adjusted", "Declarer"]
    rows = [["M1", "Open", 1, None, "60% 4S= + 40% 4S-1", "N"], ["M1", "Closed", 1, 170, None, None]]
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Scoring", "Teams"], ["VP Scale", "none"]]),
            "Matches": (["Match", "Round", "Home", "Away"], [["M1", 1, "A", "B"]]),
            "Results": (header, rows),
        }
    )
    tables = bridge_tables(bridge_event(sheets))
    assert tables.board_imps["home_imps"].tolist() == pytest.approx([1.2])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scores=st.lists(st.sampled_from([-200, -50, 0, 110, 140, 420, 450]), min_size=2, max_size=6),
    split=st.integers(1, 99),
)
def test_a_weighted_score_of_one_result_is_that_result(scores: list[int], split: int) -> None:
    # 100 % of a score, or the same score in two parts, scores as the score typed at the table
    plain = [[1, i + 1, 51 + i, s, None, None] for i, s in enumerate(scores)]
    last = scores[-1]
    for text in (f"100% {last}", f"{split}% {last} + {100 - split}% {last}"):
        weighted = [*plain[:-1], [1, len(scores), 50 + len(scores), None, text, None]]
        for scoring in ("MP", "Cross-IMP", "Butler"):
            assert ns_values(scored(scoring, weighted)) == pytest.approx(ns_values(scored(scoring, plain)))


def test_bad_weighted_scores_are_located() -> None:
    base = BOARD_1[:4]
    assert codes("MP", [*base, [1, 5, 15, None, "60% 4S= + 30% 4S-1", "N"]]) == ["B170"]  # 90 %
    assert codes("MP", [*base, [1, 5, 15, None, "60% 4S= + 40% 4S-1", None]]) == ["B170"]  # no declarer
    assert codes("MP", [*base, [1, 5, 15, None, "60% 4S+9 + 40% 4S-1", "N"]]) == ["B170"]  # 19 tricks
    assert codes("MP", [*base, [1, 5, 15, None, "60% 425 + 40% -50", None]]) == ["B170"]  # not a score
    assert codes("MP", [*base, [1, 5, 15, None, "60% 4S= 40% 4S-1", "N"]]) == ["B111"]  # no separator


def test_percentage_and_split_awards_at_matchpoints() -> None:
    # Board 1 played 5 times: full top 8. Board 2: one table result and the award.
    rows = [*BOARD_1, [2, 1, 11, 100, None, None]]
    for text, ns_mp, ew_mp in [
        ("NS 60% EW 45%", 4.8, 3.6),  # split: 60 % and 45 % of 8
        ("EW 45% NS 60%", 4.8, 3.6),
        ("55%", 4.4, 3.6),  # one figure: north-south's, east-west the rest (45 %)
        ("EW 30%", 5.6, 2.4),  # east-west named alone: north-south the rest (70 %)
        ("NS 7 MP EW 3 MP", 7, 3),  # matchpoints, split
        ("7 MP", 7, 1),  # one side's matchpoints: the other the rest of the top
        ("EW 2.5 MP", 5.5, 2.5),
    ]:
        t = scored("MP", [*rows, [2, 2, 12, None, text, None]]).travellers.set_index("ns")
        award = t[t["board"] == 2].loc["2"]
        assert (award["ns_value"], award["ew_value"]) == pytest.approx((ns_mp, ew_mp)), text
        assert award["top"] == 8


def test_imp_awards() -> None:
    rows = [*BOARD_1, [2, 1, 11, 100, None, None]]
    for scoring in ("Cross-IMP", "Butler"):
        for text, ns, ew in [("+3 IMP", 3, -3), ("-2 IMPs", -2, 2), ("NS +3 IMP EW -1 IMP", 3, -1)]:
            t = scored(scoring, [*rows, [2, 2, 12, None, text, None]]).travellers.set_index("ns")
            award = t[t["board"] == 2].loc["2"]
            assert (award["ns_value"], award["ew_value"]) == (ns, ew), (scoring, text)
    # teams: an IMP award in the closed room goes to its NS, the away team: home -2
    header = ["Match", "Room", "Board", "Score", "Adjusted"]
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Scoring", "Teams"], ["VP Scale", "none"]]),
            "Matches": (["Match", "Round", "Home", "Away"], [["M1", 1, "A", "B"]]),
            "Results": (header, [["M1", "Open", 1, 420, None], ["M1", "Closed", 1, None, "+2 IMP"]]),
        }
    )
    assert bridge_tables(bridge_event(sheets)).board_imps["home_imps"].tolist() == [-2]


def test_awards_in_the_wrong_unit_are_refused() -> None:
    award = [2, 2, 12, None, "+3 IMP", None]
    assert codes("MP", [*BOARD_1, award]) == ["B171"]
    assert codes("Cross-IMP", [*BOARD_1, [2, 2, 12, None, "7 MP", None]]) == ["B171"]
    assert codes("Cross-IMP", [*BOARD_1, [2, 2, 12, None, "NS 60% EW 45%", None]]) == ["B125"]
    assert codes("TP", [*BOARD_1[:4], award]) == ["B126"]  # total points: no artificial score at all
    for bad in ("NS 60% NS 40%", "NS 60% EW 3 MP", "+55%", "NS 120%"):
        assert codes("MP", [*BOARD_1[:4], [2, 2, 12, None, bad, None]]) == ["B111"], bad
    header = ["Match", "Room", "Board", "Score", "Adjusted"]
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Scoring", "Teams"]]),
            "Matches": (["Match", "Round", "Home", "Away"], [["M1", 1, "A", "B"]]),
            "Results": (
                header,
                [["M1", "Open", 1, 420, None], ["M1", "Closed", 1, None, "NS +3 IMP EW -1 IMP"]],
            ),
        }
    )
    with pytest.raises(InputError) as caught:
        bridge_event(sheets)
    assert [p.code for p in caught.value.problems] == ["B172"]


# ------------------------------------------------------------------ procedural penalties (Law 90)

PAIRS_BODY = [[1, 1, 3, 420], [1, 2, 4, 170], [2, 1, 3, -50], [2, 2, 4, 100]]
PENALTY_HEADER = ["Pair", "Amount", "Unit", "Board", "Reason"]


def penalized(scoring: str, penalties: list[list], body: list[list] = PAIRS_BODY) -> BridgeTables:
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Scoring", scoring]]),
            "Results": (["Board", "NS", "EW", "Score"], body),
            "Penalties": (PENALTY_HEADER, penalties),
        }
    )
    return bridge_tables(bridge_event(sheets))


def test_penalties_at_matchpoints() -> None:
    # Each board is played twice: top 2. Board 1: 420 > 170 -> pairs 1 and 4 get 2, pairs 2 and 3 get 0.
    # Board 2: -50 < 100 -> pairs 2 and 3 get 2. Every pair: 2 MP of 4, 50 %.
    # Pair 1: a quarter of a top on board 1 = 0.5 MP -> 1.5 MP, 37.5 %; pair 4: 1 MP -> 25 %.
    s = penalized("MP", [[1, 25, "%", 1, "slow play"], [4, 1, "MP", None, None]]).standings.set_index("pair")
    assert s["penalty"].to_dict() == {"2": 0, "3": 0, "1": 0.5, "4": 1}
    assert s["total"].to_dict() == {"2": 2, "3": 2, "1": 1.5, "4": 1}
    assert s["percent"].to_dict() == {"2": 50, "3": 50, "1": 37.5, "4": 25}
    # pairs 1 and 2 always sat NS, 3 and 4 EW: two fields, ranked each on its own
    assert s["field"].to_dict() == {"1": "NS", "2": "NS", "3": "EW", "4": "EW"}
    assert s["rank"].to_dict() == {"2": 1, "1": 2, "3": 1, "4": 2}
    # without a board, a % of a top is of the event's top (2): 50 % -> 1 MP
    s = penalized("MP", [[2, 50, "percent", None, None]]).standings.set_index("pair")
    assert s.loc["2", "penalty"] == 1
    # no penalty: no Penalty column
    assert "penalty" not in scored("MP", BOARD_1).standings


def test_penalty_places_on_the_rules_sheet() -> None:
    from pipeline.games.bridge.load import bridge_event as load
    from pipeline.games.bridge.report import rules_frame

    sheets = sheets_from_tables(
        {
            "Results": (["Board", "NS", "EW", "Score"], PAIRS_BODY),
            "Penalties": (PENALTY_HEADER, [[1, 25, "%", 1, "slow play"], [4, 1, "MP", None, None]]),
        }
    )
    event = load(sheets)
    rules = rules_frame(event, bridge_tables(event))
    items = rules["Item"].tolist()
    assert items.count("Penalty (Law 90)") == 2
    decides = rules.loc[rules["Item"] == "Penalty decides", "Value"].tolist()
    # two fields (1, 2 NS; 3, 4 EW), all at 50 % without penalties: pair 1 is 2nd of NS with its penalty,
    # 1st (shared) without; pair 4 2nd of EW with it, 1st without
    assert [[int(n) for n in text.split() if n.isdigit()] for text in decides] == [[2, 1], [2, 1]]


def test_penalties_at_imps_and_teams() -> None:
    # Cross-IMPs: board 1 420 vs 170: +250 -> 6 IMPs; board 2 -50 vs 100: -150 -> -4. Pair 1: 6 - 4 = 2,
    # less a 3 IMP penalty -> -1.
    s = penalized("Cross-IMP", [[1, 3, "IMP", None, None]]).standings.set_index("pair")
    assert s.loc["1", "total"] == -1
    assert s.loc["1", "penalty"] == 3
    # teams with VPs: a VP penalty comes off the VPs; 1 board, A wins 420 - 170 = 250 -> 6 IMPs
    matches = (["Match", "Round", "Home", "Away"], [["M1", 1, "A", "B"]])
    results = (["Match", "Room", "Board", "Score"], [["M1", "Open", 1, 420], ["M1", "Closed", 1, 170]])
    plain = bridge_tables(
        bridge_event(
            sheets_from_tables(
                {
                    "Settings": (["Key", "Value"], [["Scoring", "Teams"]]),
                    "Matches": matches,
                    "Results": results,
                }
            )
        )
    ).standings.set_index("team")
    teams = bridge_tables(
        bridge_event(
            sheets_from_tables(
                {
                    "Settings": (["Key", "Value"], [["Scoring", "Teams"]]),
                    "Matches": matches,
                    "Results": results,
                    "Penalties": (["Team", "Amount", "Unit"], [["A", 1.5, "VP"]]),
                }
            )
        )
    ).standings.set_index("team")
    assert teams.loc["A", "vps"] == pytest.approx(plain.loc["A", "vps"] - 1.5)
    assert teams.loc["B", "vps"] == pytest.approx(plain.loc["B", "vps"])
    assert teams["penalty"].to_dict() == {"A": 1.5, "B": 0}
    # ranked by IMPs (VP Scale none): an IMP penalty comes off the IMPs: A 6 - 3 = 3
    teams = bridge_tables(
        bridge_event(
            sheets_from_tables(
                {
                    "Settings": (["Key", "Value"], [["Scoring", "Teams"], ["VP Scale", "none"]]),
                    "Matches": matches,
                    "Results": results,
                    "Penalties": (["Team", "Amount", "Unit"], [["A", 3, "IMPs"]]),
                }
            )
        )
    ).standings.set_index("team")
    assert teams.loc["A", "imps"] == 3


def test_the_teams_standings_sheet_shows_penalties_only_when_given() -> None:
    from pipeline.games.bridge.methods.teams import team_standings_sheet

    matches = (["Match", "Round", "Home", "Away"], [["M1", 1, "A", "B"]])
    results = (["Match", "Room", "Board", "Score"], [["M1", "Open", 1, 420], ["M1", "Closed", 1, 170]])
    for penalties, shown in (([["A", 1, "VP"]], True), ([], False)):
        tables_ = {
            "Settings": (["Key", "Value"], [["Scoring", "Teams"]]),
            "Matches": matches,
            "Results": results,
        }
        if penalties:
            tables_["Penalties"] = (["Team", "Amount", "Unit"], penalties)
        event = bridge_event(sheets_from_tables(tables_))
        sheet = team_standings_sheet(event, bridge_tables(event))
        assert ("Penalty" in sheet.columns) == shown


def penalty_codes(scoring: str, penalties: list[list], header: list[str] = PENALTY_HEADER) -> list[str]:
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Scoring", scoring]]),
            "Results": (["Board", "NS", "EW", "Score"], PAIRS_BODY),
            "Penalties": (header, penalties),
        }
    )
    with pytest.raises(InputError) as caught:
        bridge_event(sheets)
    return [p.code for p in caught.value.problems if p.severity == "error"]


def test_bad_penalties_are_located() -> None:
    assert penalty_codes("MP", [[9, 1, "MP", None, None]]) == ["B175"]  # no pair 9
    assert penalty_codes("MP", [[None, 1, "MP", None, None]]) == ["B175"]  # nobody named
    assert penalty_codes("MP", [[1, 1, "points", None, None]]) == ["B173"]
    assert penalty_codes("MP", [[1, 3, "IMP", None, None]]) == ["B174"]
    assert penalty_codes("Cross-IMP", [[1, 25, "%", None, None]]) == ["B174"]
    assert penalty_codes("TP", [[1, 25, "MP", None, None]]) == ["B174"]
    assert penalty_codes("MP", [[1, 0, "MP", None, None]]) == ["B176"]
    assert penalty_codes("MP", [[1, 101, "%", None, None]]) == ["B176"]


# ------------------------------------------------------------------ sit-outs

# Five pairs, one board a round, two tables; the pair left over sits out (no Results row, as a movement's rounds
# against the phantom): pair 5 in round 1, pair 4 in round 2, pair 1 in round 3. Each board is played twice.
SIT_OUT_BODY = [
    [1, 1, 1, 2, 420],
    [1, 1, 3, 4, 170],
    [2, 2, 1, 3, 100],
    [2, 2, 5, 2, -100],
    [3, 3, 5, 4, 200],
    [3, 3, 2, 3, 200],
]


def with_sit_outs(scoring: str, award: str | None) -> dict:
    settings_rows = [["Scoring", scoring]] + ([["Sit-out Award", award]] if award else [])
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], settings_rows),
            "Results": (["Round", "Board", "NS", "EW", "Score"], SIT_OUT_BODY),
        }
    )
    return bridge_tables(bridge_event(sheets)).standings.set_index("pair")


def test_sit_out_awards_at_matchpoints() -> None:
    # Top 2 a board. Pair 1: 2 + 2 of 4 (100 %); pair 2: 0 + 2 + 1 of 6 (50 %); pair 3: 0 + 0 + 1 of 6;
    # pair 4: 2 + 1 of 4 (75 %); pair 5: 0 + 1 of 4 (25 %).
    average = with_sit_outs("MP", None)  # the default: its own average, which is its percentage as it is
    assert average["percent"].to_dict() == pytest.approx(
        {"1": 100, "2": 50, "3": 16.67, "4": 75, "5": 25}, abs=0.005
    )
    assert average["top"].to_dict() == {"1": 4, "2": 6, "3": 6, "4": 4, "5": 4}
    # 60 %: 1.2 MP of a top of 2 for the board sat out: pair 1 5.2 / 6, pair 4 4.2 / 6, pair 5 2.2 / 6
    sixty = with_sit_outs("MP", "60%")
    assert sixty["percent"].to_dict() == pytest.approx(
        {"1": 86.67, "2": 50, "3": 16.67, "4": 70, "5": 36.67}, abs=0.005
    )
    assert sixty["top"].to_dict() == {"1": 6, "2": 6, "3": 6, "4": 6, "5": 6}
    fifty = with_sit_outs("MP", "50")
    assert fifty["total"].to_dict() == pytest.approx({"1": 5, "2": 3, "3": 1, "4": 4, "5": 2})
    assert with_sit_outs("MP", "none")["percent"].to_dict() == average["percent"].to_dict()


def test_sit_out_awards_at_imps() -> None:
    # Board 1: 420 - 170 = 250 -> 6 IMPs (pairs 1 and 4 +6, 2 and 3 -6); board 2: 100 - -100 = 200 -> 5 (pairs 1
    # and 2 +5, 3 and 5 -5); board 3: 200 = 200 -> 0. Without awards: 1: 11, 2: -1, 3: -11, 4: 6, 5: -5.
    none = with_sit_outs("Cross-IMP", "none")
    assert none["total"].to_dict() == {"1": 11, "2": -1, "3": -11, "4": 6, "5": -5}
    # average: its IMPs a board for the board sat out: 1: 11 + 5.5, 4: 6 + 3, 5: -5 - 2.5
    average = with_sit_outs("Cross-IMP", None)
    assert average["total"].to_dict() == {"1": 16.5, "2": -1, "3": -11, "4": 9, "5": -7.5}
    # 60 %: +3 IMPs a board (A+)
    assert with_sit_outs("Cross-IMP", "60%")["total"].to_dict() == {
        "1": 14,
        "2": -1,
        "3": -11,
        "4": 9,
        "5": -2,
    }


def test_a_bad_sit_out_award_is_a_settings_problem() -> None:
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Sit-out Award", "lots"]]),
            "Results": (["Round", "Board", "NS", "EW", "Score"], SIT_OUT_BODY),
        }
    )
    with pytest.raises(InputError) as caught:
        bridge_event(sheets)
    assert [p.code for p in caught.value.problems] == ["S105"]


def test_progress_counts_sit_out_awards_from_the_round_sat_out() -> None:
    from pipeline.games.bridge.tally import pair_progress

    for scoring, award in (("MP", "60%"), ("Cross-IMP", None), ("Cross-IMP", "60%")):
        sheets = sheets_from_tables(
            {
                "Settings": (
                    ["Key", "Value"],
                    [["Scoring", scoring]] + ([["Sit-out Award", award]] if award else []),
                ),
                "Results": (["Round", "Board", "NS", "EW", "Score"], SIT_OUT_BODY),
            }
        )
        event = bridge_event(sheets)
        tables = bridge_tables(event)
        progress = pair_progress(event, tables)
        ranks = tables.standings.set_index("pair")["rank"]
        assert progress.iloc[:, -1].to_dict() == ranks.to_dict(), (scoring, award)
    # after round 1 (MP, 60 %), pair 5 has sat out: 1.2 of 2 (60 %). Round 1 alone: pairs 1 and 4 100 %, pair 5 60 %, pairs 2 and 3 0 % -> 1, 1, 3, 4, 4
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Sit-out Award", "60%"]]),
            "Results": (["Round", "Board", "NS", "EW", "Score"], SIT_OUT_BODY),
        }
    )
    event = bridge_event(sheets)
    first = pair_progress(event, bridge_tables(event)).iloc[:, 0]
    assert first.to_dict() == {"1": 1, "4": 1, "5": 3, "2": 4, "3": 4}


def test_an_imp_penalty_in_a_vp_teams_event_is_refused() -> None:
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Scoring", "Teams"]]),
            "Matches": (["Match", "Round", "Home", "Away"], [["M1", 1, "A", "B"]]),
            "Results": (
                ["Match", "Room", "Board", "Score"],
                [["M1", "Open", 1, 420], ["M1", "Closed", 1, 170]],
            ),
            "Penalties": (["Team", "Amount", "Unit"], [["A", 3, "IMP"], ["C", 1, "VP"]]),
        }
    )
    with pytest.raises(InputError) as caught:
        bridge_event(sheets)
    assert [p.code for p in caught.value.problems] == ["B174", "B175"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scores=st.lists(st.sampled_from([-200, -50, 0, 110, 140, 420, 450]), min_size=1, max_size=6),
    parts=st.lists(
        st.tuples(st.integers(1, 50), st.sampled_from([-200, -50, 0, 110, 140, 420, 450])),
        min_size=1,
        max_size=4,
    ),
)
def test_a_board_with_a_weighted_score_shares_its_matchpoints_and_imps(
    scores: list[int], parts: list
) -> None:
    # whatever the weights, the board's matchpoints add up to n(n-1) (each comparison shares 2) and its
    # cross-IMPs to 0 (each comparison is won by one side what the other loses)
    total = sum(w for w, _ in parts)
    weights = [100 * w // total for w, _ in parts]
    weights[0] += 100 - sum(weights)
    text = " + ".join(f"{w}% {s}" for w, (_, s) in zip(weights, parts, strict=True) if w > 0)
    rows = [[1, i + 1, 51 + i, s, None, None] for i, s in enumerate(scores)]
    rows.append([1, 99, 199, None, text, None])
    n = len(rows)
    assert sum(ns_values(scored("MP", rows)).values()) == pytest.approx(n * (n - 1))
    assert sum(ns_values(scored("Cross-IMP", rows)).values()) == pytest.approx(0, abs=1e-9)


def test_frequencies_list_the_scores_that_occurred() -> None:
    from pipeline.games.bridge.load import bridge_event as load
    from pipeline.games.bridge.report import frequencies_frame

    sheets = sheets_from_tables(
        {"Settings": (["Key", "Value"], [["Scoring", "MP"]]), "Results": (HEADER, BOARD_1)}
    )
    event = load(sheets)
    freq = frequencies_frame(event, bridge_tables(event))
    # 420 twice, 170 and -50 once; the weighted score (232 on average) is no score that occurred
    assert dict(zip(freq["NS Score"], freq["Count"], strict=True)) == {420: 2, 170: 1, -50: 1}


# ------------------------------------------------------------------ with the other conditions of contest


def test_mean_of_board_percentages_counts_sit_out_awards_and_penalties() -> None:
    from pipeline.games.bridge.tally import pair_progress

    # Board percentages (top 2): pair 1 100, 100; pair 2 0, 100, 50; pair 3 0, 0, 50; pair 4 100, 50;
    # pair 5 0, 50. 60 % for the board each of 1, 4 and 5 sat out; pair 2 loses 1 MP of its 6 of tops
    # (16.67 points): 1 (100 + 100 + 60) / 3, 2 (0 + 100 + 50) / 3 - 16.67, 3 50 / 3, 4 (100 + 50 + 60) / 3,
    # 5 (0 + 50 + 60) / 3.
    sheets = sheets_from_tables(
        {
            "Settings": (
                ["Key", "Value"],
                [["Sit-out Award", "60%"], ["Percentage", "mean of boards"]],
            ),
            "Results": (["Round", "Board", "NS", "EW", "Score"], SIT_OUT_BODY),
            "Penalties": (PENALTY_HEADER, [[2, 1, "MP", None, None]]),
        }
    )
    event = bridge_event(sheets)
    tables = bridge_tables(event)
    s = tables.standings.set_index("pair")
    assert s["percent"].to_dict() == pytest.approx(
        {"1": 86.67, "2": 33.33, "3": 16.67, "4": 70, "5": 36.67}, abs=0.005
    )
    assert pair_progress(event, tables).iloc[:, -1].to_dict() == s["rank"].to_dict()


def test_scaled_totals_count_the_boards_sat_out_with_an_award() -> None:
    # Cross-IMPs with each pair's average for the board it sat out (as test_sit_out_awards_at_imps): every pair
    # then counts 3 boards, so scaling to the most boards changes nothing (pair 1 is not scaled up by 3 / 2).
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Scoring", "Cross-IMP"], ["Scale Boards", "most"]]),
            "Results": (["Round", "Board", "NS", "EW", "Score"], SIT_OUT_BODY),
        }
    )
    s = bridge_tables(bridge_event(sheets)).standings.set_index("pair")
    assert s["total"].to_dict() == {"1": 16.5, "2": -1, "3": -11, "4": 9, "5": -7.5}


def test_a_pair_seated_at_a_board_still_to_play_has_not_sat_out() -> None:
    # Round 3 half played: pairs 2 and 3 are seated at its board still to play, pair 1 sits it out. With 60 %,
    # pair 1 gets a board's top for round 3; pairs 2 and 3 get nothing yet (their tops stay 2 boards' worth).
    body = [row if row[2:4] != [2, 3] else [*row[:4], None] for row in SIT_OUT_BODY]
    sheets = sheets_from_tables(
        {
            "Settings": (["Key", "Value"], [["Sit-out Award", "60%"]]),
            "Results": (["Round", "Board", "NS", "EW", "Score"], body),
        }
    )
    event = bridge_event(sheets)
    assert event.waiting.sum() == 1
    s = bridge_tables(event).standings.set_index("pair")
    assert s["top"].to_dict() == {"1": 6, "2": 4, "3": 4, "4": 6, "5": 6}


def test_penalty_places_in_one_field() -> None:
    from pipeline.games.bridge.load import bridge_event as load
    from pipeline.games.bridge.report import rules_frame

    # as test_penalty_places_on_the_rules_sheet, but pairs 3 and 4 sit NS on board 2 (the same results, seen
    # from the other side): one field. Pair 1 is 3rd with its penalty, 1st (shared) without; pair 4 4th, 1st.
    body = [[1, 1, 3, 420], [1, 2, 4, 170], [2, 3, 1, 50], [2, 4, 2, -100]]
    sheets = sheets_from_tables(
        {
            "Results": (["Board", "NS", "EW", "Score"], body),
            "Penalties": (PENALTY_HEADER, [[1, 25, "%", 1, "slow play"], [4, 1, "MP", None, None]]),
        }
    )
    event = load(sheets)
    tables = bridge_tables(event)
    assert "field" not in tables.standings
    decides = rules_frame(event, tables).set_index("Item").loc[["Penalty decides"], "Value"].tolist()
    assert [[int(n) for n in text.split() if n.isdigit()] for text in decides] == [[3, 1], [4, 1]]
