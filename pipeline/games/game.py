"""What tally needs to know about a game: one declaration per game, listed in `registry`.

Everything that differs between games is here, so that nothing else guesses the game from sheet names: the
CLI builds `tally <game> standings` from it, `validate`, `batch`, `demo` and `rank` recognise a game's
workbooks by it, `template` writes its blank workbook, `diff` and the Changes sheet match its results by the
key columns it names, and a scoring run calls its load, compute and report steps.

This module imports neither pandas nor a game's modules: the command line is built from the registry's games
(`tally --help`) before anything heavy is imported. A game of tally is a `DeclaredGame`, whose steps are made
the first time a run asks for one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from pipeline.games.corrections import CorrectionRules
    from pipeline.games.heading import Progress
    from pipeline.games.settings import SettingSpec
    from pipeline.sheets import OutputSheet, Sheet


def unknown_progress(event: object) -> Progress:
    """No rounds known (a game whose results name none): the status depends on corrections alone."""
    from pipeline.games.heading import Progress

    return Progress()


@functools.cache
def standings_keys() -> tuple[str, ...]:
    """The column naming a competitor in every game's Standings (its header and the others accepted)."""
    from pipeline.sheets import accepted_headers
    from schemas.ranking import StandingsSheet as S

    return accepted_headers(S, S.player)


@dataclass(frozen=True)
class Game:
    """One game: its name, how its workbooks are recognised, and the steps of a scoring run.

    `is_input` and `is_standings` take a workbook's sheet names (lower case, spaces as `_`) and say whether it
    is this game's results workbook, or a standings workbook tally wrote for it. `compared` names the sheets
    of its standings workbook that `diff` and the Changes sheet compare row by row, each with the columns
    (as headed) that name a row there; the Standings sheet is compared in every game by its competitor column.
    """

    name: str  # the command group (`tally <name> standings`) and the word of `rank --game`
    help: str  # the command group's help, with an example
    standings_help: str  # the help of `tally <name> standings`, with an example
    input_sheet: str  # the sheet of a results workbook that holds the results (named in help and messages)
    is_input: Callable[[set[str]], bool]
    is_standings: Callable[[set[str]], bool]
    load: Callable[[dict[str, Sheet]], Any]  # the sheets -> the validated event (InputError otherwise)
    compute: Callable[[Any], Any]  # the event -> its tables
    report: Callable[[Any, Any], list[OutputSheet]]  # the event and its tables -> the standings sheets
    settings: Callable[[Sheet | None], tuple[Any, pd.DataFrame]]  # the Settings sheet -> settings, problems
    setting_specs: Callable[[], Mapping[str, SettingSpec]]  # every key of its Settings sheet, declared once
    rules: Callable[[Any], CorrectionRules]  # the settings -> where Law 79C corrections apply
    results_sheet: str  # the standings workbook's sheet listing every result (for a Changes sheet)
    template: Callable[[], list[OutputSheet]]  # the blank workbook of `tally template <name>`
    compared: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the headers of its columns that only repeat what the Players, Pairs or Teams sheet says beside an id (the
    # names of a match's sides): `diff` compares them only when both workbooks have them
    beside: tuple[str, ...] = ()
    # the models of its results workbook's own sheets (Settings and Corrections are every game's): their columns
    # are read under the headers and aliases they declare, and docs/columns.md lists them
    sheets: tuple[type, ...] = ()
    # the event -> how far it has gone (rounds complete, planned), for the status line; none by default
    progress: Callable[[Any], Progress] = unknown_progress

    @property
    def compared_sheets(self) -> dict[str, tuple[str, ...]]:
        """The standings sheets `diff` and the Changes sheet compare, in order, with the columns naming a row."""
        from schemas.common import sheet_name_of
        from schemas.ranking import StandingsSheet as S

        return {**self.compared, sheet_name_of(S): standings_keys()}


SHOWN = tuple(f.name for f in fields(Game))[:4]  # what the command line shows of a game: its first fields


class DeclaredGame(Game):
    """A game of tally: what the command line shows of it (`SHOWN`) given at once, every other field of its
    `Game` made by `rest` (a function importing the game's modules) the first time one is read, so that
    building the command line imports none of them."""

    def __init__(
        self,
        *,
        name: str,
        help: str,
        standings_help: str,
        input_sheet: str,
        rest: Callable[[], dict[str, Any]],
    ) -> None:
        for key, value in zip(SHOWN, (name, help, standings_help, input_sheet), strict=True):
            object.__setattr__(self, key, value)
        object.__setattr__(self, "_rest", rest)

    def __getattribute__(self, attr: str) -> Any:
        """A field of the game: one the command line shows as given, any other from the rest of the declaration."""
        if attr in _LATER:
            return _declared(self)[attr]
        return object.__getattribute__(self, attr)


_LATER = frozenset(f.name for f in fields(Game)) - set(SHOWN)


def has_default(declared: Field[Any]) -> bool:
    """True for a field of Game with a default value."""
    return declared.default is not MISSING or declared.default_factory is not MISSING


def default_of(declared: Field[Any]) -> Any:
    """A field's default value (made anew by its factory, when it has one)."""
    if declared.default is not MISSING:
        return declared.default
    return declared.default_factory()  # type: ignore[operator]


def _declared(game: DeclaredGame) -> dict[str, Any]:
    """The fields of a declared game beyond what the command line shows: its own, else Game's defaults (made
    once, when first asked)."""
    made = game.__dict__.get("_made")
    if made is None:
        given = object.__getattribute__(game, "_rest")()
        defaults = {f.name: default_of(f) for f in fields(Game) if f.name in _LATER and has_default(f)}
        made = {**defaults, **given}
        missing = _LATER - set(made)
        if missing:
            raise TypeError(f"the game {game.name} declares no {', '.join(sorted(missing))}")
        object.__setattr__(game, "_made", made)
    return made
