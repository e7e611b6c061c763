"""掼蛋 puzzles made at random and proven by the solver: open endings for
``guandan.lead`` and hands for ``guandan.partition``.

An ending deals 3 to 6 cards a seat from the two decks (often from a few ranks, so
that pairs, triples and sequences turn up), at a level from 2 to A, with a wild
(逢人配) now and then and a play on the table now and then (an opponent's or the
partner's, the seats between having passed). Seat 0 is to play, and the goal is
"first" (头游) or, less often, "double" (双下). An ending is kept when some first
moves win and the winning ones are a strict minority of the legal ones:

>>> found = list(generate(2, seed=4))
>>> all(0 < len(f.solution.winning) and 2 * len(f.solution.winning) < len(f.solution.plays)
...     for f in found)
True

A partition puzzle is a hand of 8 to 14 cards whose fewest plays are fewer than the
obvious split (``greedy_partition``: always the lead with the most cards) finds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engines.cards import Card, shoe

from . import Play, legal_plays, wild_card
from .solver import Ending, SearchLimit, Solution, Table, greedy_partition, min_partition, solve

__all__ = ["NODE_LIMIT", "Found", "FoundPartition", "deal", "generate", "partitions"]

NODE_LIMIT = 200_000  # an ending that needs more is skipped, not solved


@dataclass(frozen=True)
class Found:
    """A kept ending, its goal and its solution."""

    ending: Ending
    goal: str
    solution: Solution

    @property
    def rating(self) -> int:
        """Bigger hands, more moves and fewer winning ones are harder."""
        cards = sum(len(h) for h in self.ending.hands)
        moves, winning = len(self.solution.plays), len(self.solution.winning)
        value = 700 + 25 * (cards - 12) + 15 * min(moves, 20) - 40 * winning
        value += 80 if self.ending.table else 0
        value += 120 if self.goal == "double" else 0
        return max(500, min(1800, value))


@dataclass(frozen=True)
class FoundPartition:
    hand: tuple[Card, ...]
    level: int
    count: int  # the fewest plays
    plays: tuple[Play, ...]  # one way to make them
    greedy: int  # what the obvious split makes


def _pool(rng: random.Random, level: int) -> list[Card]:
    pool = shoe(2)
    if rng.random() < 0.6:  # a few ranks: combinations turn up
        ranks = set(rng.sample(range(2, 15), rng.randint(4, 7))) | {level}
        pool = [c for c in pool if c.is_joker and rng.random() < 0.5 or c.rank in ranks]
    rng.shuffle(pool)
    return pool


def deal(rng: random.Random, *, low: int = 3, high: int = 6) -> Ending:
    """A random ending, seat 0 to play: ``low`` to ``high`` cards a seat."""
    level = rng.randint(2, 14)
    pool = _pool(rng, level)
    sizes = [rng.randint(low, high) for _ in range(4)]
    if rng.random() < 0.35:  # a wild in someone's hand
        wild = wild_card(level)
        if wild in pool:
            pool.remove(wild)
        pool.insert(rng.randrange(sum(sizes)), wild)
    hands, at = [], 0
    for n in sizes:
        hands.append(list(pool[at : at + n]))
        at += n
    table = None
    if rng.random() < 0.4:
        owner = rng.choice((1, 2, 3))
        options = [
            p for p in legal_plays(hands[owner], None, level) if len(p.cards) < len(hands[owner])
        ]
        if options:
            play = rng.choice(options)
            for c in play.cards:
                hands[owner].remove(c)
            table = Table(play, owner, 3 - owner)
    return Ending(tuple(tuple(h) for h in hands), level, 0, table)


def grade(ending: Ending, goal: str, *, node_limit: int = NODE_LIMIT) -> Found | None:
    """The ending as a puzzle, or None: too big to solve, or nothing to find."""
    try:
        solution = solve(ending, goal, node_limit=node_limit)
    except SearchLimit:
        return None
    winning = len(solution.winning)
    if winning == 0 or 2 * winning >= len(solution.plays):
        return None
    return Found(ending, goal, solution)


def generate(
    count: int, seed: int, *, low: int = 3, high: int = 6, tries: int = 20_000
) -> Iterator[Found]:
    """``count`` kept endings (fewer if ``tries`` deals run out), the same for a seed."""
    rng = random.Random(seed)
    seen = set()
    found = 0
    for _ in range(tries):
        if found >= count:
            return
        ending = deal(rng, low=low, high=high)
        goal = "double" if rng.random() < 0.2 else "first"
        key = (ending.hands, ending.level, ending.table, goal)
        if key in seen:
            continue
        seen.add(key)
        graded = grade(ending, goal)
        if graded is not None:
            found += 1
            yield graded


def partitions(count: int, seed: int, *, tries: int = 20_000) -> Iterator[FoundPartition]:
    """``count`` hands of 8 to 14 cards that the obvious split gets wrong, the same
    for a seed.

    >>> all(f.count < f.greedy and 8 <= len(f.hand) <= 14 for f in partitions(3, seed=1))
    True
    """
    rng = random.Random(seed)
    found = 0
    for _ in range(tries):
        if found >= count:
            return
        level = rng.randint(2, 14)
        hand = tuple(sorted(_pool(rng, level)[: rng.randint(8, 14)]))
        fewest, plays = min_partition(hand, level)
        greedy = len(greedy_partition(hand, level))
        if fewest < greedy:
            found += 1
            yield FoundPartition(hand, level, fewest, tuple(plays), greedy)
