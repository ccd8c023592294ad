"""`make bench`: synthetic domino events at several sizes, stage by stage, written to bench/README.md."""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from bench import deals, startup
from bench.generate import synthetic_matches, synthetic_results, write_event, write_results
from bench.season import MARK
from bench.stages import CORE_STAGES

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
STAGES = ("read", "validate", "compute", "report", "write")
BRIDGE_SIZES = [int(s) for s in os.environ.get("BENCH_BRIDGE_SIZES", "10000,100000").split(",")]
ALT_SIZE = 10_000
CORE_SIZE = int(os.environ.get("BENCH_CORE_SIZE", "1000000"))
SIZES = [int(s) for s in os.environ.get("BENCH_SIZES", "1000,10000,100000").split(",")]


def measured(kind: str, path: Path, *extra: str) -> dict:
    """One measurement in a fresh Python process."""
    out = subprocess.run(
        [sys.executable, "-m", "bench.stages", kind, str(path), *extra],
        check=True, capture_output=True, text=True, cwd=HERE.parent,
    )  # fmt: skip
    return json.loads(out.stdout)


def event_file(n: int) -> Path:
    """The synthetic event with n matches (generated once, kept in bench/data/)."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"domino-{n}.xlsx"
    if not path.exists():
        write_event(path, synthetic_matches(n))
    return path


def results_file(n: int) -> Path:
    """The synthetic bridge results with n rows (generated once, kept in bench/data/)."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"bridge-{n}.xlsx"
    if not path.exists():
        write_results(path, synthetic_results(n))
    return path


def naive_seconds(n: int) -> float | None:
    """Seconds for the plain-Python reference of the tests (the simplest alternative)."""
    ref_path = HERE.parent / "tests" / "domino" / "reference.py"
    if not ref_path.exists():
        return None
    spec = importlib.util.spec_from_file_location("reference", ref_path)
    assert spec and spec.loader
    ref = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ref)
    m = synthetic_matches(n)
    matches = [
        {"round": r, "table": t, "a": [str(a1), str(a2)], "b": [str(b1), str(b2)], "a_count": ap,
         "b_count": bp, "target": tg, "ended": e, "winner": None}
        for r, t, a1, a2, b1, b2, ap, bp, tg, e in zip(
            m["Round"], m["Table"], m["A1"], m["A2"], m["B1"], m["B2"], m["A Pips"], m["B Pips"],
            m["Target"], m["Ended"], strict=True)
    ]  # fmt: skip
    players = sorted({p for x in matches for p in x["a"] + x["b"]})
    t = time.perf_counter()
    for last in sorted({x["round"] for x in matches}):  # the same tables: standings after every round
        ref.reference_standings([x for x in matches if x["round"] <= last], [], players)
    return time.perf_counter() - t


def command_seconds(path: Path, runs: int = 3) -> list[float]:
    """Wall seconds of the whole `tally domino standings` command on the file, each run a fresh process."""
    seconds = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            t = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", "from pipeline.cli import main; main()", "domino", "standings", str(path),
                 "-o", str(Path(tmp) / f"out{i}.xlsx")],
                check=True, capture_output=True, cwd=HERE.parent,
            )  # fmt: skip
            seconds.append(time.perf_counter() - t)
    return seconds


def main() -> None:
    readme = HERE / "README.md"
    earlier = readme.read_text() if readme.exists() else ""
    season = earlier[earlier.index(MARK) :] if MARK in earlier else ""  # kept: bench/season.py writes it
    rows = []
    for n in SIZES:
        path = event_file(n)
        stages = measured("domino", path)
        total = sum(stages[s][0] for s in STAGES)
        rows.append({"matches": n, **{k: v for k, v in stages.items()}, "total": total})
        timings = ", ".join(f"{s} {stages[s][0]:.2f}s" for s in STAGES)
        print(f"{n:>7} matches: {timings}; total {total:.2f}s", flush=True)
    biggest = event_file(SIZES[-1])
    compute = measured("compute", biggest)
    alt_n = min(ALT_SIZE, SIZES[-1])  # pandas + openpyxl takes minutes at 100k: compared at 10k
    alt_read = measured("read-openpyxl", event_file(alt_n))
    alt_write = measured("write-openpyxl", event_file(alt_n))
    naive_n = min(10_000, SIZES[-1])
    naive = naive_seconds(naive_n)
    ours_naive_n = measured("compute", event_file(naive_n))["compute_median"]
    write_report(rows, compute, alt_n, alt_read, alt_write, naive_n, naive, ours_naive_n)
    append_corrections_report(measured("corrections", biggest), SIZES[-1])
    bridge_rows = []
    for n in BRIDGE_SIZES:
        stages = measured("bridge", results_file(n))
        total = sum(stages[s][0] for s in STAGES)
        floor = measured("floor", results_file(n), str(stages["cells_written"]))
        bridge_rows.append({"results": n, **stages, "total": total, "floor": floor})
        print(f"{n:>7} results: total {total:.2f}s, I/O floor {floor['floor']:.2f}s", flush=True)
    core = measured("bridge-core", results_file(CORE_SIZE))
    append_bridge_report(bridge_rows, core)
    domino_path, bridge_path = event_file(SIZES[-1]), results_file(BRIDGE_SIZES[-1])
    append_writers_report(
        measured("writers", domino_path, str(bridge_path)), command_seconds(domino_path), SIZES[-1]
    )
    append_reading_report(
        measured("read-tally", results_file(CORE_SIZE)),
        measured("read-fastexcel", results_file(CORE_SIZE)),
        CORE_SIZE,
    )
    append_checks_report([measured("checks", event_file(n)) for n in (SIZES[0], SIZES[-1])])
    with readme.open(
        "a"
    ) as out:  # the small commands and a club evening, against their references (issue 19)
        out.write("\n" + startup.measured_section())
    with readme.open("a") as out:  # double-dummy analysis of a 36-board set (bench/deals.py)
        out.write("\n" + deals.section(deals.BOARDS, deals.measured(deals.BOARDS), os.getloadavg()))
    if season:
        with readme.open("a") as out:
            out.write("\n" + season)


def markdown(frame: pd.DataFrame) -> str:
    """A DataFrame as a Markdown table."""
    head = "| " + " | ".join(map(str, frame.columns)) + " |"
    rule = "|" + "---|" * len(frame.columns)
    body = ["| " + " | ".join(map(str, row)) + " |" for row in frame.to_numpy().tolist()]
    return "\n".join([head, rule, *body])


def write_report(rows, compute, alt_n, alt_read, alt_write, naive_n, naive, ours_naive_n) -> None:
    """bench/README.md with every figure of this run."""
    big = rows[-1]
    alt = next(r for r in rows if r["matches"] == alt_n)
    table = pd.DataFrame(
        [
            {
                "matches": f"{r['matches']:,}",
                "read s": f"{r['read'][0]:.3f}",
                "(inspect, in read) s": f"{r['inspect'][0]:.3f}",
                "validate s": f"{r['validate'][0]:.3f}",
                "compute s": f"{r['compute'][0]:.3f}",
                "report s": f"{r['report'][0]:.3f}",
                "write s": f"{r['write'][0]:.3f}",
                "total s": f"{r['total']:.2f}",
                "cells written": f"{r['cells_written']:,}",
                "write µs a cell": f"{r['write'][0] / r['cells_written'] * 1e6:.2f}",
                "peak MB": f"{r['write'][1]:.0f}",
            }
            for r in rows
        ]
    )
    memory = pd.DataFrame(
        [
            {
                "matches": f"{r['matches']:,}",
                **{
                    f"after {s}": f"{r[s][1]:.0f}" for s in ("read", "validate", "compute", "report", "write")
                },
            }
            for r in rows
        ]  # fmt: skip
    )
    lines = [
        "# Benchmarks",
        "",
        f"Run by `make bench` on {dt.date.today().isoformat()}: Python {platform.python_version()}, "
        f"pandas {pd.__version__}, {os.cpu_count()} cores. Synthetic individual events (tables of four, "
        "target 100, 5 % time-ended, up to 500 tables a round), generated by `bench/generate.py`. "
        "Each size runs in a fresh process; figures are wall seconds of one run.",
        "",
        "## `tally domino standings`, stage by stage",
        "",
        markdown(table),
        "",
        "Stages: read = fastexcel into text frames; validate = pandera (lazy) plus the cross-row checks; "
        "compute = per-match rules, the standings after every round (the `Rounds` sheet) and the "
        "classification with head-to-head; report = the output tables for people; write = tally's SpreadsheetML writer, "
        "streamed into the zip, atomic rename.",
        "",
        "Peak resident memory (MB) of the process after each stage (the running maximum):",
        "",
        markdown(memory),
        "",
        f"## Computation alone at {big['matches']:,} matches",
        "",
        f"Median of 3: **{compute['compute_median']:.3f} s** (runs: "
        + ", ".join(f"{x:.3f}" for x in compute["runs"])
        + "). Target: under 1 s.",
        "",
        "## Against the simplest alternatives",
        "",
        "| what | simplest alternative | ours | ratio |",
        "|---|---|---|---|",
        f"| read {alt_n:,} matches | pandas `read_excel` (openpyxl) {alt_read['read']:.2f} s | "
        f"fastexcel {alt['read'][0]:.2f} s | {alt_read['read'] / alt['read'][0]:.1f}x |",
        f"| write the same {alt['cells_written']:,} cells | pandas `to_excel` (openpyxl, no formatting) "
        f"{alt_write['write']:.2f} s, peak {alt_write['peak_mb']:.0f} MB | tally's writer, formatted "
        f"{alt['write'][0]:.2f} s | {alt_write['write'] / alt['write'][0]:.1f}x |",
    ]
    if naive is not None:
        lines.append(
            f"| standings after every round, {naive_n:,} matches | plain-Python reference of the tests, "
            f"once per round {naive:.2f} s | vectorized {ours_naive_n:.2f} s | {naive / ours_naive_n:.1f}x |"
        )
    (HERE / "README.md").write_text("\n".join(lines) + "\n")
    print(f"wrote {HERE / 'README.md'}")


def append_reading_report(ours: dict, alone: dict, n: int) -> None:
    """The reading section of bench/README.md: tally's guarded read against the reader alone."""
    lines = [
        "",
        f"## Reading {n:,} results: tally's guarded read against the reader alone",
        "",
        "| read | s | peak MB |",
        "|---|---|---|",
        f"| tally: inspection in bounded memory, the reader's canonical copy, text trimmed and normalized | "
        f"{ours['read']:.2f} | {ours['peak_mb']:.0f} |",
        f"| fastexcel alone on the file as it is (no inspection, no trimming) | {alone['read']:.2f} | "
        f"{alone['peak_mb']:.0f} |",
        "",
        f"Ratio: {ours['read'] / alone['read']:.2f}x the time. The reader gets a stored (uncompressed) copy of only "
        'the parts tally inspected (docs/trust.md, "Hostile workbooks"), so it does not inflate them again.',
    ]
    with (HERE / "README.md").open("a") as out:
        out.write("\n".join(lines) + "\n")


def append_checks_report(runs: list[dict]) -> None:
    """What each check of the Matches sheet costs, run vectorized, against pandera validating the sheet."""
    first = runs[0]
    names = [f"{r['rows']:,} matches ms" for r in runs]
    lines = [
        "",
        "## Validation: what each check costs",
        "",
        "The checks of the `Matches` sheet as `schemas/validation.py` runs them (each declared check once over its "
        "column, blank cells left out as pandera leaves them out), milliseconds, the median of 5 runs after a first "
        "one (`python -m bench.stages checks`):",
        "",
        "| column | check | " + " | ".join(names) + " |",
        "|---|---|" + "---|" * len(runs),
    ]
    for i, (column, check, _ms) in enumerate(first["each"]):
        lines.append(f"| {column} | {check} | " + " | ".join(f"{r['each'][i][2]:.2f}" for r in runs) + " |")
    wholes = {  # what is validated whole, and the key of its milliseconds in each run
        "the whole sheet (every check, the failing cells listed)": "sheet",
        "the same sheet validated by pandera (lazy, as tally did before)": "pandera_sheet",
        "the validated matches table (coerced, checked)": "table",
        "the same table validated by pandera": "pandera_table",
    }
    lines += [
        f"| {what} | | " + " | ".join(f"{r[key]:.1f}" for r in runs) + " |" for what, key in wholes.items()
    ]
    lines += [
        "",
        "Each check costs the data it reads; what the runner adds is the failing cells' list, built only when a "
        "check fails. pandera's own validation adds a copy of the frame per column, a backend dispatched per "
        "check and, the first time in a process, building the schema (which imports dask where it is "
        "installed) and registering its built-in checks (which imports hypothesis where it is installed).",
    ]
    with (HERE / "README.md").open("a") as out:
        out.write("\n".join(lines) + "\n")


def append_corrections_report(run: dict, n: int) -> None:
    """The cost of Law 79C corrections: validate + compute + report with and without them."""
    lines = [
        "",
        f"## Corrections at {n:,} matches",
        "",
        f"Validate, compute and build the sheets with {run['corrections']} corrections (each sets a loser's pips "
        f"to 0, all valid): **{run['corrected']:.2f} s**, against **{run['plain']:.2f} s** with none "
        f"({run['corrected'] / run['plain']:.1f}x). A corrected run validates twice (the published workbook and "
        "the corrected one), computes and builds the sheets twice, and compares both versions of `Matches` and "
        "`Standings` cell by cell for the `Changes` sheet.",
        "",
        "Package inspection (`pipeline/workbook/guard.py`) is part of the read stage above; its own time is the "
        "`(inspect, in read)` column: every XML part unpacked with a byte budget, the used area from every cell "
        "reference (numpy), formulas without results and merged cells.",
    ]
    with (HERE / "README.md").open("a") as out:
        out.write("\n".join(lines) + "\n")


def append_bridge_report(rows: list[dict], core: dict) -> None:
    """The bridge sections of bench/README.md."""
    table = pd.DataFrame(
        [
            {
                "results": f"{r['results']:,}",
                **{f"{s} s": f"{r[s][0]:.3f}" for s in STAGES},
                "(inspect, in read) s": f"{r['inspect'][0]:.3f}",
                "total s": f"{r['total']:.2f}",
                "cells written": f"{r['cells_written']:,}",
                "write µs a cell": f"{r['write'][0] / r['cells_written'] * 1e6:.2f}",
                "peak MB": f"{r['write'][1]:.0f}",
                "I/O floor s": f"{r['floor']['floor']:.2f}",
                "total / floor": f"{r['total'] / r['floor']['floor']:.2f}",
            }
            for r in rows
        ]
    )
    lines = [
        "",
        "## `tally bridge standings` (matchpoints), stage by stage",
        "",
        "Synthetic pairs results, boards of 13 tables, 16 contracts, generated by `bench/generate.py`.",
        "",
        markdown(table),
        "",
        "I/O floor: the time to merely read the input with the fastest reader here (fastexcel) plus the time to",
        "write the same number of cells with the fastest library writer here (xlsxwriter, constant memory, row by",
        "row, no formatting). tally's own writer builds the XML column by column, so the whole command can come in",
        "under that floor.",
        "",
        *core_lines(core),
    ]
    with (HERE / "README.md").open("a") as out:
        out.write("\n".join(lines) + "\n")


def load_words(load: list[float]) -> str:
    """The machine's load average as the README gives it."""
    return f"load average {load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f} (1, 5, 15 min)"


def core_lines(core: dict) -> list[str]:
    """The section on parsing, Law 77 scoring and matchpointing alone: the whole, its stages, its memory."""
    stages = pd.DataFrame(
        [
            {"stage": name, "what": what, "s (median)": f"{core['stages'][name]:.3f}"}
            for name, what in CORE_STAGES.items()
        ]
    )
    return [
        f"## Parsing, Law 77 scoring and matchpointing alone at {core['rows']:,} results",
        "",
        f"Median of {len(core['runs'])}: **{core['core_median']:.3f} s** (runs: "
        + ", ".join(f"{x:.3f}" for x in core["runs"])
        + f"; CPU median {core['cpu_median']:.3f} s). Target: under 1 s. Machine: {os.cpu_count()} cores, "
        f"{load_words(core['load'])} when measured.",
        "",
        "The stages, timed one by one in the same process (medians of as many runs):",
        "",
        markdown(stages),
        "",
        f"Peak resident memory of the process: {core['read_mb']:.0f} MB after reading the workbook, "
        f"{core['peak_mb']:.0f} MB after every run (target: under 1,536 MB). The plain rule in the same process "
        f"(every row read on its own, then the same matchpoints): {core['plain']:.2f} s, "
        f"{core['plain'] / core['core_median']:.1f}x the kernel.",
    ]


def append_writers_report(w: dict, command: list[float], n: int) -> None:
    """The section comparing the domino and the bridge writer in one process, and the whole domino command."""
    names = {"domino": f"domino, {n:,} matches", "bridge": "bridge, 100,000 results"}
    table = pd.DataFrame(
        [
            {
                "standings": names[k],
                "cells": f"{w[k]['cells']:,}",
                "write s (median of 3)": f"{w[k]['median']:.2f}",
                "µs a cell": f"{w[k]['median'] / w[k]['cells'] * 1e6:.3f}",
                "build CPU s": f"{w[k]['build_cpu']:.2f}",
                "compress CPU s": f"{w[k]['compress_cpu']:.2f}",
                "XML MB": f"{w[k]['xml_mb']:.0f}",
                "xlsx MB": f"{w[k]['mb']:.1f}",
                "at zlib level 1: s, MB": f"{w[k]['level_1']:.2f}, {w[k]['mb_level_1']:.1f}",
            }
            for k in ("domino", "bridge")
        ]
    )
    per_cell = {k: w[k]["median"] / w[k]["cells"] for k in ("domino", "bridge")}
    lines = [
        "",
        "## The writers, cell for cell",
        "",
        "Both events' standings written alternately in one process (bench/stages.py `writers`), each worksheet "
        "built block by block and compressed on a thread of its own, the sheets built in turns, the largest first "
        "(zlib level 6, as every workbook tally has "
        f"written); {load_words(w['load'])}.",
        "",
        markdown(table),
        "",
        f"Domino against bridge, a cell: **{per_cell['domino'] / per_cell['bridge']:.2f}x** the time (target: "
        "1 or less). Build: the worksheets' XML, one thread; compress: zlib on the same XML, one thread "
        "(CPU seconds). At zlib level 1 (not used: every workbook's bytes would change) the same writes take the "
        "time and size in the last column.",
        "",
        f"The whole `tally domino standings` command at {n:,} matches (fresh processes, from start to exit): "
        f"median of {len(command)} **{statistics.median(command):.2f} s** (runs: "
        + ", ".join(f"{x:.2f}" for x in command)
        + "). Target: under 6 s.",
    ]
    with (HERE / "README.md").open("a") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
