"""Dagunzi: whole hands simulated per second, and legal-play generation against a brute force.

    .venv/bin/python bench/dagunzi_hands.py [--hands 1000] [--positions 2000]

1. Hands per second: random legal players play ``--hands`` hands (deal, declaring,
   tribute, bury, every trick, settlement, invariants) under each rule set, 死棒 and
   活棒. The reference in the same run is a bare deal: shuffling and dealing the 162
   cards and nothing else, so the ratio says what the rules cost on top of moving
   the cards.
2. Legal plays: ``--positions`` positions taken from simulated hands (the seat to
   play, its hand, the trick so far). Ours (``legal_plays``) against a brute force
   that tries every multiset of the right size from the hand with ``check_play``;
   both must give the same set (the run stops if not). The ratio is the brute
   force's time over ours.

A measurement, not a test: it exits 0 whatever the figures (1 if the two disagree).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from contextlib import suppress
from itertools import combinations_with_replacement
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engines.cards import shoe, shuffled  # noqa: E402
from engines.dagunzi import DEAD, LIVE, IllegalPlay, check_play, legal_plays  # noqa: E402
from engines.dagunzi.game import (  # noqa: E402
    BURY,
    JOKERS,
    PLAY,
    Match,
    Redeal,
    play_randomly,
    random_bury,
)
from engines.dagunzi.rules import VARIANTS  # noqa: E402


def bare_deals(count: int) -> float:
    start = time.perf_counter()
    for seed in range(count):
        stream = shuffled(shoe(3), seed)
        hands = [Counter() for _ in range(4)]
        for i, card in enumerate(stream[:156]):
            hands[i % 4][card] += 1
    return time.perf_counter() - start


def hands_per_second(rules, count: int, seed: int) -> tuple[float, int]:
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    played, start = 0, time.perf_counter()
    while played < count:
        hand = match.new_hand()
        try:
            play_randomly(hand, rng)
        except Redeal:
            continue
        hand.check_invariants()
        match.record(hand)
        played += 1
    return time.perf_counter() - start, played


def positions(count: int) -> list[tuple]:
    """(hand, trick, order, follow) at random moments of simulated hands."""
    found, rng = [], random.Random(2026)
    match = Match(VARIANTS["lianzhong"], seed=2026)
    while len(found) < count:
        hand = match.new_hand()
        try:
            hand.deal()
            hand.finish_deal()
        except Redeal:
            continue
        if hand.phase == BURY:
            hand.bury(random_bury(hand, rng))
        if hand.phase == JOKERS:
            hand.start_play()
        while hand.phase == PLAY:
            if rng.random() < 0.1:
                seat = hand.to_play
                follow = rng.choice((DEAD, LIVE))
                found.append((Counter(hand.hands[seat]), list(hand.trick), hand.order, follow))
            hand.play(hand.to_play, rng.choice(hand.legal()))
        match.record(hand)
    return found[:count]


def brute_force(hand: Counter, trick, order, follow) -> set:
    size = len(trick[0]) if trick else None
    sizes = [size] if size else [1, 2, 3]
    found = set()
    distinct = sorted(hand)
    for n in sizes:
        for combo in combinations_with_replacement(distinct, n):
            if Counter(combo) - hand:
                continue
            with suppress(IllegalPlay):
                found.add(check_play(hand, trick, combo, order, follow=follow))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()

    bare = bare_deals(args.hands) / args.hands
    print(f"1. Hands per second ({args.hands} hands per rule set; bare deal {bare * 1e3:.2f} ms)")
    print(f"   {'rules':<22} {'hands/s':>9} {'ms/hand':>9} {'x bare deal':>12}")
    for name, rules in VARIANTS.items():
        for follow in (DEAD, LIVE):
            seconds, played = hands_per_second(rules.with_follow(follow), args.hands, seed=7)
            per = seconds / played
            label = f"{name} {follow}"
            print(f"   {label:<22} {played / seconds:>9.0f} {per * 1e3:>9.1f} {per / bare:>12.0f}")

    sample = positions(args.positions)
    start = time.perf_counter()
    ours = [set(legal_plays(h, t, o, follow=f)) for h, t, o, f in sample]
    ours_time = time.perf_counter() - start
    start = time.perf_counter()
    theirs = [brute_force(h, t, o, f) for h, t, o, f in sample]
    brute_time = time.perf_counter() - start
    disagreements = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)
    plays = sum(len(a) for a in ours)
    print(f"\n2. Legal plays at {len(sample)} positions ({plays} plays in all)")
    print(f"   ours {ours_time * 1e3:.0f} ms ({ours_time / len(sample) * 1e6:.0f} µs a position)")
    print(f"   brute force {brute_time * 1e3:.0f} ms: {brute_time / ours_time:.1f}x ours")
    print(f"   disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
