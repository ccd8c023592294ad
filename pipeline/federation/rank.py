"""`tally rank`: a season's standings workbooks aggregated into one ranking (read -> rank -> write); the
arithmetic is the pure core in pipeline/federation/ranking/."""

from __future__ import annotations

import datetime as dt
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

import pandas as pd

from pipeline.federation.engines import Engine, Runner, running
from pipeline.federation.folders import standings_workbooks
from pipeline.federation.ranking.distributed import dask_ranked_season
from pipeline.federation.ranking.identity import identity_reports
from pipeline.federation.ranking.people import by_name_warning, partners_of
from pipeline.federation.ranking.points import ranked_season
from pipeline.federation.ranking.register import register_table, with_register
from pipeline.federation.ranking.report import (
    HEADERS,
    RANKING_SHEETS,
    awards_frame,
    parquet_tables,
    points_format,
    ranking_sheets,
)
from pipeline.federation.ranking.rules import RankingRules, as_of_date, ranking_rules
from pipeline.federation.ranking.season import (
    SeasonFile,
    default_as_of,
    future_warnings,
    season_note,
    season_of,
)
from pipeline.federation.tasks import reading_crashed, season_file_at
from pipeline.games.registry import GAMES
from pipeline.i18n import ENGLISH, _, speaking
from pipeline.language import sheet_in
from pipeline.problems import InputError, Problem, TallyError, UsageError
from pipeline.sheets import OutputSheet, sheet_key
from pipeline.workbook import read_workbook, write_workbook
from pipeline.workbook.files import (
    csv_header,
    csv_written_by_tally,
    parquet_written_by_tally,
    write_csv,
    write_parquet_tables,
)
from pipeline.workbook.limits import Limits
from pipeline.workbook.package import opened_regular
from pipeline.workbook.targets import output_folder, output_target, writable_folder
from schemas.common import sheet_name_of, titles_of
from schemas.ranking import AwardRow, RegisterSheet, SeasonEvent
from schemas.ranking import CountedContribution as K

SHOWN = 20


class SeasonError(TallyError):
    """Some standings workbooks cannot be ranked; nothing is written."""

    exit_code = 1


MAX_CONFIG = 1_000_000  # bytes of TOML: a ranking configuration is a few hundred


def config_rules(config: Path | None) -> RankingRules:
    """The ranking rules: the defaults, changed by the TOML file if one is given."""
    return config_settings(config)[0]


def config_settings(config: Path | None) -> tuple[RankingRules, Path | None]:
    """The ranking rules, and the members register its `members` key names (relative to the TOML file)."""
    if config is None:
        return RankingRules(), None
    try:
        with opened_regular(config) as handle:
            data = handle.read(MAX_CONFIG + 1)
    except FileNotFoundError:
        raise UsageError(_("--config {config}: no such file", config=config)) from None
    except ValueError as exc:
        raise UsageError(_("--config {config} is {kind}, not a TOML file", config=config, kind=exc)) from None
    except OSError as exc:
        why = exc.strerror or exc
        raise UsageError(_("--config {config}: cannot be read ({why})", config=config, why=why)) from None
    if len(data) > MAX_CONFIG:
        raise UsageError(
            _(
                "--config {config}: larger than {most} bytes; a ranking configuration is a few lines",
                config=config,
                most=f"{MAX_CONFIG:,}",
            )
        )
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(_("--config {config}: not a TOML file ({why})", config=config, why=exc)) from None
    inner = table.get("ranking", table)
    members = inner.pop(MEMBERS_KEY, None) if isinstance(inner, dict) else None
    if members is not None and not isinstance(members, str):
        raise UsageError(
            _(
                "{source}: members = {value}: expected the path of the members register",
                source=config,
                value=repr(members),
            )
        )
    return ranking_rules(table, str(config)), None if members is None else config.parent / members


MEMBERS_KEY = "members"  # the key of ranking.toml naming the members register (as --members does)


def members_register(path: Path, limits: int) -> pd.DataFrame:
    """The members register's table (`register_table`); InputError, naming the file, with its problems."""
    book = read_workbook(path, limits=Limits(limits))
    sheet = book.sheets.get(sheet_key(RegisterSheet)) or next(iter(book.sheets.values()), None)
    if sheet is None:
        raise UsageError(_("{path}: no sheet to read the members register from", path=path))
    table, problems = register_table(sheet)
    if problems:
        raise InputError(problems, source=str(path))
    return table


def event_files(events: list[Path]) -> list[Path]:
    """The standings workbooks named (files) or found (under folders), each once, in the order given."""
    found: list[Path] = []
    for given in events:  # the command-line arguments
        if given.is_dir():
            inside = standings_workbooks(given)
            if not inside:
                raise UsageError(
                    _(
                        "{folder}: no standings workbooks (with Standings and Rules sheets) in this folder",
                        folder=given,
                    )
                )
            found += inside
        elif given.exists():
            found.append(given)
        else:
            raise UsageError(_("{path}: no such file or folder", path=given))
    return list(dict.fromkeys(found, None))


AWARDS = ("awards.xlsx", "awards.csv")  # the files `--export` writes


def export_targets(folder: Path, force: bool, inputs: list[Path]) -> tuple[Path, Path]:
    """awards.xlsx and awards.csv in the `--export` folder, each checked: absent, written by tally (a CSV:
    its first line is tally's header), or --force."""
    folder = output_folder(folder, option="--export")
    book, table = AWARDS
    header = csv_header(titles_of(AwardRow).values())
    return (
        output_target(folder / book, default_name=None, force=force, inputs=inputs, option="--export"),
        output_target(
            folder / table,
            default_name=None,
            force=force,
            inputs=inputs,
            owned=csv_written_by_tally(header),
            option="--export",
        ),
    )


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
    runner: Runner, paths: list[Path], rules: RankingRules, max_unzipped_mb: int, lang: str | None = None
) -> list[SeasonFile]:
    """Every workbook read (one task each, its problems in `lang`, else English); SeasonError lists every
    problem of every bad one."""
    items = [(str(p.resolve()), p.as_posix(), rules, max_unzipped_mb, lang) for p in paths]
    files = runner.map(season_file_at, items, "reading", reading_crashed)
    bad = [(p, f.problems) for p, f in zip(paths, files, strict=True) if f.problems]
    if bad:
        lines = [
            problem.line if problem.sheet == p.as_posix() else f"[{problem.code}] {p.as_posix()}: {problem}"
            for p, problems in bad
            for problem in problems
        ]
        shown = "\n".join(f"  - {line}" for line in lines[:SHOWN])
        more = "\n  ... " + _("and {more} more", more=len(lines) - SHOWN) if len(lines) > SHOWN else ""
        head = _(
            "{bad} of {count} standings workbook(s) cannot be ranked; nothing was written:",
            bad=len(bad),
            count=len(paths),
        )
        raise SeasonError(f"{head}\n{shown}{more}")
    return files


def one_game(files: list[SeasonFile], game: str | None) -> list[SeasonFile]:
    """The files of the chosen game; without a choice, UsageError if the season mixes both games."""
    games = [str(f.record[SeasonEvent.game]) for f in files if f.record is not None]
    if game is not None:
        return [f for f, g in zip(files, games, strict=True) if g == game]
    if len(set(games)) > 1:
        counts = ", ".join(f"{games.count(g)} {g}" for g in sorted(set(games)))
        several = _("both games") if len(set(games)) == 2 else _("several games")
        choices = _(" or ").join(f"--game {g}" for g in GAMES if g in games)
        raise UsageError(
            _(
                "the events are of {several} ({counts}): rank one game at a time with {choices}",
                several=several,
                counts=counts,
                choices=choices,
            )
        )
    return files


def season_language(files: list[SeasonFile], lang: str | None) -> str:
    """The language a ranking is written in: `lang` (--lang) when given, else the language more than half of
    the standings workbooks read are written in, else English."""
    if lang is not None:
        return lang
    languages = [f.language for f in files]
    common = max(set(languages), key=languages.count, default=ENGLISH)
    return common if 2 * languages.count(common) > len(languages) else ENGLISH


@dataclass
class RankRun:
    """What one ranking did: where it was written, how many were ranked from how many events, as of which
    day, the season's warnings, the identity reports, the sheets (with English names and headers, as the
    Parquet tables and the site take them; the workbook has them in `language`) and the language."""

    out: Path
    parquet: Path | None
    ranked: int
    events: int
    as_of: pd.Timestamp
    warnings: list[Problem]
    reports: pd.DataFrame
    sheets: list[OutputSheet] = field(default_factory=list)
    language: str = ENGLISH


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
    lang: str | None = None,
    members: Path | None = None,
    export: Path | None = None,
) -> RankRun:
    """read every event -> rank -> write the workbook (and Parquet). Every output path is checked before any
    event is read; `today` decides the default as-of date and which events are dated in the future. The
    workbook's sheet names, headers and prose are in `lang`, else in the language most standings read are in
    (`season_language`); what is found before (usage, a workbook that cannot be read) in `lang`, else English."""
    if game is not None and game not in GAMES:
        raise UsageError(_("--game {game}: expected {games}", game=game, games=_(" or ").join(GAMES)))
    rules, configured = config_settings(config)
    members = members or configured
    as_of_given = as_of_date(as_of_text)
    paths = event_files(events)
    out = output_target(out, default_name="ranking.xlsx", force=force, inputs=paths)
    tables = None if parquet is None else parquet_targets(parquet, force, [*paths, out])
    awards = None if export is None else export_targets(export, force, [*paths, out])
    writable_folder(out.parent)
    if parquet is not None:
        writable_folder(parquet)
    register = None if members is None else members_register(members, max_unzipped_mb)
    with running(engine) as runner:
        files = season_files(runner, paths, rules, max_unzipped_mb, lang)
        language = season_language(files, lang)
        with speaking(language):
            chosen = one_game(files, game)
            season = season_of(chosen, rules.credit, rules.award.shared_beyond)
            warnings = [*season.warnings]
            checked = None
            if register is not None:
                people, checked = with_register(season.contributions, register)
                people = people.assign(**{K.partners: partners_of(people)})  # under the register's names
                season = replace(season, contributions=people)
            warnings += by_name_warning(season.contributions)  # after the register numbered whom it could
        if season.events.empty:
            raise UsageError(
                _("no {game} events among the {count} standings workbook(s)", game=game, count=len(paths))
            )
        as_of = (
            as_of_given if as_of_given is not None else default_as_of(season.events[SeasonEvent.date], today)
        )
        with speaking(language):
            warnings += future_warnings(season.events, today, as_of, rules)
        if runner.client is not None:
            partitions = max(1, engine.workers) * 2
            counted, ranking = dask_ranked_season(
                season.contributions, as_of, rules, runner.client, partitions
            )
        else:
            counted, ranking = ranked_season(season.contributions, as_of, rules)
    reports = identity_reports(counted)
    if checked is not None and len(checked):
        reports = pd.concat([reports, checked], ignore_index=True)
    game_name = str(season.events[SeasonEvent.game].iloc[0])
    with speaking(language):
        notes = [season_note(w) for w in warnings]
        sheets = ranking_sheets(ranking, counted, season.events, reports, rules, as_of, notes)
        title = _("Ranking as of {as_of}", as_of=f"{as_of:%Y-%m-%d}")
        write_workbook(out, [sheet_in(s, language, game_name) for s in sheets], title=title)
    if tables is not None:
        write_parquet_tables(tables, parquet_tables(sheets))
    if awards is not None:
        table = awards_frame(counted, season.events, rules)
        with speaking(language):
            awards_sheet = OutputSheet(
                sheet_name_of(AwardRow), table, {HEADERS[K.units]: points_format(rules)}
            )
            write_workbook(
                awards[0],
                [sheet_in(awards_sheet, language, game_name)],
                title=_("Awards as of {as_of}", as_of=f"{as_of:%Y-%m-%d}"),
            )
        write_csv(awards[1], table)
    return RankRun(out, parquet, len(ranking), len(season.events), as_of, warnings, reports, sheets, language)
