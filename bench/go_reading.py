"""Time the Go tactical reader over the tactical position set.

    .venv/bin/python bench/go_reading.py [--repeat N]

For every position of ``tests/peers/go_tactics.py`` (generated ladders with and
without breakers, sampled positions) and of the reader's unit tests, runs
``attack`` and ``defend`` on the target and prints the median and worst time
of one call, against the targets of issue 3 (median < 50 ms, worst < 1 s).
A measurement, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.go import Board, parse_point  # noqa: E402
from engines.go.reading import attack, defend  # noqa: E402
from tests.peers.go_tactics import SAMPLED, ladder_positions  # noqa: E402


def unit_positions():
    from tests.engines.go.test_reading import CASES

    for name, text, target, *_ in CASES:
        board = Board.from_text(text)
        yield name, board, parse_point(target, board.size)


def positions():
    for tactic in ladder_positions() + SAMPLED:
        yield f"{tactic.label} {tactic.target}", tactic.board(), tactic.target_point
    yield from unit_positions()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each call (best kept)")
    args = parser.parse_args()
    times: list[tuple[float, str]] = []
    for label, board, target in positions():
        for function in (attack, defend):
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                function(board, target)
                best = min(best, time.perf_counter() - start)
            times.append((best, f"{function.__name__} {label}"))
    values = sorted(t for t, _ in times)
    median = statistics.median(values)
    worst, worst_label = max(times)
    print(f"reader calls       {len(times)}  ({len(times) // 2} positions, attack and defend)")
    print(
        f"median             {median * 1000:7.1f} ms   target < 50 ms   "
        f"{'PASS' if median < 0.05 else 'BELOW TARGET'}"
    )
    print(f"90th percentile    {values[int(len(values) * 0.9)] * 1000:7.1f} ms")
    print(
        f"worst              {worst * 1000:7.1f} ms   target < 1000 ms "
        f"{'PASS' if worst < 1 else 'BELOW TARGET'}   ({worst_label})"
    )


if __name__ == "__main__":
    main()
