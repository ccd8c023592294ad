"""A scored bridge event written as PBN and USEBIO (docs/interchange.md, "Writing PBN and USEBIO"): the files
read back to the same standings, their contents checked by hand, every USEBIO export valid against the
document type, a Swiss teams file as a club program writes it, what a format cannot carry said by code, and
only tally's own files replaced."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from lxml import etree
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.games.bridge.deals import read_deals
from pipeline.problems import UsageError
from tests.conftest import write_xlsx

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_data"
HERE = Path(__file__).parent / "interchange"
DTD = ROOT / "docs" / "usebio_v1_2.reconstructed.dtd"
BRIDGE_SAMPLES = sorted(SAMPLES.glob("bridge_*.xlsx"))
XML = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)


def frames(standings: api.Standings) -> dict[str, pd.DataFrame]:
    """Every sheet of standings as computed (English headers), a blank cell None whatever its type."""
    return {s.name: s.frame.reset_index(drop=True).astype(object).map(blank_none) for s in standings.english}


def blank_none(value: object) -> object:
    """None for a blank cell (NaN, NA), else the value."""
    return None if value is None or value is pd.NA or (isinstance(value, float) and value != value) else value


def written(tmp_path: Path, source: Path, **kwargs) -> api.Scored:
    """The standings of `source` written into tmp_path, with the PBN and USEBIO files beside them."""
    return api.score(
        source,
        tmp_path / "standings.xlsx",
        pbn=tmp_path / "event.pbn",
        usebio=tmp_path / "event.xml",
        **kwargs,
    )


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize(
    "sample", [*BRIDGE_SAMPLES, SAMPLES / "zh" / "bridge_club_mp.xlsx"], ids=lambda p: p.name
)
def test_each_sample_read_back_from_pbn_and_usebio_scores_the_same(tmp_path, sample):
    scored = written(tmp_path, sample)
    for path in (tmp_path / "event.pbn", tmp_path / "event.xml"):
        before = frames(scored.standings)
        after = frames(api.standings(path, lang=scored.standings.language))
        if "teams" in sample.name and path.suffix == ".pbn":  # PBN has no place for a team's players: W147
            assert codes_in_warnings(scored) == ["W147"]
            before, after = without_names(before), without_names(after)
        assert list(after) == list(before), path.name
        for name, frame in before.items():
            pd.testing.assert_frame_equal(after[name], frame, obj=f"{path.name} {name}")


def without_names(sheets: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """The sheets without their columns of players' names."""
    return {name: frame[[c for c in frame.columns if "Names" not in c]] for name, frame in sheets.items()}


def codes_in_warnings(scored: api.Scored) -> list[str]:
    return [p.code for p in scored.standings.warnings]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("sample", BRIDGE_SAMPLES, ids=lambda p: p.name)
def test_the_usebio_export_of_every_sample_is_valid_against_the_document_type(tmp_path, sample):
    written(tmp_path, sample)
    dtd = etree.DTD(DTD.open("rb"))
    document = etree.parse(str(tmp_path / "event.xml"), XML)
    assert dtd.validate(document), dtd.error_log.filter_from_errors()


def test_the_document_type_refuses_what_usebio_does_not_nest(tmp_path):
    dtd = etree.DTD(DTD.open("rb"))
    for name in ("club-mp.xml", "swiss-teams.xml"):  # as other programs write USEBIO: valid
        assert dtd.validate(etree.parse(str(HERE / name), XML)), name
    wrong = '<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><PAIR><TRAVELLER_LINE/></PAIR></EVENT></USEBIO>'
    assert not dtd.validate(etree.fromstring(wrong, XML))  # a traveller line is a board's, not a pair's
    assert not dtd.validate(
        etree.fromstring('<USEBIO><EVENT EVENT_TYPE="PAIRS"/></USEBIO>', XML)
    )  # no Version


def score_table(text: str, board: int) -> list[str]:
    """The ScoreTable rows of a board's game in a PBN text."""
    game = next(g for g in text.split("\r\n\r\n") if f'[Board "{board}"]' in g)
    lines = game.split("\r\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("[ScoreTable"))
    return [line for line in lines[at + 1 :] if line and not line.startswith(("[", "%"))]


def test_the_pbn_file_is_export_format_and_its_figures_are_as_worked_by_hand(tmp_path):
    written(tmp_path, SAMPLES / "bridge_club_mp.xlsx")
    data = (tmp_path / "event.pbn").read_bytes()
    text = data.decode("utf-8")
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n") and "\n" not in text.replace("\r\n", "")  # CRLF only
    first = text.split("\r\n\r\n")[0].split("\r\n")
    tags = [re.match(r"\[(\w+) ", line)[1] for line in first if line.startswith("[")]
    mandatory = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable"]
    mandatory += ["Deal", "Scoring", "Declarer", "Contract", "Result"]
    assert tags[: len(mandatory)] == mandatory  # PBN 2.1's mandatory tag set, in its order
    assert '[Scoring "MatchPoints;MP1"]' in first  # MP Scale 2: MP1 is 2 a lower score, 1 a tie
    # Board 1 (nobody vulnerable), NS scores 400 (3NT=), 300 (5SX-2), 450 (4S+1), -50 (4S-1), 420 (4S=): at 2 a
    # score beaten, 400 beats 300 and -50: 4 MP of 8, and EW the other 4; 450 beats all four: 8 and 0.
    rows = score_table(text, 1)
    assert "1 1 1 6 3NT S 9 400 - 4 4" in rows and "3 3 3 10 4S N 11 450 - 8 0" in rows
    assert "4 4 4 7 4S N 9 - 50 0 8" in rows  # EW's score in Score_EW
    for board, dealer, vul in ((2, "E", "NS"), (3, "S", "EW"), (4, "W", "All")):  # Law 2's cycle
        game = next(g for g in text.split("\r\n\r\n") if f'[Board "{board}"]' in g)
        assert f'[Dealer "{dealer}"]' in game and f'[Vulnerable "{vul}"]' in game
    # Pair 10 (EW) 56.25 MP of 80 (10 boards, top 8) is 70.31 %, first of its field.
    assert '1 10 56.25 70.31 "Ida Moe - Per Aas"' in text


def test_the_usebio_file_holds_the_ranking_and_each_traveller_line(tmp_path):
    written(tmp_path, SAMPLES / "bridge_club_mp.xlsx")
    root = etree.parse(str(tmp_path / "event.xml"), XML).getroot()
    assert root.get("Version") == "1.2" and root.find("EVENT").get("EVENT_TYPE") == "PAIRS"
    event = root.find("EVENT")
    assert event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS" and event.findtext("DATE") == "24/11/2026"
    assert event.findtext("WINNER_TYPE") == "2"  # a Mitchell: NS and EW ranked apart
    pair = next(p for p in event.iter("PAIR") if p.findtext("PAIR_NUMBER") == "10")
    assert (pair.findtext("PLACE"), pair.findtext("PERCENTAGE")) == ("1", "70.31")
    assert [p.findtext("PLAYER_NAME") for p in pair.iter("PLAYER")] == ["Ida Moe", "Per Aas"]
    board = next(b for b in event.iter("BOARD") if b.findtext("BOARD_NUMBER") == "1")
    line = next(t for t in board.iter("TRAVELLER_LINE") if t.findtext("NS_PAIR_NUMBER") == "3")
    found = [line.findtext(e) for e in ("CONTRACT", "PLAYED_BY", "TRICKS", "SCORE", "NS_MATCH_POINTS")]
    assert found == ["4S", "N", "11", "450", "8"]
    adjusted = next(t for t in event.iter("TRAVELLER_LINE") if t.findtext("SCORE") == "AVE+")
    assert adjusted.findtext("NS_PAIR_NUMBER") == "4"  # the workbook's A+/A- (row 48)


def test_a_swiss_teams_file_as_a_club_program_writes_it_is_scored_by_hand():
    standings = api.standings(HERE / "swiss-teams.xml")
    matches = {s.name: s.frame for s in standings.english}["Matches"]
    # Lions-Tigers: board 1 +420 and +50 (Lions 470: 10 IMPs), board 2 -400 and -50 (Tigers 10). Bears-Wolves:
    # board 1 +400 against -420 (Wolves 1 IMP), board 2 +110 both rooms.
    got = matches[["Home", "Away", "Home IMPs", "Away IMPs"]].values.tolist()
    assert got == [["Lions", "Tigers", 10, 10], ["Bears", "Wolves", 0, 1]]
    # WBF over 2 boards: X = 15 * sqrt(2), VP = 10 + 10 (1 - tau^(3/X)) / (1 - tau^3) = 10.86 for a 1 IMP margin.
    ranking = {s.name: s.frame for s in standings.english}["Standings"]
    assert ranking[["Rank", "Team", "VPs"]].values.tolist() == [
        [1, "Wolves", 10.86],
        [2, "Lions", 10.0],
        [2, "Tigers", 10.0],
        [4, "Bears", 9.14],
    ]
    names = dict(ranking[["Team", "Names"]].values.tolist())
    assert names["Bears"] == "Ed Berg, Flo Béranger"  # ISO 8859-1 and a character reference


def test_deals_go_out_with_the_event_from_the_dealer(tmp_path):
    source = HERE / "club-mp.pbn"  # its own [Deal] tags
    api.score(source, tmp_path / "s.xlsx", pbn=tmp_path / "out.pbn", usebio=tmp_path / "out.xml")
    text = (tmp_path / "out.pbn").read_text(encoding="utf-8")
    game = next(g for g in text.split("\r\n\r\n") if '[Board "2"]' in g)
    # Board 2's deal, given from East in the file, is written from its dealer (East).
    assert '[Deal "E:AKQ2.AK3.AK4.AKQ JT98.QJT.QJT.JT9 765.9876.9876.87 43.542.532.65432"]' in game
    same = [read_deals(p, 10).frame.drop(columns=["line"]) for p in (source, tmp_path / "out.pbn")]
    assert same[0].equals(same[1])  # the same deals, dealers and vulnerabilities
    root = etree.parse(str(tmp_path / "out.xml"), XML).getroot()
    board = next(b for b in root.iter("BOARD") if b.findtext("BOARD_NUMBER") == "2")
    east = next(h for h in board.iter("HAND") if h.findtext("DIRECTION") == "East")
    assert [east.findtext(s) for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")] == [
        "AKQ2",
        "AK3",
        "AK4",
        "AKQ",
    ]
    assert board.findtext("VULNERABILITY") == "North-South"
    hands = [
        {x.name: x.frame for x in api.standings(p).english}["Hands"] for p in (source, tmp_path / "out.xml")
    ]
    pd.testing.assert_frame_equal(hands[1], hands[0])  # USEBIO's HAND elements read back as the deals


def club_rows(adjusted: str) -> dict:
    header = ["Board", "NS", "EW", "Contract", "Declarer", "Tricks", "Adjusted"]
    rows = [
        [1, 1, 2, "3NT", "N", 9, None],
        [1, 3, 4, None, None, None, adjusted],
        [1, 5, 6, "4S", "S", 10, None],
    ]
    return {"Settings": (["Key", "Value"], [["Event", "Club"], ["Scoring", "MP"]]), "Results": (header, rows)}


def test_what_a_format_cannot_carry_is_said_by_code(tmp_path):
    both_plus = write_xlsx(tmp_path / "plus.xlsx", club_rows("A+/A+"))  # both sides average plus
    scored = written(tmp_path, both_plus)
    assert codes_in_warnings(scored) == ["W146", "W146"]  # once in each file
    assert "<CONTRACT>A60/A60</CONTRACT>" in (tmp_path / "event.xml").read_text()  # as both percentages
    tables = club_rows("A+/A-")
    tables["Settings"][1].append(["Neuberg", "no"])
    neuberg = write_xlsx(tmp_path / "neuberg.xlsx", tables)
    scored = api.score(neuberg, tmp_path / "n.xlsx", usebio=tmp_path / "n.xml")
    assert codes_in_warnings(scored) == ["W147"]
    assert "Neuberg" in scored.standings.warnings[0].problem


@pytest.mark.parametrize("key", ["Club Number", "Número de club", "俱乐部编号"])
def test_the_club_number_goes_to_usebio_as_club_id_number_and_comes_back(tmp_path, key):
    tables = club_rows("A+/A-")
    tables["Settings"][1].append([key, "EBU 1234"])
    scored = written(tmp_path, write_xlsx(tmp_path / "club.xlsx", tables))
    document = etree.parse(str(tmp_path / "event.xml"), XML)
    assert etree.DTD(DTD.open("rb")).validate(document)
    assert [e.tag for e in document.getroot().find("CLUB")] == ["CLUB_NAME", "CLUB_ID_NUMBER"]
    assert document.getroot().findtext("CLUB/CLUB_ID_NUMBER") == "EBU 1234"
    assert codes_in_warnings(scored) == ["W147"]  # PBN has no place for it: said once, for the PBN file
    said = scored.standings.warnings[0].problem
    assert "PBN" in said and "Club Number" in said and "USEBIO" not in said
    settings = api.read(tmp_path / "event.xml").get("Settings").frame
    assert dict(settings[["key", "value"]].itertuples(index=False))["Club Number"] == "EBU 1234"


def test_what_a_format_cannot_carry_is_named_in_the_events_language(tmp_path):
    tables = club_rows("A+/A-")
    tables["Settings"][1].extend([["Número de club", "1234"], ["Language", "es"]])
    scored = api.score(
        write_xlsx(tmp_path / "club.xlsx", tables), tmp_path / "s.xlsx", pbn=tmp_path / "e.pbn"
    )
    assert scored.standings.language == "es" and codes_in_warnings(scored) == ["W147"]
    said = scored.standings.warnings[0].problem
    assert "Número de club" in said and "Club Number" not in said  # the setting as the event names it


def test_without_a_club_number_usebio_writes_none(tmp_path):
    scored = written(tmp_path, write_xlsx(tmp_path / "club.xlsx", club_rows("A+/A-")))
    assert codes_in_warnings(scored) == []
    assert etree.parse(str(tmp_path / "event.xml"), XML).getroot().find("CLUB/CLUB_ID_NUMBER") is None


def test_only_tallys_own_files_are_replaced(tmp_path):
    source = SAMPLES / "bridge_imp_pairs_cross.xlsx"
    theirs = tmp_path / "event.pbn"
    theirs.write_text("% a PBN file another program wrote\n")
    with pytest.raises(UsageError):
        written(tmp_path, source)
    assert theirs.read_text() == "% a PBN file another program wrote\n"
    assert not (tmp_path / "standings.xlsx").exists()  # refused before anything is written
    written(tmp_path, source, force=True)
    written(tmp_path, source)  # tally's own file: replaced without --force
    edited = theirs.read_bytes().replace(b"IMP pairs", b"IMP Pairs", 1)
    theirs.write_bytes(edited)  # saved by a person since
    with pytest.raises(UsageError):
        written(tmp_path, source)


def test_the_cli_writes_both_files_and_refuses_them_for_domino(tmp_path):
    runner = CliRunner()
    out = tmp_path / "out"
    out.mkdir()
    args = ["bridge", "standings", str(SAMPLES / "bridge_imp_pairs_cross.xlsx"), "-o", str(out)]
    result = runner.invoke(app, [*args, "--pbn", str(out), "--usebio", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "bridge_imp_pairs_cross-standings.xlsx",
        "bridge_imp_pairs_cross.pbn",
        "bridge_imp_pairs_cross.xml",
    ]
    domino = ["domino", "standings", str(SAMPLES / "domino_pairs.xlsx"), "-o", str(tmp_path / "d.xlsx")]
    result = runner.invoke(app, [*domino, "--pbn", str(tmp_path / "d.pbn")])
    assert result.exit_code == 2 and not (tmp_path / "d.pbn").exists() and not (tmp_path / "d.xlsx").exists()


DEALS_SAMPLE = SAMPLES / "bridge_club_deals.pbn"


@pytest.mark.slow  # double-dummy analysis of 10 boards (make test SLOW=1 and CI run it)
def test_the_deals_sample_is_what_make_samples_writes(tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import make_samples

    made = make_samples.bridge_deals_event(tmp_path)
    assert made.read_bytes() == DEALS_SAMPLE.read_bytes(), "run make samples"


@pytest.mark.slow  # double-dummy analysis of 10 boards (make test SLOW=1 and CI run it)
def test_the_deals_sample_scores_as_worked_by_hand_and_shows_its_hands():
    standings = api.standings(DEALS_SAMPLE)
    sheets = {s.name: s.frame for s in standings.english}
    travellers = sheets["Travellers"]
    board = travellers[travellers["Board"] == 1]
    # Board 1, nobody vulnerable, West holds seven spades: NS -450 (5S=), +100 (6S-2), +50 (6S-1), +100, -480 (5S+1).
    assert board["NS Score"].tolist() == [-450, 100, 50, 100, -480]
    assert board["NS MP"].tolist() == [2, 7, 4, 7, 0]  # -450 beats -480; +100 beats three and ties one
    hands = sheets["Hands"]
    assert len(hands) == 40  # four hands a board
    east = hands[(hands["Board"] == 1) & (hands["Hand"] == "East")].iloc[0]
    assert (east["♠ Spades"], east["♥ Hearts"], east["♦ Diamonds"], east["♣ Clubs"]) == (
        "AKJ",
        "AT",
        "AT832",
        "J94",
    )
    # Par: East-West take 11 tricks in spades double dummy, not vulnerable: 4S+1 = 120 + 300 + 30 = 450; North-South's
    # best sacrifice (7 tricks in hearts) would cost 800 doubled at the five level.
    assert board["Par"].tolist() == [-450] * 5


def test_another_pbn_reader_reads_what_tally_writes(tmp_path):
    """endplay's own PBN parser (a separate implementation of PBN 2.1) reads the exported files."""
    from endplay.parsers import pbn as endplay_pbn

    with DEALS_SAMPLE.open(encoding="utf-8") as handle:
        boards = endplay_pbn.load(handle)
    assert [b.board_num for b in boards] == list(range(1, 11))
    first = boards[0]
    assert first.deal.to_pbn() == "N:7.543.Q975.KQ863 AKJ.AT.AT832.J94 83.J9862.K64.AT7 QT96542.KQ7.J.52"
    table = first.info["ScoreTable"]
    assert [h["name"] for h in table["headers"]][4:9] == [
        "Contract",
        "Declarer",
        "Result",
        "Score_NS",
        "Score_EW",
    ]
    assert table["rows"][0][4:] == ["5S", "E", "11", "-", "450", "2", "6"]  # 5S= by East: EW +450
    api.score(SAMPLES / "bridge_teams.xlsx", tmp_path / "t.xlsx", pbn=tmp_path / "teams.pbn")
    with (tmp_path / "teams.pbn").open(encoding="utf-8") as handle:
        games = endplay_pbn.load(handle)
    assert len(games) == 48  # 24 boards, each in two rooms
    open_room = games[0]
    assert (open_room.info["Room"], open_room.info["HomeTeam"], open_room.info["Score"]) == (
        "Open",
        "Dragons",
        "NS 450",
    )
    assert str(open_room.contract) == "4♠N+1"  # the sample's first result: 4S by North, 11 tricks


def test_each_analysed_board_carries_its_optimum_score_and_result_table():
    """PBN 2.1's OptimumScore (NS's par score) and OptimumResultTable (each seat's double-dummy tricks as
    declarer in each strain), checked on the deals sample against endplay's own solver, called here."""
    from endplay.dds import calc_dd_table
    from endplay.parsers import pbn as endplay_pbn
    from endplay.types import Deal, Denom, Player

    with DEALS_SAMPLE.open(encoding="utf-8") as handle:
        first = endplay_pbn.load(handle)[0]
    assert first.info["OptimumScore"] == "NS -450"  # par 4S+1 by East-West, not vulnerable (worked by hand)
    table = first.info["OptimumResultTable"]
    assert [h["name"] for h in table["headers"]] == ["Declarer", "Denomination", "Result"]
    solved = calc_dd_table(Deal("N:7.543.Q975.KQ863 AKJ.AT.AT832.J94 83.J9862.K64.AT7 QT96542.KQ7.J.52"))
    strains = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    expected = [
        [seat, strain, str(solved[strains[strain], Player.find(seat)])]
        for seat in "NESW"
        for strain in ("NT", "S", "H", "D", "C")
    ]
    assert table["rows"] == expected
    assert ["E", "S", "11"] in expected and ["W", "S", "11"] in expected  # 4S+1: eleven tricks in spades


def test_a_board_dealt_twice_or_not_analysed_has_no_optimum():
    from pipeline.games.bridge.export import board_optimum
    from schemas.bridge import HandRecord as H
    from schemas.common import titles_of

    h = titles_of(H)
    strains = [h[c] for c in (H.tricks_nt, H.tricks_s, H.tricks_h, H.tricks_d, H.tricks_c)]

    def block(board: int, par: float) -> pd.DataFrame:
        """A board's four rows, North to West, North holding the par."""
        rows = {h[H.board]: [board] * 4, h[H.par]: [par, None, None, None]}
        return pd.DataFrame({**rows, **{s: [7, 6, 7, 6] for s in strains}})

    hands = pd.concat(
        [block(1, 620), block(2, -100), block(2, 50), block(3, float("nan"))], ignore_index=True
    )
    hands = hands.sort_values(h[H.board], kind="stable").reset_index(drop=True)
    found = board_optimum(hands)
    assert list(found) == [1]  # board 2 shown twice (two sections' deals), board 3 not analysed
    score, table = found[1]
    assert (
        score == "NS 620" and table.rows[:2] == [["N", "NT", "7"], ["N", "S", "7"]] and len(table.rows) == 20
    )
