"""Teams (Law 78B): board IMPs between the two rooms of a match, match results in victory points."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from pipeline.games.bridge.awards import IMP_UNIT, room_parts, weighted_room_imps
from pipeline.games.bridge.imps import imps_from_difference
from pipeline.games.bridge.methods.at_imps import artificial_ns_imps, team_problems_at_imps
from pipeline.games.bridge.methods.base import Method, Options
from pipeline.games.bridge.penalties import deducted
from pipeline.games.bridge.tally import BridgeTables, competition_ranks, known_names
from pipeline.games.bridge.tie_breaks import tie_broken_teams
from pipeline.games.bridge.victory_points import victory_points, vp_table
from pipeline.games.ordering import lexicographic_order, natural_ranks
from pipeline.games.progress import cumulative_grid, final_column_as_ranked, progress_sheets, round_steps
from pipeline.games.settings import SettingSpec, one_word_of
from pipeline.i18n import _, _each
from pipeline.sheets import OutputSheet
from schemas.bridge import CLOSED, OPEN, VP_UNIT
from schemas.bridge import BoardImps as BI
from schemas.bridge import Competitor as CO
from schemas.bridge import ImpTraveller as IT
from schemas.bridge import MatchResult as MR
from schemas.bridge import RoomScore as RS
from schemas.bridge import SideValues as SV
from schemas.bridge import TeamSide as TS
from schemas.bridge import TeamStanding as ST
from schemas.bridge import TypedResult as T
from schemas.bridge import VictoryPoints as VP
from schemas.bridge import VpScale as W
from schemas.common import sheet_name_of, titles_of
from schemas.shared import ProgressSheet as PG
from schemas.shared import RulesSheet as RR
from schemas.validation import validated

if TYPE_CHECKING:
    from pipeline.games.bridge.load import BridgeEvent


def teams_tables(event: BridgeEvent) -> BridgeTables:
    """Travellers with board IMPs, board IMPs per match, match results with VPs, and team standings."""
    r = event.results
    keyed = r.set_index([T.match, T.board])
    room = keyed[T.room]
    score = keyed[T.ns_score].where(keyed[T.ns_pct].isna())
    art = artificial_ns_imps(keyed).fillna(0)
    open_room = pd.DataFrame({RS.open_score: score, RS.open_artificial: art})[room.eq(OPEN).to_numpy()]
    closed_room = pd.DataFrame({RS.closed_score: score, RS.closed_artificial: art})[
        room.eq(CLOSED).to_numpy()
    ]
    pair = open_room.merge(closed_room, left_index=True, right_index=True)  # the boards scored in both rooms
    home = imps_from_difference(pair[RS.open_score] - pair[RS.closed_score]).astype("float64").fillna(0)
    if r[T.weighted].any():  # a weighted score (Law 12C1(c)): its parts against the other room's, weighted
        parts = room_parts(r, r[T.ns_pct].isna())
        mixed = weighted_room_imps(parts[parts[T.room].eq(OPEN)], parts[parts[T.room].eq(CLOSED)])
        home = mixed.reindex(home.index).fillna(home)
    home = home + pair[RS.open_artificial] - pair[RS.closed_artificial]  # an artificial score: +/-3 IMPs
    board_imps = pd.DataFrame({BI.home_imps: home, BI.away_imps: -home}).reset_index()
    per_room = r.merge(board_imps, on=[T.match, T.board], how="left")
    is_open = per_room[T.room].eq(OPEN).to_numpy()
    travellers = r.assign(
        **{
            SV.ns_value: np.where(is_open, per_room[BI.home_imps], per_room[BI.away_imps]),
            SV.ew_value: np.where(is_open, per_room[BI.away_imps], per_room[BI.home_imps]),
        }
    )
    gross = board_imps.assign(
        **{BI.home_imps: home.clip(lower=0).to_numpy(), BI.away_imps: (-home).clip(lower=0).to_numpy()}
    )
    by_match = gross.groupby(BI.match)
    totals = by_match[[BI.home_imps, BI.away_imps]].sum()
    totals.insert(0, MR.boards, by_match[BI.board].size())
    matches = event.matches.merge(totals, left_on=MR.match, right_index=True, how="left")
    summed = [MR.boards, MR.home_imps, MR.away_imps]
    matches[summed] = matches[summed].fillna(0)
    margin = matches[MR.home_imps] - matches[MR.away_imps]
    matches[MR.home_vps], matches[MR.away_vps] = np.nan, np.nan
    wbf = event.settings.options["vp_scale"] == "wbf"
    if wbf:
        for boards in sorted(
            matches.loc[matches[MR.boards] > 0, MR.boards].astype("int64").unique()
        ):  # a few lengths
            at = matches[MR.boards] == boards
            vps = victory_points(margin[at].round(), int(boards))
            matches.loc[at, MR.home_vps] = vps[VP.vp].to_numpy()
            matches.loc[at, MR.away_vps] = vps[VP.opponent_vp].to_numpy()
    sides = pd.concat(
        [
            pd.DataFrame(
                {
                    TS.team: matches[MR.home],
                    TS.imps: margin,
                    TS.vps: matches[MR.home_vps],
                    TS.boards: matches[MR.boards],
                }
            ),
            pd.DataFrame(
                {
                    TS.team: matches[MR.away],
                    TS.imps: -margin,
                    TS.vps: matches[MR.away_vps],
                    TS.boards: matches[MR.boards],
                }
            ),
        ]
    )
    played = sides[sides[TS.boards] > 0]
    by_team = played.groupby(TS.team)
    table = by_team[[TS.boards, TS.imps, TS.vps]].sum()  # the standing's boards, imps and vps
    table.insert(0, ST.matches, by_team[TS.imps].size())
    table = table.reindex(pd.Index(event.competitors[CO.id]).union(sides[TS.team].unique()), fill_value=0)
    if not event.penalties.empty:  # Law 90: deducted from what the teams are ranked by (VPs, or IMPs)
        table[ST.penalty] = deducted(event.penalties, travellers, table.index)
        table[ST.vps if wbf else ST.imps] -= table[ST.penalty]
    whole = [ST.matches, ST.boards, ST.imps]
    table[whole] = table[whole].round().astype("int64")
    key = table[ST.vps] if wbf else table[ST.imps]
    table[ST.rank] = competition_ranks(key.round(2))
    table[ST.names] = event.competitors.set_index(CO.id)[CO.names].reindex(table.index).to_numpy()
    table = table.rename_axis(ST.team).reset_index()
    order = lexicographic_order([table[ST.rank].to_numpy(), natural_ranks(table[ST.team])])
    standings = table.iloc[order].reset_index(drop=True)
    standings = tie_broken_teams(standings, matches, board_imps, event.settings.options, wbf)  # conditions.md
    standings = validated(standings, ST)
    return BridgeTables(travellers, standings, matches, board_imps)


def team_progress(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """Each team's rank after each round (index: the standings' teams; columns: the rounds with a match
    played, in order): its VPs (IMPs without a VP scale) of the matches of the rounds so far, ranked as the
    standings rank them. No columns when a match played gives no Round."""
    teams = pd.Index(tables.standings[ST.team])
    m = tables.matches
    played = None if m is None else m[m[MR.boards] > 0]
    if played is None or played.empty or played[MR.round].isna().any():
        return pd.DataFrame(index=teams)
    rounds = played[MR.round].astype("int64")
    labels, step = round_steps(pd.Series("", index=played.index, dtype="str"), rounds)
    cells = np.concatenate(
        [teams.get_indexer(played[side]) * len(labels) + step for side in (MR.home, MR.away)]
    )
    if event.settings.options["vp_scale"] == "wbf":
        weights = [played[MR.home_vps], played[MR.away_vps]]
    else:
        margin = played[MR.home_imps] - played[MR.away_imps]
        weights = [margin, -margin]
    values = np.concatenate([w.fillna(0).to_numpy(dtype="float64") for w in weights])
    key = pd.DataFrame(cumulative_grid(cells, values, (len(teams), len(labels))), index=teams, columns=labels)
    return competition_ranks(key.round(2))


def team_progress_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The Progress sheet of a teams event whose matches give their Round: each team's rank after each round."""
    named = {PG.rank: ST.rank, PG.competitor: ST.team, PG.name: ST.names}
    ranks = team_progress(event, tables)
    if (
        ST.decided_by in tables.standings
    ):  # a Tie Break: the last round's places are the standings' (conditions.md)
        ranks = final_column_as_ranked(ranks, tables.standings.set_index(ST.team)[ST.rank])
    return progress_sheets(tables.standings, named, titles_of(ST), ranks, by_id=True)


def team_standings_sheet(event: BridgeEvent, tables: BridgeTables) -> pd.DataFrame:
    """The teams Standings sheet with written headers (no VPs column without a VP scale)."""
    titles = {c: title for c, title in titles_of(ST).items() if c in tables.standings}
    vps = titles[ST.vps]
    out = tables.standings[[c for c in titles if c in tables.standings]].rename(columns=titles)
    out[vps] = out[vps].round(2)
    return out if event.settings.options["vp_scale"] == "wbf" else out.drop(columns=[vps])


def match_sheets(event: BridgeEvent, tables: BridgeTables) -> list[OutputSheet]:
    """The Matches and Board IMPs sheets of a teams event."""
    m = tables.matches
    b = tables.board_imps
    if m is None or b is None:
        return []
    names = known_names(event)
    if names is not None:
        m = m.copy()
        for team, shown in ((MR.home, MR.home_names), (MR.away, MR.away_names)):  # each team beside its id
            m.insert(list(m.columns).index(team) + 1, shown, m[team].map(names))
    matches = m.rename(columns=titles_of(MR))
    boards = b.rename(columns=titles_of(BI))
    return [
        OutputSheet(sheet_name_of(MR), matches.reset_index(drop=True)),
        OutputSheet(sheet_name_of(BI), boards),
    ]


def vp_scale_rows(event: BridgeEvent, tables: BridgeTables) -> list[pd.DataFrame]:
    """The Rules rows of the VP scale: one table of margin -> VPs per match length played."""
    if event.settings.options["vp_scale"] != "wbf" or tables.matches is None:
        return []
    played = tables.matches
    counts = sorted(played.loc[played[MR.boards] > 0, MR.boards].astype("int64").unique())
    rules = titles_of(RR)
    scales = []
    for boards in counts:  # one VP table per match length
        vp = vp_table(int(boards))
        scales.append(
            pd.DataFrame(
                {
                    rules[RR.item]: _each(
                        "VP scale, {boards} boards: margin {margin}", boards=boards, margin=vp[W.margin]
                    ).to_numpy(),
                    rules[RR.value]: [
                        f"{w:.2f} - {lo:.2f}" for w, lo in zip(vp[W.winner_vp], vp[W.loser_vp], strict=True)
                    ],
                }
            )
        )
    return scales


def explanation(options: Options) -> str:
    """The Rules sheet's sentence for teams."""
    return _("Teams: per board, the home team's IMPs = IMP(open-room NS score - closed-room NS score); ") + (
        _("victory points on the WBF 2013 20-point scale")
        if options["vp_scale"] == "wbf"
        else _("ranked by IMP margin")
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
            names={"es": ("Escala PV",), "zh": ("胜利分标准",)},
            words={"none": {"es": ("ninguna",), "zh": ("无",)}},
        )
    },
    problems=team_problems_at_imps,
    penalty_units=(IMP_UNIT, VP_UNIT),
    traveller_columns=titles_of(IT),
    standings_sheet=team_standings_sheet,
    sheets=match_sheets,
    progress=team_progress_sheets,
    rules_rows=vp_scale_rows,
)
