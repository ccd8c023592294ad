"""The reference pages made from the declarations (tools/docs.py) are current: a changed declaration without
`python tools/docs.py` fails here."""

from __future__ import annotations

import sys

import pytest
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

import docs

PROBLEMS = "docs/problems.md"  # checked with the corpus examples it is made from, below


@pytest.mark.parametrize("name", [name for name in docs.PAGES if name != PROBLEMS])
def test_the_page_is_what_the_declarations_say(name: str):
    assert (ROOT / name).read_text(encoding="utf-8") == docs.PAGES[name](), (
        f"run: python tools/docs.py ({name})"
    )


def test_the_settings_page_lists_every_key_of_every_game():
    page = docs.settings_page()
    for key in (
        "`Target`",
        "`Mode`",
        "`Podium`",
        "`Scoring`",
        "`MP Scale`",
        "`Butler Drop`",
        "`VP Scale`",
        "`Weight`",
    ):
        assert key in page


def test_a_setting_declared_in_one_place_is_read_templated_and_documented(monkeypatch, tmp_path):
    """Adding a setting is one entry in the game's settings table: validation accepts it (no "unknown
    setting"), the template lists it with its example, docs/settings.md documents it."""
    from conftest import codes_in, write_xlsx
    from openpyxl import load_workbook
    from typer.testing import CliRunner

    from pipeline.cli import app
    from pipeline.games.domino.settings import SETTINGS
    from pipeline.games.settings import SettingSpec, plain_text

    venue = SettingSpec("Venue", plain_text, "where the event is played", example="Club hall")
    monkeypatch.setitem(SETTINGS, "venue", venue)
    matches = (["Round", "Table", "A1", "B1", "A Pips", "B Pips"], [[1, 1, "p1", "p2", 100, 20]])
    event = write_xlsx(
        tmp_path / "night.xlsx", {"Matches": matches, "Settings": (["Key", "Value"], [["Venue", "Casino"]])}
    )
    checked = CliRunner().invoke(app, ["validate", str(event)])
    assert checked.exit_code == 0 and "S102" not in codes_in(checked.output)  # not an unknown setting
    assert CliRunner().invoke(app, ["template", "domino", "-o", str(tmp_path / "blank.xlsx")]).exit_code == 0
    book = load_workbook(tmp_path / "blank.xlsx")
    notes = [r for r in book["Notes"].iter_rows(values_only=True) if r[0] == "Settings" and r[1] == "Key"]
    assert "Venue" in notes[0][3]
    assert ("Venue", "Club hall") in [tuple(r[1:3]) for r in book["Examples"].iter_rows(values_only=True)]
    assert "| `Venue` |  | where the event is played |" in docs.settings_page()


@pytest.mark.slow  # validates every corpus workbook (about 11 s; make test SLOW=1 and CI run it)
def test_every_code_has_an_example_and_every_problem_a_declared_code():
    """docs/problems.md is current and shows an example of every code, and every problem the corpora give
    has a code declared with its severity (one test: the corpora are validated once per test process)."""
    from pipeline.problems import KINDS

    page = docs.problems_page()
    assert (ROOT / PROBLEMS).read_text(encoding="utf-8") == page, f"run: python tools/docs.py ({PROBLEMS})"
    assert "(none yet)" not in page
    examples = docs.corpus_examples()
    assert "" not in examples, examples.get("")
    assert set(examples) <= set(KINDS)
