"""The README's "Use from Python" example runs as written, from the project folder, and says what it claims."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from pathlib import Path

from conftest import ROOT


def test_the_readme_example_runs(tmp_path: Path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Use from Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]
    shutil.copytree(ROOT / "sample_data", tmp_path / "sample_data")
    printed = io.StringIO()
    here = Path.cwd()
    os.chdir(tmp_path)  # the example's paths are relative to the project folder
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(here)
    lines = printed.getvalue().splitlines()
    assert lines[0] == "domino True 0"
    assert lines[1].startswith("out/club-night.xlsx ") and "Rank" in lines[1]
    assert lines[-1] == "0 change(s)"
    assert (tmp_path / "out" / "club-night.xlsx").exists()
