"""A whole 掼蛋 deal: the deal, tribute and return, a hand played out, levels and
the match (``guandan.md`` GD-14, GD-16…GD-26, GD-R01, R07…R13, vectors G17–G24),
and 1,000 random whole deals with their invariants."""

import dataclasses
import random
import time
from collections import Counter

import pytest

from engines.cards import ACE, BIG_JOKER, CARDS, KING, parse_cards, shoe
from engines.climbing import FinishingOrder, IllegalTurn
from engines.climbing.tribute import IllegalTribute
from engines.guandan import (
    IllegalPlay,
    beats,
    classify,
    legal_plays,
    level_value,
    wild_card,
)
from engines.guandan.hand import (
    Hand,
    Match,
    deal,
    random_lead,
    settle,
    simulate,
    team_of,
    tribute_plan,
)
from engines.guandan.rules import COMPETITION, DEFAULT


def cards(text):
    return Counter(parse_cards(text))


def card(text):
    return parse_cards(text)[0]


def hands(*texts):
    return [cards(t) for t in texts]


def options(plan, payer):
    return sorted(CARDS[c].text() for o in plan.payment_of(payer).options for c in o)


def choices(plan, giver):
    return [c.text() for c in plan.return_of(giver).choices]


# ---------------------------------------------------------------------------
# The deal and the first lead


def test_R01_the_deal_is_108_cards_27_each():
    d = deal(2026)
    assert [sum(h.values()) for h in d.hands] == [27] * 4
    assert sum(d.hands, Counter()) == Counter(shoe(2))
    assert deal(2026) == d and deal(2027).hands != d.hands  # a seed repeats its deal


def test_GD16_a_card_drawn_at_random_decides_the_first_leader():
    leaders = Counter()
    for seed in range(40):
        d = deal(seed)
        assert d.drawn in d.hands[d.drawn_seat]
        match = Match(seed=seed)
        dealt, plan = match.next_deal()
        assert plan.kind == "none" and not plan.payments
        assert plan.leader == dealt.drawn_seat
        leaders[plan.leader] += 1
    assert set(leaders) == {0, 1, 2, 3}  # the draw, not a fixed seat


# ---------------------------------------------------------------------------
# Tribute


def test_GD14_GD17_double_down_both_losers_pay_the_bigger_to_the_first():
    # 0 and 2 finished 1-2: 1 and 3 are 双下. Level 5: ♥5 is wild and never paid.
    new = hands("♠3 ♦4", "♠K ♥5 ♥5 ♦3", "♣6", "♣A ♦A ♠2")
    plan = tribute_plan((0, 2, 1, 3), new, 5)
    assert plan.kind == "double" and not plan.resisted
    assert [(p.payer, p.receiver) for p in plan.payments] == [(3, 0), (1, 2)]
    assert options(plan, 3) == ["♣A", "♦A"]  # the rank is forced, the copy is the payer's
    assert options(plan, 1) == ["♠K"]  # ♥5 is higher but wild
    assert plan.leader == 3  # the payer of the bigger tribute leads
    # Seed: the winners return any card, to the payer they took from (对应还牌).
    assert [(r.giver, r.receiver) for r in plan.returns] == [(0, 3), (2, 1)]
    assert choices(plan, 0) == ["♠3", "♦4"] and choices(plan, 2) == ["♣6"]


def test_GD18_R12_G21_equal_tributes_the_first_takes_from_the_loser_on_its_right():
    new = hands("♠3", "♠K ♦2", "♣6", "♦K ♠4")
    plan = tribute_plan((0, 2, 3, 1), new, 9)
    assert plan.notes == ("equal",)
    # Seat 1 is seat 0's 下家 (on its right): its ♠K goes to the 头游, and it leads.
    assert [(p.payer, p.receiver) for p in plan.payments] == [(1, 0), (3, 2)]
    assert plan.leader == 1
    # The 头游 in seat 2: its 下家 is seat 3.
    plan = tribute_plan((2, 0, 1, 3), new, 9)
    assert [(p.payer, p.receiver) for p in plan.payments] == [(3, 2), (1, 0)]
    assert plan.leader == 3


def test_GD19_G20_double_down_losers_with_both_big_jokers_resist():
    # One big joker each, or one loser with both: 抗贡, and the 头游 leads.
    for one, three in (("BJ ♠3", "BJ ♠4"), ("BJ BJ ♠3", "♠4 ♦A")):
        plan = tribute_plan((2, 0, 1, 3), hands("♠5", one, "♠6", three), 4)
        assert plan.resisted and plan.kind == "resisted"
        assert not plan.payments and not plan.returns and plan.leader == 2
    # Small jokers do not count.
    plan = tribute_plan((2, 0, 1, 3), hands("♠5", "BJ SJ", "♠6", "SJ ♠4"), 4)
    assert not plan.resisted and options(plan, 1) == ["BJ"]


def test_GD21_G17_single_down_the_last_pays_its_highest_but_a_heart_level_card():
    # Level 7, finish 0-1-2-3 (1-3): seat 3 is 末游 and holds ♥7 ♠7 ♠A.
    new = hands("♠10 ♦9 ♣3 ♠7 ♠A", "♣5", "♦6", "♥7 ♠7 ♠A ♦4")
    plan = tribute_plan((0, 1, 2, 3), new, 7)
    assert plan.kind == "single"
    assert [(p.payer, p.receiver) for p in plan.payments] == [(3, 0)]
    assert options(plan, 3) == ["♠7"]  # the heart 7 is excluded, the spade 7 is not
    assert plan.leader == 3  # 末游 leads
    # 头游 returns 10 or lower by the level order: ♠7 is a level card (15), ♠A is 14.
    assert choices(plan, 0) == ["♣3", "♦9", "♠10"]


def test_G18_a_level_card_is_never_10_or_lower():
    plan = tribute_plan((0, 1, 2, 3), hands("♠10 ♦9 ♣3", "♣5", "♦6", "♠A"), 10)
    assert choices(plan, 0) == ["♣3", "♦9"]


def test_GD22_G19_single_down_the_last_with_both_big_jokers_resists():
    # 1-3: seat 1 first, its partner 3 third, seat 2 last.
    plan = tribute_plan((1, 0, 3, 2), hands("♠3", "♠4", "BJ BJ ♠A", "♠5"), 2)
    assert plan.resisted and plan.leader == 1 and not plan.payments
    # A single big joker is paid like any highest card.
    plan = tribute_plan((1, 0, 3, 2), hands("♠3", "♠4", "BJ SJ SJ ♠A", "♠5"), 2)
    assert not plan.resisted and options(plan, 2) == ["BJ"] and plan.leader == 2


def test_the_first_s_own_partner_last_pays_the_first_and_leads():
    # 1-4: seat 2 (seat 0's partner) is 末游. Competition rules 第十条: 下游 pays 上游.
    plan = tribute_plan((0, 1, 3, 2), hands("♠3 ♠J", "♠4", "♠K ♦6", "♠5"), 8)
    assert plan.kind == "single" and plan.notes == ("partner",)
    assert [(p.payer, p.receiver) for p in plan.payments] == [(2, 0)]
    assert options(plan, 2) == ["♠K"]
    assert [(r.giver, r.receiver) for r in plan.returns] == [(0, 2)]
    assert plan.leader == 2 and choices(plan, 0) == ["♠3"]
    plan = tribute_plan((0, 1, 3, 2), hands("♠3", "♠4", "BJ BJ", "♠5"), 8)
    assert plan.resisted and plan.leader == 0


def test_R10_returns_fall_back_to_the_smallest_card_and_the_competition_rule():
    # Nothing of 10 or lower (level 2: a 2 is a level card): the smallest card, ♠J.
    plan = tribute_plan((0, 1, 2, 3), hands("♠J ♦Q ♣J ♠2 SJ", "♠4", "♠5", "♠K"), 2)
    assert choices(plan, 0) == ["♠J", "♣J"]
    # After 双下: any card by the seed, 10 or lower under the competition rules.
    new = hands("♠2 ♠9 SJ", "♠4 ♠A", "♠K ♦10", "♦A")
    assert choices(tribute_plan((0, 2, 1, 3), new, 2), 0) == ["♠9", "♠2", "SJ"]
    assert choices(tribute_plan((0, 2, 1, 3), new, 2, COMPETITION), 0) == ["♠9"]
    assert choices(tribute_plan((0, 2, 1, 3), new, 2, COMPETITION), 2) == ["♦10"]


def test_GD20_returns_are_checked_together_and_come_from_the_winners_own_cards():
    new = hands("♠3 ♦4", "♠K ♦3", "♣6 ♣7", "♣A ♦A")
    plan = tribute_plan((0, 2, 1, 3), new, 5)
    before = [Counter(h) for h in new]
    # The tribute just received may not go straight back (it was not the 头游's).
    with pytest.raises(IllegalTribute) as caught:
        plan.apply(new, paid={3: [card("♦A")]}, returned={0: [card("♦A")]})
    assert caught.value.code == "not-returnable"
    # A bad second return: nothing moves, not even the first one.
    with pytest.raises(IllegalTribute):
        plan.apply(new, returned={0: [card("♠3")], 2: [card("♠3")]})
    assert new == before
    with pytest.raises(IllegalTribute) as caught:  # a lower card than the forced rank
        plan.apply(new, paid={1: [card("♦3")]})
    assert caught.value.code == "not-forced"
    paid, back = plan.apply(new, paid={3: [card("♦A")]}, returned={0: [card("♦4")]})
    assert paid == {3: (card("♦A"),), 1: (card("♠K"),)}
    assert new[0] == cards("♠3 ♦A") and new[3] == cards("♣A ♦4")
    assert new[2] == cards("♣7 ♠K") and new[1] == cards("♦3 ♣6")  # 2 gave its first choice
    assert sum(new, Counter()) == sum(before, Counter())


def test_R11_the_tribute_is_taken_from_the_newly_dealt_hands_at_the_new_level():
    match = Match(seed=6)
    match.score((0, 1, 2, 3))  # team 0 wins 1-3: +2, the next hand is at 4
    dealt, plan = match.next_deal()
    assert match.level == 4 and plan.kind == "single"
    new = dealt.hands[3]  # the 末游's new cards: no joker, a ♥4 (wild at level 4)
    assert new[card("♥4")] and not new[card("BJ")] and not new[card("SJ")]
    top = max(level_value(c, 4) for c in new.elements() if c != wild_card(4))
    assert top == 15 and options(plan, 3) == ["♠4", "♦4"]  # level cards, not the wild
    hand = match.start(dealt, plan, paid={3: [card("♦4")]})
    assert hand.hands[0][card("♦4")] == dealt.hands[0][card("♦4")] + 1
    assert sum(hand.hands[0].values()) == sum(hand.hands[3].values()) == 27


# ---------------------------------------------------------------------------
# Playing a hand


def small_hand(*texts, level=2, leader=0, rules=DEFAULT):
    return Hand(hands(*texts), level, leader, rules)


def test_R07_lead_pass_play_later_and_every_play_is_checked():
    h = small_hand("♠3 ♠9 ♦9", "♠4 ♠A", "♠5 ♣K", "♦4 ♣Q")
    with pytest.raises(IllegalTurn) as caught:
        h.pass_(0)  # the leader must play
    assert caught.value.code == "lead-pass"
    with pytest.raises(IllegalPlay) as caught:
        h.play(0, parse_cards("♠A"))
    assert caught.value.code == "not-in-hand"
    with pytest.raises(IllegalPlay) as caught:
        h.play(0, parse_cards("♠3 ♠9"))
    assert caught.value.code == "not-a-play"
    h.play(0, parse_cards("♠3"))
    with pytest.raises(IllegalTurn):
        h.play(2, parse_cards("♣K"))  # not seat 2's turn
    h.pass_(1)
    h.play(2, parse_cards("♠5"))
    with pytest.raises(IllegalPlay) as caught:
        h.play(3, parse_cards("♦4"))  # lower than ♠5
    assert caught.value.code == "too-low"
    h.play(3, parse_cards("♣Q"))
    h.pass_(0)
    h.play(1, parse_cards("♠A"))  # seat 1 passed before and may still play
    for seat in (2, 3, 0):
        h.pass_(seat)
    assert len(h.tricks) == 1 and h.to_play == 1 and h.top is None


def test_R06_the_player_names_the_reading_only_when_it_matters():
    # G7 at level 5: ♠3 ♠4 ♠5 ♠6 ♥5 is a straight flush to 6 or to 7.
    h = small_hand("♠3 ♠4 ♠5 ♠6 ♥5 ♠K", "♦3 ♦4 ♦5 ♦6 ♦2 ♠Q", "♣9", "♣10", level=5)
    with pytest.raises(IllegalPlay) as caught:
        h.play(0, parse_cards("♠3 ♠4 ♠5 ♠6 ♥5"))
    assert caught.value.code == "reading"
    play = h.play(0, parse_cards("♠3 ♠4 ♠5 ♠6 ♥5"), "straight flush to 6")
    assert play.reading.text() == "straight flush to 6"
    h2 = small_hand("♦2 ♦3 ♦4 ♦5 ♦6 ♠Q", "♠3 ♠4 ♠5 ♠6 ♥5 ♠K", "♣9", "♣10", level=5)
    h2.play(0, parse_cards("♦2 ♦3 ♦4 ♦5 ♦6"))  # ♦5 is not wild: a straight flush to 6
    play = h2.play(1, parse_cards("♠3 ♠4 ♠5 ♠6 ♥5"))  # only "to 7" beats it: no need to say
    assert play.reading.text() == "straight flush to 7"


def test_G24_R08_jiefeng_the_partner_leads_after_an_unbeaten_last_play():
    h = small_hand("♠9 ♦9 ♣9", "♠4 ♠5", "♠6 ♣Q", "♠7 ♣K")
    h.play(0, parse_cards("♠9 ♦9 ♣9"))
    for seat in (1, 2, 3):
        h.pass_(seat)
    assert h.order.out == [0] and h.to_play == 2  # seat 2, not seat 1


def test_jiefeng_while_another_player_is_out_and_with_the_partner_out():
    h = small_hand("♠A", "♠4 ♠5", "♠6 ♣Q", "♣K", leader=3)
    h.play(3, parse_cards("♣K"))
    for seat in (0, 1, 2):
        h.pass_(seat)
    assert h.order.out == [3] and h.to_play == 1  # seat 3's partner
    h.play(1, parse_cards("♠4"))
    h.pass_(2)
    h.play(0, parse_cards("♠A"))  # seat 3 is skipped; seat 0 goes out unbeaten
    h.pass_(1)
    h.pass_(2)
    # Seat 1 sits next after seat 0, but the lead goes to seat 0's partner.
    assert h.order.out == [3, 0] and h.to_play == 2
    # The partner already out: going out ends the hand (1-2), no lead is needed.
    h = small_hand("♠9", "♠4 ♠5", "♣Q", "♠7 ♣K", leader=2)
    h.play(2, parse_cards("♣Q"))
    for seat in (3, 0, 1):
        h.pass_(seat)
    assert h.to_play == 0
    h.play(0, parse_cards("♠9"))
    assert h.is_over and h.order.places[:2] == (2, 0) and h.to_play is None


def test_R09_GD24_the_hand_ends_at_1_2_or_when_three_are_out():
    # 1-2 ends it mid-trick; the two left are both 双下, placed by the cards they hold.
    h = small_hand("♠A", "♠3 ♠4 ♠5", "♠K", "♠2 ♠6")
    h.play(0, parse_cards("♠A"))
    for seat in (1, 2, 3):
        h.pass_(seat)
    h.play(2, parse_cards("♠K"))
    assert h.is_over and h.order.places == (0, 2, 3, 1)
    with pytest.raises(IllegalTurn):
        h.pass_(3)
    # Otherwise the third out ends it; the last is 末游 (GD-24).
    h = small_hand("♠A", "♣A", "♠5 ♠6", "♠K")
    h.play(0, parse_cards("♠A"))
    h.pass_(1)
    h.pass_(2)
    h.pass_(3)
    h.play(2, parse_cards("♠5"))  # 接风: seat 2 leads
    h.play(3, parse_cards("♠K"))
    assert not h.is_over and h.order.out == [0, 3]  # not partners: play on
    h.play(1, parse_cards("♣A"))
    assert h.is_over and h.order.places == (0, 3, 1, 2)
    assert h.order.first == 0 and h.order.last == 2
    assert settle(h.order).result == "1-4"


def test_GD23_R14_a_player_down_to_six_cards_or_fewer_announces():
    h = small_hand("♠3 ♦3 ♠4 ♦4 ♠5 ♠6 ♠7 ♠8", "♠9 ♦9 ♠J", "♣K", "♣Q")
    h.play(0, parse_cards("♠3 ♦3"))
    assert h.announcements == [(0, 6)]
    h.play(1, parse_cards("♠9 ♦9"))
    assert h.announcements == [(0, 6), (1, 1)]
    five = dataclasses.replace(DEFAULT, announce_at=5)
    quiet = small_hand("♠3 ♦3 ♠4 ♦4 ♠5 ♠6 ♠7 ♠8", "♠9", "♣K", "♣Q", rules=five)
    quiet.play(0, parse_cards("♠3 ♦3"))
    assert quiet.announcements == []


# ---------------------------------------------------------------------------
# Levels and the match


def test_GD25_G22_levels_gained_by_where_the_partner_finished():
    assert settle((0, 2, 1, 3)) == settle((0, 2, 3, 1))
    assert (settle((0, 2, 1, 3)).team, settle((0, 2, 1, 3)).gained) == (0, 3)
    assert (settle((1, 0, 3, 2)).team, settle((1, 0, 3, 2)).gained) == (1, 2)
    assert (settle((3, 0, 2, 1)).team, settle((3, 0, 2, 1)).gained) == (1, 1)
    order = FinishingOrder(4)
    for seat in (2, 1, 3):
        order.went_out(seat)
    order.close([0])
    assert settle(order).result == "1-4" and settle(order).team == 0


def test_R01_the_next_hand_is_played_at_the_winning_team_s_new_level():
    match = Match(seed=1)
    assert match.level == 2
    match.score((1, 0, 3, 2))  # team 1, 1-3: 2 → 4
    assert match.levels == [2, 4] and match.level == 4
    match.score((0, 2, 1, 3))  # team 0, 1-2: 2 → 5
    assert match.levels == [5, 4] and match.level == 5
    match.score((3, 0, 2, 1))  # team 1 again, 1-4: 4 → 5
    assert match.levels == [5, 5] and match.level == 5 and match.declarer == 1


def test_R13_overshooting_A_stops_at_A():
    match = Match()
    match.levels = [KING, 3]
    match.score((0, 2, 1, 3))
    assert match.levels == [ACE, 3] and match.level == ACE and match.winner is None


def test_GD26_G23_at_A_the_partner_must_not_be_last():
    match = Match()
    match.levels, match.declarer = [ACE, 9], 0
    match.score((0, 1, 3, 2))  # 1-4 at A: no match, a failed attempt
    assert match.winner is None and match.levels == [ACE, 9] and match.failures == [1, 0]
    result, won = match.score((2, 1, 0, 3))  # 1-3 at A: the match
    assert won == 0 and match.winner == 0 and result.gained == 2
    with pytest.raises(ValueError):
        match.score((0, 2, 1, 3))
    # At A but the hand played at the other team's level: no match yet.
    match = Match()
    match.levels, match.declarer = [ACE, 9], 1
    match.score((0, 2, 1, 3))
    assert match.winner is None and match.level == ACE
    match.score((2, 0, 1, 3))
    assert match.winner == 0


def test_R13_failed_attempts_at_A_send_a_team_back_to_2():
    rules = dataclasses.replace(DEFAULT, a_attempts=3)
    match = Match(rules)
    match.levels, match.declarer = [ACE, 9], 0
    match.score((0, 1, 3, 2))  # 1-4: fail 1 (still declaring)
    match.score((1, 0, 2, 3))  # the others win (1-4, 9 → 10): fail 2
    assert match.failures == [2, 0] and match.level == 10
    match.score((0, 3, 1, 2))  # team 0 wins 1-4 at 10 (no attempt: not its A)
    assert match.failures == [2, 0] and match.level == ACE
    match.score((3, 0, 1, 2))  # fail 3: back to 2
    assert match.levels == [2, 12] and match.failures == [0, 0] and match.winner is None
    never = Match(DEFAULT)  # a_attempts 0: never sent back
    never.levels, never.declarer = [ACE, 9], 0
    for _ in range(6):
        never.score((0, 1, 3, 2))
    assert never.levels == [ACE, 9] and never.failures == [6, 0]


def test_a_whole_match_with_random_players_reaches_a_winner():
    seen = None
    for match, record in simulate(4, hands=200):
        if record.match_won is not None:
            seen = (match, record)
            break
    match, record = seen
    assert record.level == ACE and record.levels_before[record.match_won] == ACE
    assert record.settlement.team == record.match_won and record.settlement.gained >= 2
    assert match.records[0].plan.kind == "none" and match.records[0].level == 2


# ---------------------------------------------------------------------------
# 1,000 random whole deals


def expected_plan(previous, dealt, level, rules):
    """The tribute the rules ask for, worked out again from the clauses."""
    first, second, last = previous[0], previous[1], previous[3]
    wild = wild_card(level)

    def top(seat):
        return max(level_value(c, level) for c in dealt[seat].elements() if c != wild)

    if team_of(first) == team_of(second):
        losers = [s for s in range(4) if team_of(s) != team_of(first)]
        if sum(dealt[s][BIG_JOKER] for s in losers) >= 2:
            return "resisted", first, {}
        right = (first + 1) % 4
        other = [s for s in losers if s != right][0]
        big = other if top(other) > top(right) else right
        small = right if big == other else other
        return "double", big, {big: first, small: second}
    if dealt[last][BIG_JOKER] >= 2:
        return "resisted", first, {}
    return "single", last, {last: first}


def check_record(record, rules, failures, *, with_legal_plays):
    dealt, level, plan, hand = record.dealt, record.level, record.plan, record.hand
    assert [sum(h.values()) for h in dealt] == [27] * 4
    assert sum(dealt, Counter()) == Counter(shoe(2))
    # Tribute as the rules say (GD-17…22, R10–R12).
    if record.number > 1:
        previous = record.previous
        kind, leader, pays = expected_plan(previous, dealt, level, rules)
        assert (plan.kind, plan.leader) == (kind, leader)
        wild = wild_card(level)
        for payer, receiver in pays.items():
            (paid,) = record.paid[payer]
            rest = [c for c in dealt[payer].elements() if c != wild]
            assert paid != wild and level_value(paid, level) == max(
                level_value(c, level) for c in rest
            )
            assert plan.payment_of(payer).receiver == receiver
            (back,) = record.returned[receiver]
            own = dealt[receiver]
            assert own[back]
            if kind == "single" or rules.double_return == "le10":
                low = [c for c in own if level_value(c, level) <= 10]
                if low:
                    assert level_value(back, level) <= 10
                else:
                    assert level_value(back, level) == min(level_value(c, level) for c in own)
        assert set(record.paid) == set(pays) and len(record.returned) == len(pays)
    else:
        assert plan.kind == "none" and level == 2
    # 108 cards through tribute and return: each seat still holds 27.
    assert [sum(h.values()) for h in hand.initial] == [27] * 4
    assert sum(hand.initial, Counter()) == Counter(shoe(2))
    # Every play: from the hand, a reading of its cards, beating the one before.
    held = [Counter(h) for h in hand.initial]
    assert hand.tricks[0].leader == record.leader
    for trick in hand.tricks:
        top = None
        for seat, play in trick.history:
            if play is None:
                assert top is not None  # only a follower passes
                continue
            assert not Counter(play.cards) - held[seat]
            assert play.reading in classify(play.cards, level, rules)
            assert beats(play.reading, top)
            if with_legal_plays:
                assert play in legal_plays(held[seat], top, level, rules)
            held[seat] -= Counter(play.cards)
            top = play.reading
    assert held == hand.hands
    # The finishing order: complete, and the hand ended when it should (R09).
    places = hand.order.places
    assert hand.order.closed and sorted(places) == [0, 1, 2, 3]
    out = [s for s in range(4) if not hand.hands[s]]
    assert sorted(out) == sorted(places[: len(out)])
    assert len(out) == 3 or (len(out) == 2 and team_of(places[0]) == team_of(places[1]))
    # Levels as the table says (GD-25, GD-26, R13).
    result = record.settlement
    assert result == settle(places)
    before, after, team = record.levels_before, record.levels_after, result.team
    at_ace = level == ACE
    if at_ace and before[team] == ACE and result.gained >= 2:
        assert record.match_won == team and after == before
    else:
        assert record.match_won is None
        expected = list(before)
        expected[team] = min(ACE, before[team] + result.gained)
        if at_ace:
            failures[record.declarer] += 1
            if rules.a_attempts and failures[record.declarer] == rules.a_attempts:
                expected[record.declarer], failures[record.declarer] = 2, 0
        assert tuple(expected) == after
    return places


def test_1000_random_whole_deals_keep_every_invariant():
    """1,000 deals in matches between random players: 700 under the seed's rules,
    300 under the competition rules with two attempts at A. Every play of every
    20th deal is also looked up in ``legal_plays``."""
    start = time.process_time()
    kinds, results, matches = Counter(), Counter(), 0
    aces, resets = 0, 0
    runs = ((DEFAULT, 700, 1), (dataclasses.replace(COMPETITION, a_attempts=2), 300, 2))
    for rules, count, seed in runs:
        previous = None
        for n, (_, record) in enumerate(simulate(seed, hands=count, rules=rules)):
            if record.number == 1:
                previous, failures = None, [0, 0]
            assert record.previous == previous
            previous = check_record(record, rules, failures, with_legal_plays=n % 20 == 0)
            kinds[record.plan.kind] += 1
            results[record.settlement.result] += 1
            matches += record.match_won is not None
            aces += record.level == ACE
            resets += record.level == ACE and record.levels_after[record.declarer] == 2
    seconds = time.process_time() - start
    print(f"1,000 deals in {seconds:.1f} s of CPU: {kinds}, {results}, {matches} matches won")
    # The run covered what it claims to check.
    assert set(kinds) == {"none", "single", "double", "resisted"}
    assert set(results) == {"1-2", "1-3", "1-4"}
    assert matches >= 10 and aces >= 20 and resets >= 1


def test_random_leads_are_legal_leads():
    rng = random.Random(3)
    for seed in range(20):
        h = Hand(deal(seed).hands, 2 + seed % 13, 0)
        every = legal_plays(h.hands[0], None, h.level)
        for _ in range(5):
            assert random_lead(h, rng) in every
