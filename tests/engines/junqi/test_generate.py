"""The fewest-moves search's keys and the puzzle generator's games and finds."""

import random

import pytest

from engines.junqi import AREAS, Piece, Position, apply, moves, pieces_of, point, random_setup
from engines.junqi.capture import fastest_lines, key, keys_after


def _full_board(seed: int) -> Position:
    rng = random.Random(seed)
    return Position(pieces_of((seat, random_setup(area, rng)) for seat, area in enumerate(AREAS)))


@pytest.mark.parametrize("seed", range(6))
def test_the_key_after_a_move_is_the_key_of_the_position_it_leaves(seed):
    rng = random.Random(seed)
    board = _full_board(seed)
    for _turn in range(60):  # South's moves, fights and all, from a busy board
        found = moves(board, 0)
        if not found:
            break
        after_key = keys_after(board, 0)
        for move in found:
            assert after_key(move) == key(apply(board, move), 0)
        board = apply(board, rng.choice(found))


def test_taking_a_flag_on_the_way_removes_its_army_from_the_key():
    board = Position(
        {
            point("E00"): Piece(0, "captain"),
            point("S52"): Piece(0, "engineer"),
            point("E01"): Piece(1, "flag"),
            point("E11"): Piece(1, "lieutenant"),
            point("W01"): Piece(3, "flag"),
            point("W11"): Piece(3, "mine"),
        }
    )
    taking = next(m for m in moves(board, 0) if m.end == point("E01"))
    assert point("E11") not in apply(board, taking).pieces  # East's army leaves with its flag
    for move in moves(board, 0):
        assert keys_after(board, 0)(move) == key(apply(board, move), 0)
    lines = fastest_lines(board, point("W01"))  # the engineer digs the mine, then takes it
    assert lines.moves == 2
    assert lines.best[key(board, 0)] == ["S52-W11"]
