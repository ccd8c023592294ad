"""Bridge words written into cells and messages in the language spoken (docs/languages.md, "Prose"): a sheet's
name as its declaration names it, and the rooms of a teams match as the Room column declares them (so that a
room written in Spanish or Chinese is read back as the room)."""

from __future__ import annotations

from pipeline.i18n import ENGLISH, spoken_language
from pipeline.language import sheet_names
from schemas.bridge import ROOM_NAMES, ROOMS
from schemas.bridge import ResultsSheet as R
from schemas.common import columns_of, sheet_name_of


def written_sheet(model: type) -> str:
    """A sheet's name in the language spoken, as its model declares it (`Pairs`, `Parejas`, `参赛对`)."""
    name = sheet_name_of(model)
    return sheet_names(spoken_language(), "bridge").get(name, name)


def room_names() -> tuple[str, ...]:
    """The two rooms (Open, Closed) as the language spoken writes them: the first name the Room column
    declares for each in that language."""
    lang = spoken_language()
    if lang == ENGLISH:
        return ROOM_NAMES
    words = next(c.words for c in columns_of(R) if c.name == R.room)
    return tuple(
        words.get(name, words.get(room, {})).get(lang, (name,))[0]
        for room, name in zip(ROOMS, ROOM_NAMES, strict=True)
    )
