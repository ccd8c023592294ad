"""What tally answers for a fixed set of inputs, as one JSON document: a refactoring must not change it.

For every bundled sample, its Spanish and Chinese twins (sample_data/es/, zh/) and every workbook of the test
corpora (`tests/corpus/`): the SHA-256 of the standings workbook tally writes (or its exit code), and the records
of `tally validate --json`, in order; for the schedules and templates: the SHA-256 of the workbook written; for a
batch over the (English) samples: each output's hash; for the ranking of the samples' standings and for a diff:
the hash of the workbook written.

    python tools/fingerprint.py > before.json      # then, after the change:
    python tools/fingerprint.py > after.json && diff before.json after.json
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from corpus import bridge_cases, domino_cases, hostile_cases  # noqa: E402

from pipeline.cli import app  # noqa: E402

RUN = CliRunner()


def digest(path: Path) -> str:
    """The SHA-256 of a file, or `absent`."""
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "absent"


def answer(args: list[object]) -> dict[str, object]:
    """The exit code and, for `--json`, the records a command prints."""
    result = RUN.invoke(app, [str(a) for a in args])
    out: dict[str, object] = {"exit": result.exit_code}
    if "--json" in args:
        out["records"] = json.loads(result.stdout) if result.stdout.strip().startswith("[") else result.stdout
    return out


def scored(path: Path, game: str, out: Path) -> dict[str, object]:
    """validate --json and standings of one workbook."""
    return {
        "validate": answer(["validate", path, "--json"]),
        "standings": answer([game, "standings", path, "-o", out, "--force"]) | {"sha256": digest(out)},
    }


def fingerprint(work: Path) -> dict[str, object]:
    """Every answer, by name."""
    found: dict[str, object] = {}
    for sample in sorted((ROOT / "sample_data").glob("*.xlsx")):  # seven samples
        game = "bridge" if sample.name.startswith("bridge") else "domino"
        found[f"sample/{sample.name}"] = scored(sample, game, work / f"{sample.stem}-standings.xlsx")
    for twin in sorted((ROOT / "sample_data").glob("*/*.xlsx")):  # their Spanish and Chinese twins
        game = "bridge" if twin.name.startswith("bridge") else "domino"
        name = f"{twin.parent.name}/{twin.name}"
        found[f"sample/{name}"] = scored(twin, game, work / f"{twin.parent.name}-{twin.stem}-standings.xlsx")
    for module, game in ((domino_cases, "domino"), (bridge_cases, "bridge")):
        for case in module.CASES:  # the corpora of bad workbooks
            folder = work / f"{game}-{case.name}"
            folder.mkdir()
            found[f"{game}/{case.name}"] = scored(case.write(folder), game, folder / "out.xlsx")
    for case in hostile_cases.CASES:
        if case.isolated:  # they are refused before any game code runs (and take a child process to test)
            continue
        folder = work / f"hostile-{case.name}"
        folder.mkdir()
        found[f"hostile/{case.name}"] = scored(case.write(folder), case.game, folder / "out.xlsx")
    for name, args in {
        "schedule/domino-entrants-9": ["domino", "schedule", "--entrants", 9, "-o", work / "s1.xlsx"],
        "schedule/domino-individual-12": ["domino", "schedule", "--entrants", 12, "--format", "individual", "-o", work / "s2.xlsx"],
        "schedule/bridge-teams": ["bridge", "schedule", ROOT / "sample_data" / "bridge_teams.xlsx", "-o", work / "s3.xlsx"],
        "template/domino": ["template", "domino", "-o", work / "t1.xlsx"],
        "template/bridge": ["template", "bridge", "-o", work / "t2.xlsx"],
    }.items():  # fmt: skip
        found[name] = answer(args) | {"sha256": digest(Path(str(args[-1])))}
    batch = work / "batch"
    (batch / "in").mkdir(parents=True)
    for sample in sorted((ROOT / "sample_data").glob("*.xlsx")):  # the English samples (not their twins)
        shutil.copy(sample, batch / "in")
    found["batch"] = answer(["batch", batch / "in", "-o", batch / "out", "--workers", 2])
    found["batch/outputs"] = {p.name: digest(p) for p in sorted((batch / "out").glob("*.xlsx"))}
    standings = sorted(p.relative_to(work) for p in (batch / "out").glob("domino_*-standings.xlsx"))
    rank = work / "ranking.xlsx"
    os.chdir(work)  # the ranking names each event by the path given: relative, so the same every run
    found["rank"] = answer(["rank", *standings, "-o", rank, "--as-of", "2026-11-30"]) | {
        "sha256": digest(rank)
    }
    changes = work / "changes.xlsx"
    pair = [work / "domino_pairs-standings.xlsx", work / "domino_run_out-standings.xlsx"]
    found["diff"] = answer(["diff", *pair, "-o", changes, "--json"]) | {"sha256": digest(changes)}
    return found


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(fingerprint(Path(tmp)), indent=1, ensure_ascii=False, sort_keys=True))
