"""Every first move of every Go capture/escape problem, judged by us and by GNU Go.

    .venv/bin/python bench/go_problems_gnugo.py [--json PATH] [--only SLUG ...]

The comparison of ``tests/peers/test_go_problems_gnugo.py`` without its
adjudication table: for each problem and lesson exercise, every empty point
is judged by the site (``judge`` with the prepared first moves, as the kind
does) and by GNU Go's ``attack``/``defend`` (see ``tests/peers/go_problems.py``).
Prints the counts, each disagreement and GNU Go ko answer, how long each
side took, and our median and worst time to judge every first move of one
problem; ``--json`` writes the disagreements for reading them out. A
measurement, not a test: it exits 0 whatever it finds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.peers.gnugo import GnuGo  # noqa: E402
from tests.peers.go_problems import (  # noqa: E402
    ILLEGAL,
    KO,
    gnugo_verdicts,
    library,
    our_verdicts,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the disagreements here")
    parser.add_argument("--only", nargs="*", help="these slugs only")
    args = parser.parse_args()
    exercises = [e for e in library() if not args.only or e.slug in args.only]
    totals: Counter = Counter()
    found = []
    ours_time = gnugo_time = 0.0
    per_problem: list[tuple[float, str]] = []
    start = time.perf_counter()
    with GnuGo(["--chinese-rules"]) as gnugo:
        for exercise in exercises:
            t0 = time.perf_counter()
            ours = our_verdicts(exercise)
            t1 = time.perf_counter()
            theirs = gnugo_verdicts(gnugo, exercise)
            t2 = time.perf_counter()
            ours_time += t1 - t0
            per_problem.append((t1 - t0, exercise.slug))
            gnugo_time += t2 - t1
            totals["problems"] += 1
            for name, mine in ours.items():
                peer = theirs[name]
                if mine.verdict == ILLEGAL or peer.verdict == ILLEGAL:
                    totals[
                        "illegal (both)" if mine.verdict == peer.verdict else "illegal (one)"
                    ] += 1
                    if mine.verdict != peer.verdict:
                        found.append((exercise, name, mine, peer))
                    continue
                totals["first moves"] += 1
                totals["over the request budget"] += mine.over_request_budget
                if peer.verdict == KO:
                    totals["GNU Go ko"] += 1
                    found.append((exercise, name, mine, peer))
                elif mine.verdict == peer.verdict:
                    totals["agree"] += 1
                else:
                    totals["disagree"] += 1
                    found.append((exercise, name, mine, peer))
    elapsed = time.perf_counter() - start
    for exercise, name, mine, peer in found:
        where = "tree" if mine.in_tree else "reader"
        print(
            f"{exercise.slug:24} {name:4} ours {mine.verdict} ({where}: {' '.join(mine.line)})"
            f"  GNU Go {peer.verdict} ({peer.detail})"
        )
    for key, value in totals.items():
        print(f"{key:26} {value}")
    print(f"{'our judging':26} {ours_time:.1f} s")
    per_problem.sort()
    if per_problem:
        median = per_problem[len(per_problem) // 2][0]
        worst, slug = per_problem[-1]
        print(f"{'  per problem, median':26} {median * 1000:.0f} ms (every empty point judged)")
        print(f"{'  per problem, worst':26} {worst * 1000:.0f} ms ({slug})")
    print(f"{'GNU Go':26} {gnugo_time:.1f} s")
    print(f"{'whole run':26} {elapsed:.1f} s")
    if args.json:
        rows = [
            {
                "slug": e.slug,
                "source": e.source,
                "aim": e.aim,
                "move": name,
                "ours": mine.verdict,
                "in_tree": mine.in_tree,
                "our_line": list(mine.line),
                "gnugo": peer.verdict,
                "gnugo_detail": peer.detail,
            }
            for e, name, mine, peer in found
        ]
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
