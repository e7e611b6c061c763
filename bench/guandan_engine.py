"""Guandan (掼蛋): reading plays with two wild cards, and every legal play from a 27-card hand.

    .venv/bin/python bench/guandan_engine.py [--plays 3000] [--hands 40] [--seed 2026]

1. Reading a play (``classify``). Plays of 5 and 6 cards with both wilds (the
   heart level cards), their other cards taken from a real shape (straight,
   straight flush, full house, bomb, tube, plate) or at random, so that most read
   one or several ways. The reference in the same run is the tests' brute-force
   oracle (``tests/engines/guandan/oracle.py``: each wild takes all 52 identities,
   52 × 52 plain readings pooled); both must agree (exit 1 if not) and the ratio is
   the oracle's time over ours. Then plays of 1 to 10 cards with 0 to 2 wilds.
   Target (``guandan.md`` §5): median under 100 µs.
2. Legal plays (``legal_plays``). 27-card hands with both wilds dealt at random,
   against a random top play of every kind (``--hands`` each) and as a lead (no
   top). The same-run reference is the median ``classify`` of section 1: a legal
   call is reported as so many classify calls too. Target: under 10 ms.

A measurement, not a test: it exits 0 whatever the figures (1 if the two disagree).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.cards import CARDS, HEARTS, Card, shoe  # noqa: E402
from engines.guandan import classify, legal_plays  # noqa: E402
from tests.engines.guandan.oracle import oracle_readings  # noqa: E402
from tests.engines.guandan.plays import random_play, shape  # noqa: E402

TOP_KINDS = {  # the shape that makes a top of each kind
    "single": "single",
    "pair": "pair",
    "triple": "triple",
    "full-house": "full-house",
    "straight": "straight",
    "tube": "tube",
    "plate": "plate",
    "bomb": "bomb",
    "straight-flush": "flush",
    "four-jokers": "four-jokers",
}


def figures(times_s) -> str:
    ms = sorted(t * 1000 for t in times_s)
    return (
        f"median {statistics.median(ms):.3f} ms, p99 {ms[int(0.99 * (len(ms) - 1))]:.3f} ms, "
        f"worst {ms[-1]:.3f} ms"
    )


def two_wild_play(rng, size):
    """``size`` cards, two of them the wild, the rest from a shape or at random."""
    while True:
        level = rng.randint(2, 14)
        wild = Card.of(HEARTS, level)
        kinds = ("straight", "flush", "full-house", "bomb") if size == 5 else ("tube", "plate")
        if rng.random() < 0.8:
            kind = rng.choice(kinds)
            cards = shape(rng, kind, level)
        else:
            cards = rng.sample(shoe(2), size)
        cards = [c for c in cards if c != wild][: size - 2]
        if len(cards) != size - 2:
            continue
        if rng.random() < 0.2:  # a near miss
            cards[rng.randrange(len(cards))] = rng.choice(CARDS)
        cards += [wild, wild]
        rng.shuffle(cards)
        if max(Counter(cards).values()) <= 2:
            return cards, level


def reading(plays: int, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    disagree, medians = 0, []
    for size in (5, 6):
        ours, oracle, read = [], [], 0
        for _ in range(plays):
            cards, level = two_wild_play(rng, size)
            start = time.perf_counter()
            found = classify(cards, level)
            middle = time.perf_counter()
            expected = oracle_readings(cards, level)
            end = time.perf_counter()
            ours.append(middle - start)
            oracle.append(end - middle)
            read += bool(found)
            disagree += {r.key() for r in found} != expected
        medians.append(statistics.median(ours))
        print(
            f"classify, {size} cards with two wilds, {plays} plays ({read} read as something): "
            f"{figures(ours)}; oracle median {statistics.median(oracle) * 1000:.3f} ms; "
            f"oracle/ours {sum(oracle) / sum(ours):.0f}x"
        )
    times = []
    for _ in range(plays):
        _, cards, level = random_play(rng)
        start = time.perf_counter()
        classify(cards, level)
        times.append(time.perf_counter() - start)
    print(
        f"classify, 1-10 cards with 0-2 wilds, {plays} plays: {figures(times)} "
        f"(target: median < 100 µs)"
    )
    print(f"disagreements with the oracle: {disagree}")
    return disagree, statistics.median(medians)


def top_of(rng, kind, level):
    while True:
        cards = shape(rng, TOP_KINDS[kind], level)
        if max(Counter(cards).values()) > 2:
            continue
        found = [r for r in classify(cards, level) if r.kind == kind]
        if found:
            return rng.choice(found)


def legal(hands: int, seed: int, classify_median: float) -> None:
    rng = random.Random(seed)
    rows = []
    for kind in (*TOP_KINDS, None):
        times, counts = [], []
        for _ in range(hands):
            level = rng.randint(2, 14)
            wild = Card.of(HEARTS, level)
            hand = rng.sample([c for c in shoe(2) if c != wild], 25) + [wild, wild]
            over = top_of(rng, kind, level) if kind else None
            start = time.perf_counter()
            plays = legal_plays(hand, over, level)
            times.append(time.perf_counter() - start)
            counts.append(len(plays))
        rows.append((kind or "(lead)", times, counts))
        print(
            f"legal plays over {kind or '(lead)':14} {hands} hands: {figures(times)}; "
            f"plays median {statistics.median(counts):.0f}; "
            f"= {statistics.median(times) / classify_median:.0f} classify calls"
        )
    tops = [t for name, times, _ in rows if name != "(lead)" for t in times]
    print(f"legal plays over any top, {len(tops)} hands: {figures(tops)} (target < 10 ms)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=3000)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    disagree, classify_median = reading(args.plays, args.seed)
    legal(args.hands, args.seed, classify_median)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
