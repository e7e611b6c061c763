"""Declaring trump (亮主) and choosing the first dealer.

First hand of a round: whoever shows a big joker first (抢亮大王) deals, and cannot be
overruled; the trump suit is that of the first suited card the grabber draws next.
If nobody grabs, each seat flips a kitty card; the highest (seed 000) or the lowest
(seed 001) deals, with its suit as trump, and the first to flip wins a tie.

Later hands (打几亮几): show level cards of the hand's level; two identical override
one, three override two (and one, seed 001); three small or three big jokers name
any suit, and three big jokers beat three small. Nobody declares: a random kitty
card names the suit (jokers are drawn again; an all-joker kitty means a redeal).

>>> from engines.dagunzi.rules import DALIAN, LIANZHONG
>>> one = Declaration(seat=1, cards=parse_cards("♥7"))
>>> three = Declaration(seat=2, cards=parse_cards("♠7 ♠7 ♠7"))
>>> check_declaration(LIANZHONG, 7, parse_cards("♠7 ♠7 ♠7 ♦4"), three, current=one).suit
0
>>> try:
...     check_declaration(DALIAN, 7, parse_cards("♠7 ♠7 ♠7"), three, current=one)
... except IllegalDeclaration as error:
...     print(error.reason["en"])
Under these rules three cards override only two, and two override one.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass

from engines.cards import BIG_JOKER, CARDS, SMALL_JOKER, SUIT_EN, SUIT_ZH, SUITS, Card, parse_cards
from engines.dagunzi import RuleError
from engines.dagunzi.rules import Rules

__all__ = [
    "Declaration",
    "IllegalDeclaration",
    "check_declaration",
    "flip_for_dealer",
    "kitty_trump",
    "parse_cards",
]

REASONS = {
    "not-in-hand": ("你手里没有这些牌。", "You don't hold these cards."),
    "not-level": (
        "要用本局的级牌亮主（打{level}亮{level}），或者三张小王、三张大王。",
        "Declare with this hand's level card (level {level}: show {level}s), "
        "or with three small or three big jokers.",
    ),
    "mixed": (
        "亮主的牌要一模一样（同花色同点数）。",
        "The cards you show must be identical (same suit and rank).",
    ),
    "jokers-need-three": (
        "王亮主要三张小王或三张大王，并叫一个花色。",
        "Jokers declare only as three small or three big jokers, naming a suit.",
    ),
    "name-suit": ("三张王亮主要叫一个花色（不能叫无主）。", "Three jokers must name a suit."),
    "too-weak": (
        "这手亮牌反不了现在的主：{current}。",
        "This does not override the current declaration ({current}).",
    ),
    "no-skip": (
        "按这套规则，三张只能反两张，两张只能反一张。",
        "Under these rules three cards override only two, and two override one.",
    ),
    "no-reinforce": (
        "按这套规则不能加固自己的亮牌。",
        "Under these rules you may not reinforce your own declaration.",
    ),
    "final": (
        "三张大王亮了主，谁也反不了。",
        "Three big jokers have declared: nobody can override.",
    ),
}


class IllegalDeclaration(RuleError):
    """A declaration the rules refuse."""

    REASONS = REASONS


@dataclass(frozen=True)
class Declaration:
    """Cards shown to declare: 1-3 identical level cards, or three identical jokers."""

    seat: int
    cards: tuple[Card, ...]
    named: int | None = None  # the suit three jokers name

    def __post_init__(self):
        object.__setattr__(self, "cards", tuple(CARDS[c] for c in self.cards))

    @property
    def is_jokers(self) -> bool:
        return bool(self.cards) and self.cards[0].is_joker

    @property
    def suit(self) -> int | None:
        return self.named if self.is_jokers else self.cards[0].suit

    @property
    def tier(self) -> int:
        """1-3 for level cards by count; 4 for three small jokers, 5 for three big."""
        if self.is_jokers:
            return 5 if self.cards[0] == BIG_JOKER else 4
        return len(self.cards)

    def text(self) -> str:
        shown = " ".join(c.text() for c in self.cards)
        return shown + (f" → {'♠♥♣♦'[self.named]}" if self.is_jokers else "")

    def describe(self) -> dict:
        suit = self.suit
        return {
            "zh": f"{self.text()}（{SUIT_ZH[suit]}主）",
            "en": f"{self.text()} ({SUIT_EN[suit]})",
        }


def check_declaration(
    rules: Rules,
    level: int,
    hand: Sequence[int] | Counter,
    new: Declaration,
    current: Declaration | None = None,
) -> Declaration:
    """``new`` if the seat may show it now, over ``current``; else ``IllegalDeclaration``."""
    cards = new.cards
    if not cards or Counter(cards) - Counter(hand):
        raise IllegalDeclaration("not-in-hand")
    if any(c != cards[0] for c in cards):
        raise IllegalDeclaration("mixed")
    if new.is_jokers:
        if len(cards) != 3:
            raise IllegalDeclaration("jokers-need-three")
        if new.named not in SUITS:
            raise IllegalDeclaration("name-suit")
    elif cards[0].rank != level or len(cards) > 3:
        raise IllegalDeclaration("not-level", level=level)
    if current is None:
        return new
    if current.tier == 5:
        raise IllegalDeclaration("final")
    own = current.seat == new.seat and not new.is_jokers and current.suit == new.suit
    if own and not rules.reinforce:
        raise IllegalDeclaration("no-reinforce")
    if new.tier <= current.tier:
        raise IllegalDeclaration("too-weak", current=current.text())
    if not new.is_jokers and not rules.three_over_one and new.tier > current.tier + 1:
        raise IllegalDeclaration("no-skip")
    return new


def possible_declarations(
    rules: Rules, level: int, seat: int, hand: Counter, current: Declaration | None
) -> list[Declaration]:
    """Every declaration ``seat`` could make now (for players and simulations)."""
    found = []
    for card, count in hand.items():
        if count <= 0:
            continue
        if card in (SMALL_JOKER, BIG_JOKER):
            if count >= 3:
                found.extend(Declaration(seat, (card,) * 3, named=s) for s in SUITS)
            continue
        if CARDS[card].rank == level:
            found.extend(Declaration(seat, (card,) * n) for n in range(1, min(count, 3) + 1))
    legal = []
    for declaration in found:
        with suppress(IllegalDeclaration):
            legal.append(check_declaration(rules, level, hand, declaration, current))
    return legal


def first_by_lots(rng: random.Random) -> tuple[int, dict[int, int]]:
    """Seed 000: the four draw a 3, 4, 5 and 6 face down; the 6 draws the first card.

    Returns the first seat and each seat's lot. (Seed 001 picks the first seat at random.)
    """
    lots = [3, 4, 5, 6]
    rng.shuffle(lots)
    drawn = dict(enumerate(lots))
    return max(drawn, key=drawn.get), drawn


def flip_order_value(card: Card) -> int:
    """Kitty flips compare plain ranks: 2 lowest, A highest (no trump exists yet)."""
    return card.rank


def flip_for_dealer(
    rules: Rules, kitty: Sequence[int], first: int, rng: random.Random
) -> tuple[int, int, list[tuple[int, Card]]] | None:
    """Seats ``first``, ``first+1``... each flip a random kitty card; jokers are flipped again.

    Returns (dealer, trump suit, the flips as (seat, card)), or ``None`` when the kitty
    holds too few suited cards for four flips (the cards are dealt again).
    """
    hidden = list(kitty)
    rng.shuffle(hidden)
    flips: list[tuple[int, Card]] = []
    seat = first
    while len(flips) < 4:
        if not hidden:
            return None
        card = CARDS[hidden.pop()]
        if card.is_joker:
            continue
        flips.append((seat, card))
        seat = (seat + 1) % 4
    pick = max if rules.flip_wins == "highest" else min
    target = pick(flip_order_value(card) for _, card in flips)
    dealer, card = next((s, c) for s, c in flips if flip_order_value(c) == target)
    return dealer, card.suit, flips


def kitty_trump(kitty: Sequence[int], rng: random.Random) -> int | None:
    """Nobody declared: draw kitty cards at random until a suited one; ``None`` = redeal."""
    suited = [CARDS[c] for c in kitty if not CARDS[c].is_joker]
    return rng.choice(suited).suit if suited else None
