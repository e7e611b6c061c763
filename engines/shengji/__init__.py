"""升级 Shengji (拖拉机), the two-deck trick-taking game of seed 003, as a library.

Two decks (108 cards), four players in two teams, 25 cards each and 8 in the kitty
(底牌). 5s, 10s and Ks score 5, 10 and 10: 200 points in all. This module holds what
one trick needs: the order of the cards for a level and a trump suit (or no-trump),
the units of a play (single, pair, tractor), leads and throws (甩牌), following, and
who wins. ``engines.shengji.declare`` covers declaring trumps, ``engines.shengji.hand``
a whole hand and the match, ``engines.shengji.solver`` open endings.

>>> order = Order(level=8, trump=HEARTS)
>>> [c.text() for c in order.sorted(parse_cards("♠A ♥7 BJ ♣8 ♥8 SJ ♥A ♠8"))]
['BJ', 'SJ', '♥8', '♠8', '♣8', '♥A', '♥7', '♠A']

The level rank is skipped in a side suit, so ♣7♣7♣9♣9 is a tractor (SJ-13) and
♣8♣8♣9♣9 is not (SJ-12: the ♣8s are trumps):

>>> is_tractor(parse_cards("♣7 ♣7 ♣9 ♣9"), order), is_tractor(parse_cards("♣8 ♣8 ♣9 ♣9"), order)
(True, False)

Holding a tractor in the led suit, a follower must play it (SJ-21):

>>> lead = parse_cards("♠5 ♠5 ♠6 ♠6")
>>> [cards_text(p) for p in legal_follows(parse_cards("♠9 ♠9 ♠10 ♠10 ♠3 ♦5"), lead, order)]
['♠9 ♠9 ♠10 ♠10']
>>> trick_winner([lead, parse_cards("♥3 ♥3 ♥4 ♥4"), parse_cards("♠9 ♠9 ♠10 ♠10")], order)
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from engines import tricks
from engines.cards import (
    ACE,
    BIG_JOKER,
    CARDS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KING,
    RANK_NAMES,
    SMALL_JOKER,
    SPADES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    cards_text,
    parse_card,
    parse_cards,
    parse_level,
    parse_suit,
)
from engines.tricks import TRUMP, RuleError, beats, play_of, points, suit_names
from engines.tricks.units import (
    Unit,
    decompose,
    higher_unit,
    pairs_by_strength,
    runs,
    split_value,
)

__all__ = [
    "ACE",
    "BIG_JOKER",
    "CARDS",
    "CLUBS",
    "DECKS",
    "DIAMONDS",
    "HAND_SIZE",
    "HEARTS",
    "KING",
    "KITTY_SIZE",
    "LEVELS",
    "SMALL_JOKER",
    "SPADES",
    "TOTAL_POINTS",
    "TRUMP",
    "Card",
    "IllegalPlay",
    "Order",
    "ThrowCheck",
    "Unit",
    "cards_text",
    "check_follow",
    "check_lead",
    "check_throw",
    "decompose",
    "is_tractor",
    "lead_units",
    "leads",
    "legal_follows",
    "level_name",
    "parse_card",
    "parse_cards",
    "parse_level",
    "parse_suit",
    "parse_trump",
    "points",
    "trick_winner",
    "trump_name",
    "winning_value",
]

DECKS, HAND_SIZE, KITTY_SIZE = 2, 25, 8
LEVELS = range(2, 15)  # 2 → A
TOTAL_POINTS = 200


def level_name(level: int) -> str:
    """``8``, ``10``, ``J`` … ``A``."""
    return RANK_NAMES[level]


_NO_TRUMP = {"NT", "NONE", "无主", "N", ""}


def parse_trump(value) -> int | None:
    """A trump suit from ``♥``, ``"H"``, ``1``, or no-trump from ``None``/``"NT"``/``"无主"``."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value in SUITS:
        return value
    if isinstance(value, str):
        if value.strip().upper() in _NO_TRUMP or value.strip() in _NO_TRUMP:
            return None
        return parse_suit(value)
    raise ValueError(f"the trump is a suit ♠♥♣♦ or NT, not {value!r}")


def trump_name(trump: int | None) -> str:
    return "NT" if trump is None else SUIT_SYMBOLS[trump]


# ---------------------------------------------------------------------------
# The order of the cards


class Order(tricks.Order):
    """Trumps and ranks for one level and trump suit (``None``: no-trump), SJ-14.

    From the top: 大王, 小王, the trump suit's level card, the other level cards
    (equal), then the trump suit A down to 2 without the level rank; each side
    suit A down to 2 without the level rank. In no-trump only the jokers and the
    level cards are trumps. ``strength`` (also ``slot``) is consecutive exactly where
    two pairs make a tractor: the side level cards share one slot, the trump A
    links to them unless ``ace_links_level`` is off (note (d) of the rules).
    """

    __slots__ = ("ace_links_level",)

    def __new__(cls, level: int, trump: int | None, *, ace_links_level: bool = True):
        return _order(level, trump, bool(ace_links_level))

    @classmethod
    def _build(cls, level: int, trump: int | None, ace_links_level: bool) -> Order:
        if isinstance(level, bool) or level not in LEVELS:
            raise ValueError(f"the level is 2 to A (14), not {level!r}")
        if trump is not None and (isinstance(trump, bool) or trump not in SUITS):
            raise ValueError(f"the trump suit is one of ♠♥♣♦ or None, not {trump!r}")
        return cls.build(level, trump, ace_links_level=ace_links_level)

    def classify(self, card: Card) -> tuple[int, int]:
        # Ranks without the level: 12 slots, 0 (the 2, or the 3 at level 2) to 11.
        top_plain = 11
        level_slot = top_plain + (1 if self.ace_links_level else 2)
        # The jokers sit above the trump suit's level card; in no-trump there is none,
        # so the small joker comes straight after the level cards.
        jokers = level_slot + (1 if self.trump is None else 2)
        if card == BIG_JOKER:
            return TRUMP, jokers + 1
        if card == SMALL_JOKER:
            return TRUMP, jokers
        if card.rank == self.level:
            return TRUMP, level_slot + (1 if card.suit == self.trump else 0)
        slot = card.rank - 2 - (card.rank > self.level)
        return (TRUMP if card.suit == self.trump else card.suit), slot

    @property
    def slot(self) -> tuple[int, ...]:
        return self.strength

    def __reduce__(self):
        return (_rebuild, (self.level, self.trump, self.ace_links_level))

    def __repr__(self) -> str:
        return f"Order(level={level_name(self.level)}, trump={trump_name(self.trump)})"


def _rebuild(level, trump, ace_links_level):
    return Order(level, trump, ace_links_level=ace_links_level)


@cache
def _order(level: int, trump: int | None, ace_links_level: bool) -> Order:
    return Order._build(level, trump, ace_links_level)


def is_tractor(cards: Sequence[int], order: Order) -> bool:
    """Two or more pairs of one effective suit at consecutive ranks (SJ-11…SJ-13)."""
    if len(cards) < 4 or len({order.suit_of[c] for c in cards}) != 1:
        return False
    units = decompose(cards, order)
    return len(units) == 1 and units[0].is_tractor


# ---------------------------------------------------------------------------
# Errors

REASONS = {
    "not-in-hand": ("你手里没有这些牌：{cards}。", "You don't hold these cards: {cards}."),
    "empty": ("至少要出一张牌。", "Play at least one card."),
    "mixed-lead": (
        "首家出的牌必须是同一门（同一花色的副牌，或全是主牌）。",
        "A lead must be all of one suit: one side suit, or all trumps.",
    ),
    "card-count": ("首家出了 {n} 张，你也要出 {n} 张。", "The lead has {n} cards, so play {n}."),
    "follow-suit": (
        "你手里还有{suit_zh}，必须先跟{suit_zh}（首家出几张就跟几张，不够就全出）。",
        "You still hold {suit_en}: follow with them first, as many as the lead has "
        "(all of them if you have fewer).",
    ),
    "follow-tractor": (
        "首家出了拖拉机，你手里有{suit_zh}的{length}连对拖拉机，必须跟拖拉机。",
        "The lead has a tractor and you hold a {length}-pair tractor in {suit_en}: play it.",
    ),
    "follow-pairs": (
        "首家的牌里有对子，你手里有{suit_zh}的对子，必须跟 {pairs} 对。",
        "The lead has pairs and you hold pairs in {suit_en}: play {pairs_en}.",
    ),
    "throw-fails": (
        "甩牌失败：{unit}管不住（{holder}有更大的{shape_zh}），只能出{forced}。",
        "The throw fails: {unit} can be beaten (seat {holder} holds a higher {shape_en}), "
        "so {forced} must be played.",
    ),
}


class IllegalPlay(RuleError):
    """A play the rules forbid."""

    REASONS = REASONS


def shape_names(length: int) -> dict:
    """单张 / single, 对子 / pair, 拖拉机 / tractor for a unit of ``length`` pairs."""
    if length == 0:
        return {"shape_zh": "单张", "shape_en": "single"}
    if length == 1:
        return {"shape_zh": "对子", "shape_en": "pair"}
    return {"shape_zh": f"{length}连对拖拉机", "shape_en": f"{length}-pair tractor"}


# ---------------------------------------------------------------------------
# Leads and throws


def _counter(cards: Iterable[int] | Counter) -> Counter:
    return Counter(cards) if not isinstance(cards, Counter) else cards


def _check_held(hand: Counter, play: Sequence[int]) -> None:
    if not play:
        raise IllegalPlay("empty")
    missing = Counter(play) - hand
    if missing:
        raise IllegalPlay("not-in-hand", cards=cards_text(sorted(missing.elements())))


def lead_units(cards: Sequence[int], order: Order) -> list[Unit]:
    """The units of a lead (biggest first); ``IllegalPlay`` if it mixes suits (SJ-20)."""
    if not cards:
        raise IllegalPlay("empty")
    if len({order.suit_of[c] for c in cards}) != 1:
        raise IllegalPlay("mixed-lead")
    return decompose(cards, order)


@dataclass(frozen=True)
class ThrowCheck:
    """The outcome of a lead checked against the other hands (SJ-20, note (e)).

    ``ok``: every unit stands. Otherwise ``forced`` is the unit the leader must play
    instead (the failing unit with the lowest top; of equal tops, the smaller),
    ``failing`` every unit someone beats, with ``beaten_by`` the seat index (into
    ``others``) and unit that beats each, and ``taken_back`` the cards returned.
    """

    ok: bool
    throw: tuple[Card, ...]
    units: tuple[Unit, ...]
    forced: tuple[Card, ...]
    failing: tuple[tuple[Unit, int, Unit], ...] = field(default=())

    @property
    def taken_back(self) -> int:
        return len(self.throw) - len(self.forced)

    def penalty(self, per_card: int = 10) -> int:
        """Points for the other side: ``per_card`` for every card taken back."""
        return per_card * self.taken_back


def check_throw(throw: Sequence[int], others: Sequence[Iterable[int]], order: Order) -> ThrowCheck:
    """Whether a lead of one suit stands against the other hands (``others``, any
    number; by default the game passes all three, note (e)). A one-unit lead always
    stands: it only needs to be the lead."""
    units = lead_units(list(throw), order)
    played = play_of(throw)
    if len(units) == 1:
        return ThrowCheck(True, played, tuple(units), played)
    hands = [_counter(h) for h in others]
    failing = []
    for unit in units:
        for seat, hand in enumerate(hands):
            better = higher_unit(hand, unit.suit, unit.length, unit.top, order)
            if better is not None:
                failing.append((unit, seat, better))
                break
    if not failing:
        return ThrowCheck(True, played, tuple(units), played)
    forced = min(failing, key=lambda f: (f[0].top, len(f[0].cards), f[0].cards))[0]
    return ThrowCheck(False, played, tuple(units), forced.cards, tuple(failing))


def check_lead(
    hand: Iterable[int] | Counter,
    cards: Sequence[int],
    order: Order,
    others: Sequence[Iterable[int]] | None = None,
) -> ThrowCheck:
    """A lead from ``hand``: held, one suit, and (a throw) checked against ``others``
    when given. Returns the ``ThrowCheck`` (``forced`` is what is actually played)."""
    hand = _counter(hand)
    _check_held(hand, cards)
    if others is None:
        units = lead_units(list(cards), order)
        played = play_of(cards)
        return ThrowCheck(True, played, tuple(units), played)
    return check_throw(cards, others, order)


def leads(hand: Iterable[int] | Counter, order: Order) -> list[tuple[Card, ...]]:
    """Every one-unit lead of a hand: each single, pair and tractor (SJ-19).

    Throws are any one-suit mixture of these and are checked with ``check_throw``.
    """
    hand = _counter(hand)
    found: set[tuple[Card, ...]] = set()
    by_suit: dict[int, Counter] = {}
    for card, k in hand.items():
        if k > 0:
            by_suit.setdefault(order.suit_of[card], Counter())[card] = k
            found.add((CARDS[card],))
    for cards in by_suit.values():
        by = pairs_by_strength(cards, order)
        length = 1
        while True:
            found_any = False
            for run in runs(by, length):
                found.add(play_of(run * 2))
                found_any = True
            if not found_any:
                break
            length += 1
    return sorted(found, key=lambda p: (-len(p), [order.key(c) for c in p]))


# ---------------------------------------------------------------------------
# Following


def _tractor_cover(pair_cards: Sequence[int], lengths: Sequence[int], order: Order) -> int:
    """Tr: the most pairs of ``pair_cards`` (cards held twice in the play) that disjoint
    runs of exactly the lead's tractor ``lengths`` can cover."""
    if not lengths:
        return 0
    by: dict[int, list[int]] = {}
    for card in pair_cards:
        by.setdefault(order.strength[card], []).append(card)
    best = 0
    total = sum(lengths)

    def search(i: int, by: dict, covered: int) -> None:
        nonlocal best
        if covered > best:
            best = covered
        if i == len(lengths) or best == total:
            return
        if covered + sum(lengths[i:]) <= best:
            return
        for run in runs(by, lengths[i]):
            left = {s: [c for c in cs if c not in run] for s, cs in by.items()}
            search(i + 1, {s: cs for s, cs in left.items() if cs}, covered + lengths[i])
        search(i + 1, by, covered)

    search(0, by, 0)
    return best


def legal_follows(
    hand: Iterable[int] | Counter, lead: Sequence[int], order: Order
) -> list[tuple[Card, ...]]:
    """Every distinct legal follow to ``lead`` (SJ-17, SJ-18, SJ-21), each sorted.

    Holding no more of the led suit than the lead's size, a player plays all of it and
    anything else. Holding more, the play is all of that suit and must match the
    lead's shape as well as the hand allows: first the lead's tractors, each by a
    tractor of its length, as many pairs covered so as possible; then as many pairs as
    the lead has (a tractor's pairs counted). Every play that does as well is legal.
    """
    hand = _counter(hand)
    units = lead_units(list(lead), order)
    n, suit = len(lead), units[0].suit
    in_suit = Counter({c: k for c, k in hand.items() if k > 0 and order.suit_of[c] == suit})
    held = sum(in_suit.values())
    if held <= n:
        # Cards as ``Card`` values once, so each of the (many) plays is only sorted.
        rest = Counter({CARDS[c]: k for c, k in hand.items() if k > 0 and c not in in_suit})
        base = tuple(CARDS[c] for c in in_suit.elements())
        if sum(rest.values()) < n - held:
            raise ValueError("the hand has fewer cards than the lead")
        # Every choice of the free cards, once: combinations of the sorted cards give
        # each multiset in sorted order (equal cards side by side), repeats dropped.
        free = sorted(rest.elements())
        extras = dict.fromkeys(combinations(free, n - held))
        return [tuple(sorted(base + extra)) for extra in extras]
    if n == 1:
        return [(CARDS[c],) for c in sorted(in_suit, key=order.key)]
    return [play_of(p) for p in _best_follows(in_suit, units, n, order)[1]]


def _best_follows(in_suit: Counter, units: Sequence[Unit], n: int, order: Order):
    """(the best (Tr, Pr) score, every n-card play of ``in_suit`` reaching it)."""
    lengths = sorted((u.length for u in units if u.is_tractor), reverse=True)
    lead_pairs = sum(u.length for u in units)
    pair_cards = sorted((c for c, k in in_suit.items() if k >= 2), key=order.key)
    kinds = sorted(in_suit, key=order.key)
    best, chosen = None, []
    top_pairs = min(len(pair_cards), n // 2)
    # The pair sets worth trying: with no tractor in the lead, only as many pairs as
    # the lead's count matter (more are allowed, and found below as fillers do not
    # add pairs: each play is generated once, from exactly its own pair set).
    for q in range(top_pairs, -1, -1):
        for pairs in combinations(pair_cards, q):
            singles = n - 2 * q
            free = [c for c in kinds if c not in pairs]
            if len(free) < singles:
                continue
            score = (_tractor_cover(pairs, lengths, order), min(q, lead_pairs))
            if best is None or score > best:
                best, chosen = score, [pairs]
            elif score == best:
                chosen.append(pairs)
    plays = []
    for pairs in chosen:
        free = [c for c in kinds if c not in pairs]
        for extra in combinations(free, n - 2 * len(pairs)):
            plays.append(tuple(pairs) * 2 + extra)
    return best, plays


def check_follow(
    hand: Iterable[int] | Counter, lead: Sequence[int], play: Sequence[int], order: Order
) -> tuple[Card, ...]:
    """The play, sorted, if it is a legal follow; otherwise ``IllegalPlay`` saying why."""
    hand = _counter(hand)
    play = play_of(play)
    _check_held(hand, play)
    units = lead_units(list(lead), order)
    n, suit = len(lead), units[0].suit
    if len(play) != n:
        raise IllegalPlay("card-count", n=n)
    if play in set(legal_follows(hand, lead, order)):
        return play
    names = suit_names(suit)
    held = sum(k for c, k in hand.items() if order.suit_of[c] == suit)
    followed = sum(1 for c in play if order.suit_of[c] == suit)
    if followed < min(n, held):
        raise IllegalPlay("follow-suit", **names)
    in_suit = Counter({c: k for c, k in hand.items() if k > 0 and order.suit_of[c] == suit})
    (tr, pr), _ = _best_follows(in_suit, units, n, order)
    lengths = sorted((u.length for u in units if u.is_tractor), reverse=True)
    mine = [c for c, k in Counter(play).items() if k >= 2]
    if _tractor_cover(mine, lengths, order) < tr:
        held_pairs = [c for c, k in in_suit.items() if k >= 2]
        owed = [k for k in lengths if _tractor_cover(held_pairs, [k], order)]
        raise IllegalPlay("follow-tractor", length=max(owed, default=lengths[0]), **names)
    pairs_en = "a pair" if pr == 1 else f"{pr} pairs"
    raise IllegalPlay("follow-pairs", pairs=pr, pairs_en=pairs_en, **names)


# ---------------------------------------------------------------------------
# Who wins


def winning_value(play: Sequence[int], units: Sequence[Unit], order: Order) -> tuple[int, int]:
    """(effective suit, value) of a play that can win against a lead cut into ``units``,
    or (-1, 0) when it cannot (SJ-15, SJ-22, note (f)): all of the led suit or all
    trumps, and cut to the lead's shapes; its value is the top of its unit matched to
    the lead's biggest unit."""
    led = units[0].suit
    suits = {order.suit_of[c] for c in play}
    if len(suits) != 1:
        return -1, 0
    (suit,) = suits
    if suit != led and suit != TRUMP:
        return -1, 0
    shapes = [u.length for u in units]
    value = split_value(play, shapes, order, units[0].length)
    if value is None:
        return -1, 0
    return suit, value


def trick_winner(plays: Sequence[Sequence[int]], order: Order) -> int:
    """The index of the winning play (0 = the lead): the highest play of the lead's
    shape, in the led suit or all trumps; of equal plays, the first (note (f))."""
    units = decompose(plays[0], order)
    best, best_suit, best_value = 0, units[0].suit, units[0].top
    for i in range(1, len(plays)):
        suit, value = winning_value(plays[i], units, order)
        if beats(suit, value, best_suit, best_value):
            best, best_suit, best_value = i, suit, value
    return best


def trick_points(plays: Iterable[Iterable[int]]) -> int:
    return sum(points(play) for play in plays)
