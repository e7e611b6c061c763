"""Random legal players finish 10,000 hands under every rule set, invariants checked."""

import zlib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import shoe
from engines.dagunzi.game import Hand, simulate
from engines.dagunzi.rules import DEAD, LIVE, VARIANTS

HANDS = 10_000
RULE_SETS = [(name, follow) for name in VARIANTS for follow in (DEAD, LIVE)]


@pytest.mark.parametrize(("name", "follow"), RULE_SETS)
def test_random_players_finish_hands(name, follow):
    rules = VARIANTS[name].with_follow(follow)
    results, reasons = Counter(), Counter()
    for hand in simulate(
        rules, HANDS // len(RULE_SETS), seed=zlib.crc32(f"{name}-{follow}".encode())
    ):
        # simulate() checks after every hand: 162 cards accounted for, the trick points and
        # the kitty add up to 300, every level within 3-10.
        outcome = hand.outcome
        results[outcome.result] += 1
        reasons[outcome.reason] += 1
        assert outcome.score >= hand.won[1 - hand.dealer % 2]
        assert outcome.blood >= 0
    # Random play still reaches every kind of ending.
    assert results["take-over"] and results["hold"] and results["replay"]
    assert reasons["passed-ten"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), first=st.integers(0, 3))
def test_dealing(seed, first):
    hand = Hand(VARIANTS["lianzhong"], seed=seed, first=first)
    hand.deal()
    assert [sum(hand.hands[s].values()) for s in range(4)] == [39, 39, 39, 39]
    assert len(hand.kitty) == 6
    dealt = sum(hand.hands.values(), Counter()) + Counter(hand.kitty)
    assert dealt == Counter(shoe(3))
    again = Hand(VARIANTS["lianzhong"], seed=seed, first=first)
    again.deal()
    assert again.hands == hand.hands and again.kitty == hand.kitty
