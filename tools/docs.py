"""The reference pages made from tally's declarations: `python tools/docs.py` writes docs/settings.md (every
game's Settings keys, from their `SettingSpec`s), docs/vocabulary.md (the names of sheets, columns, settings
and words in English, Spanish and Chinese), docs/columns.md (every column of every game's sheets, from
the models) and docs/problems.md (every problem code, from its `Kind`,
with an example message: the first one `tally validate --json` gives for that code on the workbooks of the
test corpora, or the kind's own example). tests/test_generated_docs.py checks the pages are current."""

from __future__ import annotations

import functools
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.api import every_kind  # noqa: E402
from pipeline.games.registry import GAMES  # noqa: E402
from pipeline.games.settings import YES_NO, settings_table  # noqa: E402
from pipeline.problems import KINDS, Problem  # noqa: E402
from schemas.common import Column, columns_of, sheet_name_of, sheet_names_of  # noqa: E402

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


PROBLEMS_INTRO = """# Problem codes

Every problem tally reports has a code that never changes meaning; `tally validate --json` gives it with the
sheet, row, column, value and message. By letter: `F` the file itself, `W` a workbook's sheets and columns in
any game, `S` the Settings sheet, `C` Law 79C corrections, `D` domino, `B` bridge, `R` a standings workbook
read by `tally rank`, `X` what is not about the workbook (usage, an internal error).

This page is made from the declarations (`kind(...)` beside each check) by `python tools/docs.py`; the
examples are messages tally gave for the workbooks of its test corpora. Do not edit it by hand.
"""
SECTIONS = {
    "F": "The file",
    "W": "Sheets and columns (every game)",
    "S": "Settings",
    "C": "Corrections (Law 79C)",
    "D": "Domino",
    "B": "Bridge",
    "R": "Standings read by `tally rank`",
    "X": "Not about the workbook",
}


@functools.cache
def corpus_examples() -> dict[str, str]:
    """The first message `validate --json` gives for each code, on every workbook of the test corpora (made
    once per process: the docs tests that need it run in one xdist group)."""
    import json
    import tempfile

    from typer.testing import CliRunner

    sys.path.insert(0, str(ROOT / "tests"))
    from corpus import bridge_cases, domino_cases, hostile_cases

    from pipeline.cli import app

    found: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cases = [*domino_cases.CASES, *bridge_cases.CASES, *hostile_cases.CASES]
        for i, case in enumerate(cases):  # about three hundred small workbooks
            folder = Path(tmp) / str(i)
            folder.mkdir()
            options = list(getattr(case, "options", ()))
            result = CliRunner().invoke(app, ["validate", str(case.write(folder)), "--json", *options])
            for record in json.loads(result.stdout):  # the case's problems
                found.setdefault(record["code"], str(Problem(**record)))
    return found


def problems_page() -> str:
    """docs/problems.md: every declared code, by letter, with its severity, meaning and an example."""
    every_kind()  # every module that declares kinds is imported
    examples = corpus_examples()
    parts = [PROBLEMS_INTRO]
    for letter, title in SECTIONS.items():  # eight families
        rows = ["| code | severity | meaning | example |", "|---|---|---|---|"]
        for code in sorted(c for c in KINDS if c.startswith(letter)):  # the family's codes
            found = KINDS[code]
            example = examples.get(code) or found.example or "(none yet)"
            shown = example.replace("|", "\\|")
            rows.append(f"| `{code}` | {found.severity} | {found.summary} | {shown} |")
        parts.append(f"## {letter}: {title}\n\n" + "\n".join(rows) + "\n")
    return "\n".join(parts)


COLUMNS_INTRO = """# Columns

The sheets of each game's results workbook and what each column holds, with the other headers tally accepts
for it (read with a `W118` warning naming the substitution), the check Excel makes of a typed cell in the
workbooks tally writes for filling in (`tally template`, `tally ... schedule`), and whether a template shows
the column. Headers are read ignoring case, spaces and `_`. `Required`: `yes` must be filled in, `no` may be
blank; `pairs`/`teams` in a pairs/teams event only; `yes*` unless a Score or an Adjusted score is given;
`one of` one of the columns so marked.

This page is made from the models (`column(...)` in `schemas/`) by `python tools/docs.py`; do not edit it by
hand.
"""


def entry_words(column: Column) -> str:
    """Excel's check of a typed cell, in words."""
    entry = column.entry
    if entry is None:
        return ""
    return f"a whole number {entry.span.words}" if entry.span is not None else entry.words


def sheet_table(model: type) -> str:
    """One sheet's columns as a Markdown table."""
    rows = ["| column | also read as | required | what it holds | Excel checks | in the template |"]
    rows.append("|---|---|---|---|---|---|")
    for c in columns_of(model):  # a sheet's dozen columns
        also = ", ".join(f"`{a}`" for a in c.aliases)
        shown = "yes" if c.in_template else "no"
        rows.append(f"| `{c.title}` | {also} | {c.needed} | {c.note} | {entry_words(c)} | {shown} |")
    return "\n".join(rows)


def columns_page() -> str:
    """docs/columns.md: every game's sheets, then the sheets every game has."""
    from schemas.corrections import CorrectionsSheet
    from schemas.shared import SettingsSheet

    parts = [COLUMNS_INTRO]
    for game in GAMES.values():  # the registered games
        parts.append(f"## {game.name}\n")
        parts += [f"### {sheet_name_of(m)}\n\n{sheet_table(m)}\n" for m in game.sheets]
    parts.append("## Every game\n")
    parts += [f"### {sheet_name_of(m)}\n\n{sheet_table(m)}\n" for m in (SettingsSheet, CorrectionsSheet)]
    return "\n".join(parts)


VOCABULARY_INTRO = """# Vocabulary: the names tally reads in English, Spanish and Chinese

An input workbook may name its sheets, columns, settings and words in English, Spanish or Chinese, or mix them
(Spanish headers with an English Settings sheet). Names are matched ignoring case, accents, full-width or
half-width characters, spaces and punctuation (`EO`, `E-O`, `e o` and `ＥＯ` are one; `Si` is `Sí`). A header
in another language or spelling is read as the column silently; an alias (docs/columns.md: `N-S`, `E/W`) is
read with a warning (W118).
The standings, the site and the messages are written in the language docs/languages.md says (`--lang`,
the Language setting, else the workbook's own). Numbers, ids and bridge values (contracts, seats, vulnerability) are read as docs/bridge-rules.md says.

This page is made from the declarations (`column(..., names=, words=)` and each sheet's `Config.metadata` in
schemas/, each `SettingSpec`'s `names` and `words`) by `python tools/docs.py`; do not edit it by hand. A blank
cell: the English name only.
"""


def names_row(english: str, names: Mapping[str, tuple[str, ...]]) -> str:
    """One row of a vocabulary table: the English name, then its names in Spanish and in Chinese."""
    others = (", ".join(f"`{n}`" for n in names.get(lang, ())) for lang in ("es", "zh"))
    return f"| `{english}` | {' | '.join(others)} |"


def names_table(rows: list[str]) -> str:
    """A vocabulary table with its heading."""
    return "\n".join(["| English | Spanish | Chinese |", "|---|---|---|", *rows])


def vocabulary_sheets(models: tuple[type, ...]) -> list[str]:
    """The sheets' names, then each sheet's columns and the words of its columns that declare some."""
    parts = ["### Sheets\n\n" + names_table([names_row(sheet_name_of(m), sheet_names_of(m)) for m in models])]
    for model in models:  # a game's few sheets
        columns = columns_of(model)
        parts.append(
            f"### {sheet_name_of(model)}: columns\n\n"
            + names_table([names_row(c.title, c.names) for c in columns])
        )
        for c in columns:
            if c.words:
                rows = [names_row(w, n) for w, n in c.words.items()]
                parts.append(f"### {sheet_name_of(model)}: words in {c.title}\n\n" + names_table(rows))
    return parts


def vocabulary_page() -> str:
    """docs/vocabulary.md: per game, the sheets, columns, settings and words in English, Spanish and Chinese."""
    from schemas.corrections import CorrectionsSheet
    from schemas.shared import SettingsSheet

    parts = [VOCABULARY_INTRO.rstrip()]
    for game in GAMES.values():  # the registered games
        parts.append(f"## {game.name}")
        parts += vocabulary_sheets((*game.sheets, SettingsSheet, CorrectionsSheet))
        specs = game.setting_specs()
        parts.append(
            "### Settings keys\n\n" + names_table([names_row(s.title, s.names) for s in specs.values()])
        )
        for spec in specs.values():  # the settings that read words
            if spec.words:
                rows = [names_row(w, n) for w, n in spec.words.items()]
                parts.append(f"### Settings: words of {spec.title}\n\n" + names_table(rows))
    parts.append(
        "## Every game: yes and no\n\nEvery setting read as yes or no (also true/false, y/n, 1/0).\n\n"
        + names_table([names_row(w, n) for w, n in YES_NO.items()])
    )
    return "\n\n".join(parts) + "\n"


VALUES_INTRO = """# Bridge values as typed

How tally reads a bridge Results sheet's Contract, Declarer, Tricks, Result and Vul cells, in English, Spanish
and Chinese. Cells are read after Unicode NFKC (full-width letters and digits are the usual ones), ignoring
case and spaces.

- **C**: clubs in English, corazones (hearts) in Spanish. tally reads it by the language of the workbook's own
  contracts and declarers: a letter only English has (H, S, NT, N as a strain; W, West, North, ...) or only
  Spanish has (T, P, SA, ST, Doblado, Redoblado; O, Oeste, Norte, Sur, Este) anywhere in those columns says
  which. Spanish only: C is read as hearts, and one warning (`B201`) says so, as a reader of English would
  read clubs. English only: clubs. Neither, or both: each C is an error (`B200`) saying what to type (♣ or T
  for clubs, ♥ or H for hearts). Chinese and the suit symbols are the same in every workbook. Headers are
  not used (another part of tally reads Spanish headers); a `Language` setting is not needed for this.
- **S**, **E**: spades in a contract in English (Spanish has P, picas), south and east as a seat in both
  languages; **O** is west (oeste) as a seat and none as a Vul; **D** is diamonds in both.
- **A contract with its result in one cell**: `3NT+1`, `4S=`, `4♠X-1`, `4SA-2`, `3 无将 +1`, `6HXX=`, with
  the declarer before or after (`N 4S=`, `4S=N`), Tricks and Result left empty. Given as well, they must
  agree (`B202`, `B203`). No warning: the cell says plainly what was read.
- **Tricks** also takes `=`, `+1`, `-2` against the contract (`+7` is seven over, not seven tricks; `-100` is
  no result).
- **A cell in the wrong column**: a contract or a seat in Result or Tricks is `B204`, naming the column it
  belongs in.

This page is made from `SPELLINGS` in `pipeline/games/bridge/contracts.py` by `python tools/docs.py`; do not
edit it by hand.
"""


def values_page() -> str:
    """docs/bridge-values.md: every spelling of a strain, double, seat and vulnerability, with an example."""
    from pipeline.games.bridge.contracts import LANGUAGE_NAMES, SPELLINGS

    rows = ["| kind | typed | means | language | example |", "|---|---|---|---|---|"]
    for s in SPELLINGS:  # about a hundred spellings
        typed = s.text.replace("|", "\\|").replace("*", "\\*")
        example = s.example.replace("*", "\\*")
        rows.append(f"| {s.what} | `{typed}` | {s.word} | {LANGUAGE_NAMES[s.language]} | `{example}` |")
    return VALUES_INTRO + "\n" + "\n".join(rows) + "\n"


PAGES = {
    "docs/settings.md": settings_page,
    "docs/problems.md": problems_page,
    "docs/columns.md": columns_page,
    "docs/vocabulary.md": vocabulary_page,
    "docs/bridge-values.md": values_page,
}

if __name__ == "__main__":
    for name, page in PAGES.items():
        (ROOT / name).write_text(page(), encoding="utf-8")
        print(f"wrote {name}")
