"""What a printed or published result says above its table: the event, where and when, and whether it is
final (docs/printing.md, "Title and status").

The status rule, in words: results are *provisional* while rounds are missing ("after round 5 of 9": round
5 is the last round with every round up to it played; 9 is the Rounds setting or the highest round in the
sheet, whichever is larger) or while the Law 79C correction period is open (from Published At for Correction
Minutes; "corrections open until 2026-11-30 21:45"); otherwise they are *final*. Without Published At the
correction period is not known to be open, and without any round number the rounds are not counted.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from pipeline.games.settings import (
    CORRECTION_SETTINGS,
    EVENT_DATE,
    EVENT_NAME,
    SECTION,
    VENUE,
    SettingSpec,
    setting_key,
)
from pipeline.i18n import N_, _, n_, written_time

FINAL = N_("Final")
PROVISIONAL = N_("Provisional")
STATUS = N_("Status")  # the Rules sheet's Item for the status line


@dataclass(frozen=True)
class Progress:
    """How far an event has gone: the last round with every round up to it played, and the rounds planned
    (0 and 0 when the results name no round); the boards scheduled but not yet played."""

    complete: int = 0
    planned: int = 0
    waiting_boards: int = 0


@dataclass(frozen=True)
class Heading:
    """The lines above a result: the event's title, its date, venue and section, and its status."""

    title: str
    details: str
    status: str
    final: bool = False

    @property
    def lines(self) -> list[str]:
        """The title block as printed: the title, the details when any, the status."""
        return [self.title, *([self.details] if self.details else []), self.status]


def rounds_progress(played: pd.Series, waiting: pd.Series, planned: int | None) -> Progress:
    """The progress of an event whose results name rounds: `played` the rounds of the results entered,
    `waiting` those of the matches still to play, `planned` the Rounds setting (None when not given)."""
    done = pd.to_numeric(played, errors="coerce").dropna().astype("int64").to_numpy()
    open_ = pd.to_numeric(waiting, errors="coerce").dropna().astype("int64").to_numpy()
    highest = int(max(done.max(initial=0), open_.max(initial=0), planned or 0))
    if not len(done) and planned is None:
        return Progress(0, highest)
    last_played = int(done.max(initial=0))
    complete = min(last_played, int(open_.min()) - 1) if len(open_) else last_played
    missing = np.setdiff1d(np.arange(1, complete + 1), done)  # a round with no result at all
    complete = int(missing.min()) - 1 if len(missing) else complete
    return Progress(max(complete, 0), highest)


def status_of(progress: Progress, closes: pd.Timestamp | None, now: dt.datetime) -> str:
    """Final, or Provisional with what is missing: rounds still to play, the correction period still open."""
    reasons = []
    if progress.planned and progress.complete < progress.planned:
        reasons.append(
            _("after round {complete} of {planned}", complete=progress.complete, planned=progress.planned)
        )
    if progress.waiting_boards:
        left = progress.waiting_boards
        reasons.append(n_("{count} board still to play", "{count} boards still to play", left, count=left))
    if closes is not None and pd.Timestamp(now) < closes:
        reasons.append(_("corrections open until {time}", time=written_time(closes)))
    if not reasons:
        return _(FINAL)
    return _("{provisional} - {reasons}", provisional=_(PROVISIONAL), reasons=_("; ").join(reasons))


def correction_close(published_at: pd.Timestamp | None, minutes: int) -> pd.Timestamp | None:
    """When the Law 79C correction period ends: Published At plus Correction Minutes (None unpublished)."""
    return None if published_at is None else published_at + pd.Timedelta(minutes=minutes)


def setting_of(settings: object, spec: SettingSpec) -> Any:
    """A game's settings object's value of a shared setting (its field is the setting's key), or the
    setting's default where a game does not read it."""
    return getattr(settings, setting_key(spec.title), spec.default)


def event_heading(settings: object, fallback: str, progress: Progress, now: dt.datetime) -> Heading:
    """The heading of a scored event from its settings (Event, Date, Venue, Section, Published At and
    Correction Minutes; the file's stem when no Event is given), how far it has gone, and the time now."""
    title = str(setting_of(settings, EVENT_NAME) or fallback)
    facts = [str(setting_of(settings, spec) or "") for spec in (EVENT_DATE, VENUE, SECTION)]
    published, minutes = (setting_of(settings, spec) for spec in CORRECTION_SETTINGS.values())
    closes = correction_close(published, int(minutes or 0))
    status = status_of(progress, closes, now)
    return Heading(title, " - ".join(f for f in facts if f), status, status == _(FINAL))


def with_status_rows(rules: pd.DataFrame, settings: object, heading: Heading) -> pd.DataFrame:
    """A Rules table (Item, Value) with Venue and Section (when given) and Status after its first two rows
    (Event and Date), so that a standings workbook read back tells its heading."""
    item, value = rules.columns[:2]
    added = [(spec.written_name, setting_of(settings, spec)) for spec in (VENUE, SECTION)]
    rows = [(t, v) for t, v in added if v] + [(_(STATUS), heading.status)]
    extra = pd.DataFrame(rows, columns=[item, value])
    return pd.concat([rules.iloc[:2], extra, rules.iloc[2:]], ignore_index=True)
