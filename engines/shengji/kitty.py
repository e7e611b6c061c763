"""The kitty (底牌): the dealer picks up 8 cards and buries 8 (SJ-01, note (h)).

Any 8 cards may be buried, points included (``shengji.md`` §2). What makes a bury
good is judgement, so a lesson states what it asks for as *goals* the engine
checks: bury no trumps, no points, break no pair, leave a side suit empty
(a void, so that suit can be trumped), keep every card of a suit (as the
teacher wants the long suit kept).

>>> from engines.cards import parse_cards
>>> from engines.shengji import Order
>>> order = Order(2, 1)  # level 2, hearts trumps
>>> hand = parse_cards("♠3 ♠4 ♠6 ♣3 ♣4 ♣6 ♣8 ♣9 ♦A ♦A ♥K ♥5")
>>> unmet(hand, parse_cards("♠3 ♠4 ♠6 ♣3 ♣4 ♣6 ♣8 ♣9"), order, ["void", "no-points"])
[]
>>> unmet(hand, parse_cards("♠3 ♠4 ♣3 ♣4 ♣6 ♣8 ♣9 ♥5"), order, ["no-trumps", "no-points"])
['no-trumps', 'no-points']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.cards import CARDS, SUIT_EN, SUIT_ZH
from engines.shengji import KITTY_SIZE, IllegalPlay, Order
from engines.tricks import TRUMP, is_point_card

__all__ = ["GOALS", "check_bury", "unmet"]

GOALS = {
    "no-trumps": ("不扣主牌。", "Bury no trumps."),
    "no-points": ("不扣分牌（5、10、K）。", "Bury no point cards (5s, 10s, Ks)."),
    "keep-pairs": ("不拆对子：要扣就两张一起扣。", "Break no pair: bury both cards or neither."),
    "void": (
        "扣完以后至少有一门副牌一张不剩（做绝门，以后可以杀）。",
        "Leave at least one side suit empty (a void you can trump later).",
    ),
}


def check_bury(hand: Sequence[int], cards: Sequence[int]) -> list:
    """The hand after burying ``cards`` (exactly 8, all held); ``IllegalPlay`` if not."""
    if len(cards) != KITTY_SIZE:
        raise ValueError(f"bury exactly {KITTY_SIZE} cards, not {len(cards)}")
    missing = Counter(cards) - Counter(hand)
    if missing:
        raise IllegalPlay("not-in-hand", cards=" ".join(CARDS[c].text() for c in missing))
    return list((Counter(hand) - Counter(cards)).elements())


def unmet(hand: Sequence[int], cards: Sequence[int], order: Order, goals: Sequence[str]) -> list:
    """The goals (names of ``GOALS``) that burying ``cards`` from ``hand`` misses."""
    kept = check_bury(hand, cards)
    buried = Counter(cards)
    missed = []
    for goal in goals:
        if goal == "no-trumps":
            ok = not any(order.is_trump(c) for c in buried)
        elif goal == "no-points":
            ok = not any(is_point_card(c) for c in buried)
        elif goal == "keep-pairs":
            held = Counter(hand)
            ok = all(buried[c] in (0, held[c]) or held[c] < 2 for c in buried)
        elif goal == "void":
            before = {order.suit_of[c] for c in hand} - {TRUMP}
            after = {order.suit_of[c] for c in kept}
            ok = bool(before - after)
        else:
            raise ValueError(f"no such goal: {goal!r} (one of {', '.join(GOALS)})")
        if not ok:
            missed.append(goal)
    return missed


def void_suits(hand: Sequence[int], cards: Sequence[int], order: Order) -> list[dict]:
    """The side suits the bury empties, named in both languages."""
    kept = {order.suit_of[c] for c in check_bury(hand, cards)}
    gone = sorted({order.suit_of[c] for c in hand} - kept - {TRUMP})
    return [{"zh": SUIT_ZH[s], "en": SUIT_EN[s]} for s in gone]
