"""Law 79C corrections, judged and applied by the pure functions of `pipeline.games.corrections` (no files).

The seed (Law 79C): an error in computing or recording an agreed score may be corrected until the
correction period ends; unless the organizer sets otherwise, it ends 30 minutes after the official scores
are published. tally reads the publication time from Settings `Published At`, the period from
`Correction Minutes` (default 30), and counts the end of the period as inside, to the second. A late
correction stands only on a Director's authority (Law 79C2).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import pytest
from conftest import MATCH_HEADER, sheets_from_tables

from pipeline.games.bridge.load import correction_rules as bridge_rules
from pipeline.games.corrections import (
    DEFAULT_MINUTES,
    Period,
    corrected_sheet,
    correction_warnings,
    judged_corrections,
)
from pipeline.games.domino.load import correction_rules as domino_rules
from pipeline.games.domino.settings import domino_settings
from schemas.corrections import STATUSES
from schemas.corrections import CorrectionLog as L

PUBLISHED = pd.Timestamp("2026-11-30 21:00:00")
HEADER = ["Submitted At", "Round", "Table", "Column", "New Value", "Reason", "Director"]
MATCHES = [
    [1, 1, "P1", None, "P2", None, 100, 40, None, None, None],  # Excel row 2
    [1, 2, "P3", None, "P4", None, 100, 70, None, None, None],  # Excel row 3
]


def judge(
    rows: Sequence[Sequence[object]],
    period: Period | None = None,
    header: Sequence[str] = HEADER,
) -> tuple[pd.DataFrame, pd.DataFrame, dict]:
    """The correction log and sheet problems for Corrections rows against the two matches above."""
    sheets = sheets_from_tables({"Matches": (MATCH_HEADER, MATCHES), "Corrections": (header, rows)})
    period = Period(PUBLISHED) if period is None else period
    log, problems = judged_corrections(sheets["corrections"], sheets["matches"], domino_rules(), period)
    return log, problems, sheets


def one(submitted: object, director: str | None = None, period: Period | None = None) -> dict:
    """The judged log row of one correction (Round 1, Table 1, B Pips 40 -> 30)."""
    log, _, _ = judge([[submitted, 1, 1, "B Pips", 30, "scoring slip", director]], period)
    assert len(log) == 1
    return log.iloc[0].to_dict()


def settings_sheet(rows: Sequence[Sequence[object]]):
    return sheets_from_tables({"Settings": (["Key", "Value"], rows)})["settings"]


# ---------------------------------------------------------------- the period boundary


def test_the_default_period_is_30_minutes():
    assert DEFAULT_MINUTES == 30
    assert Period(PUBLISHED).minutes == 30
    settings, problems = domino_settings(settings_sheet([["Published At", "2026-11-30 21:00"]]))
    assert settings.correction_minutes == 30
    assert settings.published_at == PUBLISHED
    assert problems.empty


def test_submitted_exactly_30_minutes_after_publication_is_applied():
    row = one("2026-11-30 21:30:00")
    assert row[L.status] == "applied"
    assert row[L.detail] == (
        "submitted 30:00 after publication, within the 30-minute correction period (Law 79C)"
    )


def test_submitted_one_second_after_the_period_is_rejected():
    row = one("2026-11-30 21:30:01")
    assert row[L.status] == "rejected"
    assert "30:01" in row[L.detail]
    assert "Law 79C" in row[L.detail]
    assert row[L.detail] == (
        "submitted 30:01 after publication; the 30-minute correction period had ended (Law 79C) "
        "and no Director authorized it"
    )


@pytest.mark.parametrize(
    ("submitted", "minutes", "status"),
    [
        ("2026-11-30 21:29:59", 30, "applied"),
        ("2026-11-30 21:30:00", 30, "applied"),
        ("2026-11-30 21:30:01", 30, "rejected"),
        ("2026-11-30 21:30:01", 45, "applied"),
        ("2026-11-30 21:45:00", 45, "applied"),
        ("2026-11-30 21:45:01", 45, "rejected"),
        ("2026-11-30 21:00:00", 0, "applied"),
        ("2026-11-30 21:00:01", 0, "rejected"),
        ("2026-12-01 21:10:00", 30, "rejected"),  # the next day, not 10 minutes
    ],
)
def test_correction_minutes_moves_the_boundary(submitted: str, minutes: int, status: str):
    assert one(submitted, period=Period(PUBLISHED, minutes))[L.status] == status


def test_a_45_minute_period_is_named_in_the_detail():
    row = one("2026-11-30 21:45:00", period=Period(PUBLISHED, 45))
    assert row[L.detail] == (
        "submitted 45:00 after publication, within the 45-minute correction period (Law 79C)"
    )
    late = one("2026-11-30 21:45:01", period=Period(PUBLISHED, 45))
    assert "45:01" in late[L.detail] and "the 45-minute correction period had ended" in late[L.detail]


def test_correction_minutes_and_published_at_are_read_from_settings():
    settings, problems = domino_settings(
        settings_sheet([["Published At", "2026-11-30 21:00"], ["Correction Minutes", 45]])
    )
    assert problems.empty
    assert settings.published_at == PUBLISHED
    assert settings.correction_minutes == 45


def test_submitted_before_publication_is_applied():
    row = one("2026-11-30 20:55:00")
    assert row[L.status] == "applied"
    assert row[L.detail] == "submitted before publication"


# ---------------------------------------------------------------- the director's authority (Law 79C2)


def test_late_with_a_director_is_applied_late_on_the_directors_authority():
    row = one("2026-11-30 22:15:00", director="Ms Lee")
    assert row[L.status] == "applied late"
    assert "75:00" in row[L.detail]
    assert "Ms Lee" in row[L.detail]
    assert "Law 79C2" in row[L.detail]


def test_a_director_named_on_a_correction_in_time_changes_nothing():
    row = one("2026-11-30 21:10:00", director="Ms Lee")
    assert row[L.status] == "applied"
    assert "within the 30-minute correction period" in row[L.detail]


@pytest.mark.parametrize("submitted", [None, "half past nine", "21:30", "2026-11-31 21:10"])
def test_a_blank_or_unreadable_submission_time_is_rejected_when_the_period_is_checked(submitted):
    row = one(submitted)
    assert row[L.status] == "rejected"
    assert row[L.detail].startswith("Submitted At is blank or not a date and time")
    assert "Law 79C2" in row[L.detail]  # it says a Director may authorize it


@pytest.mark.parametrize("submitted", [None, "half past nine", "21:30", "2026-11-31 21:10"])
def test_a_blank_or_unreadable_submission_time_is_applied_late_with_a_director(submitted):
    row = one(submitted, director="Mr Ortiz")
    assert row[L.status] == "applied late"
    assert "Mr Ortiz" in row[L.detail]
    assert "Law 79C2" in row[L.detail]


# ---------------------------------------------------------------- no publication time


def test_without_published_at_every_correction_is_applied_and_a_warning_says_so():
    log, problems, sheets = judge(
        [
            ["2026-11-30 23:59", 1, 1, "B Pips", 30, "slip", None],
            [None, 1, 2, "B Pips", 20, "slip", None],
        ],
        period=Period(),
    )
    assert list(log[L.status]) == ["applied", "applied"]
    assert all("not checked" in d for d in log[L.detail])
    assert problems.empty
    warnings = correction_warnings(sheets["corrections"], log, Period())
    assert len(warnings) == 1
    warning = warnings.iloc[0]
    assert (warning["code"], warning["sheet"], warning["row"]) == ("C103", "Corrections", 2)
    assert warning["severity"] == "warning"


def test_with_published_at_there_is_no_warning_about_the_period():
    log, _, sheets = judge([["2026-11-30 21:10", 1, 1, "B Pips", 30, "slip", None]])
    assert correction_warnings(sheets["corrections"], log, Period(PUBLISHED)).empty


def test_a_rejected_correction_is_warned_at_its_row_with_the_reason():
    log, _, sheets = judge(
        [
            ["2026-11-30 21:10", 1, 1, "B Pips", 30, "slip", None],
            ["2026-11-30 21:40", 1, 2, "B Pips", 20, "slip", None],
        ]
    )
    warnings = correction_warnings(sheets["corrections"], log, Period(PUBLISHED))
    assert len(warnings) == 1
    w = warnings.iloc[0]
    assert (w["code"], w["sheet"], int(w["row"]), w["column"], w["value"], w["severity"]) == (
        "C102",
        "Corrections",
        3,
        "Column",
        "B Pips",
        "warning",
    )
    assert "40:00" in w["problem"]  # the reason: how long after publication it was submitted


# ---------------------------------------------------------------- which row, which column


def test_a_key_matching_no_row_is_rejected():
    log, _, _ = judge([["2026-11-30 21:10", 9, 9, "B Pips", 30, "slip", None]])
    assert log.iloc[0][L.status] == "rejected"
    assert log.iloc[0][L.detail] == "no row of Matches has Round 9, Table 9"
    assert pd.isna(log.iloc[0][L.target_row])


def test_the_key_names_the_excel_row_of_the_result():
    log, _, _ = judge([["2026-11-30 21:10", 1, 2, "A Pips", 100, "slip", None]])
    row = log.iloc[0]
    assert row[L.status] == "applied"
    assert row[L.target] == "Round 1, Table 2"
    assert row[L.target_row] == 3
    assert row[L.row] == 2  # the Corrections sheet's own Excel row


@pytest.mark.parametrize("column", ["Round", "Table", "Colour"])
def test_a_column_tally_does_not_correct_is_rejected(column: str):
    log, _, _ = judge([["2026-11-30 21:10", 1, 1, column, 2, "slip", None]])
    assert log.iloc[0][L.status] == "rejected"
    assert log.iloc[0][L.detail].startswith(f"'{column}' is not a column tally corrects here")
    assert "B Pips" in log.iloc[0][L.detail]  # it lists the columns it does correct


def test_a_blank_column_is_rejected():
    log, _, _ = judge([["2026-11-30 21:10", 1, 1, None, 2, "slip", None]])
    assert log.iloc[0][L.status] == "rejected"
    assert log.iloc[0][L.detail].startswith("Column is blank")


def test_the_column_is_found_whatever_its_spelling():
    log, _, _ = judge([["2026-11-30 21:10", 1, 1, " b_PIPS ", 30, "slip", None]])
    assert log.iloc[0][L.status] == "applied"
    assert log.iloc[0][L.column] == "B Pips"


def test_a_correction_without_a_reason_is_applied_with_a_warning():
    log, problems, _ = judge([["2026-11-30 21:10", 1, 1, "B Pips", 30, None, None]])
    assert log.iloc[0][L.status] == "applied"
    assert len(problems) == 1
    p = problems.iloc[0]
    assert (p["code"], p["sheet"], int(p["row"]), p["column"], p["severity"]) == (
        "C101",
        "Corrections",
        2,
        "Reason",
        "warning",
    )


def test_a_corrections_sheet_without_a_required_column_is_an_error():
    header = ["Submitted At", "Round", "Table", "Column", "Value", "Reason"]
    log, problems, _ = judge([["2026-11-30 21:10", 1, 1, "B Pips", 30, "slip"]], header=header)
    assert log.empty
    assert len(problems) == 1
    p = problems.iloc[0]
    assert (p["code"], p["sheet"], p["row"], p["column"], p["severity"]) == (
        "W102",
        "Corrections",
        1,
        "New Value",
        "error",
    )
    assert "the closest header found is 'Value'" in p["problem"]  # the wording: the closest header


BRIDGE_RESULTS = (
    ["Session", "Board", "NS", "EW", "Contract", "Declarer", "Tricks"],
    [
        [1, 1, 1, 2, "4S", "N", 10],  # Excel row 2
        [2, 1, 1, 3, "3NT", "S", 9],  # Excel row 3: pair 1 met board 1 again in session 2
    ],
)
BRIDGE_HEADER = ["Submitted At", "Session", "Board", "NS", "EW", "Column", "New Value", "Reason"]


def judge_bridge(rows: Sequence[Sequence[object]]) -> pd.DataFrame:
    sheets = sheets_from_tables({"Results": BRIDGE_RESULTS, "Corrections": (BRIDGE_HEADER, rows)})
    log, _ = judged_corrections(
        sheets["corrections"], sheets["results"], bridge_rules(False), Period(PUBLISHED)
    )
    return log


def test_a_bridge_key_matching_two_rows_is_rejected():
    log = judge_bridge([["2026-11-30 21:10", None, 1, 1, None, "Tricks", 9, "slip"]])
    assert log.iloc[0][L.status] == "rejected"
    assert log.iloc[0][L.detail] == "Board 1, NS 1 matches 2 rows of Results; give every key"


@pytest.mark.parametrize(
    ("session", "ns", "ew", "target_row"),
    [(2, 1, None, 3), (None, None, 3, 3), (None, 1, 2, 2), (1, 1, None, 2)],
    ids=["session and NS", "EW alone", "NS and EW", "session 1"],
)
def test_a_bridge_key_naming_one_row_is_applied(session, ns, ew, target_row: int):
    log = judge_bridge([["2026-11-30 21:10", session, 1, ns, ew, "Tricks", 8, "slip"]])
    assert log.iloc[0][L.status] == "applied"
    assert log.iloc[0][L.target_row] == target_row


def test_a_bridge_key_without_ns_or_ew_is_rejected():
    log = judge_bridge([["2026-11-30 21:10", None, 1, None, None, "Tricks", 8, "slip"]])
    assert log.iloc[0][L.status] == "rejected"
    assert log.iloc[0][L.detail] == "give NS or EW to name the result"


def test_filled_bridge_keys_must_all_agree_with_the_row():
    log = judge_bridge([["2026-11-30 21:10", None, 1, 1, 3, "Tricks", 8, "slip"]])  # NS 1 met EW 3 ...
    assert log.iloc[0][L.status] == "applied"  # ... in session 2
    log = judge_bridge([["2026-11-30 21:10", 1, 1, 1, 3, "Tricks", 8, "slip"]])  # not in session 1
    assert log.iloc[0][L.status] == "rejected"
    assert log.iloc[0][L.detail].startswith("no row of Results has Board 1, NS 1, EW 3")


@pytest.mark.parametrize("given", ["NS", "EW"])
def test_a_bridge_corrections_sheet_may_name_the_pair_by_ns_or_ew_alone(given: str):
    """Board + NS and/or EW: a sheet with only one of the two columns names the result well enough.

    BUG: judged_corrections requires both an NS and an EW column (missing required column).
    """
    header = ["Submitted At", "Session", "Board", given, "Column", "New Value", "Reason"]
    pair = 1 if given == "NS" else 3
    sheets = sheets_from_tables(
        {
            "Results": BRIDGE_RESULTS,
            "Corrections": (header, [["2026-11-30 21:10", 2, 1, pair, "Tricks", 8, "x"]]),
        }
    )
    log, problems = judged_corrections(
        sheets["corrections"], sheets["results"], bridge_rules(False), Period(PUBLISHED)
    )
    assert problems.empty, problems.to_dict("records")
    assert list(log[L.status]) == ["applied"]
    assert list(log[L.target_row]) == [3]


# ---------------------------------------------------------------- order: the later submission wins


EARLY = ["2026-11-30 21:10", 1, 1, "B Pips", 20, "first look", None]
LATE = ["2026-11-30 21:20", 1, 1, "B Pips", 30, "second look", None]


@pytest.mark.parametrize("rows", [[EARLY, LATE], [LATE, EARLY]], ids=["in order", "late row first"])
def test_the_later_submitted_correction_to_a_cell_wins_and_old_values_chain(rows):
    log, _, sheets = judge(rows)
    assert list(log[L.status]) == ["applied", "applied"]
    fixed, log = corrected_sheet(sheets["matches"], log, domino_rules())
    assert fixed.frame.loc[2, "b_pips"] == "30"
    assert fixed.frame.loc[3, "b_pips"] == "70"  # the other match is untouched
    by_reason = log.set_index(L.reason)
    assert by_reason.loc["first look", L.old_value] == "40"  # the value as published
    assert by_reason.loc["second look", L.old_value] == "20"  # the first correction's new value
    assert sheets["matches"].frame.loc[2, "b_pips"] == "40"  # the input sheet is not changed


def test_three_corrections_to_one_cell_chain_by_submission_time():
    rows = [
        ["2026-11-30 21:25", 1, 1, "B Pips", 35, "third", None],
        ["2026-11-30 21:05", 1, 1, "B Pips", 15, "first", None],
        ["2026-11-30 21:15", 1, 1, "B Pips", 25, "second", None],
    ]
    log, _, sheets = judge(rows)
    fixed, log = corrected_sheet(sheets["matches"], log, domino_rules())
    assert fixed.frame.loc[2, "b_pips"] == "35"
    old = dict(zip(log[L.reason], log[L.old_value], strict=True))
    assert old == {"first": "40", "second": "15", "third": "25"}


def test_a_rejected_correction_does_not_take_part_in_the_chain():
    rows = [
        ["2026-11-30 21:10", 1, 1, "B Pips", 20, "in time", None],
        ["2026-11-30 21:40", 1, 1, "B Pips", 30, "too late", None],
    ]
    log, _, sheets = judge(rows)
    fixed, log = corrected_sheet(sheets["matches"], log, domino_rules())
    assert fixed.frame.loc[2, "b_pips"] == "20"
    applied = log[log[L.status] == "applied"]
    assert list(applied[L.old_value]) == ["40"]


def test_corrections_to_different_cells_of_one_row_all_apply():
    rows = [
        ["2026-11-30 21:10", 1, 1, "B Pips", 20, "pips", None],
        ["2026-11-30 21:12", 1, 1, "A2", "P5", "partner", None],
    ]
    log, _, sheets = judge(rows)
    fixed, log = corrected_sheet(sheets["matches"], log, domino_rules())
    assert fixed.frame.loc[2, "b_pips"] == "20"
    assert fixed.frame.loc[2, "a2"] == "P5"
    old = dict(zip(log[L.reason], log[L.old_value], strict=True))
    assert old["pips"] == "40"
    assert pd.isna(old["partner"])  # the seat was blank


# ---------------------------------------------------------------- how a date and time may be written


@pytest.mark.parametrize(
    "submitted",
    [
        "2026-11-30 21:30",  # typed as text, no seconds
        "2026-11-30T21:30",
        "2026-11-30 21:30:00",  # how the reader renders an Excel date-time cell
        "2026-11-30 21:29:59.999",  # an Excel float a hair below 21:30
        "2026-11-30 21:30:00.000001",  # and a hair above
    ],
)
def test_the_end_of_the_period_counts_as_inside_however_it_is_written(submitted: str):
    assert one(submitted)[L.status] == "applied"


@pytest.mark.parametrize("published", ["2026-11-30 21:00", "2026-11-30 20:59:59.999", "2026-11-30 21:00:00"])
def test_published_at_is_read_to_the_second(published: str):
    settings, problems = domino_settings(settings_sheet([["Published At", published]]))
    assert problems.empty
    assert settings.published_at == PUBLISHED


def test_an_unreadable_published_at_is_an_error_in_settings():
    _, problems = domino_settings(settings_sheet([["Published At", "after dinner"]]))
    assert list(problems["severity"]) == ["error"]
    assert problems.iloc[0]["column"] == "Value"


# ---------------------------------------------------------------- the log


def test_the_log_has_one_row_per_correction_in_sheet_order_with_a_valid_status():
    rows = [
        ["2026-11-30 21:20", 1, 1, "B Pips", 30, "a", None],
        ["2026-11-30 21:50", 1, 2, "B Pips", 20, "b", None],
        [None, 1, 2, "B Pips", 20, "c", "Ms Lee"],
        ["2026-11-30 21:10", 9, 9, "B Pips", 20, "d", None],
    ]
    log, _, _ = judge(rows)
    assert list(log[L.row]) == [2, 3, 4, 5]
    assert set(log[L.status]) <= set(STATUSES)
    assert list(log[L.status]) == ["applied", "rejected", "applied late", "rejected"]
    # the order they are applied in: by submission time, the blank time last
    assert list(log.sort_values(L.order)[L.reason]) == ["d", "a", "b", "c"]
