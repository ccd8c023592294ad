"""The games tally scores, as the runs need them."""

from __future__ import annotations

from pipeline.games.bridge.load import bridge_event, bridge_settings
from pipeline.games.bridge.load import correction_rules as bridge_rules
from pipeline.games.bridge.report import bridge_sheets
from pipeline.games.bridge.tally import bridge_tables
from pipeline.games.domino.load import correction_rules as domino_rules
from pipeline.games.domino.load import domino_event, domino_settings
from pipeline.games.domino.report import domino_sheets
from pipeline.games.domino.tally import domino_tables
from pipeline.games.run import Game
from pipeline.sheets import Sheet, workbook_kind

DOMINO = Game(
    "domino", domino_event, domino_tables, domino_sheets, domino_settings, lambda _: domino_rules(), "Matches"
)
BRIDGE = Game(
    "bridge",
    bridge_event,
    bridge_tables,
    bridge_sheets,
    bridge_settings,
    lambda settings: bridge_rules(settings.teams),
    "Travellers",
)
GAMES = {"domino": DOMINO, "bridge": BRIDGE}


def game_of(sheets: dict[str, Sheet]) -> Game:
    """The game a workbook holds, from its sheets (a Results sheet means bridge)."""
    return GAMES[workbook_kind(sheets)]
