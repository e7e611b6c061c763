"""Units of a play: singles, pairs and tractors (拖拉机), by the strengths of an ``Order``.

A pair is two identical cards. A tractor is two or more pairs of one effective
suit at consecutive strengths, one pair per strength: the game's ``Order`` makes
strengths consecutive exactly where the rules make ranks adjacent (升级 skips the
level rank in a side suit, links the trump ladder across the level cards and the
jokers, and gives the side level cards one shared strength, so two of them never
form a tractor). Two decks: never more than two identical cards.

>>> from engines.cards import parse_cards
>>> from engines.tricks import TRUMP, Order
>>> class Plain(Order):
...     def classify(self, card):
...         return (TRUMP, card.rank) if card.is_joker else (card.suit, card.rank)
>>> o = Plain.build(2, None)
>>> [(u.length, cards_text(u.cards)) for u in decompose(parse_cards("♠5 ♠5 ♠6 ♠6 ♠9 ♠9 ♠A"), o)]
[(2, '♠5 ♠5 ♠6 ♠6'), (1, '♠9 ♠9'), (0, '♠A')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engines.cards import CARDS, Card, cards_text
from engines.tricks import Order

__all__ = ["Unit", "decompose", "higher_unit", "pairs_by_strength", "runs", "split_value"]


@dataclass(frozen=True)
class Unit:
    """One unit of a play: its cards (sorted by value), ``length`` the number of pairs
    (0 a single, 1 a pair, 2 or more a tractor), ``top`` the strength of its highest
    card and ``suit`` its effective suit."""

    cards: tuple[Card, ...]
    length: int
    top: int
    suit: int

    @property
    def is_tractor(self) -> bool:
        return self.length >= 2

    def text(self) -> str:
        return cards_text(self.cards)


def pairs_by_strength(counts: Counter, order: Order) -> dict[int, list[int]]:
    """strength → the cards held twice at that strength (highest card value first)."""
    found: dict[int, list[int]] = {}
    for card in sorted((c for c, k in counts.items() if k >= 2), reverse=True):
        found.setdefault(order.strength[card], []).append(card)
    return found


def runs(by_strength: dict[int, list[int]], length: int) -> Iterable[tuple[int, ...]]:
    """Every choice of ``length`` pairs at consecutive strengths (one card per strength),
    as the tuple of their cards from low to high. ``length`` 1 gives every pair."""
    for low in sorted(by_strength):
        if all(low + i in by_strength for i in range(length)):
            yield from _choices(by_strength, low, length)


def _choices(by_strength, low, length):
    if not length:
        yield ()
        return
    for card in by_strength[low]:
        for rest in _choices(by_strength, low + 1, length - 1):
            yield (card, *rest)


def decompose(cards: Iterable[int], order: Order) -> list[Unit]:
    """The units of a play of one effective suit, greedy longest first: the longest
    run of pairs still free (ties: the highest) is taken, again and again; a run of
    one is a pair; what is left are singles. Biggest unit first, then by strength.

    Only tied strengths (the side level cards of 升级) make the choice matter, and
    greedy is the reading of the rules: ♥A♥A ♠8♠8 ♣8♣8 ♥8♥8 at level 8, hearts
    trumps, is a tractor of three and a pair, not two tractors of two.
    """
    counts = Counter(cards)
    if not counts:
        return []
    suits = {order.suit_of[c] for c in counts}
    if len(suits) != 1:
        raise ValueError("a play's units are cut from cards of one effective suit")
    (suit,) = suits
    by = pairs_by_strength(counts, order)
    units: list[Unit] = []
    while by:
        best = None
        for low in sorted(by):
            n = 1
            while low + n in by:
                n += 1
            if best is None or (n, low + n - 1) > best:
                best = (n, low + n - 1)
        n, top = best
        chosen = []
        for strength in range(top - n + 1, top + 1):
            card = by[strength].pop(0)
            if not by[strength]:
                del by[strength]
            chosen.append(card)
            counts[card] -= 2
        units.append(Unit(_sorted(chosen * 2), n, top, suit))
    for card in sorted(counts.elements(), reverse=True):
        units.append(Unit((CARDS[card],), 0, order.strength[card], suit))
    units.sort(key=lambda u: (-u.length, -u.top, u.cards))
    return units


def _sorted(cards: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in sorted(cards))


def split_value(
    cards: Iterable[int], shapes: Sequence[int], order: Order, biggest: int | None = None
) -> int | None:
    """Whether ``cards`` can be cut into units of exactly the ``shapes`` (lengths: 0 a
    single, 1 a pair, k a tractor of k pairs; the counts must add up), and if so the
    highest top strength the play can give a unit of shape ``biggest`` (default: the
    longest shape). ``None`` when no cut fits.

    A longer tractor may be cut: a tractor of three serves as a tractor of two and a
    pair. Singles take whatever cards are left, pairs included.
    """
    cards = list(cards)
    if len(cards) != sum(2 * s if s else 1 for s in shapes):
        return None
    counts = Counter(cards)
    if biggest is None:
        biggest = max(shapes) if shapes else 0
    paired = sorted((s for s in shapes if s), reverse=True)
    if biggest == 0:
        if _fits(pairs_by_strength(counts, order), paired):
            return max(order.strength[c] for c in cards)
        return None
    # Try the units of the biggest shape from the highest top down: the first whose
    # cut fits gives the value.
    by = pairs_by_strength(counts, order)
    options = sorted(runs(by, biggest), key=lambda r: -order.strength[r[-1]])
    rest_shapes = list(paired)
    rest_shapes.remove(biggest)
    for run in options:
        left = {s: [c for c in cs if c not in run] for s, cs in by.items()}
        left = {s: cs for s, cs in left.items() if cs}
        if _fits(left, rest_shapes):
            return order.strength[run[-1]]
    return None


def _fits(by: dict[int, list[int]], shapes: list[int]) -> bool:
    """Whether disjoint runs of the given lengths (longest first) can be taken from ``by``."""
    if not shapes:
        return True
    length, rest = shapes[0], shapes[1:]
    for run in runs(by, length):
        left = {s: [c for c in cs if c not in run] for s, cs in by.items()}
        if _fits({s: cs for s, cs in left.items() if cs}, rest):
            return True
    return False


def higher_unit(counts: Counter, suit: int, length: int, top: int, order: Order) -> Unit | None:
    """A unit of ``length`` pairs (0: a single) in ``suit`` that ``counts`` holds with a
    top strength above ``top``, the highest such; ``None`` if there is none."""
    in_suit = Counter({c: k for c, k in counts.items() if k > 0 and order.suit_of[c] == suit})
    if not in_suit:
        return None
    if length == 0:
        card = max(in_suit, key=lambda c: (order.strength[c], c))
        if order.strength[card] > top:
            return Unit((CARDS[card],), 0, order.strength[card], suit)
        return None
    best = None
    for run in runs(pairs_by_strength(in_suit, order), length):
        strength = order.strength[run[-1]]
        if strength > top and (best is None or strength > best.top):
            best = Unit(_sorted(run * 2), length, strength, suit)
    return best
