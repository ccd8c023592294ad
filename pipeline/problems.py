"""Problems found in a workbook, their stable codes, and the few exceptions tally raises at its edges.

Every kind of problem is declared once, where it is found, as a `Kind`: a code that never changes meaning
(`D104`, `B212`), its severity and a one-line summary. A `Problem` carries its kind's code, so `validate --json`
gives it and tests assert it rather than the English. docs/problems.md lists every code (`python tools/docs.py`).

Codes by their letter: `F` the file itself (not an xlsx, damaged, hostile), `W` the workbook's sheets and
columns in any game, `S` the Settings sheet, `C` Law 79C corrections, `D` domino, `B` bridge, `R` a standings
workbook read by `tally rank`, `X` what is not about the workbook (usage, an internal error; in `--json` only).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Literal

from pipeline.i18n import N_, _, n_, spoken_language

if TYPE_CHECKING:
    import pandas as pd

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Kind:
    """A kind of problem, declared once: its stable code, its severity, what it means in a line, and (for a
    kind no workbook of the test corpora shows) an example of its message for docs/problems.md."""

    code: str
    severity: Severity
    summary: str
    example: str = ""


KINDS: dict[str, Kind] = {}


def kind(code: str, summary: str, severity: Severity = "error", example: str = "") -> Kind:
    """Declare a kind of problem (a code is declared once, and never means anything else)."""
    found = Kind(code, severity, summary, example)
    if code in KINDS and KINDS[code] != found:
        raise ValueError(f"problem code {code} is already declared: {KINDS[code].summary}")
    KINDS[code] = found
    return found


CHECK_KINDS: dict[tuple[str, str], Kind] = {}  # (model, check name) -> the kind its failures are


def check_named(model: str, name: str, found: Kind) -> str:
    """Declare the kind of problem a model's check finds (the model's name and the check's, which is what a
    cell should hold); the check's name back, for `pa.check(name=...)`."""
    CHECK_KINDS[(model, name)] = found
    return name


USAGE = kind(
    "X001",
    "the command line asks for something tally cannot do (exit 2)",
    example="night.xlsx: /tmp/night.xlsx is a named pipe (FIFO), not a workbook file",
)
INTERNAL = kind(
    "X002",
    "an unexpected internal error (exit 3; the traceback with --debug)",
    example="night.xlsx: internal error: RuntimeError: ...",
)
CANNOT_WRITE = kind(
    "X003",
    "an output cannot be written (exit 1)",
    example="night.xlsx: cannot write /srv/out/night-standings.xlsx: No space left on device; nothing was written (the previous file, if any, is unchanged)",
)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a workbook, located the way the organizer sees it."""

    sheet: str
    row: int | None
    column: str | None
    value: str | None
    problem: str
    severity: Severity = "error"
    code: str = ""

    def __str__(self) -> str:
        """Where and what, its frame words (row, column, warning) in the language spoken."""
        where = self.sheet
        if self.row is not None:
            where = _("{place}, {then}", place=where, then=_("row {row}", row=self.row))
        if self.column:
            where = _("{place}, {then}", place=where, then=_("column '{column}'", column=self.column))
        shown = "" if not self.value else f" [{self.value}]"
        label = _("warning: ") if self.severity == "warning" else ""
        return _("{where}: {problem}", where=where + shown, problem=label + self.problem)

    @property
    def line(self) -> str:
        """The problem as the command line prints it: its code (docs/problems.md), then where and what."""
        return f"[{self.code}] {self}" if self.code else str(self)

    def as_record(self) -> dict[str, object]:
        """The problem as a plain dict for --json output, its code first."""
        record = asdict(self)
        return {column: record[column] for column in PROBLEM_COLUMNS}

    @classmethod
    def of(
        cls, found: Kind, sheet: str, row: int | None, column: str | None, value: str | None, problem: str
    ) -> Problem:
        """A problem of a declared kind (its code and severity from the declaration)."""
        return cls(sheet, row, column, value, problem, found.severity, found.code)


# The fields of a problem record (a Problem, a row of a problem frame, a `--json` record), named once by the
# dataclass above: the checks build their frames under these names. The code comes first in a record.
SHEET, ROW, COLUMN, VALUE, PROBLEM, SEVERITY, CODE = (f.name for f in fields(Problem))
PROBLEM_COLUMNS = [CODE, SHEET, ROW, COLUMN, VALUE, PROBLEM, SEVERITY]


OTHER_DIGITS = N_(" (this cell holds digits other than 0-9: type them again with 0-9)")


def problems_with_digit_hints(frame: pd.DataFrame) -> pd.Series:
    """Each error's text, with a hint where its value holds digits tally cannot read (not 0-9, nor full-width)."""
    import pandas as pd  # imported when problems are found: the command line's help needs no pandas

    shown = frame[VALUE].astype("object").where(frame[VALUE].notna(), "").astype("str")
    read = pd.Series(shown.to_numpy(dtype=object), index=frame.index).str.normalize("NFKC")  # as numbers are
    other = read.str.contains(r"(?![0-9])\d")
    hinted = other.to_numpy(dtype=bool) & (frame[SEVERITY] == "error").to_numpy()
    return frame[PROBLEM].where(~hinted, frame[PROBLEM].astype("str") + _(OTHER_DIGITS))


def problems_from_frame(frame: pd.DataFrame) -> list[Problem]:
    """Problems from a frame with the PROBLEM_COLUMNS (built vectorized by the checks)."""
    import pandas as pd

    if frame.empty:
        return []
    rows = frame[ROW].astype("object").where(frame[ROW].notna(), None)
    values = frame[VALUE].astype("object").where(frame[VALUE].notna(), None)
    codes = frame[CODE].fillna("") if CODE in frame else pd.Series("", index=frame.index)
    return [
        Problem(
            str(s), None if r is None else int(r), c or None, None if v is None else str(v), p, sv, str(k)
        )
        for s, r, c, v, p, sv, k in zip(
            frame[SHEET],
            rows,
            frame[COLUMN],
            values,
            problems_with_digit_hints(frame),
            frame[SEVERITY],
            codes,
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
    in reading order, and the language its messages were made in (the language spoken when it was made: the
    command line prints it in that language). Valid when none of them is an error."""

    game: str
    problems: list[Problem]
    source: str = ""
    language: str = field(default_factory=spoken_language)

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
    """Base class for the errors tally reports to people; `language` is the language spoken when it was made
    (its message's), which the command line prints it in."""

    exit_code = 1
    code = ""  # the kind's code the command line prints beside the message

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self.language = spoken_language()

    @property
    def line(self) -> str:
        """The error as the command line prints it, with its code when it has one."""
        if self.code:
            return _("error [{code}]: {message}", code=self.code, message=str(self))
        return _("error: {message}", message=str(self))


class InputError(TallyError):
    """The workbook cannot be scored as it stands; carries every problem found."""

    exit_code = 1

    def __init__(self, problems: Iterable[Problem], *, source: str = "") -> None:
        self.problems = sorted_problems(problems)
        self.source = source
        errors = sum(p.severity == "error" for p in self.problems)
        where = source or _("the workbook")
        super().__init__(
            n_(
                "{count} problem(s) in {source}",
                "{count} problem(s) in {source}",
                errors,
                count=errors,
                source=where,
            )
        )

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
    code = USAGE.code


class CannotWrite(TallyError):
    """An output cannot be written (permission, read-only folder, full disk, I/O error); exit code 1, and the
    previous file, if any, is unchanged."""

    exit_code = 1
    code = CANNOT_WRITE.code
