"""Where the per-workbook tasks run: this process, local worker processes, or a Dask cluster.

The engine changes where work happens, never what it computes: every task is a function of its arguments,
and results come back in the order the tasks were given.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

import typer

from pipeline.i18n import N_, _
from pipeline.problems import UsageError
from pipeline.workbook.stopping import install_in_worker

ENGINES = ("local", "dask")
DASK_EXTRA = N_("the Dask engine needs the optional extra: pip install 'tally[dask]'")
CONNECT_TIMEOUT = "10s"  # how long to try reaching a Dask scheduler named with --scheduler


@dataclass(frozen=True)
class Engine:
    """The engine named on the command line: local processes (the default) or a Dask cluster."""

    name: str = "local"
    workers: int = os.cpu_count() or 1
    scheduler: str | None = None  # a Dask scheduler address; None starts a cluster on this machine


class _Quiet:
    """A progress bar that shows nothing (output is not a terminal)."""

    def update(self, n: int) -> None:
        """Nothing to draw."""


def _progress(length: int, label: str) -> AbstractContextManager[Any]:
    """A progress bar on stderr when it is a terminal and there is more than one task."""
    if sys.stderr.isatty() and length > 1:
        return typer.progressbar(length=length, label=label, file=sys.stderr)
    return nullcontext(_Quiet())


def usable_cpus() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(asked: int, tasks: int) -> int:
    """Never more workers than tasks, nor than the processors this machine lets tally use."""
    return max(1, min(asked, tasks, usable_cpus()))


Crashed = Callable[[tuple[Any, ...], str], Any]
# Items go to the workers in chunks of a 64th of a worker's share: few enough to cost nothing to hand over, small
# enough that a worker done with its last chunk waits little for the others (measured over the 2,000-event
# season: a 16th, 62 events a chunk, left one worker idle for the last 2.3 s of 160 s).
CHUNKS_PER_WORKER = 64


def _worker_setup(every_core_busy: bool) -> None:
    """A worker process's set-up: its stop handlers; where its pool keeps every core busy, its worksheets
    compressed on the thread that builds them (`writer.COMPRESS_BESIDE`: a thread has no core to itself)."""
    install_in_worker()
    if every_core_busy:
        from pipeline.workbook import writer

        writer.COMPRESS_BESIDE = False


def _chunk(task: Callable[..., Any], chunk: Sequence[tuple[Any, ...]]) -> list[Any]:
    """task(*item) for every item of a chunk, in a worker process."""
    return [task(*item) for item in chunk]


@dataclass
class Runner:
    """Runs tasks on one engine; `client` is the Dask client when the engine is Dask."""

    engine: Engine
    client: Any = None

    def map(
        self, task: Callable[..., Any], items: Sequence[tuple[Any, ...]], label: str, crashed: Crashed
    ) -> list[Any]:
        """task(*item) for every item, results in item order. Local tasks run in worker processes, so that
        a task that kills its process (a crash, the memory running out) costs only its own item, whose
        result is then `crashed(item, why)`."""
        if not items:
            return []
        with _progress(len(items), label) as bar:
            if self.client is not None:
                return self._dask_map(task, items, bar, crashed)
            return _local_map(task, items, worker_count(self.engine.workers, len(items)), bar, crashed)

    def _dask_map(
        self, task: Callable[..., Any], items: Sequence[tuple[Any, ...]], bar: Any, crashed: Crashed
    ) -> list[Any]:
        """Each item one Dask task; the bar moves as tasks finish; a task whose workers died is `crashed`."""
        from distributed import as_completed

        futures = self.client.map(task, *zip(*items, strict=True), pure=False)
        for _done in as_completed(futures):  # progress only
            bar.update(1)
        results = []
        for item, future in zip(items, futures, strict=True):  # in order
            try:
                results.append(future.result())
            except Exception as exc:  # a task never raises: this is its worker dying
                results.append(crashed(item, f"{type(exc).__name__}: {exc}"))
        return results


def _local_map(
    task: Callable[..., Any], items: Sequence[tuple[Any, ...]], workers: int, bar: Any, crashed: Crashed
) -> list[Any]:
    """The items in chunks on a pool of worker processes; the items of a chunk whose process died are run
    again one by one, each in a fresh process, and one that dies alone is `crashed`."""
    size = max(1, len(items) // (workers * CHUNKS_PER_WORKER))
    chunks = [list(range(i, min(i + size, len(items)))) for i in range(0, len(items), size)]
    results: list[Any] = [None] * len(items)
    again: list[int] = []
    busy = (workers >= usable_cpus(),)
    with ProcessPoolExecutor(max_workers=workers, initializer=_worker_setup, initargs=busy) as pool:
        futures = {pool.submit(_chunk, task, [items[i] for i in chunk]): chunk for chunk in chunks}
        for future in as_completed(futures):  # as they finish; results go back in item order
            chunk = futures[future]
            try:
                for i, result in zip(chunk, future.result(), strict=True):
                    results[i] = result
                bar.update(len(chunk))
            except BrokenProcessPool:
                again += chunk
    for i in sorted(again):  # rare: each alone, so that only the item that kills its process is lost
        with ProcessPoolExecutor(max_workers=1, initializer=install_in_worker) as alone:
            try:
                results[i] = alone.submit(task, *items[i]).result()
            except BrokenProcessPool:
                results[i] = crashed(items[i], _("it stopped without a word: a crash, or the memory ran out"))
        bar.update(1)
    return results


def dask_client(engine: Engine) -> Any:
    """A client of the named scheduler, or of a new cluster of `workers` processes on this machine."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError(_(DASK_EXTRA)) from None
    if engine.scheduler:
        try:
            return Client(engine.scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise UsageError(
                _(
                    "--scheduler {scheduler}: cannot reach the Dask scheduler ({error})",
                    scheduler=engine.scheduler,
                    error=exc,
                )
            ) from None
    cluster = LocalCluster(
        n_workers=worker_count(engine.workers, engine.workers),
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",  # any free port: never clashes with a running cluster
        silence_logs=logging.ERROR,
    )
    return Client(cluster)


@contextmanager
def running(engine: Engine) -> Iterator[Runner]:
    """A runner for the engine; a Dask client (and a cluster it started) is closed afterwards."""
    if engine.name not in ENGINES:
        raise UsageError(
            _("--engine {engine}: expected one of {engines}", engine=engine.name, engines=", ".join(ENGINES))
        )
    if engine.scheduler and engine.name != "dask":
        raise UsageError(_("--scheduler needs --engine dask"))
    if engine.name == "local":
        yield Runner(engine)
        return
    client = dask_client(engine)
    cluster = None if engine.scheduler else client.cluster
    try:
        yield Runner(engine, client)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
