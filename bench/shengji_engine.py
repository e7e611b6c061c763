"""Shengji (升级): legal follows on 25-card hands, whole hands per second, open endings solved.

    .venv/bin/python bench/shengji_engine.py [--positions 1000] [--hands 1000] [--endings 30]

1. Legal follows. Full 25-card hands dealt at random, each against a lead from
   another hand: a single unit (single, pair or tractor) and a throw of three units
   of one suit. Ours (``legal_follows``) against a brute force that tries every
   multiset of the lead's size from the hand's cards of the led suit and keeps those
   the rules' text allows (best tractor cover, then pairs), found the slow, obvious
   way. Both must agree (exit 1 if not); the ratio is the brute force's time over
   ours. Targets (``shengji.md`` §5): median under 2 ms against a single unit and
   under 20 ms against a three-unit throw.
2. Whole hands. Random legal players play ``--hands`` hands (deal with declaring,
   the kitty, every trick with throws checked, settlement, the match). The
   reference in the same run is a bare deal (shuffle 108 cards and deal them).
   Target: 1,000 hands in under 60 s.
3. Open endings of four hands of six cards, with pairs and tractors dealt often,
   solved completely (every legal play's value). Target: under 1 s each.

A measurement, not a test: it exits 0 whatever the figures (1 if the two disagree).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.cards import SUITS, shoe, shuffled  # noqa: E402
from engines.shengji import Order, decompose, leads, legal_follows  # noqa: E402
from engines.shengji.hand import simulate  # noqa: E402


def brute_follows(hand, lead, order) -> set:
    """Every legal follow by brute force: the rules' text, the slow way."""
    suit = order.suit_of[lead[0]]
    n = len(lead)
    suited = sorted(c for c in hand if order.suit_of[c] == suit)
    rest = sorted(c for c in hand if order.suit_of[c] != suit)
    if len(suited) <= n:
        return {
            tuple(sorted(suited + list(extra))) for extra in combinations(rest, n - len(suited))
        }
    units = decompose(lead, order)
    tractors = [u.length for u in units if u.length >= 2]
    lead_pairs = sum(u.length for u in units)
    scored = {}
    for play in {tuple(p) for p in combinations(suited, n)}:
        pairs = [c for c, k in Counter(play).items() if k == 2]
        scored[play] = (cover(pairs, tractors, order), min(len(pairs), lead_pairs))
    top = max(scored.values())
    return {p for p, s in scored.items() if s == top}


def cover(pairs, tractors, order) -> int:
    """The most pairs that runs of exactly the lead's tractor lengths can cover."""
    best = 0
    for take in range(len(tractors) + 1):
        for chosen in combinations(range(len(tractors)), take):
            lengths = [tractors[i] for i in chosen]
            if fits(list(pairs), lengths, order):
                best = max(best, sum(lengths))
    return best


def fits(pairs, lengths, order) -> bool:
    if not lengths:
        return True
    k = lengths[0]
    for run in combinations(pairs, k):
        slots = sorted(order.strength[c] for c in run)
        consecutive = all(b - a == 1 for a, b in zip(slots, slots[1:], strict=False))
        if consecutive and fits([c for c in pairs if c not in run], lengths[1:], order):
            return True
    return False


def throw_of_three(hand, order, rng):
    """Three units of one suit from ``hand`` (a pair or tractor among them), or None."""
    by_suit = {}
    for unit in leads(Counter(hand), order):
        by_suit.setdefault(order.suit_of[unit[0]], []).append(unit)
    for suit in rng.sample(sorted(by_suit), len(by_suit)):
        units = by_suit[suit]
        rng.shuffle(units)
        left, chosen = Counter(hand), []
        for unit in sorted(units, key=len, reverse=True):
            if not Counter(unit) - left:
                chosen.append(unit)
                left -= Counter(unit)
            if len(chosen) == 3:
                cards = [c for u in chosen for c in u]
                if len(decompose(cards, order)) == 3 and any(len(u) > 1 for u in chosen):
                    return cards
                break
    return None


def follows(positions: int, seed: int) -> int:
    rng = random.Random(seed)
    single, thrown = ([], []), ([], [])
    disagree = 0
    while len(single[0]) < positions or len(thrown[0]) < positions:
        deck = shuffled(shoe(2), rng.random())
        order = Order(rng.randint(2, 14), rng.choice([*SUITS, None]))
        hand, other = deck[:25], deck[25:50]
        one = list(rng.choice(leads(Counter(other), order)))
        three = throw_of_three(other, order, rng)
        for lead, (ours, brute), room in ((one, single, positions), (three, thrown, positions)):
            if lead is None or len(ours) >= room:
                continue
            start = time.perf_counter()
            found = legal_follows(hand, lead, order)
            middle = time.perf_counter()
            expected = brute_follows(hand, lead, order)
            end = time.perf_counter()
            ours.append(middle - start)
            brute.append(end - middle)
            if {tuple(p) for p in found} != expected or len(found) != len(set(found)):
                disagree += 1
    for name, (ours, brute) in (("single unit", single), ("three-unit throw", thrown)):
        ours_ms = sorted(t * 1000 for t in ours)
        print(
            f"legal follows, {name:17} {len(ours):5} positions: ours median "
            f"{statistics.median(ours_ms):.3f} ms, p99 {ours_ms[int(0.99 * len(ours_ms))]:.3f} ms,"
            f" worst {ours_ms[-1]:.3f} ms; brute force median "
            f"{statistics.median(brute) * 1000:.3f} ms; brute/ours {sum(brute) / sum(ours):.1f}x"
        )
    print(f"disagreements: {disagree}")
    return disagree


def bare_deals(count: int) -> float:
    start = time.perf_counter()
    for seed in range(count):
        stream = shuffled(shoe(2), seed)
        hands = [Counter() for _ in range(4)]
        for i, card in enumerate(stream[:100]):
            hands[i % 4][card] += 1
    return time.perf_counter() - start


def hands(count: int, seed: int) -> None:
    start = time.perf_counter()
    for _hand, _match in simulate(count, seed=seed):
        pass
    took = time.perf_counter() - start
    bare = bare_deals(count)
    print(
        f"whole hands: {count} in {took:.1f} s ({count / took:.0f} a second); a bare deal "
        f"{bare / count * 1e3:.2f} ms; a hand costs {took / bare:.0f}x a bare deal"
    )


def endings(count: int, seed: int) -> None:
    from engines.shengji.generate import deal
    from engines.shengji.solver import solve

    rng = random.Random(seed)
    times, nodes = [], []
    while len(times) < count:
        ending = deal(rng, size=6)
        start = time.perf_counter()
        solution = solve(ending)
        times.append(time.perf_counter() - start)
        nodes.append(solution.nodes)
    times.sort()
    print(
        f"open endings 4x6: {count} solved: median {statistics.median(times) * 1000:.0f} ms, "
        f"worst {times[-1] * 1000:.0f} ms, nodes median {statistics.median(nodes):.0f} "
        f"(target < 1 s each)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--endings", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    disagree = follows(args.positions, args.seed)
    hands(args.hands, args.seed)
    endings(args.endings, args.seed)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
