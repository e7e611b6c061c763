"""Playing cards shared by the card games (打滚子, and later 升级, 掼蛋, 保皇).

A card is a small int (``Card``): the four suits times thirteen ranks, then the
small and the big joker. Identical cards from different decks are the same value,
so a hand from a three-deck shoe is a multiset (``collections.Counter``) of cards.

>>> card = parse_card("♥A")
>>> card.text(), card.ascii(), card.zh(), card.en()
('♥A', 'HA', '红桃A', 'A of hearts')
>>> parse_card("红桃A") == parse_card("ha") == card
True
>>> [c.text() for c in parse_cards("BJ sj ♠10 d2")]
['BJ', 'SJ', '♠10', '♦2']
>>> len(shoe(3)), shoe(3).count(BIG_JOKER)
(162, 3)

Seats are numbered in the order of play, which runs counter-clockwise: the player
after seat ``s`` (下家) is ``next_seat(s)``; partners (对家) sit opposite.

>>> next_seat(3), previous_seat(0), partner(1), same_side(0, 2)
(0, 3, 3, True)

Nothing here knows a game's trumps or point values; those are the games' own.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, CLUBS, DIAMONDS)
SUIT_SYMBOLS = "♠♥♣♦"
SUIT_LETTERS = "SHCD"
SUIT_ZH = ("黑桃", "红桃", "梅花", "方块")
SUIT_EN = ("spades", "hearts", "clubs", "diamonds")

JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANKS = tuple(range(2, 15))
RANK_NAMES = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
RANK_EN = {**{r: str(r) for r in range(2, 11)}, JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}

SMALL_JOKER_ID, BIG_JOKER_ID = 52, 53
JOKER = None  # the suit of a joker


class Card(int):
    """One card: ``suit * 13 + rank - 2`` for the 52, then 52 小王 and 53 大王."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value <= BIG_JOKER_ID:
            raise ValueError(f"no such card: {value!r}")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, suit: int, rank: int) -> Card:
        if suit not in SUITS or rank not in RANKS:
            raise ValueError(f"no such card: suit {suit!r}, rank {rank!r}")
        return CARDS[suit * 13 + rank - 2]

    @property
    def suit(self) -> int | None:
        """The printed suit, ``None`` for a joker."""
        return None if self >= SMALL_JOKER_ID else self // 13

    @property
    def rank(self) -> int:
        """2-14 for the 52 (A = 14); 15 for 小王, 16 for 大王."""
        return 15 + (self - SMALL_JOKER_ID) if self >= SMALL_JOKER_ID else self % 13 + 2

    @property
    def is_joker(self) -> bool:
        return self >= SMALL_JOKER_ID

    def text(self) -> str:
        """``♥A``, ``♠10``, ``SJ``, ``BJ``."""
        if self.is_joker:
            return "BJ" if self == BIG_JOKER_ID else "SJ"
        return SUIT_SYMBOLS[self.suit] + RANK_NAMES[self.rank]

    def ascii(self) -> str:
        """``HA``, ``S10``, ``SJ``, ``BJ``: the same, typeable on any keyboard.

        ``SJ`` is the small joker, so the jack of spades is written ``S-J`` (a hyphen
        may stand between any suit letter and rank).
        """
        if self.is_joker:
            return self.text()
        if self.suit == SPADES and self.rank == JACK:
            return "S-J"
        return SUIT_LETTERS[self.suit] + RANK_NAMES[self.rank]

    def zh(self) -> str:
        """``红桃A``, ``大王``: the name a Chinese player says."""
        if self.is_joker:
            return "大王" if self == BIG_JOKER_ID else "小王"
        return SUIT_ZH[self.suit] + RANK_NAMES[self.rank]

    def en(self) -> str:
        """``A of hearts``, ``big joker``."""
        if self.is_joker:
            return "big joker" if self == BIG_JOKER_ID else "small joker"
        return f"{RANK_EN[self.rank]} of {SUIT_EN[self.suit]}"

    def __repr__(self) -> str:
        return f"Card({self.text()})"

    __str__ = text


CARDS = tuple(Card(i) for i in range(54))
SMALL_JOKER, BIG_JOKER = CARDS[SMALL_JOKER_ID], CARDS[BIG_JOKER_ID]

_RANK_WORDS = {**{str(r): r for r in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_SUIT_WORDS = {
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
    **{s: i for i, s in enumerate(SUIT_LETTERS)},
    **{s: i for i, s in enumerate(SUIT_ZH)},
    "♤": SPADES,
    "♡": HEARTS,
    "♧": CLUBS,
    "♢": DIAMONDS,
    "方片": DIAMONDS,
    "草花": CLUBS,
}
_JOKER_WORDS = {
    "BJ": BIG_JOKER,
    "大王": BIG_JOKER,
    "RJ": BIG_JOKER,
    "SJ": SMALL_JOKER,
    "小王": SMALL_JOKER,
}


def parse_suit(text: str) -> int:
    """``♥``, ``H``, ``h`` or ``红桃`` to a suit.

    >>> parse_suit("♠"), parse_suit("d"), parse_suit("梅花")
    (0, 3, 2)
    """
    if isinstance(text, str):
        key = text.strip()
        key = key if key in _SUIT_WORDS else key.upper()
        if key in _SUIT_WORDS:
            return _SUIT_WORDS[key]
    raise ValueError(f"not a suit: {text!r} (use ♠ ♥ ♣ ♦ or S H C D)")


def parse_card(text: str) -> Card:
    """A card from ``♥A``, ``HA``, ``h10``/``HT``, ``红桃A``, ``BJ``/``大王``, ``SJ``/``小王``.

    >>> parse_card("SJ").text(), parse_card("S-J").text(), parse_card("♠J").ascii()
    ('SJ', '♠J', 'S-J')
    """
    if not isinstance(text, str):
        raise ValueError(f"not a card: {text!r}")
    word = text.strip()
    upper = word.upper()
    if upper in _JOKER_WORDS or word in _JOKER_WORDS:
        return _JOKER_WORDS.get(upper) or _JOKER_WORDS[word]
    for prefix in sorted(_SUIT_WORDS, key=len, reverse=True):
        head = word[: len(prefix)]
        if head == prefix or head.upper() == prefix:
            rank = _RANK_WORDS.get(word[len(prefix) :].strip().removeprefix("-").upper())
            if rank is not None:
                return Card.of(_SUIT_WORDS[prefix], rank)
            break
    raise ValueError(
        f"not a card: {text!r} (write a suit ♠♥♣♦ or SHCD and a rank 2-10 J Q K A, or BJ / SJ)"
    )


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards separated by spaces or commas, or a list of card texts."""
    if isinstance(text, str):
        words = text.replace(",", " ").replace("，", " ").split()
    else:
        words = list(text)
    return [parse_card(word) for word in words]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(CARDS[c].text() for c in cards)


def parse_level(value) -> int:
    """A level of the games played "from 2 to A" (升级, 掼蛋): ``8``, ``"8"``, ``"J"``, ``"A"``.

    >>> parse_level("q"), parse_level(10)
    (12, 10)
    """
    if isinstance(value, int) and not isinstance(value, bool) and value in RANKS:
        return value
    if isinstance(value, str):
        word = value.strip().upper()
        for rank, name in RANK_NAMES.items():
            if word == name:
                return rank
    raise ValueError(f"the level is 2 to 10, J, Q, K or A, not {value!r}")


def sub_multisets(cards: Mapping[int, int], k: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct multiset of ``k`` cards from ``cards`` (card → copies), each once.

    >>> [cards_text(m) for m in sub_multisets({parse_card("♠5"): 2, parse_card("♦5"): 1}, 2)]
    ['♠5 ♠5', '♠5 ♦5']
    """
    items = sorted((CARDS[c], n) for c, n in cards.items())

    def walk(i: int, left: int) -> Iterator[tuple[Card, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(items):
            return
        card, have = items[i]
        for take in range(min(have, left), -1, -1):
            for rest in walk(i + 1, left - take):
                yield (card,) * take + rest

    yield from walk(0, k)


# ---------------------------------------------------------------------------
# Decks and dealing


def deck() -> list[Card]:
    """One 54-card deck, jokers included."""
    return list(CARDS)


def shoe(decks: int) -> list[Card]:
    """``decks`` full decks shuffled together, in a fixed order."""
    if not isinstance(decks, int) or decks < 1:
        raise ValueError(f"a shoe needs at least one deck, not {decks!r}")
    return [card for _ in range(decks) for card in CARDS]


def shuffled(cards: Iterable[Card], seed: int | str | None) -> list[Card]:
    """The cards in a random order that the same ``seed`` always repeats."""
    order = list(cards)
    random.Random(seed).shuffle(order)
    return order


# ---------------------------------------------------------------------------
# Seats, partnerships and tricks

SEATS = 4


def next_seat(seat: int, seats: int = SEATS) -> int:
    """The next player to act (下家); play runs counter-clockwise."""
    return (seat + 1) % seats


def previous_seat(seat: int, seats: int = SEATS) -> int:
    """The player who acts just before ``seat`` (上家)."""
    return (seat - 1) % seats


def partner(seat: int, seats: int = SEATS) -> int:
    """The player opposite (对家)."""
    return (seat + seats // 2) % seats


def same_side(a: int, b: int) -> bool:
    """Whether two seats are partners (or the same seat), with four seats."""
    return a % 2 == b % 2


def seats_from(first: int, seats: int = SEATS) -> Iterator[int]:
    """Every seat once, in the order of play, starting at ``first``."""
    for step in range(seats):
        yield (first + step) % seats


@dataclass
class Trick:
    """The plays of one trick so far: the leader's first, then in seat order."""

    leader: int
    plays: list[tuple[Card, ...]] = field(default_factory=list)
    seats: int = SEATS

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.plays)) % self.seats

    @property
    def is_complete(self) -> bool:
        return len(self.plays) == self.seats

    @property
    def lead(self) -> tuple[Card, ...] | None:
        return self.plays[0] if self.plays else None

    def seat_of(self, index: int) -> int:
        """The seat that made the ``index``-th play."""
        return (self.leader + index) % self.seats

    def add(self, cards: Iterable[Card]) -> None:
        if self.is_complete:
            raise ValueError("the trick is complete")
        self.plays.append(tuple(sorted(cards)))

    def cards(self) -> Counter:
        return Counter(card for play in self.plays for card in play)
