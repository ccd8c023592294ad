"""The one place tally touches workbook files: inspecting, reading and writing xlsx packages.

Its names are imported when first used (`from pipeline.workbook import read_workbook`), so that a module that
needs only a part of the package (the command line's `stopping`, `Limits`) does not load the reader and the
writer with pandas.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.sheets import column_letters
    from pipeline.workbook.limits import Limits
    from pipeline.workbook.reader import Workbook, read_workbook
    from pipeline.workbook.writer import write_workbook

__all__ = ["Limits", "Workbook", "column_letters", "read_workbook", "write_workbook"]
_FROM = dict(  # each name of __all__ -> the module that declares it
    zip(
        __all__,
        (
            "pipeline.workbook.limits",
            "pipeline.workbook.reader",
            "pipeline.sheets",
            "pipeline.workbook.reader",
            "pipeline.workbook.writer",
        ),
        strict=True,
    )
)


def __getattr__(name: str) -> Any:
    """One of the package's names, from the module that declares it (imported now if it was not yet)."""
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_FROM[name]), name)
