"""Problems found in a workbook, and the few exceptions tally raises at its edges."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Literal

import pandas as pd

Severity = Literal["error", "warning"]
PROBLEM_COLUMNS = ["sheet", "row", "column", "value", "problem", "severity"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a workbook, located the way the organizer sees it."""

    sheet: str
    row: int | None
    column: str | None
    value: str | None
    problem: str
    severity: Severity = "error"

    def __str__(self) -> str:
        where = [self.sheet]
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column:
            where.append(f"column '{self.column}'")
        shown = "" if not self.value else f" [{self.value}]"
        label = "warning: " if self.severity == "warning" else ""
        return f"{', '.join(where)}{shown}: {label}{self.problem}"

    def as_record(self) -> dict[str, object]:
        """The problem as a plain dict for --json output."""
        return asdict(self)


OTHER_DIGITS = " (this cell holds digits other than 0-9: type them again with 0-9)"


def problems_with_digit_hints(frame: pd.DataFrame) -> pd.Series:
    """Each error's text, with a hint where its value holds digits tally cannot read (not 0-9, nor full-width)."""
    shown = frame["value"].astype("object").where(frame["value"].notna(), "").astype("str")
    read = pd.Series(shown.to_numpy(dtype=object), index=frame.index).str.normalize("NFKC")  # as numbers are
    other = read.str.contains(r"(?![0-9])\d")
    hinted = other.to_numpy(dtype=bool) & (frame["severity"] == "error").to_numpy()
    return frame["problem"].where(~hinted, frame["problem"].astype("str") + OTHER_DIGITS)


def problems_from_frame(frame: pd.DataFrame) -> list[Problem]:
    """Problems from a frame with the PROBLEM_COLUMNS (built vectorized by the checks)."""
    if frame.empty:
        return []
    rows = frame["row"].astype("object").where(frame["row"].notna(), None)
    values = frame["value"].astype("object").where(frame["value"].notna(), None)
    return [
        Problem(str(s), None if r is None else int(r), c or None, None if v is None else str(v), p, sv)
        for s, r, c, v, p, sv in zip(
            frame["sheet"],
            rows,
            frame["column"],
            values,
            problems_with_digit_hints(frame),
            frame["severity"],
            strict=True,
        )
    ]


def sorted_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Problems in reading order: sheets as first met, then row; within a row, the order found."""
    unique = list(dict.fromkeys(problems))
    sheets = list(dict.fromkeys(p.sheet for p in unique))
    return sorted(unique, key=lambda p: (sheets.index(p.sheet), -1 if p.row is None else p.row))


@dataclass(frozen=True)
class Report:
    """What validating one workbook found: the game it holds (`unknown` when unreadable) and every problem,
    in reading order. Valid when none of them is an error."""

    game: str
    problems: list[Problem]
    source: str = ""

    @property
    def errors(self) -> list[Problem]:
        """The problems that stop a run."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        """The problems that are reported but do not stop a run."""
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def valid(self) -> bool:
        """True when nothing stops a run (warnings or not)."""
        return not self.errors


class TallyError(Exception):
    """Base class for the errors tally reports to people."""

    exit_code = 1


class InputError(TallyError):
    """The workbook cannot be scored as it stands; carries every problem found."""

    exit_code = 1

    def __init__(self, problems: Iterable[Problem], *, source: str = "") -> None:
        self.problems = sorted_problems(problems)
        self.source = source
        errors = sum(p.severity == "error" for p in self.problems)
        super().__init__(f"{errors} problem(s) in {source or 'the workbook'}")

    @property
    def errors(self) -> list[Problem]:
        """Only the problems that stop a run."""
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        """The problems that are reported but do not stop a run."""
        return [p for p in self.problems if p.severity == "warning"]


class UsageError(TallyError):
    """The command line asks for something tally cannot do (exit code 2)."""

    exit_code = 2


class CannotWrite(TallyError):
    """An output cannot be written (permission, read-only folder, full disk, I/O error); exit code 1, and the
    previous file, if any, is unchanged."""

    exit_code = 1
