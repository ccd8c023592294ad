"""One workbook scored: the sheets as read -> the game's validated event (Law 79C corrections applied) ->
its standings sheets -> the standings workbook. Used by the library API, `tally <game> standings`, `demo`
and each task of `batch`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.games.game import Game
from pipeline.games.registry import game_of
from pipeline.games.run import checked_event, standings_sheets
from pipeline.problems import InputError, Problem
from pipeline.sheets import OutputSheet
from pipeline.workbook import Workbook, write_workbook


@dataclass
class Standings:
    """A scored event: its game, the sheets of its standings workbook, their title, and the warnings."""

    game: Game
    sheets: list[OutputSheet]
    title: str
    warnings: list[Problem]


def standings_of(book: Workbook, game: Game | None = None) -> Standings:
    """The standings of a workbook as read (its game from its sheets unless given); InputError, naming the
    file, with every problem when it cannot be scored."""
    game = game or game_of(book.sheets)
    try:
        checked = checked_event(book.sheets, game)
    except InputError as exc:
        exc.source = exc.source or str(book.path)
        raise
    title = checked.event.settings.event or Path(book.path).stem
    return Standings(game, standings_sheets(checked, game), f"{title} standings", checked.event.warnings)


def written(standings: Standings, target: Path) -> Path:
    """The standings workbook written (atomically) to a checked target."""
    return write_workbook(target, standings.sheets, title=standings.title)
