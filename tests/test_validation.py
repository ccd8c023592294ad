"""The models' checks run vectorized (schemas/validation.py) say what pandera says: the same failing cells of a
sheet, in the same order, and the same tables accepted (filtered and coerced alike) or refused with pandera's
own error. pandera is the reference here: each test asks it too."""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import hypothesis.strategies as st
import pandas as pd
import pandera.pandas as pa
import pytest
from conftest import SAMPLES, sheet_from_table
from corpus import bridge_cases, domino_cases
from hypothesis import given, settings
from ranking_books import standings_book

import schemas
from pipeline import api
from pipeline.games import checks
from pipeline.games.registry import GAMES
from pipeline.games.scoring import recognised_event
from pipeline.problems import InputError
from pipeline.sheets import blank_texts
from pipeline.workbook import read_workbook
from schemas import validation
from schemas.bridge import PairStanding, ResultsSheet
from schemas.common import columns_of, declared_columns
from schemas.domino import Match, MatchesSheet, PlayersSheet, ProgressiveStanding, Standing
from schemas.validation import (
    checked_values,
    failure_cases,
    holds_check,
    pandera_cases,
    passing,
    plan_of,
    validated,
)

MODELS = sorted(  # every model schemas/ declares
    {
        v
        for found in pkgutil.iter_modules(schemas.__path__)
        for v in vars(importlib.import_module(f"schemas.{found.name}")).values()
        if isinstance(v, type) and issubclass(v, pa.DataFrameModel) and v is not pa.DataFrameModel
    },
    key=lambda m: (m.__module__, m.__name__),
)
MATCHES = ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Target", "Ended", "Winner"]


def described(column: pa.Column) -> tuple[object, ...]:
    """What a column declares, as pandera's validation reads it."""
    checks_ = [(c.name, repr(c.statistics), c.error, c.ignore_na) for c in column.checks]
    return (str(column.dtype), column.nullable, column.unique, column.required, column.coerce, column.title,
            repr(column.metadata), column.regex, checks_, len(column.parsers), column.default)  # fmt: skip


def same_cases(frame: pd.DataFrame, model: type[pa.DataFrameModel]) -> int:
    """Assert the vectorized failure cases are pandera's (rows, columns, checks, values, order); their count."""
    ours, theirs = failure_cases(frame, model), pandera_cases(frame, model)
    shown = [f.astype("object").where(f.notna(), None).to_numpy().tolist() for f in (ours, theirs)]
    assert shown[0] == shown[1]
    return len(ours)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_every_model_s_columns_are_those_of_pandera_s_schema():
    assert len(MODELS) > 60
    for model in MODELS:
        theirs = model.to_schema().columns
        built = {name: described(c) for name, c in declared_columns(model).items()}
        assert built == {name: described(c) for name, c in theirs.items()}, model
        read = [(c.name, c.title, c.required) for c in columns_of(model)]
        assert read == [(n, c.title or n, c.required) for n, c in theirs.items()], model


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_declaring_the_columns_imports_no_dask():
    code = "import sys; from schemas.common import declared_columns; from schemas.domino import Match; "
    code += "declared_columns(Match); print('dask' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(schemas.__file__).parents[1])  # fmt: skip
    assert done.stdout.strip() == "False"


def test_the_input_sheets_and_the_scored_tables_are_validated_here():
    assert all(plan_of(m) is not None for m in (MatchesSheet, PlayersSheet, ResultsSheet, Match, Standing))
    assert plan_of(ProgressiveStanding) is not None


def test_a_sheet_with_many_bad_cells_fails_as_pandera_says():
    # row 2 fine; 3: blank Round (required) and pips 'lots'; 4: Table 0 and Ended 'finished'; 5: a date typed
    # for the pips, Winner 'C'; 6: blank A1 (required), Target 20000. Listed column by column, as the model
    # declares them: Round, Table, A1, A Pips, Target, Ended, Winner.
    rows = [
        [1, 1, "p1", None, "p2", None, 100, 20, None, None, None],
        [None, 2, "p3", None, "p4", None, "lots", 30, None, None, None],
        [1, 0, "p5", None, "p6", None, 100, 40, None, "finished", None],
        [2, 1, "p1", None, "p3", None, "2026-11-30 00:00:00", 10, None, None, "C"],
        [2, 2, None, None, "p4", None, 50, 100, 20000, "time", "B"],
    ]
    sheet = sheet_from_table("Matches", MATCHES, rows)
    assert same_cases(sheet.frame, MatchesSheet) == 8
    problems = checks.schema_problems(sheet, MatchesSheet)
    assert list(zip(problems["row"], problems["column"], strict=True)) == [
        (3, "Round"), (4, "Table"), (6, "A1"), (3, "A Pips"), (5, "A Pips"), (6, "Target"), (4, "Ended"),
        (5, "Winner"),
    ]  # fmt: skip
    assert list(problems["code"])[3:5] == ["D119", "W105"]  # the pips not a number, then a date for them


def test_a_sheet_of_other_cell_types_is_left_to_pandera():
    sheet = sheet_from_table("Players", ["ID", "Name"], [["p1", "Ana"], [None, "Bea"]])
    frame = sheet.frame.astype({"id": "object"})  # not the reader's text: pandera decides
    assert same_cases(frame, PlayersSheet) == 1
    assert same_cases(sheet.frame, PlayersSheet) == 1


def test_a_table_of_text_held_as_objects_is_validated_here_as_pandera_validates_it():
    blank = pd.DataFrame({"pair": ["1", "2"], "names": pd.Series([pd.NA, pd.NA], dtype="object")})
    text = blank.assign(names=pd.Series(["Ana - Bea", None], dtype="object"))
    plan = plan_of(PairStanding)
    assert plan is not None
    names = next(c for c in plan.columns if c.name == "names")
    assert validation.holds_dtype(names, blank["names"]) and validation.holds_dtype(names, text["names"])
    assert not validation.holds_dtype(names, pd.Series(["Ana", 7], dtype="object"))  # a number: not text
    assert pa.DataFrameSchema({"names": names}).validate(text[["names"]]) is not None  # pandera agrees
    with pytest.raises(pa.errors.SchemaError):
        pa.DataFrameSchema({"names": names}).validate(
            pd.DataFrame({"names": pd.Series(["Ana", 7], dtype="object")})
        )


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.xlsx")), ids=lambda p: p.stem)
def test_scoring_a_sample_builds_no_pandera_schema(sample: Path):
    # pandera's schema builder imports dask (0.4 s) where it is installed: a table the runner declines shows
    code = (
        f"import sys; from pipeline import api; api.standings({str(sample)!r}); print('dask' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(schemas.__file__).parents[1])  # fmt: skip
    assert done.stdout.strip() == "False"


@pytest.mark.slow  # every corpus workbook loaded, its sheets validated twice (about a minute; SLOW=1, CI)
def test_every_corpus_workbook_fails_as_pandera_says(tmp_path: Path, monkeypatch):
    compared: list[int] = []

    def both(frame: pd.DataFrame, model: type[pa.DataFrameModel]) -> pd.DataFrame:
        compared.append(same_cases(frame, model))
        return failure_cases(frame, model)

    monkeypatch.setattr(checks, "failure_cases", both)
    cases = [("domino", c) for c in domino_cases.CASES + domino_cases.ACCEPTED]
    cases += [("bridge", c) for c in bridge_cases.CASES + bridge_cases.ACCEPTED]
    for i, (game, case) in enumerate(cases):  # a hundred workbooks
        folder = tmp_path / str(i)
        folder.mkdir()
        with contextlib.suppress(InputError):
            recognised_event(read_workbook(case.write(folder)).sheets, GAMES[game])
    assert len(compared) > 150 and sum(compared) > 30  # sheets compared, cells failing in them


def validated_as_pandera_says(monkeypatch) -> list[str]:
    """Every imported module's `validated` replaced by one that asserts pandera returns the same frame; the
    names of the models validated so are listed in the list returned."""
    seen: list[str] = []

    def both(frame: pd.DataFrame, model: type[pa.DataFrameModel]) -> pd.DataFrame:
        ours = validation.validated(frame, model)
        pd.testing.assert_frame_equal(ours, model.validate(frame))
        seen.append(model.__name__)
        return ours

    for module in list(sys.modules.values()):
        if getattr(module, "validated", None) is validation.validated and module is not validation:
            monkeypatch.setattr(module, "validated", both)
    return seen


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.xlsx")), ids=lambda p: p.stem)
def test_every_table_scoring_validates_is_pandera_s(sample: Path, monkeypatch):
    assert all(g.load for g in GAMES.values())  # every module that validates a table is imported
    seen = validated_as_pandera_says(monkeypatch)
    api.standings(sample)
    assert seen


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_every_table_a_ranking_validates_is_pandera_s(tmp_path: Path, monkeypatch):
    import pipeline.federation.rank  # noqa: F401 - every module that validates a ranking's table

    seen = validated_as_pandera_says(monkeypatch)
    first = standings_book(tmp_path / "a.xlsx", [(1, "P1", "Ana"), (2, "P2", "Bea")], date="2026-03-01")
    second = standings_book(tmp_path / "b.xlsx", [(1, "P2", "Bea"), (2, "P3", "Ana")], date="2026-03-08")
    assert api.rank([first, second], tmp_path / "ranking.xlsx", engine=api.Engine("local", 1)).ranked == 3
    ranked = {
        "SeasonEvent",
        "Contribution",
        "CountedContribution",
        "PlayerTotal",
        "RankingRow",
        "IdentityReport",
    }
    assert set(seen) == ranked


@pytest.fixture(scope="module")
def scored() -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """A domino sample's matches, progressive standings and final standings, as scoring validated them."""
    domino = GAMES["domino"]
    event = recognised_event(read_workbook(SAMPLES / "domino_pairs.xlsx").sheets, domino).event
    tables = domino.compute(event)
    return event.matches, tables.rounds, tables.standings


def refusals(matches: pd.DataFrame, rounds: pd.DataFrame, standings: pd.DataFrame):
    """Tables that break their model, each a different way."""
    unbalanced = standings.assign(won=standings["won"] + 1)  # won + lost = played fails
    null = standings.assign(player=standings["player"].where(standings.index > 0))  # a blank competitor
    typed = rounds.assign(round=rounds["round"].astype("float64"))  # the round not a whole number type
    extra = standings.assign(note="x")  # a column the strict model does not declare
    shuffled = standings[list(reversed(standings.columns))]  # out of the declared order
    ended = matches.assign(ended="finished")  # not one of the endings
    negative = rounds.assign(played=-1)  # a count below 0
    missing = matches.drop(columns=["target"])  # a required column left out
    return [(unbalanced, Standing), (null, Standing), (typed, ProgressiveStanding), (extra, Standing),
            (shuffled, Standing), (ended, Match), (negative, ProgressiveStanding), (missing, Match)]  # fmt: skip


def test_a_table_that_breaks_its_model_is_refused_with_pandera_s_error(scored):
    refused = (pa.errors.SchemaError, pa.errors.SchemaErrors)
    for frame, model in refusals(*scored):  # eight ways
        with pytest.raises(refused) as theirs:
            model.validate(frame)
        with pytest.raises(refused) as ours:
            validated(frame, model)
        assert (type(ours.value), str(ours.value)) == (type(theirs.value), str(theirs.value))


def test_a_table_that_holds_is_accepted_as_pandera_accepts_it(scored):
    matches, rounds, standings = scored
    for frame, model in ((matches, Match), (rounds, ProgressiveStanding), (standings, Standing)):
        pd.testing.assert_frame_equal(validated(frame, model), model.validate(frame))
    loose = matches.assign(source="x").astype({"round": "float64"})  # filtered out, coerced back
    pd.testing.assert_frame_equal(validated(loose, Match), Match.validate(loose))


@pytest.mark.parametrize(
    "values",
    [
        pd.Series(["a", None, "b"], dtype="str"),
        pd.Series(["a", "b"], dtype="str"),
        pd.Series([1, None], dtype="Int64"),
        pd.Series([1.0, float("nan")]),
        pd.Series([1, 2], dtype="int64"),
        pd.Series(["a", None], dtype=object),
        pd.Series([pd.Timestamp("2026-12-01"), pd.NaT]),
        pd.Series([], dtype="str"),
    ],
)
def test_a_blank_is_counted_as_pandas_sees_it(values: pd.Series) -> None:
    """`has_blanks` (a count of the values present) says what `hasnans` says."""
    assert validation.has_blanks(values) == values.hasnans


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", None]), st.sampled_from(["1", "2", None])), max_size=10))
def test_rows_seen_before_are_those_pandas_calls_duplicated(rows: list[tuple]) -> None:
    """`seen_before` (codes) against `duplicated(keep="first")`, blank equal to blank."""
    frame = pd.DataFrame(rows, columns=["x", "y"], dtype="str", index=pd.RangeIndex(2, 2 + len(rows)))
    columns = [frame["x"], frame["y"]]
    assert checks.seen_before(columns, frame.index).tolist() == frame.duplicated(keep="first").tolist()
    assert checks.seen_before(columns, frame.index).index.equals(frame.index)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 60), st.integers(0, 5))
def test_blank_texts_are_a_column_of_pandas_blanks(length: int, start: int) -> None:
    """`blank_texts` (from Arrow's nulls) holds what a Series of pd.NA of dtype str holds."""
    index = pd.RangeIndex(start, start + length)
    expected = pd.Series(pd.NA, index=index, dtype="str")
    made = pd.Series(blank_texts(length), index=index)
    pd.testing.assert_series_equal(made, expected)
    assert made.isna().all() and made.dtype == "str"


NUMBER_COLUMNS = st.one_of(
    st.lists(st.integers(-(2**62), 2**62)).map(lambda v: pd.Series(v, dtype="int64")),
    st.lists(st.integers(0, 255)).map(lambda v: pd.Series(v, dtype="uint8")),
    st.lists(st.one_of(st.floats(allow_infinity=True), st.just(float("nan")))).map(
        lambda v: pd.Series(v, dtype="float64")
    ),
)
COMPARISON_CHECKS = [
    lambda n, ignore: pa.Check.greater_than(n, ignore_na=ignore),
    lambda n, ignore: pa.Check.greater_than_or_equal_to(n, ignore_na=ignore),
    lambda n, ignore: pa.Check.less_than(n, ignore_na=ignore),
    lambda n, ignore: pa.Check.less_than_or_equal_to(n, ignore_na=ignore),
    lambda n, ignore: pa.Check.equal_to(n, ignore_na=ignore),
]


@settings(max_examples=200, deadline=None)
@given(
    NUMBER_COLUMNS,
    st.sampled_from(COMPARISON_CHECKS),
    st.one_of(st.integers(-5, 5), st.floats(allow_nan=False, allow_infinity=False), st.just(0.5)),
    st.booleans(),
)
def test_a_comparison_of_numbers_holds_on_the_array_as_on_the_series(values, made, number, ignore) -> None:
    """`holds_check` of a built-in comparison (NumPy, on the array) answers as `passing` on the Series does."""

    check = made(number, ignore)
    assert check.name in validation.COMPARISONS
    series_says = bool(passing(check, checked_values(check, values)).all())
    assert holds_check(check, values) == series_says


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.one_of(st.none(), st.text(max_size=3))),
    st.sampled_from(["str", "object", pd.StringDtype("python"), pd.StringDtype("pyarrow", na_value=pd.NA)]),
)
def test_the_values_present_are_those_pandas_counts(values: list, dtype) -> None:
    """`present_count` (Arrow's null count for text held in Arrow) is pandas' `count()`, whatever holds the text."""
    series = pd.Series(values, dtype=dtype)
    assert validation.present_count(series) == series.count()
    assert validation.has_blanks(series) == series.hasnans
