"""掼蛋: solve times of the ending solver and min_partition, each against a reference.

    .venv/bin/python bench/guandan_solver.py [--endings 30] [--hands 30] [--seed 2026]

1. ``--endings`` endings of 4 x 6 cards dealt from the shuffled two decks (random
   level, seat 0 to lead, goal "first"), each solved with ``engines.guandan.solver.solve``
   (every first move's value, the refutations): median and worst seconds and nodes,
   against the target (< 2 s).
2. The reference for the solver: the plain minimax of ``tests/engines/guandan/
   test_solver.py`` (no table, no merged plays, ``legal_plays`` and ``ClimbingTrick``
   at every node) on the same 4 x 3-card endings as the solver, in the same run; the
   ratio is the minimax's time over the solver's. Both must agree (exit 1 if not).
3. ``--hands`` hands of 27 cards: ``min_partition`` median and worst (target < 300 ms),
   against ``greedy_partition`` (the lead with the most cards, again and again) on
   the same hands: the time ratio and how many plays each finds.

4. Every ``guandan.lead`` ending we ship (the library's and the lessons'), solved as
   loading the content solves it: median and worst seconds and nodes. Learners'
   answers never wait for this: loading stores every first move's value, and an
   answer is judged from what is stored (``bench/answers.py`` times that).

A measurement, not a test: it exits 0 whatever the figures.
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

from engines.cards import parse_cards, shoe  # noqa: E402
from engines.guandan import classify, parse_level, sort_cards  # noqa: E402
from engines.guandan.solver import (  # noqa: E402
    PASS,
    Ending,
    greedy_partition,
    min_partition,
    solve,
)
from tests.engines.guandan.test_solver import minimax_values  # noqa: E402

TARGET_ENDING = 2.0
TARGET_PARTITION = 0.3


def dealt(rng: random.Random, cards: int) -> Ending:
    pool = shoe(2)
    rng.shuffle(pool)
    hands = tuple(tuple(pool[cards * s : cards * (s + 1)]) for s in range(4))
    return Ending(hands, rng.randint(2, 14))


def endings(seed: int, count: int) -> None:
    rng = random.Random(f"{seed}-endings")
    runs = []
    for _ in range(count):
        e = dealt(rng, 6)
        start = time.perf_counter()
        s = solve(e, "first")
        runs.append((time.perf_counter() - start, s.nodes))
    times = sorted(t for t, _ in runs)
    median = statistics.median(times)
    verdict = "PASS" if median < TARGET_ENDING else "BELOW TARGET"
    over = sum(t >= TARGET_ENDING for t in times)
    print(
        f"4 x 6 cards, {count} endings: median {median:.3f} s (target < {TARGET_ENDING:.0f} s, "
        f"{verdict}), worst {times[-1]:.3f} s, {over} over the target; "
        f"nodes median {int(statistics.median(n for _, n in runs)):,}, "
        f"worst {max(n for _, n in runs):,}"
    )


def reference(seed: int, count: int) -> None:
    rng = random.Random(f"{seed}-reference")
    plain = fast = 0.0
    for _ in range(count):
        e = dealt(rng, 3)
        start = time.perf_counter()
        expected = minimax_values(e, "first")
        middle = time.perf_counter()
        got = solve(e, "first").plays
        fast += time.perf_counter() - middle
        plain += middle - start
        if {("pass" if m is PASS else m): v for m, v in got.items()} != expected:
            print(f"DISAGREE on {e.to_json()}")
            sys.exit(1)
    print(
        f"reference, {count} endings of 4 x 3 cards: plain minimax {plain:.3f} s, "
        f"solver {fast:.3f} s, ratio {plain / fast:.1f}x; every move's value agrees"
    )


def partitions(seed: int, count: int) -> None:
    rng = random.Random(f"{seed}-hands")
    fast, slow, fewer = [], [], 0
    plays_min = plays_greedy = 0
    for _ in range(count):
        level = rng.randint(2, 14)
        hand = rng.sample(shoe(2), 27)
        start = time.perf_counter()
        n, _ = min_partition(hand, level)
        middle = time.perf_counter()
        g = len(greedy_partition(hand, level))
        slow.append(time.perf_counter() - middle)
        fast.append(middle - start)
        plays_min += n
        plays_greedy += g
        fewer += n < g
    median = statistics.median(fast)
    verdict = "PASS" if median < TARGET_PARTITION else "BELOW TARGET"
    print(
        f"min_partition, {count} hands of 27 cards: median {1000 * median:.1f} ms "
        f"(target < {1000 * TARGET_PARTITION:.0f} ms, {verdict}), worst {1000 * max(fast):.1f} ms;"
        f"\n  greedy split median {1000 * statistics.median(slow):.1f} ms, ratio "
        f"{statistics.median(fast) / statistics.median(slow):.2f}x the greedy time; plays "
        f"{plays_min / count:.2f} against {plays_greedy / count:.2f} a hand, fewer in "
        f"{fewer} of {count} hands"
    )


def shipped_endings() -> list[tuple[str, Ending, str]]:
    """Every ``guandan.lead`` puzzle and exercise in ``content/guandan``, as endings."""
    found = []
    for path in sorted((ROOT / "content" / "guandan").rglob("*.toml")):
        text = tomllib.loads(path.read_text(encoding="utf-8"))
        items = [(p["slug"], p["kind"], p["data"]) for p in text.get("puzzles", [])]
        for i, step in enumerate(text.get("steps", []), start=1):
            exercise = step.get("exercise") or {}
            if exercise:
                items.append((f"{text['slug']}/{i}", exercise["kind"], exercise["data"]))
        for name, kind, data in items:
            if kind == "guandan.lead":
                found.append((name, ending_of(data), data.get("goal", "first")))
    return found


def ending_of(data: dict) -> Ending:
    """The ending a ``guandan.lead`` puzzle's data describes (as the kind reads it)."""
    level = parse_level(data["level"])
    hands = [parse_cards(h) for h in data["hands"]]
    out = [s for s in range(4) if not hands[s]]
    table = data.get("table")
    if table is None:
        return Ending.from_json(
            {"hands": data["hands"], "level": data["level"], "out": out, "to_play": 0}
        )
    cards, by = parse_cards(table["play"]), table["by"]
    readings = classify(cards, level)
    if "as" in table:
        kind, _, rank = table["as"].partition(" ")
        readings = [r for r in readings if r.kind == kind and (not rank or _rank(r) == rank)]
    if by in out:
        out = [s for s in out if s != by] + [by]
    return Ending.from_json(
        {
            "hands": data["hands"],
            "level": data["level"],
            "out": out,
            "to_play": 0,
            "table": {
                "cards": [c.text() for c in sort_cards(cards, level)],
                "reading": readings[0].text(),
                "owner": by,
                "passes": sum(1 for s in range(by + 1, 4) if s not in out),
            },
        }
    )


def _rank(reading) -> str:
    from engines.guandan import level_name

    return {15: "SJ", 16: "BJ"}.get(reading.rank) or level_name(reading.rank)


def shipped() -> None:
    runs = []
    for name, ending, goal in shipped_endings():
        start = time.perf_counter()
        solution = solve(ending, goal)
        runs.append((time.perf_counter() - start, solution.nodes, name))
    times = sorted(t for t, _, _ in runs)
    worst = max(runs)
    print(
        f"shipped endings, {len(runs)} (library and lessons): median "
        f"{1000 * statistics.median(times):.1f} ms, worst {1000 * worst[0]:.0f} ms ({worst[2]}, "
        f"{worst[1]:,} nodes), all {sum(times):.1f} s; solved once, when the content loads"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endings", type=int, default=30, help="4 x 6-card endings")
    parser.add_argument("--reference-endings", type=int, default=30, help="4 x 3-card endings")
    parser.add_argument("--hands", type=int, default=30, help="27-card hands")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"掼蛋 solver and partition, seed {args.seed}\n")
    endings(args.seed, args.endings)
    reference(args.seed, args.reference_endings)
    partitions(args.seed, args.hands)
    shipped()


if __name__ == "__main__":
    main()
