"""Which files of a folder `batch` scores and `rank` ranks: results workbooks and standings workbooks, told
apart by the games' own declarations (pipeline/games/registry.py); PBN and USEBIO results files, and the PBN
files of deals beside a bridge event's results."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.games.bridge.sources import deals_beside, interchange_role
from pipeline.games.registry import BRIDGE, input_game
from pipeline.sheets import normalized_header, sheet_key, sheet_key_of
from pipeline.workbook.files import interchange_files, sheet_names, workbook_files, written_by_tally
from pipeline.workbook.guard import sheet_list
from pipeline.workbook.interchange import PBN_SUFFIX, USEBIO_SUFFIX
from pipeline.workbook.package import SheetEntry
from schemas.ranking import StandingsSheet
from schemas.shared import RulesSheet

RANKED = {sheet_key(StandingsSheet), sheet_key(RulesSheet)}  # the sheets every standings workbook has


def listed_keys(listed: list[SheetEntry]) -> set[str]:
    """The sheet keys of a workbook's sheet list, its names read in any language (`Resultados`, `成绩`: Results)."""
    return {sheet_key_of(normalized_header(s.name)) for s in listed}


def workbook_role(path: Path) -> str:
    """`standings` for a workbook tally wrote (or one with Standings and Rules sheets), `input` for a results
    workbook of a game tally knows, else `other`; a file that cannot be read as a workbook is an `input`, so
    that scoring it reports its problem."""
    listed = sheet_list(path)
    if listed is None:
        return "input"
    keys = listed_keys(listed)
    if written_by_tally(path) or keys >= RANKED:  # Clasificación is Standings
        return "standings"
    return "input" if input_game(keys) is not None else "other"


def input_workbooks(folder: Path) -> list[Path]:
    """Every results workbook under the folder (sorted), skipping standings workbooks and Excel lock files."""
    return [p for p in workbook_files(folder) if workbook_role(p) == "input"]


def is_bridge_workbook(path: Path) -> bool:
    """True for a bridge results workbook (by its sheet names)."""
    listed = sheet_list(path)
    return listed is not None and input_game(listed_keys(listed)) is BRIDGE


@dataclass(frozen=True)
class BatchInputs:
    """What `batch` scores in a folder (docs/interchange.md, "Deals"): each event's results file (a results
    workbook, a PBN or USEBIO results file), sorted, with the PBN file of the same name beside it that gives
    a bridge event's deals (None when there is none); and the PBN files of deals only that no event takes."""

    events: list[tuple[Path, Path | None]]
    unused: list[Path]


def batch_inputs(folder: Path, max_unzipped_mb: int) -> BatchInputs:
    """The events under a folder and their deals: every results workbook; every USEBIO file (an XML file of
    another kind is passed over); every PBN file holding results, or that cannot be read (scoring it says
    why), unless it is the deals of a bridge results workbook or USEBIO file of the same name beside it (then
    it is that event's deals, not an event of its own, even when it holds results too)."""
    texts = {p: interchange_role(p, max_unzipped_mb) for p in interchange_files(folder)}
    usebio = [p for p, role in texts.items() if p.suffix.lower() == USEBIO_SUFFIX and role == "results"]
    workbooks = input_workbooks(folder)
    paired = {p: deals_beside(p) for p in [*(w for w in workbooks if is_bridge_workbook(w)), *usebio]}
    taken = {d for d in paired.values() if d is not None}
    pbn = [p for p in texts if p.suffix.lower() == PBN_SUFFIX and p not in taken]
    events = [(p, paired.get(p)) for p in [*workbooks, *usebio]] + [
        (p, None) for p in pbn if texts[p] == "results"
    ]
    return BatchInputs(sorted(events), [p for p in pbn if texts[p] == "deals"])


def standings_workbooks(folder: Path) -> list[Path]:
    """Every standings workbook under the folder (sorted): those with a Standings and a Rules sheet (named in
    any language), whoever saved them last (a standings workbook opened and saved in Excel still counts)."""
    return [p for p in workbook_files(folder) if {sheet_key_of(n) for n in sheet_names(p)} >= RANKED]
