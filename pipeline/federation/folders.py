"""Which files of a folder `batch` scores and `rank` ranks: results workbooks and standings workbooks, told
apart by the games' own declarations (pipeline/games/registry.py); PBN and USEBIO results files, and the PBN
files of deals beside a bridge event's results."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pipeline.games.bridge.sources import deals_beside, interchange_role
from pipeline.games.registry import BRIDGE, input_game
from pipeline.i18n import N_, _
from pipeline.problems import Kind, Problem, kind
from pipeline.sheets import normalized_header, sheet_key, sheet_key_of
from pipeline.workbook.files import (
    MANIFEST,
    interchange_files,
    is_workbook_name,
    parquet_written_by_tally,
    sheet_names,
    workbook_files,
    written_by_tally,
)
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


NOT_RESULTS = kind(
    "F130",
    "batch: a workbook that is no game's results workbook (its sheets are named): not scored",
    "warning",
    example="budget.xlsx: skipped: a workbook whose sheets (Sheet1, Costs) are no results: a results workbook has a Matches (domino) or Results (bridge) sheet",
)
OWN_OUTPUT = kind(
    "F131",
    "batch: a file tally wrote (standings, a ranking, the manifest, Parquet tables): not scored",
    "warning",
    example="club-standings.xlsx: skipped: standings tally wrote",
)
LOCK_FILE = kind(
    "F132",
    "batch: Excel's lock file of an open workbook (~$...): not scored",
    "warning",
    example="~$club.xlsx: skipped: Excel's lock file of club.xlsx, open in Excel",
)
DUPLICATE = kind(
    "F133",
    "batch: a results file with the same bytes as another of the batch: scored once",
    "warning",
    example="copy of club.xlsx: skipped: the same bytes as club.xlsx, which is scored",
)
NOT_READ = kind(
    "F134",
    "batch: a file of a kind tally does not read (its kind is named): not scored",
    "warning",
    example="night.csv: skipped: a CSV file (text): tally reads results from .xlsx workbooks, PBN and USEBIO files; open it in Excel and save it as a workbook (.xlsx)",
)
HIDDEN = kind(
    "F135",
    "batch: a hidden file (its name starts with a dot): not scored",
    "warning",
    example=".DS_Store: skipped: a hidden file",
)
# what a file that tally does not read looks like, by its suffix (the F134 text)
LOOKS_LIKE = {
    ".csv": N_(
        "a CSV file (text): tally reads results from .xlsx workbooks, PBN and USEBIO files; open it in Excel and save it as a workbook (.xlsx)"
    ),
    ".xls": N_("an Excel 97-2003 workbook (.xls): open it in Excel and save it as a workbook (.xlsx)"),
    ".xlsm": N_("a workbook with macros (.xlsm): save it as a workbook (.xlsx)"),
    ".ods": N_("an OpenDocument spreadsheet (.ods): save it as an Excel workbook (.xlsx)"),
    ".xml": N_("an XML file that is not USEBIO"),
}


@dataclass(frozen=True)
class BatchInputs:
    """What `batch` scores in a folder (docs/interchange.md, "Deals"): each event's results file (a results
    workbook, a PBN or USEBIO results file), sorted, with the PBN file of the same name beside it that gives
    a bridge event's deals (None when there is none); the PBN files of deals only that no event takes; and
    every other file, with why it is not scored."""

    events: list[tuple[Path, Path | None]]
    unused: list[Path]
    skipped: list[Problem] = field(default_factory=list)


def searched_files(folder: Path, outputs: tuple[Path, ...] = ()) -> list[Path]:
    """Every file under the folder (sorted), except in folders whose name starts with a dot (.git) and in
    the folders the batch writes to (`outputs`, where they lie inside it)."""
    inside = [o.resolve() for o in outputs]
    return sorted(
        p
        for p in folder.rglob("*")
        if not p.is_dir()
        and not any(part.startswith(".") for part in p.relative_to(folder).parent.parts)
        and not any(p.resolve().is_relative_to(o) for o in inside)
    )


def output_folders_inside(folder: Path, outputs: tuple[Path, ...]) -> list[Problem]:
    """One F131 line for each folder the batch writes to that lies inside the folder searched (its files are
    tally's own, and not searched)."""
    home = folder.resolve()
    return [
        Problem.of(
            OWN_OUTPUT,
            o.resolve().relative_to(home).as_posix() + "/",
            None,
            None,
            None,
            _("skipped: {why}", why=_("the folder this batch writes to")),
        )
        for o in outputs
        if o.exists() and o.resolve() != home and o.resolve().is_relative_to(home)
    ]


def skipped_file(path: Path, folder: Path, role: str | None) -> Problem | None:
    """Why a file of a batch folder is not scored (None when it is an event, or a deals file): its `role` is
    `workbook_role` for a workbook and `interchange_role` for a PBN or USEBIO file (None for any other)."""
    name = path.relative_to(folder).as_posix()

    def skip(found: Kind, text: str) -> Problem:
        """The skip as a problem, named by the file's path in the folder."""
        return Problem.of(found, name, None, None, None, _("skipped: {why}", why=text))

    if path.name.startswith("~$"):
        return skip(LOCK_FILE, _("Excel's lock file of {name}, open in Excel", name=path.name[2:]))
    if path.name == MANIFEST:
        return skip(OWN_OUTPUT, _("the batch manifest tally wrote"))
    if path.name.startswith("."):
        return skip(HIDDEN, _("a hidden file"))
    if role == "standings":
        if written_by_tally(path):
            return skip(OWN_OUTPUT, _("standings tally wrote"))
        return skip(
            OWN_OUTPUT,
            _("a standings workbook (Standings and Rules sheets), saved again since tally wrote it"),
        )
    if role == "other" and is_workbook_name(path):
        sheets = ", ".join(s.name for s in sheet_list(path) or []) or _("none")
        return skip(
            NOT_RESULTS,
            _(
                "a workbook whose sheets ({sheets}) are no results: a results workbook has a Matches (domino) or "
                "Results (bridge) sheet",
                sheets=sheets,
            ),
        )
    if role in ("input", "results", "deals"):
        return None
    suffix = path.suffix.lower()
    if suffix == ".parquet" and parquet_written_by_tally(path):
        return skip(OWN_OUTPUT, _("a Parquet table tally wrote"))
    looks = LOOKS_LIKE.get(suffix)
    if looks:
        what = _(looks)
    elif suffix:
        what = _("a {suffix} file: not a results file", suffix=suffix)
    else:
        what = _("a file without a suffix: not a results file")
    return skip(NOT_READ, what)


def batch_inputs(folder: Path, max_unzipped_mb: int, outputs: tuple[Path, ...] = ()) -> BatchInputs:
    """The events under a folder and their deals: every results workbook; every USEBIO file (an XML file of
    another kind is passed over); every PBN file holding results, or that cannot be read (scoring it says
    why), unless it is the deals of a bridge results workbook or USEBIO file of the same name beside it (then
    it is that event's deals, not an event of its own, even when it holds results too); every other file
    with why it is skipped (`skipped_file`); nothing inside the `outputs` folders (the batch's own)."""
    texts = {p: interchange_role(p, max_unzipped_mb) for p in interchange_files(folder)}
    usebio = [p for p, role in texts.items() if p.suffix.lower() == USEBIO_SUFFIX and role == "results"]
    roles: dict[Path, str | None] = {p: workbook_role(p) for p in workbook_files(folder)}
    workbooks = [p for p, role in roles.items() if role == "input"]
    paired = {p: deals_beside(p) for p in [*(w for w in workbooks if is_bridge_workbook(w)), *usebio]}
    taken = {d for d in paired.values() if d is not None}
    pbn = [p for p in texts if p.suffix.lower() == PBN_SUFFIX and p not in taken]
    events = [(p, paired.get(p)) for p in [*workbooks, *usebio]] + [
        (p, None) for p in pbn if texts[p] == "results"
    ]
    unused = [p for p in pbn if texts[p] == "deals"]
    roles |= dict(texts)
    skipped = output_folders_inside(folder, outputs) + [
        found
        for p in searched_files(folder, outputs)
        if p not in unused and (found := skipped_file(p, folder, roles.get(p))) is not None
    ]
    return BatchInputs(sorted(events), unused, skipped)


def standings_workbooks(folder: Path) -> list[Path]:
    """Every standings workbook under the folder (sorted): those with a Standings and a Rules sheet (named in
    any language), whoever saved them last (a standings workbook opened and saved in Excel still counts)."""
    return [p for p in workbook_files(folder) if {sheet_key_of(n) for n in sheet_names(p)} >= RANKED]
