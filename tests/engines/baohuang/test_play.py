"""A hand in play through ``Hand``, with hands made for each case: rounds and leads,
passing, 底牌 and 接风, places and the end of the hand (``baohuang.md`` BH-06,
BH-13…BH-16, BH-25…BH-30, BH-R05; vectors B18–B20).

Every hand here is called the real way: seat 0 is offered the role and calls ♠7
(showing three), seat 3 holds the fourth ♠7 and is the royalist, and the held-back
大王 joins seat 0's hand."""

from collections import Counter

import pytest

from engines.baohuang import IllegalSet, Roles, parse_cards, place_name
from engines.baohuang.game import Hand, IllegalAction
from engines.cards import parse_card
from engines.climbing import IllegalTurn

S7 = parse_card("♠7")


def started(*texts):
    hand = Hand([Counter(parse_cards(t)) for t in texts], first=0)
    assert hand.call(0, S7) == Roles(0, 3, S7)
    return hand


def play(hand, seat, text):
    return hand.play(seat, parse_cards(text))


def jiefeng_hand():
    # Seat 2 holds one card: it goes out with ♦5, its 底牌.
    return started("♠7 ♠7 ♠7 ♣3 ♣9", "♥4 ♥K", "♦5", "♠7 ♦10 ♦J", "♣6 ♣8")


def test_bh25_bh13_bh26_the_emperor_leads_first_and_play_goes_counter_clockwise():
    # BH-25 "默认每局最初都由皇帝开牌"; BH-13/26: then seat 1, 2, 3, 4 in turn (顺牌).
    hand = jiefeng_hand()
    assert hand.to_play == 0 and hand.top is None
    with pytest.raises(IllegalTurn) as caught:
        play(hand, 1, "♥4")
    assert caught.value.code == "not-your-turn"
    seats = []
    for seat, cards in ((0, "♣3"), (1, "♥4"), (2, "♦5")):
        seats.append(hand.to_play)
        play(hand, seat, cards)
    assert seats == [0, 1, 2] and hand.to_play == 3


def test_bh14_bh15_a_play_must_beat_the_top_with_as_many_cards():
    hand = jiefeng_hand()
    play(hand, 0, "♣9")
    with pytest.raises(IllegalSet) as caught:
        play(hand, 1, "♥4")  # 4 is not above 9 (BH-14)
    assert caught.value.code == "not-higher"
    hand = started("♠7 ♠7 ♠7 ♣3 ♣9", "♥4 ♥K ♥K", "♦5", "♠7 ♦10 ♦J", "♣6 ♣8")
    play(hand, 0, "♣3")
    with pytest.raises(IllegalSet) as caught:
        play(hand, 1, "♥K ♥K")  # two cards on one (BH-15)
    assert caught.value.code == "size"
    with pytest.raises(IllegalSet) as caught:
        play(hand, 1, "♥A")  # not in the hand
    assert caught.value.code == "not-in-hand"
    with pytest.raises(IllegalSet) as caught:
        play(hand, 1, "♥4 ♥K")  # no set (BH-07)
    assert caught.value.code == "mixed-ranks"
    assert hand.to_play == 1 and hand.hands[1] == Counter(parse_cards("♥4 ♥K ♥K"))
    assert [s.text() for s in hand.legal()] == ["4", "K"]


def test_bh06_bh25_bh27_a_round_ends_when_everyone_else_passes_and_its_last_player_leads():
    hand = jiefeng_hand()
    play(hand, 0, "♣3")
    hand.pass_(1)  # 过牌 (BH-27)
    hand.pass_(2)
    play(hand, 3, "♦10")
    hand.pass_(4)
    hand.pass_(0)
    # Seat 1 passed before ♦10 came; it may still play in this round (BH-06: the
    # round lasts until all pass).
    assert hand.to_play == 1
    play(hand, 1, "♥K")
    for seat in (2, 3, 4, 0):
        hand.pass_(seat)
    # Everyone else passed: seat 1, the last to play, leads (BH-25).
    assert hand.to_play == 1 and hand.top is None
    with pytest.raises(IllegalTurn) as caught:
        hand.pass_(1)  # a leader plays
    assert caught.value.code == "lead-pass"


def test_bh28_bh29_bh_r05_jiefeng_claimed_after_a_last_set_b18():
    # B18: seat 2 plays its last set (its 底牌, BH-28); seat 3 claims 接风 (a pass);
    # seats 4, 0 and 1 pass: seat 3 leads.
    hand = jiefeng_hand()
    play(hand, 0, "♣3")
    play(hand, 1, "♥4")
    assert not hand.can_claim(2)  # ♥4 was not seat 1's last card
    play(hand, 2, "♦5")
    assert hand.order.out == [2] and hand.can_claim(3)
    assert not hand.can_claim(4) and not hand.can_claim(0)
    hand.pass_(3, claim=True)
    assert hand.claimant == 3 and hand.record[-1].kind == "claim"
    for seat in (4, 0, 1):
        hand.pass_(seat)
    assert hand.to_play == 3 and hand.top is None and hand.claimant is None


def test_bh29_jiefeng_fails_when_someone_beats_the_last_set_b19():
    # B19: as B18, but seat 0 beats the ♦5: the claim fails, the round goes on from
    # seat 0's set, and seat 0 leads when the others pass.
    hand = jiefeng_hand()
    play(hand, 0, "♣3")
    play(hand, 1, "♥4")
    play(hand, 2, "♦5")
    hand.pass_(3, claim=True)
    hand.pass_(4)
    play(hand, 0, "♣9")
    assert hand.claimant is None and not hand.can_claim(1)
    order = []
    for _ in range(3):
        order.append(hand.to_play)
        hand.pass_(hand.to_play)
    assert order == [1, 3, 4]  # seat 2 is out and skipped
    assert hand.to_play == 0 and hand.top is None


def test_bh_r05_only_the_next_player_still_in_may_claim():
    hand = jiefeng_hand()
    play(hand, 0, "♣3")
    play(hand, 1, "♥4")
    play(hand, 2, "♦5")
    with pytest.raises(IllegalTurn):
        hand.pass_(4, claim=True)  # not seat 4's turn yet
    hand.pass_(3)  # seat 3 passes without claiming: it may not claim later
    with pytest.raises(IllegalAction) as caught:
        hand.pass_(4, claim=True)
    assert caught.value.code == "no-claim"
    # A claim on a set that is not someone's last is refused too.
    hand = jiefeng_hand()
    play(hand, 0, "♣3")
    with pytest.raises(IllegalAction) as caught:
        hand.pass_(1, claim=True)
    assert caught.value.code == "no-claim"


def test_bh_r05_a_seat_out_is_skipped_when_the_lead_passes_on():
    # Seat 3 goes out first (♠7, its last); later seat 2 goes out with ♦5 and nobody
    # beats it: the next seat still in after seat 2 is seat 4, which may claim.
    hand = started("♠7 ♠7 ♠7 ♣3 ♣9", "♥4 ♥6 ♥K", "♦5 ♦6", "♠7", "♣6 ♣8")
    play(hand, 0, "♣3")
    play(hand, 1, "♥4")
    hand.pass_(2)
    play(hand, 3, "♠7")  # the royalist shows itself and goes out: 头科
    assert hand.order.out == [3] and hand.to_play == 4
    for seat in (4, 0, 1, 2):
        hand.pass_(seat)
    # Seat 3 went out unbeaten: seat 4, the next still in, leads.
    assert hand.to_play == 4 and hand.top is None
    play(hand, 4, "♣6")
    hand.pass_(0)
    hand.pass_(1)
    assert [s.text() for s in hand.legal()] == []  # ♦5 and ♦6 do not beat ♣6
    hand.pass_(2)
    assert hand.to_play == 4  # seat 3 is out: everyone else has passed
    play(hand, 4, "♣8")  # its last card
    # The next seat still in after seat 4 is seat 0: it alone may claim.
    assert hand.order.out == [3, 4] and hand.to_play == 0 and hand.can_claim(0)
    hand.pass_(0, claim=True)
    hand.pass_(1)
    hand.pass_(2)
    assert hand.to_play == 0 and hand.top is None


def test_bh16_bh30_bh31_four_out_end_the_hand_and_the_fifth_is_last_b20():
    # B20: seats 1, 2, 3 and 0 go out; seat 4 is 大落 with −4.
    hand = started("♠7 ♠7 ♠7 ♣3", "♥4", "♦5", "♠7", "♣6 ♣8")
    with pytest.raises(IllegalAction):
        hand.score()
    play(hand, 0, "♣3")
    play(hand, 1, "♥4")  # out: 头科
    play(hand, 2, "♦5")  # out: 二科
    play(hand, 3, "♠7")  # out: 第三
    play(hand, 4, "♣8")
    play(hand, 0, "BJ")
    hand.pass_(4)
    assert hand.to_play == 0 and hand.phase == "play"
    play(hand, 0, "♠7 ♠7 ♠7")  # out: 二落; one player left
    assert hand.phase == "over" and hand.to_play is None and hand.trick is None
    assert hand.order.places == (1, 2, 3, 0, 4)
    assert [place_name(hand.order.place(s)) for s in (1, 2, 3, 0, 4)] == [
        "头科", "二科", "第三", "二落", "大落",
    ]  # fmt: skip
    assert place_name(5, 1) == "last"
    result = hand.score()
    assert result.points == (-2, 4, 2, 0, -4)
    assert (result.emperors, result.rebels, result.winner) == (-2, 2, "rebels")
    with pytest.raises(IllegalAction):
        play(hand, 4, "♣6")
