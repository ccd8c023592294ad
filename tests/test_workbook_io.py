"""The writer and reader: what goes in comes back, safely, with the same bytes every time."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest

import pipeline.workbook.writer as io
from pipeline.problems import UsageError
from pipeline.sheets import OutputSheet
from pipeline.workbook import column_letters, read_workbook, write_workbook


def table() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "Name": ['=HYPERLINK("http://x")', "+1 trick", "Peña & Díaz <club>", "  spaced  ", "李伟\x01"],
            "Points": [3, 0, -2, 10**12, 7],
            "Percent": [54.17, 0.1 + 0.2, np.nan, -1.5, 100.0],
            "Mixed": pd.Series([1, "7", None, 2.5, True], dtype="object"),
            "When": pd.to_datetime(["2026-11-30", "2026-01-01", None, "1999-12-31", "2026-11-30"]),
        }
    )


def written(tmp_path: Path, frame: pd.DataFrame, **kw) -> Path:
    return write_workbook(tmp_path / "out.xlsx", [OutputSheet("Data", frame, **kw)], title="T & <T>")


def test_cells_come_back_as_written(tmp_path: Path) -> None:
    ws = openpyxl.load_workbook(written(tmp_path, table()))["Data"]
    assert [c.value for c in ws[1]] == ["Name", "Points", "Percent", "Mixed", "When"]
    names = [ws.cell(r, 1) for r in range(2, 7)]
    # text that looks like a formula stays text: no formula is ever written
    assert names[0].value == '=HYPERLINK("http://x")' and names[0].data_type == "s"
    assert [c.value for c in names[1:]] == ["+1 trick", "Peña & Díaz <club>", "  spaced  ", "李伟"]
    assert [ws.cell(r, 2).value for r in range(2, 7)] == [3, 0, -2, 10**12, 7]
    assert all(ws.cell(r, 2).data_type == "n" for r in range(2, 7))
    assert [ws.cell(r, 3).value for r in range(2, 7)] == [54.17, 0.30000000000000004, None, -1.5, 100]
    assert [ws.cell(r, 4).value for r in range(2, 7)] == [1, "7", None, 2.5, True]
    assert ws.cell(2, 5).value == dt.datetime(2026, 11, 30) and ws.cell(2, 5).number_format == "yyyy-mm-dd"
    assert ws.cell(4, 5).value is None


def test_sheet_is_formatted_for_people(tmp_path: Path) -> None:
    frame = table()
    path = written(
        tmp_path, frame, highlight=pd.Series([True, False, False, False, False]), widths={"Name": 33}
    )
    ws = openpyxl.load_workbook(path)["Data"]
    assert ws.freeze_panes == "A2"
    assert ws.auto_filter.ref == "A1:E6"
    assert ws["A1"].font.b and ws["A1"].fill.fgColor.rgb == "FF1F4E78"
    assert ws["B2"].font.b and ws["B2"].fill.fgColor.rgb == "FFFFF2CC"  # highlighted row
    assert not ws["B3"].font.b
    assert ws["C2"].fill.fgColor.rgb == "FFFFF2CC"  # highlighted blank cells are shaded too
    assert ws.column_dimensions["A"].width == 33
    assert ws.column_dimensions["B"].width == 15  # "1000000000000" (13) + 2, wider than "Points" + 4


def test_same_tables_give_the_same_bytes(tmp_path: Path) -> None:
    first = written(tmp_path, table()).read_bytes()
    second = write_workbook(
        tmp_path / "again.xlsx", [OutputSheet("Data", table())], title="T & <T>"
    ).read_bytes()
    assert first == second


def test_title_and_fixed_timestamp_in_the_properties(tmp_path: Path) -> None:
    props = openpyxl.load_workbook(written(tmp_path, table())).properties
    assert props.title == "T & <T>"
    assert props.created == dt.datetime(2000, 1, 1)


def test_reader_reads_what_the_writer_wrote(tmp_path: Path) -> None:
    sheet = read_workbook(written(tmp_path, table())).get("data")
    assert sheet is not None
    assert list(sheet.frame.columns) == ["name", "points", "percent", "mixed", "when"]
    assert sheet.frame.index.tolist() == [2, 3, 4, 5, 6]
    assert sheet.frame["points"].tolist() == ["3", "0", "-2", "1000000000000", "7"]
    assert sheet.frame.loc[5, "name"] == "spaced"  # the reader trims


def test_a_failed_write_leaves_the_earlier_workbook_intact(tmp_path: Path, monkeypatch) -> None:
    path = written(tmp_path, table())
    before = path.read_bytes()

    def broken(sheet: OutputSheet, selected: bool, looks: object = None) -> list[str]:
        raise KeyboardInterrupt("killed mid-write")

    monkeypatch.setattr(io, "_sheet_xml", broken)
    with pytest.raises(KeyboardInterrupt):
        write_workbook(path, [OutputSheet("Data", table())])
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.xlsx"]  # no temporary file left behind


def test_a_sheet_beyond_excel_rows_is_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(io, "EXCEL_MAX_ROWS", 3)
    with pytest.raises(UsageError) as refused:
        written(tmp_path, table())
    assert refused.value.code == "X001"
    # the numbers it gives: the rows the sheet would have, and the most Excel allows
    assert {"6", "3"} <= set(re.findall(r"\d+", str(refused.value)))
    assert list(tmp_path.iterdir()) == []


def test_blocks_of_rows_join_without_gaps(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(io, "CHUNK_ROWS", 2)
    ws = openpyxl.load_workbook(written(tmp_path, table()))["Data"]
    assert [ws.cell(r, 2).value for r in range(2, 7)] == [3, 0, -2, 10**12, 7]


@pytest.mark.parametrize(
    ("index", "letters"), [(0, "A"), (25, "Z"), (26, "AA"), (51, "AZ"), (52, "BA"), (701, "ZZ"), (702, "AAA")]
)
def test_column_letters(index: int, letters: str) -> None:
    assert column_letters(index) == letters


KILLED_WRITER = """
import sys, time
from pathlib import Path
import pandas as pd
import pipeline.workbook.writer as io
from pipeline.sheets import OutputSheet

real = io.rows_xml
def slow(*args):
    Path(sys.argv[2]).write_text("writing")  # the temporary file is open and half written
    time.sleep(120)
    return real(*args)
io.rows_xml = slow
frame = pd.DataFrame({"Name": ["new"] * 10, "Points": range(10)})
io.write_workbook(Path(sys.argv[1]), [OutputSheet("Data", frame)])
"""


@pytest.mark.slow  # over 0.7 s in make test: make test SLOW=1 and CI run it
def test_a_run_killed_mid_write_leaves_the_earlier_workbook_intact(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    path = written(tmp_path, table())
    before = path.read_bytes()
    started = tmp_path.parent / f"{tmp_path.name}-started"
    child = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path), str(started)])
    try:
        deadline = time.monotonic() + 60
        while not started.exists():
            assert child.poll() is None and time.monotonic() < deadline, "the writer never started"
            time.sleep(0.05)
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
    assert path.read_bytes() == before
    assert openpyxl.load_workbook(path)["Data"].cell(2, 2).value == 3
    # only a hidden temporary file may be left beside it; the next run writes normally
    assert [p.name for p in tmp_path.iterdir() if p.name != "out.xlsx"] == [
        p.name for p in tmp_path.glob(".tally-*.tmp")
    ]
    written(tmp_path, table().head(2))
    assert openpyxl.load_workbook(path)["Data"].max_row == 3


def rezipped(path: Path, into: Path) -> Path:
    """Every part of a workbook compressed again by zipfile itself, in the same order, each in one piece."""
    import zipfile

    with zipfile.ZipFile(path) as book, zipfile.ZipFile(into, "w", compression=zipfile.ZIP_DEFLATED) as copy:
        for entry in book.infolist():  # a few parts
            data = book.read(entry)
            if entry.filename.startswith("xl/worksheets/sheet"):
                with copy.open(io._zip_entry(entry.filename), "w", force_zip64=True) as stream:
                    stream.write(data)
            else:
                copy.writestr(io._zip_entry(entry.filename), data)
    return into


def test_worksheets_compressed_on_their_threads_are_what_zipfile_writes(tmp_path: Path, monkeypatch) -> None:
    """The writer compresses each worksheet on a thread of its own and hands zipfile the compressed data; the
    package must be the very bytes zipfile writes when it compresses every part itself."""
    monkeypatch.setattr(io, "CHUNK_ROWS", 2)  # several blocks a sheet, queued while others are built
    big = pd.concat([table()] * 7, ignore_index=True)
    sheets = [OutputSheet("Data", table()), OutputSheet("Empty", table().head(0)), OutputSheet("More", big)]
    path = write_workbook(tmp_path / "out.xlsx", sheets, title="T")
    assert path.read_bytes() == rezipped(path, tmp_path / "again.xlsx").read_bytes()


def in_sheet_order(sheets: list[OutputSheet], looks: list) -> list[io.CompressedPart]:
    """The plain rule of `_compressed_worksheets`: each sheet's pieces built and compressed, one sheet after
    another, in the workbook's order."""
    parts = []
    for i, (sheet, look) in enumerate(zip(sheets, looks, strict=True), start=1):
        part = io.CompressedPart()
        for piece in io._sheet_xml(sheet, selected=i == 1, looks=look):
            part.add(piece.encode("utf-8") if isinstance(piece, str) else piece)
        parts.append(part.finished())
    return parts


def test_sheets_built_in_turns_are_the_bytes_of_sheets_built_one_after_another(
    tmp_path: Path, monkeypatch
) -> None:
    """The writer hands each piece to the first sheet, largest first, whose compressor has room: the pieces of
    sheets are built in turns, and the package is the very bytes of building them one sheet after another."""
    monkeypatch.setattr(io, "CHUNK_ROWS", 2)
    monkeypatch.setattr(io, "QUEUED_PIECES", 1)
    frames = [table().head(3), pd.concat([table()] * 9, ignore_index=True), table().head(0)]
    frames.append(pd.concat([table()] * 5, ignore_index=True))
    sheets = [OutputSheet(f"S{i}", frame) for i, frame in enumerate(frames)]
    handed: list[int] = []
    add = io.CompressedPart.add
    monkeypatch.setattr(
        io.CompressedPart, "add", lambda part, piece: (handed.append(id(part)), add(part, piece))
    )
    turns = write_workbook(tmp_path / "turns.xlsx", sheets, title="T").read_bytes()
    runs = [p for i, p in enumerate(handed) if i == 0 or handed[i - 1] != p]
    assert len(runs) > len(set(handed))  # some sheet's pieces were built between another's
    monkeypatch.setattr(io, "_compressed_worksheets", in_sheet_order)
    assert turns == write_workbook(tmp_path / "plain.xlsx", sheets, title="T").read_bytes()
    book = openpyxl.load_workbook(tmp_path / "turns.xlsx")
    assert [book[f"S{i}"].max_row for i in range(4)] == [len(f) + 1 for f in frames]


def test_sheets_compressed_where_they_are_built_are_the_same_bytes(tmp_path: Path, monkeypatch) -> None:
    """`COMPRESS_BESIDE` off (a worker of a pool that keeps every core busy): every part compressed on the
    building thread, the very bytes of compressing each on a thread of its own."""
    monkeypatch.setattr(io, "CHUNK_ROWS", 2)
    sheets = [OutputSheet("Data", table()), OutputSheet("More", pd.concat([table()] * 7, ignore_index=True))]
    beside = write_workbook(tmp_path / "beside.xlsx", sheets, title="T").read_bytes()
    monkeypatch.setattr(io, "COMPRESS_BESIDE", False)
    started = io.CompressedPart.__init__
    monkeypatch.setattr(io.CompressedPart, "__init__", lambda part: pytest.fail("a thread was started"))
    assert write_workbook(tmp_path / "inline.xlsx", sheets, title="T").read_bytes() == beside
    monkeypatch.setattr(io.CompressedPart, "__init__", started)


@pytest.mark.parametrize("beside", [True, False])
def test_a_failing_compressor_fails_the_write_wherever_it_runs(
    tmp_path: Path, monkeypatch, beside: bool
) -> None:
    monkeypatch.setattr(io, "COMPRESS_BESIDE", beside)
    path = written(tmp_path, table())
    before = path.read_bytes()

    class Broken:
        def compress(self, data: bytes) -> bytes:
            raise MemoryError("no memory left")

    monkeypatch.setattr(io, "part_compressor", Broken)
    with pytest.raises(MemoryError):
        written(tmp_path, table())
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.xlsx"]


def test_the_largest_sheet_is_built_first() -> None:
    sheets = [OutputSheet(n, table().head(k)) for n, k in [("a", 2), ("b", 5), ("c", 0), ("d", 5), ("e", 3)]]
    assert io.building_order(sheets) == [1, 3, 4, 0, 2]
