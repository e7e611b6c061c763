"""四国军棋 puzzles found in engine-played games: railway reach on a busy board, and
the fewest moves to take an enemy flag, 司令 or 军长.

The games start from random legal set-ups (``random_setup``) and go round the four
seats in turn (``engines.junqi.game.Game``). Every seat sees every rank (the engine
keeps full information) and plays ``choose``: a move is worth more when it wins a
fight, less when it loses one, more when it brings the piece nearer an enemy
headquarters, and some chance. South and North play keenly (a little chance), East
and West loosely (much more): seeded, so the same seed plays the same games. Every
position is looked at with South to move.

* ``reach``: a South piece on the railway whose one move is worth counting on the
  busy board: an engineer with 15–60 destinations, some only an engineer's turns
  reach; or another piece with 7 or more, whose straight runs are cut by pieces and
  one goes round an arc. The position is cropped to the pieces that block or are
  attacked (each piece left changes the answer), and its reach checked unchanged.
  One a game, from South's first turns (a busy board): engineers and other pieces
  in turn.
* ``capture``: an enemy flag, 司令 or 军长 that South takes in 2–4 moves while every
  other piece stands still, proven by ``fastest_lines`` in under ``MAX_POSITIONS``
  placements, the fastest first moves at most ``FEW`` and a strict minority of
  South's legal moves. South keeps the pieces that could take the target alone in
  4 moves, and the fewest must be the same with South's other pieces standing still
  and with them gone. The other pieces are cropped to those on the way (each left
  changes the fewest, the first moves or a move on a fastest line), and the puzzle
  is checked again after cropping. One a game: a fight on the way or a choice of
  pieces, flags and 司令/军长 in turn.

>>> from engines.junqi import Piece, Position, point
>>> board = Position({point("S30"): Piece(0, "major-general"), point("S31"): Piece(0, "captain"),
...                   point("W54"): Piece(3, "lieutenant"), point("E01"): Piece(1, "flag")})
>>> found = reach_puzzle(board, point("S30"))  # J6, and a captain on the road
>>> len(found.found), sorted(name(p) for p in found.position.pieces)
(15, ['S30', 'S31', 'W54'])
>>> "-".join(name(p) for p in found.found[found.farthest])
'S30-S40-S50-W54'
>>> board = Position({point("S10"): Piece(0, "engineer"), point("S30"): Piece(0, "colonel"),
...                   point("N11"): Piece(1, "mine"), point("N01"): Piece(1, "flag"),
...                   point("E22"): Piece(1, "lieutenant")})
>>> found = crop_capture(capture(board, point("N01")))
>>> found.lines.moves, [move.text for move in found.line], found.first, found.legal
(2, ['S10-N11', 'N11-N01'], ('S10-N11',), 92)
>>> sorted(name(p) for p in found.position.pieces)
['N01', 'N11', 'S10', 'S30']
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import (
    AREAS,
    BOARD,
    LINES,
    RAIL,
    ROADS,
    Move,
    Piece,
    Point,
    Position,
    area_points,
    is_movable,
    moves,
    name,
    pieces_of,
    play,
    point,
    random_setup,
    reach,
    team,
)
from .capture import Lines, SearchLimit, fastest_lines, key
from .game import Game

__all__ = [
    "Capture",
    "Reach",
    "capture",
    "captures",
    "choose",
    "crop_capture",
    "crop_reach",
    "play_game",
    "reach_puzzle",
    "reaches",
    "turns",
]

MAX_POSITIONS = 20_000  # a capture search any bigger makes the content load slow
MOVE_LIMIT = 240  # moves (every seat's) before a generated game is given up
NOISE = (1.5, 6.0)  # the chance in ``choose``: South and North, East and West
LONGEST = 4  # the most moves a capture puzzle asks for
FEW = 4  # the most right first moves it has
GOOD = 5  # a capture worth this much (``Capture.worth``) ends the look at a game
SCAN_POSITIONS = 5_000  # a search while looking for one: positions needing more are passed by
# What a piece is worth to ``choose`` when it is taken or lost.
WORTH = {
    "marshal": 10,
    "general": 9,
    "major-general": 7,
    "brigadier": 6,
    "colonel": 5,
    "major": 4,
    "captain": 3,
    "lieutenant": 2,
    "engineer": 3,
    "bomb": 6,
    "mine": 3,
    "flag": 50,
}
_HEADQUARTERS = {
    area: tuple(p for p in area_points(area) if BOARD.kind(p) == "hq") for area in AREAS
}


# ---------------------------------------------------------------------------
# The games


def _nearest(p: Point, targets) -> int:
    return min(abs(p[0] - q[0]) + abs(p[1] - q[1]) for q in targets)


def choose(position: Position, rng: random.Random, *, noise: float = 1.5) -> Move | None:
    """A move for the seat to move: a fight it wins (more for a better victim), not
    one it loses, nearer an enemy headquarters, never into a headquarters without
    taking the flag there, and some chance; ``None`` without a legal move."""
    seat = position.to_move
    found = moves(position)
    if not found:
        return None
    targets = [
        p for s in sorted(position.alive) if team(s) != team(seat) for p in _HEADQUARTERS[AREAS[s]]
    ]

    def score(move: Move) -> float:
        value = 0.0
        if targets:
            value += 0.5 * (_nearest(move.start, targets) - _nearest(move.end, targets))
        if move.defender is not None:
            if move.result in ("attacker", "flag"):
                value += 3 + WORTH[move.defender.rank]
            elif move.result == "both":
                value += WORTH[move.defender.rank] - WORTH[move.piece.rank]
            else:
                value -= 3 + WORTH[move.piece.rank]
        if BOARD.kind(move.end) == "hq" and move.result != "flag":
            value -= 8
        return value + noise * rng.random()

    return max(found, key=score)


def play_game(rng: random.Random, *, noise: tuple[float, float] = NOISE) -> list[Position]:
    """The positions of one game from random set-ups, South to move in each, until
    the game ends or ``MOVE_LIMIT`` moves."""
    placed = pieces_of((seat, random_setup(area, rng)) for seat, area in enumerate(AREAS))
    game = Game(Position(placed))
    seen = []
    for _turn in range(MOVE_LIMIT):
        if game.result is not None:
            break
        here = game.position
        if here.to_move == 0:
            seen.append(here)
        move = choose(here, rng, noise=noise[team(here.to_move)])
        if move is None:  # settle passes a seat without moves: never reached
            break
        game.play(move.start, move.end)
    return seen


def puzzle_position(pieces: dict[Point, Piece]) -> Position:
    """The pieces as a puzzle sets them out: South to move, every seat in the game,
    the standard rules (what ``junqi`` kinds read from a puzzle's data)."""
    return Position(dict(pieces))


def _order(p: Point) -> tuple[int, str]:
    """Board order: South's points, East's, North's, West's, then the centre's."""
    text = name(p)
    return ("SENWC".index(text[0]), text)


def _by_distance(pieces, centre: Point) -> list[Point]:
    """The points of ``pieces``, farthest from ``centre`` first (then by name)."""
    return sorted(pieces, key=lambda p: (-_nearest(p, [centre]), name(p)))


# ---------------------------------------------------------------------------
# The railway's shape: straight runs, right-angle turns, arcs

# Three points in a row along one railway line (either way): going on straight.
_STRAIGHT = frozenset(
    triple
    for line in LINES
    for a, b, c in zip(line, line[1:], line[2:], strict=False)
    for triple in ((a, b, c), (c, b, a))
)
# The arcs' joints: a front corner and the next area's front corner.
_ARCS = frozenset(
    pair
    for line in LINES
    for a, b in zip(line, line[1:], strict=False)
    if BOARD.kind(a) == "rail" and abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1
    for pair in ((a, b), (b, a))
)


def turns(path) -> int:
    """The right-angle turns a railway path makes (only an engineer's path has any)."""
    return sum(
        1
        for triple in zip(path, path[1:], path[2:], strict=False)
        if triple not in _STRAIGHT and all(p in RAIL for p in triple)
    )


def rounds_arc(path) -> bool:
    return any(pair in _ARCS for pair in zip(path, path[1:], strict=False))


def _runs(position: Position, start: Point) -> list[tuple[Point, ...]]:
    """Each straight run along a railway line from ``start`` (both ways along every
    line through it), to the line's end or to the first piece, that piece included."""
    found = []
    for line in LINES:
        if start not in line:
            continue
        index = line.index(start)
        for step in (1, -1):
            run = []
            i = index + step
            while 0 <= i < len(line):
                run.append(line[i])
                if line[i] in position.pieces:
                    break
                i += step
            if run:
                found.append(tuple(run))
    return found


# ---------------------------------------------------------------------------
# Reach on a busy board


@dataclass(frozen=True)
class Reach:
    """A kept reach position: the cropped position, the piece, where it reaches
    (each with its path), the points only a turn reaches (an engineer's), the points
    reached round an arc, and the pieces that stop a run."""

    position: Position
    piece: Point
    found: dict[Point, tuple[Point, ...]]
    bent: tuple[Point, ...]
    arcs: tuple[Point, ...]
    stops: tuple[Point, ...]

    @property
    def rank(self) -> str:
        return self.position.pieces[self.piece].rank

    @property
    def attacks(self) -> tuple[Point, ...]:
        return tuple(p for p in self.found if p in self.position.pieces)

    @property
    def farthest(self) -> Point:
        """The destination with the longest path (then the most turns on it, then
        the first in board order): for an engineer, the farthest of all; for
        another piece, the farthest round an arc."""
        chosen = self.found if self.rank == "engineer" else self.arcs
        return min(chosen, key=lambda p: (-len(self.found[p]), -turns(self.found[p]), _order(p)))

    @property
    def rating(self) -> int:
        """More points to find, more turns on the way: harder."""
        count = len(self.found)
        if self.rank == "engineer":
            value = 800 + 12 * (count - 15) + 30 * turns(self.found[self.farthest])
        else:
            value = 600 + 25 * count + 10 * len(self.stops)
        return max(600, min(1600, round(value / 10) * 10))


def _same_reach(position: Position, start: Point, found) -> bool:
    now = reach(position, start)
    return now.keys() == found.keys() and all(
        position.pieces.get(p) == found_piece for p, found_piece in found.items()
    )


def crop_reach(position: Position, start: Point) -> Position:
    """The position with only the pieces the reach of ``start`` depends on: each
    other piece, farthest first, is dropped when the reach stays the same (the same
    points, the same pieces attacked)."""
    board = puzzle_position(position.pieces)
    target = {p: board.pieces.get(p) for p in reach(board, start)}
    for p in _by_distance([q for q in board.pieces if q != start], start):
        trial = board.copy()
        del trial.pieces[p]
        if _same_reach(trial, start, target):
            board = trial
    return board


def reach_puzzle(position: Position, start: Point) -> Reach | None:
    """The reach puzzle of South's piece on ``start``, cropped, or ``None`` when its
    reach is not interesting enough."""
    piece = position.pieces.get(start)
    if piece is None or piece.seat != 0 or start not in RAIL or not is_movable(start, piece):
        return None
    board = puzzle_position(position.pieces)
    found = reach(board, start)
    if piece.rank == "engineer":
        if not 15 <= len(found) <= 60:
            return None
    elif len(found) < 7:
        return None
    before = {p: board.pieces.get(p) for p in found}
    board = crop_reach(board, start)
    found = reach(board, start)
    if not _same_reach(board, start, before):  # cropping never changes the answer
        raise AssertionError(f"cropping changed the reach of {name(start)}")
    plain = board.copy()
    plain.pieces[start] = Piece(0, "lieutenant" if piece.rank == "engineer" else piece.rank)
    straight = reach(plain, start)
    bent = tuple(p for p in found if p not in straight)
    arcs = tuple(p for p, path in found.items() if rounds_arc(path))
    stops = tuple(run[-1] for run in _runs(board, start) if run[-1] in board.pieces)
    if piece.rank == "engineer":
        if len(bent) < 3:
            return None
    elif not arcs or not stops:
        return None
    return Reach(board, start, found, bent, arcs, stops)


def _placement(position: Position) -> frozenset:
    return frozenset(position.pieces.items())


def reaches(count: int, seed: int, *, games: int = 100, last: int = 20) -> Iterator[Reach]:
    """Up to ``count`` reach puzzles, one a game, from South's first ``last`` turns
    of seeded games: engineers and other pieces in turn (an engineer in the even
    games, another piece in the odd ones, the other kind when a game has none of
    the one), each the one with the most points in its game. No two are the same."""
    rng = random.Random(seed)
    seen: set = set()
    made = {"engineer": 0, "other": 0}
    quota = {"engineer": (count + 1) // 2, "other": count // 2}
    for number in range(games):
        kept: dict[str, Reach] = {}
        for position in play_game(rng)[:last]:
            for p, piece in position.pieces.items():
                if piece.seat != 0 or p not in RAIL:
                    continue
                found = reach_puzzle(position, p)
                if found is None or _placement(found.position) in seen:
                    continue
                sort = "engineer" if found.rank == "engineer" else "other"
                best = kept.get(sort)
                if best is None or len(found.found) > len(best.found):
                    kept[sort] = found
        order = ("engineer", "other") if number % 2 == 0 else ("other", "engineer")
        for sort in order:
            if sort in kept and made[sort] < quota[sort]:
                seen.add(_placement(kept[sort].position))
                made[sort] += 1
                yield kept[sort]
                break
        if sum(made.values()) == count:
            return


# ---------------------------------------------------------------------------
# The fewest moves to take a flag, a 司令 or a 军长


@dataclass(frozen=True)
class Capture:
    """A kept capture position: the cropped position, the target, the fastest lines,
    South's legal moves, the fastest first moves and one fastest line."""

    position: Position
    target: Point
    lines: Lines
    legal: int
    first: tuple[str, ...]
    line: tuple[Move, ...]

    @property
    def played(self) -> frozenset[tuple[str, str | None]]:
        """Every move (``S10-N11``) on some fastest line, with the piece it attacks."""
        return frozenset(
            (move.text, move.defender and move.defender.rank)
            for move in _tree(self.position, self.lines)
        )

    @property
    def south(self) -> int:
        return sum(piece.seat == 0 for piece in self.position.pieces.values())

    @property
    def fights(self) -> int:
        """Fights on the way, before the move that takes the target."""
        return sum(move.defender is not None for move in self.line[:-1])

    @property
    def worth(self) -> tuple:
        """How good a puzzle it makes, to choose one a game: more moves, fights on the
        way, a choice of pieces, fewer right first moves, a smaller search."""
        return (
            self.lines.moves + self.fights + (self.south > 1),
            -len(self.first),
            -self.lines.positions,
        )

    @property
    def rating(self) -> int:
        """More moves, a bigger search, fewer right first moves: harder."""
        value = 650 + 200 * (self.lines.moves - 2) + 60 * (len(str(self.lines.positions)) - 2)
        value += 40 * max(0, 3 - len(self.first))
        return max(700, min(1700, round(value / 10) * 10))


def _alone(position: Position, start: Point) -> Position:
    """South's piece on ``start`` alone to move: South's other pieces stand as
    North's (they block the same way, and never move)."""
    pieces = {
        p: piece if p == start or piece.seat != 0 else Piece(2, piece.rank)
        for p, piece in position.pieces.items()
    }
    return puzzle_position(pieces)


def _fastest(position: Position, target: Point, limit: int = MAX_POSITIONS) -> Lines | None:
    try:
        return fastest_lines(position, target, max_moves=LONGEST, max_positions=limit)
    except SearchLimit:
        return None


def _line(position: Position, lines: Lines) -> tuple[Move, ...]:
    """One fastest line: at each placement, the first of its best moves (the line a
    ``junqi.capture`` puzzle shows as its solution)."""
    board, line = position, []
    for _move in range(lines.moves or 0):
        found = lines.best.get(key(board, 0), [])
        if not found:
            break
        start, end = (point(text) for text in found[0].split("-"))
        board, move = play(board, start, end)
        line.append(move)
    return tuple(line)


def _tree(position: Position, lines: Lines) -> list[Move]:
    """Every move on every fastest line."""
    found, todo, done = [], [position], set()
    while todo:
        board = todo.pop()
        k = key(board, 0)
        if k in done:
            continue
        done.add(k)
        for text in lines.best.get(k, []):
            start, end = (point(t) for t in text.split("-"))
            after, move = play(board, start, end)
            found.append(move)
            todo.append(after)
    return found


def _judge(
    position: Position, target: Point, same: Capture | None = None, limit: int = MAX_POSITIONS
) -> Capture | None:
    """The capture puzzle in ``position`` as it stands, or ``None``: the fewest from 2
    to ``LONGEST`` in a search of at most ``limit`` placements, at most ``FEW`` right
    first moves and a strict minority of South's legal moves; with ``same``, the same
    fewest and the same moves on its fastest lines."""
    lines = _fastest(position, target, limit)
    if lines is None or lines.moves is None or not 2 <= lines.moves <= LONGEST:
        return None
    legal = len(moves(position, 0))
    first = tuple(lines.best[key(position, 0)])
    if len(first) > FEW or 2 * len(first) >= legal:
        return None
    found = Capture(position, target, lines, legal, first, _line(position, lines))
    if same is not None and (
        lines.moves != same.lines.moves or first != same.first or found.played != same.played
    ):
        return None
    return found


def crop_capture(found: Capture) -> Capture:
    """``found`` with only the pieces on the way: the pieces far from every fastest
    line go at once, then every other piece but South's and the target, farthest
    first, when the puzzle stays the same (the fewest, the moves on its fastest
    lines, a minority of right first moves)."""
    board, target = found.position, found.target
    near = set()
    for move in _tree(board, found.lines):
        for p in move.path:
            near |= {p, *ROADS[p], *RAIL.get(p, ())}
    south = {p for p, piece in board.pieces.items() if piece.seat == 0}
    trial = puzzle_position(
        {p: piece for p, piece in board.pieces.items() if p in near or p in south or p == target}
    )
    kept = _judge(trial, target, found)
    if kept is not None:
        found = kept
    for p in _by_distance(found.position.pieces, target):
        if p in south or p == target:
            continue
        pieces = dict(found.position.pieces)
        del pieces[p]
        kept = _judge(puzzle_position(pieces), target, found)
        if kept is not None:
            found = kept
    return found


TARGETS = ("flag", "marshal", "general")


def capture(position: Position, target: Point, *, limit: int = SCAN_POSITIONS) -> Capture | None:
    """The capture puzzle for ``target`` in ``position`` (South to move), not yet
    cropped, or ``None``. South keeps the pieces that could take the target alone
    in ``LONGEST`` moves; the fewest with them moving and South's other pieces
    standing still, from 2 to ``LONGEST``, is the same without those others."""
    board = puzzle_position(position.pieces)
    alone = []
    for p, piece in board.pieces.items():
        if piece.seat == 0 and is_movable(p, piece):
            lines = _fastest(_alone(board, p), target, limit)
            if lines is not None and lines.moves is not None:
                if lines.moves < 2:
                    return None
                alone.append(p)
    if not alone:
        return None
    still = {
        p: piece if piece.seat != 0 or p in alone else Piece(2, piece.rank)
        for p, piece in board.pieces.items()
    }
    before = _judge(puzzle_position(still), target, limit=limit)
    if before is None:
        return None
    pieces = {p: piece for p, piece in board.pieces.items() if piece.seat != 0 or p in alone}
    return _judge(puzzle_position(pieces), target, before, limit)


def captures(
    count: int, seed: int, *, games: int = 100, every: int = 3, last: int = 45
) -> Iterator[Capture]:
    """Up to ``count`` capture puzzles, one a game. In each game, South's turns (one
    in ``every``, up to the ``last``) and the enemy flags, 司令 and 军长 are looked at
    until a puzzle of ``GOOD`` worth turns up: a flag in the even games, a 司令 or
    军长 in the odd ones; otherwise the most ``worth`` of them, flag or not. Only
    puzzles with a fight on the way or a choice of pieces count. The one chosen is
    cropped. No two are the same."""
    rng = random.Random(seed)
    seen: set = set()
    made = 0
    for number in range(games):
        chosen, best = None, None
        for position in play_game(rng)[1 : last + 1 : every]:
            targets = [
                p
                for p, piece in position.pieces.items()
                if team(piece.seat) == 1 and piece.rank in TARGETS
            ]
            for target in sorted(targets, key=name):
                found = capture(position, target)
                if found is None or (found.fights == 0 and found.south == 1):
                    continue
                flag = position.pieces[target].rank == "flag"
                worth = (flag == (number % 2 == 0), *found.worth)
                if best is None or worth > best:
                    chosen, best = found, worth
            if best is not None and best[:2] >= (True, GOOD):
                break
        if chosen is None:
            continue
        chosen = crop_capture(chosen)
        if _placement(chosen.position) in seen:
            continue
        seen.add(_placement(chosen.position))
        made += 1
        yield chosen
        if made == count:
            return
