"""What the methods scored in IMPs share (cross-IMPs, Butler, teams): artificial scores as +/-3 IMPs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from pipeline.games.bridge.awards import AVERAGE_IMPS, IMP_UNIT, imp_award_problems, split_award_problems
from pipeline.games.checks import problems_where
from pipeline.games.settings import SettingSpec
from pipeline.i18n import N_, _
from pipeline.parsing import as_words, whole_in
from pipeline.problems import kind
from pipeline.sheets import Sheet
from schemas.bridge import IMP_CAP
from schemas.bridge import ResultsSheet as R
from schemas.bridge import TypedResult as T

PERCENT_AT_IMPS = kind("B125", "a percentage adjusted score at IMPs (use A+/A-, A/A or A-/A+)")

NO_CAP = 0  # the IMP Cap setting's value for "none"


def cap_or_none(text: pd.Series) -> pd.Series:
    """The IMP cap: `none` (0, no cap) or a whole number of IMPs in IMP_CAP; NA otherwise."""
    return whole_in(text, IMP_CAP).fillna(as_words(text).map({"none": NO_CAP, "no": NO_CAP}))


IMP_CAP_SETTING = SettingSpec(
    "IMP Cap",
    cap_or_none,
    N_(
        "none, or the most IMPs one comparison may give (cross-IMPs: each result against each other one; "
        "Butler: a result against the datum): a whole number {range}"
    ).format(range=IMP_CAP.words),
    default=NO_CAP,
    hint=f"none; or 12, {IMP_CAP.words}",
    example="none",
    default_words="none",
    names={"es": ("Tope de IMPs",), "zh": ("国际比赛分上限",)},
)


def cap_words(options: Mapping[str, Any]) -> str:
    """The Rules sheet's words for the IMP cap ('' without one)."""
    cap = options["imp_cap"]
    return _("; each comparison capped at {cap} IMPs", cap=cap) if cap else ""


def artificial_imps(pct: pd.Series) -> pd.Series:
    """IMPs for an artificial score at IMPs: 60 % (A+) -> +3, 50 % -> 0, 40 % (A-) -> -3."""
    return np.sign(pct - 50) * AVERAGE_IMPS


def artificial_ns_imps(r: pd.DataFrame) -> pd.Series:
    """North-south's IMPs of each artificial score: an IMP award as given, else A+/A/A- as +3/0/-3."""
    return r[T.ns_award].where(r[T.award_unit].eq(IMP_UNIT), artificial_imps(r[T.ns_pct]))


def team_problems_at_imps(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """Teams: the checks of every method scored in IMPs, and IMP awards that balance."""
    return percentage_problems(sheet, typed) + split_award_problems(sheet, typed)


def percentage_problems(sheet: Sheet, typed: pd.DataFrame) -> list[pd.DataFrame]:
    """At IMPs an artificial adjusted score is an average (A+/A-, A/A, A-/A+), never a percentage."""
    averages = (
        sheet.frame[R.adjusted]
        .astype("str")
        .str.upper()
        .str.replace(r"\s", "", regex=True)
        .str.fullmatch(r"A[+-]?/A[+-]?|AV[EG]?[+-]?/AV[EG]?[+-]?")
        .fillna(False)
    )
    return [
        problems_where(
            sheet,
            typed[T.ns_pct].notna() & ~averages & typed[T.award_unit].isna(),
            R.adjusted,
            _("at IMPs an adjusted score is A+/A-, A/A or A-/A+ (+3, 0, -3 IMPs), not a percentage"),
            PERCENT_AT_IMPS,
        ),
        *imp_award_problems(sheet, typed),
    ]
