"""One measured run in a fresh process: `python -m bench.stages KIND PATH`; prints JSON on stdout.

KIND is `domino` (read, validate, compute, report, write, each timed, with the process's peak
memory after each stage), `read-openpyxl` or `write-openpyxl` (the simplest alternatives: pandas
with openpyxl), `compute` (the computation alone, median of 3), or `checks` (what each check of the Matches sheet
costs, run vectorized, against pandera validating the sheet).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

import pandas as pd

import pipeline.workbook.writer as writer
from pipeline.games.bridge.load import (
    bridge_event,
    result_columns,
    result_groups,
    seating_columns,
    sheet_contracts,
    typed_results,
    whole_within,
)
from pipeline.games.bridge.methods.matchpoints import matchpoint_columns
from pipeline.games.bridge.report import bridge_sheets
from pipeline.games.bridge.settings import BridgeSettings
from pipeline.games.bridge.tally import bridge_tables
from pipeline.games.checks import present_columns
from pipeline.games.domino.load import domino_event
from pipeline.games.domino.report import domino_sheets
from pipeline.games.domino.tally import domino_tables
from pipeline.games.registry import DOMINO
from pipeline.games.run import checked_event, standings_sheets
from pipeline.parsing import spread
from pipeline.sheets import Sheet
from pipeline.workbook import Limits, read_workbook, write_workbook
from pipeline.workbook.guard import inspected
from schemas.bridge import BOARD, ResultsSheet
from schemas.domino import Match, MatchesSheet
from schemas.validation import (
    checked_values,
    failing_values,
    failure_cases,
    pandera_cases,
    plan_of,
    validated,
)


def peak_mb() -> float:
    """Peak resident memory of this process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def domino(path: Path) -> dict[str, object]:
    """Every stage of `tally domino standings`, timed."""
    return staged(path, domino_event, domino_tables, domino_sheets)


def bridge(path: Path) -> dict[str, object]:
    """Every stage of `tally bridge standings`, timed."""
    return staged(path, bridge_event, bridge_tables, bridge_sheets)


def staged(path: Path, load, compute, report) -> dict[str, object]:
    """read -> validate -> compute -> report -> write, each timed with the peak memory after it."""
    stages: dict[str, object] = {}
    t = time.perf_counter()
    with inspected(path, Limits()):
        pass
    stages["inspect"] = (time.perf_counter() - t, peak_mb())  # also inside read: reported, not added
    t = time.perf_counter()
    book = read_workbook(path)
    stages["read"] = (time.perf_counter() - t, peak_mb())
    t = time.perf_counter()
    event = load(book.sheets)
    stages["validate"] = (time.perf_counter() - t, peak_mb())
    t = time.perf_counter()
    tables = compute(event)
    stages["compute"] = (time.perf_counter() - t, peak_mb())
    t = time.perf_counter()
    sheets = report(event, tables)
    stages["report"] = (time.perf_counter() - t, peak_mb())
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        write_workbook(Path(tmp) / "out.xlsx", sheets)
        stages["write"] = (time.perf_counter() - t, peak_mb())
    stages["cells_written"] = sum(len(s.frame) * len(s.frame.columns) for s in sheets)
    return stages


def corrections(path: Path) -> dict[str, object]:
    """Validate + compute + report with 100 corrections (the losers' pips set to 0) against none."""
    sheets = read_workbook(path).sheets
    matches = sheets["matches"].frame
    pips = pd.to_numeric(matches["a_pips"], errors="coerce") < pd.to_numeric(
        matches["b_pips"], errors="coerce"
    )
    picked = matches.iloc[:: max(len(matches) // 100, 1)].head(100)
    loser = pd.Series(pips.loc[picked.index].map({True: "A Pips", False: "B Pips"}).to_numpy())
    frame = pd.DataFrame(
        {
            "submitted_at": "2026-11-30 21:10:00",
            "round": picked["round"].to_numpy(),
            "table": picked["table"].to_numpy(),
            "column": loser.to_numpy(),
            "new_value": "0",
            "reason": "bench",
        },
        index=pd.RangeIndex(2, 2 + len(picked), name="row"),
    ).astype("str")
    headers = {"submitted_at": "Submitted At", "round": "Round", "table": "Table", "column": "Column",
               "new_value": "New Value", "reason": "Reason"}  # fmt: skip
    corrected = {**sheets, "corrections": Sheet("Corrections", frame, headers)}
    out: dict[str, object] = {"corrections": len(frame)}
    for name, book in (("plain", sheets), ("corrected", corrected)):
        t = time.perf_counter()
        output = standings_sheets(checked_event(book, DOMINO), DOMINO)
        out[name] = time.perf_counter() - t
        out[f"{name}_sheets"] = [o.name for o in output]
    return out


def median_ms(action, runs: int = 5) -> float:
    """The median milliseconds of `runs` calls of the action (after one call, which is not counted)."""
    action()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        action()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


def checks(path: Path) -> dict[str, object]:
    """What each check of the Matches sheet costs (vectorized, schemas/validation.py), the whole sheet's checks,
    pandera's lazy validation of the same sheet (as tally ran it before), and the validated matches table
    against pandera's validation of it; milliseconds, each the median of 5 after a first call."""
    frame = read_workbook(path).sheets["matches"].frame
    plan = plan_of(MatchesSheet)
    assert plan is not None
    each = []
    for col in plan.columns:  # a dozen columns
        if col.name not in frame:
            continue
        values = frame[col.name]
        if not col.nullable:
            each.append([col.title, "a value is required", median_ms(lambda v=values: v[v.isna()])])
        for check in col.checks:  # a check a column
            given = checked_values(check, values)
            each.append(
                [col.title, str(check.name), median_ms(lambda c=check, g=given: failing_values(c, g))]
            )
    matches = domino_event(read_workbook(path).sheets).matches
    return {
        "rows": len(frame),
        "each": each,
        "sheet": median_ms(lambda: failure_cases(frame, MatchesSheet)),
        "pandera_sheet": median_ms(lambda: pandera_cases(frame, MatchesSheet)),
        "table": median_ms(lambda: validated(matches, Match)),
        "pandera_table": median_ms(lambda: Match.validate(matches)),
    }


def compute(path: Path) -> dict[str, object]:
    """The computation alone (rules, progressive standings, classification): median of 3 runs."""
    event = domino_event(read_workbook(path).sheets)
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        domino_tables(event)
        runs.append(time.perf_counter() - t)
    return {"compute_median": statistics.median(runs), "runs": runs}


CORE_RUNS = 5
CORE_STAGES = {  # the kernel's stages, in order: what each does
    "seating": "boards, sections, sessions and pair ids of every row",
    "grouping": "rows grouped by their result cells and board vulnerability (`result_groups`)",
    "results": "contracts, declarers, tricks, vulnerability and Law 77 score: the first row of each group",
    "spread": "each group's answer spread back to its rows",
    "matchpoints": "matchpoints (Law 78A), tops and Neuberg, board by board",
}


def bridge_core(path: Path) -> dict[str, object]:
    """Parsing, Law 77 scoring and matchpointing alone on the results of the workbook: the whole kernel
    (median of CORE_RUNS, wall and CPU seconds), its stages one by one (medians), the process's peak memory
    after reading and after the runs, and, in the same process, the plain rule once (every row read on its
    own: `seating_columns` and `result_columns` of every row, then the same matchpoints)."""
    sheet = read_workbook(path).sheets["results"]
    sheet = present_columns(Sheet(sheet.name, sheet.frame, sheet.headers), ResultsSheet)
    read_mb = peak_mb()
    runs, cpu = [], []
    for _ in range(CORE_RUNS):
        t, c = time.perf_counter(), time.process_time()
        matchpointed(typed_results(sheet))
        runs.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    stages = [core_stages(sheet) for _ in range(CORE_RUNS)]
    t = time.perf_counter()
    f = sheet.frame
    board = whole_within(BOARD)(f[ResultsSheet.board])
    every = result_columns(f, sheet_contracts(sheet), board)
    matchpointed(pd.DataFrame({**seating_columns(f, board), **dict(every.items())}, index=f.index))
    plain = time.perf_counter() - t
    return {
        "core_median": statistics.median(runs),
        "runs": runs,
        "cpu_median": statistics.median(cpu),
        "stages": {k: statistics.median(s[k] for s in stages) for k in CORE_STAGES},
        "rows": len(sheet.frame),
        "read_mb": read_mb,
        "peak_mb": peak_mb(),
        "plain": plain,
        "load": os.getloadavg(),
    }


def matchpointed(typed: pd.DataFrame) -> pd.DataFrame:
    """Matchpoints of typed results scored as the tables computed them."""
    typed["ns_score"] = typed["computed_score"].astype("float64")
    return matchpoint_columns(typed, BridgeSettings())


def core_stages(sheet: Sheet) -> dict[str, float]:
    """The kernel's stages (CORE_STAGES) timed one by one: `typed_results`'s steps, then the matchpoints; its
    typed results checked against `typed_results`'s own."""
    f = sheet.frame
    laps = [time.perf_counter()]
    board = whole_within(BOARD)(f[ResultsSheet.board])
    seating = seating_columns(f, board)
    laps.append(time.perf_counter())
    group, first = result_groups(f, board)
    laps.append(time.perf_counter())
    picked = f.iloc[first]
    results = result_columns(picked, sheet_contracts(Sheet(sheet.name, picked)), board.iloc[first])
    laps.append(time.perf_counter())
    typed = pd.DataFrame({**seating, **spread(results, group, f.index)}, index=f.index, copy=False)
    laps.append(time.perf_counter())
    matchpointed(typed)
    laps.append(time.perf_counter())
    pd.testing.assert_frame_equal(typed.drop(columns="ns_score"), typed_results(sheet))
    return {k: laps[i + 1] - laps[i] for i, k in enumerate(CORE_STAGES)}


def writers(path: Path) -> dict[str, object]:
    """The writer on the domino event's standings (`path`) and on the bridge event's (argv[3]), in one process,
    alternately (median of 3 each): wall seconds and microseconds a cell; the CPU seconds of building the
    worksheets' XML and of compressing it (one thread); and both once at zlib level 1."""
    events = {
        "domino": (path, domino_event, domino_tables, domino_sheets),
        "bridge": (Path(sys.argv[3]), bridge_event, bridge_tables, bridge_sheets),
    }
    books = {}
    for name, (source, load, compute, report) in events.items():
        event = load(read_workbook(source).sheets)
        books[name] = report(event, compute(event))
    out: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        walls: dict[str, list[float]] = {name: [] for name in books}
        for _ in range(3):
            for name, sheets in books.items():
                t = time.perf_counter()
                write_workbook(Path(tmp) / f"{name}.xlsx", sheets)
                walls[name].append(time.perf_counter() - t)
        for name, sheets in books.items():
            cells = sum(len(s.frame) * len(s.frame.columns) for s in sheets)
            build, squeeze, size = written_cpu(sheets)
            writer.COMPRESSION = 1
            t = time.perf_counter()
            write_workbook(Path(tmp) / f"{name}-1.xlsx", sheets)
            level_1 = time.perf_counter() - t
            writer.COMPRESSION = zlib.Z_DEFAULT_COMPRESSION
            out[name] = {
                "cells": cells,
                "runs": walls[name],
                "median": statistics.median(walls[name]),
                "build_cpu": build,
                "compress_cpu": squeeze,
                "xml_mb": size / 1e6,
                "level_1": level_1,
                "mb": (Path(tmp) / f"{name}.xlsx").stat().st_size / 1e6,
                "mb_level_1": (Path(tmp) / f"{name}-1.xlsx").stat().st_size / 1e6,
            }
    out["load"] = os.getloadavg()
    return out


def written_cpu(sheets: list) -> tuple[float, float, int]:
    """CPU seconds of building every worksheet's XML and of compressing it as the writer does (one thread, its
    level), and the XML's size in bytes."""
    formats = writer.declared_number_formats()
    looks = [writer.sheet_looks(s, {**formats, **s.number_formats}, {}) for s in sheets]
    build = squeeze = 0.0
    size = 0
    for i, (sheet, look) in enumerate(zip(sheets, looks, strict=True), start=1):
        c = time.process_time()
        pieces = [p.encode() if isinstance(p, str) else p for p in writer._sheet_xml(sheet, i == 1, look)]
        build += time.process_time() - c
        c = time.process_time()
        compressor = writer.part_compressor()
        for piece in pieces:
            compressor.compress(piece)
        compressor.flush()
        squeeze += time.process_time() - c
        size += sum(len(p) for p in pieces)
    return build, squeeze, size


def floor(path: Path) -> dict[str, object]:
    """The I/O floor: read the input with fastexcel, write as many cells with xlsxwriter (no formatting)."""
    import fastexcel
    import xlsxwriter

    cells = int(sys.argv[3])
    t = time.perf_counter()
    reader = fastexcel.read_excel(path)
    for name in reader.sheet_names:
        reader.load_sheet(name).to_pandas()
    read = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        book = xlsxwriter.Workbook(str(Path(tmp) / "floor.xlsx"), {"constant_memory": True})
        ws = book.add_worksheet()
        row = [1, "NS", "4S", "N", 10, 420, -420, 6.5, 5.5, 54.17, 45.83, 12]
        for r in range(cells // len(row)):
            ws.write_row(r, 0, row)
        book.close()
        write = time.perf_counter() - t
    return {"read": read, "write": write, "floor": read + write}


def read_tally(path: Path) -> dict[str, object]:
    """tally's whole read: inspection, the reader's canonical copy, every sheet as trimmed Unicode text."""
    t = time.perf_counter()
    read_workbook(path)
    return {"read": time.perf_counter() - t, "peak_mb": peak_mb()}


def read_fastexcel(path: Path) -> dict[str, object]:
    """The reader alone on the file as it is: every sheet as text, no inspection, no trimming."""
    import fastexcel

    t = time.perf_counter()
    reader = fastexcel.read_excel(path)
    for name in reader.sheet_names:  # a few sheets
        reader.load_sheet(name, header_row=None, skip_rows=0, dtypes="string").to_arrow()
    return {"read": time.perf_counter() - t, "peak_mb": peak_mb()}


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
    runners = {"domino": domino, "bridge": bridge, "compute": compute, "bridge-core": bridge_core,
               "floor": floor, "corrections": corrections, "read-openpyxl": read_openpyxl, "write-openpyxl": write_openpyxl,
               "read-tally": read_tally, "read-fastexcel": read_fastexcel, "writers": writers, "checks": checks}  # fmt: skip
    print(json.dumps(runners[kind](source)))
