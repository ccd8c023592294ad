"""Hand records: a PBN file's `[Deal "N:..."]` by board, checked (52 distinct cards, 13 a hand), their
double-dummy tables and par computed with endplay (the DDS solver), and the Hands sheet and the Travellers'
Par columns. Decisions: docs/interchange.md, "Deals"."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.vulnerability import vulnerability_from_board, vulnerability_from_text
from pipeline.i18n import _
from pipeline.problems import InputError, Problem, kind
from pipeline.workbook.pbn import Game, read_pbn
from schemas.bridge import EAST_WEST, NORTH_SOUTH
from schemas.bridge import DealRecord as DR
from schemas.bridge import HandRecord as H
from schemas.bridge import Traveller as TV
from schemas.bridge import Vulnerability as V

if TYPE_CHECKING:  # endplay (DDS) is imported where a double-dummy table is computed
    from endplay.dds.parscore import ParList

BAD_DEAL = kind(
    "B240",
    "a PBN [Deal] that is not 52 distinct cards, 13 a hand (N:, then four hands S.H.D.C): its board is shown "
    "without hands, double-dummy table or par",
    severity="warning",
    example="deals.pbn, row 12, column 'Deal' [N:AKQJ.AKQ.AKQ.AKQJ ...]: this deal is not 52 distinct cards, "
    "13 a hand: a hand is not 13 cards written S.H.D.C (North: 14)",
)
NO_DEALS = kind(
    "B241",
    "a deals file (--deals) in which no game has a [Deal] tag",
    example="deals.pbn: no game of this file has a [Deal] tag: it holds no deals",
)
DEAL_TAG, DEALER_TAG, SECTION_TAG, BOARD_TAG, VULNERABLE_TAG = (
    "Deal",
    "Dealer",
    "Section",
    "Board",
    "Vulnerable",
)
SEATS = ("N", "E", "S", "W")
NO_DEAL = ("", "?")  # a Deal tag's value when the deal is not given (export format writes every tag)
UNKNOWN_HAND = "-"  # PBN: a hand not given (a deal with one is shown without hands, and is no problem)
SUITS = ("S", "H", "D", "C")
RANKS = "AKQJT98765432"
DEAL = r"^(?P<first>[NESW]):\s*(?P<h0>\S+)\s+(?P<h1>\S+)\s+(?P<h2>\S+)\s+(?P<h3>\S+)\s*$"
HAND = r"^(?P<S>[AKQJT2-9]*)\.(?P<H>[AKQJT2-9]*)\.(?P<D>[AKQJT2-9]*)\.(?P<C>[AKQJT2-9]*)$"
VUL_TEXT = {(False, False): "None", (True, False): NORTH_SOUTH, (False, True): EAST_WEST, (True, True): "All"}
STRAIN_ORDER = ("NT", "S", "H", "D", "C")  # the columns of the Hands sheet
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}  # par contracts: 4♠ NS =
DEALS_COLUMNS = [DR.board, DR.section, DR.line, DR.deal, DR.dealer, DR.vul]
AT, CARDS, WHICH = "at", "cards", "which"  # the long form of hands: the seat, its cards, the deal (by index)


@dataclass
class Deals:
    """The valid deals of a file by board (and section): board, section, line, deal as `N:` + the four hands
    from North, dealer and vulnerability (None, NS, EW, All); and the problems of the others (B240)."""

    frame: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=DEALS_COLUMNS))
    problems: list[Problem] = field(default_factory=list)
    digest: str = ""  # the SHA-256 of a deals file's bytes ("" for a PBN event's own deals)


def tag_rows(games: list[Game]) -> pd.DataFrame:
    """One row a game with a Deal tag: its Board, Section, Deal, Dealer and Vulnerable tags and the Deal's line."""
    tags = (BOARD_TAG, SECTION_TAG, DEAL_TAG, DEALER_TAG, VULNERABLE_TAG)
    rows = [  # a game a board: a few dozen
        {**{t: g.tags.get(t, (0, ""))[1] for t in tags}, DR.line: g.tags[DEAL_TAG][0]}
        for g in games
        if DEAL_TAG in g.tags
    ]
    return pd.DataFrame(rows, columns=[*tags, DR.line])


def hands_from_north(deal: pd.Series) -> tuple[pd.DataFrame, pd.Series]:
    """The four hands of each deal text (columns N, E, S, W; NA where the text is not `X:h h h h`) and
    whether the text has that form."""
    parts = deal.fillna("").str.strip().str.upper().str.extract(DEAL)
    formed = parts["first"].notna()
    start = parts["first"].map({s: i for i, s in enumerate(SEATS)}).fillna(0).to_numpy(dtype="int64")
    given = parts[[f"h{k}" for k in range(4)]].to_numpy(dtype=object)
    which = (np.arange(4)[None, :] - start[:, None]) % 4  # seat i is hand (i - first) of the text
    return pd.DataFrame(np.take_along_axis(given, which, axis=1), index=deal.index, columns=SEATS), formed


def suit_holdings(hands: pd.DataFrame) -> pd.DataFrame:
    """Long form of the hands: one row a deal and seat, its four suits' ranks (NA when the hand is not
    S.H.D.C) and how many cards it holds."""
    long = pd.Series(hands.stack(future_stack=True), name=CARDS).rename_axis([WHICH, AT]).reset_index()
    suits = pd.concat([long, long[CARDS].fillna("").str.extract(HAND)], axis=1)
    suits["count"] = sum(suits[s].fillna("").str.len() for s in SUITS)
    suits["bad"] = suits[list(SUITS)].isna().any(axis=1) | suits["count"].ne(13)
    return suits


def deal_faults(deal: pd.Series) -> pd.Series:
    """What is wrong with each deal text ("" when it is 52 distinct cards, 13 a hand), in words."""
    hands, formed = hands_from_north(deal)
    suits = suit_holdings(hands)
    cards = suits.melt(id_vars=[WHICH], value_vars=list(SUITS), var_name="suit", value_name="ranks")
    cards = (
        cards.assign(one_card=cards["ranks"].fillna("").map(list))
        .explode("one_card")
        .dropna(subset=["one_card"])
    )
    doubled = cards[cards.duplicated([WHICH, "suit", "one_card"])]
    seat_words = pd.Series({"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")})
    bad = suits[suits["bad"]].drop_duplicates(WHICH).set_index(WHICH).reindex(deal.index)
    counted = bad[AT].map(seat_words) + ": " + bad["count"].astype("Int64").astype("str")
    fault = pd.Series("", index=deal.index)
    fault = fault.mask(deal.index.isin(doubled[WHICH]), _("a card is dealt twice"))
    fault = fault.mask(bad[AT].notna(), _("a hand is not 13 cards written S.H.D.C") + " (" + counted + ")")
    return fault.mask(~formed, _("a deal is a seat (N, E, S or W), a colon, then four hands"))


def deals_of(games: list[Game], name: str) -> Deals:
    """The deals of a PBN file's games by board (section when tagged), each checked (`checked_deals`)."""
    return checked_deals(tag_rows(games), name)


def checked_deals(rows: pd.DataFrame, name: str) -> Deals:
    """The deals of a file by board (section when given) from rows of its Board, Section, Deal, Dealer and
    Vulnerable tags and the Deal's line, each checked; a deal that is not 52 distinct cards, 13 a hand, is a
    B240 at its line (the board then has no hands shown)."""
    rows = rows[~rows[DEAL_TAG].str.strip().isin(NO_DEAL)]  # a Deal tag left blank, or PBN's unknown `?`
    rows = rows[~rows[DEAL_TAG].str.split().str[1:].map(lambda hands: UNKNOWN_HAND in hands)]  # PBN 3.4.11
    if rows.empty:
        return Deals()
    fault = deal_faults(rows[DEAL_TAG])
    problems = [
        Problem.of(
            BAD_DEAL,
            name,
            int(line),
            DEAL_TAG,
            str(text)[:80],
            _("this deal is not 52 distinct cards, 13 a hand: {fault}", fault=why),
        )
        for line, text, why in zip(rows[DR.line], rows[DEAL_TAG], fault, strict=True)
        if why
    ]  # only the bad deals: a problem each
    good = rows[fault.eq("")]
    if good.empty:
        return Deals(problems=problems)
    hands, _formed = hands_from_north(good[DEAL_TAG])
    board = pd.to_numeric(good[BOARD_TAG], errors="coerce")
    by_board = vulnerability_from_board(board)
    typed = vulnerability_from_text(good[VULNERABLE_TAG].where(good[VULNERABLE_TAG].ne("")))
    ns = typed[V.ns].fillna(by_board[V.ns]).fillna(False).astype(bool)
    ew = typed[V.ew].fillna(by_board[V.ew]).fillna(False).astype(bool)
    law2_dealer = pd.Series(np.array(SEATS)[((board.fillna(1) - 1) % 4).astype("int64")], index=good.index)
    dealer = (
        good[DEALER_TAG].str.strip().str.upper().where(good[DEALER_TAG].str.strip().str.upper().isin(SEATS))
    )
    frame = pd.DataFrame(
        {
            DR.board: board.astype("Int64"),
            DR.section: good[SECTION_TAG].fillna(""),
            DR.line: good[DR.line],
            DR.deal: "N:" + hands[list(SEATS)].agg(" ".join, axis=1),
            DR.dealer: dealer.fillna(law2_dealer),
            DR.vul: pd.Series(list(zip(ns, ew, strict=True)), index=good.index).map(VUL_TEXT),
        }
    )
    frame = frame.dropna(subset=[DR.board]).drop_duplicates([DR.section, DR.board], keep="first")
    return Deals(frame.reset_index(drop=True), problems)


def double_dummy(deals: pd.DataFrame) -> pd.DataFrame:
    """Per deal (by its index): the tricks each seat takes as declarer in each strain double dummy (columns
    `N NT`, `N S`, ... `W C`), the par contracts (`7NT N=` written with the suit symbols) and the par score for
    NS, computed by endplay (DDS): all tables in one batch (`calc_all_tables`), par for each."""
    if deals.empty:
        return pd.DataFrame(index=deals.index)
    from endplay.dds import calc_all_tables, par
    from endplay.types import Deal, Player, Vul

    boards = [Deal(text) for text in deals[DR.deal]]  # endplay's objects: one a board
    tables = calc_all_tables(boards)
    # endplay's own enums, kept as objects (a Series would hold them as ints, and endplay reads an int Vul as a
    # board number: board 0's vulnerability, EW, for None)
    vuls = {"None": Vul.none, NORTH_SOUTH: Vul.ns, EAST_WEST: Vul.ew, "All": Vul.both}
    vul = [vuls[v] for v in deals[DR.vul]]
    dealer = [Player.find(s) for s in deals[DR.dealer]]
    pars = [par(t, v, d) for t, v, d in zip(tables, vul, dealer, strict=True)]  # DDS's par: a call a board
    grid = np.array([t.to_list() for t in tables])  # boards x strain (S, H, D, C, NT) x seat (N, E, S, W)
    out = pd.DataFrame(index=deals.index)
    for s_i, strain in enumerate(("S", "H", "D", "C", "NT")):  # 5 strains x 4 seats: the table's columns
        for p_i, seat in enumerate(SEATS):
            out[f"{seat} {strain}"] = grid[:, s_i, p_i]
    out[TV.par_contract] = [par_words(p) for p in pars]
    out[TV.par] = [float(p.score) for p in pars]
    return out


def par_words(contracts: ParList) -> str:
    """A board's par contracts as the Hands sheet writes them: level, strain symbol, doubling, declarer (both
    seats of a side as `NS` when either may declare it) and result: `4♠ NS +1, 4♥ NS +1`, `5♦X E -2`, `7NT N =`."""
    from endplay.types import Denom, Penalty

    found: dict[str, list[str]] = {}
    for c in contracts:  # endplay's ParList: a handful of contracts a board
        doubled = {Penalty.passed: "", Penalty.doubled: "X", Penalty.redoubled: "XX"}[c.penalty]
        strain = SUIT_SYMBOL[
            {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C", Denom.nt: "NT"}[
                c.denom
            ]
        ]
        result = "=" if c.result == 0 else f"{c.result:+d}"
        found.setdefault(f"{c.level}{strain}{doubled} {result}", []).append(c.declarer.abbr)
    words = []
    for contract, seats in found.items():  # one entry a contract: its seats joined
        level, result = contract.split(" ")
        side = "".join(s for s in SEATS if s in seats)
        words.append(f"{level} {side if side in (NORTH_SOUTH, EAST_WEST) else '/'.join(seats)} {result}")
    return ", ".join(words) or "PASS"


def hands_frame(deals: pd.DataFrame, analysis: pd.DataFrame) -> pd.DataFrame:
    """The Hands sheet (internal column names): four rows a board, N E S W, each hand's suits (— for a void),
    its double-dummy tricks as declarer in each strain; dealer, vulnerability and par on North's row."""
    hands, _formed = hands_from_north(deals[DR.deal])
    suits = suit_holdings(hands)
    index = suits[WHICH]
    first = suits[AT].eq("N").to_numpy()
    out = pd.DataFrame(
        {
            H.board: deals[DR.board].reindex(index).to_numpy(dtype="int64"),
            H.dealer: deals[DR.dealer].reindex(index).where(first, "").to_numpy(),
            H.vul: deals[DR.vul].reindex(index).where(first, "").to_numpy(),
            H.hand: suits[AT].map({"N": _("North"), "E": _("East"), "S": _("South"), "W": _("West")}),
            H.spade_cards: suits["S"].replace("", "—"),
            H.heart_cards: suits["H"].replace("", "—"),
            H.diamond_cards: suits["D"].replace("", "—"),
            H.club_cards: suits["C"].replace("", "—"),
        }
    )
    named = {H.tricks_nt: "NT", H.tricks_s: "S", H.tricks_h: "H", H.tricks_d: "D", H.tricks_c: "C"}
    for column, strain in named.items():  # five strains: each seat's row takes its own count
        tricks = analysis[[f"{seat} {strain}" for seat in SEATS]].reindex(index).to_numpy()
        seat = suits[AT].map({s: i for i, s in enumerate(SEATS)}).to_numpy(dtype="int64")
        out[column] = tricks[np.arange(len(seat)), seat]
    out[H.par_contract] = analysis[TV.par_contract].reindex(index).where(first, "").to_numpy()
    out[H.par] = analysis[TV.par].reindex(index).where(first).to_numpy()
    order = np.lexsort((suits[AT].map({s: i for i, s in enumerate(SEATS)}), deals[DR.board].reindex(index)))
    return out.iloc[order].reset_index(drop=True)


def board_par(deals: pd.DataFrame, analysis: pd.DataFrame) -> pd.DataFrame:
    """Per board (and section): the par contract(s) and par score for NS, for the Travellers' Par columns."""
    return pd.DataFrame(
        {
            TV.board: deals[DR.board].astype("Int64"),
            TV.section: deals[DR.section],
            TV.par_contract: analysis[TV.par_contract],
            TV.par: analysis[TV.par],
        }
    )


def read_deals(path: Path, limit_mb: int) -> Deals:
    """The deals of a PBN file of hand records (`--deals`), each checked; InputError with the problems of its
    syntax, or when it holds no [Deal] at all."""
    games, problems, digest = read_pbn(path, limit_mb)
    if any(p.severity == "error" for p in problems):
        raise InputError(problems, source=str(path))
    deals = deals_of(games, Path(path).name)
    if deals.frame.empty and not deals.problems:
        no_deal = _("no game of this file has a [{tag}] tag: it holds no deals", tag=DEAL_TAG)
        raise InputError([Problem.of(NO_DEALS, Path(path).name, None, None, None, no_deal)], source=str(path))
    return replace(deals, digest=digest)
