"""tally as a library: plain functions for everything the command line does.

    from pipeline import api

    report = api.validate("club-night.xlsx")          # a Report: .valid, .errors, .warnings
    if report.valid:
        written = api.score("club-night.xlsx")        # the standings workbook, beside the input
        print(written.path, [s.name for s in written.standings.sheets])

Every function takes and returns plain values (paths, Reports, data frames). Bad input is reported, never
printed: `validate` returns a Report; the functions that produce a file raise `InputError` (its `.problems`
and `.report`) when the workbook cannot be scored, `UsageError` for what cannot be done as asked (a path that
is not a file, an output that is not tally's without `force`), `CannotWrite` when a file system refuses a
write. The command line (pipeline/cli/) only parses options, calls these, prints and maps them to exit codes.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from pipeline.games.game import Game
from pipeline.games.registry import BRIDGE, GAMES, game_named, game_of, standings_game
from pipeline.games.scoring import (
    Standings,
    given_setting,
    language_of,
    recognised_event,
    standings_of,
    written,
)
from pipeline.i18n import _, speaking, spoken_language
from pipeline.language import ENGLISH, checked_language
from pipeline.problems import KINDS, InputError, Kind, Problem, Report, UsageError, kind
from pipeline.workbook import Limits, Workbook, read_workbook, write_workbook
from pipeline.workbook.interchange import INTERCHANGE_SUFFIXES
from pipeline.workbook.targets import output_target
from schemas.common import LANGUAGES
from schemas.plain import POINTS_TARGET

if TYPE_CHECKING:
    from pipeline.federation.batch import BatchRun
    from pipeline.federation.engines import Engine
    from pipeline.federation.rank import RankRun

# What a command needs beyond reading, scoring and writing one workbook (the federation, the published site,
# schedules, PBN and USEBIO, hand records) is imported where that command runs: scoring a club evening loads
# none of it.
BUNDLED = Path(__file__).resolve().parents[1] / "sample_data"
DEMO_SITE = "site"  # the folder under demo's output of the samples' published site
TWIN_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != ENGLISH)  # demo's folders of twins: es/, zh/
TOO_FEW = kind(
    "W115",
    "too few entrants for the schedule asked for",
    example="Players: a round robin needs 2 entrants or more; found 1",
)
NOT_STANDINGS = kind(
    "W116",
    "a file given to `tally diff` is not a standings workbook (no Standings sheet)",
    example="old.xlsx: is not a tally standings workbook: it has no 'Standings' sheet (sheets found: 'Matches')",
)
KEY_REPEATS = kind(
    "W117",
    "a row's key repeats in a standings sheet, so `tally diff` cannot match the rows",
    example="Standings, row 4, column 'Player' [P2]: this key already appears in an earlier row, so the rows cannot be matched",
)

__all__ = [
    "GAMES",
    "BatchRun",
    "Engine",
    "Game",
    "Limits",
    "RankRun",
    "Report",
    "Scored",
    "Standings",
    "batch",
    "demo",
    "diff",
    "domino_schedule",
    "every_kind",
    "bridge_pairs_schedule",
    "convert",
    "publish",
    "rank",
    "read",
    "score",
    "standings",
    "swiss_round",
    "teams_schedule",
    "template",
    "validate",
]


@dataclass
class Scored:
    """A standings workbook written: where, and what it holds."""

    path: Path
    standings: Standings
    exports: list[Path] = field(default_factory=list)  # the PBN and USEBIO files written beside it


@dataclass
class Scheduled:
    """A round written: where, and the round's number."""

    path: Path
    round: int


@dataclass
class Schedule:
    """A schedule written: where, and for tables of four its report of repeated partners and opponents."""

    path: Path
    report: pd.DataFrame | None = None


def read(path: Path | str, *, sheets: Iterable[str] | None = None, limits: Limits | None = None) -> Workbook:
    """A workbook's sheets (or the named ones) as text, after the package is inspected; a PBN (.pbn) or USEBIO
    (.xml) results file as the sheets of a bridge results workbook (docs/interchange.md)."""
    path = Path(path)
    if path.suffix.lower() in INTERCHANGE_SUFFIXES:
        from pipeline.games.bridge.interchange import interchange_book

        return interchange_book(path, (limits or Limits()).max_unzipped_mb)
    return read_workbook(path, sheets, limits)


def validate(
    path: Path | str,
    *,
    limits: Limits | None = None,
    lang: str | None = None,
    deals: Path | str | None = None,
    members: Path | str | None = None,
) -> Report:
    """Every problem of a results workbook, corrections included, and of a bridge event's deals (`deals`, else
    a PBN event's own, else the PBN file of the same name beside it: B240, B241, W143); with `members` (a
    members register workbook), its players against the register (R121-R125, R129 at their cells); nothing is
    computed or written. The game is `unknown` when the file cannot be read at all (its one problem says why).
    Messages in `lang` (en, es, zh; by default the Language setting, else the workbook's own language); codes
    are the same in each. UsageError for `deals` given to another game's workbook."""
    from pipeline.games.bridge.sources import deals_beside, with_deals

    chosen = checked_language(lang)
    path = Path(path)
    with speaking(chosen):
        try:
            book = read(path, limits=limits)
        except InputError as exc:
            return Report("unknown", exc.problems, str(path))
        game = game_of(book.sheets)
        limit = (limits or Limits()).max_unzipped_mb
        try:
            book = with_deals(book, deals, limit, game=game, lang=chosen, beside=deals_beside(path))
            found = book.deals.problems if book.deals is not None else []
        except InputError as exc:  # a --deals file that cannot be read, or holds no deal
            found = exc.problems
    with speaking(language_of(book.sheets, game, chosen), game.name):
        try:
            problems = recognised_event(book.sheets, game).event.warnings
        except InputError as exc:
            problems = exc.problems
        if members is not None:
            found += registered_players(book, game, Path(members), (limits or Limits()).max_unzipped_mb)
    return Report(game.name, [*problems, *found], str(path), language_of(book.sheets, game, chosen))


def registered_players(
    book: Workbook, game: Game, members: Path, limit: int, on: dt.date | None = None
) -> list[Problem]:
    """A results workbook's players against the members register (`workbook_register_problems`), as of the
    event's Date setting, else `on` (none: no check of Active Until)."""
    from pipeline.federation.rank import members_register
    from pipeline.federation.ranking.register import workbook_register_problems
    from pipeline.games.settings import EVENT_DATE, iso_date

    typed = given_setting(book.sheets, EVENT_DATE)
    day = iso_date(typed) if typed is not None else None
    if day is None and on is not None:
        day = pd.Timestamp(on)
    register = members_register(members, limit)
    return workbook_register_problems(book.sheets, game.sheets, register, day)


def entrants_registered(
    entrants: Path | str,
    members: Path | str,
    *,
    game: str,
    on: dt.date | None = None,
    limits: Limits | None = None,
    lang: str | None = None,
) -> list[Problem]:
    """An entrants workbook's players (the Players, Pairs or Teams sheet that `schedule` reads) against the
    members register, as of the event's Date setting, else `on` (default: today): the warnings `validate
    --members` gives, for a schedule made before the event."""
    chosen = checked_language(lang)
    book = read(Path(entrants), limits=limits)
    with speaking(language_of(book.sheets, game_named(game), chosen), game):
        limit = (limits or Limits()).max_unzipped_mb
        return registered_players(book, game_named(game), Path(members), limit, on or dt.date.today())


def standings(
    source: Path | str | Workbook,
    *,
    game: str | None = None,
    limits: Limits | None = None,
    lang: str | None = None,
    deals: Path | str | None = None,
) -> Standings:
    """The standings of a results workbook (a path, or a workbook already read), nothing written; its game
    from its sheets unless named; in `lang` (en, es, zh; by default the Language setting, else the workbook's
    own language). `deals`: a PBN file of the boards' hands (a bridge event's Hands sheet and Par columns);
    without it, a PBN event's own [Deal] tags, else (a path's) the PBN file of the same name beside it (W143).
    InputError when it cannot be scored; UsageError for an unknown `lang`."""
    from pipeline.games.bridge.sources import deals_beside, with_deals

    chosen = checked_language(lang)  # before anything is read
    with speaking(chosen):  # a workbook that cannot be read is said in `lang`, else English
        book = source if isinstance(source, Workbook) else read(source, limits=limits)
        named = game_named(game) if game else game_of(book.sheets)
        beside = None if isinstance(source, Workbook) else deals_beside(Path(source))
        limit = (limits or Limits()).max_unzipped_mb
        book = with_deals(book, deals, limit, game=named, lang=chosen, beside=beside)
    return standings_of(book, None if game is None else game_named(game), lang=chosen)


def __getattr__(name: str) -> Any:
    """The federation's types the library offers (`api.Engine`, `api.BatchRun`, `api.RankRun`), imported when
    first asked."""
    if name == "Engine":
        from pipeline.federation.engines import Engine

        return Engine
    if name in ("BatchRun", "RankRun"):
        from pipeline.federation import batch, rank

        return getattr(batch if name == "BatchRun" else rank, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def every_kind() -> dict[str, Kind]:
    """Every kind of problem tally declares (docs/problems.md). A kind is declared in the module that finds it,
    and a command imports only the modules it needs, so every module of pipeline/ and schemas/ is imported
    first."""
    import importlib
    import pkgutil

    import pipeline
    import schemas

    for package in (pipeline, schemas):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    return KINDS


def default_standings(source: Path) -> Path:
    """`<input stem>-standings.xlsx` beside the input."""
    return source.with_name(f"{source.stem}-standings.xlsx")


def score(
    source: Path | str,
    out: Path | str | None = None,
    *,
    game: str | None = None,
    force: bool = False,
    limits: Limits | None = None,
    book: Workbook | None = None,
    lang: str | None = None,
    deals: Path | str | None = None,
    pbn: Path | str | None = None,
    usebio: Path | str | None = None,
) -> Scored:
    """Read, validate, compute and write one results workbook: the standings go to `out` (a file, or a folder
    to write `<input stem>-standings.xlsx` into; by default beside the input). The output is checked before
    anything is read: never the input, and a file tally did not write only with `force`. `lang` (en, es, zh)
    is the language of its sheet names and headers (by default the Language setting, else the workbook's);
    `deals` a PBN file of the boards' hands (as `standings`); `pbn` and `usebio` also write a bridge event
    as a PBN 2.1 or USEBIO 1.2 file there (docs/interchange.md, "Writing PBN and USEBIO"), checked as `out`."""
    from pipeline.games.bridge.sources import deals_beside
    from pipeline.workbook.interchange import PBN_SUFFIX, USEBIO_SUFFIX

    chosen = checked_language(lang)
    source = Path(source)
    name = default_standings(source).name
    beside = deals_beside(source) if deals is None else None  # the deals beside it are an input too
    inputs = [source, *(Path(p) for p in (deals, beside) if p is not None)]
    with speaking(chosen):  # what is found before the workbook is read: in `lang`, else English
        target = output_target(
            source.with_name(name) if out is None else out, default_name=name, force=force, inputs=inputs
        )
        files = export_targets(source, {PBN_SUFFIX: pbn, USEBIO_SUFFIX: usebio}, force, [*inputs, target])
    result = standings(book or source, game=game, limits=limits, lang=lang, deals=deals)
    if files and result.game is not BRIDGE:
        raise UsageError(_("--pbn and --usebio write a bridge event; {source} is not one", source=source))
    with speaking(result.language):  # the footer's words, and a write refused, in the event's language
        exports = [written_export(result, path, suffix) for suffix, path in files.items()]
        return Scored(written(result, target), result, exports)


def export_targets(
    source: Path, wanted: dict[str, Path | str | None], force: bool, inputs: list[Path]
) -> dict[str, Path]:
    """The checked file of each interchange format asked for (a folder: `<input stem>.pbn` or `.xml` in it)."""
    from pipeline.workbook.interchange import PBN_SUFFIX
    from pipeline.workbook.marks import text_written_by_tally

    return {
        suffix: output_target(
            path,
            default_name=f"{source.stem}{suffix}",
            force=force,
            inputs=inputs,
            owned=text_written_by_tally,
            option="--pbn" if suffix == PBN_SUFFIX else "--usebio",
        )
        for suffix, path in wanted.items()
        if path is not None
    }


def written_export(result: Standings, target: Path, suffix: str) -> Path:
    """A scored bridge event written as PBN or USEBIO to a checked target; what the file does not carry is
    added to the standings' warnings (W146, W147)."""
    from pipeline.games.bridge.export import PBN_MARK, USEBIO_MARK, pbn_file, usebio_file
    from pipeline.workbook.interchange import PBN_SUFFIX
    from pipeline.workbook.marks import written_text

    text, lost = (pbn_file if suffix == PBN_SUFFIX else usebio_file)(result)
    result.warnings = [*result.warnings, *lost]
    mark, newline = (PBN_MARK, "\r\n") if suffix == PBN_SUFFIX else (USEBIO_MARK, "\n")
    return written_text(target, text, mark, newline)


def convert(
    source: Path | str,
    out: Path | str | None = None,
    *,
    force: bool = False,
    limits: Limits | None = None,
    lang: str | None = None,
) -> Path:
    """A PBN (.pbn) or USEBIO (.xml) results file written as tally's bridge results workbook (Settings, Pairs
    with names, Results) to `out` (a file, or a folder for `<input stem>.xlsx`; by default beside the input),
    which scores to the same standings and which a director can correct in Excel: its sheet names, headers
    and setting names in `lang` (en, es, zh; default the language spoken, English unless a caller's
    `speaking` says otherwise), as a template writes them. InputError when the file cannot be read;
    UsageError for another kind of file."""
    from pipeline.games.bridge.interchange import interchange_book, results_workbook
    from pipeline.language import sheet_in

    chosen = checked_language(lang) or spoken_language()  # before anything is read; default: as spoken
    source = Path(source)
    with speaking(chosen, BRIDGE.name):  # what is refused, and what is written, in `lang`
        if source.suffix.lower() not in INTERCHANGE_SUFFIXES:
            raise UsageError(
                _("{source}: tally convert reads a PBN (.pbn) or USEBIO (.xml) results file", source=source)
            )
        name = f"{source.stem}.xlsx"
        target = output_target(
            source.with_name(name) if out is None else out, default_name=name, force=force, inputs=[source]
        )
        book = interchange_book(source, (limits or Limits()).max_unzipped_mb)
        sheets = results_workbook(book, BRIDGE.setting_specs())
        return write_workbook(target, [sheet_in(s, chosen, BRIDGE.name) for s in sheets], title=source.stem)


def template(game: str, out: Path | str, *, force: bool = False, lang: str | None = None) -> Path:
    """The blank workbook of a game written to `out` (a file, or a folder for `<game>-template.xlsx`), its
    sheets, headers, notes and setting names in `lang` (en, es, zh; default English)."""
    chosen = game_named(game)
    language = checked_language(lang)
    target = output_target(out, default_name=f"{chosen.name}-template.xlsx", force=force)
    with speaking(language, chosen.name):
        sheets = chosen.template()
    return write_workbook(target, sheets, title=f"tally {chosen.name} template")


def domino_schedule(
    players: Path | str | None,
    out: Path | str,
    *,
    entrants_count: int | None = None,
    rounds: int | None = None,
    target: int = POINTS_TARGET,
    event: str = "",
    individual: bool = False,
    seed: int = 0,
    avoid_clubs: bool = False,
    force: bool = False,
    lang: str | None = None,
) -> Schedule:
    """A domino event's rounds written as the workbook to fill in, from a Players workbook or `entrants_count`
    numbered entrants: pairs (a round robin by Berger tables) or individual (tables of four, partners
    rotating); in `lang` (en, es, zh; default: the Players workbook's language, else English)."""
    from pipeline.games.domino.load import entrants
    from pipeline.games.domino.schedule import (
        ROUND_ROBIN,
        individual_schedule,
        numbered_entrants,
        pairs_schedule,
        schedule_sheets,
        too_few_entrants,
    )
    from pipeline.language import sheet_in, workbook_language
    from schemas.common import sheet_name_of
    from schemas.domino import PlayersSheet

    if (players is None) == (entrants_count is None):
        raise UsageError(_("give a players workbook or --entrants N, not both and not neither"))
    source = None if players is None else Path(players)
    name = "schedule.xlsx" if source is None else f"{source.stem}-schedule.xlsx"
    path = output_target(out, default_name=name, force=force, inputs=[] if source is None else [source])
    language = checked_language(lang)
    book = read_workbook(source) if source is not None else None
    if language is None and book is not None:
        language = workbook_language(book.sheets, sheet_name_of(PlayersSheet))
    with speaking(language, "domino"):
        table = entrants(book.sheets) if book is not None else numbered_entrants(entrants_count or 0)
        if len(table) < 2:
            raise too_few_entrants(TOO_FEW, len(table))
        title = event or (source.stem if source else _(ROUND_ROBIN))
        report = None
        if individual:
            if len(table) < 4:
                raise too_few_entrants(TOO_FEW, len(table), four=True)
            matches, byes, report = individual_schedule(table, rounds, seed, avoid_clubs)
        else:
            matches, byes = pairs_schedule(table, rounds, avoid_clubs, seed)
        sheets = schedule_sheets(table, matches, byes, target, title, report)
        sheets = [sheet_in(s, language or ENGLISH, "domino") for s in sheets]
    return Schedule(write_workbook(path, sheets, title=title), report)


def teams_schedule(
    teams: Path | str,
    out: Path | str,
    *,
    rounds: int | None = None,
    event: str = "",
    force: bool = False,
    lang: str | None = None,
) -> Path:
    """A bridge teams round robin written as the workbook to fill in (Matches, an empty Results), in `lang`
    (en, es, zh; by default the Language setting, else the Teams workbook's own language, else English)."""
    from pipeline.games.bridge.load import entrant_teams
    from pipeline.games.bridge.schedule import teams_schedule_sheets
    from pipeline.games.scoring import setting_language
    from pipeline.language import sheet_in, workbook_language
    from schemas.bridge import TeamsSheet
    from schemas.common import sheet_name_of

    chosen = checked_language(lang)  # before anything is read
    source = Path(teams)
    path = output_target(out, default_name=f"{source.stem}-schedule.xlsx", force=force, inputs=[source])
    sheets = read_workbook(source).sheets
    spoken = chosen or setting_language(sheets) or workbook_language(sheets, sheet_name_of(TeamsSheet))
    with speaking(spoken, "bridge"):
        table = entrant_teams(sheets)
        if len(table) < 2:
            problem = _("a round robin needs 2 teams or more; found {count}", count=len(table))
            raise InputError([Problem.of(TOO_FEW, sheet_name_of(TeamsSheet), None, None, None, problem)])
        title = event or source.stem
        written = [sheet_in(s, spoken, "bridge") for s in teams_schedule_sheets(table, rounds, title)]
    return write_workbook(path, written, title=title)


def swiss_round(
    event: Path | str,
    out: Path | str,
    *,
    name: str = "",
    rounds: int | None = None,
    movement: str | None = None,
    force: bool = False,
    limits: Limits | None = None,
    lang: str | None = None,
) -> Scheduled:
    """The next round of a Swiss teams event written with the event (docs/swiss.md): every sheet as typed,
    Matches (and Byes) with the round's rows added, Settings Movement Swiss, the round's table cards. From a
    workbook with only a Teams sheet, the first round. `out` a folder: `<event>-round-N.xlsx` inside it.
    `rounds` and a pairs `movement` are refused (UsageError): a Swiss is drawn a round at a time, for teams.
    What tally adds (the table cards, a new sheet, the Settings' rows) is in `lang` (en, es, zh; by default the
    Language setting, else the workbook's own language); the sheets as typed stay as they are."""
    from pipeline.games.bridge.load import entrant_teams
    from pipeline.games.bridge.swiss_round import swiss_round_sheets
    from pipeline.games.scoring import setting_language
    from pipeline.language import workbook_language
    from pipeline.workbook.typed import typed_tables
    from schemas.bridge import TeamsSheet
    from schemas.common import sheet_name_of

    chosen = checked_language(lang)
    if rounds is not None:
        raise UsageError(_("a Swiss is drawn a round at a time: --rounds is for the round robin"))
    if movement is not None:
        raise UsageError(_("a Swiss draws a teams event's next round: --movement is for a pairs evening"))
    source = Path(event)
    book = read_workbook(source, limits=limits)
    spoken = (
        chosen or setting_language(book.sheets) or workbook_language(book.sheets, sheet_name_of(TeamsSheet))
    )
    with speaking(spoken, "bridge"):
        table = entrant_teams(book.sheets)
        if len(table) < 2:
            problem = _("a Swiss needs 2 teams or more; found {count}", count=len(table))
            raise InputError([Problem.of(TOO_FEW, sheet_name_of(TeamsSheet), None, None, None, problem)])
        base = re.sub(r"-round-[0-9]+$", "", source.stem)
        drawn = swiss_round_sheets(book.sheets, typed_tables(book, limits), table, name or base)
    default = f"{base}-round-{drawn.round}.xlsx"
    path = output_target(out, default_name=default, force=force, inputs=[source])
    return Scheduled(write_workbook(path, drawn.sheets, title=drawn.title), drawn.round)


def batch(
    folder: Path | str,
    out: Path | str | None = None,
    *,
    engine: Engine | None = None,
    limits: Limits | None = None,
    force: bool = False,
    scored: Callable[[BatchRun], None] = lambda run: None,
    publish: Path | str | None = None,
    lang: str | None = None,
    members: Path | str | None = None,
) -> BatchRun:
    """Every results workbook under `folder` scored (into `out`, or beside each input), unchanged ones skipped
    by the manifest; failures are recorded in the returned run, never raised. `scored` sees the run before
    the manifest is written. With `publish`, a site of every event scored or unchanged (each from its
    standings workbook) is written into that folder, checked before anything is scored. Each event's
    standings (and its failure) in `lang` (en, es, zh), else in its own language as `standings` chooses; the
    run's own messages in `lang`, else English. With `members` (a members register workbook), each event's
    Members sheet is filled from it."""
    from pipeline.federation.batch import run_batch
    from pipeline.federation.engines import Engine
    from pipeline.publish import publish_events, read_events, site_folder

    chosen = checked_language(lang)
    with speaking(chosen):
        site = None if publish is None else site_folder(publish, force=force, option="--publish")
        limit = (limits or Limits()).max_unzipped_mb
        run = run_batch(
            Path(folder),
            None if out is None else Path(out),
            engine or Engine(),
            limit,
            force,
            scored,
            chosen,
            () if site is None else (Path(site),),
            None if members is None else Path(members),
        )
    if site is not None:
        ok = [(job.key, job.target) for job, status, _, _ in run.done if status == "ok"]
        events = sorted([*ok, *((job.key, job.target) for job in run.unchanged)])
        publish_events(read_events(events, limits), site, lang=chosen)
    return run


def rank(
    events: Iterable[Path | str],
    out: Path | str,
    *,
    config: Path | str | None = None,
    as_of: str | None = None,
    parquet: Path | str | None = None,
    game: str | None = None,
    engine: Engine | None = None,
    limits: Limits | None = None,
    today: dt.date | None = None,
    force: bool = False,
    publish: Path | str | None = None,
    lang: str | None = None,
    members: Path | str | None = None,
    export: Path | str | None = None,
) -> RankRun:
    """A season's ranking from standings workbooks (files, or folders of them) written to `out` (and to
    `parquet`, and as a site into `publish`); `today` (default: the local date) decides the default as-of day
    and which events lie in the future. Nothing is written when any workbook cannot be ranked (SeasonError).
    The ranking workbook's sheet names, headers and prose are in `lang` (en, es, zh), else in the language
    more than half of the standings read are in, else English; the Parquet tables keep English names. With
    `members` (a members register workbook), every person is checked against it; with `export` (a folder),
    each person's award from each event is written there as awards.xlsx and awards.csv (docs/federation.md)."""
    from pipeline.federation.engines import Engine
    from pipeline.federation.rank import run_rank
    from pipeline.publish import publish_ranking, site_folder

    chosen = checked_language(lang)
    with speaking(chosen):
        site = None if publish is None else site_folder(publish, force=force, option="--publish")
        run = run_rank(
            [Path(e) for e in events],
            out,
            None if config is None else Path(config),
            as_of,
            None if parquet is None else Path(parquet),
            game,
            engine or Engine(),
            (limits or Limits()).max_unzipped_mb,
            today or dt.date.today(),
            force,
            chosen,
            None if members is None else Path(members),
            None if export is None else Path(export),
        )
    if site is not None:
        publish_ranking(run.sheets, site, lang=run.language)
    return run


def publish(
    source: Path | str,
    out: Path | str | None = None,
    *,
    force: bool = False,
    limits: Limits | None = None,
    lang: str | None = None,
    deals: Path | str | None = None,
    scored: Callable[[Standings], None] = lambda standings: None,
) -> Path:
    """A static results site (docs/publish.md) of a results workbook or a PBN or USEBIO results file (scored
    in memory, with `deals` as `standings` takes them), a standings workbook or a ranking workbook tally wrote,
    written into the folder `out` (default: `<stem>-site/` beside the input): refused, before anything is read,
    when that folder holds anything but a site tally wrote, unless `force`. In `lang` (en, es, zh; by default
    the language of the workbook's standings); a UsageError for an unknown `lang`, or for `deals` given with a
    workbook already scored. `scored` sees the standings computed on the way (their warnings). The folder's
    path is returned."""
    from pipeline.publish import publish_book

    chosen = checked_language(lang)  # before anything is read
    with speaking(chosen):
        return publish_book(
            Path(source),
            None if out is None else Path(out),
            force=force,
            limits=limits,
            lang=chosen,
            deals=None if deals is None else Path(deals),
            scored=scored,
        )


def compared_frames(path: Path, limits: Limits | None = None) -> tuple[Game, dict[str, pd.DataFrame]]:
    """The game of a standings workbook and the sheets `diff` compares, read back with headers as written."""
    from pipeline.games.changes import key_columns, repeated_keys
    from pipeline.games.checks import as_problem_list, problems_where
    from pipeline.language import english_headers, english_texts
    from pipeline.sheets import normalized_header, sheet_key
    from schemas.common import sheet_name_of
    from schemas.ranking import StandingsSheet

    book = read_workbook(path, limits=limits)
    if book.get(sheet_key(StandingsSheet)) is None:
        found = ", ".join(f"'{n}'" for n in book.sheet_names) or "none"
        problem = _(
            "is not a tally standings workbook: it has no '{standings}' sheet (sheets found: {found})",
            standings=sheet_name_of(StandingsSheet),
            found=found,
        )
        raise InputError([Problem.of(NOT_STANDINGS, path.name, None, None, None, problem)], source=str(path))
    game = standings_game({normalized_header(n) for n in book.listed})
    frames, problems = {}, []
    for name, keys in game.compared_sheets.items():  # the compared sheets
        sheet = book.get(name)
        if sheet is None:
            continue
        frame = sheet.frame.rename(columns=sheet.headers).rename(columns=english_headers(game.name))
        frame = frame.apply(english_texts)  # Decided By's `puntos`, `积分` compared as `points`
        present = key_columns(keys, frame, frame)
        problems.append(
            problems_where(
                sheet,
                pd.Series(repeated_keys(frame, present).to_numpy(), index=sheet.frame.index),
                [k for k, v in sheet.headers.items() if v in present],
                _("this key already appears in an earlier row, so the rows cannot be matched"),
                KEY_REPEATS,
            )
        )
        frames[name] = frame
    found_problems = as_problem_list(problems)
    if found_problems:
        raise InputError(found_problems, source=str(path))
    return game, frames


def diff(
    old: Path | str,
    new: Path | str,
    out: Path | str | None = None,
    *,
    force: bool = False,
    limits: Limits | None = None,
) -> pd.DataFrame:
    """The changes from OLD to NEW standings (sheet, key, column, old, new), written to `out` when given
    (checked before anything is read)."""
    from pipeline.games.changes import changes
    from pipeline.sheets import OutputSheet
    from schemas.common import sheet_name_of
    from schemas.corrections import Change

    old, new = Path(old), Path(new)
    target = None
    if out is not None:
        target = output_target(out, default_name=f"{new.stem}-changes.xlsx", force=force, inputs=[old, new])
    game, before = compared_frames(old, limits)
    _same_game, after = compared_frames(new, limits)
    frame = changes(before, after, game.compared_sheets, game.beside)
    if target is not None:
        write_workbook(
            target,
            [OutputSheet(sheet_name_of(Change), frame)],
            title=_("Changes from {old} to {new}", old=old.name, new=new.name),
        )
    return frame


def demo(
    samples: Path | str | None = None,
    out: Path | str = "out",
    *,
    force: bool = False,
    scored: Callable[[Path, Scored], None] = lambda source, done: None,
) -> list[Scored]:
    """Every sample workbook (and PBN event) of the folder (the bundled sample_data/ by default) scored into `out` as
    `<name>-standings.xlsx`, and published as one site under `out/site/` (a site per sample and an index
    linking them); the workbooks of its language folders (`es/`, `zh/`: the bundled samples' Spanish and Chinese
    twins) scored into `out/es/`, `out/zh/`, each in its own language, and not published. Every output path is
    checked before anything is written. `scored` sees each workbook as it is written."""
    from pipeline.publish import publish_events, site_folder
    from pipeline.publish.event import computed_event
    from pipeline.workbook.files import is_workbook_name
    from pipeline.workbook.interchange import PBN_SUFFIX
    from pipeline.workbook.targets import output_folder, writable_folder

    folder = Path(samples) if samples is not None else BUNDLED
    listed = sorted(folder.iterdir()) if folder.is_dir() else []
    inputs = [p for p in listed if is_workbook_name(p) or p.suffix.lower() == PBN_SUFFIX]
    if not inputs:
        raise UsageError(_("no sample workbooks (*.xlsx) in {folder}", folder=folder))
    twins = [
        p for lang in TWIN_LANGUAGES if (folder / lang).is_dir()
        for p in sorted((folder / lang).iterdir()) if is_workbook_name(p)
    ]  # fmt: skip
    into = writable_folder(output_folder(out, option="--out"))
    sources = [*inputs, *twins]
    targets = [
        output_target(
            into / s.relative_to(folder).parent / f"{s.stem}-standings.xlsx",
            default_name=None,
            force=force,
            inputs=sources,
        )
        for s in sources
    ]
    site = site_folder(into / DEMO_SITE, force=force, option="--out")
    done = []
    for source, target in zip(sources, targets, strict=True):  # one workbook after another
        result = score(source, target, force=force)
        scored(source, result)
        done.append(result)
    published = zip(inputs, done[: len(inputs)], strict=True)  # the English samples
    publish_events([(s.name, computed_event(d.standings, s.stem)) for s, d in published], site)
    return done


def bridge_pairs_schedule(
    pairs: Path | str,
    out: Path | str,
    *,
    movement_name: str,
    even_tables: str = "skip",
    arrow_switch: bool = False,
    switch_rounds: Iterable[int] = (),
    boards_per_round: int = 3,
    rounds: int | None = None,
    first_board: int = 1,
    event: str = "",
    force: bool = False,
    lang: str | None = None,
) -> Path:
    """A bridge pairs evening written as the workbook to fill in (docs/movements.md): from the Pairs sheet and
    the movement (`mitchell` or `howell`), Results with a row per board to play, the guide cards, the board
    movement and a traveller slip per board, in `lang` (en, es, zh; by default the Language setting, else the
    Pairs workbook's own language, else English). UsageError for a movement that does not exist for that many
    pairs (the message says which sizes do); InputError for a workbook without a usable Pairs sheet."""
    from pipeline.games.bridge.movements import movement
    from pipeline.games.bridge.pairs_schedule import entrant_pairs, pairs_schedule_sheets
    from pipeline.games.scoring import setting_language
    from pipeline.language import sheet_in, workbook_language
    from schemas.bridge import BOARD, PairsSheet
    from schemas.common import sheet_name_of

    chosen = checked_language(lang)
    source = Path(pairs)
    if boards_per_round < 1 or first_board < 1:
        raise UsageError(_("--boards-per-round and --first-board are whole numbers from 1"))
    path = output_target(out, default_name=f"{source.stem}-schedule.xlsx", force=force, inputs=[source])
    sheets = read_workbook(source).sheets
    spoken = chosen or setting_language(sheets) or workbook_language(sheets, sheet_name_of(PairsSheet))
    with speaking(spoken, "bridge"):
        table = entrant_pairs(sheets)
        moves = movement(
            len(table),
            movement_name.strip().lower(),
            even=even_tables.strip().lower(),
            rounds=rounds,
            arrow_switch=arrow_switch,
            switch_rounds=tuple(switch_rounds),
        )
        last = first_board + moves.sets * boards_per_round - 1
        if last > BOARD.high:
            raise UsageError(
                _(
                    "the boards would run to {last}: a board number is {span}",
                    last=f"{last:,}",
                    span=BOARD.words,
                )
            )
        title = event or source.stem
        made = pairs_schedule_sheets(table, moves, boards_per_round, first_board, title)
        written = [sheet_in(s, spoken, "bridge") for s in made]
    return write_workbook(path, written, title=title)
