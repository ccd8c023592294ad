"""The one place tally touches workbook files: inspecting, reading and writing xlsx packages."""

from pipeline.sheets import column_letters
from pipeline.workbook.guard import Limits
from pipeline.workbook.reader import Workbook, read_workbook
from pipeline.workbook.writer import write_workbook

__all__ = ["Limits", "Workbook", "column_letters", "read_workbook", "write_workbook"]
