"""Teams (Law 78B): board IMPs between the two rooms of a match, match results in victory points."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.imps import imps_from_difference
from pipeline.games.bridge.methods.at_imps import artificial_imps, percentage_problems
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.tally import BridgeTables, competition_ranks
from pipeline.games.bridge.victory_points import victory_points, vp_table
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.games.settings import SettingSpec, one_word_of
from pipeline.sheets import OutputSheet
from schemas.bridge import TeamStanding

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


def teams_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with board IMPs, board IMPs per match, match results with VPs, and team standings."""
    r = event.results
    real = r["ns_pct"].isna()
    keyed = r.assign(score=r["ns_score"].where(real), art=artificial_imps(r["ns_pct"]).fillna(0))
    keyed = keyed.set_index(["match", "board"])
    open_room, closed_room = keyed[keyed["room"] == "open"], keyed[keyed["room"] == "closed"]
    pair = open_room[["score", "art"]].merge(
        closed_room[["score", "art"]], left_index=True, right_index=True, suffixes=("_open", "_closed")
    )
    home = imps_from_difference(pair["score_open"] - pair["score_closed"]).astype("float64").fillna(0)
    home = home + pair["art_open"] - pair["art_closed"]  # an artificial score in either room: +/-3 IMPs
    board_imps = pd.DataFrame({"home_imps": home, "away_imps": -home}).reset_index()
    per_room = r.merge(board_imps, on=["match", "board"], how="left")
    is_open = per_room["room"].eq("open").to_numpy()
    travellers = r.assign(
        ns_value=np.where(is_open, per_room["home_imps"], per_room["away_imps"]),
        ew_value=np.where(is_open, per_room["away_imps"], per_room["home_imps"]),
    )
    gross = board_imps.assign(
        home_imps=home.clip(lower=0).to_numpy(), away_imps=(-home).clip(lower=0).to_numpy()
    )
    by_match = gross.groupby("match")
    totals = by_match[["home_imps", "away_imps"]].sum()
    totals.insert(0, "boards", by_match["board"].size())
    matches = event.matches.merge(totals, left_on="match", right_index=True, how="left")
    matches[["boards", "home_imps", "away_imps"]] = matches[["boards", "home_imps", "away_imps"]].fillna(0)
    margin = matches["home_imps"] - matches["away_imps"]
    matches["home_vps"], matches["away_vps"] = np.nan, np.nan
    wbf = event.settings.options["vp_scale"] == "wbf"
    if wbf:
        for boards in sorted(
            matches.loc[matches["boards"] > 0, "boards"].astype("int64").unique()
        ):  # a few lengths
            at = matches["boards"] == boards
            vps = victory_points(margin[at].round(), int(boards))
            matches.loc[at, "home_vps"] = vps["vp"].to_numpy()
            matches.loc[at, "away_vps"] = vps["opponent_vp"].to_numpy()
    sides = pd.concat(
        [
            pd.DataFrame(
                {
                    "team": matches["home"],
                    "imps": margin,
                    "vps": matches["home_vps"],
                    "boards": matches["boards"],
                }
            ),
            pd.DataFrame(
                {
                    "team": matches["away"],
                    "imps": -margin,
                    "vps": matches["away_vps"],
                    "boards": matches["boards"],
                }
            ),
        ]
    )
    played = sides[sides["boards"] > 0]
    by_team = played.groupby("team")
    table = by_team[["boards", "imps", "vps"]].sum()
    table.insert(0, "matches", by_team["imps"].size())
    table = table.reindex(pd.Index(event.competitors["id"]).union(sides["team"].unique()), fill_value=0)
    table[["matches", "boards", "imps"]] = table[["matches", "boards", "imps"]].round().astype("int64")
    key = table["vps"] if wbf else table["imps"]
    table["rank"] = competition_ranks(key.round(2))
    table["names"] = event.competitors.set_index("id")["names"].reindex(table.index).to_numpy()
    table = table.rename_axis("team").reset_index()
    order = lexicographic_order([table["rank"].to_numpy(), natural_ranks(table["team"])])
    standings = TeamStanding.validate(table.iloc[order].reset_index(drop=True))
    return BridgeTables(travellers, standings, matches, board_imps)


def team_standings_sheet(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """The teams Standings sheet with written headers (no VPs column without a VP scale)."""
    cols = {
        "rank": "Rank",
        "team": "Team",
        "names": "Names",
        "matches": "Matches",
        "boards": "Boards",
        "imps": "IMPs",
        "vps": "VPs",
    }
    out = tables.standings[list(cols)].rename(columns=cols)
    out["VPs"] = out["VPs"].round(2)
    return out if event.settings.options["vp_scale"] == "wbf" else out.drop(columns=["VPs"])


def match_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
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


def vp_scale_rows(event: BridgeEvent, tables: BridgeTables) -> list[pd.DataFrame]:
    """The Rules rows of the VP scale: one table of margin -> VPs per match length played."""
    if event.settings.options["vp_scale"] != "wbf" or tables.matches is None:
        return []
    counts = sorted(tables.matches.loc[tables.matches["boards"] > 0, "boards"].astype("int64").unique())
    scales = []
    for boards in counts:  # one VP table per match length
        vp = vp_table(int(boards))
        scales.append(
            pd.DataFrame(
                {
                    "Item": [f"VP scale, {boards} boards: margin {m}" for m in vp["margin"]],
                    "Value": [
                        f"{w:.2f} - {lo:.2f}" for w, lo in zip(vp["winner_vp"], vp["loser_vp"], strict=True)
                    ],
                }
            )
        )
    return scales


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for teams."""
    return "Teams: per board, the home team's IMPs = IMP(open-room NS score - closed-room NS score); " + (
        "victory points on the WBF 2013 20-point scale"
        if options["vp_scale"] == "wbf"
        else "ranked by IMP margin"
    )


METHOD = Method(
    name="Teams",
    teams=True,
    tables=teams_tables,
    explanation=explanation,
    settings={
        "vp_scale": SettingSpec(
            "VP Scale",
            one_word_of(["wbf", "none"]),
            "WBF or none",
            default="wbf",
            hint="WBF or none",
            example="WBF",
            in_template=True,
        )
    },
    problems=percentage_problems,
    traveller_columns={"ns_value": "NS IMPs", "ew_value": "EW IMPs"},
    standings_sheet=team_standings_sheet,
    sheets=match_sheets,
    rules_rows=vp_scale_rows,
)
