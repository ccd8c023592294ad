"""Tests assert problem codes, not English (issue 14, item 6): every code a test expects is a declared one,
and the codes the corpora of bad workbooks expect are codes tally reports for them, so a renamed or retired
code fails here, loudly, naming the code."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from conftest import ROOT, codes_in
from corpus import bridge_cases, domino_cases, hostile_cases
from typer.testing import CliRunner

from pipeline.api import every_kind
from pipeline.cli import app
from pipeline.games.registry import GAMES
from pipeline.games.scoring import recognised_event
from pipeline.problems import KINDS, InputError, Problem
from pipeline.workbook import read_workbook

every_kind()  # every module that declares a kind of problem is imported
CODE = re.compile(r"[A-Z]\d{3}")  # D119, as a test writes it alone or as tally prints it: [D119]


def codes_written_in(path: Path) -> set[str]:
    """The problem codes a test file writes: a string that is a code, or a code in brackets in a string."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if CODE.fullmatch(node.value):
                found.add(node.value)
            found.update(re.findall(r"\[(" + CODE.pattern + r")\]", node.value))
    return found


def test_every_code_a_test_expects_is_declared():
    written = {
        path.relative_to(ROOT).as_posix(): codes_written_in(path) for path in (ROOT / "tests").rglob("*.py")
    }
    undeclared = {name: sorted(codes - set(KINDS)) for name, codes in written.items() if codes - set(KINDS)}
    assert undeclared == {}, "codes the tests expect that no kind(...) declares"
    assert len(set().union(*written.values())) >= 50  # the scan sees the tests' codes


def loaded_problems(game: str, path: Path) -> list[Problem]:
    """Every problem the game's loader finds in the workbook (its errors, or the warnings of a scored one), run
    as the command line runs it (`recognised_event`: another game's workbook is named as such, W140)."""
    try:
        return recognised_event(read_workbook(path).sheets, GAMES[game]).event.warnings
    except InputError as exc:
        return exc.problems


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Problem]]:
    """Every problem tally reports for each corpus workbook, by `corpus/case`: the game's loader for the
    domino and bridge corpora (as their tests run them), `validate --json` for the hostile one."""
    found: dict[str, list[Problem]] = {}
    for game, module in (("domino", domino_cases), ("bridge", bridge_cases)):
        for case in module.CASES + module.ACCEPTED:
            folder = tmp_path_factory.mktemp(f"{game}-{case.name}")
            found[f"{game}/{case.name}"] = loaded_problems(game, case.write(folder))
    for hostile in hostile_cases.CASES:
        path = hostile.write(tmp_path_factory.mktemp(f"hostile-{hostile.name}"))
        result = CliRunner().invoke(app, ["validate", str(path), "--json", *hostile.options])
        found[f"hostile/{hostile.name}"] = [Problem(**r) for r in json.loads(result.stdout)]
    return found


def expected_codes() -> dict[str, set[str]]:
    """The codes each corpus case expects, by `corpus/case`."""
    cases = {
        **{f"domino/{c.name}": c.expected for c in domino_cases.CASES + domino_cases.ACCEPTED},
        **{f"bridge/{c.name}": c.expected for c in bridge_cases.CASES + bridge_cases.ACCEPTED},
        **{f"hostile/{c.name}": (*c.expected, *c.validate_expected) for c in hostile_cases.CASES},
    }
    return {key: {e.code for e in expected} for key, expected in cases.items()}


@pytest.mark.slow  # validates every corpus workbook again (about 11 s; make test SLOW=1 and CI run it)
def test_the_codes_the_corpora_expect_are_declared_reported_and_of_their_severity(
    reported: dict[str, list[Problem]],
):
    expected = expected_codes()
    assert set(expected) == set(reported)
    undeclared = sorted(set().union(*expected.values()) - set(KINDS))
    assert undeclared == [], "codes the corpora expect that no kind(...) declares"
    for corpus in ("domino", "bridge", "hostile"):  # each corpus as a whole, then case by case
        keys = [k for k in expected if k.startswith(f"{corpus}/")]
        wanted = set().union(*(expected[k] for k in keys))
        given = {p.code for k in keys for p in reported[k]}
        assert sorted(wanted - given) == [], f"codes the {corpus} corpus expects and tally never reports"
    unreported = {k: sorted(codes - {p.code for p in reported[k]}) for k, codes in expected.items()}
    assert {k: v for k, v in unreported.items() if v} == {}
    # every problem the corpora give has a declared code and the severity its code declares (the corpus
    # expectations take a problem's severity from its code's declaration); one test, as the corpora are
    # scored once per test process
    problems = [p for found in reported.values() for p in found]
    assert len(problems) > 200
    odd = [
        f"{p.code} {p.severity}: {p}"
        for p in problems
        if p.code not in KINDS or KINDS[p.code].severity != p.severity
    ]
    assert odd == []


def test_codes_in_reads_every_way_tally_prints_a_code():
    """codes_in, which most tests read the output with, finds the code in each printed form and nowhere
    else (a cell's value in brackets is not a code)."""
    output = "\n".join(
        [
            "night.xlsx: 2 problem(s) must be fixed before tally can score it:",
            "  - [D119] Matches, row 2, column 'A Pips' [B101]: expected a whole number from 0 to 100,000",
            "  - [F101] march.xlsx: is not an xlsx workbook (not a zip archive)",
            "error [X001]: gone.xlsx: no such file or folder",
            "internal error [X002]: RuntimeError: boom (run with --debug for details)",
            "  - friday.xlsx: [F103] is damaged",
            "[R112] march.xlsx: cannot be read",
            "Results, row 3, column 'Board' [B101]: expected a whole number from 1 to 10,000",
        ]
    )
    assert codes_in(output) == ["D119", "F101", "X001", "X002", "F103", "R112"]
