"""Domino and shared game prose in the organizer's language (docs/languages.md, "Prose"): problems, the Rules
sheet, Decided By, templates and schedules in Spanish and Chinese; a Spanish template reads back."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from conftest import MATCH_HEADER

from pipeline import api
from pipeline.i18n import speaking
from pipeline.language import english_texts

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_data" / "domino_pairs.xlsx"
sys.path.insert(0, str(ROOT / "tools"))

# English messages of these domains that Spanish writes the same way, and why
SAME_IN_SPANISH = {
    "no": "the Required word: Spanish says no too",
    "1; {range}": "a hint: a number and a range",
}


@functools.cache
def english_messages() -> frozenset[str]:
    """Every English message of the domino and tally catalogs without fields (as a cell would hold it)."""
    from catalogs import extracted

    found = extracted()
    messages = {m if isinstance(m, str) else m[0] for d in ("domino", "tally") for m in found.get(d, {})}
    return frozenset(m for m in messages if "{" not in m)


@functools.cache
def standings_in(lang: str) -> api.Standings:
    """The sample's standings in a language (computed once)."""
    return api.standings(SAMPLE, lang=lang)


def cells_of(path: Path) -> list[str]:
    """Every text cell of a workbook."""
    book = openpyxl.load_workbook(path)
    return [str(c) for ws in book.worksheets for row in ws.iter_rows(values_only=True) for c in row if c]


def frame_cells(standings: api.Standings) -> list[str]:
    """Every text cell of the standings' sheets."""
    return [str(v) for s in standings.sheets for v in s.frame.astype("str").to_numpy().ravel().tolist()]


def test_a_problem_in_spanish_and_chinese_keeps_its_code(tmp_xlsx) -> None:
    path = tmp_xlsx({"Matches": (MATCH_HEADER, [[1, 1, "P1", None, "P2", None, 100, None]])})
    spanish = api.validate(path, lang="es").problems
    chinese = api.validate(path, lang="zh").problems
    english = api.validate(path).problems
    assert [p.code for p in spanish] == [p.code for p in english] == [p.code for p in chinese]
    assert "D105" in [p.code for p in spanish]
    assert "falta el número de tantos de este lado" in [p.problem for p in spanish]
    assert "必须填写这一方的点数" in [p.problem for p in chinese]


def test_a_setting_out_of_range_says_its_range_in_spanish(tmp_xlsx) -> None:
    path = tmp_xlsx(
        {
            "Matches": (MATCH_HEADER, [[1, 1, "P1", None, "P2", None, 100, 40]]),
            "Settings": (["Key", "Value"], [["Podium", 500]]),
        }
    )
    found = [p for p in api.validate(path, lang="es").problems if p.code == "S105"]
    assert [p.problem for p in found] == [
        "se esperaba cuántos puestos muestra el podio: un número entero de 1 a 100"
    ]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_rules_and_decided_by_in_spanish_and_chinese() -> None:
    spanish = standings_in("es")
    rules = next(s.frame for s in spanish.sheets if s.name == "Reglas")
    said = dict(zip(rules.iloc[:, 0], rules.iloc[:, 1], strict=True))
    assert said["Modalidad"] == "por tantos (se cuentan tantos)"
    assert said["Puntos de partida"] == "ganador 1, perdedor 0"
    assert said["Criterio 5"] == "Tantos en contra, de menor a mayor"
    assert said["Estado"] == "Definitiva"
    table = next(s.frame for s in spanish.sheets if s.name == "Clasificación")
    assert set(table["Desempate"]) <= {"puntos", "puntos de partida", "efectividad", "tantos a favor",
                                       "tantos en contra", "enfrentamiento directo", "empate", ""}  # fmt: skip
    chinese = standings_in("zh")
    table = next(s.frame for s in chinese.sheets if s.name == "排名")
    assert table["决定因素"].iloc[0] == "积分"


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("lang", ["es", "zh"])
def test_no_english_sentence_left_in_standings(lang: str) -> None:
    english = english_messages() - set(SAME_IN_SPANISH if lang == "es" else ())
    left = set(frame_cells(standings_in(lang))) & english
    assert not left


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("lang", ["es", "zh"])
def test_no_english_sentence_left_in_template_and_schedule(tmp_path: Path, lang: str) -> None:
    english = english_messages() - set(SAME_IN_SPANISH if lang == "es" else ())
    template = api.template("domino", tmp_path / "t.xlsx", lang=lang)
    schedule = api.domino_schedule(None, tmp_path / "s.xlsx", entrants_count=8, individual=True, lang=lang)
    assert not set(cells_of(template)) & english
    assert not set(cells_of(schedule.path)) & english


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_spanish_template_reads_back(tmp_path: Path) -> None:
    path = api.template("domino", tmp_path / "plantilla.xlsx", lang="es")
    book = openpyxl.load_workbook(path)
    assert book.sheetnames[:4] == ["Partidas", "Jugadores", "Sanciones", "Configuración"]
    notes = list(book["Notas"].iter_rows(values_only=True))
    assert notes[0] == ("Hoja", "Columna", "Obligatoria", "Contenido")
    assert ("Partidas", "Ronda", "sí", "la ronda, un número entero de 1 a 10,000") in notes
    settings = dict(book["Configuración"].iter_rows(min_row=2, values_only=True))
    assert settings["Modalidad"] == "tantos"
    matches = book["Partidas"]
    headers = [c.value for c in matches[1]]
    row = {"Ronda": 1, "Mesa": 1, "A1": "P1", "B1": "P2", "Tantos A": 100, "Tantos B": 40}
    matches.append([row.get(h) for h in headers])
    corrections = book["Correcciones"]
    headers = [c.value for c in corrections[1]]
    assert headers[:4] == ["Presentada", "Ronda", "Mesa", "Columna"]
    fix = {"Presentada": "2026-11-30 21:25", "Ronda": 1, "Mesa": 1, "Columna": "Tantos B", "Valor nuevo": 45}
    corrections.append([fix.get(h, "error al anotar" if h == "Motivo" else None) for h in headers])
    book.save(path)
    standings = api.standings(path)
    assert standings.language == "es"
    table = next(s.frame for s in standings.sheets if s.name == "Clasificación")
    assert list(table["Pareja"]) == ["P1", "P2"]
    assert list(table["Tantos en contra"]) == [45, 100]  # B's 40 corrected to 45
    log = next(s.frame for s in standings.sheets if s.name == "Correcciones")
    assert list(log["Estado"]) == ["aplicada"]


def test_a_chinese_schedule_writes_cards_in_chinese(tmp_path: Path) -> None:
    written = api.domino_schedule(None, tmp_path / "s.xlsx", entrants_count=4, lang="zh")
    book = openpyxl.load_workbook(written.path)
    assert "桌卡" in book.sheetnames
    cards = [c for c in cells_of(written.path) if c.startswith("第 ")]
    assert cards[0] == "第 1 轮，第 1 桌"


def test_a_schedule_speaks_the_language_of_its_players_workbook(tmp_path: Path) -> None:
    players = tmp_path / "jugadores.xlsx"
    book = openpyxl.Workbook()
    ws = book.active
    ws.title = "Jugadores"
    ws.append(["Código", "Nombre"])
    for i in range(1, 5):
        ws.append([f"P{i}", f"Jugador {i}"])
    book.save(players)
    written = api.domino_schedule(players, tmp_path / "calendario.xlsx")
    assert "Partidas" in openpyxl.load_workbook(written.path).sheetnames
    with speaking("en"):
        english = api.domino_schedule(None, tmp_path / "e.xlsx", entrants_count=4)
    assert "Matches" in openpyxl.load_workbook(english.path).sheetnames


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_words_tally_wrote_in_any_language_read_back_in_english() -> None:
    english = next(s.frame for s in api.standings(SAMPLE).sheets if s.name == "Standings")
    for lang, sheet, decided in (("es", "Clasificación", "Desempate"), ("zh", "排名", "决定因素")):
        written = next(s.frame for s in standings_in(lang).sheets if s.name == sheet)
        assert english_texts(written[decided]).tolist() == english["Decided By"].tolist()
    cells = pd.Series(["empate", "积分", "ganador 1, perdedor 0", "P1", 7, None], dtype="object")
    assert english_texts(cells).tolist() == ["tied", "points", "winner 1, loser 0", "P1", 7, None]
