"""`tally batch` over PBN and USEBIO results files and deals (docs/interchange.md, "Deals"): a PBN or USEBIO
results file is an event; a PBN file of the same name beside a bridge event's results is its deals, not an event
of its own (W143 in the summary), hashed with it in the manifest so that new deals score it again; a PBN file of
deals only no event takes is named (W144) and not scored; an XML file that is not USEBIO is skipped with why (F134)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import SAMPLES, codes_in
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.federation.folders import batch_inputs
from pipeline.workbook.files import MANIFEST

RUNNER = CliRunner()
HERE = Path(__file__).parent / "bridge" / "interchange"
TOP_CARDS = "N:AKQJ.AKQ.AKQ.AKQ T98.T98.T98.T987 7654.J76.J76.654 32.5432.5432.J32"
TURNED = TOP_CARDS.replace("N:", "E:")


def deals_file(path: Path, *deals: str) -> Path:
    """A PBN file of deals only, boards numbered from 1."""
    path.write_text("".join(f'[Board "{b}"]\n[Deal "{d}"]\n\n' for b, d in enumerate(deals, 1)))
    return path


def results_only(source: Path, path: Path) -> Path:
    """A PBN results file without its [Deal] tags (scored without double-dummy analysis)."""
    lines = source.read_text(encoding="latin-1").splitlines(keepends=True)
    path.write_text("".join(line for line in lines if not line.startswith("[Deal ")), encoding="latin-1")
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A club's folder: a results workbook with its deals beside it, a PBN and a USEBIO results file, an XML
    file of another kind, a PBN file of deals only that no event takes."""
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "bridge_club_mp.xlsx", folder / "club.xlsx")
    deals_file(folder / "club.pbn", TOP_CARDS)
    results_only(HERE / "club-mp.pbn", folder / "tuesday.pbn")
    shutil.copy(HERE / "club-mp.xml", folder / "thursday.xml")
    (folder / "printer.xml").write_text('<?xml version="1.0"?>\n<settings><paper>A4</paper></settings>\n')
    deals_file(folder / "spare.pbn", TOP_CARDS)
    return folder


def batch(folder: Path, out: Path, *extra: str):
    return RUNNER.invoke(app, ["batch", str(folder), "-o", str(out), "--workers", "1", *extra])


def test_the_folders_events_and_their_deals(folder: Path) -> None:
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "monday.xlsx")
    deals_file(folder / "monday.pbn", TOP_CARDS)  # beside a domino workbook: no event's deals
    (folder / "broken.pbn").write_text('[Board "1"\n')  # cannot be read: scored, so that it is reported
    shutil.copy(HERE / "hands.pbn", folder / "thursday.pbn")  # results and deals, beside thursday.xml
    found = batch_inputs(folder, 10)
    assert [(s.name, d and d.name) for s, d in found.events] == [
        ("broken.pbn", None),
        ("club.xlsx", "club.pbn"),
        ("monday.xlsx", None),
        ("thursday.xml", "thursday.pbn"),  # thursday.pbn is its deals, though it holds results too
        ("tuesday.pbn", None),
    ]
    assert [p.name for p in found.unused] == ["monday.pbn", "spare.pbn"]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_pbn_and_usebio_results_are_scored_and_skipped_when_unchanged(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = batch(folder, out)
    assert result.exit_code == 0, result.output
    assert "3 computed, 0 unchanged, 0 failed, 2 skipped" in result.output
    # club.xlsx took club.pbn; printer.xml is no USEBIO; spare.pbn was not scored
    assert codes_in(result.output) == ["W143", "F134", "W144"]
    assert "[F134] printer.xml: " in result.output
    assert "club.pbn" in result.output and "spare.pbn" in result.output
    assert sorted(p.name for p in out.glob("*.xlsx")) == [
        "club-standings.xlsx",
        "thursday-standings.xlsx",
        "tuesday-standings.xlsx",
    ]
    manifest = json.loads((out / MANIFEST).read_text())["inputs"]
    assert sorted(manifest) == ["club.xlsx", "thursday.xml", "tuesday.pbn"]
    assert manifest["club.xlsx"]["hash"].count("+") == 1  # the workbook's hash and its deals'
    again = batch(folder, out)
    assert again.exit_code == 0, again.output
    assert "0 computed, 3 unchanged, 0 failed" in again.output
    deals_file(folder / "club.pbn", TURNED)  # new deals: that event is scored again
    third = batch(folder, out)
    assert "1 computed, 2 unchanged, 0 failed" in third.output
    assert codes_in(third.output) == ["W143", "F134", "W144"]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_pbn_file_that_cannot_be_read_fails_alone(folder: Path, tmp_path: Path) -> None:
    (folder / "broken.pbn").write_text('[Event "x"]\n[Board "1"\n')
    result = batch(folder, tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert "3 computed, 0 unchanged, 1 failed" in result.output
    assert "  - broken.pbn: [B21" in result.output  # its first problem: B212 or B214, the file says which


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_batch_publishes_the_events_of_pbn_and_usebio_files_with_their_deals(
    folder: Path, tmp_path: Path
) -> None:
    result = batch(folder, tmp_path / "out", "--publish", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    site = tmp_path / "site"
    assert sorted(p.name for p in site.iterdir() if p.is_dir()) == ["club", "thursday", "tuesday"]
    assert 'id="hand-n"' in (site / "club" / "b" / "1.html").read_text(encoding="utf-8")
    assert 'id="hand-n"' not in (site / "tuesday" / "b" / "1.html").read_text(encoding="utf-8")
