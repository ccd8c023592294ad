"""The people each competitor is made of, as a results workbook lists them (the `Player N` and `Player N ID`
columns of its Pairs, Teams or Players sheet), and the standings workbook's `Members` sheet that carries them
to `tally rank`. Pure."""

from __future__ import annotations

import re

import pandas as pd

from pipeline.parsing import as_ids
from pipeline.sheets import OutputSheet, Sheet, sheet_key, with_english_headers, without_blank_rows
from schemas.common import column_names, columns_of, sheet_name_of, titles_of
from schemas.shared import MembersSheet, RulesSheet, member_field

M = MembersSheet
ORDER, SLOT_OF = "_order", "_slot"  # working columns: a competitor's row on its sheet, and the player's slot
SLOT = re.compile(member_field(0, of_id=False).replace("0", "([0-9]+)"))  # player_1: a member's name column


def member_slots(model: type) -> list[int]:
    """The player slots a competitor sheet's model declares (1, 2 for a pair; 1 to 6 for a team)."""
    return [int(m[1]) for c in column_names(model) if (m := SLOT.fullmatch(c))]


def competitor_sheet(sheets: dict[str, Sheet], models: tuple[type, ...]) -> tuple[Sheet, type] | None:
    """The first sheet of a workbook whose model declares player slots (Pairs, Teams, Players), in English."""
    for model in models:
        if member_slots(model) and sheet_key(model) in sheets:
            return with_english_headers(sheets[sheet_key(model)], model), model
    return None


def typed_members(sheets: dict[str, Sheet], models: tuple[type, ...]) -> pd.DataFrame:
    """Each player typed in a Player N or Player N ID cell, one row per competitor and slot (in the sheet's
    order, then by slot): the competitor's id (as ids are read), the membership number and the name."""
    found = competitor_sheet(sheets, models)
    empty = pd.DataFrame({c: pd.Series(dtype="str") for c in column_names(M)})
    if found is None:
        return empty
    sheet, model = found
    frame = without_blank_rows(sheet.frame)
    first = columns_of(model)[0].name  # the competitor's id: Pair, Team, ID
    if first not in frame:
        return empty
    parts = [
        pd.DataFrame(
            {
                M.competitor: as_ids(frame[first].astype("str")),
                M.player_id: as_ids(column_of(frame, member_field(n, of_id=True))),
                M.player: blank_as_na(column_of(frame, member_field(n, of_id=False)).str.strip()),
                SLOT_OF: n,
                ORDER: range(len(frame)),
            }
        )
        for n in member_slots(model)
    ]
    members = pd.concat(parts, ignore_index=True)
    members = members[
        members[M.competitor].notna() & (members[M.player_id].notna() | members[M.player].notna())
    ]
    return members.sort_values([ORDER, SLOT_OF], kind="stable")[column_names(M)].reset_index(drop=True)


def column_of(frame: pd.DataFrame, name: str) -> pd.Series:
    """A column of the sheet as text, all blank when the sheet leaves it out."""
    if name not in frame:
        return pd.Series(pd.NA, index=frame.index, dtype="str")
    return frame[name].astype("str")


def blank_as_na(text: pd.Series) -> pd.Series:
    """Text with each empty cell read as blank (NA)."""
    return text.where(text.ne(""))


def with_members(sheets: list[OutputSheet], members: pd.DataFrame) -> list[OutputSheet]:
    """The standings sheets with a `Members` sheet (when any player is typed) placed before `Rules`."""
    if members.empty:
        return sheets
    table = OutputSheet(sheet_name_of(M), members.rename(columns=titles_of(M)).reset_index(drop=True))
    rules = sheet_name_of(RulesSheet)
    at = next((i for i, s in enumerate(sheets) if s.name == rules), len(sheets))
    return [*sheets[:at], table, *sheets[at:]]
