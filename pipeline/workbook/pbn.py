"""Reading a PBN file (Portable Bridge Notation 2.1) into its games: the syntax only, at each line; what the
games mean for scoring is pipeline/games/bridge/interchange.py. References and decisions: docs/interchange.md.

- A file is a run of games separated by blank lines; a game is tag pairs `[Tag "value"]` (the value's `\\"`
  and `\\\\` escaped), each tag possibly followed by its section's data. A line starting with `%` is an escape
  line (ignored), `;` starts commentary to the end of its line and `{ }` commentary that may span lines; a tag
  value `#` repeats the value of the same tag in the game before (PBN 2.1, 4.8).
- A table section (a tag whose name ends in `Table`: ScoreTable, TotalScoreTable, ...) names its columns in
  the tag's value (`PairId_NS\\2R;Contract\\4L;...`: a name, then after a backslash an optional width and
  alignment); each following line is one row, its values separated by spaces, a string in double quotes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.i18n import _
from pipeline.problems import Problem, kind
from pipeline.workbook.interchange import file_text

BAD_TAG = kind(
    "B212",
    "a PBN line that is not a well-formed tag pair, section line or commentary (an unclosed tag, string or { })",
    example="event.pbn, row 12, column '[Board' [[Board 7]: a tag pair is [Name \"value\"]: a name, the value in double quotes, then ]",
)
TABLE_SUFFIX, REPEAT_VALUE = "Table", "#"

# One token of PBN's import format: an escape line, commentary, a tag's brackets, a string, a line end, a word.
TOKEN = re.compile(
    r"""(?P<escape>^%[^\n]*)
      | (?P<semi>;[^\n]*)
      | (?P<brace>\{[^}]*\}?)
      | (?P<open>\[) | (?P<close>\])
      | (?P<string>"(?:\\.|[^"\\\n])*"?)
      | (?P<newline>\n)
      | (?P<space>[ \t\r\f\v]+)
      | (?P<word>[^\s\[\]{};"]+)""",
    re.VERBOSE | re.MULTILINE,
)
COLUMN = re.compile(r"^\s*[+-]?(?P<label>[A-Za-z0-9_]+)(?:\\(?P<width>[0-9]+)?[RL]?)?\s*$")


@dataclass
class Table:
    """A table section: its tag's line, its columns, and its rows (line, values)."""

    line: int
    columns: list[str]
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


@dataclass
class Game:
    """One game of a PBN file: its tags (name -> (line, value)) and its tables by name."""

    tags: dict[str, tuple[int, str]] = field(default_factory=dict)
    tables: dict[str, Table] = field(default_factory=dict)


def unescaped(text: str) -> str:
    """A PBN string's value: its quotes dropped, `\\"` and `\\\\` unescaped."""
    return re.sub(r"\\([\\\"])", r"\1", text[1:-1])


def table_columns(value: str) -> list[str]:
    """The column names a table tag's value declares (`Contract\\4L` -> Contract; `+Rank\\2R` -> Rank)."""
    names = [COLUMN.match(part) for part in value.split(";") if part.strip()]
    return [m["label"] if m else part.strip() for m, part in zip(names, value.split(";"), strict=False)]


def games_of(text: str, name: str) -> tuple[list[Game], list[Problem]]:
    """The games of a PBN file's text and the problems of its syntax (B212), each at its line."""
    games: list[Game] = [Game()]
    problems: list[Problem] = []
    line, blank, table = 1, True, None
    row: list[str] = []
    tag: list[str] | None = None  # the tag being read: its name and value so far
    tag_line = 0

    def bad(where: int, column: str, value: str, problem: str) -> None:
        problems.append(Problem.of(BAD_TAG, name, where, column, value[:60], problem))

    for found in TOKEN.finditer(text):  # PBN is read a token at a time: its syntax spans lines
        what, token = found.lastgroup, found.group()
        if what == "newline":
            if tag is not None:
                bad(
                    tag_line,
                    f"[{tag[0] if tag else ''}",
                    "[" + " ".join(tag),
                    _("a tag pair ends on its own line with ]"),
                )
                tag = None
            if table is not None and row:
                table.rows.append((line, row))
            row = []
            if blank and (games[-1].tags or games[-1].tables):
                games.append(Game())
                table = None
            blank = True
            line += 1
            continue
        if what == "space":
            continue
        blank = False  # a line of commentary or an escape line is not the blank line that ends a game
        if what in ("escape", "semi"):
            continue
        if what == "brace":
            if not token.endswith("}"):
                bad(
                    line,
                    "{",
                    token.split("\n")[0],
                    _("commentary opened with {open} is never closed with {close}", open="{", close="}"),
                )
            line += token.count("\n")
            continue
        if what == "open":
            if tag is not None:
                bad(
                    tag_line,
                    f"[{tag[0] if tag else ''}",
                    "[" + " ".join(tag),
                    _("a tag pair is not closed with ]"),
                )
            tag, tag_line, table = [], line, None
            if row:
                row = []
            continue
        if tag is not None:
            if what == "close":
                if len(tag) != 2 or not tag[1].startswith('"'):
                    bad(
                        tag_line,
                        f"[{tag[0] if tag else ''}",
                        "[" + " ".join(tag) + "]",
                        _('a tag pair is [Name "value"]: a name, the value in double quotes, then ]'),
                    )
                else:
                    value = unescaped(tag[1])
                    game = games[-1]
                    game.tags[tag[0]] = (tag_line, value)
                    if tag[0].endswith(TABLE_SUFFIX):
                        table = game.tables[tag[0]] = Table(tag_line, table_columns(value))
                tag = None
            elif what == "string" and (len(token) < 2 or not token.endswith('"')):
                bad(tag_line, f"[{tag[0] if tag else ''}", token, _('a string opened with " is never closed'))
                tag = None
            else:
                tag.append(token)
            continue
        if what == "close":
            bad(line, "]", token, _("a ] without its ["))
            continue
        if table is not None:
            if what == "string" and not (len(token) >= 2 and token.endswith('"')):
                bad(line, table_name(games[-1], table), token, _('a string opened with " is never closed'))
                continue
            row.append(unescaped(token) if what == "string" else token)
    if tag is not None:
        bad(
            tag_line,
            f"[{tag[0] if tag else ''}",
            "[" + " ".join(tag),
            _("the file ends inside this tag pair"),
        )
    if table is not None and row:
        table.rows.append((line, row))
    return [g for g in games if g.tags], problems


def table_name(game: Game, table: Table) -> str:
    """The name of a game's table."""
    return next(n for n, t in game.tables.items() if t is table)


def with_inherited(games: list[Game]) -> list[Game]:
    """The games with each tag valued `#` given the value of the same tag in the game before (PBN 2.1, 4.8)."""
    last: dict[str, tuple[int, str]] = {}
    for game in games:  # a game a board: a few dozen
        for tag, (line, value) in list(game.tags.items()):
            if value == REPEAT_VALUE and tag in last:
                game.tags[tag] = (line, last[tag][1])
            last[tag] = game.tags[tag]
    return games


def read_pbn(path: Path, limit_mb: int) -> tuple[list[Game], list[Problem], str]:
    """The games of a PBN file (tags `#` inherited), the problems of its syntax, the SHA-256 of its bytes."""
    text, digest = file_text(Path(path), limit_mb)
    games, problems = games_of(text, Path(path).name)
    return with_inherited(games), problems, digest


# Writing: PBN 2.1's export format (2.1): the games' tags in the order given (the mandatory tag set first),
# tokens separated by one space, CRLF line ends; tables after their tag, a row a line.
PBN_HEADER = ("% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8")
PLAIN_VALUE = re.compile(r'^[^\s"\[\]{};%]+$')


@dataclass
class WrittenTable:
    """A table section to write: its tag's name, its columns (name, and R or L alignment), its rows."""

    name: str
    columns: list[tuple[str, str]]
    rows: list[list[str]]


@dataclass
class WrittenGame:
    """A game to write: its tag pairs in order, then its table sections."""

    tags: list[tuple[str, str]]
    tables: list[WrittenTable] = field(default_factory=list)


def quoted(value: str) -> str:
    """A PBN string: the value in double quotes, `\\` and `"` escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def table_token(value: str) -> str:
    """A table value as one token: `-` for none, a string when it holds spaces or PBN's own characters."""
    return "-" if value == "" else value if PLAIN_VALUE.match(value) else quoted(value)


def table_lines(table: WrittenTable) -> list[str]:
    """A table section's lines: its tag (each column's name, width and alignment), then a row a line."""
    tokens = [[table_token(v) for v in row] for row in table.rows]
    widths = [max([len(name), *(len(row[i]) for row in tokens)]) for i, (name, _) in enumerate(table.columns)]
    spec = ";".join(
        f"{name}\\{width}{align}" for (name, align), width in zip(table.columns, widths, strict=True)
    )
    return [f'[{table.name} "{spec}"]', *(" ".join(row) for row in tokens)]  # as programs write it: `\2R`


def pbn_text(games: list[WrittenGame], creator: str) -> str:
    """A PBN file's text in export format: the header's escape lines (UTF-8; `creator` the program), then the
    games separated by blank lines, CRLF line ends."""
    blocks = [[*PBN_HEADER, f"%Creator: {creator}"]]
    for game in games:  # a game a board (a room): a few dozen
        lines = [f"[{tag} {quoted(value)}]" for tag, value in game.tags]
        blocks.append(lines + [line for table in game.tables for line in table_lines(table)])
    return "\r\n".join(["\r\n".join(blocks[0]), *("\r\n".join(b) + "\r\n" for b in blocks[1:])])
