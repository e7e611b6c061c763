"""打滚子 Dagunzi, the Dalian trick-taking game of seeds 000 and 001, as a library.

Three decks (162 cards), four players in fixed partnerships, 39 cards each and 6 in
the kitty (底牌). 5s, 10s and Ks score 5, 10 and 10: 300 points in all. This module
holds what one trick needs: the order of the cards for a level and a trump suit,
the plays a player may make (single, 棒 two identical cards, 滚子 three), following
under 死棒 or 活棒, and who wins. ``engines.dagunzi.hand`` plays a whole hand,
``engines.dagunzi.solver`` solves open endings.

>>> order = Order(level=7, trump=SPADES)
>>> [c.text() for c in order.sorted(parse_cards("♥7 ♠7 BJ ♠2 ♦2 ♠A ♥A SJ"))]
['BJ', 'SJ', '♠7', '♥7', '♠2', '♦2', '♠A', '♥A']
>>> order.is_trump(parse_card("♦2")), order.is_trump(parse_card("♥A"))
(True, False)

Under 死棒 a player who holds a 棒 in the led suit must play it:

>>> hand = parse_cards("♥6 ♥6 ♥9 ♠3")
>>> [cards_text(p) for p in legal_plays(hand, [parse_cards("♥8 ♥8")], order)]
['♥6 ♥6']
>>> try:
...     check_play(hand, [parse_cards("♥8 ♥8")], parse_cards("♥6 ♥9"), order)
... except IllegalPlay as error:
...     print(error.code, "/", error.reason["en"])
dead-bang / 死棒: you hold a 棒 in hearts, so you must play it.
>>> [cards_text(p) for p in legal_plays(hand, [parse_cards("♥8 ♥8")], order, follow=LIVE)]
['♥6 ♥9', '♥6 ♥6']

Between equal cards the one played first wins; a trump beats the led suit:

>>> trick_winner([parse_cards("♥7"), parse_cards("♦7"), parse_cards("♥A")], order)
0
>>> trick_winner([parse_cards("♥K"), parse_cards("♠3"), parse_cards("♥A")], order)
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from engines import tricks
from engines.cards import (
    ACE,
    BIG_JOKER,
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KING,
    SMALL_JOKER,
    SPADES,
    SUITS,
    Card,
    cards_text,
    parse_card,
    parse_cards,
    parse_suit,
)
from engines.dagunzi.rules import DEAD, DEFAULT, LIVE, VARIANTS, Rules, rules_for
from engines.tricks import (
    POINT_VALUES,
    TRUMP,
    RuleError,
    is_point_card,
    multisets,
    points,
    suit_names,
)

__all__ = [
    "ACE",
    "BIG_JOKER",
    "CARDS",
    "CLUBS",
    "DEAD",
    "DECKS",
    "DEFAULT",
    "DIAMONDS",
    "HAND_SIZE",
    "HEARTS",
    "KING",
    "KITTY_SIZE",
    "LEVELS",
    "LIVE",
    "POINT_VALUES",
    "SMALL_JOKER",
    "SPADES",
    "TOTAL_POINTS",
    "TRUMP",
    "VARIANTS",
    "Card",
    "IllegalPlay",
    "Order",
    "RuleError",
    "Rules",
    "cards_text",
    "check_play",
    "group_size",
    "is_point_card",
    "legal_plays",
    "multisets",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "points",
    "rules_for",
    "suit_names",
    "trick_points",
    "trick_winner",
]

DECKS, HAND_SIZE, KITTY_SIZE = 3, 39, 6
LEVELS = range(3, 11)  # 3 → 10
TOTAL_POINTS = 300
MAX_COPIES = DECKS


# ---------------------------------------------------------------------------
# Errors


REASONS = {
    "not-in-hand": ("你手里没有这些牌：{cards}。", "You don't hold these cards: {cards}."),
    "empty": ("至少要出一张牌。", "Play at least one card."),
    "lead-shape": (
        "首家只能出单张、棒子（两张一样的牌）或滚子（三张一样的牌），不能出顺子、拖拉机，也不能甩牌。",
        "A lead is one card, a 棒 (two identical cards) or a 滚子 (three identical cards): "
        "no runs, no tractors, no throws.",
    ),
    "card-count": ("首家出了 {n} 张，你也要出 {n} 张。", "The lead has {n} cards, so play {n}."),
    "follow-suit": (
        "你手里还有{suit_zh}，必须先跟{suit_zh}（首家出几张就跟几张）。",
        "You still hold {suit_en}: follow with them first, as many as the lead has.",
    ),
    "dead-bang": (
        "死棒：你手里有{suit_zh}的棒子，必须出棒子。",
        "死棒: you hold a 棒 in {suit_en}, so you must play it.",
    ),
    "dead-gunzi": (
        "死棒：你手里有{suit_zh}的滚子，必须出滚子。",
        "死棒: you hold a 滚子 in {suit_en}, so you must play it.",
    ),
    "dead-gunzi-bang": (
        "死棒：你没有{suit_zh}的滚子，但有棒子，必须出棒子再加一张。",
        "死棒: you have no 滚子 in {suit_en} but you hold a 棒: play it and one more card.",
    ),
    "restricted-group": (
        "这张{card_zh}不能凑成棒子或滚子（捡回的底牌或收回的牌）。",
        "This {card_en} cannot join a 棒 or 滚子 (it was taken back from the kitty or "
        "after a misplay).",
    ),
    "not-your-turn": ("还没轮到这一家出牌。", "It is not this seat's turn to play."),
    "hand-over": ("这一把已经打完了。", "This hand is over."),
}


class IllegalPlay(RuleError):
    """A play the rules forbid."""

    REASONS = REASONS


# ---------------------------------------------------------------------------
# The order of the cards


class Order(tricks.Order):
    """Which cards are trumps, and how they rank, for one level and trump suit.

    From the top: 大王, 小王, the trump suit's level card, the other level cards
    (equal), the trump suit's 2, the other 2s (equal), the rest of the trump suit,
    then each side suit A down to 3. 2s and jokers are always trumps (常主); there is
    no no-trump.

    >>> o = Order(level=3, trump=HEARTS)
    >>> o.strength[parse_card("♠3")] == o.strength[parse_card("♣3")]
    True
    >>> o.suit_of[parse_card("♠3")] == TRUMP, o.suit_of[parse_card("♠4")] == SPADES
    (True, True)
    """

    __slots__ = ()

    def __new__(cls, level: int, trump: int):
        return _order(level, trump)

    @classmethod
    def _build(cls, level: int, trump: int) -> Order:
        if level not in LEVELS:
            raise ValueError(f"the level is 3 to 10, not {level!r}")
        if trump not in SUITS:
            raise ValueError(f"the trump suit is one of ♠♥♣♦, not {trump!r}")
        return cls.build(level, trump)

    def classify(self, card: Card) -> tuple[int, int]:
        if card == BIG_JOKER:
            return TRUMP, 61
        if card == SMALL_JOKER:
            return TRUMP, 60
        if card.rank == self.level:
            return TRUMP, 51 if card.suit == self.trump else 50
        if card.rank == 2:
            return TRUMP, 41 if card.suit == self.trump else 40
        if card.suit == self.trump:
            return TRUMP, 20 + card.rank
        return card.suit, card.rank

    def __reduce__(self):
        return (Order, (self.level, self.trump))

    def __repr__(self) -> str:
        return f"Order(level={self.level}, trump={'♠♥♣♦'[self.trump]})"


@cache
def _order(level: int, trump: int) -> Order:
    return Order._build(level, trump)


# ---------------------------------------------------------------------------
# Plays


def group_size(play: Sequence[int]) -> int:
    """3 for a 滚子, 2 for a 棒, 1 for a single, 0 for anything else."""
    if 1 <= len(play) <= MAX_COPIES and all(c == play[0] for c in play):
        return len(play)
    return 0


def _as_counter(hand: Iterable[int] | Counter) -> Counter:
    return hand if isinstance(hand, Counter) else Counter(hand)


def _capacity(hand: Counter, card: int, caps: dict | None) -> int:
    """The biggest group of ``card`` the player can make (restricted copies limit it)."""
    if caps is not None and card in caps:
        return caps[card]
    return hand[card]


def legal_plays(
    hand: Iterable[int] | Counter,
    trick: Sequence[Sequence[int]],
    order: Order,
    *,
    follow: str = DEAD,
    caps: dict | None = None,
) -> list[tuple[Card, ...]]:
    """Every distinct legal play (a sorted tuple of cards), leads and follows alike.

    ``trick`` holds the plays so far, the lead first. ``caps`` maps a card to the
    biggest group its copies may form, when some copies are restricted (a card taken
    back from the kitty under seed 000 may not join a 滚子; a 温莎 dead card joins
    nothing).
    """
    hand = _as_counter(hand)
    if not trick:
        plays = []
        for card in sorted(hand, key=order.key):
            if hand[card] <= 0:
                continue
            top = min(hand[card], _capacity(hand, card, caps), MAX_COPIES)
            for size in range(1, max(top, 1) + 1):
                plays.append((CARDS[card],) * size)
        return plays
    lead = trick[0]
    n, suit = len(lead), order.suit_of[lead[0]]
    in_suit = Counter({c: k for c, k in hand.items() if k > 0 and order.suit_of[c] == suit})
    held = sum(in_suit.values())
    if held <= n:
        rest = Counter({c: k for c, k in hand.items() if k > 0 and c not in in_suit})
        base = tuple(sorted(in_suit.elements()))
        return [_play(base + extra) for extra in multisets(rest, n - held, order)]
    if follow == LIVE or n == 1:
        return [_play(p) for p in multisets(in_suit, n, order)]
    caps_in_suit = {c: min(_capacity(hand, c, caps), k) for c, k in in_suit.items()}
    groups2 = [c for c, cap in caps_in_suit.items() if cap >= 2]
    if n == 2:
        if any(cap == 2 for cap in caps_in_suit.values()):  # a 棒 (not a 滚子) obliges
            return [_play((c, c)) for c in sorted(groups2, key=order.key)]
        return [_play(p) for p in multisets(in_suit, 2, order)]
    # A 滚子 was led.
    groups3 = [c for c, cap in caps_in_suit.items() if cap >= 3]
    if groups3:
        return [_play((c, c, c)) for c in sorted(groups3, key=order.key)]
    if groups2:
        plays = set()
        for c in groups2:
            left = in_suit.copy()
            left[c] -= 2
            for single in left.elements():
                plays.add(_play((c, c, single)))
        return sorted(plays, key=lambda p: [order.key(c) for c in p])
    return [_play(p) for p in multisets(in_suit, 3, order)]


def _play(cards: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in sorted(cards))


def check_play(
    hand: Iterable[int] | Counter,
    trick: Sequence[Sequence[int]],
    play: Sequence[int],
    order: Order,
    *,
    follow: str = DEAD,
    caps: dict | None = None,
) -> tuple[Card, ...]:
    """The play, sorted, if the rules allow it; otherwise ``IllegalPlay`` saying why."""
    hand = _as_counter(hand)
    play = _play(play)
    if not play:
        raise IllegalPlay("empty")
    missing = Counter(play) - hand
    if missing:
        raise IllegalPlay("not-in-hand", cards=cards_text(sorted(missing.elements())))
    if not trick:
        size = group_size(play)
        if not size:
            raise IllegalPlay("lead-shape")
        if size > 1 and _capacity(hand, play[0], caps) < size:
            card = CARDS[play[0]]
            raise IllegalPlay("restricted-group", card_zh=card.zh(), card_en=card.en())
        return play
    lead = trick[0]
    n, suit = len(lead), order.suit_of[lead[0]]
    if len(play) != n:
        raise IllegalPlay("card-count", n=n)
    if play in legal_plays(hand, trick, order, follow=follow, caps=caps):
        return play
    names = suit_names(suit)
    held = sum(k for c, k in hand.items() if order.suit_of[c] == suit)
    followed = sum(1 for c in play if order.suit_of[c] == suit)
    if followed < min(n, held):
        raise IllegalPlay("follow-suit", **names)
    # Right suit and count, wrong shape: only 死棒 gets here.
    in_suit = {
        c: min(_capacity(hand, c, caps), k)
        for c, k in hand.items()
        if k > 0 and order.suit_of[c] == suit
    }
    if n == 2:
        raise IllegalPlay("dead-bang", **names)
    if any(cap >= 3 for cap in in_suit.values()):
        raise IllegalPlay("dead-gunzi", **names)
    raise IllegalPlay("dead-gunzi-bang", **names)


def trick_winner(
    plays: Sequence[Sequence[int]], order: Order, grouped: Sequence[bool] | None = None
) -> int:
    """The index of the winning play (0 = the lead).

    A play can win only with the lead's shape (a single, a 棒 or a 滚子), all in the
    led suit or all trumps; among those the highest wins, and the first of equals.
    ``grouped[i]`` is false when play ``i`` looks like a 棒 or 滚子 but its copies
    could not form one (restricted cards), so it counts as singles.
    """
    lead = plays[0]
    n, led = len(lead), order.suit_of[lead[0]]
    best, best_suit, best_strength = 0, led, order.strength[lead[0]]
    for i in range(1, len(plays)):
        play = plays[i]
        first = play[0]
        suit = order.suit_of[first]
        if suit != led and suit != TRUMP:
            continue
        if n > 1 and (group_size(play) != n or (grouped is not None and not grouped[i])):
            continue
        if n == 1 or all(order.suit_of[c] == suit for c in play):
            strength = order.strength[first]
            if (suit == TRUMP and best_suit != TRUMP) or (
                suit == best_suit and strength > best_strength
            ):
                best, best_suit, best_strength = i, suit, strength
    return best


def trick_points(plays: Iterable[Iterable[int]]) -> int:
    return sum(points(play) for play in plays)
