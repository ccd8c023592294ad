"""The mark tally leaves in a text file it writes (PBN, USEBIO): its last line names the SHA-256 of every byte
before that line, so a file tally wrote, unchanged since, is told from one a person or another program wrote
or saved (docs/trust.md, "Safe files": only such a file is replaced without --force)."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from pipeline.workbook.atomic import atomic_write

MARK_WORD = "tally-sha256"
MOST_MARKED = 64 * 1024 * 1024  # a larger file is not one tally wrote (an event's file is a few hundred KB)
LAST_LINE = re.compile(
    rb"(?:^|\n)(?P<line>[^\n]*" + MARK_WORD.encode() + rb":(?P<digest>[0-9a-f]{64})[^\n]*)\n?$"
)


def marked_text(text: str, comment: Callable[[str], str], newline: str = "\n") -> bytes:
    """The text as UTF-8 bytes, ending with the line `comment` makes of the mark (the digest of the bytes
    before it)."""
    body = text.encode("utf-8")
    return body + (comment(f"{MARK_WORD}:{hashlib.sha256(body).hexdigest()}") + newline).encode("utf-8")


def text_written_by_tally(path: Path) -> bool:
    """True if the file ends with tally's mark and the bytes before the mark's line are those it names; any
    error, another kind of file or a larger one means False. Never opens anything but a regular file."""
    try:
        status = os.stat(path)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MOST_MARKED:
            return False
        data = Path(path).read_bytes()
    except (OSError, ValueError):
        return False
    tail = max(0, len(data) - 512)  # the mark's line is short: only the end of the file is searched
    found = LAST_LINE.search(data, tail)
    if found is None:
        return False
    body = data[: found.start("line")]
    return hashlib.sha256(body).hexdigest() == found["digest"].decode("ascii")


def written_text(target: Path, text: str, comment: Callable[[str], str], newline: str = "\n") -> Path:
    """The text written (atomically, with tally's mark as its last line) to a checked target."""
    atomic_write(target, marked_text(text, comment, newline))
    return target
