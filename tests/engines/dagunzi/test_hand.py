"""A whole hand: the grab, tribute (喝血), the kitty, play and the seed's own examples."""

import random
from collections import Counter

import pytest

from engines.cards import BIG_JOKER, CLUBS, SMALL_JOKER, SPADES, parse_cards, shoe
from engines.dagunzi import IllegalPlay, Order
from engines.dagunzi.declare import Declaration, IllegalDeclaration
from engines.dagunzi.game import (
    BURY,
    JOKERS,
    PLAY,
    Hand,
    IllegalAction,
    Match,
    play_randomly,
    tribute_cards,
)
from engines.dagunzi.kitty import IllegalBury
from engines.dagunzi.rules import DALIAN, LIANZHONG, WINDSOR
from engines.dagunzi.settle import HOLD, REPLAY, TAKE_OVER


def stacked(seats: dict, kitty: str = "", first: int = 0) -> list:
    """A 162-card stream that deals ``seats[s]`` (texts) first to each seat; the rest at random."""
    rest = Counter(shoe(3))
    wanted = {s: parse_cards(seats.get(s, "")) for s in range(4)}
    kitty_cards = parse_cards(kitty)
    for cards in [*wanted.values(), kitty_cards]:
        rest -= Counter(cards)
    filler = sorted(rest.elements(), key=lambda c: (c * 7919) % 162)  # deterministic mix
    for s in range(4):
        while len(wanted[s]) < 39:
            wanted[s].append(filler.pop())
    kitty_cards += filler[: 6 - len(kitty_cards)]
    stream = [None] * 156
    for i in range(156):
        seat = (first + i) % 4
        stream[i] = wanted[seat][i // 4]
    return stream + kitty_cards


def test_the_first_hand_grab_names_the_suit_of_the_next_card_drawn():
    # 000 亮牌 1 / 001 亮主 1: the grabber's first suited card after the grab names trump.
    seats = {1: "♥9 BJ SJ ♣4"}
    hand = Hand(LIANZHONG, first=0, cards=stacked(seats))

    def on_draw(h, seat, card):
        if seat == 1 and card == BIG_JOKER and h.grabber is None:
            h.grab(1)

    hand.deal(on_draw)
    hand.finish_deal()
    assert (hand.dealer, hand.trump, hand.level) == (1, CLUBS, 3)
    assert hand.kitty_shown
    with pytest.raises(IllegalAction):
        hand.grab(2)


def test_nobody_grabs_the_kitty_flip_decides():
    hand = Hand(DALIAN, first=2, seed=5, cards=stacked({}, kitty="♥9 ♠3 ♦A ♣8 ♥Q ♣5"))
    hand.deal()
    hand.finish_deal()
    flipped = [c for _, c in hand.flips]
    best = max(c.rank for c in flipped)
    assert hand.dealer == next(s for s, c in hand.flips if c.rank == best)
    assert hand.trump == next(c.suit for s, c in hand.flips if c.rank == best)
    assert not hand.kitty_shown  # "若没人亮主，底牌不公开"


def test_later_hands_declare_with_level_cards_and_override():
    seats = {0: "♥7", 1: "♠7 ♠7", 2: "♣7 ♣7 ♣7"}
    hand = Hand(LIANZHONG, levels=(7, 4), dealer=0, cards=stacked(seats))
    hand.deal()
    hand.declare(Declaration(0, tuple(parse_cards("♥7"))))
    with pytest.raises(IllegalDeclaration):
        hand.declare(Declaration(3, tuple(parse_cards("♦4"))))
    hand.declare(Declaration(1, tuple(parse_cards("♠7 ♠7"))))
    hand.declare(Declaration(2, tuple(parse_cards("♣7 ♣7 ♣7"))))
    hand.finish_deal()
    assert (hand.dealer, hand.trump, hand.level) == (0, CLUBS, 7)  # the dealer does not change
    assert hand.phase == BURY


def test_tribute_goes_from_the_dealers_upper_seat_and_comes_back_as_side_cards():
    # 001 喝血 1-2: the dealer's 上家 gives the biggest cards (points excepted), the dealer
    # returns as many side-suit cards that are not points.
    seats = {3: "BJ SJ ♥7 ♠5 ♠K", 0: "♥7 ♠7"}
    hand = Hand(LIANZHONG, levels=(7, 4), dealer=0, blood=3, cards=stacked(seats))
    hand.deal()
    hand.declare(Declaration(0, tuple(parse_cards("♠7"))))
    before = {s: Counter(hand.hands[s]) for s in range(4)}
    hand.finish_deal()
    order = Order(7, SPADES)
    tribute = hand.tribute
    assert (tribute.payer, tribute.receiver) == (3, 0)
    assert tribute.paid == tribute_cards(before[3], 3, order)
    assert tribute.paid[:2] == parse_cards("BJ SJ")
    assert all(not order.is_trump(c) and c.rank not in (5, 10, 13) for c in tribute.returned)
    assert sum(hand.hands[0].values()) == sum(hand.hands[3].values()) == 39


def test_tribute_never_includes_point_cards_even_fives_at_level_five():
    hand = Counter(parse_cards("♠5 ♠5 ♥5 ♠10 ♠K ♣3 ♣4 ♦9"))
    paid = tribute_cards(hand, 3, Order(5, SPADES))
    assert [c.text() for c in paid] == ["♦9", "♣4", "♣3"]


def test_three_big_jokers_reverse_or_cancel_the_tribute():
    # 001 喝血 3: the payer holding 3 大王 receives instead; the payer's partner holding
    # them cancels the tribute.
    reverse = Hand(
        LIANZHONG,
        levels=(7, 4),
        dealer=0,
        blood=2,
        cards=stacked({3: "BJ BJ BJ"}, kitty="♠3 ♠4 ♣6 ♦8 ♥9 ♣J"),
    )
    reverse.deal()
    reverse.finish_deal()
    assert reverse.tribute.note == "reversed"
    assert (reverse.tribute.payer, reverse.tribute.receiver) == (0, 3)
    assert len(reverse.tribute.paid) == 2
    cancel = Hand(LIANZHONG, levels=(7, 4), dealer=0, blood=2, cards=stacked({1: "BJ BJ BJ"}))
    cancel.deal()
    cancel.finish_deal()
    assert cancel.tribute.note == "cancelled" and not cancel.tribute.paid


def test_changing_the_return_refuses_points_and_trumps():
    hand = Hand(
        LIANZHONG,
        levels=(7, 4),
        dealer=0,
        blood=1,
        cards=stacked({0: "♥7 ♣3 ♣K ♥2", 3: "BJ"}, kitty="♠3 ♠4 ♣6 ♦8 ♥9 ♣J"),
    )
    hand.deal()
    hand.declare(Declaration(0, tuple(parse_cards("♥7"))))
    hand.finish_deal()
    for bad in ("♣K", "♥2"):
        with pytest.raises(IllegalAction):
            hand.change_return(parse_cards(bad))
    hand.change_return(parse_cards("♣3"))
    assert hand.tribute.returned == parse_cards("♣3")


def kitty_hand(rules=LIANZHONG, seats=None, kitty="♠3 ♠4 ♣6 ♦8 ♥9 ♣J"):
    seats = seats or {0: "♥7 ♠K ♠10 ♣5 ♦5 ♥K", 2: "BJ BJ", 1: "SJ"}
    hand = Hand(rules, levels=(7, 4), dealer=0, cards=stacked(seats, kitty=kitty))
    hand.deal()
    hand.declare(Declaration(0, tuple(parse_cards("♥7"))))
    hand.finish_deal()
    return hand


def test_the_dealer_buries_then_others_bury_jokers_and_take_back_small_cards():
    hand = kitty_hand()
    assert hand.phase == BURY and not hand.ganguo
    hand.bury(parse_cards("♠3 ♠4 ♣6 ♦8 ♥9 ♠K"))
    assert hand.phase == JOKERS and hand.joker_buriers() == [1, 2]
    hand.bury_jokers(2, parse_cards("BJ BJ"))
    assert Counter(hand.kitty)[BIG_JOKER] == 2 and hand.kitty_shown
    assert sorted(c.text() for c in hand.hands[2].elements() if c.text() in ("♠3", "♠4"))
    hand.bury_jokers(1, parse_cards("SJ"))
    assert hand.phase == PLAY and hand.to_play == 0


def test_an_all_points_bury_leaves_nobody_else_a_turn():
    # Both seeds, rule 6: "若庄家在扣牌中扣的全是分，则其他人不能再在底牌中扣王".
    hand = kitty_hand(seats={0: "♥7 ♠K ♠10 ♣5 ♦5 ♥K ♣K", 2: "BJ BJ", 1: "SJ"})
    hand.bury(parse_cards("♠K ♠10 ♣5 ♦5 ♥K ♣K"))
    assert hand.phase == PLAY and hand.joker_buriers() == []
    with pytest.raises(IllegalBury) as caught:
        hand.bury_jokers(2, parse_cards("BJ"))
    assert caught.value.code == "barred"


def test_only_the_partner_buries_jokers_under_seed_000():
    hand = kitty_hand(DALIAN)
    hand.bury(parse_cards("♠3 ♠4 ♣6 ♦8 ♥9 ♣J"))
    assert hand.joker_buriers() == [2]
    with pytest.raises(IllegalBury) as caught:
        hand.bury_jokers(1, parse_cards("SJ"))
    assert caught.value.code == "not-your-bury"
    hand.bury_jokers(2, parse_cards("BJ"))
    # 000: "捡的底牌不能凑成滚子使用": the card taken back will not make a 滚子.
    assert hand.no_gunzi[2]


def test_ganguo_skips_the_exchange():
    # "干锅时底牌不能替换，也不能在底牌中扣王": play starts at once.
    assert not kitty_hand(kitty="♠3 ♠4 ♣6 ♦8 ♥9 ♣J").ganguo
    for kitty in ("♥3 ♥4 ♥6 ♥8 ♠2 SJ", "♠3 ♠4 ♣6 ♦8 ♣9 ♣J"):
        hand = kitty_hand(kitty=kitty)
        assert hand.ganguo and hand.phase == PLAY
        with pytest.raises(IllegalAction):
            hand.bury(parse_cards("♠3 ♠4 ♣6 ♦8 ♣9 ♣J"))


def test_windsor_partner_buries_before_the_dealer_sees_the_kitty():
    # 温莎小镇法: "我的对家扣令时必须在我扣牌前把令扔下来".
    hand = kitty_hand(WINDSOR)
    assert hand.joker_buriers() == [2]
    hand.bury_jokers(2, parse_cards("BJ"))
    assert hand.locked == parse_cards("BJ")
    with pytest.raises(IllegalBury):
        hand.bury(parse_cards("♠4 ♣6 ♦8 ♥9 ♣J ♠K"))  # six: the joker keeps its place
    hand.bury(parse_cards("♠4 ♣6 ♦8 ♥9 ♣J"))
    assert Counter(hand.kitty)[BIG_JOKER] == 1 and hand.phase == PLAY


def playing_hand(rules, seats, level=7, trump=CLUBS, kitty="♠3 ♠4 ♣6 ♦8 ♣9 ♣J"):
    """A hand in the play phase with the dealer (seat 0) holding ``seats[0]`` after the bury."""
    hand = Hand(rules, levels=(level, 4), dealer=0, cards=stacked(seats, kitty=kitty))
    hand.deal()
    hand.finish_deal()  # nobody declares: force the trump below
    hand.trump, hand.order = trump, Order(level, trump)
    hand.phase, hand.leader = PLAY, 0
    return hand


def test_meihua_trump_red_seven_mistake():
    # Seed 000, 温莎小镇法: "打梅花主，我的上家用'混儿'红桃7吊主，我误以为是出红桃，就扔出一张
    # 红桃A... 我如果家里有主就必须把红桃A收回去，但这张A...不能当滚子或对子用".
    hand = playing_hand(WINDSOR, {0: "♥7", 1: "♥A ♥A ♣3"})
    hand.play(0, parse_cards("♥7"))  # ♥7 is a level card: a trump lead
    with pytest.raises(IllegalPlay) as caught:
        hand.play(1, parse_cards("♥A"))
    assert caught.value.code == "follow-suit" and "主牌" in caught.value.reason["zh"]
    hand.take_back(1, parse_cards("♥A")[0])  # the referee's penalty: the ♥A is dead
    hand.play(1, parse_cards("♣3"))
    assert hand.caps(1)[parse_cards("♥A")[0]] == 1
    hand.leader, hand.trick = 1, []  # say seat 1 leads later: the two ♥A are no 棒
    with pytest.raises(IllegalPlay) as caught:
        hand.play(1, parse_cards("♥A ♥A"))
    assert caught.value.code == "restricted-group"


def test_three_cards_to_a_bang():
    # Seed 000: "我的上家打出对子，我一不小心发出三张牌...我可以拿回家一张
    # 但是拿哪一张要由对方来裁决".
    hand = playing_hand(WINDSOR, {0: "♠9 ♠9", 1: "♠Q ♠J ♠8"})
    hand.play(0, parse_cards("♠9 ♠9"))
    with pytest.raises(IllegalPlay) as caught:
        hand.play(1, parse_cards("♠Q ♠J ♠8"))
    assert caught.value.code == "card-count"
    hand.take_back(1, parse_cards("♠Q")[0])  # the opponents pick the ♠Q to go back, dead
    hand.play(1, parse_cards("♠J ♠8"))
    assert hand.hands[1][parse_cards("♠Q")[0]] >= 1


def test_a_hand_played_to_the_end_settles():
    match = Match(LIANZHONG, seed=3)
    hand = match.new_hand()
    outcome = play_randomly(hand, random.Random(3))
    hand.check_invariants()
    assert outcome.result in (TAKE_OVER, HOLD, REPLAY)
    before = hand.dealer
    match.record(hand)
    if outcome.round_over:
        assert match.dealer is None
    elif outcome.result == TAKE_OVER:
        assert match.dealer == (before + 1) % 4  # the old dealer's 下家
    elif outcome.result == HOLD:
        assert match.dealer == (before + 2) % 4  # the dealer's partner
    else:
        assert match.dealer == before


def test_play_out_of_turn_and_after_the_end():
    hand = playing_hand(LIANZHONG, {0: "♠9"})
    with pytest.raises(IllegalPlay) as caught:
        hand.play(2, parse_cards("♠9"))
    assert caught.value.code == "not-your-turn"


def test_small_joker_is_not_buried_before_a_big_one():
    hand = kitty_hand(seats={0: "♥7 BJ SJ"})
    with pytest.raises(IllegalBury) as caught:
        hand.bury([SMALL_JOKER] + parse_cards("♠3 ♠4 ♣6 ♦8 ♥9"))
    assert caught.value.code == "big-first"


def test_the_kitty_is_shown_after_a_declaration_and_hidden_without_one():
    # 001 底牌 2: "发牌或反主结束后将底牌公开（若没人亮主，底牌不公开）".
    declared = kitty_hand()
    assert declared.kitty_shown
    quiet = Hand(LIANZHONG, levels=(7, 4), dealer=0, cards=stacked({}, kitty="♠3 ♠4 ♣6 ♦8 ♥9 ♣J"))
    quiet.deal()
    quiet.finish_deal()
    # 亮主 5: nobody declared, so a kitty card named the suit.
    assert not quiet.kitty_shown
    assert quiet.trump in {c.suit for c in parse_cards("♠3 ♠4 ♣6 ♦8 ♥9 ♣J")}
    # 底牌 3: "扣王时底牌必须亮给大家看，不扣王时底牌不公开".
    if quiet.phase == BURY:
        dealer_cards = sorted(quiet.hands[0].elements())
        plain = [c for c in dealer_cards if not c.is_joker][:6]
        quiet.bury(plain)
        assert not quiet.kitty_shown


def test_the_trick_winner_takes_the_points_and_leads_next():
    # 001 出牌规则 2: "一轮结束后，最大方得到该轮的所有分牌".
    hand = playing_hand(LIANZHONG, {0: "♠9", 1: "♠K", 2: "♠10", 3: "♠A"})
    for seat, card in ((0, "♠9"), (1, "♠K"), (2, "♠10"), (3, "♠A")):
        hand.play(seat, parse_cards(card))
    assert hand.leader == 3 and hand.to_play == 3
    assert hand.won == {0: 0, 1: 20}
