"""`tally rank`'s arithmetic, on the pure functions: event points, the window, best N, the ranking order,
identity reports and the rules file. Every expected value is worked by hand in the comments."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from conftest import sheet_from_table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ranking_books import competition_places, contribution, contributions, reference_units

from pipeline.federation.ranking.identity import SAME_ID, SAME_NAME, identity_reports
from pipeline.federation.ranking.points import (
    counted_contributions,
    event_contributions,
    latest_names,
    place_units,
    player_totals,
    ranked_season,
    ranking_table,
    tie_sizes,
    window_start,
)
from pipeline.federation.ranking.rules import RankingRules, as_of_date, ranking_rules
from pipeline.federation.ranking.season import event_facts, fits_competition, season_of, standings_placings
from pipeline.games.names import folded_names
from pipeline.problems import UsageError

RULES = RankingRules()
AS_OF = pd.Timestamp("2026-11-30")


def units_of(place: int, tied: int, field: int, weight: float = 1.0, rules: RankingRules = RULES) -> int:
    return int(place_units([place], [tied], [field], [weight], rules)[0])


def placings(rows: list[tuple[str, int]]) -> pd.DataFrame:
    """(player, place) rows as standings_placings gives them."""
    return pd.DataFrame(
        {
            "player": [p for p, _ in rows],
            "name": [f"Player {p}" for p, _ in rows],
            "place": [float(q) for _, q in rows],
        }
    )


# --- event points -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "tied", "field", "weight", "expected"),
    [
        (1, 1, 1, 1, 10000),  # a field of one: 100 x 1/1 = 100.00
        (1, 1, 32, 1, 10000),  # the winner always gets the scale: 100.00
        (32, 1, 32, 1, 313),  # 100 x 1/32 = 3.125 -> 3.13 (half up, not to even)
        (16, 1, 16, 0.5, 313),  # 0.5 x 100 x 1/16 = 3.125 -> 3.13
        (2, 1, 3, 1, 6667),  # 100 x 2/3 = 66.666... -> 66.67
        (3, 1, 3, 1, 3333),  # 100 x 1/3 = 33.333... -> 33.33
        (3, 1, 8, 1, 7500),  # 100 x 6/8 = 75
        (2, 1, 3, 2, 13333),  # 2 x 100 x 2/3 = 133.333... -> 133.33
        (7, 1, 8, 1.5, 3750),  # 1.5 x 100 x 2/8 = 37.5
        (32, 1, 32, 1.5, 469),  # 1.5 x 100 x 1/32 = 4.6875 -> 4.69
        (8, 1, 8, 1.15, 1438),  # 1.15 x 100 x 1/8 = 14.375 -> 14.38 (1.15 is not exact in binary)
        (1, 2, 4, 1, 8750),  # places 1, 2 of 4: (100 + 75) / 2 = 87.5
        (1, 2, 3, 1, 8333),  # places 1, 2 of 3: (100 + 66.666...) / 2 = 83.333... -> 83.33 (not 83.34)
        (2, 3, 5, 1, 6000),  # places 2, 3, 4 of 5: (80 + 60 + 40) / 3 = 60
        (3, 2, 4, 1, 3750),  # tie at the bottom, places 3, 4 of 4: (50 + 25) / 2 = 37.5
        (4, 2, 5, 1, 3000),  # tie at the bottom, places 4, 5 of 5: (40 + 20) / 2 = 30
        (15, 2, 16, 1, 938),  # places 15, 16 of 16: (12.5 + 6.25) / 2 = 9.375 -> 9.38
        (1, 4, 4, 1, 6250),  # everyone level: (100 + 75 + 50 + 25) / 4 = 62.5
        (2, 2, 3, 2, 10000),  # weight 2, places 2, 3 of 3: 2 x (66.67 + 33.33) / 2 = 100
    ],
)
def test_place_units_hand_worked(place: int, tied: int, field: int, weight: float, expected: int) -> None:
    assert units_of(place, tied, field, weight) == expected
    assert reference_units(place, tied, field, weight) == expected  # the test's own reference agrees


def test_average_of_a_tie_is_taken_before_rounding() -> None:
    # places 1 and 2 of 3 rounded first: (100.00 + 66.67) / 2 = 83.335 -> 83.34; averaged first: 83.33
    assert units_of(1, 2, 3) == 8333


@pytest.mark.parametrize(
    ("rules", "place", "tied", "field", "weight", "expected"),
    [
        (RankingRules(decimals=1), 16, 1, 16, 1, 63),  # 100 / 16 = 6.25 -> 6.3 (units of 0.1)
        (RankingRules(decimals=1), 15, 1, 16, 1, 125),  # 200 / 16 = 12.5
        (RankingRules(decimals=0), 8, 1, 8, 1, 13),  # 12.5 -> 13 whole points
        (RankingRules(decimals=0), 3, 1, 3, 1, 33),  # 33.33 -> 33
        (RankingRules(scale=50), 3, 1, 8, 1, 3750),  # 50 x 6/8 = 37.5
        (RankingRules(scale=50, decimals=1), 2, 1, 4, 1.5, 563),  # 1.5 x 50 x 3/4 = 56.25 -> 56.3
        (RankingRules(scale=50, decimals=1), 1, 2, 3, 1, 417),  # (50 + 33.33) / 2 = 41.666 -> 41.7
    ],
)
def test_place_units_follow_the_rules(
    rules: RankingRules, place: int, tied: int, field: int, weight: float, expected: int
) -> None:
    assert rules.unit == 10**rules.decimals
    assert units_of(place, tied, field, weight, rules) == expected


def test_event_contributions_share_places_and_keep_everyone() -> None:
    # field 7: A 1st, B and C share 2nd (places 2, 3), D 4th, E, F, G share 5th (places 5, 6, 7)
    # per place: 100, 85.71, 71.43, 57.14, 42.86, 28.57, 14.29 (x 100/7)
    # B, C: 100 x (6 + 5) / 2 / 7 = 78.571... -> 78.57; E, F, G: 100 x (3 + 2 + 1) / 3 / 7 = 28.571 -> 28.57
    rows = [("A", 1), ("B", 2), ("C", 2), ("D", 4), ("E", 5), ("F", 5), ("G", 5)]
    frame = event_contributions(placings(rows), "e.xlsx", pd.Timestamp("2026-05-01"), 1.0, RULES)
    assert frame["player"].tolist() == list("ABCDEFG")
    assert frame["units"].tolist() == [10000, 7857, 7857, 5714, 2857, 2857, 2857]
    assert frame["field"].tolist() == [7] * 7
    assert frame["place"].tolist() == [1, 2, 2, 4, 5, 5, 5]
    assert (frame["file"] == "e.xlsx").all()
    assert (frame["date"] == pd.Timestamp("2026-05-01")).all()


def test_a_two_winner_mitchell_gives_points_within_each_field() -> None:
    # two fields of 3 (NS: N1 1st, N2 and N3 share 2nd; EW: E1 1st, E2 2nd, E3 3rd); per place in a field of 3:
    # 100, 66.67, 33.33; N2, N3: 100 x (2 + 1) / 2 / 3 = 50; both 1sts 100 (not tied with each other)
    rows = [("N1", 1), ("N2", 2), ("N3", 2), ("E1", 1), ("E2", 2), ("E3", 3)]
    found = placings(rows).assign(field=3)
    fields = pd.Series(["NS"] * 3 + ["EW"] * 3)
    frame = event_contributions(found, "m.xlsx", AS_OF, 1.0, RULES, fields)
    assert frame["units"].tolist() == [10000, 5000, 5000, 10000, 6667, 3333]
    assert frame["field"].tolist() == [3] * 6
    # the fields numbered (as standings_placings gives them) say the same as the fields named
    numbered = event_contributions(found, "m.xlsx", AS_OF, 1.0, RULES, np.array([0, 0, 0, 1, 1, 1]))
    pd.testing.assert_frame_equal(numbered, frame)


def test_standings_of_two_fields_are_read_field_by_field() -> None:
    standings = sheet_from_table(
        "Standings",
        ["Rank", "Field", "Pair"],
        [[1, "NS", "1"], [2, "NS", "2"], [3, "NS", "3"], [1, "EW", "4"], [2, "EW", "5"]],
    )
    found, _fields, problems = standings_placings(standings)
    assert problems == []
    assert found["field"].tolist() == [3, 3, 3, 2, 2]
    # within NS, 1 then 3, 3 skips 2 (the EW field's own 1 is right)
    rows = [[1, "NS", "1"], [3, "NS", "2"], [3, "NS", "3"], [1, "EW", "4"]]
    _, _fields, problems = standings_placings(sheet_from_table("Standings", ["Rank", "Field", "Pair"], rows))
    assert [(p.code, p.row) for p in problems] == [("R108", 3), ("R108", 4)]


def test_event_contributions_weight_multiplies() -> None:
    # weight 2, field 5: 200, 160, 120, 80, 40; three share 2nd: 2 x (80 + 60 + 40) / 3 = 120
    rows = [("1", 1), ("2", 2), ("3", 2), ("4", 2), ("5", 5)]
    frame = event_contributions(placings(rows), "w.xlsx", AS_OF, 2.0, RULES)
    assert frame["units"].tolist() == [20000, 12000, 12000, 12000, 4000]
    assert frame["weight"].tolist() == [2.0] * 5


# --- the Rules and Standings sheets -------------------------------------------------------------------


def test_event_facts_weight_and_default() -> None:
    weighted = sheet_from_table(
        "Rules", ["Item", "Value"], [["Event", "Open"], ["Date", "2026-03-01"], ["Weight", "1.5"]]
    )
    facts, problems = event_facts(weighted, 1.0)
    assert problems == []
    assert facts == {"event": "Open", "date": pd.Timestamp("2026-03-01"), "weight": 1.5}
    plain = sheet_from_table("Rules", ["Item", "Value"], [["Event", "Open"], ["Date", "2026-03-01"]])
    assert event_facts(plain, 1.0)[0]["weight"] == 1.0
    assert event_facts(plain, 2.5)[0]["weight"] == 2.5  # default_weight from the config


@pytest.mark.parametrize("weight", ["0", "-1", "abc", "inf", "1,5"])
def test_event_facts_bad_weight_is_located(weight: str) -> None:
    rules = sheet_from_table(
        "Rules", ["Item", "Value"], [["Event", "Open"], ["Date", "2026-03-01"], ["Weight", weight]]
    )
    _, problems = event_facts(rules, 1.0)
    assert [(p.code, p.sheet, p.row, p.column, p.value) for p in problems] == [
        ("R105", "Rules", 4, "Value", weight)
    ]


@pytest.mark.parametrize("date", ["2026/03/01", "01-03-2026", "2026-02-30", "March 1", None])
def test_event_facts_bad_date_is_located(date: str | None) -> None:
    rules = sheet_from_table("Rules", ["Item", "Value"], [["Event", "Open"], ["Date", date]])
    _, problems = event_facts(rules, 1.0)
    assert [(p.code, p.sheet, p.row, p.column) for p in problems] == [("R104", "Rules", 3, "Value")]
    assert "2026-11-30" in problems[0].problem  # a date as it wants one


def test_event_facts_missing_date() -> None:
    rules = sheet_from_table("Rules", ["Item", "Value"], [["Event", "Open"]])
    _, problems = event_facts(rules, 1.0)
    assert [(p.code, p.sheet, p.row, p.column) for p in problems] == [("R103", "Rules", None, "Item")]


def test_standings_placings_locate_each_bad_row() -> None:
    standings = sheet_from_table(
        "Standings",
        ["Rank", "Player", "Name"],
        [[1, "1", "A"], [2.5, "2", "B"], [0, "3", "C"], [9, "4", "D"], [2, None, "E"], [3, "1", "F"]],
    )
    _, _fields, problems = standings_placings(standings)
    located = sorted((p.row, p.column) for p in problems)
    # rows 3 (2.5), 4 (0) and 5 (9 beyond a field of 6) in Rank; row 6 blank id; row 7 repeats id 1
    assert located == [(3, "Rank"), (4, "Rank"), (5, "Rank"), (6, "Player"), (7, "Player")]


@pytest.mark.parametrize(
    ("ranks", "bad_rows"),
    [
        ([1, 1, 3, 4], []),  # two share 1st, the next is 3rd
        ([1, 2, 2, 4], []),
        ([1, 1, 1, 1], []),
        ([1, 1, 2, 3], [4, 5]),  # dense ranking: the 2 should be 3, the 3 should be 4
        ([1, 2, 4, 4], [4, 5]),  # the shared place runs past the field of 4: two share 3rd
        ([2, 3, 4, 5], [2, 3, 4, 5]),  # nobody first, 5 beyond the field
        ([3, 1, 2, 4], []),  # order of the rows does not matter
    ],
)
def test_standings_ranks_must_be_competition_ranks(ranks: list[int], bad_rows: list[int]) -> None:
    standings = sheet_from_table(
        "Standings", ["Rank", "Player", "Name"], [[r, str(i), f"P{i}"] for i, r in enumerate(ranks)]
    )
    _, _fields, problems = standings_placings(standings)
    assert sorted({p.row for p in problems}) == bad_rows
    assert all(p.column == "Rank" for p in problems)


# --- the window and best N ----------------------------------------------------------------------------


def test_window_start_is_the_as_of_day_and_364_before() -> None:
    assert window_start(AS_OF, RULES) == pd.Timestamp("2025-12-01")
    assert window_start(AS_OF, RankingRules(window_days=1)) == AS_OF


def test_window_edges() -> None:
    season = contributions(
        [
            contribution("a.xlsx", "2025-11-30", "1", 100),  # 365 days before: out
            contribution("b.xlsx", "2025-12-01", "1", 200),  # 364 days before: in
            contribution("c.xlsx", "2026-11-30", "1", 400),  # the as-of day: in
            contribution("d.xlsx", "2026-12-01", "1", 800),  # after: out
        ]
    )
    judged = counted_contributions(season, AS_OF, RULES).set_index("file")
    assert judged["counted"].to_dict() == {"a.xlsx": False, "b.xlsx": True, "c.xlsx": True, "d.xlsx": False}
    assert judged["window"].to_dict() == {
        "a.xlsx": "before the window",
        "b.xlsx": "in window",
        "c.xlsx": "in window",
        "d.xlsx": "after the as-of date",
    }
    assert judged.loc["a.xlsx", "note"] == "played before the window (2025-12-01 to 2026-11-30)"
    assert judged.loc["d.xlsx", "note"] == "played after the as-of date 2026-11-30"
    totals = player_totals(counted_contributions(season, AS_OF, RULES))
    assert totals.to_dict("records") == [{"player": "1", "units": 600, "events": 2, "best": 400}]


def test_window_days_from_the_rules() -> None:
    rules = RankingRules(window_days=30)  # 2026-11-01 .. 2026-11-30
    season = contributions(
        [
            contribution("a.xlsx", "2026-10-31", "1", 100),  # 30 days before: out
            contribution("b.xlsx", "2026-11-01", "1", 200),  # 29 days before: in
        ]
    )
    judged = counted_contributions(season, AS_OF, rules)
    assert judged["counted"].tolist() == [False, True]


def test_best_ten_of_twelve() -> None:
    # player 1 plays 12 events, scoring 1200, 1100, ..., 100 units (one a month from 2025-12-01, all in
    # the window): the best 10 are 1200 .. 300, total (1200 + 300) x 10 / 2 = 7500 units; 200, 100 are left
    months = pd.date_range("2025-12-01", periods=12, freq="MS")
    rows = [
        contribution(f"e{m:02d}.xlsx", f"{day:%Y-%m-%d}", "1", 100 * (12 - m)) for m, day in enumerate(months)
    ]
    judged = counted_contributions(contributions(rows), AS_OF, RULES)
    assert judged.loc[judged["counted"], "units"].sort_values().tolist() == list(range(300, 1300, 100))
    left = judged[~judged["counted"]]
    assert sorted(left["units"]) == [100, 200]
    assert set(left["note"]) == {"not among the best 10"}
    assert set(left["window"]) == {"in window"}
    totals = player_totals(judged)
    assert totals.to_dict("records") == [{"player": "1", "units": 7500, "events": 10, "best": 1200}]


def test_equal_points_the_newer_event_is_counted() -> None:
    # 11 events of 500 units each: with best 10 the oldest (January 2026) is the one left out
    dates = [f"2026-{m:02d}-15" for m in range(1, 12)]
    rows = [contribution(f"z{12 - i:02d}.xlsx", d, "7", 500) for i, d in enumerate(dates)]
    judged = counted_contributions(contributions(rows), AS_OF, RULES)
    assert judged.loc[~judged["counted"], "date"].tolist() == [pd.Timestamp("2026-01-15")]


def test_equal_points_same_day_then_the_file_name() -> None:
    rules = RankingRules(best=1)
    rows = [
        contribution("b.xlsx", "2026-06-01", "1", 500),
        contribution("a.xlsx", "2026-06-01", "1", 500),
        contribution("c.xlsx", "2026-05-01", "1", 500),
    ]
    judged = counted_contributions(contributions(rows), AS_OF, rules)
    assert judged.loc[judged["counted"], "file"].tolist() == ["a.xlsx"]


def test_better_points_beat_newer_dates() -> None:
    rules = RankingRules(best=1)
    rows = [
        contribution("old.xlsx", "2026-01-01", "1", 900),
        contribution("new.xlsx", "2026-11-01", "1", 800),
    ]
    judged = counted_contributions(contributions(rows), AS_OF, rules)
    assert judged.loc[judged["counted"], "file"].tolist() == ["old.xlsx"]


# --- the ranking order --------------------------------------------------------------------------------


def totals_frame(rows: list[tuple[str, int, int, int]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=["player", "units", "events", "best"]).astype(
        {"player": "str", "units": "int64", "events": "int64", "best": "int64"}
    )


def test_ranking_tie_breaks_and_shared_ranks() -> None:
    totals = totals_frame(
        [
            ("A", 30000, 2, 20000),  # 300 from 2 events
            ("B", 30000, 3, 15000),  # 300 from 3 events: more events, ahead of A
            ("C", 20000, 2, 15000),  # 200, 2 events, best 150: ahead of D
            ("D", 20000, 2, 12000),  # 200, 2 events, best 120
            ("10", 10000, 1, 10000),  # 10, 9, 2: all level -> rank 5 shared, listed 2, 9, 10
            ("9", 10000, 1, 10000),
            ("2", 10000, 1, 10000),
            ("E", 5000, 1, 5000),  # next rank skips to 8
            ("Z", 0, 0, 0),  # nothing counted: absent
        ]
    )
    names = pd.Series({p: f"Name {p}" for p in ["A", "B", "C", "D", "10", "9", "2", "E", "Z"]}, dtype="str")
    table = ranking_table(totals, names)
    assert list(zip(table["rank"], table["player"], strict=True)) == [
        (1, "B"),
        (2, "A"),
        (3, "C"),
        (4, "D"),
        (5, "2"),
        (5, "9"),
        (5, "10"),
        (8, "E"),
    ]
    assert table["name"].tolist()[:2] == ["Name B", "Name A"]


def test_ranking_numbers_before_text_in_a_shared_rank() -> None:
    totals = totals_frame([("b", 100, 1, 100), ("a", 100, 1, 100), ("12", 100, 1, 100), ("3", 100, 1, 100)])
    table = ranking_table(totals, pd.Series(dtype="str"))
    assert table["player"].tolist() == ["3", "12", "a", "b"]
    assert table["rank"].tolist() == [1, 1, 1, 1]


def test_only_out_of_window_competitors_are_absent() -> None:
    season = contributions(
        [
            contribution("old.xlsx", "2025-06-01", "1", 10000),
            contribution("old.xlsx", "2025-06-01", "2", 5000),
            contribution("new.xlsx", "2026-06-01", "2", 2500),
            contribution("late.xlsx", "2026-12-24", "3", 10000),
        ]
    )
    counted, ranking = ranked_season(season, AS_OF, RULES)
    assert ranking[["rank", "player", "units", "events", "best"]].to_dict("records") == [
        {"rank": 1, "player": "2", "units": 2500, "events": 1, "best": 2500}
    ]
    assert len(counted) == 4  # every contribution is still reported


def test_latest_names_skip_events_without_a_name() -> None:
    season = contributions(
        [
            contribution("a.xlsx", "2026-01-01", "1", 1, name="Ann Lee"),
            contribution("b.xlsx", "2026-02-01", "1", 1, name="Anne Lee"),
            contribution("c.xlsx", "2026-03-01", "1", 1),
        ]
    )
    season.loc[2, "name"] = pd.NA  # the newest event gives no name
    assert latest_names(season).to_dict() == {"1": "Anne Lee"}


# --- the whole season from the files' view ------------------------------------------------------------


def test_season_of_counts_the_same_bytes_once() -> None:
    from pipeline.federation.ranking.season import SeasonFile

    def one(file: str, digest: str) -> SeasonFile:
        record = {
            "file": file,
            "game": "domino",
            "event": "Open",
            "date": pd.Timestamp("2026-03-01"),
            "weight": 1.0,
            "field": 1,
            "sha256": digest * 64,
        }
        frame = event_contributions(placings([("1", 1)]), file, pd.Timestamp("2026-03-01"), 1.0, RULES)
        return SeasonFile(record, frame, individual=True)  # a domino individual: the id is the player

    season = season_of([one("b.xlsx", "a"), one("a.xlsx", "a"), one("c.xlsx", "c")])
    assert season.events["file"].tolist() == ["a.xlsx", "c.xlsx"]
    assert len(season.contributions) == 2
    assert (season.warnings[0].code, season.warnings[0].sheet) == ("R113", "b.xlsx")
    assert season.warnings[0].problem == "the same bytes as a.xlsx; counted once"  # the file it copies
    assert (season.warnings[1].code, season.warnings[1].sheet) == ("R114", "a.xlsx, c.xlsx")


# --- identity -----------------------------------------------------------------------------------------


def test_folded_names() -> None:
    names = pd.Series(["José  Pérez", " jose perez ", "JOSÉ PÉREZ", "Zoë\tÅberg", "Jose Perea"], dtype="str")
    assert folded_names(names).tolist() == [
        "jose perez",
        "jose perez",
        "jose perez",
        "zoe aberg",
        "jose perea",
    ]


def test_identity_reports() -> None:
    season = contributions(
        [
            contribution("a.xlsx", "2026-01-01", "7", 1, name="Ann Lee"),
            contribution("b.xlsx", "2026-02-01", "7", 1, name="Anne Lee"),
            contribution("a.xlsx", "2026-01-01", "8", 1, name="José  Pérez"),
            contribution("b.xlsx", "2026-02-01", "21", 1, name="jose perez"),
            contribution("a.xlsx", "2026-01-01", "9", 1, name="Tom Hart"),
            contribution("b.xlsx", "2026-02-01", "9", 1, name="Tom Hart"),
            contribution("a.xlsx", "2026-01-01", "12", 1, name="Tom Hardy"),
        ]
    )
    reports = identity_reports(season)
    assert reports["check"].tolist() == [SAME_ID, SAME_NAME]
    assert reports.loc[0, "players"] == "7"
    assert reports.loc[0, "names"] == "Ann Lee; Anne Lee"
    assert reports.loc[1, "players"] == "8; 21"  # natural order: 8 before 21
    assert set(reports.loc[1, "names"].split("; ")) == {"José  Pérez", "jose perez"}
    assert "Tom" not in " ".join(reports["names"])


def test_no_identity_reports_for_different_people() -> None:
    season = contributions(
        [
            contribution("a.xlsx", "2026-01-01", "1", 1, name="Ana Ruiz"),
            contribution("a.xlsx", "2026-01-01", "2", 1, name="Ana Ruis"),
            contribution("b.xlsx", "2026-02-01", "1", 1, name="Ana Ruiz"),
        ]
    )
    assert identity_reports(season).empty


# --- the rules file and --as-of -----------------------------------------------------------------------


def test_ranking_rules_defaults_and_overrides() -> None:
    assert ranking_rules({}) == RankingRules(scale=100.0, best=10, window_days=365, decimals=2)
    top = ranking_rules({"best": 2, "scale": 50, "window_days": 30, "decimals": 1, "default_weight": 1.5})
    assert top == RankingRules(scale=50.0, best=2, window_days=30, decimals=1, default_weight=1.5)
    assert ranking_rules({"ranking": {"best": 3}}) == RankingRules(best=3)


@pytest.mark.parametrize(
    "config",
    [
        {"bset": 2},
        {"best": 0},
        {"best": 2.5},
        {"best": "10"},
        {"best": True},
        {"scale": 0},
        {"scale": -5},
        {"decimals": 7},
        {"decimals": -1},
        {"window_days": 0},
        {"default_weight": 0},
        {"ranking": 5},
        {"ranking": {"best": 2, "window": 30}},
    ],
)
def test_ranking_rules_refuse_bad_settings(config: dict[str, object]) -> None:
    with pytest.raises(UsageError, match="ranking.toml"):
        ranking_rules(config)


def test_as_of_date() -> None:
    assert as_of_date(None) is None
    assert as_of_date("2026-11-30") == pd.Timestamp("2026-11-30")
    assert as_of_date(" 2026-06-30 ") == pd.Timestamp("2026-06-30")
    for bad in ["2026-02-30", "30/11/2026", "yesterday", "2026-W48"]:
        with pytest.raises(UsageError, match="--as-of"):
            as_of_date(bad)


# --- properties ---------------------------------------------------------------------------------------

POOL = [str(i) for i in range(1, 9)]
BASE = pd.Timestamp("2026-11-30")


@st.composite
def seasons(draw: st.DrawFn) -> tuple[pd.DataFrame, pd.Timestamp, RankingRules, list[tuple[float, int]]]:
    rules = RankingRules(
        scale=draw(st.sampled_from([100.0, 50.0, 7.5])),
        best=draw(st.integers(1, 4)),
        window_days=draw(st.sampled_from([1, 30, 120, 365])),
        decimals=draw(st.integers(0, 3)),
    )
    frames, events = [], []
    for i in range(draw(st.integers(1, 6))):
        players = draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=len(POOL), unique=True))
        scores = draw(st.lists(st.integers(0, 3), min_size=len(players), max_size=len(players)))
        weight = draw(st.sampled_from([0.5, 1.0, 1.15, 1.5, 2.0]))
        date = BASE - pd.Timedelta(days=draw(st.integers(-10, 200)))
        rows = list(zip(players, competition_places(scores), strict=True))
        frames.append(event_contributions(placings(rows), f"e{i}.xlsx", date, weight, rules))
        events.append((weight, len(players)))
    as_of = draw(st.sampled_from([None, BASE, BASE - pd.Timedelta(days=45)]))
    season = pd.concat(frames, ignore_index=True)
    return season, as_of if as_of is not None else season["date"].max(), rules, events


@pytest.mark.slow
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seasons())
def test_ranking_properties(
    case: tuple[pd.DataFrame, pd.Timestamp, RankingRules, list[tuple[float, int]]],
) -> None:
    season, as_of, rules, events = case
    counted, ranking = ranked_season(season, as_of, rules)

    # (a) a total is the sum of the counted points; at most `best` counted; only in-window ones counted;
    # no uncounted in-window event beats a counted one of the same player
    for player, mine in counted.groupby("player"):
        kept = mine[mine["counted"]]
        assert len(kept) <= rules.best
        assert (kept["window"] == "in window").all()
        left = mine[~mine["counted"] & (mine["window"] == "in window")]
        if len(left):
            assert len(kept) == rules.best
            assert left["units"].max() <= kept["units"].min()
        row = ranking[ranking["player"] == player]
        if kept.empty:
            assert row.empty
        else:
            assert row["units"].item() == kept["units"].sum()
            assert row["events"].item() == len(kept)
            assert row["best"].item() == kept["units"].max()

    # (b) within an event, points do not grow as the place grows, match the exact reference, and sum to
    # weight x scale x (field + 1) / 2 within half a unit per competitor
    for (file, frame), (weight, field) in zip(counted.groupby("file", sort=False), events, strict=True):
        frame = frame.sort_values("place", kind="stable")
        units = frame["units"].tolist()
        assert units == sorted(units, reverse=True), file
        tied = frame["place"].map(frame["place"].value_counts())
        expected = [
            reference_units(p, k, field, weight, rules.scale, rules.decimals)
            for p, k in zip(frame["place"], tied, strict=True)
        ]
        assert units == expected, file
        ideal = weight * rules.scale * rules.unit * (field + 1) / 2
        assert abs(sum(units) - ideal) <= field * 0.5 + 1e-6

    # (c) ranks never go down the table, start at 1, and a new rank is the row's position
    ranks = ranking["rank"].tolist()
    assert ranks == sorted(ranks)
    level = ranking[["units", "events", "best"]].to_numpy().tolist()
    for i, r in enumerate(ranks):
        assert r == (i + 1 if i == 0 or level[i] != level[i - 1] else ranks[i - 1])
    keys = [(-u, -e, -b) for u, e, b in level]
    assert keys == sorted(keys)


def fits_competition_plainly(place: list[float], field: list[int]) -> list[bool]:
    """The rule, row by row: a known rank fits when it is one more than the known ranks below it in its field."""
    known = [(f, p) for f, p in zip(field, place, strict=True) if p == p]  # NaN is not equal to itself
    return [
        p == p and p == 1 + sum(1 for g, q in known if g == f and q < p)
        for f, p in zip(field, place, strict=True)
    ]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.one_of(st.none(), st.integers(1, 12).map(float))),
        min_size=0,
        max_size=30,
    )
)
def test_fits_competition_is_the_rule_row_by_row(rows: list[tuple[int, float | None]]):
    field = np.array([f for f, _p in rows], dtype=np.int64)
    place = np.array([np.nan if p is None else p for _f, p in rows], dtype="float64")
    assert fits_competition(place, field).tolist() == fits_competition_plainly(place.tolist(), field.tolist())


def test_ranks_out_of_competition_order_are_found_in_each_field_of_a_mitchell():
    # NS: 1, 1, 3 fits; EW: 1, 2, 2, 3 does not fit at its last row (3 follows two places 2: it should be 4)
    place = np.array([1, 1, 3, 1, 2, 2, 3], dtype="float64")
    field = np.array([0, 0, 0, 1, 1, 1, 1])
    assert fits_competition(place, field).tolist() == [True, True, True, True, True, True, False]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(1, 9)), max_size=30))
def test_tie_sizes_count_the_rows_sharing_a_place_in_a_field(rows: list[tuple[int, int]]):
    # the rule, plainly: for each row, the rows of the same field with the same place
    group = np.array([g for g, _p in rows], dtype=np.int64)
    place = np.array([p for _g, p in rows], dtype=np.int64)
    plainly = [sum(1 for h, q in rows if (h, q) == (g, p)) for g, p in rows]
    assert tie_sizes(place, group).tolist() == plainly
