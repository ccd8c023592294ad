"""Hostile and structurally bad workbooks (tests/corpus/hostile_cases.py) through the real commands.

Every case is run three ways, once per module: `tally validate` (the problems located on stderr, the
verdict on stdout), `tally validate --json` (only JSON records on stdout) and `tally <game> standings`
(on errors: exit 1, no output file and no temporary file left beside the input). Each must answer fast.

Cases marked `isolated` run their three commands in a child Python process (one per case, all started at
once, working while the other cases run here), with a timeout and a memory cap: were the guard to let
them through, the Rust reader would abort the process (or claim all the memory) instead of reporting a
problem, and this test session must survive to say so. One of them also goes through the installed
`tally` console script, to see a real process end with exit 1.
"""

from __future__ import annotations

import json
import math
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from corpus.common import FILE_NAME, Expected, matching, printed
from corpus.hostile_cases import (
    CASES,
    HostileCase,
    big_genuine_workbook,
    bridge,
    domino,
    domino_sheet,
    openpyxl_book,
    package,
    raw,
)
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.errors import PROBLEM_COLUMNS, Problem

OUT_NAME = "standings.xlsx"
MUST_FIX = "problem(s) must be fixed before tally can score it"
TALLY = Path(sys.executable).with_name("tally")  # the console script of this virtualenv
CHILD_MEMORY = 4 << 30  # bytes of address space a child may take: tally needs well under 1 GB
CHILD_TIMEOUT = 120.0
BINARY_SUFFIXES = {".xlsx", ".xlsm", ".xls", ".zip", ".bin", ".cfb"}


@dataclass(frozen=True)
class Outcome:
    """How one command ended: exit code (None after a timeout, negative when killed by a signal), output,
    and its time in seconds (NaN when the process died before answering)."""

    exit_code: int | None
    stdout: str
    stderr: str
    seconds: float

    def why(self) -> str:
        """The end of the output, for assertion messages."""
        return f"exit {self.exit_code}\nstdout: {self.stdout[-1500:]}\nstderr: {self.stderr[-1500:]}"


@dataclass(frozen=True)
class Runs:
    """The three commands run on one case, and the files beside the input afterwards."""

    path: Path
    human: Outcome
    json: Outcome
    standings: Outcome
    files: list[str]


def commands(case: HostileCase, path: Path) -> dict[str, list[str]]:
    """The three command lines of a case."""
    return {
        "human": ["validate", str(path), *case.options],
        "json": ["validate", str(path), "--json", *case.options],
        "standings": [case.game, "standings", str(path), "-o", str(path.parent / OUT_NAME), *case.options],
    }


def in_process(args: list[str]) -> Outcome:
    """Run one command with Typer's CliRunner (stdout and stderr apart)."""
    start = time.perf_counter()
    result = CliRunner().invoke(app, args)
    seconds = time.perf_counter() - start
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # escaped the CLI's own error handling: let pytest show it
    return Outcome(result.exit_code, result.stdout, result.stderr, seconds)


# The child's program: the three commands through Typer's CliRunner, their outcomes as JSON on stdout.
# Should the reader abort, the child dies with a signal and its stderr says why.
CHILD = """
import json, sys, time, traceback
from typer.testing import CliRunner
from pipeline.cli import app
out = {}
for key, args in json.loads(sys.argv[1]).items():
    start = time.perf_counter()
    result = CliRunner().invoke(app, args)
    err = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        err += "".join(traceback.format_exception(result.exception))
    out[key] = [result.exit_code, result.stdout, err, time.perf_counter() - start]
print(json.dumps(out))
"""


def _cap_memory() -> None:
    """In the child, before Python starts: a hard cap on its address space (a runaway reader fails fast)."""
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def child_env() -> dict[str, str]:
    """The environment of a child: this one, with a one-line Rust abort message instead of a backtrace."""
    return {**os.environ, "RUST_BACKTRACE": "0"}


def start_child(lines: dict[str, list[str]]) -> tuple[subprocess.Popen[str], float]:
    """A child process running the command lines (in the background), and when it started."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, json.dumps(lines)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
        cwd=Path(__file__).resolve().parents[1],
        preexec_fn=_cap_memory,
    )
    return child, time.perf_counter()


def finish_child(child: subprocess.Popen[str], started: float, keys: list[str]) -> dict[str, Outcome]:
    """The outcomes of a child's commands; each takes the child's death (or timeout) if it died."""
    try:
        out, err = child.communicate(timeout=max(1.0, CHILD_TIMEOUT - (time.perf_counter() - started)))
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        return {key: Outcome(None, out, err + "\n(timed out)", math.inf) for key in keys}
    if child.returncode != 0:  # died: no command answered (the time is unknown)
        return {key: Outcome(child.returncode, out, err, math.nan) for key in keys}
    return {key: Outcome(*values) for key, values in json.loads(out).items()}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[HostileCase], Runs]]:
    """Each case built once in its own folder and run three ways; the outcomes are shared by the tests.

    The isolated cases' children start at once, and work while the other cases run in this process."""
    done: dict[str, Runs] = {}
    children = {}
    for case in CASES:
        if case.isolated:
            path = case.write(tmp_path_factory.mktemp(case.name))
            children[case.name] = (path, *start_child(commands(case, path)))

    def get(case: HostileCase) -> Runs:
        if case.name not in done:
            if case.isolated:
                path, child, started = children.pop(case.name)
                ran = finish_child(child, started, list(commands(case, path)))
            else:
                path = case.write(tmp_path_factory.mktemp(case.name))
                ran = {key: in_process(args) for key, args in commands(case, path).items()}
            done[case.name] = Runs(path, **ran, files=sorted(p.name for p in path.parent.iterdir()))
        return done[case.name]

    yield get
    for _, child, _ in children.values():  # children no test asked for (a selection of tests was run)
        child.kill()
        child.communicate()


def records_of(outcome: Outcome) -> list[dict[str, object]]:
    """The JSON records `validate --json` printed: the whole of stdout must be one JSON array."""
    records = json.loads(outcome.stdout)
    assert isinstance(records, list)
    assert all(isinstance(r, dict) and list(r) == PROBLEM_COLUMNS for r in records), records
    return records


def unprinted(output: str, expected: tuple[Expected, ...]) -> list[str]:
    """The expected problems no printed line locates and words as expected."""
    return [f"{e.where}: {e.text}" for e in expected if not printed(output, e)]


def verdict(problems: list[Problem]) -> str:
    """The last words of `tally validate` for these problems."""
    errors = sum(p.severity == "error" for p in problems)
    if not problems:
        return "no problems found"
    return f"{errors} error(s), {len(problems) - errors} warning(s)"


ids = [c.name for c in CASES]
HOSTILE = [c for c in CASES if c.kind == "hostile"]
REFUSED = [c for c in HOSTILE if c.exit_code == 1]
REFUSED_IN_PROCESS = [c for c in REFUSED if not c.isolated]


# ---------------------------------------------------------------- the corpus itself
def test_the_corpus_covers_every_kind_of_case_and_names_are_unique():
    assert len({c.name for c in CASES}) == len(CASES)
    assert len(HOSTILE) >= 15 and len(CASES) - len(HOSTILE) >= 15
    assert {c.game for c in CASES} == {"domino", "bridge"}
    assert {c.exit_code for c in CASES} == {0, 1}
    assert all(c.expected for c in CASES if c.exit_code == 1)
    assert sum(c.isolated for c in CASES) >= 2


def test_every_builder_writes_only_event_xlsx_and_quickly(tmp_path: Path):
    start = time.perf_counter()
    for case in CASES:  # about forty small builds, and one of a million rows
        folder = tmp_path / case.name
        folder.mkdir()
        assert case.write(folder) == folder / FILE_NAME
        assert [p.name for p in folder.iterdir()] == [FILE_NAME]
        assert (folder / FILE_NAME).stat().st_size > 0
    assert time.perf_counter() - start < 30


def test_no_binary_workbook_is_checked_in():
    corpus = Path(__file__).parent / "corpus"
    assert [p for p in corpus.rglob("*") if p.suffix.lower() in BINARY_SUFFIXES] == []


@pytest.mark.parametrize(
    "build",
    [
        raw(lambda: package({"Matches": domino_sheet()})),
        openpyxl_book(domino()),
        openpyxl_book(bridge()),
        raw(big_genuine_workbook),
    ],
    ids=["hand_written_package", "openpyxl_domino", "openpyxl_bridge", "big_genuine_workbook"],
)
def test_the_workbooks_the_cases_start_from_are_valid(build, tmp_path: Path):
    """Each case spoils one valid workbook: the problem reported is the one the case adds."""
    result = in_process(["validate", str(build(tmp_path))])
    assert result.exit_code == 0, result.why()
    assert result.stdout.strip().endswith("workbook: no problems found"), result.why()
    assert result.stderr == ""


# ---------------------------------------------------------------- every case, three ways
@pytest.mark.parametrize("case", CASES, ids=ids)
def test_validate_prints_each_problem_at_its_place(case: HostileCase, runs):
    ran = runs(case)
    human = ran.human
    assert human.exit_code == case.exit_code, human.why()
    assert "internal error" not in human.stderr and "Traceback" not in human.stderr
    assert unprinted(human.stderr, case.validate_expected) == [], human.why()
    if case.exit_code == 1:
        assert MUST_FIX in human.stderr
    problems = [Problem(**r) for r in records_of(ran.json)]  # type: ignore[arg-type]
    last = human.stdout.strip().splitlines()[-1]
    assert last.startswith(f"{ran.path}: ") and last.endswith(f" workbook: {verdict(problems)}"), human.why()
    if case in REFUSED:
        assert last == f"{ran.path}: unknown workbook: 1 error(s), 0 warning(s)"


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_validate_json_holds_the_located_records(case: HostileCase, runs):
    out = runs(case).json
    assert out.exit_code == case.exit_code, out.why()
    assert out.stderr == "", "--json prints nothing but the JSON"
    problems = [Problem(**r) for r in records_of(out)]  # type: ignore[arg-type]
    missing = [e for e in case.validate_expected if not matching(problems, e)]
    assert missing == [], "\n".join(map(str, problems))
    if case in REFUSED:  # refused whole: the refusal is the only record, under the file's name
        assert len(problems) == 1
        assert (problems[0].sheet, problems[0].row, problems[0].column) == (FILE_NAME, None, None)
    if case.exit_code == 0:  # nothing but the expected warnings
        assert [p for p in problems if not any(matching([p], e) for e in case.validate_expected)] == []
        assert all(p.severity == "warning" for p in problems)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_standings_exit_code_and_files_left(case: HostileCase, runs):
    ran = runs(case)
    out = ran.standings
    assert out.exit_code == case.exit_code, out.why()
    assert "internal error" not in out.stderr and "Traceback" not in out.stderr
    assert unprinted(out.stderr, case.expected) == [], out.why()
    if case.exit_code == 1:
        assert MUST_FIX in out.stderr
        assert "wrote" not in out.stdout
        assert ran.files == [FILE_NAME], "no output and no temporary file may be left"
    else:
        assert out.stdout.strip() == f"wrote {ran.path.parent / OUT_NAME}"
        assert ran.files == sorted([FILE_NAME, OUT_NAME]), "only the output, no temporary file"


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_every_command_answers_quickly(case: HostileCase, runs):
    ran = runs(case)
    slow = {
        name: round(o.seconds, 1)
        for name, o in (("validate", ran.human), ("validate --json", ran.json), ("standings", ran.standings))
        if not o.seconds <= case.seconds  # NaN: the process died without answering
    }
    assert slow == {}, f"over {case.seconds} s (nan: the process died without answering)"


# ---------------------------------------------------------------- a few things said outright
@pytest.mark.parametrize("case", REFUSED_IN_PROCESS, ids=[c.name for c in REFUSED_IN_PROCESS])
def test_bridge_refuses_a_hostile_file_as_domino_does(case: HostileCase, tmp_path: Path):
    path = case.write(tmp_path)
    out = in_process(["bridge", "standings", str(path), "-o", str(tmp_path / OUT_NAME), *case.options])
    assert out.exit_code == 1, out.why()
    assert unprinted(out.stderr, case.expected) == [], out.why()
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]


def test_raising_the_unzipped_limit_accepts_the_same_workbook(tmp_path: Path):
    path = raw(big_genuine_workbook)(tmp_path)
    refused = in_process(["validate", str(path), "--max-unzipped-mb", "1"])
    assert refused.exit_code == 1
    assert "raise the limit with --max-unzipped-mb" in refused.stderr
    for limit in (["--max-unzipped-mb", "3"], []):  # 3 MB, and the default 1000 MB
        accepted = in_process(["validate", str(path), *limit])
        assert accepted.exit_code == 0, accepted.why()
        assert accepted.stdout.strip() == f"{path}: domino workbook: no problems found"
    written = in_process(
        ["domino", "standings", str(path), "-o", str(tmp_path / OUT_NAME), "--max-unzipped-mb", "3"]
    )
    assert written.exit_code == 0, written.why()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([FILE_NAME, OUT_NAME])


def test_a_merged_range_above_the_header_is_not_reported(runs):
    case = next(c for c in CASES if c.name == "merged_blank_banner_above_the_header_is_fine")
    ran = runs(case)
    assert records_of(ran.json) == []
    assert "merged" not in ran.human.stderr + ran.standings.stderr


def test_a_million_blank_rows_are_refused_in_seconds(tmp_path: Path):
    case = next(c for c in CASES if c.name == "million_blank_formatted_rows")
    start = time.perf_counter()
    out = in_process(["validate", str(case.write(tmp_path)), "--json"])
    assert time.perf_counter() - start < 10
    assert out.exit_code == 1
    assert "999,997 blank formatted rows below its last value (row 3)" in records_of(out)[0]["problem"]


def test_the_console_script_refuses_a_lone_far_cell_in_its_own_process(tmp_path: Path):
    """The installed `tally`, in a process of its own: exit 1 and the refusal as JSON, no abort."""
    case = next(c for c in CASES if c.name == "lone_cell_at_xfd1048576")
    command = (
        [str(TALLY)] if TALLY.exists() else [sys.executable, "-c", "from pipeline.cli import main; main()"]
    )
    done = subprocess.run(
        [*command, "validate", str(case.write(tmp_path)), "--json"],
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT,
        env=child_env(),
        preexec_fn=_cap_memory,
    )
    assert done.returncode == 1, done.stderr[-1500:]
    assert done.stderr == ""
    (record,) = json.loads(done.stdout)
    assert (record["sheet"], record["row"], record["column"]) == (FILE_NAME, None, None)
    assert "uses column XFD (column 16,384)" in record["problem"]
