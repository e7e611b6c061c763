"""保皇 (Baohuang): sets, what beats what, the calling of the royalist, places, scores
and tribute, as seed 003's 保皇竞赛规则 gives them (``baohuang.md`` BH-01…BH-37, the
readings BH-R01…R10; where all of them are silent, ours, listed in
``content/baohuang/README.md``).

Five players, four decks with jokers (216 cards): one 大王 is held back for the
emperor, the other 215 dealt, 43 each. Cards rank 大王 > 小王 > 2 > A > K > … > 3
whatever their suit (BH-09/10); ``value`` numbers that order:

>>> [value(c) for c in parse_cards("BJ SJ ♠2 ♥A ♦3")]
[17, 16, 15, 14, 3]

A set (一套牌) is any number of cards of one rank with any number of jokers added
(挂花, BH-07/08); with ``joker_only_sets`` (the default) jokers may go alone:

>>> [s.text() for s in (set_of(parse_cards("SJ ♠9 ♥9")), set_of(parse_cards("SJ BJ")))]
['SJ 9 9', 'BJ SJ']
>>> set_of(parse_cards("♠9 ♠10"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engines.baohuang.IllegalSet: mixed-ranks: A set is cards of one rank, with jokers ...

A set beats another of the same size when, both sorted from the highest card
down, it is higher at every position (BH-R01). That gives the rules' own words:
a set with a 大王 is never beaten (BH-11), and a set with 小王 only by one with
more big jokers on top and a higher rank (BH-12):

>>> table = set_of(parse_cards("SJ SJ ♠9 ♥9 ♦9"))
>>> beats(set_of(parse_cards("BJ BJ ♠J ♥J ♦J")), table)
True
>>> beats(set_of(parse_cards("BJ BJ BJ ♠J ♥J")), table)
True
>>> beats(set_of(parse_cards("BJ BJ SJ ♠9 ♥9")), table)
False

``legal_sets`` gives every distinct set of a hand that may go on the table;
``score`` the points of a finished hand, ``tribute_plan`` the tribute before the
next one. A hand in play, from the deal and the calling to the last card, is
``engines.baohuang.game.Hand``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engines.cards import (
    BIG_JOKER,
    CARDS,
    RANK_NAMES,
    SMALL_JOKER,
    Card,
    cards_text,
    next_seat,
    parse_card,
    parse_cards,
    previous_seat,
    sub_multisets,
)
from engines.climbing.tribute import Payment, TributePlan
from engines.errors import RuleError

from .rules import DEFAULT, Rules, rules_for

__all__ = [
    "DECKS",
    "HAND_SIZE",
    "PLACE_POINTS",
    "SEATS",
    "IllegalSet",
    "Roles",
    "Score",
    "Set",
    "beats",
    "callable_cards",
    "cards_for",
    "legal_sets",
    "next_offered",
    "parse_card",
    "parse_cards",
    "place_name",
    "royalist_candidates",
    "royalist_of",
    "rules_for",
    "score",
    "set_of",
    "sort_cards",
    "tribute_plan",
    "value",
    "value_name",
]

DECKS = 4
SEATS = 5
HAND_SIZE = 43
COPIES = DECKS  # of every card; the held-back 大王 is one of the four 大王
PLACE_POINTS = (4, 2, 0, -2, -4)  # 头科, 二科, 第三, 二落, 大落 (BH-31)
PLACE_NAMES = (("头科", "1st"), ("二科", "2nd"), ("第三", "3rd"), ("二落", "4th"), ("大落", "last"))
SMALL, BIG = 16, 17  # the values of 小王 and 大王
TWO = 15
VALUES = tuple(range(3, BIG + 1))  # 3 … A, 2, 小王, 大王


class IllegalSet(RuleError):
    """Cards that are no set, or a set that may not go on the table."""

    REASONS = {
        "empty": ("一张牌也没有。", "No card at all."),
        "mixed-ranks": (
            "一套牌只能是同一点数的牌，可以挂花（带大小王）。",
            "A set is cards of one rank, with jokers if you like.",
        ),
        "jokers-alone": (
            "按这条规则，大小王只能挂在别的牌上出，不能单独出。",
            "Under this rule jokers go only with cards of a rank, never alone.",
        ),
        "size": (
            "张数要和桌上的牌一样多。",
            "Play as many cards as the set on the table.",
        ),
        "not-higher": (
            "大小王排在最前，逐张比较，每一张都要比桌上的牌大。",
            "Sorted from the highest card down, every card must be higher than the "
            "one in the same place on the table.",
        ),
        "not-in-hand": ("手里没有这些牌。", "Those cards are not in the hand."),
    }


def value(card: int) -> int:
    """The card's place in the order 大王 > 小王 > 2 > A > … > 3 (BH-09): 3 … 14 for
    3 … A, 15 for a 2, 16 小王, 17 大王."""
    card = CARDS[card]
    if card.is_joker:
        return card.rank + 1  # 小王 16, 大王 17
    return TWO if card.rank == 2 else card.rank


def value_name(v: int) -> str:
    """``"9"``, ``"A"``, ``"2"``, ``"SJ"``, ``"BJ"``."""
    if v == BIG:
        return "BJ"
    if v == SMALL:
        return "SJ"
    return RANK_NAMES[2 if v == TWO else v]


def sort_cards(cards: Iterable[int]) -> list[Card]:
    """Highest first, as a hand is held: 大王, 小王, 2, A … 3 (suits ♠♥♣♦ within)."""
    return sorted((CARDS[c] for c in cards), key=lambda c: (-value(c), c))


@dataclass(frozen=True, order=True)
class Set:
    """A set as the rules see it: ``rank`` (the value of its natural cards, 3 … 15;
    ``None`` for jokers alone), how many natural cards, small and big jokers.
    ``key`` lists the values from the highest down: what ``beats`` compares."""

    rank: int | None
    natural: int
    small: int = 0
    big: int = 0

    def __post_init__(self):
        if self.natural < 0 or self.small < 0 or self.big < 0 or self.size == 0:
            raise ValueError(f"no such set: {self!r}")
        if (self.rank is None) != (self.natural == 0):
            raise ValueError(f"a set has a rank exactly when it has natural cards: {self!r}")
        if self.rank is not None and not 3 <= self.rank <= TWO:
            raise ValueError(f"no such rank value: {self.rank!r}")

    @property
    def size(self) -> int:
        return self.natural + self.small + self.big

    @property
    def key(self) -> tuple[int, ...]:
        return (BIG,) * self.big + (SMALL,) * self.small + (self.rank,) * self.natural

    @property
    def jokers(self) -> int:
        return self.small + self.big

    def text(self) -> str:
        """``BJ SJ 9 9``: the values from the highest down, suits forgotten."""
        return " ".join(value_name(v) for v in self.key)

    def counts(self) -> Counter:
        """The set as values → how many."""
        found = Counter({BIG: self.big, SMALL: self.small})
        if self.rank is not None:
            found[self.rank] = self.natural
        return +found


def set_of(cards: Iterable[int], rules: Rules = DEFAULT) -> Set:
    """The set ``cards`` make, or ``IllegalSet`` with the reason (BH-07/08, BH-R02)."""
    cards = [CARDS[c] for c in cards]
    if not cards:
        raise IllegalSet("empty")
    ranks = {value(c) for c in cards if not c.is_joker}
    if len(ranks) > 1:
        raise IllegalSet("mixed-ranks", cards_text(cards))
    small = sum(1 for c in cards if c == SMALL_JOKER)
    big = sum(1 for c in cards if c == BIG_JOKER)
    if not ranks and not rules.joker_only_sets:
        raise IllegalSet("jokers-alone", cards_text(cards))
    rank = ranks.pop() if ranks else None
    return Set(rank, len(cards) - small - big, small, big)


def beats(play: Set, top: Set | None) -> bool:
    """Whether ``play`` may go on ``top`` (``None``: a lead, anything goes): the same
    number of cards (BH-15), higher at every sorted position (BH-14, BH-R01)."""
    if top is None:
        return True
    if play.size != top.size:
        return False
    return all(a > b for a, b in zip(play.key, top.key, strict=True))


def why_not(play: Set, top: Set) -> str | None:
    """The reason code ``play`` does not beat ``top`` (``None`` if it does)."""
    if play.size != top.size:
        return "size"
    return None if beats(play, top) else "not-higher"


def _counts(hand: Mapping[int, int] | Iterable[int]) -> Counter:
    """A hand as values → how many."""
    if isinstance(hand, Mapping):
        found = Counter()
        for card, n in hand.items():
            if n > 0:
                found[value(card)] += n
        return found
    return Counter(value(c) for c in hand)


def legal_sets(
    hand: Mapping[int, int] | Iterable[int], top: Set | None = None, rules: Rules = DEFAULT
) -> list[Set]:
    """Every distinct set ``hand`` may play on ``top`` (``None``: every set it may
    lead), smallest first. Sets are told apart by what the rules see (rank, how many
    natural cards, small and big jokers); the suits are the player's choice."""
    counts = _counts(hand)
    small, big = counts[SMALL], counts[BIG]
    found: list[Set] = []
    sizes = [top.size] if top is not None else range(1, sum(counts.values()) + 1)
    target = top.key if top is not None else None
    for size in sizes:
        for rank in range(3, TWO + 1):
            have = counts[rank]
            if not have:
                continue
            # Most natural cards first: with a top set, fewer naturals means more
            # jokers, which are only ever higher.
            for natural in range(min(have, size), 0, -1):
                jokers = size - natural
                if jokers > small + big:
                    break
                for b in range(max(0, jokers - small), min(big, jokers) + 1):
                    candidate = Set(rank, natural, jokers - b, b)
                    if target is None or _higher(candidate.key, target):
                        found.append(candidate)
        if rules.joker_only_sets and size <= small + big:
            for b in range(max(0, size - small), min(big, size) + 1):
                candidate = Set(None, 0, size - b, b)
                if target is None or _higher(candidate.key, target):
                    found.append(candidate)
    found.sort(key=lambda s: (s.size, s.key[::-1], s.key))
    return found


def _higher(key: tuple[int, ...], target: tuple[int, ...]) -> bool:
    return all(a > b for a, b in zip(key, target, strict=True))


def cards_for(play: Set, hand: Mapping[int, int] | Iterable[int]) -> tuple[Card, ...]:
    """Cards of ``hand`` that make ``play`` (its lowest suits first); ``IllegalSet``
    when the hand cannot."""
    have = Counter(hand) if not isinstance(hand, Mapping) else Counter(dict(hand))
    chosen: list[Card] = []
    wanted = play.counts()
    for card in sorted((CARDS[c] for c in have.elements()), key=lambda c: c):
        v = value(card)
        if wanted[v] > 0:
            wanted[v] -= 1
            chosen.append(card)
    if +wanted:
        raise IllegalSet("not-in-hand", play.text())
    return tuple(sort_cards(chosen))


# ---------------------------------------------------------------------------
# The emperor and the royalist


def callable_cards(hand: Mapping[int, int] | Iterable[int], rules: Rules = DEFAULT) -> list[Card]:
    """The cards the hand may call with: three or more identical copies (the same
    rank and suit), never a joker, and never a 2 with ``call_excludes_twos``
    (BH-19, BH-22/23, BH-R03)."""
    have = Counter(hand) if not isinstance(hand, Mapping) else Counter(dict(hand))
    found = []
    for card, n in have.items():
        card = CARDS[card]
        if n < 3 or card.is_joker or (rules.call_excludes_twos and card.rank == 2):
            continue
        found.append(card)
    return sort_cards(found)


def next_offered(seat: int) -> int:
    """Who the emperor's role passes to: clockwise, the player *before* ``seat`` in
    the order of play (上家), since play runs counter-clockwise (BH-20, BH-R04)."""
    return previous_seat(seat, SEATS)


@dataclass(frozen=True)
class Roles:
    """Who plays what in one hand. ``royalist`` is ``None`` when the emperor plays
    alone (独): it held the fourth copy of the called card (BH-22) or showed all
    four (明独, ``open_alone``, BH-24)."""

    emperor: int
    royalist: int | None
    called: Card | None = None
    open_alone: bool = False

    def __post_init__(self):
        if not 0 <= self.emperor < SEATS:
            raise ValueError(f"the emperor is a seat 0 to 4, not {self.emperor!r}")
        if self.royalist is not None and (
            self.royalist == self.emperor or not 0 <= self.royalist < SEATS
        ):
            raise ValueError(f"the royalist is another seat, not {self.royalist!r}")
        if self.open_alone and self.royalist is not None:
            raise ValueError("明独: the emperor plays alone, there is no royalist")

    @property
    def alone(self) -> bool:
        return self.royalist is None

    def emperors_side(self, seat: int) -> bool:
        return seat in (self.emperor, self.royalist)

    def side(self, seat: int) -> int:
        """0 for the emperor's side, 1 for the rebels (革命党)."""
        return 0 if self.emperors_side(seat) else 1

    def rebels(self) -> list[int]:
        return [s for s in range(SEATS) if not self.emperors_side(s)]

    def role(self, seat: int) -> str:
        if seat == self.emperor:
            return "emperor"
        return "royalist" if seat == self.royalist else "rebel"


def royalist_of(
    hands: Sequence[Mapping[int, int]], emperor: int, called: int, *, open_alone: bool = False
) -> Roles:
    """The roles once the emperor calls ``called``: the holder of its fourth copy is
    the royalist; if the emperor holds it too, the emperor plays alone (BH-22), and
    with ``open_alone`` showed all four (明独, BH-24)."""
    called = CARDS[called]
    held = hands[emperor][called]
    if open_alone:
        if held < COPIES:
            raise ValueError(f"明独 shows all four {called.text()}: the emperor holds {held}")
        return Roles(emperor, None, called, open_alone=True)
    if held < 3:
        raise ValueError(f"the emperor must hold three {called.text()} to call it, not {held}")
    for seat in range(SEATS):
        if seat != emperor and hands[seat][called] > 0:
            return Roles(emperor, seat, called)
    return Roles(emperor, None, called)


def royalist_candidates(
    *,
    emperor: int,
    called: int,
    me: int,
    my_hand: Iterable[int],
    played: Iterable[tuple[int, Iterable[int]]] = (),
    out: Iterable[int] = (),
) -> set[int | None]:
    """Who can still be the royalist as seat ``me`` sees it: its own hand, what each
    seat has played (``played``: (seat, cards)), and the seats that have played all
    their cards (``out``). ``None`` in the answer stands for 独, the emperor alone.

    The royalist holds the fourth copy of the called card (BH-22), and the emperor
    showed three when it called. So a seat that plays that card is the royalist; the
    emperor playing a fourth copy means 独; the seat ``me`` holding it is the royalist;
    a seat out without having played it is not; otherwise every seat but the emperor
    may be, and so may the emperor (独) unless it is out having played only three.
    """
    called = CARDS[called]
    if me == emperor:
        raise ValueError("the emperor knows its own hand: ask another seat")
    if called in list(my_hand):
        return {me}
    shown = Counter()
    for seat, cards in played:
        shown[seat] += sum(1 for c in cards if c == called)
    for seat, n in shown.items():
        if seat != emperor and n:
            return {seat}
    if shown[emperor] >= COPIES:
        return {None}
    gone = set(out)
    found: set[int | None] = {s for s in range(SEATS) if s not in (emperor, me) and s not in gone}
    if emperor not in gone:
        found.add(None)
    return found


# ---------------------------------------------------------------------------
# Places, scores and tribute


def place_name(place: int, lang: int = 0) -> str:
    """头科, 二科, 第三, 二落, 大落 (``lang`` 1: English) for places 1 to 5 (BH-16)."""
    return PLACE_NAMES[place - 1][lang]


@dataclass(frozen=True)
class Score:
    """A finished hand: ``points`` per seat (its place's, doubled for 明独), the two
    sides' totals (``emperors``, ``rebels``) and the ``winner`` side (``None``: a
    draw, BH-31)."""

    places: tuple[int, ...]
    roles: Roles
    points: tuple[int, ...]
    multiplier: int

    @property
    def emperors(self) -> int:
        return sum(p for s, p in enumerate(self.points) if self.roles.emperors_side(s))

    @property
    def rebels(self) -> int:
        return sum(p for s, p in enumerate(self.points) if not self.roles.emperors_side(s))

    @property
    def winner(self) -> str | None:
        if self.emperors > self.rebels:
            return "emperor"
        if self.rebels > self.emperors:
            return "rebels"
        return None

    def seat_total(self, seat: int) -> int:
        """What ``seat``'s side scored: a player wins or loses with its side."""
        return self.emperors if self.roles.emperors_side(seat) else self.rebels


def _places(places: Sequence[int]) -> tuple[int, ...]:
    places = tuple(places)
    if sorted(places) != list(range(SEATS)):
        raise ValueError(f"a finishing order lists the five seats once each, not {places}")
    return places


def score(places: Sequence[int], roles: Roles, rules: Rules = DEFAULT) -> Score:
    """The points of a hand that finished in ``places`` (seats, 头科 first): +4, +2, 0,
    −2, −4 by place, added up by side (BH-31); 明独 doubles them (BH-24, BH-R07).

    >>> s = score([0, 2, 4, 1, 3], Roles(emperor=0, royalist=1))
    >>> s.emperors, s.rebels, s.winner
    (2, -2, 'emperor')
    """
    places = _places(places)
    multiplier = 2 if roles.open_alone and rules.open_alone_doubles else 1
    points = [0] * SEATS
    for place, seat in enumerate(places):
        points[seat] = PLACE_POINTS[place] * multiplier
    return Score(places, roles, tuple(points), multiplier)


def tribute_plan(
    roles: Roles,
    places: Sequence[int],
    hands: Sequence[Mapping[int, int]],
    rules: Rules = DEFAULT,
) -> TributePlan:
    """The tribute before the next hand, from the last hand's ``roles`` and finishing
    ``places``, paid from the new ``hands`` (BH-32…37, BH-R06…R08).

    The losing side pays its biggest cards (BH-36). After the emperor's side won,
    each rebel pays one; the royalist takes the middle of the three, the emperor the
    other two (BH-33/34, R06). After it lost, the emperor pays two and the royalist
    one, and the rebels take them biggest first in the order they finished (BH-35).
    After a 独 the emperor pays one to each of the four, or takes one from each
    (BH-37); 明独 doubles every count (R07). A draw pays nothing (R08). Who takes
    which of several cards is by finishing order, biggest first (our reading: the
    rules say only who pays whom).

    The ``kind`` is ``"none"``, ``"won"``, ``"lost"``, ``"alone-won"`` or
    ``"alone-lost"``; ``leader`` is the next hand's emperor's, unknown yet (-1).
    """
    result = score(places, roles, rules)
    places = result.places
    hands = [Counter(dict(h)) for h in hands]
    if len(hands) != SEATS:
        raise ValueError("the tribute needs the five new hands")
    each = 2 if roles.open_alone and rules.open_alone_doubles else 1
    winner = result.winner
    if winner is None:
        return TributePlan("none", -1)
    emperor_won = winner == "emperor"
    payments: list[Payment] = []
    if roles.alone:
        others = [s for s in places if s != roles.emperor]
        if emperor_won:
            for seat in others:
                payments += _pay(hands, seat, [(roles.emperor, each)])
            return TributePlan("alone-won", -1, tuple(payments))
        payments += _pay(hands, roles.emperor, [(s, each) for s in others])
        return TributePlan("alone-lost", -1, tuple(payments))
    rebels = [s for s in places if s in roles.rebels()]
    if emperor_won:
        # Each rebel's biggest card; the middle one goes to the royalist.
        tops = sorted(
            ((_biggest(hands[s], 1)[0], places.index(s), s) for s in rebels), reverse=True
        )
        middle = tops[1][2]
        for _, _, seat in tops:
            receiver = roles.royalist if seat == middle else roles.emperor
            payments += _pay(hands, seat, [(receiver, 1)])
        return TributePlan("won", -1, tuple(payments))
    # The emperor's side lost: three cards, biggest first to the best-placed rebel.
    paid = [(v, 0, roles.emperor) for v in _biggest(hands[roles.emperor], 2)]
    paid += [(v, 1, roles.royalist) for v in _biggest(hands[roles.royalist], 1)]
    paid.sort(key=lambda item: (-item[0], item[1]))
    for (v, _, payer), receiver in zip(paid, rebels, strict=True):
        payments.append(Payment(payer, receiver, _options_of(hands[payer], v)))
    return TributePlan("lost", -1, tuple(payments))


def _biggest(hand: Counter, count: int) -> list[int]:
    """The values of the ``count`` biggest cards of ``hand``."""
    ordered = sorted((value(c) for c in hand.elements()), reverse=True)
    if len(ordered) < count:
        raise ValueError(f"a hand of {len(ordered)} cards cannot pay {count}")
    return ordered[:count]


def _options_of(hand: Counter, v: int, count: int = 1) -> tuple[tuple[Card, ...], ...]:
    """Every way to give ``count`` cards of value ``v`` (the suit is the payer's)."""
    cards = sorted({CARDS[c] for c, n in hand.items() if n > 0 and value(c) == v})
    if count == 1:
        return tuple((c,) for c in cards)
    return tuple(sub_multisets({c: hand[c] for c in cards}, count))


def _pay(hands, payer: int, receivers: list[tuple[int, int]]) -> list[Payment]:
    """``payer`` gives its biggest cards, ``n`` to each receiver in turn, biggest
    first."""
    total = sum(n for _, n in receivers)
    values = _biggest(hands[payer], total)
    payments = []
    at = 0
    for receiver, n in receivers:
        mine = values[at : at + n]
        at += n
        if len(set(mine)) == 1:
            options = _options_of(hands[payer], mine[0], n)
        else:  # two values (明独's two cards each): one option per value, combined
            options = tuple(
                a + b
                for a in _options_of(hands[payer], mine[0])
                for b in _options_of(hands[payer], mine[1])
            )
        payments.append(Payment(payer, receiver, options))
    return payments


def seat_after(seat: int) -> int:
    """The player after ``seat`` in the order of play (下家, counter-clockwise)."""
    return next_seat(seat, SEATS)
