"""The Progress sheet of a standings workbook, every game's (pure): each competitor's rank after each round, in
the final standing order, with a native line chart of the leaders' ranks drawn by the writer below the grid.

A game gives its ranks after each round, computed and ranked as its standings are (ties share the rank);
an event of one round has no Progress sheet.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from pipeline.games.ordering import natural_ranks
from pipeline.i18n import N_, _
from pipeline.sheets import LineChart, OutputSheet
from schemas.common import sheet_name_of, titles_of
from schemas.shared import ProgressSheet as PG
from schemas.shared import after_round_titles

LEADERS = 5  # the competitors the chart follows: the first rows of the final standings
CHART_TITLE = N_("The leaders' rank after each round")
X_TITLE = N_("After round")  # the value axis is titled as the rank column is headed


def round_steps(sessions: pd.Series, rounds: pd.Series) -> tuple[list[str], np.ndarray]:
    """The rounds in the order played (by session in natural order, then by round) with their labels, and each
    row's position among them. A round is labelled by its number, or by its session and number (`Evening R3`)
    when a round number recurs in another session."""
    number = rounds.to_numpy(dtype="int64")
    session = natural_ranks(sessions.reset_index(drop=True))
    key = session * (int(number.max(initial=0)) + 1) + number
    distinct, first, step = np.unique(key, return_index=True, return_inverse=True)
    per_round = pd.Series(session[first]).groupby(number[first]).nunique()
    recurs = bool((per_round > 1).any())
    written = sessions.to_numpy(dtype=object)[first].astype(str)
    labels = [f"{s} R{r}" if recurs else str(r) for s, r in zip(written, number[first], strict=True)]
    return labels, step.ravel()


def cumulative_grid(cells: np.ndarray, weights: np.ndarray | None, shape: tuple[int, int]) -> np.ndarray:
    """Sums per (competitor, round) cell (`cells` = competitor * rounds + round), cumulated along the rounds."""
    size = shape[0] * shape[1]
    return np.cumsum(np.bincount(cells, weights=weights, minlength=size).reshape(shape), axis=1)


def progress_sheets(
    standings: pd.DataFrame,
    named: Mapping[str, str],
    headers: Mapping[str, str],
    ranks: pd.DataFrame,
    by_id: bool = False,
) -> list[OutputSheet]:
    """The Progress sheet, or none when the event has fewer than two rounds. `standings` are the final
    standings in their order, `named` says which of their columns are the rank, competitor and name
    (`ProgressSheet` column -> standings column) and `headers` how the Standings sheet heads them; `ranks` is
    the rank after each round (index: the competitors; columns: the rounds' labels, in order). The chart
    names each competitor by its name (by its id with `by_id`, a team's name; by the other when blank)."""
    if ranks.shape[1] < 2 or standings.empty:
        return []
    head = standings[list(named.values())].set_axis(list(named), axis=1)
    titles = {ours: headers[theirs] for ours, theirs in named.items()}
    after = after_round_titles([str(c) for c in ranks.columns])
    grid = head[[c for c in (PG.rank, PG.field, PG.competitor, PG.name) if c in head]].reset_index(drop=True)
    steps = ranks.reindex(pd.Index(grid[PG.competitor])).astype("int64").set_axis(after, axis=1)
    headers = titles_of(PG) | dict(titles)
    frame = pd.concat([grid, steps.reset_index(drop=True)], axis=1).rename(columns=headers)
    leaders = leading_rows(grid[PG.field] if PG.field in grid else pd.Series("", index=grid.index))
    chart = LineChart(
        title=_(CHART_TITLE),
        values=tuple(after),
        rows=leaders,
        names=tuple(headers[c] for c in ((PG.competitor, PG.name) if by_id else (PG.name, PG.competitor))),
        x_title=_(X_TITLE),
        y_title=headers[PG.rank],
        reversed=True,
    )
    charted = pd.Series(frame.index.isin(leaders), index=frame.index)
    return [OutputSheet(sheet_name_of(PG), frame, highlight=charted, chart=chart)]


def leading_rows(fields: pd.Series) -> tuple[int, ...]:
    """The rows the chart follows: the first LEADERS of each field (the standings list a field's pairs together,
    in rank order; one field: the first LEADERS rows)."""
    place = fields.groupby(fields, sort=False).cumcount()
    return tuple(int(i) for i in np.flatnonzero(place.to_numpy() < LEADERS))


def final_column_as_ranked(ranks: pd.DataFrame, final: pd.Series) -> pd.DataFrame:
    """The ranks after each round with the last round's column the final standings' ranks (`final`, by id):
    the conditions' tie-breaks decide the final places only, so earlier rounds keep their ties shared."""
    if ranks.shape[1] == 0:
        return ranks
    out = ranks.copy()
    out[out.columns[-1]] = final.reindex(out.index).to_numpy()
    return out
