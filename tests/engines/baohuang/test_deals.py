"""Whole deals of 保皇 with random players, one after another: the deal (BH-17), the
last hand's tribute paid from it (BH-32…37, R06…R09), the role offered round the
table (BH-18…24), every round played out (BH-06, BH-13…15, BH-25…30) and the score
(BH-31), with invariants checked after every step against the references of
``oracle.py``, not the engine's own bookkeeping:

* 216 cards: the hands, the held-back 大王 (and the 2s travelling with it) and the
  cards played are always the four decks; 43 cards each at the deal;
* every play is a set (``oracle.is_set``) from the player's hand that beats the set
  on top (``oracle.beats_by_pairing``), or a lead; a round ends exactly when every
  other player still in has passed since its top set, and the next leader is its
  owner, or after a last set the next player still in (接风);
* the emperor held three of the called card; the royalist holds the fourth; 独
  exactly when the emperor held all four, 明独 only then;
* places in the order players went out, the last one closing the hand; the side
  totals are BH-31's (``oracle.side_totals``), summing to 0;
* the tribute before the next deal moves 3 cards after a normal hand, 4 after a 独,
  8 after a 明独, none after a draw, each payer's biggest cards.

100 deals run with the suite; 1,000 as a slow test (about a minute).
"""

import random
from collections import Counter

import pytest

from engines.baohuang import value
from engines.baohuang.game import Hand, random_hand
from engines.cards import BIG_JOKER, shoe
from tests.engines.baohuang.oracle import beats_by_pairing, is_set, side_totals, values

FOUR_DECKS = Counter(shoe(4))


def following(seat, hand):
    """The next seat after ``seat`` that still holds cards."""
    for step in range(1, 6):
        nxt = (seat + step) % 5
        if hand.hands[nxt].total():
            return nxt
    return None


def play_out(hand: Hand, rng: random.Random, stats: Counter) -> None:
    """Random legal plays and passes, each step checked."""
    top = owner = None  # the round as the test keeps it
    passes = 0
    played = Counter()  # what the test saw played
    to_play = hand.roles.emperor  # BH-25: the emperor leads first
    while hand.phase == "play":
        seat = hand.to_play
        assert seat == to_play
        options = hand.legal()
        if top is not None and (not options or rng.random() < 0.3):
            claim = hand.can_claim(seat)
            assert claim == (owner not in hand.still_in() and seat == following(owner, hand))
            hand.pass_(seat, claim=claim and rng.random() < 0.7)
            passes += 1
            stats["passes"] += 1
        else:
            chosen = rng.choice(options)
            picked = []  # any suits: the player's choice
            for v, n in chosen.counts().items():
                same = [c for c in hand.hands[seat].elements() if value(c) == v]
                picked += rng.sample(same, n)
            assert not Counter(picked) - hand.hands[seat]
            assert is_set(values(picked))
            assert top is None or beats_by_pairing(values(picked), top)
            before = hand.hands[seat].total()
            hand.play(seat, picked)
            assert hand.hands[seat].total() == before - len(picked)
            top, owner, passes = values(picked), seat, 0
            played.update(picked)
            stats["plays"] += 1
            if before == len(picked):
                stats["out"] += 1
                assert seat in hand.order.out
        assert sum(h.total() for h in hand.hands) + played.total() == 216
        if hand.phase != "play":
            break
        left = hand.still_in()
        others = [s for s in left if s != owner]
        if passes == len(others):  # the round is over
            assert hand.top is None
            assert sum(hand.hands, Counter()) + played == FOUR_DECKS
            to_play = owner if owner in left else following(owner, hand)
            stats["jiefeng"] += owner not in left
            top = owner = None
            passes = 0
        else:
            assert passes < len(others) and hand.top is not None
            assert hand.top.key == top
            to_play = following(seat, hand)
    assert hand.phase == "over"
    left = [s for s in range(5) if hand.hands[s].total()]
    assert len(left) == 1 and hand.order.places[-1] == left[0]
    assert sorted(hand.order.places) == [0, 1, 2, 3, 4]


def check_roles(hand: Hand) -> None:
    roles = hand.roles
    dealt = [Counter(h) for h in hand.hands]  # nothing played yet
    held = [h[roles.called] for h in dealt]
    assert roles.called.rank != 2 and not roles.called.is_joker
    assert held[roles.emperor] >= 3 and sum(held) == 4
    assert roles.alone == (held[roles.emperor] == 4)
    if roles.open_alone:
        assert roles.alone
    if not roles.alone:
        assert held[roles.royalist] == 1
    # The 大王 and the 2s that came along joined the emperor's hand.
    twos = [a for a in hand.record if a.kind == "decline" and a.cards]
    assert all(len(a.cards) == 1 and value(a.cards[0]) == 15 for a in twos)
    assert not hand.reserve and hand.record[-1].kind == "call"


def check_tribute(plan, prev, hands_before, hands_after) -> None:
    roles, places, winner = prev
    moved = sum(p.count for p in plan.payments)
    if winner is None:
        assert plan.kind == "none" and moved == 0
    elif roles.open_alone:
        assert moved == 8
    elif roles.alone:
        assert moved == 4
    else:
        assert moved == 3
    for payment in plan.payments:
        # The winners receive (BH-32); each payer gives its biggest cards (BH-36).
        side = roles.emperors_side(payment.receiver)
        assert (winner == "emperor") == side
        assert (winner == "emperor") != roles.emperors_side(payment.payer)
    for payer in {p.payer for p in plan.payments}:
        count = sum(p.count for p in plan.payments if p.payer == payer)
        given = hands_before[payer] - hands_after[payer]
        biggest = sorted((value(c) for c in hands_before[payer].elements()), reverse=True)
        assert sorted((value(c) for c in given.elements()), reverse=True) == biggest[:count]
    assert sum(hands_after, Counter()) == sum(hands_before, Counter())


def run_deals(count: int, seed: int) -> Counter:
    rng = random.Random(seed)
    stats = Counter()
    prev = None
    deal = 0
    while stats["hands"] < count:
        deal += 1
        dealt = Hand.deal(f"{seed}-{deal}")
        hands = [Counter(h) for h in dealt.hands]
        assert [h.total() for h in hands] == [43] * 5
        assert sum(hands, Counter()) + Counter([BIG_JOKER]) == FOUR_DECKS
        if prev is not None:
            from engines.baohuang import tribute_plan

            before = [Counter(h) for h in hands]
            plan = tribute_plan(prev[0], prev[1], hands)
            paid = {}
            for payment in plan.payments:  # now and then another suit of the same value
                if rng.random() < 0.3 and payment.payer not in paid:
                    mine = [p for p in plan.payments if p.payer == payment.payer]
                    if len(mine) == 1:
                        paid[payment.payer] = rng.choice(payment.options)
            plan.apply(hands, paid)
            check_tribute(plan, prev, before, hands)
            stats[f"tribute {plan.kind}"] += 1
        hand = random_hand(f"{seed}-{deal}", hands=hands)
        assert hand.cards() == FOUR_DECKS
        if hand.phase == "void":  # all refused twice: deal again, the tribute still owed
            stats["void"] += 1
            continue
        check_roles(hand)
        stats["明独" if hand.roles.open_alone else "独" if hand.roles.alone else "pair"] += 1
        play_out(hand, rng, stats)
        result = hand.score()
        multiplier = 2 if hand.roles.open_alone else 1
        assert sum(result.points) == 0
        expected = side_totals(result.places, hand.roles.emperor, hand.roles.royalist, multiplier)
        assert (result.emperors, result.rebels) == expected
        assert result.winner == (
            None if expected[0] == 0 else "emperor" if expected[0] > 0 else "rebels"
        )
        stats[f"winner {result.winner}"] += 1
        prev = (hand.roles, result.places, result.winner)
        stats["hands"] += 1
    return stats


def test_100_random_deals_keep_every_invariant():
    stats = run_deals(100, seed=26)
    assert stats["hands"] == 100 and stats["jiefeng"] > 0 and stats["独"] + stats["明独"] > 0
    assert stats["tribute won"] and stats["tribute lost"] and stats["winner None"]


@pytest.mark.slow
def test_1000_random_deals_keep_every_invariant():
    stats = run_deals(1000, seed=2026)
    print(dict(stats))
    assert stats["hands"] == 1000
    for kind in ("tribute won", "tribute lost", "tribute alone-won", "tribute alone-lost"):
        assert stats[kind] > 0, kind
    assert stats["tribute none"] > 0 and stats["void"] >= 0
