"""The standings workbook in Spanish and Chinese (issue 17 part 2, docs/languages.md "Output"): sheet names and
headers from the declarations, the same figures as the English workbook, the Language setting, `--lang`."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.language import header_names, sheet_names
from pipeline.problems import UsageError
from pipeline.sheets import OutputSheet, header_key
from tests.site_pages import parsed
from tests.tables import header_row, table_rows
from tests.test_vocabulary import twin

SAMPLES = Path(__file__).resolve().parents[1] / "sample_data"
SAMPLE_NAMES = sorted(p.name for p in SAMPLES.glob("*.xlsx"))
TWIN_NAMES = [f"{lang}/{name}" for lang in ("es", "zh") for name in SAMPLE_NAMES]  # sample_data/es/, zh/

# Written out by hand from the rule documents' terms (not read from the declarations): what a Spanish and a
# Chinese organizer expect to see in the standings.
EXPECTED = {
    "es": {
        "sheets": {"Standings": "Clasificación", "Rules": "Reglas", "Winners": "Ganadores"},
        "headers": {
            "Effectiveness": "Efectividad",
            "Pips For": "Tantos a favor",
            "Pips Against": "Tantos en contra",
        },
    },
    "zh": {
        "sheets": {"Standings": "排名", "Rules": "规则"},
        "headers": {"MP": "比赛分", "IMPs": "国际比赛分", "VPs": "胜利分", "Rank": "名次"},
    },
}


def english_names(lang: str, game: str) -> set[str]:
    """`header_key` of every English header and sheet name the declarations name otherwise in `lang` (IMPs,
    NS, Top, which a Spanish organizer writes as in English, are not English there)."""
    named = {**header_names(lang), **sheet_names(lang, game)}
    return {
        header_key(english)
        for english, written in named.items()
        if header_key(written) != header_key(english)
    }


def figure(cell: object) -> object:
    """A cell as compared across languages: a number as it is, a blank as None, any text as TEXT (prose such as
    the status line, the Rules sentences and Decided By is translated; ids and names stay, and are compared by
    the tests of the game's twins)."""
    if cell is None or (isinstance(cell, float) and pd.isna(cell)):
        return None
    return "TEXT" if isinstance(cell, str) else cell


def shown(sheets: list[OutputSheet]) -> list[tuple[str, list[str], list[list[object]]]]:
    """Each sheet's name, headers and figures (by position)."""
    return [
        (
            s.name,
            [str(c) for c in s.frame.columns],
            [[figure(c) for c in row] for row in s.frame.astype("object").values.tolist()],
        )
        for s in sheets
    ]


def test_the_rule_documents_terms_are_the_declared_output_names() -> None:
    for lang, expected in EXPECTED.items():
        assert {k: sheet_names(lang, "domino")[k] for k in expected["sheets"]} == expected["sheets"]
        assert {k: header_names(lang)[k] for k in expected["headers"]} == expected["headers"]
    assert sheet_names("es", "domino")["Matches"] == "Partidas"  # a domino match
    assert sheet_names("es", "bridge")["Matches"] == "Encuentros"  # a bridge teams match


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("lang", ["es", "zh"])
@pytest.mark.parametrize("sample", [*SAMPLE_NAMES, *TWIN_NAMES])
def test_a_sample_in_spanish_or_chinese_has_no_english_name_and_the_english_figures(
    sample: str, lang: str
) -> None:
    english = api.standings(SAMPLES / sample, lang="en")
    written = api.standings(SAMPLES / sample, lang=lang)
    assert written.language == lang
    forbidden = english_names(lang, english.game.name)
    names = [s.name for s in written.sheets]
    headers = [str(h) for s in written.sheets for h in s.frame.columns]
    assert [n for n in names if header_key(n) in forbidden] == []
    assert [h for h in headers if header_key(h) in forbidden] == []
    assert not any(h.startswith("After ") for h in headers)
    assert len(names) == len(english.sheets) and names != [s.name for s in english.sheets]
    for (_, _, want), (name, _, got) in zip(shown(english.sheets), shown(written.sheets), strict=True):
        assert pd.DataFrame(got).equals(pd.DataFrame(want)), name  # words are translated


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_written_spanish_workbook_reads_as_the_english_one_cell_by_cell(tmp_path: Path) -> None:
    sample = SAMPLES / "domino_run_out.xlsx"
    en = openpyxl.load_workbook(api.score(sample, tmp_path / "en.xlsx", lang="en").path)
    es = openpyxl.load_workbook(api.score(sample, tmp_path / "es.xlsx", lang="es").path)
    assert es.sheetnames[:2] == ["Clasificación", "Partidas"]
    standings = es["Clasificación"]
    headers = [c.value for c in standings[header_row(standings)]]
    assert headers[:2] == ["Posición", "Pareja"] and "Manos ganadas" in headers  # hands in a run-out event
    assert "Hands Won" not in headers and "Efectividad" in headers
    for a, b in zip(en.worksheets, es.worksheets, strict=True):
        figures = [
            [[figure(c) for c in row] for row in table_rows(w)[1:]] for w in (a, b)
        ]  # the header row aside
        assert figures[1] == figures[0], b.title
        assert b[header_row(b)][0].number_format == a[header_row(a)][0].number_format


def with_language(source: Path, value: str, folder: Path) -> Path:
    """The workbook with a Language row added to its Settings sheet."""
    book = openpyxl.load_workbook(source)
    settings = next(ws for ws in book if ws.title in ("Settings", "Configuración", "设置"))
    settings.append(["Language", value])
    out = folder / f"{source.stem}-{len(value)}.xlsx"
    book.save(out)
    return out


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_the_language_setting_chooses_the_language_and_the_flag_wins(tmp_path: Path) -> None:
    book = with_language(SAMPLES / "domino_pairs.xlsx", "Chino", tmp_path)  # the setting in Spanish
    chosen = api.standings(book)
    assert (chosen.language, chosen.sheets[0].name) == ("zh", "排名")
    assert api.standings(book, lang="en").sheets[0].name == "Standings"
    spanish = with_language(twin(SAMPLES / "domino_pairs.xlsx", "es", tmp_path), "zh", tmp_path)
    assert api.standings(spanish).language == "zh"  # the setting wins over the workbook's own language


def test_an_unknown_language_setting_is_a_located_bad_value(tmp_path: Path) -> None:
    book = with_language(SAMPLES / "domino_pairs.xlsx", "Klingon", tmp_path)
    problems = api.validate(book).problems
    assert [(p.code, p.column) for p in problems] == [("S105", "Value")]


def test_by_default_a_spanish_or_chinese_workbook_gets_standings_in_its_language(tmp_path: Path) -> None:
    source = SAMPLES / "domino_pairs.xlsx"
    assert api.standings(source).language == "en"
    assert api.standings(twin(source, "es", tmp_path)).language == "es"
    assert api.standings(twin(source, "zh", tmp_path)).language == "zh"
    assert api.standings(twin(source, "zh", tmp_path), lang="en").language == "en"


def test_an_unknown_lang_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        api.standings(SAMPLES / "domino_pairs.xlsx", lang="fr")
    out = tmp_path / "out.xlsx"
    result = CliRunner().invoke(
        app, ["domino", "standings", str(SAMPLES / "domino_pairs.xlsx"), "-o", str(out), "--lang", "fr"]
    )
    assert result.exit_code == 2
    assert not out.exists()


@pytest.fixture(scope="module")
def written_in_three(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The domino pairs sample's standings written in English, Spanish and Chinese, each in its own folder."""
    root = tmp_path_factory.mktemp("three")
    found = {}
    for lang in ("en", "es", "zh"):
        (root / lang).mkdir()
        found[lang] = api.score(SAMPLES / "domino_pairs.xlsx", root / lang / "pairs.xlsx", lang=lang).path
    return found


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_rank_reads_spanish_and_chinese_standings_as_the_english_ones(
    written_in_three: dict[str, Path], tmp_path: Path
) -> None:
    ranked = {
        lang: api.rank([path.parent], tmp_path / f"{lang}.xlsx", as_of="2026-12-31").sheets[0]
        for lang, path in written_in_three.items()
    }
    assert len(ranked["en"].frame) == 12  # the sample's six pairs: twelve players, each credited
    for lang in ("es", "zh"):
        pd.testing.assert_frame_equal(ranked[lang].frame, ranked["en"].frame, obj=lang)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_diff_compares_standings_written_in_any_language(written_in_three: dict[str, Path]) -> None:
    for lang in ("es", "zh"):
        assert api.diff(written_in_three["en"], written_in_three[lang]).empty
        assert api.diff(written_in_three[lang], written_in_three[lang]).empty


def page_figures(page: Path) -> list[tuple[list[str], list[list[str]]]]:
    """Each table of a page: its headers, and its cells with every text that is not a figure masked (the Rules
    sentences, Decided By and the status stay as the workbook wrote them, in its language)."""
    figure = re.compile(r"[-+]?[0-9][0-9.,]*%?")
    return [
        (t.headers, [[c if figure.fullmatch(c) else "TEXT" for c in row] for row in t.rows])
        for t in parsed(page).tables.values()
    ]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_publish_reads_spanish_and_chinese_standings_as_the_english_ones(
    written_in_three: dict[str, Path], tmp_path: Path
) -> None:
    sites = {lang: api.publish(path, tmp_path / lang, lang="en") for lang, path in written_in_three.items()}
    pages = {lang: sorted(p.relative_to(site) for p in site.rglob("*.html")) for lang, site in sites.items()}
    assert "Club pairs night" in (sites["en"] / "index.html").read_text()  # the Rules' Event, read back
    for lang in ("es", "zh"):
        assert pages[lang] == pages["en"], lang
        assert "Club pairs night" in (sites[lang] / "index.html").read_text()
        for page in pages["en"]:
            assert page_figures(sites[lang] / page) == page_figures(sites["en"] / page), (lang, page)


def test_one_english_header_is_written_as_each_sheet_names_it() -> None:
    from pipeline.language import sheet_header_names

    assert sheet_header_names("zh", "Penalties")["Card"] == "红黄牌"  # a sanction card (domino conventions)
    assert sheet_header_names("zh", "Table Cards")["Card"] == "桌卡"  # the title of a printed card
    assert sheet_header_names("es", "Penalties")["Card"] == "Tarjeta"
