"""Trick winner against a brute-force oracle (SJ-15, SJ-22, note f).

The oracle (``oracle.Model.trick_winner``) tries every split of each play into
the lead's multiset of unit shapes; a play that is all of the led suit or all
trumps and has such a split qualifies, valued by the top slot of the unit matched
to the lead's biggest unit (maximised); trumps beat the led suit, the higher
value wins, ties go to the earlier play. Tricks are 4 plays: a random lead (a
multi-unit lead that fails the throw check against the followers is replaced by
its forced unit, as at the table) and three follows drawn from the oracle's own
legal follows of random hands.
"""

import random

import pytest

from engines.cards import HEARTS, parse_cards
from engines.shengji import Order, trick_winner
from tests.engines.shengji.cases import describe, pick_follow, trick_case

CASES = 5_000


def order_of(model):
    return Order(model.level, model.trump, ace_links_level=model.ace_links_level)


def tricks():
    for case in range(CASES):
        seed = f"trick-{case}"
        model, hands, lead = trick_case(seed)
        rng = random.Random(seed)
        plays = [tuple(lead)] + [pick_follow(rng, model, hand, lead) for hand in hands]
        yield seed, model, plays


def test_winner_matches_oracle():
    """5,000 random tricks; a failure prints the seed and the plays."""
    wrong, winners = [], [0, 0, 0, 0]
    for seed, model, plays in tricks():
        expected = model.trick_winner(plays)
        winners[expected] += 1
        got = trick_winner(plays, order_of(model))
        if got != expected:
            wrong.append(
                f"seed {seed}: {describe(model, plays=plays)}: expected {expected}, got {got}"
            )
    assert not wrong, f"{len(wrong)} of {CASES} disagree; first ones:\n" + "\n".join(wrong[:8])
    assert min(winners) > CASES // 10, f"winners by seat too lopsided: {winners}"


def equal_swaps(model, plays):
    """Every swap of two equal-strength cards between two plays that keeps every unit shape.

    Only off-suit level cards tie (same effective suit, same slot); a swap must
    not make or break a pair, so each card is single in its own play and its
    twin is absent from it.
    """
    for i, first in enumerate(plays):
        for j, second in enumerate(plays):
            if i >= j:
                continue
            for a in set(first):
                for b in set(second):
                    if (
                        a != b
                        and model.suit[a] == model.suit[b]
                        and model.slot[a] == model.slot[b]
                        and first.count(a) == 1
                        and second.count(b) == 1
                        and b not in first
                        and a not in second
                    ):
                        swapped = list(plays)
                        swapped[i] = tuple(sorted([c for c in first if c != a] + [b]))
                        swapped[j] = tuple(sorted([c for c in second if c != b] + [a]))
                        yield swapped


def test_winner_ignores_card_order_and_equal_card_swaps():
    """Spec §3 invariant: swapping identical (equal-strength) cards never changes the winner.

    Two copies of a card are one value here (a hand is a multiset), so the swaps
    that can be made are of equal-strength cards: off-suit level cards, which tie
    (SJ-14). The order of the cards inside a play must not matter either.
    """
    wrong, swaps = [], 0
    for seed, model, plays in tricks():
        order = order_of(model)
        winner = trick_winner(plays, order)
        rng = random.Random(seed)
        shuffled = [rng.sample(list(p), len(p)) for p in plays]
        if trick_winner(shuffled, order) != winner:
            wrong.append(
                f"seed {seed}: card order changed the winner: {describe(model, plays=plays)}"
            )
        for swapped in equal_swaps(model, plays):
            swaps += 1
            if trick_winner(swapped, order) != winner:
                wrong.append(
                    f"seed {seed}: {describe(model, plays=plays)} won by {winner}, "
                    f"but {describe(model, plays=swapped)} by {trick_winner(swapped, order)}"
                )
    assert not wrong, f"{len(wrong)} failures; first ones:\n" + "\n".join(wrong[:8])
    assert swaps > 100, f"only {swaps} equal-card swaps were tried"


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        # SH10 (SJ-15): ♥3♥4 is trump but no pair; ♠A♠A wins.
        (["♠K ♠K", "♥3 ♥4", "♠5 ♠5", "♠A ♠A"], 3),
        # SH11: an over-ruff with a higher trump pair.
        (["♠K ♠K", "♥3 ♥3", "♠A ♠A", "♥4 ♥4"], 3),
        # SH12 (SJ-22): a trump tractor ruffs; seat 2's trumps lack the tractor.
        (["♠5 ♠5 ♠6 ♠6", "♥7 ♥7 ♥8 ♥8", "♥Q ♥Q ♥3 ♥4", "♠9 ♠9 ♠Q ♠Q"], 1),
        # SH13: between equal cards the first played wins.
        (["♣A", "♣A", "♣3", "♣4"], 0),
    ],
)
def test_sh10_to_sh13_winner(plays, winner):
    assert trick_winner([tuple(sorted(parse_cards(p))) for p in plays], Order(2, HEARTS)) == winner


def test_no_trump_level_and_sj_pairs_are_a_tractor_lead():
    """NT, level 7: ♣7♣7 SJ SJ is a tractor ("In NT: the level cards …, then SJ, then BJ").

    ♥7♥7 BJ BJ is two pairs, not a tractor, so it can't match the lead's shape and
    the lead wins (SJ-22, note f).
    """
    plays = [tuple(sorted(parse_cards(p))) for p in ("♣7 ♣7 SJ SJ", "♥7 ♥7 BJ BJ")]
    assert trick_winner(plays, Order(7, None)) == 0
