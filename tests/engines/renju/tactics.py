"""Positions and a fresh search shared by the Renju solver's tests: crowded
random positions where fours abound, a four-three, a trap and a defence."""

from __future__ import annotations

import random

from engines.renju import BLACK, EMPTY, SIZE, WHITE, Board, opponent
from engines.renju.solver import four_reply, placed, vcf

FOUR_THREE = {"black": "h8 i8 j8 k9 k10", "white": "g8 h10 i11 m3 c12"}
TRAP = {"black": "h8 i8 j9 j7 e3 k9", "white": "i7 h6 g5 a1 o15 o13", "to_move": WHITE}
DEFEND = {"black": "g8 a1 a3 o1 o3", "white": "h8 i8 j8 k9 k10", "to_move": BLACK}


def tactical_positions(count: int, seed: int):
    """Crowded random positions, where fours abound."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        taken, black, white = set(), [], []
        n = rng.randint(6, 16)
        for i in range(2 * n):
            while True:
                p = rng.randint(3, 11) * SIZE + rng.randint(3, 11)
                if p not in taken:
                    taken.add(p)
                    break
            (black if i % 2 == 0 else white).append(p)
        try:
            board = Board.setup(black, white, to_move=rng.choice([BLACK, WHITE]))
        except ValueError:
            continue
        made += 1
        yield board


def fresh_verdict(board: Board, attacker: int, point: int) -> bool | None:
    """Whether the attacker's move at ``point`` is a winning four, by a fresh search
    (no table shared with anything): None when it is no legal four at all."""
    if board[point] != EMPTY or not board.fours_made(point, attacker):
        return None
    if attacker == BLACK and board.is_forbidden(point):
        return None
    threats = board.five_points(opponent(attacker))
    if len(threats) >= 2 or (threats and point != threats[0]):
        return False  # the defender makes five first
    how, block = four_reply(board, attacker, point)
    if how:
        return True
    with placed(board, ((point, attacker), (block, opponent(attacker)))):
        after = vcf(board, attacker=attacker, max_nodes=1_000_000)
    assert after.proven
    return after.win
