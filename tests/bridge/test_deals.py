"""Hand records (docs/interchange.md, "Deals"): PBN deals checked and located, double-dummy tables and par from
endplay checked against a published deal and a hand-worked one, the Hands sheet and the Travellers' Par columns
written by `tally bridge standings --deals` and from a PBN event's own deals."""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import table_rows
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.games.bridge.deals import deals_of, double_dummy, read_deals
from pipeline.problems import InputError, UsageError
from pipeline.workbook.pbn import games_of
from schemas.bridge import DealRecord as DR
from schemas.bridge import Traveller as TV

HERE = Path(__file__).parent / "interchange"
SAMPLE = Path(__file__).parents[2] / "sample_data" / "bridge_club_mp.xlsx"

# The deals of endplay's own tests (github.com/dominicprice/endplay, tests/test_dds.py) and the cells of their
# double-dummy tables those tests check (an independent run of DDS, published with the library); the first
# deal's par, none vulnerable and North dealing, is 420: 4S by North or South, making ("4SN=", "4SS=").
PUBLISHED = {  # deal -> {(seat, strain): tricks as declarer}
    "N:9642.95.AKQT4.K7 KJ3.K3.98.T98654 AQT85.Q862..AQJ2 7.AJT74.J76532.3": {
        ("N", "C"): 8,
        ("S", "D"): 7,
        ("W", "H"): 5,
        ("E", "S"): 0,
        ("N", "NT"): 9,
    },
    "N:953.4.KQT3.AJ972 AJ7.K95.A864.KT6 KQT86.AT87.5.Q83 42.QJ632.J972.54": {
        ("E", "C"): 3,
        ("W", "D"): 7,
        ("S", "H"): 6,
        ("N", "S"): 10,
    },
    "N:653.JT32.432.872 A.A9876.JT8.KJT3 JT972.KQ5.965.Q9 KQ84.4.AKQ7.A654": {
        ("S", "NT"): 1,
        ("W", "S"): 11,
        ("E", "H"): 10,
        ("N", "D"): 0,
    },
}

# North holds the top cards of every suit (AKQJ of spades, AKQ of the others): worked by hand, North or South
# take all 13 tricks in no trump (every card North plays is the highest left in its suit, and South's hand is
# dummy's or declarer's entry-free partner), East or West none. In spades North draws trumps in three rounds
# (East's T98, West's 32) and takes 13. Par, board 1 (none vulnerable): 7NT by NS = 220 + 300 + 1000 = 1520;
# no sacrifice pays (East-West take one trick in clubs: 7C doubled down 12 is 3200).
TOP_CARDS = "N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32"


def pbn(*deals: str, boards: tuple[int, ...] | None = None) -> str:
    """A PBN file of deals only: a game a board, numbered from 1 unless `boards` says."""
    numbers = boards or tuple(range(1, len(deals) + 1))
    return "\n".join(f'[Board "{b}"]\n[Deal "{d}"]\n' for b, d in zip(numbers, deals, strict=True))


def analysed(*deals: str):
    found = deals_of(games_of(pbn(*deals), "deals.pbn")[0], "deals.pbn")
    assert found.problems == []
    return found.frame, double_dummy(found.frame)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_published_deals_have_their_published_double_dummy_tricks_and_par():
    _frame, table = analysed(*PUBLISHED)  # boards 1, 2, 3: one batch, as an event's deals are
    for board, cells in enumerate(PUBLISHED.values()):
        for (seat, strain), tricks in cells.items():
            assert table.loc[board, f"{seat} {strain}"] == tricks, (board + 1, seat, strain)
    assert table.loc[0, TV.par] == 420
    assert table.loc[0, TV.par_contract] == "4♠ NS ="


def test_the_side_with_every_top_card_takes_thirteen_tricks_in_no_trump():
    _frame, table = analysed(TOP_CARDS)
    assert [table.loc[0, f"{seat} NT"] for seat in "NESW"] == [13, 0, 13, 0]
    assert table.loc[0, "N S"] == 13
    assert table.loc[0, TV.par] == 1520
    assert table.loc[0, TV.par_contract] == "7NT NS ="


def test_east_west_par_is_negative_for_north_south():
    # The same hands turned a seat: East holds the top cards. Board 2 (NS vulnerable, East deals): 7NT by EW.
    frame, table = analysed(
        TOP_CARDS, TOP_CARDS.replace("N:", "E:")
    )  # board 1 as above, board 2 East holds them
    assert frame[DR.vul].tolist() == ["None", "NS"]
    assert frame[DR.dealer].tolist() == ["N", "E"]
    assert table.loc[1, TV.par] == -1520
    assert table.loc[1, TV.par_contract] == "7NT EW ="


def test_par_follows_each_boards_vulnerability():
    # Law 2: board 1 none vulnerable, board 4 both. East holding the top cards on board 1: 7NT by EW not
    # vulnerable, 220 + 300 + 1000 = 1520 to EW; North holding them on board 4: 7NT by NS vulnerable, 220 + 500
    # + 1500 = 2220.
    text = pbn(TOP_CARDS.replace("N:", "E:"), TOP_CARDS, boards=(1, 4))
    found = deals_of(games_of(text, "deals.pbn")[0], "deals.pbn")
    table = double_dummy(found.frame)
    assert found.frame[DR.vul].tolist() == ["None", "All"]
    assert table[TV.par].tolist() == [-1520, 2220]


BAD_DEALS = [
    ("N:AKQJ.AKQ.AKQ.AKQJ T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32", "14 cards in North"),
    ("N:AKQJ.AKQ.AKQ.AKQ AKQ.T98.T98.T9876 7654.J76.J76.654 32.5432.5432.J32", "spades AKQ dealt twice"),
    ("N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 7654.J76.J76.654", "three hands"),
    ("N:AKQJ.AKQ.AKQ.AK1 T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32", "a card 1"),
    ("X:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32", "no seat X"),
    ("N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98T987 7654.J76.J76.654 32.5432.5432.J32", "three suits"),
]


@pytest.mark.parametrize(("deal", "why"), BAD_DEALS)
def test_a_deal_that_is_not_52_cards_13_a_hand_is_located(deal, why):
    text = '[Event "x"]\n' + pbn(TOP_CARDS, deal)  # the bad deal is board 2, its tag on line 6
    found = deals_of(games_of(text, "deals.pbn")[0], "deals.pbn")
    assert [(p.code, p.row, p.column, p.severity) for p in found.problems] == [
        ("B240", 6, "Deal", "warning")
    ], why
    assert found.frame[DR.board].tolist() == [1]  # the good board is kept


def test_a_deal_with_an_unknown_hand_is_no_problem_and_no_diagram():
    found = deals_of(games_of(pbn("N:AKQ2.AK3.AK4.AKQ - - -"), "deals.pbn")[0], "deals.pbn")
    assert found.problems == []
    assert found.frame.empty


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from("NESW"))
def test_any_shuffled_deal_is_accepted_whatever_seat_it_starts_from(rng: random.Random, first: str):
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    rng.shuffle(cards)
    hands = [
        ".".join("".join(c[1] for c in cards[13 * h : 13 * h + 13] if c[0] == s) for s in "SHDC")
        for h in range(4)
    ]
    text = pbn(f"{first}:" + " ".join(hands))
    found = deals_of(games_of(text, "deals.pbn")[0], "deals.pbn")
    assert found.problems == []
    north = "NESW".index(first)  # the text's hands run clockwise from `first`: North is hand (0 - first) % 4
    assert found.frame.loc[0, DR.deal].split()[0] == "N:" + hands[(0 - north) % 4]


def test_a_deals_file_without_any_deal_is_refused(tmp_path):
    path = tmp_path / "none.pbn"
    path.write_text('[Event "x"]\n[Board "1"]\n')
    with pytest.raises(InputError) as caught:
        read_deals(path, 10)
    assert [p.code for p in caught.value.problems] == ["B241"]


def sheet_rows(path: Path, name: str) -> list[tuple]:
    return table_rows(openpyxl.load_workbook(path, read_only=True)[name])


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_deals_given_to_a_workbook_print_hands_and_a_par_column(tmp_path):
    deals = tmp_path / "deals.pbn"
    deals.write_text(pbn(TOP_CARDS))  # board 1 only: the other boards have no diagram and no par
    result = CliRunner().invoke(
        app, ["bridge", "standings", str(SAMPLE), "--deals", str(deals), "-o", str(tmp_path / "o.xlsx")]
    )
    assert result.exit_code == 0, result.output
    travellers = sheet_rows(tmp_path / "o.xlsx", "Travellers")
    header = travellers[0]
    assert header[-2:] == ("Par Contract", "Par")
    board, par = header.index("Board"), header.index("Par")
    pars = {(row[board], row[par]) for row in travellers[1:]}
    assert {p for b, p in pars if b == 1} == {1520}
    assert {p for b, p in pars if b != 1} == {None}
    hands = sheet_rows(tmp_path / "o.xlsx", "Hands")
    assert hands[0][:4] == ("Board", "Dealer", "Vul", "Hand")
    assert [row[3] for row in hands[1:]] == ["North", "East", "South", "West"]
    assert hands[1][4:8] == ("AKQJ", "AKQ", "AKQ", "AKQ")
    assert [row[hands[0].index("DD NT")] for row in hands[1:]] == [13, 0, 13, 0]
    assert hands[1][-2:] == ("7NT NS =", 1520)


def test_a_bad_deal_is_a_located_warning_and_the_standings_are_written(tmp_path):
    deals = tmp_path / "deals.pbn"
    deals.write_text(pbn(TOP_CARDS, BAD_DEALS[0][0]))
    scored = api.score(SAMPLE, tmp_path / "o.xlsx", deals=deals)
    assert [(p.code, p.sheet, p.row, p.column) for p in scored.standings.warnings if p.code == "B240"] == [
        ("B240", "deals.pbn", 5, "Deal")
    ]


def test_a_pbn_event_prints_its_own_deals(tmp_path):
    sheets = {s.name: s.frame for s in api.standings(HERE / "club-mp.pbn").sheets}
    hands = sheets["Hands"]
    assert hands["Board"].tolist() == [1] * 4 + [2] * 4  # boards 3 and 4 of the file have no [Deal]
    # Board 2 is board 1's deal turned a seat (East holds North's cards): its table is board 1's turned too
    nt = hands["DD NT"].tolist()
    assert nt[4:] == [nt[3], nt[0], nt[1], nt[2]]
    travellers = sheets["Travellers"]
    assert travellers.loc[travellers["Board"].isin([3, 4]), "Par"].isna().all()


def test_the_par_columns_are_written_in_the_events_language():
    sheets = {s.name: s.frame for s in api.standings(HERE / "club-mp.pbn", lang="zh").sheets}
    assert list(sheets["记分单"].columns[-2:]) == ["最优定约", "最优分"]
    assert list(sheets["牌例"].columns[-2:]) == ["最优定约", "最优分"]


def test_deals_for_a_domino_workbook_are_a_usage_error(tmp_path):
    deals = tmp_path / "deals.pbn"
    deals.write_text(pbn(TOP_CARDS))
    with pytest.raises(UsageError):
        api.standings(SAMPLE.with_name("domino_pairs.xlsx"), deals=deals)
