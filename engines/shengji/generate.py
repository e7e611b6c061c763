"""Open 升级 endings worth a puzzle: dealt at random, proven by the double-dummy solver.

Each ending deals 3 to 5 cards a seat from two decks, mostly from one or two side
suits and trumps, with pairs made likely so that tractors, pair-following and
throws matter; a random level (2 to A), trump suit (sometimes no-trump) and dealer.
The learner is always seat 0, to lead or to follow a trick the seats before it have
started with random legal plays. An ending is kept only when the best plays are a
strict minority of the legal plays and the best one is worth at least
``MIN_MARGIN`` points more to the learner's side than the worst.

>>> found = list(endings(1, seed=5))
>>> len(found), found[0].margin >= MIN_MARGIN
(1, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from engines.cards import SUITS, Card, shoe
from engines.shengji import Order, leads, legal_follows
from engines.shengji.solver import Ending, SearchLimit, Solution, solve
from engines.tricks.search import kept

__all__ = ["MIN_MARGIN", "NODE_LIMIT", "Found", "deal", "endings", "grade"]

NODE_LIMIT = 200_000
MIN_MARGIN = 10


@dataclass(frozen=True)
class Found:
    """A kept ending, its solution, and what the learner's side gets."""

    ending: Ending
    solution: Solution
    worst_play: tuple[Card, ...]

    @property
    def learner_attacks(self) -> bool:
        return self.ending.dealer % 2 == 1

    def gain(self, play) -> int:
        """The learner's side's score after ``play``: the attackers' points, or their
        negative when the learner's side deals."""
        value = self.solution.values[play]
        return value if self.learner_attacks else -value

    @property
    def margin(self) -> int:
        return self.gain(self.solution.best[0]) - self.gain(self.worst_play)

    @property
    def size(self) -> int:
        return len(self.ending.hands[0])

    @property
    def rating(self) -> int:
        """Bigger endings, more choices and a trick to follow are harder; a huge margin
        is easier to see."""
        legal = len(self.solution.values)
        value = 700 + 150 * (self.size - 3) + 25 * min(legal, 12)
        value += 80 if self.ending.trick else 0
        value += 60 if self.ending.trump is None else 0
        value -= min(self.margin, 80) * 2
        return max(600, min(1700, value))


def deal(rng: random.Random, size: int | None = None) -> Ending:
    """A random ending of ``size`` cards a seat (3 to 5 when not given): seat 0 to
    lead, or to follow a trick already started."""
    level = rng.randint(2, 14)
    trump = None if rng.random() < 0.15 else rng.choice(SUITS)
    order = Order(level, trump)
    size = size or rng.randint(3, 5)
    pool = shoe(2)
    if rng.random() < 0.8:
        sides = rng.sample([s for s in SUITS if s != trump], rng.randint(1, 2))
        keep = set(sides) | ({trump} if trump is not None else set())
        pool = [
            c
            for c in pool
            if (c.is_joker or c.rank == level)
            and rng.random() < 0.3
            or (not c.is_joker and c.rank != level and c.suit in keep)
        ]
    # Pairs: both copies of a card dealt to the same seat, often.
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(4)]
    left = Counter(pool)
    for seat in range(4):
        while len(hands[seat]) < size:
            card = rng.choice(list(left.elements()))
            take = (
                2 if left[card] == 2 and len(hands[seat]) <= size - 2 and rng.random() < 0.5 else 1
            )
            hands[seat] += [card] * take
            left[card] -= take
            left = +left
    played = rng.choice([0, 0, 1, 2, 3])
    leader = (0 - played) % 4
    trick: list[tuple[Card, ...]] = []
    for i in range(played):
        seat = (leader + i) % 4
        if not trick:
            options = leads(hands[seat], order)
            longer = [p for p in options if len(p) > 1]
            options = longer if longer and rng.random() < 0.6 else options
            play = rng.choice(options)
        else:
            play = rng.choice(legal_follows(hands[seat], trick[0], order))
        for c in play:
            hands[seat].remove(c)
        trick.append(tuple(play))
    return Ending(
        hands=tuple(tuple(h) for h in hands),
        trick=tuple(trick),
        to_play=0,
        level=level,
        trump=trump,
        dealer=rng.randrange(4),
        kitty_points=5 * rng.randint(0, 8),
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
    found = Found(ending, solution, ())
    worst = min(plays, key=lambda p: (found.gain(p), p))
    found = Found(ending, solution, worst)
    if found.margin < MIN_MARGIN:
        return None
    return found


def endings(count: int, *, seed: int, tries: int = 100_000) -> Iterator[Found]:
    """``count`` kept endings (fewer if ``tries`` deals run out), the same for a seed."""
    return kept(deal, grade, count, seed=seed, tries=tries)
