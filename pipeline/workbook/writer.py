"""Writing standings workbooks: SpreadsheetML built column by column, streamed into the zip, atomically.

The cells' XML is built with vectorized string operations (each distinct value rendered once, rows joined
with Arrow kernels) and streamed into the zip: measured about 3-4x faster than xlsxwriter in
constant-memory mode, the fastest library writer on this machine (bench/README.md).
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.errors import UsageError
from pipeline.sheets import OutputSheet, column_letters

FIXED_TIMESTAMP = dt.datetime(2000, 1, 1)
EXCEL_MAX_ROWS = 1_048_576

# ---------------------------------------------------------------- writing
#
# The workbook is written as SpreadsheetML by this module: every cell's XML is built column by column with
# vectorized string operations, then streamed into the zip. Measured here (bench/README.md) it writes
# several times faster than xlsxwriter in constant-memory mode, the fastest library writer on this machine.
# Strings are inline strings (never formulas), so a name such as "=HYPERLINK(...)" stays text.

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
CHUNK_ROWS = 50_000
STYLE_HEADER, STYLE_LEAD, STYLE_DATE, STYLE_LEAD_DATE, STYLE_ENTRY = 1, 2, 3, 4, 5
_ILLEGAL_XML = r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]"
_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
_NS_R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_EXCEL_EPOCH = pd.Timestamp("1899-12-30")
_STR = pa.large_string()

STYLES = (
    _HEAD + f"<styleSheet {_NS}>"
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>'
    '<fonts count="3"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
    '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font></fonts>'
    '<fills count="5"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
    '<fill><patternFill patternType="solid"><fgColor rgb="FF1F4E78"/><bgColor indexed="64"/></patternFill></fill>'
    '<fill><patternFill patternType="solid"><fgColor rgb="FFFFF2CC"/><bgColor indexed="64"/></patternFill></fill>'
    '<fill><patternFill patternType="solid"><fgColor rgb="FFE2EFDA"/><bgColor indexed="64"/></patternFill></fill></fills>'
    '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>'
    '<border><left style="thin"><color auto="1"/></left><right style="thin"><color auto="1"/></right>'
    '<top style="thin"><color auto="1"/></top><bottom style="thin"><color auto="1"/></bottom><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="2" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>'
    '<xf numFmtId="0" fontId="1" fillId="3" borderId="0" xfId="0" applyFont="1" applyFill="1"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="164" fontId="1" fillId="3" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1"/>'
    '<xf numFmtId="0" fontId="0" fillId="4" borderId="1" xfId="0" applyFill="1" applyBorder="1" applyProtection="1">'
    '<protection locked="0"/></xf>'
    "</cellXfs>"
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
)


def escaped(text: pd.Series) -> pd.Series:
    """Text safe inside XML: &, < and > escaped, characters XML cannot hold removed."""
    s = text.astype("str").str.replace(_ILLEGAL_XML, "", regex=True)
    return (
        s.str.replace("&", "&amp;", regex=False)
        .str.replace("<", "&lt;", regex=False)
        .str.replace(">", "&gt;", regex=False)
    )


def _number_text(values: pd.Series) -> np.ndarray:
    """Numbers as the text of a <v> element: integers without a decimal point, other floats by repr."""
    number = pd.to_numeric(values, errors="coerce").to_numpy(dtype="float64", na_value=np.nan)
    finite = np.isfinite(number)
    whole = finite & (np.abs(number) < 2**53)
    whole[whole] = number[whole] == np.round(number[whole])
    text = np.full(len(number), None, dtype=object)
    text[whole] = number[whole].astype(np.int64).astype(str)
    rest = np.flatnonzero(finite & ~whole)
    text[rest] = [repr(float(x)) for x in number[rest]]  # only the distinct non-whole values reach here
    return text


def _cell_kinds(values: pd.Series) -> tuple[pd.Series, pd.Series, pd.Series]:
    """Masks of the values to write as numbers, as text and as dates (the rest are blank)."""
    blank = values.isna()
    dtype = values.dtype
    none = pd.Series(False, index=values.index)
    if pd.api.types.is_bool_dtype(dtype) or pd.api.types.is_numeric_dtype(dtype):
        return ~blank, none, none
    if pd.api.types.is_datetime64_any_dtype(dtype):
        return none, none, ~blank
    if pd.api.types.is_string_dtype(dtype) and not pd.api.types.is_object_dtype(dtype):
        return none, ~blank, none
    kinds = values.map(type)  # an object column may mix numbers, text and dates
    number = kinds.isin([int, float, np.int64, np.float64, bool, np.bool_]) & ~blank
    date = kinds.isin([pd.Timestamp, dt.datetime, dt.date]) & ~blank
    return number, ~blank & ~number & ~date, date


def _value_xml(values: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """For distinct values: the end of the cell element after `<c r=".." s=".."`, and whether it is a date."""
    number, text, date = (m.to_numpy(dtype=bool) for m in _cell_kinds(values))
    out = np.full(len(values), "", dtype=object)
    if number.any():
        v = values[number]
        if pd.api.types.is_bool_dtype(v.dtype) or v.map(type).isin([bool, np.bool_]).all():
            out[number] = [f' t="b"><v>{int(x)}</v></c>' for x in v]
        else:
            out[number] = "><v>" + _number_text(v) + "</v></c>"
    if text.any():
        t = escaped(values[text].astype("str"))
        padded = t.str.contains(r"^\s|\s$", regex=True).to_numpy(dtype=bool)
        space = np.where(padded, ' xml:space="preserve"', "").astype(object)
        out[text] = ' t="inlineStr"><is><t' + space + ">" + t.to_numpy(dtype=object) + "</t></is></c>"
    if date.any():
        serial = (pd.to_datetime(values[date]) - _EXCEL_EPOCH) / pd.Timedelta(days=1)
        out[date] = "><v>" + _number_text(serial) + "</v></c>"
    return out, date


def _text(value: str) -> pa.Scalar:
    """A constant piece of XML as an Arrow scalar, to join with columns."""
    return pa.scalar(value, _STR)


def _cells_xml(
    values: pd.Series, letter: str, rows: pa.Array, lead: np.ndarray, entry: bool = False
) -> pa.Array:
    """The <c> elements of one column ('' for blank cells); each distinct value is rendered once.
    Cells of an entry column are written even when blank: unlocked and shaded."""
    codes, distinct = pd.factorize(values, use_na_sentinel=True)
    rendered, is_date = _value_xml(pd.Series(distinct))
    present = codes >= 0
    take = np.where(present, codes, 0)
    dated = is_date[take] if len(rendered) else np.zeros(len(values), dtype=bool)
    suffix = pa.array(rendered, _STR).take(pa.array(take)) if len(rendered) else pa.nulls(len(values), _STR)
    suffix = pc.if_else(pa.array(present), suffix, _text("/>"))
    styles = [f' s="{STYLE_LEAD_DATE}"', f' s="{STYLE_DATE}"', f' s="{STYLE_LEAD}"']
    style = np.select([dated & lead, dated, lead], styles, "")
    if entry:
        style = np.full(len(values), f' s="{STYLE_ENTRY}"', dtype=object)
    cells = pc.binary_join_element_wise(
        _text(f'<c r="{letter}'), rows, _text('"'), pa.array(style, _STR), suffix, _text("")
    )
    return pc.if_else(pa.array(present | lead | entry), cells, _text(""))


def _rows_xml(frame: pd.DataFrame, first_row: int, lead: np.ndarray, entry: tuple[str, ...] = ()) -> bytes:
    """The <row> elements of a block of data rows starting at Excel row `first_row`, as UTF-8."""
    rows = pa.array(np.arange(first_row, first_row + len(frame)).astype(str), _STR)
    cells = [
        _cells_xml(frame[col], column_letters(i), rows, lead, col in entry)
        for i, col in enumerate(frame.columns)
    ]
    joined = pc.binary_join_element_wise(
        _text('<row r="'), rows, _text('">'), *cells, _text("</row>"), _text("")
    )
    end = int(np.frombuffer(joined.buffers()[1], dtype=np.int64)[len(joined)]) if len(joined) else 0
    return bytes(memoryview(joined.buffers()[2])[:end]) if end else b""


def _protection_xml(sheet: OutputSheet) -> str:
    """Sheet protection without a password; filtering, sorting and resizing stay allowed."""
    if not sheet.protect:
        return ""
    return (
        '<sheetProtection sheet="1" objects="1" scenarios="1" formatColumns="0" formatRows="0" '
        'sort="0" autoFilter="0"/>'
    )


def _validations_xml(sheet: OutputSheet) -> str:
    """The data-validation rules of the sheet's columns, over every data row."""
    rules = []
    columns = list(sheet.frame.columns)
    last = max(len(sheet.frame), 1) + 1 + sheet.blank_rows
    for v in sheet.validations:  # a few rules
        letter = column_letters(columns.index(v.column))
        where = f'sqref="{letter}2:{letter}{last}"'
        text = escaped(pd.Series([v.message or v.column])).iloc[0].replace('"', "&quot;")
        common = (
            f'allowBlank="1" showInputMessage="1" showErrorMessage="1" error="{text}" prompt="{text}" {where}'
        )
        if v.choices:
            listed = escaped(pd.Series([",".join(v.choices)])).iloc[0]
            rules.append(
                f'<dataValidation type="list" {common}><formula1>"{listed}"</formula1></dataValidation>'
            )
        else:
            rules.append(
                f'<dataValidation type="whole" operator="greaterThanOrEqual" {common}>'
                f"<formula1>{v.minimum or 0}</formula1></dataValidation>"
            )
    return f'<dataValidations count="{len(rules)}">{"".join(rules)}</dataValidations>' if rules else ""


def _column_widths(frame: pd.DataFrame, fixed: Mapping[str, float]) -> list[float]:
    """Widths that fit the header and the longest value of each column (capped at 60)."""
    widths = []
    for col in frame.columns:  # loop over columns
        if col in fixed:
            widths.append(float(fixed[col]))
            continue
        values = frame[col].dropna()
        if values.empty:
            longest = 0
        elif pd.api.types.is_numeric_dtype(values.dtype) and not pd.api.types.is_bool_dtype(values.dtype):
            longest = max(len(x) for x in _number_text(values.agg(["min", "max"])))
        else:
            longest = int(values.astype("str").str.len().max())
        widths.append(float(min(max(len(str(col)) + 4, longest + 2, 6), 60)))
    return widths


def _sheet_xml(sheet: OutputSheet, selected: bool) -> list[str | bytes]:
    """The worksheet XML in pieces (header, then blocks of rows, then the tail)."""
    frame = sheet.frame
    if len(frame) + 1 > EXCEL_MAX_ROWS:
        raise UsageError(
            f"sheet {sheet.name} would have {len(frame) + 1:,} rows; Excel allows {EXCEL_MAX_ROWS:,}"
        )
    n_cols = max(len(frame.columns), 1)
    last = f"{column_letters(n_cols - 1)}{len(frame) + 1}"
    widths = _column_widths(frame, sheet.widths)
    cols = "".join(
        f'<col min="{i}" max="{i}" width="{w:.2f}" customWidth="1"/>' for i, w in enumerate(widths, 1)
    )
    header_cells = "".join(
        f'<c r="{column_letters(i)}1" s="{STYLE_HEADER}" t="inlineStr"><is><t>{h}</t></is></c>'
        for i, h in enumerate(escaped(pd.Series([str(c) for c in frame.columns], dtype="str")).tolist())
    )
    view = ' tabSelected="1"' if selected else ""
    head = (
        _HEAD + f'<worksheet {_NS} {_NS_R}><dimension ref="A1:{last}"/>'
        f'<sheetViews><sheetView workbookViewId="0"{view}><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" '
        'state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
        f'<sheetFormatPr defaultRowHeight="15"/>{"<cols>" + cols + "</cols>" if cols else ""}'
        f'<sheetData><row r="1">{header_cells}</row>'
    )
    lead = (
        np.zeros(len(frame), dtype=bool) if sheet.highlight is None else sheet.highlight.to_numpy(dtype=bool)
    )
    parts: list[str | bytes] = [head]
    for start in range(0, len(frame), CHUNK_ROWS):  # blocks of rows bound the memory used
        block = frame.iloc[start : start + CHUNK_ROWS]
        parts.append(_rows_xml(block, start + 2, lead[start : start + CHUNK_ROWS], sheet.entry))
    filter_ref = f"A1:{column_letters(n_cols - 1)}{max(len(frame), 1) + 1}"
    parts.append(
        f"</sheetData>{_protection_xml(sheet)}"
        f'<autoFilter ref="{filter_ref}"/>{_validations_xml(sheet)}'
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
        f'<ignoredErrors><ignoredError sqref="A1:{last}" numberStoredAsText="1"/></ignoredErrors></worksheet>'
    )
    return parts


def _package_parts(sheets: list[OutputSheet], title: str) -> list[tuple[str, str]]:
    """Every part of the xlsx package except the worksheets, in a fixed order."""
    names = [escaped(pd.Series([s.name], dtype="str")).iloc[0] for s in sheets]
    sheet_types = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        for i in range(1, len(sheets) + 1)
    )
    content_types = (
        _HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        f"{sheet_types}"
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        '<Override PartName="/docProps/app.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>'
    )
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    root_rels = (
        _HEAD + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/'
        'core-properties" Target="docProps/core.xml"/>'
        f'<Relationship Id="rId3" Type="{rel}/extended-properties" Target="docProps/app.xml"/></Relationships>'
    )
    filters = "".join(
        f'<definedName name="_xlnm._FilterDatabase" localSheetId="{i}" hidden="1">'
        f"'{name.replace(chr(39), chr(39) * 2)}'!$A$1:${column_letters(max(len(s.frame.columns), 1) - 1)}$"
        f"{max(len(s.frame), 1) + 1}</definedName>"
        for i, (name, s) in enumerate(zip(names, sheets, strict=True))
    )
    workbook = (
        _HEAD
        + f"<workbook {_NS} {_NS_R}><bookViews><workbookView/></bookViews><sheets>"
        + "".join(f'<sheet name="{n}" sheetId="{i}" r:id="rId{i}"/>' for i, n in enumerate(names, 1))
        + f"</sheets><definedNames>{filters}</definedNames></workbook>"
    )
    workbook_rels = (
        _HEAD
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(
            f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, len(sheets) + 1)
        )
        + f'<Relationship Id="rId{len(sheets) + 1}" Type="{rel}/styles" Target="styles.xml"/></Relationships>'
    )
    stamp = FIXED_TIMESTAMP.strftime("%Y-%m-%dT%H:%M:%SZ")
    safe_title = escaped(pd.Series([title], dtype="str")).iloc[0]
    core = (
        _HEAD
        + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        f"<dc:title>{safe_title}</dc:title><dc:creator>tally</dc:creator>"
        f'<dcterms:created xsi:type="dcterms:W3CDTF">{stamp}</dcterms:created>'
        f'<dcterms:modified xsi:type="dcterms:W3CDTF">{stamp}</dcterms:modified></cp:coreProperties>'
    )
    app = (
        _HEAD
        + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
        "<Application>tally</Application></Properties>"
    )
    return [
        ("[Content_Types].xml", content_types),
        ("_rels/.rels", root_rels),
        ("docProps/app.xml", app),
        ("docProps/core.xml", core),
        ("xl/workbook.xml", workbook),
        ("xl/_rels/workbook.xml.rels", workbook_rels),
        ("xl/styles.xml", STYLES),
    ]


def _zip_entry(name: str) -> zipfile.ZipInfo:
    """A zip entry with a fixed date, so that the same workbook gives the same bytes."""
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def write_workbook(path: Path, sheets: Iterable[OutputSheet], *, title: str = "") -> Path:
    """Write the sheets atomically (temporary file beside the target, then rename); same input, same bytes."""
    path = Path(path)
    sheets = list(sheets)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".xlsx.tmp", dir=path.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(tmp_name, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as package:
            for name, text in _package_parts(sheets, title):
                package.writestr(_zip_entry(name), text)
            for i, sheet in enumerate(sheets, start=1):
                with package.open(_zip_entry(f"xl/worksheets/sheet{i}.xml"), "w", force_zip64=True) as stream:
                    for piece in _sheet_xml(sheet, selected=i == 1):
                        stream.write(piece.encode("utf-8") if isinstance(piece, str) else piece)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
    return path
