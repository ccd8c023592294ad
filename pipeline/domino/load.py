"""From the sheets as typed to validated, typed tables; every problem is collected, none raised early."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from pipeline.checks import (
    as_problem_list,
    empty_problems,
    missing_columns,
    model_titles,
    present_columns,
    problems_where,
    required_columns,
    schema_problems,
)
from pipeline.errors import InputError, Problem
from pipeline.sheets import Sheet
from schemas.common import as_ids, as_numbers, as_words, is_whole_number
from schemas.domino import MODES, Match, MatchesSheet, PenaltiesSheet, PlayersSheet, SettingsSheet

KNOWN_SETTINGS = {"event", "date", "target", "mode", "podium", "weight"}
DEFAULT_TARGET = 100
DEFAULT_PODIUM = 3


@dataclass
class DominoSettings:
    """The event's settings after validation."""

    event: str = ""
    date: str = ""
    target: int | None = None
    mode: str = "points"
    podium: int = DEFAULT_PODIUM
    weight: float = 1.0

    @property
    def count_word(self) -> str:
        """What the counts are: pips, or hands in a run-out event."""
        return "hands" if self.mode == "run_out" else "pips"


@dataclass
class DominoEvent:
    """A validated domino workbook: typed tables plus the sheets as written (for the output)."""

    settings: DominoSettings
    matches: pd.DataFrame
    players: pd.DataFrame
    penalties: pd.DataFrame
    matches_sheet: Sheet
    warnings: list[Problem] = field(default_factory=list)


def settings_from_sheet(sheet: Sheet | None) -> tuple[DominoSettings, pd.DataFrame]:
    """Settings from the Key/Value sheet, with a problem for each bad or unknown entry."""
    settings = DominoSettings()
    if sheet is None or sheet.frame.empty:
        return settings, empty_problems()
    lost = missing_columns(sheet, required_columns(SettingsSheet), model_titles(SettingsSheet))
    if lost:
        return settings, pd.DataFrame([p.as_record() for p in lost])
    sheet = present_columns(sheet, SettingsSheet)
    frame = sheet.frame.dropna(how="all")
    keys = as_words(frame["key"])
    found = pd.Series(frame["value"].to_numpy(), index=keys.to_numpy())
    found = found[~found.index.duplicated()]
    problems = [schema_problems(Sheet(sheet.name, frame, sheet.headers), SettingsSheet)]
    problems.append(
        problems_where(
            sheet,
            frame["key"].notna() & ~keys.isin(KNOWN_SETTINGS),
            "key",
            "unknown setting, ignored (known: Event, Date, Target, Mode, Podium, Weight)",
            "warning",
        )
    )
    rows = frame.index

    def where_key(k: str, ok: pd.Series, text: str) -> None:
        problems.append(problems_where(sheet, keys.eq(k) & ~ok, "value", text))

    whole = is_whole_number(frame["value"], 1) & frame["value"].notna()
    where_key("target", whole, "expected the target: a whole number of pips (or hands), 1 or more")
    where_key("podium", whole, "expected how many places the podium shows: a whole number, 1 or more")
    mode = as_words(frame["value"])
    where_key("mode", mode.isin(MODES), "expected points or run_out")
    weight = as_numbers(frame["value"])
    where_key("weight", (weight > 0).fillna(False).astype(bool), "expected a number above 0")
    del rows
    if "event" in found:
        settings.event = str(found["event"]) if pd.notna(found["event"]) else ""
    if "date" in found and pd.notna(found["date"]):
        settings.date = str(found["date"]).removesuffix(" 00:00:00")
    value_ok = whole & keys.isin(["target", "podium"])
    good = pd.Series(as_numbers(frame["value"]).where(value_ok).to_numpy(), index=keys.to_numpy())
    if "target" in found and pd.notna(good.get("target")):
        settings.target = int(good["target"])
    if "podium" in found and pd.notna(good.get("podium")):
        settings.podium = int(good["podium"])
    if "mode" in found and pd.notna(found["mode"]):
        word = as_words(pd.Series([found["mode"]])).iloc[0]
        settings.mode = word if word in MODES else settings.mode
    if "weight" in found:
        w = pd.to_numeric(pd.Series([found["weight"]]), errors="coerce").iloc[0]
        settings.weight = float(w) if pd.notna(w) and w > 0 else settings.weight
    return settings, pd.concat(problems, ignore_index=True)


def _duplicates_after_first(keys: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Rows repeating an earlier row's key, and the Excel row of that first occurrence."""
    complete = keys.notna().all(axis=1)
    dup = keys.duplicated(keep="first") & complete
    first_row = (
        pd.Series(keys.index, index=keys.index)
        .groupby([keys[c] for c in keys.columns], dropna=True)
        .transform("min")
    )
    return dup, first_row.reindex(keys.index)


def matches_problems(
    sheet: Sheet, typed: pd.DataFrame, settings: DominoSettings, known: pd.Index | None
) -> list[pd.DataFrame]:
    """Cross-row and cross-column problems of the Matches sheet (typed holds NA where a cell is bad)."""
    t = typed
    count_cols = ["a_hands", "b_hands"] if settings.mode == "run_out" else ["a_pips", "b_pips"]
    word = settings.count_word
    out: list[pd.DataFrame] = []
    # a side is one player or two, the same on both sides
    shape = t["a2"].isna() != t["b2"].isna()
    out.append(
        problems_where(
            sheet,
            shape,
            ["a2", "b2"],
            "one side has two players and the other one; fill in both A2 and B2 or neither",
        )
    )
    # counts required unless the match was forfeited
    for raw in count_cols:
        blank = sheet.frame[raw].isna() & t["ended"].ne("forfeit")
        out.append(problems_where(sheet, blank, raw, f"the {word} of this side are required"))
    # duplicate round/table
    dup, first = _duplicates_after_first(t[["round", "table"]])
    out.append(
        problems_where(
            sheet,
            dup,
            ["round", "table"],
            "this round and table already appear at row " + first.astype("str"),
        )
    )
    # a player twice in one round
    seats = (
        pd.concat(
            [
                pd.DataFrame({"round": t["round"], "player": t[c], "row": t.index})
                for c in ("a1", "a2", "b1", "b2")
            ]
        )
        .dropna()
        .reset_index(drop=True)
    )
    seats = seats.sort_values(["row"], kind="stable")
    twice = seats.duplicated(["round", "player"], keep="first")
    first_row = seats.groupby(["round", "player"])["row"].transform("min")
    clash = seats[twice]
    if len(clash):
        mask = pd.Series(False, index=t.index)
        text = pd.Series("", index=t.index, dtype="str")
        msg = (
            "player "
            + clash["player"].astype("str")
            + " also plays in this round at row "
            + first_row[twice].astype("str")
        )
        msg = msg.groupby(clash["row"].to_numpy()).agg("; ".join)
        mask[msg.index] = True
        text[msg.index] = msg
        out.append(problems_where(sheet, mask, ["a1", "a2", "b1", "b2"], text))
    if known is not None:
        for c in ("a1", "a2", "b1", "b2"):
            unknown = t[c].notna() & ~t[c].isin(known)
            out.append(problems_where(sheet, unknown, c, "unknown id: not listed on the Players sheet"))
    a, b, target, ended, winner = t["a_count"], t["b_count"], t["target"], t["ended"], t["winner"]
    both = a.notna() & b.notna() & target.notna()
    reached_a, reached_b = (a >= target) & both, (b >= target) & both
    is_target, is_time, is_forfeit = ended.eq("target"), ended.eq("time"), ended.eq("forfeit")
    cols = count_cols
    out.append(
        problems_where(
            sheet,
            is_target & reached_a & reached_b,
            cols,
            "both sides at or above the target " + target.astype("str") + "; only the winner can reach it",
        )
    )
    out.append(
        problems_where(
            sheet,
            is_target & both & ~reached_a & ~reached_b,
            cols,
            "neither side reached the target "
            + target.astype("str")
            + "; if time was called, set Ended to time",
        )
    )
    named = winner.notna()
    target_winner = pd.Series(np.where(reached_a, "A", "B"), index=t.index)
    out.append(
        problems_where(
            sheet,
            is_target & named & (reached_a ^ reached_b) & winner.ne(target_winner),
            "winner",
            "the winner named is not the side that reached the target",
        )
    )
    out.append(
        problems_where(
            sheet,
            is_time & (reached_a | reached_b),
            cols,
            "a side reached the target " + target.astype("str") + "; set Ended to target",
        )
    )
    level = is_time & both & a.eq(b)
    out.append(
        problems_where(
            sheet,
            level & ~named,
            "winner",
            f"the {word} are level at time: name the Winner (A or B)",
        )
    )
    higher = pd.Series(np.where(a > b, "A", "B"), index=t.index)
    out.append(
        problems_where(
            sheet,
            is_time & both & ~a.eq(b) & named & winner.ne(higher),
            "winner",
            f"the winner named has fewer {word} than the other side",
        )
    )
    out.append(problems_where(sheet, is_forfeit & ~named, "winner", "a forfeit needs the Winner (A or B)"))
    loser_count = pd.Series(np.where(winner.eq("A"), b, a), index=t.index)
    out.append(
        problems_where(
            sheet,
            is_forfeit & named & (loser_count >= target).fillna(False).astype(bool),
            cols,
            "the side that forfeited has reached the target",
        )
    )
    return out


def typed_matches(sheet: Sheet, settings: DominoSettings) -> pd.DataFrame:
    """The Matches sheet typed: ids, whole numbers, lower-case endings; NA where a cell is bad."""
    f = sheet.frame
    count_cols = ["a_hands", "b_hands"] if settings.mode == "run_out" else ["a_pips", "b_pips"]

    def whole(col: str, minimum: int) -> pd.Series:
        ok = is_whole_number(f[col], minimum) & f[col].notna()
        return as_numbers(f[col]).where(ok).round().astype("Int64")

    fallback = settings.target
    if fallback is None and settings.mode == "points":
        fallback = DEFAULT_TARGET
    target = whole("target", 1).fillna(pd.NA if fallback is None else fallback)
    ended = as_words(f["ended"]).fillna("target")
    return pd.DataFrame(
        {
            "round": whole("round", 1),
            "table": whole("table", 1),
            "a1": as_ids(f["a1"]),
            "a2": as_ids(f["a2"]),
            "b1": as_ids(f["b1"]),
            "b2": as_ids(f["b2"]),
            "a_count": whole(count_cols[0], 0),
            "b_count": whole(count_cols[1], 0),
            "target": target.astype("Int64"),
            "ended": ended.where(ended.isin(["target", "time", "forfeit"])),
            "winner": f["winner"].astype("str").str.upper().where(f["winner"].notna()),
        },
        index=f.index,
    )


def domino_event(sheets: dict[str, Sheet]) -> DominoEvent:
    """The validated event, or InputError carrying every problem found in the workbook."""
    found = ", ".join(f"'{s.name}'" for s in sheets.values()) or "none"
    matches = sheets.get("matches")
    if matches is None:
        raise InputError(
            [
                Problem(
                    "workbook",
                    None,
                    None,
                    None,
                    f"missing required sheet 'Matches' (sheets found: {found})",
                )
            ]
        )
    settings, settings_problems = settings_from_sheet(sheets.get("settings"))
    frames = [settings_problems]
    extra: list[Problem] = []
    titles = model_titles(MatchesSheet)
    needed = required_columns(MatchesSheet) + (
        ["a_hands", "b_hands"] if settings.mode == "run_out" else ["a_pips", "b_pips"]
    )
    extra += missing_columns(matches, needed, titles)
    players_sheet = sheets.get("players")
    penalties_sheet = sheets.get("penalties")
    for optional, model in ((players_sheet, PlayersSheet), (penalties_sheet, PenaltiesSheet)):
        if optional is not None:
            extra += missing_columns(optional, required_columns(model), model_titles(model))
    if settings.mode == "run_out" and settings.target is None and "target" not in matches.frame:
        extra.append(
            Problem(
                sheets["settings"].name if "settings" in sheets else "Settings",
                None,
                "Target",
                None,
                "a run_out event needs its Target in hands (Settings Target, or a Target column)",
            )
        )
    if any(p.severity == "error" for p in extra) or any((f["severity"] == "error").any() for f in frames):
        raise InputError(as_problem_list(frames, extra))
    matches = present_columns(matches, MatchesSheet)
    frames.append(schema_problems(matches, MatchesSheet))

    players = pd.DataFrame(
        {
            "id": pd.Series(dtype="str"),
            "name": pd.Series(dtype="str"),
            "club": pd.Series(dtype="str"),
        }
    )
    known: pd.Index | None = None
    if players_sheet is not None:
        players_sheet = present_columns(players_sheet, PlayersSheet)
        pf = players_sheet.frame.dropna(how="all")
        frames.append(schema_problems(Sheet(players_sheet.name, pf, players_sheet.headers), PlayersSheet))
        ids = as_ids(pf["id"])
        dup, first = _duplicates_after_first(ids.to_frame())
        frames.append(
            problems_where(
                players_sheet, dup, "id", "this ID is already listed at row " + first.astype("str")
            )
        )
        players = pd.DataFrame({"id": ids, "name": pf["name"], "club": pf["club"]}).dropna(subset=["id"])
        players = players.drop_duplicates("id")
        known = pd.Index(players["id"])

    typed = typed_matches(matches, settings)
    frames += matches_problems(matches, typed, settings, known)

    penalties = pd.DataFrame(
        {
            "player": pd.Series(dtype="str"),
            "pips": pd.Series(dtype="int64"),
            "round": pd.Series(dtype="Int64"),
            "reason": pd.Series(dtype="str"),
        }
    )
    if penalties_sheet is not None:
        penalties_sheet = present_columns(penalties_sheet, PenaltiesSheet)
        pen = penalties_sheet.frame.dropna(how="all")
        pen_sheet = Sheet(penalties_sheet.name, pen, penalties_sheet.headers)
        frames.append(schema_problems(pen_sheet, PenaltiesSheet))
        who = as_ids(pen["player"])
        everyone = (
            known
            if known is not None
            else pd.Index(pd.concat([typed[c] for c in ("a1", "a2", "b1", "b2")]).dropna().unique())
        )
        where = "the Players sheet" if known is not None else "any match"
        frames.append(
            problems_where(
                pen_sheet,
                who.notna() & ~who.isin(everyone),
                "player",
                f"unknown id: not in {where}",
            )
        )
        pips = as_numbers(pen["pips"]).abs()
        rnd = as_numbers(pen["round"]).where(is_whole_number(pen["round"], 1))
        penalties = pd.DataFrame(
            {
                "player": who,
                "pips": pips,
                "round": rnd.round().astype("Int64"),
                "reason": pen["reason"],
            },
            index=pen.index,
        )

    problems = as_problem_list(frames, extra)
    if any(p.severity == "error" for p in problems):
        raise InputError(problems)
    typed = Match.validate(typed)
    penalties["pips"] = penalties["pips"].astype("int64")
    return DominoEvent(
        settings=settings,
        matches=typed,
        players=players.reset_index(drop=True),
        penalties=penalties,
        matches_sheet=matches,
        warnings=[p for p in problems if p.severity == "warning"],
    )
