"""Native Excel line charts (DrawingML, no image) of a sheet's own cells, as an `OutputSheet.chart` declares
them: the chart part, the drawing that places it below the sheet's table, their relationships and content
types, and the `<drawing>` element of the worksheet. The series refer to the sheet's cells (Excel and
LibreOffice redraw from them) and carry the values as a cache for readers that do not recalculate. Fixed
colours, sizes and ids: the same sheets give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.sheets import LineChart, OutputSheet, column_letters
from pipeline.workbook.cells import escaped_text, number_text

_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
CHART_TYPE = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"
DRAWING_TYPE = "application/vnd.openxmlformats-officedocument.drawing+xml"
DRAWING_ID = "rIdChart"  # the worksheet's relationship to its drawing
WIDTH_EMU = 5_760_000  # 16 cm: fits the width of a portrait A4 or Letter page inside its margins
HEIGHT_EMU = 3_960_000  # 11 cm: the legend below the plot
ROW_EMU = 190_500  # a row of the default height (15 points)
GAP_ROWS = 1  # blank rows between the table and the chart
CAT_AXIS, VAL_AXIS = 500_001, 500_002
# one colour per series, in order (cycled): distinct in print and for the common colour blindnesses
COLOURS = ("1F4E78", "E46C0A", "548235", "C00000", "7030A0", "00B0F0", "7F6000", "FF66CC")


def header_row(sheet: OutputSheet) -> int:
    """The Excel row (from 1) of a sheet's table header, which the writer and the chart's cell references
    count from: the first, or below the title block and one blank row when the sheet has one."""
    return len(sheet.heading) + 2 if sheet.heading else 1


def charted(sheets: Iterable[OutputSheet]) -> list[tuple[int, OutputSheet]]:
    """The sheets with a chart and their positions in the workbook (from 1), in order."""
    return [(i, s) for i, s in enumerate(sheets, start=1) if s.chart is not None]


def text_xml(text: str) -> str:
    """Text safe inside an XML element or a double-quoted attribute."""
    return texts_xml([text])[0]


def texts_xml(texts: Sequence[str]) -> list[str]:
    """Each text safe inside an XML element or a double-quoted attribute (`text_xml`), escaped together."""
    return [escaped_text(t).replace('"', "&quot;") for t in texts]


def cells_ref(sheet: str, first: tuple[int, int], last: tuple[int, int]) -> str:
    """An absolute reference to a block of a sheet's cells, from (column, row) to (column, row), 0-based
    columns and Excel's rows: 'Progress'!$D$2:$H$2 (a single cell when both ends are one)."""
    name = "'" + sheet.replace("'", "''") + "'"
    start = f"${column_letters(first[0])}${first[1]}"
    end = f"${column_letters(last[0])}${last[1]}"
    return f"{name}!{start}" if first == last else f"{name}!{start}:{end}"


def rich_xml(text: str, size: int, bold: bool, rotated: bool = False) -> str:
    """A title's rich text (a chart's or an axis's)."""
    body = '<a:bodyPr rot="-5400000" vert="horz"/>' if rotated else "<a:bodyPr/>"
    weight = ' b="1"' if bold else ' b="0"'
    return (
        f'<c:tx><c:rich>{body}<a:lstStyle/><a:p><a:pPr><a:defRPr sz="{size}"{weight}/></a:pPr>'
        f'<a:r><a:rPr lang="en-US" sz="{size}"{weight}/><a:t>{text_xml(text)}</a:t></a:r></a:p></c:rich></c:tx>'
    )


def title_xml(text: str, size: int, bold: bool, rotated: bool = False) -> str:
    """A title element, or nothing for an empty title."""
    if not text:
        return ""
    return f'<c:title>{rich_xml(text, size, bold, rotated)}<c:overlay val="0"/></c:title>'


def series_name(headers: list[str], cells: np.ndarray, names: tuple[str, ...]) -> tuple[int, str]:
    """The column (0-based) and text of the cell naming a series: the row's first non-blank cell (`cells`: the
    row's cells under the `names` headers) under one of them (the first of them when all are blank)."""
    for name, value in zip(names, cells, strict=True):  # two headers at most: the name, then the id
        if not pd.isna(value) and str(value).strip():
            return headers.index(name), str(value)
    return headers.index(names[0]), ""


def points_xml(values: Sequence[str | None]) -> str:
    """A cache's points: `<c:pt>` for each value present (a blank leaves a gap)."""
    return "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(values) if v is not None)


@dataclass(frozen=True)
class ChartCells:
    """What the series of a chart read from its sheet: the headers, the header's Excel row, the cells naming
    each row (under the chart's `names` headers, as objects) and its values (as floats)."""

    headers: list[str]
    header: int
    names: np.ndarray
    numbers: np.ndarray


def chart_cells(sheet: OutputSheet, chart: LineChart) -> ChartCells:
    """The cells every series of a sheet's chart reads, read once."""
    frame = sheet.frame
    return ChartCells(
        list(frame.columns),
        header_row(sheet),
        frame[list(chart.names)].astype("object").to_numpy(),
        frame[list(chart.values)].to_numpy(dtype="float64", na_value=np.nan),
    )


def series_xml(
    sheet: OutputSheet, chart: LineChart, order: int, row: int, categories: list[str], cells: ChartCells
) -> str:
    """One series: its name's cell, its colour and markers, the categories (the headers, `texts_xml`) and the
    row's values (`cells`: the charted cells of the sheet, read once for every series)."""
    headers = cells.headers
    columns = [headers.index(v) for v in chart.values]
    header = cells.header
    excel_row = header + 1 + row
    name_column, name = series_name(headers, cells.names[row], chart.names)
    values = list(number_text(cells.numbers[row]))
    colour = COLOURS[order % len(COLOURS)]
    fill = f'<a:solidFill><a:srgbClr val="{colour}"/></a:solidFill>'
    count = len(columns)
    return (
        f'<c:ser><c:idx val="{order}"/><c:order val="{order}"/>'
        f"<c:tx><c:strRef><c:f>{text_xml(cells_ref(sheet.name, (name_column, excel_row), (name_column, excel_row)))}</c:f>"
        f'<c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>{text_xml(name)}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
        f'<c:spPr><a:ln w="28575" cap="rnd">{fill}<a:round/></a:ln></c:spPr>'
        f'<c:marker><c:symbol val="circle"/><c:size val="6"/><c:spPr>{fill}<a:ln w="9525">{fill}</a:ln></c:spPr></c:marker>'
        f"<c:cat><c:strRef><c:f>{text_xml(cells_ref(sheet.name, (columns[0], header), (columns[-1], header)))}</c:f>"
        f'<c:strCache><c:ptCount val="{count}"/>{points_xml(categories)}</c:strCache></c:strRef></c:cat>'
        f"<c:val><c:numRef><c:f>{text_xml(cells_ref(sheet.name, (columns[0], excel_row), (columns[-1], excel_row)))}</c:f>"
        f'<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="{count}"/>{points_xml(values)}'
        '</c:numCache></c:numRef></c:val><c:smooth val="0"/></c:ser>'
    )


def value_scale(sheet: OutputSheet, chart: LineChart) -> tuple[int, int, int]:
    """The value axis's whole-number bounds and step over the plotted values: about ten steps at most."""
    plotted = sheet.frame.loc[list(chart.rows), list(chart.values)].to_numpy(dtype="float64", na_value=np.nan)
    low = math.floor(np.nanmin(plotted)) if np.isfinite(plotted).any() else 1
    high = math.ceil(np.nanmax(plotted)) if np.isfinite(plotted).any() else 1
    high = max(high, low + 1)
    return low, high, max(1, math.ceil((high - low) / 10))


def chart_xml(sheet: OutputSheet) -> str:
    """The chart part of a sheet's line chart: one series per charted row, the value axis upside down when
    `reversed` (the category axis then along the bottom, where the largest value is)."""
    chart = sheet.chart
    assert chart is not None
    low, high, step = value_scale(sheet, chart)
    orientation = "maxMin" if chart.reversed else "minMax"
    categories = texts_xml(chart.values)  # the same headers for every series
    cells = chart_cells(sheet, chart)
    series = "".join(
        series_xml(sheet, chart, order, row, categories, cells) for order, row in enumerate(chart.rows)
    )
    return (
        _HEAD + f'<c:chartSpace xmlns:c="{_C}" xmlns:a="{_A}" xmlns:r="{_R}">'
        '<c:roundedCorners val="0"/><c:chart>'
        f'{title_xml(chart.title, 1200, True)}<c:autoTitleDeleted val="{0 if chart.title else 1}"/>'
        '<c:plotArea><c:layout/><c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>'
        f'{series}<c:marker val="1"/><c:axId val="{CAT_AXIS}"/><c:axId val="{VAL_AXIS}"/></c:lineChart>'
        f'<c:catAx><c:axId val="{CAT_AXIS}"/><c:scaling><c:orientation val="minMax"/></c:scaling>'
        f'<c:delete val="0"/><c:axPos val="b"/>{title_xml(chart.x_title, 1000, False)}'
        '<c:numFmt formatCode="General" sourceLinked="0"/><c:majorTickMark val="out"/>'
        f'<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="{VAL_AXIS}"/>'
        f'<c:crosses val="{"max" if chart.reversed else "autoZero"}"/><c:auto val="1"/><c:lblAlgn val="ctr"/>'
        '<c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>'
        f'<c:valAx><c:axId val="{VAL_AXIS}"/><c:scaling><c:orientation val="{orientation}"/>'
        f'<c:max val="{high}"/><c:min val="{low}"/></c:scaling><c:delete val="0"/><c:axPos val="l"/>'
        '<c:majorGridlines><c:spPr><a:ln w="6350"><a:solidFill><a:srgbClr val="D9D9D9"/></a:solidFill></a:ln>'
        f"</c:spPr></c:majorGridlines>{title_xml(chart.y_title, 1000, False, rotated=True)}"
        '<c:numFmt formatCode="0" sourceLinked="0"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/>'
        f'<c:tickLblPos val="nextTo"/><c:crossAx val="{CAT_AXIS}"/><c:crosses val="autoZero"/>'
        f'<c:crossBetween val="between"/><c:majorUnit val="{step}"/></c:valAx></c:plotArea>'
        '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend><c:plotVisOnly val="1"/>'
        '<c:dispBlanksAs val="gap"/></c:chart></c:chartSpace>'
    )


def chart_top_row(sheet: OutputSheet) -> int:
    """The row (0-based, as drawings count) where the chart's top edge sits: below the table and a gap."""
    return header_row(sheet) + len(sheet.frame) + GAP_ROWS


def chart_last_row(sheet: OutputSheet) -> int:
    """The last Excel row (from 1) the chart covers at the default row height: what a print area of the
    sheet reaches down to so that the chart prints with the table."""
    return chart_top_row(sheet) + math.ceil(HEIGHT_EMU / ROW_EMU)


def drawing_xml(sheet: OutputSheet, number: int) -> str:
    """The drawing part placing chart `number` below the sheet's table, at its first column, at a fixed size."""
    name = text_xml(sheet.chart.title if sheet.chart is not None and sheet.chart.title else f"Chart {number}")
    return (
        _HEAD + f'<xdr:wsDr xmlns:xdr="{_XDR}" xmlns:a="{_A}">'
        f"<xdr:oneCellAnchor><xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff>"
        f"<xdr:row>{chart_top_row(sheet)}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>"
        f'<xdr:ext cx="{WIDTH_EMU}" cy="{HEIGHT_EMU}"/>'
        f'<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="{name}"/>'
        "<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>"
        '<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>'
        f'<a:graphic><a:graphicData uri="{_C}"><c:chart xmlns:c="{_C}" xmlns:r="{_R}" r:id="rId1"/>'
        "</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>"
    )


def relationships_xml(rel_id: str, kind: str, target: str) -> str:
    """A relationships part with one relationship."""
    return (
        _HEAD + f'<Relationships xmlns="{_RELS}">'
        f'<Relationship Id="{rel_id}" Type="{_R}/{kind}" Target="{target}"/></Relationships>'
    )


def chart_parts(sheets: list[OutputSheet]) -> list[tuple[str, str]]:
    """The parts of every sheet's chart (chart, drawing and their relationships), in a fixed order."""
    parts = []
    for number, (position, sheet) in enumerate(charted(sheets), start=1):  # a chart or two
        parts += [
            (
                f"xl/worksheets/_rels/sheet{position}.xml.rels",
                relationships_xml(DRAWING_ID, "drawing", f"../drawings/drawing{number}.xml"),
            ),
            (f"xl/drawings/drawing{number}.xml", drawing_xml(sheet, number)),
            (
                f"xl/drawings/_rels/drawing{number}.xml.rels",
                relationships_xml("rId1", "chart", f"../charts/chart{number}.xml"),
            ),
            (f"xl/charts/chart{number}.xml", chart_xml(sheet)),
        ]
    return parts


def chart_content_types(sheets: list[OutputSheet]) -> str:
    """The content types of the drawings and charts, for [Content_Types].xml."""
    return "".join(
        f'<Override PartName="/xl/drawings/drawing{n}.xml" ContentType="{DRAWING_TYPE}"/>'
        f'<Override PartName="/xl/charts/chart{n}.xml" ContentType="{CHART_TYPE}"/>'
        for n in range(1, len(charted(sheets)) + 1)
    )


def with_drawing(tail: str, sheet: OutputSheet) -> str:
    """A worksheet's last piece of XML with its `<drawing>` element last in the worksheet, where the schema puts
    it after everything tally writes, when the sheet has a chart."""
    if sheet.chart is None:
        return tail
    end = "</worksheet>"
    assert tail.endswith(end)
    return tail[: -len(end)] + f'<drawing r:id="{DRAWING_ID}"/>' + end
