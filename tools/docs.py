"""The reference pages made from tally's declarations: `python tools/docs.py` writes docs/settings.md (every
game's Settings keys, from their `SettingSpec`s). tests/test_generated_docs.py checks the pages are current."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.games.registry import GAMES  # noqa: E402
from pipeline.games.settings import settings_table  # noqa: E402

SETTINGS_INTRO = """# Settings

Every workbook may have a `Settings` sheet of two columns, `Key` and `Value`. Keys are read ignoring case,
spaces, `-` and `_`; a key left out, or given without a value, takes its default; an unknown key is a warning
and is ignored; a key given twice is an error at the second. Each value is checked as it is read: a bad one
is an error located at its cell, saying what is expected (the third column below).

This page is made from the settings' declarations (`SettingSpec`, in `pipeline/games/settings.py` and each
game's `settings.py`; a bridge scoring method declares its own) by `python tools/docs.py`; do not edit it by
hand.
"""


def settings_page() -> str:
    """docs/settings.md: a table per game."""
    parts = [SETTINGS_INTRO]
    for game in GAMES.values():  # the registered games
        parts.append(f"## {game.name}\n\n{settings_table(game.setting_specs())}\n")
    return "\n".join(parts)


PAGES = {"docs/settings.md": settings_page}

if __name__ == "__main__":
    for name, page in PAGES.items():
        (ROOT / name).write_text(page(), encoding="utf-8")
        print(f"wrote {name}")
