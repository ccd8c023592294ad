from conftest import MATCH_HEADER, sheets_from_tables

from pipeline.games.domino.load import domino_event
from pipeline.games.domino.tally import domino_tables


def test_one_match_gives_three_points_to_a_whitewash_winner():
    sheets = sheets_from_tables({"Matches": (MATCH_HEADER, [[1, 1, "x", None, "y", None, 100, 0]])})
    tables = domino_tables(domino_event(sheets))
    top = tables.standings.iloc[0]
    assert (top["player"], top["points"], top["pips_for"], top["pips_against"]) == ("x", 3, 100, 0)
