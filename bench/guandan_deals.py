"""Guandan: whole deals simulated per second, against a bare shuffle and deal.

    .venv/bin/python bench/guandan_deals.py [--deals 1000] [--seed 1]

Random players (``engines.guandan.hand.simulate``: a random lead of a random
kind, or a random play that beats the top, or a pass) play ``--deals`` whole
deals in matches: the deal, tribute and return, every trick with each play
checked by ``classify``/``beats``, the finishing order, levels and the A rule.
The reference in the same run is a bare deal: shuffling the 108 cards and
dealing them into four hands of 27, nothing else, so the ratio says what the
rules and the random players cost on top of moving the cards. Times are CPU
seconds of this process (``time.process_time``), so other work on the machine
counts less.

A measurement, not a test: it exits 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.cards import shoe  # noqa: E402
from engines.guandan.hand import simulate  # noqa: E402


def bare_deals(count: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(count):
        cards = shoe(2)
        random.Random(rng.getrandbits(64)).shuffle(cards)
        hands = [Counter(cards[s::4]) for s in range(4)]
        assert sum(sum(h.values()) for h in hands) == 108
    return time.process_time() - start


def simulated_deals(count: int, seed: int) -> tuple[float, Counter, int, int]:
    kinds, turns, matches = Counter(), 0, 0
    start = time.process_time()
    for _, record in simulate(seed, hands=count):
        kinds[record.plan.kind] += 1
        turns += len(record.hand.plays())
        matches += record.match_won is not None
    return time.process_time() - start, kinds, turns, matches


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    bare = bare_deals(args.deals, args.seed)
    seconds, kinds, turns, matches = simulated_deals(args.deals, args.seed)
    n = args.deals
    print(f"{n} deals (CPU seconds)")
    print(f"  {'':<22} {'seconds':>8} {'deals/s':>9} {'ms/deal':>8}")
    print(f"  {'bare shuffle and deal':<22} {bare:>8.2f} {n / bare:>9.0f} {bare / n * 1e3:>8.3f}")
    print(f"  {'whole deals':<22} {seconds:>8.2f} {n / seconds:>9.1f} {seconds / n * 1e3:>8.1f}")
    print(f"  ratio: a whole deal costs {seconds / bare:.0f}x a bare deal")
    print(f"  {turns / n:.0f} turns a deal; tribute {dict(kinds)}; {matches} matches won")
    return 0


if __name__ == "__main__":
    sys.exit(main())
