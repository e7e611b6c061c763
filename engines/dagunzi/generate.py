"""Open endings worth a puzzle: dealt at random, proven by the double-dummy solver.

Each ending deals 3 to 5 cards a seat from a three-deck shoe, often from only a few
suits so that following matters, with a random level, trump suit and dealer. The
learner is always seat 0, to lead or to follow a trick that the seats before it have
started (their plays are random legal ones). ``solve`` gives every legal play its
value; an ending is kept only when

* the best plays are a strict minority of the legal plays, and
* the best play gains the learner's side at least ``MIN_MARGIN`` points more than
  the worst one.

>>> found = list(endings(2, seed=5))
>>> len(found), all(f.margin >= MIN_MARGIN for f in found)
(2, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engines.cards import SMALL_JOKER, SUITS, Card, shoe
from engines.dagunzi import DEAD, LIVE, Order, legal_plays
from engines.dagunzi.solver import Ending, SearchLimit, Solution, solve
from engines.tricks.search import kept

__all__ = ["MIN_MARGIN", "NODE_LIMIT", "Found", "deal", "endings", "grade", "rating"]

NODE_LIMIT = 200_000
MIN_MARGIN = 10


@dataclass(frozen=True)
class Found:
    """A kept ending, its solution and what the learner's side gets."""

    ending: Ending
    solution: Solution
    best: int  # the learner's side's points after a best play
    worst: int  # ... after the worst play
    worst_play: tuple[Card, ...]

    @property
    def learner_attacks(self) -> bool:
        return self.ending.dealer % 2 == 1

    @property
    def margin(self) -> int:
        return self.best - self.worst

    @property
    def size(self) -> int:
        return len(self.ending.hands[0])

    @property
    def rating(self) -> int:
        return rating(self)


def side_points(ending: Ending, solution: Solution, play) -> int:
    """The learner's (seat 0's) side's points from now on after ``play``."""
    attackers = solution.values[play]
    if ending.dealer % 2 == 1:
        return attackers
    return solution.attackers + solution.dealer_side - attackers


def thin(rng: random.Random) -> bool:
    return rng.random() < 0.6


def deal(rng: random.Random) -> Ending:
    """A random ending: seat 0 to lead, or to follow a partial trick."""
    level = rng.randint(3, 10)
    trump = rng.choice(SUITS)
    order = Order(level, trump)
    cards = rng.randint(3, 5)
    pool = shoe(3)
    if rng.random() < 0.75:
        # Few suits: one or two side suits, and trumps (jokers, 2s, level cards too).
        sides = rng.sample([s for s in SUITS if s != trump], rng.randint(1, 2))
        keep = set(sides) | {trump}
        pool = [c for c in pool if c >= SMALL_JOKER or c.rank in (2, level) or c.suit in keep]
        # Not too many trumps: drop most of the jokers and other suits' 2s and level cards.
        pool = [c for c in pool if not (order.is_trump(c) and c.suit not in keep and thin(rng))]
    rng.shuffle(pool)
    hands = [list(pool[i * cards : (i + 1) * cards]) for i in range(4)]
    played = rng.choice([0, 0, 1, 2, 3])  # plays before seat 0's turn
    leader = (0 - played) % 4
    follow = LIVE if rng.random() < 0.2 else DEAD
    trick: list[tuple[Card, ...]] = []
    for i in range(played):
        seat = (leader + i) % 4
        options = legal_plays(hands[seat], trick, order, follow=follow)
        if not trick:
            # A lead is as often a 棒 or 滚子 as the hand allows.
            groups = [p for p in options if len(p) > 1]
            if groups and rng.random() < 0.5:
                options = groups
        play = rng.choice(options)
        for c in play:
            hands[seat].remove(c)
        trick.append(play)
    return Ending(
        hands=tuple(tuple(h) for h in hands),
        trick=tuple(trick),
        to_play=0,
        level=level,
        trump=trump,
        dealer=rng.randrange(4),
        kitty_points=5 * rng.randint(0, 8),
        follow=follow,
    )


def grade(ending: Ending, *, node_limit: int = NODE_LIMIT) -> Found | None:
    """The ending as a puzzle, or None when it is too big or has nothing to find."""
    try:
        solution = solve(ending, node_limit=node_limit)
    except SearchLimit:
        return None
    plays = sorted(solution.values)
    if len(plays) < 2 or 2 * len(solution.best) >= len(plays):
        return None
    scores = {p: side_points(ending, solution, p) for p in plays}
    best = max(scores.values())
    worst_play = min(plays, key=lambda p: (scores[p], p))
    worst = scores[worst_play]
    if best - worst < MIN_MARGIN:
        return None
    return Found(ending, solution, best, worst, worst_play)


def rating(found: Found) -> int:
    """Bigger endings and more choices are harder; a huge margin is easier to see."""
    legal = len(found.solution.values)
    value = 650 + 170 * (found.size - 3) + 25 * min(legal, 12)
    value += 80 if found.ending.trick else 0
    value += 60 if found.ending.follow == LIVE else 0
    value -= min(found.margin, 80) * 2
    return max(500, min(1700, value))


def endings(count: int, *, seed: int, tries: int = 100_000) -> Iterator[Found]:
    """``count`` kept endings (fewer if ``tries`` deals run out), the same for a seed."""
    return kept(deal, grade, count, seed=seed, tries=tries)
