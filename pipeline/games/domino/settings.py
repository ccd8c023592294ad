"""The domino Settings sheet, declared once: every key, how its value is read, its default, its hint and example
(for templates and docs/settings.md), and the settings a run reads from it."""

from __future__ import annotations

from dataclasses import dataclass, fields

import pandas as pd

from pipeline.games.settings import (
    CORRECTION_SETTINGS,
    EVENT_SETTINGS,
    WEIGHT_SETTING,
    SettingSpec,
    key_value_settings,
    one_word_of,
    whole_number_in,
)
from pipeline.sheets import Sheet
from schemas.domino import MODES, PODIUM, TARGET

POINTS_TARGET = 100  # the target of a points event when neither Settings nor the match gives one
TARGET_SETTING = SettingSpec(
    "Target",
    whole_number_in(TARGET),
    f"the target: a whole number of pips (or hands) {TARGET.words}",
    hint=f"{POINTS_TARGET}; {TARGET.words}",
    example=POINTS_TARGET,
    kind=int,
    default_words=f"{POINTS_TARGET} in a points event; none in a run-out event (each match's Target)",
)  # no default of its own: 100 in a points event, none in a run-out (see `DominoSettings.target`)
SETTINGS = {
    **EVENT_SETTINGS,
    "target": TARGET_SETTING,
    "mode": SettingSpec(
        "Mode",
        one_word_of(MODES),
        "points or run_out",
        default="points",
        hint="points or run_out",
        example="points",
        in_template=True,
    ),
    "podium": SettingSpec(
        "Podium",
        whole_number_in(PODIUM),
        f"how many places the podium shows: a whole number {PODIUM.words}",
        default=3,
        hint=f"3; {PODIUM.words}",
        example=3,
        in_template=True,
    ),
    "weight": WEIGHT_SETTING,
    **CORRECTION_SETTINGS,
}


@dataclass
class DominoSettings:
    """The event's settings after validation (each field's default is its declaration's)."""

    event: str = SETTINGS["event"].default
    date: str = SETTINGS["date"].default
    target: int | None = None  # as given; `None` means the points target, or none in a run-out event
    mode: str = SETTINGS["mode"].default
    podium: int = SETTINGS["podium"].default
    weight: float = SETTINGS["weight"].default
    published_at: pd.Timestamp | None = None
    correction_minutes: int = SETTINGS["correction_minutes"].default

    @property
    def count_word(self) -> str:
        """What the counts are: pips, or hands in a run-out event."""
        return "hands" if self.mode == "run_out" else "pips"

    @property
    def count_columns(self) -> list[str]:
        """The Matches columns holding the counts."""
        return ["a_hands", "b_hands"] if self.mode == "run_out" else ["a_pips", "b_pips"]


def domino_settings(sheet: Sheet | None) -> tuple[DominoSettings, pd.DataFrame]:
    """Settings from the Key/Value sheet, with a problem for each bad, repeated or unknown entry."""
    values, problems = key_value_settings(sheet, SETTINGS)
    read = {field.name for field in fields(DominoSettings)}  # a setting declared for show only is validated
    return DominoSettings(
        **{key: spec.value(values, key) for key, spec in SETTINGS.items() if key in read}
    ), problems
