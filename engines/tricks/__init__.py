"""The trick-taking core shared by 打滚子 (Dagunzi) and 升级 (Shengji).

Both games rank cards the same way: a card has an *effective suit* (its printed
suit, or ``TRUMP`` for every trump) and a *strength* inside it; two cards of one
effective suit compare by strength, a trump beats any side card, and two side
suits never meet. An ``Order`` holds both as tables indexed by card, built once
per level and trump suit from the game's ``classify(card)``.

>>> from engines.cards import HEARTS, SPADES, parse_card, parse_cards
>>> class Plain(Order):
...     def classify(self, card):
...         trump = card.is_joker or card.suit == self.trump
...         return (TRUMP, card.rank) if trump else (card.suit, card.rank)
>>> o = Plain.build(level=2, trump=HEARTS)
>>> [c.text() for c in o.sorted(parse_cards("♠A ♥3 ♠2 ♦5"))]
['♥3', '♠A', '♠2', '♦5']
>>> o.compare(parse_card("♥3"), parse_card("♠A")), beats(SPADES, 14, SPADES, 2)
(1, True)

Point cards are the same in both games: 5 counts 5, 10 and K count 10.

>>> points(parse_cards("♥5 ♠10 ♣K ♦A BJ"))
25

``engines.tricks.units`` cuts plays into singles, pairs and tractors;
``engines.tricks.search`` is the double-dummy search both solvers share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

from engines.cards import CARDS, KING, SMALL_JOKER, SUIT_EN, SUIT_ZH, Card

__all__ = [
    "POINT_VALUES",
    "TRUMP",
    "Order",
    "RuleError",
    "beats",
    "is_point_card",
    "multisets",
    "play_of",
    "points",
    "suit_names",
]

TRUMP = 4  # the effective suit of every trump (主牌)
POINT_VALUES = {5: 5, 10: 10, KING: 10}


def points(cards: Iterable[int]) -> int:
    """Card points: 5 = 5, 10 = 10, K = 10; jokers and the rest score nothing."""
    return sum(POINT_VALUES.get(CARDS[c].rank, 0) for c in cards if c < SMALL_JOKER)


def is_point_card(card: int) -> bool:
    return card < SMALL_JOKER and CARDS[card].rank in POINT_VALUES


def suit_names(suit: int) -> dict:
    """``suit_zh`` and ``suit_en`` for a reason's template: 红桃 / hearts, 主牌 / trumps."""
    if suit == TRUMP:
        return {"suit_zh": "主牌", "suit_en": "trumps"}
    return {"suit_zh": SUIT_ZH[suit], "suit_en": SUIT_EN[suit]}


class RuleError(ValueError):
    """Something the rules forbid; ``code`` for programs, ``reason`` ({zh, en}) for people.

    Each subclass names its table of reasons: ``code`` → (zh, en) templates filled
    with the keyword details.
    """

    REASONS: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init__(self, code: str, **details):
        self.code = code
        self.details = details
        zh, en = self.REASONS[code]
        self.reason = {"zh": zh.format(**details), "en": en.format(**details)}
        super().__init__(f"{code}: {self.reason['en']}")


class Order:
    """Which cards are trumps and how every card ranks, for one level and trump suit.

    A game subclasses it with ``classify(card) -> (effective suit, strength)`` and
    builds instances with ``build`` (games cache them: one per level and trump).
    ``trump`` is a suit, or ``None`` where the game allows no-trump.
    """

    __slots__ = ("level", "trump", "suit_of", "strength", "_key")

    def classify(self, card: Card) -> tuple[int, int]:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def build(cls, level: int, trump: int | None, **fields) -> Order:
        self = object.__new__(cls)
        self.level, self.trump = level, trump
        for name, value in fields.items():
            setattr(self, name, value)
        suit_of, strength = [0] * 54, [0] * 54
        for card in CARDS:
            suit_of[card], strength[card] = self.classify(card)
        self.suit_of, self.strength = tuple(suit_of), tuple(strength)
        # A total sort key: trumps first, then the side suits ♠♥♣♦, each high to low,
        # the printed card breaking ties between equal strengths.
        self._key = tuple(
            (0 if suit_of[c] == TRUMP else 1 + suit_of[c], -strength[c], c) for c in range(54)
        )
        return self

    def is_trump(self, card: int) -> bool:
        return self.suit_of[card] == TRUMP

    def key(self, card: int) -> tuple:
        """Sort key, highest first: trumps, then the side suits ♠♥♣♦, each high to low."""
        return self._key[card]

    def sorted(self, cards: Iterable[int]) -> list[Card]:
        """The cards as a player sorts a hand: trumps together at the left, high to low."""
        return [CARDS[c] for c in sorted(cards, key=self._key.__getitem__)]

    def compare(self, a: int, b: int) -> int:
        """-1, 0 or 1 as ``a`` ranks below, equal to or above ``b`` (as a single card).

        Two cards of different side suits do not meet: neither beats the other (0).
        """
        sa, sb = self.suit_of[a], self.suit_of[b]
        if sa != sb:
            if sa == TRUMP:
                return 1
            if sb == TRUMP:
                return -1
            return 0
        ka, kb = self.strength[a], self.strength[b]
        return (ka > kb) - (ka < kb)


def beats(suit: int, strength: int, best_suit: int, best_strength: int) -> bool:
    """Whether a play that can win (``suit`` its effective suit, ``strength`` its
    value) takes the trick from the best so far: a trump over a side suit, or the
    same suit and stronger. Equal plays: the first stays (``suit`` < 0: cannot win)."""
    if suit < 0:
        return False
    if suit == TRUMP and best_suit != TRUMP:
        return True
    return suit == best_suit and strength > best_strength


def play_of(cards: Iterable[int]) -> tuple[Card, ...]:
    """A play as the engines keep it: the cards sorted by value."""
    return tuple(CARDS[c] for c in sorted(cards))


def multisets(cards: Counter, size: int, order: Order) -> list[tuple[int, ...]]:
    """Every distinct multiset of ``size`` cards drawn from ``cards``, high cards first."""
    distinct = sorted((c for c, k in cards.items() if k > 0), key=order.key)
    found: list[tuple[int, ...]] = []

    def extend(start: int, left: int, prefix: tuple[int, ...]) -> None:
        if not left:
            found.append(prefix)
            return
        for i in range(start, len(distinct)):
            card = distinct[i]
            for copies in range(min(cards[card], left), 0, -1):
                extend(i + 1, left - copies, prefix + (card,) * copies)

    extend(0, size, ())
    return found
