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
    settings_by_key,
    whole_number_in,
)
from pipeline.i18n import N_
from pipeline.sheets import Sheet
from schemas.common import phrase
from schemas.domino import (
    COUNT_WORDS,
    MODE_POINTS,
    MODE_RUN_OUT,
    MODE_WORDS,
    MODES,
    PODIUM,
    TARGET,
    MatchesSheet,
)

POINTS_TARGET = 100  # the target of a points event when neither Settings nor the match gives one
TARGET_SETTING = SettingSpec(
    "Target",
    whole_number_in(TARGET),
    phrase(N_("the target: a whole number of pips (or hands) {range}"), range=TARGET.words),
    hint=phrase(N_("{target}; {range}"), target=POINTS_TARGET, range=TARGET.words),
    example=POINTS_TARGET,
    kind=int,
    default_words=f"{POINTS_TARGET} in a points event; none in a run-out event (each match's Target)",
    names={"es": ("Meta", "Tope"), "zh": ("目标",)},
)  # no default of its own: 100 in a points event, none in a run-out (see `DominoSettings.target`)
MODE_SETTING = SettingSpec(
    "Mode",
    one_word_of(MODES),
    N_("points or run_out"),
    default=MODE_POINTS,
    hint="points or run_out",
    example=MODE_POINTS,
    in_template=True,
    names={"es": ("Modalidad", "Modo"), "zh": ("模式", "赛制")},
    words=MODE_WORDS,
)
PODIUM_SETTING = SettingSpec(
    "Podium",
    whole_number_in(PODIUM),
    phrase(N_("how many places the podium shows: a whole number {range}"), range=PODIUM.words),
    default=3,
    hint=phrase(N_("3; {range}"), range=PODIUM.words),
    example=3,
    in_template=True,
    names={"es": ("Podio",), "zh": ("领奖名次",)},
)


SETTINGS = {
    **EVENT_SETTINGS,
    **settings_by_key(TARGET_SETTING, MODE_SETTING, PODIUM_SETTING, WEIGHT_SETTING),
    **CORRECTION_SETTINGS,
}


@dataclass
class DominoSettings:
    """The event's settings after validation: each field is the setting of that key (`SETTINGS`), as given or
    its declared default."""

    event: str
    date: str
    venue: str
    section: str
    rounds: int | None  # the Rounds setting: the rounds planned (None: as many as the sheet shows)
    target: int | None  # as given; `None` means the points target, or none in a run-out event
    mode: str
    podium: int
    weight: float
    published_at: pd.Timestamp | None
    correction_minutes: int
    language: str = ""  # the Language setting: en, es, zh ("" when not given)

    @property
    def count_word(self) -> str:
        """What the counts are: pips, or hands in a run-out event."""
        return COUNT_WORDS[self.mode]

    @property
    def count_columns(self) -> list[str]:
        """The Matches columns holding the counts."""
        if self.mode == MODE_RUN_OUT:
            return [MatchesSheet.a_hands, MatchesSheet.b_hands]
        return [MatchesSheet.a_pips, MatchesSheet.b_pips]


def domino_settings(sheet: Sheet | None) -> tuple[DominoSettings, pd.DataFrame]:
    """Settings from the Key/Value sheet, with a problem for each bad, repeated or unknown entry."""
    values, problems = key_value_settings(sheet, SETTINGS)
    read = {field.name for field in fields(DominoSettings)}  # a setting declared for show only is validated
    return DominoSettings(
        **{key: spec.value(values, key) for key, spec in SETTINGS.items() if key in read}
    ), problems
