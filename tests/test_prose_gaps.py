"""The translation gaps the merges left (issue 17, part 2): the domino conventions' problems (D130-D139), the
PBN/USEBIO reader and `tally convert`, `tally demo`, the ranking site's headers, and a sweep of every sample and
corpus workbook for an English message left verbatim in Spanish or Chinese output."""

from __future__ import annotations

import functools
import json
import re
import sys
import tempfile
from pathlib import Path

import openpyxl
import pytest
from conftest import MATCH_HEADER, sheets_from_tables

from pipeline import api
from pipeline.games.domino.load import domino_event
from pipeline.i18n import speaking
from pipeline.problems import InputError, Problem, UsageError

GAMES_HEADER = [*MATCH_HEADER, "A Games", "B Games"]
PENALTY_HEADER = ["Player", "Pips", "Round", "Reason", "Card"]


def row(rnd, table, a1, b1, a_pips=None, b_pips=None, *, games=()):
    """A Matches row in MATCH_HEADER order (then A Games, B Games when `games` is given)."""
    return [rnd, table, a1, None, b1, None, a_pips, b_pips, None, None, None, *games]


def domino_problems(lang, rows, settings=(), penalties=(), header=MATCH_HEADER) -> list[Problem]:
    """The problems (errors, else warnings) loading a domino event finds, written in `lang`."""
    tables = {"Matches": (header, rows), "Settings": (["Key", "Value"], [list(s) for s in settings])}
    if penalties:
        tables["Penalties"] = (PENALTY_HEADER, [list(p) + [None] * (5 - len(p)) for p in penalties])
    with speaking(lang):
        try:
            return list(domino_event(sheets_from_tables(tables)).warnings)
        except InputError as refused:
            return list(refused.problems)


TWO = [row(1, 1, "p1", "p2", 100, 40), row(1, 2, "p3", "p4", 100, 45)]
BYES = [
    row(1, 1, "p1", "p2", 100, 40),
    row(1, 2, "p3", "BYE"),
    row(2, 1, "p2", "p3", 100, 60),
    row(2, 2, "p1", "BYE"),
]


# hand-written: the sentence as a Spanish or Chinese organizer reads it
@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "es",
            "2 filas de descanso no puntúan: en Configuración Crédito por descanso es ninguno (indique un "
            "porcentaje de la meta para abonarlas)",
        ),
        ("zh", "2 行轮空不计分：设置中的 轮空计分 为无（填写目标的百分比即可为其计分）"),
    ],
)
def test_the_bye_warning_counts_its_rows_in_the_language(lang, expected):
    (warning,) = domino_problems(lang, BYES)
    assert (warning.code, warning.problem) == ("D139", expected)


def test_one_bye_row_is_singular_in_spanish():
    (warning,) = domino_problems("es", BYES[:2])
    assert warning.problem.startswith("1 fila de descanso no puntúa:")


CASES = [  # code, rows, settings, penalties, header
    ("D130", [row(1, 1, "p1", "BYE", 100)], (), (), MATCH_HEADER),
    ("D131", [row(1, 1, "BYE", "p1", 0, 100)], (), (), MATCH_HEADER),
    ("D132", TWO, [("Red Card Pips", 50)], [("p1", None, 1, "", "yellow")], MATCH_HEADER),
    ("D134", TWO, [("Yellow Card Pips", 10)], [("p1", 5, 1, "", "yellow")], MATCH_HEADER),
    ("D135", TWO, [("Sanction", "result")], [("p1", 10, None, "")], MATCH_HEADER),
    ("D135", TWO, [("Sanction", "result")], [("p1", 10, 2, "")], MATCH_HEADER),
    (
        "D137",
        [row(1, 1, "X", "Z", 200, 100, games=(1, 1))],
        [("Match Format", "best of three")],
        (),
        GAMES_HEADER,
    ),
    ("D138", [row(1, 1, "X", "Z", 200, 190, games=(2, 0))], (), (), GAMES_HEADER),
]


@pytest.mark.parametrize(("code", "rows", "settings", "penalties", "header"), CASES)
def test_the_conventions_problems_are_in_spanish_and_chinese(code, rows, settings, penalties, header):
    english = [p for p in domino_problems("en", rows, settings, penalties, header) if p.code == code]
    assert english
    for lang in ("es", "zh"):
        found = [p for p in domino_problems(lang, rows, settings, penalties, header) if p.code == code]
        assert [p.row for p in found] == [p.row for p in english]
        assert all(p.problem != e.problem for p, e in zip(found, english, strict=True)), lang


def test_a_sanction_without_a_match_names_who_and_the_round_in_spanish_and_chinese():
    args = (TWO, [("Sanction", "result")], [("p1", 10, 2, "")])
    (spanish,) = domino_problems("es", *args)
    (chinese,) = domino_problems("zh", *args)
    assert spanish.problem.endswith("p1 no juega ninguna partida en la ronda 2")
    assert chinese.problem.endswith("p1 在第 2 轮没有比赛")
    assert spanish.problem.startswith("con Aplicación de sanciones = resultado")


def test_a_card_without_its_pips_names_the_setting_in_chinese():
    (problem,) = [
        p
        for p in domino_problems("zh", TWO, [("Red Card Pips", 50)], [("p1", None, 1, "", "yellow")])
        if p.code == "D132"
    ]
    assert problem.problem == "黄牌需要在设置中填写 黄牌扣点"


# ---------------------------------------------------------------- the PBN and USEBIO reader

BAD_FILES = [  # name, text: each raises one of B210-B216
    ("unquoted.pbn", '[Event "x"]\n[Board 1]\n'),
    ("open.pbn", '[Event "x"]\n[Board "1"\n'),
    ("string.pbn", '[Event "x\n'),
    ("brace.pbn", '[Event "x"]\n{ never closed\n[Board "1"]\n'),
    ("short.pbn", '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S\n'),
    ("deals.pbn", '[Event "x"]\n[Board "1"]\n[Deal "N:AKQ2.AK3.AK4.AKQ - - -"]\n'),
    ("bam.pbn", '[Scoring "BAM"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Result"]\n1 2 10\n'),
    (
        "solo.pbn",
        '[Competition "Individuals"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Result"]\n1 2 10\n',
    ),
    ("teams.pbn", '[Competition "Teams"]\n[Board "1"]\n[Deal "N:AKQ2.AK3.AK4.AKQ - - -"]\n'),
    (
        "bomb.xml",
        '<?xml version="1.0"?>\n<!DOCTYPE l [<!ENTITY l "l">]>\n<USEBIO><EVENT>&l;</EVENT></USEBIO>\n',
    ),
    ("cut.xml", '<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="PAIRS">\n<BOARD>\n'),
    ("teams.xml", '<USEBIO>\n<EVENT EVENT_TYPE="TEAMS"><BOARD><TRAVELLER_LINE/></BOARD></EVENT></USEBIO>'),
    ("empty.xml", '<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="PAIRS"></EVENT></USEBIO>'),
    ("other.xml", '<?xml version="1.0"?>\n<workbook><sheet/></workbook>'),
]


@pytest.mark.parametrize(("name", "text"), BAD_FILES)
def test_the_pbn_and_usebio_readers_problems_are_in_spanish_and_chinese(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    english = api.validate(path).problems
    assert english and all(p.code.startswith("B21") for p in english)
    for lang in ("es", "zh"):
        found = api.validate(path, lang=lang).problems
        assert [(p.code, p.row) for p in found] == [(p.code, p.row) for p in english]
        assert all(p.problem != e.problem for p, e in zip(found, english, strict=True)), (lang, found)


def test_a_binary_results_file_is_said_in_the_language(tmp_path):
    path = tmp_path / "event.pbn"
    path.write_bytes(b"PK\x03\x04\x00\x00binary")
    (problem,) = api.validate(path, lang="es").problems
    assert (problem.code, problem.problem) == (
        "B211",
        "este no es un archivo de texto (contiene bytes NUL); un archivo PBN o USEBIO es texto escrito por un "
        "programa de puntuación",
    )


def test_a_tag_without_quotes_in_chinese(tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text('[Event "x"]\n[Board 1]\n')
    (problem,) = [p for p in api.validate(path, lang="zh").problems if p.code == "B212"]
    assert problem.problem == '标签对的格式是 [名称 "值"]：名称、双引号中的值，然后是 ]'


def test_convert_refuses_another_kind_of_file_in_the_language(tmp_path):
    path = tmp_path / "event.csv"
    path.write_text("x")
    with speaking("es"), pytest.raises(UsageError) as refused:
        api.convert(path)
    assert "tally convert lee un archivo de resultados PBN (.pbn) o USEBIO (.xml)" in str(refused.value)


# ---------------------------------------------------------------- the ranking and batch sites in --lang

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"
sys.path.insert(0, str(ROOT / "tools"))
HEADER = re.compile(r"<th[^>]*>([^<]*)</th>")


def headers_of(site: Path) -> set[str]:
    """Every table header of every page of a site."""
    return {h for page in site.rglob("*.html") for h in HEADER.findall(page.read_text(encoding="utf-8"))}


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_rank_publish_writes_the_site_in_the_language_asked(tmp_path):
    standings = [
        api.score(SAMPLES / f"{s}.xlsx", tmp_path).path for s in ("domino_pairs", "domino_individual")
    ]
    api.rank(standings, tmp_path / "ranking.xlsx", lang="es", publish=tmp_path / "site")
    found = headers_of(tmp_path / "site")
    assert {"Peso", "Puesto", "Cuenta", "Periodo", "Eventos", "Mejor", "Juego"} <= found
    assert not found & {"Weight", "Place", "Counted", "Window", "Events", "Best", "Game", "File"}
    assert '<html lang="es">' in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_batch_publish_writes_the_index_in_the_language_asked(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "night.xlsx").write_bytes((SAMPLES / "domino_pairs.xlsx").read_bytes())
    api.batch(folder, tmp_path / "out", lang="zh", publish=tmp_path / "site")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh">' in index
    assert '<html lang="zh">' in (tmp_path / "site" / "night" / "index.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------- the sweep: no English message left

# English messages that Spanish or Chinese write the same way, and why (a cell or message may equal them)
SAME_WORD = {
    "Provisional": "the status word: Spanish says Provisional too",
    "bridge": "the game's name: Spanish says bridge too",
    "Final": "the status word: Spanish says Final too",
    "IMPs": "the bridge unit: Spanish and Chinese write IMPs too",
}


@functools.cache
def english_messages() -> tuple[frozenset[str], re.Pattern[str]]:
    """Every English message of every catalog longer than 3 characters without fields (a cell or message
    could equal it), and a pattern finding the longest literal part of each message with fields (a part of
    two words or more, 10 characters or longer: what a filled-in message would still show in English)."""
    from catalogs import extracted

    ids = {m if isinstance(m, str) else m[0] for messages in extracted().values() for m in messages}
    whole = frozenset(m for m in ids if "{" not in m and len(m) > 3 and m not in SAME_WORD)
    parts = {max(re.split(r"\{\w*\}|%\(\w+\)s", m), key=len).strip() for m in ids if "{" in m}
    parts = {p for p in parts if len(p) >= 10 and re.search(r"[a-z]{2,} [a-z]{2,}", p)}
    return whole, re.compile("|".join(re.escape(p) for p in sorted(parts, key=len, reverse=True)))


def english_in(texts: list[str]) -> list[str]:
    """The texts that are, or hold the words of, an English message."""
    whole, parts = english_messages()
    return [t for t in texts if t in whole or t.removeprefix("warning: ") in whole or parts.search(t)]


def text_cells(path: Path) -> list[str]:
    """Every text cell of a workbook."""
    book = openpyxl.load_workbook(path)
    return [
        c
        for ws in book.worksheets
        for row in ws.iter_rows(values_only=True)
        for c in row
        if isinstance(c, str)
    ]


SCORED = [  # (sample, --lang): every twin in its own language, every English sample in Spanish and Chinese
    *((f"{lang}/{p.name}", None) for lang in ("es", "zh") for p in sorted((SAMPLES / lang).glob("*.xlsx"))),
    *((p.name, lang) for lang in ("es", "zh") for p in sorted(SAMPLES.glob("*.xlsx"))),
]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_no_standings_cell_is_an_english_message(tmp_path):
    assert len(SCORED) == 28
    left = {}
    for name, lang in SCORED:  # 28 workbooks
        source = SAMPLES / name
        typed = set(
            text_cells(source)
        )  # what the organizer typed stays as typed (an English sample's reasons)
        out = api.score(source, tmp_path / f"{lang}-{source.parent.name}-{source.name}", lang=lang).path
        found = [t for t in english_in(text_cells(out)) if t not in typed]
        if found:
            left[f"{name} --lang {lang}"] = found
    assert not left


@pytest.mark.slow  # validates every corpus workbook twice (about 35 s; make test SLOW=1 and CI run it)
def test_no_validate_message_of_the_corpora_is_english():
    from corpus import bridge_cases, domino_cases, hostile_cases
    from typer.testing import CliRunner

    from pipeline.cli import app

    cases = [*domino_cases.CASES, *bridge_cases.CASES, *hostile_cases.CASES]
    left: dict[str, set[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(cases):  # about three hundred small workbooks
            folder = Path(tmp) / str(i)
            folder.mkdir()
            path = str(case.write(folder))
            for lang in ("es", "zh"):
                options = ["validate", path, "--json", "--lang", lang, *getattr(case, "options", ())]
                records = json.loads(CliRunner().invoke(app, options).stdout)
                for said in english_in([r["problem"] for r in records]):
                    left.setdefault(lang, set()).add(said)
    assert not left
