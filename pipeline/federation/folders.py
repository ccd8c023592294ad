"""Which workbooks of a folder `batch` scores and `rank` ranks: results workbooks and standings workbooks,
told apart by the games' own declarations (pipeline/games/registry.py)."""

from __future__ import annotations

from pathlib import Path

from pipeline.games.registry import input_game
from pipeline.sheets import normalized_header, sheet_key, sheet_key_of
from pipeline.workbook.files import sheet_names, workbook_files, written_by_tally
from pipeline.workbook.guard import sheet_list
from schemas.ranking import StandingsSheet
from schemas.shared import RulesSheet

RANKED = {sheet_key(StandingsSheet), sheet_key(RulesSheet)}  # the sheets every standings workbook has


def workbook_role(path: Path) -> str:
    """`standings` for a workbook tally wrote (or one with Standings and Rules sheets), `input` for a results
    workbook of a game tally knows, else `other`; a file that cannot be read as a workbook is an `input`, so
    that scoring it reports its problem."""
    listed = sheet_list(path)
    if listed is None:
        return "input"
    names = {normalized_header(s.name) for s in listed}
    if written_by_tally(path) or {sheet_key_of(n) for n in names} >= RANKED:  # Clasificación is Standings
        return "standings"
    return "input" if input_game(names) is not None else "other"


def input_workbooks(folder: Path) -> list[Path]:
    """Every results workbook under the folder (sorted), skipping standings workbooks and Excel lock files."""
    return [p for p in workbook_files(folder) if workbook_role(p) == "input"]


def standings_workbooks(folder: Path) -> list[Path]:
    """Every standings workbook under the folder (sorted): those with a Standings and a Rules sheet (named in
    any language), whoever saved them last (a standings workbook opened and saved in Excel still counts)."""
    return [p for p in workbook_files(folder) if {sheet_key_of(n) for n in sheet_names(p)} >= RANKED]
