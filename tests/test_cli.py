"""The `tally` command line: exit codes, messages, and the standings workbooks it writes."""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from conftest import MATCH_HEADER, ROOT, SAMPLES, codes_in, write_xlsx
from corpus.common import Expected, printed
from openpyxl import load_workbook
from tables import header_row
from typer.testing import CliRunner

import pipeline
from pipeline.cli import app, help_not_asked
from pipeline.language import english_sheet_names

ALL_SAMPLES = sorted(SAMPLES.glob("*.xlsx"))
SAMPLE_FILES = sorted(SAMPLES.glob("domino_*.xlsx"))
BRIDGE_SHEETS = {
    "bridge_teams.xlsx": ["Standings", "Travellers", "Matches", "Board IMPs", "Progress", "Rules"],
}
PAIRS_SHEETS = ["Standings", "Travellers", "Frequencies", "Scorecards", "Progress", "Rules"]
DEALS_SAMPLE = SAMPLES / "bridge_club_deals.pbn"  # a PBN event with its hand records: scored by demo too
BRIDGE_SHEETS["bridge_club_deals.pbn"] = [*PAIRS_SHEETS[:2], "Hands", *PAIRS_SHEETS[2:]]
SHEETS = ["Standings", "Matches", "Rounds", "Progress", "Winners", "Penalties", "Rules"]  # the samples
ONE_ROUND_SHEETS = [s for s in SHEETS if s != "Progress"]  # an event of one round has no Progress
GOOD_ROW = [1, 1, "p1", None, "p2", None, 100, 20, None, None, None]


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_sample(sample: Path, folder: Path) -> Path:
    target = folder / sample.name
    shutil.copyfile(sample, target)
    return target


def bad_workbook(path: Path) -> Path:
    """A workbook with one located problem (Matches row 2, Ended 'finished')."""
    row = [1, 1, "p1", None, "p2", None, 100, 20, None, "finished", None]
    return write_xlsx(path, {"Matches": (MATCH_HEADER, [row])})


def test_there_are_samples_to_run():
    assert [p.name for p in ALL_SAMPLES] == [
        "bridge_club_mp.xlsx",
        "bridge_imp_pairs_butler.xlsx",
        "bridge_imp_pairs_cross.xlsx",
        "bridge_teams.xlsx",
        "domino_individual.xlsx",
        "domino_pairs.xlsx",
        "domino_run_out.xlsx",
    ]


# ---------------------------------------------------------------- version and help


def test_version_prints_the_package_version():
    installed = importlib.metadata.version("tally")  # what setuptools read from pipeline.__version__
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dynamic"] == ["version"]
    assert installed == pipeline.__version__
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout == f"tally {installed}\n"


@pytest.mark.parametrize(
    ("command", "example"),
    [
        ([], "Example: tally "),
        (["domino"], "Example: tally domino "),
        (["domino", "standings"], "Example: tally domino standings "),
        (["demo"], "Example: tally demo"),
    ],
    ids=["tally", "tally domino", "tally domino standings", "tally demo"],
)
def test_help_of_every_command_and_group_shows_an_example(command: list[str], example: str):
    result = invoke(*command, "--help")
    assert result.exit_code == 0
    assert re.search(r"Usage: tally" + "".join(f" {c}" for c in command) + r" \[OPTIONS\]", result.stdout)
    assert example in result.stdout, result.stdout


LIGHT = """
import sys
sys.argv = ["tally", *{args!r}]
import pipeline.cli
try:
    pipeline.cli.main()
except SystemExit as end:
    print(end.code, sorted(m for m in ("pandas", "pandera", "rich", "pydantic") if m in sys.modules), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["domino", "--help"],
        ["bridge", "standings", "--help"],
        ["--version"],
        ["frobnicate"],
        ["validate", "--colour", "x"],
    ],  # fmt: skip
)
def test_help_and_usage_errors_import_nothing_heavy(args: list[str]):
    """Help, the version and a misspelled command or option answer without pandas, pandera, rich or pydantic:
    plain help (`HELP_MARKUP`), and every --help left unset given False (`help_not_asked`), which Typer
    does not coerce through pydantic."""
    import subprocess
    import sys

    ran = subprocess.run([sys.executable, "-c", LIGHT.format(args=args)], capture_output=True, text=True)
    code, imported = ran.stderr.strip().splitlines()[-1].split(" ", 1)
    assert imported == "[]", ran.stderr
    assert code in ("0", "2")


def test_every_command_has_help_not_asked():
    """`help_not_asked` names every group and command of the command line, as click looks them up."""
    import typer.main

    def names(command) -> dict:
        return {"help": False} | {n: names(c) for n, c in getattr(command, "commands", {}).items()}

    assert help_not_asked(app) == names(typer.main.get_command(app))


@pytest.mark.parametrize("command", [[], ["domino"], ["bridge"]])
def test_command_lists_show_each_commands_first_paragraph_whole(command: list[str]):
    """A list of commands shows the first paragraph of each command's help, wrapped, not cut with '...'."""
    import typer.main

    group = typer.main.get_command(app)
    for name in command:
        group = group.commands[name]
    listed = invoke(*command, "--help").stdout.split("Commands:", 1)[1]
    assert "..." not in listed
    for name, sub in group.commands.items():
        first = " ".join(sub.help.split("\n\n")[0].split())
        assert sub.short_help == first
        assert " ".join(listed.split()).count(f"{name} {first}") == 1, (name, listed)


def test_no_arguments_shows_the_help():
    result = invoke()
    assert result.exit_code == 2
    assert "Usage: tally [OPTIONS] COMMAND [ARGS]..." in result.output
    assert "domino" in result.output and "demo" in result.output


# ---------------------------------------------------------------- usage errors (exit 2)


def test_missing_input_file_exits_2_naming_the_file(tmp_path: Path):
    missing = tmp_path / "club-night.xlsx"
    result = invoke("domino", "standings", str(missing))
    assert result.exit_code == 2
    assert result.stderr == f"error [X001]: {missing}: no such file\n"
    assert list(tmp_path.iterdir()) == []


def test_a_folder_instead_of_a_workbook_exits_2(tmp_path: Path):
    result = invoke("domino", "standings", str(tmp_path))
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"]
    assert str(tmp_path) in result.stderr


@pytest.mark.parametrize(
    "args", [["domino", "standings", "--colour", "x.xlsx"], ["--colour", "domino"]], ids=["command", "root"]
)
def test_unknown_option_exits_2(args: list[str]):
    result = invoke(*args)
    assert result.exit_code == 2
    assert "No such option: --colour" in result.output


@pytest.mark.parametrize("spelling", ["same", "dot segment", "relative"])
def test_output_equal_to_the_input_exits_2_and_leaves_the_input_untouched(
    spelling: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    source = copy_sample(SAMPLES / "domino_pairs.xlsx", tmp_path)
    before = digest(source)
    monkeypatch.chdir(tmp_path)
    out = {"same": str(source), "dot segment": str(tmp_path / "." / source.name), "relative": source.name}
    result = invoke("domino", "standings", str(source), "-o", out[spelling])
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"]
    assert source.name in result.stderr
    assert digest(source) == before
    assert [p.name for p in tmp_path.iterdir()] == [source.name]


# ---------------------------------------------------------------- success on the bundled samples


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_each_sample_writes_a_formatted_standings_workbook(sample: Path, tmp_path: Path):
    source = copy_sample(sample, tmp_path)
    before = digest(source)
    result = invoke("domino", "standings", str(source))
    expected = tmp_path / f"{sample.stem}-standings.xlsx"
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {expected}\n"
    assert result.stderr == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([source.name, expected.name])
    assert digest(source) == before

    book = load_workbook(expected)
    assert book.sheetnames == SHEETS
    for ws in book.worksheets:
        top = header_row(ws)
        assert ws.freeze_panes == f"A{top + 1}", ws.title
        assert ws.auto_filter.ref is not None and ws.auto_filter.ref.startswith(f"A{top}:"), ws.title
    standings = book["Standings"]
    top = header_row(standings)
    header = [c.value for c in standings[top]]
    # the competitor is a Pair where every side is one id (A2 and B2 blank), a Player where sides are two
    assert header[:2] == ["Rank", "Player" if sample.stem == "domino_individual" else "Pair"]
    assert "Points" in header
    rows = list(standings.iter_rows(min_row=top + 1))
    assert len(rows) >= 4
    for col in ("Rank", "Points"):
        cells = [row[header.index(col)] for row in rows]
        assert all(c.data_type == "n" and isinstance(c.value, int) for c in cells), col
    assert rows[0][header.index("Rank")].value == 1


@pytest.mark.parametrize("sample", SAMPLE_FILES, ids=lambda p: p.stem)
def test_running_twice_gives_byte_identical_output(sample: Path, tmp_path: Path):
    source = copy_sample(sample, tmp_path)
    first, second = tmp_path / "first.xlsx", tmp_path / "second.xlsx"
    assert invoke("domino", "standings", str(source), "-o", str(first)).exit_code == 0
    assert invoke("domino", "standings", str(source), "-o", str(second)).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    again = invoke("domino", "standings", str(source), "-o", str(first))
    assert again.exit_code == 0
    assert first.read_bytes() == second.read_bytes()


def test_output_folder_is_created(tmp_path: Path):
    source = copy_sample(SAMPLES / "domino_pairs.xlsx", tmp_path)
    out = tmp_path / "results" / "night 1" / "standings.xlsx"
    result = invoke("domino", "standings", str(source), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert load_workbook(out).sheetnames == SHEETS


# ---------------------------------------------------------------- demo


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_demo_writes_one_workbook_per_sample(tmp_path: Path):
    out = tmp_path / "out"
    result = invoke("demo", "--out", str(out))
    assert result.exit_code == 0, result.output
    english = sorted([*ALL_SAMPLES, DEALS_SAMPLE])
    names = [f"{s.stem}-standings.xlsx" for s in english]
    twins = [f"{s.stem}-standings.xlsx" for s in ALL_SAMPLES]  # the PBN event has no twins
    assert sorted(p.name for p in out.iterdir()) == [*names, "es", "site", "zh"]
    assert result.stdout.splitlines() == [
        *(f"{s.name} -> {out / n}" for s, n in zip(english, names, strict=True)),
        *(
            f"{lang}/{s.name} -> {out / lang / n}"
            for lang in ("es", "zh")
            for s, n in zip(ALL_SAMPLES, twins, strict=True)
        ),
        f"site -> {out / 'site' / 'index.html'}",
    ]
    for sample, name in zip(english, names, strict=True):
        game = "domino" if sample.name.startswith("domino") else "bridge"
        expected = SHEETS if game == "domino" else BRIDGE_SHEETS.get(sample.name, PAIRS_SHEETS)
        assert load_workbook(out / name).sheetnames == expected
        if sample == DEALS_SAMPLE:
            continue
        for lang, standings in (("es", "Clasificación"), ("zh", "排名")):  # each twin in its own language
            written = load_workbook(out / lang / name).sheetnames
            assert written[0] == standings and len(written) == len(expected)
            assert [english_sheet_names(game).get(n, n) for n in written] == expected
    assert sorted(p.name for p in (out / "site").iterdir() if p.is_dir()) == [
        s.stem.replace("_", "-") for s in english
    ]  # the site publishes the English samples


@pytest.mark.slow  # every sample scored twice, and its site (make test SLOW=1 and CI run it)
def test_demo_gives_the_same_bytes_as_the_standings_command(tmp_path: Path):
    out = tmp_path / "out"
    assert invoke("demo", "--out", str(out)).exit_code == 0
    for sample in SAMPLE_FILES:
        single = tmp_path / f"single-{sample.stem}.xlsx"
        assert invoke("domino", "standings", str(sample), "-o", str(single)).exit_code == 0
        assert single.read_bytes() == (out / f"{sample.stem}-standings.xlsx").read_bytes(), sample.name


def test_demo_with_a_folder_without_workbooks_exits_2(tmp_path: Path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = invoke("demo", "--samples", str(empty), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"] and str(empty) in result.stderr
    assert not (tmp_path / "out").exists()


def test_demo_names_the_workbook_that_has_problems(tmp_path: Path):
    folder = tmp_path / "samples"
    folder.mkdir()
    copy_sample(SAMPLES / "domino_pairs.xlsx", folder)
    bad_workbook(folder / "bad_night.xlsx")
    result = invoke("demo", "--samples", str(folder), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["D121"]
    assert printed(result.stderr, Expected("D121", "Matches", 2, "Ended", "finished"))
    assert "bad_night.xlsx" in result.stderr, result.stderr
    assert not (tmp_path / "out" / "bad_night-standings.xlsx").exists()


# ---------------------------------------------------------------- warnings and --debug


def test_a_run_with_only_a_warning_exits_0_and_prints_it(tmp_path: Path):
    source = write_xlsx(
        tmp_path / "night.xlsx",
        {"Matches": (MATCH_HEADER, [GOOD_ROW]), "Settings": (["Key", "Value"], [["Colour", "red"]])},
    )
    result = invoke("domino", "standings", str(source))
    out = tmp_path / "night-standings.xlsx"
    assert result.exit_code == 0, result.output
    assert codes_in(result.stderr) == ["S102"]  # a warning, and nothing else
    assert printed(result.stderr, Expected("S102", "Settings", 2, "Key", "Colour"))
    assert result.stdout == f"wrote {out}\n"
    assert load_workbook(out).sheetnames == ONE_ROUND_SHEETS


def test_debug_is_accepted_before_the_command(tmp_path: Path):
    source = copy_sample(SAMPLES / "domino_pairs.xlsx", tmp_path)
    out = tmp_path / "standings.xlsx"
    result = invoke("--debug", "domino", "standings", str(source), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"wrote {out}\n"
    assert load_workbook(out).sheetnames == SHEETS


def test_debug_still_lists_the_problems_of_a_bad_workbook(tmp_path: Path):
    """--debug is for tracebacks of unexpected errors; problems in the workbook are expected."""
    source = bad_workbook(tmp_path / "night.xlsx")
    result = invoke("--debug", "domino", "standings", str(source))
    assert result.exit_code == 1
    assert codes_in(result.stderr) == ["D121"]
    assert printed(result.stderr, Expected("D121", "Matches", 2, "Ended", "finished"))
    assert not (tmp_path / "night-standings.xlsx").exists()


def test_debug_keeps_exit_code_2_for_a_missing_file(tmp_path: Path):
    missing = tmp_path / "club-night.xlsx"
    result = invoke("--debug", "domino", "standings", str(missing))
    assert result.exit_code == 2
    assert codes_in(result.stderr) == ["X001"]
    assert str(missing) in result.stderr


def test_bad_workbook_exits_1_with_the_problem_and_no_output(tmp_path: Path):
    source = bad_workbook(tmp_path / "night.xlsx")
    result = invoke("domino", "standings", str(source))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert codes_in(result.stderr) == ["D121"]
    assert printed(result.stderr.splitlines()[-1], Expected("D121", "Matches", 2, "Ended", "finished"))
    assert [p.name for p in tmp_path.iterdir()] == ["night.xlsx"]
