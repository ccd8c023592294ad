"""Game-agnostic validation: pandera failures and cross-row findings as located problems."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

import pandas as pd
import pandera.pandas as pa

from pipeline.errors import PROBLEM_COLUMNS, Problem, Severity, problems_from_frame
from pipeline.sheets import Sheet

_PANDERA_WORDS = {
    "not_nullable": "a value is required here",
    "field_uniqueness": "each value may appear only once; this one repeats",
}


def empty_problems() -> pd.DataFrame:
    """A problem frame with no rows."""
    return pd.DataFrame({c: pd.Series(dtype="object") for c in PROBLEM_COLUMNS})


def problems_where(
    sheet: Sheet,
    mask: pd.Series,
    columns: str | list[str],
    problem: str | pd.Series,
    severity: Severity = "error",
) -> pd.DataFrame:
    """One located problem for every row where `mask` is True (values taken from the sheet)."""
    cols = [columns] if isinstance(columns, str) else columns
    hit = mask.fillna(False).astype(bool)
    rows = hit.index[hit.to_numpy()]
    frame = sheet.frame
    present = [c for c in cols if c in frame.columns]
    if present:
        cells = frame.loc[rows, present]
        shown = cells.astype("str").where(cells.notna(), "")
        value = shown[present[0]]
        for col in present[1:]:  # a few columns at most
            value = value + " / " + shown[col]
        value = value.where(cells.notna().any(axis=1), "")
    else:
        value = pd.Series("", index=rows)
    text = problem if isinstance(problem, str) else problem.loc[rows].astype("str")
    return pd.DataFrame(
        {
            "sheet": sheet.name,
            "row": pd.Series(rows, index=rows, dtype="int64"),
            "column": ", ".join(sheet.written(c) for c in cols),
            "value": value,
            "problem": text,
            "severity": severity,
        },
        index=rows,
    ).reset_index(drop=True)


def schema_problems(sheet: Sheet, model: type[pa.DataFrameModel]) -> pd.DataFrame:
    """Every column-level problem pandera finds in the sheet (lazy), in the organizer's words."""
    try:
        model.validate(sheet.frame, lazy=True)
    except pa.errors.SchemaErrors as exc:
        cases = exc.failure_cases
        cases = cases[cases["index"].notna() & cases["column"].isin(sheet.frame.columns)]
        rows = cases["index"].astype("int64")
        expected = cases["check"].astype("str").map(lambda c: _PANDERA_WORDS.get(c, f"expected {c}"))
        value = cases["failure_case"].astype("object").where(cases["failure_case"].notna(), "")
        return pd.DataFrame(
            {
                "sheet": sheet.name,
                "row": rows.to_numpy(),
                "column": cases["column"].map(sheet.written).to_numpy(),
                "value": value.astype("str").to_numpy(),
                "problem": expected.to_numpy(),
                "severity": "error",
            }
        )
    return empty_problems()


def missing_columns(sheet: Sheet, required: Iterable[str], titles: dict[str, str]) -> list[Problem]:
    """A problem for each required column the sheet lacks, naming the closest header found."""
    found = list(sheet.headers.values())
    problems = []
    for column in required:
        if column in sheet.frame.columns:
            continue
        lowered = {h.lower(): h for h in found}
        close = [
            lowered[c]
            for c in difflib.get_close_matches(titles[column].lower(), list(lowered), n=1, cutoff=0.5)
        ]
        hint = f"; the closest header found is '{close[0]}'" if close else ""
        listing = ", ".join(f"'{h}'" for h in found) or "none"
        problems.append(
            Problem(
                sheet.name,
                sheet.header_row,
                titles[column],
                None,
                f"missing required column '{titles[column]}'{hint} (headers found: {listing})",
            )
        )
    return problems


def model_titles(model: type[pa.DataFrameModel]) -> dict[str, str]:
    """Column name -> header as written, from the model's field titles."""
    return {name: col.title or name for name, col in model.to_schema().columns.items()}


def required_columns(model: type[pa.DataFrameModel]) -> list[str]:
    """The columns a sheet must have, from the model."""
    return [name for name, col in model.to_schema().columns.items() if col.required]


def present_columns(sheet: Sheet, model: type[pa.DataFrameModel]) -> Sheet:
    """The sheet with every optional model column added (all blank) where the organizer left it out."""
    frame = sheet.frame
    missing = [c for c in model.to_schema().columns if c not in frame.columns]
    if missing:
        blanks = pd.DataFrame({c: pd.Series(pd.NA, index=frame.index, dtype="str") for c in missing})
        frame = pd.concat([frame, blanks], axis=1)
    headers = model_titles(model) | sheet.headers  # a column left out is named as documented
    return Sheet(sheet.name, frame, headers, sheet.header_row)


def as_problem_list(frames: Iterable[pd.DataFrame], extra: Iterable[Problem] = ()) -> list[Problem]:
    """All problems from the frames and the extra list, as Problem objects."""
    out = list(extra)
    for frame in frames:
        out.extend(problems_from_frame(frame))
    return out


def first_rows(keys: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Rows repeating an earlier row's key, and the Excel row of that key's first occurrence."""
    complete = keys.notna().all(axis=1)
    repeat = keys.duplicated(keep="first") & complete
    first = pd.Series(keys.index, index=keys.index).groupby([keys[c] for c in keys.columns]).transform("min")
    return repeat, first.reindex(keys.index)
