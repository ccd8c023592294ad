"""An independent, plain-Python oracle for domino standings.

Written from the scoring and classification rules only (not from pipeline/domino), so that a mistake
shared by the pipeline and this file is unlikely. No pandas: dicts, lists and loops.

Match dict: round, table, a (list of 1-2 ids), b (list of 1-2 ids), a_count, b_count (int or None),
target, ended ('target' | 'time' | 'forfeit'), winner ('A' | 'B' | None).
Penalty dict: player, pips (nonzero int; the sign is ignored).
"""

from __future__ import annotations

from collections.abc import Iterable

FIELDS = (
    "player",
    "rank",
    "played",
    "won",
    "lost",
    "points",
    "match_points",
    "pips_for",
    "pips_against",
    "penalties",
    "effectiveness",
)


def score_match(match: dict) -> dict[str, dict]:
    """The figures of each side of one match: {'A': {...}, 'B': {...}}.

    Each side's dict has won (bool), points, match_points, pips_for, pips_against.
    """
    target = match["target"]
    ended = match["ended"]
    a_count, b_count = match["a_count"], match["b_count"]

    if ended == "target":
        if a_count is None or b_count is None:
            raise ValueError("a target-ended match needs both counts")
        a_reached, b_reached = a_count >= target, b_count >= target
        if a_reached == b_reached:
            raise ValueError("a target-ended match needs exactly one side at or over the target")
        winner = "A" if a_reached else "B"
        win_count, lose_count = (a_count, b_count) if winner == "A" else (b_count, a_count)
        win_for, win_against = target, lose_count
        lose_for, lose_against = lose_count, target
    elif ended == "time":
        if a_count is None or b_count is None:
            raise ValueError("a time-ended match needs both counts")
        if a_count > b_count:
            winner = "A"
        elif b_count > a_count:
            winner = "B"
        else:
            winner = match["winner"]
            if winner not in ("A", "B"):
                raise ValueError("a level time-ended match needs a named winner")
        win_count, lose_count = (a_count, b_count) if winner == "A" else (b_count, a_count)
        win_for, win_against = win_count, lose_count
        lose_for, lose_against = lose_count, win_count
    elif ended == "forfeit":
        winner = match["winner"]
        if winner not in ("A", "B"):
            raise ValueError("a forfeit needs a named winner")
        raw_win, raw_lose = (a_count, b_count) if winner == "A" else (b_count, a_count)
        win_count = target if raw_win is None else raw_win
        lose_count = 0 if raw_lose is None else raw_lose
        if win_count >= target:
            win_for, win_against = target, lose_count
            lose_for, lose_against = lose_count, target
        else:
            win_for, win_against = win_count, lose_count
            lose_for, lose_against = lose_count, win_count
    else:
        raise ValueError(f"unknown ending {ended!r}")

    # Points to the winner by the loser's count L (after blanks are read): 0 -> 3, up to T/2 -> 2, else 1.
    if lose_count == 0:
        points = 3
    elif lose_count >= 1 and 2 * lose_count <= target:
        points = 2
    else:
        points = 1

    win = {"won": True, "points": points, "match_points": 1, "pips_for": win_for, "pips_against": win_against}
    lose = {"won": False, "points": 0, "match_points": 0, "pips_for": lose_for, "pips_against": lose_against}
    return {"A": win, "B": lose} if winner == "A" else {"A": lose, "B": win}


def _blank_row(player: str) -> dict:
    return {
        "player": player,
        "played": 0,
        "won": 0,
        "lost": 0,
        "points": 0,
        "match_points": 0,
        "pips_for": 0,
        "pips_against": 0,
        "penalties": 0,
    }


def competitors(matches: Iterable[dict], players: Iterable[str]) -> list[str]:
    """Every listed id plus every seated id, each once (first-seen order)."""
    seen: dict[str, None] = {}
    for p in players:
        seen.setdefault(str(p), None)
    for m in matches:
        for p in list(m["a"]) + list(m["b"]):
            seen.setdefault(str(p), None)
    return list(seen)


def _sort_key(row: dict) -> tuple:
    return (
        -row["points"],
        -row["match_points"],
        -row["effectiveness"],
        -row["pips_for"],
        row["pips_against"],
    )


def _head_to_head(group: list[str], scored: list[tuple[dict, dict]]) -> dict[str, int]:
    """Each member's pips for - against over matches where another member sat on the opposing side."""
    members = set(group)
    diff = {p: 0 for p in group}
    for match, sides in scored:
        a = [str(p) for p in match["a"]]
        b = [str(p) for p in match["b"]]
        for own, opp, key in ((a, b, "A"), (b, a, "B")):
            if not any(o in members for o in opp):
                continue
            figures = sides[key]
            for p in own:
                if p in members:
                    # One count per match per player, even when both opponents are in the group.
                    diff[p] += figures["pips_for"] - figures["pips_against"]
    return diff


def id_order(player: str) -> tuple:
    """Competitors sharing a place are listed as people count: numeric ids by value (7 before 12), then text."""
    try:
        return (0, float(player), player)
    except ValueError:
        return (1, 0.0, player)


def _split(group: list[str], scored: list[tuple[dict, dict]]) -> list[list[str]]:
    """Order a group level on the five criteria into sub-groups that stay level (best first)."""
    if len(group) <= 1:
        return [list(group)]
    diff = _head_to_head(group, scored)
    values = sorted(set(diff.values()), reverse=True)
    if len(values) == 1:
        return [sorted(group, key=id_order)]
    out: list[list[str]] = []
    for v in values:
        sub = [p for p in group if diff[p] == v]
        # A strictly smaller group: recompute the differential within it.
        out.extend(_split(sub, scored))
    return out


def reference_standings(matches: list[dict], penalties: list[dict], players: list[str]) -> list[dict]:
    """The final classification, one dict per competitor, in order."""
    ids = competitors(matches, players)
    for pen in penalties:
        if str(pen["player"]) not in ids:
            ids.append(str(pen["player"]))
    rows = {p: _blank_row(p) for p in ids}

    scored: list[tuple[dict, dict]] = []
    for m in matches:
        sides = score_match(m)
        scored.append((m, sides))
        for key, seats in (("A", m["a"]), ("B", m["b"])):
            fig = sides[key]
            for p in seats:
                r = rows[str(p)]
                r["played"] += 1
                r["won"] += 1 if fig["won"] else 0
                r["lost"] += 0 if fig["won"] else 1
                r["points"] += fig["points"]
                r["match_points"] += fig["match_points"]
                r["pips_for"] += fig["pips_for"]
                r["pips_against"] += fig["pips_against"]

    for pen in penalties:
        rows[str(pen["player"])]["penalties"] += abs(int(pen["pips"]))

    for r in rows.values():
        r["effectiveness"] = r["pips_for"] - r["pips_against"] - r["penalties"]

    # Groups level on all five criteria, best first.
    by_key: dict[tuple, list[str]] = {}
    for p, r in rows.items():
        by_key.setdefault(_sort_key(r), []).append(p)

    ordered: list[list[str]] = []  # final tied groups, in classification order
    for key in sorted(by_key):
        ordered.extend(_split(by_key[key], scored))

    result: list[dict] = []
    ahead = 0
    for group in ordered:
        for p in sorted(group, key=id_order):
            row = dict(rows[p])
            row["rank"] = 1 + ahead
            result.append({f: row[f] for f in FIELDS})
        ahead += len(group)
    return result


def reference_sides(matches: list[dict]) -> list[dict]:
    """Two rows per match (A then B) with the figures of each side, in match order."""
    out = []
    for i, m in enumerate(matches):
        sides = score_match(m)
        for key in ("A", "B"):
            out.append({"match": i, "round": m["round"], "side": key, **sides[key]})
    return out
