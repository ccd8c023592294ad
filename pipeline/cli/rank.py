"""`tally rank`: a season's standings workbooks aggregated into one ranking (see pipeline/federation/rank.py)."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pipeline.cli.common import (
    DEFAULT_UNZIPPED,
    DEFAULT_WORKERS,
    EngineName,
    Force,
    Lang,
    MaxUnzipped,
    Scheduler,
    Workers,
    folder_option,
    guarded,
    out_option,
    spoken,
)
from pipeline.games.registry import GAMES
from pipeline.i18n import _, speaking
from pipeline.workbook.limits import Limits

if TYPE_CHECKING:
    from pipeline.federation.rank import RankRun


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
        None,
        "--game",
        help=f"Rank only this game's events: {' or '.join(GAMES)} (needed when the season mixes games).",
    ),
    workers: Workers = DEFAULT_WORKERS,
    engine: EngineName = "local",
    scheduler: Scheduler = None,
    max_unzipped_mb: MaxUnzipped = DEFAULT_UNZIPPED,
    force: Force = False,
    publish: Path | None = folder_option(
        None,
        "Also write the ranking as a site into this folder: a page per player and per event.",
        "--publish",
    ),
    lang: Lang = None,
    members: Path | None = typer.Option(
        None,
        "--members",
        help="The federation's members register (a workbook: Member ID, Name, Club, Active Until): unknown and "
        "inactive members and names that differ are reported, numbers filled from names it holds once.",
    ),
    export: Path | None = folder_option(
        None,
        "Also write each person's award from each event (member ID, name, event, date, place, field, points) "
        "into this folder as awards.xlsx and awards.csv, for the federation's upload.",
        "--export",
    ),
) -> None:
    """Rank players across a season of events from their standings workbooks.

    Each event gives weight x 100 x (field - place + 1) / field points; a player's total is the sum of their
    best 10 events in the 365 days up to --as-of. Every default can be changed in --config (see
    docs/federation.md). Exit 1 (nothing written) if any workbook cannot be ranked.

    The ranking workbook is written in --lang, else in the language most of the standings workbooks read are
    in (Spanish, Chinese), else English; the Parquet tables keep English names.

    Example: tally rank standings/ -o ranking.xlsx --as-of 2026-11-30
    """
    from pipeline import api
    from pipeline.federation.engines import Engine

    chosen = spoken(lang)
    ranked = guarded(
        lambda: api.rank(
            events,
            out,
            config=config,
            as_of=as_of,
            parquet=parquet,
            game=game,
            engine=Engine(engine, workers, scheduler),
            limits=Limits(max_unzipped_mb),
            force=force,
            publish=publish,
            lang=chosen,
            members=members,
            export=export,
        )
    )
    with speaking(ranked.language):
        summary(ranked)


def summary(run: "RankRun") -> None:
    """The season's warnings, the identity reports (at most SHOWN) and what was ranked, as of when, in the
    language spoken (the ranking's)."""
    from pipeline.federation.rank import SHOWN
    from pipeline.federation.ranking.register import CHECK_CODES
    from pipeline.federation.ranking.report import written_words
    from pipeline.federation.ranking.season import season_note
    from schemas.common import sheet_name_of, sheet_names_of
    from schemas.ranking import IdentityReport as I

    for warning in run.warnings:
        typer.echo(_("warning: ") + f"[{warning.code}] {season_note(warning)}", err=True)
    reports = run.reports
    if len(reports):
        typer.echo(
            _(
                "{count} identity report(s) (who is who: one ID under several names, one name under several IDs, "
                "the members register):",
                count=len(reports),
            ),
            err=True,
        )
        shown = reports.head(SHOWN)
        checks = written_words(shown[I.check])
        for check, said, players, names in zip(
            shown[I.check], checks, shown[I.players], shown[I.names], strict=True
        ):
            typer.echo(f"  - [{CHECK_CODES[check]}] {said}: {players} ({names})", err=True)
        if len(reports) > SHOWN:
            identity = sheet_names_of(I).get(run.language, (sheet_name_of(I),))[0]
            more = _(
                "and {more} more: every one is in the {sheet} sheet",
                more=len(reports) - SHOWN,
                sheet=identity,
            )
            typer.echo(f"  ... {more}", err=True)
    said = _(
        "{ranked} ranked from {events} event(s) as of {as_of}: {out}",
        ranked=run.ranked,
        events=run.events,
        as_of=f"{run.as_of:%Y-%m-%d}",
        out=run.out,
    )
    parquet = "" if run.parquet is None else " " + _("(Parquet in {folder})", folder=run.parquet)
    typer.echo(said + parquet)
