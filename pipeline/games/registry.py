"""The games tally scores: the one list every command asks (see `game.Game` for what a game declares).

To add a game, write its package under pipeline/games/ with a `Game` declaration and list it in `GAMES`
below (or, from outside tally, `register` it): the command line, validate, batch, rank, template and diff
then know it.

Each game of tally is declared by what the command line shows of it and a function making the rest (its
steps, its sheets), which imports the game's modules when a run first needs them: `tally --help` imports
neither pandas nor any game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pipeline.games.game import DeclaredGame, Game
from pipeline.problems import UsageError
from schemas.plain import MATCHES_SHEET, RESULTS_SHEET

if TYPE_CHECKING:
    from pipeline.sheets import Sheet


def domino_steps() -> dict[str, Any]:
    """The domino game's steps and sheets (its modules imported here, when a run first asks)."""
    from pipeline.games.domino.load import correction_rules, domino_event, domino_progress
    from pipeline.games.domino.report import domino_sheets
    from pipeline.games.domino.settings import SETTINGS, domino_settings
    from pipeline.games.domino.tally import domino_tables
    from pipeline.games.domino.template import domino_template
    from pipeline.sheets import normalized_header, sheet_key
    from schemas.bridge import ResultsSheet, Traveller
    from schemas.common import sheet_name_of, titles_of
    from schemas.domino import MatchesSheet, MatchOutcome, PenaltiesSheet, PlayersSheet

    matches, results = sheet_key(MatchesSheet), sheet_key(ResultsSheet)  # the sheets a results workbook holds
    travellers = normalized_header(sheet_name_of(Traveller))  # a bridge standings workbook's sheet
    return {
        "is_input": lambda names: matches in names and results not in names,
        "is_standings": lambda names: matches in names and travellers not in names,
        "load": domino_event,
        "compute": domino_tables,
        "report": domino_sheets,
        "settings": domino_settings,
        "setting_specs": lambda: SETTINGS,
        "rules": lambda _: correction_rules(),
        "results_sheet": sheet_name_of(MatchesSheet),
        "template": domino_template,
        "compared": {sheet_name_of(MatchesSheet): result_keys()},
        "beside": tuple(titles_of(MatchOutcome)[c] for c in (MatchOutcome.a_names, MatchOutcome.b_names)),
        "sheets": (MatchesSheet, PlayersSheet, PenaltiesSheet),
        "progress": domino_progress,
    }


def bridge_steps() -> dict[str, Any]:
    """The bridge game's steps and sheets (its modules imported here, when a run first asks)."""
    from pipeline.games.bridge.load import bridge_event, bridge_progress, correction_rules
    from pipeline.games.bridge.report import bridge_sheets
    from pipeline.games.bridge.settings import bridge_settings, setting_specs
    from pipeline.games.bridge.tally import bridge_tables
    from pipeline.games.bridge.template import bridge_template
    from pipeline.sheets import normalized_header, sheet_key
    from schemas.bridge import MatchResult, PairsSheet, TeamMatchesSheet, TeamsSheet, Traveller
    from schemas.bridge import ResultsSheet as R
    from schemas.common import sheet_name_of, titles_of

    results = sheet_key(R)
    travellers = sheet_name_of(Traveller)  # the bridge standings workbook's sheet of every result, by board
    traveller_key = normalized_header(travellers)
    # the columns naming a result in Travellers, headed as in Results
    traveller_keys = tuple(
        titles_of(R)[k] for k in (R.match, R.room, R.section, R.session, R.board, R.ns, R.ew)
    )
    return {
        "is_input": lambda names: results in names,
        "is_standings": lambda names: traveller_key in names,
        "load": bridge_event,
        "compute": bridge_tables,
        "report": bridge_sheets,
        "settings": bridge_settings,
        "setting_specs": setting_specs,
        "rules": lambda settings: correction_rules(settings.teams),
        "results_sheet": travellers,
        "template": bridge_template,
        "compared": {sheet_name_of(TeamMatchesSheet): result_keys(), travellers: traveller_keys},
        "beside": (
            *(titles_of(Traveller)[c] for c in (Traveller.ns_names, Traveller.ew_names)),
            *(titles_of(MatchResult)[c] for c in (MatchResult.home_names, MatchResult.away_names)),
        ),
        "sheets": (R, PairsSheet, TeamsSheet, TeamMatchesSheet),
        "progress": bridge_progress,
    }


def result_keys() -> tuple[str, ...]:
    """The columns naming a match in a standings workbook's Matches sheet (present ones only are used), headed
    as the Corrections sheet's keys."""
    from schemas.common import titles_of
    from schemas.corrections import CorrectionsSheet as C

    return tuple(titles_of(C)[k] for k in (C.match, C.round, C.table))


DOMINO = DeclaredGame(
    name="domino",
    help="Domino tournaments: standings from a results workbook.\n\nExample: tally domino standings club-night.xlsx",
    standings_help="Compute the standings of a domino event and write them as a formatted workbook.\n\n"
    "Example: tally domino standings club-night.xlsx -o club-night-standings.xlsx",
    input_sheet=MATCHES_SHEET,
    rest=domino_steps,
)
BRIDGE = DeclaredGame(
    name="bridge",
    help="Contract bridge: matchpoints, IMPs, Butler, total points and teams with victory points.\n\n"
    "Example: tally bridge standings club-pairs.xlsx",
    standings_help="Score a bridge event (Settings: Scoring = MP, Cross-IMP, Butler, TP or Teams) and write the "
    "standings.\n\nExample: tally bridge standings club-pairs.xlsx -o club-pairs-standings.xlsx",
    input_sheet=RESULTS_SHEET,
    rest=bridge_steps,
)
GAMES: dict[str, Game] = {"domino": DOMINO, "bridge": BRIDGE}
DEFAULT = DOMINO  # a workbook no game recognises is read as this game's, whose load then says what is missing


def register(game: Game) -> Game:
    """Add a game (from outside tally: a plug-in, or a test); the command line built afterwards knows it."""
    GAMES[game.name] = game
    return game


def game_named(name: str) -> Game:
    """The game of this name; UsageError listing the games otherwise."""
    if name not in GAMES:
        raise UsageError(f"{name}: expected one of {', '.join(GAMES)}")
    return GAMES[name]


def game_of(sheets: dict[str, Sheet] | Iterable[str]) -> Game:
    """The game an input workbook holds, from its sheet names (normalized); the default game when none
    recognises it."""
    names = set(sheets)
    return next((g for g in GAMES.values() if g.is_input(names)), DEFAULT)


def input_game(names: set[str]) -> Game | None:
    """The game whose results workbook this is (by its sheet names), if any."""
    return next((g for g in GAMES.values() if g.is_input(names)), None)


def standings_game(names: set[str]) -> Game:
    """The game of a standings workbook, from its sheet names (in any language: `记分单` is Travellers); the
    default game when none recognises it."""
    from pipeline.sheets import sheet_key_of

    keys = {sheet_key_of(n) for n in names}
    return next((g for g in GAMES.values() if g.is_standings(keys)), DEFAULT)
