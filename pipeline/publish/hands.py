"""A board's deal as its page shows it (docs/publish.md, "Deals"): the hand diagram (North on top, West on the
left, East on the right, South below; a void as —), the double-dummy table (the tricks each seat takes as
declarer in each strain) and the dealer, vulnerability, par contract and par score, all read from the Hands
sheet of the standings workbook (pipeline/games/bridge/deals.py writes it; just computed, or read back in any
language). Every card and figure is the sheet's."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import pandas as pd

from pipeline.i18n import N_, _, in_every_language
from pipeline.publish.pages import id_text
from pipeline.publish.tables import as_figures, header_of, shown_text
from pipeline.publish.words import shown_header
from schemas.bridge import EAST_WEST, NORTH_SOUTH, SEATS
from schemas.bridge import HandRecord as H
from schemas.common import titles_of

SEAT_WORDS = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
VUL_WORDS = {"None": N_("None"), NORTH_SOUTH: N_("N-S"), EAST_WEST: N_("E-W"), "All": N_("Both")}
SUITS = (
    ("S", "♠", N_("Spades")),
    ("H", "♥", N_("Hearts")),
    ("D", "♦", N_("Diamonds")),
    ("C", "♣", N_("Clubs")),
)
SUIT_CARDS = {"S": H.spade_cards, "H": H.heart_cards, "D": H.diamond_cards, "C": H.club_cards}
STRAIN_TRICKS = {"NT": H.tricks_nt, "S": H.tricks_s, "H": H.tricks_h, "D": H.tricks_d, "C": H.tricks_c}
NO_TRUMP = N_("NT")  # the double-dummy table's first column
TABLE_ROWS = ("N", "S", "E", "W")  # the double-dummy table's rows: each side's two seats together
VOID = "—"
RED = "♥♦"  # the suits printed in red


@dataclass(frozen=True)
class Suit:
    """A suit as a page shows it: its letter (S, H, D, C; NT: its class), its sign (♠; NT: the word), its name in
    the language spoken (read aloud) and, in a hand, its cards (— for a void)."""

    key: str
    sign: str
    name: str
    cards: str = ""


@dataclass(frozen=True)
class Hand:
    """One seat's hand: its seat (N, E, S, W: its place in the diagram), the seat's name in the language spoken,
    its four suits and whether it dealt."""

    seat: str
    name: str
    suits: list[Suit]
    dealer: bool


@dataclass(frozen=True)
class BoardDeal:
    """A board's deal: its hands by seat, the double-dummy table (its strains, and a row per seat: the seat's
    name and its tricks in each strain) and the facts beside it (header, then the value as runs of text, each
    marked when it is a red suit's sign)."""

    hands: dict[str, Hand]
    strains: list[Suit]
    tricks: list[tuple[str, list[str]]]
    facts: list[tuple[str, list[tuple[str, bool]]]]


@functools.cache
def seat_words() -> dict[str, str]:
    """Each seat's word in every language tally writes it (North, Norte, 北) -> the seat (N)."""
    return {w: seat for seat, word in SEAT_WORDS.items() for w in in_every_language(word)}


def seats_of(words: pd.Series) -> pd.Series:
    """The seat (N, E, S, W) each Hand cell names, in any language tally writes it; NA for another text."""
    return id_text(words).map(seat_words())


def board_block(hands: pd.DataFrame, number: float) -> pd.DataFrame | None:
    """A board's first block of four rows of the Hands sheet, indexed by seat; None when the sheet has no block
    of the four seats for it (no deal, or a hand not given)."""
    board, hand = header_of(hands, H, H.board), header_of(hands, H, H.hand)
    boards = as_figures(hands[board]) if board is not None else None
    if boards is None or hand is None:
        return None
    rows = hands[boards.eq(number).to_numpy()].head(len(SEATS))
    seats = seats_of(rows[hand])
    if sorted(seats.dropna()) != sorted(SEATS):
        return None
    return rows.set_axis(seats.to_numpy())


def column_text(block: pd.DataFrame, name: str, figures: bool = False) -> pd.Series:
    """A column of the block by seat, as text (figures as the page shows them when `figures`); blank when the
    sheet has no such column."""
    header = header_of(block, H, name)
    if header is None:
        return pd.Series("", index=block.index)
    return (shown_text(block[header]) if figures else id_text(block[header])).set_axis(block.index)


def first_value(column: pd.Series) -> str:
    """The first filled cell of a column by seat ('' when none is): the board's dealer, vulnerability, par."""
    return next((t for t in column if t), "")


def runs(text: str) -> list[tuple[str, bool]]:
    """A text in runs, each red suit's sign (♥, ♦) a run of its own marked True."""
    return [(part, part in RED) for part in re.split(f"([{RED}])", text) if part]


def board_deal(hands: pd.DataFrame | None, number: float) -> BoardDeal | None:
    """The deal of a board as its page shows it, from the Hands sheet; None when the sheet has none for it."""
    block = None if hands is None else board_block(hands, number)
    if block is None:
        return None
    cards = {key: column_text(block, name) for key, name in SUIT_CARDS.items()}
    dealer = first_value(column_text(block, H.dealer)).upper()
    hands_shown = {
        seat: Hand(
            seat,
            _(SEAT_WORDS[seat]),
            [Suit(key, sign, _(name), cards[key][seat] or VOID) for key, sign, name in SUITS],
            seat == dealer,
        )
        for seat in SEATS
    }
    strains = [Suit("NT", _(NO_TRUMP), _(NO_TRUMP))] + [Suit(k, sign, _(name)) for k, sign, name in SUITS]
    counts = {key: column_text(block, name, figures=True) for key, name in STRAIN_TRICKS.items()}
    tricks = [(_(SEAT_WORDS[seat]), [counts[s.key][seat] for s in strains]) for seat in TABLE_ROWS]
    titles = titles_of(H)
    vul = first_value(column_text(block, H.vul))
    facts = [
        (titles[H.dealer], _(SEAT_WORDS[dealer]) if dealer in SEAT_WORDS else dealer),
        (titles[H.vul], _(VUL_WORDS[vul]) if vul in VUL_WORDS else vul),
        (titles[H.par_contract], first_value(column_text(block, H.par_contract))),
        (titles[H.par], first_value(column_text(block, H.par, figures=True))),
    ]
    shown = [(shown_header(header), runs(value)) for header, value in facts if value]
    return BoardDeal(hands_shown, strains, tricks, shown)
