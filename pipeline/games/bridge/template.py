"""`tally template bridge`: the bridge workbook's sheets, what each column holds, example rows and the
Settings keys whose values are tally's defaults, read from the models and the settings' declarations (see
pipeline/games/template.py for how they are laid out)."""

from __future__ import annotations

from dataclasses import replace

from pipeline.games.bridge.settings import setting_specs
from pipeline.games.bridge.words import written_sheet
from pipeline.games.template import TemplateSheet, game_template, template_sheets
from pipeline.i18n import N_, _, spoken_language
from pipeline.language import header_in
from pipeline.sheets import OutputSheet
from schemas.bridge import PairsSheet as P
from schemas.bridge import ResultsSheet as R
from schemas.common import titles_of
from schemas.corrections import CorrectionsSheet as C
from schemas.shared import SettingsSheet

TRICKS = titles_of(R)[R.tricks]
SHEETS = (
    TemplateSheet(
        R, examples=({R.board: 1, R.ns: "1", R.ew: "2", R.contract: "4S", R.declarer: "N", R.tricks: 10},)
    ),
    TemplateSheet(
        P,
        examples=(
            {P.pair: "1", P.names: "Ana Ruiz & Luis Mora"},
            {P.pair: "2", P.names: "Rosa Lima & Juan Soto"},
        ),
    ),
    TemplateSheet(SettingsSheet),
    # Corrections name a pairs result by Board with NS or EW
    TemplateSheet(
        C,
        columns=(C.submitted_at, C.board, C.ns, C.ew, C.column, C.new_value, C.reason, C.director),
        notes={C.column: N_("the {sheet} column to correct, e.g. {column}")},
        examples=(
            {
                C.submitted_at: "2026-11-30 21:25",
                C.board: 1,
                C.ns: "1",
                C.column: TRICKS,
                C.new_value: 11,
                C.reason: N_("declarer took 11"),
            },
        ),
    ),
)


def bridge_template() -> list[OutputSheet]:
    """The blank bridge workbook (the settings and methods as declared now: one registered later is listed)."""
    lang = spoken_language()
    column = _(SHEETS[-1].notes[C.column], sheet=written_sheet(R), column=header_in(TRICKS, lang))
    sheets = (*SHEETS[:-1], replace(SHEETS[-1], notes={C.column: column}))
    return template_sheets(game_template(sheets, setting_specs(), _("Club pairs")))
