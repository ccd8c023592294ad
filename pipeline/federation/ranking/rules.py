"""The ranking rules of `tally rank`: the defaults of the issue, each one changeable in a TOML file."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import pandas as pd

from pipeline.federation.ranking.scales import FIELD, PAID, RATE, STEPS, AwardScale
from pipeline.games.settings import WEIGHT
from pipeline.i18n import N_, _
from pipeline.parsing import FIRST_DAY, LAST_DAY
from pipeline.problems import UsageError
from schemas.plain import Span

# who an award goes to (the rule `credit`): pipeline/federation/ranking/people.py
CREDITS = ("person", "competitor")


@dataclass(frozen=True)
class Limit:
    """The sane range of a ranking rule, checked where the TOML file is read: the type of its value, the span
    and what is expected, in words."""

    kind: type
    span: Span
    expected: str
    choices: tuple[str, ...] = ()  # a rule of words: the words it takes

    def fits(self, value: object) -> bool:
        """True when a value typed in ranking.toml is one this rule takes."""
        if self.choices:
            return value in self.choices
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        return value in self.span and (self.kind is float or float(value).is_integer())

    @property
    def words(self) -> str:
        """The values the rule takes, in words."""
        return _(" or ").join(repr(c) for c in self.choices) if self.choices else self.span.words


def rule(default: float | str, limit: Limit) -> Any:
    """A ranking rule declared once: its default and its limit."""
    return field(default=default, metadata={"limit": limit})


# The sane range of each rule. Together they keep the arithmetic exact: an event gives at most
# weight x scale x 10^decimals = 100 x 10,000 x 10^6 = 10^12 units, and a total of the best 1,000 at most 10^15,
# below 2^53 (about 9 x 10^15), so every figure is a whole number a float64 and an int64 hold exactly.
@dataclass(frozen=True)
class RankingRules:
    """How an event's places become ranking points and which events a total counts."""

    # points for first place in an event of weight 1
    scale: float = rule(
        100.0, Limit(float, Span(0, 10_000, above=True), N_("points for first place: a number"))
    )
    # events counted per competitor
    best: int = rule(10, Limit(int, Span(1, 1_000), N_("events counted per competitor: a whole number")))
    # the as-of day and the days before it
    window_days: int = rule(365, Limit(int, Span(1, 36_600), N_("days in the window: a whole number")))
    # event points are rounded (half up) to this many decimals
    decimals: int = rule(2, Limit(int, Span(0, 6), N_("decimals of event points: a whole number")))
    # an event whose standings carry no Weight
    default_weight: float = rule(
        1.0, Limit(float, WEIGHT, N_("the weight of an event that gives none: a number"))
    )
    # who an event's award goes to: each person of a competitor, or the competitor by its id
    credit: str = rule(
        "person",
        Limit(str, Span(0, 0), N_("who is credited with an award:"), choices=CREDITS),
    )
    # what each place is worth: tally's field formula, or a federation's published scale ([ranking.award])
    award: AwardScale = field(default_factory=AwardScale)

    @property
    def unit(self) -> int:
        """How many units make one point (points are kept as whole units, so sums are exact)."""
        return int(10**self.decimals)


LIMITS: dict[str, Limit] = {
    f.name: f.metadata["limit"] for f in fields(RankingRules) if "limit" in f.metadata
}
AWARD = "award"  # the table of ranking.toml declaring the award scale
AWARD_WORDS = {
    "kind": (FIELD, RATE, STEPS),
    "paid": tuple(PAID),
}  # the award's keys of words, and their words
AWARD_SPAN = Span(0, 1_000_000)  # every number of an award scale


UNKNOWN_SETTING = N_("{source}: unknown setting(s) {unknown} (known: {known})")
UNKNOWN_AWARD = N_("{source}: unknown award setting(s) {unknown} (known: {known})")


def refuse_unknown(table: Mapping[str, object], known: list[str], source: str, message: str) -> None:
    """UsageError, naming them and the known ones, when a TOML table has keys that are not known."""
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise UsageError(_(message, source=source, unknown=", ".join(unknown), known=", ".join(known)))


def award_scale(table: object, source: str) -> AwardScale:
    """The [ranking.award] table as a scale; UsageError names a bad key or value (with what is expected)."""
    if not isinstance(table, Mapping):
        raise UsageError(_("{source}: [ranking.award] must be a table of settings", source=source))
    known = {f.name: f for f in fields(AwardScale)}
    refuse_unknown(table, list(known), source, UNKNOWN_AWARD)
    values: dict[str, object] = {}
    for key, value in table.items():  # a dozen settings at most
        words = AWARD_WORDS.get(key)
        number = not isinstance(value, bool) and isinstance(value, (int, float))
        whole = known[key].type in ("int", int)
        fits = (
            value in words
            if words
            else number and value in AWARD_SPAN and (not whole or float(value).is_integer())
        )
        if not fits:
            expected = _(" or ").join(repr(w) for w in words) if words else AWARD_SPAN.words
            raise UsageError(
                _(
                    "{source}: award {key} = {value}: expected {expected}",
                    source=source,
                    key=key,
                    value=repr(value),
                    expected=expected,
                )
            )
        values[key] = value if words else (int(value) if whole else float(value))
    return AwardScale(**values)  # type: ignore[arg-type]


def ranking_rules(config: Mapping[str, object], source: str = "ranking.toml") -> RankingRules:
    """The rules from a parsed TOML mapping (top level or a [ranking] table); UsageError names a bad key."""
    table = config.get("ranking", config)
    if not isinstance(table, Mapping):
        raise UsageError(_("{source}: [ranking] must be a table of settings", source=source))
    outside = sorted(set(config) - {"ranking"}) if table is not config else []
    if outside:
        raise UsageError(
            _(
                "{source}: {keys} outside [ranking]: put every setting under [ranking], or none",
                source=source,
                keys=", ".join(outside),
            )
        )
    refuse_unknown(table, [f.name for f in fields(RankingRules)], source, UNKNOWN_SETTING)
    award = award_scale(table[AWARD], source) if AWARD in table else AwardScale()
    values: dict[str, object] = {}
    for key, value in table.items():  # a handful of settings
        if key == AWARD:
            continue
        limit = LIMITS[key]
        if not limit.fits(value):
            raise UsageError(
                _(
                    "{source}: {key} = {value}: expected {what} {span}",
                    source=source,
                    key=key,
                    value=repr(value),
                    what=_(limit.expected),
                    span=limit.words,
                )
            )
        values[key] = limit.kind(value)
    return RankingRules(**values, award=award)  # type: ignore[arg-type]


def as_of_date(text: str | None) -> pd.Timestamp | None:
    """The --as-of date, typed as 2026-11-30 (from 1900-01-01 to 2099-12-31), or None for the default (see
    `season.default_as_of`); UsageError otherwise (no words such as "today": a date given on the command line
    means the same tomorrow)."""
    if text is None:
        return None
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
            raise ValueError(text)
        day = pd.Timestamp(dt.date.fromisoformat(text.strip()))
        if not FIRST_DAY <= day <= LAST_DAY:
            raise ValueError(text)
        return day
    except ValueError:
        raise UsageError(
            _(
                "--as-of {text}: expected a date such as 2026-11-30 (from {first} to {last})",
                text=repr(text),
                first=f"{FIRST_DAY:%Y-%m-%d}",
                last=f"{LAST_DAY:%Y-%m-%d}",
            )
        ) from None
