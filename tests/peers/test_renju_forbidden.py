"""Black's forbidden points against the PyPI package ``renju`` (the Piskvork judge's checker).

10,000 positions, seeded: half scattered stones (dense clusters of black, where
forbidden shapes crowd), half random games played out near the stones. For every
empty point both engines say whether black may play there and, if not, why.

Speed: ``renju.check_forbid.get_foul_type(board, x, y)`` builds a fresh checker
for every call (a few milliseconds). We build ``ForbidChecker`` once per position
and call its ``foulr(x, y, 0)`` for each point, which is exactly what
``get_foul_type`` does (it is ``ForbidChecker(board, x, y).foulr(x, y, 0)``);
``test_the_fast_way_to_ask_the_peer_is_the_same`` checks that on real positions.
We also ask it only where a foul is possible at all: its overline test needs five
black stones on one line through the point, its double-four four black stones in a
line (two fours) or three in each of two lines, its double-three two in each of two
lines, all within five points. Elsewhere we check that our own engine says "no foul"
too, so no point goes unasked.

Disagreements found while building the engine were settled by the RIF definitions
and became cases in ``tests/engines/renju/positions.py``; none remain.
"""

from __future__ import annotations

import random

import pytest

from engines.renju import BLACK, SIZE, WHITE, Board, point_name

check_forbid = pytest.importorskip("renju.check_forbid")

KINDS = {0: None, 1: "double-three", 2: "double-four", 3: "overline"}
POSITIONS = 10_000
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


def scattered(rng: random.Random) -> Board | None:
    black_count = rng.randint(8, 45)
    white_count = rng.randint(black_count // 3, black_count)
    spread = rng.choice([2.5, 3, 4, 5, 7])
    taken: set[int] = set()

    def pick() -> int:
        while True:
            x = min(SIZE - 1, max(0, round(rng.gauss(7, spread))))
            y = min(SIZE - 1, max(0, round(rng.gauss(7, spread))))
            if y * SIZE + x not in taken:
                taken.add(y * SIZE + x)
                return y * SIZE + x

    black = [pick() for _ in range(black_count)]
    white = [pick() for _ in range(white_count)]
    try:
        return Board.setup(black, white)
    except ValueError:  # already holds a five
        return None


def played(rng: random.Random) -> Board | None:
    """A random game near the stones; black may foul (as over the board, unclaimed)."""
    board = Board()
    board.play("h8")
    for _ in range(rng.randint(6, 70)):
        stones = [p for p in range(SIZE * SIZE) if board[p]]
        base = rng.choice(stones)
        for _ in range(20):
            x = base % SIZE + rng.randint(-2, 2)
            y = base // SIZE + rng.randint(-2, 2)
            if 0 <= x < SIZE and 0 <= y < SIZE and not board[y * SIZE + x]:
                break
        else:
            continue
        board.play(y * SIZE + x, allow_foul=True)
        if board.is_over:
            return None
    try:
        return Board.setup(board.stones(BLACK), board.stones(WHITE))
    except ValueError:  # a black overline stood (an unclaimed foul): not a position to ask about
        return None


def positions(count: int, seed: int):
    rng = random.Random(seed)
    made = 0
    while made < count:
        board = scattered(rng) if made % 2 else played(rng)
        if board is not None:
            made += 1
            yield board


def grid(board: Board) -> list[list[int]]:
    cells = [[0] * SIZE for _ in range(SIZE)]
    for p in range(SIZE * SIZE):
        cells[p % SIZE][p // SIZE] = board[p]
    return cells


def may_be_foul(board: Board, p: int) -> bool:
    """Black stones on the point's lines, within five: what any of the peer's tests needs."""
    x, y = p % SIZE, p // SIZE
    counts = []
    for dx, dy in LINES:
        n = 0
        for k in range(-5, 6):
            if k and 0 <= x + k * dx < SIZE and 0 <= y + k * dy < SIZE:
                n += board[(y + k * dy) * SIZE + x + k * dx] == BLACK
        counts.append(n)
    return max(counts) >= 4 or sum(1 for n in counts if n >= 2) >= 2


def peer_verdicts(board: Board) -> dict[int, str]:
    checker = check_forbid.ForbidChecker(grid(board), 0, 0)
    found = {}
    for p in range(SIZE * SIZE):
        if board[p] == 0 and may_be_foul(board, p):
            kind = KINDS[checker.foulr(p % SIZE, p // SIZE, 0)]
            if kind:
                found[p] = kind
    return found


def test_the_fast_way_to_ask_the_peer_is_the_same():
    for board in positions(40, seed=7):
        cells = grid(board)
        slow = {
            p: KINDS[check_forbid.get_foul_type(cells, p % SIZE, p // SIZE)]
            for p in range(SIZE * SIZE)
            if board[p] == 0
        }
        slow = {p: kind for p, kind in slow.items() if kind}
        assert peer_verdicts(board) == slow
        assert all(may_be_foul(board, p) for p in slow)


def test_forbidden_points_agree_with_the_peer_on_10000_positions():
    disagreements, fouls, kinds = [], 0, set()
    for board in positions(POSITIONS, seed=2026):
        ours = board.forbidden_kinds()
        assert all(may_be_foul(board, p) for p in ours)
        theirs = peer_verdicts(board)
        fouls += len(ours)
        kinds.update(ours.values())
        if ours != theirs:
            differ = {
                point_name(p): (ours.get(p), theirs.get(p))
                for p in set(ours) | set(theirs)
                if ours.get(p) != theirs.get(p)
            }
            disagreements.append(f"{differ}\n{board.diagram()}")
    assert not disagreements, f"{len(disagreements)} positions differ:\n" + "\n\n".join(
        disagreements[:5]
    )
    # The positions are worth comparing: thousands of fouls of every kind.
    assert fouls > 5_000
    assert kinds == {"double-three", "double-four", "overline"}


def test_white_to_move_changes_nothing():
    """Forbidden points are black's whoever is to move; the peer knows no turn either."""
    board = next(positions(1, seed=11))
    white = Board.setup(board.stones(BLACK), board.stones(WHITE), to_move=WHITE)
    assert white.forbidden_kinds() == board.forbidden_kinds() == peer_verdicts(board)
