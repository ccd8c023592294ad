"""Fast lexicographic ordering of integer keys (the sort behind every classification)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.i18n import N_, _

_LIMIT = 2**62
TIED = N_("tied")  # what Decided By says of a row level with the next on every criterion


def packed_keys(keys: list[np.ndarray]) -> list[np.ndarray]:
    """Integer keys (most significant first) packed into as few int64 keys as their ranges allow."""
    packed: list[np.ndarray] = []
    current: np.ndarray | None = None
    span = 1
    for key in keys:  # a handful of sort keys
        k = np.asarray(key, dtype="int64")
        low = int(k.min()) if len(k) else 0
        width = (int(k.max()) - low + 1) if len(k) else 1
        if current is not None and span * width < _LIMIT:
            current = current * width + (k - low)
            span *= width
        else:
            if current is not None:
                packed.append(current)
            # a key spanning 2**62 or more is kept as it is: shifted by its low end it could overflow
            current, span = (k - low, width) if width < _LIMIT else (k, _LIMIT)
    if current is not None:
        packed.append(current)
    return packed


def lexicographic_order(keys: list[np.ndarray]) -> np.ndarray:
    """The stable permutation sorting rows by the integer keys, most significant first, ascending: what
    Python's `sorted` gives for the rows' tuples of keys. Keys whose ranges multiply to less than 2**62 are
    packed into one int64 key, and the packed keys sorted at once."""
    packed = packed_keys(keys)
    if len(packed) == 1:
        return np.argsort(packed[0], kind="stable")
    return np.lexsort(packed[::-1])


def natural_ranks(ids: pd.Series) -> np.ndarray:
    """Sort keys for ids as people expect them: numbers (in ASCII digits, as Python's `float` reads them
    without `_`) by value first (2 before 10), then text, ties by code point; blanks last."""
    codes, distinct = pd.factorize(ids, use_na_sentinel=True)
    text = pd.Series(distinct, dtype="str")
    number = pd.to_numeric(text, errors="coerce").to_numpy(dtype="float64", na_value=np.nan)
    is_text = np.isnan(number)
    order = np.lexsort([text.to_numpy(dtype=object).astype(str), np.where(is_text, 0, number), is_text])
    rank = np.empty(len(distinct), dtype=np.int64)
    rank[order] = np.arange(len(distinct))
    return np.where(codes < 0, len(distinct), rank[np.maximum(codes, 0)] if len(distinct) else 0)


def separating_labels(values: np.ndarray, labels: list[str], last: np.ndarray) -> np.ndarray:
    """For rows in ranking order (`values`: one column per criterion, most significant first), the label of the
    first criterion whose value differs from the next row's, `tied` where none does, and blank on the rows
    marked `last` (the last of their block): what a `Decided By` column says."""
    differs = np.zeros((len(values), values.shape[1] + 1), dtype=bool)
    differs[:-1, :-1] = values[1:] != values[:-1]
    differs[:, -1] = True  # nothing differs: tied
    code = differs.argmax(axis=1)
    names = np.asarray([*labels, _(TIED), ""], dtype=object)
    code[last] = len(names) - 1
    return names[code]
