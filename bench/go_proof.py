"""The proof search's second look at the moves the Go problems mark right.

    .venv/bin/python bench/go_proof.py [--only SLUG ...]

When content loads, every move a solution tree marks right is read by the
reader (``engines.go.reading``); one the reader cannot prove is read again by
the proof search (``engines.go.proof``), whose proof stands. This walks every
capture/escape problem and lesson exercise as ``verify`` does and prints how
many right moves needed the second look, what the reader and the proof search
cost on those moves (the reader's time is the reference: same moves, same
run), and the problems that cost most. A measurement: it exits 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.budget import Budget  # noqa: E402
from engines.go.problems import PREPARE_NODES, _read_fast, _second_look  # noqa: E402
from engines.go.proof import Memo  # noqa: E402
from tests.peers.go_problems import library  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="these slugs only")
    args = parser.parse_args()
    exercises = [e for e in library() if not args.only or e.slug in args.only]
    right = fast_ok = deep = proven = 0
    fast_times: list[float] = []
    proof_times: list[float] = []
    proof_nodes: list[int] = []
    per_problem: dict[str, float] = {}
    for exercise in exercises:
        task = exercise.task
        board = task.problem.board()
        solver = task.problem.to_move
        memos: dict = {}  # as ``verify``: one per set of marked chains on the board

        def walk(children, task=task, board=board, solver=solver, slug=exercise.slug, memos=memos):
            nonlocal right, fast_ok, deep, proven
            for node in children:
                if node.move.color == solver and node.correct and task.live_targets(board):
                    right += 1
                    t0 = time.perf_counter()
                    ok, _ = _read_fast(task, board, node.move.point, Budget(PREPARE_NODES))
                    t1 = time.perf_counter()
                    fast_ok += ok
                    if not ok and task.aim == "capture":
                        deep += 1
                        memo = memos.setdefault(tuple(task.live_targets(board)), Memo())
                        spent = Budget(PREPARE_NODES)
                        proof = _second_look(task, board, node.move.point, spent, memo)
                        t2 = time.perf_counter()
                        fast_times.append(t1 - t0)
                        proof_times.append(t2 - t1)
                        proof_nodes.append(spent.spent)  # both looks, if two
                        proven += bool(proof.status)
                        per_problem[slug] = per_problem.get(slug, 0.0) + t2 - t1
                board.play(node.move, enforce_turn=False)
                try:
                    walk(node.children)
                finally:
                    board.pop()

        walk(task.problem.tree)
    print(f"{len(exercises)} problems, {right} moves marked right")
    print(f"the reader proves {fast_ok}; the proof search reads {deep}, proves {proven}")
    if deep:
        fast, slow = sum(fast_times), sum(proof_times)
        print(
            f"on those {deep} moves: reader {fast:.1f} s in all (median "
            f"{statistics.median(fast_times) * 1000:.1f} ms), proof search {slow:.1f} s in all "
            f"({slow / fast:.1f}x; median {statistics.median(proof_times) * 1000:.1f} ms, worst "
            f"{max(proof_times):.2f} s), nodes median {statistics.median(proof_nodes):,.0f}, "
            f"worst {max(proof_nodes):,}"
        )
        for slug, spent in sorted(per_problem.items(), key=lambda kv: -kv[1])[:5]:
            print(f"  {slug}: {spent:.2f} s")


if __name__ == "__main__":
    main()
