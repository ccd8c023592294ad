"""The unit of work every engine runs: one workbook in, one small picklable result out (never an exception).

These run in worker processes or on Dask workers, so they take plain paths and return plain values.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pipeline.federation.ranking.rules import RankingRules
from pipeline.federation.ranking.season import RANK_SHEETS, SeasonFile, season_file
from pipeline.games.registry import standings_game
from pipeline.games.scoring import standings_of, written
from pipeline.problems import INTERNAL, USAGE, InputError, Problem, TallyError, kind
from pipeline.sheets import normalized_header
from pipeline.workbook import Limits, read_workbook
from schemas.common import sheet_name_of

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


def scored_file(source: str, target: str, max_unzipped_mb: int) -> tuple[str, str, str]:
    """Score one results workbook and write its standings: ("ok", "", digest) or ("failed", its first
    problem, digest); the digest is the SHA-256 of the bytes scored ("" when none were read)."""
    book = None
    try:
        book = read_workbook(Path(source), limits=Limits(max_unzipped_mb))
        written(standings_of(book), Path(target))  # the same path as `tally <game> standings`
        return "ok", "", book.digest
    except InputError as exc:
        listed = exc.errors or exc.problems
        return (
            "failed",
            failure_text(Path(source), listed[0]) if listed else str(exc),
            book.digest if book else "",
        )
    except TallyError as exc:  # the standings cannot be written (a full disk, a read-only folder)
        return "failed", f"[{exc.code}] {exc}" if exc.code else str(exc), book.digest if book else ""
    except Exception as exc:  # one broken file must not stop the others
        why = f"[{INTERNAL.code}] internal error: {type(exc).__name__}: {exc}"
        return "failed", why, book.digest if book else ""


def failure_text(source: Path, problem: Problem) -> str:
    """A problem as one line of the batch summary, its code first (a whole-file problem without the file's
    name again)."""
    if problem.sheet == source.name and problem.row is None:
        return f"[{problem.code}] {problem.problem}" if problem.code else problem.problem
    return problem.line


def scoring_crashed(item: tuple[str, str, int], why: str) -> tuple[str, str, str]:
    """The result of an input whose scoring process died."""
    return "failed", f"the process scoring it died ({why}); it was not scored", ""


def season_file_at(path: str, shown: str, rules: RankingRules, max_unzipped_mb: int) -> SeasonFile:
    """Read one standings workbook (its Standings and Rules sheets) into the season's terms."""
    try:
        book = read_workbook(
            Path(path), sheets=[sheet_name_of(m) for m in RANK_SHEETS], limits=Limits(max_unzipped_mb)
        )
        game = standings_game({normalized_header(n) for n in book.listed}).name
        return season_file(book.sheets, shown, book.digest, rules, game)
    except InputError as exc:  # the file itself is named as the user gave it
        named = [replace(p, sheet=shown) if p.sheet == Path(path).name else p for p in exc.problems]
        return SeasonFile(None, None, named or [Problem.of(NOT_READ, shown, None, None, None, str(exc))])
    except TallyError as exc:
        return SeasonFile(None, None, [Problem.of(USAGE, shown, None, None, None, str(exc))])
    except Exception as exc:  # one broken file must not stop the others
        return SeasonFile(
            None,
            None,
            [Problem.of(INTERNAL, shown, None, None, None, f"internal error: {type(exc).__name__}: {exc}")],
        )


def reading_crashed(item: tuple[str, str, RankingRules, int], why: str) -> SeasonFile:
    """The season's view of a standings workbook whose reading process died."""
    return SeasonFile(
        None, None, [Problem.of(DIED, item[1], None, None, None, f"the process reading it died ({why})")]
    )
