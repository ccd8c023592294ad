"""The bridge standings workbook's sheets, as tables for people."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.conditions import ranking_rule
from pipeline.games.bridge.deals import board_par, double_dummy, hands_frame
from pipeline.games.bridge.fields import pair_fields
from pipeline.games.bridge.methods import scoring_word
from pipeline.games.bridge.numbering import BY_DIRECTION_RULE, PAIR_NUMBERING_SETTING
from pipeline.games.bridge.penalties import penalty_rules
from pipeline.games.bridge.settings import DATE, EVENT, SCORING, WEIGHT, setting_specs
from pipeline.games.bridge.sitouts import sit_out_rules
from pipeline.games.bridge.tally import known_names, pair_progress, pair_rows
from pipeline.games.bridge.words import room_names
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.games.progress import final_column_as_ranked, progress_sheets
from pipeline.i18n import N_, _
from pipeline.sheets import OutputSheet, page_starts
from schemas.bridge import CLOSED, EAST_WEST, NORTH_SOUTH, OPEN
from schemas.bridge import Frequency as F
from schemas.bridge import HandRecord as H
from schemas.bridge import PairStanding as PS
from schemas.bridge import ResultsSheet as R
from schemas.bridge import Scorecard as SC
from schemas.bridge import SideValues as SV
from schemas.bridge import Traveller as TV
from schemas.bridge import TypedResult as T
from schemas.common import sheet_name_of, titles_of
from schemas.shared import ProgressSheet as PG
from schemas.shared import RulesSheet as RR

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent
    from pipeline.games.bridge.tally import BridgeTables

Records = tuple[pd.DataFrame, pd.DataFrame] | None  # the deals and their double-dummy analysis, when given


STRAIN_TEXT = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "NT"}
# the Rules sheet's items that are not settings (a setting's item is its written name)
METHOD_ITEM, SCORE_TABLE_ITEM, VULNERABILITY_ITEM = N_("Method"), N_("Score table"), N_("Vulnerability")
RANKING_ITEM, FIELDS_ITEM = N_("Ranking"), N_("Fields")


def contract_text(r: pd.DataFrame, adjusted: pd.Series) -> pd.Series:
    """Contracts written back in one form: 4S, 3NTX, 6HXX, PASS; the adjusted score as typed."""
    level = r[T.level].astype("str")
    strain = r[T.strain].map(STRAIN_TEXT).astype("str")
    doubles = pd.Series(np.array(["", "X", "XX"])[r[T.doubling].to_numpy(dtype="int64")], index=r.index)
    text = (level + strain + doubles).where(r[T.level].notna())
    text = text.mask(r[T.passed], "PASS")
    return text.fillna(adjusted.reindex(r.index)).fillna("")


def hand_records(event: BridgeEvent) -> Records:
    """The event's deals and their double-dummy analysis (deals.py), or None without deals."""
    if event.deals is None or event.deals.empty:
        return None
    return event.deals, double_dummy(event.deals)


def with_par(t: pd.DataFrame, records: Records) -> pd.DataFrame:
    """The travellers with each board's par contract and par score (NS) beside its results, where its deal is
    known; joined by board, and by section too when the deals name sections."""
    if records is None:
        return t
    pars = board_par(*records)
    keys = [TV.board, TV.section] if pars[TV.section].ne("").any() else [TV.board]
    found = (
        t[keys].astype({TV.board: "Int64"}).merge(pars[[*keys, TV.par_contract, TV.par]], on=keys, how="left")
    )
    return t.assign(**{TV.par_contract: found[TV.par_contract].to_numpy(), TV.par: found[TV.par].to_numpy()})


def travellers_frame(event: BridgeEvent, tables: BridgeTables, records: Records = None) -> pd.DataFrame:
    """Every result with its key, contract, score and the method's values; with deals (`records`), each
    board's par contract and par score."""
    t = tables.travellers.copy()
    written = event.results_sheet.frame.loc[t.index]
    t[TV.contract_text] = contract_text(t, written[R.adjusted])
    t[TV.ew_score] = -t[T.ns_score]
    t = event.settings.method.shown_travellers(t)
    teams = event.settings.teams
    keys = [TV.match, TV.room] if teams else []
    keys += [c for c in (TV.section, TV.session) if t[c].ne("").any()]
    names = None if teams else known_names(event)
    if names is not None:
        t[TV.ns_names] = t[T.ns].map(names)
        t[TV.ew_names] = t[T.ew].map(names)
    pairs = [TV.ns, TV.ew] if names is None else [TV.ns, TV.ns_names, TV.ew, TV.ew_names]
    keys += [TV.board] + ([] if teams else pairs)
    titles = titles_of(TV)
    shown = [*keys, TV.contract_text, TV.declarer, TV.tricks, TV.ns_score, TV.ew_score]
    columns = {c: titles[c] for c in shown} | event.settings.method.traveller_columns
    if records is not None:
        t = with_par(t, records)
        columns |= {c: titles[c] for c in (TV.par_contract, TV.par)}
    order = lexicographic_order(
        [
            natural_ranks(t[T.match]),
            natural_ranks(t[T.section]),
            natural_ranks(t[T.session]),
            t[T.board].to_numpy(dtype="int64"),
            t[T.room].map({OPEN: 0, CLOSED: 1}).fillna(0).to_numpy(dtype="int64"),
            natural_ranks(t[T.ns]),
        ]
    )
    t = t.iloc[order]
    t[TV.room] = t[T.room].map(dict(zip((OPEN, CLOSED), room_names(), strict=True))) if teams else t[T.room]
    return t[[c for c in columns if c in t]].rename(columns=columns).reset_index(drop=True)


def frequencies_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """Per board: each NS score, how often it occurred, and its NS value under the method."""
    t = tables.travellers
    real = t[t[T.ns_pct].isna() & ~t[T.weighted]]  # scores that occurred (a weighted score is a mix of them)
    keys = [F.section, F.session, F.board]
    value_header = event.settings.method.frequency_column
    value = SV.ns_value if SV.ns_value in real and value_header is not None else None
    agg = {F.occurrences: (T.ns_score, "size")} | ({F.value: (value, "mean")} if value else {})
    freq = real.groupby([*keys, F.ns_score]).agg(**agg).reset_index()
    freq = freq.sort_values([*keys, F.ns_score], ascending=[True, True, True, False], kind="stable")
    header = titles_of(F) | ({F.value: value_header} if value_header is not None else {})
    freq = freq.drop(columns=[c for c in (F.section, F.session) if not freq[c].ne("").any()])
    if F.value in freq:
        freq[F.value] = freq[F.value].round(2)
    return freq.rename(columns=header).reset_index(drop=True)


def scorecards_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """One block per pair (long form): its boards, direction, opponents, contract, score and result."""
    t = tables.travellers.copy()
    t[TV.contract_text] = contract_text(t, event.results_sheet.frame.loc[t.index, R.adjusted])
    side = {T.ns: (NORTH_SOUTH, T.ew, 1, SV.ns_value), T.ew: (EAST_WEST, T.ns, -1, SV.ew_value)}
    names = known_names(event)
    parts = []
    for col, (direction, opp, sign, value) in side.items():  # the two directions
        parts.append(
            pd.DataFrame(
                {
                    SC.pair: t[col],
                    SC.names: t[col].map(names) if names is not None else None,
                    SC.board: t[T.board],
                    SC.direction: direction,
                    SC.opponents: t[opp],
                    SC.opponent_names: t[opp].map(names) if names is not None else None,
                    SC.contract: t[TV.contract_text],
                    SC.declarer: t[T.declarer],
                    SC.tricks: t[T.tricks],
                    SC.score: sign * t[T.ns_score],
                    SC.result: t[value].round(2) if value in t else sign * t[T.ns_score],
                }
            )
        )
    cards = pd.concat(parts)
    if names is None:
        cards = cards.drop(columns=[SC.names, SC.opponent_names])
    order = lexicographic_order([natural_ranks(cards[SC.pair]), cards[SC.board].to_numpy(dtype="int64")])
    return cards.iloc[order].reset_index(drop=True).rename(columns=titles_of(SC))


def standings_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """The pairs Standings sheet with written headers: rank, pair, names, boards, the method's totals (0.01)."""
    totals = event.settings.method.standing_columns
    titles = titles_of(PS)
    penalty = {PS.penalty: titles[PS.penalty]} if PS.penalty in tables.standings else {}  # Law 90, when any
    shown = (PS.rank, PS.field, PS.pair, PS.names, PS.boards)
    cols = {c: titles[c] for c in shown if c in tables.standings} | totals | penalty
    if PS.decided_by in tables.standings:  # only with Settings Tie Break (docs/conditions.md)
        cols[PS.decided_by] = titles[PS.decided_by]
    out = tables.standings[list(cols)].rename(columns=cols)
    out[[*totals.values(), *penalty.values()]] = out[[*totals.values(), *penalty.values()]].round(2)
    return out


def pair_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The Frequencies and Scorecards sheets of a pairs event."""
    return [
        OutputSheet(sheet_name_of(F), frequencies_frame(event, tables)),
        OutputSheet(sheet_name_of(SC), scorecards_frame(event, tables)),
    ]


def pair_progress_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The Progress sheet of a pairs event whose results give their Round: each pair's rank after each round."""
    named = {PG.rank: PS.rank, PG.competitor: PS.pair, PG.name: PS.names}
    if PS.field in tables.standings:  # a two-winner Mitchell: ranks run within each field
        named = {PG.rank: PS.rank, PG.field: PS.field, PG.competitor: PS.pair, PG.name: PS.names}
    ranks = pair_progress(event, tables)
    if (
        PS.decided_by in tables.standings
    ):  # a Tie Break: the last round's places are the standings' (conditions.md)
        ranks = final_column_as_ranked(ranks, tables.standings.set_index(PS.pair)[PS.rank])
    return progress_sheets(tables.standings, named, titles_of(PS), ranks)


def rules_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """The method and settings used, in words, then any rows the method adds (the VP scale of teams)."""
    s = event.settings
    title = {key: spec.written_name for key, spec in setting_specs().items()}  # the settings' labels
    rows = [
        (title[EVENT], s.event),
        (title[DATE], s.date),
        (title[WEIGHT], f"{s.weight:g}"),
        (title[SCORING], scoring_word(s.method.name)),
        (_(METHOD_ITEM), s.method.explanation(s.options)),
        (
            _(SCORE_TABLE_ITEM),
            _("Law 77 (doubled contracts: 40 a trick in clubs and diamonds, 60 in hearts and spades)"),
        ),
        (_(VULNERABILITY_ITEM), _("Law 2 board cycle unless a Vul cell is given")),
        (_(RANKING_ITEM), ranking_rule(s.options)),
        *([] if s.teams else [(_(FIELDS_ITEM), pair_fields(event).reason)]),
        *([(PAIR_NUMBERING_SETTING.written_name, _(BY_DIRECTION_RULE))] if event.by_direction else []),
    ]
    table = pd.DataFrame(rows, columns=list(titles_of(RR).values()))
    more = (s.method.rules_rows(event, tables) if s.method.rules_rows else []) + penalty_rules(event, tables)
    if not s.teams:
        more += sit_out_rules(event, pair_rows(tables.travellers), tables.sit_outs)
    for rows_added in more:  # a few tables at most (one VP scale per match length)
        table = pd.concat([table, rows_added], ignore_index=True)
    return table


def travellers_sheet(travellers: pd.DataFrame) -> OutputSheet:
    """The Travellers sheet as printed: a traveller a page (each board; in teams, each match)."""
    first = travellers.columns[0]  # Board in pairs, Match in teams
    return OutputSheet(sheet_name_of(TV), travellers, page_breaks=page_starts(travellers[first]))


def hands_sheets(records: Records) -> list[OutputSheet]:
    """The Hands sheet when the event has deals: a block of four rows a board, four boards a page."""
    if records is None:
        return []
    hands = hands_frame(*records).rename(columns=titles_of(H))
    return [
        OutputSheet(sheet_name_of(H), hands, page_breaks=page_starts(pd.Series(np.arange(len(hands)) // 16)))
    ]


def bridge_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The sheets of the bridge standings workbook, in order: Standings, Travellers, the method's, Rules."""
    method = event.settings.method
    standings = (method.standings_sheet or standings_frame)(event, tables)
    podium = pd.Series(standings[titles_of(PS)[PS.rank]].to_numpy() <= 3)  # Rank, as every Standings heads it
    rules = titles_of(RR)
    records = hand_records(event)  # the double-dummy analysis, once
    sheets = [
        OutputSheet(sheet_name_of(PS), standings, highlight=podium),
        travellers_sheet(travellers_frame(event, tables, records)),
        *hands_sheets(records),
        *(method.sheets or pair_sheets)(event, tables),
        *(method.progress or pair_progress_sheets)(event, tables),
        OutputSheet(
            sheet_name_of(RR),
            rules_frame(event, tables),
            widths={rules[RR.item]: 36, rules[RR.value]: 110},
            wrapped=(rules[RR.item], rules[RR.value]),
        ),
    ]
    return sheets
