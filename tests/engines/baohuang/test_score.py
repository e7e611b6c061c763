"""Scores and tribute (``baohuang.md`` BH-01, BH-05, BH-24, BH-31…BH-37, BH-R06…R09;
vectors B12–B16).

BH-01 (two sides, finishing places decide) is the side arithmetic tested here;
BH-05 (the next hand's tribute depends on the last) is ``tribute_plan``'s input.

Readings the engine adds where the seed is silent, tested here:

* R12: where one side pays several cards to several receivers, the biggest go first,
  to the receivers in the order they finished (the seed says so for the rebels
  taking the emperor's side's tribute, BH-35; the engine reads 独 the same way);
* after a won 独 each of the four pays the emperor one card ("吃贡其他人各进一张",
  BH-37), two after a won 明独 (R07).
"""

import itertools
from collections import Counter

import pytest

from engines.baohuang import Roles, parse_cards, score, tribute_plan, value
from engines.baohuang.rules import Rules
from engines.cards import parse_card
from engines.climbing.tribute import IllegalTribute
from tests.engines.baohuang.oracle import side_totals


def hands_of(*texts):
    return [Counter(parse_cards(t)) for t in texts]


def texts(option):
    return " ".join(c.text() for c in option)


def who_gets_what(plan):
    """(payer, receiver, the forced cards' values as text) for each payment."""
    return [
        (p.payer, p.receiver, " ".join(sorted({texts(o) for o in p.options})))
        for p in plan.payments
    ]


# ---------------------------------------------------------------------------
# Scores


def test_bh31_the_seeds_example_b12():
    # "“皇帝〞获得“头科〞，“保皇派〞为“二落〞…皇帝一组得分：4+-2=2，敌方得分为：2+0+-4=-2".
    roles = Roles(emperor=0, royalist=1)
    result = score([0, 2, 3, 1, 4], roles)
    assert result.points == (4, -2, 2, 0, -4)
    assert (result.emperors, result.rebels, result.winner) == (2, -2, "emperor")
    assert [result.seat_total(s) for s in range(5)] == [2, 2, -2, -2, -2]


def test_bh31_b13_the_side_totals_and_the_draw():
    roles = Roles(emperor=0, royalist=1)
    # Emperor 3rd, royalist 2nd: 0 + 2 = +2 against −2.
    assert (score([2, 1, 0, 3, 4], roles).emperors, score([2, 1, 0, 3, 4], roles).rebels) == (2, -2)
    # Emperor 2nd, royalist last: 2 − 4 = −2 against +2.
    result = score([2, 0, 3, 4, 1], roles)
    assert (result.emperors, result.rebels, result.winner) == (-2, 2, "rebels")
    # Emperor 1st, royalist last: 4 − 4 = 0 against 0: a draw, no winner.
    result = score([0, 2, 3, 4, 1], roles)
    assert (result.emperors, result.rebels, result.winner) == (0, 0, None)


def test_bh01_bh31_every_finishing_order_and_every_pair_of_roles():
    # BH-01: the emperor and the royalist against the other three (or the emperor
    # alone after a 独); the sides' totals always sum to 0.
    for emperor, royalist in itertools.product(range(5), [*range(5), None]):
        if royalist == emperor:
            continue
        roles = Roles(emperor, royalist)
        for places in itertools.permutations(range(5)):
            result = score(places, roles)
            assert (result.emperors, result.rebels) == side_totals(places, emperor, royalist)
            assert result.emperors + result.rebels == 0 and result.multiplier == 1


def test_bh24_mingdu_doubles_the_score():
    roles = Roles(emperor=2, royalist=None, open_alone=True)
    result = score([2, 0, 1, 3, 4], roles)
    assert result.multiplier == 2 and result.points == (4, 0, 8, -4, -8)
    assert (result.emperors, result.rebels) == (8, -8)
    assert (result.emperors, result.rebels) == side_totals([2, 0, 1, 3, 4], 2, None, 2)
    # A hidden 独 is not doubled; nor 明独 with the option off.
    assert score([2, 0, 1, 3, 4], Roles(2, None)).emperors == 4
    assert score([2, 0, 1, 3, 4], roles, Rules("x", open_alone_doubles=False)).emperors == 4


def test_a_finishing_order_lists_the_five_seats():
    with pytest.raises(ValueError):
        score([0, 1, 2, 3], Roles(0, 1))
    with pytest.raises(ValueError):
        score([0, 1, 2, 3, 3], Roles(0, 1))


# ---------------------------------------------------------------------------
# Tribute


def test_bh32_bh33_bh34_bh_r06_the_emperors_side_won_b14():
    # B14: the rebels' biggest cards are SJ, ♠2 and ♥A: the royalist takes the middle
    # one, ♠2; the emperor the other two (吃2张).
    roles = Roles(emperor=0, royalist=1)
    places = [0, 2, 1, 3, 4]  # +4 + 0 against +2 − 2 − 4
    new = hands_of("♣3 ♣4", "♣5 ♣6", "SJ ♥A ♦9", "♠2 ♠A ♦9", "♥A ♦A ♦9")
    plan = tribute_plan(roles, places, new)
    assert plan.kind == "won" and plan.returns == () and plan.leader == -1
    assert sorted(who_gets_what(plan)) == [(2, 0, "SJ"), (3, 1, "♠2"), (4, 0, "♥A ♦A")]
    moved, back = plan.apply(new, paid={4: parse_cards("♦A")})
    assert moved == {2: (parse_card("SJ"),), 3: (parse_card("♠2"),), 4: (parse_card("♦A"),)}
    assert back == {}
    assert new[0] == Counter(parse_cards("♣3 ♣4 SJ ♦A")) and new[1][parse_card("♠2")] == 1
    assert new[4] == Counter(parse_cards("♥A ♦9"))


def test_bh35_bh36_the_emperors_side_lost_b15():
    # B15: the emperor pays BJ, BJ; the royalist ♦2; the rebels finished 1st, 3rd and
    # 4th and take them biggest first in that order.
    roles = Roles(emperor=0, royalist=1)
    places = [2, 0, 3, 4, 1]  # emperor 2nd, royalist last: −2 against +2
    new = hands_of("BJ BJ ♠5", "♦2 ♣3", "♣4", "♣6", "♣7")
    plan = tribute_plan(roles, places, new)
    assert plan.kind == "lost" and plan.returns == ()
    assert who_gets_what(plan) == [(0, 2, "BJ"), (0, 3, "BJ"), (1, 4, "♦2")]
    plan.apply(new)
    assert [sum(h.values()) for h in new] == [1, 1, 2, 2, 2]
    assert new[2][parse_card("BJ")] == new[3][parse_card("BJ")] == 1 and new[4][parse_card("♦2")]


def test_bh35_bh_r12_two_different_cards_of_the_emperor_go_biggest_first():
    # The emperor's two biggest are BJ and SJ, the royalist's a 2: the best-placed
    # rebel takes BJ, the next SJ, the last the 2. Every card moves once.
    roles = Roles(emperor=0, royalist=1)
    places = [2, 0, 3, 4, 1]
    new = hands_of("BJ SJ ♠5 ♠6", "♦2 ♠3", "♠4 ♠7", "♠8 ♠9", "♠10 ♠J")
    before = sum(new, Counter())
    plan = tribute_plan(roles, places, new)
    assert who_gets_what(plan) == [(0, 2, "BJ"), (0, 3, "SJ"), (1, 4, "♦2")]
    moved, _ = plan.apply(new)
    assert sum(new, Counter()) == before
    assert new == hands_of("♠5 ♠6", "♠3", "♠4 ♠7 BJ", "♠8 ♠9 SJ", "♠10 ♠J ♦2")
    assert sorted(moved[0]) == sorted(parse_cards("BJ SJ"))


def test_bh36_the_tribute_is_the_biggest_card_and_nothing_comes_back():
    roles = Roles(emperor=0, royalist=1)
    new = hands_of("♣3", "♣4", "SJ ♠2", "♥2 ♠A", "♠K ♠K")
    plan = tribute_plan(roles, [0, 2, 1, 3, 4], new)
    with pytest.raises(IllegalTribute) as caught:
        plan.apply(new, paid={3: parse_cards("♠A")})  # a smaller card than its 2
    assert caught.value.code == "not-forced"
    with pytest.raises(IllegalTribute):
        plan.apply(new, paid={0: parse_cards("♣3")})  # the winners do not pay
    assert new == hands_of("♣3", "♣4", "SJ ♠2", "♥2 ♠A", "♠K ♠K")  # nothing moved
    # The payer picks the suit among its copies of the forced value.
    plan = tribute_plan(roles, [0, 2, 1, 3, 4], hands_of("♣3", "♣4", "♠2 ♥2", "♦2", "♠K"))
    assert [texts(o) for o in plan.payment_of(2).options] == ["♠2", "♥2"]
    assert plan.payment_of(2).choices == tuple(parse_cards("♠2 ♥2"))
    with pytest.raises(IllegalTribute):
        plan.payment_of(0)


def test_bh37_du_lost_the_emperor_pays_one_to_each_b16():
    # B16: a lost 独: four cards, biggest first to the four in finishing order.
    roles = Roles(emperor=0, royalist=None)
    places = [3, 1, 0, 4, 2]  # emperor alone 3rd: 0 against 4 + 2 − 2 − 4 = 0
    assert score(places, roles).winner is None  # a draw: no tribute
    places = [3, 1, 4, 0, 2]  # emperor 4th: −2 against +2
    new = hands_of("BJ SJ ♠2 ♠A ♠5", "♣3", "♣4", "♣6", "♣7")
    plan = tribute_plan(roles, places, new)
    assert plan.kind == "alone-lost"
    assert who_gets_what(plan) == [(0, 3, "BJ"), (0, 1, "SJ"), (0, 4, "♠2"), (0, 2, "♠A")]
    before = sum(new, Counter())
    plan.apply(new)
    assert sum(new, Counter()) == before
    assert new == hands_of("♠5", "♣3 SJ", "♣4 ♠A", "♣6 BJ", "♣7 ♠2")


def test_bh37_du_won_each_of_the_four_pays_one_b16():
    roles = Roles(emperor=2, royalist=None)
    places = [2, 0, 1, 3, 4]
    new = hands_of("♠A ♣3", "♥K ♣4", "♣5", "SJ ♣6", "♦2 ♣7")
    plan = tribute_plan(roles, places, new)
    assert plan.kind == "alone-won"
    assert who_gets_what(plan) == [(0, 2, "♠A"), (1, 2, "♥K"), (3, 2, "SJ"), (4, 2, "♦2")]
    plan.apply(new)
    assert new[2] == Counter(parse_cards("♣5 ♠A ♥K SJ ♦2"))


def test_bh_r07_mingdu_doubles_the_tribute_b16():
    # B16: a lost 明独: the emperor pays 8, two to each, biggest first in finishing
    # order; a won 明独: each pays its two biggest.
    roles = Roles(emperor=0, royalist=None, open_alone=True)
    places = [1, 2, 0, 3, 4]  # emperor 3rd: 0 against 0 ×2: a draw
    assert score(places, roles).winner is None
    places = [1, 2, 3, 0, 4]
    new = hands_of("BJ BJ SJ ♠2 ♥2 ♣2 ♠A ♠A ♠3", "♣4", "♣5", "♣6", "♣7")
    before = sum(new, Counter())
    plan = tribute_plan(roles, places, new)
    assert plan.kind == "alone-lost" and sum(p.count for p in plan.payments) == 8
    assert [(p.receiver, p.count) for p in plan.payments] == [(1, 2), (2, 2), (3, 2), (4, 2)]
    assert [{texts(o) for o in p.options} for p in plan.payments] == [
        {"BJ BJ"},
        {"SJ ♠2", "SJ ♥2", "SJ ♣2"},
        {"♠2 ♥2", "♠2 ♣2", "♥2 ♣2"},
        {"♠A ♠A"},
    ]
    plan.apply(new)
    assert sum(new, Counter()) == before
    assert new[0] == Counter(parse_cards("♠3"))
    assert [sorted(value(c) for c in new[s].elements()) for s in (1, 2, 3, 4)] == [
        [4, 17, 17],
        [5, 15, 16],
        [6, 15, 15],
        [7, 14, 14],
    ]
    roles = Roles(emperor=0, royalist=None, open_alone=True)
    new = hands_of("♣3", "♠A ♠K ♠4", "♥2 ♥2 ♠5", "SJ ♦9 ♠6", "♦A ♦A ♦A")
    plan = tribute_plan(roles, [0, 1, 2, 3, 4], new)
    assert plan.kind == "alone-won" and sum(p.count for p in plan.payments) == 8
    plan.apply(new)
    assert new[0] == Counter(parse_cards("♣3 ♠A ♠K ♥2 ♥2 SJ ♦9 ♦A ♦A"))


def test_a_payer_of_several_cards_may_choose_them():
    # 明独 lost: the emperor names all eight cards, payment by payment in plan order.
    roles = Roles(emperor=0, royalist=None, open_alone=True)
    new = hands_of("BJ BJ SJ ♠2 ♥2 ♣2 ♠A ♠A ♠3", "♣4", "♣5", "♣6", "♣7")
    plan = tribute_plan(roles, [1, 2, 3, 0, 4], new)
    chosen = parse_cards("BJ BJ SJ ♣2 ♠2 ♥2 ♠A ♠A")
    moved, _ = plan.apply(new, paid={0: chosen})
    assert sorted(moved[0]) == sorted(chosen)
    assert new[2] == Counter(parse_cards("♣5 SJ ♣2")) and new[3] == Counter(parse_cards("♣6 ♠2 ♥2"))
    new = hands_of("BJ BJ SJ ♠2 ♥2 ♣2 ♠A ♠A ♠3", "♣4", "♣5", "♣6", "♣7")
    with pytest.raises(IllegalTribute):  # the same ♣2 twice: one is not in the hand
        plan.apply(new, paid={0: parse_cards("BJ BJ SJ ♣2 ♣2 ♥2 ♠A ♠A")})
    with pytest.raises(IllegalTribute):  # too few cards
        plan.apply(new, paid={0: parse_cards("BJ BJ SJ ♣2")})
    assert new == hands_of("BJ BJ SJ ♠2 ♥2 ♣2 ♠A ♠A ♠3", "♣4", "♣5", "♣6", "♣7")


def test_bh_r08_a_draw_pays_no_tribute():
    roles = Roles(emperor=0, royalist=1)
    new = hands_of("♣3", "♣4", "♣5", "♣6", "♣7")
    plan = tribute_plan(roles, [0, 2, 3, 4, 1], new)
    assert plan.kind == "none" and plan.payments == ()
    assert plan.apply(new) == ({}, {}) and new == hands_of("♣3", "♣4", "♣5", "♣6", "♣7")


def test_bh05_bh_r09_tribute_follows_the_last_hands_roles_before_the_new_offer():
    # R09: the tribute is paid between the last hand's roles from the new deal, and
    # only then is the role offered (to a seat drawn anew); the plan names no leader.
    from engines.baohuang.game import Hand

    dealt = Hand.deal(seed=5)
    hands = [Counter(h) for h in dealt.hands]
    plan = tribute_plan(Roles(emperor=1, royalist=4), [2, 3, 1, 0, 4], hands)
    assert plan.kind == "lost" and plan.leader == -1
    assert {p.payer for p in plan.payments} == {1, 4}
    assert [p.receiver for p in plan.payments] == [2, 3, 0]
    plan.apply(hands)
    hand = Hand(hands, first=3)
    assert hand.phase == "offer" and hand.reserve == parse_cards("BJ") and hand.offered == 3
    assert [sum(h.values()) for h in hand.hands] == [44, 41, 44, 44, 42]


def test_tribute_needs_the_five_new_hands():
    with pytest.raises(ValueError):
        tribute_plan(Roles(0, 1), [0, 2, 1, 3, 4], hands_of("♣3", "♣4"))
