"""The Spanish and Chinese twins of the bundled samples: each English sample of sample_data/ as a Spanish and as a
Chinese organizer would type it, written to sample_data/es/ and sample_data/zh/ under the English file name by
`make samples` (tools/make_samples.py).

Everything a person types is translated. Sheet names, headers, Settings keys, the words of a column or a setting
(the domino Ended and Mode, the bridge Scoring and Room, yes/no) and the bridge strains, doubles and seats come from
the declarations (the first name each gives in the language: the names tally writes); what no declaration names
is written out below by hand: the events' names, the penalties' reasons and how a passed-out board is written.
Numbers, dates, ids and people's names are the same in every language (a team's name is its id). The test of the
twins (tests/test_twins.py) checks them against a table of its own, written out by hand apart from this one.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from openpyxl import Workbook, load_workbook

from pipeline.games.bridge.contracts import ANY, DOUBLE, SEAT, SPELLINGS, STRAIN
from pipeline.games.registry import GAMES
from pipeline.games.settings import YES_NO
from pipeline.language import header_in, sheet_names
from pipeline.sheets import _is_model, header_key
from schemas.common import LANGUAGES, Vocabulary, columns_of

TWIN_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != "en")  # es, zh: a folder of sample_data/ each

# English -> (Spanish, Chinese): what an organizer types that no declaration names.
EVENTS = {
    "Club pairs night": ("Noche de parejas del club", "俱乐部双人赛之夜"),
    "Individual open": ("Abierto individual", "个人公开赛"),
    "Run-out challenge": ("Desafío a manos", "计局挑战赛"),
    "Tuesday pairs": ("Parejas del martes", "周二双人赛"),
    "IMP pairs (Cross-IMP)": ("Parejas a IMPs (IMP cruzados)", "双人国际比赛分赛（交叉）"),
    "IMP pairs (Butler)": ("Parejas a IMPs (Butler)", "双人国际比赛分赛（巴特勒）"),
    "Winter teams": ("Equipos de invierno", "冬季队式赛"),
}
REASONS = {  # a penalty's reason
    "played out of turn": ("jugó fuera de turno", "未按顺序出牌"),
    "slow play": ("juego lento", "出牌过慢"),
    "late arrival": ("llegada tarde", "迟到"),
}
PASSED = {"PASS": ("Paso", "都不叫")}  # a board passed out
BY_HAND = {"Event": EVENTS, "Reason": REASONS}  # the setting or header whose values they are


def by_hand(table: dict[str, tuple[str, str]], text: str, lang: str) -> str:
    """A text of a hand-written table in the language (English text no table names: as it is)."""
    return table[text][TWIN_LANGUAGES.index(lang)] if text in table else text


def word_in(vocabulary: Vocabulary, text: object, lang: str) -> object:
    """A word of a vocabulary (matched as tally reads it: `Cross-IMP` is `cross_imp`) in the language: the first
    name declared for it there; a cell with no such word or name as it is."""
    if not isinstance(text, str):
        return text
    word = next((w for w in vocabulary if header_key(w) == header_key(text)), None)
    names = vocabulary.get(word, {}).get(lang, ()) if word is not None else ()
    return names[0] if names else text


@functools.cache
def column_words(game: str) -> dict[str, Vocabulary]:
    """Header -> the words its column declares in other languages, for the sheets of a game (and shared ones)."""
    import importlib

    found: dict[str, Vocabulary] = {}
    for module in (importlib.import_module(f"schemas.{game}"), importlib.import_module("schemas.shared")):
        for model in vars(module).values():  # each module's classes
            if _is_model(model):
                found.update({c.title: c.words for c in columns_of(model) if c.words})
    return found


def spelling(what: str, means: str, lang: str) -> str:
    """A bridge value (a strain C D H S N, doublings 1 or 2, a seat N E S W) as the language writes it: the first
    spelling declared in it, else the first shared one (`D`, `X`); a seat by its letter where it has one (`O`)."""
    declared = [s for s in SPELLINGS if s.what == what and s.means == means]
    found = [s.text for s in declared if s.language == lang] + [s.text for s in declared if s.language == ANY]
    return min(found, key=len) if what == SEAT else found[0]


CONTRACT = re.compile(r"(?P<level>[1-7])(?P<strain>NT|[CDHS])(?P<doubled>X{0,2})")


def contract_in(text: object, lang: str) -> object:
    """An English contract (`4S`, `5SX`, `3NT`, `PASS`) as the language writes it: `4P`, `5P Doblado`, `3SA`;
    `4黑桃`, `5黑桃加倍`, `3无将`."""
    if not isinstance(text, str):
        return text
    found = CONTRACT.fullmatch(text)
    if found is None:
        return by_hand(PASSED, text, lang)
    strain = spelling(STRAIN, found["strain"][0], lang)
    doubled = spelling(DOUBLE, str(len(found["doubled"])), lang) if found["doubled"] else ""
    if lang == "es" and doubled:
        return f"{found['level']}{strain} {doubled.capitalize()}"
    return f"{found['level']}{strain}{doubled}"


def cell_in(header: str, text: object, lang: str, game: str) -> object:
    """One typed cell of the column under `header` in the language."""
    if header == "Contract":
        return contract_in(text, lang)
    if header == "Declarer":
        return spelling(SEAT, text, lang) if isinstance(text, str) else text
    if header in column_words(game):
        return word_in(column_words(game)[header], text, lang)
    if header in BY_HAND and isinstance(text, str):
        return by_hand(BY_HAND[header], text, lang)
    return text


def setting_in(key: object, value: object, lang: str, game: str) -> tuple[object, object]:
    """A Settings row (key, value) in the language: the key's declared name, the value's declared word (or yes and
    no, or the event's name)."""
    specs = GAMES[game].setting_specs().values()
    spec = next((s for s in specs if header_key(s.title) == header_key(key)), None)
    if spec is None:
        return key, value
    if spec.title in BY_HAND and isinstance(value, str):
        value = by_hand(BY_HAND[spec.title], value, lang)
    value = word_in({**YES_NO, **spec.words}, value, lang)
    return (spec.names[lang][0] if spec.names.get(lang) else spec.title), value


def game_of(book: Workbook) -> str:
    """The game of a sample: bridge when it has a Results sheet."""
    return "bridge" if "Results" in book.sheetnames else "domino"


def twin(source: Path, lang: str) -> Workbook:
    """The sample translated into the language (es, zh): every sheet's name, header row and typed words."""
    book = load_workbook(source)
    game = game_of(book)
    for ws in book.worksheets:
        headers = [str(c.value) for c in ws[1]]
        for row in ws.iter_rows(min_row=2):  # a sample's few hundred cells
            if ws.title == "Settings":
                row[0].value, row[1].value = setting_in(row[0].value, row[1].value, lang, game)
                continue
            for header, cell in zip(headers, row, strict=False):
                cell.value = cell_in(header, cell.value, lang, game)
        for cell in ws[1]:
            cell.value = header_in(str(cell.value), lang)
        ws.title = sheet_names(lang, game)[ws.title]
    return book


def write_twins(samples: Path) -> list[Path]:
    """Every English sample of the folder written as its twins, `<folder>/<lang>/<name>.xlsx`."""
    written = []
    for source in sorted(samples.glob("*.xlsx")):
        for lang in TWIN_LANGUAGES:
            path = samples / lang / source.name
            path.parent.mkdir(exist_ok=True)
            twin(source, lang).save(path)
            written.append(path)
    return written
