"""Perft against Debian's fairy-stockfish: the start position and the spec's
positions X1-X8 (xiangqi.md §3).

Normal run: Fairy-Stockfish's counts to depth 4 equal the spec's, ours equal
Fairy-Stockfish's per first move at depth 3 and in total at depth 4. Slow run
(``-m slow``): the same at depth 5 (X1-X7; X8 has no depth 5 in the spec, ours
takes minutes per position there).
"""

import pytest

from engines.xiangqi import Position, divide, perft
from tests.engines.xiangqi.vectors import PERFT
from tests.peers.fairy_stockfish import perft as peer_perft
from tests.peers.fairy_stockfish import require_fairy_stockfish

NAMES = sorted(PERFT)


@pytest.fixture(scope="module")
def engine():
    return require_fairy_stockfish()


@pytest.mark.parametrize("name", NAMES)
def test_divide_at_depth_3_is_the_peers(engine, name):
    fen, counts = PERFT[name]
    theirs_total, theirs = peer_perft(fen, 3, engine)
    ours = divide(Position(fen), 3)
    assert ours == theirs
    assert theirs_total == counts[2]


@pytest.mark.parametrize("name", NAMES)
def test_perft_4_is_the_peers_and_the_specs(engine, name):
    fen, counts = PERFT[name]
    theirs, _ = peer_perft(fen, 4, engine)
    assert theirs == counts[3]
    assert perft(Position(fen), 4) == theirs


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in NAMES if len(PERFT[n][1]) >= 5])
def test_perft_5_is_the_peers_and_the_specs(engine, name):
    fen, counts = PERFT[name]
    theirs, split = peer_perft(fen, 5, engine)
    assert theirs == counts[4]
    position = Position(fen)
    for move, nodes in split.items():  # move by move, so a difference names its move
        position.play(move)
        assert perft(position, 4) == nodes, move
        position.pop()
