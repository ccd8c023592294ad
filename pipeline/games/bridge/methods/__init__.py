"""The bridge scoring methods, in the order Settings `Scoring` lists them; the event's is one lookup away.

Each method is one module of this package declaring a `Method` (`base.py`): the word that chooses it, its
settings, its checks, how it scores and what it writes. To add one, write its module and list its `METHOD`
in `METHODS` below; from outside the package (a test, a plug-in) `register(method)` adds it.
"""

from __future__ import annotations

import functools
from typing import Any

import pandas as pd

from pipeline.games.bridge.conditions import SHARED_SETTINGS
from pipeline.games.bridge.methods import butler, cross_imps, matchpoints, teams, total_points
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.settings import SettingSpec, one_word_of
from pipeline.i18n import spoken_language
from pipeline.parsing import as_words
from schemas.common import Vocabulary

METHODS: list[Method] = [
    matchpoints.METHOD,
    cross_imps.METHOD,
    butler.METHOD,
    total_points.METHOD,
    teams.METHOD,
]
DEFAULT = matchpoints.METHOD  # when Settings gives no `Scoring`


@functools.cache  # a Method is frozen: its words never change (read for every Settings sheet)
def words_of(method: Method) -> tuple[str, ...]:
    """The words that choose the method, folded as Settings values are read (lower case, `_` for spaces and
    dashes)."""
    return tuple(as_words(pd.Series([method.name, *method.aliases], dtype="str")))


def method_words() -> dict[str, Method]:
    """Every method by each folded word that chooses it."""
    return {word: method for method in METHODS for word in words_of(method)}


def method_settings() -> dict[str, SettingSpec]:
    """The settings the methods own, by key, in the order of the methods; then the conditions every method
    reads (`pipeline/games/bridge/conditions.py`)."""
    own = {key: setting for method in METHODS for key, setting in method.settings.items()}
    return own | SHARED_SETTINGS


def register(method: Method) -> Method:
    """The method, added after the others; a word or a setting key another method has is refused."""
    words, keys = method_words(), method_settings()
    taken = [w for w in words_of(method) if w in words] + [k for k in method.settings if k in keys]
    if taken:
        raise ValueError(
            f"bridge method {method.name!r}: already taken by another method: {', '.join(taken)}"
        )
    METHODS.append(method)
    return method


def unregister(method: Method) -> None:
    """Remove a method added by `register`."""
    METHODS.remove(method)


def method_of(word: object) -> Method:
    """The method a folded Settings `Scoring` word chooses (the default when none is given)."""
    return DEFAULT if word is None else method_words()[str(word)]


SCORING_WORDS: Vocabulary = {  # the built-in methods' words in the seeds' own terms (Law 78: 比赛分, 国际比赛分, 总分)
    "mp": {"es": ("puntos de match",), "zh": ("比赛分", "比赛分制")},
    "cross_imp": {"es": ("IMP cruzados",), "zh": ("国际比赛分", "交叉国际比赛分")},
    "butler": {"zh": ("巴特勒",)},
    "tp": {"es": ("puntos totales",), "zh": ("总分", "总分制")},
    "teams": {"es": ("equipos",), "zh": ("队式赛", "团体赛")},
}


def scoring_word(name: str) -> str:
    """A method's word (`mp`) as the language spoken writes it (`puntos de match`, `比赛分`): the first its
    vocabulary declares there, else the word itself (read back as the method in every language)."""
    folded = name.strip().lower().replace("-", "_").replace(" ", "_")
    return SCORING_WORDS.get(folded, {}).get(spoken_language(), (name,))[0]


def scoring_setting() -> SettingSpec:
    """The `Scoring` setting: one of the methods' words, listed by name in the message."""
    names = [m.name for m in METHODS]
    listing = ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
    return SettingSpec(
        "Scoring",
        one_word_of(list(method_words())),
        listing,
        hint=", ".join(names),
        example=DEFAULT.name,
        in_template=True,
        default_words=DEFAULT.name,
        names={"es": ("Puntuación", "Sistema de puntuación"), "zh": ("记分法", "记分方法")},
        words=SCORING_WORDS,
    )


def default_options() -> dict[str, Any]:
    """Every method setting at its default."""
    return {key: setting.default for key, setting in method_settings().items()}


def given_options(values: dict[str, object]) -> dict[str, Any]:
    """Every method setting as given in the Settings sheet, or at its default."""
    return {key: setting.value(values, key) for key, setting in method_settings().items()}


__all__ = [
    "DEFAULT",
    "METHODS",
    "Method",
    "Options",
    "default_options",
    "given_options",
    "method_of",
    "method_settings",
    "method_words",
    "register",
    "scoring_setting",
    "scoring_word",
    "unregister",
    "words_of",
]
