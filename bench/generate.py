"""Synthetic domino events of any size, as an organizer's workbook would hold them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import xlsxwriter

MATCH_HEADER = ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Target", "Ended", "Winner"]


def synthetic_matches(n_matches: int, *, individual: bool = True, seed: int = 0) -> pd.DataFrame:
    """`n_matches` random but valid matches: tables of four (or pairs), target 100, some time-ended."""
    rng = np.random.default_rng(seed)
    per_seat = 4 if individual else 2
    tables = max(1, min(500, n_matches // 20))
    rounds = -(-n_matches // tables)
    players = tables * per_seat
    seats = np.argsort(rng.random((rounds, players)), axis=1)[:, : tables * per_seat]
    seats = seats.reshape(rounds * tables, per_seat)[:n_matches] + 1
    n = len(seats)
    a_wins = rng.random(n) < 0.5
    loser = rng.integers(0, 100, n)
    winner = 100 + rng.integers(0, 30, n)
    timed = rng.random(n) < 0.05
    winner = np.where(timed, loser + rng.integers(1, 40, n), winner)
    winner = np.where(timed & (winner >= 100), 99, winner)
    loser = np.where(timed & (loser >= winner), winner - 1, loser)
    loser = np.maximum(loser, 0)
    frame = pd.DataFrame(
        {
            "Round": np.repeat(np.arange(1, rounds + 1), tables)[:n],
            "Table": np.tile(np.arange(1, tables + 1), rounds)[:n],
            "A1": seats[:, 0],
            "A2": seats[:, 1] if individual else None,
            "B1": seats[:, 2] if individual else seats[:, 1],
            "B2": seats[:, 3] if individual else None,
            "A Pips": np.where(a_wins, winner, loser),
            "B Pips": np.where(a_wins, loser, winner),
            "Target": 100,
            "Ended": np.where(timed, "time", "target"),
            "Winner": None,
        }
    )
    return frame


def write_event(path: Path, matches: pd.DataFrame) -> Path:
    """The matches as an input workbook (Matches sheet, header in row 1)."""
    book = xlsxwriter.Workbook(str(path), {"constant_memory": True})
    ws = book.add_worksheet("Matches")
    ws.write_row(0, 0, list(matches.columns))
    cells = matches.astype("object").where(matches.notna(), None).to_numpy().tolist()
    for r, row in enumerate(cells, start=1):
        ws.write_row(r, 0, row)
    settings = book.add_worksheet("Settings")
    settings.write_row(0, 0, ["Key", "Value"])
    settings.write_row(1, 0, ["Event", f"Synthetic {len(matches)} matches"])
    book.close()
    return path


BRIDGE_HEADER = ["Board", "NS", "EW", "Contract", "Declarer", "Tricks"]
_CONTRACTS = np.array(
    [
        "1NT",
        "2H",
        "2S",
        "3NT",
        "4H",
        "4S",
        "3C",
        "3D",
        "5D",
        "6NT",
        "4SX",
        "3NTX",
        "2HX",
        "PASS",
        "1S",
        "4HXX",
    ]
)


def synthetic_results(n_results: int, *, tables: int = 13, seed: int = 0) -> pd.DataFrame:
    """`n_results` pairs results: boards of `tables` results, plausible contracts, declarers and tricks; the
    boards are numbered 1 to 1,000 in each session (a Board is at most 10,000, as at a real event)."""
    rng = np.random.default_rng(seed)
    boards = -(-n_results // tables)
    played = np.repeat(np.arange(boards), tables)[:n_results]
    session, board = played // 1000 + 1, played % 1000 + 1
    table = np.tile(np.arange(tables), boards)[:n_results]
    pick = rng.integers(0, len(_CONTRACTS), n_results)
    contract = _CONTRACTS[pick]
    level = np.array([0 if c == "PASS" else int(c[0]) for c in _CONTRACTS])[pick]  # loop over 16 contracts
    tricks = np.clip(level + 6 + rng.integers(-3, 3, n_results), 0, 13)
    declarer = np.array(list("NESW"))[rng.integers(0, 4, n_results)]
    passed = contract == "PASS"
    return pd.DataFrame(
        {
            "Session": session,
            "Board": board,
            "NS": table + 1,
            "EW": tables + 1 + (table + board) % tables,
            "Contract": contract,
            "Declarer": np.where(passed, None, declarer),
            "Tricks": np.where(passed, None, tricks),
        }
    )


def write_results(path: Path, results: pd.DataFrame) -> Path:
    """Bridge results as an input workbook (Results and Settings sheets)."""
    book = xlsxwriter.Workbook(str(path), {"constant_memory": True})
    ws = book.add_worksheet("Results")
    ws.write_row(0, 0, list(results.columns))
    cells = results.astype("object").where(results.notna(), None).to_numpy().tolist()
    for r, row in enumerate(cells, start=1):
        ws.write_row(r, 0, row)
    settings = book.add_worksheet("Settings")
    settings.write_row(0, 0, ["Key", "Value"])
    settings.write_row(1, 0, ["Scoring", "MP"])
    book.close()
    return path
