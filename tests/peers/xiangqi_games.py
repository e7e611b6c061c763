"""Seeded random Xiangqi games for the differential tests against pyffish.

Moves are chosen at random with a lean towards checks and captures (so games
reach mates and 困毙), and now and then both sides shuffle a piece back and
forth (each side replays its last move reversed) for a few turns, so that
positions repeat and the repetition rules get judged: idle shuffles, perpetual
checks and chases alike.
"""

from __future__ import annotations

import random

from engines.xiangqi import START_FEN, Position
from engines.xiangqi.repetition import ruling

# Where games start: the opening, and sparser middle games and endings (the perft
# positions of the spec and a few more), where mates and 困毙 come within reach.
STARTS = (
    START_FEN,
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w - - 0 1",
    "4k4/9/4N4/9/9/9/9/7C1/9/3K5 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1",
    "2bak4/4a4/4b4/9/2p3n2/9/4P4/4B4/3RA4/3AK4 w - - 0 1",
    "3k5/4a4/5a3/9/9/9/9/4C4/4A4/4K4 b - - 0 1",
)


def random_game(seed: int, max_plies: int = 120) -> tuple[str, list[int]]:
    """The starting FEN and the move codes of one game; it stops at mate or 困毙, at
    the first repetition ruling (under either rule set) or after ``max_plies``."""
    rng = random.Random(seed)
    fen = rng.choice(STARTS)
    position = Position(fen)
    codes: list[int] = []
    shuffle = 0
    limit = rng.randint(max_plies // 4, max_plies)
    while len(codes) < limit:
        legal = position.legal_codes()
        if not legal:
            break
        if ruling(position, "wxf") is not None or ruling(position) is not None:
            break
        move = None
        if shuffle and len(codes) >= 2:
            back = codes[-2]
            reverse = ((back & 127) << 7) | (back >> 7)
            if reverse in legal:
                move = reverse
            shuffle -= 1
        elif rng.random() < 0.12 and len(codes) >= 2:
            shuffle = rng.randint(4, 12)
        if move is None:
            roll = rng.random()
            if roll < 0.25:
                checks = [m for m in legal if position.gives_check(m)]
                if checks:
                    move = rng.choice(checks)
            elif roll < 0.55:
                captures = [m for m in legal if position.board[m & 127]]
                if captures:
                    move = rng.choice(captures)
            if move is None:
                move = rng.choice(legal)
        position.push(move)
        codes.append(move)
    return fen, codes
