"""The bridge standings workbook's sheets, as tables for people."""

from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.games.bridge.load import BridgeEvent
from pipeline.games.bridge.tally import AVERAGE_IMPS, BridgeTables
from pipeline.games.bridge.victory_points import vp_table
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.sheets import OutputSheet

STRAIN_TEXT = {"C": "C", "D": "D", "H": "H", "S": "S", "N": "NT"}


def contract_text(r: pd.DataFrame, adjusted: pd.Series) -> pd.Series:
    """Contracts written back in one form: 4S, 3NTX, 6HXX, PASS; the adjusted score as typed."""
    level = r["level"].astype("str")
    strain = r["strain"].map(STRAIN_TEXT).astype("str")
    doubles = pd.Series(np.array(["", "X", "XX"])[r["doubling"].to_numpy(dtype="int64")], index=r.index)
    text = (level + strain + doubles).where(r["level"].notna())
    text = text.mask(r["passed"], "PASS")
    return text.fillna(adjusted.reindex(r.index)).fillna("")


def value_columns(event: BridgeEvent) -> dict[str, str]:
    """The method's traveller columns: internal name -> written header."""
    scoring = event.settings.scoring
    if scoring == "mp":
        return {
            "ns_value": "NS MP",
            "ew_value": "EW MP",
            "ns_pct_out": "NS %",
            "ew_pct_out": "EW %",
            "top": "Top",
        }
    if scoring == "butler":
        return {"ns_value": "NS IMPs", "ew_value": "EW IMPs", "datum": "Datum"}
    if scoring in ("cross_imp", "teams"):
        return {"ns_value": "NS IMPs", "ew_value": "EW IMPs"}
    return {}


def travellers_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """Every result with its key, contract, score and the method's values."""
    t = tables.travellers.copy()
    written = event.results_sheet.frame.loc[t.index]
    t["contract_text"] = contract_text(t, written["adjusted"])
    t["ew_score"] = -t["ns_score"]
    if "top" in t:
        t["ns_pct_out"] = (100 * t["ns_value"] / t["top"]).where(t["top"] > 0).round(2)
        t["ew_pct_out"] = (100 * t["ew_value"] / t["top"]).where(t["top"] > 0).round(2)
        t[["ns_value", "ew_value"]] = t[["ns_value", "ew_value"]].round(2)
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
        | value_columns(event)
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
    value = "ns_value" if "ns_value" in real and not event.settings.teams else None
    agg = {"count": ("ns_score", "size")} | ({"value": (value, "mean")} if value else {})
    freq = real.groupby([*keys, "ns_score"]).agg(**agg).reset_index()
    freq = freq.sort_values([*keys, "ns_score"], ascending=[True, True, True, False], kind="stable")
    header = {
        "section": "Section",
        "session": "Session",
        "board": "Board",
        "ns_score": "NS Score",
        "count": "Count",
        "value": "NS MP" if event.settings.scoring == "mp" else "NS IMPs",
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
    """The Standings sheet with written headers."""
    s = tables.standings
    if event.settings.teams:
        cols = {
            "rank": "Rank",
            "team": "Team",
            "names": "Names",
            "matches": "Matches",
            "boards": "Boards",
            "imps": "IMPs",
            "vps": "VPs",
        }
        out = s[list(cols)].rename(columns=cols)
        out["VPs"] = out["VPs"].round(2)
        return out if event.settings.vp_scale == "wbf" else out.drop(columns=["VPs"])
    totals = {
        "mp": {"total": "MP", "top": "Top", "percent": "Percent"},
        "cross_imp": {"total": "IMPs"},
        "butler": {"total": "IMPs"},
        "tp": {"total": "Total"},
    }[event.settings.scoring]
    cols = {"rank": "Rank", "pair": "Pair", "names": "Names", "boards": "Boards"} | totals
    out = s[list(cols)].rename(columns=cols)
    if "IMPs" in out:
        out["IMPs"] = out["IMPs"].round(2)
    return out


def teams_frames(tables: BridgeTables) -> list[OutputSheet]:
    """The Matches and Board IMPs sheets of a teams event."""
    m = tables.matches
    b = tables.board_imps
    if m is None or b is None:
        return []
    matches = m.rename(
        columns={
            "match": "Match",
            "round": "Round",
            "home": "Home",
            "away": "Away",
            "boards": "Boards",
            "home_imps": "Home IMPs",
            "away_imps": "Away IMPs",
            "home_vps": "Home VPs",
            "away_vps": "Away VPs",
        }
    )
    boards = b.rename(
        columns={"match": "Match", "board": "Board", "home_imps": "Home IMPs", "away_imps": "Away IMPs"}
    )
    return [OutputSheet("Matches", matches.reset_index(drop=True)), OutputSheet("Board IMPs", boards)]


def rules_frame(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """The method and settings used, in words, then the VP scale as a table of margin -> VPs."""
    s = event.settings
    words = {
        "mp": f"Matchpoints (Law 78A): {s.mp_scale} per score beaten, {s.mp_scale / 2:g} per tie; "
        + ("boards with fewer results factored by Neuberg" if s.neuberg else "no Neuberg factoring")
        + "; artificial scores A+ 60 %, A 50 %, A- 40 % of the full top; ranked by percentage",
        "cross_imp": "Cross-IMPs (Law 78B): each result IMPed against every other result on the board, "
        f"divided by the number of comparisons; A+/A- = +/-{AVERAGE_IMPS} IMPs; ranked by total IMPs",
        "butler": f"Butler (Law 78B): datum = mean NS score without the {s.butler_drop} top and bottom "
        f"score(s), to the nearest 10; each result IMPed against it; A+/A- = +/-{AVERAGE_IMPS} IMPs",
        "tp": "Total points (Law 78C): the sum of each pair's scores",
        "teams": "Teams: per board, the home team's IMPs = IMP(open-room NS score - closed-room NS score); "
        + (
            "victory points on the WBF 2013 20-point scale" if s.vp_scale == "wbf" else "ranked by IMP margin"
        ),
    }
    rows = [
        ("Event", s.event),
        ("Date", s.date),
        ("Weight", f"{s.weight:g}"),
        ("Scoring", s.method),
        ("Method", words[s.scoring]),
        (
            "Score table",
            "Law 77 (doubled contracts: 40 a trick in clubs and diamonds, 60 in hearts and spades)",
        ),
        ("Vulnerability", "Law 2 board cycle unless a Vul cell is given"),
        ("Ranking", "equal totals share the place"),
    ]
    table = pd.DataFrame(rows, columns=["Item", "Value"])
    if s.teams and s.vp_scale == "wbf" and tables.matches is not None:
        counts = sorted(tables.matches.loc[tables.matches["boards"] > 0, "boards"].astype("int64").unique())
        for boards in counts:  # one VP table per match length
            vp = vp_table(int(boards))
            scale = pd.DataFrame(
                {
                    "Item": [f"VP scale, {boards} boards: margin {m}" for m in vp["margin"]],
                    "Value": [
                        f"{w:.2f} - {lo:.2f}" for w, lo in zip(vp["winner_vp"], vp["loser_vp"], strict=True)
                    ],
                }
            )
            table = pd.concat([table, scale], ignore_index=True)
    return table


def bridge_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The sheets of the bridge standings workbook, in order."""
    standings = standings_frame(event, tables)
    podium = pd.Series(standings["Rank"].to_numpy() <= 3)
    sheets = [
        OutputSheet("Standings", standings, highlight=podium),
        OutputSheet("Travellers", travellers_frame(event, tables)),
    ]
    if event.settings.teams:
        sheets += teams_frames(tables)
    else:
        sheets += [
            OutputSheet("Frequencies", frequencies_frame(event, tables)),
            OutputSheet("Scorecards", scorecards_frame(event, tables)),
        ]
    sheets.append(OutputSheet("Rules", rules_frame(event, tables), widths={"Item": 36, "Value": 110}))
    return sheets
