"""``legal_sets`` against every sub-multiset of small hands (``oracle.legal_by_subsets``),
and ``cards_for`` (BH-07/08, BH-14/15, BH-R01, BH-R02)."""

import random
from collections import Counter

import pytest

from engines.baohuang import IllegalSet, Set, beats, cards_for, legal_sets, parse_cards, set_of
from engines.baohuang.rules import DEFAULT, NO_JOKER_SETS
from engines.cards import CARDS, shoe
from tests.engines.baohuang.oracle import legal_by_subsets, values


def keys(sets):
    return [s.key for s in sets]


def test_a_lead_lists_every_set_once():
    hand = parse_cards("♠9 ♥9 SJ BJ")
    found = legal_sets(hand)
    assert [s.text() for s in found] == [
        "9", "SJ", "BJ",
        "9 9", "SJ 9", "BJ 9", "BJ SJ",
        "SJ 9 9", "BJ 9 9", "BJ SJ 9",
        "BJ SJ 9 9",
    ]  # fmt: skip
    # Without jokers alone (R02), SJ, BJ and BJ SJ go.
    assert [s.text() for s in legal_sets(hand, None, NO_JOKER_SETS)] == [
        "9", "9 9", "SJ 9", "BJ 9", "SJ 9 9", "BJ 9 9", "BJ SJ 9", "BJ SJ 9 9",
    ]  # fmt: skip


def test_over_a_top_only_sets_of_its_size_that_beat_it():
    hand = parse_cards("♠10 ♥10 ♦10 SJ BJ ♣3")
    top = set_of(parse_cards("♠9 ♥9 ♦9"))
    assert [s.text() for s in legal_sets(hand, top)] == [
        "10 10 10", "SJ 10 10", "BJ 10 10", "BJ SJ 10",
    ]  # fmt: skip
    # BH-12: over SJ 9 9 only a big joker with a higher rank (or with SJ alone).
    top = set_of(parse_cards("SJ ♠9 ♥9"))
    assert [s.text() for s in legal_sets(hand, top)] == ["BJ 10 10", "BJ SJ 10"]
    assert legal_sets(hand, set_of(parse_cards("BJ ♠3"))) == []  # BH-11


def random_hand(rng: random.Random) -> list:
    pool = shoe(4)
    if rng.random() < 0.7:  # few ranks, so that sets of several cards turn up
        ranks = set(rng.sample(range(2, 15), rng.randint(1, 4)))
        pool = [c for c in pool if c.is_joker or c.rank in ranks]
    hand = rng.sample(pool, rng.randint(1, 10))
    for _ in range(rng.choice([0, 0, 1, 2, 3])):  # jokers often
        hand[rng.randrange(len(hand))] = rng.choice([CARDS[52], CARDS[53]])
    return hand


def random_top(rng: random.Random, size: int):
    natural = rng.randint(0 if rng.random() < 0.1 else 1, size)
    big = rng.randint(0, size - natural) if rng.random() < 0.3 else 0
    small = size - natural - big
    rank = rng.randint(3, 15) if natural else None
    return Set(rank, natural, small, big)


@pytest.mark.parametrize("rules", [DEFAULT, NO_JOKER_SETS], ids=lambda r: r.name)
def test_legal_sets_equal_a_brute_force_over_every_sub_multiset(rules):
    rng = random.Random(7)
    joker_only = rules.joker_only_sets
    nonempty = 0
    for i in range(1500):
        hand = random_hand(rng)
        top = None if i % 5 == 0 else random_top(rng, rng.randint(1, min(5, len(hand))))
        if top is not None and top.rank is None and not joker_only:
            top = Set(9, 1, top.small - 1, top.big) if top.small else Set(9, 1, 0, top.big - 1)
        found = legal_sets(hand, top, rules)
        expected = legal_by_subsets(hand, None if top is None else top.key, joker_only)
        assert len(set(keys(found))) == len(found), "a set listed twice"
        assert set(keys(found)) == expected, ([c.text() for c in hand], top)
        # Given as a Counter, the same sets.
        assert legal_sets(Counter(hand), top, rules) == found
        for play in found:
            assert beats(play, top)
            cards = cards_for(play, hand)
            assert not Counter(cards) - Counter(hand)  # the hand's own cards
            assert set_of(cards, rules) == play and values(cards) == play.key
        nonempty += bool(found) and top is not None
    assert nonempty > 300


def test_cards_for_refuses_a_set_the_hand_cannot_make():
    hand = parse_cards("♠9 ♥9 SJ")
    assert [c.text() for c in cards_for(Set(9, 2, 1, 0), hand)] == ["SJ", "♠9", "♥9"]
    with pytest.raises(IllegalSet) as caught:
        cards_for(Set(9, 1, 0, 1), hand)
    assert caught.value.code == "not-in-hand"
    with pytest.raises(IllegalSet):
        cards_for(Set(9, 3), hand)
