"""Xiangqi: our legal-move generation against ``pyffish.legal_moves``, and perft times.

    .venv/bin/python bench/xiangqi_movegen.py [--positions 2000] [--rounds 3] [--depth 4]

1. Legal moves of the same positions (seeded random playouts from the opening,
   cut at a random ply between 0 and 80). Three ways, each over every FEN:
   - pyffish: ``pyffish.legal_moves("xiangqi", fen, [])`` (it parses the FEN on
     every call and crosses from Python to C++);
   - ours from the FEN: ``Position(fen).legal_moves()`` (we parse too: the like
     for like comparison);
   - ours on a position already set up: ``position.legal_moves()`` (what a search
     or a judge pays per position).
   The move sets must agree (the run stops if not). Rounds alternate the order;
   a ratio is pyffish's time over ours in the same round (above 1: we are faster).
2. Perft of the start position to ``--depth`` (4: 3,290,240 leaves), timed, and
   depth 3 (79,666).

A measurement, not a test: it exits 0 whatever the figures (1 if the engines disagree
or pyffish is missing).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.xiangqi import Position, perft  # noqa: E402


def positions(count: int, seed: int = 2026) -> list[str]:
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        position = Position()
        for _ in range(rng.randint(0, 80)):
            codes = position.legal_codes()
            if not codes:
                break
            position.push(rng.choice(codes))
        if position.legal_codes():
            fens.append(position.fen())
    return fens


def timed(function, items):
    start = time.perf_counter()
    result = function(items)
    return time.perf_counter() - start, result


def peer(fens):
    import pyffish

    return [sorted(pyffish.legal_moves("xiangqi", fen, [])) for fen in fens]


def ours_from_fen(fens):
    return [sorted(m.text() for m in Position(fen).legal_moves()) for fen in fens]


def ours_set_up(boards):
    return [b.legal_moves() for b in boards]


def bench_movegen(count: int, rounds: int) -> bool:
    try:
        import pyffish
    except ImportError:
        print("pyffish is not installed (pip install -e '.[dev]')")
        return False
    fens = positions(count)
    boards = [Position(fen) for fen in fens]
    moves = statistics.median(len(b.legal_codes()) for b in boards)
    print(
        f"Legal moves of {len(fens)} positions (random playouts, median {moves:.0f} moves)"
        f" — pyffish {'.'.join(map(str, pyffish.version()))}"
    )
    rows = {"pyffish.legal_moves(fen)": [], "ours, Position(fen).legal_moves()": []}
    rows["ours, position.legal_moves()"] = []
    agree = True
    for number in range(rounds):
        order = [0, 1, 2] if number % 2 == 0 else [2, 1, 0]
        times = {}
        for which in order:
            if which == 0:
                times[0], theirs = timed(peer, fens)
            elif which == 1:
                times[1], mine = timed(ours_from_fen, fens)
            else:
                times[2], _ = timed(ours_set_up, boards)
        if theirs != mine:
            agree = False
        for which, name in enumerate(rows):
            rows[name].append((times[which], times[0] / times[which]))
    print(f"  the move sets agree on every position: {agree}")
    print(f"  {'way':36} {'seconds':>8} {'µs/position':>12} {'pyffish / it':>13}")
    for name, values in rows.items():
        seconds = statistics.median(v[0] for v in values)
        ratio = statistics.median(v[1] for v in values)
        low, high = min(v[1] for v in values), max(v[1] for v in values)
        spread = f"  ({low:.1f}-{high:.1f})" if name != "pyffish.legal_moves(fen)" else ""
        print(f"  {name:36} {seconds:8.2f} {1e6 * seconds / len(fens):12.1f} {ratio:13.1f}{spread}")
    like_for_like = statistics.median(v[1] for v in rows["ours, Position(fen).legal_moves()"])
    print(f"  target (ours no slower, from the FEN): {'PASS' if like_for_like >= 1 else 'BELOW'}")
    return agree


def bench_perft(depth: int) -> None:
    print("Perft of the start position")
    for d in sorted({3, depth}):
        position = Position()
        start = time.perf_counter()
        nodes = perft(position, d)
        seconds = time.perf_counter() - start
        rate = nodes / seconds
        print(f"  depth {d}: {nodes:>10,} leaves in {seconds:6.2f} s ({rate:,.0f} leaves/s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args()
    agree = bench_movegen(args.positions, args.rounds)
    print()
    bench_perft(args.depth)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
