"""跳棋: every legal move of one side, and the fewest-moves search, each against a
reference in the same run.

    .venv/bin/python bench/tiaoqi_engine.py [--positions 2000] [--seed 2026]

1. ``--positions`` middlegame positions (20 pieces scattered at random over the star,
   side 0 to move): all of side 0's moves with their paths (``engines.tiaoqi.moves``),
   median and worst, against the tests' brute-force chain search (every chain tried one
   jump at a time) on the same positions. Target (``chinese_checkers.md`` §5): < 1 ms
   median.
2. End positions of 1 to 3 pieces a few rows from their target, with blockers:
   ``fewest`` (the fewest moves and every first move of a fastest finish), median and
   worst. Targets: 1 piece < 20 ms, 3 pieces < 2 s.
3. Every ``tiaoqi.fewest`` puzzle and exercise shipped in ``content/tiaoqi``: the
   search that proves it when content loads (``fastest_lines``: every placement on a
   fastest line and its moves, stored with the puzzle so that an answer is only
   looked up), median and worst, against ``fewest`` alone (the first moves only) on
   the same puzzles. Judging an answer from the stored lines is timed by
   ``bench/answers.py``.

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

from engines.tiaoqi import STAR, Position, moves, parse_hole, steps, target_of  # noqa: E402
from engines.tiaoqi.fewest import fastest_lines, fewest  # noqa: E402
from engines.tiaoqi.rules import Rules  # noqa: E402
from tests.engines.tiaoqi.oracle import chains  # noqa: E402


def scattered(rng: random.Random) -> Position:
    holes = rng.sample(sorted(STAR.points), 20)
    return Position({h: i % 2 for i, h in enumerate(holes)}, rules=Rules(target_lock=False))


def legal(seed: int, count: int) -> None:
    rng = random.Random(f"{seed}-moves")
    ours, brute = [], []
    for _ in range(count):
        position = scattered(rng)
        start = time.perf_counter()
        found = moves(position, 0)
        middle = time.perf_counter()
        slow = 0
        for hole, side in position.pieces.items():
            if side == 0:
                slow += len(chains(position, hole) | set(steps(position, hole)))
        brute.append(time.perf_counter() - middle)
        ours.append(middle - start)
        assert len(found) == slow, "the brute force disagrees"
    median = statistics.median(ours)
    print(
        f"legal moves, {count} positions of 20 pieces: median {1000 * median:.3f} ms "
        f"(target < 1 ms), worst {1000 * max(ours):.3f} ms; brute force median "
        f"{1000 * statistics.median(brute):.3f} ms, ratio {statistics.median(brute) / median:.1f}x"
    )


ROWS = "a12 b12 c12 d12 e12 f12 g12 h12 i12 j12 b11 c11 d11 e11 f11 g11 h11 i11"
BLOCKERS = "c9 d9 e9 f9 g9 c10 d10 e10 f10 g10 d13 e13"


def endings(seed: int) -> None:
    rng = random.Random(f"{seed}-fewest")
    near = [parse_hole(w) for w in ROWS.split()]
    blockers = [parse_hole(w) for w in BLOCKERS.split()]
    for pieces, count in ((1, 40), (2, 20), (3, 10)):
        times, depth = [], []
        for _ in range(count):
            own = rng.sample(near, pieces)
            others = [b for b in rng.sample(blockers, 4) if b not in own]
            position = Position({**dict.fromkeys(others, 1), **dict.fromkeys(own, 0)})
            start = time.perf_counter()
            result = fewest(position)
            times.append(time.perf_counter() - start)
            depth.append(result.moves or 0)
        median = 1000 * statistics.median(times)
        print(
            f"fewest, {pieces} piece(s), {count} positions: median {median:.1f} ms, "
            f"worst {1000 * max(times):.1f} ms; moves median {statistics.median(depth)}"
        )
    assert all(h in STAR for h in target_of(0))


def shipped_fewest() -> list[Position]:
    """The positions of the shipped ``tiaoqi.fewest`` puzzles and lesson exercises."""
    import tomllib

    found = []
    root = Path(__file__).resolve().parent.parent / "content" / "tiaoqi"

    def visit(value):
        if isinstance(value, dict):
            if value.get("kind") == "tiaoqi.fewest" and isinstance(value.get("data"), dict):
                data = value["data"]
                pieces = {parse_hole(h): 0 for h in data.get("red", [])}
                pieces.update({parse_hole(h): 1 for h in data.get("green", [])})
                side = 1 if data.get("to_move") == "green" else 0
                found.append(Position(pieces, side, rules=Rules(**data.get("rules", {}))))
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    for path in sorted(root.glob("**/*.toml")):
        visit(tomllib.loads(path.read_text()))
    return found


def shipped() -> None:
    positions = shipped_fewest()
    if not positions:
        print("no shipped tiaoqi.fewest puzzles")
        return
    lines, firsts, sizes = [], [], []
    for position in positions:
        start = time.perf_counter()
        fewest(position)
        middle = time.perf_counter()
        found = fastest_lines(position)
        lines.append(time.perf_counter() - middle)
        firsts.append(middle - start)
        sizes.append(len(found.best))
    median = statistics.median(lines)
    print(
        f"shipped fewest puzzles, {len(positions)}: proving each (fastest_lines) median "
        f"{1000 * median:.1f} ms, worst {1000 * max(lines):.0f} ms, total {sum(lines):.1f} s; "
        f"first moves only (fewest) median {1000 * statistics.median(firsts):.1f} ms, ratio "
        f"{median / statistics.median(firsts):.2f}x; placements stored median "
        f"{statistics.median(sizes)}, most {max(sizes)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"跳棋 moves and endings, seed {args.seed}\n")
    legal(args.seed, args.positions)
    endings(args.seed)
    shipped()


if __name__ == "__main__":
    main()
