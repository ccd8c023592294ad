"""Prose in the organizer's language (docs/languages.md, "Prose"): the status line, the Rules sheet, Decided By,
the published pages and every message of `validate` and the command line, from gettext catalogs.

The English text in the code is the message id; `_("after round {complete} of {planned}", complete=5,
planned=9)` is that text in the language being spoken, its `{names}` filled in. `n_` picks a plural form by a
count; `N_` only marks a text kept in a constant for extraction (it is translated where it is used, with `_`).
The language spoken is a context variable: `speaking("es")` for the length of a `with` block, English
otherwise. Catalogs are `pipeline/locale/<lang>/LC_MESSAGES/<domain>.po`, one domain per part of tally
(`CATALOG_DOMAINS`); `make` compiles them to `.mo` (tools/catalogs.py), and a catalog whose `.mo` is missing or
older than its `.po` is compiled in memory when first used. Names of columns and sheets are not here: they are
declared with their columns (schemas/).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import gettext
import io
import re
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

ENGLISH = "en"
LOCALE_DIR = Path(__file__).parent / "locale"

# Which catalog (domain) holds the messages of which source files: the first prefix a file's path under the
# repository starts with. tools/catalogs.py extracts by this table; each domain is a .po file per language.
CATALOG_DOMAINS: tuple[tuple[str, str], ...] = (
    ("pipeline/publish/", "site"),
    ("pipeline/cli/", "cli"),
    ("pipeline/api.py", "cli"),
    ("pipeline/problems.py", "cli"),
    ("pipeline/federation/", "cli"),
    ("pipeline/games/bridge/", "bridge"),
    ("schemas/bridge.py", "bridge"),
    ("schemas/movements.py", "bridge"),
    ("schemas/numbering.py", "bridge"),
    ("pipeline/games/domino/", "domino"),
    ("schemas/domino.py", "domino"),
    ("pipeline/workbook/", "workbook"),
    ("", "tally"),
)

_SPOKEN: ContextVar[str] = ContextVar("tally_language", default=ENGLISH)


def spoken_language() -> str:
    """The language prose is written in now (en, es, zh)."""
    return _SPOKEN.get()


_GAME: ContextVar[str | None] = ContextVar("tally_game", default=None)


@contextlib.contextmanager
def speaking(lang: str | None, game: str | None = None) -> Iterator[str]:
    """Within the block, prose is written in `lang` (English for None), and, when `game` is given, a message
    two catalogs translate is taken from that game's catalog first (bridge's `matches won` is *encuentros
    ganados*, domino's *partidas ganadas*); the language back."""
    token = _SPOKEN.set(lang or ENGLISH)
    played = _GAME.set(game) if game is not None else None
    try:
        yield lang or ENGLISH
    finally:
        if played is not None:
            _GAME.reset(played)
        _SPOKEN.reset(token)


def catalog_files(lang: str) -> list[Path]:
    """The `.po` catalogs of a language, one per domain, in domain order."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    return sorted(folder.glob("*.po")) if folder.is_dir() else []


def compiled(po: Path) -> gettext.GNUTranslations:
    """One catalog as gettext reads it: its `.mo` when current, else compiled from the `.po` in memory."""
    mo = po.with_suffix(".mo")
    if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle, locale=po.parent.parent.name)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@functools.cache
def translations(lang: str, first: str | None = None) -> gettext.NullTranslations:
    """Every catalog of a language chained into one, the domain `first` (a game's) looked in first, then the
    others in name order (English: none, the text as written)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    files = sorted(catalog_files(lang), key=lambda po: po.stem != first)
    for po in reversed(files) if lang != ENGLISH else ():
        found = compiled(po)
        found.add_fallback(chain)
        chain = found
    return chain


def _(message: str, /, **values: object) -> str:
    """`message` in the language spoken, its `{names}` filled from `values`."""
    lang = _SPOKEN.get()
    text = message if lang == ENGLISH else translations(lang, _GAME.get()).gettext(message)
    return text.format(**values) if values else text


def n_(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The form of a message for `count` (one board, 3 boards) in the language spoken, `{names}` filled."""
    lang = _SPOKEN.get()
    if lang == ENGLISH:
        text = singular if count == 1 else plural
    else:
        text = translations(lang, _GAME.get()).ngettext(singular, plural, count)
    return text.format(**values) if values else text


def N_(message: str) -> str:
    """A message marked for translation where it is declared; `_` translates it where it is used."""
    return message


def in_every_language(message: str) -> frozenset[str]:
    """A message as each language writes it, by any of its catalogs (English included): how a text tally wrote is
    recognised when read back, whatever the language and the game it was written in."""
    from schemas.common import LANGUAGES

    return frozenset(
        message if lang == ENGLISH else translations(lang, po.stem).gettext(message)
        for lang in LANGUAGES
        for po in catalog_files(lang) or [Path(ENGLISH)]
    )


def written_time(moment: dt.datetime) -> str:
    """A date and time as the language spoken writes it: `2026-11-30 21:45` in English (as tally always has),
    Babel's medium date and 24-hour time in Spanish (`30 nov 2026 21:45`) and Chinese (`2026年11月30日 21:45`)."""
    lang = _SPOKEN.get()
    if lang == ENGLISH:
        return f"{moment:%Y-%m-%d %H:%M}"
    from babel.dates import format_date

    return f"{format_date(moment, 'medium', locale=lang)} {moment:%H:%M}"


def _each(message: str, /, **values: object) -> pd.Series:
    """`message` in the language spoken for every row of the Series among `values` (one text per row, as a
    vectorized check reports it), its `{names}` filled row by row from Series and once from other values."""
    import pandas as pd

    lang = _SPOKEN.get()
    text = message if lang == ENGLISH else translations(lang, _GAME.get()).gettext(message)
    index = next(v.index for v in values.values() if isinstance(v, pd.Series))
    parts = re.split(r"\{(\w+)\}", text)  # literal, field, literal, field, ..., literal
    out = pd.Series(parts[0], index=index, dtype="object")
    for field, literal in zip(parts[1::2], parts[2::2], strict=True):
        value = values[field]
        shown = value.astype("str") if isinstance(value, pd.Series) else str(value)
        out = out + shown + literal
    return out
