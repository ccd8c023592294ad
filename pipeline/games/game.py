"""What tally needs to know about a game: one declaration per game, listed in `registry`.

Everything that differs between games is here, so that nothing else guesses the game from sheet names: the
CLI builds `tally <game> standings` from it, `validate`, `batch`, `demo` and `rank` recognise a game's
workbooks by it, `template` writes its blank workbook, `diff` and the Changes sheet match its results by the
key columns it names, and a scoring run calls its load, compute and report steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from pipeline.games.corrections import CorrectionRules
from pipeline.games.heading import Progress, unknown_progress
from pipeline.games.settings import SettingSpec
from pipeline.sheets import OutputSheet, Sheet, accepted_headers
from schemas.common import sheet_name_of
from schemas.ranking import StandingsSheet as S

STANDINGS_KEYS = accepted_headers(S, S.player)  # the column naming a competitor in every game's Standings


@dataclass(frozen=True)
class Game:
    """One game: its name, how its workbooks are recognised, and the steps of a scoring run.

    `is_input` and `is_standings` take a workbook's sheet names (lower case, spaces as `_`) and say whether it
    is this game's results workbook, or a standings workbook tally wrote for it. `compared` names the sheets
    of its standings workbook that `diff` and the Changes sheet compare row by row, each with the columns
    (as headed) that name a row there; the Standings sheet is compared in every game by `STANDINGS_KEYS`.
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
    # the models of its results workbook's own sheets (Settings and Corrections are every game's): their columns
    # are read under the headers and aliases they declare, and docs/columns.md lists them
    sheets: tuple[type, ...] = ()
    # the event -> how far it has gone (rounds complete, planned), for the status line; none by default
    progress: Callable[[Any], Progress] = unknown_progress

    @property
    def compared_sheets(self) -> dict[str, tuple[str, ...]]:
        """The standings sheets `diff` and the Changes sheet compare, in order, with the columns naming a row."""
        return {**self.compared, sheet_name_of(S): STANDINGS_KEYS}
