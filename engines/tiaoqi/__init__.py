"""跳棋 (Chinese checkers): the star, the camps, and every move a piece can make.

Seed 003's rules, numbered in ``chinese_checkers.md`` (CC-01…CC-10, readings
CC-R01…R08): a piece steps to an adjacent hole along one of the six lines (CC-04),
or jumps over one adjacent piece of either side to the empty hole just beyond
(CC-05), again and again in one turn (CC-06), never over a gap (隔空跳, CC-07). A
turn is one step or one chain of jumps, never both (CC-R03). Nothing is captured.

The board is the 121-hole star of ``engines.boards`` (cube coordinates); the
learner's side, 0, starts in the south camp and aims for the north; side 1 the
other way round.

>>> position = Position.start()
>>> len(STAR), len(position.pieces), len(moves(position))
(121, 20, 14)
>>> sorted(reach(Position({(0, 0, 0): 0, (1, -1, 0): 1, (3, -3, 0): 1}), (0, 0, 0)))[:2]
[(-1, 0, 1), (-1, 1, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engines.boards import HEX_DIRECTIONS, Board, add, anchor, distance, hexagon, star
from engines.boards import reach as breadth_first
from engines.errors import RuleError

from .rules import DEFAULT, Rules

__all__ = [
    "CAMPS",
    "SEATINGS",
    "STAR",
    "IllegalMove",
    "Move",
    "Position",
    "camp_of",
    "forward",
    "hole_name",
    "home_of",
    "jumps",
    "moves",
    "parse_hole",
    "play",
    "reach",
    "steps",
    "target_of",
]

Hole = tuple[int, int, int]

RADIUS = 4


def _camp(axis: int, sign: int) -> frozenset[Hole]:
    return frozenset(p for p in star(RADIUS) if sign * p[axis] >= RADIUS + 1)


# The six camps by where they are drawn (``engines.boards.anchor``: z grows southwards).
CAMPS: dict[str, frozenset[Hole]] = {
    "north": _camp(2, -1),
    "north-east": _camp(0, 1),
    "south-east": _camp(1, -1),
    "south": _camp(2, 1),
    "south-west": _camp(0, -1),
    "north-west": _camp(1, 1),
}
OPPOSITE = {
    "north": "south",
    "south": "north",
    "north-east": "south-west",
    "south-west": "north-east",
    "north-west": "south-east",
    "south-east": "north-west",
}
STAR = Board(star(RADIUS), HEX_DIRECTIONS, {p: c for c, ps in CAMPS.items() for p in ps})
HOMES = ("south", "north")  # side 0 (the learner) and side 1, two players
# Where players sit for two, three, four and six (each fills the camp opposite;
# three play from alternate camps, so nobody's target is anybody's home).
SEATINGS: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("south", "north-east", "north-west"),
    4: ("south", "north", "south-west", "north-east"),
    6: ("south", "north", "south-west", "north-east", "south-east", "north-west"),
}
# For each hole, every (hole jumped over, hole landed on) pair on the board.
JUMPS: dict[Hole, tuple[tuple[Hole, Hole], ...]] = {
    h: tuple((add(h, d), add(h, d, 2)) for d in HEX_DIRECTIONS if add(h, d, 2) in STAR.points)
    for h in STAR.points
}


def camp_of(hole: Hole) -> str | None:
    """The camp ``hole`` lies in (``None``: the middle hexagon)."""
    return STAR.kind(hole)


def _with_row(camp: str, pieces: int) -> frozenset[Hole]:
    """The camp, and for 15 pieces the five holes of the hexagon just before it."""
    holes = CAMPS[camp]
    if pieces == 15:
        (apex,) = [h for h in holes if max(abs(c) for c in h) == 2 * RADIUS]
        axis = max(range(3), key=lambda i: abs(apex[i]))
        sign = 1 if apex[axis] > 0 else -1
        holes = holes | {h for h in hexagon(RADIUS) if h[axis] * sign == RADIUS}
    return holes


def home_of(side: int, pieces: int = 10) -> frozenset[Hole]:
    """Where ``side`` starts (CC-R01, CC-R02)."""
    return _with_row(HOMES[side], pieces)


def target_of(side: int, pieces: int = 10) -> frozenset[Hole]:
    """The camp ``side`` must fill: the one opposite its home (CC-08)."""
    return _with_row(OPPOSITE[HOMES[side]], pieces)


# Hole names: rows 1 to 17 from the south apex to the north one, and in each row the
# holes from the west, a, b, c…: the south apex is a1, the centre e9.
_ROWS = sorted({anchor(h)[1] for h in star(RADIUS)}, reverse=True)
NAMES: dict[Hole, str] = {}
for _number, _y in enumerate(_ROWS, start=1):
    _row = sorted((h for h in star(RADIUS) if anchor(h)[1] == _y), key=lambda h: anchor(h)[0])
    for _i, _hole in enumerate(_row):
        NAMES[_hole] = f"{'abcdefghijklm'[_i]}{_number}"
HOLES = {name: hole for hole, name in NAMES.items()}


def hole_name(hole: Hole) -> str:
    """``e9`` for the centre: the row from the south (1-17), the place in it from the west."""
    return NAMES[hole]


def parse_hole(text) -> Hole:
    """A hole from its name (``e9``) or its coordinates (``[0, 0, 0]``)."""
    if isinstance(text, str) and text.strip().lower() in HOLES:
        return HOLES[text.strip().lower()]
    if isinstance(text, (list, tuple)) and len(text) == 3 and tuple(text) in STAR.points:
        return tuple(text)
    raise ValueError(f"not a hole of the star: {text!r} (a name such as e9, or [x, y, z])")


class IllegalMove(RuleError):
    """A move the rules forbid; ``code`` says which rule, ``reason`` why."""

    REASONS = {
        "no-hole": ("棋盘上没有这个位置。", "There is no such hole on the board."),
        "no-piece": ("这里没有你的棋子。", "You have no piece there."),
        "occupied": ("这个位置已经有棋子了。", "That hole is taken."),
        "not-a-move": (
            "走不到那里：一步只能走到相邻的空位，跳只能跳过紧挨着的一个棋子，落在它后面的空位。",
            "It cannot get there: a step goes to an adjacent empty hole, and a jump goes over "
            "one adjacent piece to the empty hole just beyond.",
        ),
        "two-at-once": (
            "一次只能跳过一个棋子：跳板后面紧挨着的位置必须是空的。",
            "A jump goes over one piece only: the hole just beyond it must be empty.",
        ),
        "gap": (
            "不能隔空跳：做跳板的棋子必须紧挨着。",
            "No jumping from a distance (隔空跳): the piece you jump over must be adjacent.",
        ),
        "step-and-jump": (
            "一步和跳不能在同一步里连着走。",
            "A step and a jump never go together in one move.",
        ),
        "target-lock": (
            "进了对面阵地的棋子只能在阵地里走。",
            "A piece in the target camp may only move within it.",
        ),
        "game-over": ("这盘棋已经结束了。", "The game is over."),
        "must-move": ("有棋可走时不能停着不走。", "You may not pass while you have a move."),
    }


@dataclass(frozen=True)
class Move:
    """A move from ``start`` to ``end``: a step, or jumps along ``path``."""

    start: Hole
    end: Hole
    path: tuple[Hole, ...]

    @property
    def is_jump(self) -> bool:
        return distance(self.path[0], self.path[1]) == 2

    @property
    def jumps(self) -> int:
        """How many jumps the chain makes (0 for a step)."""
        return len(self.path) - 1 if self.is_jump else 0


def forward(side: int, move: Move) -> int:
    """Rows ``move`` gains towards ``side``'s target (side 0 goes north: z falls)."""
    gain = move.start[2] - move.end[2]
    return gain if side == 0 else -gain


@dataclass
class Position:
    """The pieces (hole → side), the side to move, each side's moves so far, and
    the rules."""

    pieces: dict[Hole, int]
    to_move: int = 0
    moves_made: list[int] = field(default_factory=lambda: [0, 0])
    rules: Rules = DEFAULT

    def __post_init__(self):
        self.pieces = dict(self.pieces)
        for hole, side in self.pieces.items():
            if hole not in STAR:
                raise ValueError(f"{hole} is not a hole of the star")
            if side not in (0, 1):
                raise ValueError(f"a piece belongs to side 0 or 1, not {side!r}")

    @classmethod
    def start(cls, rules: Rules = DEFAULT) -> Position:
        """Ten (or 15) pieces each in opposite camps, side 0 (south) to move
        (CC-R01, CC-R02)."""
        n = rules.pieces
        pieces = {**dict.fromkeys(home_of(0, n), 0), **dict.fromkeys(home_of(1, n), 1)}
        return cls(pieces, rules=rules)

    @property
    def target_lock(self) -> bool:
        return self.rules.target_lock

    def target(self, side: int) -> frozenset[Hole]:
        return target_of(side, self.rules.pieces)

    def home(self, side: int) -> frozenset[Hole]:
        return home_of(side, self.rules.pieces)

    def filled(self, side: int) -> bool:
        """Every hole of ``side``'s target holds one of its pieces (CC-08)."""
        return all(self.pieces.get(h) == side for h in self.target(side))

    def is_empty(self, hole: Hole) -> bool:
        return hole in STAR and hole not in self.pieces

    def copy(self) -> Position:
        return Position(dict(self.pieces), self.to_move, list(self.moves_made), self.rules)


def steps(position: Position, start: Hole) -> dict[Hole, tuple[Hole, ...]]:
    """The adjacent empty holes (CC-04), each with its path."""
    pieces = position.pieces
    return {n: (start, n) for _d, n in STAR.neighbours[start] if n not in pieces}


def jumps(position: Position, start: Hole) -> dict[Hole, tuple[Hole, ...]]:
    """Every hole a chain of jumps from ``start`` can stop on, each once with one
    shortest chain (CC-05…CC-07): over one adjacent piece of either side to the
    empty hole beyond; the moving piece's own hole counts as empty."""
    pieces = position.pieces
    side = pieces.get(start)
    hop_own = position.rules.hop_own

    def landings(hole: Hole) -> Iterable[Hole]:
        for over, land in JUMPS[hole]:
            if (
                over != start
                and over in pieces
                and land not in pieces
                and (hop_own or pieces[over] != side)
            ):
                yield land

    return breadth_first(start, landings)


def reach(position: Position, start: Hole) -> dict[Hole, tuple[Hole, ...]]:
    """Every hole the piece on ``start`` can move to in one turn, with a path: the
    steps and the jump chains (CC-R03), within its target when it is locked there."""
    found, target = _destinations(position, start)
    if target is not None:
        found = {hole: path for hole, path in found.items() if hole in target}
    return found


def _destinations(position: Position, start: Hole) -> tuple[dict, frozenset | None]:
    """Where the piece could go but for the target lock, and the target it is locked
    in (``None``: not locked)."""
    found = {**jumps(position, start), **steps(position, start)}
    side = position.pieces.get(start)
    if side is not None and position.target_lock and start in position.target(side):
        return found, position.target(side)
    return found, None


def moves(position: Position, side: int | None = None) -> list[Move]:
    """Every move of ``side`` (default: the side to move), in a fixed order."""
    side = position.to_move if side is None else side
    found = []
    for start in sorted(h for h, s in position.pieces.items() if s == side):
        for end, path in sorted(reach(position, start).items()):
            found.append(Move(start, end, path))
    return found


def play(position: Position, start: Hole, end: Hole) -> tuple[Position, Move]:
    """The position after the side to move takes its piece from ``start`` to
    ``end``; ``IllegalMove`` says which rule forbids it."""
    for hole in (start, end):
        if hole not in STAR:
            raise IllegalMove("no-hole", str(hole))
    if position.pieces.get(start) != position.to_move:
        raise IllegalMove("no-piece", str(start))
    if end in position.pieces:
        raise IllegalMove("occupied", str(end))
    side = position.pieces[start]
    found, target = _destinations(position, start)
    path = found.get(end)
    if path is not None and target is not None and end not in target:
        raise IllegalMove("target-lock")
    if path is None:
        raise IllegalMove(_why_not(position, start, end))
    after = position.copy()
    del after.pieces[start]
    after.pieces[end] = side
    after.moves_made[side] += 1
    after.to_move = 1 - side
    return after, Move(start, end, path)


def _why_not(position: Position, start: Hole, end: Hole) -> str:
    """The rule a move that reaches nowhere breaks, as a learner would ask it."""
    for first in steps(position, start):  # a step and then jumps would reach it
        moved = position.copy()
        del moved.pieces[start]
        moved.pieces[first] = position.pieces[start]
        if end in jumps(moved, first):
            return "step-and-jump"
    for landing in jumps(position, start):  # or jumps and then a step
        if any(n == end for _d, n in STAR.neighbours[landing]):
            return "step-and-jump"
    for direction in HEX_DIRECTIONS:  # a jump over a piece that is not adjacent
        for n in range(2, 17):
            if add(start, direction, n) == end:
                between = [add(start, direction, k) for k in range(1, n)]
                if between[0] in position.pieces and between[1] in position.pieces:
                    return "two-at-once"  # over two pieces in a row (C5)
                if any(h in position.pieces for h in between[1:]):
                    return "gap"
    return "not-a-move"
