"""Parse typed contracts, declarers, trick results and vulnerabilities into clean columns, in English, Spanish
and Chinese; every spelling is declared once, in `SPELLINGS` (docs/bridge-values.md is made from it)."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

import pandas as pd

from pipeline.parsing import via_distinct
from schemas.bridge import EAST_WEST, NORTH_SOUTH
from schemas.bridge import Contract as K

EN, ES, ZH, ANY = (
    "en",
    "es",
    "zh",
    "any",
)  # the language a spelling belongs to (ANY: a symbol or shared letter)
LANGUAGE_NAMES = {EN: "English", ES: "Spanish", ZH: "Chinese", ANY: "any"}
STRAIN, DOUBLE, SEAT, VUL = K.strain, "double", K.seat, "vulnerability"  # the kinds of value spelled


class Spelling(NamedTuple):
    """One way a bridge value is typed: the text as read (NFKC, upper case, no spaces), what it means (a strain
    C D H S N, doublings 1 or 2, a seat N E S W, a vulnerability 0 none 1 NS 2 EW 3 both), its language, the
    word it stands for, and a cell that uses it."""

    text: str
    what: str
    means: str
    language: str
    word: str
    example: str


def spellings(what: str, means: str, language: str, word: str, example: str, *texts: str) -> list[Spelling]:
    """One spelling per text, all meaning the same; each example is `example` with the text in place of {}."""
    return [Spelling(t, what, means, language, word, example.format(t)) for t in texts]


# `C` means clubs in English and corazones (hearts) in Spanish: read by the workbook's language (CLUBS_OR_HEARTS).
SPELLINGS: tuple[Spelling, ...] = (
    *spellings(STRAIN, "C", EN, "clubs", "1{}", "C"),
    *spellings(STRAIN, "D", ANY, "diamonds (diamantes)", "2{}", "D"),
    *spellings(STRAIN, "H", EN, "hearts", "3{}", "H"),
    *spellings(STRAIN, "S", EN, "spades", "4{}", "S"),
    *spellings(STRAIN, "N", EN, "no trump", "3{}", "NT", "N"),
    *spellings(STRAIN, "C", ES, "clubs (tréboles)", "1{}", "T"),
    *spellings(STRAIN, "H", ES, "hearts (corazones)", "3{}", "C"),
    *spellings(STRAIN, "S", ES, "spades (picas)", "4{}", "P"),
    *spellings(STRAIN, "N", ES, "no trump (sin triunfo)", "3{}", "SA", "ST"),
    *spellings(STRAIN, "C", ZH, "clubs (梅花)", "1{}", "梅花"),
    *spellings(STRAIN, "D", ZH, "diamonds (方块)", "2{}", "方块", "方塊"),
    *spellings(STRAIN, "H", ZH, "hearts (红心)", "3{}", "红心", "紅心"),
    *spellings(STRAIN, "S", ZH, "spades (黑桃)", "4{}", "黑桃"),
    *spellings(STRAIN, "N", ZH, "no trump (无将)", "3{}", "无将", "無將"),
    *spellings(STRAIN, "C", ANY, "clubs", "1{}", "♣", "♧"),
    *spellings(STRAIN, "D", ANY, "diamonds", "2{}", "♦", "♢"),
    *spellings(STRAIN, "H", ANY, "hearts", "3{}", "♥", "♡"),
    *spellings(STRAIN, "S", ANY, "spades", "4{}", "♠", "♤"),
    *spellings(DOUBLE, "1", ANY, "doubled", "4S{}", "X", "*"),
    *spellings(DOUBLE, "2", ANY, "redoubled", "4S{}", "XX", "**"),
    *spellings(DOUBLE, "1", ES, "doubled (doblado)", "4P {}", "DOBLADO"),
    *spellings(DOUBLE, "2", ES, "redoubled (redoblado)", "4P {}", "REDOBLADO"),
    *spellings(DOUBLE, "1", ZH, "doubled (加倍)", "4黑桃{}", "加倍"),
    *spellings(DOUBLE, "2", ZH, "redoubled (再加倍)", "4黑桃{}", "再加倍"),
    *spellings(SEAT, "N", ANY, "north (norte)", "{}", "N"),
    *spellings(SEAT, "E", ANY, "east (este)", "{}", "E"),
    *spellings(SEAT, "S", ANY, "south (sur)", "{}", "S"),
    *spellings(SEAT, "W", EN, "west", "{}", "W", "WEST"),
    *spellings(SEAT, "N", EN, "north", "{}", "NORTH"),
    *spellings(SEAT, "E", EN, "east", "{}", "EAST"),
    *spellings(SEAT, "S", EN, "south", "{}", "SOUTH"),
    *spellings(SEAT, "N", ES, "north (norte)", "{}", "NORTE"),
    *spellings(SEAT, "E", ES, "east (este)", "{}", "ESTE"),
    *spellings(SEAT, "S", ES, "south (sur)", "{}", "SUR"),
    *spellings(SEAT, "W", ES, "west (oeste)", "{}", "O", "OESTE"),
    *spellings(SEAT, "N", ZH, "north (北)", "{}", "北"),
    *spellings(SEAT, "E", ZH, "east (东)", "{}", "东", "東"),
    *spellings(SEAT, "S", ZH, "south (南)", "{}", "南"),
    *spellings(SEAT, "W", ZH, "west (西)", "{}", "西"),
    *spellings(VUL, "0", EN, "none", "{}", "NONE", "NIL", "-", "O", "LOVE"),
    *spellings(VUL, "1", ANY, "north-south", NORTH_SOUTH, NORTH_SOUTH, "N-S", "N/S"),
    *spellings(VUL, "2", EN, "east-west", EAST_WEST, EAST_WEST, "E-W", "E/W"),
    *spellings(VUL, "3", EN, "both sides", "{}", "ALL", "BOTH", "B"),
    *spellings(VUL, "0", ES, "none (ninguno)", "{}", "NINGUNO", "NADIE"),
    *spellings(VUL, "2", ES, "east-west (este-oeste)", "{}", "EO", "E-O", "E/O"),
    *spellings(VUL, "3", ES, "both sides (todos)", "{}", "TODOS", "AMBOS"),
    *spellings(VUL, "0", ZH, "none (无局)", "{}", "无局", "無局"),
    *spellings(VUL, "1", ZH, "north-south (南北有局)", "{}", "南北有局"),
    *spellings(VUL, "2", ZH, "east-west (东西有局)", "{}", "东西有局", "東西有局"),
    *spellings(VUL, "3", ZH, "both sides (双有局)", "{}", "双有局", "雙有局"),
)
CLUBS_OR_HEARTS = "C"  # the one strain letter whose meaning depends on the language (clubs / corazones)
PASSED_PATTERN = r"^(?:PASS|P|AP|ALLPASS|PASO|TODOSPASAN|都不叫|全部不叫)$"
RESULT_PATTERN = r"^(?:(?P<made>=|0|MADE|M)|(?P<offset>[+-][0-9]{1,2}))$"
RELATIVE_TRICKS_PATTERN = r"^(?:=|[+-][0-9]{1,2})$"  # a Tricks cell given against the contract: =, +1, -2
NO_LANGUAGE = ""


@functools.cache
def spelled(what: str) -> tuple[Spelling, ...]:
    """The declared spellings of one kind of value."""
    return tuple(s for s in SPELLINGS if s.what == what)


def alternation(texts: list[str]) -> str:
    """A regex matching any of the texts, longest first (so that NT is tried before N, XX before X)."""
    return "|".join(re.escape(t) for t in sorted(set(texts), key=lambda t: (-len(t), t)))


@functools.cache
def meaning_of(what: str) -> dict[str, str]:
    """Text -> meaning of one kind of value (`C` as clubs: CLUBS_OR_HEARTS is read by the workbook's language)."""
    found = {
        s.text: s.means for s in reversed(spelled(what)) if s.language != ES or s.text != CLUBS_OR_HEARTS
    }
    return found


@functools.cache
def language_of(what: str) -> dict[str, str]:
    """Text -> the one language it is typed in (English, Spanish or Chinese); none for shared spellings."""
    by_text: dict[str, set[str]] = {}
    for s in spelled(what):  # a hundred spellings
        by_text.setdefault(s.text, set()).add(s.language)
    return {t: next(iter(langs)) for t, langs in by_text.items() if len(langs) == 1 and ANY not in langs}


DECLARER_NAMES = meaning_of(SEAT)
VUL_CODES = {text: int(code) for text, code in meaning_of(VUL).items()}
SEAT_TEXT = alternation(list(DECLARER_NAMES))
STRAIN_TEXT = alternation([s.text for s in spelled(STRAIN)])
DOUBLE_TEXT = alternation([s.text for s in spelled(DOUBLE)])
CONTRACT_PATTERN = (
    rf"^(?P<before>{SEAT_TEXT})?(?P<{K.level}>[1-7])(?P<{K.strain}>{STRAIN_TEXT})(?P<{K.doubling}>{DOUBLE_TEXT})?"
    rf"(?:(?P<{K.result}>=|[+-][0-9]{{1,2}})(?P<after>{SEAT_TEXT})?)?$"
)


def normalized_text(text: pd.Series) -> pd.Series:
    """Text as NFKC, upper-case, without any whitespace (NA stays NA)."""
    return (
        text.astype("str")
        .str.normalize("NFKC")
        .str.upper()
        .str.replace(r"\s+", "", regex=True)
        .str.replace(r"[−–—]", "-", regex=True)
    )


def strain_letters(text: pd.Series) -> pd.Series:
    """Normalized contract text with every symbol and Chinese strain (and NT) replaced by C, D, H, S or N."""
    for s in spelled(STRAIN):  # symbols, Chinese words and NT: spellings longer than a letter or not a letter
        if s.language in (ZH, ANY) and s.text not in "CDHSN" or s.text == "NT":
            text = text.str.replace(s.text, s.means, regex=False)
    return text


def parsed_contracts(text: pd.Series) -> pd.DataFrame:
    """Typed contracts (`Contract`) parsed from the text typed: level, strain, doubling, passed, valid; and
    what a one-cell contract adds (its result against the contract, its declarer), whether the strain was the
    letter C (clubs in English, hearts in Spanish: read as clubs here) and the language the cell shows."""
    clean = normalized_text(text)
    parts = clean.str.extract(CONTRACT_PATTERN)
    passed = clean.str.fullmatch(PASSED_PATTERN).fillna(False).astype(bool)
    found = parts[K.level].notna()
    strains, doubles = meaning_of(STRAIN), meaning_of(DOUBLE)
    offset = parts[K.result].str.replace("=", "0", regex=False)
    seat = parts["before"].fillna(parts["after"])
    language = (
        parts[K.strain]
        .map(language_of(STRAIN))
        .fillna(parts[K.doubling].map(language_of(DOUBLE)))
        .fillna(seat.map(language_of(SEAT)))
        .fillna(NO_LANGUAGE)
    )
    return pd.DataFrame(
        {
            K.level: pd.to_numeric(parts[K.level]).astype("Int64"),
            K.strain: parts[K.strain].map(strains).astype("str"),
            K.doubling: pd.to_numeric(parts[K.doubling].map(doubles)).fillna(0).astype("int64"),
            K.passed: passed,
            K.valid: found | passed,
            K.result: pd.to_numeric(offset).astype("Float64"),
            K.seat: seat.map(DECLARER_NAMES).astype("str"),
            K.clubs_or_hearts: parts[K.strain].eq(CLUBS_OR_HEARTS).fillna(False).astype(bool),
            K.language: language.where(found, NO_LANGUAGE).astype("str"),
        },
        index=text.index,
    )


def parsed_declarers(text: pd.Series) -> pd.Series:
    """Declarer seat as N, E, S or W (NA when blank or not a seat name)."""
    return normalized_text(text).map(DECLARER_NAMES).astype("str")


def declarer_languages(text: pd.Series) -> pd.Series:
    """The language a Declarer cell is typed in (`W`, `West`: English; `O`, `Oeste`: Spanish), else ''. The
    cell as `normalized_text` reads it looked up among the seats' spellings; blank: ''. Each distinct cell is
    read once (`via_distinct`)."""
    return via_distinct(text, declarer_texts_languages, NO_LANGUAGE, "str")


def declarer_texts_languages(text: pd.Series) -> pd.Series:
    """`declarer_languages` for cells none of which is blank (the distinct cells of a column)."""
    return normalized_text(text).map(language_of(SEAT)).fillna(NO_LANGUAGE).astype("str")


def tricks_from_result(level: pd.Series, result_text: pd.Series) -> pd.Series:
    """Tricks taken (Int64 0-13) from the level and a result such as =, +1, -2 or made."""
    parts = normalized_text(result_text).str.extract(RESULT_PATTERN)
    offset = pd.to_numeric(parts["offset"]).where(parts["made"].isna(), 0)
    tricks = (pd.to_numeric(level).astype("Float64") + 6 + offset.to_numpy()).astype("Int64")
    return tricks.where(tricks.between(0, 13))


def relative_tricks(text: pd.Series) -> pd.Series:
    """True where a Tricks cell is given against the contract (=, +1, -2) rather than as a count: the cell as
    `normalized_text` reads it matches RELATIVE_TRICKS_PATTERN; blank: False. Each distinct cell is read once
    (`via_distinct`)."""
    return via_distinct(text, relative_texts, False, bool)


def relative_texts(text: pd.Series) -> pd.Series:
    """`relative_tricks` for cells none of which is blank (the distinct cells of a column)."""
    return normalized_text(text).str.fullmatch(RELATIVE_TRICKS_PATTERN).fillna(False).astype(bool)


def contract_language(languages: pd.Series) -> str:
    """The language a workbook's contracts (and declarers) are in, from the cells that show one: English or
    Spanish when only that one shows, '' when neither does, 'mixed' when both do (Chinese shows neither)."""
    shown = set(pd.unique(languages.astype("str").dropna())) & {EN, ES}  # the few distinct languages
    return shown.pop() if len(shown) == 1 else ("mixed" if shown else NO_LANGUAGE)
