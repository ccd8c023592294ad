"""Club numbering of a Mitchell: the North-South pairs numbered 1..n and the East-West pairs 1..n, two sets of
numbers (docs/movements.md, "Club numbering"). Declared (Settings `Pair Numbering` `by direction`, or a
`Direction` column on the Pairs sheet), each pair gets an id of its own, its number and its direction ("3 NS",
"3 EW"); undeclared, results that look like it get one problem that says so instead of an error on every row.
Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.words import written_sheet
from pipeline.games.checks import present_columns, problems_where
from pipeline.games.settings import SettingSpec, setting_key
from pipeline.i18n import N_, _, spoken_language
from pipeline.language import header_in
from pipeline.parsing import as_ids, as_words, whole_numbers
from pipeline.problems import CODE, kind
from pipeline.sheets import Sheet, sheet_key
from schemas.bridge import EAST_WEST, NORTH_SOUTH, PairsSheet
from schemas.bridge import BridgePenaltiesSheet as PN
from schemas.bridge import ResultsSheet as R
from schemas.bridge import TypedResult as T
from schemas.common import titles_of
from schemas.numbering import BothWays as BW
from schemas.numbering import DirectedId as DI
from schemas.numbering import NumberSeat as NB
from schemas.shared import SettingsSheet as K

if TYPE_CHECKING:
    from pipeline.games.bridge.settings import BridgeSettings

UNIQUE, BY_DIRECTION = "unique", "by direction"  # the values of Settings Pair Numbering, as written
HOWELL = "howell"  # a Movement that starts with this word: pairs change direction


def numbering_words(text: pd.Series) -> pd.Series:
    """A Pair Numbering value as read: `unique` or `by direction` (case, spaces, `-` and `_` do not matter),
    else NA."""
    words = as_words(text).map({setting_key(w): w for w in (UNIQUE, BY_DIRECTION)})
    return words.astype("str")


PAIR_NUMBERING_SETTING = SettingSpec(
    "Pair Numbering",
    numbering_words,
    N_(
        "unique (every pair id names one pair, the default) or by direction (club numbering of a Mitchell: the "
        "NS pairs numbered 1..n and the EW pairs 1..n, so that NS 3 and EW 3 are two pairs)"
    ),
    hint="unique or by direction",
    default="",
    default_words="unique (or by direction when the Pairs sheet gives a Direction column)",
    names={"es": ("Numeración de parejas",), "zh": ("对号编排",)},
)
PAIR_NUMBERING = setting_key(PAIR_NUMBERING_SETTING.title)
BY_DIRECTION_RULE = N_(
    "by direction: the NS pairs numbered 1..n and the EW pairs 1..n, shown as 3 NS and 3 EW"
)

UNDECLARED = kind(
    "B190",
    "pair numbers used both as NS and as EW pairs on the same boards: club numbering not declared",
    example="Results, row 2, column 'NS, EW' [1 / 1]: the pairs look numbered by direction (club numbering: "
    "NS pairs 1-7 and EW pairs 1-7, each number in both columns on the same boards; pair 1 is NS and EW on "
    "board 1, rows 2 and 2): if NS 1 and EW 1 are two different pairs, declare it with Settings 'Pair "
    "Numbering' 'by direction' (or a 'Direction' column, NS or EW, on the Pairs sheet); otherwise give every "
    "pair an id of its own",
)
CHANGES_DIRECTION = kind(
    "B191",
    "numbering by direction in an event whose pairs change direction (a Howell)",
    example="Settings, row 4, column 'Value' [by direction]: pairs numbered by direction need a Mitchell "
    "(every pair keeps its direction); Settings Movement says Howell, where pairs change direction: give every "
    "pair an id of its own",
)
NO_DIRECTION = kind(
    "B192",
    "a pair on the Pairs sheet without its Direction (NS or EW) when pairs are numbered by direction",
    example="Pairs, row 3, column 'Direction' [N]: with pairs numbered by direction each pair needs its "
    "direction: NS or EW",
)
SWITCH_WITHOUT_ROUND = kind(
    "B193",
    "numbering by direction with an arrow switch, and rows without their Round",
    example="Results, row 2, column 'Round': 147 row(s) without a Round (the first here): with pairs numbered "
    "by direction and an arrow switch in round(s) 7, each row needs its Round to tell who sat where (or write "
    "the switched pairs with their direction, as 3 EW in the NS column)",
)

# A pair id typed with its direction: a number (ending in a digit), then NS or EW (N-S, N/S, E-W, E/W).
DIRECTED = r"(?i)^(?P<pair_number>.*[0-9])\s*(?P<direction>N\s*[-/]?\s*S|E\s*[-/]?\s*W)$"
# A direction as compared (lower case, spaces, `-` and `/` removed) and as written.
DIRECTION_WORDS = {d.lower(): d for d in (NORTH_SOUTH, EAST_WEST)}


@dataclass(frozen=True)
class Numbering:
    """How a pairs event numbers its pairs: by direction or not, and the rounds of an arrow switch (in which
    the NS column holds an EW-numbered pair and the EW column an NS-numbered one)."""

    by_direction: bool = False
    switched: frozenset[int] = frozenset()


def direction_words(text: pd.Series) -> pd.Series:
    """NS or EW from a direction as typed (NS, N-S, N/S, ew, ...), else NA."""
    squeezed = text.astype("str").str.lower().str.replace(r"[\s/-]+", "", regex=True)
    return squeezed.map(DIRECTION_WORDS).astype("str")


def directed_parts(ids: pd.Series) -> pd.DataFrame:
    """Each id split into its number and the direction typed with it ("3 EW": 3, EW); NA where none is."""
    parts = ids.astype("str").str.extract(DIRECTED)
    return pd.DataFrame(
        {
            DI.pair_number: parts[DI.pair_number].str.strip(),
            DI.direction: direction_words(parts[DI.direction]),
        },
        index=ids.index,
    )


def directed_ids(ids: pd.Series, direction: pd.Series) -> pd.Series:
    """Pair ids of club numbering: the number and its direction ("3 NS"), the direction typed with the id
    when it has one, else `direction`; NA stays NA."""
    parts = directed_parts(ids)
    number = parts[DI.pair_number].fillna(ids.astype("str"))
    side = parts[DI.direction].fillna(direction)
    return (number + " " + side).where(ids.notna() & side.notna()).astype("str")


def switch_rounds(movement: str) -> frozenset[int]:
    """The rounds of an arrow switch named in a Movement setting ('Mitchell, arrow switch in rounds 6, 7')."""
    found = re.search(r"arrow\s+switch\s+in\s+rounds?\s+([0-9,\s]+)", movement, flags=re.IGNORECASE)
    return frozenset(int(n) for n in re.findall(r"[0-9]+", found.group(1))) if found else frozenset()


def direction_column(sheets: dict[str, Sheet]) -> pd.Series | None:
    """The Pairs sheet's Direction column when it gives any value, else None."""
    pairs = sheets.get(sheet_key(PairsSheet))
    if pairs is None or PairsSheet.direction not in pairs.frame:
        return None
    column = pairs.frame[PairsSheet.direction]
    return column if bool(column.notna().any()) else None


def setting_rows(sheets: dict[str, Sheet]) -> tuple[Sheet, pd.Series] | None:
    """The Settings sheet and its rows that give Pair Numbering (None without a Settings sheet or Key)."""
    settings = sheets.get(sheet_key(K))
    if settings is None or K.key not in settings.frame:
        return None
    return settings, as_words(settings.frame[K.key]).eq(PAIR_NUMBERING).fillna(False)


def declared_where(sheets: dict[str, Sheet]) -> tuple[Sheet, pd.Series, str] | None:
    """Where numbering by direction is declared: the Settings row of Pair Numbering, else the Pairs sheet's
    first Direction."""
    rows = setting_rows(sheets)
    if rows is not None and bool(rows[1].any()):
        sheet, mask = rows
        return sheet, mask & (mask.cumsum() == 1), K.value
    column = direction_column(sheets)
    if column is None:
        return None
    given = column.notna()
    return sheets[sheet_key(PairsSheet)], given & (given.cumsum() == 1), PairsSheet.direction


def pair_numbering(numbering: str, movement: str, teams: bool, sheets: dict[str, Sheet]) -> Numbering:
    """How the pairs are numbered: by direction when Settings Pair Numbering says so, or, when it is not given,
    when the Pairs sheet gives a Direction column; never in a teams event."""
    if teams or numbering == UNIQUE:
        return Numbering()
    if numbering == BY_DIRECTION or direction_column(sheets) is not None:
        return Numbering(True, switch_rounds(movement))
    return Numbering()


def numbers_meeting_in_a_round(typed: pd.DataFrame, rounds: pd.Series) -> bool:
    """True when some number is typed in both the NS and the EW column of rows of the same round (of the same
    section and session): what club numbering gives every round, and unique ids never."""
    numbers = pd.concat([directed_parts(typed[c])[DI.pair_number].fillna(typed[c]) for c in (T.ns, T.ew)])
    side = np.repeat([0, 1], len(typed))
    seats = pd.DataFrame(
        {
            NB.section: np.tile(typed[T.section].to_numpy(dtype=object), 2),
            NB.session: np.tile(typed[T.session].to_numpy(dtype=object), 2),
            NB.round: np.tile(rounds.to_numpy(dtype=object), 2),
            NB.pair_number: numbers.to_numpy(dtype=object),
            NB.side: side,
        }
    ).dropna()
    if seats.empty:
        return True  # nothing to tell by
    sides = seats.groupby([NB.section, NB.session, NB.round, NB.pair_number])[NB.side].nunique()
    return bool((sides == 2).any())


def numbering_problems(
    numbering: Numbering, movement: str, sheets: dict[str, Sheet], results: Sheet, typed: pd.DataFrame
) -> list[pd.DataFrame]:
    """Numbering by direction where it cannot hold: a Howell (Settings Movement), or results in which no number
    is used by two pairs in the same round (the pairs kept unique ids while changing direction); an arrow
    switch with rows that do not say their round, when no id is typed with its direction either (a row without
    its Round is then taken as typed in the pairs' own columns)."""
    if not numbering.by_direction:
        return []
    where = declared_where(sheets)
    out = []
    rounds = whole_numbers(results.frame[R.round]) if R.round in results.frame else None
    howell = movement.strip().lower().startswith(HOWELL)
    unique = (
        not howell
        and rounds is not None
        and rounds.notna().any()
        and not numbers_meeting_in_a_round(typed, rounds)
    )
    if where is not None and (howell or unique):
        sheet, first, column = where
        why = (
            _("Settings Movement says {movement}, where pairs change direction", movement=movement.strip())
            if howell
            else _(
                "no number is used by an NS and an EW pair in the same round: these look like unique ids "
                "(pairs that changed direction, as in a Howell)"
            )
        )
        out.append(
            problems_where(
                sheet,
                first,
                column,
                _(
                    "pairs numbered by direction need a Mitchell (every pair keeps its direction); {why}: give "
                    "every pair an id of its own",
                    why=why,
                ),
                CHANGES_DIRECTION,
            )
        )
    marked = (
        directed_parts(typed[T.ns])[DI.direction].notna() | directed_parts(typed[T.ew])[DI.direction].notna()
    )
    blank = pd.Series(True, index=typed.index) if rounds is None else rounds.isna()
    if numbering.switched and bool(blank.any()) and not bool(marked.any()):
        first = blank & (blank.cumsum() == 1)
        switch = ", ".join(map(str, sorted(numbering.switched)))
        out.append(
            problems_where(
                results,
                first,
                R.round,
                _(
                    "{count} row(s) without a Round (the first here): with pairs numbered by direction and an "
                    "arrow switch in round(s) {rounds}, each row needs its Round to tell who sat where (or write "
                    "the switched pairs with their direction, as 3 EW in the NS column)",
                    count=int(blank.sum()),
                    rounds=switch,
                ),
                SWITCH_WITHOUT_ROUND,
            )
        )
    return out


def numbered_results(typed: pd.DataFrame, results: Sheet, numbering: Numbering) -> pd.DataFrame:
    """The typed results with each pair's id of club numbering when the pairs are numbered by direction: the
    NS column's number is the NS pair's ("3 NS"), the EW column's the EW pair's, swapped in the rounds of an
    arrow switch (each pair typed with its own number in the column it sat in); unchanged otherwise."""
    if not numbering.by_direction:
        return typed
    rounds = (
        whole_numbers(results.frame[R.round]).reindex(typed.index)
        if R.round in results.frame
        else pd.Series(pd.NA, index=typed.index, dtype="Int64")
    )
    switched = rounds.isin(list(numbering.switched)).fillna(False).to_numpy(dtype=bool)
    ns_side = pd.Series(np.where(switched, EAST_WEST, NORTH_SOUTH), index=typed.index, dtype="str")
    ew_side = pd.Series(np.where(switched, NORTH_SOUTH, EAST_WEST), index=typed.index, dtype="str")
    return typed.assign(
        **{T.ns: directed_ids(typed[T.ns], ns_side), T.ew: directed_ids(typed[T.ew], ew_side)}
    )


def numbered_pairs(
    sheets: dict[str, Sheet], numbering: Numbering
) -> tuple[dict[str, Sheet], list[pd.DataFrame]]:
    """The sheets with the Pairs sheet's ids of club numbering ("3 NS": the Pair and its Direction, or the
    direction typed with the Pair) when the pairs are numbered by direction; a problem for each pair without a
    direction (then the Pairs sheet is left out: the run stops on the problems)."""
    key = sheet_key(PairsSheet)
    if not numbering.by_direction or key not in sheets:
        return sheets, []
    pairs = present_columns(sheets[key], PairsSheet)
    frame = pairs.frame
    listed = frame[PairsSheet.pair].notna()
    direction = direction_words(frame[PairsSheet.direction])
    typed_with = directed_parts(as_ids(frame[PairsSheet.pair]))[DI.direction].notna()
    missing = listed & direction.isna() & ~typed_with
    if bool(missing.any()):
        problem = problems_where(
            pairs,
            missing,
            PairsSheet.direction,
            _("with pairs numbered by direction each pair needs its direction: NS or EW"),
            NO_DIRECTION,
        )
        return {k: s for k, s in sheets.items() if k != key}, [problem]
    ids = directed_ids(as_ids(frame[PairsSheet.pair]), direction)
    numbered = replace(sheets[key], frame=sheets[key].frame.assign(**{PairsSheet.pair: ids}))
    return {**sheets, key: numbered}, []


def numbered_penalties(sheets: dict[str, Sheet], numbering: Numbering) -> dict[str, Sheet]:
    """The sheets with the Penalties sheet's pairs typed with their direction ("3NS", "3 ns") written as club
    numbering names them ("3 NS") when the pairs are numbered by direction; a bare number names no pair (it
    stays as typed, and is reported as no such pair)."""
    key = sheet_key(PN)
    if not numbering.by_direction or key not in sheets or PN.pair not in sheets[key].frame:
        return sheets
    sheet = sheets[key]
    ids = as_ids(sheet.frame[PN.pair])
    directed = directed_ids(ids, pd.Series(pd.NA, index=ids.index, dtype="str")).fillna(ids)
    frame = sheet.frame.assign(**{PN.pair: directed})
    return {**sheets, key: replace(sheet, frame=frame)}


def numbered_by_direction(settings: BridgeSettings, sheets: dict[str, Sheet]) -> bool:
    """True when the event declares club numbering (Settings `Pair Numbering`, or a Pairs `Direction` column)."""
    return pair_numbering(settings.numbering, settings.movement, settings.teams, sheets).by_direction


def club_numbering(
    settings: BridgeSettings, sheets: dict[str, Sheet], results: Sheet, typed: pd.DataFrame
) -> tuple[dict[str, Sheet], pd.DataFrame, list[pd.DataFrame]]:
    """The sheets and typed results with the pairs' ids of club numbering (unchanged unless the pairs are
    numbered by direction), and the problems of the numbering (B190 when results look numbered by direction
    without its declaration)."""
    numbering = pair_numbering(settings.numbering, settings.movement, settings.teams, sheets)
    problems = numbering_problems(numbering, settings.movement, sheets, results, typed)
    if not numbering.by_direction and not settings.teams:
        problems += undeclared_numbering(results, typed)
    sheets, pair_problems = numbered_pairs(numbered_penalties(sheets, numbering), numbering)
    return sheets, numbered_results(typed, results, numbering), problems + pair_problems


def id_range_words(ids: pd.Index) -> str:
    """Ids in words: `1-7` for the whole numbers 1 to n, else the first few listed."""
    numbers = pd.to_numeric(pd.Series(ids, dtype="str"), errors="coerce")
    if len(ids) and numbers.notna().all() and sorted(numbers) == list(range(1, len(ids) + 1)):
        return f"1-{len(ids)}"
    shown = sorted(map(str, ids), key=lambda s: (len(s), s))
    return ", ".join(shown[:8]) + (", ..." if len(shown) > 8 else "")


def looks_club_numbered(t: pd.DataFrame) -> pd.DataFrame | None:
    """The seats of the ids typed both as NS and as EW on the same board (section, session, board, id, each
    column's first row) when the results look numbered by direction: at least two ids are used in both
    columns, all of them but at most one (a pair that met the sit-out, seen both ways only through an arrow
    switch) on some board in both (which unique ids never are: a pair plays a board once), and they are every
    id of the smaller column but at most one (a sit-out). None otherwise."""
    ns, ew = pd.Index(t[T.ns].dropna().unique()), pd.Index(t[T.ew].dropna().unique())
    shared = ns.intersection(ew)
    if len(shared) < 2 or len(shared) < min(len(ns), len(ew)) - 1:
        return None
    keys = [T.section, T.session, T.board]
    rows = pd.Series(t.index, index=t.index)
    where = t[keys].set_axis([BW.section, BW.session, BW.board], axis=1)
    at = [BW.section, BW.session, BW.board, BW.pair]
    on_ns = where.assign(**{BW.pair: t[T.ns], BW.ns_row: rows}).dropna().groupby(at)[BW.ns_row].min()
    on_ew = where.assign(**{BW.pair: t[T.ew], BW.ew_row: rows}).dropna().groupby(at)[BW.ew_row].min()
    both = pd.concat([on_ns, on_ew], axis=1, join="inner").reset_index()
    if int(shared.isin(both[BW.pair]).sum()) < max(2, len(shared) - 1):
        return None
    return both.sort_values([BW.ns_row, BW.ew_row], kind="stable")


def undeclared_numbering(results: Sheet, t: pd.DataFrame) -> list[pd.DataFrame]:
    """One problem when the results look numbered by direction without its declaration: what happened and how
    to declare it; none otherwise."""
    seats = looks_club_numbered(t)
    if seats is None:
        return []
    first = seats.iloc[0]
    ns, ew = pd.Index(t[T.ns].dropna().unique()), pd.Index(t[T.ew].dropna().unique())
    pair = str(first[BW.pair])
    at = pd.Series(t.index == min(first[BW.ns_row], first[BW.ew_row]), index=t.index)
    lang = spoken_language()
    settings, pairs = written_sheet(K), written_sheet(PairsSheet)
    title = header_in(titles_of(PairsSheet)[PairsSheet.direction], lang)
    text = _(
        "the pairs look numbered by direction (club numbering: NS pairs {ns} and EW pairs {ew}, each number in "
        "both columns on the same boards; pair {pair} is NS and EW on board {board}, rows {ns_row} and "
        "{ew_row}): if NS {pair} and EW {pair} are two different pairs, declare it with {settings} '{setting}' "
        "'{value}' (or a '{column}' column, NS or EW, on the {pairs} sheet); otherwise give every pair an id "
        "of its own",
        ns=id_range_words(ns),
        ew=id_range_words(ew),
        pair=pair,
        board=first[BW.board],
        ns_row=first[BW.ns_row],
        ew_row=first[BW.ew_row],
        settings=settings,
        setting=PAIR_NUMBERING_SETTING.written_name,
        value=BY_DIRECTION,
        column=title,
        pairs=pairs,
    )
    return [problems_where(results, at, [R.ns, R.ew], text, UNDECLARED)]


def without_flood(
    per_row: list[pd.DataFrame], numbering: list[pd.DataFrame], flood: set[str]
) -> list[pd.DataFrame]:
    """The per-row pair problems, less those of the codes in `flood` (a pair playing itself or a board twice,
    on nearly every row) when the numbering's problems say why: the results look numbered by direction (B190), or
    an arrow switch's rows do not say their round (B193)."""
    causes = {UNDECLARED.code, SWITCH_WITHOUT_ROUND.code}
    said = any(CODE in frame and bool(frame[CODE].isin(causes).any()) for frame in numbering)
    return [frame[~frame[CODE].isin(flood)] if said and CODE in frame else frame for frame in per_row]
