"""Following against a brute-force oracle (SJ-17, SJ-18, SJ-21 and the "standard" policy).

The oracle (``oracle.Model.legal_follows``) tries every sub-multiset of the hand
of the lead's size and keeps those the rules allow: short of the led suit, all of
it plus anything; otherwise the suited plays that maximise (Tr, Pr), with Tr and
Pr found by exhaustive search. ``legal_follows`` must give exactly that set, each
play once, on 20,000 seeded random (hand, lead) pairs (spec §5: 0 disagreements).
Hands lean towards long, pair-rich holdings in the led suit, where the rules bite.
"""

import gc

import pytest

from engines.cards import HEARTS, cards_text, parse_cards
from engines.shengji import Order, legal_follows
from tests.engines.shengji.cases import big_follow_case, describe, follow_case
from tests.engines.shengji.oracle import sub_multisets, tractor_cover

CASES = 20_000


def play(text):
    return tuple(sorted(parse_cards(text)))


def order_of(model):
    return Order(model.level, model.trump, ace_links_level=model.ace_links_level)


def test_follows_match_oracle():
    """20,000 random pairs; a failure prints the seed and the case (rebuild: follow_case(seed))."""
    # Millions of short-lived tuples: the cyclic garbage collector only slows this down.
    gc.disable()
    try:
        check_follows()
    finally:
        gc.enable()


def test_follows_match_oracle_two_tractor_leads():
    """Tr with several lead tractors (disjoint runs, exact lengths): 1,200 leads of 8-10 cards.

    The 20,000 above lead at most 6 cards, so at most one tractor; here two.
    """
    both = []

    def both_tractors_matched(model, lead, expected):
        units = model.decompose(lead)
        tractors = tuple(sorted((k for k, _ in units if k >= 2), reverse=True))
        play = next(iter(expected))
        pair_slots = tuple(
            sorted(model.slot[a] for a, b in zip(play, play[1:], strict=False) if a == b)
        )
        if len(tractors) >= 2 and tractor_cover(pair_slots, tractors) > tractors[0]:
            both.append(play)

    gc.disable()
    try:
        check_follows(
            1200, "big-follow", big_follow_case, bitten_share=None, tally=both_tractors_matched
        )
    finally:
        gc.enable()
    assert len(both) > 100, f"only {len(both)} follows had to match both lead tractors"


def check_follows(cases=CASES, prefix="follow", make=follow_case, bitten_share=5, tally=None):
    """Compare ``cases`` seeded cases from ``make``; ``tally`` sees each (model, lead, expected)."""
    wrong, bitten = [], 0
    for case in range(cases):
        seed = f"{prefix}-{case}"
        model, hand, lead = make(seed)
        expected = model.legal_follows(hand, lead)
        if tally:
            tally(model, lead, expected)
        got = legal_follows(list(hand), tuple(lead), order_of(model))
        plays = [tuple(p) for p in got]
        suited = [c for c in hand if model.suit[c] == model.suit[lead[0]]]
        if (
            bitten_share
            and case < 3000
            and len(suited) > len(lead)
            and len(expected) < len(sub_multisets(suited, len(lead)))
        ):
            bitten += 1  # the pair/tractor duty removed some suited plays
        if len(plays) != len(set(plays)) or set(plays) != expected:
            missing = sorted(expected - set(plays))
            extra = sorted(set(plays) - expected)
            twice = sorted({p for p in plays if plays.count(p) > 1})
            wrong.append(
                f"seed {seed}: {describe(model, hand=hand, lead=lead)}; "
                f"missing=[{' / '.join(cards_text(p) for p in missing[:5])}] ({len(missing)}); "
                f"extra=[{' / '.join(cards_text(p) for p in extra[:5])}] ({len(extra)}); "
                f"listed twice=[{' / '.join(cards_text(p) for p in twice[:5])}]"
            )
    assert not wrong, f"{len(wrong)} of {cases} disagree; first ones:\n" + "\n".join(wrong[:8])
    if bitten_share:
        assert bitten > min(cases, 3000) // bitten_share, (
            f"only {bitten} cases where the shape duty mattered"
        )


@pytest.mark.parametrize(
    ("hand", "lead", "expected"),
    [
        # SH7 (SJ-21): no tractor held, so as many pairs as held: ♠9♠9♠Q♠Q, not ♠9♠9♠3♠4.
        ("♠9 ♠9 ♠Q ♠Q ♠3 ♠4 ♦5", "♠5 ♠5 ♠6 ♠6", ["♠9 ♠9 ♠Q ♠Q"]),
        # SH8 (SJ-21): a tractor is held and must be played.
        ("♠9 ♠9 ♠10 ♠10 ♠3 ♦5", "♠5 ♠5 ♠6 ♠6", ["♠9 ♠9 ♠10 ♠10"]),
        # SH9 (SJ-17): follow suit; the ♦ pair is irrelevant.
        ("♠3 ♠7 ♦9 ♦9", "♠K ♠K", ["♠3 ♠7"]),
        # SJ-18: short of the suit, all of it and then any card.
        ("♠3 ♦9 ♦9 BJ", "♠K ♠K", ["♠3 ♦9", "♠3 BJ"]),
        # A 3-run against a 2-tractor: either 2-run inside it.
        ("♠7 ♠7 ♠8 ♠8 ♠9 ♠9 ♠K", "♠5 ♠5 ♠6 ♠6", ["♠7 ♠7 ♠8 ♠8", "♠8 ♠8 ♠9 ♠9"]),
    ],
)
def test_sh7_to_sh9_follows(hand, lead, expected):
    got = legal_follows(parse_cards(hand), play(lead), Order(2, HEARTS))
    assert len(got) == len(set(got))
    assert {tuple(p) for p in got} == {play(t) for t in expected}
