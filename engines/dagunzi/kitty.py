"""The kitty (底牌): 干锅, the dealer's bury, burying jokers (扣王) and taking cards back.

>>> from engines.dagunzi import Order, HEARTS
>>> from engines.dagunzi.rules import LIANZHONG, DALIAN
>>> order = Order(level=7, trump=HEARTS)
>>> is_ganguo(LIANZHONG, parse_cards("♥3 ♥9 ♠2 BJ ♦7 ♥K"), order)
True
>>> is_ganguo(LIANZHONG, parse_cards("♠3 ♠9 ♣J ♦4 ♦Q ♠2"), order)
False
>>> is_ganguo(DALIAN, parse_cards("♠3 ♠9 ♣J ♦4 ♦Q ♠2"), order)
True
>>> [c.text() for c in smallest(parse_cards("♥3 ♠4 ♣K ♦4 ♠A SJ"), 2, order)]
['♠4', '♦4']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.cards import BIG_JOKER, CARDS, SMALL_JOKER, Card, parse_cards, partner
from engines.dagunzi import KITTY_SIZE, Order, RuleError, is_point_card
from engines.dagunzi.rules import Rules

__all__ = [
    "IllegalBury",
    "check_bury",
    "check_joker_bury",
    "is_ganguo",
    "may_bury_jokers",
    "others_barred",
    "parse_cards",
    "pickable",
    "smallest",
]

REASONS = {
    "size": ("要扣 {n} 张牌。", "Bury exactly {n} cards."),
    "not-in-hand": ("你手里没有这些牌。", "You don't hold these cards."),
    "big-first": (
        "扣王要先扣大王：手里还有大王时不能扣小王。",
        "Bury big jokers first: you may not bury a small joker while you keep a big one.",
    ),
    "must-bury-joker": (
        "这套打法把把都要扣令：你手里有王，至少扣一张。",
        "Under these rules a joker is buried every hand: you hold one, so bury at least one.",
    ),
    "only-jokers": ("这时只能往底牌里扣王。", "Only jokers may be buried now."),
    "not-your-bury": (
        "按这套规则，只有庄家的对家可以再扣王。",
        "Under these rules only the dealer's partner may bury jokers after the dealer.",
    ),
    "dealer": ("庄家已经扣过底了。", "The dealer has already buried."),
    "barred": (
        "庄家扣的全是分（或分和王），别人不能再扣王。",
        "The dealer buried only points (or points and jokers): nobody else may bury jokers.",
    ),
    "ganguo": (
        "干锅：底牌不能换，也不能扣王。",
        "干锅: the kitty is not exchanged and no joker is buried.",
    ),
    "too-many": (
        "底牌里只有 {n} 张可以捡回的牌（不是分也不是王），最多扣 {n} 张王。",
        "The kitty has only {n} cards you could take back (not points, not jokers): "
        "bury at most {n} jokers.",
    ),
    "wrong-pick": (
        "扣几张王就要捡几张最小的牌：{cards}。",
        "Take back as many of the smallest cards as jokers you bury: {cards}.",
    ),
}


class IllegalBury(RuleError):
    """A bury the rules refuse."""

    REASONS = REASONS


def is_ganguo(rules: Rules, kitty: Sequence[int], order: Order) -> bool:
    """干锅: the kitty as shown is all trumps, or all side cards.

    Seed 000 writes "全是主（含常主）或全是副牌（含常主）": read with ``permanent-either``,
    the permanent trumps (2s and jokers) count on either side.
    """
    trumps = [order.is_trump(c) for c in kitty]
    if all(trumps):
        return True
    if rules.ganguo == "permanent-either":
        return all(not t or _is_permanent(c) for c, t in zip(kitty, trumps, strict=True))
    return not any(trumps)


def _is_permanent(card: int) -> bool:
    return card >= SMALL_JOKER or CARDS[card].rank == 2


def check_bury(
    rules: Rules, hand: Sequence[int] | Counter, buried: Sequence[int], size: int = KITTY_SIZE
) -> Counter:
    """The dealer's bury from ``hand`` (which already holds the kitty); the hand left."""
    hand = Counter(hand)
    buried = Counter(buried)
    if sum(buried.values()) != size:
        raise IllegalBury("size", n=size)
    if buried - hand:
        raise IllegalBury("not-in-hand")
    left = hand - buried
    _check_joker_order(buried, left)
    if (
        rules.always_bury
        and not (buried[BIG_JOKER] or buried[SMALL_JOKER])
        and (left[BIG_JOKER] or left[SMALL_JOKER])
    ):
        raise IllegalBury("must-bury-joker")
    return left


def _check_joker_order(buried: Counter, left: Counter) -> None:
    if buried[SMALL_JOKER] and left[BIG_JOKER]:
        raise IllegalBury("big-first")


def others_barred(rules: Rules, dealer_bury: Sequence[int]) -> bool:
    """Whether the dealer's bury keeps the others from burying jokers.

    Both seeds: an all-points bury. Seed 001 rule 8 adds points and jokers only.
    """
    if all(is_point_card(c) for c in dealer_bury):
        return True
    return rules.bar_after_points_and_jokers and all(
        is_point_card(c) or c >= SMALL_JOKER for c in dealer_bury
    )


def may_bury_jokers(rules: Rules, seat: int, dealer: int) -> bool:
    """Who may bury jokers after the dealer: the partner (000) or any other seat (001)."""
    if seat == dealer:
        return False
    return rules.joker_buriers == "others" or seat == partner(dealer)


def pickable(kitty: Sequence[int], order: Order) -> list[Card]:
    """The kitty cards that may be taken back, smallest first.

    Not points, not jokers; "先看是否是主牌，然后看点数，最后看花色": side cards before
    trumps, then by rank (2 lowest, A highest), suits left to the player.
    """
    cards = [CARDS[c] for c in kitty if not is_point_card(c) and c < SMALL_JOKER]
    return sorted(cards, key=lambda c: (order.is_trump(c), c.rank, c.suit))


def smallest(kitty: Sequence[int], count: int, order: Order) -> list[Card]:
    """One choice of the ``count`` smallest cards to take back (ties: the first suits)."""
    return pickable(kitty, order)[:count]


def _pick_key(card: Card, order: Order) -> tuple:
    return (order.is_trump(card), card.rank)


def check_joker_bury(
    rules: Rules,
    seat: int,
    dealer: int,
    hand: Sequence[int] | Counter,
    kitty: Sequence[int],
    jokers: Sequence[int],
    picks: Sequence[int] | None,
    order: Order,
    *,
    dealer_bury: Sequence[int] | None = None,
    ganguo: bool = False,
) -> list[Card]:
    """A seat's joker bury after the dealer's: the cards it takes back (given or chosen)."""
    if seat == dealer and not (ganguo and rules.always_bury):
        raise IllegalBury("dealer")
    if seat != dealer and not may_bury_jokers(rules, seat, dealer):
        raise IllegalBury("not-your-bury")
    if ganguo and not (seat == dealer and rules.always_bury):
        raise IllegalBury("ganguo")
    if dealer_bury is not None and others_barred(rules, dealer_bury) and seat != dealer:
        raise IllegalBury("barred")
    hand, jokers = Counter(hand), Counter(jokers)
    if any(c < SMALL_JOKER for c in jokers):
        raise IllegalBury("only-jokers")
    if jokers - hand:
        raise IllegalBury("not-in-hand")
    _check_joker_order(jokers, hand - jokers)
    count = sum(jokers.values())
    available = pickable(kitty, order)
    if count > len(available):
        raise IllegalBury("too-many", n=len(available))
    forced = available[:count]
    if picks is None:
        return forced
    picks = [CARDS[c] for c in picks]
    if Counter(picks) - Counter(available) or sorted(_pick_key(c, order) for c in picks) != sorted(
        _pick_key(c, order) for c in forced
    ):
        raise IllegalBury("wrong-pick", cards=" ".join(c.text() for c in forced))
    return picks


__all__ += ["Card"]
