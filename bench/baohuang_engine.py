"""保皇: what beats what, legal plays from a full hand, whole deals and open endings,
each against a reference measured in the same run.

    .venv/bin/python bench/baohuang_engine.py [--pairs 20000] [--hands 400] [--deals 1000]
                                              [--endings 20] [--seed 2026]

1. ``beats`` on ``--pairs`` random pairs of sets of the same size (1–8 cards,
   jokers in three sets out of four, near ranks half of the time), one call at a
   time: median and worst. The reference is the tests' brute force
   (``tests/engines/baohuang/oracle.py``: ``beats_by_pairing`` tries every pairing
   of the two sets' cards) on the same pairs; both must agree (exit 1 if not), and
   the ratio is the oracle's median over ours.
2. ``legal_sets`` from ``--hands`` dealt 43-card hands (a seed's deal, seat by
   seat), as a lead and over a set of 1–4 cards that the next hand could lead (a
   random size, then a random one of its sets): median and worst, and how many
   sets. Target (``baohuang.md`` §5): < 5 ms against any top.
3. ``--deals`` whole deals one after another: the deal, the last hand's tribute
   paid (``tribute_plan`` and ``apply``), the role offered round the table
   (``random_hand``), random players to the last card (``play_randomly``) and the
   score. Target: < 60 s for 1,000. The reference in the same run is a bare
   shuffle and deal (``Hand.deal``) of as many deals.
4. The solver on ``--endings`` endings of 5 hands × 4 cards dealt from the shuffled
   four decks (random roles, the emperor to lead), each solved for both goals
   ("first" and "win", every first move's value and the refutations), and as many
   again from 4 ranks and the jokers (sets of several cards): median and worst
   seconds and nodes. Target: < 2 s. The reference: the tests' plain minimax
   (``oracle.minimax_values``, no table) against the solver on the same endings of
   5 hands × 2–3 cards (the plain minimax needs minutes for some of 5 × 3), which
   must agree (exit 1 if not).

A measurement, not a test: it exits 0 whatever the figures (1 if a reference
disagrees).
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

from engines.baohuang import (  # noqa: E402
    Roles,
    Set,
    beats,
    legal_sets,
    tribute_plan,
)
from engines.baohuang.game import Hand, play_randomly, random_hand  # noqa: E402
from engines.baohuang.solver import PASS, Ending, solve  # noqa: E402
from engines.cards import shoe  # noqa: E402
from tests.engines.baohuang.oracle import (  # noqa: E402
    BIG,
    SMALL,
    beats_by_pairing,
    minimax_values,
    values,
)

TARGET_LEGAL = 0.005
TARGET_DEALS = 60.0
TARGET_ENDING = 2.0


def p99(times) -> float:
    return sorted(times)[int(0.99 * (len(times) - 1))]


def us(seconds: float) -> str:
    return f"{1e6 * seconds:.2f} µs"


def ms(seconds: float) -> str:
    return f"{1e3 * seconds:.3f} ms"


def random_key(rng: random.Random, size: int, ranks) -> tuple[int, ...]:
    if rng.random() < 0.1:
        natural = 0
    elif rng.random() < 0.25:
        natural = size
    else:
        natural = rng.randint(1, size)
    big = rng.randint(0, size - natural)
    small = size - natural - big
    rank = rng.choice(ranks)
    return (BIG,) * big + (SMALL,) * small + (rank,) * natural


def set_of_key(key: tuple[int, ...]) -> Set:
    ranks = [v for v in key if v < SMALL]
    return Set(ranks[0] if ranks else None, len(ranks), key.count(SMALL), key.count(BIG))


def beats_section(pairs: int, seed: int) -> int:
    rng = random.Random(f"{seed}-beats")
    ours, slow = [], []
    disagree = beaten = 0
    clock = time.perf_counter
    for _ in range(pairs):
        size = rng.randint(1, 8)
        ranks = range(3, 16) if rng.random() < 0.5 else range(8, 11)
        a, b = random_key(rng, size, ranks), random_key(rng, size, ranks)
        play, top = set_of_key(a), set_of_key(b)
        start = clock()
        found = beats(play, top)
        middle = clock()
        expected = beats_by_pairing(a, b)
        slow.append(clock() - middle)
        ours.append(middle - start)
        disagree += found != expected
        beaten += found
    median, ref = statistics.median(ours), statistics.median(slow)
    print(
        f"beats, {pairs} random pairs of 1-8 cards ({beaten} beaten): median {us(median)}, "
        f"p99 {us(p99(ours))}, worst {us(max(ours))}; oracle (every pairing) median "
        f"{us(ref)}, p99 {us(p99(slow))}, worst {us(max(slow))}, ratio {ref / median:.1f}x; "
        f"disagreements: {disagree}"
    )
    return disagree


def legal_section(hands: int, seed: int) -> None:
    rng = random.Random(f"{seed}-legal")
    dealt = []
    deal = 0
    while len(dealt) < hands:
        deal += 1
        dealt += [Counter(h) for h in Hand.deal(f"{seed}-legal-{deal}").hands]
    dealt = dealt[:hands]
    lead_times, lead_counts, top_times, top_counts = [], [], [], []
    clock = time.perf_counter
    for at, hand in enumerate(dealt):
        start = clock()
        found = legal_sets(hand)
        lead_times.append(clock() - start)
        lead_counts.append(len(found))
        # A set the next seat could lead: 1 to 4 cards, any of its sets of that size.
        other = legal_sets(dealt[at + 1 if at + 1 < len(dealt) else 0])
        size = rng.randint(1, 4)
        top = rng.choice([s for s in other if s.size == size])
        start = clock()
        found = legal_sets(hand, top)
        top_times.append(clock() - start)
        top_counts.append(len(found))
    for label, times, counts, target in (
        ("as a lead", lead_times, lead_counts, ""),
        ("over a random top", top_times, top_counts, f" (target < {1e3 * TARGET_LEGAL:.0f} ms)"),
    ):
        print(
            f"legal sets from 43 cards, {label}, {hands} hands: median "
            f"{ms(statistics.median(times))}, p99 {ms(p99(times))}, worst {ms(max(times))}"
            f"{target}; sets median "
            f"{statistics.median(counts):.0f}, most {max(counts)}"
        )


def deals_section(count: int, seed: int) -> None:
    clock = time.perf_counter
    start = clock()
    for i in range(count):
        Hand.deal(f"{seed}-bare-{i}")
    bare = clock() - start
    rng = random.Random(f"{seed}-deals")
    kinds, turns = Counter(), 0
    prev = None
    played = deal = 0
    start = clock()
    while played < count:
        deal += 1
        hands = [Counter(h) for h in Hand.deal(f"{seed}-deal-{deal}").hands]
        if prev is not None:
            plan = tribute_plan(*prev, hands)
            plan.apply(hands)
            kinds[plan.kind] += 1
        hand = random_hand(f"{seed}-deal-{deal}", hands=hands)
        if hand.phase == "void":
            kinds["void"] += 1
            continue
        play_randomly(hand, rng)
        turns += len(hand.record)
        result = hand.score()
        prev = (hand.roles, result.places)
        played += 1
    seconds = clock() - start
    print(
        f"whole deals: {count} in {seconds:.1f} s (target < {TARGET_DEALS:.0f} s), "
        f"{count / seconds:.1f} a second, {turns / count:.0f} steps a deal; "
        f"{kinds.pop('void', 0)} void, tribute {dict(kinds)}; "
        f"a bare shuffle and deal {1e3 * bare / count:.2f} ms, ratio {seconds / bare:.0f}x"
    )


def ending(rng: random.Random, cards, ranks: int | None) -> Ending:
    """Five hands of ``cards`` cards each (a tuple: a random one of them for each)."""
    pool = shoe(4)
    if ranks is not None:
        chosen = set(rng.sample(range(2, 15), ranks))
        pool = [c for c in pool if c.is_joker or c.rank in chosen]
    rng.shuffle(pool)
    hands, at = [], 0
    for _ in range(5):
        n = rng.choice(cards)
        hands.append(tuple(pool[at : at + n]))
        at += n
    emperor = rng.randrange(5)
    royalist = rng.choice([None, *[s for s in range(5) if s != emperor]])
    return Ending(tuple(hands), Roles(emperor, royalist), emperor)


def endings_section(count: int, seed: int) -> int:
    rng = random.Random(f"{seed}-endings")
    clock = time.perf_counter
    for label, ranks in (("dealt from four decks", None), ("from 4 ranks and jokers", 4)):
        runs = {"first": [], "win": []}
        for _ in range(count):
            e = ending(rng, (4,), ranks)
            for goal in runs:
                start = clock()
                s = solve(e, goal)
                runs[goal].append((clock() - start, s.nodes))
        for goal, found in runs.items():
            times = sorted(t for t, _ in found)
            over = sum(t >= TARGET_ENDING for t in times)
            print(
                f"5 x 4 cards {label}, goal {goal!r}, {count} endings: median "
                f"{statistics.median(times):.3f} s, worst {times[-1]:.3f} s "
                f"(target < {TARGET_ENDING:.0f} s, {over} over); nodes median "
                f"{int(statistics.median(n for _, n in found)):,}, worst "
                f"{max(n for _, n in found):,}"
            )
    disagree = 0
    ours = slow = 0.0
    for _ in range(count):
        e = ending(rng, (2, 3), None)
        hands = [values(h) for h in e.hands]
        for goal in ("first", "win"):
            start = clock()
            s = solve(e, goal)
            middle = clock()
            expected = minimax_values(
                hands, e.roles.emperor, e.roles.royalist, e.to_play, None, None, (), goal
            )
            slow += clock() - middle
            ours += middle - start
            got = {("pass" if m is PASS else m.key): v for m, v in s.plays.items()}
            disagree += got != expected
    print(
        f"reference, {count} endings of 5 x 2-3 cards, both goals: plain minimax {slow:.2f} s, "
        f"solver {ours:.2f} s, ratio {slow / ours:.0f}x; disagreements: {disagree}"
    )
    return disagree


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=20_000)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--endings", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"保皇 beats, legal sets, whole deals and endings, seed {args.seed}\n")
    disagree = beats_section(args.pairs, args.seed)
    legal_section(args.hands, args.seed)
    deals_section(args.deals, args.seed)
    disagree += endings_section(args.endings, args.seed)
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
