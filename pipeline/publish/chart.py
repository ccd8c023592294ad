"""The progression chart of an event, drawn by a template as inline SVG (no script): one line per
competitor across the rounds, the leaders (or one competitor) in colour, the others in grey."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.publish.words import decimal_text

WIDTH, HEIGHT = 480, 260
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 36  # the margins around the plot, for the axes' labels
TONES = 5  # colours for highlighted lines (style.css: .tone1 ... .tone5)
MOST_TICKS = 12  # rounds labelled one by one up to this many
TICKS = 5  # about this many steps on the value axis


@dataclass(frozen=True)
class ChartLine:
    """One competitor's line: its points (`x,y x,y ...`), its label and page, its colour (0: grey)."""

    points: str
    label: str
    href: str
    tone: int


@dataclass(frozen=True)
class Chart:
    """A line chart: its size, the ticks of both axes (position, label), the lines (grey ones first), and
    whether lower values are better (ranks: 1 at the top)."""

    width: int
    height: int
    x_ticks: list[tuple[str, str]]
    y_ticks: list[tuple[str, str]]
    lines: list[ChartLine]
    ranks: bool
    plot: tuple[int, int, int, int]  # left, top, right, bottom edges of the plot

    @property
    def highlighted(self) -> list[ChartLine]:
        """The lines drawn in colour, for the legend."""
        return [line for line in self.lines if line.tone]


def nice_step(span: float, whole: bool) -> float:
    """A round step (1, 2 or 5 times a power of ten) dividing the span into about TICKS parts."""
    raw = max(span, 1e-9) / TICKS
    magnitude = 10 ** np.floor(np.log10(raw))
    step = float(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))
    return max(step, 1.0) if whole else step


def tick_values(low: float, high: float, step: float) -> np.ndarray:
    """The ends and the multiples of the step between them (none too close to an end to be read apart)."""
    inner = np.arange(np.ceil(low / step) * step, high, step)
    inner = inner[(inner - low > 0.4 * step) & (high - inner > 0.4 * step)]
    return np.concatenate([[low], inner, [high]])


def progression(
    rounds: pd.Series,
    ids: pd.Series,
    values: pd.Series,
    labels: pd.Series,
    hrefs: pd.Series,
    highlight: Sequence[str],
    *,
    ranks: bool,
) -> Chart | None:
    """The chart of `values` (a rank, or a running total) after each round, one line per id (in their order
    of appearance); `highlight` names the ids drawn in colour, in legend order. None with fewer than two
    rounds, where there is no progression to draw."""
    frame = pd.DataFrame(
        {
            "at_round": pd.to_numeric(rounds, errors="coerce").to_numpy(),
            "line_key": ids.astype("str").to_numpy(),
            "figure": pd.to_numeric(values, errors="coerce").to_numpy(),
        }
    ).dropna()
    if frame.empty or frame["at_round"].nunique() < 2:
        return None
    frame = frame.sort_values(["at_round"], kind="stable")
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    r_low, r_high = frame["at_round"].min(), frame["at_round"].max()
    if ranks:
        v_low, v_high = 1.0, max(float(frame["figure"].max()), 2.0)
        v_step = nice_step(v_high - v_low, whole=True)
    else:
        v_low, v_high = min(float(frame["figure"].min()), 0.0), max(float(frame["figure"].max()), 1.0)
        v_step = nice_step(v_high - v_low, whole=False)
        v_low, v_high = np.floor(v_low / v_step) * v_step, np.ceil(v_high / v_step) * v_step
    x = LEFT + (frame["at_round"] - r_low) / (r_high - r_low) * plot_w
    share = (frame["figure"] - v_low) / (v_high - v_low)
    y = TOP + (share if ranks else 1 - share) * plot_h
    frame["xy"] = (
        pd.Series(np.char.mod("%.1f", x.to_numpy()), index=frame.index)
        + ","
        + pd.Series(np.char.mod("%.1f", y.to_numpy()), index=frame.index)
    )
    points = frame.groupby("line_key", sort=False)["xy"].agg(" ".join)
    order = pd.Index(ids.astype("str")).unique()
    points = points.reindex(order).dropna()
    label = pd.Series(labels.to_numpy(), index=ids.astype("str").to_numpy())
    label = label[~label.index.duplicated()]
    href = pd.Series(hrefs.to_numpy(), index=ids.astype("str").to_numpy())
    href = href[~href.index.duplicated()]
    tone = {key: i + 1 for i, key in enumerate(list(highlight)[:TONES])}
    lines = [
        ChartLine(p, str(label.get(k, k)), str(href.get(k, "")), tone.get(str(k), 0))
        for k, p in points.items()
    ]
    lines = [line for line in lines if not line.tone] + sorted(
        (line for line in lines if line.tone), key=lambda line: -line.tone
    )
    x_values = np.unique(frame["at_round"].to_numpy())
    if len(x_values) > MOST_TICKS:
        x_values = tick_values(r_low, r_high, nice_step(r_high - r_low, whole=True))
    x_at = LEFT + (x_values - r_low) / (r_high - r_low) * plot_w
    y_values = tick_values(v_low, v_high, v_step)
    y_share = (y_values - v_low) / (v_high - v_low)
    y_at = TOP + (y_share if ranks else 1 - y_share) * plot_h
    x_ticks = list(zip(np.char.mod("%.1f", x_at), np.char.mod("%d", x_values.astype("int64")), strict=True))
    y_text = (
        np.char.mod("%d", y_values.astype("int64"))
        if ranks
        else np.array([decimal_text(t) for t in np.char.mod("%g", np.round(y_values, 2))])
    )
    y_ticks = list(zip(np.char.mod("%.1f", y_at), y_text, strict=True))
    return Chart(
        WIDTH,
        HEIGHT,
        [(str(a), str(b)) for a, b in x_ticks],
        [(str(a), str(b)) for a, b in y_ticks],
        lines,
        ranks,
        (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM),
    )
