"""tally: correct, explainable standings for domino and contract bridge tournaments."""

from __future__ import annotations

import functools


@functools.cache
def _installed_version() -> str:
    """The installed package's version (read from its metadata the first time it is asked)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tally")
    except PackageNotFoundError:  # running from a source tree that was not installed
        return "0.0.0+source"


def __getattr__(name: str) -> str:
    """`__version__`, read when first used: importing tally (`tally --help`) does not read the metadata."""
    if name == "__version__":
        return _installed_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
