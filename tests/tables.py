"""Reading the tables tally writes, in tests: a sheet for people has a title block above its table (the event's
title, details and status in column A, then a blank row); the table starts at its header row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openpyxl.worksheet.worksheet import Worksheet


def title_rows(rows: Sequence[Sequence[Any]]) -> int:
    """How many rows come before the header: the leading rows with nothing beyond column A (a title block and
    the blank row under it); 0 when the first row is the header."""
    return next((i for i, row in enumerate(rows) if any(v is not None for v in row[1:])), 0)


def from_header(rows: Sequence[Sequence[Any]]) -> list[Any]:
    """The rows from the table's header on."""
    return list(rows[title_rows(rows) :])


def header_row(ws: Worksheet) -> int:
    """The Excel row (from 1) of a worksheet's table header."""
    return title_rows(list(ws.iter_rows(max_row=min(12, ws.max_row), values_only=True))) + 1  # no new cells


def table_rows(ws: Worksheet) -> list[tuple[Any, ...]]:
    """A worksheet's values from its header row on."""
    return from_header(list(ws.iter_rows(values_only=True)))
