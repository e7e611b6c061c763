"""A double-dummy solver for 升级 endings: all four hands open, play to the end.

The value of an ending is the attackers' points from now on: every point of the
tricks they win (the cards of the trick in progress go to its winner), plus the
kitty's points multiplied when they win the last trick (note (h): ×2 if the last
trick was led with a single, ×4 with a pair, ×2^(k+1) with a tractor of k pairs,
by the biggest unit of the LEAD). The attackers maximise it, the dealer's side
minimises it.

>>> ending = Ending.from_json({"hands": ["♥A ♥A", "♥K ♥K", "♥3 ♥4", "♠5 ♠6"],
...     "to_play": 1, "level": 2, "trump": "♠", "dealer": 0, "kitty_points": 10})
>>> solution = solve(ending)
>>> solution.attackers, [cards_text(p) for p in solution.best]
(45, ['♥K'])
>>> {cards_text(p): v for p, v in solution.values.items()}
{'♥K': 45, '♥K ♥K': 0}

Seat 1 (an attacker) leads. The single ♥K: seat 3, void in hearts, ruffs with a ♠
and takes the last trick too: all 25 points and the kitty ×2. The pair ♥K♥K: seat
3's ♠5♠6 are trumps but no pair, so they cannot win it (SJ-15) and the dealer's
♥A♥A takes everything.

The search is ``engines.tricks.search``, shared with 打滚子; this module gives it the
rules as move records. Leads are every single, pair and tractor, and every throw
(甩牌) that stands against the other three hands (a throw that fails is not a play
here: the rules force its smallest failing unit, which is itself a lead). A lead's
key is its shape (the lengths of its units, biggest first): following and winning
read nothing else of it. Only kinds of equal strength (the side level cards) are
merged, and the renumbered key records which live kinds are adjacent, since
tractors are pairs at consecutive strengths.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import product

from engines.cards import SUITS, Card, cards_text, parse_card
from engines.shengji import (
    LEVELS,
    IllegalPlay,
    Order,
    check_follow,
    check_throw,
    decompose,
    lead_units,
    legal_follows,
    level_name,
    parse_level,
    parse_trump,
    points,
    trick_winner,
    trump_name,
    winning_value,
)
from engines.tricks.search import (
    OpenEnding,
    SearchLimit,
    TrickGame,
    best_plays,
    check_hand_sizes,
    read_card,
    read_cards,
    read_seat,
    values_from_json,
    values_json,
)
from engines.tricks.units import higher_unit, pairs_by_strength, runs

__all__ = ["Ending", "SearchLimit", "Solution", "solution_from_json", "solve", "value"]

KITTY_MAX_POINTS = 80  # eight cards of 10 points
MAX_COPIES = 2


_card, _cards, _seat = read_card, read_cards, read_seat


def _longest_run(cards, order: Order) -> int:
    """The most pairs of one unit the cards hold (0: no pair)."""
    by_suit: dict = {}
    for c in cards:
        by_suit.setdefault(order.suit_of[c], []).append(c)
    best = 0
    for cs in by_suit.values():
        by = pairs_by_strength(Counter(cs), order)
        while any(True for _ in runs(by, best + 1)):
            best += 1
    return best


@dataclass(frozen=True)
class Ending(OpenEnding):
    """An open 升级 ending: the four hands, the trick in progress, whose turn it is.

    Cards may be ``Card`` values, ints or texts (``"♥A"``); hands are stored sorted.
    ``trump`` is a suit or ``None`` (no-trump). Every inconsistency raises
    ``ValueError`` saying what is wrong.
    """

    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[Card, ...], ...]  # plays so far this trick, lead first
    to_play: int  # the trick's leader is (to_play - len(trick)) % 4
    level: int  # 2..14
    trump: int | None  # 0..3 (♠♥♣♦) or None
    dealer: int  # the dealer's side is dealer % 2; the other side attacks
    kitty_points: int = 0

    def __post_init__(self):
        hands = self.hands
        if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
            raise ValueError("hands must be a list of 4 hands")
        if len(hands) != 4:
            raise ValueError(f"there must be exactly 4 hands, not {len(hands)}")
        hands = tuple(_cards(h, f"hand of seat {s}") for s, h in enumerate(hands))
        trick = self.trick
        if isinstance(trick, (str, bytes)) or not isinstance(trick, (list, tuple)):
            raise ValueError("trick must be a list of plays (each a list of cards)")
        trick = tuple(_cards(p, f"trick play {i + 1}") for i, p in enumerate(trick))
        to_play = _seat(self.to_play, "to_play")
        dealer = _seat(self.dealer, "dealer")
        level, trump = self.level, self.trump
        if isinstance(level, bool) or level not in LEVELS:
            raise ValueError(f"the level must be 2 to 14 (A), not {level!r}")
        if trump is not None and (isinstance(trump, bool) or trump not in SUITS):
            raise ValueError(f"the trump suit must be 0 to 3 (♠♥♣♦) or None, not {trump!r}")
        kitty = self.kitty_points
        if (
            isinstance(kitty, bool)
            or not isinstance(kitty, int)
            or not 0 <= kitty <= KITTY_MAX_POINTS
            or kitty % 5
        ):
            raise ValueError(
                f"kitty_points must be a multiple of 5 from 0 to {KITTY_MAX_POINTS}, not {kitty!r}"
            )
        copies = Counter(c for h in hands for c in h) + Counter(c for p in trick for c in p)
        too_many = sorted(c for c, k in copies.items() if k > MAX_COPIES)
        if too_many:
            raise ValueError(
                f"more than {MAX_COPIES} copies of {cards_text(too_many)} in the hands and "
                "the trick (two decks hold 2 of each card)"
            )
        if len(trick) >= 4:
            raise ValueError(
                "the trick has 4 plays, so it is over: give the next trick's leader as "
                "to_play and an empty trick"
            )
        order = Order(level, trump)
        leader = (to_play - len(trick)) % 4
        if trick:
            # Every hand as it was when the trick was led.
            before = [Counter(h) for h in hands]
            for i, play in enumerate(trick):
                before[(leader + i) % 4].update(play)
            try:
                lead_units(list(trick[0]), order)
            except IllegalPlay as error:
                raise ValueError(f"the lead {cards_text(trick[0])}: {error.reason['en']}") from None
            others = [before[(leader + i) % 4] for i in (1, 2, 3)]
            result = check_throw(trick[0], others, order)
            if not result.ok:
                raise ValueError(
                    f"the lead {cards_text(trick[0])} is a throw that fails: "
                    f"{cards_text(result.forced)} must be played instead"
                )
            for i in range(1, len(trick)):
                seat = (leader + i) % 4
                held = Counter(hands[seat]) + Counter(trick[i])
                try:
                    check_follow(held, trick[0], trick[i], order)
                except IllegalPlay as error:
                    raise ValueError(
                        f"trick play {i + 1} ({cards_text(trick[i])} by seat {seat}) is "
                        f"illegal: {error.reason['en']}"
                    ) from None
        check_hand_sizes(hands, trick, to_play)
        if not hands[to_play]:
            raise ValueError(f"seat {to_play} has no cards to play")
        for name, value in (
            ("hands", hands),
            ("trick", trick),
            ("to_play", to_play),
            ("dealer", dealer),
        ):
            object.__setattr__(self, name, value)

    @property
    def order(self) -> Order:
        return Order(self.level, self.trump)

    @classmethod
    def from_json(cls, data: dict) -> Ending:
        """The ending from ``{"hands": [["♥A", ...], ...], "trick": [...], "to_play": 1,
        "level": "J", "trump": "♠" (or "NT"), "dealer": 0, "kitty_points": 25}``."""
        if not isinstance(data, dict):
            raise ValueError(f"an ending is a JSON object, not {type(data).__name__}")
        known = {"hands", "trick", "to_play", "level", "trump", "dealer", "kitty_points"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"unknown keys {', '.join(map(repr, unknown))}; known: {', '.join(sorted(known))}"
            )
        missing = [k for k in ("hands", "to_play", "level", "trump", "dealer") if k not in data]
        if missing:
            raise ValueError(f"missing keys: {', '.join(missing)}")
        hands = data["hands"]
        if not isinstance(hands, list):
            raise ValueError("hands must be a list of 4 lists of cards")
        trick = data.get("trick", [])
        if not isinstance(trick, list):
            raise ValueError("trick must be a list of plays (each a list of cards)")
        return cls(
            hands=tuple(hands),
            trick=tuple(trick),
            to_play=data["to_play"],
            level=parse_level(data["level"]),
            trump=parse_trump(data["trump"]),
            dealer=data["dealer"],
            kitty_points=data.get("kitty_points", 0),
        )

    def to_json(self) -> dict:
        return {
            "hands": [[c.text() for c in h] for h in self.hands],
            "trick": [[c.text() for c in p] for p in self.trick],
            "to_play": self.to_play,
            "level": level_name(self.level),
            "trump": trump_name(self.trump),
            "dealer": self.dealer,
            "kitty_points": self.kitty_points,
        }


@dataclass(frozen=True)
class Solution:
    """What ``solve`` finds. 升级 counts only the attackers' points, so that is the
    value; the dealer's side holds when it keeps them low."""

    attackers: int  # the attackers' points from now on with best play, kitty included
    best: tuple[tuple[Card, ...], ...]  # every optimal play for the seat to move, sorted
    values: dict = field(compare=False)  # play -> attackers' value after it, every legal play
    nodes: int = field(default=0, compare=False)  # positions searched

    def to_json(self) -> dict:
        return {
            "attackers": self.attackers,
            "best": [[c.text() for c in play] for play in self.best],
            "plays": values_json(self.values),
        }


def solution_from_json(data: dict) -> Solution:
    """A ``Solution`` read back from ``Solution.to_json`` (as kept with a puzzle)."""
    return Solution(
        attackers=data["attackers"],
        best=tuple(tuple(parse_card(c) for c in play) for play in data["best"]),
        values=values_from_json(data["plays"]),
    )


def solve(ending: Ending, *, node_limit: int | None = None) -> Solution:
    """Every legal play's value and the best ones; ``SearchLimit`` past ``node_limit``."""
    engine = _Engine(ending, node_limit)
    values = engine.root_values()
    target, best = best_plays(values, ending.to_play % 2 == ending.attackers_side)
    return Solution(
        attackers=target,
        best=best,
        values=values,
        nodes=engine.nodes,
    )


def value(ending: Ending, *, node_limit: int | None = None) -> int:
    """The attackers' value only: one search, no exact value for every play."""
    return _Engine(ending, node_limit).root_value()


# ---------------------------------------------------------------------------
# The game on the shared search
#
# Kinds are the distinct cards in the hands, strongest first within each effective
# suit (trumps first); ``strength`` is the order's slot. A lead's key is its shape:
# the lengths of its units, biggest first ((0,) a single, (1,) a pair, (2,) a
# tractor of two, (1, 0) a pair thrown with a single, ...).


class _Engine(TrickGame):
    merge_unequal = False  # tractors need adjacent strengths: merge only equal ones
    leads_see_others = True  # a throw stands or fails by the other hands

    def __init__(self, ending: Ending, node_limit: int | None = None):
        self.ending = ending
        order = ending.order
        self.order = order
        kinds = sorted({c for h in ending.hands for c in h}, key=order.key)
        self.kitty = ending.kitty_points
        longest = max(_longest_run(h, order) for h in ending.hands)
        if ending.trick:
            longest = max(longest, decompose(ending.trick[0], order)[0].length)
        self.max_bonus = self.kitty * 2 ** (longest + 1)
        self.units_cache: dict = {}
        self.lead_cache: dict = {}
        self.leads_cache: dict = {}
        self.follow_cache: dict = {}
        self.tops_cache: dict = {}
        # (lead key, led suit) -> the cards of a lead of that shape: the follows and
        # the winner depend on nothing else of the lead.
        self.sample_leads: dict = {}
        super().__init__(
            kinds,
            [order.suit_of[c] for c in kinds],
            [order.strength[c] for c in kinds],
            [points([c]) for c in kinds],
            ending.attackers_side,
            node_limit,
        )

    def bonus_of(self, lead_key) -> int:
        return self.kitty << (lead_key[0] + 1)

    def signature(self, t: int, prev: int) -> int:
        """Suit, points, tied with the live kind before it, or one strength below it
        (a tractor's next pair, whatever has left play in between)."""
        suit, strength = self.suit, self.strength
        same = prev >= 0 and suit[prev] == suit[t]
        tie = same and strength[prev] == strength[t]
        adjacent = same and strength[prev] == strength[t] + 1
        return (suit[t] * 16 + self.pts[t]) * 4 + tie + 2 * adjacent

    # -- moves -------------------------------------------------------------

    def _record(self, kinds: tuple[int, ...], suit: int, strength: int, key) -> tuple:
        delta = 0
        for t in kinds:
            delta += 1 << (2 * t)
        return (delta, sum(self.pts[t] for t in kinds), suit, strength, kinds, key)

    def units(self, kinds: tuple[int, ...]):
        """The lead's units, biggest first (``engines.tricks.units.decompose``)."""
        found = self.units_cache.get(kinds)
        if found is None:
            found = self.units_cache[kinds] = decompose([self.cards[t] for t in kinds], self.order)
        return found

    def candidate_leads(self, h: int) -> tuple[list, list]:
        """(every one-unit lead, every throw with its units' (suit, length, top)) of ``h``."""
        found = self.lead_cache.get(h)
        if found is not None:
            return found
        singles, throws = [], []
        by_suit: dict = {}
        for t, c in self.held(h):
            by_suit.setdefault(self.suit[t], []).append((t, c))
        for suit, held in by_suit.items():
            for counts in product(*(range(c + 1) for _, c in held)):
                kinds = tuple(t for (t, _), k in zip(held, counts, strict=True) for _ in range(k))
                if not kinds:
                    continue
                units = self.units(kinds)
                key = tuple(u.length for u in units)
                move = self._record(kinds, suit, units[0].top, key)
                if (key, suit) not in self.sample_leads:
                    self.sample_leads[key, suit] = [self.cards[t] for t in kinds]
                if len(units) == 1:
                    singles.append(move)
                else:
                    throws.append((move, [(u.suit, u.length, u.top) for u in units]))
        found = self.lead_cache[h] = (singles, throws)
        return found

    def top_unit(self, h: int, suit: int, length: int) -> int:
        """The highest top of a unit of ``length`` pairs in ``suit`` that ``h`` holds (-1)."""
        key = (h, suit, length)
        top = self.tops_cache.get(key)
        if top is None:
            counts = Counter({self.cards[t]: c for t, c in self.held(h)})
            unit = higher_unit(counts, suit, length, -1, self.order)
            top = self.tops_cache[key] = -1 if unit is None else unit.top
        return top

    def lead_moves(self, hands, seat: int) -> list[tuple]:
        """Every single, pair and tractor, and every throw no other hand can beat (a
        unit fails if another hand holds a higher unit of its shape, ``check_throw``)."""
        h = hands[seat]
        others = tuple(
            sorted((hands[(seat + 1) & 3], hands[(seat + 2) & 3], hands[(seat + 3) & 3]))
        )
        key = (h, others)
        moves = self.leads_cache.get(key)
        if moves is None:
            singles, throws = self.candidate_leads(h)
            moves = list(singles)
            top_unit = self.top_unit
            for move, units in throws:
                if all(
                    top_unit(o, suit, length) <= top for suit, length, top in units for o in others
                ):
                    moves.append(move)
            self.leads_cache[key] = moves
        return moves

    def leads(self, h: int) -> list[tuple]:
        """The leads of ``h`` with nobody to beat a throw (for the tests)."""
        return self.lead_moves((h, 0, 0, 0), 0)

    def follows(self, h: int, lead_key, led: int) -> list[tuple]:
        key = (h, lead_key, led)
        moves = self.follow_cache.get(key)
        if moves is not None:
            return moves
        lead = self.sample_leads[lead_key, led]
        units = decompose(lead, self.order)
        hand = Counter({self.cards[t]: c for t, c in self.held(h)})
        index = self.index
        moves = []
        for play in legal_follows(hand, lead, self.order):
            suit, strength = winning_value(play, units, self.order)
            moves.append(self._record(tuple(sorted(index[c] for c in play)), suit, strength, None))
        self.follow_cache[key] = moves
        return moves

    def lead_key(self, cards) -> tuple:
        """The key of a lead of these cards (registering it as its shape's sample)."""
        units = decompose(cards, self.order)
        key = tuple(u.length for u in units)
        self.sample_leads.setdefault((key, units[0].suit), list(cards))
        return key

    # -- the root ------------------------------------------------------------

    def root_state(self):
        e = self.ending
        hands = tuple(self.hand(h) for h in e.hands)
        rem = sum(points(h) for h in e.hands)
        if not e.trick:
            return hands, e.to_play, 0, 0, -1, e.to_play, -1, 0, 0, rem
        order = self.order
        key = self.lead_key(e.trick[0])
        units = decompose(e.trick[0], order)
        w = trick_winner(e.trick, order)
        if w:
            wsuit, wstr = winning_value(e.trick[w], units, order)
        else:
            wsuit, wstr = units[0].suit, units[0].top
        return (
            hands,
            e.to_play,
            len(e.trick),
            key,
            units[0].suit,
            (e.leader + w) % 4,
            wsuit,
            wstr,
            sum(points(p) for p in e.trick),
            rem,
        )
