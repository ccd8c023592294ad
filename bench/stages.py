"""One measured run in a fresh process: `python -m bench.stages KIND PATH`; prints JSON on stdout.

KIND is `domino` (read, validate, compute, report, write, each timed, with the process's peak
memory after each stage), `read-openpyxl` or `write-openpyxl` (the simplest alternatives: pandas
with openpyxl), `compute` (the computation alone, median of 3), or `checks` (what each check of the Matches sheet
costs, run vectorized, against pandera validating the sheet).
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

from pipeline.games.bridge.load import bridge_event, typed_results
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
from pipeline.sheets import Sheet
from pipeline.workbook import Limits, read_workbook, write_workbook
from pipeline.workbook.guard import inspected
from schemas.bridge import ResultsSheet
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


def bridge_core(path: Path) -> dict[str, object]:
    """Parsing, Law 77 scoring and matchpointing alone on the results of the workbook (median of 3)."""
    sheet = read_workbook(path).sheets["results"]
    sheet = present_columns(Sheet(sheet.name, sheet.frame, sheet.headers), ResultsSheet)
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        typed = typed_results(sheet)
        typed["ns_score"] = typed["computed_score"].astype("float64")
        matchpoint_columns(typed, BridgeSettings())
        runs.append(time.perf_counter() - t)
    return {"core_median": statistics.median(runs), "runs": runs, "rows": len(sheet.frame)}


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
               "read-tally": read_tally, "read-fastexcel": read_fastexcel, "checks": checks}  # fmt: skip
    print(json.dumps(runners[kind](source)))
