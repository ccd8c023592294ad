"""An xlsx package opened the way Excel opens it: its parts by name, their relationships, each part inflated
under limits.

An xlsx file is a zip of parts (ECMA-376 Part 2, Open Packaging Conventions). tally resolves the parts
itself, by these rules:

- every zip entry name must be a valid part name: segments separated by `/`, none empty, `.` or `..`, no
  backslash; part names are compared ignoring ASCII case, so two entries that differ only in case (or an
  entry stored twice) name one part twice: refused, since no one can say which one a reader would take;
- the workbook part is the target of the `officeDocument` relationship in `_rels/.rels`; its sheets, styles
  and shared strings are the targets of its own relationships (`xl/_rels/workbook.xml.rels`); a target is
  resolved against the folder of the part that names it (RFC 3986: `worksheets/sheet1.xml`, `/xl/x.xml`,
  `./a/../b.xml` all work), whatever quotes or namespace prefixes the XML uses;
- a part is inflated here, in pieces: at most `max_unzipped_mb` in all, never more than the package
  declares for it, and, past its first 100 KiB, at most `max_inflate_ratio` unpacked bytes per packed byte
  (Apache POI's `ZipSecureFile` defaults: 100:1 after 100 KiB), so a zip bomb is refused before it is
  unpacked, in bounded memory.

The reader is then handed a canonical copy (`canonical_package`) holding only the parts that were inspected,
under fixed names, with the workbook and relationship parts written anew: it cannot read anything tally did
not check.
"""

from __future__ import annotations

import io
import os
import posixpath
import stat
import struct
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO
from urllib.parse import unquote
from xml.parsers import expat
from xml.sax.saxutils import quoteattr

from pipeline.i18n import N_, _
from pipeline.problems import Kind, kind

MB = 1_000_000
RAW_CHUNK = 1 << 16  # packed bytes fed to the inflater at a time
PIECE = 1 << 20  # the most unpacked bytes produced at a time
GRACE = 100 * 1024  # unpacked bytes of a part before its ratio is checked (POI's GRACE_ENTRY_SIZE)
MAX_ENTRIES = 10_000  # zip entries; a workbook has a few dozen
MAX_SMALL_PART = 16 * MB  # the workbook and relationship parts are parsed whole
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_CFB_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
# the names tally reads in the workbook part and the relationships (ECMA-376): a relationship's target, a
# `<sheet>` element, its name and its relationship id (`r:id`)
_TARGET, _SHEET, _NAME, _ID = "Target", "sheet", "name", "id"


NOT_A_WORKBOOK = kind("F101", "the file is not an xlsx workbook (the message says what it is and what to do)")
PASSWORD = kind("F102", "the workbook is password-protected (encrypted)")
DAMAGED = kind(
    "F103", "the workbook is damaged (a part cut short, a bad checksum, XML that is not well formed)"
)
PART_NAME = kind("F104", "a part has a name that is not a valid part name in an Office package")
PART_TWICE = kind("F105", "a part is stored twice (the same name, or names differing only in letter case)")
TOO_BIG = kind("F106", "the workbook unpacks to more than the size limit (--max-unzipped-mb)")
LYING_SIZE = kind("F107", "a part unpacks to more than the zip directory declares for it (a zip bomb)")
RATIO = kind("F108", "a part unpacks to more than 100 times its packed size (a zip bomb)")
TOO_MANY_PARTS = kind(
    "F109",
    "the package holds more parts than any workbook does",
    example="event.xlsx: holds 20,000 parts; an Excel workbook holds a few dozen (a zip bomb?)",
)
BIG_PART = kind(
    "F110",
    "a workbook or relationship part is far larger than Excel writes one",
    example="event.xlsx: has a part xl/workbook.xml of 40 MB; Excel writes it in a few KB",
)


class Refusal(Exception):
    """The package cannot be read safely: the kind of refusal, and why in words for the organizer."""

    def __init__(self, found: Kind, message: str) -> None:
        super().__init__(message)
        self.kind = found


def damaged(detail: str) -> Refusal:
    """The refusal of a damaged package, saying what is wrong and what to do."""
    return Refusal(
        DAMAGED,
        _(
            "is damaged ({detail}); open it in Excel, which may offer to repair it, and save it again",
            detail=detail,
        ),
    )


@dataclass(frozen=True)
class SheetEntry:
    """A sheet as the workbook part lists it."""

    name: str
    state: str  # visible, hidden or veryHidden
    part: str | None  # the zip entry of a worksheet; None for chart, dialog and macro sheets


@dataclass(frozen=True)
class Book:
    """What the workbook part and its relationships say: the sheets in order, and the shared parts."""

    sheets: list[SheetEntry]
    styles: str | None
    strings: str | None
    date1904: bool


def ascii_folded(name: str) -> str:
    """A part name in the form OPC compares names: ASCII letters in lower case, nothing else changed."""
    return name.translate(_ASCII_LOWER)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def opened_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """The file opened for reading if it is a regular file (never blocks on a FIFO); ValueError naming
    what it is otherwise."""
    kind = _special_kind(os.stat(path).st_mode)
    if kind:
        raise ValueError(kind)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    kind = _special_kind(os.fstat(fd).st_mode)  # the file may have been swapped since the stat
    if kind:
        os.close(fd)
        raise ValueError(kind)
    return os.fdopen(fd, "rb")


def _special_kind(mode: int) -> str:
    """'' for a regular file, else what it is in words."""
    if stat.S_ISREG(mode):
        return ""
    for test, words in (
        (stat.S_ISDIR, N_("a folder")),
        (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
        (stat.S_ISCHR, N_("a device")),
        (stat.S_ISBLK, N_("a device")),
        (stat.S_ISSOCK, N_("a socket")),
    ):
        if test(mode):
            return _(words)
    return _("not a regular file")


def is_zip(handle: BinaryIO) -> bool:
    """True when the file ends with a zip directory (the test zipfile makes)."""
    handle.seek(0)
    return zipfile.is_zipfile(handle)


def file_kind(handle: BinaryIO) -> str:
    """What a file that is not an xlsx zip looks like, from its first bytes: `empty`, `truncated` (a zip cut
    short), `encrypted`, `xls`, `html`, `xml2003`, `pdf`, `text` or `unknown`."""
    handle.seek(0)
    start = handle.read(1 << 16)
    if not start:
        return "empty"
    if start.startswith(b"PK\x03\x04"):
        return "truncated"
    if start.startswith(_CFB_MAGIC):
        encrypted = "EncryptionInfo".encode("utf-16-le") in start or b"EncryptedPackage" in start
        return "encrypted" if encrypted else "xls"
    head = start[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith(b"%pdf"):
        return "pdf"
    if head.startswith((b"<html", b"<!doctype html", b"<table", b"<meta")) or b"<html" in head[:512]:
        return "html"
    if b"urn:schemas-microsoft-com:office:spreadsheet" in start:
        return "xml2003"
    try:
        start[:4096].decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < 4090:  # not a character cut at the end of the sample
            return "unknown"
    return "text"


def zip_kind(names: list[str]) -> str:
    """What another program's zip is, from its entry names: `xlsb`, `ods`, `docx`, `pptx`, or `zip` for a
    zip that may be an xlsx workbook."""
    folded = {ascii_folded(n) for n in names}
    if "xl/workbook.xml" in folded:
        return "zip"
    if any(n.endswith("workbook.bin") for n in folded):
        return "xlsb"
    if "mimetype" in folded or "content.xml" in folded:
        return "ods"
    if any(n.startswith("word/") for n in folded):
        return "docx"
    if any(n.startswith("ppt/") for n in folded):
        return "pptx"
    return "zip"


def entry_count(handle: BinaryIO) -> int:
    """How many entries the zip directory declares, read from its end record before any entry is parsed."""
    handle.seek(0, os.SEEK_END)
    size = handle.tell()
    handle.seek(max(0, size - (1 << 16) - 22))
    tail = handle.read()
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) < at + 22:
        return 0
    count = struct.unpack("<H", tail[at + 10 : at + 12])[0]
    locator = tail.rfind(_EOCD64_LOCATOR, 0, at)
    if count == 0xFFFF and locator >= 0 and len(tail) >= locator + 20:
        offset = struct.unpack("<Q", tail[locator + 8 : locator + 16])[0]
        handle.seek(offset)
        record = handle.read(56)
        if record[:4] == b"PK\x06\x06" and len(record) == 56:
            count = struct.unpack("<Q", record[32:40])[0]
    return int(count)


def valid_part_name(name: str) -> bool:
    """True for a zip entry name that is a valid part name (a folder entry may end with `/`)."""
    stem = name[:-1] if name.endswith("/") else name
    segments = stem.split("/")
    return (
        bool(stem)
        and "\\" not in stem
        and "\0" not in stem
        and all(s not in ("", ".", "..") for s in segments)
    )


def part_table(infos: list[zipfile.ZipInfo]) -> dict[str, zipfile.ZipInfo]:
    """The entries by folded part name; Refusal for an invalid name or a part stored twice."""
    bad = [i.filename for i in infos if not valid_part_name(i.filename)]
    if bad:
        raise Refusal(
            PART_NAME,
            _(
                "holds a part named {part}, which is not a valid part name in an Office package (empty, '.' "
                "or '..' segments, or a backslash); Excel would not open it as it stands: open it in Excel or "
                "LibreOffice, save it as a new .xlsx workbook and use that",
                part=repr(bad[0]),
            ),
        )
    table: dict[str, zipfile.ZipInfo] = {}
    for info in infos:  # the zip directory, a few dozen entries
        if info.is_dir():
            continue
        key = ascii_folded(info.filename)
        if key in table:
            same = info.filename == table[key].filename
            spelled = "" if same else _(" (also spelled {name})", name=repr(info.filename))
            raise Refusal(
                PART_TWICE,
                _(
                    "holds the part {part} twice{spelled}: part names do not depend on letter case, so a reader "
                    "could take either copy; save the workbook again from Excel",
                    part=repr(table[key].filename),
                    spelled=spelled,
                ),
            )
        table[key] = info
    return table


class Budget:
    """Unpacked bytes counted against the cap for the whole package."""

    def __init__(self, cap: int, ratio: int) -> None:
        self.cap, self.ratio, self.used = cap, ratio, 0


def _data_offset(handle: BinaryIO, info: zipfile.ZipInfo) -> int:
    """Where an entry's packed bytes start, after its local header (checked against the directory)."""
    handle.seek(info.header_offset)
    header = handle.read(30)
    if len(header) != 30 or header[:4] != b"PK\x03\x04":
        raise damaged(_("the part {part} is not where the zip directory says", part=info.filename))
    flags, name_size, extra_size = struct.unpack("<H", header[6:8])[0], *struct.unpack("<HH", header[26:30])
    local = handle.read(name_size).decode("utf-8" if flags & 0x800 else "cp437", "replace")
    if local != info.orig_filename:
        raise damaged(
            _(
                "the zip directory names a part {part} whose data is stored as {local}",
                part=repr(info.orig_filename),
                local=repr(local),
            )
        )
    return info.header_offset + 30 + name_size + extra_size


def inflated(handle: BinaryIO, info: zipfile.ZipInfo, budget: Budget) -> Iterator[bytes]:
    """The unpacked bytes of one entry, in pieces of at most 1 MB, checked against the budget, the declared
    size, the ratio and the CRC (Refusal on any)."""
    if info.flag_bits & 0x1:
        raise Refusal(
            PASSWORD,
            _(
                "has an encrypted part ({part}); remove the password in Excel and save it again",
                part=info.filename,
            ),
        )
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise Refusal(
            DAMAGED,
            _(
                "stores the part {part} with compression method {method}, which Excel never uses; save the "
                "workbook again from Excel",
                part=info.filename,
                method=info.compress_type,
            ),
        )
    handle.seek(_data_offset(handle, info))
    left, fed, out, crc = info.compress_size, 0, 0, 0
    inflater = zlib.decompressobj(-15) if info.compress_type == zipfile.ZIP_DEFLATED else None
    tail = b""
    while left > 0 or tail:
        if not tail:
            raw = handle.read(min(RAW_CHUNK, left))
            if not raw:
                raise damaged(_("the part {part} is cut short", part=info.filename))
            left -= len(raw)
            fed += len(raw)
            tail = raw
        if inflater is None:
            piece, tail = tail, b""
        else:
            try:
                piece = inflater.decompress(tail, PIECE)
            except zlib.error as exc:
                raise damaged(
                    _("the part {part} cannot be unpacked: {error}", part=info.filename, error=exc)
                ) from None
            tail = inflater.unconsumed_tail
        out += len(piece)
        budget.used += len(piece)
        _check_growth(info, out, fed - len(tail), budget)
        crc = zlib.crc32(piece, crc)
        if piece:
            yield piece
    if inflater is not None and not inflater.eof:
        raise damaged(_("the part {part} is cut short", part=info.filename))
    if out != info.file_size or crc != info.CRC:
        raise damaged(
            _(
                "the part {part} does not match the size or checksum the zip directory records",
                part=info.filename,
            )
        )


def _check_growth(info: zipfile.ZipInfo, out: int, packed: int, budget: Budget) -> None:
    """Refuse a part past the package's cap, past its declared size, or inflating faster than the ratio."""
    if budget.used > budget.cap:
        raise Refusal(
            TOO_BIG,
            _(
                "unpacks to more than {used} MB (a zip bomb?); tally unpacks at most {cap} MB; if the workbook "
                "is genuine, raise the limit with --max-unzipped-mb",
                used=f"{budget.used / MB:,.0f}",
                cap=f"{budget.cap / MB:,.0f}",
            ),
        )
    if out > info.file_size:
        raise Refusal(
            LYING_SIZE,
            _(
                "has a part ({part}) that unpacks to more than the {size} bytes the zip directory declares for "
                "it (a zip bomb?); refused",
                part=info.filename,
                size=f"{info.file_size:,}",
            ),
        )
    if out > GRACE and out > budget.ratio * max(packed, 1):
        raise Refusal(
            RATIO,
            _(
                "has a part ({part}) that unpacks to more than {ratio} times its packed size ({out} bytes from "
                "{packed} so far: a zip bomb?); workbooks pack about 5 to 10 to 1, and tally refuses a part "
                "packed more than {ratio} to 1",
                part=info.filename,
                ratio=budget.ratio,
                out=f"{out:,}",
                packed=f"{packed:,}",
            ),
        )


def small_part(handle: BinaryIO, info: zipfile.ZipInfo, budget: Budget) -> bytes:
    """A part read whole (workbook, relationships), at most 16 MB."""
    if info.file_size > MAX_SMALL_PART:
        raise Refusal(
            BIG_PART,
            _(
                "has a part {part} of {size} MB; Excel writes it in a few KB",
                part=info.filename,
                size=f"{info.file_size / MB:,.0f}",
            ),
        )
    return b"".join(inflated(handle, info, budget))


def elements(data: bytes, part: str, local: str) -> list[dict[str, str]]:
    """The attributes of every element with this local name (any namespace prefix), parsed with expat;
    Refusal for XML that is not well formed."""
    found: list[dict[str, str]] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        if name.rpartition(":")[2] == local:
            found.append(attrs)

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise damaged(
            _(
                "the part {part} is not well-formed XML: {error}, line {line}",
                part=part,
                error=expat.ErrorString(exc.code),
                line=exc.lineno,
            )
        ) from None
    return found


def local_attr(attrs: dict[str, str], name: str) -> str | None:
    """The value of the attribute with this local name (any prefix, as `r:id`), if there is one."""
    if name in attrs:
        return attrs[name]
    return next((v for k, v in attrs.items() if k.rpartition(":")[2] == name), None)


def target_part(source: str, target: str) -> str:
    """The zip entry a relationship target names, resolved against the folder of the part that names it."""
    path = unquote(target.split("#", 1)[0])
    joined = path if path.startswith("/") else posixpath.join("/" + posixpath.dirname(source), path)
    return posixpath.normpath(joined).lstrip("/")


def relationships(
    handle: BinaryIO, table: dict[str, zipfile.ZipInfo], source: str, budget: Budget
) -> list[tuple[str, str, str]]:
    """(Id, type's last word, target part) of every internal relationship of a part (none without a
    relationships part)."""
    folder, name = posixpath.split(source)
    rels = table.get(ascii_folded(posixpath.join(folder, "_rels", f"{name}.rels")))
    if rels is None:
        return []
    found = []
    for attrs in elements(small_part(handle, rels, budget), rels.filename, "Relationship"):  # a few dozen
        if attrs.get("TargetMode", "Internal") == "External" or _TARGET not in attrs:
            continue
        rel_type = attrs.get("Type", "").rstrip("/").rpartition("/")[2]
        found.append((attrs.get("Id", ""), rel_type, target_part(source, attrs[_TARGET])))
    return found


def workbook_part(handle: BinaryIO, table: dict[str, zipfile.ZipInfo], budget: Budget) -> zipfile.ZipInfo:
    """The workbook part, found as Excel finds it (Refusal when the package has none)."""
    for _rid, rel_type, target in relationships(handle, table, "", budget):  # the package's own relationships
        if rel_type == "officeDocument" and ascii_folded(target) in table:
            return table[ascii_folded(target)]
    raise LookupError("no workbook part")


def book_of(
    handle: BinaryIO, table: dict[str, zipfile.ZipInfo], book: zipfile.ZipInfo, budget: Budget
) -> Book:
    """The sheets (in workbook order) and shared parts the workbook part and its relationships name."""
    data = small_part(handle, book, budget)
    rels = {
        rid: (rel_type, target)
        for rid, rel_type, target in relationships(handle, table, book.filename, budget)
    }
    sheets = []
    for attrs in elements(data, book.filename, _SHEET):  # one per sheet
        name, rid = attrs.get(_NAME, ""), local_attr(attrs, _ID) or ""
        if rid not in rels:
            raise damaged(
                _(
                    "the sheet {sheet} names the relationship {rid}, which the workbook does not have",
                    sheet=repr(name),
                    rid=repr(rid),
                )
            )
        rel_type, target = rels[rid]
        part = table.get(ascii_folded(target))
        if rel_type == "worksheet" and part is None:
            raise damaged(
                _(
                    "the sheet {sheet} is stored in {part}, which is not in the file",
                    sheet=repr(name),
                    part=target,
                )
            )
        sheets.append(
            SheetEntry(
                name,
                attrs.get("state", "visible"),
                part.filename if rel_type == "worksheet" and part else None,
            )
        )
    shared = {rel_type: target for rel_type, target in rels.values() if ascii_folded(target) in table}
    settings = elements(data, book.filename, "workbookPr")
    date1904 = bool(settings) and settings[0].get("date1904", "").lower() in ("1", "true")
    styles = table[ascii_folded(shared["styles"])].filename if "styles" in shared else None
    strings = table[ascii_folded(shared["sharedStrings"])].filename if "sharedStrings" in shared else None
    return Book(sheets, styles, strings, date1904)


def canonical_parts(book: Book, sheets: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The generated parts of the reader's copy: content types, relationships and the workbook part listing
    `sheets` ((name, state), stored as xl/worksheets/sheetN.xml)."""
    override = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{_CT}.worksheet+xml"/>'
        for i in range(1, len(sheets) + 1)
    )
    extra = [("styles", "styles.xml", book.styles), ("sharedStrings", "sharedStrings.xml", book.strings)]
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{_REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, len(sheets) + 1)
    ) + "".join(
        f'<Relationship Id="rIdS{k}" Type="{_REL}/{rel_type}" Target="{name}"/>'
        for k, (rel_type, name, part) in enumerate(extra)
        if part
    )
    listed = "".join(
        f'<sheet name={quoteattr(name)} sheetId="{i}" state="{state}" r:id="rId{i}"/>'
        for i, (name, state) in enumerate(sheets, 1)
    )
    pr = '<workbookPr date1904="1"/>' if book.date1904 else ""
    return [
        (
            "[Content_Types].xml",
            f'{_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            f'<Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{_CT}.sheet.main+xml"/>{override}</Types>',
        ),
        (
            "_rels/.rels",
            f'{_HEAD}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
            f'Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        ),
        (
            "xl/workbook.xml",
            f'{_HEAD}<workbook xmlns="{_NS}" xmlns:r="{_REL}">{pr}<sheets>{listed}</sheets></workbook>',
        ),
        ("xl/_rels/workbook.xml.rels", f'{_HEAD}<Relationships xmlns="{_PKG_REL}">{rels}</Relationships>'),
    ]


class Copy:
    """The reader's copy of a package: a stored (uncompressed) zip in memory, or in a temporary file when
    the parts copied are large."""

    IN_MEMORY = 64 * MB

    def __init__(self, size: int) -> None:
        self.file: BinaryIO = io.BytesIO() if size <= self.IN_MEMORY else _temporary()
        self.zip = zipfile.ZipFile(self.file, "w", zipfile.ZIP_STORED, allowZip64=True)

    def write(self, name: str, text: str) -> None:
        """Add a generated part."""
        self.zip.writestr(zipfile.ZipInfo(name, ZIP_DATE), text)

    def stream(self, name: str) -> BinaryIO:
        """A writable stream for a copied part."""
        return self.zip.open(zipfile.ZipInfo(name, ZIP_DATE), "w", force_zip64=True)  # type: ignore[return-value]

    def source(self) -> bytes | str:
        """What to hand the reader: the bytes, or the temporary file's path."""
        self.zip.close()
        if isinstance(self.file, io.BytesIO):
            return self.file.getvalue()
        self.file.flush()
        return self.file.name

    def close(self) -> None:
        """Drop the copy (a temporary file is deleted)."""
        self.zip.close()
        self.file.close()


def _temporary() -> BinaryIO:
    """A temporary file deleted when closed."""
    return tempfile.NamedTemporaryFile(prefix="tally-", suffix=".xlsx")  # type: ignore[return-value]
