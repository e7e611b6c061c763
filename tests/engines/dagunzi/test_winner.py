"""Who wins a trick, and its points (seed 001: 一轮结束后，最大方得到该轮的所有分牌).

The highest play of the lead's shape wins: in the led suit, or all trumps (主牌杀); a
discard of another side suit never wins; between equal plays the first one wins.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import CARDS, SUITS, parse_cards, parse_suit
from engines.dagunzi import Order, points, trick_points, trick_winner

WINNERS = [
    # A single lead: the highest of the led suit.
    (7, "♠", ["♥8", "♥A", "♥3", "♥K"], 1),
    (7, "♠", ["♥A", "♥8", "♥3", "♥K"], 0),
    (7, "♠", ["♥8", "♥9", "♥10", "♥J"], 3),
    # A trump beats the led suit; among trumps the highest.
    (7, "♠", ["♥8", "♥A", "♠3", "♥K"], 2),
    (7, "♠", ["♥8", "♠3", "BJ", "♠A"], 2),
    (7, "♠", ["♥8", "♠3", "♠A", "♥A"], 2),
    (7, "♠", ["♥8", "♠A", "♥2"], 2),  # 其他花色2 > 主花色牌
    (7, "♠", ["♥8", "♥2", "♠2"], 2),  # 主花色2 > 其他花色2
    (7, "♠", ["♥8", "♠2", "♣7"], 2),  # 其他花色级牌 > 主花色2
    (7, "♠", ["♥8", "♥7", "♠7"], 2),  # 主花色级牌 > 其他花色级牌
    (7, "♠", ["♥8", "♠7", "SJ", "BJ"], 3),
    (7, "♠", ["♥A", "♥7"], 1),  # ♥7 is a trump, not a low heart
    (7, "♠", ["♠3", "♥A", "♣A", "♦A"], 0),  # a trump lead, nobody has a trump
    (7, "♠", ["♠3", "♠4", "♥7", "♦2"], 2),
    # Equal cards: the first played wins.
    (7, "♠", ["♥A", "♥A", "♥3", "♥K"], 0),
    (7, "♠", ["♥K", "♥A", "♥A", "♥3"], 1),
    (7, "♠", ["♥8", "♥7", "♣7", "♦7"], 1),
    (7, "♠", ["♥8", "♣7", "♥7", "♦7"], 1),
    (7, "♠", ["♦2", "♣2"], 0),
    (7, "♠", ["♠3", "♦2", "♣2", "♥2"], 1),
    (7, "♠", ["♥8", "BJ", "BJ", "BJ"], 1),
    (3, "♥", ["♠4", "♣3", "♠3"], 1),
    (3, "♥", ["♠4", "♣3", "♥3"], 2),
    # A discard of a higher card of another side suit never wins.
    (7, "♠", ["♥8", "♣A", "♦A", "♥3"], 0),
    (7, "♠", ["♥8", "♣A", "♥9", "♦K"], 2),
    (7, "♠", ["♥3", "♣A"], 0),
    (10, "♦", ["♠3", "♥A", "♣A", "♠4"], 3),
    # A 棒 lead: a higher 棒 in suit wins; two higher singles do not.
    (7, "♠", ["♥8 ♥8", "♥9 ♥9", "♥A ♥K", "♥3 ♥3"], 1),
    (7, "♠", ["♥8 ♥8", "♥9 ♥10", "♥A ♥A"], 2),
    (7, "♠", ["♥8 ♥8", "♥A ♥K", "♥A ♥Q", "♥3 ♥4"], 0),
    (7, "♠", ["♥8 ♥8", "♣7 ♣7", "♦7 ♦7"], 1),
    # ... a trump 棒 (from a void player) wins; two different trumps do not.
    (7, "♠", ["♥8 ♥8", "♠3 ♠3", "♥A ♥A"], 1),
    (7, "♠", ["♥8 ♥8", "BJ SJ", "♥3 ♥4"], 0),
    (7, "♠", ["♥8 ♥8", "♠A ♠K", "♣A ♣A"], 0),
    (7, "♠", ["♥8 ♥8", "♥7 ♣7"], 0),  # equal level cards of two suits are not a 棒
    (7, "♠", ["♥8 ♥8", "♠3 ♥A", "♥9 ♥9"], 2),
    (7, "♠", ["♥8 ♥8", "♠3 ♠3", "♣7 ♣7", "♦7 ♦7"], 2),
    (7, "♠", ["♥8 ♥8", "♣7 ♣7", "♦7 ♦7", "♠7 ♠7"], 3),
    (7, "♠", ["♠3 ♠3", "♦2 ♦2", "♣2 ♣2"], 1),
    (7, "♠", ["♠3 ♠3", "♦2 ♣2", "♠4 ♠4"], 2),
    # A 滚子 lead, likewise.
    (7, "♠", ["♥8 ♥8 ♥8", "♥9 ♥9 ♥9", "♥A ♥A ♥K"], 1),
    (7, "♠", ["♥8 ♥8 ♥8", "♥A ♥A ♥K", "♥3 ♥3 ♥3"], 0),
    (7, "♠", ["♥8 ♥8 ♥8", "♠3 ♠3 ♠3", "BJ BJ SJ"], 1),
    (7, "♠", ["♥8 ♥8 ♥8", "♠3 ♠3 ♣5", "♥9 ♥9 ♥9"], 2),
    (7, "♠", ["♥8 ♥8 ♥8", "♠3 ♠3 ♠3", "BJ BJ BJ", "♥A ♥A ♥A"], 2),
    (7, "♠", ["♥8 ♥8 ♥8", "♥A ♥A ♥A", "♣K ♣K ♣K"], 1),
]


@pytest.mark.parametrize(
    "level,trump,plays,winner",
    [pytest.param(*case, id=f"{case[0]}{case[1]}:{'/'.join(case[2])}") for case in WINNERS],
)
def test_trick_winner(level, trump, plays, winner):
    order = Order(level, parse_suit(trump))
    assert trick_winner([parse_cards(p) for p in plays], order) == winner
    # Unsorted plays win alike.
    assert trick_winner([parse_cards(p)[::-1] for p in plays], order) == winner


@pytest.mark.parametrize(
    "plays,grouped,winner",
    [
        # Identical cards that could not form a group count as singles.
        (["♥8 ♥8", "♥A ♥A", "♥3 ♥4"], [True, False, True], 0),
        (["♥8 ♥8", "♥A ♥A", "♥9 ♥9"], [True, False, True], 2),
        (["♥8 ♥8", "♥A ♥A", "♥9 ♥9"], [True, True, True], 1),
        (["♥8 ♥8 ♥8", "♥A ♥A ♥A", "♠3 ♠3 ♠3"], [True, False, True], 2),
        (["♥8 ♥8 ♥8", "♥A ♥A ♥A", "♠3 ♠3 ♠3"], [True, True, False], 1),
        (["♥8 ♥8", "♠3 ♠3", "♥9 ♥9", "♥3 ♥4"], [True, False, False, True], 0),
        # The flag is about groups: a single wins as a single.
        (["♥8", "♥A"], [True, False], 1),
    ],
)
def test_grouped_flag(plays, grouped, winner):
    order = Order(7, parse_suit("♠"))
    assert trick_winner([parse_cards(p) for p in plays], order, grouped) == winner


@pytest.mark.parametrize(
    "plays,total",
    [
        ([], 0),
        (["♥5", "♠10", "♣K", "♦A"], 25),
        (["♥K ♥K", "♠5 ♠10", "BJ SJ", "♦2 ♦3"], 35),
        (["♥5 ♥5 ♥5", "♠10 ♠10 ♠10", "♣K ♣K ♣K", "♦K ♦10 ♦5"], 100),
        (["BJ", "SJ", "♥A", "♥4"], 0),
    ],
)
def test_trick_points(plays, total):
    assert trick_points([parse_cards(p) for p in plays]) == total


def test_points_in_all_three_decks():
    assert points(CARDS) == 100
    assert points(list(CARDS) * 3) == 300


# ---------------------------------------------------------------------------
# Single-card tricks against a fresh reading of the order


def seed_beats(card, best, led, level, trump):
    """Whether ``card`` takes the trick from ``best`` (the seed's order, written afresh)."""

    def rank(c):
        if c.is_joker:
            return (1, 7 if c.rank == 16 else 6, 0)
        if c.rank == level:
            return (1, 5 if c.suit == trump else 4, 0)
        if c.rank == 2:
            return (1, 3 if c.suit == trump else 2, 0)
        if c.suit == trump:
            return (1, 1, c.rank)
        return (0, 0, c.rank) if c.suit == led else None  # None: a discard

    new, old = rank(card), rank(best)
    return new is not None and new > old


@settings(max_examples=200, deadline=None)
@given(
    st.integers(3, 10),
    st.sampled_from(SUITS),
    st.lists(st.sampled_from(CARDS), min_size=1, max_size=4),
)
def test_single_card_tricks(level, trump, cards):
    order = Order(level, trump)
    lead = cards[0]
    led = None if order.is_trump(lead) else lead.suit
    best = 0
    for i, card in enumerate(cards[1:], 1):
        if seed_beats(card, cards[best], led, level, trump):
            best = i
    assert trick_winner([[c] for c in cards], order) == best
