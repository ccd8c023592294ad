"""`tally batch`: every results workbook under a folder scored (one task each, on the engine), the unchanged
ones skipped by the manifest of content hashes, every failure recorded without stopping the others.

No input is ever an output, and no file tally did not write is replaced (unless `force`): an output whose
usual name is taken goes to `<stem>-standings-2.xlsx` instead (pipeline/federation/batch_plan.py).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from pipeline import __version__
from pipeline.federation.batch_plan import Job, manifest_entries, planned
from pipeline.federation.engines import Engine, running
from pipeline.federation.folders import DUPLICATE, batch_inputs
from pipeline.federation.rank import members_register
from pipeline.federation.tasks import scored_file, scoring_crashed
from pipeline.i18n import _
from pipeline.problems import CannotWrite, Problem, UsageError, kind
from pipeline.workbook.files import MANIFEST, content_hash, read_manifest, write_manifest
from pipeline.workbook.targets import output_folder, path_state, writable_folder


@dataclass
class BatchRun:
    """What one batch did: each scored input (job, status, first problem, hash of the bytes scored), the
    unchanged ones, the folder the manifest is in, and what the summary says of deals (each scored event's
    deals taken from the PBN file beside it, W143 or W145; each PBN file of deals only no event took, W144)."""

    done: list[tuple[Job, str, str, str]]
    unchanged: list[Job]
    home: Path
    notes: list[str] = field(default_factory=list)  # the lines the summary adds: deals beside (W143, W145)
    skipped: list[Problem] = field(default_factory=list)  # every other file, with why (F130-F135, W144)

    @property
    def computed(self) -> list[Job]:
        """The inputs scored and written."""
        return [job for job, status, _, _ in self.done if status == "ok"]

    @property
    def failed(self) -> list[tuple[Job, str]]:
        """The inputs that failed, each with its first problem."""
        return [(job, message) for job, status, message, _ in self.done if status != "ok"]

    @property
    def moved(self) -> list[Job]:
        """The scored inputs whose standings could not take the usual name."""
        return [job for job, _, _, _ in self.done if job.moved]


def scored_jobs(
    jobs: list[Job],
    engine: Engine,
    max_unzipped_mb: int,
    lang: str | None = None,
    register: pd.DataFrame | None = None,
) -> tuple[list[tuple[Job, str, str, str]], list[str]]:
    """Every job scored on the engine (one task per workbook, each in `lang` or its own language), by input
    path: (job, status, first problem, the SHA-256 of the bytes scored); and the lines its deals' notes make."""
    with running(engine) as runner:
        items = [
            (
                str(job.source),
                str(job.target),
                max_unzipped_mb,
                lang,
                None if job.deals is None else str(job.deals),
                register,
            )
            for job in jobs
        ]
        results = runner.map(scored_file, items, "scoring", scoring_crashed)
    ordered = sorted(zip(jobs, results, strict=True), key=lambda d: d[0].key)
    return [(job, *result[:3]) for job, result in ordered], [n for _, result in ordered for n in result[3]]


def digest_or_blank(path: Path) -> str:
    """The file's SHA-256, or '' when it cannot be read (it is then scored, and fails with the reason)."""
    try:
        return content_hash(path) if path.is_file() else ""
    except OSError:
        return ""


def event_digest(source: Path, deals: Path | None) -> str:
    """An event's hash as the manifest records it: its file's SHA-256, and the deals file's beside it after a
    `+` (so that new deals score it again); '' when the file cannot be read."""
    digest = digest_or_blank(source)
    return digest if deals is None or not digest else f"{digest}+{digest_or_blank(deals)}"


UNUSED_DEALS = kind(
    "W144",
    "a PBN file of deals only (no results) that no results file of the same name takes: not scored",
    severity="warning",
    example="monday.pbn: warning: holds deals but no results, and no results workbook or USEBIO file of the same "
    "name is beside it: it was not scored (name it after the results it belongs to, or give it with --deals)",
)


def unused_deals(path: Path, folder: Path) -> Problem:
    """The summary's W144 skip of a PBN file of deals only that no event took."""
    text = _(
        "holds deals but no results, and no results workbook or USEBIO file of the same name is beside it: it was "
        "not scored (name it after the results it belongs to, or give it with --deals)"
    )
    return Problem.of(UNUSED_DEALS, path.relative_to(folder).as_posix(), None, None, None, text)


def without_duplicates(
    events: list[tuple[Path, Path | None]], digests: list[str], folder: Path
) -> tuple[list[tuple[Path, Path | None]], list[str], list[Problem]]:
    """The events with each set of files of the same bytes scored once (the first by path), and an F133 skip
    for each other one; a file that cannot be read (no digest) is never a duplicate."""
    first: dict[str, Path] = {}
    kept: list[int] = []
    skipped: list[Problem] = []
    for i, ((source, _deals), digest) in enumerate(zip(events, digests, strict=True)):  # sorted by path
        if digest and digest in first:
            text = _(
                "skipped: {why}",
                why=_(
                    "the same bytes as {other}, which is scored",
                    other=first[digest].relative_to(folder).as_posix(),
                ),
            )
            skipped.append(
                Problem.of(DUPLICATE, source.relative_to(folder).as_posix(), None, None, None, text)
            )
            continue
        first.setdefault(digest, source)
        kept.append(i)
    return [events[i] for i in kept], [digests[i] for i in kept], skipped


def check_manifest_place(home: Path) -> None:
    """CannotWrite, before anything is scored, if something other than a regular file holds the manifest's
    place (a folder named .tally-manifest.json)."""
    path = home / MANIFEST
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CannotWrite(
            _("cannot write {path}: {reason}; nothing was scored", path=path, reason=exc.strerror or exc)
        ) from None
    if not stat.S_ISREG(mode):
        kind = _("a folder") if stat.S_ISDIR(mode) else _("not a regular file")
        raise CannotWrite(
            _(
                "cannot write the batch manifest {path}: {kind} is in its place; move it away and run again "
                "(nothing was scored)",
                path=path,
                kind=kind,
            )
        )


def run_batch(
    folder: Path,
    out: Path | None,
    engine: Engine,
    max_unzipped_mb: int,
    force: bool = False,
    scored: Callable[[BatchRun], None] = lambda run: None,
    lang: str | None = None,
    outputs: tuple[Path, ...] = (),
    members: Path | None = None,
) -> BatchRun:
    """Plan, score and record one batch, each event's standings in `lang` (by default its own, as `standings`
    chooses); `scored` is told what was scored before the manifest is written, so that a manifest that cannot
    be written (a full disk) still leaves the run reported. `outputs`: other folders the run writes to (a
    site), not searched for inputs. `members`: the federation's members register, which fills each event's
    Members sheet (a changed register scores every event again)."""
    if not folder.is_dir():
        raise UsageError(_("{folder}: not a folder", folder=folder))
    if out is not None:
        out = output_folder(out, option="--out")
    home = out or folder
    check_manifest_place(home)
    writable_folder(home)
    register = None if members is None else members_register(members, max_unzipped_mb)
    manifest = read_manifest(home)
    found = batch_inputs(folder, max_unzipped_mb, tuple(o for o in (out, *outputs) if o is not None))
    events, digests, twins = without_duplicates(
        found.events, [event_digest(s, d) for s, d in found.events], folder
    )
    sources, deals = [s for s, _ in events], [d for _, d in events]
    # each input's entry records the version with the --lang asked: another language scores it again
    version = __version__ if lang is None else f"{__version__} --lang {lang}"
    if members is not None:  # and the register's bytes: another register scores it again
        version = f"{version} --members {content_hash(members)}"
    todo, unchanged = planned(sources, digests, folder, out, manifest, version, path_state, force, deals)
    done, notes = scored_jobs(todo, engine, max_unzipped_mb, lang, register) if todo else ([], [])
    skipped = sorted(
        [*found.skipped, *twins, *(unused_deals(p, folder) for p in found.unused)], key=lambda p: p.sheet
    )
    run = BatchRun(done, unchanged, home, notes, skipped)
    scored(run)
    write_manifest(home, manifest_entries(unchanged, done, manifest, version, home), __version__)
    return run
