"""Choosing the emperor and the royalist (``baohuang.md`` BH-02, BH-18…BH-24, BH-R03,
BH-R04; vectors B9–B11, B17), what each seat knows (``Hand.view``) and who can still
be the royalist (``royalist_candidates``).

Readings the engine adds where the seed is silent, tested here:

* The 2s that travel with the 大王 come from each decliner's own dealt cards, one
  each, from the second refusal on ("放弃做皇帝将大王并同时附带一张“2〞〔如没有“2〞那么免〕";
  the first refusal passes the 大王 alone, BH-20). Which 2 is the decliner's choice.
* A seat that cannot call (no identical triple) refuses: the seed counts "无法叫牌"
  among the reasons to choose 放弃, so it passes its 2 like any other decliner, and it
  counts towards the five refusals of BH-21.
* On the second offer (BH-21) the first seat is given the 大王 and every 2 that came
  with it; it calls from its own cards, and the reserve joins its hand when it does.

(The tribute readings, R12 and the 独 tribute, are in ``test_score.py``.)
"""

from collections import Counter

import pytest

from engines.baohuang import (
    Roles,
    callable_cards,
    next_offered,
    parse_cards,
    royalist_candidates,
    royalist_of,
)
from engines.baohuang.game import Hand, IllegalAction, random_hand
from engines.baohuang.rules import TWOS_CALL
from engines.cards import BIG_JOKER, parse_card

S7 = parse_card("♠7")


def table(*texts, first=0, rules=None):
    kwargs = {} if rules is None else {"rules": rules}
    return Hand([Counter(parse_cards(t)) for t in texts], first, **kwargs)


def card(text):
    return parse_card(text)


# Seats 0–4. Seat 0 can call ♠7 (seat 3 holds the fourth); seat 2 can call ♥K with
# all four; nobody else holds an identical triple. Every seat but seat 2 holds a 2.
HANDS = (
    "♠7 ♠7 ♠7 ♦2 ♣3 ♣5",
    "♥2 ♥2 ♣4 ♦4 ♠4",  # three 4s of different suits: no call (BH-19)
    "♥K ♥K ♥K ♥K ♣9",
    "♠7 ♣2 ♠2 ♦6",
    "SJ SJ SJ ♠2 ♣8",  # three small jokers: no call
)


# ---------------------------------------------------------------------------
# Who may call


def test_bh19_bh22_a_call_needs_three_identical_cards_not_jokers():
    # BH-19: "三张牌点相同且花色相同的牌，且此牌不能为“花〞".
    assert callable_cards(parse_cards("♠7 ♠7 ♠7 ♥7")) == [S7]
    assert callable_cards(parse_cards("♠4 ♥4 ♦4 ♣4")) == []  # same rank, not the same card
    assert callable_cards(parse_cards("SJ SJ SJ BJ BJ BJ")) == []
    assert callable_cards(Counter({S7: 3, card("♦A"): 4})) == [card("♦A"), S7]
    hand = table(*HANDS)
    assert hand.can_call(0) == [S7] and hand.can_call(1) == [] and hand.can_call(4) == []


def test_bh_r03_the_calling_triple_is_never_2s_b11():
    # B11: ♠2 ♠2 ♠2 and no other triple: no call under the default rules
    # (call_excludes_twos, BH-22/23); with TWOS_CALL (BH-19's shorter wording) it may.
    hand = parse_cards("♠2 ♠2 ♠2 ♥9")
    assert callable_cards(hand) == []
    assert callable_cards(hand, TWOS_CALL) == [card("♠2")]
    deal = table("♠2 ♠2 ♠2 ♥9", "♠2", "♣3", "♣4", "♣5")
    with pytest.raises(IllegalAction) as caught:
        deal.call(0, card("♠2"))
    assert caught.value.code == "cannot-call"
    deal.decline(0)
    assert deal.offered == 4  # the role passes clockwise
    deal = table("♠2 ♠2 ♠2 ♥9", "♠2", "♣3", "♣4", "♣5", rules=TWOS_CALL)
    assert deal.call(0, card("♠2")) == Roles(0, 1, card("♠2"))


# ---------------------------------------------------------------------------
# The offer round the table


def test_bh13_bh_r04_the_role_passes_clockwise_to_the_player_before_in_play():
    # BH-13: play runs counter-clockwise, 0 → 1 → 2 → 3 → 4; BH-19/20 pass the role
    # clockwise: to the 上家, the seat before in the order of play (R04).
    assert [next_offered(s) for s in range(5)] == [4, 0, 1, 2, 3]


def test_bh18_the_role_is_offered_to_a_random_seat_with_the_held_back_big_joker():
    firsts = {Hand.deal(seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3, 4}
    hand = Hand.deal(seed=11)
    assert hand.phase == "offer" and hand.offered == hand.first and hand.reserve == [BIG_JOKER]
    assert hand.record[0].kind == "offer" and hand.record[0].cards == (BIG_JOKER,)
    assert Hand.deal(seed=11).hands == hand.hands  # the seed repeats the deal
    assert Hand.deal(seed=11, first=2).first == 2


def test_bh20_declining_passes_the_big_joker_then_a_two_each_b17():
    # B17: seat 0 is offered and declines: seat 4 is offered, with the 大王 alone.
    hand = table(*HANDS)
    hand.decline(0)
    assert hand.offered == 4 and hand.reserve == [BIG_JOKER]
    assert hand.hands[0] == Counter(parse_cards(HANDS[0]))  # seat 0 keeps its ♦2
    # Seat 4 declines: the 大王 and one of seat 4's 2s go to seat 3.
    hand.decline(4)
    assert hand.offered == 3 and hand.reserve == [BIG_JOKER, card("♠2")]
    assert hand.hands[4][card("♠2")] == 0
    # Seat 3 picks which 2 it adds; seat 2 has none and adds nothing ("如没有2则免").
    with pytest.raises(IllegalAction) as caught:
        hand.decline(3, card("♥2"))
    assert caught.value.code == "no-two"
    hand.decline(3, card("♣2"))
    assert hand.reserve == [BIG_JOKER, card("♠2"), card("♣2")]
    assert hand.hands[3] == Counter(parse_cards("♠7 ♠2 ♦6"))
    hand.decline(2)
    assert hand.offered == 1 and len(hand.reserve) == 3
    assert [a.kind for a in hand.record] == ["offer", *["decline", "offer"] * 4]
    assert hand.cards() == Counter(parse_cards(" ".join(HANDS))) + Counter([BIG_JOKER])


def test_the_first_refusal_adds_no_two_and_only_the_offered_seat_acts():
    hand = table(*HANDS)
    with pytest.raises(IllegalAction) as caught:
        hand.decline(0, card("♦2"))
    assert caught.value.code == "no-two"
    with pytest.raises(IllegalAction) as caught:
        hand.decline(3)
    assert caught.value.code == "not-offered"
    with pytest.raises(IllegalAction) as caught:
        hand.call(2, card("♥K"))
    assert caught.value.code == "not-offered"
    with pytest.raises(IllegalAction) as caught:
        hand.play(0, parse_cards("♣3"))
    assert caught.value.code == "phase"


def test_bh23_a_seat_that_cannot_call_declines_and_its_two_travels():
    # BH-23: no identical triple: the role passes clockwise. The seed counts
    # "无法叫牌" as a reason to 放弃, so it is a refusal like any other.
    hand = table(*HANDS, first=2)
    hand.decline(2)  # seat 2 could call, but refuses
    assert hand.offered == 1
    with pytest.raises(IllegalAction) as caught:
        hand.call(1, card("♣4"))
    assert caught.value.code == "cannot-call"
    hand.decline(1)
    assert hand.offered == 0 and hand.reserve == [BIG_JOKER, card("♥2")]
    assert hand.declines == 2


def test_bh21_five_refusals_then_the_first_seat_again_then_a_redeal():
    hand = table(*HANDS, first=0)
    for seat in (0, 4, 3, 2, 1):
        assert hand.offered == seat
        hand.decline(seat)
    # The first seat again, with the 大王 and every 2 that came along (seats 4, 3, 1;
    # seat 2 had none). Seat 3, holding ♣2 and ♠2, gave the first in suit order.
    assert hand.offered == 0 and hand.second_offer
    assert hand.reserve == parse_cards("BJ ♠2 ♠2 ♥2")
    hand.decline(0)
    assert hand.phase == "void" and hand.to_play is None
    with pytest.raises(IllegalAction):
        hand.call(0, S7)
    with pytest.raises(IllegalAction):
        hand.decline(0)


def test_bh21_the_second_offer_may_be_taken_and_the_reserve_joins_the_hand():
    hand = table(*HANDS, first=0)
    for seat in (0, 4, 3, 2, 1):
        hand.decline(seat)
    roles = hand.call(0, S7)
    assert roles == Roles(0, 3, S7)
    assert hand.reserve == [] and hand.phase == "play" and hand.to_play == 0
    assert hand.hands[0] == Counter(parse_cards(HANDS[0])) + Counter(parse_cards("BJ ♠2 ♠2 ♥2"))


# ---------------------------------------------------------------------------
# The royalist, 独 and 明独


def test_bh22_the_holder_of_the_fourth_copy_is_the_royalist_b9():
    # B9: the emperor shows ♠7 ♠7 ♠7; seat 3 holds the fourth ♠7.
    hand = table(*HANDS, first=0)
    roles = hand.call(0, S7)
    assert roles == Roles(emperor=0, royalist=3, called=S7) and not roles.alone
    assert hand.record[-1].kind == "call" and hand.record[-1].cards == (S7, S7, S7)
    assert hand.hands[0][BIG_JOKER] == 1  # the held-back 大王 joins the emperor's hand
    assert [roles.role(s) for s in range(5)] == ["emperor", "rebel", "rebel", "royalist", "rebel"]
    assert roles.rebels() == [1, 2, 4] and roles.side(3) == 0 and roles.side(4) == 1


def test_bh22_bh24_all_four_copies_is_du_and_showing_them_is_mingdu_b10():
    # B10: the emperor holds all four ♥K. Showing three: 独 (hidden, 1 v 4).
    hand = table(*HANDS, first=2)
    roles = hand.call(2, card("♥K"))
    assert roles.alone and not roles.open_alone and roles.royalist is None
    assert hand.record[-1].cards == (card("♥K"),) * 3
    # Showing all four: 明独 (BH-24).
    hand = table(*HANDS, first=2)
    roles = hand.call(2, card("♥K"), open_alone=True)
    assert roles.alone and roles.open_alone
    assert hand.record[-1].cards == (card("♥K"),) * 4
    assert [roles.side(s) for s in range(5)] == [1, 1, 0, 1, 1]


def test_bh24_mingdu_needs_four_copies():
    hand = table(*HANDS, first=0)
    with pytest.raises(IllegalAction) as caught:
        hand.call(0, S7, open_alone=True)
    assert caught.value.code == "not-callable"
    with pytest.raises(IllegalAction) as caught:
        hand.call(0, card("♣3"))
    assert caught.value.code == "not-callable"
    assert hand.phase == "offer"  # nothing happened
    with pytest.raises(ValueError):
        royalist_of([Counter(parse_cards(h)) for h in HANDS], 0, S7, open_alone=True)
    with pytest.raises(ValueError):
        royalist_of([Counter(parse_cards(h)) for h in HANDS], 1, card("♥2"))


def test_roles_refuse_impossible_seats():
    with pytest.raises(ValueError):
        Roles(5, 1)
    with pytest.raises(ValueError):
        Roles(1, 1)
    with pytest.raises(ValueError):
        Roles(1, 2, open_alone=True)


def test_random_role_phases_keep_the_rules():
    # Dealt hands: whoever calls holds three of the card; the royalist holds the
    # fourth; 独 exactly when the emperor holds all four; 明独 only then.
    seen = Counter()
    for seed in range(150):
        hand = random_hand(seed)
        if hand.phase == "void":
            seen["void"] += 1
            continue
        roles = hand.roles
        held = [h[roles.called] for h in hand.hands]
        assert held[roles.emperor] >= 3 and sum(held) == 4
        if roles.alone:
            assert held[roles.emperor] == 4
        else:
            assert held[roles.royalist] == 1
        declines = [a for a in hand.record if a.kind == "decline"]
        assert len(hand.reserve) == 0 and hand.cards().total() == 216
        assert sum(h.total() for h in hand.hands) == 216  # BJ and the 2s joined a hand
        assert all(len(a.cards) == 0 for a in declines[:1])
        seen["alone" if roles.alone else "pair"] += 1
        seen["open"] += roles.open_alone
    assert seen["pair"] > 100 and seen["alone"] > 0


# ---------------------------------------------------------------------------
# Who knows what (BH-02)


def played_hand():
    """Seat 0 emperor with ♠7 ♠7 ♠7, seat 3 the royalist with the fourth ♠7."""
    hand = table(
        "♠7 ♠7 ♠7 ♣3 ♣5 ♣9",
        "♥4 ♥5 ♥6 ♥8",
        "♦4 ♦5 ♦6 ♦8",
        "♠7 ♦9 ♦10 ♦J",
        "♣4 ♣6 ♣8 ♣10",
        first=0,
    )
    hand.call(0, S7)
    return hand


def test_bh02_the_royalist_is_known_only_to_itself_until_it_plays_the_called_card():
    hand = played_hand()
    views = [hand.view(s) for s in range(5)]
    assert [v["role"] for v in views] == ["emperor", "rebel", "rebel", "royalist", "rebel"]
    assert [v["royalist"] for v in views] == [None, None, None, 3, None]
    assert all(v["emperor"] == 0 and v["called"] == S7 for v in views)
    assert views[1]["hand"] == parse_cards("♥8 ♥6 ♥5 ♥4") and "hands" not in views[1]
    assert views[2]["counts"] == [7, 4, 4, 4, 4]  # the 大王 joined the emperor's hand
    # Seat 0 leads ♣3; seat 1 ♥4; seat 2 ♦5; seat 3 plays the ♠7: now everyone knows.
    hand.play(0, parse_cards("♣3"))
    hand.play(1, parse_cards("♥4"))
    hand.play(2, parse_cards("♦5"))
    assert [hand.view(s)["royalist"] for s in range(5)] == [None, None, None, 3, None]
    hand.play(3, parse_cards("♠7"))
    assert [hand.view(s)["royalist"] for s in range(5)] == [3] * 5
    assert hand.view(4)["played"][-1] == (3, (S7,))


def test_bh02_a_hidden_du_is_known_to_the_emperor_alone_and_mingdu_to_all():
    hands = ("♥K ♥K ♥K ♥K ♣9", "♣4", "♣5", "♣6", "♣8")
    hand = table(*hands, first=0)
    hand.call(0, card("♥K"))
    assert [hand.view(s)["royalist"] for s in range(5)] == ["alone", None, None, None, None]
    assert not any(hand.view(s)["open_alone"] for s in range(5))
    hand = table(*hands, first=0)
    hand.call(0, card("♥K"), open_alone=True)
    assert [hand.view(s)["royalist"] for s in range(5)] == ["alone"] * 5
    # Before anyone calls, a view shows who is offered the role and what travels.
    hand = table(*hands, first=0)
    assert hand.view(3)["offered"] == 0 and hand.view(3)["reserve"] == [BIG_JOKER]
    assert "role" not in hand.view(3)


def test_royalist_candidates_follow_the_four_rules_of_its_docstring():
    base = {"emperor": 0, "called": S7, "me": 2}
    mine = parse_cards("♦4 ♦5")
    # Nothing known: every seat but the emperor and me, or 独.
    assert royalist_candidates(**base, my_hand=mine) == {1, 3, 4, None}
    # 1. A seat that plays the called card is the royalist.
    played = [(0, parse_cards("♣3")), (4, parse_cards("♠7"))]
    assert royalist_candidates(**base, my_hand=mine, played=played) == {4}
    # 2. The emperor playing a fourth copy means 独 (it showed three when it called).
    played = [(0, parse_cards("♠7 ♠7")), (0, parse_cards("♠7 ♠7 SJ"))]
    assert royalist_candidates(**base, my_hand=mine, played=played) == {None}
    # The emperor playing three is no news.
    played = [(0, parse_cards("♠7 ♠7 ♠7"))]
    assert royalist_candidates(**base, my_hand=mine, played=played) == {1, 3, 4, None}
    # 3. Holding it myself: I am the royalist.
    assert royalist_candidates(**base, my_hand=parse_cards("♠7 ♦4")) == {2}
    # 4. A seat out without having played it is not the royalist; nor is 独 once the
    # emperor is out having played only three.
    played = [(1, parse_cards("♥4 ♥4")), (0, parse_cards("♠7 ♠7 ♠7"))]
    assert royalist_candidates(**base, my_hand=mine, played=played, out=[1]) == {3, 4, None}
    assert royalist_candidates(**base, my_hand=mine, played=played, out=[1, 0]) == {3, 4}
    with pytest.raises(ValueError):
        royalist_candidates(emperor=0, called=S7, me=0, my_hand=mine)


def test_royalist_candidates_always_hold_the_truth_in_random_play():
    import random

    from engines.baohuang.game import play_randomly

    for seed in range(12):
        hand = random_hand(seed)
        if hand.phase == "void":
            continue
        roles = hand.roles
        rng = random.Random(seed)
        truth = roles.royalist  # None for 独
        # Replay the hand's record, asking each rebel (and the royalist) as it goes.
        play_randomly(hand, rng)
        plays = [(a.seat, a.cards) for a in hand.record if a.kind == "play"]
        for upto in range(0, len(plays) + 1, 7):
            shown = plays[:upto]
            gone = _out_after(shown, hand)
            for me in range(5):
                if me == roles.emperor:
                    continue
                still = Counter(_dealt(hand, me)) - Counter(
                    c for s, cards in shown if s == me for c in cards
                )
                found = royalist_candidates(
                    emperor=roles.emperor,
                    called=roles.called,
                    me=me,
                    my_hand=still.elements(),
                    played=shown,
                    out=gone,
                )
                assert truth in found, (seed, upto, me)
                if me == truth:
                    assert found == {me} or not still[roles.called]


def _dealt(hand, seat):
    """The cards ``seat`` held when play began: what it holds now and what it played."""
    held = Counter(hand.hands[seat])
    for s, cards in hand.played:
        if s == seat:
            held += Counter(cards)
    return held.elements()


def _out_after(shown, hand):
    start = {s: Counter(_dealt(hand, s)).total() for s in range(5)}
    gone = []
    for seat, cards in shown:
        start[seat] -= len(cards)
        if start[seat] == 0:
            gone.append(seat)
    return gone
