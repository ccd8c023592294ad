"""Stopping cleanly on a signal: a run that is told to stop (Ctrl-C, `timeout`, a service stop, a closed
terminal) removes the file it is writing and ends with exit 128 + the signal's number, without a traceback.

In the command's own process SIGINT raises KeyboardInterrupt (exit 130) and SIGTERM and SIGHUP raise
SystemExit (exit 143 and 129), so every `except BaseException` and `finally` runs on the way out; the stop is
also recorded, so that no write starts or completes afterwards even if the exception is lost. Inside the
moment a temporary file is created (`atomic.signals_held`) the signal is only recorded and acted on right
after. A second signal while stopping ends the process at once, after removing the temporary files being
written.

Worker processes of the local engine get `install_in_worker` as their initializer: there a signal removes
the temporary files being written and ends the worker at once. (An exception would only end the current
task: the pool would go on with the next one, and the command would wait for the whole batch.)
"""

from __future__ import annotations

import os
import signal
from types import FrameType

from pipeline.workbook import atomic

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def stopped_by() -> str | None:
    """The name of the signal that stopped the run (SIGTERM), if one did."""
    signum = atomic.stop_signal()
    return None if signum is None else signal.Signals(signum).name


def _stop(signum: int, frame: FrameType | None) -> None:
    """The command's handler: the first signal stops the run (at once, or right after the moment a temporary
    file is being created); a second one ends the process at once."""
    if atomic.stop_signal() is not None and not atomic.holding():
        atomic.remove_live_temps()
        os._exit(128 + signum)
    atomic.ask_to_stop(signum)
    if not atomic.holding():
        atomic.raise_stop(signum)


def _exit_now(signum: int) -> None:
    """Remove the temporary files being written and end this process."""
    atomic.remove_live_temps()
    os._exit(128 + signum)


def _stop_worker(signum: int, frame: FrameType | None) -> None:
    """A worker's handler: end the process now (or right after the moment a temporary file is being created)."""
    atomic.ask_to_stop(signum)
    if not atomic.holding():
        _exit_now(signum)


def install() -> None:
    """The command's own handlers of SIGINT, SIGTERM and SIGHUP (call from the main thread)."""
    for signum in STOP_SIGNALS:  # three signals
        signal.signal(signum, _stop)


def install_in_worker() -> None:
    """A worker process's handlers (the initializer of the local engine's process pool)."""
    atomic.LIVE_TEMPS.clear()  # a forked worker starts with none of its own
    atomic.on_stop = _exit_now
    for signum in STOP_SIGNALS:  # three signals
        signal.signal(signum, _stop_worker)
