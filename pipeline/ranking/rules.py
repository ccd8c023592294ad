"""The ranking rules of `tally rank`: the defaults of the issue, each one changeable in a TOML file."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields

import pandas as pd

from pipeline.errors import UsageError


@dataclass(frozen=True)
class RankingRules:
    """How an event's places become ranking points and which events a total counts."""

    scale: float = 100.0  # points for first place in an event of weight 1
    best: int = 10  # events counted per competitor
    window_days: int = 365  # the as-of day and the days before it
    decimals: int = 2  # event points are rounded (half up) to this many decimals
    default_weight: float = 1.0  # an event whose standings carry no Weight

    @property
    def unit(self) -> int:
        """How many units make one point (points are kept as whole units, so sums are exact)."""
        return int(10**self.decimals)


LIMITS = {
    "scale": (float, 0.0, 1e9, "a number above 0"),
    "best": (int, 1, 10_000, "a whole number of events, 1 or more"),
    "window_days": (int, 1, 36_600, "a whole number of days, 1 or more"),
    "decimals": (int, 0, 6, "a whole number from 0 to 6"),
    "default_weight": (float, 0.0, 1e6, "a number above 0"),
}


def ranking_rules(config: Mapping[str, object], source: str = "ranking.toml") -> RankingRules:
    """The rules from a parsed TOML mapping (top level or a [ranking] table); UsageError names a bad key."""
    table = config.get("ranking", config)
    if not isinstance(table, Mapping):
        raise UsageError(f"{source}: [ranking] must be a table of settings")
    outside = sorted(set(config) - {"ranking"}) if table is not config else []
    if outside:
        raise UsageError(
            f"{source}: {', '.join(outside)} outside [ranking]: put every setting under [ranking], or none"
        )
    known = [f.name for f in fields(RankingRules)]
    unknown = sorted(set(table) - set(known))
    if unknown:
        raise UsageError(f"{source}: unknown setting(s) {', '.join(unknown)} (known: {', '.join(known)})")
    values: dict[str, object] = {}
    for key, value in table.items():  # a handful of settings
        kind, low, high, expected = LIMITS[key]
        number = value if isinstance(value, int | float) and not isinstance(value, bool) else None
        if kind is int:
            fits = number is not None and float(number).is_integer() and low <= number <= high
        else:
            fits = number is not None and low < number <= high
        if not fits:
            raise UsageError(f"{source}: {key} = {value!r}: expected {expected}")
        values[key] = kind(number)
    return RankingRules(**values)  # type: ignore[arg-type]


def as_of_date(text: str | None) -> pd.Timestamp | None:
    """The --as-of date, typed as 2026-11-30, or None for the newest event's date; UsageError otherwise
    (no words such as "today": the same command must give the same ranking tomorrow)."""
    if text is None:
        return None
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
            raise ValueError(text)
        return pd.Timestamp(dt.date.fromisoformat(text.strip()))
    except ValueError:
        raise UsageError(f"--as-of {text!r}: expected a date such as 2026-11-30") from None
