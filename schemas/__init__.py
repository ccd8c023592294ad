"""pandera models of every sheet tally reads (input) and writes (output).

Input models describe a sheet as the organizer typed it (every cell is text until validated);
output models describe the typed tables the rules produce. Column names are the normalized
headers (`A Pips` -> `a_pips`); each field's `title` is the header written in output workbooks.
"""
