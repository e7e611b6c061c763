"""打滚子: solve times of the double-dummy solver on random open endings.

    .venv/bin/python bench/dagunzi_solver.py [--endings 20] [--ladder-endings 10]
        [--node-limit 2000000] [--seed 2026]

Each ending deals 4 x k cards from a shuffled 3-deck shoe (so identical cards turn up
as they do in play), with a random level, trump suit, dealer, seat to lead (at a
trick boundary), 死棒 or 活棒 and kitty points (0 to 40), all from the seed. Each is
solved with ``engines.dagunzi.solver.solve``, which is what a puzzle asks for: every
legal play's exact value, not just the best.

1. 4 x 6 cards, ``--endings`` endings: median and worst time against the target
   (median < 1 s).
2. The ladder: 7, 8, 9, ... cards each (``--ladder-endings`` endings per size) until
   the median passes 5 s. Each solve stops at ``--node-limit`` nodes (counted at its
   time then, and marked); the table gives cards per hand, endings, median and worst
   seconds and median nodes, then the largest size whose median is within 5 s.
3. The reference: a plain minimax (``tests/engines/dagunzi/test_solver.py``, no table,
   no merged plays, straight on ``legal_plays``/``trick_winner``) against the solver
   on the same 4 x 3-card endings, in the same run; the ratio is the minimax's time
   over the solver's. Both must agree on every play's value (exit 1 if not).

A measurement, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.dagunzi.solver import Ending, SearchLimit, solve  # noqa: E402
from tests.engines.dagunzi.test_solver import minimax, shoe_ending  # noqa: E402

TARGET_6 = 1.0
LADDER_LIMIT = 5.0


def endings(seed: int, cards: int, count: int) -> list[Ending]:
    rng = random.Random(f"{seed}-{cards}")
    return [shoe_ending(rng, cards) for _ in range(count)]


def timed(ending: Ending, node_limit: int) -> tuple[float, int, bool]:
    """(seconds, nodes, stopped at the node limit)."""
    start = time.perf_counter()
    try:
        nodes, capped = solve(ending, node_limit=node_limit).nodes, False
    except SearchLimit as stop:
        nodes, capped = stop.nodes, True
    return time.perf_counter() - start, nodes, capped


def measure(seed: int, cards: int, count: int, node_limit: int) -> dict:
    runs = [timed(e, node_limit) for e in endings(seed, cards, count)]
    times = sorted(t for t, _, _ in runs)
    capped = sum(c for _, _, c in runs)
    return {
        "cards": cards,
        "endings": count,
        "median": statistics.median(times),
        "worst": times[-1],
        "nodes": int(statistics.median(n for _, n, _ in runs)),
        "capped": capped,
        # With half the endings or more stopped, the median is only a lower bound.
        "median_capped": capped >= (count + 1) // 2,
    }


def row(r: dict) -> str:
    at_least = ">=" if r["median_capped"] else "  "
    capped = f"  ({r['capped']} stopped at the node limit)" if r["capped"] else ""
    return (
        f"{r['cards']:>9}  {4 * r['cards']:>5}  {r['endings']:>7}  {at_least}{r['median']:7.2f}"
        f"  {r['worst']:8.2f}{'+' if r['capped'] else ' '}  {r['nodes']:>12,}{capped}"
    )


def reference(seed: int, count: int) -> tuple[float, float]:
    """(minimax seconds, solver seconds) over the same 4 x 3-card endings."""
    plain = fast = 0.0
    for e in endings(seed, 3, count):
        start = time.perf_counter()
        expected = minimax(e)
        middle = time.perf_counter()
        got = solve(e).values
        fast += time.perf_counter() - middle
        plain += middle - start
        if got != expected:
            print(f"DISAGREE on {e.to_json()}: solver {got}, minimax {expected}")
            sys.exit(1)
    return plain, fast


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endings", type=int, default=20, help="4 x 6-card endings")
    parser.add_argument("--ladder-endings", type=int, default=10, help="endings per size, 7+")
    parser.add_argument("--node-limit", type=int, default=2_000_000, help="per solve")
    parser.add_argument("--reference-endings", type=int, default=30, help="4 x 3-card endings")
    parser.add_argument("--max-cards", type=int, default=13, help="stop the ladder here")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    print(
        f"打滚子 double-dummy solver, seed {args.seed}, node limit {args.node_limit:,} "
        "per solve (solve(): every legal play's exact value)\n"
    )
    six = measure(args.seed, 6, args.endings, args.node_limit)
    verdict = "PASS" if six["median"] < TARGET_6 and not six["median_capped"] else "BELOW TARGET"
    print(
        f"4 x 6 cards, {six['endings']} endings: median {six['median']:.3f} s "
        f"(target < {TARGET_6:.0f} s, {verdict}), worst {six['worst']:.3f} s, "
        f"median nodes {six['nodes']:,}\n"
    )

    header = "cards/hand  dealt  endings  median s   worst s   median nodes"
    print(header)
    print("-" * len(header))
    print(row(six), flush=True)
    largest = 6 if six["median"] <= LADDER_LIMIT else None
    for cards in range(7, args.max_cards + 1):
        r = measure(args.seed, cards, args.ladder_endings, args.node_limit)
        print(row(r), flush=True)
        if r["median"] > LADDER_LIMIT or r["median_capped"]:
            break
        largest = cards
    print(
        f"\nlargest size with a median within {LADDER_LIMIT:.0f} s: "
        f"{'none' if largest is None else f'4 x {largest} cards'}"
    )

    plain, fast = reference(args.seed, args.reference_endings)
    print(
        f"\nreference, {args.reference_endings} endings of 4 x 3 cards: plain minimax "
        f"{plain:.3f} s, solver {fast:.3f} s, ratio {plain / fast:.1f}x "
        "(minimax time / solver time; every play's value agrees)"
    )


if __name__ == "__main__":
    main()
