"""Folders of workbooks for `tally batch` and `tally rank`: which files are inputs or standings, their content
hashes, the manifest, and the Parquet copies of the ranking tables."""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import zipfile
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

MANIFEST = ".tally-manifest.json"
INPUT_SHEETS = {"matches", "results"}


def content_hash(path: Path) -> str:
    """The SHA-256 of the file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def workbook_role(path: Path) -> str:
    """`standings` for a workbook tally wrote, `input` for one with a Matches or Results sheet, else `other`
    (also for a file that is not a readable workbook: it is scored, and fails, as an input)."""
    try:
        with zipfile.ZipFile(path) as package:
            app = package.read("docProps/app.xml")[:4096] if "docProps/app.xml" in package.namelist() else b""
            if b"<Application>tally</Application>" in app:
                return "standings"
            book = package.read("xl/workbook.xml")[: 1 << 20].decode("utf-8", "replace")
    except (zipfile.BadZipFile, KeyError, OSError):
        return "input"  # scored like any input, so that its problem is reported
    return "input" if listed_sheets(book) & INPUT_SHEETS else "other"


def listed_sheets(book: str) -> set[str]:
    """The sheet names listed in a workbook part, lower case with spaces as `_`."""
    return {
        re.sub(r"[\s_]+", "_", n.strip().lower()) for n in re.findall(r'<sheet\b[^>]*\bname="([^"]*)"', book)
    }


def input_workbooks(folder: Path) -> list[Path]:
    """Every results workbook under the folder (sorted), skipping standings workbooks and Excel lock files."""
    found = sorted(p for p in folder.rglob("*.xlsx") if p.is_file() and not p.name.startswith(("~$", ".")))
    return [p for p in found if workbook_role(p) == "input"]


def read_manifest(folder: Path) -> dict[str, dict[str, str]]:
    """The manifest of an earlier batch in the folder: input (relative path) -> hash, version, output, status."""
    path = folder / MANIFEST
    if not path.exists():
        return {}
    try:
        return dict(json.loads(path.read_text(encoding="utf-8")).get("inputs", {}))
    except (ValueError, AttributeError):
        return {}  # a damaged manifest means: recompute everything


def write_manifest(folder: Path, inputs: dict[str, dict[str, str]], version: str) -> Path:
    """Write the manifest atomically (temporary file, then rename), keys sorted: same run, same bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"tally": version, "inputs": inputs}, indent=1, sort_keys=True, ensure_ascii=False)
    fd, tmp = tempfile.mkstemp(prefix=".tally-manifest-", suffix=".tmp", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text + "\n")
    os.replace(tmp, folder / MANIFEST)
    return folder / MANIFEST


def sheet_names(path: Path) -> set[str]:
    """The workbook's sheet names (lower case, spaces as `_`) from its workbook part, without reading cells;
    empty for a file that is not a readable workbook."""
    try:
        with zipfile.ZipFile(path) as package:
            book = package.read("xl/workbook.xml")[: 1 << 20].decode("utf-8", "replace")
    except (zipfile.BadZipFile, KeyError, OSError):
        return set()
    return listed_sheets(book)


def standings_workbooks(folder: Path) -> list[Path]:
    """Every standings workbook under the folder (sorted): those with a Standings and a Rules sheet, whoever
    saved them last (a standings workbook opened and saved in Excel still counts)."""
    found = sorted(p for p in folder.rglob("*.xlsx") if p.is_file() and not p.name.startswith(("~$", ".")))
    return [p for p in found if {"standings", "rules"} <= sheet_names(p)]


def write_parquet_tables(folder: Path, tables: dict[str, pd.DataFrame]) -> list[Path]:
    """Each table as `<name>.parquet` in the folder, atomically (temporary file, then rename), without the
    pandas index: same tables, same bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, frame in tables.items():  # a handful of tables
        fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".parquet.tmp", dir=folder)
        os.close(fd)
        try:
            pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), tmp, compression="zstd")
            os.replace(tmp, folder / f"{name}.parquet")
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        written.append(folder / f"{name}.parquet")
    return written
