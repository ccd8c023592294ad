"""`python -m bench.deals` (and `make bench`): double-dummy analysis of a 36-board set (endplay's DDS through
tally's `double_dummy`: every table in one `calc_all_tables` batch, then par a board), written to bench/README.md
as its "Double-dummy analysis" section."""

from __future__ import annotations

import os
import random
import re
import statistics
import time
from pathlib import Path

from pipeline.games.bridge.deals import deals_of, double_dummy
from pipeline.workbook.pbn import games_of

HERE = Path(__file__).resolve().parent
BOARDS = int(os.environ.get("BENCH_DEAL_BOARDS", "36"))
REPEATS = 3
TITLE = "## Double-dummy analysis"
BEFORE = "## Federation season"  # the section is written before this one when it is there


def shuffled_deals(n: int, seed: int = 18) -> str:
    """A PBN file of n random deals (seeded: the same set every run), boards 1..n."""
    rng = random.Random(seed)
    games = []
    for board in range(1, n + 1):  # a few dozen boards
        cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
        rng.shuffle(cards)
        hands = [
            ".".join("".join(c[1] for c in cards[13 * h : 13 * h + 13] if c[0] == s) for s in "SHDC")
            for h in range(4)
        ]
        games.append(f'[Board "{board}"]\n[Deal "N:{" ".join(hands)}"]\n')
    return "\n".join(games)


def measured(n: int) -> dict[str, float]:
    """Seconds to read and check n deals, and to analyse them (tables and par), each the median of REPEATS."""
    text = shuffled_deals(n)
    reads, analyses = [], []
    for _ in range(REPEATS):  # a few runs: the median
        start = time.perf_counter()
        deals = deals_of(games_of(text, "bench.pbn")[0], "bench.pbn")
        reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        double_dummy(deals.frame)
        analyses.append(time.perf_counter() - start)
    return {"read": statistics.median(reads), "analysis": statistics.median(analyses), "runs": analyses}


def section(n: int, run: dict, load: tuple[float, float, float]) -> str:
    """The README section of one run."""
    runs = ", ".join(f"{s:.2f}" for s in run["runs"])
    return "\n".join(
        [
            TITLE,
            "",
            f"{n} random deals (seeded), as `tally bridge standings --deals` analyses them: "
            f"**{run['analysis']:.2f} s** for every double-dummy table (endplay {_endplay()}, DDS, one "
            f"`calc_all_tables` batch) and par of each board (median of {REPEATS}: {runs}), "
            f"{run['analysis'] / n:.2f} s a board, nearly all of it DDS solving the 20 contracts of each table "
            f"(par from a table takes microseconds); reading and checking "
            f"the deals {run['read'] * 1000:.0f} ms. Machine: {os.cpu_count()} cores, load average "
            f"{load[0]:.2f} / {load[1]:.2f} / {load[2]:.2f} (1, 5, 15 min) when measured (other work running).",
            "",
        ]
    )


def _endplay() -> str:
    """endplay's version."""
    from importlib.metadata import version

    return version("endplay")


def written(text: str, new: str) -> str:
    """The README with its Double-dummy section replaced (or placed before the season, or at the end)."""
    found = re.search(rf"^{re.escape(TITLE)}\n.*?(?=^## |\Z)", text, flags=re.S | re.M)
    if found:
        return text[: found.start()] + new + "\n" + text[found.end() :]
    if BEFORE in text:
        at = text.index(BEFORE)
        return text[:at] + new + "\n" + text[at:]
    return text.rstrip("\n") + "\n\n" + new


def main() -> None:
    run = measured(BOARDS)
    readme = HERE / "README.md"
    new = section(BOARDS, run, os.getloadavg())
    readme.write_text(written(readme.read_text() if readme.exists() else "", new))
    print(new)


if __name__ == "__main__":
    main()
