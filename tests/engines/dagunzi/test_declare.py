"""Declaring trump (亮主): seeds 000 "亮牌 1-4" and 001 "亮主 1-5"."""

import random
from collections import Counter

import pytest

from engines.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_cards
from engines.dagunzi.declare import (
    Declaration,
    IllegalDeclaration,
    check_declaration,
    first_by_lots,
    flip_for_dealer,
    kitty_trump,
    possible_declarations,
)
from engines.dagunzi.rules import DALIAN, LIANZHONG


def shown(seat, text, named=None):
    return Declaration(seat=seat, cards=tuple(parse_cards(text)), named=named)


HAND = parse_cards("♠7 ♠7 ♠7 ♥7 ♥7 ♦7 SJ SJ SJ BJ BJ BJ ♣4")
HAND_COUNTER = Counter(HAND)

# (rules, current declaration, new declaration, allowed?, error code) — level 7.
OVERRIDES = [
    # 001 亮主 4: "2个相同的反1个的，3个相同的反2个或1个的".
    (LIANZHONG, None, shown(1, "♦7"), True, None),
    (LIANZHONG, shown(0, "♦7"), shown(1, "♥7 ♥7"), True, None),
    (LIANZHONG, shown(0, "♦7"), shown(1, "♠7 ♠7 ♠7"), True, None),
    (LIANZHONG, shown(0, "♥7 ♥7"), shown(1, "♠7 ♠7 ♠7"), True, None),
    (LIANZHONG, shown(0, "♥7"), shown(1, "♦7"), False, "too-weak"),
    (LIANZHONG, shown(0, "♥7 ♥7"), shown(1, "♠7 ♠7"), False, "too-weak"),
    # 000 亮牌 3: "两张反一张，三张反两张" — read as written, three do not jump over one.
    (DALIAN, shown(0, "♥7"), shown(1, "♠7 ♠7"), True, None),
    (DALIAN, shown(0, "♥7 ♥7"), shown(1, "♠7 ♠7 ♠7"), True, None),
    (DALIAN, shown(0, "♥7"), shown(1, "♠7 ♠7 ♠7"), False, "no-skip"),
    # 001: "自己可以加固自己的亮牌"; seed 000 does not give that right.
    (LIANZHONG, shown(1, "♥7"), shown(1, "♥7 ♥7"), True, None),
    (DALIAN, shown(1, "♥7"), shown(1, "♥7 ♥7"), False, "no-reinforce"),
    # "亮牌后自己和其他人都可以反": your own declaration in another suit is overridden too.
    (LIANZHONG, shown(1, "♦7"), shown(1, "♠7 ♠7"), True, None),
    # Three small or big jokers name any suit; big beats small; nothing beats three big.
    (LIANZHONG, shown(0, "♠7 ♠7 ♠7"), shown(1, "SJ SJ SJ", CLUBS), True, None),
    (DALIAN, shown(0, "♦7"), shown(1, "SJ SJ SJ", CLUBS), True, None),
    (LIANZHONG, shown(0, "SJ SJ SJ", HEARTS), shown(1, "BJ BJ BJ", CLUBS), True, None),
    (LIANZHONG, shown(0, "BJ BJ BJ", HEARTS), shown(1, "SJ SJ SJ", CLUBS), False, "final"),
    (DALIAN, shown(0, "BJ BJ BJ", HEARTS), shown(1, "♠7 ♠7 ♠7"), False, "final"),
    (LIANZHONG, shown(0, "SJ SJ SJ", HEARTS), shown(1, "♠7 ♠7 ♠7"), False, "too-weak"),
    # 打几亮几: only the hand's level card declares; jokers only as three, naming a suit.
    (LIANZHONG, None, shown(1, "♣4"), False, "not-level"),
    (LIANZHONG, None, shown(1, "BJ"), False, "jokers-need-three"),
    (LIANZHONG, None, shown(1, "BJ BJ BJ"), False, "name-suit"),
    (LIANZHONG, None, shown(1, "♠7 ♥7"), False, "mixed"),
]


@pytest.mark.parametrize(("rules", "current", "new", "allowed", "code"), OVERRIDES)
def test_overrides(rules, current, new, allowed, code):
    if allowed:
        assert check_declaration(rules, 7, HAND, new, current) is new
    else:
        with pytest.raises(IllegalDeclaration) as caught:
            check_declaration(rules, 7, HAND, new, current)
        assert caught.value.code == code
        assert caught.value.reason["zh"] and caught.value.reason["en"]


def test_declaring_needs_the_cards():
    with pytest.raises(IllegalDeclaration) as caught:
        check_declaration(LIANZHONG, 7, parse_cards("♠7"), shown(1, "♠7 ♠7"))
    assert caught.value.code == "not-in-hand"


def test_the_suit_of_a_declaration():
    assert shown(0, "♥7 ♥7").suit == HEARTS
    assert shown(0, "SJ SJ SJ", DIAMONDS).suit == DIAMONDS
    assert shown(0, "BJ BJ BJ", SPADES).tier > shown(0, "SJ SJ SJ", SPADES).tier


def test_possible_declarations_are_all_legal():
    current = shown(3, "♦7")
    options = possible_declarations(LIANZHONG, 7, 1, HAND_COUNTER, current)
    texts = {o.text() for o in options}
    assert "♠7 ♠7" in texts and "♠7 ♠7 ♠7" in texts and "♥7 ♥7" in texts
    assert "♦7" not in texts  # one card does not override one
    assert {o.named for o in options if o.is_jokers} == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("rules", "dealer", "card"),
    [
        # 000 "以翻出最大牌的一家为庄家"; 001 "以翻出最小牌的一家为庄家".
        (DALIAN, 2, "♦A"),
        (LIANZHONG, 3, "♠3"),
    ],
)
def test_the_kitty_flip_decides_the_first_dealer(rules, dealer, card):
    # The kitty is shuffled and popped from the end; seats 0, 1, 2, 3 flip in turn.
    kitty = parse_cards("♥9 ♠3 ♦A ♣8 ♥Q ♣5")

    class Fixed(random.Random):
        def shuffle(self, x):  # keep the given order: flips come from the end
            x[:] = parse_cards("♥Q ♣5 ♠3 ♦A ♣8 ♥9")

    dealer_seat, trump, flips = flip_for_dealer(rules, kitty, 0, Fixed())
    assert [c.text() for _, c in flips] == ["♥9", "♣8", "♦A", "♠3"]
    assert dealer_seat == dealer and flips[dealer][1].text() == card
    assert trump == flips[dealer][1].suit


def test_a_tie_on_the_flip_goes_to_the_first_flipper():
    class Fixed(random.Random):
        def shuffle(self, x):
            x[:] = parse_cards("♥2 ♣2 ♠2 ♥A ♦A ♥Q")  # flipped: ♥Q, ♦A, ♥A, ♠2

    dealer, trump, _ = flip_for_dealer(DALIAN, parse_cards("♥2 ♣2 ♠2 ♥A ♦A ♥Q"), 2, Fixed())
    assert (dealer, trump) == (3, DIAMONDS)  # seat 2 flipped ♥Q, seat 3 the first A


def test_jokers_are_flipped_again_and_too_few_suited_cards_redeal():
    class Fixed(random.Random):
        def shuffle(self, x):
            x[:] = parse_cards("♥5 ♣9 ♠4 BJ ♦K SJ")  # SJ, then ♦K, BJ, ♠4, ♣9

    dealer, _, flips = flip_for_dealer(LIANZHONG, parse_cards("♥5 ♣9 ♠4 BJ ♦K SJ"), 0, Fixed())
    assert [c.text() for _, c in flips] == ["♦K", "♠4", "♣9", "♥5"]
    assert dealer == 1
    assert flip_for_dealer(LIANZHONG, parse_cards("BJ BJ SJ SJ ♥3 ♥4"), 0, random.Random(1)) is None


def test_nobody_declares_a_random_kitty_card_names_trump():
    # 001 亮主 5: "从底牌中任意抽取一张牌...若抽到王需继续抽...若底牌全是王，则重新洗牌".
    suits = {kitty_trump(parse_cards("BJ SJ ♥3 BJ ♠9 SJ"), random.Random(i)) for i in range(40)}
    assert suits == {HEARTS, SPADES}
    assert kitty_trump(parse_cards("BJ SJ BJ BJ SJ SJ"), random.Random(0)) is None


def test_lots_decide_who_draws_first():
    # Seed 000 "第一把抓牌由抽签决定": lots 3, 4, 5, 6; "数字最大者首先抓牌".
    for seed in range(20):
        first, lots = first_by_lots(random.Random(seed))
        assert sorted(lots.values()) == [3, 4, 5, 6] and lots[first] == 6
