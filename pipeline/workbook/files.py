"""Folders of workbooks for `tally batch`: which files are inputs, their content hashes, the manifest."""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import zipfile
from pathlib import Path

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
    names = {
        re.sub(r"[\s_]+", "_", n.strip().lower()) for n in re.findall(r'<sheet\b[^>]*\bname="([^"]*)"', book)
    }
    return "input" if names & INPUT_SHEETS else "other"


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
