"""掼蛋 (Guandan): what a play is, what beats it, and every play a hand can make.

Seed 004 gives the combinations and their ladder; ``guandan.md`` numbers them
(GD-01…GD-27) and fills the gaps from the 2022 competition rules (GD-R01…R14).
Two decks, 108 cards, four players, 27 cards each. A hand is played at a level
(2 … A); the level rank sits above A for singles, pairs, triples, full houses and
bombs, but at its natural place in sequences (GD-15, GD-R02):

>>> level_value(parse_card("♠10"), 10) > level_value(parse_card("♠A"), 10)
True

The two heart level cards are wild (逢人配, GD-03): each may stand for any card but
a joker. ``classify`` gives **every** reading of a play; when two differ, the
player says which one they mean (GD-R06):

>>> [r.text() for r in classify(parse_cards("♠3 ♠4 ♠5 ♠6 ♥5"), 5)]
['straight flush to 7', 'straight flush to 6', 'straight to 7', 'straight to 6']
>>> [r.text() for r in classify(parse_cards("♠2 ♦3 ♣4 ♥10 ♠6"), 10)]
['straight to 6']

A play beats another of the same kind and size with a higher rank; a bomb beats
every ordinary play, and bombs climb 4 < 5 < straight flush < 6 < … < 10 < four
jokers (GD-11, GD-R04). A wild bomb equals the natural one (GD-05):

>>> natural = classify(parse_cards("♠9 ♥9 ♣9 ♦9"), 2)[0]
>>> wild = classify(parse_cards("♠9 ♥9 ♣9 ♥2"), 2)[0]
>>> beats(natural, wild), beats(wild, natural)
(False, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import product

from engines.cards import (
    ACE,
    BIG_JOKER,
    CARDS,
    HEARTS,
    KING,
    RANK_NAMES,
    SMALL_JOKER,
    SPADES,
    SUITS,
    Card,
    cards_text,
    parse_card,
    parse_cards,
    parse_level,
    sub_multisets,
)
from engines.errors import RuleError

from .rules import DEFAULT, Rules

__all__ = [
    "DECKS",
    "HAND_SIZE",
    "KINDS",
    "LEVELS",
    "IllegalPlay",
    "Play",
    "Reading",
    "beats",
    "card_order",
    "classify",
    "legal_plays",
    "level_name",
    "level_value",
    "parse_card",
    "parse_cards",
    "parse_level",
    "play_of",
    "sort_cards",
    "wild_card",
]

DECKS, HAND_SIZE, SEATS = 2, 27, 4
LEVELS = range(2, 15)  # 2 → A

# The kinds of play, ordinary first; the names are the ones the command line prints.
SINGLE, PAIR, TRIPLE, FULL_HOUSE = "single", "pair", "triple", "full-house"
STRAIGHT, TUBE, PLATE = "straight", "tube", "plate"
BOMB, STRAIGHT_FLUSH, FOUR_JOKERS = "bomb", "straight-flush", "four-jokers"
KINDS = (SINGLE, PAIR, TRIPLE, FULL_HOUSE, STRAIGHT, TUBE, PLATE, BOMB, STRAIGHT_FLUSH, FOUR_JOKERS)
SEQUENCES = {STRAIGHT: (5, 1), TUBE: (3, 2), PLATE: (2, 3)}  # kind: (ranks, cards a rank)

KIND_ZH = {
    SINGLE: "单张",
    PAIR: "对子",
    TRIPLE: "三张",
    FULL_HOUSE: "三带二",
    STRAIGHT: "顺子",
    TUBE: "三连对",
    PLATE: "钢板",
    BOMB: "炸弹",
    STRAIGHT_FLUSH: "同花顺",
    FOUR_JOKERS: "四王",
}
KIND_EN = {
    SINGLE: "single",
    PAIR: "pair",
    TRIPLE: "triple",
    FULL_HOUSE: "full house",
    STRAIGHT: "straight",
    TUBE: "tube",
    PLATE: "plate",
    BOMB: "bomb",
    STRAIGHT_FLUSH: "straight flush",
    FOUR_JOKERS: "four jokers",
}

SMALL_JOKER_RANK, BIG_JOKER_RANK = 15, 16  # Card.rank of the jokers
LEVEL_VALUE, SMALL_JOKER_VALUE, BIG_JOKER_VALUE = 15, 16, 17


class IllegalPlay(RuleError):
    """A play the rules refuse; ``code`` says which rule, ``reason`` why."""

    REASONS = {
        "not-a-play": (
            "这几张牌不成牌型。",
            "These cards are not a combination.",
        ),
        "too-low": (
            "要出同样牌型、同样张数、更大的牌，或者炸弹。",
            "Play the same kind of combination with as many cards and a higher rank, or a bomb.",
        ),
        "not-in-hand": ("手里没有这些牌。", "Those cards are not in the hand."),
        "reading": (
            "这手牌有几种读法，要说明按哪一种出。",
            "These cards can be read more than one way: say which one you mean.",
        ),
    }


def level_name(level: int) -> str:
    return RANK_NAMES[level]


def wild_card(level: int) -> Card:
    """The heart level card, wild (逢人配, GD-03)."""
    return Card.of(HEARTS, level)


def rank_value(rank: int, level: int) -> int:
    """The order of a rank for singles, pairs, triples, full houses and bombs:
    2 … A, then the level rank, 小王, 大王 (GD-15). ``rank`` is ``Card.rank``."""
    if rank == level:
        return LEVEL_VALUE
    if rank >= SMALL_JOKER_RANK:
        return rank + 1
    return rank


def level_value(card: Card, level: int) -> int:
    return rank_value(CARDS[card].rank, level)


def card_order(card: Card, level: int) -> tuple[int, int]:
    """How a hand is sorted, highest first: by ``level_value``, then suit."""
    card = CARDS[card]
    return (-level_value(card, level), 9 if card.suit is None else card.suit)


def sort_cards(cards: Iterable[int], level: int) -> list[Card]:
    return sorted((CARDS[c] for c in cards), key=lambda c: card_order(c, level))


def rank_name(rank: int) -> str:
    if rank == SMALL_JOKER_RANK:
        return "SJ"
    if rank == BIG_JOKER_RANK:
        return "BJ"
    return RANK_NAMES[rank]


@dataclass(frozen=True, order=False)
class Reading:
    """One way to read a play: its kind, size and rank.

    ``rank`` is the deciding rank as printed (``Card.rank``; 15 小王, 16 大王): the
    single's, the pair's, the triple's (of a full house too), the bomb's; for a
    sequence its top, with A low read as 1 (so A-2-3-4-5 has top 5). ``value`` is
    what compares two plays of the same kind at this level. ``stands_for`` says
    which card each wild stands for, in the order the wilds were given (a heart
    when the suit does not matter); it takes no part in equality.
    """

    kind: str
    size: int
    rank: int
    value: int
    suit: int | None = None
    stands_for: tuple[Card, ...] = field(default=(), compare=False)

    @property
    def power(self) -> int:
        """The bomb ladder (GD-11, GD-R04): 0 for an ordinary play, then 4-bomb 1,
        5-bomb 2, straight flush 3, 6- to 10-card bombs 4 to 8, four jokers 9."""
        if self.kind == BOMB:
            return 1 if self.size == 4 else 2 if self.size == 5 else self.size - 2
        if self.kind == STRAIGHT_FLUSH:
            return 3
        if self.kind == FOUR_JOKERS:
            return 9
        return 0

    @property
    def is_bomb(self) -> bool:
        return self.power > 0

    def key(self) -> tuple:
        return (self.kind, self.size, self.value, self.suit)

    def text(self) -> str:
        """``straight to 7``, ``pair of 10``, ``5-card bomb of 9``."""
        name = rank_name(self.rank)
        if self.kind in (STRAIGHT, TUBE, PLATE, STRAIGHT_FLUSH):
            return f"{KIND_EN[self.kind]} to {name}"
        if self.kind == BOMB:
            return f"{self.size}-card bomb of {name}"
        if self.kind == FOUR_JOKERS:
            return KIND_EN[FOUR_JOKERS]
        return f"{KIND_EN[self.kind]} of {name}"

    def zh(self) -> str:
        """``到7的同花顺``, ``一对10``, ``5张9的炸弹``."""
        name = {"SJ": "小王", "BJ": "大王"}.get(rank_name(self.rank), rank_name(self.rank))
        if self.kind in (STRAIGHT, TUBE, PLATE, STRAIGHT_FLUSH):
            return f"到{name}的{KIND_ZH[self.kind]}"
        if self.kind == BOMB:
            return f"{self.size}张{name}的炸弹"
        if self.kind == FOUR_JOKERS:
            return KIND_ZH[FOUR_JOKERS]
        if self.kind == SINGLE:
            return f"单张{name}"
        if self.kind == PAIR:
            return f"一对{name}"
        if self.kind == TRIPLE:
            return f"三个{name}"
        return f"{name}带对子的三带二"

    def to_json(self) -> dict:
        return {
            "type": self.kind,
            "size": self.size,
            "rank": rank_name(self.rank),
            **({"suit": "♠♥♣♦"[self.suit]} if self.suit is not None else {}),
            "as": [CARDS[c].text() for c in self.stands_for],
        }


def beats(play: Reading, over: Reading | None) -> bool:
    """Whether ``play`` may go on top of ``over`` (``None``: a lead, anything goes).

    Ordinary plays compare only with the same kind and number of cards (GD-12); a
    bomb beats every ordinary play; bombs climb by ``power`` and, at the same
    power, by rank (GD-11, GD-R04). Equal never beats.
    """
    if over is None:
        return True
    if play.power != over.power:
        return play.power > over.power
    if play.power == 0 and (play.kind != over.kind or play.size != over.size):
        return False
    return play.value > over.value


# ---------------------------------------------------------------------------
# Reading a play


def _window(top: int, length: int) -> list[int]:
    """The ranks of a sequence ending at ``top``; A low is 1."""
    return list(range(top - length + 1, top + 1))


def _printed(rank: int) -> int:
    return ACE if rank == 1 else rank


def _sequence_tops(kind: str) -> range:
    length = SEQUENCES[kind][0]
    return range(length, ACE + 1)  # A-2-3-4-5 (top 5) … 10-J-Q-K-A (top 14)


def _fill(ranks: Counter, window: list[int], each: int) -> list[int] | None:
    """The ranks the wilds must supply so that ``ranks`` fill ``window`` with
    ``each`` cards a rank (A may sit at either end), or ``None``."""
    counts = Counter()
    for rank, count in ranks.items():
        if rank in window:
            counts[rank] += count
        elif rank == ACE and 1 in window:
            counts[1] += count
        else:
            return None
    missing = []
    for rank in window:
        if counts[rank] > each:
            return None
        missing += [_printed(rank)] * (each - counts[rank])
    return missing


def classify(cards: Iterable[int], level: int, rules: Rules = DEFAULT) -> list[Reading]:
    """Every reading of ``cards`` at ``level``, strongest first; ``[]`` when the
    cards are no combination.

    A wild (the heart level card) may stand for any card but a joker (GD-03,
    GD-13); a play of wilds alone is the level card (GD-R06). Five of a kind is a
    bomb, never a full house; five suited consecutive cards are a straight flush
    and, unless ``rules.allow_under_declare_sf``, nothing else (GD-R05).
    """
    cards = [CARDS[c] for c in cards]
    for card, count in Counter(cards).items():
        if count > DECKS:
            raise ValueError(f"{card.text()} appears {count} times: 掼蛋 uses two decks")
    wild = wild_card(level)
    wilds = sum(1 for c in cards if c == wild)
    naturals = [c for c in cards if c != wild]
    jokers = Counter(c for c in naturals if c.is_joker)
    plain = [c for c in naturals if not c.is_joker]
    n = len(cards)
    found: dict[tuple, Reading] = {}

    def add(kind, rank, value, stands=(), suit=None):
        reading = Reading(kind, n, rank, value, suit, tuple(stands))
        found.setdefault(reading.key(), reading)

    def stand_ins(ranks: list[int], suit: int = HEARTS) -> list[Card]:
        return [Card.of(suit, r) for r in ranks]

    if n == 0:
        return []
    if not naturals:  # wilds alone: the level card (GD-R06)
        if n <= 2:
            add((SINGLE, PAIR)[n - 1], level, LEVEL_VALUE, [wild] * n)
        return list(found.values())
    if jokers:
        _classify_jokers(n, jokers, plain, wilds, level, rules, add, stand_ins)
        return _ordered(found)
    ranks = Counter(c.rank for c in plain)
    if len(ranks) == 1:
        (rank,) = ranks
        value = rank_value(rank, level)
        if n <= 3:
            add((SINGLE, PAIR, TRIPLE)[n - 1], rank, value, stand_ins([rank] * wilds))
        else:
            add(BOMB, rank, value, stand_ins([rank] * wilds))
    if n == 5:
        _full_houses(ranks, wilds, level, add, stand_ins)
        _straights(plain, ranks, wilds, rules, add, stand_ins)
    if n == 6:
        for kind in (TUBE, PLATE):
            length, each = SEQUENCES[kind]
            for top in _sequence_tops(kind):
                missing = _fill(ranks, _window(top, length), each)
                if missing is not None and len(missing) == wilds:
                    add(kind, top, top, stand_ins(missing))
    return _ordered(found)


def _ordered(found: dict) -> list[Reading]:
    return sorted(found.values(), key=lambda r: (-r.power, KINDS.index(r.kind), -r.value))


def _free_pair_rank(triple: int, level: int) -> int:
    """The rank two wilds stand for as a full house's pair: themselves (the level
    card) unless the triple is the level rank, then A (or K at level A)."""
    if triple != level:
        return level
    return ACE if level != ACE else KING


def _full_houses(ranks: Counter, wilds: int, level: int, add, stand_ins) -> None:
    if len(ranks) == 2:
        for triple, pair in (tuple(ranks), tuple(ranks)[::-1]):
            if ranks[triple] <= 3 and ranks[pair] <= 2:
                missing = [triple] * (3 - ranks[triple]) + [pair] * (2 - ranks[pair])
                add(FULL_HOUSE, triple, rank_value(triple, level), stand_ins(missing))
    elif len(ranks) == 1 and wilds == 2:
        ((triple, count),) = ranks.items()
        if count == 3:
            pair = _free_pair_rank(triple, level)
            add(FULL_HOUSE, triple, rank_value(triple, level), stand_ins([pair, pair]))


def _straights(plain, ranks: Counter, wilds: int, rules: Rules, add, stand_ins) -> None:
    suits = {c.suit for c in plain}
    suited = len(suits) == 1
    for top in _sequence_tops(STRAIGHT):
        missing = _fill(ranks, _window(top, 5), 1)
        if missing is None:
            continue
        if suited:
            (suit,) = suits
            add(STRAIGHT_FLUSH, top, top, stand_ins(missing, suit), suit=suit)
        if not suited or wilds or rules.allow_under_declare_sf:
            # With a wild the player may make it unsuited: a wild of another suit.
            stands = stand_ins(missing)
            if suited and stands and (suit := next(iter(suits))) == HEARTS:
                stands[0] = Card.of(SPADES, stands[0].rank)
            add(STRAIGHT, top, top, stands)


def _classify_jokers(n, jokers, plain, wilds, level, rules, add, stand_ins) -> None:
    small, big = jokers[SMALL_JOKER], jokers[BIG_JOKER]
    if n == 1:
        rank = CARDS[next(iter(jokers))].rank
        add(SINGLE, rank, rank_value(rank, level))
    elif n == 2 and (small, big) in ((2, 0), (0, 2)):
        rank = SMALL_JOKER_RANK if small else BIG_JOKER_RANK
        add(PAIR, rank, rank_value(rank, level))
    elif n == 4 and (small, big) == (2, 2):
        add(FOUR_JOKERS, BIG_JOKER_RANK, BIG_JOKER_VALUE)
    elif n == 5 and rules.full_house_joker_pair and (small, big) in ((2, 0), (0, 2)):
        ranks = Counter(c.rank for c in plain)
        if len(ranks) == 1:
            (rank,) = ranks
            add(FULL_HOUSE, rank, rank_value(rank, level), stand_ins([rank] * wilds))


# ---------------------------------------------------------------------------
# Plays from a hand


@dataclass(frozen=True)
class Play:
    """Cards from a hand with the reading they are played as."""

    cards: tuple[Card, ...]
    reading: Reading

    def text(self) -> str:
        return cards_text(self.cards)

    def to_json(self) -> dict:
        return {"cards": [CARDS[c].text() for c in self.cards], **self.reading.to_json()}


def play_of(cards: Iterable[int], level: int, reading: str | None = None, rules=DEFAULT) -> Play:
    """The play these cards make; ``reading`` (a ``Reading.text()``, or a kind
    name) picks one when the cards read more than one way, as the player says."""
    cards = tuple(sort_cards(cards, level))
    readings = classify(cards, level, rules)
    if not readings:
        raise IllegalPlay("not-a-play", cards_text(cards))
    if reading is not None:
        chosen = [r for r in readings if reading in (r.text(), r.kind)]
        if len(chosen) == 1 or (chosen and len({r.key() for r in chosen}) == 1):
            return Play(cards, chosen[0])
        raise IllegalPlay("reading", f"{cards_text(cards)} as {reading!r}")
    if len(readings) > 1:
        raise IllegalPlay("reading", cards_text(cards))
    return Play(cards, readings[0])


class _Hand:
    """A hand taken apart for generating plays: naturals by rank, the wilds, jokers."""

    def __init__(self, hand: Iterable[int], level: int):
        self.level = level
        self.wild = wild_card(level)
        counts = Counter(CARDS[c] for c in hand)
        self.wilds = counts.pop(self.wild, 0)
        self.small = counts.pop(SMALL_JOKER, 0)
        self.big = counts.pop(BIG_JOKER, 0)
        self.by_rank: dict[int, Counter] = {r: Counter() for r in range(2, 15)}
        for card, count in counts.items():
            self.by_rank[card.rank][card] = count
        self.cards = counts

    def groups(self, rank: int, k: int, max_wilds: int) -> Iterator[tuple[tuple[Card, ...], int]]:
        """Every multiset of ``k`` cards of ``rank``, naturals and at most
        ``max_wilds`` wilds, with the wilds it uses; never wilds alone except as
        the level rank."""
        have = self.by_rank[rank]
        natural = sum(have.values())
        for used in range(min(max_wilds, self.wilds, k), -1, -1):
            if k - used > natural or (used == k and rank != self.level):
                continue
            for cards in sub_multisets(have, k - used):
                yield cards + (self.wild,) * used, used


def legal_plays(
    hand: Iterable[int], over: Reading | None, level: int, rules: Rules = DEFAULT
) -> list[Play]:
    """Every distinct play from ``hand`` that beats ``over`` (``None``: every lead).

    Distinct means different cards or a different reading of the same cards (a
    wild straight flush to 6 or to 7). Plays come in a fixed order: by kind, then
    rank, then cards. Each play is read from the template that made it (a pair of
    this rank, a straight to that top), the same readings ``classify`` gives: the
    tests hold the two equal on thousands of hands.
    """
    h = _Hand(hand, level)
    seen: dict[tuple, tuple] = {}
    power = 0 if over is None else over.power
    if power == 9:  # four jokers: nothing beats them
        return []

    def want(kind: str) -> bool:
        if over is None or kind in (BOMB, STRAIGHT_FLUSH, FOUR_JOKERS):
            return True
        return power == 0 and over.kind == kind

    def high_enough(kind: str, value: int) -> bool:
        """Whether a ``kind`` of this rank value could beat ``over`` at all."""
        return over is None or over.kind != kind or value > over.value

    def offer(cards: tuple, reading: Reading) -> None:
        if over is None or beats(reading, over):
            seen.setdefault((tuple(sorted(cards)), reading.key()), (cards, reading))

    if want(SINGLE):
        for card in h.cards:
            offer((card,), Reading(SINGLE, 1, card.rank, rank_value(card.rank, level)))
        if h.wilds:
            offer((h.wild,), Reading(SINGLE, 1, level, LEVEL_VALUE, None, (h.wild,)))
        for joker, count in ((SMALL_JOKER, h.small), (BIG_JOKER, h.big)):
            if count:
                offer((joker,), Reading(SINGLE, 1, joker.rank, rank_value(joker.rank, level)))
    for k, kind in ((2, PAIR), (3, TRIPLE)):
        if want(kind):
            for rank in range(2, 15):
                value = rank_value(rank, level)
                if high_enough(kind, value):
                    for cards, used in h.groups(rank, k, 2):
                        offer(cards, Reading(kind, k, rank, value, None, _stands(rank, used)))
    if want(PAIR):
        for joker, count in ((SMALL_JOKER, h.small), (BIG_JOKER, h.big)):
            if count == 2:
                offer((joker, joker), Reading(PAIR, 2, joker.rank, rank_value(joker.rank, level)))
    least = 4 if over is None else _bomb_size_at_least(over)
    for rank in range(2, 15):
        value = rank_value(rank, level)
        most = sum(h.by_rank[rank].values()) + h.wilds
        for k in range(least, min(most, 10) + 1):
            for cards, used in h.groups(rank, k, 2):
                offer(cards, Reading(BOMB, k, rank, value, None, _stands(rank, used)))
    if want(FULL_HOUSE):
        _offer_full_houses(h, rules, offer, high_enough)
    if h.small == 2 and h.big == 2:
        offer(
            (SMALL_JOKER,) * 2 + (BIG_JOKER,) * 2,
            Reading(FOUR_JOKERS, 4, BIG_JOKER.rank, BIG_JOKER_VALUE),
        )
    for kind in (STRAIGHT, TUBE, PLATE):
        if want(kind):
            _offer_sequences(h, kind, rules, offer, high_enough)
    if over is not None:  # a lead's straight flushes came with the straights
        # Against a straight too: a straight flush below its top still beats it.
        _offer_straight_flushes(h, offer, high_enough)
    plays = [Play(tuple(sort_cards(cards, level)), reading) for cards, reading in seen.values()]
    return sorted(
        plays,
        key=lambda p: (
            KINDS.index(p.reading.kind),
            p.reading.size,
            p.reading.value,
            [card_order(c, level) for c in p.cards],
        ),
    )


def _stands(rank: int, used: int, suit: int = HEARTS) -> tuple[Card, ...]:
    """What ``used`` wilds stand for in a group of ``rank``: hearts of that rank."""
    return (Card.of(suit, rank),) * used


def _bomb_size_at_least(over: Reading) -> int:
    """The fewest cards a one-rank bomb needs to have a chance against ``over``."""
    if over.power <= 1:
        return 4
    return {2: 5, 3: 6}.get(over.power, over.size)


def _offer_full_houses(h: _Hand, rules: Rules, offer, high_enough) -> None:
    level = h.level
    for triple in range(2, 15):
        value = rank_value(triple, level)
        if not high_enough(FULL_HOUSE, value):
            continue
        for three, used in h.groups(triple, 3, 2):
            left = h.wilds - used
            stands = _stands(triple, used)
            pairs = [
                (two, _stands(rank, wilds))
                for rank in range(2, 15)
                if rank != triple
                for two, wilds in h.groups(rank, 2, left)
            ]
            if left == 2:
                free = _free_pair_rank(triple, level)
                pairs.append(((h.wild, h.wild), _stands(free, 2)))
            if rules.full_house_joker_pair:
                pairs += [
                    ((j, j), ())
                    for j, count in ((SMALL_JOKER, h.small), (BIG_JOKER, h.big))
                    if count == 2
                ]
            for two, more in pairs:
                offer(three + two, Reading(FULL_HOUSE, 5, triple, value, None, stands + more))


def _offer_sequences(h: _Hand, kind: str, rules: Rules, offer, high_enough) -> None:
    length, each = SEQUENCES[kind]
    size = length * each
    for top in _sequence_tops(kind):
        if not high_enough(kind, top):
            continue
        window = [_printed(rank) for rank in _window(top, length)]
        options = []
        for rank in window:
            options.append(
                list(h.groups(rank, each, 2))
                + ([((h.wild,) * each, each)] if each <= 2 and rank != h.level else [])
            )
        for choice in product(*options):
            if sum(used for _, used in choice) > h.wilds:
                continue
            cards = tuple(c for group, _ in choice for c in group)
            missing = [
                rank for rank, (_, used) in zip(window, choice, strict=True) for _ in range(used)
            ]
            if kind != STRAIGHT:
                offer(cards, Reading(kind, size, top, top, None, _cards_of(missing)))
                continue
            suits = {c.suit for c in cards if c != h.wild}
            wilds = len(missing)
            if len(suits) == 1:
                (suit,) = suits
                offer(
                    cards,
                    Reading(STRAIGHT_FLUSH, 5, top, top, suit, _cards_of(missing, suit)),
                )
            if len(suits) > 1 or wilds or rules.allow_under_declare_sf:
                stands = list(_cards_of(missing))
                if len(suits) == 1 and stands and next(iter(suits)) == HEARTS:
                    stands[0] = Card.of(SPADES, stands[0].rank)
                offer(cards, Reading(STRAIGHT, 5, top, top, None, tuple(stands)))


def _cards_of(ranks: list[int], suit: int = HEARTS) -> tuple[Card, ...]:
    return tuple(Card.of(suit, r) for r in ranks)


def _offer_straight_flushes(h: _Hand, offer, high_enough) -> None:
    for top in _sequence_tops(STRAIGHT):
        for suit in SUITS:
            options = []
            window = [_printed(rank) for rank in _window(top, 5)]
            for rank in window:
                card = Card.of(suit, rank)
                options.append(
                    ([((card,), 0)] if h.cards[card] else [])
                    + ([((h.wild,), 1)] if h.wilds else [])
                )
            for choice in product(*options):
                if sum(used for _, used in choice) > h.wilds:
                    continue
                cards = tuple(c for group, _ in choice for c in group)
                missing = [rank for rank, (_, used) in zip(window, choice, strict=True) if used]
                offer(cards, Reading(STRAIGHT_FLUSH, 5, top, top, suit, _cards_of(missing, suit)))
