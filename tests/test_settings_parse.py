"""A setting's value is read alone, on the rows that name it (`key_value_settings`); it used to be read in its
whole Value column, and reading alone gives the same answer: the values (equal, of the same type, a moment of
the same resolution) and the problems, for every game's settings, on random Settings sheets."""

from __future__ import annotations

import dataclasses

import hypothesis.strategies as st
import pandas as pd
from conftest import sheet_from_table
from hypothesis import given, settings

from pipeline.games.registry import GAMES
from pipeline.games.settings import key_value_settings
from pipeline.sheets import in_english
from schemas.common import titles_of
from schemas.shared import SettingsSheet as K

GENERIC = ["", "12", "１２", " 7 ", "0", "-1", "3.5", "1e999", "50%", "50 %", "none", "yes", "no", "Sí", "abc",
           "2026-11-30 21:15", "2026-11-30", "2026-11-30 21:15:00.5", "1899-12-31 10:00", "MP", "IMP", "todos"]  # fmt: skip


def cells_of(spec) -> list[str]:
    """What organizers type for a setting: its example, default and hint, its words in other languages."""
    typed = [spec.example, spec.shown_default, spec.hint, *spec.hint.replace(";", ",").split(",")]
    words = [w for named in spec.words.values() for ws in named.values() for w in ws]
    return [str(c).strip() for c in [*typed, *words] if c not in (None, "")]


def read_in_its_column(spec, column: pd.Series):
    """The setting as it was read: its parse given the whole Value column, the rows asked for taken after."""

    def parse(cells: pd.Series) -> pd.Series:
        return spec.parse(in_english(column, spec.words)).loc[cells.index]

    return dataclasses.replace(spec, parse=parse)


def same(alone: object, whole: object) -> bool:
    """Equal values of one type (a moment of the same resolution), or both blank."""
    if type(alone) is not type(whole):
        return False
    if isinstance(alone, pd.Timestamp) and alone.unit != whole.unit:  # type: ignore[union-attr]
        return False
    return bool(alone == whole) or (pd.isna(alone) and pd.isna(whole))


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_value_read_alone_is_the_value_read_in_its_column(data) -> None:
    game = data.draw(st.sampled_from(sorted(GAMES)))
    specs = GAMES[game].setting_specs()
    pool = sorted({*GENERIC, *(c for spec in specs.values() for c in cells_of(spec))})
    titles = [spec.title for spec in specs.values()]
    rows = data.draw(
        st.lists(
            st.tuples(
                st.one_of(st.none(), st.sampled_from(titles)), st.one_of(st.none(), st.sampled_from(pool))
            ),
            min_size=1,
            max_size=8,
        )
    )
    headers = titles_of(K)
    sheet = sheet_from_table("Settings", [headers[K.key], headers[K.value]], [list(r) for r in rows])
    column = sheet.frame[K.value]
    whole = {key: read_in_its_column(spec, column) for key, spec in specs.items()}
    alone_values, alone_problems = key_value_settings(sheet, specs)
    whole_values, whole_problems = key_value_settings(sheet, whole)
    assert alone_values.keys() == whole_values.keys()
    assert all(same(value, whole_values[key]) for key, value in alone_values.items())
    pd.testing.assert_frame_equal(alone_problems, whole_problems)
