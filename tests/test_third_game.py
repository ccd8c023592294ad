"""A third game, declared here and registered from outside tally: every command knows it, nothing under
pipeline/ is edited (issue 14: "a game registry").

The game, "highest total wins": a `Scores` sheet lists each player's points in each round; a player's total
is the sum, the highest total ranks first, equal totals share a place (1, 1, 3). Its standings workbook holds
`Standings`, `Scores` and `Rules` (Item / Value: Event, Date, Weight), like every tally standings workbook, so
`rank` and `diff` read it without knowing the game.

Hand-worked values: night 1 has Ana 5 + 7 = 12, Bea 9 + 3 = 12, Cal 4 + 4 = 8 -> Ana 1, Bea 1, Cal 3;
night 2 has Ana 2, Bea 10, Cal 6 -> Bea 1, Cal 2, Ana 3.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
import pandera.pandas as pa
import pytest
from conftest import SAMPLES, codes_in, write_xlsx
from corpus.common import Expected, printed
from openpyxl import load_workbook
from pandera.typing import Series
from tables import table_rows
from typer.testing import CliRunner

from pipeline.cli import build_app
from pipeline.games.checks import as_problem_list, required_sheet, schema_problems
from pipeline.games.corrections import CorrectionRules
from pipeline.games.game import Game
from pipeline.games.registry import GAMES, register
from pipeline.games.settings import (
    CORRECTION_SETTINGS,
    WEIGHT_SETTING,
    SettingSpec,
    key_value_settings,
    plain_text,
)
from pipeline.problems import InputError, Problem
from pipeline.sheets import OutputSheet, Sheet
from schemas.common import Text

SETTINGS = {
    "event": SettingSpec("Event", plain_text, "the event's name"),
    "date": SettingSpec("Date", plain_text, "the event's date"),
    "weight": WEIGHT_SETTING,
    **CORRECTION_SETTINGS,
}


class ScoresSheet(pa.DataFrameModel):
    """`Scores`: one row per player and round."""

    round: Series[Text] = pa.Field(nullable=False, title="Round")
    player: Series[Text] = pa.Field(nullable=False, title="Player")
    points: Series[Text] = pa.Field(nullable=False, title="Points")

    @pa.check("round", "points", name="a whole number, 0 or more")
    def _whole(cls, s: Series[Text]) -> pd.Series:
        return s.str.fullmatch(r"[0-9]+")

    class Config:
        strict = False


@dataclass
class TotalSettings:
    """The settings a total-wins event reads."""

    event: str = ""
    date: str = ""
    weight: float = 1.0
    published_at: pd.Timestamp | None = None
    correction_minutes: int = 30


@dataclass
class TotalEvent:
    """A validated total-wins workbook."""

    settings: TotalSettings
    scores: pd.DataFrame
    warnings: list[Problem] = field(default_factory=list)


def total_settings(sheet: Sheet | None) -> tuple[TotalSettings, pd.DataFrame]:
    """The Settings sheet read with tally's own machinery."""
    values, problems = key_value_settings(sheet, SETTINGS)
    settings = TotalSettings(str(values.get("event", "")), str(values.get("date", "")))
    settings.weight = float(values.get("weight", 1.0))  # type: ignore[arg-type]
    return settings, problems


def total_event(sheets: dict[str, Sheet]) -> TotalEvent:
    """The Scores sheet validated (InputError with every problem otherwise)."""
    settings, setting_problems = total_settings(sheets.get("settings"))
    scores = required_sheet(sheets, "scores", "Scores", ScoresSheet)
    found = as_problem_list([setting_problems, schema_problems(scores, ScoresSheet)])
    if any(p.severity == "error" for p in found):
        raise InputError(found)
    frame = scores.frame.dropna(how="all")
    typed = pd.DataFrame(
        {
            "round": frame["round"].astype(int),
            "player": frame["player"],
            "points": frame["points"].astype(int),
        }
    )
    return TotalEvent(settings, typed, found)


def total_tables(event: TotalEvent) -> pd.DataFrame:
    """Each player's total, highest first; equal totals share a place (competition ranking)."""
    totals = event.scores.groupby("player", as_index=False)["points"].sum()
    totals = totals.sort_values(["points", "player"], ascending=[False, True], kind="stable")
    rank = totals["points"].rank(method="min", ascending=False).astype(int)
    return pd.DataFrame({"Rank": rank, "Player": totals["player"], "Total": totals["points"]})


def total_sheets(event: TotalEvent, standings: pd.DataFrame) -> list[OutputSheet]:
    """Standings, the scores as played, and the Rules sheet every standings workbook has."""
    scores = event.scores.rename(columns={"round": "Round", "player": "Player", "points": "Points"})
    rules = pd.DataFrame(
        {
            "Item": ["Event", "Date", "Weight", "Method"],
            "Value": [event.settings.event, event.settings.date, event.settings.weight, "highest total wins"],
        }
    )
    return [
        OutputSheet("Standings", standings.reset_index(drop=True)),
        OutputSheet("Scores", scores.reset_index(drop=True)),
        OutputSheet("Rules", rules.astype(object)),
    ]


def blank_workbook() -> list[OutputSheet]:
    """The template: the Scores headers and a Settings sheet."""
    return [
        OutputSheet("Scores", pd.DataFrame(columns=["Round", "Player", "Points"])),
        OutputSheet("Settings", pd.DataFrame(columns=["Key", "Value"])),
    ]


TOTAL = Game(
    name="total",
    help="Highest total wins: the sum of each player's points.\n\nExample: tally total standings night.xlsx",
    standings_help="Add up each player's points and write the standings.",
    input_sheet="Scores",
    is_input=lambda names: "scores" in names,
    is_standings=lambda names: "scores" in names and "standings" in names,
    load=total_event,
    compute=total_tables,
    report=total_sheets,
    settings=total_settings,
    setting_specs=lambda: SETTINGS,
    rules=lambda _: CorrectionRules("scores", ["round", "player"], [], {"points": "Points"}),
    results_sheet="Scores",
    template=blank_workbook,
    compared={"Scores": ("Round", "Player")},
)


@pytest.fixture
def tally() -> Iterator[CliRunner]:
    """The command line with the third game registered (and the registry as it was afterwards)."""
    register(TOTAL)
    app = build_app()
    runner = CliRunner()
    runner.app = app  # type: ignore[attr-defined]
    yield runner
    del GAMES["total"]


def run(runner: CliRunner, *args: object):
    return runner.invoke(runner.app, [str(a) for a in args])  # type: ignore[attr-defined]


def night(path: Path, rows: list[list[object]], date: str) -> Path:
    return write_xlsx(
        path,
        {
            "Scores": (["Round", "Player", "Points"], rows),
            "Settings": (["Key", "Value"], [["Event", path.stem], ["Date", date]]),
        },
    )


NIGHT_1 = [[1, "Ana", 5], [1, "Bea", 9], [1, "Cal", 4], [2, "Ana", 7], [2, "Bea", 3], [2, "Cal", 4]]
NIGHT_2 = [[1, "Ana", 2], [1, "Bea", 10], [1, "Cal", 6]]


def standings_of(path: Path) -> list[tuple[object, ...]]:
    return [tuple(r) for r in table_rows(load_workbook(path)["Standings"])[1:]]


def test_validate_and_standings_know_the_game(tally: CliRunner, tmp_path: Path):
    source = night(tmp_path / "night1.xlsx", NIGHT_1, "2026-11-01")
    checked = run(tally, "validate", source)
    assert checked.exit_code == 0 and checked.stdout.strip().endswith("total workbook: no problems found")
    done = run(tally, "total", "standings", source)
    assert done.exit_code == 0, done.output
    assert standings_of(tmp_path / "night1-standings.xlsx") == [(1, "Ana", 12), (1, "Bea", 12), (3, "Cal", 8)]


def test_a_bad_cell_is_located_by_the_game_s_own_model(tally: CliRunner, tmp_path: Path):
    source = night(tmp_path / "bad.xlsx", [[1, "Ana", "lots"]], "2026-11-01")
    checked = run(tally, "validate", source)
    assert checked.exit_code == 1
    assert codes_in(checked.stderr) == ["W106"]  # the game declares no kind for its check: the general one
    assert printed(checked.stderr, Expected("W106", "Scores", 2, "Points", "lots"))


def test_template_writes_the_game_s_blank_workbook(tally: CliRunner, tmp_path: Path):
    done = run(tally, "template", "total", "-o", tmp_path)
    assert done.exit_code == 0, done.output
    book = load_workbook(tmp_path / "total-template.xlsx")
    assert book.sheetnames == ["Scores", "Settings"]
    assert list(table_rows(book["Scores"])[0]) == ["Round", "Player", "Points"]


def test_batch_scores_the_game_beside_the_others(tally: CliRunner, tmp_path: Path):
    folder = tmp_path / "in"
    folder.mkdir()
    night(folder / "night1.xlsx", NIGHT_1, "2026-11-01")
    shutil.copy(SAMPLES / "domino_pairs.xlsx", folder / "domino.xlsx")
    done = run(tally, "batch", folder, "-o", tmp_path / "out")
    assert done.exit_code == 0, done.output
    assert "2 computed, 0 unchanged, 0 failed" in done.stdout
    assert standings_of(tmp_path / "out" / "night1-standings.xlsx")[0] == (1, "Ana", 12)


def test_rank_and_diff_read_the_game_s_standings(tally: CliRunner, tmp_path: Path):
    for name, rows, date in (("night1", NIGHT_1, "2026-11-01"), ("night2", NIGHT_2, "2026-11-08")):
        assert run(tally, "total", "standings", night(tmp_path / f"{name}.xlsx", rows, date)).exit_code == 0
    first, second = tmp_path / "night1-standings.xlsx", tmp_path / "night2-standings.xlsx"
    ranked = run(tally, "rank", first, second, "-o", tmp_path / "ranking.xlsx", "--game", "total")
    assert ranked.exit_code == 0, ranked.output
    assert "3 ranked from 2 event(s) as of 2026-11-08" in ranked.stdout
    # points: weight 1 x 100 x (field - place + 1) / field, rounded to hundredths: a field of 3 -> place 1: 100,
    # 2: 66.67, 3: 33.33; night 1: Ana and Bea share places 1-2 (average 1.5: 83.33 each), Cal 33.33; night 2:
    # Bea 100, Cal 66.67, Ana 33.33 -> Bea 183.33, Ana 83.33 + 33.33 = 116.66, Cal 100.
    rows = list(load_workbook(tmp_path / "ranking.xlsx")["Ranking"].iter_rows(min_row=2, values_only=True))
    header = [c.value for c in load_workbook(tmp_path / "ranking.xlsx")["Ranking"][1]]
    totals = {r[header.index("Player")]: r[header.index("Points")] for r in rows}
    assert totals == pytest.approx({"Bea": 183.33, "Ana": 116.66, "Cal": 100.0}, abs=1e-9)
    changed = run(tally, "diff", first, second, "--json")
    assert changed.exit_code == 0, changed.output
    assert '"Key": "Player Bea"' in changed.stdout and '"Column": "Total"' in changed.stdout
    assert '"Key": "Round 2, Player Ana"' in changed.stdout  # night 2 had no round 2: the row was removed


def test_the_registry_is_as_it_was_without_the_fixture():
    assert list(GAMES) == ["domino", "bridge"]
