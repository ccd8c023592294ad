"""What the command line, the file checks and the federation commands write, in Spanish and Chinese (the `cli`
and `workbook` catalogs, docs/languages.md "Prose"): the same codes and exit codes in every language, the
frame words and verdicts as a person writes them, `batch --lang` and `rank --lang`, and no English sentence of
these catalogs left in Spanish or Chinese output."""

from __future__ import annotations

import functools
import json
import re
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES, codes_in, write_xlsx
from corpus.domino_cases import event, match
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.i18n import speaking
from pipeline.problems import InputError, Problem, Report

sys.path.insert(0, str(ROOT / "tools"))
from catalogs import extracted

# three errors of different kinds on a domino Matches sheet (text in pips, a blank player, a decimal round)
BAD = event(
    match(1, 1, "p1", "p2", "12 pips", 20),
    match(1, 2, None, "p4", 100, 20),
    match(1.5, 3, "p5", "p6", 100, 20),
)
# fragments of English that stay in Spanish or Chinese output, each with why: command-line options and file
# names are typed as they are in every language
KEPT = {"--max-unzipped-mb", "--force", "--all", "--debug"}


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


@functools.cache
def english_fragments() -> frozenset[str]:
    """The English text of every message of the cli and workbook catalogs, cut at its {fields}, keeping the
    pieces of three words or more (a shorter piece, such as `wrote ` or `row `, may be a Spanish word too)."""
    found = extracted()
    messages = [m for domain in ("cli", "workbook") for m in found[domain]]
    texts = [t for m in messages for t in ((m,) if isinstance(m, str) else m)]
    pieces = {p.strip(" ,;:()") for t in texts for p in re.split(r"\{\w+\}", t)}
    return frozenset(p for p in pieces if len(re.findall(r"[A-Za-z]+", p)) >= 3 and p not in KEPT)


def english_left(output: str) -> list[str]:
    """The English fragments of these catalogs an output still holds."""
    return sorted(p for p in english_fragments() if p in output)


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_xlsx(tmp_path_factory.mktemp("bad") / "bad.xlsx", BAD)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_validate_prints_the_same_codes_and_exit_code_in_every_language(bad: Path) -> None:
    runs = {lang: invoke("validate", bad, "--lang", lang) for lang in ("en", "es", "zh")}
    assert {lang: r.exit_code for lang, r in runs.items()} == {"en": 1, "es": 1, "zh": 1}
    codes = {lang: codes_in(r.output) for lang, r in runs.items()}
    assert codes["en"] == ["D119", "W103", "D118"]
    assert codes["es"] == codes["en"] and codes["zh"] == codes["en"]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_no_english_sentence_of_these_catalogs_is_left_in_spanish_or_chinese(
    bad: Path, tmp_path: Path
) -> None:
    csv = tmp_path / "night.xlsx"
    csv.write_text("Round,Table\n1,1\n", encoding="utf-8")
    for lang in ("es", "zh"):
        outputs = [
            invoke("validate", bad, "--lang", lang).output,
            invoke("validate", csv, "--lang", lang).output,
            invoke("validate", tmp_path / "gone.xlsx", "--lang", lang).output,
            invoke("domino", "standings", bad, "-o", tmp_path / "out.xlsx", "--lang", lang).output,
        ]
        assert english_left("\n".join(outputs)) == [], lang


def test_validate_verdict_and_frame_words_as_a_person_writes_them(bad: Path) -> None:
    spanish = invoke("validate", bad, "--lang", "es").output
    assert f"{bad}: libro de dominó: 3 error(es), 0 aviso(s)" in spanish
    assert f"{bad}: hay que corregir 3 problemas antes de que tally pueda calcularlo:" in spanish
    assert "  - [W103] Matches, fila 3, columna 'A1': " in spanish
    assert codes_in(spanish) == ["D119", "W103", "D118"]
    chinese = invoke("validate", bad, "--lang", "zh").output
    assert f"{bad}：多米诺工作簿：3 个错误，0 个警告" in chinese
    assert f"{bad}：须先改正 3 个问题，tally 才能计算成绩：" in chinese
    assert "  - [W103] Matches，第 3 行，列“A1”：" in chinese
    assert codes_in(chinese) == ["D119", "W103", "D118"]


def test_validate_json_records_differ_only_in_the_message(bad: Path) -> None:
    records = {
        lang: json.loads(invoke("validate", bad, "--json", "--lang", lang).output) for lang in ("en", "es")
    }
    assert len(records["en"]) == 3

    def without_message(found: list[dict]) -> list[dict]:
        return [{k: v for k, v in r.items() if k != "problem"} for r in found]

    assert without_message(records["es"]) == without_message(records["en"])


def test_a_file_that_is_not_a_workbook_is_refused_in_the_language_asked(tmp_path: Path) -> None:
    csv = tmp_path / "night.xlsx"
    csv.write_text("Round,Table\n1,1\n", encoding="utf-8")
    spanish = invoke("validate", csv, "--lang", "es")
    assert spanish.exit_code == 1
    assert (
        "  - [F101] night.xlsx: es un archivo de texto (¿un CSV?), no un libro xlsx; ábralo en Excel y "
        "guárdelo como libro .xlsx"
    ) in spanish.output
    chinese = invoke("validate", csv, "--lang", "zh")
    assert (
        "  - [F101] night.xlsx：是文本文件（CSV？），不是 xlsx 工作簿；请在 Excel 中打开并另存为 .xlsx 工作簿"
        in (chinese.output)
    )
    missing = invoke("validate", tmp_path / "gone.xlsx", "--lang", "es")
    assert missing.exit_code == 2
    assert f"error [X001]: {tmp_path / 'gone.xlsx'}: el archivo no existe" in missing.output


def test_a_problem_is_printed_in_the_language_it_was_made_in() -> None:
    problem = Problem("Partidas", 3, "Tantos", "x", "texto", "warning", "W103")
    with speaking("es"):
        assert str(problem) == "Partidas, fila 3, columna 'Tantos' [x]: aviso: texto"
    with speaking("zh"):
        assert problem.line == "[W103] Partidas，第 3 行，列“Tantos” [x]：警告：texto"
    assert str(problem) == "Partidas, row 3, column 'Tantos' [x]: warning: texto"
    error = Problem("Partidas", 3, "Tantos", "x", "texto", "error", "D119")
    with speaking("es"):
        made = InputError([error, problem], source="noche.xlsx")
        report = Report("domino", [problem])
    assert (made.language, report.language, Report("domino", []).language) == ("es", "es", "en")
    assert str(made) == "1 problema en noche.xlsx"


def test_standings_prints_its_problems_in_the_event_language(bad: Path, tmp_path: Path) -> None:
    result = invoke("domino", "standings", bad, "-o", tmp_path / "out.xlsx", "--lang", "zh")
    assert result.exit_code == 1
    assert codes_in(result.output) == ["D119", "W103", "D118"]
    assert "须先改正 3 个问题" in result.output


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_batch_lang_writes_every_event_and_its_summary_in_that_language(bad: Path, tmp_path: Path) -> None:
    folder = tmp_path / "night"
    folder.mkdir()
    (folder / "pairs.xlsx").write_bytes((SAMPLES / "domino_pairs.xlsx").read_bytes())
    (folder / "broken.xlsx").write_bytes(bad.read_bytes())
    result = invoke("batch", folder, "-o", tmp_path / "out", "--workers", 1, "--lang", "es")
    assert result.exit_code == 1
    assert "1 calculados, 0 sin cambios, 1 con errores" in result.output
    assert "  - broken.xlsx: [D119] Matches, fila 2, columna 'A Pips' [12 pips]: " in result.output
    written = load_workbook(tmp_path / "out" / "pairs-standings.xlsx", read_only=True)
    assert "Clasificación" in written.sheetnames and "Standings" not in written.sheetnames
    again = invoke("batch", folder, "-o", tmp_path / "out", "--workers", 1, "--lang", "es")
    assert "0 calculados, 1 sin cambios, 1 con errores" in again.output
    english = invoke("batch", folder, "-o", tmp_path / "out", "--workers", 1)  # another language: again
    assert "1 computed, 0 unchanged, 1 failed" in english.output
    written = load_workbook(tmp_path / "out" / "pairs-standings.xlsx", read_only=True)
    assert "Standings" in written.sheetnames


@pytest.fixture(scope="module")
def spanish_season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two domino events' standings written in Spanish."""
    folder = tmp_path_factory.mktemp("season")
    for sample in ("domino_pairs", "domino_individual"):
        api.score(SAMPLES / f"{sample}.xlsx", folder / f"{sample}-standings.xlsx", lang="es")
    return folder


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_rank_writes_in_the_language_most_standings_are_in(spanish_season: Path, tmp_path: Path) -> None:
    out = tmp_path / "ranking.xlsx"
    run = api.rank([spanish_season], out, engine=api.Engine("local", 1), parquet=tmp_path / "pq")
    assert run.language == "es"
    book = load_workbook(out, read_only=True)
    assert book.sheetnames == ["Ranking", "Aportes", "Eventos", "Identidad", "Reglas"]
    head = next(book["Ranking"].iter_rows(values_only=True))
    assert head == ("Posición", "Jugador", "Nombre", "Puntos", "Eventos", "Mejor")
    rules = dict(list(book["Reglas"].iter_rows(values_only=True))[1:])
    assert rules["Eventos leídos"] == "2"
    assert rules["Puestos compartidos"] == (
        "los participantes empatados en un puesto se reparten la media de los puntos de los puestos que ocupan"
    )
    # the Parquet tables keep English names for the programs that read them
    assert sorted(p.name for p in (tmp_path / "pq").iterdir())[0] == "contributions.parquet"
    english = api.rank([spanish_season], tmp_path / "en.xlsx", engine=api.Engine("local", 1), lang="en")
    assert load_workbook(english.out, read_only=True).sheetnames[0:2] == ["Ranking", "Contributions"]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_rank_reads_a_rules_item_written_in_spanish(spanish_season: Path, tmp_path: Path) -> None:
    """A standings workbook whose Rules sheet names the Date as `Fecha` (the setting's Spanish name) is ranked
    by that date."""
    source = spanish_season / "domino_pairs-standings.xlsx"
    edited = tmp_path / "fecha.xlsx"
    book = load_workbook(source)
    rules = book["Reglas"]
    for row in rules.iter_rows():
        if row[0].value in ("Date", "Fecha"):  # written as Fecha since the Rules items speak the language
            row[0].value = "Fecha"
            row[1].value = "2026-03-01"
    book.save(edited)
    run = api.rank([edited], tmp_path / "r.xlsx", engine=api.Engine("local", 1), lang="zh")
    assert f"{run.as_of:%Y-%m-%d}" == "2026-03-01"
    assert load_workbook(run.out, read_only=True).sheetnames[0] == "排行榜"


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_rank_summary_follows_the_ranking_language(spanish_season: Path, tmp_path: Path) -> None:
    result = invoke("rank", spanish_season, "-o", tmp_path / "r.xlsx", "--workers", 1, "--lang", "zh")
    assert result.exit_code == 0, result.output
    assert "截至 " in result.output and "根据 2 项赛事排名" in result.output
    bad_lang = invoke("rank", spanish_season, "-o", tmp_path / "r2.xlsx", "--lang", "fr")
    assert bad_lang.exit_code == 2 and codes_in(bad_lang.output) == ["X001"]
