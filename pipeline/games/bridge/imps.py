"""IMPs (Law 78B table), cross-IMPs and Butler scoring."""

from __future__ import annotations

import numpy as np
import pandas as pd

from schemas.bridge import CrossImp as X

# Lower bound of the total-point difference for 1, 2, ..., 24 IMPs (Law 78B).
IMP_LOWER_BOUNDS = np.array(
    [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
     2000, 2250, 2500, 3000, 3500, 4000]
)  # fmt: skip


def imps_from_difference(diff: pd.Series) -> pd.Series:
    """Signed IMPs for a total-point difference; gaps between bands take the lower band."""
    values = pd.to_numeric(pd.Series(diff)).astype("Float64")
    magnitude = values.abs().to_numpy(dtype="float64", na_value=np.nan)
    imps = np.searchsorted(IMP_LOWER_BOUNDS, np.nan_to_num(magnitude), side="right")
    signed = pd.Series(imps, index=values.index, dtype="Int64") * np.sign(values).astype("Int64")
    return signed.where(values.notna())


def capped(imps: pd.Series, cap: int | None) -> pd.Series:
    """IMPs held within +/-cap (a cap of none or 0: as they are)."""
    return imps if not cap else imps.clip(lower=-cap, upper=cap)


def cross_imps(scores: pd.Series, board: pd.Series, cap: int | None = None) -> pd.Series:
    """Each result IMPed against every other result on its board (each comparison held within +/-cap when a
    cap is given), averaged over n - 1."""
    rows = pd.DataFrame(
        {X.row: np.arange(len(scores)), X.board: board.to_numpy(), X.score: scores.to_numpy()}
    ).dropna(subset=[X.board, X.score])
    others = rows.rename(columns={X.row: X.other_row, X.score: X.other_score})
    pairs = rows.merge(others, on=X.board)  # every two results on a board, both ways round
    pairs = pairs[pairs[X.row] != pairs[X.other_row]]
    imps = capped(imps_from_difference(pairs[X.score] - pairs[X.other_score]).astype("float64"), cap)
    average = imps.groupby(pairs[X.row].to_numpy()).mean()
    result = np.full(len(scores), np.nan)
    result[rows[X.row].to_numpy()] = 0.0
    result[average.index.to_numpy()] = average.to_numpy()
    return pd.Series(result, index=scores.index)


def rounded_to_tens(total: pd.Series, count: pd.Series, even: bool = False) -> pd.Series:
    """total / count rounded to the nearest 10 in exact integers: halves away from zero, or with `even` to the
    even ten (ACBLscore: 425 -> 420, 435 -> 440)."""
    total_int = total.round().astype("int64")
    magnitude = (2 * total_int.abs() + 10 * count) // (20 * count) * 10
    if even:
        tens, rest = total_int.abs() // (10 * count), total_int.abs() % (10 * count)
        half_to_odd = (2 * rest == 10 * count) & (tens % 2 == 0)
        magnitude = magnitude.where(~half_to_odd, tens * 10)
    return np.sign(total_int) * magnitude


def butler_datum(
    scores: pd.Series, board: pd.Series, drop: int = 1, median: bool = False, even: bool = False
) -> pd.Series:
    """Each row's board datum, to the nearest 10 (halves away from zero, or to the even ten): the mean NS
    score without `drop` top and bottom ones, or with `median` the median NS score (the mean of the two middle
    ones when they are even in number)."""
    values = pd.to_numeric(scores).astype("float64")
    by_board = values.groupby(board, sort=False)
    count = by_board.transform("count")
    if median:
        twice = (2 * by_board.transform("median"))[count > 0]
        halves = pd.Series(2, index=twice.index, dtype="int64")
        return rounded_to_tens(twice, halves, even).reindex(values.index).astype("Int64")
    from_bottom = by_board.rank(method="first")
    from_top = count - from_bottom + 1
    kept = (count < 2 * drop + 1) | ((from_bottom > drop) & (from_top > drop))
    trimmed = values.where(kept).groupby(board, sort=False)
    total = trimmed.transform("sum")
    kept_count = trimmed.transform("count")
    has_scores = kept_count > 0
    datum = rounded_to_tens(total[has_scores], kept_count[has_scores].astype("int64"), even)
    return datum.reindex(values.index).astype("Int64")


def butler_imps(scores: pd.Series, datum: pd.Series, cap: int | None = None) -> pd.Series:
    """Signed IMPs of each NS score against its board's datum (held within +/-cap when a cap is given)."""
    return capped(imps_from_difference(pd.to_numeric(scores) - pd.to_numeric(datum)), cap)
