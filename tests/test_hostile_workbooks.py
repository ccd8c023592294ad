"""Hostile and structurally bad workbooks (tests/corpus/hostile_cases.py) through the real commands.

Every case is run three ways, once per module: `tally validate` (the problems located on stderr, the
verdict on stdout), `tally validate --json` (only JSON records on stdout) and `tally <game> standings`
(on errors: exit 1, no output file and no temporary file left beside the input). Each must answer fast.

Cases marked `isolated` run their commands in a child Python process (tests/corpus/isolation.py), with a
timeout and a memory cap: were the guard to let them through, the Rust reader would abort the process (or
claim all the memory) instead of reporting a problem, and this test session must survive to say so; the
child's peak memory must stay under 1 GB. One of them also goes through the installed `tally` console
script, to see a real process end with exit 1.

Every refused case also goes through every other command that reads a workbook (`diff`, both
`schedule`s, `rank`, `batch`, `demo`): each refuses it with the same code and exit 1, and `batch` still
scores the good workbook beside it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import SAMPLES, codes_in
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
from corpus.isolation import TIMEOUT, Outcome, cap_memory, child_env, run_isolated
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.problems import KINDS, PROBLEM_COLUMNS, Problem
from pipeline.workbook.files import MANIFEST

OUT_NAME = "standings.xlsx"
TALLY = Path(sys.executable).with_name("tally")  # the console script of this virtualenv
BINARY_SUFFIXES = {".xlsx", ".xlsm", ".xls", ".zip", ".bin", ".cfb"}
PEAK_MB = 1000  # the most memory a process refusing a hostile file may take (issue 13)


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


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[HostileCase], Runs]]:
    """Each case built once in its own folder and run three ways; the outcomes are shared by the tests. An
    isolated case runs its commands in a child process of its own (see corpus/isolation.py)."""
    done: dict[str, Runs] = {}

    def get(case: HostileCase) -> Runs:
        if case.name not in done:
            path = case.write(tmp_path_factory.mktemp(case.name))
            lines = commands(case, path)
            if case.isolated:
                ran = run_isolated(list(lines.items()))
            else:
                ran = {key: in_process(args) for key, args in lines.items()}
            done[case.name] = Runs(path, **ran, files=sorted(p.name for p in path.parent.iterdir()))
        return done[case.name]

    yield get


def records_of(outcome: Outcome) -> list[dict[str, object]]:
    """The JSON records `validate --json` printed: the whole of stdout must be one JSON array."""
    records = json.loads(outcome.stdout)
    assert isinstance(records, list)
    assert all(isinstance(r, dict) and list(r) == PROBLEM_COLUMNS for r in records), records
    return records


def unprinted(output: str, expected: tuple[Expected, ...]) -> list[str]:
    """The expected problems no printed line gives with their code at their place."""
    return [e.shown for e in expected if not printed(output, e)]


def verdict(problems: list[Problem]) -> str:
    """The last words of `tally validate` for these problems."""
    errors = sum(p.severity == "error" for p in problems)
    if not problems:
        return "no problems found"
    return f"{errors} error(s), {len(problems) - errors} warning(s)"


ids = [c.name for c in CASES]
SLOW = pytest.mark.slow  # a child process each: run by `make test SLOW=1` and in CI


def params(cases: list[HostileCase]) -> list[object]:
    """The cases as test parameters; the isolated ones are slow."""
    return [pytest.param(c, id=c.name, marks=[SLOW] if c.isolated else []) for c in cases]


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


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_every_builder_writes_only_event_xlsx_and_quickly(tmp_path: Path):
    start = time.perf_counter()
    for case in CASES:  # about forty small builds, and one of a million rows
        folder = tmp_path / case.name
        folder.mkdir()
        assert case.write(folder) == folder / FILE_NAME
        assert [p.name for p in folder.iterdir()] == [FILE_NAME]
        assert (folder / FILE_NAME).stat().st_size > 0 or case.name == "empty_file_named_xlsx"
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
@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("case", params(CASES))
def test_validate_prints_each_problem_at_its_place(case: HostileCase, runs):
    ran = runs(case)
    human = ran.human
    assert human.exit_code == case.exit_code, human.why()
    assert "X002" not in codes_in(human.stderr) and "Traceback" not in human.stderr
    assert unprinted(human.stderr, case.validate_expected) == [], human.why()
    if case.exit_code == 1:
        assert any(KINDS[c].severity == "error" for c in codes_in(human.stderr)), human.why()
    problems = [Problem(**r) for r in records_of(ran.json)]  # type: ignore[arg-type]
    last = human.stdout.strip().splitlines()[-1]
    assert last.startswith(f"{ran.path}: ") and last.endswith(f" workbook: {verdict(problems)}"), human.why()
    if case in REFUSED:
        assert last == f"{ran.path}: unknown workbook: 1 error(s), 0 warning(s)"


@pytest.mark.parametrize("case", params(CASES))
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


@pytest.mark.parametrize("case", params(CASES))
def test_standings_exit_code_and_files_left(case: HostileCase, runs):
    ran = runs(case)
    out = ran.standings
    assert out.exit_code == case.exit_code, out.why()
    assert "X002" not in codes_in(out.stderr) and "Traceback" not in out.stderr
    assert unprinted(out.stderr, case.expected) == [], out.why()
    if case.exit_code == 1:
        assert any(KINDS[c].severity == "error" for c in codes_in(out.stderr)), out.why()
        assert out.stdout == ""
        assert ran.files == [FILE_NAME], "no output and no temporary file may be left"
    else:
        assert out.stdout.strip() == f"wrote {ran.path.parent / OUT_NAME}"
        assert ran.files == sorted([FILE_NAME, OUT_NAME]), "only the output, no temporary file"


@pytest.mark.parametrize("case", params(CASES))
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
    assert codes_in(refused.stderr) == ["F106"]
    assert "raise the limit with --max-unzipped-mb" in refused.stderr  # the wording: what to do
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
    assert codes_in(ran.human.stderr + ran.standings.stderr) == []


def test_a_million_blank_rows_are_refused_in_seconds(tmp_path: Path):
    case = next(c for c in CASES if c.name == "million_blank_formatted_rows")
    start = time.perf_counter()
    out = in_process(["validate", str(case.write(tmp_path)), "--json"])
    assert time.perf_counter() - start < 10
    assert out.exit_code == 1
    (record,) = records_of(out)
    assert (record["code"], record["sheet"], record["row"], record["column"]) == (
        "F119",
        FILE_NAME,
        None,
        None,
    )
    assert "999,997" in str(record["problem"])  # the count of blank rows (a number, not the wording)


@SLOW
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
        timeout=TIMEOUT,
        env=child_env(),
        preexec_fn=cap_memory,
    )
    assert done.returncode == 1, done.stderr[-1500:]
    assert done.stderr == ""
    (record,) = json.loads(done.stdout)
    assert (record["code"], record["sheet"], record["row"], record["column"]) == (
        "F121",
        FILE_NAME,
        None,
        None,
    )
    assert "XFD" in record["problem"]  # the column it names (not the wording)


ISOLATED = [c for c in CASES if c.isolated]


@SLOW
@pytest.mark.parametrize("case", ISOLATED, ids=[c.name for c in ISOLATED])
def test_a_hostile_file_is_refused_in_under_a_gigabyte(case: HostileCase, runs):
    ran = runs(case)
    assert ran.standings.peak_mb < PEAK_MB, f"the child peaked at {ran.standings.peak_mb:,.0f} MB"


# ---------------------------------------------------------------- every other command that reads a workbook
MATRIX = [c for c in REFUSED if not c.options]  # cases needing an option run only where it exists
GOOD_INPUT = "good.xlsx"


def other_commands(path: Path) -> dict[str, list[str]]:
    """Every command but validate and standings, reading the hostile workbook at `path`."""
    folder = path.parent
    return {
        "diff": ["diff", str(path), str(folder / "good-standings.xlsx")],
        "domino schedule": ["domino", "schedule", str(path), "-o", str(folder / "night.xlsx")],
        "bridge schedule": ["bridge", "schedule", str(path), "-o", str(folder / "league.xlsx")],
        "rank": ["rank", str(path), "-o", str(folder / "ranking.xlsx")],
        "batch": ["batch", str(folder / "folder"), "-o", str(folder / "batch-out"), "--workers", "2"],
        "demo": ["demo", "--samples", str(folder / "folder"), "--out", str(folder / "demo-out")],
    }


def prepared(case: HostileCase, folder: Path) -> Path:
    """The case's workbook, a good standings workbook beside it, and a folder holding the case and a good
    results workbook (for batch and demo)."""
    path = case.write(folder)
    good = shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / GOOD_INPUT)
    assert (
        in_process(["domino", "standings", str(good), "-o", str(folder / "good-standings.xlsx")]).exit_code
        == 0
    )
    (folder / "folder").mkdir()
    shutil.copy(path, folder / "folder" / FILE_NAME)
    shutil.copy(good, folder / "folder" / GOOD_INPUT)
    return path


@pytest.fixture(scope="module")
def matrix(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[HostileCase], tuple[Path, dict[str, Outcome]]]:
    """A refused case through every other command (an isolated one in a child process), once per case."""
    done: dict[str, tuple[Path, dict[str, Outcome]]] = {}

    def get(case: HostileCase) -> tuple[Path, dict[str, Outcome]]:
        if case.name not in done:
            path = prepared(case, tmp_path_factory.mktemp(f"m-{case.name}"))
            lines = other_commands(path)
            ran = (
                run_isolated(list(lines.items()))
                if case.isolated
                else {k: in_process(a) for k, a in lines.items()}
            )
            done[case.name] = (path, ran)
        return done[case.name]

    return get


@SLOW
@pytest.mark.parametrize("case", MATRIX, ids=[c.name for c in MATRIX])
def test_every_command_refuses_a_hostile_file_with_the_same_code(case: HostileCase, matrix):
    path, outcomes = matrix(case)
    (refused,) = case.expected
    for command, out in outcomes.items():  # six commands
        assert out.exit_code == 1, f"{command}: {out.why()}"
        codes = codes_in(out.stderr + out.stdout)
        assert "X002" not in codes and "Traceback" not in out.stderr, command
        # rank reads only the Standings and Rules sheets: a hostile part elsewhere is never even unpacked,
        # and the workbook is not a standings workbook (R101)
        skipped = command == "rank" and codes == ["R101"]
        assert codes == [refused.code] or skipped, f"{command}: {out.why()}"
        assert refused.text is None or refused.text in out.stderr + out.stdout, f"{command}: {out.why()}"
        assert out.seconds <= case.seconds, f"{command} took {out.seconds:.1f} s"
    assert not (path.parent / "night.xlsx").exists() and not (path.parent / "ranking.xlsx").exists()


@SLOW
@pytest.mark.parametrize("case", MATRIX, ids=[c.name for c in MATRIX])
def test_batch_scores_the_good_workbook_beside_a_hostile_one(case: HostileCase, matrix):
    path, outcomes = matrix(case)
    out = path.parent / "batch-out"
    assert "1 computed, 0 unchanged, 1 failed" in outcomes["batch"].stdout, outcomes["batch"].why()
    assert (out / "good-standings.xlsx").exists()
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["inputs"]
    assert manifest[GOOD_INPUT]["status"] == "ok"
    assert manifest[FILE_NAME]["status"] == "failed"
    assert codes_in(manifest[FILE_NAME]["problem"]) == [case.expected[0].code]
