"""Folders of workbooks for `tally batch` and `tally rank`: which files are inputs or standings, their content
hashes, the manifest, the Parquet copies of the ranking tables, and which files tally wrote itself."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import MISSING, asdict, dataclass, fields
from pathlib import Path

import pandas as pd
import pyarrow as pa

from pipeline import __version__
from pipeline.sheets import normalized_header
from pipeline.workbook.atomic import atomic_target
from pipeline.workbook.guard import sheet_list
from pipeline.workbook.interchange import INTERCHANGE_SUFFIXES
from pipeline.workbook.package import entry_count
from pipeline.workbook.writer import MARK_NAME, MARK_PART, package_digest

MANIFEST = ".tally-manifest.json"
PARQUET_MARK = b"tally"  # the schema metadata key of every Parquet table tally writes (value: its version)
_SMALL_PART = 64 * 1024  # the most read of the mark's part or of docProps/app.xml
_MOST_ENTRIES = 100_000  # a package listing more entries is not one tally wrote
_LEGACY_APP = b"<Application>tally</Application>"
_MARK_RE = re.compile(
    rb'<property\b[^>]*\bname="'
    + MARK_NAME.encode()
    + rb'"[^>]*>\s*<vt:lpwstr>(sha256:[0-9a-f]{64})</vt:lpwstr>'
)


def _regular_file(path: Path) -> bool:
    """True if the path is (or links to) a regular file; never opens it (a FIFO would block)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def written_by_tally(path: Path) -> bool:
    """True if tally wrote this workbook and nothing saved it since (its mark matches the central directory;
    or an earlier tally's, by docProps/app.xml); reads only the central directory and one small part."""
    if not _regular_file(path):
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode) or entry_count(handle) > _MOST_ENTRIES:
                return False
            with zipfile.ZipFile(handle) as package:
                entries = package.infolist()
                if len(entries) > _MOST_ENTRIES:
                    return False
                named = {e.filename: e for e in entries}
                if MARK_PART in named:
                    with package.open(named[MARK_PART]) as part:
                        found = _MARK_RE.search(part.read(_SMALL_PART))
                    return found is not None and found.group(1).decode("ascii") == package_digest(entries)
                app = named.get("docProps/app.xml")
                if app is None:
                    return False
                with package.open(app) as part:
                    return _LEGACY_APP in part.read(_SMALL_PART)
    except Exception:  # not a zip, damaged, unreadable: not tally's
        return False


def parquet_written_by_tally(path: Path) -> bool:
    """True if the file is a Parquet table tally wrote (its schema metadata has the key `tally`); reads only
    the footer; any error means False."""
    if not _regular_file(path):
        return False
    import pyarrow.parquet as pq  # Parquet is rank's (--parquet): a scoring run does not load it

    try:
        metadata = pq.read_schema(path).metadata or {}
    except Exception:  # not Parquet, damaged, unreadable: not tally's
        return False
    return PARQUET_MARK in metadata


def content_hash(path: Path) -> str:
    """The SHA-256 of the file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def is_workbook_name(path: Path) -> bool:
    """True for a name Excel gives a workbook (`.xlsx` in any letter case), not a lock or hidden file."""
    return path.suffix.lower() == ".xlsx" and not path.name.startswith(("~$", "."))


def is_interchange_name(path: Path) -> bool:
    """True for a PBN or USEBIO results file's name (`.pbn`, `.xml` in any letter case), not a hidden file."""
    return path.suffix.lower() in INTERCHANGE_SUFFIXES and not path.name.startswith(".")


def interchange_files(folder: Path) -> list[Path]:
    """Every file under the folder named like a PBN or USEBIO file (sorted), whatever kind of file it is."""
    return sorted(p for p in folder.rglob("*") if is_interchange_name(p) and not p.is_dir())


def workbook_files(folder: Path) -> list[Path]:
    """Every file under the folder named like a workbook (sorted), whatever kind of file it is: one that is
    not a regular file is kept, so that it is reported rather than silently skipped."""
    return sorted(p for p in folder.rglob("*") if is_workbook_name(p) and not p.is_dir())


MAX_MANIFEST = 64 * 1_000_000


@dataclass(frozen=True)
class ManifestEntry:
    """One input's entry in the batch manifest, declared once: the hash of the bytes scored, the version of
    tally that scored them, its output (relative to the manifest's folder), its status (ok, failed) and, for a
    failed input, its first problem."""

    hash: str
    version: str
    output: str
    status: str
    problem: str = ""

    @property
    def written(self) -> dict[str, str]:
        """The entry as the manifest holds it: the problem only when there is one."""
        return {key: value for key, value in asdict(self).items() if key in MANIFEST_KEYS or value}


HASH, VERSION, OUTPUT, STATUS, PROBLEM = (f.name for f in fields(ManifestEntry))  # the keys of an entry
MANIFEST_KEYS = {f.name for f in fields(ManifestEntry) if f.default is MISSING}  # in every entry


def read_manifest(folder: Path) -> dict[str, dict[str, str]]:
    """The manifest of an earlier batch in the folder: input (relative path) -> hash, version, output, status
    (and the problem of a failed one). Anything that is not exactly what tally writes (a damaged file, JSON
    of another shape, a folder in its place) counts as no manifest: every input is scored again."""
    path = folder / MANIFEST
    try:
        if not path.is_file() or path.stat().st_size > MAX_MANIFEST:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    inputs = data.get("inputs") if isinstance(data, dict) and isinstance(data.get("tally"), str) else None
    if not isinstance(inputs, dict) or not all(_manifest_entry(k, v) for k, v in inputs.items()):
        return {}
    return inputs


def _manifest_entry(key: object, entry: object) -> bool:
    """True for one entry as tally writes it."""
    return (
        isinstance(key, str)
        and isinstance(entry, dict)
        and MANIFEST_KEYS <= entry.keys() <= MANIFEST_KEYS | {PROBLEM}
        and all(isinstance(v, str) for v in entry.values())
    )


def write_manifest(folder: Path, inputs: dict[str, dict[str, str]], version: str) -> Path:
    """Write the manifest atomically (temporary file, then rename), keys sorted: same run, same bytes. A write
    the file system refuses (a full disk) is CannotWrite, and the old manifest stays as it was."""
    text = json.dumps({"tally": version, "inputs": inputs}, indent=1, sort_keys=True, ensure_ascii=False)
    with atomic_target(folder / MANIFEST) as tmp:
        tmp.write_bytes((text + "\n").encode("utf-8"))
    return folder / MANIFEST


def sheet_names(path: Path) -> set[str]:
    """The workbook's sheet names (lower case, spaces as `_`) from its workbook part, without reading cells;
    empty for a file that is not a readable workbook."""
    return {normalized_header(s.name) for s in sheet_list(path) or []}


def parquet_table(frame: pd.DataFrame) -> pa.Table:
    """The frame as an Arrow table without the pandas index, marked as tally's in its schema metadata."""
    table = pa.Table.from_pandas(frame, preserve_index=False)
    return table.replace_schema_metadata(
        {**(table.schema.metadata or {}), PARQUET_MARK: __version__.encode("utf-8")}
    )


def csv_written_by_tally(header: str) -> Callable[[Path], bool]:
    """The check that a CSV file is one tally wrote: a regular file whose first line is exactly the header
    tally writes (after the byte order mark); a CSV has nowhere else to carry tally's mark."""

    def owned(path: Path) -> bool:
        """True for a CSV whose first line is tally's header."""
        if not _regular_file(path):
            return False
        try:
            with path.open("rb") as handle:
                first = handle.readline(len(header.encode("utf-8")) + 16)
        except OSError:
            return False
        return first.decode("utf-8", "replace").removeprefix("\ufeff").rstrip("\r\n") == header

    return owned


def csv_header(columns: Iterable[str]) -> str:
    """The first line of a CSV file of these columns, as `write_csv` writes it."""
    return pd.DataFrame(columns=list(columns)).to_csv(index=False, lineterminator="\n").rstrip("\n")


def write_csv(target: Path, frame: pd.DataFrame) -> Path:
    """The table written as CSV, atomically: UTF-8 with a byte order mark (so that Excel reads accents and
    Chinese as written), comma-separated, one line per row, no index."""
    with atomic_target(target) as tmp:
        frame.to_csv(tmp, index=False, encoding="utf-8-sig", lineterminator="\n")
    return target


def write_parquet_tables(targets: dict[str, Path], tables: dict[str, pd.DataFrame]) -> list[Path]:
    """Each table written, atomically (temporary file, then rename), to its checked target (`targets`, by table
    name): same tables, same bytes."""
    import pyarrow.parquet as pq

    written = []
    for name, frame in tables.items():  # a handful of tables
        with atomic_target(targets[name]) as tmp:
            pq.write_table(parquet_table(frame), tmp, compression="zstd")
        written.append(targets[name])
    return written
