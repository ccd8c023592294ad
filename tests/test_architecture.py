"""The dependency arrows point one way (docs/architecture.md): cli -> api -> federation -> games -> workbook,
with the shared data types below all of them; nothing under pipeline/ but the command line imports it."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

LAYERS = {  # package -> its layer: a module may import its own layer and the ones below
    "pipeline.problems": 0,
    "pipeline.sheets": 1,  # a worksheet between the file and the games (uses the models' ranges)
    "pipeline.parsing": 0,
    "schemas": 1,
    "pipeline.workbook": 2,
    "pipeline.games": 3,
    "pipeline.federation": 4,
    "pipeline.publish": 4,  # the results site: from the games' sheets and the ranking's (beside federation)
    "pipeline.api": 5,
    "pipeline.cli": 6,
}


def layer(module: str) -> int | None:
    """The layer of a module of tally (None for the package root and anything else)."""
    found = [(len(p), n) for p, n in LAYERS.items() if module == p or module.startswith(p + ".")]
    return max(found)[1] if found else None


def imports(path: Path) -> set[str]:
    """The tally modules a file imports (absolute imports of pipeline and schemas)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # the file's syntax tree
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{a.name}" for a in node.names} | {node.module}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return {m for m in found if m.split(".")[0] in ("pipeline", "schemas")}


def module_of(path: Path) -> str:
    """The dotted name of a source file."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_every_import_points_down_the_layers():
    wrong = []
    for path in sorted([*(ROOT / "pipeline").rglob("*.py"), *(ROOT / "schemas").rglob("*.py")]):
        here = layer(module_of(path))
        if here is None:
            continue
        for target in imports(path):  # a file's imports of tally
            there = layer(target)
            if there is not None and there > here:
                wrong.append(f"{module_of(path)} imports {target}")
    assert wrong == []


def test_the_rule_is_checked_on_real_imports():
    assert layer("pipeline.cli.rank") == 6 and layer("pipeline.games.domino.load") == 3
    assert "pipeline.games.registry.GAMES" in imports(ROOT / "pipeline" / "cli" / "rank.py")
