"""The workbook a domino organizer fills in: a round robin of fixed pairs (or one-on-one), pure."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.domino.load import RESULT_COLUMNS
from pipeline.games.domino.settings import MODE_SETTING, TARGET_SETTING
from pipeline.games.schedule import (
    circle_byes,
    circle_pairings,
    club_mates,
    club_order,
    printed_cards,
    rotating_partners,
    schedule_report,
)
from pipeline.games.settings import EVENT_NAME, written_value
from pipeline.games.template import model_sheet
from pipeline.i18n import N_, _, _each
from pipeline.problems import InputError, Kind, Problem
from pipeline.sheets import OutputSheet
from schemas.common import columns_of, sheet_name_in, sheet_name_of, titles_of
from schemas.domino import COUNT_WORDS, MODE_POINTS, titles_counting
from schemas.domino import ByeRow as B
from schemas.domino import MatchesSheet as MS
from schemas.domino import PlayersSheet as PS
from schemas.domino import TableCard as TC
from schemas.plain import spoken
from schemas.shared import Bye as BY
from schemas.shared import FourTable as FT
from schemas.shared import Meeting as MT
from schemas.shared import ScheduleMeasure as SM
from schemas.shared import SettingsSheet as K

ROUND_ROBIN = N_("Round robin")  # a schedule's event name when neither --event nor a Players file gives one
SEATS = [MS.a1, MS.a2, MS.b1, MS.b2]
FOUR_SEATS = [FT.a1, FT.a2, FT.b1, FT.b2]  # the same seats in a rotating-partners design


def numbered_entrants(count: int) -> pd.DataFrame:
    """Entrants 1..count with no names, for a schedule made from a count alone."""
    return pd.DataFrame({PS.id: [str(i) for i in range(1, count + 1)], PS.name: None, PS.club: None})


def placed_ids(players: pd.DataFrame, avoid_clubs: bool, seed: int) -> np.ndarray:
    """The entrant ids in round-robin place order: as listed, or placed so that clubs meet late."""
    ids = players[PS.id].to_numpy()
    if not avoid_clubs:
        return ids
    return ids[np.argsort(club_order(players[PS.club], seed))]


def pairs_schedule(
    players: pd.DataFrame, rounds: int | None, avoid_clubs: bool = False, seed: int = 0
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Matches (round, table, a1, b1) of a round robin of the entrants, and the byes (round, player)."""
    meetings = circle_pairings(len(players))
    byes = circle_byes(len(players))
    if rounds is not None:
        meetings, byes = meetings[meetings[MT.round] <= rounds], byes[byes[BY.round] <= rounds]
    ids = placed_ids(players, avoid_clubs, seed)
    matches = pd.DataFrame(
        {
            MS.round: meetings[MT.round].to_numpy(),
            MS.table: meetings[MT.table].to_numpy(),
            MS.a1: ids[meetings[MT.home].to_numpy()],
            MS.b1: ids[meetings[MT.away].to_numpy()],
        }
    )
    return matches, pd.DataFrame(
        {B.round: byes[BY.round].to_numpy(), B.player: ids[byes[BY.entrant].to_numpy()]}
    )


def table_cards(matches: pd.DataFrame, names: pd.Series) -> pd.DataFrame:
    """One block per table and round for printing: the card's title, who sits in each seat, a score line."""
    seats = [c for c in SEATS if c in matches]
    seat_titles = titles_of(MS)
    title = _each("Round {round}, Table {table}", round=matches[MS.round], table=matches[MS.table])
    at = np.arange(len(matches))

    def line(card: object, seat: str, player: object) -> pd.DataFrame:
        """One line of every card (index: the card's match)."""
        return pd.DataFrame({TC.card: card, TC.seat: seat, TC.id: player}, index=at)

    parts = [line(title.to_numpy(), "", None)]
    parts += [line("", seat_titles[c], matches[c].to_numpy()) for c in seats]  # seats
    parts += [line(_("Score: A ______   B ______"), "", None), line("", "", None)]
    cards = pd.concat(parts).sort_index(kind="stable").reset_index(drop=True)  # card by card, line by line
    cards = cards[~(cards[TC.seat].ne("") & cards[TC.id].isna())]
    cards[TC.name] = cards[TC.id].map(names)
    shown = cards[[TC.card, TC.seat, TC.id, TC.name]].reset_index(drop=True)
    shown = shown.astype("object").where(shown.notna() & (shown != ""), None)
    return shown.rename(columns=titles_of(TC))


def individual_schedule(
    players: pd.DataFrame, rounds: int | None, seed: int, avoid_clubs: bool = False
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Tables of four with rotating partners: matches (round, table, a1, a2, b1, b2), byes and the report.
    Keeping clubs apart places players so that club-mates partner, and as far as possible face each other,
    in the last rounds."""
    mates = club_mates(players[PS.club])
    clubs_matter = avoid_clubs and bool(mates.any())
    place = np.argsort(club_order(players[PS.club], seed)) if clubs_matter else None
    clash = mates if clubs_matter else None
    tables, rests = rotating_partners(len(players), seed, place, clash)
    if rounds is not None:
        tables, rests = tables[tables[FT.round] <= rounds], rests[rests[BY.round] <= rounds]
    ids = players[PS.id].to_numpy()
    matches = pd.DataFrame(
        {
            MS.round: tables[FT.round],
            MS.table: tables[FT.table],
            **{c: ids[tables[f].to_numpy()] for c, f in zip(SEATS, FOUR_SEATS, strict=True)},
        }
    )
    byes = pd.DataFrame({B.round: rests[BY.round].to_numpy(), B.player: ids[rests[BY.entrant].to_numpy()]})
    return matches.reset_index(drop=True), byes, schedule_report(tables, rests, len(players))


def measures_sheet(report: pd.DataFrame) -> OutputSheet:
    """The Schedule Report sheet: how even a tables-of-four schedule is."""
    measure = titles_of(SM)[SM.measure]
    said = report.assign(**{measure: report[measure].map(spoken)})
    return OutputSheet(sheet_name_of(SM), said, widths={measure: 60})


def schedule_sheets(
    players: pd.DataFrame,
    matches: pd.DataFrame,
    byes: pd.DataFrame,
    target: int,
    event: str,
    report: pd.DataFrame | None = None,
) -> list[OutputSheet]:
    """Players, Settings, Matches (result cells empty) and Byes: a workbook `tally domino standings` reads."""
    name, _notes, checks = model_sheet(MS)  # the columns a template shows, with Excel's checks of the results
    shown = [c.name for c in columns_of(MS) if c.in_template]
    pairs = MS.a2 not in matches  # a round robin of pairs seats one id a side
    m, p, k, b = (
        titles_of(MS),
        titles_of(PS),
        titles_of(K),
        titles_counting(B, COUNT_WORDS[MODE_POINTS], pairs),
    )
    blank = pd.Series(None, index=matches.index, dtype=object)
    sheet = pd.DataFrame({m[c]: matches.get(c, blank) for c in shown})
    names = players.set_index(PS.id)[PS.name]
    listed = pd.DataFrame(
        {b[B.round]: byes[B.round], b[B.player]: byes[B.player], b[B.name]: byes[B.player].map(names)}
    )
    entry = tuple(m[c] for c in RESULT_COLUMNS if c in shown)
    cards = titles_of(TC)
    return [
        OutputSheet(name, sheet, entry=entry, validations=checks, protect=True),
        OutputSheet(sheet_name_of(PS), players[[PS.id, PS.name, PS.club]].rename(columns=p)),
        OutputSheet(
            sheet_name_of(K),
            pd.DataFrame(
                {
                    k[K.key]: [s.written_name for s in (EVENT_NAME, TARGET_SETTING, MODE_SETTING)],
                    k[K.value]: [event, target, written_value(MODE_SETTING, MODE_SETTING.default)],
                }
            ),
        ),
        *([OutputSheet(sheet_name_of(B), listed)] if len(listed) else []),
        printed_cards(
            OutputSheet(
                sheet_name_of(TC),
                table_cards(matches, names),
                widths={cards[TC.card]: 28, cards[TC.seat]: 10, cards[TC.name]: 36},
            )
        ),
        *([measures_sheet(report)] if report is not None else []),
    ]


def too_few_entrants(found: Kind, count: int, four: bool = False) -> InputError:
    """The error of a schedule asked for too few entrants (of kind `found`): a round robin needs 2, tables of
    four need 4."""
    if four:
        text = _("tables of four need 4 players or more; found {count}", count=count)
    else:
        text = _("a round robin needs 2 entrants or more; found {count}", count=count)
    return InputError([Problem.of(found, sheet_name_in(PS), None, None, None, text)])
