"""Bridge prose in the organizer's language (docs/languages.md, "Prose"): the schedules written in Spanish and
Chinese read back and score, the Rules sheet, Decided By, room names and problems in the language spoken, and no
English sentence of the bridge catalog left in Spanish or Chinese output."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.games.bridge.load import NO_PAIR, UNKNOWN_ID
from pipeline.i18n import speaking
from pipeline.problems import InputError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from tables import table_rows  # noqa: E402


def pairs_book(
    folder: Path, count: int, sheet: str = "Pairs", headers: tuple[str, str] = ("Pair", "Names")
) -> Path:
    """A workbook with a Pairs sheet of `count` pairs, ids 101, 102, ..."""
    book = Workbook()
    ws = book.active
    ws.title = sheet
    ws.append(list(headers))
    for i in range(count):
        ws.append([str(101 + i), f"Jugador {2 * i + 1} y Jugador {2 * i + 2}"])
    path = folder / "pairs.xlsx"
    book.save(path)
    return path


def filled(path: Path, results: str, headers: dict[str, str]) -> Path:
    """The written workbook with every Results row given 3NT by North making 9 + (board mod 3) tricks."""
    book = load_workbook(path)
    ws = book[results]
    at = {c.value: c.column for c in ws[1]}
    for row in range(2, ws.max_row + 1):  # every written row
        board = ws.cell(row, at[headers["Board"]]).value
        ws.cell(row, at[headers["Contract"]]).value = "3NT"
        ws.cell(row, at[headers["Declarer"]]).value = "N"
        ws.cell(row, at[headers["Tricks"]]).value = 9 + board % 3
    out = path.with_name("filled.xlsx")
    book.save(out)
    return out


@functools.cache
def english_sentences() -> frozenset[str]:
    """The bridge catalog's English messages (its msgids: the catalog check keeps them those of the code, as
    tools/catalogs.extracted() finds them) of more than one word and without a field: a short word or a name
    ("Fields", "Teams", "Mitchell") may be written the same in Spanish."""
    from babel.messages.pofile import read_po

    with (ROOT / "pipeline" / "locale" / "es" / "LC_MESSAGES" / "bridge.po").open("rb") as handle:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    return frozenset(m for m in ids if " " in m.strip() and "{" not in m and len(m) > 12)


def texts_of(path: Path) -> list[str]:
    """Every text cell of a workbook."""
    book = load_workbook(path, read_only=True)
    return [
        v
        for ws in book.worksheets
        for row in ws.iter_rows(values_only=True)
        for v in row
        if isinstance(v, str)
    ]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_mitchell_in_spanish_is_written_in_spanish_and_scores(tmp_path: Path) -> None:
    pairs = pairs_book(tmp_path, 8, sheet="Parejas", headers=("Pareja", "Nombres"))
    out = api.bridge_pairs_schedule(pairs, tmp_path / "noche.xlsx", movement_name="mitchell")  # its language
    book = load_workbook(out)
    assert book.sheetnames == [
        "Resultados",
        "Parejas",
        "Configuración",
        "Guías de mesa",
        "Guías de pareja",
        "Movimiento de tableros",
        "Planillas viajeras",
    ]
    guides = table_rows(book["Guías de mesa"])
    assert guides[0][:2] == ("Tarjeta", "Ronda")
    assert guides[1][0] == "Mesa 1"
    assert any(r[-1] == "recoger" for r in guides)  # the last round: the boards go back to the director
    assert table_rows(book["Planillas viajeras"])[1][0] == "Tablero 1"
    assert table_rows(book["Guías de pareja"])[1][0].startswith("Pareja 101 - ")
    settings = dict(table_rows(book["Configuración"])[1:])
    assert settings["Evento"] == "pairs" and settings["Movimiento"] == "Mitchell"
    headers = {"Board": "Tablero", "Contract": "Contrato", "Declarer": "Declarante", "Tricks": "Bazas"}
    scored = api.standings(filled(out, "Resultados", headers))  # as the organizer would, after typing results
    assert scored.language == "es"
    rules = {s.name: s for s in scored.sheets}["Reglas"].frame
    items = dict(zip(rules.iloc[:, 0], rules.iloc[:, 1], strict=True))
    assert items["Puntuación"] == "puntos de match"
    assert items["Tabla de puntuación"] == (
        "Ley 77 (contratos doblados: 40 por baza en tréboles y diamantes, 60 en corazones y picas)"
    )
    assert items["Grupos"] == (
        "dos: Norte-Sur y Este-Oeste, cada uno con su propia clasificación (Configuración, Movimiento: Mitchell)"
    )
    left = english_sentences() & set(texts_of(out))
    assert not left


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_howell_in_chinese_with_a_sit_out(tmp_path: Path) -> None:
    pairs = pairs_book(tmp_path, 7)
    out = tmp_path / "evening.xlsx"
    done = CliRunner().invoke(
        app, ["bridge", "schedule", str(pairs), "--movement", "howell", "--lang", "zh", "-o", str(out)]
    )
    assert done.exit_code == 0, done.output
    book = load_workbook(out)
    assert book.sheetnames[:3] == ["成绩", "参赛对", "设置"]
    cards = table_rows(book["各对移位卡"])
    assert cards[0][0] == "桌卡"
    assert cards[1][0].startswith("第 101 对")
    assert any(r[3] == "轮空" for r in cards[1:])  # a round the pair sits out
    assert table_rows(book["流动记分单"])[1][0] == "第 1 副"
    assert not english_sentences() & set(texts_of(out))


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_teams_round_robin_in_chinese_names_its_rooms_and_reads_them_back(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    ws.title = "Teams"
    ws.append(["Team", "Names"])
    for team in ("A", "B", "C", "D"):
        ws.append([team, f"队员 {team}"])
    book.save(tmp_path / "teams.xlsx")
    out = api.teams_schedule(tmp_path / "teams.xlsx", tmp_path / "league.xlsx", lang="zh")
    written = load_workbook(out)
    assert set(written.sheetnames) == {"比赛", "成绩", "参赛队", "设置", "桌卡"}
    cards = table_rows(written["桌卡"])
    assert cards[1][0] == "第 1 轮，场次 R1T1"
    assert [r[1] for r in cards[2:4]] == ["开室", "闭室"]
    results = written["成绩"]
    assert '"开室,闭室"' in [
        v.formula1 for v in results.data_validations.dataValidation
    ]  # Excel's list of rooms
    at = {c.value: c.column for c in results[1]}
    for row, (room, tricks) in enumerate([("开室", 10), ("闭室", 9)], start=2):  # board 1 of match R1T1
        for header, value in {
            "场次": "R1T1",
            "房间": room,
            "牌号": 1,
            "定约": "4S",
            "庄家": "N",
            "墩数": tricks,
        }.items():
            results.cell(row, at[header]).value = value
    written.save(tmp_path / "filled.xlsx")
    problems = api.validate(tmp_path / "filled.xlsx").problems
    assert not [p for p in problems if p.severity == "error"], problems


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_problems_in_spanish_and_chinese_keep_their_codes(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    ws.title = "Results"
    ws.append(["Board", "NS", "EW", "Contract", "Declarer", "Tricks"])
    ws.append([1, "1", None, "3NT", "N", 9])
    ws.append([1, "9", "2", "3NT", "N", 9])
    pairs = book.create_sheet("Pairs")
    pairs.append(["Pair", "Names"])
    for pid in ("1", "2"):
        pairs.append([pid, "x"])
    path = tmp_path / "bad.xlsx"
    book.save(path)
    said = {}
    for lang in ("en", "es", "zh"):
        found = api.validate(path, lang=lang).problems
        said[lang] = {p.code: p.problem for p in found}
    assert set(said["en"]) == set(said["es"]) == set(said["zh"]) >= {NO_PAIR.code, UNKNOWN_ID.code}
    assert said["es"][NO_PAIR.code] == "falta la pareja Este-Oeste"
    assert said["zh"][NO_PAIR.code] == "必须填写东西对"
    assert said["es"][UNKNOWN_ID.code].startswith("pareja desconocida: no figura en la hoja Parejas")


def test_decided_by_and_ranking_in_spanish() -> None:
    from pipeline.games.bridge.tie_breaks import label, ranking_words

    with speaking("es"):
        assert ranking_words({"tie_break": "shared"}) == "los totales iguales comparten el puesto"
        assert ranking_words({"tie_break": "head_to_head|in_session=2"}) == (
            "totales iguales: enfrentamiento directo, después sesión 2; si siguen iguales, comparten el puesto"
        )
    with speaking("zh"):
        assert label("boards_won") == "赢的牌数"


def test_a_swiss_round_in_spanish_adds_its_cards_in_spanish(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    ws.title = "Equipos"
    ws.append(["Equipo", "Nombres"])
    for team in ("A", "B", "C", "D"):
        ws.append([team, f"Equipo {team}"])
    book.save(tmp_path / "suizo.xlsx")
    drawn = api.swiss_round(tmp_path / "suizo.xlsx", tmp_path)
    written = load_workbook(drawn.path)
    assert "Tarjetas de mesa" in written.sheetnames and "Equipos" in written.sheetnames
    cards = table_rows(written["Tarjetas de mesa"])
    assert cards[1][0] == "Ronda 1, encuentro R1T1"
    assert [r[1] for r in cards[2:4]] == ["Abierta", "Cerrada"]
    settings = dict(table_rows(written["Configuración"])[1:])
    assert settings["Puntuación"] == "equipos" and settings["Movimiento"] == "Swiss"


def test_an_unknown_language_is_refused_before_anything_is_read(tmp_path: Path) -> None:
    from pipeline.problems import UsageError

    with pytest.raises(UsageError):
        api.teams_schedule(tmp_path / "absent.xlsx", tmp_path / "out.xlsx", lang="fr")
    assert InputError  # imported for the module's readers: schedules raise it for a bad Pairs sheet


def test_method_sentences_rooms_and_words_in_each_language() -> None:
    from pipeline.games.bridge.methods import scoring_word
    from pipeline.games.bridge.methods.cross_imps import explanation as cross_imps
    from pipeline.games.bridge.methods.total_points import explanation as total_points
    from pipeline.games.bridge.words import room_names

    options = {"imp_cap": 0}
    assert room_names() == ("Open", "Closed")
    assert scoring_word("Cross-IMP") == "Cross-IMP"
    with speaking("es"):
        assert room_names() == ("Abierta", "Cerrada")
        assert scoring_word("Cross-IMP") == "IMP cruzados"
        assert total_points(options) == "Puntos totales (Ley 78C): la suma de las marcas de cada pareja"
    with speaking("zh"):
        assert room_names() == ("开室", "闭室")
        assert scoring_word("MP") == "比赛分"
        assert cross_imps({"imp_cap": 12}) == (
            "交叉国际比赛分（第 78B 条）：每个结果与该副牌的其他每个结果比较换算国际比赛分，再除以比较次数；"
            "每次比较最多 12 国际比赛分；A+/A- = +/-3 国际比赛分；按国际比赛分总数排名"
        )


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize(
    "sample", ["bridge_club_mp.xlsx", "bridge_teams.xlsx", "bridge_imp_pairs_butler.xlsx"]
)
@pytest.mark.parametrize("lang", ["es", "zh"])
def test_standings_in_spanish_and_chinese_leave_no_english_sentence_of_bridge(sample: str, lang: str) -> None:
    scored = api.standings(ROOT / "sample_data" / sample, lang=lang)
    texts = {
        str(v) for s in scored.sheets for v in s.frame.to_numpy(dtype=object).ravel() if isinstance(v, str)
    }
    texts |= {str(v) for s in scored.sheets for v in s.frame.columns}
    found = {t for t in texts for m in english_sentences() if m in t}
    assert not found
    rules = {s.name: s for s in scored.sheets}["Reglas" if lang == "es" else "规则"].frame
    assert len(rules) > 5
