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
from pipeline.games.bridge.numbering import PAIR_NUMBERING, PAIR_NUMBERING_SETTING
from pipeline.games.bridge.sitouts import SIT_OUT_SETTING
from pipeline.games.bridge.tie_breaks import TIE_BREAK, tie_break_problems
from pipeline.games.settings import (
    CORRECTION_SETTINGS,
    EVENT_SETTINGS,
    SECTION,
    VENUE,
    WEIGHT_SETTING,
    SettingSpec,
    key_value_settings,
    plain_text,
    setting_key,
    yes_no,
)
from pipeline.i18n import N_
from pipeline.sheets import Sheet

# The keys of the settings every bridge event has (setting keys, not columns): the event's name and date, the
# method, the ranking weight.
EVENT, DATE, SCORING, WEIGHT = "event", "date", "scoring", "weight"
# A Movement as `tally bridge schedule` writes it (pipeline/games/bridge/movements.py, `Movement.setting`;
# pipeline/games/bridge/swiss_round.py, `SWISS_WORD`).
MOVEMENT_WORDS = (
    r"\s*(?:(?:mitchell|howell)\s*(?:,\s*arrow\s+switch\s+in\s+rounds?\s+\d+(?:\s*,\s*\d+)*)?|swiss)\s*"
)
SWISS_WORD = "Swiss"  # the Movement of a Swiss teams event (no template example: a pairs example is no Swiss)


def movement_text(text: pd.Series) -> pd.Series:
    """A Movement value as written when it names a movement (`Mitchell`, `Howell`, `Mitchell, arrow switch in
    round 7`, `... in rounds 6, 7`, `Swiss`), else NA."""
    written = plain_text(text)
    return written.where(written.str.fullmatch(MOVEMENT_WORDS, case=False).fillna(False).astype(bool))


MOVEMENT_SETTING = SettingSpec(
    "Movement",
    movement_text,
    N_(
        "the movement played: Mitchell, Howell, a Mitchell with an arrow switch such as "
        "'Mitchell, arrow switch in round 7' ('in rounds 6, 7' for several), or Swiss (teams: each next round "
        "drawn from the standings so far by `tally bridge schedule --swiss`)"
    ),
    hint="Mitchell, Howell, or Mitchell, arrow switch in round 7",
    default="",
    default_words="none (written by tally bridge schedule)",
    names={"es": ("Movimiento",), "zh": ("移位", "移位方式")},
)
MOVEMENT = setting_key(MOVEMENT_SETTING.title)
SIT_OUT = setting_key(SIT_OUT_SETTING.title)
FINAL_SETTING = SettingSpec(
    "Final",
    yes_no,
    N_(
        "yes or no: yes when the director declares the session over (a Results row still without a result is "
        "then an error); no, the default, while boards are still being played (such a row is a board not yet "
        "played: the standings are provisional)"
    ),
    default=False,
    hint="yes or no",
    names={"es": ("Definitivo", "Final"), "zh": ("最终", "已结束")},
)
FINAL = setting_key(FINAL_SETTING.title)
CLUB_NUMBER_SETTING = SettingSpec(
    "Club Number",
    plain_text,
    N_(
        "the club's number at its federation, as the federation gives it: a USEBIO export writes it as "
        "CLUB_ID_NUMBER, which a federation's masterpoint upload may ask for"
    ),
    default="",
    hint="1234",
    default_words="none (the USEBIO export writes no CLUB_ID_NUMBER)",
    names={"es": ("Número de club", "Código de club"), "zh": ("俱乐部编号", "俱乐部代码")},
)
CLUB_NUMBER = setting_key(CLUB_NUMBER_SETTING.title)


def setting_specs() -> dict[str, SettingSpec]:
    """The settings a bridge workbook may give: the event's, `Scoring`, then each method's own, by key."""
    return {
        **EVENT_SETTINGS,
        SCORING: scoring_setting(),
        MOVEMENT: MOVEMENT_SETTING,
        SIT_OUT: SIT_OUT_SETTING,
        FINAL: FINAL_SETTING,
        PAIR_NUMBERING: PAIR_NUMBERING_SETTING,
        CLUB_NUMBER: CLUB_NUMBER_SETTING,
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
    language: str = ""  # the Language setting: en, es, zh ("" when not given)
    method: Method = DEFAULT  # Settings `Scoring` (pipeline/games/bridge/methods/)
    movement: str = ""  # Settings `Movement`, as `tally bridge schedule` writes it ("" when not given)
    sit_out_award: str = SIT_OUT_SETTING.default  # Settings `Sit-out Award`: average, none or a percentage
    final: bool = False  # Settings `Final`: the director declares the session over (no board left to play)
    numbering: str = ""  # Settings `Pair Numbering`: unique or by direction ("" when not given)
    club_number: str = CLUB_NUMBER_SETTING.default  # Settings `Club Number`: the club's federation number
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
    method = method_of(values.get(SCORING))
    problems = pd.concat([problems, tie_break_problems(sheet, values.get(TIE_BREAK), method.teams)])
    return BridgeSettings(
        method=method,
        movement=str(MOVEMENT_SETTING.value(values, MOVEMENT)).strip(),
        sit_out_award=str(SIT_OUT_SETTING.value(values, SIT_OUT)),
        final=bool(FINAL_SETTING.value(values, FINAL)),
        numbering=str(PAIR_NUMBERING_SETTING.value(values, PAIR_NUMBERING)),
        club_number=str(CLUB_NUMBER_SETTING.value(values, CLUB_NUMBER)),
        options=given_options(values),
        **common,
    ), problems
