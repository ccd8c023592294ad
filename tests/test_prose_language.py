"""Prose in the organizer's language (pipeline/i18n.py): the catalogs are complete, the language spoken follows
--lang, then the Language setting, then the workbook's own, and a text written in any language is read back."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from pipeline import i18n
from pipeline.games.heading import FINAL, Progress, status_of
from pipeline.i18n import _, in_every_language, n_, speaking, spoken_language, written_time

ROOT = Path(__file__).resolve().parent.parent
NOW = dt.datetime(2026, 11, 30, 20, 0)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_every_message_has_a_translation_with_the_same_fields() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalogs.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout


def test_english_is_the_text_as_written_and_fields_are_filled() -> None:
    assert spoken_language() == "en"
    assert _("after round {complete} of {planned}", complete=5, planned=9) == "after round 5 of 9"
    assert (
        n_("{count} board still to play", "{count} boards still to play", 1, count=1)
        == "1 board still to play"
    )
    assert (
        n_("{count} board still to play", "{count} boards still to play", 3, count=3)
        == "3 boards still to play"
    )


def test_the_language_spoken_lasts_for_its_block() -> None:
    with speaking("es"):
        assert spoken_language() == "es"
        with speaking("zh"):
            assert spoken_language() == "zh"
        assert spoken_language() == "es"
    assert spoken_language() == "en"


def test_status_line_in_each_language() -> None:
    closes = pd.Timestamp("2026-11-30 21:45")
    with speaking("es"):
        assert status_of(Progress(5, 9, 3), closes, NOW) == (
            "Provisional - tras la ronda 5 de 9; 3 tableros por jugar; correcciones abiertas hasta el 30 nov 2026 21:45"
        )
        assert status_of(Progress(9, 9, 1), None, NOW) == "Provisional - 1 tablero por jugar"
        assert status_of(Progress(9, 9), None, NOW) == "Definitiva"
    with speaking("zh"):
        assert status_of(Progress(5, 9), None, NOW) == "临时成绩：共 9 轮，已完成 5 轮"
        assert status_of(Progress(9, 9, 2), None, NOW) == "临时成绩：尚有 2 副牌未打"
        assert status_of(Progress(9, 9), None, NOW) == "正式成绩"


def test_dates_as_each_language_writes_them() -> None:
    moment = dt.datetime(2026, 11, 30, 21, 45)
    assert written_time(moment) == "2026-11-30 21:45"
    with speaking("es"):
        assert written_time(moment) == "30 nov 2026 21:45"
    with speaking("zh"):
        assert written_time(moment) == "2026年11月30日 21:45"


def test_a_text_is_recognised_in_every_language() -> None:
    assert in_every_language(FINAL) == {"Final", "Definitiva", "正式成绩"}


def test_a_catalog_without_its_compiled_file_is_compiled_when_used(tmp_path: Path, monkeypatch) -> None:
    copied = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copied, ignore=shutil.ignore_patterns("*.mo"))
    assert not list(copied.rglob("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", copied)
    i18n.translations.cache_clear()
    try:
        with speaking("es"):
            assert _(FINAL) == "Definitiva"
    finally:
        i18n.translations.cache_clear()


def test_standings_status_follows_the_language_chosen(tmp_path: Path) -> None:
    from pipeline import api

    sample = ROOT / "sample_data" / "domino_pairs.xlsx"
    spanish = api.standings(sample, lang="es")
    assert spanish.heading.status in {"Definitiva"} or spanish.heading.status.startswith("Provisional - ")
    assert spanish.heading.final == (spanish.heading.status == "Definitiva")
    english = api.standings(sample)
    assert english.heading.final == spanish.heading.final


def test_a_message_two_games_translate_is_each_games_own() -> None:
    with speaking("es", "domino"):
        assert _("matches won") == "partidas ganadas"  # a domino match is a partida
    with speaking("es", "bridge"):
        assert _("matches won") == "encuentros ganados"  # a bridge teams match is an encuentro
        with speaking("es"):  # a block naming no game keeps the game spoken of
            assert _("matches won") == "encuentros ganados"
    assert {"partidas ganadas", "encuentros ganados"} <= in_every_language("matches won")
