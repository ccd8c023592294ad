"""A bridge event's pages: the standings, a page per pair (its personal scorecard) or team (its matches and
their boards), and a page per board (the traveller, and the frequencies of a pairs event). Teams also get the
progression of their victory points, round by round. Every figure is a cell of the standings workbook."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from pipeline.publish.chart import Chart
from pipeline.publish.event import EventSheets
from pipeline.publish.hands import board_deal
from pipeline.publish.pages import (
    BOARDS,
    Competitors,
    competitor_page,
    competitors_of,
    event_context,
    id_text,
    index_page,
    linked,
    progress_chart,
    progress_charts,
    rules_page,
)
from pipeline.publish.site import Page
from pipeline.publish.tables import header_of, page_names, table_of
from schemas.bridge import BoardImps, Frequency, HandRecord, MatchResult, Scorecard, Traveller
from schemas.ranking import StandingsSheet as S


def numbers(column: pd.Series) -> pd.Series:
    """A column as numbers (NaN where a cell is not one)."""
    return pd.to_numeric(column.astype("object"), errors="coerce").astype("float64").reset_index(drop=True)


def board_numbers(*sheets: pd.DataFrame | None) -> list[float]:
    """Every board number the sheets name, in order."""
    found: list[float] = []
    for sheet in sheets:  # two or three sheets
        if sheet is None:
            continue
        header = header_of(sheet, Traveller, Traveller.board)
        if header is not None:
            found += numbers(sheet[header]).dropna().tolist()
    return sorted(set(found))


def rows_of_board(sheet: pd.DataFrame | None, number: float) -> pd.DataFrame | None:
    """The sheet's rows of one board, without the Board column (None when the sheet names no boards)."""
    header = header_of(sheet, Traveller, Traveller.board) if sheet is not None else None
    if sheet is None or header is None:
        return None
    return sheet[numbers(sheet[header]).eq(number).to_numpy()].drop(columns=[header])


def board_pages(
    event: EventSheets,
    competitors: Competitors,
    numbers_: list[float],
    pages: pd.Series,
    flags: dict[str, bool],
) -> list[Page]:
    """A page per board: its deal when the event has a Hands sheet (diagram, double-dummy table, par), its
    traveller (every result, pairs linked), its frequencies or its IMPs by match."""
    travellers, frequencies, imps = event.sheet(Traveller), event.sheet(Frequency), event.sheet(BoardImps)
    hands = event.sheet(HandRecord)
    out = []
    for number, path in zip(numbers_, pages, strict=True):  # a page each
        traveller = rows_of_board(travellers, number)
        tables = []
        if traveller is not None:
            ns, ew = (
                header_of(traveller, Traveller, Traveller.ns),
                header_of(traveller, Traveller, Traveller.ew),
            )
            tables.append(("traveller", table_of(traveller, links=linked(traveller, competitors, ns, ew))))
        frequency = rows_of_board(frequencies, number)
        if frequency is not None:
            tables.append(("frequencies", table_of(frequency)))
        board_imps = rows_of_board(imps, number)
        if board_imps is not None:
            tables.append(("board-imps", table_of(board_imps)))
        out.append(
            Page(
                path,
                "board.html",
                event_context(
                    event, number=f"{number:g}", deal=board_deal(hands, number), tables=tables, **flags
                ),
            )
        )
    return out


def pair_pages(
    event: EventSheets,
    competitors: Competitors,
    board_page: dict[float, str],
    chart_of: Callable[[list[str]], Chart | None],
    flags: dict[str, bool],
) -> list[Page]:
    """A page per pair: its personal scorecard (the Scorecards sheet's rows of the pair)."""
    cards, standings = event.sheet(Scorecard), event.sheet(S)
    pair_header = header_of(cards, Scorecard, Scorecard.pair) if cards is not None else None
    by_pair = (
        id_text(cards[pair_header]).groupby(id_text(cards[pair_header])).indices
        if cards is not None and pair_header
        else {}
    )
    out = []
    for i, pid in enumerate(competitors.ids):  # a page each
        card = None
        if cards is not None and pair_header is not None:
            rows = cards.iloc[by_pair.get(pid, [])].drop(columns=[pair_header])
            board = header_of(rows, Scorecard, Scorecard.board)
            opponents = header_of(rows, Scorecard, Scorecard.opponents)
            links = linked(rows, competitors, opponents)
            shown = rows.copy()
            if opponents is not None:
                shown[opponents] = competitors.label_of(rows[opponents]).to_numpy()
            if board is not None:
                links[board] = numbers(rows[board]).map(board_page).fillna("")
            card = table_of(shown, links=links)
        out.append(competitor_page(event, competitors, i, standings, chart_of([pid]), flags, matches=card))
    return out


def team_rows(matches: pd.DataFrame, team: str) -> pd.Series:
    """True for the matches the team played, at home or away."""
    home, away = (
        header_of(matches, MatchResult, MatchResult.home),
        header_of(matches, MatchResult, MatchResult.away),
    )
    played = pd.Series(False, index=range(len(matches)))
    for header in (home, away):  # the two sides
        if header is not None:
            played |= id_text(matches[header]).eq(team)
    return played


def team_pages(
    event: EventSheets,
    competitors: Competitors,
    board_page: dict[float, str],
    chart_of: Callable[[list[str]], Chart | None],
    flags: dict[str, bool],
) -> list[Page]:
    """A page per team: its matches (the Matches sheet's rows) and their boards (the Board IMPs rows)."""
    matches, imps, standings = event.sheet(MatchResult), event.sheet(BoardImps), event.sheet(S)
    out = []
    for i, tid in enumerate(competitors.ids):  # a page each
        played = None
        boards = None
        if matches is not None:
            rows = matches[team_rows(matches, tid).to_numpy()]
            home = header_of(rows, MatchResult, MatchResult.home)
            away = header_of(rows, MatchResult, MatchResult.away)
            played = table_of(rows, links=linked(rows, competitors, home, away))
            match_header = header_of(rows, MatchResult, MatchResult.match)
            if imps is not None and match_header is not None:
                imp_match = header_of(imps, BoardImps, BoardImps.match)
                if imp_match is not None:
                    chosen = imps[id_text(imps[imp_match]).isin(id_text(rows[match_header])).to_numpy()]
                    board = header_of(chosen, BoardImps, BoardImps.board)
                    links = {board: numbers(chosen[board]).map(board_page).fillna("")} if board else {}
                    boards = table_of(chosen, links=links)
        chart = chart_of([tid])
        out.append(
            competitor_page(event, competitors, i, standings, chart, flags, matches=played, boards=boards)
        )
    return out


def bridge_pages(event: EventSheets) -> list[Page]:
    """Every page of a bridge event's site (pairs or teams)."""
    standings = event.sheet(S)
    teams = event.sheet(BoardImps) is not None or event.sheet(MatchResult) is not None
    competitors = competitors_of(
        standings if standings is not None else pd.DataFrame({S.player: []}), named=not teams
    )
    numbers_ = board_numbers(event.sheet(Traveller), event.sheet(Frequency), event.sheet(BoardImps))
    board_text = pd.Series([f"{n:g}" for n in numbers_], dtype="str")
    pages_ = BOARDS + page_names(board_text) + ".html"
    board_page = dict(zip(numbers_, pages_, strict=True))
    flags: dict[str, Any] = {"has_rounds": False, "has_boards": bool(numbers_), "teams": teams}
    two_fields = bool(competitors.field_names)

    def chart_of(highlight: list[str]) -> Chart | None:
        """The rank after each round (the Progress sheet) with these competitors in colour: in an event of
        two fields, the field of the first of them only."""
        field = competitors.lookup(pd.Series(highlight[:1], dtype="str"), competitors.fields)
        own = field.iloc[0] if two_fields and len(field) else ""
        return progress_chart(event, competitors, highlight, own)

    pages = [
        index_page(
            event,
            competitors,
            charts=progress_charts(event, competitors),
            links=list(zip(board_text, pages_, strict=True)),
            **flags,
        ),
        rules_page(event, **flags),
    ]
    if teams:
        pages += team_pages(event, competitors, board_page, chart_of, flags)
    else:
        pages += pair_pages(event, competitors, board_page, chart_of, flags)
    pages += board_pages(event, competitors, numbers_, pages_, flags)
    return pages
