"""Write the bundled sample workbooks in sample_data/ (run by `make samples`; the files are committed), and
their Spanish and Chinese twins in sample_data/es/ and sample_data/zh/ (tools/twins.py).

The results are typed here by hand, as an organizer would: they are the data the golden tests
check, so changing a figure here means re-deriving the expected standings in tests/.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from twins import write_twins

OUT = Path(__file__).resolve().parents[1] / "sample_data"


def sheet(book: Workbook, title: str, header: list[str], rows: list[list[object]]) -> None:
    ws = book.create_sheet(title)
    ws.append(header)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for row in rows:
        ws.append(row)


def save(book: Workbook, name: str) -> None:
    del book["Sheet"]
    book.properties.creator = "tally samples"
    path = OUT / name
    book.save(path)
    print(f"wrote {path}")


def pairs_event() -> None:
    """Six fixed pairs, full round robin (circle method), target 100."""
    book = Workbook()
    sheet(
        book,
        "Settings",
        ["Key", "Value"],
        [
            ["Event", "Club pairs night"],
            ["Date", "2026-11-27"],
            ["Target", 100],
            ["Podium", 3],
        ],
    )
    sheet(
        book,
        "Players",
        ["ID", "Name", "Club"],
        [
            ["P1", "Ana Ruiz & Luis Mora", "Centro"],
            ["P2", "Carmen Díaz & José Peña", "Centro"],
            ["P3", "Rosa Lima & Juan Soto", "Norte"],
            ["P4", "Elena Vega & Pedro Gil", "Norte"],
            ["P5", "Marta Cruz & Raúl León", "Sur"],
            ["P6", "Sofía Ramos & Iván Rey", "Sur"],
        ],
    )
    # Round, Table, A1, A2, B1, B2, A Pips, B Pips
    sheet(
        book,
        "Matches",
        ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips"],
        [
            [1, 1, "P1", None, "P6", None, 100, 0],
            [1, 2, "P2", None, "P5", None, 10, 104],
            [1, 3, "P3", None, "P4", None, 100, 60],
            [2, 1, "P6", None, "P4", None, 30, 100],
            [2, 2, "P5", None, "P3", None, 100, 50],
            [2, 3, "P1", None, "P2", None, 72, 100],
            [3, 1, "P2", None, "P6", None, 100, 51],
            [3, 2, "P3", None, "P1", None, 20, 112],
            [3, 3, "P4", None, "P5", None, 100, 25],
            [4, 1, "P6", None, "P5", None, 100, 99],
            [4, 2, "P1", None, "P4", None, 100, 35],
            [4, 3, "P2", None, "P3", None, 0, 100],
            [5, 1, "P3", None, "P6", None, 64, 100],
            [5, 2, "P4", None, "P2", None, 100, 50],
            [5, 3, "P5", None, "P1", None, 10, 100],
        ],
    )
    save(book, "domino_pairs.xlsx")


# 8 players, 7 rounds, 2 tables: everyone partners every other player exactly once.
def _whist8() -> list[tuple[int, int, int, int, int, int]]:
    rounds = []
    for r in range(7):
        p = [
            8,
            r + 1,
            (r + 1) % 7 + 1,
            (r + 3) % 7 + 1,
            (r + 2) % 7 + 1,
            (r + 6) % 7 + 1,
            (r + 4) % 7 + 1,
            (r + 5) % 7 + 1,
        ]
        rounds.append((r + 1, 1, p[0], p[1], p[2], p[3]))
        rounds.append((r + 1, 2, p[4], p[5], p[6], p[7]))
    return rounds


def individual_event() -> None:
    """Eight players at two tables of four, partners rotating, target 200, time rules and penalties."""
    book = Workbook()
    sheet(
        book,
        "Settings",
        ["Key", "Value"],
        [
            ["Event", "Individual open"],
            ["Date", "2026-11-28"],
            ["Target", 200],
            ["Podium", 3],
        ],
    )
    names = ["Ana", "Beto", "Ciro", "Dora", "Eva", "Fabio", "Gina", "Hugo"]
    sheet(book, "Players", ["ID", "Name"], [[i + 1, n] for i, n in enumerate(names)])
    # (A Pips, B Pips, Ended, Winner) per match, in the order of _whist8()
    scores = [
        (200, 0, None, None),
        (150, 205, None, None),
        (110, 200, None, None),
        (200, 101, None, None),
        (200, 100, None, None),
        (137, 95, "time", None),
        (0, 200, None, None),
        (200, 199, None, None),
        (88, 88, "time", "B"),
        (200, 40, None, None),
        (210, 60, None, None),
        (200, 150, None, None),
        (75, 200, None, None),
        (120, 130, "time", None),
    ]
    rows = []
    for (rnd, table, a1, a2, b1, b2), (ap, bp, ended, winner) in zip(_whist8(), scores, strict=True):
        rows.append([rnd, table, a1, a2, b1, b2, ap, bp, ended, winner])
    sheet(
        book,
        "Matches",
        ["Round", "Table", "A1", "A2", "B1", "B2", "A Pips", "B Pips", "Ended", "Winner"],
        rows,
    )
    sheet(
        book,
        "Penalties",
        ["Player", "Pips", "Round", "Reason"],
        [
            [3, 20, 2, "played out of turn"],
            [6, -10, 5, "slow play"],
        ],
    )
    save(book, "domino_individual.xlsx")


def run_out_event() -> None:
    """Four pairs, round robin, run-out scoring: first to 4 hands."""
    book = Workbook()
    sheet(
        book,
        "Settings",
        ["Key", "Value"],
        [
            ["Event", "Run-out challenge"],
            ["Date", "2026-11-29"],
            ["Mode", "run_out"],
            ["Target", 4],
            ["Podium", 2],
        ],
    )
    sheet(
        book,
        "Players",
        ["ID", "Name"],
        [
            ["R1", "Los Primos"],
            ["R2", "La Mesa Cuadrada"],
            ["R3", "Doble Seis"],
            ["R4", "El Capicúa"],
        ],
    )
    sheet(
        book,
        "Matches",
        ["Round", "Table", "A1", "B1", "A Hands", "B Hands", "Ended"],
        [
            [1, 1, "R1", "R4", 4, 0, None],
            [1, 2, "R2", "R3", 2, 4, None],
            [2, 1, "R4", "R3", 4, 3, None],
            [2, 2, "R1", "R2", 1, 4, None],
            [3, 1, "R2", "R4", 4, 2, None],
            [3, 2, "R3", "R1", 3, 2, "time"],
        ],
    )
    sheet(book, "Penalties", ["Player", "Pips", "Round", "Reason"], [["R2", 1, 3, "late arrival"]])
    save(book, "domino_run_out.xlsx")


# A small pool of plausible results per board: (contract, declarer, tricks); picked by table so that
# each board shows a spread of scores.
POOL = {
    1: [("4S", "N", 10), ("4S", "N", 11), ("3NT", "S", 9), ("4S", "N", 9), ("5SX", "E", 9)],
    2: [("3NT", "E", 9), ("3NT", "W", 10), ("4H", "E", 9), ("2NT", "E", 8), ("3NT", "E", 8)],
    3: [("2H", "N", 8), ("3C", "E", 9), ("2H", "N", 9), ("1NT", "S", 6), ("3H", "N", 8)],
    4: [("6H", "S", 12), ("4H", "S", 12), ("6H", "S", 11), ("6NT", "N", 12), ("4H", "S", 11)],
    5: [("1NT", "W", 7), ("2S", "E", 8), ("PASS", None, None), ("1NT", "W", 6), ("2S", "E", 9)],
    6: [("4SX", "S", 8), ("4H", "W", 10), ("3S", "S", 9), ("4H", "W", 9), ("4SX", "S", 9)],
    7: [("3NT", "N", 9), ("3NT", "N", 8), ("4S", "S", 10), ("3NT", "N", 10), ("2NT", "N", 9)],
    8: [("2D", "E", 8), ("3D", "E", 9), ("2D", "E", 7), ("1NT", "E", 8), ("3DX", "E", 8)],
}


def pooled(board: int, pick: int) -> tuple[str, str | None, int | None]:
    """The pick-th result of the board's pool (boards beyond 8 reuse the pool of board - 8)."""
    pool = POOL[(board - 1) % 8 + 1]
    return pool[pick % len(pool)]


def mitchell_seats() -> list[tuple[int, int, int, int, int]]:
    """A one-section Mitchell of 5 tables, 5 rounds of 2 boards: (round, table, board, NS pair, EW pair) of
    each board played, in the order a director types them (EW pairs 6-10 move up, the boards down)."""
    seats = []
    for rnd in range(1, 6):
        for table in range(1, 6):
            ns, ew = table, 6 + (table - 1 + rnd - 1) % 5
            board_set = (table - 1 - (rnd - 1)) % 5
            seats += [(rnd, table, board, ns, ew) for board in (2 * board_set + 1, 2 * board_set + 2)]
    return seats


def bridge_mp_event() -> None:
    """Club matchpoint pairs: a one-section Mitchell, 5 tables, 5 rounds of 2 boards."""
    book = Workbook()
    sheet(
        book,
        "Settings",
        ["Key", "Value"],
        [
            ["Event", "Tuesday pairs"],
            ["Date", "2026-11-24"],
            ["Scoring", "MP"],
            ["MP Scale", 2],
        ],
    )
    sheet(
        book,
        "Pairs",
        ["Pair", "Names"],
        [
            [1, "Li Wei - Zhang Min"],
            [2, "Ana Ruiz - Luis Mora"],
            [3, "Ola Berg - Kari Lund"],
            [4, "Tom Hall - Ann Kerr"],
            [5, "Mei Chen - Hao Sun"],
            [6, "Wang Fang - Liu Yang"],
            [7, "Sara Gil - Pau Roca"],
            [8, "Jan Holm - Eva Dahl"],
            [9, "Bob Finn - Sue Ray"],
            [10, "Ida Moe - Per Aas"],
        ],
    )
    rows = []
    for rnd, table, board, ns, ew in mitchell_seats():
        contract, declarer, tricks = pooled(board, table + rnd)
        rows.append([rnd, table, board, ns, ew, contract, declarer, tricks, None])
    # an artificial score: board 9 could not be played at table 4 in round 5 (slow play, EW at fault)
    for row in rows:
        if row[0] == 5 and row[1] == 4 and row[2] == 9:
            row[5:9] = [None, None, None, "A+/A-"]
    sheet(
        book,
        "Results",
        ["Round", "Table", "Board", "NS", "EW", "Contract", "Declarer", "Tricks", "Adjusted"],
        rows,
    )
    save(book, "bridge_club_mp.xlsx")


def bridge_imp_events() -> None:
    """IMP pairs: the same 8-table-result game scored by cross-IMPs and by Butler (drop 1)."""
    for scoring, name in (
        ("Cross-IMP", "bridge_imp_pairs_cross.xlsx"),
        ("Butler", "bridge_imp_pairs_butler.xlsx"),
    ):
        book = Workbook()
        sheet(
            book,
            "Settings",
            ["Key", "Value"],
            [
                ["Event", f"IMP pairs ({scoring})"],
                ["Date", "2026-11-25"],
                ["Scoring", scoring],
                ["Butler Drop", 1],
            ],
        )
        rows = []
        for rnd in range(1, 4):
            for table in range(1, 4):
                ns, ew = table, 4 + (table - 1 + rnd - 1) % 3
                board_set = (table - 1 - (rnd - 1)) % 3
                for board in (2 * board_set + 1, 2 * board_set + 2):
                    contract, declarer, tricks = pooled(board, 2 * table + rnd)
                    rows.append([rnd, table, board, ns, ew, contract, declarer, tricks])
        sheet(
            book, "Results", ["Round", "Table", "Board", "NS", "EW", "Contract", "Declarer", "Tricks"], rows
        )
        save(book, name)


def bridge_teams_event() -> None:
    """Four teams, a round robin of three rounds, 4-board matches, Open and Closed rooms, WBF VPs."""
    book = Workbook()
    sheet(
        book,
        "Settings",
        ["Key", "Value"],
        [
            ["Event", "Winter teams"],
            ["Date", "2026-11-26"],
            ["Scoring", "Teams"],
            ["VP Scale", "WBF"],
        ],
    )
    sheet(
        book,
        "Teams",
        ["Team", "Names"],
        [
            ["Dragons", "Li, Zhang, Wang, Liu"],
            ["Eagles", "Ruiz, Mora, Gil, Roca"],
            ["Fjords", "Berg, Lund, Holm, Dahl"],
            ["Gulls", "Hall, Kerr, Finn, Ray"],
        ],
    )
    pairings = [(1, "Dragons", "Gulls"), (1, "Eagles", "Fjords"), (2, "Gulls", "Eagles"), (2, "Dragons", "Fjords"),
                (3, "Fjords", "Gulls"), (3, "Eagles", "Dragons")]  # fmt: skip
    sheet(
        book,
        "Matches",
        ["Match", "Round", "Home", "Away"],
        [[i + 1, rnd, home, away] for i, (rnd, home, away) in enumerate(pairings)],
    )
    rows = []
    for i, (rnd, _, _) in enumerate(pairings):
        for board in range(4 * (rnd - 1) + 1, 4 * rnd + 1):
            for room, pick in (("Open", i + board), ("Closed", i + 2 * board + 1)):
                contract, declarer, tricks = pooled(board, pick)
                rows.append([i + 1, room, board, contract, declarer, tricks])
    sheet(book, "Results", ["Match", "Room", "Board", "Contract", "Declarer", "Tricks"], rows)
    save(book, "bridge_teams.xlsx")


DEALS_SEED = 20261201  # the shuffles of the deals sample: fixed, so `make samples` writes the same file
SEATS = "NESW"


def shuffled_deals(count: int) -> list[str]:
    """`count` deals as PBN writes them from North (`N:S.H.D.C ...`), shuffled by a seeded generator."""
    rng = random.Random(DEALS_SEED)
    cards = [(suit, rank) for suit in range(4) for rank in range(13)]
    deals = []
    for _ in range(count):  # a few boards
        rng.shuffle(cards)
        hands = [sorted(cards[13 * i : 13 * i + 13]) for i in range(4)]
        text = [
            ".".join("".join(RANKS[r] for s, r in hand if s == suit) for suit in range(4)) for hand in hands
        ]
        deals.append("N:" + " ".join(text))
    return deals


RANKS = "AKQJT98765432"


def played(table: dict[str, dict[str, int]], rng: random.Random) -> tuple[str, str, int]:
    """A table's contract, declarer and tricks on a deal: the side and strain that take the most tricks
    double dummy, bid to that level (a level more or less at some tables) and made a trick more or less at
    some: contracts a club plays on those cards."""
    best = max(
        ((t, strain, seat) for strain, row in table.items() for seat, t in row.items()), key=lambda x: x[0]
    )
    tricks, strain, seat = best
    level = min(7, max(1, tricks - 6 + rng.choice([-1, 0, 0, 0, 1])))
    taken = min(13, max(0, tricks + rng.choice([-1, 0, 0, 1])))
    return f"{level}{strain}", seat, taken


def bridge_deals_event(out: Path = OUT) -> Path:
    """A club evening with its hand records, as a PBN file (results, rankings and deals) that tally's own
    export writes: a Mitchell of 5 tables, 5 rounds of 2 boards, contracts from the deals' double-dummy tricks."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal, Denom, Player

    sys.path.insert(0, str(OUT.parent))
    from pipeline import api

    deals = shuffled_deals(10)
    strains = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    seats = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    solved = calc_all_tables([Deal(d) for d in deals])
    tables = [{s: {p: t[d, seat] for p, seat in seats.items()} for s, d in strains.items()} for t in solved]
    rng = random.Random(DEALS_SEED)
    rows = []
    for rnd, table, board, ns, ew in mitchell_seats():
        contract, declarer, tricks = played(tables[board - 1], rng)
        rows.append([rnd, table, board, ns, ew, contract, declarer, tricks])
    names = ["Rosa Vidal - Joan Puig", "Chen Jing - Zhou Lei", "Eva Berg - Nils Dahl", "Ann Roe - Ben Ash"]
    names += ["Lu Yan - Ma Tao", "Pia Lund - Ole Vik", "Jo King - Al Penn", "Inés Sáez - Marc Font"]
    names += ["Kim Soo - Park Jin", "Tom Kerr - Liz Hart"]
    with tempfile.TemporaryDirectory() as folder:
        book, hands = Path(folder) / "wednesday.xlsx", Path(folder) / "deals.pbn"
        workbook = Workbook()
        sheet(
            workbook,
            "Settings",
            ["Key", "Value"],
            [
                ["Event", "Wednesday pairs"],
                ["Date", "2026-11-25"],
                ["Venue", "Riverside Bridge Club"],
                ["Scoring", "MP"],
                ["Movement", "Mitchell"],
            ],
        )
        sheet(workbook, "Pairs", ["Pair", "Names"], [[i + 1, n] for i, n in enumerate(names)])
        sheet(
            workbook,
            "Results",
            ["Round", "Table", "Board", "NS", "EW", "Contract", "Declarer", "Tricks"],
            rows,
        )
        del workbook["Sheet"]
        workbook.save(book)
        games = [f'[Board "{i + 1}"]\n[Deal "{d}"]\n' for i, d in enumerate(deals)]
        hands.write_text("\n".join(games))
        target = out / "bridge_club_deals.pbn"
        api.score(book, Path(folder) / "standings.xlsx", deals=hands, pbn=target, force=True)
    print(f"wrote {target}")
    return target


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    pairs_event()
    individual_event()
    run_out_event()
    bridge_mp_event()
    bridge_imp_events()
    bridge_teams_event()
    bridge_deals_event()
    for path in write_twins(OUT):
        print(f"wrote {path}")
