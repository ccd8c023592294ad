"""From the sheets as typed to validated, typed tables; every problem is collected, none raised early.

Only structural problems (no `Matches` sheet, a required column missing) stop the checks before the
cell-by-cell and cross-row checks run, because those need the columns to exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.games.checks import (
    MISSING_SHEET,
    as_problem_list,
    blank_row_warnings,
    first_rows,
    id_spelling_problems,
    missing_columns,
    nothing_to_score,
    present_columns,
    problems_where,
    repeated_row_problems,
    repeated_rows,
    required_columns,
    required_sheet,
    schema_problems,
    seen_before,
    sheet_package_problems,
    sheets_with_aliases,
    stop_on_errors,
)
from pipeline.games.corrections import CorrectionRules
from pipeline.games.domino.rules import counts_with_forfeit_defaults
from pipeline.games.domino.settings import (
    BYE_CREDIT_SETTING,
    MATCH_FORMAT_SETTING,
    POINTS_TARGET,
    RED_CARD_SETTING,
    SANCTION_SETTING,
    YELLOW_CARD_SETTING,
    DominoSettings,
    domino_settings,
)
from pipeline.games.heading import Progress, rounds_progress
from pipeline.games.names import close_matches, resolved_columns, without_unknown_at_ambiguous
from pipeline.i18n import N_, _, _each, n_
from pipeline.parsing import as_ids, as_numbers, as_words, whole_in, whole_numbers
from pipeline.problems import InputError, Problem, kind
from pipeline.sheets import Sheet, in_english, is_among, sheet_key, without_blank_rows
from schemas.common import is_whole_in, sheet_name_of, titles_of
from schemas.domino import (
    BYE,
    BYE_WORDS,
    CARD_WORDS,
    ENDED_FORFEIT,
    ENDED_TARGET,
    ENDED_TIME,
    ENDINGS,
    GAMES,
    HANDS,
    MATCH_NOUNS,
    MODE_POINTS,
    MODE_RUN_OUT,
    PIPS,
    RED,
    ROUND,
    SIDES,
    TARGET,
    YELLOW,
    MatchesSheet,
    PenaltiesSheet,
    PlayersSheet,
)
from schemas.domino import Match as M
from schemas.domino import MatchesSheet as MS
from schemas.domino import PenaltiesSheet as PenS
from schemas.domino import Penalty as Pen
from schemas.domino import PlayersSheet as PS
from schemas.domino import Seating as Seat
from schemas.plain import Span
from schemas.shared import SettingsSheet
from schemas.validation import validated

SEAT_COLUMNS = [MS.a1, MS.a2, MS.b1, MS.b2]
UNEVEN_SIDES = kind("D101", "one side has two players and the other one")
MATCH_TWICE = kind("D102", "a round and table appear twice")
SEATED_TWICE = kind("D103", "a player sits twice in one match, or plays twice in one round")
UNKNOWN_ID = kind("D104", "an id that the Players sheet (or any match) does not list")
NO_COUNT = kind("D105", "a side's pips (or hands) are blank")
NO_TARGET = kind(
    "D106",
    "a run-out match without a target in hands",
    example="Matches, row 2, column 'Target': a run_out event needs its target in hands: a Target column or the Settings Target",
)
BOTH_REACHED = kind("D107", "both sides at or above the target")
NEITHER_REACHED = kind("D108", "neither side reached the target and time was not called")
WRONG_WINNER = kind("D109", "the Winner named is not the side the counts say won")
REACHED_AT_TIME = kind("D110", "a side reached the target in a match ended at time")
LEVEL_AT_TIME = kind("D111", "the counts are level at time and no Winner is named")
FORFEIT_WINNER = kind("D112", "a forfeit without its Winner")
FORFEIT_REACHED = kind(
    "D113",
    "the side that forfeited has reached the target",
    example="Matches, row 5, column 'A Pips, B Pips' [100 / 40]: the side that forfeited has reached the target",
)
LISTED_TWICE = kind("D114", "an id listed twice on the Players sheet")
NOT_PLAYED = kind(
    "D115",
    "scheduled matches without a result yet are left out",
    "warning",
    example="Matches, row 8: warning: 4 scheduled match(es) have no result yet (round(s) 3): they are left out of the standings until their scores are filled in",
)
NO_MATCHES_YET = kind(
    "D116",
    "no match has a result yet: every competitor has 0",
    "warning",
    example="Matches: warning: no matches yet: every competitor has 0",
)
BYE_SCORED = kind(
    "D130",
    "a bye (B1 = BYE) with a score typed",
    example="Matches, row 6, column 'A Pips' [100]: a bye has no score: leave the pips, games, Ended and Winner blank",
)
BYE_MISPLACED = kind(
    "D131",
    "the bye written elsewhere than B1, or a bye row seating someone on side B",
    example="Matches, row 6, column 'A1' [BYE]: the bye goes in B1, with who sits out in A1 (and A2)",
)
NO_CREDIT = kind(
    "D139",
    "bye rows score nothing while the Settings Bye Credit is none",
    "warning",
    example="Matches, row 6: warning: 2 bye row(s) score nothing: the Settings Bye Credit is none (give a percentage of the target to credit them)",
)
GAMES_UNDECIDED = kind(
    "D137",
    "a best-of-three match whose games are not 2-0, 2-1, 1-2 or 0-2",
    example="Matches, row 3, column 'A Games, B Games' [3 / 0]: a best-of-three match is won by the first side to 2 games: expected 2-0, 2-1, 1-2 or 0-2",
)
GAMES_IN_SINGLE = kind(
    "D138",
    "games typed while the Settings Match Format is single",
    example="Matches, row 3, column 'A Games, B Games' [2 / 1]: games are typed but the Settings Match Format is single: set it to best of three, or clear the games",
)
CARD_WITHOUT_PIPS = kind(
    "D132",
    "a card whose pips the Settings do not give",
    example="Penalties, row 2, column 'Card' [yellow]: a yellow card needs the Settings Yellow Card Pips",
)
PIPS_OR_CARD = kind(
    "D134",
    "a penalty with both Pips and a Card, or neither",
    example="Penalties, row 2, column 'Pips, Card' [10 / red]: give the penalty's Pips or a Card, not both",
)
SANCTION_WITHOUT_MATCH = kind(
    "D135",
    "Sanction = result: a penalty without a Round, or in a round where its competitor plays no match",
    example="Penalties, row 2, column 'Round' [3]: with Sanction = result a penalty comes off the pips of its competitor's match in its round: p4 plays no match in round 3",
)
CORRECTABLE = [
    *SEAT_COLUMNS,
    MS.a_pips,
    MS.b_pips,
    MS.a_hands,
    MS.b_hands,
    MS.a_games,
    MS.b_games,
    MS.target,
    MS.ended,
    MS.winner,
]


@dataclass
class DominoEvent:
    """A validated domino workbook: typed tables plus the sheets as written (for the output)."""

    settings: DominoSettings
    matches: pd.DataFrame
    players: pd.DataFrame
    penalties: pd.DataFrame
    matches_sheet: Sheet
    warnings: list[Problem] = field(default_factory=list)
    waiting_rounds: pd.Series = field(default_factory=lambda: pd.Series(dtype="str"))  # still to play


def domino_progress(event: DominoEvent) -> Progress:
    """How far the event has gone: rounds scored, rounds of matches still to play, the Rounds setting."""
    return rounds_progress(event.matches[M.round], event.waiting_rounds, event.settings.rounds)


def correction_rules() -> CorrectionRules:
    """Domino corrections name a match by Round and Table, and correct one of its result columns."""
    titles = titles_of(MatchesSheet)
    return CorrectionRules(
        sheet_key(MatchesSheet), [MS.round, MS.table], [], {c: titles[c] for c in CORRECTABLE}
    )


def seat_ids(frame: pd.DataFrame) -> dict[str, pd.Series]:
    """The ids in each seat column (`as_ids` of the four columns in one pass)."""
    ids = as_ids(pd.concat([frame[seat] for seat in SEAT_COLUMNS], ignore_index=True)).array
    n = len(frame)
    return {
        seat: pd.Series(ids[i * n : (i + 1) * n], index=frame.index) for i, seat in enumerate(SEAT_COLUMNS)
    }


def bye_cells(text: pd.Series) -> pd.Series:
    """True where a seat cell holds the word for a bye (BYE, Descanso, 轮空: `BYE_WORDS`), read as `as_words`
    reads it: for a word without white space, `_` or `-` (BYE), the cell trimmed and in lower case is it."""
    cells = pa.array(in_english(text, BYE_WORDS), pa.large_string())
    bye = pc.equal(pc.utf8_lower(pc.utf8_trim_whitespace(cells)), BYE).fill_null(False)
    return pd.Series(bye.to_numpy(zero_copy_only=False), index=text.index)


def typed_matches(sheet: Sheet, settings: DominoSettings) -> pd.DataFrame:
    """The Matches sheet typed: ids, whole numbers, lower-case endings; NA where a cell is bad. A bye row (B1
    holds the bye) has `bye` True and B1 blank."""
    f = sheet.frame

    def whole(col: str, span: Span) -> pd.Series:
        """The column's whole numbers in its span."""
        return whole_in(f[col], span)

    fallback = settings.target
    if fallback is None and settings.mode == MODE_POINTS:
        fallback = POINTS_TARGET
    target = whole(MS.target, TARGET).fillna(pd.NA if fallback is None else fallback)
    counts = HANDS if settings.mode == MODE_RUN_OUT else PIPS
    ended = as_words(f[MS.ended]).fillna(ENDED_TARGET)
    winner = f[MS.winner].astype("str").str.strip().str.upper()
    a_count, b_count = settings.count_columns
    bye = bye_cells(f[MS.b1])
    seats = seat_ids(f)
    seats[M.b1] = seats[M.b1].mask(bye)
    return pd.DataFrame(
        {
            M.round: whole(MS.round, ROUND),
            M.table: whole(MS.table, ROUND),
            **seats,
            M.a_count: whole(a_count, counts),
            M.b_count: whole(b_count, counts),
            M.target: target.astype("Int64"),
            M.ended: ended.where(ended.isin(ENDINGS)),
            M.winner: winner.where(winner.isin(SIDES)),
            M.bye: bye,
            M.a_games: whole(MS.a_games, GAMES),
            M.b_games: whole(MS.b_games, GAMES),
        },
        index=f.index,
    )


def credited_byes(t: pd.DataFrame, settings: DominoSettings) -> pd.DataFrame:
    """The matches with each bye row scored as its credit: a match side A won by the Bye Credit's share of the
    target (rounded half up) to the rest, written as a forfeit to A (without a credit, 0 to 0: `tally` leaves
    such rows out of the scoring, and who sat out still appears in the standings)."""
    bye = t[M.bye]
    share = (t[M.target] * settings.bye_credit * 2 + 100) // 200  # share x target, halves up
    return t.assign(
        **{
            M.a_count: t[M.a_count].mask(bye, share),
            M.b_count: t[M.b_count].mask(bye, t[M.target] - share if settings.bye_credit else 0),
            M.ended: t[M.ended].mask(bye, ENDED_FORFEIT),
            M.winner: t[M.winner].mask(bye, SIDES[0]),
        }
    )


def bye_problems(sheet: Sheet, t: pd.DataFrame, settings: DominoSettings) -> list[pd.DataFrame]:
    """Bye rows: nothing scored on them, the bye in B1 only and nobody else on side B, and one warning when
    they score nothing (Bye Credit none)."""
    f, bye = sheet.frame, t[M.bye]
    scored = [*settings.count_columns, MS.a_games, MS.b_games, MS.ended, MS.winner]
    out = [
        problems_where(
            sheet,
            bye & f[col].notna(),
            col,
            _("a bye has no score: leave the pips, games, Ended and Winner blank"),
            BYE_SCORED,
        )
        for col in scored
    ]
    out += [
        problems_where(
            sheet,
            bye_cells(f[col]),
            col,
            _("the bye goes in B1, with who sits out in A1 (and A2)"),
            BYE_MISPLACED,
        )
        for col in (MS.a1, MS.a2, MS.b2)
    ]
    out.append(
        problems_where(
            sheet,
            bye & f[MS.b2].notna() & ~bye_cells(f[MS.b2]),
            MS.b2,
            _("a bye row seats nobody on side B: who sits out goes in A1 (and A2)"),
            BYE_MISPLACED,
        )
    )
    if settings.bye_credit == 0 and bye.any():
        first = pd.Series(False, index=t.index)
        first[bye[bye].index[0]] = True
        out.append(
            problems_where(
                sheet,
                first,
                [],
                n_(
                    "{count} bye row(s) score nothing: the Settings {setting} is none (give a percentage of the "
                    "target to credit them)",
                    "{count} bye row(s) score nothing: the Settings {setting} is none (give a percentage of the "
                    "target to credit them)",
                    int(bye.sum()),
                    count=int(bye.sum()),
                    setting=BYE_CREDIT_SETTING.written_name,
                ),
                NO_CREDIT,
            )
        )
    return out


def games_problems(sheet: Sheet, t: pd.DataFrame, settings: DominoSettings) -> list[pd.DataFrame]:
    """Best of three: each match won by the first side to 2 games (a forfeit's games may be blank: 2-0 for
    the Winner), a Winner that agrees; games typed in a single-game event."""
    games = [MS.a_games, MS.b_games]
    typed = sheet.frame[games].notna().any(axis=1)
    if not settings.best_of_three:
        return [
            problems_where(
                sheet,
                typed & ~t[M.bye],
                games,
                _(
                    "games are typed but the Settings {setting} is single: set it to best of three, or clear "
                    "the games",
                    setting=MATCH_FORMAT_SETTING.written_name,
                ),
                GAMES_IN_SINGLE,
            )
        ]
    a, b = (t[c].astype("float64").to_numpy(na_value=np.nan) for c in (M.a_games, M.b_games))
    decided = ((a == 2) & ((b == 0) | (b == 1))) | ((b == 2) & ((a == 0) | (a == 1)))
    forfeit = t[M.ended].eq(ENDED_FORFEIT).to_numpy()
    unread = (sheet.frame[games].notna().to_numpy() & t[[M.a_games, M.b_games]].isna().to_numpy()).any(axis=1)
    open_ = ~decided & ~t[M.bye].to_numpy() & ~(forfeit & ~typed.to_numpy()) & ~unread  # unread: D136
    named = t[M.winner].to_numpy(dtype=object)
    return [
        problems_where(
            sheet,
            pd.Series(open_, index=t.index),
            games,
            _("a best-of-three match is won by the first side to 2 games: expected 2-0, 2-1, 1-2 or 0-2"),
            GAMES_UNDECIDED,
        ),
        problems_where(
            sheet,
            pd.Series(
                decided & t[M.winner].notna().to_numpy() & (named != np.where(a == 2, "A", "B")),
                index=t.index,
            ),
            MS.winner,
            _("the winner named is not the side that won two games"),
            WRONG_WINNER,
        ),
    ]


def seating_problems(
    sheet: Sheet,
    t: pd.DataFrame,
    known: pd.Index | None,
    names: pd.Series | None = None,
    players_sheet: str = sheet_name_of(PlayersSheet),
) -> list[pd.DataFrame]:
    """Side shapes, duplicate round/table keys, players seated twice in a round, unknown ids."""
    out = [
        problems_where(
            sheet,
            (t[M.a2].isna() != t[M.b2].isna()) & ~t[M.bye],
            [MS.a2, MS.b2],
            _("one side has two players and the other one; fill in both A2 and B2 or neither"),
            UNEVEN_SIDES,
        )
    ]
    repeat, first = first_rows(t[[M.round, M.table]])
    if repeat.any():
        out.append(
            problems_where(
                sheet,
                repeat,
                [MS.round, MS.table],
                _each("this round and table already appear at row {row}", row=first),
                MATCH_TWICE,
            )
        )
    seats = pd.DataFrame(  # one row per seat, match by match in seat order
        {
            Seat.round: t[M.round].array.repeat(len(SEAT_COLUMNS)),
            Seat.player: pd.Series(t[SEAT_COLUMNS].to_numpy(dtype=object).ravel(), dtype="str"),
            Seat.row: np.repeat(t.index.to_numpy(), len(SEAT_COLUMNS)),
            Seat.seat: np.tile(np.array(SEAT_COLUMNS, dtype=object), len(t)),
        }
    )
    seats = seats[seats[Seat.round].notna().to_numpy() & seats[Seat.player].notna().to_numpy()]
    if not (t.index.is_monotonic_increasing and t.index.is_unique):
        seats = seats.sort_values([Seat.row, Seat.seat], kind="stable")
    seats = seats.reset_index(drop=True)
    twice = seen_before([seats[Seat.round], seats[Seat.player]], seats.index).to_numpy()
    if twice.any():
        first_at = seats.groupby([Seat.round, Seat.player])[Seat.row].transform("min")
        clash, first = seats[twice], first_at[twice]  # each seat taken again, and the row it was first taken
        text = np.where(
            first == clash[Seat.row],
            _each("player {player} sits twice in this match", player=clash[Seat.player]),
            _each(
                "player {player} also plays in this round at row {row}", player=clash[Seat.player], row=first
            ),
        )
        per_row = pd.Series(text, index=clash[Seat.row].to_numpy()).groupby(level=0).agg("; ".join)
        mask = pd.Series(t.index.isin(per_row.index), index=t.index)
        out.append(
            problems_where(sheet, mask, SEAT_COLUMNS, per_row.reindex(t.index).fillna(""), SEATED_TWICE)
        )
    if known is not None:
        for c in SEAT_COLUMNS:
            unknown = t[c].notna() & ~is_among(t[c], known)
            if not unknown.any():  # every id listed (nearly always): nothing to report or suggest
                continue
            hint = close_matches(t[c].where(unknown), pd.Series(known), pd.Series(names, dtype="str"))
            out.append(
                problems_where(
                    sheet,
                    unknown,
                    c,
                    _("unknown id: not listed on the {sheet} sheet", sheet=players_sheet) + hint,
                    UNKNOWN_ID,
                )
            )
    return out


def score_problems(sheet: Sheet, t: pd.DataFrame, settings: DominoSettings) -> list[pd.DataFrame]:
    """How each match ended against its counts: target reached, level at time, forfeits, blanks."""
    cols, word = settings.count_columns, _(settings.count_word)
    a, b, target = (t[c].to_numpy(dtype="float64", na_value=np.nan) for c in (M.a_count, M.b_count, M.target))
    ended, winner = t[M.ended].to_numpy(dtype=object), t[M.winner].to_numpy(dtype=object)
    filled = {c: sheet.frame[c].notna().to_numpy() for c in [*cols, MS.target, MS.winner]}

    def row_mask(mask: np.ndarray) -> pd.Series:
        """The mask as a Series over the matches."""
        return pd.Series(mask, index=t.index)

    is_forfeit = ended == ENDED_FORFEIT
    scored = ~t[M.bye].to_numpy()  # a bye has its own checks (`bye_problems`)
    single = scored & (not settings.best_of_three)  # best of three: the games decide (`games_problems`)
    is_target, is_time = (ended == ENDED_TARGET) & single, (ended == ENDED_TIME) & single
    is_forfeit &= scored
    out = [
        problems_where(
            sheet,
            row_mask(~filled[col] & ~is_forfeit & scored),
            col,
            _("the {word} of this side are required", word=word),
            NO_COUNT,
        )
        for col in cols
    ]
    out.append(
        problems_where(
            sheet,
            row_mask(np.isnan(target) & ~filled[MS.target] & scored),
            MS.target,
            _("a run_out event needs its target in hands: a Target column or the Settings Target"),
            NO_TARGET,
        )
    )
    known = ~np.isnan(a) & ~np.isnan(b) & ~np.isnan(target)
    reached_a, reached_b = (a >= target) & known, (b >= target) & known  # NaN compares False
    named = t[M.winner].notna().to_numpy()
    both = is_target & reached_a & reached_b
    neither = is_target & known & ~reached_a & ~reached_b
    past = is_time & (reached_a | reached_b)
    said = (both | neither | past).any()  # only a message needs the target written

    def at_target(message: str) -> pd.Series | str:
        """A message naming each match's target, where one of them is said."""
        return _each(message, target=t[M.target]) if said else ""

    reacher = np.where(reached_a, "A", "B")
    higher = np.where(a > b, "A", "B")
    out += [
        problems_where(
            sheet,
            row_mask(both),
            cols,
            at_target(N_("both sides at or above the target {target}; only the winner can reach it")),
            BOTH_REACHED,
        ),
        problems_where(
            sheet,
            row_mask(neither),
            cols,
            at_target(N_("neither side reached the target {target}; if time was called, set Ended to time")),
            NEITHER_REACHED,
        ),
        problems_where(
            sheet,
            row_mask(is_target & named & (reached_a ^ reached_b) & (winner != reacher)),
            MS.winner,
            _("the winner named is not the side that reached the target"),
            WRONG_WINNER,
        ),
        problems_where(
            sheet,
            row_mask(past),
            cols,
            at_target(N_("a side reached the target {target}; set Ended to target")),
            REACHED_AT_TIME,
        ),
        problems_where(
            sheet,
            row_mask(is_time & known & (a == b) & ~named),
            MS.winner,
            _("the {word} are level at time: name the Winner (A or B)", word=word),
            LEVEL_AT_TIME,
        ),
        problems_where(
            sheet,
            row_mask(is_time & known & (a != b) & named & (winner != higher)),
            MS.winner,
            _("the winner named has fewer {word} than the other side", word=word),
            WRONG_WINNER,
        ),
        problems_where(
            sheet,
            row_mask(is_forfeit & ~named & ~filled[MS.winner]),
            MS.winner,
            _("a forfeit needs the Winner (A or B)"),
            FORFEIT_WINNER,
        ),
        problems_where(
            sheet,
            row_mask(is_forfeit & single & named & (np.where(winner == "A", b, a) >= target)),
            cols,
            _("the side that forfeited has reached the target"),
            FORFEIT_REACHED,
        ),
    ]
    return out


def players_table(sheet: Sheet | None) -> tuple[pd.DataFrame, pd.Index | None, list[pd.DataFrame]]:
    """The Players sheet as (id, name, club), the known ids (None without the sheet, or with only its header,
    as a template leaves it), and its problems."""
    empty = pd.DataFrame({c: pd.Series(dtype="str") for c in (PS.id, PS.name, PS.club)})
    if sheet is None or without_blank_rows(sheet.frame).empty:
        return empty, None, []
    sheet = present_columns(sheet, PlayersSheet)
    frame = without_blank_rows(sheet.frame)
    ids = as_ids(frame[PS.id])
    repeat, first = first_rows(ids.to_frame())
    problems = [schema_problems(Sheet(sheet.name, frame, sheet.headers), PlayersSheet)]
    if repeat.any():  # an id listed twice
        listed = _each("this ID is already listed at row {row}", row=first)
        problems.append(problems_where(sheet, repeat, PS.id, listed, LISTED_TWICE))
    players = pd.DataFrame({PS.id: ids, PS.name: frame[PS.name], PS.club: frame[PS.club]})
    players = players.dropna(subset=[PS.id]).drop_duplicates(PS.id).reset_index(drop=True)
    return players, pd.Index(players[PS.id]), problems


def penalties_table(
    sheet: Sheet | None, everyone: pd.Index, where: str, settings: DominoSettings
) -> tuple[pd.DataFrame, list[pd.DataFrame]]:
    """The Penalties sheet as (player, pips deducted, round, reason, card), and its problems: a row gives its
    Pips or a Card (yellow or red, worth the Settings Yellow Card Pips or Red Card Pips)."""
    empty = pd.DataFrame(
        {
            Pen.player: pd.Series(dtype="str"),
            Pen.pips: pd.Series(dtype="int64"),
            Pen.round: pd.Series(dtype="Int64"),
            Pen.reason: pd.Series(dtype="str"),
            Pen.card: pd.Series(dtype="str"),
        }
    )
    if sheet is None:
        return empty, []
    sheet = present_columns(sheet, PenaltiesSheet)
    frame = without_blank_rows(sheet.frame)
    frame = frame.assign(**{PenS.card: in_english(frame[PenS.card], CARD_WORDS)})  # as the reader reads it
    own = Sheet(sheet.name, frame, sheet.headers)
    who = as_ids(frame[PenS.player])
    card = as_words(frame[PenS.card])
    card_pips = {YELLOW: settings.yellow_card_pips, RED: settings.red_card_pips}
    priced = card.map({c: p for c, p in card_pips.items() if p is not None}).astype("Float64")
    given = frame[PenS.pips].notna()
    problems = [
        schema_problems(own, PenaltiesSheet),
        problems_where(
            own,
            who.notna() & ~is_among(who, everyone),
            PenS.player,
            _("unknown id: not in {where}", where=where),
            UNKNOWN_ID,
        ),
        problems_where(
            own,
            given == frame[PenS.card].notna(),
            [PenS.pips, PenS.card],
            pd.Series(
                np.where(
                    given,
                    _("give the penalty's Pips or a Card, not both"),
                    _("give the penalty's Pips or a Card"),
                ),
                index=frame.index,
            ),
            PIPS_OR_CARD,
        ),
    ]
    for colour in (YELLOW, RED):  # the two cards
        spec = YELLOW_CARD_SETTING if colour == YELLOW else RED_CARD_SETTING
        needs = (
            N_("a yellow card needs the Settings {setting}")
            if colour == YELLOW
            else N_("a red card needs the Settings {setting}")
        )
        problems.append(
            problems_where(
                own,
                card.eq(colour).fillna(False) & (card_pips[colour] is None) & ~given,
                PenS.card,
                _(needs, setting=spec.written_name),
                CARD_WITHOUT_PIPS,
            )
        )
    rnd = as_numbers(frame[PenS.round]).where(is_whole_in(frame[PenS.round], ROUND))
    penalties = pd.DataFrame(
        {
            Pen.player: who,
            Pen.pips: as_numbers(frame[PenS.pips]).abs().fillna(priced),
            Pen.round: rnd.round().astype("Int64"),
            Pen.reason: frame[PenS.reason],
            Pen.card: card.where(card.isin([YELLOW, RED]) & ~given),
        },
        index=frame.index,
    )
    return penalties, problems


def sanction_problems(sheet: Sheet | None, penalties: pd.DataFrame, t: pd.DataFrame) -> list[pd.DataFrame]:
    """Sanction = result: each penalty names a round in which its competitor plays a match (a bye is none)."""
    if sheet is None or penalties.empty:
        return []
    own = Sheet(sheet.name, present_columns(sheet, PenaltiesSheet).frame.loc[penalties.index], sheet.headers)
    played = t[~t[M.bye]]
    seated = pd.MultiIndex.from_arrays(
        [
            np.tile(played[M.round].to_numpy(dtype="float64", na_value=np.nan), len(SEAT_COLUMNS)),
            pd.concat([played[c] for c in SEAT_COLUMNS]).to_numpy(dtype=object),
        ]
    )
    asked = pd.MultiIndex.from_arrays(
        [
            penalties[Pen.round].to_numpy(dtype="float64", na_value=np.nan),
            penalties[Pen.player].to_numpy(dtype=object),
        ]
    )
    no_round = penalties[Pen.player].notna() & penalties[Pen.round].isna() & own.frame[PenS.round].isna()
    no_match = penalties[Pen.round].notna() & penalties[Pen.player].notna() & ~asked.isin(seated)
    setting = SANCTION_SETTING.written_name
    reason = np.where(
        no_round,
        _(
            "with {setting} = result a penalty needs the Round of the match its pips come off",
            setting=setting,
        ),
        _each(
            "with {setting} = result a penalty comes off the pips of its competitor's match in its round: "
            "{player} plays no match in round {round}",
            setting=setting,
            player=penalties[Pen.player],
            round=penalties[Pen.round],
        ),
    )
    return [
        problems_where(
            own,
            no_round | no_match,
            PenS.round,
            pd.Series(reason, index=penalties.index),
            SANCTION_WITHOUT_MATCH,
        )
    ]


RESULT_COLUMNS = [MS.a_pips, MS.b_pips, MS.a_hands, MS.b_hands, MS.a_games, MS.b_games, MS.ended, MS.winner]


def not_yet_played(frame: pd.DataFrame) -> pd.Series:
    """Scheduled matches (round, table and seats given, side B not the bye) whose result cells are all still
    empty."""
    seated = frame[[MS.round, MS.table, MS.a1, MS.b1]].notna().to_numpy().any(axis=1)
    waiting = (
        seated & frame[RESULT_COLUMNS].isna().to_numpy().all(axis=1) & ~bye_cells(frame[MS.b1]).to_numpy()
    )
    return pd.Series(waiting, index=frame.index)


def not_yet_played_warning(sheet: Sheet, waiting: pd.Series) -> pd.DataFrame:
    """One warning: how many scheduled matches have no result yet, and in which rounds; they are left out."""
    rounds = sorted(set(whole_numbers(sheet.frame.loc[waiting, MS.round]).dropna().astype(int).tolist()))
    listed = ", ".join(map(str, rounds)) or "?"
    count = int(waiting.sum())
    first = pd.Series(False, index=sheet.frame.index)
    first[waiting[waiting].index[0]] = True
    return problems_where(
        sheet,
        first,
        [],
        _(
            "{count} scheduled match(es) have no result yet (round(s) {rounds}): they are left out of the "
            "standings until their scores are filled in",
            count=count,
            rounds=listed,
        ),
        NOT_PLAYED,
    )


def id_places(
    sheets: dict[str, Sheet], matches: Sheet, typed: pd.DataFrame
) -> list[tuple[Sheet, str, pd.Series]]:
    """Every column holding competitor ids, Players first, for the letter-case check."""
    places = []
    for model, column in ((PlayersSheet, PS.id), (PenaltiesSheet, PenS.player)):
        if sheet_key(model) in sheets:
            sheet = present_columns(sheets[sheet_key(model)], model)
            places.append((sheet, column, as_ids(sheet.frame[column])))
    return places[:1] + [(matches, c, typed[c]) for c in SEAT_COLUMNS] + places[1:]


def domino_event(sheets: dict[str, Sheet]) -> DominoEvent:
    """The validated event, or InputError carrying every problem found in the workbook."""
    matches = sheets.get(sheet_key(MatchesSheet))
    if matches is None:
        found = ", ".join(f"'{s.name}'" for s in sheets.values()) or _("none")
        raise InputError(
            [
                Problem.of(
                    MISSING_SHEET,
                    "workbook",
                    None,
                    None,
                    None,
                    _(
                        "missing required sheet '{sheet}' (sheets found: {found})",
                        sheet=sheet_name_of(MatchesSheet),
                        found=found,
                    ),
                )
            ]
        )
    settings, settings_problems = domino_settings(sheets.get(sheet_key(SettingsSheet)))
    structural = missing_columns(
        matches, required_columns(MatchesSheet) + settings.count_columns, titles_of(MatchesSheet)
    )
    for model in (PlayersSheet, PenaltiesSheet):
        if sheet_key(model) in sheets:
            structural += missing_columns(sheets[sheet_key(model)], required_columns(model), titles_of(model))
    if structural:
        raise InputError(
            as_problem_list([settings_problems], [*structural, *sheet_package_problems(sheets.values())])
        )

    used = [sheets.get(sheet_key(m)) for m in (MatchesSheet, SettingsSheet, PlayersSheet, PenaltiesSheet)]
    frames = [settings_problems, *[blank_row_warnings(s) for s in used[2:] if s is not None]]
    frames.append(blank_row_warnings(matches))
    matches = present_columns(matches, MatchesSheet)
    matches = Sheet(matches.name, without_blank_rows(matches.frame), matches.headers, matches.header_row)
    waiting = not_yet_played(matches.frame)
    waiting_rounds = matches.frame.loc[waiting, MS.round] if MS.round in matches.frame else None
    if waiting.any():
        frames.append(not_yet_played_warning(matches, waiting))
        matches = Sheet(matches.name, matches.frame[~waiting], matches.headers, matches.header_row)
    frames.append(schema_problems(matches, MatchesSheet))
    players, known, problems = players_table(sheets.get(sheet_key(PlayersSheet)))
    frames += problems
    nothing = matches.frame.empty and players.empty  # an untouched template: no match, nobody listed
    if nothing:
        frames.append(nothing_to_score(matches, *MATCH_NOUNS))
    typed = typed_matches(matches, settings)
    players_sheet = sheets[sheet_key(PlayersSheet)].name if sheet_key(PlayersSheet) in sheets else ""
    if known is not None:  # names typed for ids (names.py)
        typed, problems = resolved_columns(
            matches, typed, SEAT_COLUMNS, players[PS.id], players[PS.name], players_sheet
        )
        frames += problems
    pasted, first = repeated_rows(matches.frame)
    frames.append(repeated_row_problems(matches, found=(pasted, first)))
    frames += seating_problems(matches, typed[~pasted], known, players[PS.name], players_sheet)
    frames += score_problems(matches, typed, settings)
    frames += bye_problems(matches, typed, settings)
    frames += games_problems(matches, typed, settings)
    seated = pd.Index(pd.concat([typed[c] for c in SEAT_COLUMNS]).dropna().unique())
    listed = _("the {sheet} sheet", sheet=players_sheet)
    everyone, where = (known, listed) if known is not None else (seated, _("any match"))
    penalties_sheet = sheets.get(sheet_key(PenaltiesSheet))
    penalties, problems = penalties_table(penalties_sheet, everyone, where, settings)
    frames += problems
    if settings.sanctions_in_result:
        frames += sanction_problems(penalties_sheet, penalties, typed)
    if sheet_key(PenaltiesSheet) in sheets:
        frames.append(repeated_row_problems(sheets[sheet_key(PenaltiesSheet)], "warning"))
    frames.append(id_spelling_problems(id_places(sheets, matches, typed)))
    if typed.empty and not nothing:  # every scheduled match still to play
        empty = Problem.of(
            NO_MATCHES_YET, matches.name, None, None, None, _("no matches yet: every competitor has 0")
        )
        frames.append(pd.DataFrame([empty.as_record()]))

    frames = without_unknown_at_ambiguous(frames)
    found_problems = as_problem_list(frames, sheet_package_problems(used))
    if any(p.severity == "error" for p in found_problems):
        raise InputError(found_problems)
    penalties[Pen.pips] = penalties[Pen.pips].astype("int64")
    return DominoEvent(
        settings=settings,
        matches=validated(
            counts_with_forfeit_defaults(credited_byes(typed, settings), settings.best_of_three), M
        ),
        players=players,
        penalties=penalties,
        matches_sheet=matches,
        warnings=[p for p in found_problems if p.severity == "warning"],
        waiting_rounds=pd.Series(dtype="str") if waiting_rounds is None else waiting_rounds,
    )


def entrants(sheets: dict[str, Sheet]) -> pd.DataFrame:
    """The validated `Players` sheet of an entrants workbook (id, name, club), or InputError."""
    sheets, _warned = sheets_with_aliases(sheets, [PlayersSheet])  # its headers in any language
    sheet = required_sheet(sheets, sheet_key(PlayersSheet), sheet_name_of(PlayersSheet), PlayersSheet)
    players, _, problems = players_table(sheet)
    stop_on_errors(sheet, problems)
    return players
