"""A domino event's pages: the standings with the progression chart, a page per competitor (every match:
round, table, partner, opponents, pips, points, rank and effectiveness after it) and a page per round (its
matches and the standings after it). Every figure is a cell of the Matches, Rounds or Standings sheet."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from pipeline.publish.chart import TONES, Chart, progression
from pipeline.publish.event import EventSheets
from pipeline.publish.pages import (
    ROUNDS,
    Competitors,
    competitor_page,
    competitors_of,
    event_context,
    id_text,
    index_page,
    linked,
    rules_page,
)
from pipeline.publish.site import Page
from pipeline.publish.tables import counted_titles, header_of, page_names, table_of
from pipeline.publish.words import shown_word
from schemas.common import declared_of, titles_of
from schemas.domino import SIDES, Standing
from schemas.domino import MatchesSheet as MS
from schemas.domino import MatchOutcome as O
from schemas.domino import PenaltiesSheet as PS
from schemas.domino import ProgressiveStanding as P
from schemas.publish import LOST, WON
from schemas.publish import CompetitorMatch as CM
from schemas.ranking import StandingsSheet as S

SEATS = {
    MS.a1: (MS.a2, MS.b1, MS.b2),
    MS.a2: (MS.a1, MS.b1, MS.b2),
    MS.b1: (MS.b2, MS.a1, MS.a2),
    MS.b2: (MS.b1, MS.a1, MS.a2),
}
SIDE_OF = {MS.a1: SIDES[0], MS.a2: SIDES[0], MS.b1: SIDES[1], MS.b2: SIDES[1]}
PLAYER_KEY, ROUND_KEY = "competitor_id", "round_number"  # helper columns of a competitor's lines
OPPONENT_PAGE, PARTNER_PAGE = "opponent_page", "partner_page"


def numbers(column: pd.Series) -> pd.Series:
    """A column as numbers (NaN where a cell is not one)."""
    return pd.to_numeric(column.astype("object"), errors="coerce").astype("float64").reset_index(drop=True)


def side_columns(matches: pd.DataFrame, side: str) -> dict[str, str | None]:
    """The Matches sheet's headers of one side's figures: pips for and against, points, match points."""
    a = side == SIDES[0]
    return {
        CM.pips_for: header_of(
            matches, O, O.a_for if a else O.b_for, *counted_titles(O, O.a_for if a else O.b_for)
        ),
        CM.pips_against: header_of(
            matches,
            O,
            O.a_against if a else O.b_against,
            *counted_titles(O, O.a_against if a else O.b_against),
        ),
        CM.points: header_of(matches, O, O.a_points if a else O.b_points),
        CM.match_points: header_of(matches, O, O.a_match_points if a else O.b_match_points),
    }


def seat_lines(matches: pd.DataFrame, competitors: Competitors) -> pd.DataFrame:
    """Every seat of every match as one line of its competitor's page (long form: a line per player and
    match), with the figures its side received."""
    seats = {s: header_of(matches, MS, s) for s in SEATS}
    round_header, table_header = header_of(matches, MS, MS.round), header_of(matches, MS, MS.table)
    winning = header_of(matches, O, O.winning_side)
    blank = pd.Series("", index=range(len(matches)), dtype="str")
    ids = {s: id_text(matches[h]) if h is not None else blank for s, h in seats.items()}
    parts = []
    won_word, lost_word = (shown_word(CM, CM.outcome, w) for w in (WON, LOST))
    for seat, (partner, first, second) in SEATS.items():  # the four seats of a match
        if seats[seat] is None:
            continue
        side = SIDE_OF[seat]
        figures = side_columns(matches, side)
        opponents = competitors.label_of(ids[first]).where(ids[first].ne(""), "")
        both = ids[second].ne("")
        opponents = opponents.where(~both, opponents + " & " + competitors.label_of(ids[second]))
        won = id_text(matches[winning]).eq(side) if winning else pd.Series(False, index=blank.index)
        parts.append(
            pd.DataFrame(
                {
                    PLAYER_KEY: ids[seat],
                    ROUND_KEY: numbers(matches[round_header]) if round_header else np.nan,
                    CM.round: id_text(matches[round_header]) if round_header else blank,
                    CM.table: id_text(matches[table_header]) if table_header else blank,
                    CM.partner: competitors.label_of(ids[partner]).where(ids[partner].ne(""), ""),
                    PARTNER_PAGE: competitors.page_of(ids[partner]),
                    CM.opponents: opponents,
                    OPPONENT_PAGE: competitors.page_of(ids[first]).where(~both, ""),
                    CM.outcome: pd.Series(np.where(won, won_word, lost_word), dtype="str"),
                    **{k: numbers(matches[h]) if h is not None else np.nan for k, h in figures.items()},
                }
            )
        )
    lines = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=[PLAYER_KEY, ROUND_KEY])
    return lines[lines[PLAYER_KEY].ne("")].reset_index(drop=True)


def with_round_standing(lines: pd.DataFrame, rounds: pd.DataFrame | None) -> pd.DataFrame:
    """The lines with their competitor's rank and effectiveness after the round, from the Rounds sheet."""
    if rounds is None or lines.empty:
        return lines.assign(**{CM.rank_after: np.nan, CM.effectiveness_after: np.nan})
    headers = [
        header_of(rounds, S if c == S.player else P, c) for c in (P.round, S.player, P.rank, P.effectiveness)
    ]
    if any(h is None for h in headers):
        return lines.assign(**{CM.rank_after: np.nan, CM.effectiveness_after: np.nan})
    round_header, id_header, rank_header, eff_header = headers
    after = pd.DataFrame(
        {
            PLAYER_KEY: id_text(rounds[id_header]),
            ROUND_KEY: numbers(rounds[round_header]),
            CM.rank_after: numbers(rounds[rank_header]),
            CM.effectiveness_after: numbers(rounds[eff_header]),
        }
    ).drop_duplicates(subset=[PLAYER_KEY, ROUND_KEY])
    return lines.merge(after, on=[PLAYER_KEY, ROUND_KEY], how="left")


def headed_lines(lines: pd.DataFrame, count_word_titles: dict[str, str]) -> pd.DataFrame:
    """The lines under their headers (the partner column only in an event of tables of four)."""
    shown = [c for c in titles_of(CM) if c in lines and (c != CM.partner or lines[c].ne("").any())]
    return lines[shown].rename(columns=count_word_titles)


def count_titles(matches: pd.DataFrame) -> dict[str, str]:
    """The competitor's lines' headers, in pips or in hands as the Matches sheet counts."""
    hands = header_of(matches, O, O.a_for) is None and any(
        h in matches.columns for h in counted_titles(O, O.a_for)[1:]
    )
    titles = titles_of(CM)
    if hands:
        declared = declared_of(CM)
        titles |= {c: declared[c].get("in_hands", t) for c, t in titles.items()}
    return titles


def rank_chart(rounds: pd.DataFrame | None, competitors: Competitors, highlight: list[str]) -> Chart | None:
    """The rank of every competitor after each round (the Rounds sheet), the highlighted ones in colour."""
    if rounds is None:
        return None
    headers = [header_of(rounds, S if c == S.player else P, c) for c in (P.round, S.player, P.rank)]
    if any(h is None for h in headers):
        return None
    round_header, id_header, rank_header = headers
    ids = id_text(rounds[id_header])
    return progression(
        rounds[round_header],
        ids,
        rounds[rank_header],
        competitors.label_of(ids),
        competitors.page_of(ids),
        highlight,
        ranks=True,
    )


def domino_pages(event: EventSheets) -> list[Page]:
    """Every page of a domino event's site."""
    standings = event.sheet(Standing)
    matches, rounds = event.sheet(MS), event.sheet(P)
    competitors = competitors_of(standings if standings is not None else pd.DataFrame({S.player: []}))
    matches = matches if matches is not None else pd.DataFrame({MS.round: []})
    lines = with_round_standing(seat_lines(matches, competitors), rounds)
    titles = count_titles(matches)
    round_numbers = sorted(pd.unique(lines[ROUND_KEY].dropna())) if len(lines) else []
    round_text = pd.Series([f"{r:g}" for r in round_numbers], dtype="str")
    round_pages = ROUNDS + page_names(round_text) + ".html"
    round_page = dict(zip(round_numbers, round_pages, strict=True))
    penalties = event.sheet(PS)
    extra = []
    if penalties is not None and len(penalties):
        penalty_id = header_of(penalties, PS, PS.player)
        extra.append(table_of(penalties, links=linked(penalties, competitors, penalty_id)))
    leaders = competitors.ids.head(TONES).tolist()
    flags: dict[str, Any] = {"has_rounds": bool(round_numbers), "has_boards": False, "teams": False}
    pages = [
        index_page(
            event,
            competitors,
            chart=rank_chart(rounds, competitors, leaders),
            extra=extra,
            links=list(zip(round_text, round_pages, strict=True)),
            **flags,
        ),
        rules_page(event, **flags),
    ]
    by_competitor = lines.groupby(PLAYER_KEY, sort=False).indices
    standing_rows = standings if standings is not None else pd.DataFrame()
    for i, cid in enumerate(competitors.ids):  # a page each
        rows = lines.iloc[by_competitor.get(cid, [])].sort_values([ROUND_KEY, CM.table], kind="stable")
        shown = headed_lines(rows, titles)
        table = table_of(
            shown,
            links={
                titles[CM.round]: rows[ROUND_KEY].map(round_page).fillna(""),
                titles[CM.opponents]: rows[OPPONENT_PAGE],
                titles[CM.partner]: rows[PARTNER_PAGE],
            },
        )
        chart = rank_chart(rounds, competitors, [cid])
        pages.append(competitor_page(event, competitors, i, standing_rows, chart, flags, matches=table))
    pages += round_pages_of(event, matches, rounds, competitors, round_numbers, round_pages, flags)
    return pages


def round_pages_of(
    event: EventSheets,
    matches: pd.DataFrame,
    rounds: pd.DataFrame | None,
    competitors: Competitors,
    round_numbers: list[float],
    round_pages: pd.Series,
    flags: dict[str, bool],
) -> list[Page]:
    """A page per round: its matches as the Matches sheet gives them (ids shown with their names), and the
    standings after it (the Rounds sheet)."""
    round_header = header_of(matches, MS, MS.round)
    seat_headers = [h for h in (header_of(matches, MS, s) for s in SEATS) if h is not None]
    figures = [
        header_of(matches, MS, MS.table),
        *seat_headers,
        *(side_columns(matches, SIDES[0])[c] for c in (CM.pips_for,)),
        *(side_columns(matches, SIDES[1])[c] for c in (CM.pips_for,)),
        header_of(matches, O, O.winning_side),
        header_of(matches, O, O.a_points),
        header_of(matches, O, O.b_points),
    ]
    shown_columns = [c for c in figures if c is not None]
    match_rounds = numbers(matches[round_header]) if round_header else pd.Series(dtype="float64")
    standing_round = header_of(rounds, P, P.round) if rounds is not None else None
    after_rounds = numbers(rounds[standing_round]) if rounds is not None and standing_round else None
    pages = []
    for number, path in zip(round_numbers, round_pages, strict=True):  # a page each
        played = matches[match_rounds.eq(number).to_numpy()]
        shown = played[shown_columns].copy()
        for h in seat_headers:  # the four seats at most
            shown[h] = competitors.label_of(played[h]).to_numpy()
        table = table_of(shown, links={h: competitors.page_of(played[h]) for h in seat_headers})
        after = None
        if rounds is not None and after_rounds is not None and standing_round is not None:
            rows = rounds[after_rounds.eq(number).to_numpy()].drop(columns=[standing_round])
            id_header, name_header = header_of(rows, S, S.player), header_of(rows, S, S.name)
            links = linked(rows, competitors, id_header)
            if name_header is not None and id_header is not None:
                links[name_header] = competitors.page_of(rows[id_header])
            after = table_of(rows, links=links)
        pages.append(
            Page(
                path,
                "round.html",
                event_context(event, number=f"{number:g}", matches=table, after=after, **flags),
            )
        )
    return pages
