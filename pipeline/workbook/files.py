"""Folders of workbooks for `tally batch` and `tally rank`: which files are inputs or standings, their content
hashes, the manifest, and the Parquet copies of the ranking tables."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.sheets import normalized_header
from pipeline.workbook.guard import sheet_list, written_by_tally_app

MANIFEST = ".tally-manifest.json"
INPUT_SHEETS = {"matches", "results"}


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


def workbook_files(folder: Path) -> list[Path]:
    """Every file under the folder named like a workbook (sorted), whatever kind of file it is: one that is
    not a regular file is kept, so that it is reported rather than silently skipped."""
    return sorted(p for p in folder.rglob("*") if is_workbook_name(p) and not p.is_dir())


def workbook_role(path: Path) -> str:
    """`standings` for a workbook tally wrote (or one with Standings and Rules sheets), `input` for one with a
    Matches or Results sheet, else `other`; a file that cannot be read as a workbook is an `input`, so that
    scoring it reports its problem."""
    listed = sheet_list(path)
    if listed is None:
        return "input"
    names = {normalized_header(s.name) for s in listed}
    if written_by_tally_app(path) or {"standings", "rules"} <= names:
        return "standings"
    return "input" if names & INPUT_SHEETS else "other"


def input_workbooks(folder: Path) -> list[Path]:
    """Every results workbook under the folder (sorted), skipping standings workbooks and Excel lock files."""
    return [p for p in workbook_files(folder) if workbook_role(p) == "input"]


MAX_MANIFEST = 64 * 1_000_000
MANIFEST_KEYS = {"hash", "version", "output", "status"}


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
        and MANIFEST_KEYS <= entry.keys() <= MANIFEST_KEYS | {"problem"}
        and all(isinstance(v, str) for v in entry.values())
    )


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
    return {normalized_header(s.name) for s in sheet_list(path) or []}


def standings_workbooks(folder: Path) -> list[Path]:
    """Every standings workbook under the folder (sorted): those with a Standings and a Rules sheet, whoever
    saved them last (a standings workbook opened and saved in Excel still counts)."""
    return [p for p in workbook_files(folder) if {"standings", "rules"} <= sheet_names(p)]


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
