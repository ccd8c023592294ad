"""Models are the single source of every column (docs/architecture.md, "To add a column"): a column is
declared once in schemas/ (its header, the other headers accepted for it, the template's note, Excel's check,
its number format), and pipeline/ names it only through its model (`MatchesSheet.a_pips`), never as a
string. A string in pipeline/ equal to a declared column's name or header is reported here with its place."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from collections import Counter
from pathlib import Path

import pandera.pandas as pa
import pytest
from conftest import ROOT

import schemas
from pipeline.games.checks import ALIAS_READ, with_aliases
from pipeline.games.template import template_notes
from pipeline.sheets import Sheet, entry_validations
from schemas.common import Entry, Text, column, columns_of, sheet_name_of, titles_of
from schemas.plain import Span

MODEL_MODULES = tuple(  # every module of schemas/: a new one is scanned without a change here
    importlib.import_module(f"schemas.{m.name}") for m in pkgutil.iter_modules(schemas.__path__)
)

# Strings equal to a column name that are not column names where they stand, each with why.
NOT_COLUMNS: dict[tuple[str, str], str] = {
    ("pipeline/games/checks.py", "column"): "pandera's name for the failing column in its failure cases",
    ("pipeline/games/checks.py", "check"): "pandera's name for the failed check in its failure cases",
    ("pipeline/games/settings.py", "Event"): "the Event setting's written name, in its own SettingSpec",
    ("pipeline/games/settings.py", "Date"): "the Date setting's written name, in its own SettingSpec",
    ("pipeline/games/settings.py", "Weight"): "the Weight setting's written name, in its own SettingSpec",
    ("pipeline/games/settings.py", "Section"): "the Section setting's written name, in its own SettingSpec",
    ("pipeline/games/heading.py", "Status"): "a Rules line's item: the status line of the standings",
    ("pipeline/workbook/package.py", "Target"): "an XML attribute of a package relationship (ECMA-376)",
    ("pipeline/workbook/package.py", "sheet"): "the workbook part's <sheet> element (ECMA-376)",
    ("pipeline/workbook/package.py", "name"): "an XML attribute of the <sheet> element (ECMA-376)",
    ("pipeline/workbook/package.py", "id"): "an XML attribute of the <sheet> element, r:id (ECMA-376)",
    ("pipeline/workbook/scan.py", "row"): "the worksheet's <row> element (ECMA-376)",
    ("pipeline/games/domino/settings.py", "Target"): "the Target setting's own name, in its SettingSpec",
    ("pipeline/games/bridge/settings.py", "event"): "the Event setting's key in the bridge settings",
    ("pipeline/games/bridge/settings.py", "date"): "the Date setting's key in the bridge settings",
    ("pipeline/games/bridge/settings.py", "weight"): "the Weight setting's key in the bridge settings",
    ("pipeline/games/bridge/methods/matchpoints.py", "MP"): "the matchpoint method's name (Settings Scoring)",
    (
        "pipeline/federation/ranking/report.py",
        "counted",
    ): "a contribution's Note in words, translated (COUNTED)",
}
# The words of the PBN and USEBIO formats (tag, table and column names), which happen to be tally's too.
NOT_COLUMNS[("pipeline/federation/ranking/rules.py", "competitor")] = "a value of the ranking rule credit"
NOT_COLUMNS[("pipeline/federation/ranking/scales.py", "field")] = "a value of ranking.toml's award kind"
NOT_COLUMNS |= {
    ("pipeline/games/bridge/interchange.py", word): "a PBN 2.1 tag or table column name (docs/interchange.md)"
    for word in (
        *("Event", "Date", "Board", "Contract", "Declarer", "Result", "Score", "Section", "Table", "Round"),
        *("Names", "Direction", "Session", "Room"),
    )
}
NOT_COLUMNS |= {
    ("pipeline/games/bridge/deals.py", word): "a PBN 2.1 tag name (docs/interchange.md, Deals)"
    for word in ("Board", "Section", "Dealer")
}
NOT_COLUMNS[("pipeline/workbook/pbn.py", "Table")] = "the suffix of a PBN table section's tag (PBN 2.1, 5.1)"
NOT_COLUMNS |= {
    ("pipeline/games/bridge/export.py", "Dealer"): "a PBN 2.1 tag name (the mandatory tag set)",
    ("pipeline/games/bridge/export.py", "Rank"): "a PBN 2.1 TotalScoreTable column name",
    ("pipeline/games/bridge/export.py", "MP"): "the prefix of PBN's ScoreTable columns MP_NS and MP_EW",
    (
        "pipeline/games/bridge/export.py",
        "event",
    ): "a bridge setting's key (the settings PBN and USEBIO carry)",
    ("pipeline/games/bridge/export.py", "date"): "a bridge setting's key (the settings PBN and USEBIO carry)",
    ("pipeline/games/bridge/export.py", "language"): "a setting's key (the settings PBN and USEBIO carry)",
    ("pipeline/workbook/marks.py", "line"): "a regular expression's group name: the line of tally's mark",
}


def declared_models() -> list[type[pa.DataFrameModel]]:
    """Every model schemas/ declares."""
    return [
        v
        for m in MODEL_MODULES
        for v in vars(m).values()
        if isinstance(v, type) and issubclass(v, pa.DataFrameModel) and v.__module__ == m.__name__
    ]


def declared_words() -> set[str]:
    """Every column name and header the models declare."""
    return {w for model in declared_models() for c in columns_of(model) for w in (c.name, c.title)}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants in a syntax tree, and of the names a module exports (`__all__`)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            found |= {id(c) for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def literal_columns(path: Path, words: set[str]) -> list[tuple[int, str]]:
    """(line, string) for each string constant in a file equal to a declared column name or header."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in words
        and id(node) not in skip
    ]


def test_pipeline_names_no_column_by_a_string():
    words = declared_words()
    found = []
    for path in sorted((ROOT / "pipeline").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        found += [
            f"{where}:{line}: {text!r}"
            for line, text in literal_columns(path, words)
            if (where, text) not in NOT_COLUMNS
        ]
    by_file = Counter(f.split(":")[0] for f in found)
    assert found == [], f"{len(found)} column names as strings: {dict(by_file)}\n" + "\n".join(found[:80])


# Strings equal to a sheet's name that are not that sheet where they stand, each with why.
NOT_SHEETS: dict[tuple[str, str], str] = {
    ("pipeline/federation/ranking/report.py", "Ranking"): "a Rules line's item: the rule of the ranking",
    ("pipeline/federation/ranking/report.py", "Players"): "a Rules line's item: how players are matched",
    ("pipeline/games/bridge/report.py", "Ranking"): "a Rules line's item: how places are shared",
    ("pipeline/games/bridge/methods/teams.py", "Teams"): "the teams method's name (Settings Scoring)",
    ("pipeline/games/schedule.py", "Players"): "a Schedule Report measure: how many players",
    ("pipeline/games/schedule.py", "Rounds"): "a Schedule Report measure: how many rounds",
    ("pipeline/games/settings.py", "Rounds"): "the Rounds setting's written name, in its own SettingSpec",
    ("pipeline/games/domino/settings.py", "Ranking"): "the domino Ranking setting's name, in its SettingSpec",
    ("pipeline/games/bridge/export.py", "Teams"): "a PBN Competition tag's value (a teams event)",
    ("pipeline/games/bridge/export.py", "Pairs"): "a PBN Competition tag's value (a pairs event)",
}


def declared_sheets() -> set[str]:
    """Every sheet name a model declares."""
    return {
        pa_name
        for model in declared_models()
        if (pa_name := model.to_schema().name) and pa_name != model.__name__
    }


def test_pipeline_names_no_sheet_by_a_string():
    words = declared_sheets()
    found = []
    for path in sorted((ROOT / "pipeline").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        found += [
            f"{where}:{line}: {text!r}"
            for line, text in literal_columns(path, words)
            if (where, text) not in NOT_SHEETS
        ]
    assert found == [], "\n".join(found)


def test_the_scan_finds_a_column_named_by_a_string(tmp_path):
    source = tmp_path / "example.py"
    source.write_text(
        '"""A module."""\n\ndef f(frame):\n    """round"""\n    return frame["a_pips"] + frame.x\n'
    )
    assert literal_columns(source, declared_words()) == [(5, "a_pips")]


def test_every_model_column_has_a_header_and_every_sheet_model_a_name():
    for model in declared_models():
        for c in columns_of(model):
            assert c.title, f"{model.__name__}.{c.name} declares no header"
        if model.__name__.endswith("Sheet"):
            assert sheet_name_of(model)


class ScoresSheet(pa.DataFrameModel):
    """A sheet declared in the test: one required column, one with aliases, one hidden from templates."""

    player: pa.typing.Series[Text] = column("Player", note="who", nullable=False)
    score: pa.typing.Series[Text] | None = column(
        "Score", note="points", aliases=("Pts", "Punkte"), entry=Entry(Span(0, 10)), nullable=True
    )
    extra: pa.typing.Series[Text] | None = column("Extra", in_template=False, nullable=True)

    class Config:
        name = "Scores"
        strict = False


def test_a_column_declared_once_gives_its_header_note_check_and_aliases():
    assert titles_of(ScoresSheet) == {"player": "Player", "score": "Score", "extra": "Extra"}
    assert template_notes(ScoresSheet) == [("Player", "yes", "who"), ("Score", "no", "points")]
    (check,) = entry_validations(ScoresSheet)
    assert (check.column, check.minimum, check.maximum) == ("Score", 0, 10)
    assert sheet_name_of(ScoresSheet) == "Scores"


def sheet_with(headers: list[str]) -> Sheet:
    """A one-row sheet under the headers as typed (normalized as the reader does)."""
    import pandas as pd

    from pipeline.sheets import normalized_header

    names = [normalized_header(h) for h in headers]
    frame = pd.DataFrame([["x"] * len(names)], columns=names, index=[2], dtype="str")
    return Sheet("Scores", frame, dict(zip(names, headers, strict=True)))


def test_an_alias_is_read_as_its_column_and_the_substitution_is_named():
    read, problems = with_aliases(sheet_with(["Player", "PTS"]), ScoresSheet)
    assert list(read.frame.columns) == ["player", "score"]
    assert read.written("score") == "PTS"
    assert [(p.code, p.column, p.severity) for p in problems] == [(ALIAS_READ.code, "PTS", "warning")]


def test_an_alias_is_not_read_beside_the_column_itself():
    read, problems = with_aliases(sheet_with(["Player", "Score", "Pts"]), ScoresSheet)
    assert list(read.frame.columns) == ["player", "score", "pts"]
    assert problems == []


def test_of_two_aliases_the_first_is_read():
    read, problems = with_aliases(sheet_with(["Punkte", "Player", "Pts"]), ScoresSheet)
    assert list(read.frame.columns) == ["score", "player", "pts"]
    assert [p.column for p in problems] == ["Punkte"]


@pytest.mark.parametrize("model", declared_models(), ids=lambda m: m.__name__)
def test_declared_aliases_do_not_clash_within_a_model(model):
    from pipeline.sheets import normalized_header

    spoken = [normalized_header(w) for c in columns_of(model) for w in (c.title, *c.aliases)]
    assert len(spoken) == len(set(spoken))


def renamed_headers(source: Path, folder: Path, renames: dict[str, str]) -> Path:
    """A copy of a sample workbook with some Results headers typed otherwise."""
    from openpyxl import load_workbook

    book = load_workbook(source)
    for cell in book["Results"][1]:
        cell.value = renames.get(cell.value, cell.value)
    path = folder / source.name
    book.save(path)
    return path


def test_a_bridge_sheet_typed_with_aliases_scores_as_with_the_headers_and_says_so(tmp_path):
    from conftest import ROOT as root

    from pipeline import api

    sample = root / "sample_data" / "bridge_club_mp.xlsx"
    typed = renamed_headers(sample, tmp_path, {"NS": "N-S", "EW": "E/W"})
    report = api.validate(typed)
    assert report.valid
    assert sorted((p.code, p.column) for p in report.problems) == [("W118", "E/W"), ("W118", "N-S")]
    got, want = api.standings(typed).sheets, api.standings(sample).sheets
    assert [s.name for s in got] == [s.name for s in want]
    standings = next(s for s in got if s.name == "Standings")
    expected = next(s for s in want if s.name == "Standings")
    assert standings.frame.equals(expected.frame)


def test_a_header_that_is_no_alias_is_still_a_missing_column(tmp_path):
    from conftest import ROOT as root

    from pipeline import api

    typed = renamed_headers(root / "sample_data" / "bridge_club_mp.xlsx", tmp_path, {"NS": "North"})
    report = api.validate(typed)
    assert [(p.code, p.column) for p in report.errors] == [("W102", "NS")]
