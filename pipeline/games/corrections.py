"""Law 79C corrections: judge each row of the `Corrections` sheet, then apply the accepted ones (pure).

A correction names one result row by its key (domino: Round and Table; bridge: Board with NS/EW, or Match,
Room and Board), one column of that row, and the new value. It is applied when it is submitted within the
correction period after `Published At`, or later with a Director named (the director's authority, Law 79C2);
it is rejected, with the reason, when it is late without a director, names no row or several, names a column
that cannot be corrected, or gives a value the workbook's checks refuse.

Precision: whole seconds, as Excel displays them. `Published At` and every `Submitted At` (an Excel date-time
cell or typed text such as 2026-11-30 21:30:00.5) are rounded to the nearest second, halves up, as Excel's
hh:mm:ss format shows them (`pipeline.parsing.nearest_seconds`), before anything is compared or shown. The period
is inclusive at exactly N:00: with 30 minutes, 30:00.4 is shown 30:00 and applied, 30:00.5 is shown 30:01 and
rejected unless a Director is named, and 29:59.5 is shown 30:00 and applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from pipeline.games.checks import (
    MISSING_COLUMN,
    empty_problems,
    missing_columns,
    present_columns,
    problems_where,
)
from pipeline.i18n import _, _each
from pipeline.parsing import DATE_RANGE, as_ids, as_words, date_times, whole_numbers
from pipeline.problems import Problem, kind
from pipeline.sheets import Sheet, header_key, normalized_header, without_blank_rows
from schemas.common import LANGUAGES, titles_of
from schemas.corrections import CorrectionLog as L
from schemas.corrections import CorrectionsSheet as C
from schemas.validation import validated

DEFAULT_MINUTES = 30
NO_REASON = kind(
    "C101",
    "a correction gives no reason",
    "warning",
    example="Corrections, row 2, column 'Reason': warning: no reason given for this correction",
)
REJECTED = kind(
    "C102",
    "a correction is rejected (late without a director, no such result, a bad value): the reason says which",
    "warning",
    example="Corrections, row 2, column 'Column' [B Pips]: warning: correction rejected: submitted 30:01 after publication; the 30-minute correction period had ended (Law 79C) and no Director authorized it",
)
UNCHECKED_PERIOD = kind(
    "C103",
    "no Published At: corrections are applied without checking the correction period",
    "warning",
    example="Corrections, row 2: warning: no Published At in Settings: corrections are applied in order without checking the correction period (Law 79C)",
)


@dataclass(frozen=True)
class CorrectionRules:
    """Where corrections apply in one game's workbook."""

    sheet: str  # the normalized name of the results sheet (`sheet_key` of its model)
    # the key columns are CorrectionsSheet's (`CorrectionsSheet.round`), named alike in the results sheet
    required_keys: list[str]  # key columns that must be filled in
    optional_keys: list[str]  # key columns matched only when filled in
    correctable: dict[str, str]  # normalized column -> header as documented
    one_of: list[str] = field(default_factory=list)  # at least one of these keys must be filled in
    numbers: tuple[str, ...] = (C.round, C.table, C.board)


@dataclass(frozen=True)
class Period:
    """The correction period: from `Published At`, `minutes` long; no publication time, no check."""

    published: pd.Timestamp | None = None
    minutes: int = DEFAULT_MINUTES


def key_values(frame: pd.DataFrame, columns: list[str], numbers: tuple[str, ...]) -> pd.DataFrame:
    """Key columns in comparable form: whole numbers, room words or ids (absent columns read as blank)."""
    out = {}
    for col in columns:  # a few key columns
        text = frame[col] if col in frame else pd.Series(pd.NA, index=frame.index, dtype="str")
        if col in numbers:
            out[col] = whole_numbers(text).astype("string")
        elif col == C.room:
            out[col] = as_words(text).astype("string")
        else:
            out[col] = as_ids(text).astype("string")
    return pd.DataFrame(out, index=frame.index)


def delay_text(delay: pd.Series) -> pd.Series:
    """A delay in whole seconds (both times are rounded as Excel shows them) as minutes:seconds after
    publication (30:00, 30:01, 95:10)."""
    seconds = delay.dt.total_seconds().fillna(0).astype("int64")
    return (seconds // 60).astype("str") + ":" + (seconds % 60).astype("str").str.zfill(2)


def key_text(keys: pd.DataFrame, titles: dict[str, str]) -> pd.Series:
    """The key of each correction in words: `Round 2, Table 3`."""
    text = pd.Series("", index=keys.index)
    for col in keys.columns:  # a few key columns
        given = keys[col].notna()
        part = (titles[col] + " " + keys[col].astype("str")).where(given, "")
        text = text + np.where((text != "") & given, ", ", "") + part
    return text


def matching_rows(wanted: pd.DataFrame, data: pd.DataFrame, rules: CorrectionRules) -> pd.DataFrame:
    """(correction, data row) pairs whose required keys are equal and whose filled optional keys agree."""
    left = wanted.dropna(subset=rules.required_keys).reset_index(names="at")
    right = data.reset_index(names=L.target_row)
    pairs = left.merge(right, on=rules.required_keys, how="inner", suffixes=("", "_data"))
    agree = pd.Series(True, index=pairs.index)
    for col in rules.optional_keys:  # a few optional keys
        agree &= pairs[col].isna() | pairs[col].eq(pairs[f"{col}_data"]).fillna(False)
    return pairs.loc[agree, ["at", L.target_row]]


def corrected_columns(typed: pd.Series, rules: CorrectionRules, data: Sheet) -> pd.Series:
    """The results column each correction names (NA where none): its header as tally writes it in any language
    (`A Pips`, `Tantos A`, `A方点数`) or as the results sheet heads it."""
    from pipeline.language import header_names  # it reads the declarations of every game

    titles = rules.correctable
    named = {header_key(t): c for c, t in titles.items()}
    for lang in LANGUAGES:
        named |= {header_key(header_names(lang).get(t, t)): c for c, t in titles.items()}
    named |= {header_key(w): c for c, w in data.headers.items() if c in titles}
    normal = typed.map(normalized_header, na_action="ignore")
    return normal.where(normal.isin(list(titles)), typed.map(header_key, na_action="ignore").map(named))


def judged_corrections(
    corrections: Sheet, data: Sheet, rules: CorrectionRules, period: Period
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Each correction judged (CorrectionLog rows, applied or rejected), and problems with the sheet itself."""
    needed = [C.submitted_at, C.column, C.new_value, C.reason, *rules.required_keys]
    titles = titles_of(C)
    lost = missing_columns(corrections, needed, titles)
    if rules.one_of and not any(k in corrections.frame for k in rules.one_of):
        either = _(" or ").join(f"'{titles[k]}'" for k in rules.one_of)
        lost += [
            Problem.of(
                MISSING_COLUMN,
                corrections.name,
                corrections.header_row,
                titles[rules.one_of[0]],
                None,
                _(
                    "missing column: {columns} names the result to correct (headers found: {found})",
                    columns=either,
                    found=", ".join(f"'{h}'" for h in corrections.headers.values()),
                ),
            )
        ]
    if lost:
        return _empty_log(), pd.DataFrame([p.as_record() for p in lost])
    sheet = present_columns(corrections, C)
    f = without_blank_rows(sheet.frame)
    keys = rules.required_keys + rules.optional_keys
    wanted = key_values(f, keys, rules.numbers)
    found = key_values(data.frame, keys, rules.numbers)
    pairs = matching_rows(wanted, found, rules)
    count = pairs.groupby("at").size().reindex(f.index, fill_value=0)
    target = pairs.drop_duplicates("at").set_index("at")[L.target_row].reindex(f.index)
    column = corrected_columns(f[C.column], rules, data)
    submitted = date_times(f[C.submitted_at])

    reasons = [
        (f[C.column].isna(), _("Column is blank: name the column to correct")),
        (
            f[C.column].notna() & ~column.isin(list(rules.correctable)),
            _each(
                "'{column}' is not a column tally corrects here (it corrects: {correctable})",
                column=f[C.column],
                correctable=", ".join(rules.correctable.values()),
            ),
        ),
    ]
    for key in rules.required_keys:  # a few keys
        reasons.append(
            (
                wanted[key].isna(),
                _("{key} is blank or not valid: it names the result to correct", key=titles[key]),
            )
        )
    if rules.one_of:
        none = wanted[rules.one_of].isna().all(axis=1)
        keys_named = _(" or ").join(titles[k] for k in rules.one_of)
        reasons.append((none, _("give {keys} to name the result", keys=keys_named)))
    named = key_text(f[keys], titles)  # as typed
    results = data.name
    reasons += [
        (count.eq(0), _each("no row of {sheet} has {key}", sheet=results, key=named)),
        (
            count.gt(1),
            _each(
                "{key} matches {count} rows of {sheet}; give every key", key=named, count=count, sheet=results
            ),
        ),
    ]
    rejected = pd.Series("", index=f.index)
    for mask, text in reasons:  # a fixed list of reasons: the first that holds is given
        text = text if isinstance(text, pd.Series) else pd.Series(text, index=f.index)
        rejected = rejected.where((rejected != "") | ~mask.fillna(False).astype(bool), text)

    status, detail = _timing(submitted, f[C.director], period)
    status = status.where(rejected == "", "rejected")
    detail = detail.where(rejected == "", rejected)
    times = submitted.fillna(pd.Timestamp(0)).to_numpy()
    order = np.lexsort((f.index.to_numpy(), times, submitted.isna().to_numpy()))
    rank = pd.Series(np.argsort(order), index=f.index, dtype="int64")
    log = pd.DataFrame(
        {
            L.row: f.index.astype("int64"),
            L.submitted: submitted.dt.strftime("%Y-%m-%d %H:%M:%S").fillna(f[C.submitted_at]).astype("str"),
            L.target: named.where(named != "").astype("str"),
            L.target_row: target.astype("float64"),
            L.column: column.map(rules.correctable).fillna(f[C.column]),
            L.old_value: pd.Series(pd.NA, index=f.index, dtype="str"),
            L.new_value: f[C.new_value],
            L.reason: f[C.reason],
            L.director: f[C.director],
            L.status: status,
            L.detail: detail,
            L.order: rank,
        }
    ).reset_index(drop=True)
    problems = problems_where(
        sheet,
        f[C.reason].isna() & f[C.column].notna(),
        C.reason,
        _("no reason given for this correction"),
        NO_REASON,
    )
    return validated(log, L), problems


def _timing(submitted: pd.Series, director: pd.Series, period: Period) -> tuple[pd.Series, pd.Series]:
    """Status and words for the time each correction was submitted, against the correction period."""
    index = submitted.index
    if period.published is None:
        words = _("applied in order; the correction period was not checked (no Published At in Settings)")
        return pd.Series("applied", index=index), pd.Series(words, index=index)
    limit = _("the {minutes}-minute correction period", minutes=period.minutes)
    delay = submitted - period.published
    in_time = (delay <= pd.Timedelta(minutes=period.minutes)).fillna(False).astype(bool)
    early = (delay < pd.Timedelta(0)).fillna(False).astype(bool)
    authorized = director.notna()
    after = _each("submitted {delay} after publication", delay=delay_text(delay))
    status = pd.Series(np.select([in_time, authorized], ["applied", "applied late"], "rejected"), index=index)
    unknown = submitted.isna()
    detail = np.select(
        [
            early,
            in_time,
            unknown & authorized,
            unknown,
            authorized,
        ],
        [
            _("submitted before publication"),
            _each("{after}, within {limit} (Law 79C)", after=after, limit=limit),
            _each(
                "Submitted At is blank or not a date and time {range}; applied on the director's authority "
                "({director}, Law 79C2)",
                range=_(DATE_RANGE),
                director=director,
            ),
            _(
                "Submitted At is blank or not a date and time {range}, so the correction cannot be shown to "
                "fall within {limit}; a Director may authorize it (Law 79C2)",
                range=_(DATE_RANGE),
                limit=limit,
            ),
            _each(
                "{after}, after {limit}; applied on the director's authority ({director}, Law 79C2)",
                after=after,
                limit=limit,
                director=director,
            ),
        ],
        _each("{after}; {limit} had ended (Law 79C) and no Director authorized it", after=after, limit=limit),
    )
    return status, pd.Series(detail, index=index)


def _empty_log() -> pd.DataFrame:
    """A correction log with no rows."""
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in _LOG_TYPES.items()})


_LOG_TYPES = {
    L.row: "int64",
    L.submitted: "str",
    L.target: "str",
    L.target_row: "float64",
    L.column: "str",
    L.old_value: "str",
    L.new_value: "str",
    L.reason: "str",
    L.director: "str",
    L.status: "str",
    L.detail: "str",
    L.order: "int64",
}


def corrected_sheet(data: Sheet, log: pd.DataFrame, rules: CorrectionRules) -> tuple[Sheet, pd.DataFrame]:
    """The results sheet with the applied corrections (in order; the last one to a cell wins), and the log
    with each applied correction's old value."""
    live = log[log[L.status] != "rejected"].sort_values(L.order)
    frame = data.frame.copy()
    headers = dict(data.headers)
    column = live[L.column].map({v: k for k, v in rules.correctable.items()})
    target = live[L.target_row].astype("int64")
    original = pd.Series(pd.NA, index=live.index, dtype="object")
    for col in column.unique():  # the few columns corrected
        if col not in frame:
            frame[col] = pd.Series(pd.NA, index=frame.index, dtype="str")
            headers[col] = rules.correctable[col]
        here = column == col
        original[here] = frame.loc[target[here], col].to_numpy()
    previous = live[L.new_value].groupby([target, column]).shift(1)
    first = ~pd.concat([target, column], axis=1).duplicated(keep="first")
    old = previous.where(~first, original)
    last = ~pd.concat([target, column], axis=1).duplicated(keep="last")
    for col in column.unique():  # the few columns corrected
        here = last & (column == col)
        frame.loc[target[here].to_numpy(), col] = live.loc[here, L.new_value].to_numpy()
    log = log.copy()
    log.loc[live.index, L.old_value] = old.astype("object").where(old.notna(), None)
    return Sheet(data.name, frame, headers, data.header_row, data.letters, data.problems), log


def rejected(log: pd.DataFrame, orders: dict[int, str]) -> pd.DataFrame:
    """The log with the corrections of the given order numbers rejected, each with its reason."""
    log = log.copy()
    hit = log[L.order].isin(list(orders))
    log.loc[hit, L.status] = "rejected"
    log.loc[hit, L.old_value] = None
    log.loc[hit, L.detail] = _each(
        "the new value is not valid here: {why}", why=log.loc[hit, L.order].map(orders)
    )
    return log


def correction_warnings(corrections: Sheet, log: pd.DataFrame, period: Period) -> pd.DataFrame:
    """A warning for each rejected correction, and one when the period could not be checked."""
    rows = pd.Series(log[L.row].to_numpy(), index=log[L.row].to_numpy())
    detail = pd.Series(log[L.detail].to_numpy(), index=log[L.row].to_numpy())
    status = pd.Series(log[L.status].to_numpy(), index=log[L.row].to_numpy())
    sheet = Sheet(corrections.name, corrections.frame.loc[rows.index], corrections.headers)
    frames = [
        problems_where(
            sheet,
            status.eq("rejected"),
            C.column,
            _each("correction rejected: {detail}", detail=detail),
            REJECTED,
        )
    ]
    if period.published is None and len(log):
        frames.append(
            problems_where(
                Sheet(corrections.name, corrections.frame.iloc[:1], corrections.headers),
                pd.Series(True, index=corrections.frame.index[:1]),
                [],
                _(
                    "no Published At in Settings: corrections are applied in order without checking the "
                    "correction period (Law 79C)"
                ),
                UNCHECKED_PERIOD,
            )
        )
    frames = [f for f in frames if not f.empty]
    return pd.concat(frames, ignore_index=True) if frames else empty_problems()
