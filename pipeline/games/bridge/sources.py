"""An event's files (docs/interchange.md, "Deals"): its results read, whichever file holds them (a results
workbook, a PBN or USEBIO results file), and a bridge event's hand records attached: a `--deals` file; else a
PBN event's own [Deal] tags; else the PBN file of the same name beside the results (`club.pbn` beside
`club.xlsx` or a USEBIO `club.xml`), said by a W143 warning. standings, publish, validate and each task of
batch read an event so; batch pairs the files of a folder by `deals_beside` too."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.games.game import Game
from pipeline.games.registry import BRIDGE, game_of
from pipeline.games.scoring import language_of
from pipeline.i18n import _, speaking
from pipeline.problems import InputError, Problem, TallyError, UsageError, kind
from pipeline.workbook import Limits, Workbook, read_workbook
from pipeline.workbook.interchange import INTERCHANGE_SUFFIXES, PBN_SUFFIX

if TYPE_CHECKING:  # the readers of PBN, USEBIO and deals are imported where a file of theirs is read
    from pipeline.games.bridge.deals import Deals
    from pipeline.workbook.pbn import Game as PbnGame

DEALS_BESIDE = kind(
    "W143",
    "no --deals given: the deals of the PBN file of the same name beside the results are attached",
    severity="warning",
    example="club.xlsx: warning: the deals of club.pbn (the PBN file of the same name beside it) are attached: "
    "its hands, double-dummy tricks and par; give --deals FILE to attach another file",
)
BESIDE_UNREAD = kind(
    "W145",
    "the PBN file of the same name beside the results gives no deals (it cannot be read, or holds neither "
    "deals nor results): the standings are written without hands",
    severity="warning",
    example="club.xlsx: warning: club.pbn, the PBN file of the same name beside it, gives no deals ([B212] "
    "club.pbn, row 3, column '[Board' [[Board 7]: a tag pair is not closed with ]); the standings are written "
    "without hands",
)


def results_book(path: Path, limits: Limits | None = None) -> Workbook:
    """A results file read: a PBN (.pbn) or USEBIO (.xml) file as the sheets of a bridge results workbook
    (docs/interchange.md), any other as a workbook."""
    from pipeline.games.bridge.interchange import interchange_book

    if path.suffix.lower() in INTERCHANGE_SUFFIXES:
        return interchange_book(path, (limits or Limits()).max_unzipped_mb)
    return read_workbook(path, limits=limits)


def deals_beside(source: Path) -> Path | None:
    """The PBN file of the same name beside a results workbook or USEBIO file (`club.pbn` beside `club.xlsx`),
    when there is one; None beside a PBN results file (its deals are its own)."""
    if source.suffix.lower() == PBN_SUFFIX:
        return None
    found = (source.with_suffix(PBN_SUFFIX), source.with_suffix(PBN_SUFFIX.upper()))
    return next((p for p in found if p.is_file()), None)


def holds_results(games: list[PbnGame], name: str) -> bool:
    """True when a PBN file's games hold results to score (a ScoreTable, or a teams event's contracts)."""
    from pipeline.games.bridge.interchange import pbn_built

    return not pbn_built(games, name).results.empty


def beside_note(source: str, deals: str) -> Problem:
    """The W143 of results that take the deals of the PBN file of the same name beside them."""
    text = _(
        "the deals of {deals} (the PBN file of the same name beside it) are attached: its hands, double-dummy "
        "tricks and par; give --deals FILE to attach another file",
        deals=deals,
    )
    return Problem.of(DEALS_BESIDE, source, None, None, None, text)


def unread_beside(source: str, deals: str, why: str) -> Problem:
    """The W145 of results beside which the PBN file of the same name gives no deals, and why."""
    text = _(
        "{deals}, the PBN file of the same name beside it, gives no deals ({why}); the standings are written "
        "without hands",
        deals=deals,
        why=why,
    )
    return Problem.of(BESIDE_UNREAD, source, None, None, None, text)


def deals_found_beside(source: Path, found: Path, limit_mb: int) -> Deals:
    """The deals of the PBN file beside the results, checked as --deals' are (B240 each bad deal), with the
    W143 that says so and the SHA-256 of the file; a file that gives none is a W145 (or nothing at all when
    it is a results file without deals, such as the one `tally convert` read)."""
    from pipeline.games.bridge.deals import Deals, deals_of
    from pipeline.workbook.pbn import read_pbn

    try:
        games, problems, digest = read_pbn(found, limit_mb)
    except TallyError as exc:  # too large, not text, gone
        listed = exc.problems if isinstance(exc, InputError) else []
        return Deals(
            problems=[unread_beside(source.name, found.name, listed[0].line if listed else str(exc))]
        )
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        return Deals(problems=[unread_beside(source.name, found.name, errors[0].line)], digest=digest)
    deals = deals_of(games, found.name)
    if deals.frame.empty and not deals.problems:
        quiet = holds_results(games, found.name)
        none = _("it holds no [Deal] tag and no results")
        return Deals(problems=[] if quiet else [unread_beside(source.name, found.name, none)], digest=digest)
    return replace(deals, problems=[beside_note(source.name, found.name), *deals.problems], digest=digest)


def with_deals(
    book: Workbook,
    deals: Path | str | None,
    limit_mb: int,
    *,
    game: Game | None = None,
    lang: str | None = None,
    beside: Path | None = None,
) -> Workbook:
    """The results with a bridge event's hand records: those of `deals` (--deals) when given; else a PBN event's
    own; else those of `beside`, the PBN file of the same name beside the results (W143). Their problems are
    said in the event's language (`lang`, else its own). Another game's workbook is left as it is (UsageError
    when `deals` are given for it); InputError when `deals` cannot be read or hold no deal (B212, B241)."""
    game = game or game_of(book.sheets)
    if game is not BRIDGE:
        if deals is not None:
            raise UsageError(
                _("{deals}: deals are the boards of a bridge event; this workbook is not one", deals=deals)
            )
        return book
    spoken = language_of(book.sheets, game, lang)
    if deals is not None:
        from pipeline.games.bridge.deals import read_deals

        with speaking(spoken, game.name):
            return replace(book, deals=read_deals(Path(deals), limit_mb))
    if book.deals is not None or beside is None:
        return book
    with speaking(spoken, game.name):
        return replace(book, deals=deals_found_beside(Path(book.path), beside, limit_mb))


def beside_problems(book: Workbook) -> list[Problem]:
    """The problems of the deals attached from the file beside the results (W143, W145), as batch lists them."""
    found = book.deals.problems if book.deals is not None else []
    return [p for p in found if p.code in (DEALS_BESIDE.code, BESIDE_UNREAD.code)]


def interchange_role(path: Path, limit_mb: int) -> str:
    """What a PBN or USEBIO file of a batch folder is: `results` (an event to score; also a file that cannot be
    read, so that scoring it reports why), `deals` (a PBN file of deals only: no results) or `other` (XML whose
    root element is not USEBIO)."""
    from pipeline.games.bridge.deals import DEAL_TAG
    from pipeline.games.bridge.interchange import USEBIO_ROOT
    from pipeline.workbook.pbn import read_pbn
    from pipeline.workbook.usebio import read_usebio

    try:
        if path.suffix.lower() == PBN_SUFFIX:
            games, problems, _digest = read_pbn(path, limit_mb)
            if any(p.severity == "error" for p in problems):
                return "results"
            holds_deals = any(DEAL_TAG in game.tags for game in games)
            return "deals" if holds_deals and not holds_results(games, path.name) else "results"
        root, _digest = read_usebio(path, limit_mb)
    except TallyError:
        return "results"
    return "results" if root.name == USEBIO_ROOT else "other"
