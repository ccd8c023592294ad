"""The Spanish and Chinese twins of every sample (sample_data/es/, sample_data/zh/; issue 17's "Done means"): each
holds what a Spanish or a Chinese organizer types, as written out by hand below (not read from the declarations
or from tools/twins.py, which writes them); each is what `make samples` writes now (so they cannot drift); each
scores, in its own language, to the English sample's figures, cell by cell, read back by the English keys."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pandas as pd
import pytest
from conftest import ROOT, SAMPLES
from openpyxl import load_workbook
from tables import table_rows

from pipeline import api
from pipeline.language import english_header, english_sheet_names

sys.path.insert(0, str(ROOT / "tools"))

import twins  # tools/twins.py, which `make samples` runs

LANGS = ("es", "zh")
NAMES = sorted(p.name for p in SAMPLES.glob("*.xlsx"))
TWINS = [(lang, name) for lang in LANGS for name in NAMES]

# English -> (Spanish, Chinese): every sheet name, header, Settings key and word the samples hold, as the twins
# write them: the terms of the rule documents and of the organizers.
SHEETS = {
    "Settings": ("Configuración", "设置"),
    "Players": ("Jugadores", "选手"),
    "Penalties": ("Sanciones", "罚分"),
    "Results": ("Resultados", "成绩"),
    "Pairs": ("Parejas", "参赛对"),
    "Teams": ("Equipos", "参赛队"),
}
MATCHES = {"domino": ("Partidas", "比赛"), "bridge": ("Encuentros", "比赛")}  # a bridge teams event's Matches
HEADERS = {
    "Key": ("Clave", "项目"),
    "Value": ("Valor", "值"),
    "Round": ("Ronda", "轮次"),
    "Table": ("Mesa", "桌号"),
    "A Pips": ("Tantos A", "A方点数"),
    "B Pips": ("Tantos B", "B方点数"),
    "A Hands": ("Manos A", "A方局数"),
    "B Hands": ("Manos B", "B方局数"),
    "Ended": ("Terminada por", "结束方式"),
    "Winner": ("Ganador", "胜方"),
    "ID": ("Código", "编号"),
    "Name": ("Nombre", "姓名"),
    "Club": ("Club", "俱乐部"),
    "Player": ("Jugador", "选手"),
    "Pips": ("Tantos", "点数"),
    "Reason": ("Motivo", "原因"),
    "Board": ("Tablero", "牌号"),
    "NS": ("NS", "南北"),
    "EW": ("EO", "东西"),
    "Contract": ("Contrato", "定约"),
    "Declarer": ("Declarante", "庄家"),
    "Tricks": ("Bazas", "墩数"),
    "Adjusted": ("Ajustada", "裁定分"),
    "Pair": ("Pareja", "对号"),
    "Names": ("Nombres", "姓名"),
    "Team": ("Equipo", "队号"),
    "Match": ("Encuentro", "场次"),
    "Room": ("Sala", "房间"),
    "Home": ("Local", "主队"),
    "Away": ("Visitante", "客队"),
}
KEYS = {
    "Event": ("Evento", "赛事"),
    "Date": ("Fecha", "日期"),
    "Target": ("Meta", "目标"),
    "Podium": ("Podio", "领奖名次"),
    "Mode": ("Modalidad", "模式"),
    "Scoring": ("Puntuación", "记分法"),
    "MP Scale": ("Escala MP", "比赛分标准"),
    "VP Scale": ("Escala PV", "胜利分标准"),
    "Butler Drop": ("Descarte Butler", "巴特勒去除数"),
}
WORDS = {  # the Settings values, the domino Ended and the bridge Room
    "run_out": ("manos", "局数"),
    "time": ("tiempo", "时间"),
    "MP": ("puntos de match", "比赛分"),
    "Teams": ("equipos", "队式赛"),
    "Cross-IMP": ("IMP cruzados", "国际比赛分"),
    "Butler": ("Butler", "巴特勒"),
    "Open": ("Abierta", "开室"),
    "Closed": ("Cerrada", "闭室"),
}
TEXTS = {  # the events' names and the penalties' reasons
    "Club pairs night": ("Noche de parejas del club", "俱乐部双人赛之夜"),
    "Individual open": ("Abierto individual", "个人公开赛"),
    "Run-out challenge": ("Desafío a manos", "计局挑战赛"),
    "Tuesday pairs": ("Parejas del martes", "周二双人赛"),
    "IMP pairs (Cross-IMP)": ("Parejas a IMPs (IMP cruzados)", "双人国际比赛分赛（交叉）"),
    "IMP pairs (Butler)": ("Parejas a IMPs (Butler)", "双人国际比赛分赛（巴特勒）"),
    "Winter teams": ("Equipos de invierno", "冬季队式赛"),
    "played out of turn": ("jugó fuera de turno", "未按顺序出牌"),
    "slow play": ("juego lento", "出牌过慢"),
    "late arrival": ("llegada tarde", "迟到"),
}
# Bridge values (docs/bridge-values.md): a Spanish C is corazones (hearts), clubs are tréboles (T).
STRAINS = {
    "C": ("T", "梅花"),
    "D": ("D", "方块"),
    "H": ("C", "红心"),
    "S": ("P", "黑桃"),
    "NT": ("SA", "无将"),
}
DOUBLED = ("Doblado", "加倍")
PASSED = ("Paso", "都不叫")
SEATS = {"N": ("N", "北"), "E": ("E", "东"), "S": ("S", "南"), "W": ("O", "西")}


def contract_by_hand(text: str, at: int) -> str:
    """An English contract as the language writes it (5SX: 5P Doblado, 5黑桃加倍)."""
    if text == "PASS":
        return PASSED[at]
    level, strain, doubled = re.fullmatch(r"([1-7])(NT|[CDHS])(X?)", text).groups()  # type: ignore[union-attr]
    written = level + STRAINS[strain][at]
    return written + (" " + DOUBLED[at] if at == 0 else DOUBLED[at]) if doubled else written


def by_hand(source: Path, lang: str) -> list[tuple[str, list[list[object]]]]:
    """Every sheet of an English sample (name, rows) as the twin in the language must hold it."""
    at = LANGS.index(lang)
    book = load_workbook(source)
    game = "bridge" if "Results" in book.sheetnames else "domino"
    found = []
    for ws in book.worksheets:
        rows = [list(r) for r in ws.iter_rows(values_only=True)]
        header = rows[0]
        for row in rows[1:]:
            for i, (column, value) in enumerate(zip(header, row, strict=True)):
                if value is None or isinstance(value, int | float):
                    continue
                if column == "Key":
                    row[i] = KEYS[value][at]
                elif column == "Contract":
                    row[i] = contract_by_hand(value, at)
                elif column == "Declarer":
                    row[i] = SEATS[value][at]
                elif value in WORDS or value in TEXTS:
                    row[i] = {**WORDS, **TEXTS}[value][at]
        name = MATCHES[game][at] if ws.title == "Matches" else SHEETS[ws.title][at]
        found.append((name, [[HEADERS.get(h, (h, h))[at] for h in header], *rows[1:]]))
    return found


def on_disk(path: Path) -> list[tuple[str, list[list[object]]]]:
    """Every sheet of a workbook: its name and rows."""
    return [(ws.title, [list(r) for r in ws.iter_rows(values_only=True)]) for ws in load_workbook(path)]


@pytest.mark.parametrize(("lang", "name"), TWINS)
def test_each_twin_holds_what_an_organizer_types_in_its_language(lang: str, name: str) -> None:
    assert on_disk(SAMPLES / lang / name) == by_hand(SAMPLES / name, lang)


def test_the_twins_are_what_make_samples_writes() -> None:
    """tools/twins.py run again on the English samples gives the twins on disk, cell for cell; there are no
    other workbooks under sample_data/."""
    under = sorted(p.relative_to(SAMPLES).as_posix() for p in SAMPLES.rglob("*.xlsx") if p.parent != SAMPLES)
    assert under == sorted(f"{lang}/{name}" for lang, name in TWINS)
    for lang, name in TWINS:
        made = twins.twin(SAMPLES / name, lang)
        assert [(ws.title, [list(r) for r in ws.iter_rows(values_only=True)]) for ws in made] == on_disk(
            SAMPLES / lang / name
        ), f"{lang}/{name}: run make samples"


def english_tables(path: Path, game: str) -> list[tuple[str, list[list[object]]]]:
    """A standings workbook's tables (from the header row on) by the English keys: sheet names and headers read
    back to English (the language tally wrote them in aside)."""
    back = english_sheet_names(game)
    return [
        (back.get(ws.title, ws.title), [[english_header(str(h), game) for h in rows[0]], *rows[1:]])
        for ws in load_workbook(path)
        for rows in [[list(r) for r in table_rows(ws)]]
    ]


def typed_texts(lang: str, name: str) -> dict[object, object]:
    """The organizer's own texts a standings workbook repeats (an event's name in Rules, a penalty's reason),
    twin -> English: every cell of the twin's sheets that differs from the English sample's, but the bridge
    Results (whose contracts, seats and rooms the standings write in English notation)."""
    english, twin = on_disk(SAMPLES / name), on_disk(SAMPLES / lang / name)
    return {
        b: a
        for (sheet, rows), (_, twin_rows) in zip(english, twin, strict=True)
        if sheet != "Results"
        for row, twin_row in zip(rows[1:], twin_rows[1:], strict=True)
        for a, b in zip(row, twin_row, strict=True)
        if a != b
    }


def check_twin(lang: str, name: str, folder: Path) -> None:
    """The twin scored in its own language (as `tally demo` does) is the English sample scored in that language
    (`--lang`), sheet by sheet and cell by cell, read back by the English keys (the prose tally writes, such as
    the status, in that language in both); it has the English standings' sheets and headers; `tally diff` finds
    no change from the English standings; its problems are the English sample's (a Spanish C read as hearts
    aside: B201)."""
    game = "bridge" if name.startswith("bridge") else "domino"
    english = api.score(SAMPLES / name, folder / f"en-{name}", lang="en")
    same = api.score(SAMPLES / name, folder / f"{lang}-sample-{name}", lang=lang)
    twin = api.score(SAMPLES / lang / name, folder / f"{lang}-{name}")
    assert twin.standings.language == lang
    assert load_workbook(twin.path).sheetnames[0] == {"es": "Clasificación", "zh": "排名"}[lang]
    assert load_workbook(twin.path).sheetnames == load_workbook(same.path).sheetnames
    back = typed_texts(lang, name)
    want, got = english_tables(same.path, game), english_tables(twin.path, game)
    assert [(s, rows[0]) for s, rows in got] == [
        (s, rows[0]) for s, rows in english_tables(english.path, game)
    ]
    for (sheet, rows), (_, twin_rows) in zip(want, got, strict=True):
        read = [[back.get(v, v) for v in row] for row in twin_rows[1:]]
        assert read == [[back.get(v, v) for v in row] for row in rows[1:]], sheet  # a setting's Item too
    assert api.diff(english.path, twin.path).empty
    hearts = lang == "es" and game == "bridge"  # every bridge sample has a heart contract
    codes = [p.code for p in api.validate(SAMPLES / lang / name).problems]
    assert codes == [p.code for p in api.validate(SAMPLES / name).problems] + (["B201"] if hearts else [])


def test_the_spanish_run_out_twin_scores_to_the_english_figures() -> None:
    """One twin in every make test (written in English, without a file); the slow test below takes them all."""
    name = "domino_run_out.xlsx"
    back = typed_texts("es", name)
    want, got = api.standings(SAMPLES / name, lang="en"), api.standings(SAMPLES / "es" / name, lang="en")
    assert got.language == "en" and len(got.sheets) == len(want.sheets)
    for english, twin in zip(want.sheets, got.sheets, strict=True):
        assert twin.name == english.name
        read = twin.frame.rename(
            columns=lambda h: english_header(str(h), "domino")
        )  # Matches repeats Tantos A
        assert read.columns.tolist() == english.frame.columns.tolist(), twin.name
        texts = read.select_dtypes(exclude="number").columns  # the organizer's texts read back
        read[texts] = read[texts].apply(lambda c: c.map(lambda v: back.get(v, v)).astype(c.dtype))
        pd.testing.assert_frame_equal(read, english.frame, obj=twin.name)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize(("lang", "name"), TWINS)
def test_every_twin_scores_to_the_english_figures(lang: str, name: str, tmp_path: Path) -> None:
    check_twin(lang, name, tmp_path)
