"""Tie-breaks by the conditions of contest (Settings `Tie Break`, docs/conditions.md): pairs or teams level on
what the method ranks by are split by the criteria listed, in order, and the standings say which criterion
placed each one above the next (`Decided By`); pure and vectorized. Without the setting (`shared`) the
standings are as before: equal totals share the place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pandas as pd

from pipeline.games.checks import empty_problems, problems_where
from pipeline.games.ordering import lexicographic_order, natural_ranks, separating_labels
from pipeline.games.settings import SettingSpec, setting_key
from pipeline.i18n import N_, _, spoken_language
from pipeline.language import header_in
from pipeline.parsing import as_words
from pipeline.problems import kind
from pipeline.sheets import Sheet
from schemas.bridge import BoardImps as BI
from schemas.bridge import MatchResult as MR
from schemas.bridge import PairResult as PR
from schemas.bridge import PairStanding as PS
from schemas.bridge import TeamStanding as ST
from schemas.bridge import TieMeeting as TM
from schemas.bridge import TypedResult as T
from schemas.common import titles_of
from schemas.shared import SettingsSheet as K

# the criteria's words, folded as Settings words are (head to head -> head_to_head)
SHARED, HEAD_TO_HEAD, BOARDS_WON = "shared", setting_key("head to head"), "boards_won"
MATCHES_WON, IMP_QUOTIENT, SESSION = "matches_won", "imp_quotient", "in_session"
PAIRS_WORDS = (HEAD_TO_HEAD, BOARDS_WON, SESSION)
TEAMS_WORDS = (HEAD_TO_HEAD, BOARDS_WON, MATCHES_WON, IMP_QUOTIENT)
LABELS = {
    HEAD_TO_HEAD: N_("head-to-head"),
    BOARDS_WON: N_("boards won"),
    MATCHES_WON: N_("matches won"),
    IMP_QUOTIENT: N_("IMP quotient"),
}
PLAYED = N_("having played")  # what places the last pair or team that played above those that did not
SEPARATOR = "|"  # between the criteria of a Tie Break value as read
NAMED = re.compile(r"\s*session\s+(\S.*?)\s*", re.IGNORECASE)  # `session 2`: the session as typed

NOT_FOR_EVENT = kind(
    "B161",
    "a Tie Break criterion the event's kind has not (pairs: head to head, boards won, session NAME; teams: head "
    "to head, boards won, matches won, IMP quotient)",
    example="Settings, row 3, column 'Value' [matches won]: matches won breaks ties between teams, not pairs "
    "(pairs: head to head, boards won, session NAME)",
)

NO_SUCH_SESSION = kind(
    "B162",
    "a Tie Break names a session no result is in",
    example="Settings, row 3, column 'Value' [session 3]: no result is in session 3 (the sessions are 1, 2): "
    "name a session as the Session column types it",
)


def criterion_word(item: str) -> str | None:
    """One criterion of a Tie Break as read: its folded word, `session=NAME`, or None when it is none."""
    named = NAMED.fullmatch(item)
    if named:
        return f"{SESSION}={named.group(1)}"
    word = str(as_words(pd.Series([item], dtype="str")).iloc[0])
    return word if word in (*TEAMS_WORDS, SHARED) else None


def tie_break_value(text: object) -> str | None:
    """A Tie Break cell as read: `shared`, or its criteria joined by `|`; None when a criterion is unknown,
    repeated, or `shared` is given with others."""
    items = [i for i in re.split(r"[,;]", str(text)) if i.strip()]
    words = [criterion_word(i) for i in items]
    if not words or None in words or len(set(words)) < len(words):
        return None
    if SHARED in words:
        return SHARED if words == [SHARED] else None
    return SEPARATOR.join(str(w) for w in words)


def tie_break_words(text: pd.Series) -> pd.Series:
    """The Tie Break values as read (NA where one cannot be)."""
    written = text.astype("str").where(text.notna())
    return written.map(tie_break_value, na_action="ignore").astype("str")


TIE_BREAK_SETTING = SettingSpec(
    "Tie Break",
    tie_break_words,
    N_(
        "shared (equal totals share the place), or the tie-breaks in order, separated by commas: head to head, "
        "boards won, session NAME (pairs: the result of that session); head to head, boards won, matches won, IMP "
        "quotient (teams)"
    ),
    default=SHARED,
    hint="shared; or head to head, boards won",
    example="shared",
    names={"es": ("Desempate",), "zh": ("破同分",)},
)
TIE_BREAK = setting_key(TIE_BREAK_SETTING.title)


def criteria(options: Mapping[str, Any]) -> list[str]:
    """The Tie Break criteria in order (none when ties are shared)."""
    value = str(options[TIE_BREAK])
    return [] if value == SHARED else value.split(SEPARATOR)


def label(criterion: str) -> str:
    """A criterion as Decided By and the Rules sheet name it."""
    word, _sep, name = criterion.partition("=")
    return _("session {name}", name=name) if word == SESSION else _(LABELS[word])


def ranking_words(options: Mapping[str, Any]) -> str:
    """The Rules sheet's Ranking value: how equal totals are settled."""
    chosen = criteria(options)
    if not chosen:
        return _("equal totals share the place")
    return _(
        "equal totals: {criteria}; still equal: share the place",
        criteria=_(", then ").join(label(c) for c in chosen),
    )


def tie_break_problems(sheet: Sheet | None, value: object, teams: bool) -> pd.DataFrame:
    """A Tie Break criterion the event's kind (pairs or teams) has not, located at its Settings cell."""
    chosen = [] if value is None or value == SHARED else str(value).split(SEPARATOR)
    wrong = [c for c in chosen if c.partition("=")[0] not in (TEAMS_WORDS if teams else PAIRS_WORDS)]
    if sheet is None or not wrong:
        return empty_problems()
    kind_words = _("teams, not pairs") if not teams else _("pairs, not teams")
    allowed = (
        _("teams: head to head, boards won, matches won, IMP quotient")
        if teams
        else _("pairs: head to head, boards won, session NAME")
    )
    return problems_where(
        sheet,
        tie_break_cell(sheet),
        K.value,
        _(
            "{criterion} breaks ties between {kind} ({allowed})",
            criterion=label(wrong[0]),
            kind=kind_words,
            allowed=allowed,
        ),
        NOT_FOR_EVENT,
    )


def tie_break_cell(sheet: Sheet) -> pd.Series:
    """The Settings row that gives the Tie Break (the first, as Settings read it)."""
    at = as_words(sheet.frame[K.key]).eq(TIE_BREAK).fillna(False)
    return at & ~at.cumsum().gt(1)


def session_problems(sheet: Sheet | None, options: Mapping[str, Any], sessions: pd.Series) -> pd.DataFrame:
    """A `session NAME` criterion naming a session no result is in, located at the Tie Break cell."""
    known = sorted(set(sessions.astype("str")) - {""})
    named = [c.partition("=")[2] for c in criteria(options) if c.partition("=")[0] == SESSION]
    missing = [n for n in named if n not in known]
    if sheet is None or not missing:
        return empty_problems()
    have = (
        _("the sessions are {sessions}", sessions=", ".join(known))
        if known
        else _("the results have no Session column")
    )
    return problems_where(
        sheet,
        tie_break_cell(sheet),
        K.value,
        _(
            "no result is in session {session} ({have}): name a session as the Session column types it",
            session=missing[0],
            have=have,
        ),
        NO_SUCH_SESSION,
    )


# ------------------------------------------------------------------ the ranking


def level_groups(values: list[pd.Series]) -> pd.Series:
    """A label per competitor: those level on every value share it."""
    frame = pd.concat([v.round(9) for v in values], axis=1)
    return pd.Series(pd.factorize(pd.MultiIndex.from_frame(frame))[0], index=frame.index)


def within_group(meets: pd.DataFrame, group: pd.Series) -> pd.Series:
    """Which meetings (rows with `id`, `opponent`) are between two members of one level group of two or more,
    where every member met every other (a complete mini-league: head-to-head decides only then)."""
    size = group.map(group.value_counts())
    mine, theirs = meets[TM.id].map(group), meets[TM.opponent].map(group)
    inside = mine.eq(theirs).fillna(False) & meets[TM.id].map(size).gt(1).fillna(False)
    met = meets[inside].drop_duplicates([TM.id, TM.opponent]).groupby(TM.id).size()
    complete_member = met.reindex(group.index, fill_value=0).eq(size - 1)
    complete_group = complete_member.groupby(group).transform("all")
    return inside & meets[TM.id].map(complete_group).fillna(False).astype(bool)


def head_to_head(meets: pd.DataFrame, group: pd.Series, percent: bool) -> pd.Series:
    """Each competitor's head-to-head result within its level group: the sum of its `value` in the meetings
    with the other members (over the sum of their `top`, as a percentage, when `percent`); 0 where head-to-head
    does not apply."""
    inside = meets[within_group(meets, group)]
    total = inside.groupby(TM.id)[TM.value].sum()
    if percent:
        top = inside.groupby(TM.id)[TM.top].sum()
        total = (100 * total / top).where(top > 0, 0.0)
    return total.reindex(group.index, fill_value=0.0).astype("float64")


def wins(values: pd.Series, even: pd.Series | float) -> pd.Series:
    """1 for a value above `even`, 1/2 for one equal to it, 0 below (a point-a-board count)."""
    return ((values - even).clip(-1, 1).apply(np.sign) + 1).div(2).fillna(0.0)


def ranked(
    table: pd.DataFrame,
    id_column: str,
    key: pd.Series,
    played: pd.Series,
    chosen: list[str],
    value_of: Callable[[str, pd.Series], pd.Series],
    key_label: str,
) -> pd.DataFrame:
    """The standings ranked by `key`, then each chosen criterion in turn (`value_of(criterion, level groups)`,
    higher first), the competitors that did not play last; Rank shared only when every value is level, and
    Decided By naming what placed each row above the next."""
    ids = pd.Index(table[id_column])
    values = [key.reindex(ids).fillna(0.0).astype("float64")]
    for criterion in chosen:  # a few criteria
        group = level_groups([played.reindex(ids).astype("float64"), *values])
        values.append(value_of(criterion, group).reindex(ids).fillna(0.0).astype("float64"))
    did_play = played.reindex(ids).fillna(False).to_numpy(dtype=bool)
    grid = np.column_stack([v.round(9).to_numpy() for v in values])
    sort_keys = [(~did_play).astype("int64")]
    sort_keys += [
        -pd.Series(grid[:, i]).rank(method="dense").to_numpy(dtype="int64") for i in range(grid.shape[1])
    ]
    order = lexicographic_order([*sort_keys, natural_ranks(table[id_column])])
    out = table.iloc[order].reset_index(drop=True)
    levels = np.column_stack([(~did_play)[order], grid[order]])
    first = np.r_[True, (levels[1:] != levels[:-1]).any(axis=1)] if len(out) else np.zeros(0, dtype=bool)
    starts = np.flatnonzero(first)
    out[id_rank_column(out)] = np.repeat(starts + 1, np.diff(np.r_[starts, len(out)]))
    labels = [_(PLAYED), header_in(key_label, spoken_language()), *[label(c) for c in chosen]]
    last = np.zeros(len(out), dtype=bool)
    if len(out):
        last[-1] = True
    out[PS.decided_by] = separating_labels(levels, labels, last)
    return out


def id_rank_column(table: pd.DataFrame) -> str:
    """The Rank column of a pairs or teams standings table (both name it `rank`)."""
    return PS.rank if PS.rank in table else ST.rank


def pair_meetings(rows: pd.DataFrame) -> pd.DataFrame:
    """One row per pair result: the pair (`id`), its opponent, its value, its top (0 without tops) and session."""
    opponent = rows[T.ew].where(rows[PR.pair].eq(rows[T.ns]), rows[T.ns])
    top = rows[PR.top] if PR.top in rows else pd.Series(0.0, index=rows.index)
    return pd.DataFrame(
        {
            TM.id: rows[PR.pair].to_numpy(),
            TM.opponent: opponent.to_numpy(),
            TM.value: rows[PR.value].fillna(0.0).to_numpy(dtype="float64"),
            TM.top: top.fillna(0.0).to_numpy(dtype="float64"),
            TM.session: rows[T.session].to_numpy(),
        }
    )


def tie_broken_pairs(
    standings: pd.DataFrame, rows: pd.DataFrame, key: str, options: Mapping[str, Any], key_label: str
) -> pd.DataFrame:
    """The pair standings re-ranked by the Tie Break criteria, with Decided By (as they are when ties are
    shared). `rows` are the pair results (`pair_rows`), `key` the column ranked by (percent or total)."""
    chosen = criteria(options)
    if not chosen:
        return standings
    meets = pair_meetings(rows)
    percent = key == PS.percent
    by_id = standings.set_index(PS.pair)

    def value_of(criterion: str, group: pd.Series) -> pd.Series:
        """A criterion's value for each pair."""
        word, _, name = criterion.partition("=")
        if word == HEAD_TO_HEAD:
            return head_to_head(meets, group, percent)
        if word == BOARDS_WON:  # the share of its boards a pair won against the field (a tie: a half)
            won = wins(meets[TM.value], meets[TM.top] / 2 if percent else 0.0)
            return won.groupby(meets[TM.id]).mean()
        one = meets[meets[TM.session].eq(name)]
        total = one.groupby(TM.id)[TM.value].sum()
        return (100 * total / one.groupby(TM.id)[TM.top].sum()).fillna(0.0) if percent else total

    played = by_id[PS.boards].gt(0)
    out = ranked(standings, PS.pair, by_id[key], played, chosen, value_of, key_label)
    return out


def tie_broken_teams(
    standings: pd.DataFrame,
    matches: pd.DataFrame,
    board_imps: pd.DataFrame,
    options: Mapping[str, Any],
    wbf: bool,
) -> pd.DataFrame:
    """The team standings re-ranked by the Tie Break criteria, with Decided By (as they are when ties are
    shared)."""
    chosen = criteria(options)
    if not chosen:
        return standings
    played = matches[matches[MR.boards] > 0]
    margin = played[MR.home_imps] - played[MR.away_imps]
    score = [played[MR.home_vps], played[MR.away_vps]] if wbf else [margin, -margin]
    meets = pd.DataFrame(
        {
            TM.id: pd.concat([played[MR.home], played[MR.away]]).to_numpy(),
            TM.opponent: pd.concat([played[MR.away], played[MR.home]]).to_numpy(),
            TM.value: pd.concat(score).fillna(0.0).to_numpy(dtype="float64"),
            TM.imps_for: pd.concat([played[MR.home_imps], played[MR.away_imps]]).to_numpy(dtype="float64"),
            TM.imps_against: pd.concat([played[MR.away_imps], played[MR.home_imps]]).to_numpy(
                dtype="float64"
            ),
        }
    )
    side = matches.set_index(MR.match)[[MR.home, MR.away]]
    boards = board_imps.join(side, on=BI.match)
    board_sides = pd.DataFrame(
        {
            TM.id: pd.concat([boards[MR.home], boards[MR.away]]).to_numpy(),
            TM.imps: pd.concat([boards[BI.home_imps], boards[BI.away_imps]]).to_numpy(dtype="float64"),
        }
    )

    def value_of(criterion: str, group: pd.Series) -> pd.Series:
        """A criterion's value for each team."""
        if criterion == HEAD_TO_HEAD:
            return head_to_head(meets, group, False)
        if criterion == BOARDS_WON:  # the share of its boards a team won (a board without a swing: a half)
            return wins(board_sides[TM.imps], 0.0).groupby(board_sides[TM.id]).mean()
        if criterion == MATCHES_WON:  # the share of its matches won (a draw: a half)
            return wins(meets[TM.value], 10.0 if wbf else 0.0).groupby(meets[TM.id]).mean()
        summed = meets.groupby(TM.id)[[TM.imps_for, TM.imps_against]].sum()  # IMP quotient: for over against
        return (summed[TM.imps_for] / summed[TM.imps_against]).replace(np.inf, np.finfo("float64").max)

    by_id = standings.set_index(ST.team)
    key = by_id[ST.vps] if wbf else by_id[ST.imps].astype("float64")
    out = ranked(
        standings,
        ST.team,
        key,
        by_id[ST.matches].gt(0),
        chosen,
        value_of,
        titles_of(ST)[ST.vps if wbf else ST.imps],
    )
    return out
