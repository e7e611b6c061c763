"""A slow, obvious model of which combination a 掼蛋 play is, wild cards included.

Written from the rules (seed 004 and ``guandan.md`` GD-01…GD-15, GD-R02…R06), never
from ``engines.guandan``: this module imports only ``engines.cards``, so a misreading
shared by the engine and the model is the only way a bug can hide.

``plain_readings`` classifies cards with no wild the literal way: sort the ranks and
test each kind's definition. ``oracle_readings`` handles the two heart level cards
(逢人配, GD-03) by brute force: every wild takes every identity among the 52 cards
that are not jokers (52 for one wild, 52 × 52 for two), the plain cards are
classified, and the readings are the union. Only the plain classifier is memoised,
on the multiset of ranks and the one suit all cards share (if they do).

A reading is the key ``(kind, size, value, suit)``: ``value`` is the level order
(2 … A = 14, the level rank 15, 小王 16, 大王 17) for singles, pairs, triples, full
houses (the triple's) and bombs; the top of a sequence in natural order with A low
read as 1 (A-2-3-4-5 is 5, 10-J-Q-K-A is 14); ``suit`` only for a straight flush.

>>> from engines.cards import parse_cards
>>> sorted(oracle_readings(parse_cards("♠3 ♠4 ♠5 ♠6 ♥5"), 5))  # G7
[('straight', 5, 6, None), ('straight', 5, 7, None), ('straight-flush', 5, 6, 0), \
('straight-flush', 5, 7, 0)]
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from engines.cards import CARDS, HEARTS

SMALL_JOKER_RANK, BIG_JOKER_RANK = 15, 16  # Card.rank of 小王 and 大王
NON_JOKERS = tuple(card for card in CARDS if not card.is_joker)  # what a wild may be
ACE = 14


def value_at(rank: int, level: int) -> int:
    """GD-15, GD-R02: 2 < 3 < … < A < the level rank < 小王 < 大王."""
    if rank == level:
        return 15
    if rank == SMALL_JOKER_RANK:
        return 16
    if rank == BIG_JOKER_RANK:
        return 17
    return rank


def sequence_top(ranks: list[int], length: int) -> list[int]:
    """The tops of every way the distinct ``ranks`` are ``length`` consecutive ranks
    in natural order, A high (14) or low (1); no wrap-around (GD-06…08)."""
    tops = []
    if len(ranks) != length or any(r >= SMALL_JOKER_RANK for r in ranks):
        return tops
    for ace in (14, 1):
        seq = sorted(ace if r == ACE else r for r in ranks)
        if all(b == a + 1 for a, b in zip(seq, seq[1:], strict=False)):
            tops.append(seq[-1])
    return tops


def plain_classify(ranks: tuple[int, ...], suit: int | None, level: int) -> frozenset:
    """Every reading of cards without wilds: ``ranks`` sorted (jokers 15, 16), ``suit``
    the suit every card has if they all have the same one (``None`` otherwise)."""
    n = len(ranks)
    count = Counter(ranks)
    jokers = count[SMALL_JOKER_RANK] + count[BIG_JOKER_RANK]
    found = set()
    if n == 4 and count[SMALL_JOKER_RANK] == 2 and count[BIG_JOKER_RANK] == 2:
        found.add(("four-jokers", 4, 17, None))  # GD-01
    if len(count) == 1:  # one rank (or one joker): SJ SJ and BJ BJ are pairs, SJ BJ not
        (rank,) = count
        if n == 1:
            found.add(("single", 1, value_at(rank, level), None))
        elif n == 2:
            found.add(("pair", 2, value_at(rank, level), None))
        elif n == 3:
            found.add(("triple", 3, value_at(rank, level), None))
        elif rank < SMALL_JOKER_RANK:  # GD-02, GD-03: 4 to 10 of a rank (five: bomb only)
            found.add(("bomb", n, value_at(rank, level), None))
    if n == 5 and len(count) == 2:  # GD-09, GD-R03: a triple and a pair; 999 + SJ SJ
        for triple, pair in (tuple(count), tuple(count)[::-1]):
            if count[triple] == 3 and count[pair] == 2 and triple < SMALL_JOKER_RANK:
                found.add(("full-house", 5, value_at(triple, level), None))
    if n == 5 and jokers == 0 and len(count) == 5:  # GD-04, GD-06, GD-R05
        for top in sequence_top(list(count), 5):
            if suit is not None:
                found.add(("straight-flush", 5, top, suit))
            else:
                found.add(("straight", 5, top, None))
    if n == 6 and jokers == 0:
        if len(count) == 3 and all(k == 2 for k in count.values()):  # GD-07
            for top in sequence_top(list(count), 3):
                found.add(("tube", 6, top, None))
        if len(count) == 2 and all(k == 3 for k in count.values()):  # GD-08
            for top in sequence_top(list(count), 2):
                found.add(("plate", 6, top, None))
    return frozenset(found)


MIXED = -1  # the cards do not all share one suit
WEIGHT = {rank: 11**rank for rank in range(2, 17)}  # a rank multiset as one int (≤ 10 a rank)
IDENTITIES = tuple((WEIGHT[card.rank], card.suit) for card in NON_JOKERS)
_memo: dict[tuple, frozenset] = {}


def plain_readings(code: int, suit: int, level: int) -> frozenset:
    """``plain_classify`` of the rank multiset ``code`` (the sum of ``WEIGHT``s),
    memoised; ``suit`` is the shared suit or ``MIXED``."""
    key = (code, suit, level)
    readings = _memo.get(key)
    if readings is None:
        ranks = tuple(sorted(r for r, w in WEIGHT.items() for _ in range(code // w % 11)))
        readings = _memo[key] = plain_classify(ranks, None if suit == MIXED else suit, level)
    return readings


def oracle_readings(cards, level: int) -> set:
    """Every reading of ``cards`` at ``level``: each heart level card takes every
    identity but a joker, and the plain readings are pooled. Wilds alone are the
    level card (GD-R06): one is a single, two a pair."""
    wild = CARDS[(HEARTS * 13) + level - 2]
    cards = [CARDS[c] for c in cards]
    naturals = [c for c in cards if c != wild]
    wilds = len(cards) - len(naturals)
    if not cards:
        return set()
    if not naturals:
        return {(("single", "pair")[wilds - 1], wilds, 15, None)} if wilds <= 2 else set()
    base = sum(WEIGHT[c.rank] for c in naturals)
    suits = {c.suit for c in naturals}  # a joker's suit is None: never one suit with others
    base_suit = next(iter(suits)) if len(suits) == 1 and None not in suits else MIXED
    pooled = set()
    for identities in product(IDENTITIES, repeat=wilds):  # 1, 52 or 52 × 52 ways
        code, suit = base, base_suit
        for weight, card_suit in identities:
            code += weight
            if card_suit != suit:
                suit = MIXED
        pooled.add(plain_readings(code, suit, level))
    return set().union(*pooled)


def plain_of(cards, level: int) -> frozenset:
    """The readings of real cards taken at face value (no card is wild): to check
    what ``classify`` says its wilds stand for."""
    cards = [CARDS[c] for c in cards]
    suits = {c.suit for c in cards}
    suit = next(iter(suits)) if len(suits) == 1 and None not in suits else MIXED
    return plain_readings(sum(WEIGHT[c.rank] for c in cards), suit, level)
