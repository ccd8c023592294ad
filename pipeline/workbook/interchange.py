"""What the readers of bridge interchange files (PBN, pbn.py; USEBIO, usebio.py) share: the text of a file,
read under a size limit and refused when it is not text. What their contents mean for scoring is
pipeline/games/bridge/interchange.py. Decisions: docs/interchange.md."""

from __future__ import annotations

import codecs
import hashlib
from pathlib import Path

from pipeline.i18n import _
from pipeline.problems import InputError, Problem, UsageError, kind

PBN_SUFFIX, USEBIO_SUFFIX = ".pbn", ".xml"
INTERCHANGE_SUFFIXES = (PBN_SUFFIX, USEBIO_SUFFIX)

TOO_LARGE = kind(
    "B210",
    "a PBN or USEBIO file larger than tally agrees to read (--max-unzipped-mb)",
    example="event.pbn: the file is 812 MB; tally reads results files up to 500 MB (raise --max-unzipped-mb for a genuine giant event)",
)
NOT_TEXT = kind(
    "B211",
    "a PBN or USEBIO file that is not text (a binary file, or a workbook saved under that name)",
    example="event.pbn: this is not a text file (it holds NUL bytes); a PBN or USEBIO file is text written by a scoring program",
)


def file_text(path: Path, limit_mb: int) -> tuple[str, str]:
    """The text of a results file and the SHA-256 of its bytes: UTF-16 when it starts with its byte-order
    mark, else UTF-8 (a byte-order mark dropped), else ISO 8859-1 (PBN 2.1's own character set); a file over the limit, or holding NUL bytes, refused (B210,
    B211); a missing file or a folder is a usage error."""
    path = Path(path)
    if not path.exists():
        raise UsageError(_("{path}: no such file", path=path))
    if not path.is_file():
        raise UsageError(_("{path} is not a file", path=path))
    size = path.stat().st_size
    if size > limit_mb * 1024 * 1024:
        problem = _(
            "the file is {size} MB; tally reads results files up to {cap} MB (raise --max-unzipped-mb for a "
            "genuine giant event)",
            size=f"{size / 1024 / 1024:,.0f}",
            cap=f"{limit_mb:,}",
        )
        raise InputError([Problem.of(TOO_LARGE, path.name, None, None, None, problem)], source=str(path))
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # Windows programs' "Unicode"
        try:
            return data.decode("utf-16"), digest
        except UnicodeDecodeError:
            pass
    if b"\x00" in data:
        problem = _(
            "this is not a text file (it holds NUL bytes); a PBN or USEBIO file is text written by a scoring "
            "program"
        )
        raise InputError([Problem.of(NOT_TEXT, path.name, None, None, None, problem)], source=str(path))
    try:
        return data.decode("utf-8-sig"), digest
    except UnicodeDecodeError:
        return data.decode("latin-1"), digest
