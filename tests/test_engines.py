"""The Dask engine gives the same results as local processes (on a distributed.LocalCluster started here)."""

from __future__ import annotations

import builtins
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import SAMPLES, codes_in
from distributed import LocalCluster
from typer.testing import CliRunner

from bench.season import season_inputs
from pipeline.cli import app
from pipeline.federation.ranking.distributed import dask_ranked_season
from pipeline.federation.ranking.points import ranked_season
from pipeline.federation.ranking.rules import RankingRules
from pipeline.workbook.files import MANIFEST

RUNNER = CliRunner()


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes on this machine, as a federation's own scheduler would be reached."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as local:
        yield local.scheduler_address


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Eight generated events (inputs) and their standings, scored locally in this process."""
    home = tmp_path_factory.mktemp("season")
    inputs = home / "inputs"
    season_inputs(inputs, 8, seed=7)
    standings = home / "standings"
    result = RUNNER.invoke(app, ["batch", str(inputs), "-o", str(standings), "--workers", "1"])
    assert result.exit_code == 0, result.output
    return inputs, standings


def rank(standings: Path, out: Path, *extra: str):
    return RUNNER.invoke(
        app, ["rank", str(standings), "-o", str(out / "ranking.xlsx"), "--parquet", str(out / "pq"), *extra]
    )


@pytest.mark.slow
def test_rank_on_a_cluster_equals_local(season, cluster, tmp_path: Path) -> None:
    _, standings = season
    local = rank(standings, tmp_path / "local", "--workers", "2")
    dask = rank(standings, tmp_path / "dask", "--engine", "dask", "--scheduler", cluster)
    assert local.exit_code == 0 and dask.exit_code == 0, local.output + dask.output
    assert (tmp_path / "local/ranking.xlsx").read_bytes() == (tmp_path / "dask/ranking.xlsx").read_bytes()
    for name in ("ranking", "contributions", "events", "identity", "rules"):
        a = pd.read_parquet(tmp_path / "local/pq" / f"{name}.parquet")
        b = pd.read_parquet(tmp_path / "dask/pq" / f"{name}.parquet")
        pd.testing.assert_frame_equal(a, b)
    ranked = pd.read_parquet(tmp_path / "local/pq/ranking.parquet")
    assert len(ranked) > 100  # a real season: hundreds of players from the generated pool
    assert local.stdout.splitlines()[-1].split(":")[0] == dask.stdout.splitlines()[-1].split(":")[0]


@pytest.mark.slow
def test_rank_dask_without_scheduler_starts_its_own_cluster(season, tmp_path: Path) -> None:
    _, standings = season
    local = rank(standings, tmp_path / "local", "--workers", "1")
    dask = rank(standings, tmp_path / "dask", "--engine", "dask", "--workers", "1")
    assert local.exit_code == 0 and dask.exit_code == 0, local.output + dask.output
    assert (tmp_path / "local/ranking.xlsx").read_bytes() == (tmp_path / "dask/ranking.xlsx").read_bytes()


@pytest.mark.slow
def test_batch_on_a_cluster_equals_local(season, cluster, tmp_path: Path) -> None:
    inputs, _ = season
    folder = tmp_path / "in"
    shutil.copytree(inputs, folder)
    (folder / "broken.xlsx").write_bytes(b"not a workbook")
    local = RUNNER.invoke(app, ["batch", str(folder), "-o", str(tmp_path / "local"), "--workers", "2"])
    dask = RUNNER.invoke(
        app, ["batch", str(folder), "-o", str(tmp_path / "dask"), "--engine", "dask", "--scheduler", cluster]
    )
    assert local.exit_code == 1 and dask.exit_code == 1  # the broken one fails on both engines
    assert "8 computed, 0 unchanged, 1 failed" in dask.stdout
    assert "broken.xlsx" in dask.stderr
    written = sorted(p.name for p in (tmp_path / "local").glob("*.xlsx"))
    assert written == sorted(p.name for p in (tmp_path / "dask").glob("*.xlsx"))
    assert len(written) == 8
    for name in written:
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "dask" / name).read_bytes(), name
    assert (tmp_path / "local" / MANIFEST).read_bytes() == (tmp_path / "dask" / MANIFEST).read_bytes()
    again = RUNNER.invoke(
        app, ["batch", str(folder), "-o", str(tmp_path / "dask"), "--engine", "dask", "--scheduler", cluster]
    )
    assert "0 computed, 8 unchanged, 1 failed" in again.stdout


def contributions(seed: int) -> pd.DataFrame:
    """A random season of contributions: 40 players, 30 events, equal points on purpose."""
    rng = np.random.default_rng(seed)
    n = 600
    dates = pd.Timestamp("2026-01-01") + pd.to_timedelta(rng.integers(0, 500, n), unit="D")
    return pd.DataFrame(
        {
            "file": [f"e{int(i):02d}.xlsx" for i in rng.integers(0, 30, n)],
            "date": dates.astype("datetime64[ns]"),
            "player": [f"P{int(i)}" for i in rng.integers(0, 40, n)],
            "name": pd.Series([f"Name {int(i)}" for i in rng.integers(0, 50, n)], dtype="str"),
            "competitor": [f"P{int(i)}" for i in rng.integers(0, 40, n)],
            "partners": pd.Series([pd.NA] * n, dtype="str"),
            "by_name": False,
            "place": rng.integers(1, 20, n).astype("int64"),
            "field": np.int64(20),
            "weight": 1.0,
            "units": (rng.integers(0, 20, n) * 500).astype("int64"),
        }
    )


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dask_aggregation_equals_pandas(cluster, seed: int) -> None:
    from distributed import Client

    frame = contributions(seed)
    rules = RankingRules(best=4, window_days=200)
    as_of = pd.Timestamp("2026-12-31")
    counted, ranking = ranked_season(frame, as_of, rules)
    with Client(cluster) as client:
        d_counted, d_ranking = dask_ranked_season(frame, as_of, rules, client, partitions=3)
    pd.testing.assert_frame_equal(ranking, d_ranking)
    order = ["player", "date", "file", "place", "units", "name"]
    pd.testing.assert_frame_equal(
        counted.sort_values(order).reset_index(drop=True), d_counted.sort_values(order).reset_index(drop=True)
    )
    assert counted["counted"].sum() > 0 and (~counted["counted"]).sum() > 0  # both kinds present


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_scheduler_needs_the_dask_engine(season, tmp_path: Path) -> None:
    _, standings = season
    result = rank(standings, tmp_path, "--scheduler", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and "--scheduler" in result.stderr
    assert not (tmp_path / "ranking.xlsx").exists()


def test_unknown_engine_is_a_usage_error(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["batch", str(SAMPLES), "-o", str(tmp_path), "--engine", "spark"])
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and "--engine spark" in result.stderr


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_unreachable_scheduler_is_a_usage_error(season, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(
        "pipeline.federation.engines.CONNECT_TIMEOUT", "1s"
    )  # the same refusal, without the 10 s wait
    _, standings = season
    result = rank(standings, tmp_path, "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and "tcp://127.0.0.1:9" in result.stderr


def test_dask_engine_without_the_extra_says_how_to_install_it(season, tmp_path: Path, monkeypatch) -> None:
    real_import = builtins.__import__

    def no_distributed(name, *args, **kwargs):
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    _, standings = season
    result = rank(standings, tmp_path, "--engine", "dask")
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"]
    assert "pip install 'tally[dask]'" in result.stderr  # the wording: how to install it


def test_local_workers_return_every_result_once_in_item_order() -> None:
    """Items go out in chunks of a 64th of a worker's share and come back in item order, each once."""
    from pipeline.federation.engines import CHUNKS_PER_WORKER, _local_map

    chunks: list[int] = []
    bar = type("Bar", (), {"update": lambda self, n: chunks.append(n)})()
    items = [(i, 2) for i in range(300)]
    results = _local_map(pow, items, 2, bar, lambda item, why: None)
    assert results == [i**2 for i in range(300)]
    size = 300 // (2 * CHUNKS_PER_WORKER)
    assert sum(chunks) == 300 and max(chunks) == size and len(chunks) == -(-300 // size)


def compressing_beside() -> bool:
    """`writer.COMPRESS_BESIDE` as a worker process sees it."""
    from pipeline.workbook import writer

    return writer.COMPRESS_BESIDE


@pytest.mark.parametrize(("cpus", "beside"), [(2, False), (8, True)])
def test_workers_that_keep_every_core_busy_compress_on_their_own_thread(monkeypatch, cpus: int, beside: bool):
    """Two workers on two usable cores compress each worksheet on the thread that builds it; on eight cores,
    each on a thread of its own."""
    from pipeline.federation import engines

    monkeypatch.setattr(engines, "usable_cpus", lambda: cpus)
    bar = type("Bar", (), {"update": lambda self, n: None})()
    seen = engines._local_map(compressing_beside, [()] * 8, 2, bar, lambda item, why: None)
    assert seen == [beside] * 8
