"""The kitty (底牌): seed 000 "底牌 1-7" and seed 001 "底牌 1-8"."""

from collections import Counter

import pytest

from engines.cards import HEARTS, SPADES, parse_cards
from engines.dagunzi import Order
from engines.dagunzi.kitty import (
    IllegalBury,
    check_bury,
    check_joker_bury,
    is_ganguo,
    may_bury_jokers,
    others_barred,
    pickable,
)
from engines.dagunzi.rules import DALIAN, DALIAN_DAILY, LIANZHONG

ORDER = Order(level=7, trump=HEARTS)

# 干锅: "底牌全是主或全不是主" (001 rule 7, first wording) and "底牌若全是主（含常主）或全是副牌
# （含常主）" (000 and 001's second wording): 常主 (2s, jokers) count on either side.
GANGUO = [
    ("♥3 ♥9 ♠2 BJ ♦7 ♥K", True, True),  # all trumps: ♥ suit, a 2, a joker, a level card
    ("♠3 ♠9 ♣J ♦4 ♦Q ♣A", True, True),  # no trump at all
    ("♠3 ♠9 ♣J ♦4 ♦Q ♠2", False, True),  # side cards and a 常主
    ("♠3 ♠9 ♣J ♦4 SJ BJ", False, True),
    ("♠3 ♠9 ♣J ♦4 ♦Q ♥4", False, False),  # a trump-suit card among side cards
    ("♠3 ♠9 ♣J ♦4 ♦Q ♠7", False, False),  # a level card is a trump, not a 常主
]


@pytest.mark.parametrize(("kitty", "plain", "permanent_either"), GANGUO)
def test_ganguo(kitty, plain, permanent_either):
    cards = parse_cards(kitty)
    assert is_ganguo(LIANZHONG, cards, ORDER) is plain
    assert is_ganguo(DALIAN, cards, ORDER) is permanent_either


def test_the_dealer_buries_six_cards_points_and_jokers_allowed():
    hand = parse_cards("BJ SJ ♠K ♠10 ♣5 ♦5 ♠3 ♠4")
    left = check_bury(LIANZHONG, hand, parse_cards("BJ SJ ♠K ♠10 ♣5 ♦5"))
    assert sorted(left.elements()) == sorted(parse_cards("♠3 ♠4"))


@pytest.mark.parametrize(
    ("hand", "bury", "code"),
    [
        ("BJ SJ ♠3 ♠4 ♠5 ♠6 ♠8 ♠9", "SJ ♠3 ♠4 ♠5 ♠6 ♠8", "big-first"),  # keeps BJ, buries SJ
        ("♠3 ♠4 ♠5 ♠6 ♠8 ♠9 ♠J", "♠3 ♠4 ♠5 ♠6 ♠8", "size"),
        ("♠3 ♠4 ♠5 ♠6 ♠8 ♠9 ♠J", "♠3 ♠4 ♠5 ♠6 ♠8 ♥A", "not-in-hand"),
    ],
)
def test_bad_buries(hand, bury, code):
    # 000/001 rule 4: "扣王时有大王必须先扣大王，没有大王的情况下才能扣小王".
    with pytest.raises(IllegalBury) as caught:
        check_bury(LIANZHONG, parse_cards(hand), parse_cards(bury))
    assert caught.value.code == code


def test_dalian_daily_buries_a_joker_every_hand():
    hand = parse_cards("SJ ♠3 ♠4 ♠5 ♠6 ♠8 ♠9")
    with pytest.raises(IllegalBury) as caught:
        check_bury(DALIAN_DAILY, hand, parse_cards("♠3 ♠4 ♠5 ♠6 ♠8 ♠9"))
    assert caught.value.code == "must-bury-joker"
    check_bury(DALIAN_DAILY, hand, parse_cards("SJ ♠4 ♠5 ♠6 ♠8 ♠9"))
    check_bury(LIANZHONG, hand, parse_cards("♠3 ♠4 ♠5 ♠6 ♠8 ♠9"))


def test_who_may_bury_jokers_after_the_dealer():
    # 000 rule 5 "其对家也可在底牌中扣王"; 001 rule 5 "其他用户也可在底牌中扣王".
    assert [may_bury_jokers(DALIAN, s, dealer=1) for s in range(4)] == [False, False, False, True]
    assert [may_bury_jokers(LIANZHONG, s, dealer=1) for s in range(4)] == [True, False, True, True]


@pytest.mark.parametrize(
    ("bury", "dalian", "lianzhong"),
    [
        ("♠K ♠10 ♣5 ♦5 ♥K ♦10", True, True),  # all points: rule 6 of both seeds
        ("♠K ♠10 ♣5 ♦5 BJ SJ", False, True),  # points and jokers: 001 rule 8 only
        ("♠K ♠10 ♣5 ♦5 BJ ♠3", False, False),
    ],
)
def test_an_all_points_bury_bars_the_others(bury, dalian, lianzhong):
    assert others_barred(DALIAN, parse_cards(bury)) is dalian
    assert others_barred(LIANZHONG, parse_cards(bury)) is lianzhong


def test_the_smallest_cards_come_back():
    # "最小牌的判定方法为先看是否是主牌，然后看点数，最后看花色": side before trump, then rank.
    kitty = parse_cards("♥3 ♠Q ♣4 BJ ♦K ♠2")
    assert [c.text() for c in pickable(kitty, ORDER)] == ["♣4", "♠Q", "♠2", "♥3"]


def test_burying_jokers_takes_back_as_many_smallest_cards():
    kitty = parse_cards("♠K ♠10 ♣4 ♦4 ♠Q ♥3")
    taken = check_joker_bury(
        LIANZHONG, 2, 0, parse_cards("BJ BJ ♥A"), kitty, parse_cards("BJ BJ"), None, ORDER
    )
    assert sorted(c.text() for c in taken) == ["♣4", "♦4"]
    # "如果点数相同，花色不同，可自行决定": either 4 with the Q, when one joker goes in.
    for picks in ("♣4", "♦4"):
        check_joker_bury(
            LIANZHONG,
            2,
            0,
            parse_cards("BJ"),
            kitty,
            parse_cards("BJ"),
            parse_cards(picks),
            ORDER,
        )
    with pytest.raises(IllegalBury) as caught:
        check_joker_bury(
            LIANZHONG,
            2,
            0,
            parse_cards("BJ"),
            kitty,
            parse_cards("BJ"),
            parse_cards("♠Q"),
            ORDER,
        )
    assert caught.value.code == "wrong-pick"


@pytest.mark.parametrize(
    ("rules", "seat", "hand", "jokers", "kitty", "dealer_bury", "code"),
    [
        (LIANZHONG, 2, "BJ SJ", "SJ", "♠3 ♠4 ♠5 ♠6 ♠8 ♠9", None, "big-first"),
        (DALIAN, 1, "BJ", "BJ", "♠3 ♠4 ♠5 ♠6 ♠8 ♠9", None, "not-your-bury"),
        (LIANZHONG, 0, "BJ", "BJ", "♠3 ♠4 ♠5 ♠6 ♠8 ♠9", None, "dealer"),
        (LIANZHONG, 1, "♠A", "♠A", "♠3 ♠4 ♠5 ♠6 ♠8 ♠9", None, "only-jokers"),
        (LIANZHONG, 1, "SJ", "BJ", "♠3 ♠4 ♠5 ♠6 ♠8 ♠9", None, "not-in-hand"),
        # "扣几张捡几张", and only cards that are neither points nor jokers come back.
        (LIANZHONG, 1, "BJ BJ", "BJ BJ", "♠K ♠10 ♣5 ♦5 SJ ♠3", None, "too-many"),
        (LIANZHONG, 1, "BJ", "BJ", "♠K ♠10 ♣5 ♦5 SJ ♠3", "♠K ♠10 ♣5 ♦5 SJ ♠3", None),
        (DALIAN, 2, "BJ", "BJ", "♠K ♠10 ♣5 ♦5 ♥K ♦10", "♠K ♠10 ♣5 ♦5 ♥K ♦10", "barred"),
        (LIANZHONG, 1, "BJ", "BJ", "♠K ♠10 ♣5 ♦5 BJ SJ", "♠K ♠10 ♣5 ♦5 BJ SJ", "barred"),
    ],
)
def test_joker_bury_rules(rules, seat, hand, jokers, kitty, dealer_bury, code):
    bury = parse_cards(dealer_bury) if dealer_bury else None
    call = lambda: check_joker_bury(  # noqa: E731
        rules,
        seat,
        0,
        parse_cards(hand),
        parse_cards(kitty),
        parse_cards(jokers),
        None,
        ORDER,
        dealer_bury=bury,
    )
    if code is None:
        assert [c.text() for c in call()] == ["♠3"]
        return
    with pytest.raises(IllegalBury) as caught:
        call()
    assert caught.value.code == code


def test_no_joker_burying_in_ganguo():
    with pytest.raises(IllegalBury) as caught:
        check_joker_bury(
            LIANZHONG,
            1,
            0,
            parse_cards("BJ"),
            parse_cards("♠3 ♠4 ♠5 ♠6 ♠8 ♠9"),
            parse_cards("BJ"),
            None,
            ORDER,
            ganguo=True,
        )
    assert caught.value.code == "ganguo"


def test_smallest_uses_the_trump_of_the_hand():
    kitty = parse_cards("♠3 ♥4")
    assert [c.text() for c in pickable(kitty, Order(7, SPADES))] == ["♥4", "♠3"]
    assert Counter(pickable(kitty, ORDER)) == Counter(kitty)
