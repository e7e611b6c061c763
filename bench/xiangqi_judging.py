"""Xiangqi: judging a learner's move in the shipped mate puzzles, from stored results.

    .venv/bin/python bench/xiangqi_judging.py [--depth 3] [--rounds 3]

Every ``xiangqi.mate`` puzzle of ``content/xiangqi`` (library and lesson exercises) of
the depth asked (3 by default; 0 for all) is prepared once, as the content loader does
(``prepare``: the mate tree with every winning move, the longest defence and the
refutation of every other move), and timed. Then every answer a learner can give at
every position of the tree is judged through the kind (``parse_answer`` + ``check``,
as a POST does): every legal move of the attacker, winning or not, at the start and
after each winning move and its defence. Reported: the median, 99th percentile and
worst time of one answer, and the ratio of the worst to the answer budget (100 ms).

The reference in the same run: what the same judgement would cost without stored
results, a mate search from the puzzle's position for the moves left
(``engines.xiangqi.search.mates``), timed on the same positions.

A measurement, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from engines.xiangqi import Move  # noqa: E402
from engines.xiangqi.search import mates  # noqa: E402
from puzzles.kinds import get_kind, with_prepared  # noqa: E402

BUDGET = 0.100  # seconds: the 99th percentile of any answer


def shipped_mates(folder: Path, depth: int) -> list[tuple[str, dict]]:
    found = []
    for path in sorted(folder.glob("*/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        tables = [(t["slug"], t) for t in data.get("puzzles", [])]
        for number, step in enumerate(data.get("steps", []), start=1):
            exercise = step.get("exercise")
            if isinstance(exercise, dict):
                tables.append((f"{path.stem}/{number}", exercise))
        for name, table in tables:
            if table.get("kind") != "xiangqi.mate":
                continue
            puzzle = dict(table.get("data", {}))
            if depth == 0 or puzzle.get("depth", 1) == depth:
                found.append((name, puzzle))
    return found


def states(tree: dict, moves: list[str] | None = None):
    """Every attempt state at which the learner is to move, through the stored tree."""
    moves = moves or []
    yield {"moves": list(moves)}
    for move, won in tree["wins"].items():
        if "next" in won:
            yield from states(won["next"], [*moves, move, won["reply"]])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=3, help="mates of this depth (0: all)")
    parser.add_argument("--rounds", type=int, default=3, help="times each answer is judged")
    parser.add_argument(
        "--content", type=Path, default=ROOT / "content" / "xiangqi", help="the game's folder"
    )
    args = parser.parse_args()
    kind = get_kind("xiangqi.mate")
    puzzles = shipped_mates(args.content, args.depth)
    if not puzzles:
        print("no mate puzzles of that depth in content/xiangqi")
        return 0
    prepare_times, answer_times, search_times = [], [], []
    answers = 0
    for _name, data in puzzles:
        start = time.perf_counter()
        prepared = kind.prepare(data)
        prepare_times.append(time.perf_counter() - start)
        full = with_prepared(data, prepared)
        for state in states(prepared["tree"]):
            board = kind.current(full, state)
            left = data.get("depth", 1) - len(state["moves"]) // 2
            start = time.perf_counter()
            mates(board, left)
            search_times.append(time.perf_counter() - start)
            for code in board.legal_codes():
                post = {"move": Move.from_code(code).text()}
                best = None
                for _ in range(args.rounds):
                    start = time.perf_counter()
                    answer = kind.parse_answer(full, state, post)
                    kind.check(full, state, answer)
                    spent = time.perf_counter() - start
                    best = spent if best is None else min(best, spent)
                answer_times.append(best)
                answers += 1
    label = f"mate in {args.depth}" if args.depth else "mates"
    print(f"{len(puzzles)} shipped {label} puzzles; {answers} answers judged")
    print(
        f"prepare (at load)  median {statistics.median(prepare_times) * 1000:8.1f} ms"
        f"   worst {max(prepare_times) * 1000:8.1f} ms"
    )
    median, p99, worst = (
        statistics.median(answer_times),
        percentile(answer_times, 0.99),
        max(answer_times),
    )
    print(
        f"one answer         median {median * 1000:8.2f} ms   p99 {p99 * 1000:8.2f} ms"
        f"   worst {worst * 1000:8.2f} ms"
    )
    print(
        f"reference: a search per answer  median {statistics.median(search_times) * 1000:8.1f} ms"
        f"   worst {max(search_times) * 1000:8.1f} ms"
    )
    print(f"worst answer / budget (100 ms): {worst / BUDGET:.3f}")
    print(
        f"search / stored: median {statistics.median(search_times) / median:.0f}x, "
        f"worst {max(search_times) / worst:.0f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
