"""`tally template domino`: the domino workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults, read from the models and the settings' declarations (see
pipeline/games/template.py for how they are laid out)."""

from __future__ import annotations

from dataclasses import replace

from pipeline.games.domino.settings import SETTINGS
from pipeline.games.template import TemplateSheet, game_template, template_sheets
from pipeline.i18n import N_, _
from pipeline.sheets import OutputSheet, written_header
from schemas.common import sheet_name_in, titles_of
from schemas.corrections import CorrectionsSheet as C
from schemas.domino import ENDED_TARGET
from schemas.domino import MatchesSheet as MS
from schemas.domino import PenaltiesSheet as PenS
from schemas.domino import PlayersSheet as PS
from schemas.shared import SettingsSheet

MATCHES = titles_of(MS)
SHEETS = (
    TemplateSheet(
        MS,
        examples=(
            {
                MS.round: 1,
                MS.table: 1,
                MS.a1: "P1",
                MS.a2: "P2",
                MS.b1: "P3",
                MS.b2: "P4",
                MS.a_pips: 100,
                MS.b_pips: 40,
                MS.ended: ENDED_TARGET,
            },
        ),
    ),
    TemplateSheet(
        PS,
        examples=(
            {PS.id: "P1", PS.name: "Ana Ruiz", PS.club: "Norte"},
            {PS.id: "P2", PS.name: "Luis Mora", PS.club: "Norte"},
            {PS.id: "P3", PS.name: "Rosa Lima", PS.club: "Sur"},
            {PS.id: "P4", PS.name: "Juan Soto", PS.club: "Sur"},
        ),
    ),
    TemplateSheet(
        PenS, examples=({PenS.player: "P3", PenS.pips: 10, PenS.round: 1, PenS.reason: N_("slow play")},)
    ),
    TemplateSheet(SettingsSheet),
    # Corrections name a match by Round and Table
    TemplateSheet(
        C,
        columns=(C.submitted_at, C.round, C.table, C.column, C.new_value, C.reason, C.director),
        notes={C.column: N_("the {sheet} column to correct, e.g. {column}")},
        examples=(
            {
                C.submitted_at: "2026-11-30 21:25",
                C.round: 1,
                C.table: 1,
                C.column: MATCHES[MS.b_pips],
                C.new_value: 45,
                C.reason: N_("scoring slip"),
            },
        ),
    ),
)


def domino_template() -> list[OutputSheet]:
    """The blank domino workbook (the settings as declared now: one registered later is listed too)."""
    column = _(SHEETS[-1].notes[C.column], sheet=sheet_name_in(MS), column=written_header(MATCHES[MS.a_pips]))
    sheets = (*SHEETS[:-1], replace(SHEETS[-1], notes={C.column: column}))
    return template_sheets(game_template(sheets, SETTINGS, _("Club night")))
