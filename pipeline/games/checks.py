"""Game-agnostic validation: pandera failures and cross-row findings as located problems."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

import numpy as np
import pandas as pd
import pandera.pandas as pa

from pipeline.i18n import N_, _, _each
from pipeline.parsing import distinct_rows
from pipeline.problems import (
    CHECK_KINDS,
    CODE,
    COLUMN,
    PROBLEM,
    PROBLEM_COLUMNS,
    ROW,
    SEVERITY,
    SHEET,
    VALUE,
    InputError,
    Kind,
    Problem,
    Severity,
    kind,
    problems_from_frame,
)
from pipeline.sheets import (
    Sheet,
    blank_texts,
    header_key,
    in_english,
    named_headers,
    normalized_header,
    sheet_key,
)
from schemas.common import column_names, columns_of, titles_of
from schemas.plain import spoken
from schemas.validation import failure_cases

MISSING_SHEET = kind("W101", "a sheet the game needs is missing (the sheets found are named)")
MISSING_COLUMN = kind("W102", "a column the sheet needs is missing (the closest header found is named)")
REQUIRED_CELL = kind("W103", "a cell that must hold a value is blank")
REPEATED_VALUE = kind(
    "W104",
    "a value that may appear only once in its column repeats",
    example="Players, row 5, column 'ID' [P3]: each value may appear only once; this one repeats",
)
DATE_FOR_NUMBER = kind("W105", "a cell holds a date where a number or word belongs")
UNEXPECTED_VALUE = kind(
    "W106",
    "a cell's value is not what its column expects",
    example="Matches, row 4, column 'A Pips' [lots]: expected a whole number from 0 to 100,000",
)
BLANK_ROW = kind("W107", "a blank row between filled rows is skipped", "warning")
REPEATED_ROW = kind("W108", "a row repeats an earlier row exactly (pasted twice?)")
REPEATED_ROW_APPLIED = kind(
    "W109",
    "a row repeats an earlier row exactly; both are applied",
    "warning",
    example="Penalties, row 4: warning: this row repeats row 3 exactly (pasted twice?); both are applied",
)
ID_CASE = kind("W110", "an id differs from another only in letter case")
NOTHING_TO_SCORE = kind(
    "W111",
    "the results sheet has no rows (an untouched template?)",
    example="Matches, row 2: no matches to score: type one row per match below the headers (the Examples sheet of a workbook written by `tally template` shows one)",
)
ALIAS_READ = kind(
    "W118",
    "a column is read under another header that means it (an alias its model declares)",
    "warning",
    example="Results, row 1, column 'N-S' [N-S]: warning: read as the column 'NS'",
)
_PANDERA_WORDS = {
    "not_nullable": N_("a value is required here"),
    "field_uniqueness": N_("each value may appear only once; this one repeats"),
}
DATE_TEXT = r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?"
DATE_WORDS = N_(
    "this cell holds a date, where {expected} belongs (Excel may have turned the number into a date: "
    "format the cell as Number and type it again)"
)


_NO_PROBLEMS = pd.DataFrame({c: pd.Series(dtype="object") for c in PROBLEM_COLUMNS})


def empty_problems() -> pd.DataFrame:
    """A problem frame with no rows."""
    return _NO_PROBLEMS.copy()


def problems_where(
    sheet: Sheet,
    mask: pd.Series,
    columns: str | list[str],
    problem: str | pd.Series,
    found: Kind | Severity = "error",
) -> pd.DataFrame:
    """One located problem of the kind `found` for every row where `mask` is True (values taken from the
    sheet)."""
    severity, code = (found.severity, found.code) if isinstance(found, Kind) else (found, "")
    hit = mask.to_numpy(dtype=bool, na_value=False)
    if not hit.any():  # most checks find nothing: skip building the located rows
        return empty_problems()
    cols = [columns] if isinstance(columns, str) else columns
    rows = mask.index[hit]
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
            SHEET: sheet.name,
            ROW: pd.Series(rows, index=rows, dtype="int64"),
            COLUMN: ", ".join(sheet.written(c) for c in cols),
            VALUE: value,
            PROBLEM: text,
            SEVERITY: severity,
            CODE: code,
        },
        index=rows,
    ).reset_index(drop=True)


PANDERA_KINDS = {"not_nullable": REQUIRED_CELL, "field_uniqueness": REPEATED_VALUE}
# pandera's names in its failure cases: the failing column, and the check that failed
FAILED_COLUMN, FAILED_CHECK = "column", "check"


def schema_problems(sheet: Sheet, model: type[pa.DataFrameModel]) -> pd.DataFrame:
    """Every column-level problem the model's checks find in the sheet (all of them, as pandera's lazy validation
    finds them: `schemas.validation`), in the organizer's words, each of the kind its check declares
    (`check_kind`; W106 when it declares none)."""
    cases = failure_cases(sheet.frame, model)
    cases = cases[cases["index"].notna() & cases[FAILED_COLUMN].isin(sheet.frame.columns)]
    if cases.empty:  # the sheet as its model declares it: nothing to say
        return empty_problems()
    rows = cases["index"].astype("int64")
    checks = cases[FAILED_CHECK].astype("str")
    said = {
        c: _(_PANDERA_WORDS[c]) if c in _PANDERA_WORDS else _("expected {what}", what=spoken(c))
        for c in checks.unique()
    }
    expected = checks.map(said)  # a few distinct checks
    value = cases["failure_case"].astype("object").where(cases["failure_case"].notna(), "")
    dated = value.astype("str").str.fullmatch(DATE_TEXT) & ~checks.isin(list(_PANDERA_WORDS))
    expected = expected.where(~dated, checks.map(lambda c: _(DATE_WORDS, expected=spoken(c))))
    declared = {name: found for (owner, name), found in CHECK_KINDS.items() if owner == model.__name__}
    kinds = {**declared, **PANDERA_KINDS}
    codes = checks.map(lambda c: kinds.get(c, UNEXPECTED_VALUE).code).where(~dated, DATE_FOR_NUMBER.code)
    return pd.DataFrame(
        {
            SHEET: sheet.name,
            ROW: rows.to_numpy(),
            COLUMN: cases[FAILED_COLUMN].map(sheet.written).to_numpy(),
            VALUE: value.astype("str").to_numpy(),
            PROBLEM: expected.to_numpy(),
            SEVERITY: "error",
            CODE: codes.to_numpy(),
        }
    )


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
        hint = _("; the closest header found is '{header}'", header=close[0]) if close else ""
        listing = ", ".join(f"'{h}'" for h in found) or _("none")
        problems.append(
            Problem.of(
                MISSING_COLUMN,
                sheet.name,
                sheet.header_row,
                titles[column],
                None,
                _(
                    "missing required column '{column}'{hint} (headers found: {listing})",
                    column=titles[column],
                    hint=hint,
                    listing=listing,
                ),
            )
        )
    return problems


def with_aliases(sheet: Sheet, model: type[pa.DataFrameModel]) -> tuple[Sheet, list[Problem]]:
    """The sheet with each column typed under another header its model declares for it renamed to the model's
    column: its header in another language or another spelling (`Ronda`, `轮次`, `N S`, matched by
    `header_key`), read as its own header is, or an alias (as declared, `N-S`, or in another spelling of it),
    read with a warning naming the substitution. Neither
    is read where the column's own header is present too, and of two headers of one column the first (leftmost)
    is read. The cells of a column that declares its words in other languages are read as the English words."""
    absent = [c for c in columns_of(model) if c.name not in sheet.frame]
    named = {header_key(h): c.name for c in absent for h in named_headers(c)}
    aliases = {header_key(a): c.name for c in absent for a in c.aliases}
    exact = {normalized_header(a): c.name for c in absent for a in c.aliases}  # an alias as declared: warned
    renamed: dict[str, str] = {}
    silent: set[str] = set()
    for header in sheet.frame.columns:  # a sheet's dozen headers; the first header of a column is read
        key = header_key(header)
        found = exact.get(header) or named.get(key) or aliases.get(key)
        if key and found and found not in renamed.values():
            renamed[header] = found
            if header not in exact and key in named:
                silent.add(header)
    titles = titles_of(model)
    problems = [
        Problem.of(
            ALIAS_READ,
            sheet.name,
            sheet.header_row,
            sheet.written(h),
            sheet.written(h),
            _("read as the column '{column}'", column=titles[n]),
        )
        for h, n in renamed.items()  # a few headers
        if h not in silent
    ]
    worded = {c.name: c.words for c in columns_of(model) if c.words}
    frame = sheet.frame.rename(columns=renamed)
    in_words = {c: in_english(frame[c], words) for c, words in worded.items() if c in frame}
    if not renamed and all(in_words[c].equals(frame[c]) for c in in_words):
        return sheet, []
    frame = frame.assign(**in_words)
    headers = {renamed.get(h, h): written for h, written in sheet.headers.items()}
    letters = {renamed.get(h, h): at for h, at in sheet.letters.items()}
    return Sheet(sheet.name, frame, headers, sheet.header_row, letters, sheet.problems), problems


def sheets_with_aliases(
    sheets: dict[str, Sheet], models: Iterable[type[pa.DataFrameModel]]
) -> tuple[dict[str, Sheet], list[Problem]]:
    """The workbook's sheets with each model's columns typed under a declared alias renamed (`with_aliases`),
    and the warnings naming each substitution."""
    read, warned = dict(sheets), []
    for model in models:  # a game's few sheets
        key = sheet_key(model)
        if key in read:
            read[key], said = with_aliases(read[key], model)
            warned += said
    return read, warned


def required_columns(model: type[pa.DataFrameModel]) -> list[str]:
    """The columns a sheet must have, from the model."""
    return [c.name for c in columns_of(model) if c.required]


def present_columns(sheet: Sheet, model: type[pa.DataFrameModel]) -> Sheet:
    """The sheet with every optional model column added (all blank) where the organizer left it out."""
    frame = sheet.frame
    missing = [c for c in column_names(model) if c not in frame.columns]
    if missing:
        blanks = pd.DataFrame({c: blank_texts(len(frame)) for c in missing}, index=frame.index)
        frame = pd.concat([frame, blanks], axis=1)
    headers = titles_of(model) | sheet.headers  # a column left out is named as documented
    return Sheet(sheet.name, frame, headers, sheet.header_row)


def as_problem_list(frames: Iterable[pd.DataFrame], extra: Iterable[Problem] = ()) -> list[Problem]:
    """All problems from the frames and the extra list, as Problem objects."""
    out = list(extra)
    for frame in frames:
        out.extend(problems_from_frame(frame))
    return out


def seen_before(columns: list[pd.Series], index: pd.Index) -> pd.Series:
    """Rows whose values in every column (blank equal to blank) an earlier row has: `duplicated(keep="first")`
    of the frame, by codes (`distinct_rows`)."""
    if not len(index):
        return pd.Series(False, index=index, dtype=bool)
    label, first = distinct_rows(columns) if columns else (np.zeros(len(index), dtype=np.int64), np.zeros(1))
    return pd.Series(np.arange(len(index)) != first[label], index=index)


def first_rows(keys: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Rows repeating an earlier row's key, and the Excel row of that key's first occurrence."""
    complete = keys.notna().all(axis=1)
    repeat = seen_before([keys.iloc[:, j] for j in range(keys.shape[1])], keys.index) & complete
    if not repeat.any():  # no row to point back from
        return repeat, pd.Series(np.nan, index=keys.index)
    first = pd.Series(keys.index, index=keys.index).groupby([keys[c] for c in keys.columns]).transform("min")
    return repeat, first.reindex(keys.index).astype("Int64")  # whole row numbers, even beside blank keys


def nothing_to_score(sheet: Sheet, what: str, row: str) -> pd.DataFrame:
    """An error at the first row below the header of a results sheet that has no rows at all: a workbook with
    nothing in it (an untouched template) is refused rather than scored as an empty event."""
    problem = Problem.of(
        NOTHING_TO_SCORE,
        sheet.name,
        sheet.header_row + 1,
        None,
        None,
        _(
            "no {what} to score: type one row per {row} below the headers (the Examples sheet of a workbook "
            "written by `tally template` shows one)",
            what=_(what),
            row=_(row),
        ),
    )
    return pd.DataFrame([problem.as_record()])


def blank_row_warnings(sheet: Sheet) -> pd.DataFrame:
    """A warning for each entirely blank row between filled rows (the row is skipped)."""
    return problems_where(sheet, sheet.frame.isna().all(axis=1), [], _("blank row skipped"), BLANK_ROW)


def repeated_rows(frame: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Filled rows identical in every column to an earlier row, and the Excel row of that first copy."""
    filled = frame.notna().any(axis=1)
    repeat = seen_before([frame.iloc[:, j] for j in range(frame.shape[1])], frame.index) & filled
    if not repeat.any():
        return repeat, pd.Series(pd.NA, index=frame.index, dtype="Int64")
    keys = frame.fillna("\x00")
    first = (
        pd.Series(frame.index, index=frame.index).groupby([keys[c] for c in keys.columns]).transform("min")
    )
    return repeat, first


def repeated_row_problems(
    sheet: Sheet, severity: Severity = "error", found: tuple[pd.Series, pd.Series] | None = None
) -> pd.DataFrame:
    """A problem for each row that repeats an earlier row exactly (a result pasted twice); `found` is what
    `repeated_rows` already said of the sheet."""
    repeat, first = repeated_rows(sheet.frame) if found is None else found
    if not repeat.any():
        return empty_problems()
    consequence = _("both are applied") if severity == "warning" else _("delete one of them")
    text = _each(
        "this row repeats row {row} exactly (pasted twice?); {consequence}",
        row=first,
        consequence=consequence,
    )
    return problems_where(
        sheet, repeat, [], text, REPEATED_ROW_APPLIED if severity == "warning" else REPEATED_ROW
    )


def id_spelling_problems(places: Iterable[tuple[Sheet, str, pd.Series]]) -> pd.DataFrame:
    """Ids that differ only in letter case from an id met earlier (`ana` and `Ana`): an error at each."""
    places = list(places)
    if not places:
        return empty_problems()
    distinct = pd.Series(pd.concat([ids for _, _, ids in places]).dropna().unique()).astype("str")
    if not distinct.str.casefold().duplicated().any():  # no two ids differ only in letter case
        return empty_problems()
    found = [
        pd.DataFrame({"at": i, ROW: ids.index, "typed": ids.to_numpy(), "col": col})
        for i, (_, col, ids) in enumerate(places)
    ]
    sheets = [sheet for sheet, _, _ in places]
    seen = pd.concat(found, ignore_index=True).dropna(subset=["typed"])
    seen = seen.drop_duplicates("typed", keep="first")
    seen["fold"] = seen["typed"].astype("str").str.casefold()
    clash = seen[seen.duplicated("fold", keep=False)]
    if clash.empty:
        return empty_problems()
    first = clash.groupby("fold").head(1).set_index("fold")
    later = clash[clash.duplicated("fold", keep="first")]
    text = _each(
        "the id '{id}' differs only in letter case from '{first}' ({sheet} row {row}); write each id the same "
        "way everywhere",
        id=later["typed"],
        first=later["fold"].map(first["typed"]),
        sheet=later["fold"].map(first["at"]).map(lambda i: sheets[int(i)].name),
        row=later["fold"].map(first[ROW]),
    )
    frames = []
    for (at, col), group in later.assign(text=text).groupby(["at", "col"]):  # a handful of id columns
        sheet = sheets[int(str(at))]
        said = pd.Series(group["text"].to_numpy(), index=group[ROW].to_numpy())
        mask = pd.Series(sheet.frame.index.isin(group[ROW]), index=sheet.frame.index)
        frames.append(problems_where(sheet, mask, str(col), said.reindex(sheet.frame.index), ID_CASE))
    return pd.concat(frames, ignore_index=True)


def sheet_package_problems(sheets: Iterable[Sheet | None]) -> list[Problem]:
    """The formulas without results and merged cells found in the package, for the sheets a game reads."""
    return [p for sheet in sheets if sheet is not None for p in sheet.problems]


def required_sheet(sheets: dict[str, Sheet], key: str, title: str, model: type[pa.DataFrameModel]) -> Sheet:
    """The sheet with its required columns, or InputError naming the sheets or headers that were found."""
    sheet = sheets.get(key)
    if sheet is None:
        found = ", ".join(f"'{s.name}'" for s in sheets.values()) or _("none")
        raise InputError(
            [
                Problem.of(
                    MISSING_SHEET,
                    "workbook",
                    None,
                    None,
                    None,
                    _("missing required sheet '{sheet}' (sheets found: {found})", sheet=title, found=found),
                )
            ]
        )
    lost = missing_columns(sheet, required_columns(model), titles_of(model))
    if lost:
        raise InputError(lost)
    return sheet


def stop_on_errors(sheet: Sheet, frames: list[pd.DataFrame]) -> None:
    """Raise InputError if the problems of a listing sheet (with its blank rows and package findings) hold
    an error."""
    found = as_problem_list([blank_row_warnings(sheet), *frames], sheet.problems)
    if any(p.severity == "error" for p in found):
        raise InputError(found)
