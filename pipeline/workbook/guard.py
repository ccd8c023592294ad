"""Looking inside an xlsx package before the reader parses it: refuse what is hostile, note what misleads.

A workbook is a zip of XML parts. The Rust reader parses cells into a dense grid, so a lone cell at XFD1048576
asks it for billions of cells and aborts the process; a zip bomb or an XML entity bomb does the same with
memory. Every part is therefore unpacked here first, with a cap on the bytes, and each worksheet's XML is
searched (byte searches and a few regular expressions, no XML parser) for:

- hostile shapes, refused outright: a DTD (`<!DOCTYPE`, `<!ENTITY`), which Excel never writes; a used area
  beyond the column or cell limits; a flood of blank formatted rows below the data;
- things that read wrongly and become located problems: formulas saved without a result (the reader sees the
  cached result only), merged cells (only their first cell holds the value).
"""

from __future__ import annotations

import contextlib
import html
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

import numpy as np

from pipeline.errors import InputError, Problem
from pipeline.sheets import column_letters, column_number, normalized_header

EXCEL_MAX_ROWS = 1_048_576
MB = 1_000_000
CHUNK = 1 << 20
_CFB_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
_ENCRYPTED = "EncryptionInfo".encode("utf-16-le")
_VALUE_IN_A = re.compile(rb' r="A\d+"[^>]*>(?:<f[^>]*/>|<f[^>]*>[^<]*</f>)?<(?:v|is)>')
_VALUE_CELL = re.compile(rb' r="([A-Z]+)\d+"[^>]*>(?:<f[^>]*/>|<f[^>]*>[^<]*</f>)?<(?:v|is)>')
_FORMULA_CELL = re.compile(
    rb'<c\b([^>]*?)\br="([A-Z]+)(\d+)"([^>]*)>\s*<f\b[^>]*?(?:/>|>([^<]*)</f>)\s*(<v\s*/>|<v>([^<]*)</v>)?'
)
_MERGE = re.compile(rb'<mergeCell\b[^>]*\bref="([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?"')
_ROW_NUMBER = re.compile(rb'<row\b[^>]*?\br="(\d+)"')
_ATTRIBUTE = re.compile(r'([\w:]+)="([^"]*)"')


@dataclass(frozen=True)
class Limits:
    """How much tally agrees to unpack and read; the unpacked size can be raised from the command line."""

    max_unzipped_mb: int = 1000
    max_columns: int = 702  # A to ZZ
    max_cells: int = 60_000_000  # used rows x used columns, the grid the reader allocates
    max_blank_rows: int = 100_000


@dataclass
class SheetFacts:
    """What the package says about one worksheet that the cell values do not."""

    first_column: int = 0  # 0-based column of the reader's first grid column
    formulas: list[tuple[int, int, str]] = field(default_factory=list)  # (row, column, formula text)
    merged: list[tuple[str, int, int, int]] = field(default_factory=list)  # (range, top, bottom, left column)


def refused(path: Path, problem: str) -> InputError:
    """An InputError for a workbook tally will not read at all."""
    return InputError([Problem(path.name, None, None, None, problem)], source=str(path))


def _not_a_zip(path: Path) -> InputError:
    """Why a file that is not a zip archive cannot be an xlsx workbook."""
    with path.open("rb") as handle:
        start = handle.read(1 << 16)
    if start.startswith(_CFB_MAGIC):
        if _ENCRYPTED in start or b"EncryptedPackage" in start:
            return refused(
                path,
                "is password-protected (encrypted), so tally cannot read it; in Excel choose File > Info > "
                "Protect Workbook > Encrypt with Password, clear the password, save, and run tally again",
            )
        return refused(
            path, "is an Excel 97-2003 workbook (.xls); open it in Excel and save it as an .xlsx workbook"
        )
    return refused(path, "is not an xlsx workbook (not a zip archive)")


def _unpacked(package: zipfile.ZipFile, name: str, budget: list[int], path: Path, cap: int) -> bytes:
    """One part's bytes, counting against the budget of unpacked bytes (headers are not trusted)."""
    pieces = []
    with package.open(name) as stream:
        while chunk := stream.read(CHUNK):
            budget[0] += len(chunk)
            if budget[0] > cap:
                raise _too_big(path, budget[0], cap)
            pieces.append(chunk)
    data = b"".join(pieces)
    if b"<!" in data and (b"<!DOCTYPE" in data or b"<!ENTITY" in data):
        raise refused(
            path,
            f"part {name} declares a DTD (<!DOCTYPE or <!ENTITY), which Excel never writes and which can "
            "expand into gigabytes (an XML entity bomb); refused",
        )
    return data


def _too_big(path: Path, size: int, cap: int) -> InputError:
    """The zip-bomb refusal, with the way to raise the limit for a genuine workbook."""
    packed = path.stat().st_size / MB
    return refused(
        path,
        f"unpacks to more than {size / MB:,.0f} MB from a {packed:,.2f} MB file (a zip bomb?); tally unpacks "
        f"at most {cap / MB:,.0f} MB; if the workbook is genuine, raise the limit with --max-unzipped-mb",
    )


def sheet_parts(package: zipfile.ZipFile, workbook_xml: bytes) -> dict[str, str]:
    """Sheet name as written -> the zip part holding its XML, from workbook.xml and its relationships."""
    try:
        rels = package.read("xl/_rels/workbook.xml.rels").decode("utf-8", "replace")
    except KeyError:
        return {}
    targets = {}
    for tag in re.findall(r"<Relationship\b[^>]*>", rels):  # one per sheet and part
        attrs = dict(_ATTRIBUTE.findall(tag))
        target = attrs.get("Target", "")
        full = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
        targets[attrs.get("Id", "")] = posixpath.normpath(full)
    parts = {}
    for tag in re.findall(r"<sheet\b[^>]*>", workbook_xml.decode("utf-8", "replace")):  # one per sheet
        attrs = dict(_ATTRIBUTE.findall(tag))
        rid = next((v for k, v in attrs.items() if k.endswith(":id")), "")
        if rid in targets:
            parts[html.unescape(attrs.get("name", ""))] = targets[rid]
    return parts


TAG_ENDS = [32, 62, 47, 9, 10, 13]  # space, >, /, tab, newline, carriage return
BLOCK = 1 << 20


def _is_letter(byte: np.ndarray) -> np.ndarray:
    """True for the bytes A-Z and a-z."""
    return ((byte >= 65) & (byte <= 90)) | ((byte >= 97) & (byte <= 122))


def _horner(raw: np.ndarray, at: np.ndarray, width: int, base: int, zero: int) -> int:
    """The largest value of the `width`-character numbers at `at` (base 26 letters or base 10 digits)."""
    value = np.zeros(len(at), dtype=np.int64)
    for k in range(width):  # at most 3 letters or 7 digits
        byte = raw[at + k].astype(np.int64)
        value = value * base + (byte & ~32 if base == 26 else byte) - zero
    return int(value.max(initial=0))


def _refs_fast(raw: np.ndarray, starts: np.ndarray, size: int) -> tuple[int, int]:
    """Largest row and column (1-based) over the cell references `<c r="A1"` opening at `starts`."""
    if not len(starts):
        return 0, 0
    at = starts + 6
    quotes = np.flatnonzero(raw[:size] == 34)
    after = np.searchsorted(quotes, at)
    close = np.where(after < len(quotes), quotes[np.minimum(after, len(quotes) - 1)], -1)
    l1 = _is_letter(raw[at])
    l2 = l1 & _is_letter(raw[at + 1])
    l3 = l2 & _is_letter(raw[at + 2])
    letters = l1.astype(np.int64) + l2 + l3
    digits = close - at - letters
    if (l3 & _is_letter(raw[at + 3])).any():
        return 0, 10**6  # four letters or more: beyond any sheet
    if ((digits < 1) | (digits > 7)).any():
        return 10**9, 0  # no row number, or eight digits or more: beyond any sheet
    wide, tall = letters == letters.max(), digits == digits.max()
    column = _horner(raw, at[wide], int(letters.max()), 26, 64)
    row = _horner(raw, (at + letters)[tall], int(digits.max()), 10, 48)
    return row, column


def _refs_parsed(data: bytes) -> tuple[int, int]:
    """Largest row and column (1-based) the reader will place a cell in, with an XML parser: any quoting,
    spacing, prefix or letter case, and cells or rows without a reference (placed after the previous one)."""
    state = {"row": 0, "col": 0, "max_row": 0, "max_col": 0}

    def start(name: str, attrs: dict[str, str]) -> None:
        local = name.rsplit(":", 1)[-1]
        if local == "row":
            state["row"] = int(attrs["r"]) if attrs.get("r", "").isdigit() else state["row"] + 1
            state["col"] = 0
        elif local == "c":
            ref = re.fullmatch(r"([A-Za-z]+)(\d+)", attrs.get("r", "").strip())
            if ref:
                state["col"] = column_number(ref.group(1).upper()[:4]) + 1
                state["row"] = max(state["row"], int(ref.group(2)))
            else:
                state["col"] += 1
            state["max_row"] = max(state["max_row"], state["row"])
            state["max_col"] = max(state["max_col"], state["col"])

    parser = expat.ParserCreate()  # no namespace processing: a prefix, declared or not, is just a name
    parser.StartElementHandler = start
    with contextlib.suppress(expat.ExpatError):  # the reader reports a malformed sheet itself
        parser.Parse(data, True)
    return state["max_row"], state["max_col"]


def used_area(data: bytes) -> tuple[int, int, str]:
    """Rows and columns the reader's grid will span (an upper bound), and the farthest column's name.

    The fast path reads the references of cells written as Excel writes them (`<c r="B7"`); a sheet with any
    other form (no reference, other quoting or spacing, a namespace prefix) is parsed with expat instead.
    """
    n = len(data)
    raw = np.frombuffer(data + b"\0" * 24, dtype=np.uint8)
    opens = np.flatnonzero((raw[: n - 1] == ord("<")) & (raw[1:n] == ord("c")))
    cells = opens[np.isin(raw[opens + 2], TAG_ENDS)]
    usual = cells[
        (raw[cells + 2] == 32)
        & (raw[cells + 3] == ord("r"))
        & (raw[cells + 4] == 61)
        & (raw[cells + 5] == 34)
    ]
    colons = np.flatnonzero((raw[: n - 1] == ord(":")) & (raw[1:n] == ord("c")))
    prefixed = bool(np.isin(raw[colons + 2], TAG_ENDS).any())
    if len(usual) == len(cells) and not prefixed:
        rows, columns = _refs_fast(raw, usual, n)
    else:
        rows, columns = _refs_parsed(data)
    return rows, columns, column_letters(min(columns, 10**6) - 1) if columns else "A"


def sheet_facts(data: bytes, sheet: str, path: Path, limits: Limits) -> SheetFacts:
    """Refuse a hostile worksheet; otherwise its grid offset, unsaved formulas and merged ranges."""
    last_value = max(data.rfind(b"</v>"), data.rfind(b"</is>"))
    rows = _ROW_NUMBER.findall(data, data.rfind(b"<row ", 0, last_value)) if last_value >= 0 else []
    last_row = int(rows[0]) if rows else 0
    blank_rows = data.count(b"<row ", max(last_value, 0))
    if blank_rows > limits.max_blank_rows:
        raise refused(
            path,
            f"sheet '{sheet}' has {blank_rows:,} blank formatted rows below its last value (row {last_row:,}); "
            f"tally accepts at most {limits.max_blank_rows:,}; select the empty rows below your data, delete "
            "them and save",
        )
    tail = _ROW_NUMBER.findall(data, data.rfind(b"<row "))
    if tail and int(tail[0]) > EXCEL_MAX_ROWS:
        raise refused(path, f"sheet '{sheet}' has a row {int(tail[0]):,}; Excel stops at {EXCEL_MAX_ROWS:,}")
    used_rows, used_columns, far = used_area(data)
    if used_rows > EXCEL_MAX_ROWS:
        raise refused(
            path, f"sheet '{sheet}' has a cell in row {used_rows:,}; Excel stops at {EXCEL_MAX_ROWS:,}"
        )
    if used_columns > limits.max_columns:
        raise refused(
            path,
            f"sheet '{sheet}' uses column {far} (column {used_columns:,}); tally reads at most "
            f"{limits.max_columns} columns (A to ZZ); delete the far columns and save",
        )
    if used_rows * used_columns > limits.max_cells:
        raise refused(
            path,
            f"sheet '{sheet}' spans {used_rows:,} rows by {used_columns:,} columns "
            f"({used_rows * used_columns:,} cells); tally reads at most {limits.max_cells:,}",
        )
    facts = SheetFacts()
    if last_value >= 0 and not _VALUE_IN_A.search(data):
        used = (column_number(m.group(1).decode()) for m in _VALUE_CELL.finditer(data))
        facts.first_column = min(used, default=0)
    if b"<f" in data:
        for m in _FORMULA_CELL.finditer(data):  # formula cells only
            attrs, letters, row, more, formula, v_tag, v_text = m.groups()
            text_result = b't="str"' in attrs + more
            if v_tag is None or (not (v_text or b"").strip() and not text_result):
                shown = html.unescape((formula or b"").decode("utf-8", "replace"))
                facts.formulas.append((int(row), column_number(letters.decode()), f"={shown}"))
    end = data.rfind(b"</sheetData>")
    for m in _MERGE.finditer(data, max(end, 0)):  # merged ranges follow the cells
        left, top, right, bottom = m.groups()
        top_row = int(top)
        ref = left.decode() + top.decode() + (f":{right.decode()}{bottom.decode()}" if right else "")
        facts.merged.append((ref, top_row, int(bottom) if bottom else top_row, column_number(left.decode())))
    return facts


def inspected(path: Path, limits: Limits, sheets: set[str] | None = None) -> dict[str, SheetFacts]:
    """Sheet name -> facts, after refusing a file that is not a safe xlsx package (InputError). With
    `sheets` (normalized names), worksheets that will not be read are neither unpacked nor inspected."""
    if not zipfile.is_zipfile(path):
        raise _not_a_zip(path)
    cap = limits.max_unzipped_mb * MB
    try:
        with zipfile.ZipFile(path) as package:
            infos = package.infolist()
            declared = sum(i.file_size for i in infos)
            if declared > cap:
                raise _too_big(path, declared, cap)
            names = {i.filename for i in infos}
            if "xl/workbook.xml" not in names:
                raise refused(
                    path,
                    "is a zip archive but not an xlsx workbook (it has no xl/workbook.xml); save it from Excel "
                    "as an .xlsx workbook",
                )
            budget = [0]
            xml_parts = [
                i.filename for i in infos if i.filename.endswith((".xml", ".rels")) and not i.is_dir()
            ]
            worksheet = [n.startswith("xl/worksheets/") and not n.endswith(".rels") for n in xml_parts]
            xml = {
                name: _unpacked(package, name, budget, path, cap)
                for name, sheet in zip(xml_parts, worksheet, strict=True)
                if not sheet or sheets is None
            }
            parts = sheet_parts(package, xml["xl/workbook.xml"])
            wanted = {
                part for sheet, part in parts.items() if sheets is None or normalized_header(sheet) in sheets
            }
            for part in wanted - set(xml):  # wanted sheets, under any part name or extension
                if part in names:
                    xml[part] = _unpacked(package, part, budget, path, cap)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as exc:
        raise refused(
            path, f"is damaged and cannot be unpacked ({exc}); open it in Excel and save it again"
        ) from exc
    by_part = {part: sheet for sheet, part in parts.items()}
    return {
        by_part.get(name, name): sheet_facts(data, by_part.get(name, name), path, limits)
        for name, data in xml.items()
        if name in by_part or (name.startswith("xl/worksheets/") and not name.endswith(".rels"))
    }
