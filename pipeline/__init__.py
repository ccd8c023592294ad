"""tally: correct, explainable standings for domino and contract bridge tournaments."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tally")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0+source"
