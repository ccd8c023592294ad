"""Replacing a file atomically: a temporary file beside the target, renamed over it only when complete.

Every file tally writes (workbooks, the batch manifest, Parquet tables) goes through `atomic_target`, so a
failed or interrupted run never leaves half a file, never a stray temporary file (a killed process excepted),
and a write that fails for a reason of the file system (permission, read-only folder, full disk, I/O error)
becomes `CannotWrite` with the previous file unchanged.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from pipeline.i18n import _
from pipeline.problems import CannotWrite

TEMP_PREFIX, TEMP_SUFFIX = ".tally-", ".tmp"  # short: a long target name must not make it too long
LIVE_TEMPS: set[str] = set()  # the temporary files being written now, for the signal handlers
_held = 0  # how deep inside signals_held
_stop_signal: int | None = None  # the signal that asked the run to stop


def current_umask() -> int:
    """The process's umask (from /proc, which leaves it untouched; else set and restored)."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:  # a few dozen lines
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def output_mode(target: Path, umask: int | None = None) -> int:
    """The permission bits for the file written at `target`: those of the regular file it replaces, else what
    the umask gives a new file (0o666 less the umask; `umask`, when a caller writing many files read it
    once, else the process's now)."""
    try:
        status = os.stat(target)
    except OSError:
        return 0o666 & ~(current_umask() if umask is None else umask)
    if stat.S_ISREG(status.st_mode):
        return stat.S_IMODE(status.st_mode)
    return 0o666 & ~(current_umask() if umask is None else umask)


def cannot_write(target: Path, exc: OSError) -> CannotWrite:
    """The error to report when the file system refuses a write."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return CannotWrite(
        _(
            "cannot write {path}: {reason}; nothing was written (the previous file, if any, is unchanged)",
            path=target,
            reason=reason,
        )
    )


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """A moment in which the stop handlers (pipeline.workbook.stopping) only record a signal: a temporary file is never
    created without being recorded for removal. A stop asked for meanwhile takes effect when it ends."""
    global _held
    _held += 1
    try:
        yield
    finally:
        _held -= 1
    stop_if_asked()


def holding() -> bool:
    """True inside `signals_held`."""
    return _held > 0


def ask_to_stop(signum: int) -> None:
    """Record that a signal asked the run to stop (the stop handlers call this first)."""
    global _stop_signal
    if _stop_signal is None:
        _stop_signal = signum


def stop_signal() -> int | None:
    """The signal that asked the run to stop, if one did."""
    return _stop_signal


def stop_if_asked() -> None:
    """If a signal asked the run to stop, stop now (`on_stop`): no write starts or completes after one, even
    when the exception it raised was swallowed (Python drops an exception raised in a `__del__`)."""
    if _stop_signal is not None:
        on_stop(_stop_signal)


def raise_stop(signum: int) -> None:
    """The run's way to stop: KeyboardInterrupt for SIGINT, else SystemExit(128 + signum), so that every
    `except BaseException` and `finally` on the way out runs."""
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + signum)


on_stop: Callable[[int], None] = (
    raise_stop  # a worker process ends at once instead (pipeline.workbook.stopping)
)


def remove_live_temps() -> None:
    """Remove every temporary file being written now (a signal handler's last act before the process ends)."""
    for name in list(LIVE_TEMPS):
        with contextlib.suppress(OSError):
            os.unlink(name)
    LIVE_TEMPS.clear()


@contextlib.contextmanager
def atomic_target(target: Path, *, umask: int | None = None) -> Iterator[Path]:
    """A temporary path beside `target`, renamed over it (with `output_mode`) when the block ends; removed on
    any exception, SystemExit and KeyboardInterrupt included (an OSError re-raised as CannotWrite)."""
    target = Path(target)
    tmp: str | None = None
    try:
        with signals_held():
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=target.parent)
            LIVE_TEMPS.add(tmp)
        os.close(fd)
        yield Path(tmp)
        stop_if_asked()  # never complete a write after a stop was asked for
        os.chmod(tmp, output_mode(target, umask))
        os.replace(tmp, target)
    except BaseException as exc:
        remove_temp(tmp)
        stop_if_asked()  # a stop, even when closing the half-written zip raised something else over it
        if isinstance(exc, OSError):
            raise cannot_write(target, exc) from exc
        raise
    finally:
        if tmp is not None:
            LIVE_TEMPS.discard(tmp)


def atomic_write(target: Path, data: bytes, *, umask: int | None = None) -> None:
    """`data` written as the file `target` in its folder (which exists) as `atomic_target` writes one (a
    temporary file renamed over it, the same permission bits, the same clean-up and errors), through the
    temporary file's own descriptor: fewer system calls for the thousands of small files of a site."""
    tmp: str | None = None
    try:
        with signals_held():
            fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=os.path.dirname(target))
            LIVE_TEMPS.add(tmp)
        with open(fd, "wb") as handle:  # closes the descriptor
            handle.write(data)
            os.fchmod(fd, output_mode(target, umask))
        stop_if_asked()  # never complete a write after a stop was asked for
        os.replace(tmp, target)
    except BaseException as exc:
        remove_temp(tmp)
        stop_if_asked()
        if isinstance(exc, OSError):
            raise cannot_write(Path(target), exc) from exc
        raise
    finally:
        if tmp is not None:
            LIVE_TEMPS.discard(tmp)


def remove_temp(tmp: str | None) -> None:
    """Remove a temporary file of a failed write (if it was created and is still there)."""
    if tmp is not None:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
