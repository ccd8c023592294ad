"""Commands run in a child Python process, one after another, each reported as it ends.

A hostile workbook that got past the guard would make the Rust reader abort the whole process (or take all
the memory), so such cases run in a child with a cap on its address space. The child runs every command it
is given through Typer's CliRunner and prints one JSON line per command as it ends; if it dies, the command
it was running is charged with the death, and the commands after it run again in a new child. The child's
peak resident memory (from `os.wait4`) is reported with each outcome.
"""

from __future__ import annotations

import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

CHILD_MEMORY = 4 << 30  # bytes of address space a child may take: tally needs well under 1 GB resident
TIMEOUT = 120.0  # seconds one child may take for all its commands
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Outcome:
    """How one command ended: exit code (None after a timeout, negative when killed by a signal), output,
    its time in seconds (NaN when the process died before answering) and the child's peak memory in MB."""

    exit_code: int | None
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float = math.nan

    def why(self) -> str:
        """The end of the output, for assertion messages."""
        return f"exit {self.exit_code}\nstdout: {self.stdout[-1500:]}\nstderr: {self.stderr[-1500:]}"


# The child: each command through CliRunner, one JSON line as each ends (flushed, so a death loses nothing).
CHILD = """
import json, sys, time, traceback
from typer.testing import CliRunner
from pipeline.cli import app
for key, args in json.loads(sys.stdin.read()):
    start = time.perf_counter()
    result = CliRunner().invoke(app, args)
    err = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        err += "".join(traceback.format_exception(result.exception))
    print(json.dumps([key, result.exit_code, result.stdout, err, time.perf_counter() - start]), flush=True)
"""


def cap_memory() -> None:
    """In the child, before Python starts: a hard cap on its address space (a runaway reader fails fast)."""
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def child_env() -> dict[str, str]:
    """The environment of a child: this one, with a one-line Rust abort message instead of a backtrace."""
    return {**os.environ, "RUST_BACKTRACE": "0"}


def run_isolated(commands: list[tuple[str, list[str]]]) -> dict[str, Outcome]:
    """Every (key, command line) run in child processes, in order; a command that kills its child gets the
    death (negative exit code, NaN seconds) and the rest go on in a new child."""
    outcomes: dict[str, Outcome] = {}
    pending = list(commands)
    while pending:
        code, out, err, peak = _child(pending)
        done = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
        for key, exit_code, stdout, stderr, seconds in done:
            outcomes[key] = Outcome(exit_code, stdout, stderr, seconds, peak)
        pending = pending[len(done) :]
        if pending:  # the child died (or hung) in the first pending command
            key = pending.pop(0)[0]
            outcomes[key] = Outcome(code, "", err, math.nan, peak)
    return outcomes


def _child(commands: list[tuple[str, list[str]]]) -> tuple[int | None, str, str, float]:
    """Run the commands in one child: its exit code (None when it timed out), stdout, stderr and peak
    resident memory in MB (from wait4, so this child's alone)."""
    with tempfile.TemporaryFile("w+") as errors:
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            env=child_env(),
            cwd=ROOT,
            preexec_fn=cap_memory,
        )
        timer = threading.Timer(TIMEOUT, child.kill)
        timer.start()
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(json.dumps(commands))
        child.stdin.close()
        out = child.stdout.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen must not wait again
        expired = not timer.is_alive()
        timer.cancel()
        errors.seek(0)
        err = errors.read() + ("\n(timed out)" if expired else "")
    return (None if expired else child.returncode), out, err, usage.ru_maxrss / 1024
