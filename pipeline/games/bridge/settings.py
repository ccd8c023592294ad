"""The bridge Settings sheet, declared once: the event's keys, `Scoring` (one of the registered methods), each
method's own settings (declared with the method), and the settings a run reads from it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from pipeline.games.bridge.methods import (
    DEFAULT,
    Method,
    default_options,
    given_options,
    method_of,
    method_settings,
    scoring_setting,
)
from pipeline.games.settings import (
    CORRECTION_SETTINGS,
    EVENT_SETTINGS,
    SECTION,
    VENUE,
    WEIGHT_SETTING,
    SettingSpec,
    key_value_settings,
    one_word_of,
)
from pipeline.sheets import Sheet

# The keys of the settings every bridge event has (setting keys, not columns): the event's name and date, the
# method, the ranking weight.
EVENT, DATE, SCORING, WEIGHT = "event", "date", "scoring", "weight"
MOVEMENT, SWISS = "movement", "swiss"  # the Movement setting's key, and its value for a Swiss teams event
SWISS_WORD = (
    "Swiss"  # the Movement value as tally writes it (no template example: a pairs example is no Swiss)
)
MOVEMENT_SETTING = SettingSpec(
    "Movement",
    one_word_of([SWISS]),
    "how the event's rounds are drawn: Swiss (teams: each next round from the standings so far, written by "
    "`tally bridge schedule --swiss`)",
    default="",
    hint=SWISS_WORD,
)


def setting_specs() -> dict[str, SettingSpec]:
    """The settings a bridge workbook may give: the event's, `Scoring`, then each method's own, by key."""
    return {
        **EVENT_SETTINGS,
        SCORING: scoring_setting(),
        MOVEMENT: MOVEMENT_SETTING,
        **method_settings(),
        WEIGHT: WEIGHT_SETTING,
        **CORRECTION_SETTINGS,
    }


@dataclass
class BridgeSettings:
    """The event's settings after validation (each field's default is its declaration's)."""

    event: str = EVENT_SETTINGS[EVENT].default
    date: str = EVENT_SETTINGS[DATE].default
    venue: str = VENUE.default
    section: str = SECTION.default
    rounds: int | None = None  # the Rounds setting: the rounds planned (None: as many as the results show)
    method: Method = DEFAULT  # Settings `Scoring` (pipeline/games/bridge/methods/)
    options: dict[str, Any] = field(default_factory=default_options)  # the methods' own settings, by key
    weight: float = WEIGHT_SETTING.default
    published_at: pd.Timestamp | None = None
    correction_minutes: int = CORRECTION_SETTINGS["correction_minutes"].default

    @property
    def teams(self) -> bool:
        """True for a teams event (Match and Room instead of NS and EW)."""
        return self.method.teams


def bridge_settings(sheet: Sheet | None) -> tuple[BridgeSettings, pd.DataFrame]:
    """Settings from the Key/Value sheet, with a problem for each bad, repeated or unknown entry."""
    specs = setting_specs()
    values, problems = key_value_settings(sheet, specs)
    common = {key: specs[key].value(values, key) for key in (*EVENT_SETTINGS, WEIGHT, *CORRECTION_SETTINGS)}
    return BridgeSettings(
        method=method_of(values.get(SCORING)), options=given_options(values), **common
    ), problems
