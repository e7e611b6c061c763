"""四国军棋 (Siguo Junqi): the four-army board, its railways, and every move a piece
can make.

Seed 003's rules, numbered in ``junqi.md`` (JQ-01…JQ-16, readings JQ-R01…R09). The
board has 129 points: four armies' areas of 6 × 5 points and the nine nodes of the
centre (JQ-R02). A point is a railway node (73), a road point (28), a camp 行营 (20)
or a headquarters 司令部 (8) (JQ-05). On a road a piece moves one step (JQ-02); camps
join all eight neighbours (JQ-R05). On the railway a piece runs any distance along
one straight line or through an arc, never turning a right angle (JQ-04), and the
engineer 工兵 goes anywhere the railway is clear (JQ-03). Nothing passes through an
occupied point. A piece in a camp cannot be attacked (JQ-06); a piece in a
headquarters, a mine and the flag never move (JQ-08, JQ-R04).

Points are square ``(column, row)`` points of ``engines.boards`` on a 17 × 17 grid,
row 0 at the top; the learner is South. Each area is built once from its local
coordinates ``(k, j)`` — ``k`` from 0 (the headquarters row) to 5 (the front
railway), ``j`` from 0 to 4, the owner's left to right — and turned a quarter at a
time. A point's name is its area and ``k j`` (``S10``: South's back railway, at its
owner's left), the centre's nodes ``C1``…``C9`` as a telephone's keys, seen from
South (``C1`` top left, ``C9`` bottom right).

Seats in turn order are South (0), East (1), North (2), West (3): turns go round
counter-clockwise and alternate between the alliances, South with North against
East with West (JQ-R01).

>>> len(BOARD), len(RAIL_EDGES), len(BOARD.of_kind("camp"))
(129, 92, 20)
>>> position = Position({point("S10"): Piece(0, "engineer")})
>>> len(reach(position, point("S10")))
74
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from engines.boards import SQUARE_DIRECTIONS, Board, add, quarter_turn
from engines.boards import reach as breadth_first
from engines.errors import RuleError

from .rules import DEFAULT, Rules

__all__ = [
    "AREAS",
    "BOARD",
    "COUNTS",
    "LINES",
    "RAIL",
    "RANKS",
    "ROADS",
    "SEATS",
    "IllegalMove",
    "Move",
    "Piece",
    "Position",
    "SetupError",
    "area_points",
    "attackable",
    "check_setup",
    "fight",
    "is_movable",
    "moves",
    "name",
    "parse_point",
    "pieces_of",
    "play",
    "point",
    "random_setup",
    "reach",
    "team",
    "why",
]

Point = tuple[int, int]

SIZE = 16  # columns and rows run 0…16
AREAS = ("S", "E", "N", "W")  # seats 0…3, in turn order
SEATS = ("south", "east", "north", "west")
_TURNS = {"S": 0, "W": 1, "N": 2, "E": 3}  # quarter turns clockwise from South's area

HEADQUARTERS = frozenset({(0, 1), (0, 3)})  # (k, j)
CAMPS = frozenset({(2, 1), (2, 3), (3, 2), (4, 1), (4, 3)})
FRONT_ROW = 5
BACK_ROWS = frozenset({0, 1})


def team(seat: int) -> int:
    """The alliance: 0 for South and North, 1 for East and West (JQ-R01)."""
    return seat % 2


def _local_kind(k: int, j: int) -> str:
    if (k, j) in HEADQUARTERS:
        return "hq"
    if (k, j) in CAMPS:
        return "camp"
    if k in (1, 5) or (j in (0, 4) and k >= 1):
        return "rail"
    return "road"


def area_point(area: str, k: int, j: int) -> Point:
    """Where ``area``'s local point ``(k, j)`` lies on the board."""
    return quarter_turn((6 + j, SIZE - k), SIZE, _TURNS[area])


_NAMES: dict[Point, str] = {}
_KINDS: dict[Point, str] = {}
_LOCAL: dict[Point, tuple[str, int, int]] = {}
for _area in AREAS:
    for _k in range(6):
        for _j in range(5):
            _p = area_point(_area, _k, _j)
            _NAMES[_p] = f"{_area}{_k}{_j}"
            _KINDS[_p] = _local_kind(_k, _j)
            _LOCAL[_p] = (_area, _k, _j)
CENTRE = tuple((x, y) for y in (6, 8, 10) for x in (6, 8, 10))
for _i, _p in enumerate(CENTRE, start=1):
    _NAMES[_p] = f"C{_i}"
    _KINDS[_p] = "rail"
_POINTS = {n: p for p, n in _NAMES.items()}

BOARD = Board(frozenset(_NAMES), SQUARE_DIRECTIONS, _KINDS)


def _lines() -> tuple[tuple[Point, ...], ...]:
    """The railway's lines: a piece other than the engineer moves along one of them."""
    found = []
    for area in AREAS:
        for k in (1, 5):  # the back and front railways
            found.append(tuple(area_point(area, k, j) for j in range(5)))
    for fixed in (6, 10):  # the four long lines through the centre
        found.append(tuple((fixed, y) for y in range(1, 16) if (fixed, y) in _KINDS))
        found.append(tuple((x, fixed) for x in range(1, 16) if (x, fixed) in _KINDS))
    found.append(tuple((8, y) for y in (5, 6, 8, 10, 11)))  # the two middle lines
    found.append(tuple((x, 8) for x in (5, 6, 8, 10, 11)))
    for area, left in (("S", "W"), ("W", "N"), ("N", "E"), ("E", "S")):
        # an arc: an area's left side railway, front to back, joined at the front
        # corners to the side railway of the area on its left
        mine = [area_point(area, k, 0) for k in range(1, 6)]
        theirs = [area_point(left, k, 4) for k in range(5, 0, -1)]
        found.append(tuple(mine + theirs))
    return tuple(found)


LINES = _lines()
RAIL: dict[Point, tuple[Point, ...]] = {}
for _line_points in LINES:
    for _a, _b in zip(_line_points, _line_points[1:], strict=False):
        RAIL.setdefault(_a, ())
        RAIL.setdefault(_b, ())
        if _b not in RAIL[_a]:
            RAIL[_a] += (_b,)
            RAIL[_b] += (_a,)
RAIL_EDGES = frozenset(frozenset((a, b)) for a, nexts in RAIL.items() for b in nexts)
# The lines through each railway node, each as (line, the node's place in it).
_ON_LINES: dict[Point, tuple[tuple[tuple[Point, ...], int], ...]] = {
    p: tuple((line, line.index(p)) for line in LINES if p in line) for p in RAIL
}


def _roads() -> dict[Point, tuple[Point, ...]]:
    """One step along a road: the four neighbours, and a camp's diagonals (JQ-R05)."""
    links: dict[Point, set[Point]] = {p: set() for p in BOARD.points}
    for p in BOARD.points:
        for _d, q in BOARD.neighbours[p]:
            links[p].add(q)
        if _KINDS[p] == "camp":
            for d in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                q = add(p, d)
                if q in BOARD.points:
                    links[p].add(q)
                    links[q].add(p)
    return {p: tuple(sorted(qs)) for p, qs in links.items()}


ROADS = _roads()


def point(text: str) -> Point:
    """The point named ``text`` (``S10``, ``C5``)."""
    return _POINTS[text]


def name(p: Point) -> str:
    return _NAMES[p]


def parse_point(value) -> Point:
    """A point from its name (any case) or a ``[column, row]`` pair."""
    if isinstance(value, str):
        found = _POINTS.get(value.strip().upper())
        if found is None:
            raise ValueError(f"{value!r} is not a point (S10, N52, C5, ...)")
        return found
    if isinstance(value, (list, tuple)) and len(value) == 2:
        found = tuple(value)
        if found in BOARD.points:
            return found  # type: ignore[return-value]
    raise ValueError(f"{value!r} is not a point")


def local(p: Point) -> tuple[str, int, int] | None:
    """``(area, k, j)`` of an area's point; None for the centre."""
    return _LOCAL.get(p)


def area_points(area: str) -> tuple[Point, ...]:
    """The 30 points of ``area``."""
    return tuple(area_point(area, k, j) for k in range(6) for j in range(5))


# ---------------------------------------------------------------------------
# Pieces and battles

# From the strongest officer to the weakest (JQ-12), then the three special pieces.
OFFICERS = (
    "marshal",
    "general",
    "major-general",
    "brigadier",
    "colonel",
    "major",
    "captain",
    "lieutenant",
    "engineer",
)
RANKS = (*OFFICERS, "bomb", "mine", "flag")
COUNTS = {
    "marshal": 1,
    "general": 1,
    "major-general": 2,
    "brigadier": 2,
    "colonel": 2,
    "major": 2,
    "captain": 3,
    "lieutenant": 3,
    "engineer": 3,
    "bomb": 2,
    "mine": 3,
    "flag": 1,
}  # JQ-R03: 25 pieces
CHINESE = {
    "marshal": "司令",
    "general": "军长",
    "major-general": "师长",
    "brigadier": "旅长",
    "colonel": "团长",
    "major": "营长",
    "captain": "连长",
    "lieutenant": "排长",
    "engineer": "工兵",
    "bomb": "炸弹",
    "mine": "地雷",
    "flag": "军旗",
}
_BY_CHINESE = {v: k for k, v in CHINESE.items()}


def parse_rank(value) -> str:
    """A rank from its code (``engineer``) or its Chinese name (``工兵``)."""
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in RANKS:
            return text.lower()
        if text in _BY_CHINESE:
            return _BY_CHINESE[text]
    raise ValueError(f"{value!r} is not a piece ({', '.join(RANKS)}, or 司令 … 军旗)")


class Piece(NamedTuple):
    seat: int
    rank: str


def fight(attacker: str, defender: str) -> str:
    """What happens when ``attacker`` moves onto ``defender`` (JQ-11, JQ-12, JQ-13,
    JQ-R04, JQ-R08): ``"attacker"`` (the defender is removed and the attacker stands
    there), ``"defender"`` (the attacker is removed), ``"both"`` (both are removed)
    or ``"flag"`` (the flag is taken).

    >>> fight("marshal", "general"), fight("engineer", "mine"), fight("bomb", "marshal")
    ('attacker', 'attacker', 'both')
    """
    if attacker not in OFFICERS and attacker != "bomb":
        raise ValueError(f"a {attacker} never moves, so it never attacks")
    if defender == "flag":
        return "flag"
    if attacker == "bomb" or defender == "bomb":
        return "both"
    if defender == "mine":
        return "attacker" if attacker == "engineer" else "defender"
    a, d = OFFICERS.index(attacker), OFFICERS.index(defender)
    if a == d:
        return "both"
    return "attacker" if a < d else "defender"


# ---------------------------------------------------------------------------
# Positions and moves


class IllegalMove(RuleError):
    """A move the rules forbid; ``code`` says which rule, ``reason`` why."""

    REASONS = {
        "no-point": ("棋盘上没有这个位置。", "There is no such point on the board."),
        "no-piece": ("这里没有你的棋子。", "You have no piece there."),
        "not-yours": ("这不是你的棋子。", "That piece is not yours."),
        "hq": (
            "进了司令部的棋子不能再动。",
            "A piece that has entered a headquarters never moves again.",
        ),
        "mine": ("地雷不能移动。", "A mine never moves."),
        "flag": ("军旗不能移动。", "The flag never moves."),
        "own": (
            "那里是自己的棋子：不能吃自己的子。",
            "Your own piece stands there: you cannot attack it.",
        ),
        "ally": (
            "那里是盟友的棋子：盟友之间不能互相吃。",
            "Your ally's piece stands there: allies never attack each other.",
        ),
        "camp": (
            "行营是安全岛：行营里的棋子不能被吃。",
            "A camp is a safe island: a piece in a camp cannot be attacked.",
        ),
        "blocked": (
            "铁路上有棋子挡着：任何棋子都不能越过别的棋子。",
            "A piece stands in the way on the railway: no piece passes another.",
        ),
        "turn": (
            "铁路上只能直走或走弧线，不能转直角弯——只有工兵可以拐弯。",
            "On the railway a piece goes straight or round an arc, never round a right"
            " angle: only the engineer turns corners.",
        ),
        "far": (
            "公路上一次只能走一步，那里不在铁路上能到的地方。",
            "On a road a piece moves one step at a time, and no railway leads there.",
        ),
        "bomb-flag": (
            "按这个规则，炸弹不能去炸军旗。",
            "Under these rules a bomb may not attack the flag.",
        ),
        "defeated": (
            "那是已经出局的一方留下的棋子，不能攻击。",
            "That piece belongs to a defeated player and cannot be attacked.",
        ),
        "over": ("这局棋已经结束了。", "The game is over."),
        "not-a-move": ("这不是一步棋。", "That is not a move."),
    }


@dataclass
class Position:
    """Pieces by point, the seat to move, and what the game has counted so far."""

    pieces: dict[Point, Piece]
    to_move: int = 0
    rules: Rules = DEFAULT
    alive: frozenset[int] = frozenset(range(4))
    quiet: int = 0  # moves since the last fight (JQ-16)
    timeouts: tuple[int, int, int, int] = (0, 0, 0, 0)
    shown: frozenset[int] = frozenset()  # seats whose flag is shown (JQ-R07)

    def copy(self) -> Position:
        after = object.__new__(Position)  # every field, without dataclasses.replace's cost
        after.__dict__.update(self.__dict__)
        after.pieces = dict(self.pieces)
        return after

    def of(self, seat: int) -> dict[Point, str]:
        return {p: piece.rank for p, piece in self.pieces.items() if piece.seat == seat}

    def view(self, seat: int) -> dict[Point, tuple[int, str | None]]:
        """What ``seat`` sees (JQ-R06): every piece's owner; the ranks of its own
        pieces, of every piece when pieces are open, and of a flag shown after its
        司令 fell (JQ-R07); ``None`` for a rank it does not know."""
        shown = {}
        for p, piece in self.pieces.items():
            known = (
                piece.seat == seat
                or self.rules.open_pieces
                or (piece.rank == "flag" and piece.seat in self.shown)
            )
            shown[p] = (piece.seat, piece.rank if known else None)
        return shown


def is_movable(p: Point, piece: Piece) -> bool:
    """Whether the piece on ``p`` ever moves (JQ-08, JQ-R04)."""
    return piece.rank not in ("mine", "flag") and _KINDS[p] != "hq"


def attackable(position: Position, attacker: Piece, target: Point) -> str | None:
    """Why ``attacker`` may not end on ``target`` (a code of ``IllegalMove``), or None
    when it may: the point is empty or holds an enemy it may attack."""
    defender = position.pieces.get(target)
    if defender is None:
        return None
    if defender.seat == attacker.seat:
        return "own"
    if team(defender.seat) == team(attacker.seat):
        return "ally"
    if defender.seat not in position.alive:
        return "defeated"
    if _KINDS[target] == "camp":
        return "camp"
    if attacker.rank == "bomb" and defender.rank == "flag" and not position.rules.bomb_takes_flag:
        return "bomb-flag"
    return None


def reach(position: Position, start: Point) -> dict[Point, tuple[Point, ...]]:
    """Every point the piece on ``start`` can move to or attack, each with one path
    (the shortest for the engineer; the straight run for other pieces)."""
    mover = position.pieces.get(start)
    if mover is None or not is_movable(start, mover):
        return {}
    pieces = position.pieces
    found: dict[Point, tuple[Point, ...]] = {}
    for q in ROADS[start]:
        if attackable(position, mover, q) is None:
            found[q] = (start, q)
    if start not in RAIL:
        return found
    if mover.rank == "engineer":

        def following(p: Point) -> list[Point]:
            if p != start and p in pieces:
                return []  # an attack ends here
            return [q for q in RAIL[p] if attackable(position, mover, q) is None]

        for q, path in breadth_first(start, following).items():
            if q not in found or len(path) < len(found[q]):
                found[q] = path
        return found
    for line, index in _ON_LINES[start]:
        for step in (1, -1):
            i = index + step
            path = [start]
            while 0 <= i < len(line):
                q = line[i]
                path.append(q)
                if q in pieces:
                    if attackable(position, mover, q) is None:
                        found.setdefault(q, tuple(path))
                    break
                found.setdefault(q, tuple(path))
                i += step
    return found


def why(position: Position, start: Point, end: Point) -> str | None:
    """The rule that keeps the piece on ``start`` from ``end`` (a code of
    ``IllegalMove``), or None when it may go there."""
    mover = position.pieces.get(start)
    if mover is None:
        return "no-piece"
    if mover.rank in ("mine", "flag"):
        return mover.rank
    if _KINDS[start] == "hq":
        return "hq"
    if end == start:
        return "not-a-move"
    if end in reach(position, start):
        return None
    refused = attackable(position, mover, end)
    if refused is not None:
        return refused
    if start in RAIL and end in RAIL:
        if mover.rank == "engineer":
            return "blocked"
        if any(end in line for line, _i in _ON_LINES[start]):
            return "blocked"
        return "turn"
    return "far"


@dataclass(frozen=True)
class Move:
    start: Point
    end: Point
    path: tuple[Point, ...]
    piece: Piece
    defender: Piece | None = None
    result: str | None = None  # what the fight did (``fight``), None without one

    @property
    def text(self) -> str:
        return f"{name(self.start)}-{name(self.end)}"


def moves(position: Position, seat: int | None = None) -> list[Move]:
    """Every legal move of ``seat`` (default: the seat to move)."""
    seat = position.to_move if seat is None else seat
    found = []
    for p, piece in list(position.pieces.items()):
        if piece.seat != seat:
            continue
        for q, path in reach(position, p).items():
            defender = position.pieces.get(q)
            result = None if defender is None else fight(piece.rank, defender.rank)
            found.append(Move(p, q, path, piece, defender, result))
    return found


def has_move(position: Position, seat: int) -> bool:
    return any(
        piece.seat == seat and reach(position, p) for p, piece in list(position.pieces.items())
    )


def apply(position: Position, move: Move) -> Position:
    """The position after ``move`` (already known to be legal), the turn unchanged:
    the fight's result, a taken flag's player defeated (JQ-15), a flag shown when
    its 司令 falls (JQ-R07), the moves since the last fight counted (JQ-16)."""
    after = position.copy()
    pieces = after.pieces
    del pieces[move.start]
    if move.defender is None:
        pieces[move.end] = move.piece
        after.quiet += 1
        return after
    after.quiet = 0
    if move.result in ("attacker", "flag"):
        pieces[move.end] = move.piece
    elif move.result == "both":
        del pieces[move.end]
    fallen = []
    if move.result in ("defender", "both"):
        fallen.append(move.piece)
    if move.result in ("attacker", "both", "flag"):
        fallen.append(move.defender)
    if after.rules.flag_shown:
        for piece in fallen:
            if piece.rank == "marshal":
                after.shown = after.shown | {piece.seat}
    if move.result == "flag":
        defeat(after, move.defender.seat)
    return after


def defeat(position: Position, seat: int) -> None:
    """``seat`` is out of the game (JQ-15); its pieces leave the board (JQ-R07)."""
    position.alive = position.alive - {seat}
    if position.rules.defeated_leave:
        for p in [p for p, piece in position.pieces.items() if piece.seat == seat]:
            del position.pieces[p]


def play(position: Position, start: Point, end: Point) -> tuple[Position, Move]:
    """The seat to move plays ``start`` → ``end``: the position after it (the turn
    still with the mover: ``engines.junqi.game`` passes it on) and the move, or
    ``IllegalMove`` saying which rule forbids it."""
    if start not in BOARD.points or end not in BOARD.points:
        raise IllegalMove("no-point")
    mover = position.pieces.get(start)
    if mover is None:
        raise IllegalMove("no-piece", name(start))
    if mover.seat != position.to_move:
        raise IllegalMove("not-yours", name(start))
    found = reach(position, start)
    if end not in found:
        raise IllegalMove(why(position, start, end) or "not-a-move", f"{name(start)}-{name(end)}")
    defender = position.pieces.get(end)
    result = None if defender is None else fight(mover.rank, defender.rank)
    move = Move(start, end, found[end], mover, defender, result)
    return apply(position, move), move


# ---------------------------------------------------------------------------
# Setting up


class SetupError(RuleError):
    REASONS = {
        "count": (
            "棋子数目不对：每方 25 个子——司令、军长各 1，师长、旅长、团长、营长各 2，"
            "连长、排长、工兵、地雷各 3，炸弹 2，军旗 1。",
            "The pieces are not the 25 of an army: 1 field marshal, 1 general, 2 each of"
            " major generals, brigadiers, colonels and majors, 3 each of captains,"
            " lieutenants, engineers and mines, 2 bombs and 1 flag.",
        ),
        "outside": (
            "棋子只能摆在自己这一方的 30 个位置上。",
            "Pieces start on the 30 points of your own area only.",
        ),
        "camp": (
            "行营开局时是空的：25 个子摆满其余 25 个位置。",
            "Camps start empty: the 25 pieces fill the other 25 points.",
        ),
        "flag": ("军旗只能放在司令部里。", "The flag must stand in a headquarters."),
        "bomb": ("炸弹不能放在第一行。", "A bomb may not start on the front row."),
        "mine": ("地雷只能放在最后两行。", "Mines start only on the last two rows."),
    }


def setup_faults(area: str, placement: Mapping[Point, str]) -> list[tuple[str, Point | None]]:
    """Every rule ``placement`` (point → rank) breaks for ``area``'s army, with the
    point that breaks it (None for the count), in the order the rules are checked."""
    faults: list[tuple[str, Point | None]] = []
    if Counter(placement.values()) != Counter(COUNTS):
        faults.append(("count", None))
    for p, rank in sorted(placement.items()):
        where = _LOCAL.get(p)
        if where is None or where[0] != area:
            faults.append(("outside", p))
            continue
        _area, k, _j = where
        if _KINDS[p] == "camp":
            faults.append(("camp", p))  # JQ-R03, and the piece's own rule too
        if rank == "flag" and _KINDS[p] != "hq":
            faults.append(("flag", p))  # JQ-07
        elif rank == "bomb" and k == FRONT_ROW:
            faults.append(("bomb", p))  # JQ-09
        elif rank == "mine" and k not in BACK_ROWS:
            faults.append(("mine", p))  # JQ-10
    return faults


def check_setup(area: str, placement: Mapping[Point, str]) -> str | None:
    """The first rule the set-up breaks (a code of ``SetupError``), or None."""
    faults = setup_faults(area, placement)
    return faults[0][0] if faults else None


def random_setup(area: str, rng) -> dict[Point, str]:
    """A legal set-up for ``area``'s army, drawn with ``rng`` (``random.Random``):
    the flag in a headquarters, the mines on the last two rows, the bombs behind
    the front row, the rest anywhere on the 25 points that are not camps."""
    places = [p for p in area_points(area) if _KINDS[p] != "camp"]
    rng.shuffle(places)
    placed: dict[Point, str] = {}

    def put(rank: str, allowed) -> None:
        spot = next(p for p in places if p not in placed and allowed(p))
        placed[spot] = rank

    put("flag", lambda p: _KINDS[p] == "hq")
    for _ in range(COUNTS["mine"]):
        put("mine", lambda p: _LOCAL[p][1] in BACK_ROWS)
    for _ in range(COUNTS["bomb"]):
        put("bomb", lambda p: _LOCAL[p][1] != FRONT_ROW)
    rest = [r for r in OFFICERS for _ in range(COUNTS[r])]
    for spot, rank in zip([p for p in places if p not in placed], rest, strict=True):
        placed[spot] = rank
    return placed


def pieces_of(placements: Iterable[tuple[int, Mapping[Point, str]]]) -> dict[Point, Piece]:
    return {p: Piece(seat, rank) for seat, placed in placements for p, rank in placed.items()}
