"""Frames validated against the models, vectorized: the checks a model declares (its fields' nullable, unique and
built-in checks, its `@pa.check` and `@pa.dataframe_check` functions, its Config's strictness, order and
coercion) run once per column, as pandera runs them, without pandera's machinery around each call (a copy of
the frame per column, a backend dispatched per check, the failure cases formatted whether or not anything
failed: most of a second for a club evening's few sheets, whatever their size).

- `failure_cases`: every failing cell of a sheet, as pandera's lazy validation lists them (the row, the column,
  the check's name, the value), for `pipeline.games.checks.schema_problems` to locate.
- `validated`: a table tally built, as the model declares it (its columns filtered and coerced where the model's
  Config says so); when anything fails, pandera's own validation raises its SchemaError.

pandera stays where it pays: it declares the models (`DataFrameModel`, `Field`, `check`), and it validates
whatever this module does not run itself: a model declaring a feature not listed above (parsers, regex columns,
element-wise or grouped checks, a schema-wide dtype or uniqueness) and a frame whose columns are not of their
declared types. The answers are pandera's in every case (tests/test_validation.py compares both).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import pandera.pandas as pa
from pandera.api.function_dispatch import Dispatcher
from pandera.engines import pandas_engine

from schemas.common import declared_columns

# pandera's built-in checks the models use, as pandera's pandas backend computes them (its registration imports
# hypothesis where it is installed): the check's name -> data, its statistics -> which values pass
BUILT_IN: dict[str, Callable[..., Any]] = {
    "greater_than": lambda data, min_value: data > min_value,
    "greater_than_or_equal_to": lambda data, min_value: data >= min_value,
    "less_than": lambda data, max_value: data < max_value,
    "less_than_or_equal_to": lambda data, max_value: data <= max_value,
    "equal_to": lambda data, value: data == value,
    "isin": lambda data, allowed_values: data.isin(allowed_values),
    "notin": lambda data, forbidden_values: ~data.isin(forbidden_values),
}
COMPARISONS = frozenset(BUILT_IN) - {"isin", "notin"}  # the built-in checks NumPy answers alike on an array
# the checks pandera runs before a column's declared ones, named as its failure cases name them
NOT_NULLABLE, UNIQUE = "not_nullable", "field_uniqueness"
CASE_COLUMNS = ["index", "column", "check", "failure_case"]  # a failure case, as pandera's frame names it
_NO_CASES = pd.DataFrame({c: pd.Series(dtype="object") for c in CASE_COLUMNS})


@dataclass(frozen=True)
class Plan:
    """How a model is validated here: its columns (pandera's, as `declared_columns` builds them), its checks of
    the whole frame and its Config's strictness, column order and coercion."""

    columns: tuple[pa.Column, ...]
    frame_checks: tuple[pa.Check, ...]
    strict: bool | str
    ordered: bool
    coerce: bool  # the Config coerces every column (a column may coerce itself: `Column.coerce`)


def runs_here(check: pa.Check) -> bool:
    """True for a check this module runs as pandera does: vectorized, ungrouped, every failure kept, and either
    the model's own function or one of the built-in checks above."""
    plain = not check.element_wise and check.groupby is None and check.n_failure_cases is None
    built_in = isinstance(check._check_fn, Dispatcher)
    return plain and not check.raise_warning and (not built_in or check.name in BUILT_IN)


@functools.cache
def plan_of(model: type[pa.DataFrameModel]) -> Plan | None:
    """The model as this module validates it, built once; None for a model pandera validates itself."""
    config = model.__config__
    settings = ("dtype", "unique", "add_missing_columns", "drop_invalid_rows", "on_missing_columns")
    if config is None or any(getattr(config, s, None) for s in settings) or model.__root_parsers__:
        return None
    columns = tuple(declared_columns(model).values())
    for col in columns:
        if col.regex or col.parsers or col.default is not None or not all(runs_here(c) for c in col.checks):
            return None
    if not all(runs_here(c) for c in model.__root_checks__):
        return None
    return Plan(
        columns, tuple(model.__root_checks__), config.strict, bool(config.ordered), bool(config.coerce)
    )


@functools.cache
def engine_dtype(dtype: Any) -> Any:
    """pandera's data type of a pandas dtype (asked once per dtype)."""
    return pandas_engine.Engine.dtype(dtype)


def holds_dtype(col: pa.Column, values: pd.Series) -> bool:
    """True when the column's values have its declared type, as pandera's dtype check says (no type declared:
    any): a verdict for the column, or one for each value (text declared, objects given: each value text or
    blank), which pandera accepts when every value passes."""
    if col.dtype is None:
        return True
    try:
        said = col.dtype.check(engine_dtype(values.dtype), values)
    except TypeError:
        return False
    if isinstance(said, pd.Series):  # a verdict a value
        return bool(said.all())
    return isinstance(said, bool | np.bool_) and bool(said)


def passing(check: pa.Check, values: pd.Series | pd.DataFrame) -> Any:
    """What a check says of the values: a boolean per row (or one boolean), as pandera computes it."""
    if isinstance(check._check_fn, Dispatcher):
        return BUILT_IN[str(check.name)](values, **(check.statistics or {}))
    return check._check_fn(values, **check._check_kwargs)


def checked_values(check: pa.Check, values: pd.Series) -> pd.Series:
    """The values a column check is given: without the blank ones when it ignores them (pandera's default)."""
    return values.dropna() if check.ignore_na and has_blanks(values) else values


def no_cases() -> pd.DataFrame:
    """Failure cases of a frame that fails nothing: `CASE_COLUMNS`, no row."""
    return _NO_CASES.copy()


def has_blanks(values: pd.Series) -> bool:
    """True when a value is blank (NA, NaN, None): `hasnans`, counted."""
    return present_count(values) < len(values)


def present_count(values: pd.Series) -> int:
    """How many values are not blank: `count()`; for text held in Arrow (pandas' str), Arrow's count of nulls
    taken from the length (0.5 µs instead of 22)."""
    dtype = values.dtype
    if isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow":
        return len(values) - values.array.__arrow_array__().null_count
    return int(values.count())


def failure_cases(frame: pd.DataFrame, model: type[pa.DataFrameModel]) -> pd.DataFrame:
    """Every failing cell of the frame's columns the model declares, as pandera's lazy validation lists them, in
    its order (column by column as the model declares them: nulls, repeats, then each check): the row's index,
    the column, the check's name and the failing value (`CASE_COLUMNS`). pandera's own answer (those of its
    failure cases that name a row) for a model or a frame this module does not validate."""
    plan = plan_of(model)
    present = [c for c in plan.columns if c.name in frame.columns] if plan is not None else []
    coerced = plan is not None and (plan.coerce or any(c.coerce for c in plan.columns))
    if plan is None or coerced or not frame.columns.is_unique:
        return pandera_cases(frame, model)
    if not all(holds_dtype(c, frame[c.name]) for c in present):
        return pandera_cases(frame, model)
    found: list[pd.DataFrame] = []
    for col in present:  # a sheet's dozen columns
        values = frame[col.name]
        if not col.nullable and has_blanks(values):
            found.append(cases(values[values.isna()], col.name, NOT_NULLABLE, keep_blank=True))
        if col.unique and not values.is_unique:
            found.append(cases(values[values.duplicated(keep=False)], col.name, UNIQUE))
        for check in col.checks:  # a column's check or two
            failed = failing_values(check, checked_values(check, values))
            if failed is not None:
                found.append(cases(failed, col.name, check_name(check), keep_blank=not check.ignore_na))
    if not found:
        return no_cases()
    return pd.concat(found, ignore_index=True)


def failing_values(check: pa.Check, given: pd.Series) -> pd.Series | None:
    """The values a column check fails, where pandera places its failures on rows; None when it fails none, or
    fails as a whole (one verdict for the column, or an error in the check: pandera names no row then)."""
    try:
        result = passing(check, given)
        if not isinstance(result, pd.Series) or result.all() or not result.index.equals(given.index):
            return None
        return given[~result.astype(bool)]
    except Exception:  # pandera records the check's error without a row
        return None


def check_name(check: pa.Check) -> str:
    """A check as pandera's failure cases name it: its error message, else its name."""
    return str(check.error if check.error is not None else check.name if check.name is not None else check)


def cases(failed: pd.Series, column: str, check: str, keep_blank: bool = False) -> pd.DataFrame:
    """Failure cases of one check of one column: each failing row's index and value (blank values dropped
    unless `keep_blank`, as pandera drops them from the cases of a check that ignores them)."""
    found = pd.DataFrame(
        {
            "index": failed.index.to_numpy(),
            "column": column,
            "check": check,
            "failure_case": failed.to_numpy(dtype=object),
        }
    )
    return found if keep_blank else found[found["failure_case"].notna()]


def pandera_cases(frame: pd.DataFrame, model: type[pa.DataFrameModel]) -> pd.DataFrame:
    """pandera's failure cases of the frame (lazy validation), those that name a row, as `CASE_COLUMNS`."""
    try:
        model.validate(frame, lazy=True)
    except pa.errors.SchemaErrors as exc:
        found = exc.failure_cases
        return found.loc[found["index"].notna(), CASE_COLUMNS].reset_index(drop=True)
    return no_cases()


def validated(frame: pd.DataFrame, model: type[pa.DataFrameModel]) -> pd.DataFrame:
    """The frame as the model declares it: its columns filtered and coerced where the model's Config says so,
    checked against every declaration; pandera validates it (and raises its SchemaError) when anything fails,
    and validates whatever this module does not."""
    plan = plan_of(model)
    conformed = None if plan is None else conformed_frame(frame, plan)
    return model.validate(frame) if conformed is None else conformed


def conformed_frame(frame: pd.DataFrame, plan: Plan) -> pd.DataFrame | None:
    """The frame filtered and coerced as the plan says, when every declaration holds; None otherwise (pandera
    then says what fails)."""
    names = [c.name for c in plan.columns]
    if not frame.columns.is_unique:
        return None
    extra = [c for c in frame.columns if c not in names]
    if extra and plan.strict is True:
        return None
    present = [c for c in frame.columns if c in names]
    if plan.ordered and present != [n for n in names if n in present]:
        return None
    if any(c.required and c.name not in frame.columns for c in plan.columns):
        return None
    out = frame.drop(columns=extra) if extra and plan.strict == "filter" else frame.copy(deep=False)
    columns = [c for c in plan.columns if c.name in out.columns]
    try:
        for col in columns:  # pandera coerces the columns first, each declared to coerce or all of them
            if col.coerce or plan.coerce:
                out[col.name] = col.dtype.try_coerce(out[col.name])
        if not all(column_holds(col, out[col.name]) for col in columns):
            return None
        return out if all(frame_holds(check, out) for check in plan.frame_checks) else None
    except Exception:  # a coercion or a check that fails outright: pandera says so
        return None


def column_holds(col: pa.Column, values: pd.Series) -> bool:
    """True when every declaration of the column holds for its values: type, nulls, repeats and checks."""
    if not holds_dtype(col, values):
        return False
    if (not col.nullable and has_blanks(values)) or (col.unique and not values.is_unique):
        return False
    return all(holds_check(check, values) for check in col.checks)


def holds_check(check: pa.Check, values: pd.Series) -> bool:
    """True when a column check passes every value it is given (`passing` of `checked_values`, all true); a
    built-in comparison with a number, of a column of NumPy numbers, on its array (NaN left out where the
    check ignores blanks, as `checked_values` does): the same answer without pandas' calls."""
    statistics = check.statistics or {}
    if (
        check.name in COMPARISONS
        and isinstance(check._check_fn, Dispatcher)
        and isinstance(values.dtype, np.dtype)
        and values.dtype.kind in "iuf"
        and all(type(v) in (int, float) for v in statistics.values())
    ):
        data = values.to_numpy()
        if check.ignore_na and data.dtype.kind == "f":
            data = data[~np.isnan(data)]
        return bool(BUILT_IN[str(check.name)](data, **statistics).all())
    result = passing(check, checked_values(check, values))
    return bool(result.all() if isinstance(result, pd.Series) else result)


def frame_holds(check: pa.Check, frame: pd.DataFrame) -> bool:
    """True when a check of the whole frame holds for every row."""
    result = passing(check, frame)
    if isinstance(result, pd.DataFrame):
        return bool(result.all(axis=None))
    return bool(result.all() if isinstance(result, pd.Series) else result)
