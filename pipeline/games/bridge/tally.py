"""Bridge scoring methods over validated results, and the standings they give (pure)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from pipeline.games.bridge.imps import butler_datum, butler_imps, cross_imps, imps_from_difference
from pipeline.games.bridge.load import BridgeEvent, BridgeSettings
from pipeline.games.bridge.matchpoints import matchpoints, neuberg
from pipeline.games.bridge.victory_points import victory_points
from pipeline.games.ordering import lexicographic_order, natural_ranks
from schemas.bridge import PairStanding, TeamStanding

AVERAGE_IMPS = 3  # A+ / A- at IMPs: +3 / -3 (A = 0)


@dataclass
class BridgeTables:
    """Everything the bridge standings workbook shows."""

    travellers: pd.DataFrame
    standings: pd.DataFrame
    matches: pd.DataFrame | None = None
    board_imps: pd.DataFrame | None = None


def combined_codes(columns: list[pd.Series]) -> np.ndarray:
    """One integer label per distinct combination of the columns' values."""
    code = np.zeros(len(columns[0]), dtype="int64")
    for column in columns:  # a few key columns
        part, distinct = pd.factorize(column)
        code = code * (len(distinct) + 1) + part + 1
    return pd.factorize(code)[0]


def board_groups(results: pd.DataFrame) -> pd.Series:
    """A label per comparison field: the same board in the same section and session."""
    keys = [results["section"], results["session"], results["board"]]
    return pd.Series(combined_codes(keys), index=results.index)


def matchpoint_columns(r: pd.DataFrame, s: BridgeSettings) -> pd.DataFrame:
    """NS/EW matchpoints and the top each row is scored out of (Law 78A, Neuberg, artificial scores)."""
    group = board_groups(r)
    real = r["ns_pct"].isna()
    rows = group.groupby(group).transform("size")
    field = combined_codes([r["section"], r["session"]])
    expected = rows.groupby(field).transform("max")  # N: the most-played board of the section
    n = real.groupby(group).transform("sum")
    raw = matchpoints(r["ns_score"].where(real), group.where(real), s.mp_scale)
    full_top = s.mp_scale * (expected - 1)
    if s.neuberg:
        ns_mp = raw.where(n >= expected, neuberg(raw, n, expected, s.mp_scale))
        top = full_top
    else:
        ns_mp, top = raw, s.mp_scale * (n - 1)
    ns_mp = ns_mp.where(real, r["ns_pct"] / 100 * full_top)
    ew_mp = (top - ns_mp).where(real, r["ew_pct"] / 100 * full_top)
    top = top.where(real, full_top)
    return pd.DataFrame({"ns_value": ns_mp, "ew_value": ew_mp, "top": top.astype("float64")}, index=r.index)


def artificial_imps(pct: pd.Series) -> pd.Series:
    """IMPs for an artificial score at IMPs: 60 % (A+) -> +3, 50 % -> 0, 40 % (A-) -> -3."""
    return np.sign(pct - 50) * AVERAGE_IMPS


def imp_columns(r: pd.DataFrame, s: BridgeSettings) -> pd.DataFrame:
    """NS/EW IMPs by cross-IMPs or against the Butler datum (Law 78B)."""
    group = board_groups(r)
    real = r["ns_pct"].isna()
    scores = r["ns_score"].where(real)
    if s.scoring == "butler":
        datum = butler_datum(scores, group.where(real), s.butler_drop)
        ns = butler_imps(scores, datum).astype("float64")
    else:
        datum = pd.Series(pd.NA, index=r.index, dtype="Int64")
        ns = cross_imps(scores, group.where(real)).astype("float64")
    ns = ns.where(real, artificial_imps(r["ns_pct"]))
    ew = (-ns).where(real, artificial_imps(r["ew_pct"]))
    return pd.DataFrame({"ns_value": ns, "ew_value": ew, "datum": datum}, index=r.index)


def total_point_columns(r: pd.DataFrame) -> pd.DataFrame:
    """NS and EW scores as they stand (Law 78C)."""
    return pd.DataFrame({"ns_value": r["ns_score"], "ew_value": -r["ns_score"]}, index=r.index)


def pair_rows(travellers: pd.DataFrame) -> pd.DataFrame:
    """One row per (pair, result): the pair's side's value and top."""
    cols = ["ns_value", "ew_value"] + (["top"] if "top" in travellers else [])
    ns = travellers.assign(pair=travellers["ns"], value=travellers["ns_value"])
    ew = travellers.assign(pair=travellers["ew"], value=travellers["ew_value"])
    return pd.concat([ns, ew]).drop(columns=cols[:2])


def competition_ranks(values: pd.Series) -> pd.Series:
    """1 + how many values are strictly higher (equal values share the place)."""
    return values.rank(method="min", ascending=False).astype("int64")


def pair_standings(travellers: pd.DataFrame, event: BridgeEvent) -> pd.DataFrame:
    """Pairs ranked by the method's total: percentage (MP), IMPs, or total points."""
    rows = pair_rows(travellers)
    by_pair = rows.groupby("pair")
    # sums of fractions (Neuberg, cross-IMP averages) are settled to 1e-9 so that equal totals compare equal
    table = pd.DataFrame({"boards": by_pair.size(), "total": by_pair["value"].sum().round(9)})
    if "top" in rows:
        table["top"] = by_pair["top"].sum().round(9)
        table["percent"] = (100 * table["total"] / table["top"]).where(table["top"] > 0, 0.0).round(2)
        table["total"] = table["total"].round(2)
    key = "percent" if "top" in rows else "total"
    names = event.competitors.set_index("id")["names"]
    table = table.reindex(pd.Index(event.competitors["id"]).union(table.index), fill_value=0)
    played = table["boards"] > 0
    table["rank"] = int(played.sum()) + 1  # pairs named only on not-played rows: listed last
    table.loc[played, "rank"] = competition_ranks(table.loc[played, key])
    table["names"] = names.reindex(table.index).to_numpy()
    table = table.rename_axis("pair").reset_index()
    order = lexicographic_order([table["rank"].to_numpy(), natural_ranks(table["pair"])])
    return PairStanding.validate(table.iloc[order].reset_index(drop=True))


def teams_tables(
    r: pd.DataFrame, event: BridgeEvent
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Travellers with board IMPs, board IMPs per match, match results with VPs, and team standings."""
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
    if event.settings.vp_scale == "wbf":
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
    key = table["vps"] if event.settings.vp_scale == "wbf" else table["imps"]
    table["rank"] = competition_ranks(key.round(2))
    table["names"] = event.competitors.set_index("id")["names"].reindex(table.index).to_numpy()
    table = table.rename_axis("team").reset_index()
    order = lexicographic_order([table["rank"].to_numpy(), natural_ranks(table["team"])])
    return travellers, board_imps, matches, TeamStanding.validate(table.iloc[order].reset_index(drop=True))


def bridge_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers scored by the event's method, and the standings."""
    r = event.results
    s = event.settings
    if s.teams:
        travellers, board_imps, matches, standings = teams_tables(r, event)
        return BridgeTables(travellers, standings, matches, board_imps)
    if s.scoring == "mp":
        scored = matchpoint_columns(r, s)
    elif s.scoring in ("cross_imp", "butler"):
        scored = imp_columns(r, s)
    else:
        scored = total_point_columns(r)
    travellers = pd.concat([r, scored], axis=1)
    return BridgeTables(travellers, pair_standings(travellers, event))
