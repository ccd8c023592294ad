"""`tally batch` planning, pure: which inputs need scoring, where each output goes, what the run amounts to."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.i18n import N_, _
from pipeline.workbook.files import HASH, OUTPUT, STATUS, VERSION, ManifestEntry

if TYPE_CHECKING:  # planning stays pure: only the type of what the file system says
    from pipeline.workbook.targets import PathState

_WHY = {"other": N_("{name} is not tally's"), "special": N_("{name} is not a regular file")}


@dataclass(frozen=True)
class Job:
    """One input workbook of a batch."""

    source: Path
    key: str  # the input's path relative to the batch folder, as the manifest names it
    target: Path
    digest: str  # the SHA-256 of its bytes; with deals beside it, `<its hash>+<the deals file's hash>`
    moved: str = ""  # why the target is not `<stem>-standings.xlsx` (empty when it is)
    deals: Path | None = None  # the PBN file of the same name beside it that gives its deals, if any


def output_path(source: Path, folder: Path, out: Path | None, n: int = 1) -> Path:
    """`<stem>-standings.xlsx` (`<stem>-standings-N.xlsx` for N > 1) beside the input, or at the same relative
    place under OUT."""
    name = f"{source.stem}-standings.xlsx" if n == 1 else f"{source.stem}-standings-{n}.xlsx"
    if out is None:
        return source.with_name(name)
    return out / source.relative_to(folder).parent / name


def _same(path: Path) -> str:
    """The path as compared with others (absolute, normalized)."""
    return os.path.normcase(os.path.abspath(path))


def recorded_output(
    job: Job,
    manifest: dict[str, dict[str, str]],
    version: str,
    home: Path,
    state_of: Callable[[Path], PathState],
) -> Path | None:
    """The output the manifest records for an unchanged input (same hash and version, last run ok, output still
    tally's own); None when it must be scored."""
    seen = manifest.get(job.key, {})
    output = seen.get(OUTPUT)
    if not (
        job.digest
        and seen.get(HASH) == job.digest
        and seen.get(VERSION) == version
        and seen.get(STATUS) == "ok"
        and isinstance(output, str)
        and output
    ):
        return None
    path = home / output
    return path if state_of(path) == "tally" else None


def free_target(
    job: Job,
    folder: Path,
    out: Path | None,
    taken: dict[str, str],
    inputs: set[str],
    state_of: Callable[[Path], PathState],
    force: bool,
) -> tuple[Path, str]:
    """The first `<stem>-standings[-N].xlsx` that is no input, no other job's, and free or tally's (or, with
    --force, another regular file); with why the usual name was passed over ('' if it was not)."""
    why = ""
    n = 1
    while True:  # a few names at most, unless the folder is full of such names
        path = output_path(job.source, folder, out, n)
        if _same(path) in inputs:
            reason = _("{name} is an input of this batch", name=path.name)
        elif _same(path) in taken:
            reason = _("{name} is the output of {other}", name=path.name, other=taken[_same(path)])
        else:
            state = state_of(path)
            if state in ("absent", "tally") or (state == "other" and force):
                return path, why
            reason = _(_WHY[state], name=path.name)
        why = why or reason
        n += 1


def planned(
    sources: list[Path],
    digests: list[str],
    folder: Path,
    out: Path | None,
    manifest: dict[str, dict[str, str]],
    version: str,
    state_of: Callable[[Path], PathState],
    force: bool = False,
    deals: Sequence[Path | None] = (),
) -> tuple[list[Job], list[Job]]:
    """(to score, unchanged), by relative path: unchanged ones keep their recorded output, the others get
    `free_target`s; the file system is seen only through `state_of`. `deals`: each source's deals file beside
    it (None, or missing at the end, for none)."""
    home = out or folder
    besides = [*deals, *[None] * (len(sources) - len(deals))]
    jobs = sorted(
        (
            Job(
                source, source.relative_to(folder).as_posix(), output_path(source, folder, out), digest, "", d
            )
            for source, digest, d in zip(sources, digests, besides, strict=True)
        ),
        key=lambda job: job.key,
    )
    inputs = {_same(source) for source in sources}
    taken: dict[str, str] = {}
    kept: dict[str, Path] = {}
    for job in jobs:  # the unchanged inputs keep their outputs first
        recorded = recorded_output(job, manifest, version, home, state_of)
        if recorded is not None and _same(recorded) not in inputs and _same(recorded) not in taken:
            kept[job.key] = recorded
            taken[_same(recorded)] = job.key
    todo, unchanged = [], []
    for job in jobs:  # then every other one, in order
        if job.key in kept:
            unchanged.append(replace(job, target=kept[job.key]))
            continue
        target, why = free_target(job, folder, out, taken, inputs, state_of, force)
        taken[_same(target)] = job.key
        todo.append(replace(job, target=target, moved=why))
    return todo, unchanged


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
        output = Path(os.path.relpath(job.target, home)).as_posix()
        entries[job.key] = ManifestEntry(scored, version, output, status, message).written
    return entries
