"""Where the per-workbook tasks run: this process, local worker processes, or a Dask cluster.

The engine changes where work happens, never what it computes: every task is a function of its arguments,
and results come back in the order the tasks were given.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any

import typer

from pipeline.errors import UsageError
from pipeline.stopping import install_in_worker

ENGINES = ("local", "dask")
DASK_EXTRA = "the Dask engine needs the optional extra: pip install 'tally[dask]'"


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


@dataclass
class Runner:
    """Runs tasks on one engine; `client` is the Dask client when the engine is Dask."""

    engine: Engine
    client: Any = None

    def map(self, task: Callable[..., Any], items: Sequence[tuple[Any, ...]], label: str) -> list[Any]:
        """task(*item) for every item, results in item order."""
        if not items:
            return []
        with _progress(len(items), label) as bar:
            if self.client is not None:
                return self._dask_map(task, items, bar)
            if self.engine.workers == 1 or len(items) == 1:
                results = []
                for item in items:  # one workbook after another, in this process
                    results.append(task(*item))
                    bar.update(1)
                return results
            chunk = max(1, len(items) // (self.engine.workers * 16))
            with ProcessPoolExecutor(max_workers=self.engine.workers, initializer=install_in_worker) as pool:
                results = []
                for result in pool.map(task, *zip(*items, strict=True), chunksize=chunk):  # in order
                    results.append(result)
                    bar.update(1)
                return results

    def _dask_map(self, task: Callable[..., Any], items: Sequence[tuple[Any, ...]], bar: Any) -> list[Any]:
        """Each item one Dask task; the bar moves as tasks finish."""
        from distributed import as_completed

        futures = self.client.map(task, *zip(*items, strict=True), pure=False)
        for _ in as_completed(futures):  # progress only
            bar.update(1)
        return list(self.client.gather(futures))


def dask_client(engine: Engine) -> Any:
    """A client of the named scheduler, or of a new cluster of `workers` processes on this machine."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UsageError(DASK_EXTRA) from None
    if engine.scheduler:
        try:
            return Client(engine.scheduler, timeout="10s")
        except (OSError, TimeoutError) as exc:
            raise UsageError(
                f"--scheduler {engine.scheduler}: cannot reach the Dask scheduler ({exc})"
            ) from None
    cluster = LocalCluster(
        n_workers=engine.workers,
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
        raise UsageError(f"--engine {engine.name}: expected one of {', '.join(ENGINES)}")
    if engine.scheduler and engine.name != "dask":
        raise UsageError("--scheduler needs --engine dask")
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
