"""``classify`` against the brute-force wild oracle (spec §3 and §5: 0 disagreements
on 50,000 plays).

The oracle (``oracle.oracle_readings``) gives each heart level card every identity
but a joker, 52 or 52 × 52 ways, and pools the readings of the plain cards. Plays
of 1 to 10 cards with 0 to 2 wilds come from a fixed seed. Random subsets of the
shoe are nearly all "nothing", so most plays are built as real shapes (single,
pair, triple, full house, straight, straight flush, tube, plate, bomb, four jokers)
and then spoiled or stretched: a card swapped, dropped or added, a joker added, a
wild put in, A at either end, the level rank inside a sequence. The mix by kind is
printed (``pytest -s``). About 20 s of one core (18-24 s measured; more wall time
when the shared machine is busy).

The oracle itself is checked against the spec's vectors first.
"""

from __future__ import annotations

import gc
import random
from collections import Counter

import pytest

from engines.cards import CARDS, HEARTS, Card, cards_text, parse_cards
from engines.guandan import classify
from tests.engines.guandan.oracle import oracle_readings, plain_of
from tests.engines.guandan.plays import random_play

PLAYS = 50_000
SEED = 23

SJ, BJ = CARDS[52], CARDS[53]


def keys(text, level):
    return oracle_readings(parse_cards(text), level)


# ---------------------------------------------------------------------------
# The oracle on the spec's vectors


@pytest.mark.parametrize(
    ("vector", "text", "level", "expected"),
    [
        ("G1", "♠10 ♦J ♣Q ♥2 ♠A", 2, {("straight", 5, 14, None)}),
        ("G1", "♠10 ♦J ♣Q ♠K ♠A", 2, {("straight", 5, 14, None)}),
        ("G2", "♠9 ♥9 ♣9 ♥2", 2, {("bomb", 4, 9, None)}),
        ("G2", "♠9 ♥9 ♣9 ♦9", 2, {("bomb", 4, 9, None)}),
        ("G3", "♠2 ♦3 ♣4 ♥10 ♠6", 10, {("straight", 5, 6, None)}),
        ("G4", "♥10", 10, {("single", 1, 15, None)}),
        ("G4", "♥10 ♥10", 10, {("pair", 2, 15, None)}),
        ("G5", "SJ ♥5", 5, set()),
        ("G5", "SJ BJ", 5, set()),
        ("G6", "♠9 ♠9 ♦9 ♦9 ♣9 ♣9 ♥9 ♥9 ♥5 ♥5", 5, {("bomb", 10, 9, None)}),
        (
            "G7",
            "♠3 ♠4 ♠5 ♠6 ♥5",
            5,
            {
                ("straight-flush", 5, 6, 0),
                ("straight-flush", 5, 7, 0),
                ("straight", 5, 6, None),
                ("straight", 5, 7, None),
            },
        ),
        ("G8", "♠A ♦A ♠2 ♦2 ♠3 ♣3", 7, {("tube", 6, 3, None)}),
        ("G8", "♠Q ♦Q ♠K ♦K ♠A ♣A", 7, {("tube", 6, 14, None)}),
        ("G9", "♠A ♦A ♣A ♠2 ♦2 ♣2", 7, {("plate", 6, 2, None)}),
        ("G9", "♠K ♦K ♣K ♠A ♦A ♣A", 7, {("plate", 6, 14, None)}),
        ("G10", "♠3 ♦4 ♣5 ♠6 ♦7 ♣8", 9, set()),
        ("G10", "♠Q ♦K ♣A ♠2 ♦3", 9, set()),
        ("G11", "♠5 ♦5 ♣5 ♠Q ♦Q", 9, {("full-house", 5, 5, None)}),
        ("G12", "♠9 ♦9 ♣9 ♠K ♦K", 9, {("full-house", 5, 15, None)}),
        ("G15", "♠5 ♦5 ♣5 ♥5 ♠5", 9, {("bomb", 5, 5, None)}),
        ("G16", "♠9 ♦9 ♣9 SJ SJ", 3, {("full-house", 5, 9, None)}),
        ("GD-01", "SJ SJ BJ BJ", 2, {("four-jokers", 4, 17, None)}),
        ("GD-04", "♦A ♦2 ♦3 ♦4 ♦5", 8, {("straight-flush", 5, 5, 3)}),
        ("GD-05", "♠10 ♠J ♠Q ♥2 ♠A", 2, {("straight-flush", 5, 14, 0), ("straight", 5, 14, None)}),
        ("GD-R05", "♣9 ♣10 ♣J ♣Q ♣K", 2, {("straight-flush", 5, 13, 2)}),
    ],
)
def test_oracle_reads_the_vectors(vector, text, level, expected):
    assert keys(text, level) == expected, vector


def test_oracle_two_wilds_with_a_triple_read_both_ways():
    # GD-03, GD-R05: 999 + two wilds is a 5-bomb of 9 or a full house (wilds a pair).
    assert keys("♠9 ♦9 ♣9 ♥4 ♥4", 4) == {("bomb", 5, 9, None), ("full-house", 5, 9, None)}


def describe(cards, level, ours, theirs):
    return (
        f"{cards_text(cards)} at level {level}: classify {sorted(ours, key=str)}, "
        f"oracle {sorted(theirs, key=str)}"
    )


def test_classify_matches_the_oracle():
    rng = random.Random(SEED)
    failures, mix, by_wilds = [], Counter(), Counter()
    gc.disable()  # millions of short-lived objects in the oracle; the collector only slows it
    try:
        for _ in range(PLAYS):
            built, cards, level = random_play(rng)
            wild = Card.of(HEARTS, level)
            readings = classify(cards, level)
            ours = {r.key() for r in readings}
            theirs = oracle_readings(cards, level)
            mix[readings[0].kind if readings else "nothing"] += 1
            by_wilds[cards.count(wild)] += 1
            if ours != theirs or len(readings) != len(ours):
                failures.append(describe(cards, level, ours, theirs))
                continue
            # What classify says the wilds stand for must make that reading (GD-05).
            naturals = [c for c in cards if c != wild]
            for r in readings:
                if naturals and r.key() not in plain_of(naturals + list(r.stands_for), level):
                    failures.append(f"{describe(cards, level, ours, theirs)}; {r} stands for")
    finally:
        gc.enable()
    print(f"\n{PLAYS} plays; by first reading: {dict(mix.most_common())}")
    print(f"by wilds: {dict(sorted(by_wilds.items()))}")
    assert not failures, f"{len(failures)} disagreements, e.g.\n" + "\n".join(failures[:10])
    assert mix["nothing"] < PLAYS // 2 and min(mix[k] for k in mix) > 100  # a real mix
