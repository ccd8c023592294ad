"""The federation layer: many workbooks at once (`batch`), a season's ranking (`rank`), and the engines
that run one task per workbook (local processes or Dask)."""
