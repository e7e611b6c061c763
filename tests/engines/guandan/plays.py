"""Random Guandan plays for the tests and the bench: real shapes (bombs, straights,
tubes, plates, full houses, straight flushes) spoiled or stretched, with wilds put in,
so that a comparison sees every kind and its near misses, not only "nothing"."""

from __future__ import annotations

from collections import Counter

from engines.cards import BIG_JOKER as BJ
from engines.cards import CARDS, HEARTS, SUITS, Card
from engines.cards import SMALL_JOKER as SJ

__all__ = ["KINDS", "WEIGHTS", "natural", "random_play", "shape"]


def natural(rng, rank):
    return Card.of(rng.choice(SUITS), 14 if rank == 1 else rank)


def shape(rng, kind, level):
    """Cards that make ``kind`` (before any wild goes in)."""
    if kind == "single":
        return [rng.choice(CARDS)]
    if kind in ("pair", "triple", "bomb"):
        if kind == "pair" and rng.random() < 0.15:
            return [rng.choice((SJ, BJ))] * 2
        n = {"pair": 2, "triple": 3}.get(kind) or rng.randint(4, 8)
        rank = rng.choice((level, *range(2, 15)))
        return [natural(rng, rank) for _ in range(n)]
    if kind == "full-house":
        triple, pair = rng.sample(range(2, 15), 2)
        if rng.random() < 0.15:
            return [natural(rng, triple) for _ in range(3)] + [rng.choice((SJ, BJ))] * 2
        return [natural(rng, triple) for _ in range(3)] + [natural(rng, pair) for _ in range(2)]
    if kind == "four-jokers":
        return [SJ, SJ, BJ, BJ]
    length, each = {"straight": (5, 1), "flush": (5, 1), "tube": (3, 2), "plate": (2, 3)}[kind]
    top = rng.choice((length, 14, *range(length, 15)))  # A low or high more often
    window = range(top - length + 1, top + 1)
    if kind == "flush":
        suit = rng.choice(SUITS)
        return [Card.of(suit, 14 if r == 1 else r) for r in window]
    return [natural(rng, r) for r in window for _ in range(each)]


KINDS = (
    "single",
    "pair",
    "triple",
    "full-house",
    "straight",
    "flush",
    "tube",
    "plate",
    "bomb",
    "four-jokers",
    "random",
)
WEIGHTS = (2, 3, 3, 8, 8, 8, 7, 7, 7, 1, 4)


def random_play(rng):
    """A play of 1-10 cards, no card more than twice, and its level."""
    while True:
        kind = rng.choices(KINDS, WEIGHTS)[0]
        level = rng.randint(2, 14)
        if kind == "random":
            cards = [rng.choice(CARDS) for _ in range(rng.randint(1, 10))]
        else:
            cards = shape(rng, kind, level)
            if kind in ("straight", "flush", "tube", "plate") and rng.random() < 0.3:
                level = rng.choice(cards).rank  # the level rank inside the sequence
        wild = Card.of(HEARTS, level)
        for _ in range(rng.choice((0, 0, 0, 1, 1, 2))):  # spoil or stretch it
            how = rng.random()
            if how < 0.4 and cards:
                cards[rng.randrange(len(cards))] = rng.choice(CARDS)
            elif how < 0.6 and len(cards) > 1:
                cards.pop(rng.randrange(len(cards)))
            elif how < 0.8:
                cards.append(rng.choice(CARDS))
            else:
                cards.append(rng.choice((SJ, BJ)))
        wilds = rng.choices((0, 1, 2), (35, 35, 30))[0]
        for _ in range(wilds - cards.count(wild)):  # replace a card or add one
            if cards and rng.random() < 0.85:
                cards[rng.randrange(len(cards))] = wild
            else:
                cards.insert(rng.randrange(len(cards) + 1), wild)
        if 1 <= len(cards) <= 10 and max(Counter(cards).values()) <= 2:
            return kind, cards, level
