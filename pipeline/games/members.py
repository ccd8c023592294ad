"""The people each competitor is made of, as a results workbook lists them (the `Player N` and `Player N ID`
columns of its Pairs, Teams or Players sheet), and the standings workbook's `Members` sheet that carries them
to `tally rank`. Pure."""

from __future__ import annotations

import re

import pandas as pd

from pipeline.games.names import folded_names
from pipeline.i18n import _
from pipeline.parsing import as_ids
from pipeline.problems import Problem, kind
from pipeline.sheets import OutputSheet, Sheet, sheet_key, with_english_headers, without_blank_rows
from schemas.common import column_names, columns_of, sheet_name_of, titles_of
from schemas.ranking import RegisterSheet as G
from schemas.shared import MembersSheet, RulesSheet, member_field

M = MembersSheet
# between two people in a competitor's written name: a spaced dash, & / + ; 、 ， or a comma, or a spaced
# "y", "and", "e", "et", "und" ("Ana Ruiz - Luis Mora", "Li, Zhang, Wang, Liu", "李伟、张敏")
NAME_SEPARATORS = r"\s+[-\u2013\u2014]\s+|\s*[&/+;\u3001\uff0c,]\s*|\s+(?:y|and|e|et|und)\s+"
ORDER, SLOT_OF = "_order", "_slot"  # working columns: a competitor's row on its sheet, and the player's slot
SLOT = re.compile(member_field(0, of_id=False).replace("0", "([0-9]+)"))  # player_1: a member's name column


def people_in_names(names: pd.Series) -> pd.Series:
    """Each written name split into people at the separators (`NAME_SEPARATORS`), runs of spaces read as
    one: one row per person, indexed by the name's row; blank parts dropped."""
    parts = names.astype("str").str.split(NAME_SEPARATORS, regex=True).explode()
    parts = parts.str.strip().str.replace(r"\s+", " ", regex=True)
    return parts[parts.notna() & parts.ne("")].astype("str")


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


def written_people(sheets: dict[str, Sheet], models: tuple[type, ...]) -> pd.DataFrame:
    """The people of each competitor of a pairs or teams event whose name is written (the competitor sheet's
    second column: Names, Name) and splits into at least two: competitor, no number, name."""
    found = competitor_sheet(sheets, models)
    empty = pd.DataFrame({c: pd.Series(dtype="str") for c in column_names(M)})
    if found is None:
        return empty
    sheet, model = found
    first, second = (c.name for c in columns_of(model)[:2])
    frame = without_blank_rows(sheet.frame)
    if first not in frame or second not in frame:
        return empty
    split = people_in_names(frame[second].dropna())
    split = split[split.groupby(level=0).transform("size") >= 2]
    ids = as_ids(frame[first].astype("str"))
    return pd.DataFrame(
        {M.competitor: ids.loc[split.index].to_numpy(), M.player_id: pd.NA, M.player: split.to_numpy()}
    ).astype("str")


FILLED_FROM_REGISTER = kind(
    "R130",
    "players numbered or named from the members register in an event's Members sheet (batch --members)",
    "warning",
    example="club.xlsx: Members: 12 numbers and 2 names filled from the members register",
)


def filled_note(before: pd.DataFrame, after: pd.DataFrame, sheet: str) -> list[Problem]:
    """The R130 a standings workbook's Members sheet gets when the register filled numbers or names in it."""
    numbers = int(after[M.player_id].notna().sum() - before[M.player_id].notna().sum())
    names = int(after[M.player].notna().sum() - before[M.player].notna().sum())
    if not numbers and not names:
        return []
    text = _(
        "{numbers} number(s) and {names} name(s) filled from the members register",
        numbers=numbers,
        names=names,
    )
    return [Problem.of(FILLED_FROM_REGISTER, sheet, None, None, None, text)]


def registered_members(members: pd.DataFrame, written: pd.DataFrame, register: pd.DataFrame) -> pd.DataFrame:
    """The Members sheet filled from the federation's members register (schemas.ranking.RegisterSheet): every
    competitor's typed players, else the people of its written name; a blank name filled from its number, a
    blank number from a name the register gives one member only."""
    typed = set(members[M.competitor])
    people = pd.concat([members, written[~written[M.competitor].isin(typed)]], ignore_index=True)
    known = register.set_index(G.member_id)
    folded = folded_names(register[G.name].fillna(""))
    holders = folded[folded.ne("")].value_counts()
    only = pd.Series(register[G.member_id].to_numpy(), index=folded.to_numpy())
    only = only[only.index.isin(holders.index[holders == 1])]
    name = people[M.player].fillna(people[M.player_id].map(known[G.name]))
    number = people[M.player_id].fillna(folded_names(people[M.player].fillna("")).map(only))
    return people.assign(**{M.player: name.astype("str"), M.player_id: number.astype("str")})
