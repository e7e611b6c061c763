"""Declaring trumps (亮主), overriding (反主) and the kitty flip (SJ-05 … SJ-10).

During the deal a player may show a level card: its suit becomes trumps (SJ-06).
Another player may override with MORE level cards of another suit — two identical
ones beat one (SJ-08) — or with a pair of identical jokers, which makes the hand
no-trump (SJ-09, SJ-10). In the first hand the first to declare deals, and later
overrides change the trumps but not the dealer (SJ-05). Nobody declares: the
dealer turns up the kitty and its first card's suit is trumps (SJ-07).

>>> from engines.cards import HEARTS
>>> level = 5
>>> first = check_declaration(1, parse_cards("♠5"), level)
>>> second = check_declaration(2, parse_cards("♥5 ♥5"), level, current=first)
>>> second.suit == HEARTS
True
>>> try:
...     check_declaration(3, parse_cards("♣5"), level, current=second)
... except IllegalDeclaration as error:
...     print(error.reason["en"])
Show more level cards than the current declaration (♥5 ♥5) to override it.
>>> check_declaration(0, parse_cards("SJ SJ"), level, current=second).suit is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engines.cards import CARDS, RANK_NAMES, SUIT_EN, SUIT_ZH, Card, cards_text, parse_cards
from engines.shengji.rules import DEFAULT, Rules
from engines.tricks import RuleError

__all__ = [
    "Declaration",
    "IllegalDeclaration",
    "check_declaration",
    "kitty_trump",
    "parse_cards",
]

REASONS = {
    "not-in-hand": ("你手里没有这些牌。", "You don't hold these cards."),
    "not-level": (
        "亮主要亮本局的级牌（打{level}亮{level}），或者一对大王、一对小王反无主。",
        "Declare with this hand's level card (level {level}: show a {level}), or turn it to "
        "no-trump with a pair of big or small jokers.",
    ),
    "mixed": (
        "亮的牌要一模一样（同花色同点数），最多两张。",
        "The cards you show must be identical (same suit and rank), one or two of them.",
    ),
    "joker-pair": (
        "王要一对一样的（两张大王或两张小王）才能反无主。",
        "Jokers turn the hand to no-trump only as a pair (two big or two small jokers).",
    ),
    "jokers-first": (
        "按这套规则不能直接亮无主：要等有人亮了主，才能用一对王反无主。",
        "Under these rules jokers cannot declare first: they only turn someone's "
        "declaration to no-trump.",
    ),
    "too-few": (
        "要亮比现在的主（{current}）更多张的级牌才能反主。",
        "Show more level cards than the current declaration ({current}) to override it.",
    ),
    "same-suit": (
        "反主要用别的花色；不能用同一花色加固或反。",
        "Override with another suit: the same suit can neither reinforce nor override.",
    ),
    "own": ("不能反自己亮的主。", "You cannot override your own declaration."),
    "final": ("已经反成无主，不能再反。", "The hand is already no-trump: nobody can override."),
}


class IllegalDeclaration(RuleError):
    REASONS = REASONS


@dataclass(frozen=True)
class Declaration:
    """A declaration standing: who showed which cards; ``suit`` ``None`` is no-trump."""

    seat: int
    cards: tuple[Card, ...]

    @property
    def suit(self) -> int | None:
        first = self.cards[0]
        return None if first.is_joker else first.suit

    @property
    def count(self) -> int:
        return len(self.cards)

    def text(self) -> str:
        return cards_text(self.cards)

    def names(self) -> dict:
        if self.suit is None:
            return {"zh": "无主", "en": "no-trump"}
        return {"zh": SUIT_ZH[self.suit], "en": SUIT_EN[self.suit]}


def check_declaration(
    seat: int,
    cards: Sequence[int],
    level: int,
    *,
    current: Declaration | None = None,
    hand: Sequence[int] | None = None,
    rules: Rules = DEFAULT,
) -> Declaration:
    """The new declaration if ``seat`` may show ``cards`` now, else ``IllegalDeclaration``."""
    shown = tuple(sorted(CARDS[c] for c in cards))
    if hand is not None and Counter(shown) - Counter(hand):
        raise IllegalDeclaration("not-in-hand")
    name = RANK_NAMES[level]
    if not shown or len(shown) > 2:
        raise IllegalDeclaration("mixed")
    if any(c.is_joker for c in shown):
        if len(shown) != 2 or shown[0] != shown[1]:
            raise IllegalDeclaration("joker-pair")
        if current is None and rules.jokers_need_declaration:
            raise IllegalDeclaration("jokers-first")
    else:
        if any(c.rank != level for c in shown):
            raise IllegalDeclaration("not-level", level=name)
        if len(set(shown)) != 1:
            raise IllegalDeclaration("mixed")
    new = Declaration(seat, shown)
    if current is None:
        return new
    if current.suit is None:
        raise IllegalDeclaration("final")
    if new.suit is not None and new.suit == current.suit:
        raise IllegalDeclaration("same-suit")
    if current.seat == seat:
        raise IllegalDeclaration("own")
    if new.suit is None:
        return new
    if new.count <= current.count:
        raise IllegalDeclaration("too-few", current=current.text())
    return new


def kitty_trump(kitty: Sequence[int], rules: Rules = DEFAULT) -> int | None:
    """Nobody declared: the suit of the kitty's first card (SJ-07). A joker is skipped,
    or makes the hand no-trump under ``kitty_joker = "no-trump"``; an all-joker kitty
    is no-trump."""
    for card in kitty:
        card = CARDS[card]
        if card.is_joker:
            if rules.kitty_joker == "no-trump":
                return None
            continue
        return card.suit
    return None
