"""One measured run in a fresh process: `python -m bench.stages KIND PATH`; prints JSON on stdout.

KIND is `domino` (read, validate, compute, report, write, each timed, with the process's peak
memory after each stage), `read-openpyxl` or `write-openpyxl` (the simplest alternatives: pandas
with openpyxl), or `compute` (the computation alone, median of 3).
"""

from __future__ import annotations

import json
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from pipeline.domino.load import domino_event
from pipeline.domino.report import domino_sheets
from pipeline.domino.tally import domino_tables
from pipeline.workbook import read_workbook, write_workbook


def peak_mb() -> float:
    """Peak resident memory of this process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def domino(path: Path) -> dict[str, object]:
    """Every stage of `tally domino standings`, timed."""
    stages: dict[str, object] = {}
    t = time.perf_counter()
    book = read_workbook(path)
    stages["read"] = (time.perf_counter() - t, peak_mb())
    t = time.perf_counter()
    event = domino_event(book.sheets)
    stages["validate"] = (time.perf_counter() - t, peak_mb())
    t = time.perf_counter()
    tables = domino_tables(event)
    stages["compute"] = (time.perf_counter() - t, peak_mb())
    t = time.perf_counter()
    sheets = domino_sheets(event, tables)
    stages["report"] = (time.perf_counter() - t, peak_mb())
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        write_workbook(Path(tmp) / "out.xlsx", sheets)
        stages["write"] = (time.perf_counter() - t, peak_mb())
    stages["cells_written"] = sum(len(s.frame) * len(s.frame.columns) for s in sheets)
    return stages


def compute(path: Path) -> dict[str, object]:
    """The computation alone (rules, progressive standings, classification): median of 3 runs."""
    event = domino_event(read_workbook(path).sheets)
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        domino_tables(event)
        runs.append(time.perf_counter() - t)
    return {"compute_median": statistics.median(runs), "runs": runs}


def read_openpyxl(path: Path) -> dict[str, object]:
    """The simplest reader: pandas.read_excel with openpyxl."""
    t = time.perf_counter()
    pd.read_excel(path, sheet_name=None, engine="openpyxl", dtype=str)
    return {"read": time.perf_counter() - t, "peak_mb": peak_mb()}


def write_openpyxl(path: Path) -> dict[str, object]:
    """The simplest writer: pandas.to_excel with openpyxl, same sheets, no formatting."""
    event = domino_event(read_workbook(path).sheets)
    sheets = domino_sheets(event, domino_tables(event))
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        with pd.ExcelWriter(Path(tmp) / "out.xlsx", engine="openpyxl") as writer:
            for s in sheets:
                s.frame.to_excel(writer, sheet_name=s.name, index=False)
        return {"write": time.perf_counter() - t, "peak_mb": peak_mb()}


if __name__ == "__main__":
    kind, source = sys.argv[1], Path(sys.argv[2])
    runners = {"domino": domino, "compute": compute, "read-openpyxl": read_openpyxl,
               "write-openpyxl": write_openpyxl}  # fmt: skip
    print(json.dumps(runners[kind](source)))
