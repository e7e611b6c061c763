"""``legal_plays`` against a brute force (spec §3 and §5: equal on 5,000 hands of at
most 12 cards).

The brute force takes every distinct sub-multiset of the hand, reads it with
``classify`` and keeps each reading that ``beats`` the top play. Hands of 1 to 12
cards, with 0 to 2 wilds, are half dealt from the whole shoe and half from a few
neighbouring ranks (where pairs, sequences and bombs are); the top is none (a
lead), a play of any kind or a bomb, from a fixed seed. Then full 27-card hands with
both wilds: every play is in the hand, reads as it says and beats the top. About 45 s
of one core (40-46 s measured; more wall time when the shared machine is busy).
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from itertools import product

from engines.cards import CARDS, HEARTS, Card, cards_text, parse_cards, shoe
from engines.guandan import beats, classify, legal_plays
from tests.engines.guandan.plays import random_play

HANDS = 5_000
SEED = 2023


def sub_multisets(hand):
    """Every distinct non-empty sub-multiset of ``hand``, as sorted tuples."""
    counts = sorted(Counter(hand).items())
    for takes in product(*(range(k + 1) for _, k in counts)):
        cards = tuple(
            card for (card, _), take in zip(counts, takes, strict=True) for _ in range(take)
        )
        if cards:
            yield cards


def brute_force(hand, over, level):
    return {
        (cards, reading.key())
        for cards in sub_multisets(hand)
        for reading in classify(cards, level)
        if beats(reading, over)
    }


def random_hand(rng, size, level):
    """``size`` cards, no card more than twice, 0-2 of them wild."""
    wild = Card.of(HEARTS, level)
    while True:
        if rng.random() < 0.5:
            hand = rng.sample(shoe(2), size)
        else:  # a few neighbouring ranks, some suits, now and then a joker
            low = rng.randint(1, 11)
            ranks = [14 if r == 1 else r for r in range(low, low + rng.randint(2, 4))]
            suits = rng.sample(range(4), rng.randint(1, 4))
            pool = [Card.of(s, r) for s in suits for r in ranks] * 2 + [CARDS[52], CARDS[53]]
            hand = rng.sample(pool, min(size, len(pool)))
        wilds = rng.choice((0, 1, 2))
        hand = [c for c in hand if c != wild][: size - wilds] + [wild] * wilds
        if len(hand) == size and max(Counter(hand).values()) <= 2:
            return hand


def random_top(rng, level):
    """A reading to beat: none (a lead) one time in eight, else any kind or a bomb."""
    if rng.random() < 0.125:
        return None
    while True:
        _, cards, _ = random_play(rng)
        readings = classify(cards, level)
        if readings:
            return rng.choice(readings)


def test_legal_plays_match_the_brute_force():
    rng = random.Random(SEED)
    failures, tops = [], Counter()
    gc.disable()
    try:
        for _ in range(HANDS):
            level = rng.randint(2, 14)
            hand = random_hand(rng, rng.randint(1, 12), level)
            over = random_top(rng, level)
            tops[over.kind if over else "lead"] += 1
            plays = legal_plays(hand, over, level)
            ours = [(tuple(sorted(p.cards)), p.reading.key()) for p in plays]
            expected = brute_force(hand, over, level)
            if set(ours) != expected or len(ours) != len(set(ours)):
                missing, extra = expected - set(ours), set(ours) - expected
                failures.append(
                    f"{cards_text(hand)} at level {level} over {over and over.text()}: "
                    f"missing {sorted(missing)[:3]}, extra {sorted(extra)[:3]}, "
                    f"{len(ours) - len(set(ours))} repeated"
                )
    finally:
        gc.enable()
    print(f"\n{HANDS} hands; tops: {dict(tops.most_common())}")
    assert not failures, f"{len(failures)} hands differ, e.g.\n" + "\n".join(failures[:5])
    assert min(tops.values()) > 30


def test_full_hands_with_both_wilds_play_only_their_own_cards():
    rng = random.Random(SEED + 1)
    for _ in range(60):
        level = rng.randint(2, 14)
        wild = Card.of(HEARTS, level)
        deck = [c for c in shoe(2) if c != wild]
        hand = rng.sample(deck, 25) + [wild, wild]
        over = random_top(rng, level)
        have = Counter(hand)
        for play in legal_plays(hand, over, level):
            assert not Counter(play.cards) - have, (play.text(), cards_text(hand))
            assert play.reading in classify(play.cards, level), play
            assert beats(play.reading, over), (play, over)


def test_a_low_straight_flush_beats_a_higher_straight():
    # GD-11: a straight flush is a bomb, so A-2-3-4-5 suited may go on a straight to K,
    # with or without a wild in it.
    over = classify(parse_cards("♠9 ♦10 ♣J ♠Q ♦K"), 9)[0]
    for text in ("♠A ♠2 ♠3 ♠4 ♠5 ♦8", "♠A ♠2 ♥9 ♠4 ♠5 ♦8"):
        plays = {p.reading.text() for p in legal_plays(parse_cards(text), over, 9)}
        assert "straight flush to 5" in plays, text
