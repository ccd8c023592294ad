"""`tally rank` and events dated after today: the default as-of date is the newest event on or before today
(today when none is), every later event is a warning naming its file and date, and `--as-of` is obeyed.

The season (weight 1, field 2, so first place is 100 points and second 50):

    spring.xlsx   2026-03-01   Ann 1st, Bob 2nd
    summer.xlsx   2026-06-01   Bob 1st, Ann 2nd
    typo.xlsx     2099-01-01   Cid 1st, Ann 2nd    (meant 2026; a typing slip)

Today (the machine's date when the tests run) is after 2026-06-01 and before 2099-01-01.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pandas as pd
import pytest
from conftest import codes_in
from ranking_books import rank, ranking_lines, sheet_rows, standings_book

from pipeline.federation.ranking.rules import RankingRules
from pipeline.federation.ranking.season import default_as_of, future_warnings, season_note

AFTER_TODAY = "outside the window unless --as-of says otherwise (is its Date a typing slip?)"


@pytest.fixture
def season(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    standings_book(
        Path("s/spring.xlsx"), [(1, "1", "Ann"), (2, "2", "Bob")], event="Spring", date="2026-03-01"
    )
    standings_book(
        Path("s/summer.xlsx"), [(1, "2", "Bob"), (2, "1", "Ann")], event="Summer", date="2026-06-01"
    )
    standings_book(Path("s/typo.xlsx"), [(1, "3", "Cid"), (2, "1", "Ann")], event="Autumn", date="2099-01-01")
    return Path("s")


def notes(path: Path) -> list[str]:
    return [str(r["Value"]) for r in sheet_rows(path, "Rules") if r["Item"] == "Note"]


def test_an_event_dated_2099_does_not_move_the_as_of_date(season: Path) -> None:
    today = dt.date.today()
    result = rank(season, "-o", "r.xlsx")
    assert result.exit_code == 0, result.output
    # as of 2026-06-01: Ann 100 + 50 = 150, Bob 50 + 100 = 150, level on events (2) and best (100): shared 1st;
    # Cid's only event is after the as-of date, so Cid is not ranked
    assert ranking_lines(Path("r.xlsx")) == [
        (1, "1", "Ann", 150.0, 2, 100.0),
        (1, "2", "Bob", 150.0, 2, 100.0),
    ]
    assert "as of 2026-06-01" in result.stdout
    warning = f"s/typo.xlsx: dated 2099-01-01, after today ({today:%Y-%m-%d}): {AFTER_TODAY}"
    assert codes_in(result.stderr) == ["R115"] and "[R115] s/typo.xlsx: " in result.stderr
    assert notes(Path("r.xlsx")) == [warning]
    windows = {r["File"]: r["Window"] for r in sheet_rows(Path("r.xlsx"), "Events")}
    assert windows == {
        "s/spring.xlsx": "in window",
        "s/summer.xlsx": "in window",
        "s/typo.xlsx": "after the as-of date",
    }


def test_when_every_event_is_in_the_future_the_as_of_date_is_today(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    standings_book(Path("a.xlsx"), [(1, "1", "Ann"), (2, "2", "Bob")], date="2098-05-01")
    standings_book(Path("b.xlsx"), [(1, "2", "Bob"), (2, "1", "Ann")], date="2099-01-01")
    before = dt.date.today()
    result = rank("a.xlsx", "b.xlsx", "-o", "r.xlsx")
    after = dt.date.today()
    assert result.exit_code == 0, result.output
    as_of = next(r["Value"] for r in sheet_rows(Path("r.xlsx"), "Rules") if r["Item"] == "As of")
    assert as_of in {f"{before:%Y-%m-%d}", f"{after:%Y-%m-%d}"}
    assert ranking_lines(Path("r.xlsx")) == []  # nobody has an event up to today
    assert codes_in(result.stderr) == ["R115", "R115"]
    assert "[R115] a.xlsx: " in result.stderr and "[R115] b.xlsx: " in result.stderr


def test_an_explicit_as_of_counts_the_later_event(season: Path) -> None:
    today = dt.date.today()
    result = rank(season, "-o", "r.xlsx", "--as-of", "2099-12-31")
    assert result.exit_code == 0, result.output
    # window 2099-01-01 .. 2099-12-31: only typo.xlsx is in it: Cid 100, Ann 50
    assert ranking_lines(Path("r.xlsx")) == [(1, "3", "Cid", 100.0, 1, 100.0), (2, "1", "Ann", 50.0, 1, 50.0)]
    warning = (
        f"s/typo.xlsx: dated 2099-01-01, after today ({today:%Y-%m-%d}): inside the window, because --as-of "
        "2099-12-31 includes it"
    )
    assert codes_in(result.stderr) == ["R115"]
    assert notes(Path("r.xlsx")) == [warning]  # where it falls against the window, in words


def test_an_explicit_as_of_before_the_later_event_still_warns(season: Path) -> None:
    result = rank(season, "-o", "r.xlsx", "--as-of", "2026-06-01")
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["R115"] and "[R115] s/typo.xlsx: " in result.stderr
    assert AFTER_TODAY in notes(Path("r.xlsx"))[0]


# ---------------------------------------------------------------- the library functions, with today fixed


@pytest.mark.parametrize(
    ("today", "as_of"),
    [
        (dt.date(2026, 7, 1), "2026-06-01"),  # the newest event on or before today
        (dt.date(2026, 6, 1), "2026-06-01"),  # an event dated today counts as on or before
        (dt.date(2026, 5, 31), "2026-03-01"),
        (dt.date(2099, 1, 1), "2099-01-01"),
        (dt.date(2026, 2, 1), "2026-02-01"),  # every event later: today
    ],
)
def test_default_as_of(today: dt.date, as_of: str) -> None:
    dates = pd.Series(pd.to_datetime(["2026-03-01", "2026-06-01", "2099-01-01"]))
    assert default_as_of(dates, today) == pd.Timestamp(as_of)


def test_future_warnings_name_each_later_event() -> None:
    events = pd.DataFrame(
        {
            "file": ["a.xlsx", "b.xlsx", "c.xlsx", "d.xlsx"],
            "date": pd.to_datetime(["2026-06-01", "2026-06-02", "2028-01-01", "2099-01-01"]),
        }
    )
    today = dt.date(2026, 6, 1)
    # as of 2028-06-30 with a 365-day window: 2027-07-02 .. 2028-06-30
    warnings = future_warnings(events, today, pd.Timestamp("2028-06-30"), RankingRules())
    assert [w.code for w in warnings] == ["R115"] * 3 and {w.severity for w in warnings} == {"warning"}
    assert [season_note(w) for w in warnings] == [
        "b.xlsx: dated 2026-06-02, after today (2026-06-01): before the window of --as-of 2028-06-30",
        "c.xlsx: dated 2028-01-01, after today (2026-06-01): inside the window, because --as-of 2028-06-30 "
        "includes it",
        f"d.xlsx: dated 2099-01-01, after today (2026-06-01): {AFTER_TODAY}",
    ]
