"""The workbook a bridge director fills in for a pairs evening, pure: Settings (with the Movement played), Pairs,
Results with one row per board to be played, and the printed guide cards (one per table, one per pair), the
board movement and a traveller slip per board, each card one a printed page (docs/movements.md)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.bridge.load import listed
from pipeline.games.bridge.methods import DEFAULT, scoring_setting, scoring_word
from pipeline.games.bridge.movements import Movement, played_boards
from pipeline.games.bridge.schedule import sheet_checks
from pipeline.games.bridge.settings import EVENT, MOVEMENT_SETTING
from pipeline.games.checks import required_sheet, stop_on_errors, with_aliases
from pipeline.games.schedule import printed_cards
from pipeline.games.settings import EVENT_SETTINGS, ROUNDS
from pipeline.i18n import N_, _, _each
from pipeline.sheets import OutputSheet, Sheet, sheet_key
from schemas.bridge import EAST_WEST, NORTH_SOUTH
from schemas.bridge import BoardMovement as BM
from schemas.bridge import Competitor as CO
from schemas.bridge import PairGuide as PG
from schemas.bridge import PairsSheet as P
from schemas.bridge import ResultsSheet as R
from schemas.bridge import TableGuide as TG
from schemas.bridge import TravellerSlip as TS
from schemas.common import sheet_name_of, titles_of
from schemas.movements import MovementBoard as MB
from schemas.movements import MovementTable as MT
from schemas.shared import SettingsSheet as S

SCHEDULED = [R.round, R.table, R.board, R.ns, R.ew]  # filled in by the schedule
ENTERED = [R.contract, R.declarer, R.tricks, R.score, R.adjusted]  # typed by the director
NOT_IN_PLAY = N_("not in play")  # a set on the bye stand (or, in a Howell, on a relay stand)
SITS_OUT = N_("sits out")
NOBODY, NOBODY_NAMES = "-", N_("(sit-out)")  # the phantom pair as a table card shows it
COLLECT = N_("collect")  # the last round: the boards go back to the director


def entrant_pairs(sheets: dict[str, Sheet]) -> pd.DataFrame:
    """The validated `Pairs` sheet of an entrants workbook (id, names), or InputError (no Pairs sheet, or an id
    listed twice: each located, with its code)."""
    sheets = {k: with_aliases(s, P)[0] if k == sheet_key(P) else s for k, s in sheets.items()}  # Pareja, 对号
    sheet = required_sheet(sheets, sheet_key(P), sheet_name_of(P), P)
    pairs, problems = listed(sheet, P, P.pair, P.names)
    stop_on_errors(sheet, problems)
    if pairs is not None:
        return pairs
    return pd.DataFrame({CO.id: pd.Series(dtype="str"), CO.names: pd.Series(dtype="str")})


def board_words(sets: pd.Series, boards_per_round: int, first_board: int) -> pd.Series:
    """Each set's boards as a card shows them: `7-9`, or `7` for one board a round."""
    low = first_board + (sets.astype("int64") - 1) * boards_per_round
    high = low + boards_per_round - 1
    if boards_per_round == 1:
        return low.astype("str")
    return low.astype("str") + "-" + high.astype("str")


def joined_tables(frame: pd.DataFrame, by: list[str]) -> pd.Series:
    """The tables of each group as words (`3`, or `1 and 8` for a relay), indexed by the group."""
    tables = frame.sort_values(MT.table).groupby(by)[MT.table]
    joiner = _(" and ")
    return tables.agg(lambda t: joiner.join(t.astype("str")))


def next_tables(moves: Movement) -> pd.Series:
    """For each movement row, where its boards go after the round: `table 4` (or `tables 1 and 8`), the bye
    stand (`not in play`), or back to the director after the last round."""
    frame = moves.frame
    later = frame.assign(**{MT.round: frame[MT.round] - 1})
    where = joined_tables(later, [MT.round, MT.set]).rename("where")
    found = frame.join(where, on=[MT.round, MT.set])["where"]
    shared = found.str.contains(_(" and "), regex=False).fillna(False).astype(bool)
    words = np.where(
        shared,
        _each("tables {tables}", tables=found.fillna("")),
        _each("table {table}", table=found.fillna("")),
    )
    last = frame[MT.round] == moves.rounds
    return pd.Series(
        np.where(last, _(COLLECT), np.where(found.isna(), _(NOT_IN_PLAY), words)), index=frame.index
    )


def card_sheet(lines: pd.DataFrame, titles: pd.DataFrame, key: str, model: type) -> pd.DataFrame:
    """Cards laid out one after another: for each value of `key`, its title line, its lines, then a blank line
    (the page break goes after it); headers as the model writes them."""
    order = "_order"
    blanks = titles[[key]].assign(**{order: 2})
    stacked = pd.concat(
        [titles.assign(**{order: 0}), lines.assign(**{order: 1}), blanks], ignore_index=True, sort=False
    )
    stacked = stacked.sort_values([key, order], kind="stable").drop(columns=[key, order])
    numbers = stacked.select_dtypes("number").columns
    stacked[numbers] = stacked[numbers].astype("Int64")
    shown = titles_of(model)
    out = stacked.reindex(columns=list(shown)).rename(columns=shown).astype("object")
    return out.where(out.notna(), None).reset_index(drop=True)


def table_guides(
    moves: Movement, ids: np.ndarray, names: np.ndarray, per_round: int, first: int
) -> pd.DataFrame:
    """A card per table: round by round the NS and EW pairs (a sit-out shown), the boards and where they go."""
    frame = moves.frame.sort_values([MT.table, MT.round])
    key = "_table"
    lines = pd.DataFrame(
        {
            key: frame[MT.table],
            TG.round: frame[MT.round],
            TG.ns: ids[frame[MT.ns] - 1],
            TG.ns_names: names[frame[MT.ns] - 1],
            TG.ew: ids[frame[MT.ew] - 1],
            TG.ew_names: names[frame[MT.ew] - 1],
            TG.boards: board_words(frame[MT.set], per_round, first),
            TG.boards_next: next_tables(moves).loc[frame.index],
        }
    )
    titles = pd.DataFrame({key: np.arange(1, moves.tables + 1)})
    titles[TG.card] = _each("Table {table}", table=titles[key])
    return card_sheet(lines, titles, key, TG)


def pair_guides(
    moves: Movement, ids: np.ndarray, names: np.ndarray, per_round: int, first: int
) -> pd.DataFrame:
    """A card per pair: round by round its table, direction, opponents and boards, or that it sits out."""
    frame = moves.frame
    key = "_pair"
    seats = pd.concat(
        [
            pd.DataFrame({key: frame[MT.ns], "_them": frame[MT.ew], PG.direction: NORTH_SOUTH}),
            pd.DataFrame({key: frame[MT.ew], "_them": frame[MT.ns], PG.direction: EAST_WEST}),
        ]
    ).join(frame[[MT.round, MT.table, MT.set]])
    seats = seats[seats[key] <= moves.pairs].sort_values([key, MT.round])
    out = (seats["_them"] > moves.pairs).to_numpy()
    lines = pd.DataFrame(
        {
            key: seats[key],
            PG.round: seats[MT.round],
            PG.table: np.where(out, "", seats[MT.table].astype("str")),
            PG.direction: np.where(out, _(SITS_OUT), seats[PG.direction]),
            PG.opponents: np.where(out, "", ids[seats["_them"] - 1]),
            PG.opponent_names: np.where(out, "", names[seats["_them"] - 1]),
            PG.boards: np.where(out, "", board_words(seats[MT.set], per_round, first)),
        }
    )
    titles = pd.DataFrame({key: np.arange(1, moves.pairs + 1)})
    named = pd.Series(names[: moves.pairs]).fillna("").to_numpy(dtype=object)
    pair = pd.Series(ids[: moves.pairs], index=titles.index)
    titles[PG.card] = _each("Pair {pair}", pair=pair) + np.where(named != "", " - " + named, "")
    return card_sheet(lines, titles, key, PG)


def board_movement(moves: Movement, per_round: int, first: int) -> pd.DataFrame:
    """Round by round, where each set of boards is: its table (two tables for a relay), or not in play."""
    grid = pd.MultiIndex.from_product(
        [range(1, moves.rounds + 1), range(1, moves.sets + 1)], names=[MT.round, MT.set]
    ).to_frame(index=False)
    where = grid.join(joined_tables(moves.frame, [MT.round, MT.set]).rename("where"), on=[MT.round, MT.set])
    frame = pd.DataFrame(
        {
            BM.round: where[MT.round],
            BM.boards: board_words(where[MT.set], per_round, first),
            BM.tables: where["where"].fillna(_(NOT_IN_PLAY)),
        }
    )
    return frame.rename(columns=titles_of(BM))


def traveller_slips(boards: pd.DataFrame, ids: np.ndarray) -> pd.DataFrame:
    """A slip per board: a line per table that plays it (round, table, pairs), the result cells empty."""
    ordered = boards.sort_values([MB.board, MB.round])
    key = "_board"
    lines = pd.DataFrame(
        {
            key: ordered[MB.board],
            TS.round: ordered[MB.round],
            TS.table: ordered[MB.table],
            TS.ns: ids[ordered[MB.ns] - 1],
            TS.ew: ids[ordered[MB.ew] - 1],
        }
    )
    titles = pd.DataFrame({key: np.sort(ordered[MB.board].unique())})
    titles[TS.card] = _each("Board {board}", board=titles[key])
    return card_sheet(lines, titles, key, TS)


def pairs_schedule_sheets(
    pairs: pd.DataFrame, moves: Movement, boards_per_round: int, first_board: int, event: str
) -> list[OutputSheet]:
    """Results (a row per board to play; the result cells empty, unlocked and checked as the template checks
    them), Pairs, Settings (event, matchpoints, the Movement, the rounds planned), the table and pair guide
    cards, the board movement and a traveller slip per board."""
    ids = np.append(pairs[CO.id].to_numpy(dtype=object), NOBODY)  # place P+1: the phantom
    names = np.append(pairs[CO.names].astype("object").to_numpy(dtype=object), _(NOBODY_NAMES))
    boards = played_boards(moves, boards_per_round, first_board)
    rt = titles_of(R)
    results = pd.DataFrame(
        {
            rt[R.round]: boards[MB.round],
            rt[R.table]: boards[MB.table],
            rt[R.board]: boards[MB.board],
            rt[R.ns]: ids[boards[MB.ns] - 1],
            rt[R.ew]: ids[boards[MB.ew] - 1],
            **{rt[c]: pd.Series(None, index=boards.index, dtype=object) for c in ENTERED},
        }
    )
    pt, st = titles_of(P), titles_of(S)
    settings = pd.DataFrame(
        {
            st[S.key]: [
                EVENT_SETTINGS[EVENT].written_name,
                scoring_setting().written_name,
                MOVEMENT_SETTING.written_name,
                ROUNDS.written_name,
            ],
            st[S.value]: [event, scoring_word(DEFAULT.name), moves.setting, moves.rounds],
        }
    )
    return [
        OutputSheet(
            sheet_name_of(R),
            results,
            entry=tuple(rt[c] for c in ENTERED),
            validations=sheet_checks(R, [*SCHEDULED, *ENTERED]),
            protect=True,
        ),
        OutputSheet(sheet_name_of(P), pd.DataFrame({pt[P.pair]: pairs[CO.id], pt[P.names]: pairs[CO.names]})),
        OutputSheet(sheet_name_of(S), settings),
        printed_cards(
            OutputSheet(
                sheet_name_of(TG),
                table_guides(moves, ids, names, boards_per_round, first_board),
            )
        ),
        printed_cards(
            OutputSheet(
                sheet_name_of(PG),
                pair_guides(moves, ids, names, boards_per_round, first_board),
            )
        ),
        OutputSheet(sheet_name_of(BM), board_movement(moves, boards_per_round, first_board)),
        printed_cards(OutputSheet(sheet_name_of(TS), traveller_slips(boards, ids))),
    ]
