"""What tally agrees to read: a workbook file inspected before the reader parses it.

The Rust reader builds a dense grid of cells and aborts the whole process when asked for billions of them
or for more memory than there is; a zip bomb or an XML entity bomb does the same with memory. So before it
sees anything, tally (see `package` for how parts are found and unpacked, `scan` for how a sheet's cells
are placed):

- reads only regular files (a named pipe would block, a device never ends), and says what a file that is
  not an xlsx workbook is (an old .xls, an .xlsb, an .ods, a CSV, a web page) and how to save it;
- unpacks every part it will read under a cap on the bytes, the sizes the zip declares and a ratio of
  unpacked to packed bytes, refusing a DTD (`<!DOCTYPE`, `<!ENTITY`, which Excel never writes);
- refuses a worksheet whose cells would span more columns, rows or cells than the limits, or that is
  mostly empty grid (a few cells far apart), or that holds a flood of blank formatted rows;
- refuses shared strings that announce more strings than they hold (the reader reserves room for them
  all), and two sheets tally would read alike (`Matches` and a hidden `Matches_`);
- hands the reader a canonical copy holding only the parts it inspected.

Formulas saved without a result and merged cells read wrongly and become located problems (the reader sees
only cached values, and only a merge's first cell).
"""

from __future__ import annotations

import hashlib
import os
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from pipeline.i18n import N_, _
from pipeline.problems import InputError, Kind, Problem, UsageError, kind
from pipeline.sheets import column_letters, sheet_key_of
from pipeline.workbook import package as pkg
from pipeline.workbook.limits import Limits
from pipeline.workbook.scan import EXCEL_MAX_ROWS, Extent, OddSheet, SheetFacts, SheetScan, plain_extent

MB = 1_000_000
_STRINGS_START = 1 << 16  # the shared strings' start tag is within this many bytes
_SST = re.compile(rb"<(?:[\w.-]+:)?sst\b[^>]*?\buniqueCount\s*=\s*[\"'](\d+)[\"']")

KIND_WORDS = {
    "empty": N_("is empty (0 bytes), not an xlsx workbook; was it saved completely?"),
    "truncated": N_(
        "is damaged: a zip archive cut short (an interrupted copy or download?); copy or download it again"
    ),
    "encrypted": N_(
        "is password-protected (encrypted), so tally cannot read it; in Excel choose File > Info > "
        "Protect Workbook > Encrypt with Password, clear the password, save, and run tally again"
    ),
    "xls": N_("is an Excel 97-2003 workbook (.xls); open it in Excel and save it as an .xlsx workbook"),
    "html": N_(
        "is a web page (HTML) saved with a spreadsheet name, not an xlsx workbook; open it in Excel and "
        "save it as an .xlsx workbook"
    ),
    "xml2003": N_(
        "is an Excel 2003 XML spreadsheet, not an xlsx workbook; open it in Excel and save it as an "
        ".xlsx workbook"
    ),
    "pdf": N_("is a PDF document, not an xlsx workbook; tally reads the workbook the results were typed in"),
    "text": N_(
        "is a text file (a CSV?), not an xlsx workbook; open it in Excel and save it as an .xlsx workbook"
    ),
    "unknown": N_("is not an xlsx workbook (not a zip archive)"),
    "xlsb": N_("is an Excel binary workbook (.xlsb); open it in Excel and save it as an .xlsx workbook"),
    "ods": N_(
        "is an OpenDocument spreadsheet (.ods); open it in LibreOffice or Excel and save it as an Excel "
        "workbook (.xlsx)"
    ),
    "docx": N_(
        "is a Word document, not an xlsx workbook; tally reads the workbook the results were typed in"
    ),
    "pptx": N_(
        "is a PowerPoint presentation, not an xlsx workbook; tally reads the workbook the results were "
        "typed in"
    ),
    "zip": N_(
        "is a zip archive but not an xlsx workbook (it has no workbook part); save it from Excel as an .xlsx "
        "workbook"
    ),
}


@dataclass
class Inspected:
    """A workbook file that passed inspection: its sheets, the facts of those to read, the reader's copy."""

    sheets: list[pkg.SheetEntry]  # every sheet the workbook lists, in order
    facts: dict[str, SheetFacts]  # by sheet name, for the worksheets copied for the reader
    source: bytes | str  # the reader's copy: its bytes, or a temporary file's path
    digest: str  # the SHA-256 of the file's bytes, as read


CANNOT_OPEN = kind(
    "F111",
    "the file cannot be opened (no permission)",
    example="event.xlsx: cannot be opened (Permission denied)",
)
CHANGED = kind(
    "F112",
    "the file changed while tally was reading it",
    example="event.xlsx: changed while tally was reading it; save it, close it and run tally again",
)
DTD = kind("F113", "a part declares a DTD, which Excel never writes (an XML entity bomb)")
STRINGS_BOMB = kind("F114", "the shared strings announce more strings than they hold (a memory bomb)")
EMPTY_SHEET_PART = kind("F115", "a worksheet part is empty (0 bytes)")
ODD_SHEET = kind(
    "F116",
    "a worksheet's XML places a cell nowhere tally can read, or is not well formed",
    example="event.xlsx: has a worksheet (xl/worksheets/sheet1.xml) that holds a cell reference 'A0' that names no cell (Excel writes A1 to XFD1048576); open it in Excel and save it again",
)
ODD_FORM_TOO_BIG = kind(
    "F117",
    "a worksheet in an unusual form has too many cells to check",
    example="event.xlsx: has a worksheet (xl/worksheets/sheet1.xml) written in an unusual form (cells without references, comments or other quoting) with more than 2,000,000 cells, too many for tally to check; open it in Excel and save it again",
)
SHEETS_ALIKE = kind(
    "F118",
    "two sheets that tally reads as the same sheet (case, spaces and _ aside, or one sheet's two names)",
)
BLANK_ROWS = kind("F119", "a flood of blank formatted rows below the last value")
ROW_BEYOND = kind("F120", "a cell beyond Excel's last row")
COLUMN_BEYOND = kind("F121", "a cell beyond column ZZ")
GRID_TOO_BIG = kind("F122", "a sheet spans more cells than tally reads")
GRID_SPARSE = kind(
    "F123", "a sheet spans millions of cells that hold almost no values (a cell far from the others)"
)


def refused(path: Path, problem: str, found: Kind) -> InputError:
    """An InputError for a workbook tally will not read at all."""
    return InputError([Problem.of(found, path.name, None, None, None, problem)], source=str(path))


def file_digest(handle: BinaryIO) -> str:
    """The SHA-256 of the open file's bytes."""
    handle.seek(0)
    digest = hashlib.sha256()
    while chunk := handle.read(1 << 20):
        digest.update(chunk)
    return digest.hexdigest()


def file_stamp(handle: BinaryIO) -> tuple[int, int]:
    """The open file's size and modification time (ns): if either moves while it is read, it was saved
    into meanwhile."""
    stat = os.fstat(handle.fileno())
    return stat.st_size, stat.st_mtime_ns


@contextmanager
def inspected(path: Path, limits: Limits, sheets: set[str] | None = None) -> Iterator[Inspected]:
    """The inspected workbook, with the reader's copy alive until the block ends; InputError for a file
    tally will not read, UsageError for a path that is not a file. With `sheets` (normalized names), only
    those worksheets are unpacked, inspected and copied."""
    try:
        handle = pkg.opened_regular(path)
    except FileNotFoundError:
        raise UsageError(_("{path}: no such file", path=path)) from None
    except ValueError as exc:
        raise UsageError(_("{path} is {kind}, not a workbook file", path=path, kind=exc)) from None
    except OSError as exc:
        why = _("cannot be opened ({reason})", reason=exc.strerror or exc)
        raise refused(path, why, CANNOT_OPEN) from None
    with handle:
        before = file_stamp(handle)
        try:
            found = _inspected(handle, before[0], limits, sheets)
        except pkg.Refusal as exc:
            raise refused(path, str(exc), exc.kind) from None
        except (OSError, OddSheet) as exc:
            why = _("cannot be read ({error}); open it in Excel and save it again", error=exc)
            raise refused(path, why, pkg.DAMAGED) from None
        after = file_stamp(handle)
    try:
        if after != before:
            raise refused(
                path, _("changed while tally was reading it; save it, close it and run tally again"), CHANGED
            )
        yield found[0]
    finally:
        found[1].close()


def _inspected(
    handle: BinaryIO, size: int, limits: Limits, wanted: set[str] | None
) -> tuple[Inspected, pkg.Copy]:
    """The inspection of an open file (Refusal on anything tally will not read) and the reader's copy."""
    cap = limits.max_unzipped_mb * MB
    if size > cap:
        raise pkg.Refusal(
            pkg.TOO_BIG,
            _(
                "is a {size} MB file; tally reads workbooks of at most {cap} MB unpacked; if it is genuine, "
                "raise the limit with --max-unzipped-mb",
                size=f"{size / MB:,.0f}",
                cap=f"{cap / MB:,.0f}",
            ),
        )
    digest = file_digest(handle)
    if not pkg.is_zip(handle):
        found = pkg.file_kind(handle)
        raise pkg.Refusal(pkg.PASSWORD if found == "encrypted" else pkg.NOT_A_WORKBOOK, _(KIND_WORDS[found]))
    count = pkg.entry_count(handle)
    if count > pkg.MAX_ENTRIES:
        raise pkg.Refusal(
            pkg.TOO_MANY_PARTS,
            _("holds {count} parts; an Excel workbook holds a few dozen (a zip bomb?)", count=f"{count:,}"),
        )
    infos = _zip_directory(handle)
    declared = sum(i.file_size for i in infos)
    if declared > cap:
        raise pkg.Refusal(
            pkg.TOO_BIG,
            _(
                "unpacks to more than {declared} MB from a {size} MB file (a zip bomb?); tally unpacks at most "
                "{cap} MB; if the workbook is genuine, raise the limit with --max-unzipped-mb",
                declared=f"{declared / MB:,.0f}",
                size=f"{size / MB:,.2f}",
                cap=f"{cap / MB:,.0f}",
            ),
        )
    table = pkg.part_table(infos)
    other = pkg.zip_kind([i.filename for i in infos])
    if other != "zip":  # another program's file (.xlsb, .ods, .docx): say so before reading its parts
        raise pkg.Refusal(pkg.NOT_A_WORKBOOK, _(KIND_WORDS[other]))
    budget = pkg.Budget(cap, limits.max_inflate_ratio)
    try:
        book = pkg.book_of(handle, table, pkg.workbook_part(handle, table, budget), budget)
    except LookupError:
        said = _(KIND_WORDS[pkg.zip_kind([i.filename for i in infos])])
        raise pkg.Refusal(pkg.NOT_A_WORKBOOK, said) from None
    read = [s for s in book.sheets if s.part and (wanted is None or sheet_key_of(s.name) in wanted)]
    _refuse_clashes(read)
    parts = list(dict.fromkeys(s.part for s in read if s.part))
    copied = [p for p in (book.styles, book.strings, *parts) if p]
    copy = pkg.Copy(sum(table[pkg.ascii_folded(p)].file_size for p in copied))
    try:
        listed = [(s.name, s.state) for s in read]
        for name, text in pkg.canonical_parts(book, listed):
            copy.write(name, text)
        for shared, name in ((book.styles, "xl/styles.xml"), (book.strings, "xl/sharedStrings.xml")):
            if shared:
                _copied(handle, table[pkg.ascii_folded(shared)], budget, copy, name)
        facts_of = {
            part: _sheet_facts(handle, table[pkg.ascii_folded(part)], budget, copy, limits, i)
            for i, part in enumerate(parts, 1)  # each worksheet part once
        }
        facts = {s.name: facts_of[s.part] for s in read if s.part}
        for s in read:  # the limits, sheet by sheet
            _refuse_shape(s.name, facts[s.name], limits)
        return Inspected(book.sheets, facts, copy.source(), digest), copy
    except BaseException:
        copy.close()
        raise


def _zip_directory(handle: BinaryIO) -> list[zipfile.ZipInfo]:
    """The zip directory's entries; Refusal when it cannot be parsed."""
    try:
        with zipfile.ZipFile(handle) as archive:
            return archive.infolist()
    except (zipfile.BadZipFile, EOFError, ValueError, struct.error, NotImplementedError, zlib.error) as exc:
        raise pkg.damaged(f"its zip directory cannot be read: {exc}") from None


def _refuse_clashes(read: list[pkg.SheetEntry]) -> None:
    """Refuse two sheets tally reads alike (names equal but for case, spaces and `_`, or two names of one sheet:
    `Matches` and `Partidas`)."""
    seen: dict[str, pkg.SheetEntry] = {}
    for sheet in read:  # a handful of sheets
        key = sheet_key_of(sheet.name)
        if key in seen:
            first = seen[key]
            hidden = [_("'{sheet}' is hidden", sheet=s.name) for s in (first, sheet) if s.state != "visible"]
            raise pkg.Refusal(
                SHEETS_ALIKE,
                _(
                    "has two sheets that tally reads as the same sheet, '{first}' and '{second}'{hidden}; delete "
                    "the one that is not current, or rename it so that it differs by more than letter case, "
                    "spaces and '_'",
                    first=first.name,
                    second=sheet.name,
                    hidden=f" ({', '.join(hidden)})" if hidden else "",
                ),
            )
        seen[key] = sheet


class _DtdWatch:
    """Refuses a DTD anywhere in a part fed in pieces."""

    def __init__(self, part: str) -> None:
        self.part, self.tail = part, b""

    def feed(self, piece: bytes) -> None:
        """Look at the next piece (with the end of the previous one)."""
        data = self.tail + piece
        if b"<!" in data and (b"<!DOCTYPE" in data or b"<!ENTITY" in data):
            raise pkg.Refusal(
                DTD,
                _(
                    "part {part} declares a DTD (<!DOCTYPE or <!ENTITY), which Excel never writes and which can "
                    "expand into gigabytes (an XML entity bomb); refused",
                    part=self.part,
                ),
            )
        self.tail = data[-8:]


def _copied(handle: BinaryIO, info: zipfile.ZipInfo, budget: pkg.Budget, copy: pkg.Copy, name: str) -> None:
    """Copy a shared part (styles, shared strings) into the reader's copy, checked on the way."""
    watch = _DtdWatch(info.filename)
    strings = name.endswith("sharedStrings.xml")
    head, items, tail = b"", 0, b""
    with copy.stream(name) as out:
        for piece in pkg.inflated(handle, info, budget):
            watch.feed(piece)
            if strings:
                if len(head) < _STRINGS_START:
                    head += piece[: _STRINGS_START - len(head)]
                data = tail + piece
                items += data.count(b"<si>") + data.count(b"<si ") + data.count(b":si>") + data.count(b":si ")
                tail = data[-4:]
            out.write(piece)
    declared = _SST.search(head) if strings else None
    if declared and int(declared.group(1)) > items:
        raise pkg.Refusal(
            STRINGS_BOMB,
            _(
                "declares {declared} shared strings in {part} but holds {items} (a memory bomb: the reader would "
                "reserve room for them all); open it in Excel and save it again",
                declared=f"{int(declared.group(1)):,}",
                part=info.filename,
                items=f"{items:,}",
            ),
        )


def _sheet_facts(
    handle: BinaryIO, info: zipfile.ZipInfo, budget: pkg.Budget, copy: pkg.Copy, limits: Limits, number: int
) -> SheetFacts:
    """Copy a worksheet part into the reader's copy as sheet<number>.xml, scanning it on the way; one in an
    unusual form is unpacked again and its cells placed by the plain rule."""
    scan, watch = SheetScan(), _DtdWatch(info.filename)
    with copy.stream(f"xl/worksheets/sheet{number}.xml") as out:
        for piece in pkg.inflated(handle, info, budget):
            watch.feed(piece)
            scan.feed(piece)
            out.write(piece)
    facts = scan.close()
    if info.file_size == 0:
        raise pkg.Refusal(
            EMPTY_SHEET_PART,
            _(
                "has an empty worksheet part ({part}, 0 bytes); open it in Excel and save it again",
                part=info.filename,
            ),
        )
    if facts.plain:  # an unusual form: place the cells by the plain rule, with a parser
        again = pkg.Budget(budget.cap, budget.ratio)
        try:
            facts.extent = plain_extent(pkg.inflated(handle, info, again), limits.max_odd_cells)
        except OddSheet as exc:
            raise pkg.Refusal(
                ODD_SHEET,
                _(
                    "has a worksheet ({part}) that {fault}; open it in Excel and save it again",
                    part=info.filename,
                    fault=exc,
                ),
            ) from None
        except ValueError:
            raise pkg.Refusal(
                ODD_FORM_TOO_BIG,
                _(
                    "has a worksheet ({part}) written in an unusual form (cells without references, comments or "
                    "other quoting) with more than {most} cells, too many for tally to check; open it in Excel "
                    "and save it again",
                    part=info.filename,
                    most=f"{limits.max_odd_cells:,}",
                ),
            ) from None
    return facts


def _refuse_shape(sheet: str, facts: SheetFacts, limits: Limits) -> None:
    """Refuse a worksheet whose grid is too big, too sparse, or trails a flood of blank formatted rows."""
    if facts.blank_rows > limits.max_blank_rows:
        raise pkg.Refusal(
            BLANK_ROWS,
            _(
                "sheet '{sheet}' has {blank} blank formatted rows below its last value (row {row}); tally "
                "accepts at most {most}; select the empty rows below your data, delete them and save",
                sheet=sheet,
                blank=f"{facts.blank_rows:,}",
                row=f"{facts.value_row:,}",
                most=f"{limits.max_blank_rows:,}",
            ),
        )
    extent: Extent = facts.extent
    if extent.rows > EXCEL_MAX_ROWS:
        raise pkg.Refusal(
            ROW_BEYOND,
            _(
                "sheet '{sheet}' has a cell in row {row}; Excel stops at {last}",
                sheet=sheet,
                row=f"{extent.rows:,}",
                last=f"{EXCEL_MAX_ROWS:,}",
            ),
        )
    if extent.columns > limits.max_columns:
        far = column_letters(min(extent.columns, 10**6) - 1)
        raise pkg.Refusal(
            COLUMN_BEYOND,
            _(
                "sheet '{sheet}' uses column {far} (column {number}); tally reads at most {most} columns (A to "
                "ZZ); delete the far columns and save",
                sheet=sheet,
                far=far,
                number=f"{extent.columns:,}",
                most=limits.max_columns,
            ),
        )
    grid = extent.rows * extent.columns
    if grid > limits.max_cells:
        raise pkg.Refusal(
            GRID_TOO_BIG,
            _(
                "sheet '{sheet}' spans {rows} rows by {columns} columns ({cells} cells); tally reads at most "
                "{most}",
                sheet=sheet,
                rows=f"{extent.rows:,}",
                columns=f"{extent.columns:,}",
                cells=f"{grid:,}",
                most=f"{limits.max_cells:,}",
            ),
        )
    if grid > limits.free_cells and grid > limits.max_sparsity * max(facts.values, 1):
        raise pkg.Refusal(
            GRID_SPARSE,
            _(
                "sheet '{sheet}' spans {rows} rows by {columns} columns ({cells} cells) but only {values} of them "
                "hold a value; a cell far from the others (down to row {rows}, across to column {far}) makes "
                "the grid this big: delete it and save",
                sheet=sheet,
                rows=f"{extent.rows:,}",
                columns=f"{extent.columns:,}",
                cells=f"{grid:,}",
                values=f"{facts.values:,}",
                far=column_letters(extent.columns - 1),
            ),
        )


def _listing(path: Path) -> tuple[pkg.Book, BinaryIO, dict[str, zipfile.ZipInfo], pkg.Budget] | None:
    """What a workbook file lists, read under the guard's limits on the few small parts it needs (the
    handle is left open for the caller); None for a file that is not a readable workbook."""
    handle = None
    try:
        handle = pkg.opened_regular(path)
        if not pkg.is_zip(handle) or pkg.entry_count(handle) > pkg.MAX_ENTRIES:
            handle.close()
            return None
        table = pkg.part_table(_zip_directory(handle))
        budget = pkg.Budget(4 * pkg.MAX_SMALL_PART, Limits().max_inflate_ratio)
        return (
            pkg.book_of(handle, table, pkg.workbook_part(handle, table, budget), budget),
            handle,
            table,
            budget,
        )
    except (pkg.Refusal, OSError, ValueError, LookupError):
        if handle is not None:
            handle.close()
        return None


def sheet_list(path: Path) -> list[pkg.SheetEntry] | None:
    """The sheets a workbook file lists (names and states, no cells read); None for a file that is not a
    readable workbook."""
    listing = _listing(path)
    if listing is None:
        return None
    listing[1].close()
    return listing[0].sheets
