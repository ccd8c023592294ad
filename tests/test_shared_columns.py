"""The shared layer's columns declared once (issue 14, item 3): the Corrections sheet's notes serve both games'
templates, the shared tables of schemas/shared.py declare a header for every column, and the batch manifest's
entry is written from its one declaration."""

from __future__ import annotations

import pandera.pandas as pa
import pytest

import schemas.shared
from pipeline.games.bridge.template import bridge_template
from pipeline.games.domino.template import domino_template
from pipeline.games.template import model_sheet
from pipeline.workbook.files import MANIFEST_KEYS, ManifestEntry
from schemas.common import columns_of, sheet_name_of, titles_of
from schemas.corrections import CorrectionsSheet as C
from schemas.shared import NotesSheet as N

SHARED_MODELS = [
    v
    for v in vars(schemas.shared).values()
    if isinstance(v, type) and issubclass(v, pa.DataFrameModel) and v.__module__ == schemas.shared.__name__
]


def corrections_notes(template) -> list[tuple[str, str, str]]:
    """The Corrections rows of a template's Notes sheet, as written."""
    notes = next(s.frame for s in template() if s.name == sheet_name_of(N))
    heads = titles_of(N)
    rows = notes[notes[heads[N.sheet]] == sheet_name_of(C)]
    return list(rows[[heads[N.column], heads[N.required], heads[N.holds]]].itertuples(index=False, name=None))


@pytest.mark.parametrize(
    ("template", "keys", "column_note"),
    [
        (domino_template, [C.round, C.table], "the Matches column to correct, e.g. A Pips"),
        (bridge_template, [C.board, C.ns, C.ew], "the Results column to correct, e.g. Tricks"),
    ],
)
def test_the_corrections_sheet_declares_what_each_games_template_says(template, keys, column_note):
    shown = [C.submitted_at, *keys, C.column, C.new_value, C.reason, C.director]
    name, notes, checks = model_sheet(C, shown, {C.column: column_note})
    assert name == "Corrections" and checks == ()
    assert notes == corrections_notes(template)


@pytest.mark.parametrize("model", SHARED_MODELS, ids=lambda m: m.__name__)
def test_every_shared_table_heads_each_column(model):
    assert all(c.title for c in columns_of(model))
    if model.__name__.endswith("Sheet"):
        assert sheet_name_of(model)


def test_a_manifest_entry_gives_its_problem_only_when_it_has_one():
    ok = ManifestEntry("h", "1.0", "a-standings.xlsx", "ok").written
    failed = ManifestEntry("h", "1.0", "b-standings.xlsx", "failed", "[D119] Matches, row 2").written
    assert set(ok) == MANIFEST_KEYS == {"hash", "version", "output", "status"}
    assert failed == {
        "hash": "h",
        "version": "1.0",
        "output": "b-standings.xlsx",
        "status": "failed",
        "problem": "[D119] Matches, row 2",
    }
