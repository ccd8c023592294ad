"""`tally batch` planning, pure: which inputs need scoring, where each output goes, what the run amounts to."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Job:
    """One input workbook of a batch."""

    source: Path
    key: str  # the input's path relative to the batch folder, as the manifest names it
    target: Path
    digest: str


def output_path(source: Path, folder: Path, out: Path | None) -> Path:
    """`<stem>-standings.xlsx` beside the input, or at the same relative place under OUT."""
    name = f"{source.stem}-standings.xlsx"
    if out is None:
        return source.with_name(name)
    return out / source.relative_to(folder).parent / name


def planned(
    sources: list[Path],
    digests: list[str],
    folder: Path,
    out: Path | None,
    manifest: dict[str, dict[str, str]],
    version: str,
) -> tuple[list[Job], list[Job]]:
    """(to score, unchanged): an input is unchanged when the manifest has its hash and this tally version, its
    last run succeeded and its output is still there."""
    jobs = [
        Job(source, source.relative_to(folder).as_posix(), output_path(source, folder, out), digest)
        for source, digest in zip(sources, digests, strict=True)
    ]

    def unchanged(job: Job) -> bool:
        seen = manifest.get(job.key, {})
        return (
            bool(job.digest)
            and seen.get("hash") == job.digest
            and seen.get("version") == version
            and seen.get("status") == "ok"
            and job.target.exists()
        )

    keep = [unchanged(job) for job in jobs]
    return [j for j, k in zip(jobs, keep, strict=True) if not k], [
        j for j, k in zip(jobs, keep, strict=True) if k
    ]


def manifest_entries(
    unchanged: list[Job],
    done: list[tuple[Job, str, str, str]],
    manifest: dict[str, dict[str, str]],
    version: str,
    home: Path,
) -> dict[str, dict[str, str]]:
    """The manifest after the run: unchanged entries as they were, scored ones with their new status and the
    hash of the bytes that were scored (outputs relative to the manifest's folder)."""
    entries = {job.key: manifest[job.key] for job in unchanged}
    for job, status, message, scored in done:  # the scored inputs
        entries[job.key] = {
            "hash": scored,
            "version": version,
            "output": Path(os.path.relpath(job.target, home)).as_posix(),
            "status": status,
            **({"problem": message} if message else {}),
        }
    return entries
