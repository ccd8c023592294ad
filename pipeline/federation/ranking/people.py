"""Who a competitor's award goes to: each of its people (docs/federation.md, "People"). A person is their
membership number where the standings' Members sheet gives one, otherwise their name as written (split from
the competitor's name at the separators people write between partners); a pair number is never a person.
Pure and vectorized."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.federation.ranking.points import half_up_units
from pipeline.federation.ranking.rules import CREDITS
from pipeline.games.members import people_in_names
from pipeline.games.names import folded_names
from pipeline.i18n import N_, _
from pipeline.parsing import as_ids
from pipeline.problems import Kind, Problem, kind
from pipeline.sheets import Sheet, with_english_headers, without_blank_rows
from schemas.ranking import Contribution
from schemas.shared import MembersSheet

C, M = Contribution, MembersSheet
PERSON, COMPETITOR = CREDITS  # the values of the ranking rule `credit`
SHOWN = 5  # competitors named in one warning before "and N more"
AT, KEY = "_at", "_person"  # working columns: the row of a person's competitor, and who a person is
SINGLE = (
    "_single"  # a person of one-name entrant credited by its id (a one-on-one or nicknamed domino entrant)
)
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


MEMBER_COLUMNS = [C.file, M.competitor, M.player_id, M.player]  # a season's Members sheets, by file
SEP = "\x1f"  # between a file and a competitor in the key that names a competitor of the season


def no_members() -> pd.DataFrame:
    """No Members rows (a standings workbook without the sheet)."""
    return pd.DataFrame({c: pd.Series(dtype="str") for c in MEMBER_COLUMNS})


def members_of(sheet: Sheet | None, file: str) -> pd.DataFrame:
    """The Members sheet of a standings workbook (any language) as file, competitor, player id, player;
    empty when it has none."""
    if sheet is None:
        return no_members()
    frame = without_blank_rows(with_english_headers(sheet, M).frame)
    given = {
        c: as_ids(frame[c].astype("str")) if c in frame else pd.Series(pd.NA, index=frame.index, dtype="str")
        for c in MEMBER_COLUMNS[1:]
    }
    found = pd.DataFrame(given).reset_index(drop=True)
    found = found[found[M.competitor].notna() & (found[M.player_id].notna() | found[M.player].notna())]
    return found.assign(**{C.file: file})[MEMBER_COLUMNS].astype("str")


def competitor_keys(files: pd.Series, competitors: pd.Series) -> pd.Series:
    """Each competitor of the season named once: its file and its id."""
    return files.astype("str") + SEP + competitors.astype("str")


def season_people(
    contributions: pd.DataFrame,
    members: pd.DataFrame,
    individual: pd.Series,
    own_ids: pd.Series | None = None,
) -> pd.DataFrame:
    """Each competitor's people, for the whole season at once: the row of its contribution, the person
    (membership number, else the name as written), their name, and whether they are known by name only. A
    competitor takes its Members sheet's players; without them, an individual event's player is their id (the
    Players sheet's own), and a pair or team is the people of its written name (at least two; in an event
    whose ids are its entrants' own, `own_ids`, a domino event's, an entrant named as one person, or not
    named, is that person by its id: a one-on-one event; else nobody)."""
    lone = individual.to_numpy(dtype=bool)
    parts = []
    typed_rows = np.zeros(0, dtype="int64")
    if len(members):
        at = pd.Series(
            contributions.index,
            index=competitor_keys(contributions[C.file], contributions[C.player]).to_numpy(),
        )
        typed = members[competitor_keys(members[C.file], members[M.competitor]).isin(at.index).to_numpy()]
        typed_rows = at.loc[competitor_keys(typed[C.file], typed[M.competitor]).to_numpy()].to_numpy()
        own = contributions.loc[typed_rows, C.name].where(lone[typed_rows])  # an individual's number alone
        names = typed[M.player].fillna(own.set_axis(typed.index))
        parts.append(
            pd.DataFrame(
                {
                    AT: typed_rows,
                    C.player: typed[M.player_id].fillna(names).to_numpy(),
                    C.name: names.to_numpy(),
                    C.by_name: typed[M.player_id].isna().to_numpy(),
                }
            )
        )
    rest = ~contributions.index.isin(typed_rows)
    split = people_in_names(contributions.loc[rest & ~lone, C.name].dropna())
    counted = split.groupby(level=0).size().reindex(contributions.index, fill_value=0).to_numpy()
    by_id = np.zeros(len(contributions), dtype=bool) if own_ids is None else own_ids.to_numpy(dtype=bool)
    single = rest & ~lone & by_id & (counted < 2)  # an entrant of one person in a one-on-one event
    solo = contributions[rest & (lone | single)]  # the player's own id, as the Players sheet gives it
    parts.append(
        pd.DataFrame(
            {
                AT: solo.index,
                C.player: solo[C.player].to_numpy(),
                C.name: solo[C.name].to_numpy(),
                C.by_name: False,
            }
        )
    )
    split = split[split.groupby(level=0).transform("size") >= 2]
    parts.append(
        pd.DataFrame({AT: split.index, C.player: split.to_numpy(), C.name: split.to_numpy(), C.by_name: True})
    )
    people = pd.concat(parts, ignore_index=True).dropna(subset=[C.player])
    found = people.astype({AT: "int64", C.player: "str", C.name: "str", C.by_name: "bool"})
    found = found.assign(**{SINGLE: np.isin(found[AT].to_numpy(), contributions.index[single])})
    return found.sort_values(AT, kind="stable").reset_index(drop=True)


def partners_of(contributions: pd.DataFrame) -> pd.Series:
    """Each contribution's partners: the names (else numbers) of the other people credited for the same
    competitor in the same event, joined by "; " in the order listed, NA for nobody (an individual). One pass
    over a table of each competitor's people (a column per place in its list: at most six)."""
    n = len(contributions)
    if n == 0:
        return pd.Series(pd.NA, index=contributions.index, dtype="str")
    shown = contributions[C.name].fillna(contributions[C.player]).to_numpy(dtype=object)
    codes = pd.factorize(competitor_keys(contributions[C.file], contributions[C.competitor]))[0]
    order = np.argsort(codes, kind="stable")
    sizes = np.bincount(codes)
    starts = np.r_[0, np.cumsum(sizes)[:-1]]
    position = np.empty(n, dtype="int64")
    position[order] = np.arange(n) - starts[codes[order]]
    table = np.full((len(sizes), int(sizes.max())), None, dtype=object)
    table[codes, position] = shown
    others = table[codes]  # each row's competitor's people, itself among them
    joined = np.full(n, "", dtype=object)
    for place in range(table.shape[1]):  # at most six places in a competitor's list
        keep = (others[:, place] != None) & (position != place)  # noqa: E711 (an object array's None)
        joined = np.where(
            keep & (joined == ""),
            others[:, place],
            np.where(keep, joined + "; " + others[:, place].astype(str), joined),
        )
    found = pd.Series(joined, index=contributions.index, dtype="str")
    return found.where(found.ne(""))


def credited(
    contributions: pd.DataFrame,
    members: pd.DataFrame,
    individual: pd.Series,
    shared_beyond: int = 0,
    own_ids: pd.Series | None = None,
) -> tuple[pd.DataFrame, list[Problem]]:
    """The season's contributions to each person (a competitor's place and points to each of its people;
    with `shared_beyond` N, a competitor of more than N people shares N awards: each gets N / its size,
    rounded half up), with the warnings of each event: competitors whose people are not named (R119), a
    person in two competitors (R120)."""
    people = season_people(contributions, members, individual, own_ids)
    base = contributions.loc[people[AT]].reset_index(drop=True)
    if shared_beyond:
        size = people.groupby(AT)[AT].transform("size").to_numpy()
        share = np.where(size > shared_beyond, shared_beyond / size, 1.0)
        base = base.assign(**{C.units: half_up_units(base[C.units].to_numpy(dtype="float64") * share)})
    given = base.assign(
        **{
            C.competitor: base[C.player].to_numpy(),
            C.player: people[C.player].to_numpy(),
            C.name: people[C.name].to_numpy(),
            C.by_name: people[C.by_name].to_numpy(),
        }
    )
    warnings = nobody_warnings(contributions.loc[~contributions.index.isin(people[AT])])
    warnings += by_id_warnings(base, people)
    key = competitor_keys(given[C.file], person_keys(given))
    twice = key.duplicated(keep=False).to_numpy()
    if twice.any():
        order = given.assign(**{KEY: key}).sort_values(
            [C.units, C.competitor], ascending=[False, True], kind="stable"
        )
        warnings += twice_warnings(order[order.duplicated(KEY, keep=False)])
        given = order[~order.duplicated(KEY, keep="first")].drop(columns=KEY).sort_index()
    return given.assign(**{C.partners: partners_of(given)}).reset_index(drop=True), warnings


BY_ID = kind(
    "R131",
    "a domino entrant of a pairs event named by one name (a nickname, one player): credited by its id",
    "warning",
    example="night.xlsx: 1 entrant(s) of a pairs event named by one name (R1 Los Primos): each is credited by its id as one player; give Player 1 and Player 2 to credit both",
)


def by_id_warnings(credited_rows: pd.DataFrame, people: pd.DataFrame) -> list[Problem]:
    """An R131 for each event where some entrants are pairs (named by two people) and others were credited by
    their id as one player (named by one name): likely a pair under a nickname. `credited_rows` are the
    competitors' rows of `people`, row for row."""
    single = people[SINGLE].to_numpy(dtype=bool)
    files = credited_rows[C.file]
    paired = set(files[people[C.by_name].to_numpy(dtype=bool)])
    odd = credited_rows[single & files.isin(paired).to_numpy()]
    return competitors_by_event(BY_ID, odd, _BY_ID)


_BY_ID = N_(
    "{count} entrant(s) of a pairs event named by one name ({named}): each is credited by its id as one player; "
    "give Player 1 and Player 2 to credit both"
)
_NOBODY = N_(
    "{count} competitor(s) whose players are not named ({named}): nobody is credited with their awards; give "
    "Player 1, Player 2, ... in the results workbook"
)


def competitors_by_event(found: Kind, rows: pd.DataFrame, message: str) -> list[Problem]:
    """One warning of a kind for each event among the competitors' rows, counting and naming them (id and
    name): `message` with {count} and {named}."""
    named = (rows[C.player] + " " + rows[C.name].fillna("")).str.strip()
    return [
        Problem.of(found, file, None, None, None, _(message, count=len(group), named=shown_list(group)))
        for file, group in named.groupby(rows[C.file], sort=False)  # reports only: an event each
    ]


def nobody_warnings(nobody: pd.DataFrame) -> list[Problem]:
    """An R119 for each event with competitors whose people are not named, naming them."""
    return competitors_by_event(NOBODY, nobody, _NOBODY)


def twice_warnings(twice: pd.DataFrame) -> list[Problem]:
    """An R120 for each person in two competitors of one event (rows best place first)."""
    return [
        Problem.of(
            TWICE,
            str(group[C.file].iloc[0]),
            None,
            None,
            None,
            _(
                "{person} plays for {competitors}: credited once, with the better place",
                person=group[C.player].iloc[0],
                competitors=_(" and ").join(group[C.competitor]),
            ),
        )
        for _key, group in twice.groupby(KEY, sort=True)  # reports only: a handful a season
    ]


def person_keys(contributions: pd.DataFrame) -> pd.Series:
    """Who each contribution is to, as compared: the membership number, else the name folded (case, accents,
    spacing)."""
    by_name = contributions[C.by_name].to_numpy(dtype=bool)
    keys = contributions[C.player].astype("str")
    if not by_name.any():
        return keys
    folded = "name:" + folded_names(contributions.loc[by_name, C.player])  # only the names: a season is large
    return keys.where(~by_name, folded.reindex(keys.index))


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
