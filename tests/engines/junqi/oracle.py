"""The slow, obvious references the 四国军棋 tests and the bench hold the engine
against, each written from ``junqi.md`` without the engine's code.

* ``PICTURE``: the board typed from the 17 × 17 map of ``junqi.md`` (row 0 at the
  top, one character a column), and the links read off it the plain way
  (``kinds``, ``road_links``, ``rail_edges``);
* ``NAME_OF``: each area's ``k j`` names on the map, typed as each owner sees
  their area;
* ``engineer_reach``: every simple path over the railway tried, one node at a time;
* ``line_reach``: each straight line and arc walked point by point;
* ``FIGHTS``: who wins a fight, typed from the seed's words;
* ``fastest``: the fewest moves to a capture by iterative deepening over every
  sequence of moves.
"""

from __future__ import annotations

# The map of junqi.md, every column one character. ``R`` railway, ``*`` a centre
# railway node, ``C`` camp, ``H`` headquarters, ``.`` road. The map draws ``.``
# between the centre's nodes too; those are the railway drawn between them, not
# points (129 = 4 × 30 + 9), so they are typed ``-`` here.
PICTURE = (
    "      .H.H.      ",  # r0  North's headquarters row
    "      RRRRR      ",
    "      RC.CR      ",
    "      R.C.R      ",
    "      RC.CR      ",
    "      RRRRR      ",  # r5  North's front railway
    ".RRRRR*-*-*RRRRR.",
    "HRC.CR     RC.CRH",
    ".R.C.R*-*-*R.C.R.",
    "HRC.CR     RC.CRH",
    ".RRRRR*-*-*RRRRR.",
    "      RRRRR      ",  # r11 South's front railway (the mirror of North)
    "      RC.CR      ",
    "      R.C.R      ",
    "      RC.CR      ",
    "      RRRRR      ",
    "      .H.H.      ",  # r16 South's headquarters row
)
KIND_OF = {"R": "rail", "*": "rail", "C": "camp", "H": "hq", ".": "road"}


def kinds() -> dict[tuple[int, int], str]:
    """Every point of the map as ``(column, row)`` with its kind."""
    return {
        (x, y): KIND_OF[c]
        for y, row in enumerate(PICTURE)
        for x, c in enumerate(row)
        if c in KIND_OF
    }


KINDS = kinds()
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def road_links() -> set[frozenset]:
    """One step on a road: points side by side on the map, and a camp's diagonals."""
    links = set()
    for (x, y), kind in KINDS.items():
        for dx, dy in ((1, 0), (0, 1)):
            if (x + dx, y + dy) in KINDS:
                links.add(frozenset({(x, y), (x + dx, y + dy)}))
        if kind == "camp":
            for dx in (1, -1):
                for dy in (1, -1):
                    if (x + dx, y + dy) in KINDS:
                        links.add(frozenset({(x, y), (x + dx, y + dy)}))
    return links


# The four arcs, each a quarter circle between two areas' front corners: arriving at
# ``point`` going ``direction``, a piece comes out of the arc at the other corner going
# the new direction. S's left side railway (column 6) bends into W's right one (row
# 10), W's left (row 6) into N's right (column 6), and so round.
ARCS = {
    ((6, 11), (0, -1)): ((5, 10), (-1, 0)),
    ((5, 10), (1, 0)): ((6, 11), (0, 1)),
    ((5, 6), (1, 0)): ((6, 5), (0, -1)),
    ((6, 5), (0, 1)): ((5, 6), (-1, 0)),
    ((10, 5), (0, 1)): ((11, 6), (1, 0)),
    ((11, 6), (-1, 0)): ((10, 5), (0, -1)),
    ((11, 10), (-1, 0)): ((10, 11), (0, 1)),
    ((10, 11), (0, -1)): ((11, 10), (1, 0)),
}


def straight_on(p, d):
    """The next railway point from ``p`` going ``d``: the next point on the map, or
    the one after a gap (the centre's nodes stand two apart); None off the railway."""
    x, y = p
    for distance in (1, 2):
        q = (x + distance * d[0], y + distance * d[1])
        if q in KINDS:
            return q if KINDS[q] == "rail" else None
    return None


def rail_edges() -> set[frozenset]:
    """Railway points next to each other along a row or a column, and the arcs."""
    edges = set()
    for p, kind in KINDS.items():
        if kind == "rail":
            for d in DIRECTIONS:
                q = straight_on(p, d)
                if q is not None:
                    edges.add(frozenset({p, q}))
    for (p, _d), (q, _e) in ARCS.items():
        edges.add(frozenset({p, q}))
    return edges


ROAD_LINKS = road_links()
RAIL_EDGES = rail_edges()
RAIL_NEXT: dict = {}
for _edge in RAIL_EDGES:
    _a, _b = tuple(_edge)
    RAIL_NEXT.setdefault(_a, []).append(_b)
    RAIL_NEXT.setdefault(_b, []).append(_a)
ROAD_NEXT: dict = {}
for _edge in ROAD_LINKS:
    _a, _b = tuple(_edge)
    ROAD_NEXT.setdefault(_a, []).append(_b)
    ROAD_NEXT.setdefault(_b, []).append(_a)


def name_table() -> dict[str, tuple[int, int]]:
    """Each area's points by name, as the owner sees them: ``k`` rows from their
    headquarters row (0) to their front railway (5), ``j`` from their left (0) to
    their right (4). South sits at the bottom facing up, North at the top facing down,
    West on the left facing right, East on the right facing left. The centre's nodes
    are C1…C9 as a telephone's keys seen from South."""
    names = {}
    for k in range(6):
        for j in range(5):
            names[f"S{k}{j}"] = (6 + j, 16 - k)  # South's left is the map's left
            names[f"N{k}{j}"] = (10 - j, k)  # North's left is the map's right
            names[f"W{k}{j}"] = (k, 6 + j)  # West's left is the map's top
            names[f"E{k}{j}"] = (16 - k, 10 - j)  # East's left is the map's bottom
    for i, (x, y) in enumerate(
        ((6, 6), (8, 6), (10, 6), (6, 8), (8, 8), (10, 8), (6, 10), (8, 10), (10, 10))
    ):
        names[f"C{i + 1}"] = (x, y)
    return names


NAME_OF = name_table()


# ---------------------------------------------------------------------------
# Moves, the slow way


def may_end(position, mover, q) -> bool:
    """Whether ``mover`` may end its move on ``q``: empty, or an enemy of a player
    still in the game, outside a camp, and not a flag a bomb may not take."""
    other = position.pieces.get(q)
    if other is None:
        return True
    if other.seat % 2 == mover.seat % 2 or other.seat not in position.alive:
        return False
    if KINDS[q] == "camp":
        return False
    return not (
        mover.rank == "bomb" and other.rank == "flag" and not position.rules.bomb_takes_flag
    )


def frozen(position, start) -> bool:
    piece = position.pieces[start]
    return piece.rank in ("mine", "flag") or KINDS[start] == "hq"


def road_reach(position, start) -> set:
    mover = position.pieces[start]
    if frozen(position, start):
        return set()
    return {q for q in ROAD_NEXT.get(start, ()) if may_end(position, mover, q)}


def engineer_reach(position, start) -> dict:
    """The engineer's railway ends: every simple path from ``start`` over the
    railway, through empty nodes only, tried one node at a time; each end with the
    fewest edges of any path that reaches it. Road steps are not included."""
    mover = position.pieces[start]
    best: dict = {}
    if KINDS[start] != "rail" or frozen(position, start):
        return best

    def walk(p, on_path, length):
        for q in RAIL_NEXT[p]:
            if q in on_path or not may_end(position, mover, q):
                continue
            if q not in best or length + 1 < best[q]:
                best[q] = length + 1
            if q not in position.pieces:
                on_path.add(q)
                walk(q, on_path, length + 1)
                on_path.discard(q)

    walk(start, {start}, 0)
    return best


def line_reach(position, start) -> dict:
    """An ordinary piece's railway ends: each of the four directions walked point
    by point, straight on, and round an arc where one begins; a run stops at the
    first piece (an end if it may be attacked). Each end with the path that got there."""
    mover = position.pieces[start]
    found: dict = {}
    if KINDS[start] != "rail" or frozen(position, start):
        return found

    def run(p, d, path):
        nexts = []
        q = straight_on(p, d)
        if q is not None:
            nexts.append((q, d))
        if (p, d) in ARCS:
            nexts.append(ARCS[(p, d)])
        for q, e in nexts:
            if q in path:
                continue
            if q in position.pieces:
                if may_end(position, mover, q):
                    found.setdefault(q, (*path, q))
                continue
            found.setdefault(q, (*path, q))
            run(q, e, (*path, q))

    for d in DIRECTIONS:
        run(start, d, (start,))
    return found


# ---------------------------------------------------------------------------
# Fights, from the seed's words (JQ-11, JQ-12, JQ-13) and the readings (JQ-R04, R08)

# Attackers down, defenders across, in the order of JQ-12 then 炸弹 地雷 军旗:
# A the attacker wins, D the defender wins, B both are removed, F the flag is taken.
# 司令 > 军长 > 师长 > 旅长 > 团长 > 营长 > 连长 > 排长 > 工兵; equal ranks: both (R04);
# 地雷小于工兵，大于所有其他棋子; 炸弹与任何棋子相遇时，双方都消失; any piece takes
# the flag, a bomb too by default (R08).
ORDER = [
    "司令",
    "军长",
    "师长",
    "旅长",
    "团长",
    "营长",
    "连长",
    "排长",
    "工兵",
    "炸弹",
    "地雷",
    "军旗",
]
FIGHT_ROWS = {
    #      司军师旅团营连排工炸雷旗
    "司令": "BAAAAAAAABDF",
    "军长": "DBAAAAAAABDF",
    "师长": "DDBAAAAAABDF",
    "旅长": "DDDBAAAAABDF",
    "团长": "DDDDBAAAABDF",
    "营长": "DDDDDBAAABDF",
    "连长": "DDDDDDBAABDF",
    "排长": "DDDDDDDBABDF",
    "工兵": "DDDDDDDDBBAF",
    "炸弹": "BBBBBBBBBBBF",
}
WORD = {"A": "attacker", "D": "defender", "B": "both", "F": "flag"}
FIGHTS = {
    (attacker, defender): WORD[letter]
    for attacker, row in FIGHT_ROWS.items()
    for defender, letter in zip(ORDER, row, strict=True)
}


# ---------------------------------------------------------------------------
# The fewest moves to a capture, by iterative deepening over every move sequence


def fastest(position, target, most: int, moves, apply):
    """The fewest moves (at most ``most``) for the seat to move to remove the piece
    on ``target``, the others standing still, and the first moves of every sequence
    that long; ``(None, set())`` when ``most`` moves are not enough. ``moves`` and
    ``apply`` are the engine's, one move at a time."""
    seat = position.to_move

    def works(here, left) -> bool:
        for move in moves(here, seat):
            if move.end == target and move.result in ("attacker", "both", "flag"):
                return True
            if left > 1 and works(apply(here, move), left - 1):
                return True
        return False

    for depth in range(1, most + 1):
        first = set()
        for move in moves(position, seat):
            if move.end == target and move.result in ("attacker", "both", "flag"):
                if depth == 1:
                    first.add(move.text)
            elif depth > 1 and works(apply(position, move), depth - 1):
                first.add(move.text)
        if first:
            return depth, first
    return None, set()
