"""The oracle itself against the spec's hand-written vectors (SH1-SH16), without the engine.

If the brute-force model in ``oracle.py`` disagreed with a vector worked out by
hand, its agreement with the engine would prove nothing; these tests pin it
first. Vectors from shared/rules/games/shengji.md §3.
"""

import random
from itertools import combinations

import pytest

from engines.cards import HEARTS, SPADES, parse_cards
from tests.engines.shengji.oracle import TRUMP, Model, sub_multisets


def cards(text):
    return parse_cards(text)


def play(text):
    return tuple(sorted(parse_cards(text)))


L8H = Model(8, HEARTS)
L2H = Model(2, HEARTS)


def test_sh1_order():
    """SH1 (SJ-14): BJ > SJ > ♥8 > ♠8 = ♣8 > ♥A > ♥9 > ♥7; ♠A > ♠9 > ♠7, ♠9 next to ♠7."""
    slot = {c.text(): L8H.slot[c] for c in cards("BJ SJ ♥8 ♠8 ♣8 ♥A ♥9 ♥7 ♠A ♠9 ♠7")}
    assert slot["BJ"] > slot["SJ"] > slot["♥8"] > slot["♠8"] == slot["♣8"] > slot["♥A"]
    assert slot["♥A"] > slot["♥9"] > slot["♥7"]
    assert {L8H.suit[c] for c in cards("BJ SJ ♥8 ♠8 ♣8 ♥A ♥9 ♥7")} == {TRUMP}
    assert {L8H.suit[c] for c in cards("♠A ♠9 ♠7")} == {SPADES}
    assert slot["♠A"] > slot["♠9"] == slot["♠7"] + 1


@pytest.mark.parametrize(
    ("text", "shape", "ace_links"),
    [
        ("♣7 ♣7 ♣9 ♣9", (2,), True),  # SH2, SJ-13
        ("♠8 ♠8 ♣8 ♣8", (1, 1), True),  # SH4, equal rank
        ("♠8 ♠8 ♥8 ♥8", (2,), True),  # SH5
        ("♥8 ♥8 SJ SJ", (2,), True),  # SH5
        ("SJ SJ BJ BJ", (2,), True),  # SH5
        ("♥A ♥A ♠8 ♠8", (2,), True),  # SH6, ace_links_level
        ("♥A ♥A ♠8 ♠8", (1, 1), False),  # SH6, option off
        ("♣A ♣A ♣2 ♣2", (1, 1), True),  # SH6, no wrap-around
        ("♥A ♥A ♠8 ♠8 ♣8 ♣8 ♥8 ♥8", (3, 1), True),  # one pair per slot in a run
    ],
)
def test_sh2_to_sh6_tractors(text, shape, ace_links):
    assert Model(8, HEARTS, ace_links).shape(cards(text)) == shape


def test_no_trump_ladder():
    """NT: the level cards tie, then SJ, then BJ, one slot apart; ♥8♥8 SJ SJ is a tractor."""
    model = Model(8, None)
    assert model.slot[cards("♠8")[0]] == model.slot[cards("♥8")[0]]
    assert model.slot[cards("SJ")[0]] == model.slot[cards("♥8")[0]] + 1
    assert model.shape(cards("♥8 ♥8 SJ SJ")) == (2,)
    assert model.trick_winner([cards("♣8 ♣8 SJ SJ"), cards("♥8 ♥8 BJ BJ")]) == 0


def test_sh3_level_card_is_no_tractor_with_its_side_suit():
    """SH3 (SJ-12): ♣8 is a trump at level 8, ♣9 a club, so ♣8♣8♣9♣9 is no tractor."""
    assert L8H.suit[cards("♣8")[0]] == TRUMP != L8H.suit[cards("♣9")[0]]


@pytest.mark.parametrize(
    ("hand", "lead", "expected"),
    [
        ("♠9 ♠9 ♠Q ♠Q ♠3 ♠4 ♦5", "♠5 ♠5 ♠6 ♠6", ["♠9 ♠9 ♠Q ♠Q"]),  # SH7
        ("♠9 ♠9 ♠10 ♠10 ♠3 ♦5", "♠5 ♠5 ♠6 ♠6", ["♠9 ♠9 ♠10 ♠10"]),  # SH8
        ("♠3 ♠7 ♦9 ♦9", "♠K ♠K", ["♠3 ♠7"]),  # SH9
        ("♠3 ♦9 ♦9", "♠K ♠K", ["♠3 ♦9"]),  # short of suit: all of it, then anything
        ("♠3 ♠3 ♠4 ♠4 ♠5 ♠5 ♠9", "♠K ♠K ♠A ♠A", ["♠3 ♠3 ♠4 ♠4", "♠4 ♠4 ♠5 ♠5"]),
    ],
)
def test_sh7_to_sh9_follows(hand, lead, expected):
    assert L2H.legal_follows(cards(hand), cards(lead)) == {play(t) for t in expected}


def test_follow_tractors_take_disjoint_runs():
    """Tr: the lead's 3-tractor takes ♠7-♠9, its 2-tractor ♠3-♠4; ♠A♠A is left out."""
    hand = cards("♠3 ♠3 ♠4 ♠4 ♠7 ♠7 ♠8 ♠8 ♠9 ♠9 ♠A ♠A")
    follows = L2H.legal_follows(hand, cards("♠5 ♠5 ♠6 ♠6 ♠J ♠J ♠Q ♠Q ♠K ♠K"))
    assert follows == {play("♠3 ♠3 ♠4 ♠4 ♠7 ♠7 ♠8 ♠8 ♠9 ♠9")}


def test_follow_longer_run_serves_a_shorter_tractor():
    """A 3-run held against a 2-tractor: either 2-run inside it is legal, nothing else."""
    follows = L2H.legal_follows(cards("♠7 ♠7 ♠8 ♠8 ♠9 ♠9 ♠K"), cards("♠5 ♠5 ♠6 ♠6"))
    assert follows == {play("♠7 ♠7 ♠8 ♠8"), play("♠8 ♠8 ♠9 ♠9")}


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["♠K ♠K", "♥3 ♥4", "♠5 ♠5", "♠A ♠A"], 3),  # SH10, SJ-15
        (["♠K ♠K", "♥3 ♥3", "♠A ♠A", "♥4 ♥4"], 3),  # SH11
        (["♠5 ♠5 ♠6 ♠6", "♥7 ♥7 ♥8 ♥8", "♥Q ♥Q ♥3 ♥4", "♠9 ♠9 ♠Q ♠Q"], 1),  # SH12, SJ-22
        (["♣A", "♣A", "♣3", "♣4"], 0),  # SH13
    ],
)
def test_sh10_to_sh13_winner(plays, winner):
    assert L2H.trick_winner([cards(p) for p in plays]) == winner


@pytest.mark.parametrize(
    ("throw", "others", "ok", "forced"),
    [
        ("♠A ♠K ♠K", ["♠A ♠A ♦3", "♠Q", "♣3"], False, ["♠K ♠K"]),  # SH14
        ("♠A ♠K ♠K", ["♠A ♠Q ♠Q", "♠Q", "♣3"], True, ["♠A ♠K ♠K"]),  # SH15
        ("♠A ♠A ♠K", ["♠A ♦3", "♠Q", "♣3"], False, ["♠K"]),  # SH16
        ("♠K", ["♠A ♠A", "♠A", ""], True, ["♠K"]),  # one unit never fails
    ],
)
def test_sh14_to_sh16_throws(throw, others, ok, forced):
    assert L2H.check_throw(cards(throw), [cards(o) for o in others]) == (
        ok,
        {play(f) for f in forced},
    )


def test_sub_multisets_is_deduplicated_combinations():
    rng = random.Random(7)
    for _ in range(300):
        pool = [rng.randrange(8) for _ in range(rng.randint(0, 10))]
        size = rng.randint(0, 6)
        found = sub_multisets(pool, size)
        assert len(found) == len(set(found))
        assert set(found) == set(combinations(sorted(pool), size))
