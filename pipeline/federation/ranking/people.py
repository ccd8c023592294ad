"""Who a competitor's award goes to: each of its people (docs/federation.md, "People"). A person is their
membership number where the standings' Members sheet gives one, otherwise their name as written (split from
the competitor's name at the separators people write between partners); a pair number is never a person.
Pure and vectorized."""

from __future__ import annotations

import pandas as pd

from pipeline.federation.ranking.identity import folded_names
from pipeline.federation.ranking.rules import CREDITS
from pipeline.i18n import _
from pipeline.parsing import as_ids
from pipeline.problems import Problem, kind
from pipeline.sheets import Sheet, with_english_headers, without_blank_rows
from schemas.ranking import Contribution
from schemas.shared import MembersSheet

C, M = Contribution, MembersSheet
PERSON, COMPETITOR = CREDITS  # the values of the ranking rule `credit`
# between two people in a competitor's written name: a spaced dash, & / + ; 、 ， or a comma, or a spaced
# "y", "and", "e", "et", "und" ("Ana Ruiz - Luis Mora", "Li, Zhang, Wang, Liu", "李伟、张敏")
NAME_SEPARATORS = r"\s+[-\u2013\u2014]\s+|\s*[&/+;\u3001\uff0c,]\s*|\s+(?:y|and|e|et|und)\s+"
SHOWN = 5  # competitors named in one warning before "and N more"
AT, KEY = "_at", "_person"  # working columns: the row of a person's competitor, and who a person is
ME, OTHER, AS_SHOWN = "_me", "_other", "_shown"  # working columns: a person, a partner, the partner as shown

BY_NAME = kind(
    "R118",
    "players identified by their names only (no membership numbers): a number would make it certain",
    "warning",
    example="12 players in 3 events are identified by name only: give each player's membership number (Player 1 ID, Player 2 ID, ...) in the results workbooks to make it certain",
)
NOBODY = kind(
    "R119",
    "a pair or team whose players are not named: nobody is credited with its award",
    "warning",
    example="b.xlsx: 2 competitor(s) whose players are not named (R1 Los Primos; R2 La Mesa): nobody is credited with their awards; give Player 1 and Player 2 in the results workbook",
)
TWICE = kind(
    "R120",
    "one person in two competitors of one event: credited once, with the better place",
    "warning",
    example="c.xlsx: Ana Ruiz plays for 2 and 5: credited once, with the better place",
)


def people_in_names(names: pd.Series) -> pd.Series:
    """Each written name split into people at the separators (`NAME_SEPARATORS`), runs of spaces read as
    one: one row per person, indexed by the name's row; blank parts dropped."""
    parts = names.astype("str").str.split(NAME_SEPARATORS, regex=True).explode()
    parts = parts.str.strip().str.replace(r"\s+", " ", regex=True)
    return parts[parts.notna() & parts.ne("")].astype("str")


def members_of(sheet: Sheet | None) -> pd.DataFrame:
    """The Members sheet of a standings workbook (any language) as competitor, player id, player; empty when
    it has none."""
    columns = [M.competitor, M.player_id, M.player]
    if sheet is None:
        return pd.DataFrame({c: pd.Series(dtype="str") for c in columns})
    frame = without_blank_rows(with_english_headers(sheet, M).frame)
    given = {
        c: as_ids(frame[c].astype("str")) if c in frame else pd.Series(pd.NA, index=frame.index, dtype="str")
        for c in columns
    }
    found = pd.DataFrame(given).reset_index(drop=True)
    return found[found[M.competitor].notna() & (found[M.player_id].notna() | found[M.player].notna())]


def event_people(contributions: pd.DataFrame, members: pd.DataFrame, individual: bool) -> pd.DataFrame:
    """Each competitor's people: the row of its contribution, the person (membership number, else the name as
    written), their name, and whether they are known by name only. A competitor takes the Members sheet's
    players; without them, an individual event's player is their id (the Players sheet's own), and a pair
    or team is the people of its written name (at least two, or none)."""
    at = pd.Series(contributions.index, index=contributions[C.player].to_numpy())
    typed = members[members[M.competitor].isin(at.index)]
    typed_rows = at.loc[typed[M.competitor]].to_numpy()
    typed_names = typed[M.player]
    if individual:  # an individual's number alone: the name the standings give
        typed_names = typed_names.fillna(contributions.loc[typed_rows, C.name].set_axis(typed.index))
    listed = pd.DataFrame(
        {
            AT: typed_rows,
            C.player: typed[M.player_id].fillna(typed_names).to_numpy(),
            C.name: typed_names.to_numpy(),
            C.by_name: typed[M.player_id].isna().to_numpy(),
        }
    )
    rest = contributions.loc[~contributions.index.isin(typed_rows)]
    if individual:  # the player's own id, as the Players sheet gives it
        named = pd.DataFrame(
            {
                AT: rest.index,
                C.player: rest[C.player].to_numpy(),
                C.name: rest[C.name].to_numpy(),
                C.by_name: False,
            }
        )
    else:
        split = people_in_names(rest[C.name].dropna())
        split = split[split.groupby(level=0).transform("size") >= 2]
        named = pd.DataFrame(
            {AT: split.index, C.player: split.to_numpy(), C.name: split.to_numpy(), C.by_name: True}
        )
    people = pd.concat([listed, named], ignore_index=True).dropna(subset=[C.player])
    return people.astype({AT: "int64", C.player: "str", C.name: "str", C.by_name: "bool"}).reset_index(
        drop=True
    )


def partners_of(contributions: pd.DataFrame) -> pd.Series:
    """Each contribution's partners: the names (else numbers) of the other people credited for the same
    competitor in the same event, joined by "; " in the order listed, NA for nobody (an individual)."""
    frame = contributions.reset_index(drop=True)
    if frame.empty:
        return pd.Series(pd.NA, index=contributions.index, dtype="str")
    shown = frame[C.name].fillna(frame[C.player])
    keys = [C.file, C.competitor]
    pairs = (
        frame[keys]
        .assign(**{ME: frame.index})
        .merge(frame[keys].assign(**{OTHER: frame.index.to_numpy(), AS_SHOWN: shown.to_numpy()}), on=keys)
    )
    pairs = pairs[pairs[ME] != pairs[OTHER]].sort_values([ME, OTHER], kind="stable")
    joined = pairs.groupby(ME)[AS_SHOWN].agg("; ".join)
    return pd.Series(joined.reindex(frame.index).to_numpy(), index=contributions.index, dtype="str")


def credited(
    contributions: pd.DataFrame, members: pd.DataFrame, individual: bool, file: str
) -> tuple[pd.DataFrame, list[Problem]]:
    """One event's contributions to each person (the competitor's place and points to each of its people),
    with the warnings: competitors whose people are not named (R119), a person in two competitors (R120)."""
    people = event_people(contributions, members, individual)
    base = contributions.loc[people[AT]].reset_index(drop=True)
    given = base.assign(
        **{
            C.competitor: base[C.player].to_numpy(),
            C.player: people[C.player].to_numpy(),
            C.name: people[C.name].to_numpy(),
            C.by_name: people[C.by_name].to_numpy(),
        }
    )
    warnings: list[Problem] = []
    nobody = contributions.loc[~contributions.index.isin(people[AT])]
    if len(nobody):
        named = (nobody[C.player] + " " + nobody[C.name].fillna("")).str.strip()
        warnings.append(
            Problem.of(
                NOBODY,
                file,
                None,
                None,
                None,
                _(
                    "{count} competitor(s) whose players are not named ({named}): nobody is credited with "
                    "their awards; give Player 1, Player 2, ... in the results workbook",
                    count=len(nobody),
                    named=shown_list(named),
                ),
            )
        )
    key = person_keys(given)
    order = given.assign(**{KEY: key}).sort_values(
        [C.units, C.competitor], ascending=[False, True], kind="stable"
    )
    twice = order[order.duplicated(KEY, keep=False)]
    for _key, group in twice.groupby(KEY, sort=True):  # reports only: a handful per event at most
        warnings.append(
            Problem.of(
                TWICE,
                file,
                None,
                None,
                None,
                _(
                    "{person} plays for {competitors}: credited once, with the better place",
                    person=group[C.player].iloc[0],
                    competitors=_(" and ").join(group[C.competitor]),
                ),
            )
        )
    kept = order[~order.duplicated(KEY, keep="first")].drop(columns=KEY).sort_index()
    return kept.assign(**{C.partners: partners_of(kept)}).reset_index(drop=True), warnings


def person_keys(contributions: pd.DataFrame) -> pd.Series:
    """Who each contribution is to, as compared: the membership number, else the name folded (case, accents,
    spacing)."""
    return contributions[C.player].where(
        ~contributions[C.by_name], "name:" + folded_names(contributions[C.player])
    )


def with_one_spelling(contributions: pd.DataFrame) -> pd.DataFrame:
    """The season's contributions with each person known by name written one way: the spelling of their
    newest event (`Ana Pérez` and `ana perez` are one person)."""
    by_name = contributions[C.by_name].to_numpy(dtype=bool)
    if not by_name.any():
        return contributions
    keys = person_keys(contributions)
    newest = (
        contributions.assign(**{KEY: keys})[by_name]
        .sort_values([C.date, C.file], kind="stable")
        .drop_duplicates(KEY, keep="last")
        .set_index(KEY)[C.player]
    )
    spelled = keys.map(newest).where(by_name, contributions[C.player])
    return contributions.assign(**{C.player: spelled.astype("str")})


def by_name_warning(contributions: pd.DataFrame) -> list[Problem]:
    """One warning for the season when some people are known by name only (R118), counting them and their
    events."""
    by_name = contributions[contributions[C.by_name]]
    if by_name.empty:
        return []
    text = _(
        "{people} player(s) in {events} event(s) are identified by name only: give each player's membership "
        "number (Player 1 ID, Player 2 ID, ...) in the results workbooks to make it certain",
        people=by_name[C.player].nunique(),
        events=by_name[C.file].nunique(),
    )
    return [Problem.of(BY_NAME, _("the season"), None, None, None, text)]


def shown_list(items: pd.Series) -> str:
    """A few items joined by "; ", then how many more."""
    head = "; ".join(items.iloc[:SHOWN])
    more = len(items) - SHOWN
    return head if more <= 0 else head + "; " + _("and {more} more", more=more)
