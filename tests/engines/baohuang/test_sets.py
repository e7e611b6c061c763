"""Cards, sets and what beats what (``baohuang.md`` BH-03, BH-04, BH-07…BH-12,
BH-14, BH-15, BH-R01, BH-R02, BH-R10; vectors B1–B8, the seed's own examples first).

BH-13 (play goes counter-clockwise) and BH-26 (顺牌: the next player beats the set)
are tested with the trick in ``test_play.py``; BH-14 and BH-15 here as ``beats``
and in the trick as a refused play."""

from collections import Counter

import pytest

from engines.baohuang import (
    IllegalSet,
    Set,
    beats,
    parse_cards,
    set_of,
    sort_cards,
    value,
    value_name,
)
from engines.baohuang.game import Hand
from engines.baohuang.rules import DEFAULT, NO_JOKER_SETS, TWOS_CALL, rules_for
from engines.baohuang.solver import hand_key
from engines.cards import BIG_JOKER, SMALL_JOKER, shoe


def s(text, rules=DEFAULT):
    return set_of(parse_cards(text), rules)


def b(play, top):
    return beats(s(play), s(top))


# ---------------------------------------------------------------------------
# The seed's own examples


def test_bh12_the_seeds_example_two_small_jokers_and_three_nines_b2():
    # BH-12, vector B2: "如2个小花+3个九…如用2个大花带3个J大过〔也可以用3个大花带2个J大过〕".
    table = "SJ SJ ♠9 ♥9 ♦9"
    assert b("BJ BJ ♠J ♥J ♦J", table)
    assert b("BJ BJ BJ ♠J ♥J", table)
    # The same sets written in any order, with any suits.
    assert b("♣J BJ ♦J BJ ♠J", "♣9 SJ ♠9 ♠9 SJ")


# ---------------------------------------------------------------------------
# Cards


def test_bh03_bh17_four_decks_with_jokers_make_216_cards():
    cards = shoe(4)
    assert len(cards) == 216 and cards.count(BIG_JOKER) == cards.count(SMALL_JOKER) == 4
    # BH-17: one 大王 held back, 215 dealt, 43 each.
    hand = Hand.deal(seed=3)
    assert hand.reserve == [BIG_JOKER]
    assert [sum(h.values()) for h in hand.hands] == [43] * 5
    assert sum((h for h in hand.hands), start=Counter())[BIG_JOKER] == 3
    assert hand.cards() == Counter(cards)


def test_bh04_dahua_is_the_big_joker_and_xiaohua_the_small():
    # BH-04: 大花 = 大王, 小花 = 小王; the card texts read either way.
    assert parse_cards("大王 小王") == parse_cards("BJ SJ") == [BIG_JOKER, SMALL_JOKER]
    assert value(BIG_JOKER) > value(SMALL_JOKER)


def test_bh09_the_order_of_the_cards():
    # BH-09: 大花 > 小花 > 2 > A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4 > 3.
    order = "BJ SJ ♠2 ♠A ♠K ♠Q ♠J ♠10 ♠9 ♠8 ♠7 ♠6 ♠5 ♠4 ♠3"
    values = [value(c) for c in parse_cards(order)]
    assert values == sorted(values, reverse=True) and len(set(values)) == 15
    assert [value_name(v) for v in values] == [
        "BJ", "SJ", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"
    ]  # fmt: skip
    assert [c.text() for c in sort_cards(parse_cards("♠3 BJ ♦2 ♥A SJ"))] == [
        "BJ",
        "SJ",
        "♦2",
        "♥A",
        "♠3",
    ]


def test_bh10_suits_do_not_matter():
    # BH-10: "不管花色，点数相同即大小一样".
    assert s("♠9 ♥9") == s("♦9 ♣9") and value(parse_cards("♠9")[0]) == value(parse_cards("♦9")[0])
    assert not b("♠9", "♦9") and not b("♦9", "♠9")
    assert hand_key(parse_cards("♠9 SJ")) == hand_key(parse_cards("♥9 SJ"))


# ---------------------------------------------------------------------------
# Sets


def test_bh07_a_set_is_cards_of_one_rank_plus_jokers_b1():
    # B1: ♠9 ♥9 SJ is a set; ♠9 ♠10 is not (BH-07: "同点数牌N张 + X个小王 + Y个大王").
    assert s("♠9 ♥9 SJ") == Set(9, 2, 1, 0)
    with pytest.raises(IllegalSet) as caught:
        s("♠9 ♠10")
    assert caught.value.code == "mixed-ranks"
    with pytest.raises(IllegalSet) as caught:
        set_of([])
    assert caught.value.code == "empty"
    # Any number of a rank: four decks hold up to 4 copies of each card.
    assert s("♠5 ♠5 ♥5 ♥5 ♣5 ♣5 ♦5 ♦5 ♠5").size == 9
    assert s("♠2 ♥2").rank == 15


def test_bh08_jokers_go_with_a_rank_big_and_small_mixed():
    # BH-08 挂花: "2张小花+3个八"; big and small may go together.
    assert s("SJ SJ ♠8 ♥8 ♦8") == Set(8, 3, 2, 0)
    assert s("BJ SJ ♠8") == Set(8, 1, 1, 1)
    assert s("BJ SJ ♠8").text() == "BJ SJ 8"
    assert s("BJ BJ SJ ♠8").key == (17, 17, 16, 8)


def test_bh_r02_jokers_alone_are_a_set_by_default_b1():
    # B1, R02: SJ BJ is a set with joker_only_sets (the default), not without it.
    assert s("SJ BJ") == Set(None, 0, 1, 1)
    assert s("BJ").key == (17,)
    with pytest.raises(IllegalSet) as caught:
        s("SJ BJ", NO_JOKER_SETS)
    assert caught.value.code == "jokers-alone"
    assert s("SJ ♠3", NO_JOKER_SETS) == Set(3, 1, 1, 0)
    assert rules_for("no-joker-sets") is NO_JOKER_SETS and rules_for(None) is DEFAULT
    assert rules_for("twos-call") is TWOS_CALL


def test_set_refuses_what_is_no_set():
    with pytest.raises(ValueError):
        Set(None, 0, 0, 0)
    with pytest.raises(ValueError):
        Set(9, 0, 1, 0)  # a rank without natural cards
    with pytest.raises(ValueError):
        Set(None, 2)  # natural cards without a rank
    with pytest.raises(ValueError):
        Set(16, 1)  # a joker is no rank


# ---------------------------------------------------------------------------
# Beating a set


def test_bh11_a_set_with_a_big_joker_is_never_beaten_b7():
    # B7: BJ + A: no two-card set beats it, not even BJ BJ.
    table = "BJ ♠A"
    for play in ("BJ ♠3", "BJ ♠2", "BJ BJ", "BJ SJ", "SJ SJ", "♠2 ♥2", "BJ ♥A"):
        assert not b(play, table), play
    # Nor does anything beat a lone BJ, or BJ BJ SJ.
    assert not b("BJ", "BJ")
    assert not b("BJ BJ BJ", "BJ BJ SJ")


def test_bh12_a_small_joker_set_needs_big_jokers_and_a_higher_rank_b3_b4_b5():
    table = "SJ SJ ♠9 ♥9 ♦9"
    # B3: the spec says "the 5th position is 9 vs 9"; the 4th already is, and fails first.
    assert not b("BJ BJ SJ ♠9 ♥9", table)
    play, top = set_of(parse_cards("BJ BJ SJ ♠9 ♥9")), set_of(parse_cards(table))
    assert [a > t for a, t in zip(play.key, top.key, strict=True)] == [1, 1, 1, 0, 0]
    # B4: the rank is not higher.
    assert not b("BJ BJ ♠9 ♥9 ♦9", table)
    # B5: against SJ + 999 small jokers or plain cards never do.
    assert not b("SJ ♠10 ♥10 ♦10", "SJ ♠9 ♥9 ♦9")
    assert not b("♠10 ♥10 ♣10 ♦10", "SJ ♠9 ♥9 ♦9")
    # One big joker for each small one: 1 BJ against 2 SJ is not enough.
    assert not b("BJ SJ ♠J ♥J ♦J", table)
    assert b("BJ BJ ♠10 ♥10 ♦10", table)


def test_bh10_bh14_plain_sets_compare_by_rank_b6_b8():
    # BH-14 "步步高": strictly higher.
    assert b("♠10 ♥10 ♦10", "♠9 ♥9 ♦9")
    assert not b("♠9 ♥9 ♦9", "♠9 ♥9 ♦9")
    assert not b("♠8 ♥8 ♦8", "♠9 ♥9 ♦9")
    # B6: 999 is beaten by SJ + 1010, not by SJ + 88.
    assert not b("SJ ♠8 ♥8", "♠9 ♥9 ♦9")
    assert b("SJ ♠10 ♥10", "♠9 ♥9 ♦9")
    # B8: singles BJ over SJ, SJ over 2; 222 over AAA.
    assert b("BJ", "SJ") and b("SJ", "♠2") and b("♠2 ♥2 ♦2", "♠A ♥A ♦A")
    assert not b("SJ", "BJ") and not b("♠2", "SJ")


def test_bh15_the_same_number_of_cards_b8():
    # B8: 44 against 333: the card count differs.
    assert not b("♠4 ♥4", "♠3 ♥3 ♦3")
    assert not b("♠4 ♥4 ♦4 ♣4", "♠3 ♥3 ♦3")
    assert not b("BJ BJ", "♠3")


def test_bh_r01_higher_at_every_position_after_sorting():
    # R01: both sorted from the highest card down, every position higher.
    assert s("SJ ♠10 ♥10").key == (16, 10, 10)
    assert b("BJ ♠J ♥J", "SJ ♠10 ♥10")  # 17>16, 11>10, 11>10
    assert not b("BJ ♠10 ♥10", "SJ ♠10 ♥10")  # 10 = 10
    assert b("BJ SJ SJ", "SJ ♠A ♥A")  # jokers alone: 17>16, 16>14, 16>14
    assert not b("BJ SJ SJ", "SJ SJ ♠A")  # 16 = 16
    assert beats(s("♠3"), None)  # a lead: anything goes


def test_bh_r10_no_house_variants():
    # R10: a 2 is no wild card (it does not join a 9 set), four of a kind is no bomb,
    # two big jokers do not kill one (大王二杀一), and nothing ranks above 大王.
    with pytest.raises(IllegalSet):
        s("♠9 ♥9 ♠2")
    assert not b("♠5 ♥5 ♦5 ♣5", "♠A")
    assert not b("♠5 ♥5 ♦5 ♣5", "♠A ♥A")
    assert not b("BJ BJ", "BJ")
    assert max(value(c) for c in set(shoe(1))) == value(BIG_JOKER)
