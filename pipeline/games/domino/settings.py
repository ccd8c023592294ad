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
from pipeline.parsing import as_words, whole_in
from pipeline.sheets import Sheet
from schemas.domino import (
    BEST_OF_THREE,
    COUNT_WORDS,
    MATCH_FORMATS,
    MODE_POINTS,
    MODE_RUN_OUT,
    MODE_WORDS,
    MODES,
    PIPS,
    PODIUM,
    RANK_BY_POINTS,
    RANK_BY_WINS,
    RANKINGS,
    SANCTION_EFFECTIVENESS,
    SANCTION_RESULT,
    SANCTIONS,
    SINGLE,
    MatchesSheet,
)
from schemas.plain import POINTS_TARGET, TARGET, TARGET_SETTING_NAME, Span, phrase

TARGET_SETTING = SettingSpec(
    TARGET_SETTING_NAME,
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

# ------------------------------------------------------------------ conventions of associations (docs/domino-rules.md)

NO_BYE_CREDIT = 0  # the Bye Credit of "none": a bye scores nothing
BYE_SHARE = Span(0, 100)  # a bye's credit: a percentage of the target (0: none)


def bye_share(text: pd.Series) -> pd.Series:
    """A bye's credit as a whole percentage of the target (50, 50 %, 50%), 0 for none; NA otherwise."""
    none = as_words(text).eq("none").fillna(False)
    share = whole_in(text.astype("str").str.replace(r"\s*%\s*$", "", regex=True), BYE_SHARE)
    return share.mask(none, NO_BYE_CREDIT)


BYE_CREDIT_SETTING = SettingSpec(
    "Bye Credit",
    bye_share,
    f"none, or a bye's credit as a percentage of the target {BYE_SHARE.words} (50 or 50%; 0 is none): a bye "
    "(B1 = BYE) is scored as a match won by that share of the target to the rest",
    default=NO_BYE_CREDIT,
    hint=f"50%; none or a percentage {BYE_SHARE.words}",
    kind=int,
    default_words="none (a bye scores nothing)",
    names={"es": ("Crédito por descanso", "Abono por descanso"), "zh": ("轮空计分", "轮空得分")},
    words={"none": {"es": ("ninguno", "nada"), "zh": ("无", "不计")}},
)
RANKING_SETTING = SettingSpec(
    "Ranking",
    one_word_of(RANKINGS),
    "points (the seed's order: points, match points, effectiveness, pips for, pips against) or wins (matches "
    "won, effectiveness, pips for); head-to-head last in both",
    default=RANK_BY_POINTS,
    hint="points or wins",
    names={"es": ("Orden de clasificación", "Criterio de clasificación"), "zh": ("排名方式", "排名依据")},
    words={
        RANK_BY_POINTS: {"es": ("puntos",), "zh": ("积分",)},
        RANK_BY_WINS: {"es": ("partidas ganadas", "victorias"), "zh": ("胜场", "胜场数")},
    },
)
SANCTION_SETTING = SettingSpec(
    "Sanction",
    one_word_of(SANCTIONS),
    "effectiveness (a penalty is deducted from effectiveness) or result (from the sanctioned side's pips in "
    "that round's match, before the result is decided)",
    default=SANCTION_EFFECTIVENESS,
    hint="effectiveness or result",
    names={"es": ("Aplicación de sanciones", "Sanción"), "zh": ("罚分方式", "处罚方式")},
    words={
        SANCTION_EFFECTIVENESS: {"es": ("efectividad",), "zh": ("净胜点",)},
        SANCTION_RESULT: {"es": ("resultado", "tantos de la partida"), "zh": ("比赛结果", "结果")},
    },
)
CARD_PIPS = Span(1, PIPS.high)  # the pips a card costs
YELLOW_CARD_SETTING = SettingSpec(
    "Yellow Card Pips",
    whole_number_in(CARD_PIPS),
    f"the pips a yellow card deducts: a whole number {CARD_PIPS.words}",
    hint="10",
    kind=int,
    default_words="none (a yellow card is refused until it is given)",
    names={"es": ("Tantos por tarjeta amarilla", "Tarjeta amarilla"), "zh": ("黄牌扣点", "黄牌点数")},
)
RED_CARD_SETTING = SettingSpec(
    "Red Card Pips",
    whole_number_in(CARD_PIPS),
    f"the pips a red card deducts: a whole number {CARD_PIPS.words}",
    hint="50",
    kind=int,
    default_words="none (a red card is refused until it is given)",
    names={"es": ("Tantos por tarjeta roja", "Tarjeta roja"), "zh": ("红牌扣点", "红牌点数")},
)
MATCH_FORMAT_SETTING = SettingSpec(
    "Match Format",
    one_word_of(MATCH_FORMATS),
    "single (a match is one game to the target) or best of three (games to the target; A Games and B Games "
    "say who won two)",
    default=SINGLE,
    hint="single or best of three",
    names={"es": ("Formato de partida", "Formato"), "zh": ("盘制", "比赛形式")},
    words={
        SINGLE: {"es": ("una partida", "partida única"), "zh": ("一盘", "单盘")},
        BEST_OF_THREE: {"es": ("al mejor de tres", "mejor de tres", "dos de tres"), "zh": ("三盘两胜",)},
    },
)
CONVENTION_SETTINGS = (
    BYE_CREDIT_SETTING,
    RANKING_SETTING,
    SANCTION_SETTING,
    YELLOW_CARD_SETTING,
    RED_CARD_SETTING,
    MATCH_FORMAT_SETTING,
)


SETTINGS = {
    **EVENT_SETTINGS,
    **settings_by_key(TARGET_SETTING, MODE_SETTING, PODIUM_SETTING, WEIGHT_SETTING, *CONVENTION_SETTINGS),
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
    bye_credit: int = NO_BYE_CREDIT  # a bye's credit, percent of the target (0: none)
    ranking: str = RANK_BY_POINTS
    sanction: str = SANCTION_EFFECTIVENESS
    yellow_card_pips: int | None = None
    red_card_pips: int | None = None
    match_format: str = SINGLE

    @property
    def best_of_three(self) -> bool:
        """True when a match is best of three games (the Match Format setting)."""
        return self.match_format == BEST_OF_THREE

    @property
    def sanctions_in_result(self) -> bool:
        """True when penalties come off the sanctioned side's pips in the match (the Sanction setting)."""
        return self.sanction == SANCTION_RESULT

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
