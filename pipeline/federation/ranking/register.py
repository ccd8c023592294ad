"""The federation's members register against a season's people (`tally rank --members`): numbers filled from
names the register holds once, names from numbers, and every unknown member, inactive member and written
name that differs from the register's reported per person on the Identity sheet. Pure and vectorized."""

from __future__ import annotations

import pandas as pd

from pipeline.federation.ranking.identity import IDENTITY_CODES
from pipeline.games.checks import problems_where, with_aliases
from pipeline.games.members import blank_as_na, column_of, competitor_sheet, member_slots
from pipeline.games.names import folded_names
from pipeline.i18n import _, _each
from pipeline.parsing import as_ids
from pipeline.problems import Problem, kind, problems_from_frame
from pipeline.sheets import Sheet, with_english_headers, without_blank_rows
from schemas.ranking import Contribution, IdentityReport, RegisterSheet
from schemas.shared import member_field
from schemas.validation import validated

C, I, G = Contribution, IdentityReport, RegisterSheet  # noqa: E741
FOLDED, HELD = "_folded", "_held"  # working columns: a register name folded, the members holding a name
UNKNOWN = "unknown member"
INACTIVE = "inactive member"
NAME_DIFFERS = "name differs from the register's"
FILLED = "number filled from the register"
SEVERAL = "name of several members"
NAMED = "name filled from the register"
# the kind of each register report, by the words of its Check column (pipeline/federation/ranking/identity.py)
REGISTER_KINDS = {
    UNKNOWN: kind(
        "R121",
        "a membership number the members register does not hold",
        "warning",
        example="unknown member: 9999 (Eva Berg)",
    ),
    INACTIVE: kind(
        "R122",
        "a member who played after their membership ran out (the register's Active Until)",
        "warning",
        example="inactive member: 1234 (Eva Berg)",
    ),
    NAME_DIFFERS: kind(
        "R123",
        "a name written otherwise than the register's (accents, case and spacing aside); the register's is shown",
        "warning",
        example="name differs from the register's: 1234 (Eva Borg; register: Eva Berg)",
    ),
    FILLED: kind(
        "R124",
        "a player known by name only, numbered from the register (its only member of that name)",
        "warning",
        example="number filled from the register: 1234 (Eva Berg)",
    ),
    SEVERAL: kind(
        "R125",
        "a player known by name only whose name the register gives to several members: not numbered",
        "warning",
        example="name of several members: Ana Ruiz (register: 17; 42)",
    ),
    NAMED: kind(
        "R129",
        "a membership number given without a name, named from the register",
        "warning",
        example="name filled from the register: 5678 (Nils Dahl)",
    ),
}
REGISTER_CODES = {check: found.code for check, found in REGISTER_KINDS.items()}
CHECK_CODES = {**IDENTITY_CODES, **REGISTER_CODES}  # every Identity check's code, by its words
BLANK_MEMBER = kind(
    "R126",
    "a members register row with a name but no membership number",
    example="Register, row 4, column 'Member ID': a member's number is required",
)
MEMBER_TWICE = kind(
    "R127",
    "a membership number listed twice in the members register",
    example="Register, row 9, column 'Member ID' [1234]: this number is listed twice",
)
BAD_UNTIL = kind(
    "R128",
    "a members register's Active Until that is not a date such as 2026-12-31",
    example="Register, row 3, column 'Active Until' [soon]: expected a date such as 2026-12-31",
)


def register_table(sheet: Sheet) -> tuple[pd.DataFrame, list[Problem]]:
    """The register as member, name, club, active until (a date, NaT for no end), and its located problems:
    a name without a number, a number twice, an Active Until that is no date."""
    english = with_english_headers(with_aliases(sheet, G)[0], G)
    frame = without_blank_rows(english.frame)
    text = {
        c: frame[c].astype("str") if c in frame else pd.Series(pd.NA, index=frame.index, dtype="str")
        for c in (G.member_id, G.name, G.club, G.active_until)
    }
    member = as_ids(text[G.member_id])
    until_text = text[G.active_until].str.strip()
    until = pd.to_datetime(until_text.str.slice(0, 10), format="%Y-%m-%d", errors="coerce")
    checks = [
        (member.isna(), G.member_id, _("a member's number is required"), BLANK_MEMBER),
        (member.notna() & member.duplicated(), G.member_id, _("this number is listed twice"), MEMBER_TWICE),
        (
            until_text.notna() & until_text.ne("") & until.isna(),
            G.active_until,
            _("expected a date such as 2026-12-31"),
            BAD_UNTIL,
        ),
    ]
    found = [
        problems_where(english, mask, col, words, code) for mask, col, words, code in checks if mask.any()
    ]
    table = pd.DataFrame(
        {G.member_id: member, G.name: text[G.name].str.strip(), G.club: text[G.club], G.active_until: until}
    )
    problems = problems_from_frame(pd.concat(found)) if found else []
    return table[member.notna() & ~member.duplicated()].reset_index(drop=True), problems


def reports_of(check: str, rows: pd.DataFrame, names: pd.Series) -> pd.DataFrame:
    """Identity rows of one register check, one per person (by id): the names said of them (`names`, by id)
    and their events."""
    if rows.empty:
        return pd.DataFrame({c: pd.Series(dtype="str") for c in (I.check, I.players, I.names, I.seen_in)})
    grouped = rows.groupby(C.player, sort=True)
    events = _each("{count} event(s), newest {file}", count=grouped.size(), file=grouped[C.file].last())
    return pd.DataFrame(
        {
            I.check: check,
            I.players: events.index,
            I.names: names.reindex(events.index).fillna("").to_numpy(),
            I.seen_in: events.to_numpy(),
        }
    )


def register_names(register: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """(folded name -> the number of its only member, folded name -> the numbers of all its members joined
    by "; ") of the register's named members."""
    named = register.assign(**{FOLDED: folded_names(register[G.name].fillna(""))})
    named = named[named[FOLDED].ne("")]
    members = named.groupby(FOLDED)[G.member_id]
    only = members.first()[members.size() == 1]
    return only, members.agg("; ".join)


def with_register(contributions: pd.DataFrame, register: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The season's contributions checked against the register: a person known by name only takes the number
    of the register's only member of that name; every registered member is shown under the register's name;
    and the Identity rows of what was found (unknown, inactive, name differs, numbered, several members,
    named)."""
    c = contributions.sort_values([C.date, C.file], kind="stable")
    only, holders = register_names(register)
    by_name = c[C.by_name].to_numpy(dtype=bool)
    mine = folded_names(c[C.player])
    number = mine.map(only).where(by_name)
    held = mine.map(holders)
    several = c[
        by_name & number.isna().to_numpy() & held.str.contains(";", regex=False).fillna(False).to_numpy()
    ]
    several_members = several.assign(**{HELD: held.loc[several.index]}).groupby(C.player)[HELD].first()
    filled = c[number.notna()].assign(**{C.player: number[number.notna()]})
    still_by_name = pd.Series(c[C.by_name].to_numpy(dtype=bool) & number.isna().to_numpy(), index=c.index)
    c = c.assign(**{C.player: number.fillna(c[C.player]).astype("str"), C.by_name: still_by_name})
    known = register.set_index(G.member_id)
    numbered = c[~c[C.by_name].to_numpy(dtype=bool)]
    registered = numbered[numbered[C.player].isin(known.index)]
    until = registered[C.player].map(known[G.active_until])
    own = registered[C.player].map(known[G.name]).fillna("")
    differs = registered[
        registered[C.name].notna() & own.ne("") & (folded_names(registered[C.name]) != folded_names(own))
    ]
    written = c.groupby(C.player)[C.name].agg(lambda names: "; ".join(dict.fromkeys(names.dropna())))
    register_name = known[G.name].reindex(written.index).fillna("")
    reports = pd.concat(
        [
            reports_of(UNKNOWN, numbered[~numbered[C.player].isin(known.index)], written),
            reports_of(INACTIVE, registered[until.notna() & (registered[C.date] > until)], written),
            reports_of(
                NAME_DIFFERS,
                differs,
                _each("{written}; register: {name}", written=written, name=register_name),
            ),
            reports_of(FILLED, filled, written),
            reports_of(SEVERAL, several, _each("register: {members}", members=several_members)),
            reports_of(NAMED, registered[registered[C.name].isna() & own.ne("")], register_name),
        ],
        ignore_index=True,
    )
    shown = c[C.player].map(known[G.name])
    c = c.assign(**{C.name: shown.where(shown.notna() & shown.ne(""), c[C.name]).astype("str")})
    return c.sort_index(), validated(reports.astype("str"), I)


def workbook_register_problems(
    sheets: dict[str, Sheet], models: tuple[type, ...], register: pd.DataFrame, date: pd.Timestamp | None
) -> list[Problem]:
    """A results workbook's players (its Player N and Player N ID cells) against the register, each finding a
    warning at its cell: an unknown number (R121), a member whose membership ran out before the event's
    `date` (R122), a name written otherwise (R123, the register's named), a number the register fills from a
    name it holds once (R124) or cannot (R125), a name the register fills from a number (R129)."""
    found = competitor_sheet(sheets, models)
    if found is None:
        return []
    sheet, model = found
    frame = sheet.frame
    known = register.set_index(G.member_id)
    only, holders = register_names(register)
    located: list[pd.DataFrame] = []
    for slot in member_slots(model):  # two to six slots
        id_col, name_col = member_field(slot, of_id=True), member_field(slot, of_id=False)
        number = as_ids(column_of(frame, id_col))
        name = blank_as_na(column_of(frame, name_col).str.strip())
        own = number.map(known[G.name])
        until = number.map(known[G.active_until])
        folded = folded_names(name.fillna(""))
        listed = number.isin(known.index)
        held = folded.map(holders).fillna("")
        checks: list[tuple[pd.Series, str, str | pd.Series, str]] = [
            (
                number.notna() & ~listed,
                id_col,
                _("the members register has no member of this number"),
                UNKNOWN,
            ),
            (
                listed & until.notna() & (until < date if date is not None else False),
                id_col,
                _each(
                    "a member until {until}: the membership had run out by the event's date",
                    until=until.dt.strftime("%Y-%m-%d"),
                ),
                INACTIVE,
            ),
            (
                listed & name.notna() & own.notna() & (folded != folded_names(own.fillna(""))),
                name_col,
                _each("the members register names {number} {name}", number=number, name=own),
                NAME_DIFFERS,
            ),
            (
                listed & name.isna() & own.notna(),
                name_col,
                _each("blank: the members register names {number} {name}", number=number, name=own),
                NAMED,
            ),
            (
                number.isna() & name.notna() & folded.map(only).notna(),
                id_col,
                _each(
                    "blank: the members register's only {name} is {number}",
                    name=name,
                    number=folded.map(only),
                ),
                FILLED,
            ),
            (
                number.isna() & name.notna() & held.str.contains(";", regex=False),
                id_col,
                _each(
                    "blank: the members register has several members named {name} ({numbers})",
                    name=name,
                    numbers=held,
                ),
                SEVERAL,
            ),
        ]
        located += [
            problems_where(
                sheet,
                pd.Series(mask.to_numpy(dtype=bool), index=frame.index),
                col,
                words,
                REGISTER_KINDS[check],
            )
            for mask, col, words, check in checks
            if bool(pd.Series(mask).any())
        ]
    return problems_from_frame(pd.concat(located)) if located else []
