"""What a bridge scoring method declares: the words that choose it, its settings, checks, scoring and outputs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

from pipeline.games.settings import SettingSpec
from pipeline.sheets import OutputSheet, Sheet

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent
    from pipeline.games.bridge.tally import BridgeTables

Options = Mapping[str, Any]  # the values of the methods' own settings by key, as read or defaulted


def no_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """No check beyond the ones every method makes."""
    return []


def as_scored(travellers: pd.DataFrame) -> pd.DataFrame:
    """The travellers as the method scored them."""
    return travellers


@dataclass(frozen=True, eq=False)
class Method:
    """A bridge scoring method, declared in its own module and listed in `methods/__init__.py`.

    Pairs methods score each result's `SideValues` (`ns_value`, `ew_value`, any `top`) and rank pairs by their
    total; the defaults below give a pairs method the usual Standings, Frequencies and Scorecards sheets. The
    columns a method writes are named by column -> header: the built-in methods read them from their models
    in schemas/bridge.py (`titles_of(ImpTraveller)`); a method added from elsewhere may declare its own.
    """

    # shown in outputs (Rules: Scoring, the list of methods) and typed in Settings `Scoring`; case, spaces,
    # `-` and `_` are ignored there, as for every setting word
    name: str
    teams: bool  # True: results name a Match and a Room; False: an NS and an EW pair
    tables: Callable[[BridgeEvent], BridgeTables]  # how it scores: the travellers' values and the standings
    explanation: Callable[[Options], str]  # the `Method` sentence of the Rules sheet
    aliases: tuple[str, ...] = ()  # other words that choose it in Settings `Scoring`
    settings: Mapping[str, SettingSpec] = field(
        default_factory=dict
    )  # its own settings (with defaults), by key
    # what it refuses or warns about in the typed results beyond the common checks (adjusted scores, ...)
    problems: Callable[[Sheet, pd.DataFrame], list[pd.DataFrame]] = no_problems
    traveller_columns: dict[str, str] = field(default_factory=dict)  # after the scores: column -> header
    shown_travellers: Callable[[pd.DataFrame], pd.DataFrame] = as_scored  # columns added or rounded for show
    standing_columns: dict[str, str] = field(default_factory=dict)  # pairs: after Boards, shown to 0.01
    frequency_column: str | None = None  # pairs: the header of the NS value on Frequencies
    # the Standings sheet with written headers; None: Rank, Pair, Names, Boards and `standing_columns`
    standings_sheet: Callable[[BridgeEvent, BridgeTables], pd.DataFrame] | None = None
    # the sheets between Travellers and Rules; None: Frequencies and Scorecards
    sheets: Callable[[BridgeEvent, BridgeTables], list[OutputSheet]] | None = None
    # the Progress sheet (the rank after each round); None: the pairs' (`pair_progress_sheets`)
    progress: Callable[[BridgeEvent, BridgeTables], list[OutputSheet]] | None = None
    # the units a procedural penalty (Law 90) may be given in, from pipeline/games/bridge/penalties.py's: mp,
    # pct (% of a top), imp, vp; none: the method takes no penalty
    penalty_units: tuple[str, ...] = ()
    # Item/Value rows the Rules sheet adds after the common ones (the VP scale of teams)
    rules_rows: Callable[[BridgeEvent, BridgeTables], list[pd.DataFrame]] | None = None
