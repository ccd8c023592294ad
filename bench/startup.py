"""What a person waits for at the command line (issue 19), each as a ratio to a reference measured in the same
run, on the same machine, in fresh processes: `tally --help`, `tally <game> --help` and usage errors against
`python -c "import typer"`; the standings of each bundled sample (a club evening) against
`python -c "import pandas"` plus 0.25 s. The commands are run round-robin, so that a load from elsewhere falls on
all of them alike; the wall time of each run and its CPU time (user + system, of the child process) are kept,
and the median of each is what is compared. `python -m bench.startup` prints the table."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SAMPLES = sorted(p for p in (ROOT / "sample_data").iterdir() if p.suffix in (".xlsx", ".pbn"))
ROUNDS = int(os.environ.get("BENCH_STARTUP_ROUNDS", "7"))
TALLY = (
    "import sys; from pipeline.cli import main; sys.argv[0] = 'tally'; main()"  # the console script's code
)
SMALL = {  # what a small command is, and the reference it is held to (at most 1.5x its time)
    "tally --help": ["--help"],
    "tally domino --help": ["domino", "--help"],
    "tally bridge --help": ["bridge", "--help"],
    "tally domino standings --help": ["domino", "standings", "--help"],
    "tally --version": ["--version"],
    "usage error: tally frobnicate": ["frobnicate"],
    "usage error: tally domino standings (no file)": ["domino", "standings"],
    "usage error: tally validate --colour x": ["validate", "--colour", "x"],
}
# the least any Typer command line costs: one group of one command, as tally's is built (rich help, Typer's
# parameters); shown beside tally's, so the table says what is tally's and what is Typer's own
MINIMAL = (  # plain help and every unset --help given False, as tally's (pipeline/cli/__init__.py)
    "import sys, typer; app = typer.Typer(no_args_is_help=True, add_completion=False, rich_markup_mode=None); "
    "group = typer.Typer(no_args_is_help=True, rich_markup_mode=None); app.add_typer(group, name='group'); "
    "group.command()(lambda path: None); app.callback()(lambda: None); "
    "app(args=sys.argv[1:], default_map={'help': False, 'group': {'help': False, '<lambda>': {'help': False}}})"
)
MINIMAL_ARGS = {"--help": ["--help"], "group --help": ["group", "--help"], "usage error": ["group", "x", "y"]}
SMALL_LIMIT = 1.5  # x the time of importing typer
EVENING_ALLOWANCE = 0.25  # s beyond the time of importing pandas


@dataclass
class Timed:
    """One command's runs: wall and CPU seconds of each."""

    walls: list[float]
    cpus: list[float]

    @property
    def wall(self) -> float:
        """The median wall time."""
        return statistics.median(self.walls)

    @property
    def cpu(self) -> float:
        """The median CPU time."""
        return statistics.median(self.cpus)


def run_once(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of a command in a fresh process (its output discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def timed(commands: dict[str, list[str]], rounds: int = ROUNDS) -> dict[str, Timed]:
    """Every command run `rounds` times, round-robin, after one warm-up run of each (the file cache)."""
    for argv in commands.values():
        run_once(argv)
    found = {name: Timed([], []) for name in commands}
    for _ in range(rounds):
        for name, argv in commands.items():
            wall, cpu = run_once(argv)
            found[name].walls.append(wall)
            found[name].cpus.append(cpu)
    return found


def tally(*args: str) -> list[str]:
    """The command line of `tally ARGS` run from this source tree."""
    return [sys.executable, "-c", TALLY, *args]


def small_commands() -> dict[str, Timed]:
    """`python -c "import typer"` and the small commands."""
    commands = {'python -c "import typer"': [sys.executable, "-c", "import typer"]}
    commands |= {name: tally(*args) for name, args in SMALL.items()}
    commands |= {
        f"minimal Typer app: {name}": [sys.executable, "-c", MINIMAL, *args]
        for name, args in MINIMAL_ARGS.items()
    }
    return timed(commands)


def club_evenings(out: Path) -> dict[str, Timed]:
    """`python -c "import pandas"` and the standings of every bundled sample."""
    commands = {'python -c "import pandas"': [sys.executable, "-c", "import pandas"]}
    for sample in SAMPLES:  # seven club evenings
        game = "bridge" if sample.stem.startswith("bridge") else "domino"
        target = out / f"{sample.stem}-standings.xlsx"
        commands[f"{game} standings {sample.name}"] = tally(game, "standings", str(sample), "-o", str(target))
    return timed(commands)


def section(small: dict[str, Timed], evenings: dict[str, Timed], load: tuple[float, float, float]) -> str:
    """The section of bench/README.md: both tables, their ratios and limits, and the load they ran under."""
    typer_ref, pandas_ref = next(iter(small.values())), next(iter(evenings.values()))
    lines = [
        "## Waiting at the command line: small commands and a club evening",
        "",
        f"Each command run {ROUNDS} times in a fresh process, round-robin with its reference (`bench/startup.py`); "
        "median wall and CPU seconds (user + system of the process). Load average when measured: "
        + " / ".join(f"{x:.2f}" for x in load)
        + " (1, 5, 15 min) on "
        + f"{os.cpu_count()} cores.",
        "",
        f'Small commands against `python -c "import typer"` (target: at most {SMALL_LIMIT}x). The last rows are '
        "a minimal Typer app (one group of one command, built as tally's: plain help, every unset --help False; "
        "`MINIMAL` in bench/startup.py): Typer's "
        "own floor for the same shapes of command line, its parameter handling included:",
        "",
        "| command | wall s | CPU s | wall ratio | CPU ratio |",
        "|---|---|---|---|---|",
    ]
    for name, t in small.items():
        lines.append(f"| `{name}` | {t.wall:.3f} | {t.cpu:.3f} | {t.wall / typer_ref.wall:.2f}x | "
                     f"{t.cpu / typer_ref.cpu:.2f}x |")  # fmt: skip
    lines += [
        "",
        f'A club evening\'s standings against `python -c "import pandas"` + {EVENING_ALLOWANCE} s (target: at most '
        "that):",
        "",
        "| command | wall s | CPU s | wall - import pandas | CPU - import pandas |",
        "|---|---|---|---|---|",
    ]
    for name, t in evenings.items():
        lines.append(f"| `{name}` | {t.wall:.3f} | {t.cpu:.3f} | {t.wall - pandas_ref.wall:+.3f} | "
                     f"{t.cpu - pandas_ref.cpu:+.3f} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def measured_section() -> str:
    """Measure both, in this run, and give the section of bench/README.md."""
    small = small_commands()
    with tempfile.TemporaryDirectory() as out:
        evenings = club_evenings(Path(out))
    return section(small, evenings, os.getloadavg())


def main() -> None:
    """Measure both and print the section."""
    print(measured_section())


if __name__ == "__main__":
    main()
