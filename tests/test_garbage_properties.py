"""Random garbage in any cell of a results workbook: a located problem (exit 1) or a valid result (exit 0).

Each example copies a bundled sample, types 1 to 4 garbage values into random cells (headers, the row
below the data and the column right of it included), and runs `tally <game> standings` on it. Whatever
the cells hold, tally must either refuse the workbook with problems located as `<Sheet>, row <N>, ...`,
`workbook: ...` or `<file name>: ...` (exit 1, nothing written), or write a standings workbook (exit 0).
A traceback, an `internal error` (exit 3) or any other exit code fails the property, and so does a number
past int64 surfacing as -9223372036854775808 (a silent overflow) in the messages or the standings.
The `found:` examples are the minimal reproductions of failures this property found; they fail until fixed.

`--hypothesis-show-statistics` lists how the examples ended ("exit 0" / "exit 1" events).
"""

from __future__ import annotations

import datetime as dt
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import SAMPLES, codes_in
from hypothesis import HealthCheck, currently_in_test_context, event, example, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from typer.testing import CliRunner

from pipeline.cli import app

SHOWN = 20  # tally lists at most this many problems without --all
DOMINO = ["domino_individual.xlsx", "domino_pairs.xlsx", "domino_run_out.xlsx"]
BRIDGE = [
    "bridge_club_mp.xlsx",
    "bridge_imp_pairs_butler.xlsx",
    "bridge_imp_pairs_cross.xlsx",
    "bridge_teams.xlsx",
]


def _shapes(name: str) -> dict[str, tuple[int, int]]:
    """Sheet name -> (used rows, used columns) of a bundled sample."""
    book = load_workbook(SAMPLES / name)
    return {ws.title: (ws.max_row, ws.max_column) for ws in book.worksheets}


SHAPES = {name: _shapes(name) for name in DOMINO + BRIDGE}

GARBAGE = settings(
    deadline=None,
    derandomize=True,  # the same examples on every run, so CI is reproducible
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# ---------------------------------------------------------------- garbage values


@dataclass(frozen=True)
class Formula:
    """A real formula, saved (as openpyxl does) without a cached result."""

    text: str


@dataclass(frozen=True)
class Edit:
    """One cell to overwrite: sheet, 1-based row and column, and the garbage typed into it."""

    sheet: str
    row: int
    column: int
    value: object


@dataclass(frozen=True)
class Case:
    """A sample workbook and the edits made to it."""

    sample: str
    edits: tuple[Edit, ...]


TRICKY = [
    "12 pips",
    "7.0",
    "7,5",
    "1e309",
    "-1e309",
    "inf",
    "-Infinity",
    "nan",
    "NaN",
    "0x10",
    "1_000",
    "½",
    "１２",  # full-width digits
    "١٢",  # Arabic-Indic digits
    "-0",
    "+5",
    "99999999999999999999999",
    "9223372036854775808",  # 2**63
    "1e19",
    "A+/A-",
    "A+",
    "40%",
    "NP",
    "PASS",
    "4S",
    "3NTX",
    "7NTXX",
    "8H",
    "0C",
    "4♠",
    "4 S",
    "=",
    "=1+",
    "=SUM(",
    "=NOT A FORMULA",
    "#N/A",  # openpyxl writes these as Excel error cells
    "#DIV/0!",
    "#VALUE!",
    "#REF!",
    "true",
    "FALSE",
    "time",
    "TIME",
    "run_out",
    "Teams",
    "MP",
    "2026-13-45",
    "N/E",
    "NS",
    "Open",
    "Closed",
    "None",
    "null",
    "'",
    '"',
    "\\",
    "<b>&amp;</b>",
    "]]>",
    "Li Wei - Zhang Min",
    "李伟",
    "🂡🂢🂣",
    "\u200b",  # zero-width space
    "\u00a0",  # no-break space
    "Ana\tRuiz",
    "Ana\nRuiz",
    "x" * 300,
]


def _writable(text: str) -> str:
    """The text without the control characters openpyxl refuses to store."""
    return ILLEGAL_CHARACTERS_RE.sub("", text)


texts = st.one_of(
    st.sampled_from(TRICKY),
    st.text(max_size=30).map(_writable),
    st.text(st.sampled_from(" \t\n\r\u00a0\u3000"), min_size=1, max_size=5),  # whitespace only
    st.from_regex(r"\A=[A-Za-z0-9(),:+*/ -]{0,12}\Z").map(_writable),  # '=' text, stored as text
)
EDGES = [2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, 10**20, -(2**63), 1e19, 1e308, 5e-324, -0.0]
numbers = st.one_of(
    st.sampled_from(EDGES),  # where float64 and int64 part ways
    st.integers(),
    st.integers(min_value=-3, max_value=400),
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(min_value=-1, max_value=300, allow_nan=False),
)
moments = st.one_of(
    st.datetimes(),
    st.dates(),
    st.times(),
    st.timedeltas(min_value=dt.timedelta(0), max_value=dt.timedelta(days=3000)),
)
garbage = st.one_of(
    st.none(),
    st.booleans(),
    texts,
    numbers,
    moments,
    st.builds(Formula, st.sampled_from(["=1+1", "=A1", "=SUM(A1:A3)", "=1/0", '="x"&"y"'])),
)


@st.composite
def cases(draw: st.DrawFn, samples: list[str], sheet: str | None = None, column: int | None = None) -> Case:
    """A sample and 1 to 4 edits anywhere in its used range plus one row and one column beyond."""
    sample = draw(st.sampled_from(samples))
    shapes = SHAPES[sample]
    edits = []
    for _ in range(draw(st.integers(1, 4) if sheet is None else st.just(1))):
        name = sheet or draw(st.sampled_from(sorted(shapes)))
        rows, columns = shapes[name]
        top = 2 if column is not None else 1  # a Settings value: below the header
        row = draw(st.integers(top, rows + 1))
        col = column or draw(st.integers(1, columns + 1))
        edits.append(Edit(name, row, col, draw(garbage)))
    return Case(sample, tuple(edits))


# ---------------------------------------------------------------- running and checking

INT64_MIN = str(-(2**63))  # what a number past int64 silently becomes when cast


def _may_read_as_int64_min(value: object) -> bool:
    """Garbage that may itself read as -2**63, so that showing it is an echo, not an overflow."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return value < -(2**62)
    if isinstance(value, str):
        try:
            return float(value) < -(2**62)
        except ValueError:
            return INT64_MIN in value
    return False


SUMMARY_ERRORS = re.compile(
    r"(?P<source>.+): (?P<count>\d+) problem\(s\) must be fixed before tally can score it:"
)
SUMMARY_WARNINGS = re.compile(r"(?P<source>.+): (?P<count>\d+) warning\(s\):")
MORE = re.compile(
    r"  \.\.\. and \d+ more: \d+ error\(s\) and \d+ warning\(s\) in all \(add --all to list every one\)"
)


def item_pattern(places: list[str]) -> re.Pattern[str]:
    """`  - [<code>] <place>[, row N][, column '<header>'][ [<value>]]: <message>`, newlines allowed in garbage."""
    where = "|".join(re.escape(p) for p in sorted(places, key=len, reverse=True))
    return re.compile(
        rf"  - \[(?P<code>[A-Z][0-9]{{3}})\] (?P<place>{where})(?:, row (?P<row>\d+))?(?:, column '(?P<column>.+?)')?"
        r"(?: \[(?P<value>.+?)\])?: (?P<message>\S.*)",
        re.DOTALL,
    )


def mutated(case: Case, folder: Path) -> Path:
    """The sample with the case's edits, saved in the folder."""
    book = load_workbook(SAMPLES / case.sample)
    for edit in case.edits:
        cell = book[edit.sheet].cell(edit.row, edit.column)
        if isinstance(edit.value, Formula):
            cell.value = edit.value.text
            assert cell.data_type == "f"
        else:
            cell.value = edit.value
            if isinstance(edit.value, str) and edit.value.startswith("="):
                cell.data_type = "s"  # typed text, not a formula
    target = folder / case.sample
    book.save(target)
    return target


def split_output(output: str, garbage_has_newline: bool) -> list[str]:
    """The output's lines, each problem item joined with the lines a garbage newline split off it."""
    lines: list[str] = []
    for line in output.split("\n")[:-1] if output.endswith("\n") else output.split("\n"):
        known = (
            line.startswith(("  - ", "wrote "))
            or SUMMARY_ERRORS.fullmatch(line)
            or SUMMARY_WARNINGS.fullmatch(line)
            or MORE.fullmatch(line)
        )
        if not known and garbage_has_newline and lines and lines[-1].startswith("  - "):
            lines[-1] += "\n" + line  # a header or value typed with a newline inside
        else:
            lines.append(line)
    return lines


def check_items(items: list[str], places: list[str], case: Case, source: Path) -> None:
    """Every problem line is located: a sheet of the workbook (row within it), `workbook` or the file."""
    pattern = item_pattern(places)
    for item in items:
        m = pattern.fullmatch(item)
        assert m, f"problem line not located: {item!r}"
        rows = SHAPES[case.sample].get(m["place"], (0, 0))[0] + 1  # edits may fill one row below
        if m["row"] is not None:
            assert m["place"] in SHAPES[case.sample], f"a row given outside a sheet: {item!r}"
            assert 1 <= int(m["row"]) <= rows, f"row {m['row']} is outside sheet {m['place']}: {item!r}"
        if m["place"] in ("workbook", source.name):
            assert m["row"] is None and m["column"] is None, f"a workbook problem with a cell: {item!r}"


def check_run(case: Case, game: str) -> int:
    """Run tally on the mutated sample and check the property; returns the exit code."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = mutated(case, folder)
        out = folder / "out" / "standings.xlsx"
        result = CliRunner().invoke(app, [game, "standings", str(source), "-o", str(out)])
        output = result.output
        shown = f"{case}\nexit {result.exit_code}\n{output}"
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{shown}\nraised {result.exception!r}"
        )
        assert result.exit_code in (0, 1), shown
        assert "Traceback" not in output, shown
        assert "X002" not in codes_in(output), shown  # not an internal error
        overflow_shows = not any(_may_read_as_int64_min(e.value) for e in case.edits)
        if overflow_shows:
            assert INT64_MIN not in output, f"{shown}\na number overflowed int64"

        newline = any(isinstance(e.value, str) and "\n" in e.value for e in case.edits)
        lines = split_output(output, newline)
        items = [line for line in lines if line.startswith("  - ")]
        others = [line for line in lines if not line.startswith("  - ")]
        places = [*SHAPES[case.sample], "workbook", source.name]
        check_items(items, places, case, source)

        if result.exit_code == 1:
            assert not out.exists(), f"{shown}\nexit 1 but the standings were written"
            assert not out.parent.exists() or not any(out.parent.iterdir()), f"{shown}\nleft files behind"
            head = SUMMARY_ERRORS.fullmatch(lines[0]) if lines else None
            assert head, f"{shown}\nno problem summary first"
            assert head["source"] == str(source), shown
            count = int(head["count"])
            assert count >= 1, shown
            assert len(items) >= min(count, SHOWN), (
                f"{shown}\n{count} problem(s) announced, {len(items)} listed"
            )
            assert all(MORE.fullmatch(line) for line in others[1:]), f"{shown}\nunexpected lines {others[1:]}"
            if any(MORE.fullmatch(line) for line in others):
                assert len(items) == SHOWN and MORE.fullmatch(lines[-1]), shown
            if not any(isinstance(e.value, str) and "warning" in e.value.lower() for e in case.edits):
                assert ": warning: " not in items[0], f"{shown}\nthe first problem listed is not an error"
        else:
            assert lines and lines[-1] == f"wrote {out}", shown
            if items:
                head = SUMMARY_WARNINGS.fullmatch(lines[0])
                assert head and head["source"] == str(source), f"{shown}\nwarnings without their summary"
                assert len(others) == 2 or (len(others) == 3 and MORE.fullmatch(others[1])), shown
                assert all(": warning: " in item for item in items), f"{shown}\nan error listed on exit 0"
            else:
                assert lines == [f"wrote {out}"], shown
            assert sorted(p.name for p in out.parent.iterdir()) == [out.name], f"{shown}\nstray files"
            book = load_workbook(out)
            assert "Standings" in book.sheetnames, f"{shown}\nsheets {book.sheetnames}"
            assert book["Standings"].max_row >= 1, shown
            if overflow_shows:
                wrapped = [
                    f"{ws.title}!{c.coordinate}"
                    for ws in book
                    for row in ws.iter_rows()
                    for c in row
                    if c.value == -(2**63) or INT64_MIN in str(c.value)
                ]
                assert not wrapped, f"{shown}\na number overflowed int64 in the standings at {wrapped}"
        if currently_in_test_context():
            event(f"exit {result.exit_code}")
        return result.exit_code


# ---------------------------------------------------------------- the properties


@settings(GARBAGE, max_examples=20)
@given(case=cases(DOMINO))
@example(case=Case("domino_pairs.xlsx", (Edit("Matches", 2, 7, "12 pips"),)))  # exit 1
@example(case=Case("domino_pairs.xlsx", (Edit("Settings", 2, 2, "🂡 李伟 <&> =x"),)))  # exit 0
@example(case=Case("domino_individual.xlsx", (Edit("Matches", 1, 3, "A1\nA1"),)))  # header with a newline
@example(case=Case("domino_pairs.xlsx", (Edit("Matches", 2, 1, 2**63),)))  # found: Round 2**63 -> exit 3
@pytest.mark.slow
def test_garbage_in_a_domino_workbook_is_located_or_scored(case: Case):
    check_run(case, "domino")


@settings(GARBAGE, max_examples=20)
@given(case=cases(BRIDGE))
@example(case=Case("bridge_club_mp.xlsx", (Edit("Results", 2, 6, "3NTX"),)))  # exit 0
@example(case=Case("bridge_teams.xlsx", (Edit("Results", 3, 6, "twelve"),)))  # exit 1
@example(case=Case("bridge_club_mp.xlsx", (Edit("Results", 2, 3, 2**63),)))  # found: Board 2**63 -> exit 3
@pytest.mark.slow
def test_garbage_in_a_bridge_workbook_is_located_or_scored(case: Case):
    check_run(case, "bridge")


@settings(GARBAGE, max_examples=12)
@given(case=cases(DOMINO + BRIDGE, sheet="Settings", column=2))
@example(case=Case("bridge_club_mp.xlsx", (Edit("Settings", 2, 2, 2**63),)))  # found: Event 2**63 -> exit 3
@example(case=Case("domino_pairs.xlsx", (Edit("Settings", 4, 2, 10**20),)))  # found: target -2**63
@example(case=Case("domino_pairs.xlsx", (Edit("Settings", 5, 2, 10**20),)))  # found: podium -2**63, exit 0
@pytest.mark.slow
def test_garbage_in_a_settings_value_never_crashes(case: Case):
    check_run(case, "domino" if case.sample.startswith("domino_") else "bridge")


def test_both_outcomes_are_checked():
    """The checker is not vacuous: known-good garbage scores, known-bad garbage is refused and located."""
    good = Case("domino_run_out.xlsx", (Edit("Settings", 2, 2, "=not a formula"),))
    bad = Case("bridge_imp_pairs_butler.xlsx", (Edit("Results", 4, 8, "NP"),))
    assert check_run(good, "domino") == 0
    assert check_run(bad, "bridge") == 1
