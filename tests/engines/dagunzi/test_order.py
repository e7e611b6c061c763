"""The card order of 打滚子 for a level and a trump suit (seed 001, "牌的大小").

大王>小王>主花色级牌>其他花色级牌>主花色2>其他花色2>主花色牌（级牌除外）>副牌（级牌除外）

主牌 are 大王, 小王, 常主 (the jokers and the 2s), the level cards (级牌) and the trump suit;
副牌 are the rest. A side suit compares only within itself: a discard never beats a card
of another side suit.
"""

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import CARDS, SUITS, cards_text, parse_card, parse_cards, parse_suit
from engines.dagunzi import TRUMP, Order, trick_winner

PAIRS = list(product(range(3, 11), SUITS))


def seed_rank(card, level, trump):
    """The seed's order, written out afresh: (0, tier, rank) for 主牌, (1, suit, rank) else."""
    if card.is_joker:
        return (0, 7 if card.rank == 16 else 6, 0)
    if card.rank == level:
        return (0, 5 if card.suit == trump else 4, 0)
    if card.rank == 2:
        return (0, 3 if card.suit == trump else 2, 0)
    if card.suit == trump:
        return (0, 1, card.rank)
    return (1, card.suit, card.rank)


def seed_compare(a, b, level, trump):
    ra, rb = seed_rank(a, level, trump), seed_rank(b, level, trump)
    if ra[0] != rb[0]:
        return 1 if ra[0] == 0 else -1  # a trump beats any side card
    if ra[0] == 1 and ra[1] != rb[1]:
        return 0  # two side suits never meet
    return (ra > rb) - (ra < rb)


@pytest.mark.parametrize(
    "level,trump,hand,expected",
    [
        (
            7,
            "♠",
            "♦A ♥3 ♣7 SJ ♠3 ♥A ♠A ♦2 ♠2 BJ ♥7 ♠7 ♣K",
            "BJ SJ ♠7 ♥7 ♣7 ♠2 ♦2 ♠A ♠3 ♥A ♥3 ♣K ♦A",
        ),
        (
            3,
            "♥",
            "♠3 ♥3 ♣3 ♦3 ♥2 ♠2 ♥A ♥4 ♠A ♠4 ♣A ♦4 BJ BJ",
            "BJ BJ ♥3 ♠3 ♣3 ♦3 ♥2 ♠2 ♥A ♥4 ♠A ♠4 ♣A ♦4",
        ),
        (
            10,
            "♦",
            "♦10 ♠10 ♥10 ♦2 ♣2 ♦A ♦J ♦3 ♠K ♠J ♥A ♣Q ♣3 SJ",
            "SJ ♦10 ♠10 ♥10 ♦2 ♣2 ♦A ♦J ♦3 ♠K ♠J ♥A ♣Q ♣3",
        ),
        (
            5,
            "♣",
            "♣5 ♣4 ♣6 ♣2 ♥5 ♥4 ♥6 ♥2 ♣A ♥A",
            "♣5 ♥5 ♣2 ♥2 ♣A ♣6 ♣4 ♥A ♥6 ♥4",
        ),
        (
            9,
            "♠",
            "♠9 ♥K ♠9 ♦9 ♥K ♠K BJ SJ BJ ♥8 ♥10",
            "BJ BJ SJ ♠9 ♠9 ♦9 ♠K ♥K ♥K ♥10 ♥8",
        ),
        (
            4,
            "♥",
            "♣3 ♦A ♠2 ♥3 ♠4 ♦4 ♥4 ♠3 ♥A ♣A",
            "♥4 ♠4 ♦4 ♠2 ♥A ♥3 ♠3 ♣A ♣3 ♦A",
        ),
    ],
)
def test_sorted_hands(level, trump, hand, expected):
    """Trumps first, high to low; then each side suit (♠♥♣♦) high to low; equals by suit."""
    order = Order(level, parse_suit(trump))
    assert [c.text() for c in order.sorted(parse_cards(hand))] == expected.split()


@pytest.mark.parametrize(
    "level,trump,a,b,expected",
    [
        # 其他花色级牌 are equal to each other, below 主花色级牌.
        (7, "♠", "♥7", "♣7", 0),
        (7, "♠", "♥7", "♦7", 0),
        (7, "♠", "♠7", "♥7", 1),
        # 其他花色2 are equal to each other, below 主花色2.
        (7, "♠", "♥2", "♦2", 0),
        (7, "♠", "♣2", "♥2", 0),
        (7, "♠", "♠2", "♦2", 1),
        # 其他花色级牌 > 主花色2; 其他花色2 > 主花色牌.
        (7, "♠", "♥7", "♠2", 1),
        (7, "♠", "♦2", "♠A", 1),
        # 主花色牌 > 副牌: a trump-suit 3 beats every side A.
        (7, "♠", "♠3", "♥A", 1),
        (7, "♠", "♠3", "♣A", 1),
        (7, "♠", "♠3", "♦A", 1),
        # Two side suits never beat each other.
        (7, "♠", "♥A", "♣K", 0),
        (7, "♠", "♣3", "♥A", 0),
        (7, "♠", "♦3", "♦A", -1),
        (7, "♠", "♥A", "♥K", 1),
        (7, "♠", "♥8", "♥6", 1),
        # A side suit's level card is a trump: ♥7 beats ♥A.
        (7, "♠", "♥7", "♥A", 1),
        (7, "♠", "BJ", "SJ", 1),
        (7, "♠", "SJ", "♠7", 1),
        (7, "♠", "BJ", "BJ", 0),
        (7, "♠", "♥A", "♥A", 0),
        (3, "♥", "♠3", "♣3", 0),
        (3, "♥", "♥3", "♠3", 1),
        (3, "♥", "♥4", "♠A", 1),
        (3, "♥", "♠4", "♠A", -1),
        (3, "♥", "♥2", "♥A", 1),
        (10, "♦", "♣2", "♥2", 0),
        (10, "♦", "♦A", "♣2", -1),
        (10, "♦", "♠J", "♠10", -1),
        (10, "♦", "♠K", "♥K", 0),
        (5, "♣", "♥5", "BJ", -1),
    ],
)
def test_compare(level, trump, a, b, expected):
    order = Order(level, parse_suit(trump))
    a, b = parse_card(a), parse_card(b)
    assert order.compare(a, b) == expected
    assert order.compare(b, a) == -expected


@pytest.mark.parametrize(
    "level,trump,lead,other",
    [
        (7, "♠", "♣3", "♥A"),
        (7, "♠", "♥4", "♣A"),
        (7, "♠", "♦6", "♥K"),
        (3, "♥", "♣4", "♠A"),
        (3, "♥", "♦5", "♣K"),
        (10, "♦", "♠3", "♥A"),
    ],
)
def test_two_side_suits_keep_the_first(level, trump, lead, other):
    order = Order(level, parse_suit(trump))
    lead, other = parse_card(lead), parse_card(other)
    assert not order.is_trump(lead) and not order.is_trump(other)
    assert order.compare(lead, other) == 0 == order.compare(other, lead)
    assert trick_winner([[lead], [other]], order) == 0
    assert trick_winner([[other], [lead]], order) == 0


def test_a_level_card_of_a_side_suit_is_a_trump():
    order = Order(level=7, trump=parse_suit("♠"))
    heart7 = parse_card("♥7")
    assert order.is_trump(heart7) and order.suit_of[heart7] == TRUMP
    hearts = [c for c in CARDS if order.suit_of[c] == parse_suit("♥")]
    assert cards_text(order.sorted(hearts)) == "♥A ♥K ♥Q ♥J ♥10 ♥9 ♥8 ♥6 ♥5 ♥4 ♥3"
    trumps = [c for c in CARDS if order.is_trump(c)]
    assert cards_text(order.sorted(trumps)) == (
        "BJ SJ ♠7 ♥7 ♣7 ♦7 ♠2 ♥2 ♣2 ♦2 ♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠6 ♠5 ♠4 ♠3"
    )


@pytest.mark.parametrize("level,trump", PAIRS)
def test_suit_sizes(level, trump):
    """21 trumps (2 jokers, 4 level cards, 4 twos, 11 of the trump suit) and 11 per side suit."""
    order = Order(level, trump)
    sizes = Counter(order.suit_of[c] for c in CARDS)
    assert sizes[TRUMP] == 21
    assert sorted(sizes[s] for s in SUITS if s != trump) == [11, 11, 11]
    assert sizes[trump] == 0


@pytest.mark.parametrize("level,trump", PAIRS)
def test_compare_matches_the_seed_for_every_pair_of_cards(level, trump):
    order = Order(level, trump)
    for a, b in product(CARDS, CARDS):
        assert order.compare(a, b) == seed_compare(a, b, level, trump), (a, b)


@pytest.mark.parametrize("level,trump", [(2, 0), (11, 0), (1, 0), (0, 0), (7, 4), (7, -1)])
def test_order_refuses_a_bad_level_or_trump(level, trump):
    with pytest.raises(ValueError):
        Order(level, trump)


def test_orders_are_shared():
    assert Order(7, 0) is Order(7, 0)
    assert Order(7, 0) is not Order(7, 1)
    assert (Order(7, 0).level, Order(7, 0).trump) == (7, 0)


# ---------------------------------------------------------------------------
# Properties

levels = st.integers(3, 10)
trumps = st.sampled_from(SUITS)
cards = st.sampled_from(CARDS)
SETTINGS = settings(max_examples=200, deadline=None)


@SETTINGS
@given(levels, trumps, cards, cards, cards)
def test_compare_is_antisymmetric_and_transitive(level, trump, a, b, c):
    order = Order(level, trump)
    assert order.compare(a, b) == -order.compare(b, a)
    assert order.compare(a, a) == 0
    comparable = {order.suit_of[a], order.suit_of[b], order.suit_of[c]}
    if len(comparable) == 1:  # all trumps, or all one side suit
        ab, bc, ac = order.compare(a, b), order.compare(b, c), order.compare(a, c)
        if ab >= 0 and bc >= 0:
            assert ac >= 0
            if ab > 0 or bc > 0:
                assert ac > 0
        if ab == 0:
            assert order.compare(a, c) == order.compare(b, c)
            assert order.strength[a] == order.strength[b]


@SETTINGS
@given(levels, trumps, cards, cards)
def test_compare_agrees_with_key(level, trump, a, b):
    order = Order(level, trump)
    if order.compare(a, b) > 0:
        assert order.key(a) < order.key(b)
    if order.suit_of[a] == order.suit_of[b] and order.key(a) < order.key(b):
        assert order.compare(a, b) >= 0
    assert order.compare(a, b) == seed_compare(a, b, level, trump)


@SETTINGS
@given(levels, trumps, st.lists(cards, max_size=20))
def test_sorted_is_a_permutation_high_to_low(level, trump, hand):
    order = Order(level, trump)
    result = order.sorted(hand)
    assert Counter(result) == Counter(hand)
    flags = [order.is_trump(c) for c in result]
    assert flags == sorted(flags, reverse=True)  # trumps at the left
    for x, y in zip(result, result[1:], strict=False):
        if order.suit_of[x] == order.suit_of[y]:
            assert order.compare(x, y) >= 0
    side = [order.suit_of[c] for c in result if not order.is_trump(c)]
    assert side == sorted(side)  # side suits in the order ♠♥♣♦


@SETTINGS
@given(levels, trumps, cards)
def test_every_card_is_a_trump_or_in_its_printed_suit(level, trump, card):
    order = Order(level, trump)
    if card.is_joker or card.rank in (2, level) or card.suit == trump:
        assert order.is_trump(card) and order.suit_of[card] == TRUMP  # 常主, 级牌, 主花色
    else:
        assert not order.is_trump(card) and order.suit_of[card] == card.suit


@pytest.mark.parametrize("level,trump", PAIRS)
def test_jokers_twos_and_level_cards_are_always_trumps(level, trump):
    order = Order(level, trump)
    for card in CARDS:
        if card.is_joker or card.rank in (2, level):
            assert order.is_trump(card), card
