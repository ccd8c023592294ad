"""Deals found beside the results (docs/interchange.md, "Deals"): `club.pbn` beside `club.xlsx` (or a USEBIO
`club.xml`) gives its deals when no --deals is given, and says so (W143); --deals wins; a PBN file beside that
holds results too still gives its deals (tally convert's pair); one that gives none is W145, or nothing when it
is a results file without deals; `tally validate` reports the deals' problems (B240, B241) of a PBN event's own
deals, of --deals and of the file beside."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from conftest import SAMPLES, codes_in
from tables import table_rows
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.problems import UsageError

HERE = Path(__file__).parent / "interchange"
RUNNER = CliRunner()
# North holds the top cards (tests/bridge/test_deals.py works its par by hand: 7NT by NS = 1520); the same hands
# turned a seat, East holding them.
TOP_CARDS = "N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32"
TURNED = TOP_CARDS.replace("N:", "E:")
FOURTEEN = "N:AKQJ.AKQ.AKQ.AKQJ T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32"  # North has 14 cards


def deals_file(path: Path, *deals: str) -> Path:
    """A PBN file of deals only, boards numbered from 1."""
    path.write_text("".join(f'[Board "{b}"]\n[Deal "{d}"]\n\n' for b, d in enumerate(deals, 1)))
    return path


def club(folder: Path, *deals: str) -> Path:
    """The bridge sample as `club.xlsx` in the folder, with `club.pbn` beside it when deals are given."""
    folder.mkdir(parents=True, exist_ok=True)
    source = Path(shutil.copy(SAMPLES / "bridge_club_mp.xlsx", folder / "club.xlsx"))
    if deals:
        deals_file(folder / "club.pbn", *deals)
    return source


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def without_deals(text: str) -> str:
    """A PBN file's text without its [Deal] tags: results only."""
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Deal "))


def hands_rows(path: Path) -> list[tuple]:
    """The Hands sheet of a standings workbook, read with openpyxl."""
    return table_rows(openpyxl.load_workbook(path, read_only=True)["Hands"])


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_pbn_file_beside_the_results_gives_their_deals_and_says_so(tmp_path):
    source = club(tmp_path, TOP_CARDS)
    result = RUNNER.invoke(app, ["bridge", "standings", str(source), "-o", str(tmp_path / "out.xlsx")])
    assert result.exit_code == 0, result.output
    assert codes_in(result.output) == ["W143"]
    assert "club.pbn" in result.output  # which file's deals were attached
    hands = hands_rows(tmp_path / "out.xlsx")
    assert hands[1][:8] == (1, "N", "None", "North", "AKQJ", "AKQ", "AKQ", "AKQ")
    assert hands[1][-2:] == ("7NT NS =", 1520)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_deals_given_win_over_the_file_beside(tmp_path):
    source = club(tmp_path, TOP_CARDS)
    given = deals_file(tmp_path / "given.pbn", TURNED)
    scored = api.score(source, tmp_path / "out.xlsx", deals=given)
    assert "W143" not in codes(scored.standings.warnings)
    hands = hands_rows(scored.path)
    assert hands[2][3:5] == ("East", "AKQJ")  # the given file's deal: East holds the top cards
    assert hands[1][-2:] == ("7NT EW =", -1520)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_pbn_results_file_beside_its_converted_workbook_still_gives_the_deals(tmp_path):
    # tally convert writes evening.xlsx beside evening.pbn: the workbook (to correct in Excel) is the event, the
    # PBN file its deals; it holds results too, and is still the workbook's deals.
    pbn = Path(shutil.copy(HERE / "hands.pbn", tmp_path / "evening.pbn"))
    workbook = api.convert(pbn)
    assert workbook == tmp_path / "evening.xlsx"
    result = api.standings(workbook)
    assert codes(result.warnings) == ["W143"]
    hands = next(s for s in result.sheets if s.name == "Hands").frame
    assert hands["♥ Hearts"].tolist()[4:8] == ["—", "AKQJT98765432", "—", "—"]  # board 2, from North


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_usebio_file_takes_the_deals_of_the_pbn_file_beside_it(tmp_path):
    xml = Path(shutil.copy(HERE / "club-mp.xml", tmp_path / "tuesday.xml"))
    deals_file(tmp_path / "tuesday.pbn", TOP_CARDS)
    result = api.standings(xml)
    assert codes(result.warnings) == ["W143"]
    travellers = next(s for s in result.sheets if s.name == "Travellers").frame
    assert set(travellers.loc[travellers["Board"] == 1, "Par"]) == {1520}


def test_a_results_file_beside_without_deals_gives_none_and_nothing_is_said(tmp_path):
    source = club(tmp_path)
    (tmp_path / "club.pbn").write_text(without_deals((HERE / "club-mp.pbn").read_text(encoding="latin-1")))
    report = api.validate(source)
    assert report.valid and not {"W143", "W145", "B241"} & set(codes(report.problems))


@pytest.mark.parametrize(
    "text",
    [
        '[Board "1"\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32"]\n',  # not closed
        '[Event "Monday"]\n[Board "1"]\n',  # neither deals nor results
    ],
)
def test_a_file_beside_that_gives_no_deals_is_a_warning(tmp_path, text):
    source = club(tmp_path)
    (tmp_path / "club.pbn").write_text(text)
    report = api.validate(source)
    assert report.valid
    assert codes(report.problems) == ["W145"]
    assert report.problems[0].sheet == "club.xlsx" and "club.pbn" in report.problems[0].problem


def test_validate_reports_a_bad_deal_of_the_file_beside(tmp_path):
    source = club(tmp_path, TOP_CARDS, FOURTEEN)
    report = api.validate(source)
    assert [(p.code, p.sheet, p.row, p.column) for p in report.problems] == [
        ("W143", "club.xlsx", None, None),
        ("B240", "club.pbn", 5, "Deal"),  # board 2's deal, on the file's fifth line
    ]
    assert report.valid


def test_validate_checks_the_deals_given(tmp_path):
    source = club(tmp_path, TOP_CARDS)
    bad = deals_file(tmp_path / "bad.pbn", FOURTEEN)
    report = api.validate(source, deals=bad)
    assert [(p.code, p.sheet, p.row) for p in report.problems] == [("B240", "bad.pbn", 2)]  # no W143: given
    none = tmp_path / "none.pbn"
    none.write_text('[Event "x"]\n[Board "1"]\n')
    result = RUNNER.invoke(app, ["validate", str(source), "--deals", str(none), "--json"])
    assert result.exit_code == 1
    assert [r["code"] for r in json.loads(result.stdout)] == ["B241"]


def test_validate_reports_a_bad_deal_of_a_pbn_event(tmp_path):
    lines = (HERE / "club-mp.pbn").read_text(encoding="latin-1").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith('[Deal "E:'))  # board 2's deal
    lines[at] = f'[Deal "{FOURTEEN}"]\n'
    path = tmp_path / "event.pbn"
    path.write_text("".join(lines), encoding="latin-1")
    result = RUNNER.invoke(app, ["validate", str(path), "--json"])
    assert result.exit_code == 0, result.output  # a warning: the event is scored, that board without hands
    assert [(r["code"], r["row"], r["severity"]) for r in json.loads(result.stdout)] == [
        ("B240", at + 1, "warning")
    ]


def test_a_domino_workbook_takes_no_deals(tmp_path):
    source = Path(shutil.copy(SAMPLES / "domino_pairs.xlsx", tmp_path / "night.xlsx"))
    deals = deals_file(tmp_path / "night.pbn", TOP_CARDS)
    assert "W143" not in codes(api.validate(source).problems)  # a PBN file beside it is not its deals
    with pytest.raises(UsageError):
        api.validate(source, deals=deals)
    assert RUNNER.invoke(app, ["validate", str(source), "--deals", str(deals)]).exit_code == 2
