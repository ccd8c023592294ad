"""Writing standings workbooks: which parts a workbook has, its styles, column widths, validations,
protection and tally's mark, streamed into the zip atomically.

The data cells' XML is cells.py (`rows_xml`, a vectorized kernel with its rule in its docstring). Strings are
inline strings (never formulas), so a name such as "=HYPERLINK(...)" stays text. The same sheets give the
same bytes: fixed timestamps, fixed part order, fixed zip dates.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import queue
import threading
import unicodedata
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.i18n import _
from pipeline.problems import UsageError
from pipeline.sheets import OutputSheet, column_letters, declared_number_formats
from pipeline.workbook.atomic import atomic_target
from pipeline.workbook.cells import FEW_ROWS, WHOLE_LIMIT, CellStyles, escaped_text, number_text, rows_xml
from pipeline.workbook.charts import (
    chart_content_types,
    chart_last_row,
    chart_parts,
    header_row,
    with_drawing,
)

FIXED_TIMESTAMP = dt.datetime(2000, 1, 1)
EXCEL_MAX_ROWS = 1_048_576
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
STYLES_PART = "xl/styles.xml"
MARK_PART = "docProps/custom.xml"  # tally's mark: see package_digest and files.written_by_tally
MARK_NAME = "tally"
MARK_FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"  # the format id of user-defined custom properties
CHUNK_ROWS = 50_000  # rows built at a time: bounds the memory a sheet's XML takes
# zlib's default level (6), the level of every part of every workbook tally has written (a ZipFile's
# compresslevel never reached the entries, which are ZipInfo objects): a lower level would be faster, but would
# change every workbook's bytes.
COMPRESSION = zlib.Z_DEFAULT_COMPRESSION
QUEUED_PIECES = 2  # built pieces of a worksheet waiting for its compressor: bounds the memory they take
# Each worksheet compressed on a thread of its own, beside the building (the second core's work). A worker
# process of a pool that keeps every core busy sets it False (pipeline/federation/engines.py): there the threads
# only add their own cost, 5 ms of CPU a season event.
COMPRESS_BESIDE = True
_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
_NS_R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_STR = pa.large_string()

# The styles (cellXfs, by position): 0 plain; 1 header (bold white on dark blue, thin border); 2 lead (a
# highlighted row: bold on pale yellow); 3 date (yyyy-mm-dd); 4 a date in a highlighted row; 5 entry (an
# entry column: unlocked, pale green, thin border); 6 a title block's title (bold, 14 points); 7 its details;
# 8 its status line (bold).
# Then one style per look a workbook's columns need (a number format, centred, highlighted), in order of use.
STYLE_HEADER, STYLE_LEAD, STYLE_DATE, STYLE_LEAD_DATE, STYLE_ENTRY = 1, 2, 3, 4, 5
STYLE_TITLE, STYLE_DETAILS, STYLE_STATUS = 6, 7, 8
CELL_STYLES = CellStyles(lead=STYLE_LEAD, date=STYLE_DATE, lead_date=STYLE_LEAD_DATE, entry=STYLE_ENTRY)
BUILT_IN_FORMATS = {"0": 1, "0.00": 2, "0%": 9, "0.00%": 10}  # Excel's own number formats, by their code
FIRST_CUSTOM_FORMAT = 165  # 164 is yyyy-mm-dd
SHARED_RANK = '0"="'  # a rank shared with another competitor: 3=

_BASE_XFS = (
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="2" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>'
    '<xf numFmtId="0" fontId="1" fillId="3" borderId="0" xfId="0" applyFont="1" applyFill="1"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="164" fontId="1" fillId="3" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1"/>'
    '<xf numFmtId="0" fontId="0" fillId="4" borderId="1" xfId="0" applyFill="1" applyBorder="1" applyProtection="1">'
    '<protection locked="0"/></xf>'
    '<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
)
_BASE_COUNT = 9


@dataclass(frozen=True)
class Look:
    """How a data cell looks beyond its value: its number format (None: General), centred, highlighted, and
    its text wrapped within the column (top-aligned)."""

    number_format: str | None
    centred: bool
    lead: bool
    wrapped: bool = False


def styles_xml(looks: list[Look]) -> str:
    """The workbook's styles part: the fixed styles, then one for each look (in order: style 6, 7, ...)."""
    codes = list(dict.fromkeys(k.number_format for k in looks if k.number_format))
    custom = [c for c in codes if c not in BUILT_IN_FORMATS]
    format_id = {**BUILT_IN_FORMATS, **{c: FIRST_CUSTOM_FORMAT + i for i, c in enumerate(custom)}}
    formats = '<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>' + "".join(
        f'<numFmt numFmtId="{format_id[c]}" formatCode="{_attribute(c)}"/>' for c in custom
    )
    xfs = "".join(
        f'<xf numFmtId="{format_id.get(k.number_format or "", 0)}" fontId="{1 if k.lead else 0}" '
        f'fillId="{3 if k.lead else 0}" borderId="0" xfId="0" applyNumberFormat="1"'
        + (' applyFont="1" applyFill="1"' if k.lead else "")
        + (f' applyAlignment="1"><alignment {_alignment(k)}/></xf>' if k.centred or k.wrapped else "/>")
        for k in looks
    )
    return (
        _HEAD + f"<styleSheet {_NS}>"
        f'<numFmts count="{1 + len(custom)}">{formats}</numFmts>'
        '<fonts count="4"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
        '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
        '<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font>'
        '<font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font></fonts>'
        '<fills count="5"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
        '<fill><patternFill patternType="solid"><fgColor rgb="FF1F4E78"/><bgColor indexed="64"/></patternFill></fill>'
        '<fill><patternFill patternType="solid"><fgColor rgb="FFFFF2CC"/><bgColor indexed="64"/></patternFill></fill>'
        '<fill><patternFill patternType="solid"><fgColor rgb="FFE2EFDA"/><bgColor indexed="64"/></patternFill></fill></fills>'
        '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>'
        '<border><left style="thin"><color auto="1"/></left><right style="thin"><color auto="1"/></right>'
        '<top style="thin"><color auto="1"/></top><bottom style="thin"><color auto="1"/></bottom><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        f'<cellXfs count="{_BASE_COUNT + len(looks)}">{_BASE_XFS}{xfs}</cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    )


def _alignment(look: Look) -> str:
    """The alignment element's attributes of a look that is centred or wrapped."""
    centred = 'horizontal="center"' if look.centred else ""
    wrapped = 'vertical="top" wrapText="1"' if look.wrapped else ""
    return " ".join(a for a in (centred, wrapped) if a)


def _attribute(text: str) -> str:
    """Text safe in a double-quoted XML attribute."""
    return escaped_text(text).replace('"', "&quot;")


def sheet_looks(
    sheet: OutputSheet, formats: Mapping[str, str], book: dict[Look, int]
) -> dict[str, np.ndarray]:
    """The style of each row of each column that has a look (a number format, or the rank column), the looks
    registered in `book` (look -> style number) as they are first used."""
    frame = sheet.frame
    lead = (
        np.zeros(len(frame), dtype=bool) if sheet.highlight is None else sheet.highlight.to_numpy(dtype=bool)
    )

    def style(look: Look) -> int:
        """The style number of a look, registered on first use."""
        return book.setdefault(look, _BASE_COUNT + len(book))

    looks: dict[str, np.ndarray] = {}
    for col in frame.columns:  # a dozen columns
        code = formats.get(str(col))
        if col == sheet.rank:
            shared = frame.duplicated([*sheet.rank_by, col], keep=False).to_numpy()
            plain = np.where(lead, style(Look(code, True, True)), style(Look(code, True, False)))
            tied = np.where(lead, style(Look(SHARED_RANK, True, True)), style(Look(SHARED_RANK, True, False)))
            looks[str(col)] = np.where(shared, tied, plain)
        elif (code or col in sheet.centred or col in sheet.wrapped) and col not in sheet.entry:
            mid, wrap = col in sheet.centred, col in sheet.wrapped
            looks[str(col)] = np.where(
                lead, style(Look(code, mid, True, wrap)), style(Look(code, mid, False, wrap))
            )
    return looks


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
    top = header_row(sheet)
    last = max(len(sheet.frame), 1) + top + sheet.blank_rows
    for v in sheet.validations:  # a few rules
        letter = column_letters(columns.index(v.column))
        where = f'sqref="{letter}{top + 1}:{letter}{last}"'
        text = _attribute(str(v.message or v.column))
        common = (
            f'allowBlank="1" showInputMessage="1" showErrorMessage="1" error="{text}" prompt="{text}" {where}'
        )
        if v.choices:
            listed = escaped_text(",".join(v.choices))
            rules.append(
                f'<dataValidation type="list" {common}><formula1>"{listed}"</formula1></dataValidation>'
            )
        elif v.maximum is not None:
            rules.append(
                f'<dataValidation type="whole" operator="between" {common}>'
                f"<formula1>{v.minimum or 0}</formula1><formula2>{v.maximum}</formula2></dataValidation>"
            )
        else:
            rules.append(
                f'<dataValidation type="whole" operator="greaterThanOrEqual" {common}>'
                f"<formula1>{v.minimum or 0}</formula1></dataValidation>"
            )
    return f'<dataValidations count="{len(rules)}">{"".join(rules)}</dataValidations>' if rules else ""


def display_width(text: str) -> int:
    """The columns a text takes on screen: a character East Asian Wide or Fullwidth (Unicode UAX #11: CJK
    ideographs, kana, hangul, fullwidth forms) counts two, any other one."""
    if text.isascii():
        return len(text)
    return len(text) + sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")


def _longest_text(values: pd.Series) -> int:
    """The `display_width` of the longest value of a column as written (a number by its smallest and
    largest)."""
    dtype = values.dtype
    if isinstance(dtype, np.dtype) and dtype.kind in "iu" and len(values):  # no blanks, whole numbers
        number = values.to_numpy()
        low, high = int(number.min()), int(number.max())
        if low > -WHOLE_LIMIT and high < WHOLE_LIMIT:  # written as is (see number_text)
            return max(len(str(low)), len(str(high)))
    if pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_bool_dtype(dtype):
        number = values.to_numpy(dtype="float64", na_value=np.nan)
        number = number[~np.isnan(number)]
        if not len(number):
            return 0
        return max(len(x) for x in number_text(np.array([number.min(), number.max()])))
    if pd.api.types.is_string_dtype(dtype) and not pd.api.types.is_object_dtype(dtype):
        if len(values) <= FEW_ROWS:  # a short column: each text's width in Python
            return max((display_width(t) for t in values.tolist() if isinstance(t, str)), default=0)
        return _widest(pa.array(values, _STR))
    values = values.dropna()
    if len(values) <= FEW_ROWS:  # a short column: each value's text, as `astype("str")` writes it
        return max(map(display_width, map(str, values.tolist())), default=0)
    if pd.api.types.infer_dtype(values, skipna=False) == "floating":  # floats alone (numbers as typed)
        _, first = np.unique(values.to_numpy(dtype="float64").view(np.int64), return_index=True)
        values = values.iloc[first]  # each distinct float (bit for bit) once: the same text
    return 0 if values.empty else _widest(pa.array(values.astype("str"), _STR))


def _widest(texts: pa.Array) -> int:
    """The largest `display_width` of a long column's texts: Arrow's length of each when all are ASCII (a
    character a column), else each distinct text's width in Python."""
    if pc.all(pc.string_is_ascii(texts)).as_py() is not False:
        longest = pc.max(pc.utf8_length(texts)).as_py()
        return 0 if longest is None else int(longest)
    return max(map(display_width, pc.unique(texts).drop_null().to_pylist()), default=0)


def _column_widths(frame: pd.DataFrame, fixed: Mapping[str, float]) -> list[float]:
    """Widths that fit the header and the longest value of each column (capped at 60)."""
    widths = []
    for col in frame.columns:  # loop over columns
        if col in fixed:
            widths.append(float(fixed[col]))
            continue
        longest = _longest_text(frame[col])
        widths.append(float(min(max(display_width(str(col)) + 4, longest + 2, 6), 60)))
    return widths


PORTRAIT_WIDTH = 100  # characters of column width a portrait page holds at 100% (wider: landscape)
LANDSCAPE_WIDTH = 135  # ... and a landscape page
MAX_SCALE = 200  # the largest print scale a card is enlarged to
# The share of the page width a card's columns are enlarged to fill: room for a font wider than Excel's Calibri.
# Measured: LibreOffice without Carlito (DejaVu Sans) printed a 149-character card whole on one landscape page at
# 65% and spilled its last column at 72% (135 x 0.7 / 149 = 63%).
CARD_FILL = 0.7


def _header_footer_xml(sheet: OutputSheet) -> str:
    """The printed page's header (the title block: title, details, status; or the page title of a sheet with
    none) and footer (event - page N of M). The title block's cells are not printed: the page header carries
    it on every page, and the print area is the table."""

    def fenced(text: str) -> str:
        """Text as a page header shows it: & doubled, then safe in XML."""
        return _attribute(text.replace("&", "&&"))

    title, *rest = sheet.heading or (sheet.page_title,)
    status = rest[-1] if rest else ""
    details = rest[0] if len(rest) > 1 else ""
    left = f'&amp;L&amp;"-,Bold"&amp;12{fenced(title)}' + (
        f'&amp;"-,Regular"&amp;10\n{fenced(details)}' if details else ""
    )
    right = f'&amp;R&amp;"-,Bold"&amp;10{fenced(status)}' if status else ""
    header = left + right if title else ""
    event = fenced(sheet.footer or title)
    page = _("page {page} of {pages}", page="&amp;P", pages="&amp;N")  # Excel's page fields
    footer = f"&amp;C{event + ' - ' if event else ''}{page}"
    return f"<headerFooter>{f'<oddHeader>{header}</oddHeader>' if header else ''}<oddFooter>{footer}</oddFooter></headerFooter>"


def _page_xml(sheet: OutputSheet, widths: list[float], top: int) -> str:
    """Print settings: gridlines, margins, one page wide (portrait unless the columns need landscape), the
    header and footer, and a page break before each row of `page_breaks`."""
    width = max(sum(widths), 1.0)
    orientation = "landscape" if width > PORTRAIT_WIDTH else "portrait"
    page = LANDSCAPE_WIDTH if width > PORTRAIT_WIDTH else PORTRAIT_WIDTH
    scale = min(MAX_SCALE, int(100 * CARD_FILL * page / width))  # cards: as large as the page is wide
    breaks = "".join(f'<brk id="{top + b}" max="16383" man="1"/>' for b in sheet.page_breaks if b > 0)
    count = sum(1 for b in sheet.page_breaks if b > 0)
    return (
        '<printOptions horizontalCentered="1" gridLines="1"/>'
        '<pageMargins left="0.4" right="0.4" top="0.9" bottom="0.6" header="0.3" footer="0.3"/>'
        + (
            f'<pageSetup scale="{scale}" orientation="{orientation}"/>'
            if sheet.fill_width
            else f'<pageSetup orientation="{orientation}" fitToWidth="1" fitToHeight="0"/>'
        )
        + f"{_header_footer_xml(sheet)}"
        + (f'<rowBreaks count="{count}" manualBreakCount="{count}">{breaks}</rowBreaks>' if count else "")
    )


def _title_block_xml(heading: tuple[str, ...]) -> str:
    """The title block's rows above the table, in column A: the title, then the details, the status last."""
    lines = [escaped_text(line) for line in heading]
    styles = (
        ([STYLE_TITLE] if lines else [])
        + [STYLE_DETAILS] * (len(lines) - 2)
        + [STYLE_STATUS] * (len(lines) > 1)
    )
    tall = ' ht="21" customHeight="1"'  # the title's row fits its larger font
    return "".join(
        f'<row r="{r}"{tall if r == 1 else ""}><c r="A{r}" s="{style}" t="inlineStr"><is><t>{text}</t></is></c></row>'
        for r, (text, style) in enumerate(zip(lines, styles, strict=True), start=1)
    )


LINE_HEIGHT = 15  # points a line of text takes (Calibri 11, the default row height)
# The characters of text a line of a wrapped column holds, in column widths: measured on the samples' Rules
# sheets in LibreOffice (DejaVu Sans, wider than Calibri), where 0.9 left a spare line on most rows.
WRAP_FILL = 1.0


def _row_heights(frame: pd.DataFrame, wrapped: Iterable[str], widths: list[float]) -> np.ndarray | None:
    """Each data row's height attribute where a wrapped column's text needs more than one line ('' for
    one): a text takes ceil(`display_width` / (`WRAP_FILL` x the column's width)) lines, and its row
    `LINE_HEIGHT` points a line of its tallest wrapped cell; None for a sheet with no wrapped column."""
    at = [i for i, c in enumerate(frame.columns) if c in wrapped]
    if not at or frame.empty:
        return None
    lines = np.ones(len(frame), dtype=np.int64)
    for i in at:  # a column or two
        texts = frame.iloc[:, i].astype("str").fillna("").tolist()  # a Rules sheet's dozen rows
        needed = np.ceil(np.array([display_width(t) for t in texts]) / max(WRAP_FILL * widths[i], 1.0))
        lines = np.maximum(lines, needed.astype(np.int64))
    return np.where(lines > 1, [f' ht="{LINE_HEIGHT * n}" customHeight="1"' for n in lines], "")


def _sheet_xml(
    sheet: OutputSheet, selected: bool, looks: Mapping[str, np.ndarray] | None = None
) -> Iterator[str | bytes]:
    """The worksheet XML in pieces, each built when it is wanted (header, then blocks of rows, then the tail)."""
    frame = sheet.frame
    top = header_row(sheet)
    if len(frame) + top > EXCEL_MAX_ROWS:
        raise UsageError(
            _(
                "sheet {sheet} would have {rows} rows; Excel allows {most}",
                sheet=sheet.name,
                rows=f"{len(frame) + top:,}",
                most=f"{EXCEL_MAX_ROWS:,}",
            )
        )
    n_cols = max(len(frame.columns), 1)
    last = f"{column_letters(n_cols - 1)}{len(frame) + top}"
    widths = _column_widths(frame, sheet.widths)
    cols = "".join(
        f'<col min="{i}" max="{i}" width="{w:.2f}" customWidth="1"/>' for i, w in enumerate(widths, 1)
    )
    header_cells = "".join(
        f'<c r="{column_letters(i)}{top}" s="{STYLE_HEADER}" t="inlineStr"><is><t>{h}</t></is></c>'
        for i, h in enumerate(escaped_text(str(c)) for c in frame.columns)
    )
    view = ' tabSelected="1"' if selected else ""
    head = (
        _HEAD
        + f'<worksheet {_NS} {_NS_R}><sheetPr><pageSetUpPr fitToPage="{0 if sheet.fill_width else 1}"/></sheetPr>'
        f'<dimension ref="A1:{last}"/>'
        f'<sheetViews><sheetView workbookViewId="0"{view}><pane ySplit="{top}" topLeftCell="A{top + 1}" '
        f'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A{top + 1}" '
        f'sqref="A{top + 1}"/></sheetView></sheetViews>'
        f'<sheetFormatPr defaultRowHeight="15"/>{"<cols>" + cols + "</cols>" if cols else ""}'
        f'<sheetData>{_title_block_xml(sheet.heading)}<row r="{top}">{header_cells}</row>'
    )
    lead = (
        np.zeros(len(frame), dtype=bool) if sheet.highlight is None else sheet.highlight.to_numpy(dtype=bool)
    )
    heights = _row_heights(frame, sheet.wrapped, widths)
    yield head
    for start in range(0, len(frame), CHUNK_ROWS):  # blocks of rows bound the memory used
        block = frame.iloc[start : start + CHUNK_ROWS]
        shown = None if not looks else {c: v[start : start + CHUNK_ROWS] for c, v in looks.items()}
        tall = None if heights is None else heights[start : start + CHUNK_ROWS]
        yield rows_xml(
            block, start + top + 1, lead[start : start + CHUNK_ROWS], CELL_STYLES, sheet.entry, shown, tall
        )
    filter_ref = f"A{top}:{column_letters(n_cols - 1)}{max(len(frame), 1) + top}"
    yield with_drawing(
        f"</sheetData>{_protection_xml(sheet)}"
        f'<autoFilter ref="{filter_ref}"/>{_validations_xml(sheet)}'
        f"{_page_xml(sheet, widths, top)}"
        f'<ignoredErrors><ignoredError sqref="A{top}:{last}" numberStoredAsText="1"/></ignoredErrors></worksheet>',
        sheet,
    )


def _package_parts(sheets: list[OutputSheet], title: str) -> list[tuple[str, str]]:
    """Every part of the xlsx package except the worksheets, in a fixed order."""
    *names, safe_title = [escaped_text(text) for text in (*(s.name for s in sheets), title)]
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
        f"{sheet_types}{chart_content_types(sheets)}"
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        '<Override PartName="/docProps/app.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
        f'<Override PartName="/{MARK_PART}" '
        'ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/></Types>'
    )
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    root_rels = (
        _HEAD + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/'
        'core-properties" Target="docProps/core.xml"/>'
        f'<Relationship Id="rId3" Type="{rel}/extended-properties" Target="docProps/app.xml"/>'
        f'<Relationship Id="rId4" Type="{rel}/custom-properties" Target="{MARK_PART}"/></Relationships>'
    )
    filters = "".join(
        _defined_names_xml(i, name, s) for i, (name, s) in enumerate(zip(names, sheets, strict=True))
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
        (STYLES_PART, ""),  # written from the looks the sheets use
    ]


def _defined_names_xml(i: int, name: str, sheet: OutputSheet) -> str:
    """The sheet's filter range and print area (its table from the header row: the page header prints the title
    block) and its print titles (the header row repeated on every page); `name` is already escaped for XML."""
    quoted = "'" + name.replace("'", "''") + "'"
    top = header_row(sheet)
    right = column_letters(max(len(sheet.frame.columns), 1) - 1)
    bottom = max(len(sheet.frame), 1) + top
    if sheet.chart is not None:  # the chart below the table prints too
        bottom = max(bottom, chart_last_row(sheet))
    area = f"{quoted}!$A${top}:${right}${bottom}"
    return (
        f'<definedName name="_xlnm._FilterDatabase" localSheetId="{i}" hidden="1">{area}</definedName>'
        f'<definedName name="_xlnm.Print_Area" localSheetId="{i}">{area}</definedName>'
        f'<definedName name="_xlnm.Print_Titles" localSheetId="{i}">{quoted}!${top}:${top}</definedName>'
    )


def _zip_entry(name: str) -> zipfile.ZipInfo:
    """A zip entry with a fixed date, so that the same workbook gives the same bytes."""
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def package_digest(entries: Iterable[zipfile.ZipInfo]) -> str:
    """`sha256:` and the hex digest of every entry's name, CRC-32 and size (sorted by name), the mark's own
    part excepted: what tally's mark records, and what any program that saves the workbook again changes."""
    lines = sorted(f"{e.filename}\0{e.CRC}\0{e.file_size}\n" for e in entries if e.filename != MARK_PART)
    return "sha256:" + hashlib.sha256("".join(lines).encode("utf-8")).hexdigest()


def mark_xml(digest: str) -> str:
    """The custom document properties part holding tally's mark: one text property named `tally`."""
    return (
        _HEAD + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" '
        'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
        f'<property fmtid="{MARK_FMTID}" pid="2" name="{MARK_NAME}"><vt:lpwstr>{digest}</vt:lpwstr></property>'
        "</Properties>"
    )


def write_workbook(path: Path, sheets: Iterable[OutputSheet], *, title: str = "") -> Path:
    """Write the sheets atomically (temporary file beside the target, then rename), tally's mark last; same
    input, same bytes. The caller has checked that `path` may be replaced (`output_target`)."""
    path = Path(path)
    sheets = [s if s.heading or s.page_title or not title else replace(s, page_title=title) for s in sheets]
    with atomic_target(path) as tmp, zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as package:
        book: dict[Look, int] = {}
        formats = declared_number_formats()
        looks = [sheet_looks(sheet, {**formats, **sheet.number_formats}, book) for sheet in sheets]
        for name, text in _package_parts(sheets, title):
            package.writestr(_zip_entry(name), styles_xml(list(book)) if name == STYLES_PART else text)
        for i, part in enumerate(_compressed_worksheets(sheets, looks), start=1):
            _write_compressed(package, f"xl/worksheets/sheet{i}.xml", part)
        for name, text in chart_parts(sheets):
            package.writestr(_zip_entry(name), text)
        package.writestr(_zip_entry(MARK_PART), mark_xml(package_digest(package.infolist())))
    return path


def _compressed_worksheets(sheets: list[OutputSheet], looks: list[dict[str, np.ndarray]]) -> list[InlinePart]:
    """Every sheet's worksheet part, compressed on a thread of its own (`COMPRESS_BESIDE`): the pieces of every
    sheet built here, the largest sheet's first, each piece handed to the first sheet in that order whose
    compressor has room (`building_order`). The plain rule: each part is its sheet's pieces, in order, whatever
    sheet is built between them; building them one sheet after another gives the same bytes
    (tests/test_workbook_io.py)."""
    parts: list[InlinePart] = []
    try:
        pieces_of = []
        for i, (sheet, look) in enumerate(zip(sheets, looks, strict=True), start=1):
            parts.append(CompressedPart() if COMPRESS_BESIDE else InlinePart())
            pieces_of.append(_sheet_xml(sheet, selected=i == 1, looks=look))
        building = [(pieces_of[i], parts[i]) for i in building_order(sheets)]
        while building:
            pieces, part = next((b for b in building if not b[1].full()), building[0])
            piece = next(pieces, None)
            if piece is None:
                part.close()
                building.remove((pieces, part))
            else:
                part.add(piece.encode("utf-8") if isinstance(piece, str) else piece)
        return [part.finished() for part in parts]
    finally:
        for part in parts:  # stopped, whatever happened
            part.close()


def building_order(sheets: list[OutputSheet]) -> list[int]:
    """The sheets' positions, the most cells first (ties in the workbook's order): the longest compression
    starts first, and the smaller sheets are built while it runs."""
    return sorted(range(len(sheets)), key=lambda i: -len(sheets[i].frame) * len(sheets[i].frame.columns))


class InlinePart:
    """A part of the package compressed on the thread that builds it, exactly as zipfile compresses a part (raw
    deflate at COMPRESSION, the pieces in the order given): its compressed chunks, and the CRC-32 and size of
    what it was given."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.crc = self.size = 0
        self._compressor = part_compressor()

    def add(self, piece: bytes) -> None:
        """One more piece of the part, in order."""
        self._take(piece)

    def _take(self, piece: bytes) -> None:
        """A piece compressed, counted and checksummed."""
        self.crc = zlib.crc32(piece, self.crc)
        self.size += len(piece)
        self.chunks.append(self._compressor.compress(piece))

    def _flush(self) -> None:
        """The compressor's last bytes."""
        self.chunks.append(self._compressor.flush())

    def full(self) -> bool:
        """False: a piece is compressed as it is added."""
        return False

    def close(self) -> None:
        """No more pieces (nothing to stop: the building thread compresses them)."""

    def finished(self) -> InlinePart:
        """The part once every piece is compressed."""
        self._flush()
        return self


class CompressedPart(InlinePart):
    """An `InlinePart` compressed on a thread of its own: zlib lets go of Python's lock while it compresses, so
    the thread runs beside the one building the next pieces."""

    def __init__(self) -> None:
        super().__init__()
        self._pieces: queue.Queue[bytes | None] = queue.Queue(maxsize=QUEUED_PIECES)
        self._failed: BaseException | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._compress, name="tally-compress", daemon=True)
        self._thread.start()

    def add(self, piece: bytes) -> None:
        """One more piece of the part, in order (waits while QUEUED_PIECES wait already)."""
        self._pieces.put(piece)

    def full(self) -> bool:
        """True while QUEUED_PIECES pieces wait for the compressor (the next `add` would wait)."""
        return self._pieces.full()

    def close(self) -> None:
        """No more pieces."""
        if not self._closed:
            self._closed = True
            self._pieces.put(None)

    def finished(self) -> CompressedPart:
        """The part once every piece is compressed (the compressor's failure raised here)."""
        self.close()
        self._thread.join()
        if self._failed is not None:
            raise self._failed
        return self

    def _compress(self) -> None:
        """Compress the pieces as they come (on the part's thread)."""
        try:
            while (piece := self._pieces.get()) is not None:
                self._take(piece)
            self._flush()
        except BaseException as exc:  # handed to the building thread by `finished`
            self._failed = exc
            while self._pieces.get() is not None:  # the builder must never wait on a full queue
                pass


def part_compressor() -> zlib._Compress:
    """A compressor of one part, as zipfile makes it: raw deflate (no zlib header) at COMPRESSION."""
    return zlib.compressobj(COMPRESSION, zlib.DEFLATED, -15)


class _Compressed:
    """Stands in for zipfile's compressor of an entry whose data is compressed already: it writes it whole."""

    def __init__(self, chunks: list[bytes]) -> None:
        self._chunks = chunks

    def compress(self, data: bytes) -> bytes:
        """Nothing more to compress."""
        return b""

    def flush(self) -> bytes:
        """The compressed data."""
        return b"".join(self._chunks)


def _write_compressed(package: zipfile.ZipFile, name: str, part: InlinePart) -> None:
    """A part's entry from its compressed data: zipfile writes the header, the data and the central directory
    as for any part, its compressor, CRC and size given (private attributes of zipfile's stream, so a test
    checks the bytes against zipfile compressing the same parts itself)."""
    with package.open(_zip_entry(name), "w", force_zip64=True) as stream:
        vars(stream).update(_compressor=_Compressed(part.chunks), _crc=part.crc, _file_size=part.size)
