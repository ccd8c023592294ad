"""Adding a column is one declaration (docs/architecture.md, "To add a column"): done here on a copy of
tally, the one line added to the Players model is, with no other file touched, a header of the template with
its note and Excel check, a column read under its alias (with the W118 warning), and a row of
docs/columns.md."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from openpyxl import Workbook, load_workbook

PLAYERS_CLUB = '    club: Series[Text] | None = column("Club", names={"zh": ("俱乐部",)}, note=N_("the club"), nullable=True)\n'
ADDED = (
    '    seed: Series[Text] = column("Seed", note="the seeding number", aliases=("Cabeza de serie",), '
    "entry=Entry(Span(1, 64)), nullable=True)\n"
)


@pytest.fixture(scope="module")
def copy_with_a_column(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of tally whose domino Players model declares one more column, and nothing else changed."""
    home = tmp_path_factory.mktemp("tally")
    for folder in ("pipeline", "schemas", "tools"):
        shutil.copytree(ROOT / folder, home / folder, ignore=shutil.ignore_patterns("__pycache__"))
    model = home / "schemas" / "domino.py"
    source = model.read_text(encoding="utf-8")
    assert source.count(PLAYERS_CLUB) == 1
    model.write_text(source.replace(PLAYERS_CLUB, PLAYERS_CLUB + ADDED), encoding="utf-8")
    changed = [
        str(p.relative_to(home))
        for p in sorted(home.rglob("*.py"))
        if p.read_bytes() != (ROOT / p.relative_to(home)).read_bytes()
    ]
    assert changed == ["schemas/domino.py"]
    return home


def tally(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The copy's command line."""
    code = "import sys; from pipeline.cli import main; sys.argv[0] = 'tally'; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=home, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_template_shows_the_column_with_its_note_and_check(copy_with_a_column: Path):
    out = copy_with_a_column / "template.xlsx"
    assert tally(copy_with_a_column, "template", "domino", "-o", str(out)).returncode == 0
    book = load_workbook(out)
    players = ["Player 1", "Player 1 ID", "Player 2", "Player 2 ID"]  # a pair's two players, declared after
    assert [c.value for c in book["Players"][1]] == ["ID", "Name", "Club", "Seed", *players]
    notes = [r for r in book["Notes"].iter_rows(min_row=2, values_only=True) if r[0] == "Players"]
    assert ("Players", "Seed", "no", "the seeding number") in notes
    checks = book["Players"].data_validations.dataValidation
    assert [(str(v.sqref).split(":")[0], v.formula1, v.formula2) for v in checks] == [("D2", "1", "64")]


def players_workbook(folder: Path, seed_header: str) -> Path:
    """A two-match domino event whose Players sheet has a seeding column under the given header."""
    book = Workbook()
    matches = book.active
    matches.title = "Matches"
    matches.append(["Round", "Table", "A1", "B1", "A Pips", "B Pips"])
    matches.append([1, 1, "P1", "P2", 100, 40])
    players = book.create_sheet("Players")
    players.append(["ID", "Name", seed_header])
    players.append(["P1", "Ana", 1])
    players.append(["P2", "Luis", 2])
    path = folder / f"{seed_header}.xlsx"
    book.save(path)
    return path


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_reader_takes_the_column_under_its_alias_and_says_so(copy_with_a_column: Path, tmp_path: Path):
    path = players_workbook(tmp_path, "Cabeza de serie")
    done = tally(copy_with_a_column, "validate", str(path), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert [(r["code"], r["sheet"], r["column"]) for r in json.loads(done.stdout)] == [
        ("W118", "Players", "Cabeza de serie")
    ]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_docs_page_lists_the_column(copy_with_a_column: Path):
    code = "import sys; sys.path.insert(0, 'tools'); import docs; print(docs.columns_page())"
    page = subprocess.run(
        [sys.executable, "-c", code], cwd=copy_with_a_column, capture_output=True, text=True, timeout=120
    ).stdout
    assert (
        "| `Seed` | `Cabeza de serie` | no | the seeding number | a whole number from 1 to 64 | yes |" in page
    )
