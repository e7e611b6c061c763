"""Card order against the independent oracle: effective suit, equal strength, adjacency.

For every level 2..A, every trump (four suits and no-trump) and both values of
``ace_links_level``, the engine's ``Order`` must induce the same order as the
oracle's slots (``oracle.Model``, written from the rules text): within each
effective suit, the same cards tie, the same cards are adjacent (slot + 1, what
tractors need, SJ-11/SJ-13, note d) and the same card is higher. Raw slot numbers
are the engine's own business and are not compared. Then SH1-SH6 (spec §3) and a
random comparison of ``decompose``.
"""

import random

import pytest

from engines.cards import CARDS, CLUBS, DIAMONDS, HEARTS, SPADES, cards_text, parse_cards
from engines.shengji import TRUMP, Order, decompose
from tests.engines.shengji.cases import (
    SUIT_NAMES,
    draw,
    random_model,
    random_suit,
    two_deck_shoe,
)
from tests.engines.shengji.oracle import Model


def cards(text):
    return parse_cards(text)


def test_trump_constant():
    assert TRUMP == 4


@pytest.mark.parametrize("level", range(2, 15))
def test_order_matches_oracle(level):
    """SJ-12/13/14, note d: every trump and option at this level, every pair of cards."""
    wrong = []
    for trump in (SPADES, HEARTS, CLUBS, DIAMONDS, None):
        for links in (True, False):
            model = Model(level, trump, links)
            order = Order(level, trump, ace_links_level=links)
            setup = f"level={level} trump={SUIT_NAMES[trump]} ace_links_level={links}"
            for a in CARDS:
                if order.suit_of[a] != model.suit[a]:
                    wrong.append(
                        f"{setup}: suit of {a.text()} {order.suit_of[a]}, not {model.suit[a]}"
                    )
                for b in CARDS:
                    if model.suit[a] != model.suit[b] or a >= b:
                        continue
                    mine, theirs = model.slot[a] - model.slot[b], order.slot[a] - order.slot[b]
                    for name, holds in (
                        ("equal", lambda d: d == 0),
                        ("a higher", lambda d: d > 0),
                        ("a one above b", lambda d: d == 1),
                        ("b one above a", lambda d: d == -1),
                    ):
                        if holds(mine) != holds(theirs):
                            wrong.append(
                                f"{setup}: a={a.text()} b={b.text()}: '{name}' should be "
                                f"{holds(mine)} (engine slots {order.slot[a]}, {order.slot[b]})"
                            )
    assert not wrong, f"{len(wrong)} disagreements, first ones:\n" + "\n".join(wrong[:10])


def test_sh1_order():
    """SH1 (SJ-14), L8 ♥: BJ > SJ > ♥8 > ♠8 = ♣8 > ♥A > ♥9 > ♥7; ♠A > ♠9 > ♠7 (♠7 next to ♠9)."""
    order = Order(8, HEARTS)
    bj, sj, h8, s8, c8, ha, h9, h7, sa, s9, s7 = (
        order.slot[c] for c in cards("BJ SJ ♥8 ♠8 ♣8 ♥A ♥9 ♥7 ♠A ♠9 ♠7")
    )
    assert bj > sj > h8 > s8 == c8 > ha > h9 > h7
    assert {order.suit_of[c] for c in cards("BJ SJ ♥8 ♠8 ♣8 ♥A ♥9 ♥7")} == {TRUMP}
    assert {order.suit_of[c] for c in cards("♠A ♠9 ♠7")} == {SPADES}
    assert sa > s9 == s7 + 1


def lengths(text, level=8, trump=HEARTS, ace_links_level=True):
    order = Order(level, trump, ace_links_level=ace_links_level)
    return sorted((unit.length for unit in decompose(cards(text), order)), reverse=True)


@pytest.mark.parametrize(
    ("text", "expected", "ace_links"),
    [
        ("♣7 ♣7 ♣9 ♣9", [2], True),  # SH2 (SJ-13): the level rank is skipped
        ("♠8 ♠8 ♣8 ♣8", [1, 1], True),  # SH4: equal rank, two pairs
        ("♠8 ♠8 ♥8 ♥8", [2], True),  # SH5
        ("♥8 ♥8 SJ SJ", [2], True),  # SH5
        ("SJ SJ BJ BJ", [2], True),  # SH5
        ("♥A ♥A ♠8 ♠8", [2], True),  # SH6 with ace_links_level
        ("♥A ♥A ♠8 ♠8", [1, 1], False),  # SH6 without
        ("♣A ♣A ♣2 ♣2", [1, 1], True),  # SH6: no wrap-around
    ],
)
def test_sh2_to_sh6_tractors(text, expected, ace_links):
    assert lengths(text, ace_links_level=ace_links) == expected


def test_sh3_level_card_makes_no_tractor_with_its_own_suit():
    """SH3 (SJ-12), L8 ♥: ♣8 is a trump, ♣9 a club, so ♣8♣8♣9♣9 is not one suit."""
    order = Order(8, HEARTS)
    club8, club9 = cards("♣8 ♣9")
    assert order.suit_of[club8] == TRUMP
    assert order.suit_of[club9] == CLUBS


def test_tied_level_pairs_leave_a_plain_pair():
    """Units: ♥A♥A ♠8♠8 ♣8♣8 ♥8♥8 at L8 ♥ is a tractor of 3 and a pair (one pair per slot)."""
    assert lengths("♥A ♥A ♠8 ♠8 ♣8 ♣8 ♥8 ♥8") == [3, 1]


def test_no_trump_ladder_is_level_sj_bj():
    """ "Effective suit and slot": in NT the level cards share one slot, then SJ, then BJ.

    So at level 8 in NT ♥8♥8 SJ SJ and ♠8♠8 SJ SJ BJ BJ are tractors (note d: the
    level pair links to the SJ pair when no trump-suit level card stands between).
    """
    order = Order(8, None)
    s8, h8, sj, bj = (order.slot[c] for c in cards("♠8 ♥8 SJ BJ"))
    assert s8 == h8
    assert sj == h8 + 1
    assert bj == sj + 1
    assert lengths("♥8 ♥8 SJ SJ", trump=None) == [2]
    assert lengths("♠8 ♠8 SJ SJ BJ BJ", trump=None) == [3]


def test_decompose_matches_oracle():
    """Units: random one-suit sets, 3,000 of them, decomposed like the oracle (shapes and tops).

    Among tied slots the engine may pick either off-suit level pair, so units are
    compared by (length, top slot), and each engine unit must be a real unit that
    together with the others uses exactly the given cards.
    """
    wrong = []
    for case in range(3000):
        rng = random.Random(f"decompose-{case}")
        model = random_model(rng)
        suit = random_suit(rng, model)
        played = sorted(draw(rng, model, suit, two_deck_shoe(), rng.randint(1, 14), 0.8))
        order = Order(model.level, model.trump, ace_links_level=model.ace_links_level)
        units = decompose(played, order)
        expected = sorted((unit[0], model.top(unit)) for unit in model.decompose(played))
        got = sorted((u.length, max(model.slot[c] for c in u.cards)) for u in units)
        valid = all(
            (u.length, tuple(sorted(u.cards))) in model.units_of_length(u.cards, u.length)
            and order.slot[max(u.cards, key=lambda c: order.slot[c])] == u.top
            for u in units
        )
        used = sorted(c for u in units for c in u.cards)
        if got != expected or not valid or used != played:
            wrong.append(
                f"seed decompose-{case}: level={model.level} trump={SUIT_NAMES[model.trump]} "
                f"ace_links_level={model.ace_links_level} cards={cards_text(played)}: "
                f"expected (length, top) {expected}, got {got} "
                f"[{' / '.join(cards_text(u.cards) for u in units)}]"
            )
    assert not wrong, f"{len(wrong)} disagreements, first ones:\n" + "\n".join(wrong[:10])
