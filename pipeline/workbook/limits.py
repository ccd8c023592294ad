"""How much tally agrees to read (docs/trust.md, "Hostile workbooks"): plain values, which the command line shows
(`--max-unzipped-mb`) before it imports anything that reads; `guard` applies them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """How much tally agrees to unpack and read; the unpacked size can be raised from the command line."""

    max_unzipped_mb: int = 500
    max_inflate_ratio: int = 100  # unpacked bytes per packed byte of a part, past its first 100 KiB
    max_columns: int = 702  # A to ZZ
    max_cells: int = 20_000_000  # used rows x used columns: the grid the reader allocates
    free_cells: int = 1_000_000  # a grid this small may be as sparse as it likes
    max_sparsity: int = 8  # a larger grid holds at least one value per this many cells
    max_blank_rows: int = 100_000
    max_odd_cells: int = 2_000_000  # cells of a sheet written in an unusual form (checked by a parser)
