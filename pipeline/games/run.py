"""One scoring run, game-agnostic and pure: validate (with Law 79C corrections), compute, build the sheets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from pipeline.games.changes import HEADERS, changes, shown_values
from pipeline.games.checks import as_problem_list, blank_row_warnings, sheets_with_aliases
from pipeline.games.corrections import (
    CorrectionRules,
    Period,
    corrected_sheet,
    correction_warnings,
    judged_corrections,
    rejected,
)
from pipeline.games.game import Game
from pipeline.i18n import _
from pipeline.problems import InputError, Problem
from pipeline.sheets import OutputSheet, Sheet, sheet_key, without_blank_rows
from schemas.common import sheet_name_of, titles_of
from schemas.corrections import Change as D
from schemas.corrections import CorrectionLog as L
from schemas.corrections import CorrectionsSheet as C
from schemas.shared import RulesSheet, SettingsSheet


@dataclass
class Checked:
    """A validated event; with corrections, also the event as published and the correction log."""

    event: Any
    original: Any | None = None
    log: pd.DataFrame | None = None


def _error_keys(load: Callable[[dict[str, Sheet]], Any], sheets: dict[str, Sheet]) -> set[tuple[object, ...]]:
    """The errors of the workbook as published, to tell them from errors a correction brings."""
    try:
        load(sheets)
    except InputError as exc:
        return {(p.sheet, p.row, p.column, p.problem) for p in exc.errors}
    return set()


def _new_errors(errors: list[Problem], before: set[tuple[object, ...]]) -> list[Problem]:
    """The errors that the published workbook did not have."""
    return [e for e in errors if (e.sheet, e.row, e.column, e.problem) not in before]


def blamed(log: pd.DataFrame, new: list[Problem], data: str) -> dict[int, str]:
    """Order number -> reason for the corrections to reject: on each corrected row with a new error, the latest
    correction of a column the error names (or the latest on the row); empty when no corrected row has one."""
    live = log[log[L.status] != "rejected"]
    touched = live[L.target_row].astype("int64")
    at_rows: dict[int, list[Problem]] = {}
    for e in new:  # the new errors, a few
        if e.sheet == data and e.row is not None and (touched == e.row).any():
            at_rows.setdefault(e.row, []).append(e)
    out = {}
    for row, errors in at_rows.items():  # the corrected rows with a new error
        named = " ".join(e.column or "" for e in errors)
        here = live[touched == row]
        own = here[[str(c) in named for c in here[L.column]]]  # a handful of corrections
        culprit = (own if len(own) else here)[L.order].max()
        out[int(culprit)] = "; ".join(f"{e.column}: {e.problem}" if e.column else e.problem for e in errors)
    return out


def _alone_invalid(
    sheets: dict[str, Sheet], data: Sheet, log: pd.DataFrame, game: Game, rules: CorrectionRules, before: set
) -> dict[int, str]:
    """Order number -> reason for each live correction that brings a new error on its own (latest first)."""
    live = log[log[L.status] != "rejected"].sort_values(L.order, ascending=False)
    out = {}
    for order in live[L.order]:  # only when an error lands on a row no correction touched
        alone = log.assign(**{L.status: log[L.status].where(log[L.order] == order, "rejected")})
        fixed, _ = corrected_sheet(data, alone, rules)
        try:
            game.load({**sheets, rules.sheet: fixed})
        except InputError as exc:
            new = _new_errors(exc.errors, before)
            if new:
                out[int(order)] = str(new[0])
    return out


def checked_event(sheets: dict[str, Sheet], game: Game) -> Checked:
    """The validated event with the accepted corrections applied (InputError with every problem otherwise),
    its sheets read under the headers their models declare, aliases included (each one read is a warning)."""
    read, renamed = sheets_with_aliases(sheets, (*game.sheets, SettingsSheet, C))
    if not renamed:
        return corrected_event(read, game)
    try:
        checked = corrected_event(read, game)
    except InputError as exc:
        raise InputError([*renamed, *exc.problems], source=exc.source) from None
    checked.event.warnings = [*renamed, *checked.event.warnings]
    return checked


def corrected_event(sheets: dict[str, Sheet], game: Game) -> Checked:
    """The validated event with the accepted corrections applied (InputError with every problem otherwise)."""
    corrections = sheets.get(sheet_key(C))
    if corrections is None or without_blank_rows(corrections.frame).empty:
        return Checked(game.load(sheets))
    settings, _ = game.settings(sheets.get(sheet_key(SettingsSheet)))
    rules = game.rules(settings)
    data = sheets.get(rules.sheet)
    if data is None:
        return Checked(game.load(sheets))  # raises: the results sheet is missing
    period = Period(settings.published_at, settings.correction_minutes)
    log, sheet_problems = judged_corrections(corrections, data, rules, period)
    found = as_problem_list([sheet_problems, blank_row_warnings(corrections)], corrections.problems)
    if any(p.severity == "error" for p in found):
        try:
            game.load(sheets)
        except InputError as exc:
            found += exc.problems
        raise InputError(found)
    before: set[tuple[object, ...]] | None = None
    while True:  # each pass rejects at least one correction, so it ends
        fixed, log = corrected_sheet(data, log, rules)
        try:
            event = game.load({**sheets, rules.sheet: fixed})
            break
        except InputError as exc:
            before = _error_keys(game.load, sheets) if before is None else before
            new = _new_errors(exc.errors, before)
            blame = blamed(log, new, fixed.name) if new else {}
            if new and not blame:
                blame = _alone_invalid(sheets, data, log, game, rules, before)
                live = log.loc[log[L.status] != "rejected", L.order]
                blame = blame or {int(live.max()): str(new[0])}  # only together are they invalid
            if not blame:
                raise InputError([*exc.problems, *found]) from None
            log = rejected(log, blame)
    original = event
    if (log[L.status] != "rejected").any():
        try:
            original = game.load(sheets)
        except InputError:
            original = None  # the corrections fixed errors: there are no published standings to compare
    event.warnings = [
        *event.warnings,
        *found,
        *as_problem_list([correction_warnings(corrections, log, period)]),
    ]
    return Checked(event, original, log)


def corrections_frame(log: pd.DataFrame) -> pd.DataFrame:
    """The Corrections sheet: every correction with what it changed, its status and why."""
    titles = titles_of(L)
    shown = log.sort_values(L.row).drop(columns=[L.order]).rename(columns=titles)
    shown[titles[L.target_row]] = shown[titles[L.target_row]].astype("Int64").astype("object")
    for col in (L.old_value, L.new_value):  # numbers shown as numbers
        shown[titles[col]] = shown_values(shown[titles[col]])
    shown[titles[L.status]] = shown[titles[L.status]].map(lambda word: _(word) if word else word)  # a few
    return shown.astype("object").where(shown.notna(), None).reset_index(drop=True)


def applied_changes(log: pd.DataFrame, sheet: str) -> pd.DataFrame:
    """Result changes from the applied corrections alone (when there are no published standings to compare)."""
    live = log[log[L.status] != "rejected"].sort_values(L.order)
    return pd.DataFrame(
        {
            D.sheet: sheet,
            D.key: live[L.target].to_numpy(),
            D.column: live[L.column].to_numpy(),
            D.old: shown_values(live[L.old_value]).to_numpy(),
            D.new: shown_values(live[L.new_value]).to_numpy(),
        },
        columns=list(HEADERS),
    ).rename(columns=HEADERS)


def standings_sheets(checked: Checked, game: Game) -> list[OutputSheet]:
    """The standings workbook's sheets; with corrections, a Corrections and a Changes sheet before Rules."""
    out = game.report(checked.event, game.compute(checked.event))
    if checked.log is None:
        return out
    if checked.original is None:
        changed = applied_changes(checked.log, game.results_sheet)
    elif checked.original is checked.event:
        changed = changes({}, {}, game.compared_sheets)
    else:
        before = game.report(checked.original, game.compute(checked.original))
        changed = changes(
            {s.name: s.frame for s in before}, {s.name: s.frame for s in out}, game.compared_sheets
        )
    extra = [
        OutputSheet(sheet_name_of(L), corrections_frame(checked.log), widths={titles_of(L)[L.detail]: 90}),
        OutputSheet(sheet_name_of(D), changed),
    ]
    last = out[-1] if out and out[-1].name == sheet_name_of(RulesSheet) else None
    return [*(out[:-1] if last else out), *extra, *([last] if last else [])]
