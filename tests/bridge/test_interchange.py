"""PBN and USEBIO results files read as bridge results (docs/interchange.md): standings computed by hand, the
files' quirks, `tally convert`, and bad files refused with located problems, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from conftest import codes_in
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pipeline import api
from pipeline.cli import app
from pipeline.problems import InputError

HERE = Path(__file__).parent / "interchange"

# The club evening of both files, worked by hand (MP, 2 per score beaten, 1 per tie; 3 results a board, top 4):
# board 1 NS +430, +400, -50; board 2 -110, 0, +110; board 3 +500, -620, +100; board 4 +120, +90, +90.
EXPECTED = [  # (rank, pair, MP, percent of 16)
    (1, "4", 12.0, 75.0),
    (2, "3", 11.0, 68.75),
    (3, "5", 9.0, 56.25),
    (4, "2", 7.0, 43.75),
    (5, "6", 5.0, 31.25),
    (6, "1", 4.0, 25.0),
]


def standings_rows(path: Path) -> list[tuple]:
    frame = api.standings(path).sheets[0].frame
    return [tuple(r) for r in frame[["Rank", "Pair", "MP", "Percent"]].itertuples(index=False)]


@pytest.mark.parametrize("name", ["club-mp.pbn", "club-mp.xml"])
def test_a_club_evening_scores_as_worked_by_hand(name):
    assert standings_rows(HERE / name) == EXPECTED


def test_pbn_tags_give_the_settings_and_the_total_score_table_the_names():
    book = api.read(HERE / "club-mp.pbn")
    settings = dict(book.get("Settings").frame[["key", "value"]].itertuples(index=False))
    assert settings == {
        "Event": 'Tuesday "Club" Pairs \\ A',  # \" and \\ unescaped
        "Date": "2026-11-24",  # EventDate 2026.11.24
        "Venue": "Riverside Bridge Club",
        "Scoring": "MP",  # MatchPoints;MP2
        "MP Scale": "2",
    }
    names = dict(book.get("Pairs").frame[["pair", "names"]].itertuples(index=False))
    assert names["6"] == 'Jo "JJ" Park - Sam Wu'
    results = book.get("Results").frame
    assert list(results.index[:3]) == [25, 26, 27]  # the rows are the file's lines
    assert results.loc[42, "contract"] == "Pass" and results.loc[27, "score"] == "-50"  # Score_EW 50 negated


def test_usebio_names_date_and_method():
    book = api.read(HERE / "club-mp.xml")
    settings = dict(book.get("Settings").frame[["key", "value"]].itertuples(index=False))
    assert settings == {
        "Event": "Tuesday Pairs & Supper",
        "Date": "2026-11-24",
        "Scoring": "MP",
        "Venue": "Riverside Bridge Club",  # CLUB_NAME
        "Club Number": "12345",  # CLUB_ID_NUMBER
    }
    names = dict(book.get("Pairs").frame[["pair", "names"]].itertuples(index=False))
    assert names["1"] == "Eva Lindé - Per Holm"  # ISO 8859-1, as the file declares


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("name", ["club-mp.pbn", "club-mp.xml"])
def test_convert_writes_a_workbook_that_scores_the_same(tmp_path, name):
    written = api.convert(HERE / name, tmp_path / "event.xlsx")
    assert standings_rows(written) == EXPECTED


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_convert_writes_a_teams_workbook_that_scores_the_same(tmp_path):
    written = api.convert(HERE / "match.pbn", tmp_path / "match.xlsx")
    book = api.read(written)
    assert set(book.sheets) == {"settings", "teams", "matches", "results"}
    standings = api.standings(book).sheets[0].frame
    assert standings[["Team", "IMPs"]].values.tolist() == [["Lions", 13], ["Tigers", -13]]


# The Settings of club-mp.pbn (Event, Date, Venue, Scoring, MP Scale) as `--lang` writes them, and the sheets
SPOKEN = {
    "es": (
        ["Configuración", "Parejas", "Resultados"],
        ["Evento", "Fecha", "Lugar", "Puntuación", "Escala MP"],
    ),
    "zh": (["设置", "参赛对", "成绩"], ["赛事", "日期", "地点", "记分法", "比赛分标准"]),
}


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@pytest.mark.parametrize("lang", sorted(SPOKEN))
def test_convert_in_a_language_names_its_sheets_and_settings_there_and_scores_the_same(tmp_path, lang):
    written = api.convert(HERE / "club-mp.pbn", tmp_path / "event.xlsx", lang=lang)
    book = api.read(written)
    sheets, keys = SPOKEN[lang]
    assert [s.name for s in book.sheets.values()] == sheets
    settings = next(iter(book.sheets.values())).frame
    assert settings.iloc[:, 0].tolist() == keys
    assert settings.iloc[:, 1].tolist()[3:] == ["MP", "2"]  # values as the file gives them
    scored = api.standings(written)
    assert scored.language == lang  # the workbook reads as written in that language
    frame = scored.english[0].frame
    assert [tuple(r) for r in frame[["Rank", "Pair", "MP", "Percent"]].itertuples(index=False)] == EXPECTED


def test_settings_are_spoken_by_name_and_an_unknown_row_is_kept():
    from pipeline.games.bridge.interchange import spoken_settings
    from pipeline.games.registry import BRIDGE
    from pipeline.i18n import speaking

    frame = pd.DataFrame({"key": ["scoring", "Colour", "MP scale"], "value": ["MP", "red", pd.NA]})
    with speaking("es", "bridge"):
        spoken = spoken_settings(frame, BRIDGE.setting_specs())
    assert spoken["key"].tolist() == ["Puntuación", "Colour", "Escala MP"]
    assert spoken["value"].iloc[:2].tolist() == ["MP", "red"] and pd.isna(spoken["value"].iloc[2])


def test_convert_refuses_an_unknown_language_before_writing(tmp_path):
    out = tmp_path / "e.xlsx"
    result = CliRunner().invoke(app, ["convert", str(HERE / "club-mp.pbn"), "-o", str(out), "--lang", "fr"])
    assert result.exit_code == 2 and codes_in(result.output) == ["X001"]
    assert not out.exists()


QUIRKS = r"""% a scoring program's export
[Event "Adjusted night"]
[Board "1"]
[Vulnerable "Both"]
[Scoring "IMP"]
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;Score_NS\6R;Score_EW\6R;Names_NS\13;Names_EW"]
 1  2 4S    N 10    620      - Alfa Bravo    Charlie Delta
 3  4 -     -  -    A60    A40 Echo Fox      Golf Hotel
 5  6 NP    -  -      -      - India Jay     Kilo Lima
 7  8 -     -  -   +400      - Mike November Oscar Papa
 9 10 AVE+  -  -      -      - Quebec Romeo  Sierra Tango
"""


def test_adjusted_scores_not_played_and_a_score_alone(tmp_path):
    path = tmp_path / "quirks.pbn"
    path.write_text(QUIRKS)
    book = api.read(path)
    results = book.get("Results").frame
    assert results["adjusted"].tolist()[1:3] == ["NS 60% EW 40%", "NP"]
    assert results.loc[10, "score"] == "+400" and results.loc[10, "contract"] != results.loc[10, "contract"]
    assert results.loc[11, "adjusted"] == "A+/A-"
    assert results["vul"].unique().tolist() == ["All"]
    settings = dict(book.get("Settings").frame[["key", "value"]].itertuples(index=False))
    assert settings["Scoring"] == "Cross-IMP"
    assert "pairs" not in book.sheets  # the names were written unquoted: dropped, not misread


def test_a_teams_match_from_each_rooms_tags_is_scored_by_hand():
    # Board 1: Lions NS +420 (open), Tigers NS +400 (closed): +20, 1 IMP. Board 2: Lions NS +300 defending
    # 4HX (open) and EW +420 (closed): +720, 12 IMPs. Lions 13 IMPs.
    book = api.read(HERE / "match.pbn")
    results = book.get("Results").frame
    assert results["tricks"].tolist() == ["10", "9", "8", "10"]  # 10, NS 9 by N, EW 8 by W, ^10
    assert results["score"].tolist() == ["420", "400", "300", "-420"]  # NS 420 ... EW 420
    assert results["room"].tolist() == ["Open", "Closed", "Open", "Closed"]
    matches = book.get("Matches").frame
    assert matches[["match", "round", "home", "away"]].values.tolist() == [["1", "1", "Lions", "Tigers"]]
    standings = api.standings(book).sheets[0].frame
    assert standings[["Team", "IMPs"]].values.tolist() == [["Lions", 13], ["Tigers", -13]]
    assert standings["VPs"].sum() == pytest.approx(20)


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        ("MP", {"Scoring": "MP"}),
        ("MatchPoints;MP2", {"Scoring": "MP", "MP Scale": "1"}),  # PBN 2.1: MP2 is 1 a lower score, 0.5 a tie
        ("MatchPoints;MP1", {"Scoring": "MP", "MP Scale": "2"}),
        ("IMP", {"Scoring": "Cross-IMP"}),
        ("IMP;Cross1", {"Scoring": "Cross-IMP"}),
        ("IMP;Butler-2", {"Scoring": "Butler"}),
        ("Butler", {"Scoring": "Butler"}),
        ("TotalPoints", {"Scoring": "TP"}),
    ],
)
def test_the_scoring_tag_gives_the_method(tmp_path, scoring, expected):
    path = tmp_path / "event.pbn"
    path.write_text(
        f'[Scoring "{scoring}"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n'
    )
    settings = dict(api.read(path).get("Settings").frame[["key", "value"]].itertuples(index=False))
    assert settings == expected


def test_irregularities_marked_with_a_caret_are_read(tmp_path):
    path = tmp_path / "event.pbn"
    path.write_text(
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S ^N ^10\n'
    )
    results = api.read(path).get("Results").frame
    assert results.loc[3, ["declarer", "tricks"]].tolist() == ["N", "10"]


def problems_of(path: Path) -> list[tuple]:
    with pytest.raises(InputError) as caught:
        api.read(path)
    return [(p.code, p.row, p.column) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[Event "x"]\n[Board 1]\n', ("B212", 2, "[Board")),  # a value without quotes
        ('[Event "x"]\n[Board "1"\n', ("B212", 2, "[Board")),  # truncated: no ]
        ('[Event "x\n', ("B212", 1, "[Event")),  # a string never closed
        ('[Event "x"]\n{ never closed\n[Board "1"]\n', ("B212", 2, "{")),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S\n',
            ("B213", 3, "ScoreTable"),
        ),
        ('[Event "x"]\n[Board "1"]\n[Deal "N:AKQ2.AK3.AK4.AKQ - - -"]\n', ("B214", None, None)),
        (
            '[Scoring "BAM"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n',
            ("B215", 1, "[Scoring]"),
        ),
        (
            '[Competition "Individuals"]\n[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n',
            ("B215", 1, "[Competition]"),
        ),
        ('[Competition "Teams"]\n[Board "1"]\n[Deal "N:AKQ2.AK3.AK4.AKQ - - -"]\n', ("B214", None, None)),
    ],
)
def test_bad_pbn_files_are_located(tmp_path, text, expected):
    path = tmp_path / "bad.pbn"
    path.write_text(text)
    assert expected in problems_of(path)


def test_a_bad_contract_is_located_at_its_line_and_column(tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text(
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4Z N 10\n3 4 4S N 10\n'
    )
    problems = api.validate(path).errors
    assert [(p.code, p.sheet, p.row, p.column) for p in problems] == [
        ("B105", "bad.pbn", 3, "ScoreTable Contract")
    ]


BOMB = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<USEBIO Version="1.2"><EVENT>&lol2;</EVENT></USEBIO>
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (BOMB, ("B216", 2, "XML")),
        ('<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="PAIRS">\n<BOARD>\n', ("B216", 4, "XML")),  # truncated
        (
            '<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="INDIVIDUAL"><BOARD><TRAVELLER_LINE/></BOARD></EVENT></USEBIO>',
            ("B215", 2, "EVENT_TYPE"),
        ),
        ('<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="TEAMS"><MATCH/></EVENT></USEBIO>', ("B214", None, None)),
        ('<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="PAIRS"></EVENT></USEBIO>', ("B214", None, None)),
        ('<?xml version="1.0"?>\n<workbook><sheet/></workbook>', ("B214", None, None)),  # not USEBIO
    ],
)
def test_bad_usebio_files_are_located(tmp_path, text, expected):
    path = tmp_path / "bad.xml"
    path.write_text(text)
    assert expected in problems_of(path)


def test_a_binary_file_is_named_and_the_command_exits_1(tmp_path):
    path = tmp_path / "event.pbn"
    path.write_bytes(b"PK\x03\x04\x00\x00binary")
    assert problems_of(path) == [("B211", None, None)]
    result = CliRunner().invoke(app, ["bridge", "standings", str(path), "-o", str(tmp_path / "o.xlsx")])
    assert result.exit_code == 1 and "B211" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("cut", [10, 200, 700, 1500])
def test_a_truncated_file_is_a_problem_never_a_traceback(tmp_path, cut):
    for name in ("club-mp.pbn", "club-mp.xml"):
        path = tmp_path / name
        path.write_bytes((HERE / name).read_bytes()[:cut])
        result = CliRunner().invoke(
            app, ["bridge", "standings", str(path), "-o", str(tmp_path / "o.xlsx"), "--force"]
        )
        assert result.exit_code in (0, 1), result.output
        assert "Traceback" not in result.output and "internal error" not in result.output


def test_convert_cli_and_a_workbook_refused(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["convert", str(HERE / "club-mp.pbn"), "-o", str(tmp_path / "e.xlsx")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["convert", str(tmp_path / "e.xlsx"), "-o", str(tmp_path / "f.xlsx")])
    assert result.exit_code == 2


SPECIAL = '[]{}";%\\\n -#^'


@st.composite
def mutated(draw, name: str) -> bytes:
    """A sample file with a few characters deleted, replaced or inserted where PBN's or XML's syntax turns."""
    data = bytearray((HERE / name).read_bytes())
    for _ in range(draw(st.integers(1, 4))):  # a few edits
        at = draw(st.integers(0, len(data) - 1))
        edit = draw(st.sampled_from(["delete", "replace", "insert"]))
        char = draw(st.sampled_from(SPECIAL + "<>/&AXN0")).encode()
        if edit == "delete":
            del data[at]
        elif edit == "replace":
            data[at : at + 1] = char
        else:
            data[at:at] = char
    return bytes(data)


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,  # the same examples on every run
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mangled_file_is_scored_or_located_never_a_crash(tmp_path, data):
    name = data.draw(st.sampled_from(["club-mp.pbn", "club-mp.xml"]))
    path = tmp_path / name
    path.write_bytes(data.draw(mutated(name)))
    try:
        api.standings(path)
    except InputError as exc:
        assert exc.problems and all(p.code for p in exc.problems)


TWO_SECTIONS_PBN = r"""[Event "Two sections"]
[Board "1"]
[ScoreTable "Section\1L;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R"]
A  1  2 3NT  N  9
B  1  2 3NT  N 10
[TotalScoreTable "Section\1L;PairId\2R;Names\20L"]
A 1 "Ann - Bob"
A 2 "Cid - Dan"
B 1 "Eve - Fay"
B 2 "Gus - Hal"
"""

TWO_SECTIONS_XML = """<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><SESSION SESSION_ID="1">
<SECTION SECTION_ID="A"><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE></TRAVELLER_LINE></BOARD></SECTION>
<SECTION SECTION_ID="B"><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Eve</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>430</SCORE></TRAVELLER_LINE></BOARD></SECTION>
</SESSION></EVENT></USEBIO>
"""


@pytest.mark.parametrize(("name", "text"), [("two.pbn", TWO_SECTIONS_PBN), ("two.xml", TWO_SECTIONS_XML)])
def test_pair_numbers_of_several_sections_are_kept_apart(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    book = api.read(path)
    results = book.get("Results").frame
    assert results["ns"].tolist() == ["A1", "B1"] and results["ew"].tolist() == ["A2", "B2"]
    assert results["section"].tolist() == ["A", "B"]
    pairs = book.get("Pairs").frame
    assert dict(pairs[["pair", "names"]].values.tolist())["B1"] in ("Eve - Fay", "Eve")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8-sig", "latin-1"])
def test_the_text_is_read_in_the_encodings_programs_write(tmp_path, encoding):
    path = tmp_path / "event.xml"
    text = (HERE / "club-mp.xml").read_bytes().decode("latin-1")
    path.write_bytes(text.replace('encoding="iso-8859-1"', "").encode(encoding))
    names = dict(api.read(path).get("Pairs").frame[["pair", "names"]].values.tolist())
    assert names["1"] == "Eva Lindé - Per Holm"


MITCHELL = r"""[Event "Mitchell"]
[Board "1"]
[Vulnerable "None"]
[ScoreTable "Table\2R;Round\2R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R"]
 1  1  1  1 3NT  N  9
 2  1  2  2 3NT  N 10

[Event "#"]
[Board "2"]
[Vulnerable "NS"]
[ScoreTable "Table\2R;Round\2R;PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R"]
 1  2  1  2 2H   E  8
 2  2  2  1 2H   E  9
[TotalScoreTable "PairId\2R;Direction\3L;Names\20L"]
 1 "NS" "Ann - Bob"
 2 "NS" "Cid - Dan"
 1 "EW" "Eve - Fay"
 2 "EW" "Gus - Hal"
"""


def test_a_mitchell_numbered_by_direction_ranks_two_fields(tmp_path):
    # Board 1: NS 1 +400, NS 2 +430. Board 2: NS 1 -110 (2H=), NS 2 -140 (2H+1). Top 2 a board.
    path = tmp_path / "mitchell.pbn"
    path.write_text(MITCHELL)
    frame = api.standings(path).sheets[0].frame
    rows = frame[["Field", "Names", "MP"]].values.tolist()
    assert sorted(rows) == sorted(
        [
            ["NS", "Ann - Bob", 2.0],
            ["NS", "Cid - Dan", 2.0],
            ["EW", "Eve - Fay", 4.0],
            ["EW", "Gus - Hal", 0.0],
        ]
    )
