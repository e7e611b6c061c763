"""Throw check against a brute-force oracle (SJ-20, note e).

The oracle (``oracle.Model.check_throw``) decomposes the throw and, for each
unit, lists every unit of the same shape each other hand holds in that suit
(any k pairs at consecutive slots for a tractor of k); a strictly higher top
fails the unit. The forced play is the failing unit with the lowest top, then the
fewest cards; when two failing units tie on both (two off-suit level singles),
either is accepted.
"""

import random

import pytest

from engines.cards import HEARTS, cards_text, parse_cards
from engines.shengji import Order, check_throw
from tests.engines.shengji.cases import (
    describe,
    random_hand,
    random_model,
    random_suit,
    random_unit,
    take,
    throw_case,
    two_deck_shoe,
)

CASES = 5_000


def order_of(model):
    return Order(model.level, model.trump, ace_links_level=model.ace_links_level)


def test_throws_match_oracle():
    """5,000 random throws of 2-4 units against three random hands; seeds print on failure."""
    wrong, outcomes, case = [], {True: 0, False: 0}, 0
    while sum(outcomes.values()) < CASES:
        seed = f"throw-{case}"
        case += 1
        model, throw, others = throw_case(seed)
        if len(model.decompose(throw)) < 2:
            continue  # the units merged into one; test_one_unit_never_fails covers those
        ok, forced = model.check_throw(throw, others)
        outcomes[ok] += 1
        result = check_throw(throw, others, order_of(model))
        if result.ok != ok or tuple(result.forced) not in forced:
            wrong.append(
                f"seed {seed}: {describe(model, throw=throw, others=others)}: expected "
                f"ok={ok} forced in [{' / '.join(cards_text(f) for f in sorted(forced))}], "
                f"got ok={result.ok} forced={cards_text(result.forced)}"
            )
    assert not wrong, f"{len(wrong)} of {CASES} disagree; first ones:\n" + "\n".join(wrong[:8])
    assert min(outcomes.values()) > CASES // 5, f"too lopsided: {outcomes}"


def test_one_unit_never_fails():
    """Leads: a single, a pair or a tractor is always legal, whatever the others hold (spec §3)."""
    wrong = []
    for case in range(2_000):
        seed = f"one-unit-{case}"
        rng = random.Random(seed)
        model = random_model(rng)
        suit = random_suit(rng, model)
        shoe = two_deck_shoe()
        unit = list(random_unit(rng, model, suit, shoe, rng.choice([0, 1, 2, 3])))
        if not unit:
            continue
        take(shoe, unit)
        others = [random_hand(rng, model, suit, shoe, rng.randint(1, 25)) for _ in range(3)]
        result = check_throw(sorted(unit), others, order_of(model))
        if not result.ok or tuple(result.forced) != tuple(sorted(unit)):
            wrong.append(f"seed {seed}: {describe(model, lead=unit, others=others)}: {result}")
    assert not wrong, f"{len(wrong)} failures; first ones:\n" + "\n".join(wrong[:8])


def test_no_trump_level_and_sj_tractor_is_one_unit():
    """NT, level 8: ♥8♥8 SJ SJ is one tractor, so it is a legal lead even against BJ BJ."""
    lead = sorted(parse_cards("♥8 ♥8 SJ SJ"))
    others = [parse_cards(o) for o in ("BJ BJ", "♠3", "♠4")]
    result = check_throw(lead, others, Order(8, None))
    assert result.ok
    assert tuple(result.forced) == tuple(lead)


@pytest.mark.parametrize(
    ("throw", "others", "ok", "forced"),
    [
        # SH14: ♠K♠K is beaten by ♠A♠A, so ♠K♠K must be played.
        ("♠A ♠K ♠K", ["♠A ♠A ♦3", "♠Q", "♣3"], False, "♠K ♠K"),
        # SH15: an equal ♠A doesn't beat; ♠Q♠Q < ♠K♠K.
        ("♠A ♠K ♠K", ["♠A ♠Q ♠Q", "♠Q", "♣3"], True, "♠A ♠K ♠K"),
        # SH16: fails on the single ♠K (♠A beats it).
        ("♠A ♠A ♠K", ["♠A ♦3", "♠Q", "♣3"], False, "♠K"),
    ],
)
def test_sh14_to_sh16_throws(throw, others, ok, forced):
    result = check_throw(
        sorted(parse_cards(throw)), [parse_cards(o) for o in others], Order(2, HEARTS)
    )
    assert result.ok is ok
    assert tuple(result.forced) == tuple(sorted(parse_cards(forced)))
