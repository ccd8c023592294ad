"""A synthetic season for the federation benchmarks: event workbooks of 20-200 competitors drawn from one
pool of registered players, dated over 15 months, with a few weights; plus the season benchmarks."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import psutil
import xlsxwriter

FIRST = ["Ana", "Luis", "Marta", "José", "Elena", "Pedro", "Rosa", "Juan", "Lucía", "Raúl", "Sofía", "Iván"]
LAST = ["Ruiz", "Mora", "Díaz", "Peña", "Lima", "Soto", "Vega", "Gil", "Cruz", "León", "Núñez", "Ortiz"]
POOL = 6_000  # registered players
ROUNDS = 5
FIRST_DAY = dt.date(2025, 9, 1)
DAYS = 456  # about 15 months, so that the 365-day window leaves some events out


def player_ids(numbers: np.ndarray) -> np.ndarray:
    """Federation ids F00001...; number 0 is F00001."""
    return np.char.add("F", np.char.zfill((numbers + 1).astype(str), 5))


def player_names(numbers: np.ndarray) -> np.ndarray:
    """A name for each registered player (deterministic; some names repeat under different ids, as in life)."""
    return np.char.add(
        np.char.add(np.array(FIRST)[numbers % len(FIRST)], " "),
        np.char.add(np.array(LAST)[(numbers // len(FIRST)) % len(LAST)], np.char.mod(" %d", numbers // 144)),
    )


def season_event(index: int, seed: int = 0) -> dict[str, object]:
    """Event `index` of the season: its settings and matches (each competitor one match a round, random
    opponents, a bye for an odd field)."""
    rng = np.random.default_rng([seed, index])
    size = int(rng.integers(20, 201))
    entrants = rng.choice(POOL, size=size, replace=False)
    sides = np.stack([rng.permutation(entrants)[: size - size % 2].reshape(-1, 2) for _ in range(ROUNDS)])
    per_round = sides.shape[1]
    n = ROUNDS * per_round
    a_wins = rng.random(n) < 0.5
    winner = np.full(n, 100)
    loser = rng.integers(0, 100, n)
    return {
        "event": f"Season event {index + 1:04d}",
        "date": FIRST_DAY + dt.timedelta(days=int(rng.integers(0, DAYS))),
        "weight": float(rng.choice([1.0, 1.0, 1.0, 1.5, 2.0])),
        "players": entrants,
        "round": np.repeat(np.arange(1, ROUNDS + 1), per_round),
        "table": np.tile(np.arange(1, per_round + 1), ROUNDS),
        "a": player_ids(sides[:, :, 0].ravel()),
        "b": player_ids(sides[:, :, 1].ravel()),
        "a_pips": np.where(a_wins, winner, loser),
        "b_pips": np.where(a_wins, loser, winner),
    }


def write_season_event(path: Path, event: dict[str, object]) -> Path:
    """The event as an organizer's input workbook: Settings, Players and Matches (singles: A1 against B1)."""
    book = xlsxwriter.Workbook(str(path), {"constant_memory": True})
    settings = book.add_worksheet("Settings")
    rows = [["Key", "Value"], ["Event", event["event"]], ["Date", f"{event['date']:%Y-%m-%d}"]]
    rows += [["Weight", event["weight"]], ["Target", 100]]
    for r, row in enumerate(rows):
        settings.write_row(r, 0, row)
    players = book.add_worksheet("Players")
    players.write_row(0, 0, ["ID", "Name"])
    numbers = np.sort(np.asarray(event["players"]))
    for r, (pid, name) in enumerate(zip(player_ids(numbers), player_names(numbers), strict=True), start=1):
        players.write_row(r, 0, [str(pid), str(name)])
    matches = book.add_worksheet("Matches")
    matches.write_row(0, 0, ["Round", "Table", "A1", "B1", "A Pips", "B Pips"])
    columns = [event[k] for k in ("round", "table", "a", "b", "a_pips", "b_pips")]
    for r, row in enumerate(zip(*columns, strict=True), start=1):
        matches.write_row(
            r, 0, [int(row[0]), int(row[1]), str(row[2]), str(row[3]), int(row[4]), int(row[5])]
        )
    book.close()
    return path


def season_inputs(folder: Path, count: int, seed: int = 0) -> list[Path]:
    """`count` input workbooks in the folder (kept between runs: only missing ones are written)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"event-{i + 1:04d}.xlsx" for i in range(count)]
    for i, path in enumerate(paths):
        if not path.exists():
            write_season_event(path, season_event(i, seed))
    return paths


# ---------------------------------------------------------------- the season benchmarks (make bench)

HERE = Path(__file__).resolve().parent
SEASON = HERE / "data" / "season"
EVENTS = int(os.environ.get("BENCH_SEASON_EVENTS", "2000"))
RANK_SIZES = sorted({min(n, EVENTS) for n in (200, 500, 1000, 2000)})
TALLY = [str(Path(sys.executable).parent / "tally")]
MARK = "<!-- season benchmarks -->"
BATCH = int(os.environ.get("BENCH_SEASON_BATCH", str(EVENTS)))  # inputs for the batch runs (a prefix)
RANK_REPEATS = 3  # runs of each rank size: the median is reported, with the spread from one run to the next
DASK_CORES = (4, 8, 16)  # worker cores of the clusters in the projection


SAMPLED_EVERY = 0.02  # seconds between two samples of a command's memory
# The first batch's memory is sampled less often: a sample (the process tree's RSS through psutil) costs about
# 1.2 ms of CPU, so every 20 ms it takes 6 % of a core from the two busy workers, a cost the I/O floor it is
# compared with (timed in this process, no sampler) does not pay.
BATCH_SAMPLED_EVERY = 0.5


def timed(command: list[str], every: float = SAMPLED_EVERY) -> dict[str, float]:
    """Wall seconds and peak memory (RSS summed over the process and its children, sampled every `every`
    seconds)."""
    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
    ):  # files: a pipe would fill and block
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=out, stderr=err, cwd=HERE.parent)
        watched = psutil.Process(proc.pid)
        peak = 0
        while proc.poll() is None:
            with contextlib.suppress(psutil.Error):
                tree = [watched, *watched.children(recursive=True)]
                peak = max(peak, sum(p.memory_info().rss for p in tree if p.is_running()))
            time.sleep(every)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        said, errors = out.read().decode(), err.read().decode()
    if proc.returncode not in (0,):
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {errors[-2000:]}")
    # the summary: the command's last line (a batch lists each file computed above its counts)
    last = said.strip().splitlines()[-1] if said.strip() else ""
    return {"wall": wall, "peak_mb": peak / 2**20, "stdout": last}  # type: ignore[dict-item]


def changed_inputs(paths: list[Path], seed: int) -> None:
    """Rewrite the inputs with another seed's results (same file names)."""
    for path in paths:
        write_season_event(path, season_event(int(path.stem.split("-")[1]) - 1, seed))


TITLE_ROWS = 4  # title, date, status and a blank row above a standings sheet's headers


def openpyxl_season(paths: list[Path]) -> float:
    """The simplest alternative: pandas.read_excel (openpyxl) of Standings and Rules, one file after another,
    concatenated (no checks, no ranking)."""
    import pandas as pd

    start = time.perf_counter()
    frames = []
    for path in paths:  # the naive loop being compared
        sheets = pd.read_excel(path, sheet_name=["Standings", "Rules"], engine="openpyxl", header=TITLE_ROWS)
        frames.append(sheets["Standings"].iloc[:, :3])  # Rank, the competitor's id and name
    pd.concat(frames)
    return time.perf_counter() - start


def season_benchmarks() -> list[str]:
    """Every season figure, as the lines of the bench/README.md section."""
    inputs_dir, standings = SEASON / "inputs", SEASON / "standings"
    t = time.perf_counter()
    inputs = season_inputs(inputs_dir, EVENTS)
    generated = time.perf_counter() - t
    shutil.rmtree(standings, ignore_errors=True)
    batch_dir = inputs_dir if BATCH >= EVENTS else SEASON / f"inputs-{BATCH}"
    if batch_dir != inputs_dir:
        shutil.rmtree(batch_dir, ignore_errors=True)
        batch_dir.mkdir(parents=True)
        for path in inputs[:BATCH]:
            shutil.copy(path, batch_dir / path.name)
    batch = [*TALLY, "batch", str(batch_dir), "-o", str(standings), "--workers", "2"]
    first = timed(batch, every=BATCH_SAMPLED_EVERY)
    print(f"batch first run over {BATCH}: {first['wall']:.1f} s", flush=True)
    first["digest"] = outputs_digest(standings)  # type: ignore[assignment]
    first["floor"] = season_floor(inputs[:BATCH], standings)
    print(f"batch I/O floor: {first['floor']:.1f} s; outputs {first['digest']}", flush=True)
    again = timed(batch)
    print(f"batch unchanged: {again['wall']:.1f} s", flush=True)
    changed = [batch_dir / p.name for p in inputs[:10]]
    changed_inputs(changed, seed=1)
    ten = timed(batch)
    changed_inputs(changed, seed=0)
    timed(batch)  # back to the generated season
    print(f"batch 10 changed: {ten['wall']:.1f} s", flush=True)
    ready = os.environ.get("BENCH_SEASON_STANDINGS")  # standings of all EVENTS already written by tally batch
    files = sorted((Path(ready) if ready else standings).glob("*-standings.xlsx"))
    ranks = []
    for n in RANK_SIZES:
        command = [
            *TALLY,
            "rank",
            *map(str, files[:n]),
            "-o",
            str(SEASON / f"ranking-{n}.xlsx"),
            "--workers",
            "2",
        ]
        runs = [timed(command) for _ in range(RANK_REPEATS)]
        run = sorted(runs, key=lambda r: r["wall"])[len(runs) // 2]  # the median run
        ranks.append({"n": n, **run, "walls": [r["wall"] for r in runs]})
        print(f"rank {n}: {run['wall']:.1f} s, {run['peak_mb']:.0f} MB", flush=True)
    small, big = RANK_SIZES[0], RANK_SIZES[-1]
    site = SEASON / "site"
    shutil.rmtree(site, ignore_errors=True)
    published = timed(
        [*TALLY, "rank", *map(str, files[:big]), "-o", str(SEASON / f"ranking-site-{big}.xlsx"), "--workers", "2",
         "--publish", str(site)]
    )  # fmt: skip
    published["pages"] = sum(1 for _ in site.rglob("*.html"))
    published["mb"] = sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6
    print(f"rank {big} --publish: {published['wall']:.1f} s, {published['pages']} pages", flush=True)
    dask_rank = {
        n: timed([*TALLY, "rank", *map(str, files[:n]), "-o", str(SEASON / f"ranking-dask-{n}.xlsx"),
                  "--workers", "2", "--engine", "dask"])
        for n in sorted({small, big})
    }  # fmt: skip
    same = all(
        (SEASON / f"ranking-{n}.xlsx").read_bytes() == (SEASON / f"ranking-dask-{n}.xlsx").read_bytes()
        for n in dask_rank
    )
    batch_n = small
    subset = SEASON / "subset"
    shutil.rmtree(subset, ignore_errors=True)
    subset.mkdir(parents=True)
    for path in inputs[:batch_n]:
        shutil.copy(path, subset / path.name)
    batch_engines = {}
    for engine in ("local", "dask"):
        target = SEASON / f"subset-{engine}"
        shutil.rmtree(target, ignore_errors=True)
        batch_engines[engine] = timed(
            [*TALLY, "batch", str(subset), "-o", str(target), "--workers", "2", "--engine", engine]
        )
        print(f"batch {batch_n} on {engine}: {batch_engines[engine]['wall']:.1f} s", flush=True)
    naive = openpyxl_season(files[:small])
    stages = json.loads(
        subprocess.run([sys.executable, "-m", "bench.season", "stages", *map(str, files[:big])],
                       check=True, capture_output=True, text=True, cwd=HERE.parent).stdout
    )  # fmt: skip
    return season_report(
        generated, first, again, ten, ranks, dask_rank, same, batch_n, batch_engines, naive, stages, published
    )


def outputs_digest(folder: Path) -> str:
    """One SHA-256 of a folder's standings workbooks, name and bytes in name order: what byte-identical outputs
    keep from one version of tally to the next."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(folder.glob("*-standings.xlsx")):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def cells_of(path: Path) -> int:
    """The cells of a workbook's sheets (every sheet's rows x columns, as fastexcel reads them, headers included)."""
    import fastexcel

    reader = fastexcel.read_excel(path)
    sheets = (reader.load_sheet(name, header_row=None, dtypes="string") for name in reader.sheet_names)
    return sum(sheet.height * sheet.width for sheet in sheets)


def floor_event(job: tuple[str, int, str]) -> None:
    """One event's I/O floor: its input read with fastexcel (every sheet, as text), and a workbook of `cells`
    cells written with xlsxwriter (no formatting)."""
    import fastexcel

    source, cells, target = job
    reader = fastexcel.read_excel(source)
    for name in reader.sheet_names:
        reader.load_sheet(name, header_row=None, dtypes="string").to_arrow()
    book = xlsxwriter.Workbook(target, {"constant_memory": True})
    sheet = book.add_worksheet()
    row = [3, "P0042", "Name 42", 2, 1, 412, 388, 24, 0.5, 1.5]  # a Standings row's kinds of cells
    for r in range(cells // len(row)):
        sheet.write_row(r, 0, row)
    book.close()


def season_floor(inputs: list[Path], standings: Path) -> float:
    """Target 3's I/O floor (issue 19): every input read with fastexcel and as many cells as its standings
    workbook holds written with xlsxwriter, on two worker processes, wall seconds (the cells counted first,
    outside the time)."""
    from concurrent.futures import ProcessPoolExecutor

    out = SEASON / "floor"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    jobs = [
        (str(p), cells_of(standings / f"{p.stem}-standings.xlsx"), str(out / f"{p.stem}.xlsx"))
        for p in inputs
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(floor_event, jobs, chunksize=8))
    return time.perf_counter() - start


def rank_stages(paths: list[Path]) -> dict[str, float]:
    """`tally rank`'s stages in one process (reading on 2 local worker processes), wall seconds each."""
    from pipeline.federation.engines import Engine, running
    from pipeline.federation.ranking.identity import identity_reports
    from pipeline.federation.ranking.points import ranked_season
    from pipeline.federation.ranking.report import ranking_sheets
    from pipeline.federation.ranking.rules import RankingRules
    from pipeline.federation.ranking.season import season_note, season_of
    from pipeline.federation.tasks import reading_crashed, season_file_at
    from pipeline.publish.ranking import RankingSheets, ranking_pages
    from pipeline.publish.site import rendered, site_folder, write_site
    from pipeline.workbook import write_workbook

    rules, out, marks = RankingRules(), {}, time.perf_counter()

    def lap(name: str) -> None:
        nonlocal marks
        now = time.perf_counter()
        out[name], marks = now - marks, now

    with running(Engine("local", 2)) as runner:
        lap("start workers")
        files = runner.map(
            season_file_at, [(str(p), p.name, rules, 1000) for p in paths], "reading", reading_crashed
        )
        lap("read and score each workbook")
    season = season_of(files)
    lap("assemble and validate the season")
    as_of = season.events["date"].max()
    counted, ranking = ranked_season(season.contributions, as_of, rules)
    lap("window, best 10, totals, order")
    reports = identity_reports(counted)
    lap("identity reports")
    notes = [season_note(w) for w in season.warnings]
    sheets = ranking_sheets(ranking, counted, season.events, reports, rules, as_of, notes)
    lap("build the sheets")
    write_workbook(SEASON / "ranking-stages.xlsx", sheets)
    lap("write the workbook")
    site = SEASON / "site-stages"
    shutil.rmtree(site, ignore_errors=True)
    pages = ranking_pages(RankingSheets({s.name: s.frame for s in sheets}))
    lap("publish: build the pages (rank --publish)")
    files = rendered(pages)
    lap("publish: render them (Jinja2)")
    write_site(site_folder(site, force=True), files)
    lap("publish: write the files")
    out["contributions"] = float(len(counted))
    out["ranked"] = float(len(ranking))
    return out


def season_report(
    generated, first, again, ten, ranks, dask_rank, same, batch_n, batch_engines, naive, stages, published
):
    """The season section of bench/README.md."""
    small, big = ranks[0], ranks[-1]
    written = f"{generated:.0f} s to write them" if generated >= 1 else "already written by an earlier run"
    per_file = [
        f"{r['n']:,}: {r['wall']:.1f} s, {1000 * r['wall'] / r['n']:.1f} ms a file, {r['peak_mb']:.0f} MB"
        for r in ranks
    ]
    sizes = np.array([r["n"] for r in ranks], dtype=float)
    slope, intercept = np.polyfit(sizes, np.array([r["wall"] for r in ranks]), 1)  # wall = a + b x files
    steps = [
        f"{a['n']:,} -> {b['n']:,}: {1000 * (b['wall'] - a['wall']) / (b['n'] - a['n']):.1f} ms"
        for a, b in zip(ranks, ranks[1:], strict=False)
    ]
    dask_small, dask_big = dask_rank[small["n"]]["wall"], dask_rank[big["n"]]["wall"]
    local_step = (big["wall"] - small["wall"]) / (big["n"] - small["n"])
    dask_step = (dask_big - dask_small) / (big["n"] - small["n"])
    local_fixed, dask_fixed = small["wall"] - small["n"] * local_step, dask_small - small["n"] * dask_step
    if dask_step >= local_step and dask_fixed >= local_fixed:
        verdict = (
            "On this machine Dask never pays: its scheduler and client share the 2 cores with its workers, "
            "every result is serialized through the scheduler, and starting the cluster adds to the fixed cost."
        )
    else:
        verdict = "On this machine Dask was faster at some size: see the table above."
    projection = []
    for cores in DASK_CORES:  # Dask's cost a file, in core-seconds, spread over the cluster's cores
        cost = 2 * dask_step / cores
        gain = local_step - cost
        even = f"{(dask_fixed - local_fixed) / gain:,.0f}" if gain > 0 else "never"
        projection.append(f"| {cores} | {1000 * cost:.1f} | {even} |")
    lines = [
        MARK,
        "",
        f"## Federation season: {EVENTS:,} events (`tally batch`, `tally rank`)",
        "",
        f"`bench/season.py` generates {EVENTS:,} domino singles events of 20-200 competitors each (5 rounds, "
        f"drawn from a pool of {POOL:,} registered players, dated over {DAYS} days, weights 1, 1.5 or 2), "
        f"as organizers' input workbooks ({written}; they are kept in `bench/data/season/`). Every figure is one run of the real command in a fresh process on this "
        "2-core machine, `--workers 2`; peak memory is the resident memory of the command and all its worker "
        f"processes, summed, sampled every {SAMPLED_EVERY * 1000:.0f} ms (the first batch every "
        f"{BATCH_SAMPLED_EVERY:g} s: a sample costs about 1.2 ms of CPU, which the floor, timed without a sampler, "
        "does not pay).",
        "",
        "### `tally batch` over the season",
        "",
        "| run | wall s | peak MB | summary |",
        "|---|---|---|---|",
        f"| first run ({BATCH:,} inputs) | {first['wall']:.1f} | {first['peak_mb']:.0f} | {first['stdout']} |",
        f"| again, nothing changed | {again['wall']:.2f} | {again['peak_mb']:.0f} | {again['stdout']} |",
        f"| again, 10 inputs changed | {ten['wall']:.2f} | {ten['peak_mb']:.0f} | {ten['stdout']} |",
        "",
        f"The unchanged rerun costs **{100 * again['wall'] / first['wall']:.1f} %** of the first run (target: "
        "under 5 %): it hashes every input (SHA-256) and reads the manifest, and scores nothing.",
        "",
        f"The I/O floor of the first run (issue 19, target 3: every input read with fastexcel and as many cells "
        f"as its standings hold written with xlsxwriter, on two worker processes): {first['floor']:.1f} s; the "
        f"first run takes **{first['wall'] / first['floor']:.2f}x** its floor (target: at most 1.5x) and "
        f"{first['wall']:.1f} s (target: under 100 s). The SHA-256 of its {BATCH:,} standings workbooks (name "
        f"and bytes, in name order; `outputs_digest`): `{first['digest']}`.",
        "",
        f"### `tally rank` over the standings ({', '.join(str(r['n']) for r in ranks)} files)",
        "",
        *[f"- {line}" for line in per_file],
        "",
        f"Each size was run {RANK_REPEATS} times; the median run is shown. The runs, in seconds: "
        + "; ".join(f"{r['n']:,}: {', '.join(f'{w:.1f}' for w in r['walls'])}" for r in ranks)
        + ".",
        "",
        "Growth: the cost of each further file, between consecutive sizes: "
        f"{'; '.join(steps)}. A straight line through the four runs: {intercept:.1f} s + "
        f"{1000 * slope:.1f} ms a file. The per-file averages above fall because the fixed start-up (imports, "
        "worker processes) is shared by more files. A linear cost has equal steps; judge the steps above "
        "against the spread of the runs. Target (issue 19, target 6): "
        f"under 20 s for 2,000 files: **{big['wall']:.1f} s**.",
        "",
        f"Stage by stage at {big['n']:,} files (one process, reading on 2 worker processes; "
        f"{int(stages['contributions']):,} contributions, {int(stages['ranked']):,} ranked):",
        "",
        "| stage | s |",
        "|---|---|",
        *[f"| {k} | {v:.2f} |" for k, v in stages.items() if k not in ("contributions", "ranked")],
        "",
        f"`tally rank --publish` at {big['n']:,} files (the ranking and its site: {published['pages']:,} pages, "
        f"{published['mb']:.0f} MB): **{published['wall']:.1f} s** against {big['wall']:.1f} s for `tally rank` "
        f"alone: the site adds {published['wall'] - big['wall']:.1f} s ({100 * (published['wall'] - big['wall']) / big['wall']:.0f} % of rank; "
        "the publish stages above split it). Target: well under the time of rank itself.",
        "",
        f"The simplest alternative, `pandas.read_excel` (openpyxl) of the two sheets one file after another "
        f"with no checks and no ranking, takes {naive:.1f} s for {small['n']} files "
        f"({1000 * naive / small['n']:.0f} ms a file) against {1000 * small['wall'] / small['n']:.0f} ms a "
        "file for the whole `tally rank`.",
        "",
        "### Local processes against Dask (a `LocalCluster` of 2 worker processes started by the command)",
        "",
        "| job | local s | Dask s |",
        "|---|---|---|",
        *[
            f"| rank {n:,} files | {next(r['wall'] for r in ranks if r['n'] == n):.1f} | {d['wall']:.1f} |"
            for n, d in dask_rank.items()
        ],
        f"| batch {batch_n:,} inputs | {batch_engines['local']['wall']:.1f} | {batch_engines['dask']['wall']:.1f} |",
        "",
        f"Identical ranking workbooks from both engines: {'yes' if same else 'NO'}.",
        "",
        f"From the two rank sizes: the local engine costs {local_fixed:.1f} s + {1000 * local_step:.1f} ms a "
        f"file, Dask {dask_fixed:.1f} s + {1000 * dask_step:.1f} ms a file. {verdict} "
        "**Projection, not measured** (one "
        f"machine here): if a Dask file costs the {2 * 1000 * dask_step:.0f} core-milliseconds measured here "
        "and the scheduler runs elsewhere, a cluster of C worker cores ranks a file in that / C, and beats "
        "this 2-core local run beyond the break-even number of files:",
        "",
        "| worker cores | ms a file | break-even files |",
        "|---|---|---|",
        *projection,
        "",
    ]
    return lines


def write_section(lines: list[str]) -> None:
    """Replace (or add) the season section at the end of bench/README.md."""
    readme = HERE / "README.md"
    text = readme.read_text() if readme.exists() else ""
    head = text.split(MARK)[0].rstrip("\n")
    readme.write_text(head + "\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["stages"]:
        print(json.dumps(rank_stages([Path(p) for p in sys.argv[2:]])))
    else:
        write_section(season_benchmarks())
