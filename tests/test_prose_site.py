"""The published site in the organizer's language (issue 17, part 2; docs/publish.md "Languages"): every word of
the pages from the `site` catalog or the declarations, `<html lang>`, figures with the language's decimal and
group symbols, dates as it writes them; a standings workbook written in Spanish or Chinese is published in its
language (title, status, the Final flag), `--lang` wins, and a site of several events says which language its
index is in."""

from __future__ import annotations

import functools
import importlib.util
import os
import re
from pathlib import Path

import pandas as pd
import pytest
from conftest import ROOT, SAMPLES
from site_pages import PageParser, parsed
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.i18n import speaking
from pipeline.publish import publish_events
from pipeline.publish.event import computed_event, rules_heading
from pipeline.publish.tables import shown_text
from pipeline.publish.words import local_dates

# Messages of the site catalog that may stand as they are in a page in another language, each with why.
SAME_IN_EVERY_LANGUAGE: dict[str, str] = {}
FIELD = re.compile(r"%\((\w+)\)s|\{(\w+)\}")


@functools.cache
def site_messages() -> list[re.Pattern[str]]:
    """Every English message of the site's catalog (tools/catalogs.py extracts them from the code and the
    templates) as a pattern matching it with any fields filled."""
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    found = []
    for message in catalogs.extracted()["site"]:
        text = message if isinstance(message, str) else message[0]
        if text in SAME_IN_EVERY_LANGUAGE:
            continue
        parts = FIELD.split(text)
        literal = parts[0::3]  # split gives literal, field, field, literal, ...
        found.append(re.compile(".+".join(re.escape(p) for p in literal)))
    return found


def english_left(page: Path) -> list[str]:
    """The site's English messages found in a page's text (its text nodes and its aria labels) outside its
    tables (a table's cells are what the workbook holds: the Rules sheet's items are another catalog's)."""
    html = re.sub(r"<table.*?</table>", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    parser = PageParser()
    parser.feed(html)
    texts = [t.strip() for t in parser.text if t.strip()]
    texts += re.findall(r'aria-label="([^"]*)"', html)
    return [t for t in texts for pattern in site_messages() if pattern.fullmatch(t)]


@pytest.fixture(scope="module")
def spanish(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Standings workbooks written in Spanish and their sites, published from the workbooks read back."""
    root = tmp_path_factory.mktemp("es")
    made = {}
    for name in ("domino_pairs", "bridge_club_mp"):
        book = api.score(SAMPLES / f"{name}.xlsx", root / f"{name}-standings.xlsx", lang="es").path
        made[name] = api.publish(book, root / f"{name}-site")
    return made


@pytest.fixture(scope="module")
def chinese(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Sites in Chinese, published from the results with --lang zh."""
    root = tmp_path_factory.mktemp("zh")
    return {
        name: api.publish(SAMPLES / f"{name}.xlsx", root / f"{name}-site", lang="zh")
        for name in ("domino_pairs", "bridge_club_mp", "bridge_teams")
    }


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_spanish_standings_workbook_is_published_in_spanish_with_its_title_status_and_final_flag(spanish):
    index = spanish["domino_pairs"] / "index.html"
    html = index.read_text(encoding="utf-8")
    page = parsed(index)
    assert '<html lang="es">' in html
    assert "<h1>Club pairs night</h1>" in html
    assert '<p class="status final">Definitiva</p>' in html
    assert '<p class="details">27 nov 2026</p>' in html
    table = page.tables["standings"]
    assert table.headers[:3] == ["Posición", "Pareja", "Nombre"]
    assert "Efectividad" in table.headers and "Tantos a favor" in table.headers
    assert "Cómo se deciden los empates" in page.text
    assert (
        "Publicado por tally" in html
        and "a partir del libro de la clasificación; cada cifra es la del libro." in html
    )
    rules = (spanish["domino_pairs"] / "rules.html").read_text(encoding="utf-8")
    assert "<h2>Reglas</h2>" in rules and '<p class="status final">Definitiva</p>' in rules


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_spanish_competitor_page_says_won_and_lost_in_spanish(spanish):
    page = parsed(spanish["domino_pairs"] / "p" / "p1.html")
    matches = page.tables["matches"]
    assert matches.heading == "Partidas"
    assert matches.headers[:4] == ["Ronda", "Mesa", "Rivales", "Resultado"]
    # Ana Ruiz & Luis Mora won rounds 1, 3, 4 and 5 and lost round 2 (the Matches sheet of domino_pairs)
    assert [row[3] for row in matches.rows] == ["Ganada", "Perdida", "Ganada", "Ganada", "Ganada"]


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_spanish_figures_have_a_decimal_comma(spanish):
    page = parsed(spanish["bridge_club_mp"] / "index.html")
    east_west = page.tables["standings-2"]
    assert east_west.heading == "Este-Oeste"
    first = dict(zip(east_west.headers, east_west.rows[0], strict=True))
    # pair 10 (Ida Moe - Per Aas): 56.25 matchpoints of a top of 80 over 10 boards, 70.31 %
    assert (first["Pareja"], first["PM"], first["Top"], first["Porcentaje"]) == (
        "10",
        "56,25",
        "80,00",
        "70,31",
    )
    board = parsed(spanish["bridge_club_mp"] / "b" / "1.html")
    assert board.tables["traveller"].heading == "Planilla viajera"
    assert board.tables["frequencies"].heading == "Frecuencias"


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_chinese_site_is_in_chinese(chinese):
    index = chinese["bridge_club_mp"] / "index.html"
    html = index.read_text(encoding="utf-8")
    page = parsed(index)
    assert '<html lang="zh">' in html
    assert '<p class="status final">正式成绩</p>' in html
    assert '<p class="details">2026年11月24日</p>' in html
    assert [t.heading for t in page.tables.values()] == ["南北", "东西"]
    assert 'aria-label="南北：各轮后名次"' in html
    first = dict(zip(page.tables["standings-2"].headers, page.tables["standings-2"].rows[0], strict=True))
    assert first["名次"] == "1" and "56.25" in first.values()  # Chinese writes a decimal point
    board = parsed(chinese["bridge_club_mp"] / "b" / "1.html")
    assert "第1副牌" in board.text
    team = parsed(chinese["bridge_teams"] / "p" / "dragons.html")
    assert team.tables["matches"].heading == "比赛"
    assert team.tables["boards"].heading == "各副牌"


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_no_english_word_of_the_site_catalog_is_left_in_spanish_or_chinese(spanish, chinese):
    pages = [p for site in (*spanish.values(), *chinese.values()) for p in sorted(site.rglob("*.html"))]
    assert len(pages) > 50
    left = {str(p): english_left(p) for p in pages}
    assert {p: found for p, found in left.items() if found} == {}


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_lang_wins_over_the_workbooks_language(spanish, tmp_path):
    book = spanish["domino_pairs"].parent / "domino_pairs-standings.xlsx"
    site = api.publish(book, tmp_path / "site", lang="zh")
    html = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh">' in html and '<h2 id="standings-heading">排名</h2>' in html
    assert '<p class="status final">Definitiva</p>' in html  # the status is the workbook's words, as written
    assert '<p class="status final">' in html  # and still read as final


def test_an_unknown_lang_is_a_usage_error_before_anything_is_read(tmp_path):
    result = CliRunner().invoke(app, ["publish", str(tmp_path / "missing.xlsx"), "--lang", "fr"])
    assert result.exit_code == 2
    assert not (tmp_path / "missing-site").exists()


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_site_of_events_in_several_languages_has_each_event_in_its_own_and_the_index_in_the_most_common(
    tmp_path,
):
    events = [
        (f"{name}-{lang}.xlsx", computed_event(api.standings(SAMPLES / f"{name}.xlsx", lang=lang), name))
        for name, lang in (("domino_pairs", "es"), ("bridge_club_mp", "zh"), ("bridge_teams", "zh"))
    ]
    site = publish_events(events, tmp_path / "site")
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh">' in index and "<h1>全部赛事</h1>" in index
    headers = parsed(site / "index.html").tables["events"].headers
    assert headers == ["赛事", "日期", "状态", "文件"]
    spanish = (site / "domino-pairs-es" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="es">' in spanish and ">Todos los torneos</a>" in spanish


def test_figures_in_each_language() -> None:
    column = pd.Series([12345.5, 1234.5, -0.004, 1234567.891, None])
    with speaking("es"):  # Spanish groups thousands from five digits (12.345), not four (1234)
        assert shown_text(column, 2).tolist() == ["12.345,50", "1234,50", "0,00", "1.234.567,89", ""]
    with speaking("zh"):
        assert shown_text(column, 2).tolist() == ["12,345.50", "1,234.50", "0.00", "1,234,567.89", ""]
    assert shown_text(column, 2).tolist() == ["12345.50", "1234.50", "0.00", "1234567.89", ""]
    ids = pd.Series([10234, 7, 1001])  # whole figures (ids, ranks, scores) are never grouped
    with speaking("es"):
        assert shown_text(ids).tolist() == ["10234", "7", "1001"]
    with speaking("zh"):
        assert shown_text(ids).tolist() == ["10234", "7", "1001"]


def test_dates_in_each_language() -> None:
    days = pd.Series(pd.to_datetime(["2026-11-30", "2026-01-05"]))
    assert local_dates(days, with_time=False).tolist() == ["2026-11-30", "2026-01-05"]
    with speaking("es"):
        assert local_dates(days, with_time=False).tolist() == ["30 nov 2026", "5 ene 2026"]
        assert shown_text(pd.Series(["2026-11-30", ""])).tolist() == ["30 nov 2026", ""]  # a date read back
        assert shown_text(pd.Series(["2026-03-01 00:00:00"])).tolist() == ["1 mar 2026"]
    with speaking("zh"):
        assert local_dates(days, with_time=False).tolist() == ["2026年11月30日", "2026年1月5日"]


def test_the_heading_of_rules_written_in_spanish_or_chinese() -> None:
    spanish = rules_heading(
        {"Evento": "Copa de otoño", "Fecha": "2026-11-30", "Lugar": "Club Náutico", "Status": "Definitiva"},
        "x",
    )
    assert (spanish.title, spanish.details, spanish.status, spanish.final) == (
        "Copa de otoño",
        "2026-11-30 - Club Náutico",
        "Definitiva",
        True,
    )
    chinese = rules_heading({"赛事": "秋季赛", "Status": "临时成绩：共 9 轮，已完成 5 轮"}, "x")
    assert (chinese.title, chinese.final) == ("秋季赛", False)
    with speaking("es"):
        assert spanish.shown_details == "30 nov 2026 - Club Náutico"


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_chinese_site_reads_on_a_phone(chinese, tmp_path):
    from test_publish_browser import ARGS, CHROMIUM, Tab

    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    shots = Path(os.environ.get("TALLY_SCREENSHOTS", tmp_path))  # where to look at them
    pages = {
        "domino-index": chinese["domino_pairs"] / "index.html",
        "domino-pair": chinese["domino_pairs"] / "p" / "p1.html",
        "bridge-index": chinese["bridge_club_mp"] / "index.html",
        "bridge-board": chinese["bridge_club_mp"] / "b" / "1.html",
    }
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        tab = Tab(browser, 375)
        for name, path in pages.items():  # a page of each kind
            tab.open(path)
            scroll, inner = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert scroll <= inner, f"{name} at 375px scrolls sideways ({scroll} > {inner})"
            assert tab.evaluate("document.documentElement.lang") == "zh"
            heading = tab.evaluate("document.querySelector('main h2').innerText")
            assert heading in ("排名", "Ana Ruiz & Luis Mora (P1)", "第1副牌")
            tab.page.screenshot(path=str(shots / f"zh-{name}.png"), full_page=True)
        assert tab.dialogs == [] and [u for u in tab.requests if not u.startswith("file:")] == []
        browser.close()
