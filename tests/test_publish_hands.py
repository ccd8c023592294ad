"""Deals on the published site (docs/publish.md, "Deals"): a board's page shows its hand diagram card for card as
the PBN file deals it (read here with a regular expression of our own), the double-dummy table and the par worked
by hand from the file's two deals, the same from the standings workbook read back in Spanish and Chinese, in
their words; `tally publish` of PBN and USEBIO results files, and of a results workbook with --deals."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pandas as pd
import pytest
from conftest import SAMPLES, codes_in, write_xlsx
from site_pages import broken_links, parsed
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.i18n import speaking
from pipeline.publish.hands import board_deal
from schemas.bridge import HandRecord as H
from schemas.common import titles_of

RUNNER = CliRunner()
INTERCHANGE = Path(__file__).parent / "bridge" / "interchange"
HANDS = INTERCHANGE / "hands.pbn"  # two boards, each with its [Deal]
SIGNS = ("♠", "♥", "♦", "♣")

# Worked by hand from the file's deals (tests/bridge/test_deals.py works board 1 the same way).
# Board 1, North holding the top cards of every suit: North or South take all 13 tricks in no trump and in
# spades (three rounds of trumps draw East's T98 and West's 32; every card North then plays is the highest left),
# East or West none. Par, none vulnerable: 7NT by NS = 220 + 300 + 1000 = 1520.
# Board 2, East holding all thirteen hearts, North and South every spade: in hearts East or West take all 13 (East
# ruffs every other suit and wins every heart) and North or South none; North or South take all 13 in spades
# (every East-West card is ruffed or beaten by North's tops, and the opponents have no trump). In no trump only
# South makes: West's opening lead (no heart) is won by North, whose 13 cards are all winners; North declaring,
# East leads and runs thirteen hearts. Par, North-South vulnerable: 7NT by South = 220 + 500 + 1500 = 2220.
TRICKS = {  # board -> (seat, strain column) -> tricks
    1: {**{(s, "NT"): n for s, n in zip("NSEW", (13, 13, 0, 0), strict=True)},
        **{(s, "♠"): n for s, n in zip("NSEW", (13, 13, 0, 0), strict=True)}},
    2: {**{(s, "♥"): n for s, n in zip("NSEW", (0, 0, 13, 13), strict=True)},
        **{(s, "♠"): n for s, n in zip("NSEW", (13, 13, 0, 0), strict=True)},
        **{(s, "NT"): n for s, n in zip("NSEW", (0, 13, 0, 0), strict=True)}},
}  # fmt: skip
PAR = {1: ("7NT NS =", "1520"), 2: ("7NT S =", "2220")}
DEALT = {
    1: ("North", "None"),
    2: ("East", "N-S"),
}  # Dealer and Vul tags of the file, as the English page words them
SEAT_NAMES = {"en": dict(zip("NESW", ("North", "East", "South", "West"), strict=True))}


def file_deals(path: Path) -> dict[int, dict[str, dict[str, str]]]:
    """The deals of a PBN file as it writes them: board -> seat -> suit sign -> cards ('—' for a void); the
    hands of a [Deal] run clockwise from the seat it names first."""
    text = path.read_text(encoding="utf-8")
    boards = re.findall(r'\[Board "(\d+)"\]\s*(?:\[[^\]]*\]\s*)*?\[Deal "([NESW]):([^"]+)"\]', text)
    found = {}
    for board, first, hands in boards:  # a deal a board
        order = "NESW"[("NESW".index(first)) :] + "NESW"[: "NESW".index(first)]
        found[int(board)] = {
            seat: {sign: cards or "—" for sign, cards in zip(SIGNS, hand.split("."), strict=True)}
            for seat, hand in zip(order, hands.split(), strict=True)
        }
    return found


def dd_rows(page) -> dict[str, dict[str, str]]:
    """The page's double-dummy table: seat (its first letter as written in English) -> strain -> tricks."""
    table = page.tables["double-dummy"]
    strains = table.headers[1:]
    return {row[0]: dict(zip(strains, row[1:], strict=True)) for row in table.rows}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of the PBN event (scored on the way, its deals analysed)."""
    return api.publish(HANDS, tmp_path_factory.mktemp("hands") / "site")


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("board", [1, 2])
def test_a_board_page_shows_the_hands_as_the_file_deals_them(site, board):
    page = parsed(site / "b" / f"{board}.html")
    for seat, suits in file_deals(HANDS)[board].items():  # every hand, card for card
        assert page.facts[f"hand-{seat.lower()}"] == suits, (board, seat)
    assert "Deal" in page.text and f"{DEALT[board][0]} (dealer)" in "".join(page.text)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("board", [1, 2])
def test_a_board_page_shows_the_double_dummy_tricks_and_par_worked_by_hand(site, board):
    page = parsed(site / "b" / f"{board}.html")
    rows = dd_rows(page)
    assert list(rows) == ["North", "South", "East", "West"]  # each side's seats together
    assert list(rows["North"]) == ["NT", *SIGNS]
    for (seat, strain), tricks in TRICKS[board].items():  # the cells worked by hand
        assert rows[SEAT_NAMES["en"][seat]][strain] == str(tricks), (board, seat, strain)
    dealer, vul = DEALT[board]
    contract, score = PAR[board]
    assert page.facts["par"] == {"Dealer": dealer, "Vul": vul, "Par Contract": contract, "Par": score}


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_deal_is_published_the_same_from_the_results_and_from_the_standings(site, tmp_path):
    book = api.score(HANDS, tmp_path / "hands-standings.xlsx").path
    again = api.publish(book, tmp_path / "again")
    a = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    b = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []
    assert broken_links(site) == []


# The words of the Spanish and Chinese pages (site.po), and the Hands sheet's headers as those languages name them.
WORDS = {
    "es": {
        "heading": "Reparto",
        "caption": "Bazas a doble muerto",
        "seats": ["Norte", "Sur", "Este", "Oeste"],
        "strains": ["ST", *SIGNS],
        "dealer": "Este (dador)",
        "facts": {"Dador": "Este", "Vulnerabilidad": "NS", "Contrato óptimo": "7NT S =", "Par": "2220"},
    },
    "zh": {
        "heading": "牌局",
        "caption": "双明手赢墩数",
        "seats": ["北", "南", "东", "西"],
        "strains": ["无将", *SIGNS],
        "dealer": "东（发牌人）",
        "facts": {"发牌人": "东", "局况": "南北有局", "最优定约": "7NT S =", "最优分": "2220"},
    },
}


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("lang", ["es", "zh"])
def test_standings_in_spanish_and_chinese_publish_the_deal_in_their_words(tmp_path, lang):
    book = api.score(HANDS, tmp_path / "hands.xlsx", lang=lang).path  # its Hands sheet: Manos, 牌例
    page = parsed(api.publish(book, tmp_path / "site") / "b" / "2.html")
    words = WORDS[lang]
    assert page.tables["double-dummy"].headers == ["", *words["strains"]]
    assert [row[0] for row in page.tables["double-dummy"].rows] == words["seats"]
    assert page.tables["double-dummy"].rows[1][1] == "13"  # South in no trump
    assert page.facts["par"] == words["facts"]
    text = "".join(page.text)
    assert words["heading"] in page.text and words["caption"] in text and words["dealer"] in text
    for seat, suits in file_deals(HANDS)[2].items():  # the cards as the file deals them, in any language
        assert page.facts[f"hand-{seat.lower()}"] == suits


def hands_sheet(hand_words: list[str], board: int = 7) -> pd.DataFrame:
    """A Hands sheet as a standings workbook read back holds it (English headers, cells as text), one board."""
    titles = titles_of(H)
    rows = {
        titles[H.board]: [str(board)] * 4,
        titles[H.dealer]: ["W", None, None, None],
        titles[H.vul]: ["All", None, None, None],
        titles[H.hand]: hand_words,
        titles[H.spade_cards]: ["AK", "QJ", "T9", "—"],
        titles[H.heart_cards]: ["—", "AK", "QJ", "T98"],
        titles[H.diamond_cards]: ["A", "K", "Q", "J"],
        titles[H.club_cards]: ["2", "3", "4", "5"],
        titles[H.tricks_nt]: ["7", "6", "7", "6"],
        titles[H.tricks_s]: ["8", "5", "8", "5"],
        titles[H.tricks_h]: ["4", "9", "4", "9"],
        titles[H.tricks_d]: ["7", "6", "7", "6"],
        titles[H.tricks_c]: ["6", "7", "6", "7"],
        titles[H.par_contract]: ["1NT NS =", None, None, None],
        titles[H.par]: ["90", None, None, None],
    }
    return pd.DataFrame(rows, dtype="string")


@pytest.mark.parametrize(
    "words", [["North", "East", "South", "West"], ["Norte", "Este", "Sur", "Oeste"], ["北", "东", "南", "西"]]
)
def test_a_hands_sheet_read_back_in_any_language_gives_the_board_its_seats(words):
    with speaking("en"):
        deal = board_deal(hands_sheet(words), 7)
    assert deal is not None
    assert [(s.sign, s.cards) for s in deal.hands["W"].suits] == [
        ("♠", "—"),
        ("♥", "T98"),
        ("♦", "J"),
        ("♣", "5"),
    ]
    assert deal.hands["W"].dealer and not deal.hands["N"].dealer
    assert deal.tricks[1] == ("South", ["7", "8", "4", "7", "6"])  # rows N, S, E, W
    facts = {header: "".join(text for text, _red in parts) for header, parts in deal.facts}
    assert facts == {"Dealer": "West", "Vul": "Both", "Par Contract": "1NT NS =", "Par": "90"}


def test_a_board_without_its_four_hands_has_no_deal_shown():
    sheet = hands_sheet(["North", "East", "South", "West"])
    assert board_deal(sheet, 8) is None  # another board
    assert board_deal(sheet.iloc[:3], 7) is None  # a hand missing
    assert board_deal(None, 7) is None  # no Hands sheet


def test_the_red_suits_of_a_par_contract_are_marked():
    sheet = hands_sheet(["North", "East", "South", "West"])
    sheet.loc[0, titles_of(H)[H.par_contract]] = "4♠ NS +1, 4♥ NS +1"
    with speaking("en"):
        deal = board_deal(sheet, 7)
    assert deal is not None
    assert dict(deal.facts)["Par Contract"] == [("4♠ NS +1, 4", False), ("♥", True), (" NS +1", False)]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_publish_takes_a_usebio_results_file(tmp_path):
    source = shutil.copy(INTERCHANGE / "club-mp.xml", tmp_path / "club.xml")  # alone: no PBN file beside it
    result = RUNNER.invoke(app, ["publish", str(source), "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "site" / "index.html").is_file()
    assert sorted(p.name for p in (tmp_path / "site" / "b").iterdir()) == [
        "1.html",
        "2.html",
        "3.html",
        "4.html",
    ]
    assert "double-dummy" not in (tmp_path / "site" / "b" / "1.html").read_text(encoding="utf-8")  # no deals


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_publish_takes_a_pbn_results_file_and_a_workbook_with_deals(tmp_path):
    result = RUNNER.invoke(app, ["publish", str(HANDS), "-o", str(tmp_path / "pbn")])
    assert result.exit_code == 0, result.output
    assert parsed(tmp_path / "pbn" / "b" / "2.html").facts["hand-e"]["♥"] == "AKQJT98765432"
    deals = tmp_path / "deals.pbn"
    shutil.copy(HANDS, deals)  # boards 1 and 2 of the sample workbook get these hands
    result = RUNNER.invoke(
        app,
        [
            "publish",
            str(SAMPLES / "bridge_club_mp.xlsx"),
            "--deals",
            str(deals),
            "-o",
            str(tmp_path / "xlsx"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert codes_in(result.output) == []  # deals given: nothing substituted, nothing to say
    page = parsed(tmp_path / "xlsx" / "b" / "1.html")
    assert page.facts["hand-n"] == file_deals(HANDS)[1]["N"]
    assert "hand-n" not in parsed(tmp_path / "xlsx" / "b" / "3.html").facts  # a board without a deal


def test_deals_with_a_standings_workbook_are_a_usage_error(tmp_path):
    standings = write_xlsx(  # a standings workbook, as its sheets tell it: scored already, with its own hands
        tmp_path / "old-standings.xlsx",
        {"Standings": (["Rank", "Pair"], [[1, "1"]]), "Rules": (["Item", "Value"], [["Event", "Tuesday"]])},
    )
    result = RUNNER.invoke(
        app, ["publish", str(standings), "--deals", str(HANDS), "-o", str(tmp_path / "site")]
    )
    assert result.exit_code == 2, result.output
    assert codes_in(result.output) == ["X001"]
    assert not (tmp_path / "site" / "index.html").exists()
