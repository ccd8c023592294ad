"""The unit of work every engine runs: one workbook in, one small picklable result out (never an exception).

These run in worker processes or on Dask workers, so they take plain paths and return plain values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pandas as pd

from pipeline.federation.ranking.rules import RankingRules
from pipeline.federation.ranking.season import READ_SHEETS, SeasonFile, season_file
from pipeline.games.bridge.sources import beside_problems, results_book, with_deals
from pipeline.games.members import FILLED_FROM_REGISTER
from pipeline.games.registry import standings_game
from pipeline.games.scoring import standings_of, written
from pipeline.i18n import ENGLISH, _, speaking
from pipeline.language import sheet_names
from pipeline.problems import INTERNAL, USAGE, InputError, Problem, TallyError, kind
from pipeline.sheets import Sheet, header_key, normalized_header, sheet_key
from pipeline.workbook import Limits, Workbook, read_workbook
from pipeline.workbook.files import is_workbook_name
from schemas.common import LANGUAGES, sheet_name_of
from schemas.ranking import StandingsSheet

NOT_READ = kind(
    "R112",
    "a standings workbook that cannot be read (the reason is given)",
    example="march.xlsx: is not an xlsx workbook (not a zip archive)",
)
DIED = kind(
    "X004",
    "the process reading a workbook died (a crash, or the memory ran out)",
    example="friday.xlsx: the process reading it died (it stopped without a word: a crash, or the memory ran out)",
)


def scored_file(
    source: str,
    target: str,
    max_unzipped_mb: int,
    lang: str | None = None,
    deals: str | None = None,
    register: pd.DataFrame | None = None,
) -> tuple[str, str, str, tuple[str, ...]]:
    """Score one results file (a workbook, a PBN or USEBIO file; with `deals`, the PBN file of the same name
    beside it) and write its standings in `lang` (by default its own language, as `standings` chooses): ("ok",
    "", digest, notes) or ("failed", its first problem in the language it was made in, digest, notes); the
    digest is the SHA-256 of the bytes scored ("" when none were read; `+` the deals file's when it was read),
    the notes the lines of the deals' W143 or W145. With a members `register`, the standings' Members are
    filled from it."""
    book = None
    with speaking(lang):  # what is found before the workbook's language is known
        try:
            path, limits = Path(source), Limits(max_unzipped_mb)
            book = (
                read_workbook(path, limits=limits) if is_workbook_name(path) else results_book(path, limits)
            )
            book = with_deals(
                book, None, max_unzipped_mb, lang=lang, beside=None if deals is None else Path(deals)
            )
            scored = standings_of(book, lang=lang, register=register)
            with speaking(scored.language):  # as `tally <game> standings` writes it
                written(scored, Path(target))
                filled = [p for p in scored.warnings if p.code == FILLED_FROM_REGISTER.code]
                notes = tuple(p.line for p in beside_problems(book))
                notes += tuple(f"{Path(source).name}: {p.line}" for p in filled)
            return "ok", "", scored_digest(book, deals), notes
        except InputError as exc:
            listed = exc.errors or exc.problems
            with speaking(exc.language):
                shown = failure_text(Path(source), listed[0]) if listed else str(exc)
            return "failed", shown, book.digest if book else "", ()
        except TallyError as exc:  # the standings cannot be written (a full disk, a read-only folder)
            shown = f"[{exc.code}] {exc}" if exc.code else str(exc)
            return "failed", shown, book.digest if book else "", ()
        except Exception as exc:  # one broken file must not stop the others
            why = _("internal error: {error}", error=f"{type(exc).__name__}: {exc}")
            return "failed", f"[{INTERNAL.code}] {why}", book.digest if book else "", ()


def scored_digest(book: Workbook, deals: str | None) -> str:
    """The hash of the bytes scored, as batch's planning hashes the event: the file's, and with deals beside it
    `+` the deals file's (blank when it could not be read: the event is scored again next time)."""
    if deals is None:
        return book.digest
    return f"{book.digest}+{book.deals.digest if book.deals is not None else ''}"


def failure_text(source: Path, problem: Problem) -> str:
    """A problem as one line of the batch summary, its code first (a whole-file problem without the file's
    name again)."""
    if problem.sheet == source.name and problem.row is None:
        return f"[{problem.code}] {problem.problem}" if problem.code else problem.problem
    return problem.line


def scoring_crashed(
    item: tuple[str, str, int, str | None, str | None], why: str
) -> tuple[str, str, str, tuple[str, ...]]:
    """The result of an input whose scoring process died (said in the batch's `lang`)."""
    with speaking(item[3]):
        return "failed", _("the process scoring it died ({why}); it was not scored", why=why), "", ()


def season_file_at(
    path: str, shown: str, rules: RankingRules, max_unzipped_mb: int, lang: str | None = None
) -> SeasonFile:
    """Read one standings workbook (its Standings and Rules sheets) into the season's terms, its problems in
    `lang` (else English), with the language it is written in."""
    with speaking(lang):
        return spoken_season_file(path, shown, rules, max_unzipped_mb)


def standings_language(sheets: Mapping[str, Sheet], game: str) -> str:
    """The language a standings workbook is written in: that its Standings sheet is named in (`Clasificación`
    is Spanish), English when its name is English or not found."""
    found = sheets.get(sheet_key(StandingsSheet))
    if found is None:
        return ENGLISH
    written = header_key(found.name)
    english = sheet_name_of(StandingsSheet)
    named = {lang: sheet_names(lang, game).get(english) for lang in LANGUAGES if lang != ENGLISH}
    return next((lang for lang, name in named.items() if name and header_key(name) == written), ENGLISH)


def spoken_season_file(path: str, shown: str, rules: RankingRules, max_unzipped_mb: int) -> SeasonFile:
    """`season_file_at` in the language spoken."""
    try:
        book = read_workbook(
            Path(path), sheets=[sheet_name_of(m) for m in READ_SHEETS], limits=Limits(max_unzipped_mb)
        )
        game = standings_game({normalized_header(n) for n in book.listed}).name
        found = season_file(book.sheets, shown, book.digest, rules, game)
        return replace(found, language=standings_language(book.sheets, game))
    except InputError as exc:  # the file itself is named as the user gave it
        named = [replace(p, sheet=shown) if p.sheet == Path(path).name else p for p in exc.problems]
        return SeasonFile(None, None, named or [Problem.of(NOT_READ, shown, None, None, None, str(exc))])
    except TallyError as exc:
        return SeasonFile(None, None, [Problem.of(USAGE, shown, None, None, None, str(exc))])
    except Exception as exc:  # one broken file must not stop the others
        why = _("internal error: {error}", error=f"{type(exc).__name__}: {exc}")
        return SeasonFile(None, None, [Problem.of(INTERNAL, shown, None, None, None, why)])


def reading_crashed(item: tuple[str, str, RankingRules, int, str | None], why: str) -> SeasonFile:
    """The season's view of a standings workbook whose reading process died (said in the ranking's `lang`)."""
    with speaking(item[4]):
        text = _("the process reading it died ({why})", why=why)
    return SeasonFile(None, None, [Problem.of(DIED, item[1], None, None, None, text)])
