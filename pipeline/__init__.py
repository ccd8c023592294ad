"""tally: correct, explainable standings for domino and contract bridge tournaments."""

__version__ = "0.1.0"  # the package's version, declared here only (pyproject.toml reads it)
