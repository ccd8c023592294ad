"""Where a season event's time goes, function by function: `python -m bench.profile [EVENTS] [TOP]` (`make profile`).

Every function of pipeline/ and schemas/ is wrapped (each name it is bound to, in every module) and timed: its
own time (the pandas, NumPy and Arrow calls it makes included, the wrapped functions it calls left out) and its
inclusive time, in milliseconds an event, for scoring (`standings_of`) and writing (`written`) the first EVENTS
events of the bench's season in a warm process. The wrapping costs about a microsecond a call: the totals run a
few percent above an unwrapped run. This is how issue 19's per-event work was profiled: cProfile inflates
pandas' many small calls, and a sampling thread mostly sees the main thread when Arrow lets go of the GIL.
Functions kept in data (a game's `compute`, a setting's `parse`) are not module names and are not wrapped: their
time is their caller's own.
"""

from __future__ import annotations

import collections
import functools
import importlib
import pkgutil
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pipeline
import schemas
from bench.season import SEASON, season_inputs
from pipeline.games import scoring
from pipeline.i18n import speaking
from pipeline.workbook import Limits, read_workbook

LEFT_OUT = (
    "pipeline.cli",
    "pipeline.federation.ranking.distributed",
)  # the CLI and Dask: not an event's work


@dataclass(frozen=True)
class FunctionTime:
    """One function's time over a run, in milliseconds an event."""

    name: str
    own_ms: float
    inclusive_ms: float
    calls: float


def wrapped_modules() -> list[types.ModuleType]:
    """Every module of pipeline/ and schemas/ an event can use, imported."""
    found = []
    for package in (pipeline, schemas):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.startswith(LEFT_OUT):
                found.append(importlib.import_module(info.name))
    return found


@contextmanager
def timed_functions(modules: list[types.ModuleType]) -> Iterator[dict[str, list[float]]]:
    """Every function defined in the modules replaced, under each name it is bound to, by a wrapper adding its
    own and inclusive seconds and its calls to the yielded table (name -> [own, inclusive, calls]); the
    originals put back after."""
    table: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0])
    inner = [0.0]  # the time of the wrapped calls made by the running function

    def wrapper(function: Callable[..., Any], name: str) -> Callable[..., Any]:
        @functools.wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            inner.append(0.0)
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent = time.perf_counter() - start
                row = table[name]
                row[0] += spent - inner.pop()
                row[1] += spent
                row[2] += 1
                inner[-1] += spent

        return timed

    defined = {
        id(value): (value, f"{module.__name__}.{key}")
        for module in modules
        for key, value in vars(module).items()
        if isinstance(value, types.FunctionType) and value.__module__ == module.__name__
    }
    wrappers = {key: wrapper(value, name) for key, (value, name) in defined.items()}
    bound = [
        (module, key, value)
        for module in modules
        for key, value in list(vars(module).items())
        if id(value) in wrappers
    ]
    for module, key, value in bound:
        setattr(module, key, wrappers[id(value)])
    try:
        yield table
    finally:
        for module, key, value in bound:
            setattr(module, key, value)


def event_profile(paths: list[Path], out: Path) -> tuple[float, float, list[FunctionTime]]:
    """Scoring and writing each event once untimed (warm), then again with every function timed: the
    milliseconds an event of scoring and of writing, and each function's times, the largest own time first."""
    books = [read_workbook(path, limits=Limits()) for path in paths]
    for book, path in zip(books, paths, strict=True):
        done = scoring.standings_of(book)
        with speaking(done.language):
            scoring.written(done, out / f"{path.stem}.xlsx")
    with timed_functions(wrapped_modules()) as table:
        start = time.perf_counter()
        scored = [scoring.standings_of(book) for book in books]
        scored_at = time.perf_counter()
        for done, path in zip(scored, paths, strict=True):
            with speaking(done.language):
                scoring.written(done, out / f"{path.stem}.xlsx")
        end = time.perf_counter()
    n = len(paths)
    rows = [
        FunctionTime(name, 1e3 * own / n, 1e3 * total / n, calls / n)
        for name, (own, total, calls) in table.items()
    ]
    rows.sort(key=lambda r: -r.own_ms)
    return 1e3 * (scored_at - start) / n, 1e3 * (end - scored_at) / n, rows


def profile_lines(events: int, top: int) -> list[str]:
    """The profile of the season's first `events` events as the lines printed."""
    paths = season_inputs(SEASON / "inputs", events)
    with tempfile.TemporaryDirectory() as folder:
        score_ms, write_ms, rows = event_profile(paths, Path(folder))
    lines = [
        f"{events} season events, timed functions: scoring {score_ms:.1f} ms an event, writing {write_ms:.1f} ms",
        "",
        "| function | own ms | inclusive ms | calls |",
        "|---|---|---|---|",
    ]
    lines += [f"| {r.name} | {r.own_ms:.2f} | {r.inclusive_ms:.2f} | {r.calls:.1f} |" for r in rows[:top]]
    return lines


if __name__ == "__main__":
    events = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    print("\n".join(profile_lines(events, top)))
