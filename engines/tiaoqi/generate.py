"""跳棋 puzzles found in engine-played games: endgames for the fewest-moves
puzzle and middle-game positions where one move goes much farther than the rest.

The games are played by a simple player (``choose``) that likes moves that go
forward, moves from the back and, a little, chance: seeded, so the same seed plays
the same games. Red (side 0) moves first; every position is looked at with red
to move.

* ``endgame``: red has one to three pieces outside its target, the others in it,
  and no green piece stands in red's target; green's pieces stay where they are,
  as bridges. Kept when ``fastest_lines`` finds the fewest moves (3 to 9) in a
  small search and the first moves of the fastest finishes are a strict minority
  of red's legal moves.
* ``farthest``: the move that gains the most rows gains clearly more than a
  typical forward move, and only a few moves gain that much.

>>> from engines.tiaoqi import HOLES, hole_name
>>> red = "f12 h13 a14 b14 c14 a15 b15 c15 a16 a17".split()
>>> found = endgame(Position({HOLES[h]: 0 for h in red}))
>>> found.lines.moves, [hole_name(m.end) for m in found.first], found.legal
(3, ['g12'], 19)
>>> all(f.best - f.typical >= 4 and len(f.right) <= 2 for f in farthests(3, seed=3))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import Move, Position, forward, moves, play
from .fewest import Lines, SearchLimit, fastest_lines

__all__ = [
    "Endgame",
    "Farthest",
    "choose",
    "endgame",
    "endgames",
    "farthest",
    "farthests",
    "hops_over",
    "play_game",
]

MAX_POSITIONS = 60_000  # a search any bigger makes the content load slow
MOVE_LIMIT = 120  # moves a side plays before a generated game is given up
# The most rows the pieces outside may have still to go (to the target's front
# row), by how many they are: three pieces far off make a search too big.
NEAR = {1: 12, 2: 10, 3: 5}
# Searches tried per game for one, two and three pieces out: with three out the
# pieces inside shuffle too, and most searches run over ``MAX_POSITIONS``.
TRIES = {1: 3, 2: 3, 3: 1}


def choose(position: Position, rng: random.Random, *, noise: float = 2.5) -> Move | None:
    """A move for the side to move: the most rows gained, a little more for a piece
    far back (so that nobody is left behind), and some chance; ``None`` without a
    legal move."""
    side = position.to_move
    found = moves(position)
    if not found:
        return None
    target = position.target(side)

    def behind(hole) -> int:  # rows still to go to the target's front
        return max(0, (hole[2] + 5) if side == 0 else (5 - hole[2]))

    def score(move: Move) -> float:
        gain = forward(side, move)
        if move.start in target:
            gain *= 0.5  # shuffling inside the target matters less
        return 2 * gain + 0.15 * behind(move.start) + noise * rng.random()

    return max(found, key=score)


def play_game(rng: random.Random, *, noise: tuple[float, float] = (2.5, 25.0)) -> list[Position]:
    """The positions of one game, red to move in each, until both sides are home
    or ``MOVE_LIMIT`` moves each. Green plays more at random (``noise``): red comes
    home while green's pieces still stand in the middle, as bridges."""
    position = Position.start()
    seen = []
    for _turn in range(2 * MOVE_LIMIT):
        if position.to_move == 0:
            seen.append(position)
        move = choose(position, rng, noise=noise[position.to_move])
        if move is None:
            position = position.copy()
            position.to_move = 1 - position.to_move
            continue
        position, _move = play(position, move.start, move.end)
        if position.filled(0) and position.filled(1):
            break
    return seen


def _out(position: Position, side: int = 0) -> list:
    target = position.target(side)
    return [h for h, s in position.pieces.items() if s == side and h not in target]


def _behind(holes) -> int:
    """Rows red's pieces on ``holes`` have still to go to the front of the target."""
    return sum(max(0, h[2] + 5) for h in holes)


def hops_over(position: Position, move: Move) -> list[int]:
    """For each jump of ``move``, the side of the piece it jumps over."""
    if not move.is_jump:
        return []
    return [position.pieces[_middle(a, b)] for a, b in zip(move.path, move.path[1:], strict=False)]


def _middle(a, b):
    return tuple((p + q) // 2 for p, q in zip(a, b, strict=True))


# ---------------------------------------------------------------------------
# Endgames: the fewest moves home


@dataclass(frozen=True)
class Endgame:
    """A kept endgame: the position (red to move), its fastest lines, red's legal
    moves there, the fastest first moves and one fastest line."""

    position: Position
    lines: Lines
    legal: int
    first: tuple[Move, ...]
    line: tuple[Move, ...]
    farthest: Move  # the first move that gains the most rows (the obvious one)

    @property
    def out(self) -> int:
        return len(_out(self.position))

    @property
    def bridges(self) -> int:
        """Jumps over green pieces in the line shown."""
        board, count = self.position, 0
        for move in self.line:
            count += hops_over(board, move).count(1)
            board, _m = play(board, move.start, move.end)
            board.to_move = 0
        return count

    @property
    def trap(self) -> bool:
        """The move that goes farthest at once (a jump forward) is on no fastest line."""
        return forward(0, self.farthest) >= 2 and self.farthest not in self.first

    @property
    def rating(self) -> int:
        """More moves, more pieces out, fewer right first moves: harder."""
        value = 650 + 80 * (self.lines.moves - 3) + 60 * (self.out - 1)
        value += 40 * max(0, 4 - len(self.first)) + (120 if self.trap else 0)
        return max(700, min(1700, round(value / 10) * 10))


def endgame(
    position: Position, *, low: int = 3, high: int = 9, max_positions: int = MAX_POSITIONS
) -> Endgame | None:
    """The endgame puzzle in ``position`` (red to move), or ``None`` when it is not one."""
    out = _out(position)
    if (
        not 1 <= len(out) <= 3
        or _behind(out) > NEAR[len(out)]
        or any(position.pieces.get(h) == 1 for h in position.target(0))
    ):
        return None
    try:
        lines = fastest_lines(position, 0, max_positions=max_positions)
    except SearchLimit:
        return None
    if lines.moves is None or not low <= lines.moves <= high:
        return None
    legal = moves(position, 0)
    placement = frozenset(h for h, s in position.pieces.items() if s == 0)
    first = lines.best[placement]
    if not first or 2 * len(first) >= len(legal):
        return None
    outside = [m for m in legal if m.start in out]
    farthest = max(outside, key=lambda m: (forward(0, m), m.start, m.end))
    return Endgame(position, lines, len(legal), first, _line(position, lines), farthest)


def _line(position: Position, lines: Lines) -> tuple[Move, ...]:
    """One fastest line: at each placement, the first of its best moves."""
    board, line = position, []
    while True:
        holes = frozenset(h for h, s in board.pieces.items() if s == 0)
        found = lines.best.get(holes, ())
        if not found:
            return tuple(line)
        line.append(found[0])
        board, _m = play(board, found[0].start, found[0].end)
        board.to_move = 0


def endgames(count: int, seed: int, *, games: int = 200) -> Iterator[Endgame]:
    """Up to ``count`` endgames from seeded games: from each game at most one with
    one, two and three pieces out (the first that qualifies, after at most ``TRIES``
    searches each), so that no puzzle is a later moment of another; red's pieces
    never stand the same way twice."""
    rng = random.Random(seed)
    seen: set = set()
    made = 0
    for _game in range(games):
        tried = dict.fromkeys(TRIES, 0)
        for position in play_game(rng):
            out = len(_out(position))
            red = frozenset(h for h, s in position.pieces.items() if s == 0)
            if out not in tried or tried[out] >= TRIES[out] or red in seen:
                continue
            seen.add(red)
            tried[out] += 1
            found = endgame(position)
            if found is not None:
                tried[out] = TRIES[out]
                made += 1
                yield found
                if made == count:
                    return


# ---------------------------------------------------------------------------
# Middle games: the move that goes farthest


@dataclass(frozen=True)
class Farthest:
    """A kept middle-game position: the best gain, the moves that make it, and a
    typical forward move's gain (the median)."""

    position: Position
    best: int
    right: tuple[Move, ...]
    typical: int
    legal: int

    @property
    def chain(self) -> int:
        """The most jumps among the right moves."""
        return max(m.jumps for m in self.right)

    @property
    def rating(self) -> int:
        value = 700 + 40 * (self.best - 4) + 30 * (self.chain - 2)
        value += 60 if len(self.right) == 1 else 0
        return max(700, min(1500, round(value / 10) * 10))


def farthest(position: Position, *, least=6, margin=4, few=2) -> Farthest | None:
    """The puzzle in ``position`` (red to move), or ``None``: the best move must gain
    at least ``least`` rows and ``margin`` more than a typical forward move (the
    median), and at most ``few`` moves (fewer than a tenth of them) tie for it."""
    legal = moves(position, 0)
    gains = sorted(forward(0, m) for m in legal)
    ahead = [g for g in gains if g > 0]
    if len(ahead) < 5:
        return None
    best = gains[-1]
    typical = ahead[len(ahead) // 2]
    right = tuple(m for m in legal if forward(0, m) == best)
    if best < least or best - typical < margin or len(right) > few or 10 * len(right) > len(legal):
        return None
    return Farthest(position, best, right, typical, len(legal))


def farthests(
    count: int, seed: int, *, games: int = 200, first: int = 4, last: int = 40
) -> Iterator[Farthest]:
    """Up to ``count`` positions, one a game, from red's moves ``first`` to ``last``
    of seeded games: in each, the one whose best move goes farthest (the earliest
    of equals). Red's pieces never stand the same way twice."""
    rng = random.Random(seed)
    seen: set = set()
    made = 0
    for _game in range(games):
        chosen = None
        for position in play_game(rng)[first : last + 1]:
            if 1 <= len(_out(position)) <= 3:
                continue  # an endgame, not a middle game
            red = frozenset(h for h, s in position.pieces.items() if s == 0)
            found = None if red in seen else farthest(position)
            if found is not None and (chosen is None or found.best > chosen.best):
                chosen = found
        if chosen is not None:
            seen.add(frozenset(h for h, s in chosen.position.pieces.items() if s == 0))
            made += 1
            yield chosen
            if made == count:
                return
