"""The standings workbook in the organizer's language (docs/languages.md, "Output"): its sheet names and headers
as the declarations in schemas/ name them in Spanish and Chinese, and which language a workbook is in."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import ModuleType

import pandas as pd

from pipeline.i18n import ENGLISH
from pipeline.problems import UsageError
from pipeline.sheets import (
    LineChart,
    OutputSheet,
    Sheet,
    _is_model,
    declared_number_formats,
    declared_sheets,
    header_key,
    header_keys,
    sheet_key_of,
)
from schemas.common import (
    LANGUAGES,
    Names,
    columns_of,
    declared_of,
    names_a_sheet,
    sheet_name_of,
    sheet_names_of,
)
from schemas.domino import WINNERS, WINNERS_NAMES
from schemas.shared import AFTER_ROUND, AFTER_ROUND_NAMES


def checked_language(lang: str | None) -> str | None:
    """A language asked for (`--lang`, the API's `lang`), checked: one tally writes (en, es, zh), or None for
    the workbook's own; a UsageError for any other."""
    if lang is None or lang == "":
        return None
    code = lang.strip().lower()
    if code not in LANGUAGES:
        raise UsageError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return code


def _output_modules() -> tuple[object, ...]:
    """The schemas/ modules whose declarations name the headers and sheets tally writes and reads."""
    import schemas.bridge
    import schemas.corrections
    import schemas.domino
    import schemas.ranking
    import schemas.shared

    return (schemas.domino, schemas.bridge, schemas.shared, schemas.ranking, schemas.corrections)


def _game_modules(game: str) -> tuple[ModuleType, ...]:
    """The schemas/ module of a game's own declarations (`schemas.domino`), none for a game without one."""
    name = "schemas." + game
    return (importlib.import_module(name),) if importlib.util.find_spec(name) is not None else ()


def _declared_names() -> Iterable[tuple[str, Mapping[str, tuple[str, ...]]]]:
    """Every declared header with its names in other languages: a column's title, and its header in a run-out
    event (`counted`'s hands header) with the names declared for that."""
    for module in _output_modules():
        for model in vars(module).values():  # each module's classes
            if not _is_model(model):
                continue
            declared = declared_of(model)
            for c in columns_of(model):
                yield c.title, c.names
                hands = declared[c.name].get("in_hands")
                if hands:
                    yield hands, declared[c.name].get("hands_names", {})


@functools.cache
def header_names(lang: str) -> dict[str, str]:
    """English header -> the header tally writes in `lang`: the first name of the first declaration naming it in
    that language (where two sheets name one header differently, `sheet_header_names` decides on each); a
    header no declaration names in `lang` is absent."""
    found: dict[str, str] = {}
    for title, names in _declared_names():
        given = names.get(lang)
        if given:
            found.setdefault(title, given[0])
    return found


@functools.cache
def sheet_header_names(lang: str, sheet: str) -> dict[str, str]:
    """English header -> the header tally writes in `lang` on the sheet named `sheet`, as that sheet's own models
    declare it (a domino Penalties' Card is a sanction card, 红黄牌; a Table Cards' Card the card's title, 桌卡);
    their declarations must agree. A header the sheet's models do not name in `lang` is absent."""
    found: dict[str, str] = {}
    for model in declared_sheets().get(sheet_key_of(sheet), ()):
        for c in columns_of(model):
            given = c.names.get(lang)
            if given and found.setdefault(c.title, given[0]) != given[0]:
                raise ValueError(
                    f"{sheet}, {c.title}: written as both {found[c.title]} and {given[0]} in {lang}"
                )
    return found


@functools.cache
def sheet_names(lang: str, game: str) -> dict[str, str]:
    """English sheet name -> the sheet's name in `lang` in a workbook of `game` (domino, bridge), as the
    sheet's models declare it (the first name): the game's own models first (its Matches), then the shared
    ones; the models of one module must agree on a sheet's name."""
    found = {WINNERS: WINNERS_NAMES[lang][0]} if game == "domino" and lang in WINNERS_NAMES else {}
    names = ("schemas.shared", "schemas.corrections", "schemas.ranking")
    for module in (*_game_modules(game), *(importlib.import_module(n) for n in names)):
        mine: dict[str, str] = {}
        for model in vars(module).values():  # each module's classes
            if not _is_model(model) or not names_a_sheet(model):
                continue
            given = sheet_names_of(model).get(lang)
            name = sheet_name_of(model)
            if given and mine.setdefault(name, given[0]) != given[0]:
                raise ValueError(f"sheet {name}: written as both {mine[name]} and {given[0]} in {lang}")
        found = {**mine, **found}
    return found


def header_in(header: str, lang: str) -> str:
    """One header in `lang`: its declared name, a Progress column `After 3` as the language writes it, or the
    header as it is (a header no declaration names: the organizer's own, or an id such as A1)."""
    after = re.fullmatch(re.escape(AFTER_ROUND).replace(r"\{round\}", "(.+)"), header)
    if after and lang in AFTER_ROUND_NAMES:
        return AFTER_ROUND_NAMES[lang].format(round=after[1])
    return header_names(lang).get(header, header)


def sheet_in(sheet: OutputSheet, lang: str, game: str) -> OutputSheet:
    """A standings sheet of `game` written in `lang`: its name and headers, and everything naming a header (number
    formats, widths, rank, centred and entry columns, the chart), in that language; its cells as they are."""
    if lang == ENGLISH:
        return sheet
    own = sheet_header_names(lang, sheet.name)
    named = {str(h): own.get(str(h)) or header_in(str(h), lang) for h in sheet.frame.columns}

    def of(headers: Iterable[str]) -> tuple[str, ...]:
        """Headers renamed."""
        return tuple(named.get(h, h) for h in headers)

    formats = {**declared_number_formats(), **sheet.number_formats}
    shown = {named[h]: formats[h] for h in named if h in formats}
    chart = sheet.chart
    if chart is not None:
        chart = LineChart(
            chart.title, of(chart.values), chart.rows, of(chart.names), chart.x_title,
            header_in(chart.y_title, lang),
            chart.reversed,
        )  # fmt: skip
    return replace(
        sheet,
        name=sheet_names(lang, game).get(sheet.name, sheet.name),
        frame=sheet.frame.rename(columns=named),
        number_formats=shown,
        widths={named.get(h, h): w for h, w in sheet.widths.items()},
        entry=of(sheet.entry),
        validations=tuple(replace(v, column=named.get(v.column, v.column)) for v in sheet.validations),
        rank=None if sheet.rank is None else named.get(sheet.rank, sheet.rank),
        rank_by=of(sheet.rank_by),
        centred=of(sheet.centred),
        wrapped=of(sheet.wrapped),
        chart=chart,
    )


def _language_keys(lang: str, declared: list[tuple[str, Names]], english: set[str]) -> frozenset[str]:
    """`header_key` of every sheet name and header declared in `lang` (`declared`: each English header and its
    names) that is not also an English one (`english`)."""
    named = set(header_keys(n for _, names in declared for n in names.get(lang, ())))
    named |= set(
        header_keys(
            n
            for models in declared_sheets().values()
            for m in models
            for n in sheet_names_of(m).get(lang, ())
        )
    )
    return frozenset(named - english)


@functools.cache
def language_keys() -> dict[str, frozenset[str]]:
    """For Spanish and Chinese: the keys of the names declared in that language only."""
    declared = list(_declared_names())
    english = set(header_keys(t for t, _ in declared)) | set(
        header_keys(sheet_name_of(m) for models in declared_sheets().values() for m in models)
    )
    return {lang: _language_keys(lang, declared, english) for lang in LANGUAGES if lang != ENGLISH}


def workbook_language(sheets: Mapping[str, Sheet], input_sheet: str) -> str:
    """The language a results workbook is written in: that of the game's input sheet's name and headers when
    more than half of them are names declared in Spanish only (or in Chinese only), else English."""
    wanted = sheet_key_of(input_sheet)
    sheet = next((s for key, s in sheets.items() if sheet_key_of(key) == wanted), None)
    if sheet is None:
        return ENGLISH
    words = [header_key(w) for w in (sheet.name, *sheet.headers.values())]
    for lang, keys in language_keys().items():
        if 2 * sum(w in keys for w in words) > len(words):
            return lang
    return ENGLISH


@functools.cache
def english_headers(game: str) -> dict[str, str]:
    """A header tally writes in Spanish or Chinese in a workbook of `game` -> its English header: how `diff`
    compares standings written in any language by the English keys its games declare. Where two English headers
    share one name in a language (姓名 is domino's Name and bridge's Names), the game's own declaration wins."""
    found: dict[str, str] = {}
    for lang in LANGUAGES:
        if lang == ENGLISH:
            continue
        own = [m for module in _game_modules(game) for m in vars(module).values()]
        for model in own:  # the game's own models first
            if _is_model(model):
                for c in columns_of(model):
                    if c.names.get(lang):
                        found.setdefault(c.names[lang][0], c.title)
        for english, written in header_names(lang).items():
            found.setdefault(written, english)
    return found


def english_header(header: str, game: str) -> str:
    """One header of a standings workbook of `game` in English: a declared Spanish or Chinese name's English
    header, a Progress column `Tras 3` / `第3轮后` as `After 3`, any other header as it is."""
    for written in AFTER_ROUND_NAMES.values():
        after = re.fullmatch(re.escape(written).replace(r"\{round\}", "(.+)"), header)
        if after:
            return AFTER_ROUND.format(round=after[1])
    return english_headers(game).get(header, header)


@functools.cache
def english_sheet_names(game: str) -> dict[str, str]:
    """A sheet name tally writes in Spanish or Chinese in a standings workbook of `game` -> its English name."""
    return {
        written: english
        for lang in LANGUAGES
        if lang != ENGLISH
        for english, written in sheet_names(lang, game).items()
    }


@functools.cache
def _english_of() -> dict[str, str]:
    """A message without fields as Spanish or Chinese writes it -> the English message (every catalog); one
    whose only field is the count word (`{w} against`) with each count word filled in (pips, hands)."""
    from pipeline.i18n import translations
    from schemas.domino import COUNT_WORDS

    found: dict[str, str] = {}
    for lang in LANGUAGES:
        chain = translations(lang) if lang != ENGLISH else None
        counts = {w: translations(lang, "domino").gettext(w) for w in COUNT_WORDS.values()} if chain else {}
        while chain is not None:  # the catalogs of a language, one per domain
            for key, text in getattr(chain, "_catalog", {}).items():
                if not isinstance(key, str) or not key or text == key:
                    continue
                if "{" not in key:
                    if text not in found or key.islower():  # 比赛分 is `match points` in Decided By
                        found[text] = key
                elif set(re.findall(r"\{(\w*)\}", key)) <= {"w", "W"}:  # `{w} against`: pips or hands
                    for w, written in counts.items():
                        found.setdefault(
                            text.format(w=written, W=written.title()), key.format(w=w, W=w.title())
                        )
            chain = getattr(chain, "_fallback", None)
    for _model, column in _declared_words():  # a declared word in another language: a room's Abierta, 开室
        for english, names in column.items():
            for written in (n for lang_names in names.values() for n in lang_names):
                found.setdefault(written, english)
    return found


def _declared_words() -> Iterable[tuple[object, Mapping[str, Mapping[str, tuple[str, ...]]]]]:
    """Every output column's declared words in other languages ({English word: {lang: names}})."""
    for module in _output_modules():
        for model in vars(module).values():  # each module's classes
            if _is_model(model):
                for c in columns_of(model):
                    if c.words:
                        yield model, c.words


def english_texts(cells: pd.Series) -> pd.Series:
    """Cells of a standings workbook with every text tally wrote in Spanish or Chinese from a message without
    fields (Decided By's `puntos`, `积分`, `empate`, a Rules value such as `ganador 1, perdedor 0`) in English,
    as `diff` and `publish` compare and show them; any other cell (ids, names, numbers) as it is."""
    english = _english_of()
    return cells.map(lambda cell: english.get(cell, cell) if isinstance(cell, str) else cell)
