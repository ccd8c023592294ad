"""`tally rank`: a season's standings workbooks aggregated into one ranking (read -> rank -> write)."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    DEFAULT_WORKERS,
    EngineName,
    Force,
    MaxUnzipped,
    Scheduler,
    Workers,
    folder_option,
    guarded,
    out_option,
)
from pipeline.federation.engines import Engine, Runner, running
from pipeline.federation.ranking.distributed import dask_ranked_season
from pipeline.federation.ranking.identity import identity_reports
from pipeline.federation.ranking.points import ranked_season
from pipeline.federation.ranking.report import RANKING_SHEETS, parquet_tables, ranking_sheets
from pipeline.federation.ranking.rules import RankingRules, as_of_date, ranking_rules
from pipeline.federation.ranking.season import SeasonFile, default_as_of, future_warnings, season_of
from pipeline.federation.tasks import reading_crashed, season_file_at
from pipeline.problems import TallyError, UsageError
from pipeline.workbook import write_workbook
from pipeline.workbook.files import parquet_written_by_tally, standings_workbooks, write_parquet_tables
from pipeline.workbook.package import opened_regular
from pipeline.workbook.targets import output_folder, output_target, writable_folder
from schemas.ranking import GAMES

SHOWN = 20


class SeasonError(TallyError):
    """Some standings workbooks cannot be ranked; nothing is written."""

    exit_code = 1


MAX_CONFIG = 1_000_000  # bytes of TOML: a ranking configuration is a few hundred


def config_rules(config: Path | None) -> RankingRules:
    """The ranking rules: the defaults, changed by the TOML file if one is given."""
    if config is None:
        return RankingRules()
    try:
        with opened_regular(config) as handle:
            data = handle.read(MAX_CONFIG + 1)
    except FileNotFoundError:
        raise UsageError(f"--config {config}: no such file") from None
    except ValueError as exc:
        raise UsageError(f"--config {config} is {exc}, not a TOML file") from None
    except OSError as exc:
        raise UsageError(f"--config {config}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_CONFIG:
        raise UsageError(
            f"--config {config}: larger than {MAX_CONFIG:,} bytes; a ranking configuration is a few lines"
        )
    try:
        return ranking_rules(tomllib.loads(data.decode("utf-8")), str(config))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"--config {config}: not a TOML file ({exc})") from None


def event_files(events: list[Path]) -> list[Path]:
    """The standings workbooks named (files) or found (under folders), each once, in the order given."""
    found: list[Path] = []
    for given in events:  # the command-line arguments
        if given.is_dir():
            inside = standings_workbooks(given)
            if not inside:
                raise UsageError(
                    f"{given}: no standings workbooks (with Standings and Rules sheets) in this folder"
                )
            found += inside
        elif given.exists():
            found.append(given)
        else:
            raise UsageError(f"{given}: no such file or folder")
    return list(dict.fromkeys(found, None))


def parquet_targets(folder: Path, force: bool, inputs: list[Path]) -> dict[str, Path]:
    """Every `<table>.parquet` `tally rank` writes into the folder, by table name, each checked: absent, written
    by tally, or --force (never an input, never a folder or special file)."""
    folder = output_folder(folder, option="--parquet")
    return {
        name.lower(): output_target(
            folder / f"{name.lower()}.parquet",
            default_name=None,
            force=force,
            inputs=inputs,
            owned=parquet_written_by_tally,
            option="--parquet",
        )
        for name in RANKING_SHEETS
    }


def season_files(
    runner: Runner, paths: list[Path], rules: RankingRules, max_unzipped_mb: int
) -> list[SeasonFile]:
    """Every workbook read (one task each); SeasonError lists every problem of every bad one."""
    items = [(str(p.resolve()), p.as_posix(), rules, max_unzipped_mb) for p in paths]
    files = runner.map(season_file_at, items, "reading", reading_crashed)
    bad = [(p, f.problems) for p, f in zip(paths, files, strict=True) if f.problems]
    if bad:
        lines = [
            str(problem) if problem.sheet == p.as_posix() else f"{p.as_posix()}: {problem}"
            for p, problems in bad
            for problem in problems
        ]
        shown = "\n".join(f"  - {line}" for line in lines[:SHOWN])
        more = f"\n  ... and {len(lines) - SHOWN} more" if len(lines) > SHOWN else ""
        raise SeasonError(
            f"{len(bad)} of {len(paths)} standings workbook(s) cannot be ranked; nothing was written:\n{shown}{more}"
        )
    return files


def one_game(files: list[SeasonFile], game: str | None) -> list[SeasonFile]:
    """The files of the chosen game; without a choice, UsageError if the season mixes both games."""
    games = [str(f.record["game"]) for f in files if f.record is not None]
    if game is not None:
        return [f for f, g in zip(files, games, strict=True) if g == game]
    if len(set(games)) > 1:
        counts = ", ".join(f"{games.count(g)} {g}" for g in sorted(set(games)))
        raise UsageError(
            f"the events are of both games ({counts}): rank one game at a time with --game domino or --game bridge"
        )
    return files


def run_rank(
    events: list[Path],
    out: Path | str,
    config: Path | None,
    as_of_text: str | None,
    parquet: Path | None,
    game: str | None,
    engine: Engine,
    max_unzipped_mb: int,
    today: dt.date,
    force: bool = False,
) -> None:
    """read every event -> rank -> write the workbook (and Parquet); prints a summary. Every output path is
    checked before any event is read; `today` decides the default as-of date and which events are dated in
    the future."""
    if game is not None and game not in GAMES:
        raise UsageError(f"--game {game}: expected domino or bridge")
    rules = config_rules(config)
    as_of_given = as_of_date(as_of_text)
    paths = event_files(events)
    out = output_target(out, default_name="ranking.xlsx", force=force, inputs=paths)
    tables = None if parquet is None else parquet_targets(parquet, force, [*paths, out])
    writable_folder(out.parent)
    if parquet is not None:
        writable_folder(parquet)
    with running(engine) as runner:
        season = season_of(one_game(season_files(runner, paths, rules, max_unzipped_mb), game))
        if season.events.empty:
            raise UsageError(f"no {game} events among the {len(paths)} standings workbook(s)")
        as_of = as_of_given if as_of_given is not None else default_as_of(season.events["date"], today)
        warnings = [*season.warnings, *future_warnings(season.events, today, as_of, rules)]
        if runner.client is not None:
            partitions = max(1, engine.workers) * 2
            counted, ranking = dask_ranked_season(
                season.contributions, as_of, rules, runner.client, partitions
            )
        else:
            counted, ranking = ranked_season(season.contributions, as_of, rules)
    reports = identity_reports(counted)
    sheets = ranking_sheets(ranking, counted, season.events, reports, rules, as_of, warnings)
    write_workbook(out, sheets, title=f"Ranking as of {as_of:%Y-%m-%d}")
    if tables is not None:
        write_parquet_tables(tables, parquet_tables(sheets))
    for warning in warnings:
        typer.echo(f"warning: {warning}", err=True)
    if len(reports):
        typer.echo(
            f"{len(reports)} identity report(s) (one ID under several names, or one name under several IDs):",
            err=True,
        )
        shown = reports.head(SHOWN)
        for check, players, names in zip(shown["check"], shown["players"], shown["names"], strict=True):
            typer.echo(f"  - {check}: {players} ({names})", err=True)
        if len(reports) > SHOWN:
            typer.echo(f"  ... and {len(reports) - SHOWN} more: every one is in the Identity sheet", err=True)
    typer.echo(
        f"{len(ranking)} ranked from {len(season.events)} event(s) as of {as_of:%Y-%m-%d}: {out}"
        + (f" (Parquet in {parquet})" if parquet is not None else "")
    )


def rank(
    events: list[Path] = typer.Argument(
        ..., help="Standings workbooks written by tally, or folders of them."
    ),
    out: str = out_option(
        ..., "The ranking workbook to write: a file, or a folder (then ranking.xlsx inside it)."
    ),
    config: Path | None = typer.Option(None, "--config", help="A TOML file changing the ranking rules."),
    as_of: str | None = typer.Option(
        None,
        "--as-of",
        help="Rank as of this date (default: the newest event's on or before today; later events are warned "
        "about).",
    ),
    parquet: Path | None = folder_option(
        None, "Also write the tables as Parquet (<table>.parquet) to this folder.", "--parquet"
    ),
    game: str | None = typer.Option(
        None, "--game", help="Rank only this game's events: domino or bridge (needed when both are given)."
    ),
    workers: Workers = DEFAULT_WORKERS,
    engine: EngineName = "local",
    scheduler: Scheduler = None,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
    force: Force = False,
) -> None:
    """Rank players across a season of events from their standings workbooks.

    Each event gives weight x 100 x (field - place + 1) / field points; a player's total is the sum of their
    best 10 events in the 365 days up to --as-of. Every default can be changed in --config (see
    docs/federation.md). Exit 1 (nothing written) if any workbook cannot be ranked.

    Example: tally rank standings/ -o ranking.xlsx --as-of 2026-11-30
    """
    guarded(
        lambda: run_rank(
            events,
            out,
            config,
            as_of,
            parquet,
            game,
            Engine(engine, workers, scheduler),
            max_unzipped_mb,
            dt.date.today(),
            force,
        )
    )
