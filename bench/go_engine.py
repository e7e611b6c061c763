"""Benchmark: moves per second of the Go engine against sgfmill's board.

Run from the repository root::

    .venv/bin/python bench/go_engine.py [--games 40] [--rounds 5] [--seed 1]

1. Random 19x19 games are generated with our engine (seeded): each move is a
   random legal move that does not fill the mover's own eye (an empty point whose
   neighbours are all its stones); a side with no such move passes; two passes
   end the game.
2. The same move sequences are replayed, in several rounds, through
   ``engines.go.Board.play`` (every rule checked: occupied, suicide, captures,
   situational superko, undo record) and through ``sgfmill.boards.Board.play``
   (a pure-Python board that captures but checks no ko or superko, and removes a
   suicide instead of refusing it). Passes are not counted (sgfmill has none).
3. Both boards must end each game with the same stones; the script stops with
   an error otherwise.

It prints the median moves/second of each over the rounds and their ratio
(target: ours >= 3x sgfmill's). This is a measurement, not a test: it exits 0
whatever the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sgfmill import boards  # noqa: E402

from engines.go import BLACK, EMPTY, Board, Move  # noqa: E402

SIZE = 19
TARGET = 3.0


def random_game(rng: random.Random, size: int = SIZE) -> list[Move]:
    """A random game: legal moves that fill no own eye, until two passes."""
    board = Board(size)
    nbrs = board._neighbors
    cells = board.cells
    passes = 0
    while passes < 2:
        color = board.to_move
        empties = [p for p in range(size * size) if cells[p] == EMPTY]
        rng.shuffle(empties)
        for p in empties:
            if all(cells[q] == color for q in nbrs[p]):
                continue
            if board.is_legal(Move(color, p)):
                board.play(Move(color, p))
                passes = 0
                break
        else:
            board.play(Move(color, None))
            passes += 1
    return board.move_stack


def replay_ours(games: list[list[Move]], size: int = SIZE) -> tuple[float, list[list[int]]]:
    start = time.perf_counter()
    finals = []
    for moves in games:
        board = Board(size)
        play = board.play
        for move in moves:
            play(move)
        finals.append(board.cells)
    return time.perf_counter() - start, finals


def sgfmill_moves(games: list[list[Move]], size: int = SIZE) -> list[list[tuple[int, int, str]]]:
    """The same games as sgfmill's (row, col, colour), row 0 at the bottom."""
    return [
        [
            (size - 1 - m.point // size, m.point % size, "b" if m.color == BLACK else "w")
            for m in moves
            if m.point is not None
        ]
        for moves in games
    ]


def replay_sgfmill(games: list[list[tuple[int, int, str]]], size: int = SIZE):
    start = time.perf_counter()
    finals = []
    for moves in games:
        board = boards.Board(size)
        play = board.play
        for row, col, colour in moves:
            play(row, col, colour)
        finals.append(board)
    return time.perf_counter() - start, finals


def same_stones(ours: list[int], theirs: boards.Board, size: int = SIZE) -> bool:
    symbol = {0: None, 1: "b", 2: "w"}
    return all(theirs.get(size - 1 - p // size, p % size) == symbol[c] for p, c in enumerate(ours))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)

    rng = random.Random(options.seed)
    start = time.perf_counter()
    games = [random_game(rng) for _ in range(options.games)]
    generation = time.perf_counter() - start
    theirs = sgfmill_moves(games)
    stones = sum(len(moves) for moves in theirs)
    print(
        f"{options.games} random {SIZE}x{SIZE} games, {stones} moves "
        f"({stones / options.games:.0f} a game, passes not counted), "
        f"generated in {generation:.1f} s ({stones / generation:,.0f} moves/s with the "
        "search for a legal move)"
    )

    ours_rates, sgfmill_rates, ratios = [], [], []
    for round_ in range(options.rounds):
        # Alternate the order so that warm-up and machine load fall on both.
        if round_ % 2:
            t_theirs, boards_theirs = replay_sgfmill(theirs)
            t_ours, boards_ours = replay_ours(games)
        else:
            t_ours, boards_ours = replay_ours(games)
            t_theirs, boards_theirs = replay_sgfmill(theirs)
        for index, (a, b) in enumerate(zip(boards_ours, boards_theirs, strict=True)):
            if not same_stones(a, b):
                print(f"error: game {index} ends with different stones", file=sys.stderr)
                return 1
        ours_rates.append(stones / t_ours)
        sgfmill_rates.append(stones / t_theirs)
        ratios.append(t_theirs / t_ours)

    ours, theirs_rate = statistics.median(ours_rates), statistics.median(sgfmill_rates)
    ratio = statistics.median(ratios)
    print(f"{'board':<34} {'moves/s':>10}")
    print(f"{'engines.go.Board.play':<34} {ours:>10,.0f}")
    print(f"{'sgfmill.boards.Board.play':<34} {theirs_rate:>10,.0f}")
    verdict = "PASS" if ratio >= TARGET else "BELOW TARGET"
    print(
        f"ratio {ratio:.2f}x (range {min(ratios):.2f}-{max(ratios):.2f} over "
        f"{options.rounds} rounds), target {TARGET:g}x: {verdict}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
