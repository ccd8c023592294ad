"""`make profile` (bench/profile.py): every function's own and inclusive time over season events, and the
functions put back afterwards."""

from __future__ import annotations

from pathlib import Path

from bench.profile import event_profile
from bench.season import season_inputs
from pipeline.games import scoring
from pipeline.workbook import cells


def test_the_profile_times_every_function_and_puts_them_back(tmp_path: Path) -> None:
    paths = season_inputs(tmp_path / "inputs", 2)
    (tmp_path / "out").mkdir()
    score_ms, write_ms, rows = event_profile(paths, tmp_path / "out")
    by_name = {r.name: r for r in rows}
    assert [r.own_ms for r in rows] == sorted((r.own_ms for r in rows), reverse=True)
    assert all(r.own_ms <= r.inclusive_ms + 1e-9 and r.calls > 0 for r in rows)
    scored = by_name["pipeline.games.scoring.standings_of"]
    assert scored.calls == 1 and 0.9 * score_ms <= scored.inclusive_ms <= score_ms
    assert (
        by_name["pipeline.workbook.cells.rows_xml"].calls >= 1
    )  # a writer's function, timed under its own name
    written = by_name["pipeline.games.scoring.written"]
    assert 0.9 * write_ms <= written.inclusive_ms <= write_ms
    assert sum(r.own_ms for r in rows) <= score_ms + write_ms  # each moment counted once
    assert not hasattr(scoring.standings_of, "__wrapped__") and not hasattr(cells.rows_xml, "__wrapped__")
