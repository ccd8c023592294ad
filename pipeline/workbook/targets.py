"""Where an output may be written: the one check every command makes before it reads or writes anything.

An input is never an output; a file tally did not write (or that was saved since tally wrote it) is replaced
only with --force; special files (FIFOs, devices, sockets) and folders are never replaced; a folder named as
the output means "the default file name inside it".
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal

from pipeline.i18n import N_, _
from pipeline.problems import CannotWrite, UsageError
from pipeline.workbook.atomic import TEMP_PREFIX, TEMP_SUFFIX, signals_held
from pipeline.workbook.files import written_by_tally

PathState = Literal["absent", "tally", "other", "special"]  # what is at a path, for planning a batch
NAME_MAX_FALLBACK = 255
_KINDS = {
    stat.S_IFIFO: N_("a FIFO (named pipe)"),
    stat.S_IFCHR: N_("a character device"),
    stat.S_IFBLK: N_("a block device"),
    stat.S_IFSOCK: N_("a socket"),
    stat.S_IFDIR: N_("a folder"),
}


A_FILE = N_("a file")  # what is at a path that is none of the above


def kind_words(mode: int, otherwise: str) -> str:
    """What a file of this mode is, in words, in the language spoken (`otherwise` for any other kind)."""
    return _(_KINDS.get(stat.S_IFMT(mode), otherwise))


def _status(path: Path) -> os.stat_result | None:
    """The file's status (following links), None when nothing is there; UsageError or CannotWrite when the
    path itself cannot be used."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise UsageError(
            _("{path}: a folder in this path is a file, so nothing can be written there", path=path)
        ) from None
    except OSError as exc:
        if exc.errno in (errno.ENAMETOOLONG, errno.ELOOP):
            raise UsageError(
                _("{path}: {reason}; choose another output path", path=path, reason=exc.strerror)
            ) from None
        raise CannotWrite(
            _("cannot write {path}: {reason}; nothing was written", path=path, reason=exc.strerror or exc)
        ) from None


def _existing_ancestor(path: Path) -> Path:
    """The nearest folder above `path` that exists; UsageError if it is a file (`results.xlsx/out.xlsx`)."""
    for parent in path.parents:  # from the nearest up
        status = _status(parent)
        if status is None:
            continue
        if not stat.S_ISDIR(status.st_mode):
            raise UsageError(
                _(
                    "{path}: {parent} is {kind}, not a folder, so nothing can be written under it; choose "
                    "another output path",
                    path=path,
                    parent=parent,
                    kind=kind_words(status.st_mode, A_FILE),
                )
            )
        return parent
    return Path(".")


def name_max(folder: Path) -> int:
    """The longest file name, in bytes, the folder's file system allows (255 when it does not say)."""
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError):
        return NAME_MAX_FALLBACK


def _check_names(path: Path) -> None:
    """UsageError if the file name, or a folder name still to be created, is longer than the file system allows."""
    ancestor = _existing_ancestor(path)
    longest = name_max(ancestor)
    created = path.relative_to(ancestor).parts if path.is_relative_to(ancestor) else (path.name,)
    for name in created:  # the few names still to be created
        size = len(os.fsencode(name))
        if size > longest:
            shown = name if len(name) <= 40 else f"{name[:20]}...{name[-12:]}"
            raise UsageError(
                _(
                    "the name '{name}' is {size} bytes long; the file system of {folder} allows {most}: choose a "
                    "shorter name",
                    name=shown,
                    size=size,
                    folder=ancestor,
                    most=longest,
                )
            )


def same_file(a: Path, b: Path) -> bool:
    """True if the two paths name one file (after resolving links; hard links and case-folding file systems
    too)."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def path_state(path: Path, owned: Callable[[Path], bool] = written_by_tally) -> PathState:
    """What is at the path: nothing, a file tally wrote (`owned`), another regular file, or something that is
    not a regular file (a folder, FIFO, device, socket; or a path that cannot be examined)."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return "absent"
    except OSError:
        return "special"
    if not stat.S_ISREG(status.st_mode):
        return "special"
    return "tally" if owned(path) else "other"


def output_target(
    path: Path | str,
    *,
    default_name: str | None,
    force: bool,
    inputs: Iterable[Path] = (),
    owned: Callable[[Path], bool] = written_by_tally,
    option: str = "-o",
) -> Path:
    """The file to write for an output path (a folder: `default_name` inside it), or UsageError saying why not
    (docs/trust.md, "Safe files"); a link at the path is followed."""
    text = os.fspath(path)
    if not text:
        raise UsageError(
            _(
                "{option}: the output path is empty; give a file name, or a folder to write into",
                option=option,
            )
        )
    target = Path(text)
    _check_names(target)
    as_folder = text.endswith(("/", os.sep)) or _is_folder(target)
    if as_folder and default_name is not None:
        target = target / default_name
    elif as_folder:
        raise UsageError(
            _(
                "{target} is a folder; tally never replaces a folder: choose another {option}",
                target=target,
                option=option,
            )
        )
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    _check_names(target)
    status = _status(target)
    for source in inputs:  # the command's inputs
        if same_file(target, source):
            raise UsageError(
                _(
                    "the output path {target} is an input of this command; tally never overwrites its input, "
                    "not even with --force: choose another {option}",
                    target=target,
                    option=option,
                )
            )
    if status is None:
        return target
    if not stat.S_ISREG(status.st_mode):
        raise UsageError(
            _(
                "{target} is {kind}; tally writes only regular files and never replaces anything else: choose "
                "another {option}",
                target=target,
                kind=kind_words(status.st_mode, N_("not a regular file")),
                option=option,
            )
        )
    if force or owned(target):
        return target
    raise UsageError(
        _(
            "{target} already exists and tally did not write it (or it was changed after tally wrote it), so "
            "tally will not replace it: choose another {option}, move the file away, or add --force to replace it",
            target=target,
            option=option,
        )
    )


def _is_folder(path: Path) -> bool:
    """True if the path is an existing folder (or a link to one)."""
    status = _status(path)
    return status is not None and stat.S_ISDIR(status.st_mode)


def output_folder(path: Path | str, *, option: str) -> Path:
    """A folder to write into (created later if missing): UsageError for an empty path, an existing file that
    is not a folder, or a path under a file."""
    text = os.fspath(path)
    if not text:
        raise UsageError(_("{option}: the folder path is empty; give a folder to write into", option=option))
    folder = Path(text)
    _check_names(folder)
    status = _status(folder)
    if status is not None and not stat.S_ISDIR(status.st_mode):
        raise UsageError(
            _(
                "{option} {folder}: this is {kind}, not a folder; give a folder to write into",
                option=option,
                folder=folder,
                kind=kind_words(status.st_mode, A_FILE),
            )
        )
    return folder


def writable_folder(folder: Path) -> Path:
    """The folder, after making sure a file can be created in it (or in the nearest existing folder above it,
    where the missing ones will be made): CannotWrite before anything is computed, not after."""
    place = folder if _is_folder(folder) else _existing_ancestor(folder)
    with signals_held():  # the probe is never left behind
        try:
            fd, probe = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=place)
        except OSError as exc:
            raise CannotWrite(
                _(
                    "cannot write into {folder}: {reason}; nothing was written",
                    folder=place,
                    reason=exc.strerror or exc,
                )
            ) from None
        os.close(fd)
        os.unlink(probe)
    return folder
