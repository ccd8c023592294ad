"""The bridge standings workbook's sheets, as tables for people."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.settings import setting_specs
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.sheets import OutputSheet

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent
    from pipeline.games.bridge.tally import BridgeTables

STRAIN_TEXT = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "NT"}


def contract_text(r: pd.DataFrame, adjusted: pd.Series) -> pd.Series:
    """Contracts written back in one form: 4S, 3NTX, 6HXX, PASS; the adjusted score as typed."""
    level = r["level"].astype("str")
    strain = r["strain"].map(STRAIN_TEXT).astype("str")
    doubles = pd.Series(np.array(["", "X", "XX"])[r["doubling"].to_numpy(dtype="int64")], index=r.index)
    text = (level + strain + doubles).where(r["level"].notna())
    text = text.mask(r["passed"], "PASS")
    return text.fillna(adjusted.reindex(r.index)).fillna("")


def travellers_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """Every result with its key, contract, score and the method's values."""
    t = tables.travellers.copy()
    written = event.results_sheet.frame.loc[t.index]
    t["contract_text"] = contract_text(t, written["adjusted"])
    t["ew_score"] = -t["ns_score"]
    t = event.settings.method.shown_travellers(t)
    keys = {"match": "Match", "room": "Room"} if event.settings.teams else {}
    keys |= {c: c.title() for c in ("section", "session") if t[c].ne("").any()}
    keys |= {"board": "Board"} | ({} if event.settings.teams else {"ns": "NS", "ew": "EW"})
    columns = (
        keys
        | {
            "contract_text": "Contract",
            "declarer": "Declarer",
            "tricks": "Tricks",
            "ns_score": "NS Score",
            "ew_score": "EW Score",
        }
        | event.settings.method.traveller_columns
    )
    order = lexicographic_order(
        [
            natural_ranks(t["match"]),
            natural_ranks(t["section"]),
            natural_ranks(t["session"]),
            t["board"].to_numpy(dtype="int64"),
            t["room"].map({"open": 0, "closed": 1}).fillna(0).to_numpy(dtype="int64"),
            natural_ranks(t["ns"]),
        ]
    )
    t = t.iloc[order]
    t["room"] = t["room"].str.title() if event.settings.teams else t["room"]
    return t[[c for c in columns if c in t]].rename(columns=columns).reset_index(drop=True)


def frequencies_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """Per board: each NS score, how often it occurred, and its NS value under the method."""
    t = tables.travellers
    real = t[t["ns_pct"].isna()]
    keys = ["section", "session", "board"]
    value_header = event.settings.method.frequency_column
    value = "ns_value" if "ns_value" in real and value_header is not None else None
    agg = {"count": ("ns_score", "size")} | ({"value": (value, "mean")} if value else {})
    freq = real.groupby([*keys, "ns_score"]).agg(**agg).reset_index()
    freq = freq.sort_values([*keys, "ns_score"], ascending=[True, True, True, False], kind="stable")
    header = {
        "section": "Section",
        "session": "Session",
        "board": "Board",
        "ns_score": "NS Score",
        "count": "Count",
        "value": value_header,
    }
    freq = freq.drop(columns=[c for c in ("section", "session") if not freq[c].ne("").any()])
    if "value" in freq:
        freq["value"] = freq["value"].round(2)
    return freq.rename(columns=header).reset_index(drop=True)


def scorecards_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """One block per pair (long form): its boards, direction, opponents, contract, score and result."""
    t = tables.travellers.copy()
    t["contract_text"] = contract_text(t, event.results_sheet.frame.loc[t.index, "adjusted"])
    side = {"ns": ("NS", "ew", 1, "ns_value"), "ew": ("EW", "ns", -1, "ew_value")}
    parts = []
    for col, (direction, opp, sign, value) in side.items():  # the two directions
        parts.append(
            pd.DataFrame(
                {
                    "Pair": t[col],
                    "Board": t["board"],
                    "Direction": direction,
                    "Opponents": t[opp],
                    "Contract": t["contract_text"],
                    "Declarer": t["declarer"],
                    "Tricks": t["tricks"],
                    "Score": sign * t["ns_score"],
                    "Result": t[value].round(2) if value in t else sign * t["ns_score"],
                }
            )
        )
    cards = pd.concat(parts)
    order = lexicographic_order([natural_ranks(cards["Pair"]), cards["Board"].to_numpy(dtype="int64")])
    return cards.iloc[order].reset_index(drop=True)


def standings_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """The pairs Standings sheet with written headers: rank, pair, names, boards, the method's totals (0.01)."""
    totals = event.settings.method.standing_columns
    cols = {"rank": "Rank", "pair": "Pair", "names": "Names", "boards": "Boards"} | totals
    out = tables.standings[list(cols)].rename(columns=cols)
    out[list(totals.values())] = out[list(totals.values())].round(2)
    return out


def pair_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The Frequencies and Scorecards sheets of a pairs event."""
    return [
        OutputSheet("Frequencies", frequencies_frame(event, tables)),
        OutputSheet("Scorecards", scorecards_frame(event, tables)),
    ]


def rules_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """The method and settings used, in words, then any rows the method adds (the VP scale of teams)."""
    s = event.settings
    title = {key: spec.title for key, spec in setting_specs().items()}  # the settings' labels, as declared
    rows = [
        (title["event"], s.event),
        (title["date"], s.date),
        (title["weight"], f"{s.weight:g}"),
        (title["scoring"], s.method.name),
        ("Method", s.method.explanation(s.options)),
        (
            "Score table",
            "Law 77 (doubled contracts: 40 a trick in clubs and diamonds, 60 in hearts and spades)",
        ),
        ("Vulnerability", "Law 2 board cycle unless a Vul cell is given"),
        ("Ranking", "equal totals share the place"),
    ]
    table = pd.DataFrame(rows, columns=["Item", "Value"])
    more = s.method.rules_rows(event, tables) if s.method.rules_rows else []
    for rows_added in more:  # a few tables at most (one VP scale per match length)
        table = pd.concat([table, rows_added], ignore_index=True)
    return table


def bridge_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The sheets of the bridge standings workbook, in order: Standings, Travellers, the method's, Rules."""
    method = event.settings.method
    standings = (method.standings_sheet or standings_frame)(event, tables)
    podium = pd.Series(standings["Rank"].to_numpy() <= 3)
    sheets = [
        OutputSheet("Standings", standings, highlight=podium),
        OutputSheet("Travellers", travellers_frame(event, tables)),
        *(method.sheets or pair_sheets)(event, tables),
        OutputSheet("Rules", rules_frame(event, tables), widths={"Item": 36, "Value": 110}),
    ]
    return sheets
