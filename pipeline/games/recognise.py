"""Which game a workbook's headers belong to, so that a workbook given to the other game's command gets one
problem naming the right command (W140) instead of the list of columns its sheets lack."""

from __future__ import annotations

from collections.abc import Iterable

from pipeline.games.checks import MISSING_COLUMN, MISSING_SHEET
from pipeline.games.game import Game
from pipeline.i18n import _
from pipeline.problems import Problem, kind
from pipeline.sheets import Sheet, normalized_header
from schemas.common import columns_of

OTHER_GAME = kind(
    "W140",
    "a workbook of the other game: its columns are another game's (the command to use is named)",
    example="workbook: this looks like a domino workbook (A1, B1, A Pips, B Pips); use tally domino standings",
)
STRUCTURAL = {MISSING_COLUMN.code, MISSING_SHEET.code}  # the problems of a workbook not of this game's shape


def headers_of(game: Game) -> dict[str, str]:
    """Every header (and alias) the game's sheets read, normalized -> the column's title."""
    return {
        normalized_header(h): c.title
        for m in game.sheets
        for c in columns_of(m)
        for h in (c.title, *c.aliases)
    }


def own_headers(game: Game, others: Iterable[Game]) -> dict[str, str]:
    """The headers of the game's required columns that no other game reads: what marks its workbooks."""
    theirs = {h for g in others for h in headers_of(g)}
    return {
        normalized_header(h): c.title
        for m in game.sheets
        for c in columns_of(m)
        if c.needed.startswith("yes")
        for h in (c.title, *c.aliases)
        if normalized_header(h) not in theirs
    }


def other_game(sheets: dict[str, Sheet], game: Game, games: Iterable[Game]) -> Problem | None:
    """W140 when the workbook's headers mark another game's workbook and none of this game's own, and its
    sheets are named as one of the two games' (a results sheet under another name keeps W101); else None."""
    found = {h for s in sheets.values() for h in map(normalized_header, s.frame.columns)}
    games = list(games)
    others = [g for g in games if g.name != game.name]
    if found & set(own_headers(game, others)):
        return None
    names = set(sheets)
    for other in others:  # two games
        marks = own_headers(other, [g for g in games if g.name != other.name])
        seen = list(dict.fromkeys(marks[h] for h in marks if h in found))
        if not seen or not (game.is_input(names) or other.is_input(names)):  # a sheet misnamed: W101 says so
            continue
        sheet = (
            ""
            if other.is_input(names)
            else _(", its results on a sheet named '{sheet}'", sheet=other.input_sheet)
        )
        return Problem.of(
            OTHER_GAME,
            "workbook",
            None,
            None,
            None,
            _(
                "this looks like a {game} workbook ({headers}); use tally {game} standings{sheet}",
                game=other.name,
                headers=", ".join(seen),
                sheet=sheet,
            ),
        )
    return None


def with_other_game(
    problems: list[Problem], sheets: dict[str, Sheet], game: Game, games: Iterable[Game]
) -> list[Problem]:
    """The problems, or the one W140 in their place when every error is a missing sheet or column and the
    workbook is another game's."""
    errors = [p for p in problems if p.severity == "error"]
    if not errors or any(p.code not in STRUCTURAL for p in errors):
        return problems
    found = other_game(sheets, game, games)
    return problems if found is None else [found]
