"""An independent reference for the bridge scoring methods, written from the rule text only.

Plain Python (dicts, loops, exact fractions); no code from `pipeline/` is used. Each scoring function
takes a list of result dicts

    {board, section, session, ns, ew, ns_score (int or None), adjusted (text or None)}

and returns `(rows, pairs)`: `rows[i]` is the scored row for input i (None for an NP row) and `pairs`
maps each pair id to its totals and rank.

Rules implemented (Laws 77-78, the seed's IMP table, WBF 2013 VPs):

* Matchpoints, scale 2: per board (section, session, board number) each real NS result gets 2 per
  other real NS result it beats and 1 per tie; EW = top - NS. Artificial rows (A+/A-, 60/40, ...)
  are left out of the comparison and get their percentage of the full top 2(N-1), N = the number of
  rows (results + artificial, NP removed) on the most-played board of the section and session.
  Neuberg: a board with n < N real results gets MP' = (MP + 1) N / n - 1 and top 2(N-1); without
  Neuberg its top is 2(n-1). Scale 1 halves everything. Pair percentage = sum MP / sum tops * 100.
* Cross-IMPs: each NS result IMPed against every other one, summed, / (n-1); EW = -NS; artificial
  A+ / A / A- = +3 / 0 / -3 IMPs for the side given.
* Butler: datum = mean after dropping `drop` top and bottom scores (all when fewer than 2 drop + 1),
  rounded to the nearest 10, halves away from zero; NS IMPs = IMP(score - datum).
* Total points: NS pair gets the NS score, EW its negative.
* Teams: home IMPs = IMP(open NS - closed NS) per board; gross IMPs, margin, WBF 2013 VPs.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from fractions import Fraction

# ---------------------------------------------------------------- IMP table (seed)

# (lowest difference of the band, IMPs); a difference between two bands takes the lower band.
IMP_BANDS = [
    (20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8), (370, 9), (430, 10),
    (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17), (1750, 18),
    (2000, 19), (2250, 20), (2500, 21), (3000, 22), (3500, 23), (4000, 24),
]  # fmt: skip


def imp(difference: float | Fraction) -> int:
    """IMPs for a point difference (negative differences give negative IMPs)."""
    size = abs(difference)
    value = 0
    for low, imps in IMP_BANDS:
        if size >= low:
            value = imps
    return value if difference >= 0 else -value


# ---------------------------------------------------------------- Law 77 scores (via endplay)


def contract_score(board: int, contract: str, declarer: str | None, tricks: int | None) -> int:
    """The NS score of a contract such as '4S', '5SX', '3NT' or 'PASS' (Law 77, vulnerability by board)."""
    from endplay.types import Contract, Denom, Penalty, Player, Vul

    text = contract.upper().replace(" ", "")
    if text in ("PASS", "P", "AP"):
        return 0
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", text)
    assert m, contract
    level, strain, doubling = int(m[1]), m[2][0], len(m[3])
    denom = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "N": Denom.nt}
    penalty = [Penalty.passed, Penalty.doubled, Penalty.redoubled][doubling]
    player = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}[declarer]
    assert tricks is not None
    c = Contract(
        level=level, denom=denom[strain], declarer=player, penalty=penalty, result=tricks - level - 6
    )
    score = c.score(Vul.from_board(board))
    return score if declarer in ("N", "S") else -score


# ---------------------------------------------------------------- adjusted scores

AVERAGE = {"A+": 60, "A": 50, "A-": 40}


def adjusted_parts(text: str | None) -> tuple[int, int] | str | None:
    """(NS %, EW %) of an artificial score, 'NP' for not played, None for a real result."""
    if text is None:
        return None
    t = text.upper().replace(" ", "")
    if t == "NP":
        return "NP"
    ns, ew = t.split("/")
    if ns in AVERAGE:
        return AVERAGE[ns], AVERAGE[ew]
    return int(ns), int(ew)


def average_imps(pct: int) -> int:
    """IMPs of an artificial score at IMPs: A+ (60 %) +3, A (50 %) 0, A- (40 %) -3."""
    return {60: 3, 50: 0, 40: -3}[pct]


# ---------------------------------------------------------------- shared helpers


def _played(rows: list[dict]) -> list[int]:
    """Indexes of the rows that are not NP."""
    return [i for i, r in enumerate(rows) if adjusted_parts(r.get("adjusted")) != "NP"]


def _boards(rows: list[dict]) -> dict[tuple, list[int]]:
    """(section, session, board) -> indexes of its played rows (NP removed)."""
    out: dict[tuple, list[int]] = defaultdict(list)
    for i in _played(rows):
        r = rows[i]
        out[(r.get("section") or "", r.get("session") or "", r["board"])].append(i)
    return out


def competition_ranks(values: dict, decimals: int | None = 2) -> dict[str, int]:
    """Rank 1 for the highest value; equal values share a place (1, 2, 2, 4).

    Equal means equal when rounded to `decimals` (percentages, VPs), or exactly equal (None: IMP and
    point totals, kept as exact fractions).
    """
    key = {p: v if decimals is None else round(float(v), decimals) for p, v in values.items()}
    return {p: 1 + sum(1 for q in key if key[q] > key[p]) for p in key}


def _pair_totals(rows: list[dict], scored: list[dict | None], with_tops: bool) -> dict[str, dict]:
    """Sum each pair's values (and tops) over the rows it played; rank by percentage or total.

    A pair named only on NP rows is still listed, with 0 boards, a total of 0 and 0 %, after every pair
    that played (tally's documented choice; the rule text says nothing about it).
    """
    pairs: dict[str, dict] = {}
    for r, s in zip(rows, scored, strict=True):
        for side in ("ns", "ew"):
            p = str(r[side])
            entry = pairs.setdefault(p, {"boards": 0, "total": Fraction(0), "top": Fraction(0)})
            if s is None:  # NP
                continue
            entry["boards"] += 1
            entry["total"] += s[f"{side}_value"]
            if with_tops:
                entry["top"] += s["top"]
    for entry in pairs.values():
        if with_tops:
            entry["percent"] = entry["total"] / entry["top"] * 100 if entry["top"] else Fraction(0)
        else:
            del entry["top"]
    # two fields (a Mitchell without an arrow switch, no Movement given): every pair sat in one direction
    # only, and both directions have pairs; then each field is ranked on its own
    directions: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        directions[str(r["ns"])].add("ns")
        directions[str(r["ew"])].add("ew")
    two = all(len(d) == 1 for d in directions.values()) and len({min(d) for d in directions.values()}) == 2
    for p, entry in pairs.items():
        entry["field"] = min(directions[p]) if two else ""
    for field in {e["field"] for e in pairs.values()}:
        members = {p: e for p, e in pairs.items() if e["field"] == field}
        played = {p: e for p, e in members.items() if e["boards"]}
        if with_tops:  # matchpoints: by percentage, to 2 decimals
            ranks = competition_ranks({p: e["percent"] for p, e in played.items()})
        else:  # IMPs and total points: by the exact total
            ranks = competition_ranks({p: e["total"] for p, e in played.items()}, decimals=None)
        for p, entry in members.items():
            entry["rank"] = ranks.get(p, len(played) + 1)
    return pairs


# ---------------------------------------------------------------- matchpoints (Law 78A)


def matchpoints(rows: list[dict], scale: int = 2, neuberg: bool = True) -> tuple[list, dict]:
    """Per-row {ns_value, ew_value, top} (exact fractions) and per-pair totals with percent and rank."""
    boards = _boards(rows)
    # N per (section, session): rows on the most-played board
    most: dict[tuple, int] = defaultdict(int)
    for (section, session, _), idx in boards.items():
        most[(section, session)] = max(most[(section, session)], len(idx))
    scored: list[dict | None] = [None] * len(rows)
    for (section, session, _), idx in boards.items():
        big_n = most[(section, session)]
        full_top = Fraction(2 * (big_n - 1))
        real = [i for i in idx if adjusted_parts(rows[i].get("adjusted")) is None]
        n = len(real)
        for i in idx:
            parts = adjusted_parts(rows[i].get("adjusted"))
            if parts is not None:  # artificial: its percentage of the full top
                ns_pct, ew_pct = parts
                scored[i] = {
                    "ns_value": full_top * ns_pct / 100,
                    "ew_value": full_top * ew_pct / 100,
                    "top": full_top,
                }
        for i in real:
            mine = rows[i]["ns_score"]
            mp = Fraction(0)
            for j in real:
                if j == i:
                    continue
                other = rows[j]["ns_score"]
                mp += 2 if mine > other else 1 if mine == other else 0
            if neuberg and n < big_n:
                mp = (mp + 1) * Fraction(big_n, n) - 1
                top = full_top
            else:
                top = Fraction(2 * (n - 1))
            scored[i] = {"ns_value": mp, "ew_value": top - mp, "top": top}
    if scale == 1:
        for s in scored:
            if s is not None:
                for k in s:
                    s[k] = s[k] / 2
    return scored, _pair_totals(rows, scored, with_tops=True)


# ---------------------------------------------------------------- IMP pairs


def _artificial_imps(rows: list[dict], i: int) -> dict:
    ns_pct, ew_pct = adjusted_parts(rows[i].get("adjusted"))  # type: ignore[misc]
    return {"ns_value": Fraction(average_imps(ns_pct)), "ew_value": Fraction(average_imps(ew_pct))}


def cross_imps(rows: list[dict]) -> tuple[list, dict]:
    """Per-row {ns_value, ew_value} cross-IMPs and per-pair totals with rank."""
    scored: list[dict | None] = [None] * len(rows)
    for idx in _boards(rows).values():
        real = [i for i in idx if adjusted_parts(rows[i].get("adjusted")) is None]
        for i in idx:
            if i not in real:
                scored[i] = _artificial_imps(rows, i)
        for i in real:
            total = sum(imp(rows[i]["ns_score"] - rows[j]["ns_score"]) for j in real if j != i)
            value = Fraction(total, len(real) - 1) if len(real) > 1 else Fraction(0)
            scored[i] = {"ns_value": value, "ew_value": -value}
    return scored, _pair_totals(rows, scored, with_tops=False)


def round_to_10(value: Fraction) -> int:
    """Nearest multiple of 10, halves away from zero."""
    tens = abs(value) / 10
    whole = math.floor(tens)
    if tens - whole >= Fraction(1, 2):
        whole += 1
    return int(math.copysign(whole * 10, value)) if whole else 0


def butler_datum(scores: list[int], drop: int) -> int:
    """Mean after dropping `drop` top and bottom scores (all kept when fewer than 2 drop + 1)."""
    ordered = sorted(scores)
    if drop and len(ordered) >= 2 * drop + 1:
        ordered = ordered[drop : len(ordered) - drop]
    return round_to_10(Fraction(sum(ordered), len(ordered)))


def butler(rows: list[dict], drop: int = 1) -> tuple[list, dict]:
    """Per-row {ns_value, ew_value, datum} Butler IMPs and per-pair totals with rank.

    An artificial row has no score to compare with the datum: it gets `board_datum` instead of `datum`.
    """
    scored: list[dict | None] = [None] * len(rows)
    for idx in _boards(rows).values():
        real = [i for i in idx if adjusted_parts(rows[i].get("adjusted")) is None]
        datum = butler_datum([rows[i]["ns_score"] for i in real], drop) if real else None
        for i in idx:
            if i not in real:  # the board's datum, shown or not on an artificial row
                scored[i] = {**_artificial_imps(rows, i), "board_datum": datum}
        for i in real:
            value = Fraction(imp(rows[i]["ns_score"] - datum))
            scored[i] = {"ns_value": value, "ew_value": -value, "datum": datum}
    return scored, _pair_totals(rows, scored, with_tops=False)


def total_points(rows: list[dict]) -> tuple[list, dict]:
    """Per-row {ns_value, ew_value} = (score, -score) and per-pair totals with rank."""
    scored: list[dict | None] = [None] * len(rows)
    for i in _played(rows):
        score = Fraction(rows[i]["ns_score"])
        scored[i] = {"ns_value": score, "ew_value": -score}
    return scored, _pair_totals(rows, scored, with_tops=False)


# ---------------------------------------------------------------- teams (WBF 2013 VPs)

GOLDEN = (math.sqrt(5) - 1) / 2


def wbf_vp(margin: int, boards: int) -> tuple[float, float]:
    """(VPs of the home team, VPs of the away team) for a home margin over `boards` boards."""
    b = 15 * math.sqrt(boards)
    m = min(abs(margin), b)
    winner = round(10 + 10 * (1 - GOLDEN ** (3 * m / b)) / (1 - GOLDEN**3), 2)
    loser = round(20 - winner, 2)
    return (winner, loser) if margin >= 0 else (loser, winner)


def teams(matches: list[dict], results: list[dict]) -> dict:
    """Board IMPs, match totals and team totals.

    matches: [{match, home, away}]; results: [{match, room ('open'/'closed'), board, ns_score}].
    Returns {"boards": {(match, board): home IMPs}, "matches": {match: {...}}, "teams": {team: {...}}}.
    """
    scores: dict[tuple, dict[str, int]] = defaultdict(dict)
    for r in results:
        scores[(str(r["match"]), int(r["board"]))][r["room"].lower()] = r["ns_score"]
    board_imps = {k: imp(v["open"] - v["closed"]) for k, v in scores.items()}
    out_matches: dict[str, dict] = {}
    team_totals: dict[str, dict] = {}
    for m in matches:
        key = str(m["match"])
        swings = [v for (mk, _), v in board_imps.items() if mk == key]
        home = sum(v for v in swings if v > 0)
        away = -sum(v for v in swings if v < 0)
        vp_home, vp_away = wbf_vp(home - away, len(swings))
        out_matches[key] = {
            "home": str(m["home"]),
            "away": str(m["away"]),
            "boards": len(swings),
            "home_imps": home,
            "away_imps": away,
            "margin": home - away,
            "home_vps": vp_home,
            "away_vps": vp_away,
        }
        for team, imps_for, imps_against, vps in (
            (str(m["home"]), home, away, vp_home),
            (str(m["away"]), away, home, vp_away),
        ):
            t = team_totals.setdefault(
                team, {"matches": 0, "boards": 0, "imps_for": 0, "imps_against": 0, "vps": 0.0}
            )
            t["matches"] += 1
            t["boards"] += len(swings)
            t["imps_for"] += imps_for
            t["imps_against"] += imps_against
            t["vps"] += vps
    ranks = competition_ranks({t: v["vps"] for t, v in team_totals.items()})
    for t, v in team_totals.items():
        v["rank"] = ranks[t]
    return {"boards": board_imps, "matches": out_matches, "teams": team_totals}


def assert_listed_by_rank_within_fields(standings, note: str = "") -> None:
    """The standings are listed by rank within each field (one field, or North-South's then East-West's)."""
    fields = list(standings["field"]) if "field" in standings else [""] * len(standings)
    assert list(dict.fromkeys(fields)) in (["NS", "EW"], [""]), note
    for field in set(fields):
        ranks = [r for r, f in zip(standings["rank"], fields, strict=True) if f == field]
        assert ranks == sorted(ranks), note
