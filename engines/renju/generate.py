"""Puzzles from engine-played games: forbidden-point drills graded by difficulty, and VCFs.

A simple player (``choose_move``: it makes and blocks fives and fours, builds threes,
and avoids black's forbidden points, with some randomness) plays games from the
centre. Along the way we keep positions worth a puzzle:

* black to move with forbidden points: graded by what makes them hard to see. A
  *look-alike* is a point whose verdict changes when the recursive rule is ignored
  (a false double-three, or a double-three hidden behind a false three); it is
  *nested* when even one level of the rule is not enough.
* the side to move wins by continuous fours (proved by the solver), two fours or
  more; white's wins that need black's forbidden point are traps.

>>> games = list(play_games(2, seed=1))
>>> len(games), all(game.move_stack[0].point == CENTRE for game in games)
(2, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from . import (
    _FIVE,
    _NONE,
    _PADDED,
    BLACK,
    CENTRE,
    SIZE,
    STEPS,
    WHITE,
    Board,
    FreeBoard,
    _line,
    opponent,
    point_name,
)
from .solver import vcf

# -- the player ---------------------------------------------------------------


def _score_lines(board: Board, point: int, color: int) -> int:
    lines = board._lines(_PADDED[point], color)
    if any(line.five for line in lines):
        return 100_000
    fours = sum(line.fours for line in lines)
    straight = any(any(c + 5 in line.five_points for c in line.five_points) for line in lines)
    threes = sum(1 for line in lines if line.three_points)
    if straight or fours >= 2:
        return 20_000
    if fours and threes:
        return 8_000
    if threes >= 2:
        return 3_000
    score = 1_000 * fours + 400 * threes
    cells = board._cells
    padded = _PADDED[point]
    for step in STEPS:
        window = cells[padded - 4 * step : padded + 4 * step + 1 : step]
        own = window.count(color)
        if opponent(color) not in window:
            score += 12 * own * own
    return score


def candidates(board: Board, reach: int = 2) -> list[int]:
    """Empty points within ``reach`` of a stone (every point when the board is empty)."""
    stones = [p for p in range(SIZE * SIZE) if board[p]]
    if not stones:
        return [CENTRE]
    found = set()
    for p in stones:
        y, x = divmod(p, SIZE)
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                if 0 <= y + dy < SIZE and 0 <= x + dx < SIZE and not board[p + dy * SIZE + dx]:
                    found.add(p + dy * SIZE + dx)
    return sorted(found)


def choose_move(board: Board, rng: random.Random, *, temperature: float = 0.35) -> int | None:
    """A plausible move for the side to move: the best few, picked with some chance."""
    color = board.to_move
    scored = []
    for p in candidates(board):
        if color == BLACK and board.black_exact and board.is_forbidden(p):
            continue
        score = _score_lines(board, p, color) + 0.9 * _score_lines(board, p, opponent(color))
        scored.append((score * (1 + rng.random() * temperature), p))
    if not scored:
        return None
    scored.sort(reverse=True)
    return scored[0][1]


def reply(board: Board, rng: random.Random, careless: bool) -> int | None:
    """The player's move or, ``careless``, any point beside the stones."""
    return rng.choice(candidates(board, 1)) if careless else choose_move(board, rng)


def play_games(
    count: int, *, seed: int, max_moves: int = 80, white_skill: float = 1.0
) -> Iterator[Board]:
    """Finished or long games, each from the centre, every move checked.

    ``white_skill``: how often white plays the player's move rather than any point
    near the stones; a careless white lets black build the crowded shapes where
    forbidden points (and their look-alikes) hide.
    """
    rng = random.Random(seed)
    for _ in range(count):
        board = Board()
        board.play(CENTRE)
        # Openings vary: white next to the centre, black's second within two.
        board.play(rng.choice(candidates(board, 1)))
        board.play(rng.choice([p for p in candidates(board, 2) if not board[p]]))
        while not board.is_over and len(board.move_stack) < max_moves:
            careless = board.to_move == WHITE and rng.random() > white_skill
            move = reply(board, rng, careless)
            if move is None:
                break
            board.play(move)
        yield board


# -- grading forbidden points --------------------------------------------------


def _naive_code(board: Board, padded: int, depth: int) -> int:
    """Black at ``padded`` judged with the recursive rule cut after ``depth`` levels.

    At depth 0 every straight-four point counts, forbidden or not: what a player who
    does not know the recursive rule would say.
    """
    cells = board._cells
    cells[padded] = BLACK
    try:
        fours, threes, overline = 0, [], False
        for step in STEPS:
            line = _line(bytes(cells[padded - 5 * step : padded + 5 * step + 1 : step]), True)
            if line.five:
                return _FIVE
            overline |= line.overline
            fours += line.fours
            if line.three_points:
                threes.append((step, line.three_points))
        if overline:
            return 2
        if fours >= 2:
            return 3
        real = 0
        for step, offsets in threes:
            if depth == 0 or any(
                _naive_code(board, padded + (q - 5) * step, depth - 1) == _NONE for q in offsets
            ):
                real += 1
        return 4 if real >= 2 else _NONE
    finally:
        cells[padded] = 0


def looks_like_two(board: Board, point: int) -> bool:
    """What a quick look sees: two lines through ``point`` with three black stones
    (the new one counted) in five cells and no white stone among them."""
    cells = board._cells
    padded = _PADDED[point]
    lines = 0
    for step in STEPS:
        window = cells[padded - 4 * step : padded + 4 * step + 1 : step]
        window[4] = BLACK
        for start in range(5):
            part = window[start : start + 5]
            if part.count(BLACK) >= 3 and WHITE not in part and 3 not in part:
                lines += 1
                break
    return lines >= 2


@dataclass
class ForbiddenDrill:
    """A position's forbidden points, and the allowed points that look forbidden.

    ``decoys`` maps such a point to why it is allowed: ``four-three`` (black's
    winning shape), ``blocked`` (a three shut by white or the edge, or one that
    could only straighten into six), ``recursive`` (a three whose straight-four
    point is itself forbidden) or ``nested`` (that, two levels deep).
    """

    board: Board
    fouls: dict[int, str]
    decoys: dict[int, str] = field(default_factory=dict)
    rating: int = 0
    themes: list[str] = field(default_factory=list)

    @property
    def look_alikes(self) -> list[int]:
        return sorted(p for p, why in self.decoys.items() if why in ("recursive", "nested"))

    @property
    def nested(self) -> list[int]:
        return sorted(p for p, why in self.decoys.items() if why == "nested")


def _why_allowed(board: Board, point: int) -> str | None:
    padded = _PADDED[point]
    if board._code(padded) != _NONE:
        return None  # a five, or forbidden
    analysis = board.analyse(point, BLACK)
    kinds = [shape.kind for shape in analysis.shapes]
    if _naive_code(board, padded, 0) > _FIVE:
        return "nested" if _naive_code(board, padded, 1) > _FIVE else "recursive"
    if "three" in kinds and ("four" in kinds or "straight-four" in kinds):
        return "four-three"
    if looks_like_two(board, point):
        return "blocked"
    return None


def grade_forbidden(board: Board) -> ForbiddenDrill | None:
    fouls = board.forbidden_kinds()
    if not fouls:
        return None
    decoys = {}
    for p in board.empty_points():
        if board._may_be_foul(_PADDED[p]) and (why := _why_allowed(board, p)):
            decoys[p] = why
    # A forbidden point whose verdict needs the recursive rule is hard too.
    for p in fouls:
        if _naive_code(board, _PADDED[p], 1) <= _FIVE:
            decoys[p] = "nested"
    kinds = set(fouls.values())
    reasons = set(decoys.values())
    rating = 650 + 70 * (min(len(fouls), 5) - 1)
    rating += 150 * ("double-four" in kinds) + 100 * ("overline" in kinds)
    rating += 100 * ("four-three" in reasons) + 200 * ("blocked" in reasons)
    rating += 350 * bool(reasons & {"recursive", "nested"}) + 300 * ("nested" in reasons)
    themes = sorted(kinds)
    if reasons & {"blocked", "recursive", "nested"}:
        themes.insert(0, "false-three")
    elif "four-three" in reasons:
        themes.insert(0, "four-three")
    return ForbiddenDrill(board, fouls, decoys, min(rating, 1900), themes[:3])


# -- VCF ----------------------------------------------------------------------


@dataclass
class VcfDrill:
    """A won position: ``line`` the solver's win, ``finish`` how it ends (as
    ``VcfResult``'s); ``foul`` the kind of black's forced block when it is
    forbidden (``finish == "foul"``: white wins there), else empty."""

    board: Board
    line: list[int]
    finish: str
    trap: bool
    rating: int
    themes: list[str]
    foul: str = ""


def foul_at_the_end(board: Board, line: list[int]) -> str:
    """The kind of forbidden point black must block at, the last move of ``line``.

    >>> from . import parse_points
    >>> board = Board.setup("h8 i8 j9 j10 f4 g10 k6 e7", "g5 h6 i7 h9 k10 g7 l8", WHITE)
    >>> foul_at_the_end(board, parse_points("k9 j8"))
    'double-three'
    """
    copy = board.copy()
    for point in line[:-1]:
        copy.push(point)
    foul = copy.forbidden(line[-1])
    return foul.kind if foul else ""


def grade_vcf(board: Board, *, min_fours: int = 2, max_moves: int = 21) -> VcfDrill | None:
    me = board.to_move
    if board.five_points(me) or board.five_points(opponent(me)):
        return None
    result = vcf(board, max_nodes=60_000)
    if not result.win:
        return None
    fours = (len(result.line) + 1) // 2
    if fours < min_fours or len(result.line) > max_moves:
        return None
    trap = False
    if me == WHITE and result.finish == "foul":
        free = FreeBoard.setup(board.stones(BLACK), board.stones(WHITE), WHITE)
        trap = not vcf(free, max_nodes=60_000).win
    rating = 850 + 130 * (fours - 2) + (200 if trap else 0)
    themes = ["vcf"]
    if trap:
        themes.append("forbidden-trap")
    if result.finish == "double" and len(result.line) >= 3:
        themes.append("four-three")
    foul = foul_at_the_end(board, result.line) if result.finish == "foul" else ""
    return VcfDrill(board, result.line, result.finish, trap, min(rating, 1900), themes, foul)


def positions(games: Iterator[Board]) -> Iterator[Board]:
    """Every position of every game (the moves replayed), from move 8 on."""
    for game in games:
        moves = [m.point for m in game.move_stack]
        board = Board()
        for number, point in enumerate(moves):
            if board.is_over:
                break
            if number >= 8:
                yield board.copy()
            board.play(point)


def continuations(
    board: Board, rng: random.Random, *, width: int = 12, careless: float = 0.5
) -> Iterator[Board]:
    """Black's shape-making moves from ``board``, each answered by a white move.

    Hard forbidden-point positions (false double-threes, nested ones) are rare in
    careful play: they need black shapes that white left half-blocked. So black
    builds a three or a four, and white answers with the player's move, or (with
    chance ``careless``) with any move beside the stones.
    """
    moves = [
        p
        for p in candidates(board, 2)
        if not board.is_forbidden(p)
        and any(line.three_points or line.fours for line in board._lines(_PADDED[p], BLACK))
    ]
    rng.shuffle(moves)
    for move in moves[:width]:
        child = board.copy()
        child.play(move)
        if child.is_over:
            continue
        answer = reply(child, rng, rng.random() < careless)
        if answer is None:
            continue
        child.play(answer)
        if not child.is_over:
            yield child


def key(board: Board) -> str:
    return " ".join(point_name(m.point) for m in board.move_stack)


def stones_key(board: Board) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The position itself, whatever the move order that reached it: two boards with
    the same key ask the same question."""
    return board.to_move, tuple(sorted(board.stones(BLACK))), tuple(sorted(board.stones(WHITE)))


__all__ = [
    "ForbiddenDrill",
    "VcfDrill",
    "choose_move",
    "grade_forbidden",
    "grade_vcf",
    "play_games",
    "positions",
    "stones_key",
]
