"""Two-winner fields: a Mitchell without an arrow switch is ranked as two fields, North-South and East-West,
each with its own ranking and winner (docs/bridge-rules.md, "Fields"). Pure."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd

from pipeline.i18n import _
from schemas.bridge import EAST_WEST, NORTH_SOUTH
from schemas.bridge import TypedResult as T

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent

MITCHELL, ARROW_SWITCH, HOWELL = "mitchell", "arrow switch", "howell"  # words of a Movement setting


@dataclass(frozen=True)
class Fields:
    """How a pairs event is ranked: each pair's field (NS or EW) by pair id when it is two fields, else None;
    and why, in words (the Rules sheet's `Fields` row)."""

    of: pd.Series | None
    reason: str

    @property
    def two(self) -> bool:
        """True when the event has two fields."""
        return self.of is not None


def pair_fields(event: BridgeEvent) -> Fields:
    """The fields of a pairs event: two when Settings Movement is a Mitchell without an arrow switch, or, with no
    Movement, when every pair sat in one direction all evening (rows still to play included); else one."""
    seats = event.seating
    ns, ew = pd.Index(seats[T.ns].dropna().unique()), pd.Index(seats[T.ew].dropna().unique())
    both = ns.intersection(ew)
    movement = event.settings.movement.strip().lower()
    kept = len(both) == 0 and len(ns) > 0 and len(ew) > 0
    field = pd.concat([pd.Series(NORTH_SOUTH, index=ns), pd.Series(EAST_WEST, index=ew)]) if kept else None
    given = event.settings.movement
    if event.settings.teams:
        return Fields(None, _("one"))
    if movement.startswith(MITCHELL) and ARROW_SWITCH not in movement:
        if kept:
            return Fields(
                field,
                _(
                    "two: North-South and East-West, each ranked on its own (Settings Movement: {movement})",
                    movement=given,
                ),
            )
        return Fields(
            None,
            _(
                "one: Settings Movement says {movement}, but {count} pair(s) sat in both directions",
                movement=given,
                count=len(both),
            ),
        )
    if movement:
        return Fields(None, _("one (Settings Movement: {movement})", movement=given))
    if kept:
        return Fields(
            field,
            _(
                "two: North-South and East-West, each ranked on its own (no Movement given: every pair sat in "
                "one direction all session)"
            ),
        )
    return Fields(None, _("one (pairs changed direction: a Howell or an arrow switch)"))
