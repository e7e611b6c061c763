"""Renju: forbidden points against the ``renju`` package, and solve times of the shipped puzzles.

    .venv/bin/python bench/renju_engine.py [--positions 1000] [--rounds 3]

1. Forbidden points: 1,000 mid-game positions (engine-played games, seeded, move
   20 to 50), every empty point judged for black. Ours
   (``Board.forbidden_kinds``) against the PyPI package ``renju``, asked as its
   documentation shows (``check_forbid.get_foul_type(board, x, y)`` per point) and,
   kinder to it, with one ``ForbidChecker`` per position. Both must agree on every
   point (the run stops if not). Rounds alternate the engines; the ratio is the
   package's time over ours in the same round, so a ratio above 1 means we are
   faster.
2. Solve times over the shipped set: every ``renju.vcf`` and ``renju.trap`` puzzle
   in ``content/renju/puzzles/`` solved by ``engines.renju.solver.vcf`` (the check
   ``load_content`` makes), and every ``renju.defend`` puzzle's full defence search;
   median and worst.

A measurement, not a test: it exits 0 whatever the figures (1 if the engines disagree).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.renju import BLACK, SIZE, WHITE, Board, get_variant, parse_points  # noqa: E402
from engines.renju.generate import play_games  # noqa: E402
from engines.renju.solver import defences, vcf  # noqa: E402

KINDS = {0: None, 1: "double-three", 2: "double-four", 3: "overline"}


def mid_game_positions(count: int) -> list[Board]:
    rng = random.Random(2026)
    found: list[Board] = []
    for game in play_games(count, seed=2026):
        moves = [m.point for m in game.move_stack]
        if len(moves) < 21:
            continue
        cut = rng.randint(20, min(50, len(moves) - 1))
        board = Board()
        for point in moves[:cut]:
            board.play(point)
        found.append(board)
    while len(found) < count:  # top up from longer runs if short games dropped some
        found.extend(mid_game_positions(count - len(found)))
    return found[:count]


def grid(board: Board) -> list[list[int]]:
    cells = [[0] * SIZE for _ in range(SIZE)]
    for p in range(SIZE * SIZE):
        cells[p % SIZE][p // SIZE] = board[p]
    return cells


def ours(boards):
    return [b.copy().forbidden_kinds() for b in boards]


def peer_public(boards):
    from renju.check_forbid import get_foul_type

    results = []
    for board in boards:
        cells = grid(board)
        found = {}
        for p in range(SIZE * SIZE):
            if not board[p] and (kind := KINDS[get_foul_type(cells, p % SIZE, p // SIZE)]):
                found[p] = kind
        results.append(found)
    return results


def peer_reused(boards):
    from renju.check_forbid import ForbidChecker

    results = []
    for board in boards:
        checker = ForbidChecker(grid(board), 0, 0)
        found = {}
        for p in range(SIZE * SIZE):
            if not board[p] and (kind := KINDS[checker.foulr(p % SIZE, p // SIZE, 0)]):
                found[p] = kind
        results.append(found)
    return results


def timed(function, boards):
    start = time.perf_counter()
    result = function(boards)
    return time.perf_counter() - start, result


def bench_forbidden(count: int, rounds: int) -> bool:
    boards = mid_game_positions(count)
    stones = statistics.median(sum(1 for p in range(SIZE * SIZE) if b[p]) for b in boards)
    print(f"Forbidden points of {len(boards)} mid-game positions (median {stones:.0f} stones)")
    rows = {"ours": [], "renju, get_foul_type per point": [], "renju, one checker": []}
    agree = True
    for number in range(rounds):
        t_ours, mine = timed(ours, boards)
        functions = [peer_public, peer_reused] if number % 2 == 0 else [peer_reused, peer_public]
        for function in functions:
            t_peer, theirs = timed(function, boards)
            name = (
                "renju, get_foul_type per point"
                if function is peer_public
                else "renju, one checker"
            )
            rows[name].append((t_peer, t_peer / t_ours))
            if theirs != mine:
                agree = False
        rows["ours"].append((t_ours, 1.0))
    fouls = sum(len(found) for found in mine)
    print(f"  {fouls} forbidden points in all; the engines agree on every point: {agree}")
    print(f"  {'engine':34} {'seconds':>8} {'ms/position':>12} {'its time / ours':>16}")
    for name, values in rows.items():
        seconds = statistics.median(v[0] for v in values)
        ratio = statistics.median(v[1] for v in values)
        low, high = min(v[1] for v in values), max(v[1] for v in values)
        spread = "" if name == "ours" else f"  ({low:.1f}-{high:.1f})"
        print(
            f"  {name:34} {seconds:8.2f} {1000 * seconds / len(boards):12.2f} {ratio:16.1f}{spread}"
        )
    target = statistics.median(v[1] for v in rows["renju, one checker"])
    print(f"  target (ours faster): {'PASS' if target > 1 else 'BELOW TARGET'}")
    return agree


def shipped_puzzles():
    for path in sorted((ROOT / "content" / "renju" / "puzzles").glob("*.toml")):
        with path.open("rb") as handle:
            for table in tomllib.load(handle).get("puzzles", []):
                yield table["slug"], table["kind"], table.get("data", {})


def board_of(data) -> Board:
    variant = get_variant(data.get("rules", "renju"))
    to_move = WHITE if data.get("to_move") == "white" else BLACK
    if "diagram" in data:
        board = variant.from_diagram(data["diagram"], to_move)
    elif data.get("black") or data.get("white"):
        board = variant.setup(
            parse_points(data.get("black", "")), parse_points(data.get("white", "")), to_move
        )
    else:
        board = variant()
    for point in parse_points(data.get("moves", "")):
        board.play(point, allow_foul=True)
    return board


def bench_solver() -> None:
    times = {"vcf": [], "defend": []}
    for slug, kind, data in shipped_puzzles():
        if kind in ("renju.vcf", "renju.trap"):
            board = board_of(data)
            start = time.perf_counter()
            result = vcf(board, max_nodes=150_000)
            times["vcf"].append((time.perf_counter() - start, slug, len(result.line), result.nodes))
        elif kind == "renju.defend":
            board = board_of(data)
            start = time.perf_counter()
            defences(board, max_nodes=150_000)
            times["defend"].append((time.perf_counter() - start, slug, 0, 0))
    print("Solve times over the shipped set")
    for name, values in times.items():
        if not values:
            print(f"  {name}: no puzzles")
            continue
        values.sort()
        median = statistics.median(v[0] for v in values)
        worst = values[-1]
        extra = f", {worst[2]} moves, {worst[3]} nodes" if name == "vcf" else ""
        print(
            f"  {name:7} {len(values):4} puzzles  median {1000 * median:7.1f} ms"
            f"  worst {1000 * worst[0]:7.1f} ms ({worst[1]}{extra})"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    agree = bench_forbidden(args.positions, args.rounds)
    print()
    bench_solver()
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
