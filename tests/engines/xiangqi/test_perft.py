"""Perft of the spec's positions X1-X8 (xiangqi.md §3) to depth 3, and divide.

Depth 4 against Debian's fairy-stockfish, and depth 5, are in
``tests/peers/test_xiangqi_perft.py``."""

import pytest

from engines.xiangqi import Position, divide, perft
from tests.engines.xiangqi.vectors import PERFT


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft_to_depth_3(name):
    fen, counts = PERFT[name]
    position = Position(fen)
    for depth in (1, 2, 3):
        assert perft(position, depth) == counts[depth - 1], (name, depth)
    assert position.fen() == Position(fen).fen()  # left as it was


def test_divide_adds_up():
    fen, counts = PERFT["X3"]
    split = divide(Position(fen), 3)
    assert len(split) == counts[0]
    assert sum(split.values()) == counts[2]


def test_depth_zero_is_one_node():
    assert perft(Position(), 0) == 1
