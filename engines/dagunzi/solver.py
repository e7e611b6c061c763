"""A double-dummy solver for 打滚子 endings: all four hands open, play to the end.

The value of an ending is the attackers' (抓分方) points from now on: every point of
the tricks they win (the cards of the trick in progress go to its winner), plus
twice the kitty's points (抠底) if they win the last trick. The attackers maximise
it and the dealer's side minimises it; the dealer's side keeps everything else, the
doubled kitty included when it wins the last trick. One zero-sum search answers both.

>>> from engines.cards import SPADES, parse_cards
>>> ending = Ending(
...     hands=(parse_cards("♥A"), parse_cards("♥K"), parse_cards("♥3"), parse_cards("♥4")),
...     trick=(), to_play=1, level=7, trump=SPADES, dealer=0, kitty_points=20)
>>> solution = solve(ending)
>>> solution.attackers, solution.dealer_side, [[c.text() for c in p] for p in solution.best]
(0, 50, [['♥K']])

Seat 1 (an attacker) must lead its ♥K into the dealer's ♥A: the dealer's side takes
the 10 points and the last trick, so twice the kitty's 20 too.

The search is ``engines.tricks.search``, shared with 升级: a fail-soft alpha-beta
driven by MTD(f), transposition tables of bounds at trick boundaries (the kinds still
in play renumbered) and inside tricks, interchangeable plays searched once
(``TrickGame.classes`` says when, and why that is sound), the last trick counted out
once its lead is down. This module gives it the game: the kinds in play, the legal
plays as move records (``_Engine.leads``/``follows``), the bonus of twice the kitty.
Cards in play are at most 3 of a kind, so a hand is an int of 2-bit counts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engines.cards import SUIT_SYMBOLS, SUITS, Card, parse_card, parse_suit
from engines.dagunzi import (
    DEAD,
    LEVELS,
    LIVE,
    MAX_COPIES,
    TRUMP,
    IllegalPlay,
    Order,
    cards_text,
    check_play,
    legal_plays,
    points,
    trick_winner,
)
from engines.tricks.search import (
    INF,
    OpenEnding,
    SearchLimit,
    TrickGame,
    beats,
    best_plays,
    check_hand_sizes,
    multisets,
    read_card,
    read_cards,
    read_seat,
    values_from_json,
    values_json,
)

__all__ = ["Ending", "SearchLimit", "Solution", "solve", "value"]

KITTY_MAX_POINTS = 60  # six cards of 10 points


# ---------------------------------------------------------------------------
# Endings and solutions


_card, _cards, _seat = read_card, read_cards, read_seat


@dataclass(frozen=True)
class Ending(OpenEnding):
    """An open ending: the four hands, the trick in progress and whose turn it is.

    Cards may be ``Card`` values, ints or texts (``"♥A"``); hands are stored sorted.
    Every inconsistency raises ``ValueError`` saying what is wrong.
    """

    hands: tuple[tuple[Card, ...], ...]  # 4 seats, any order inside
    trick: tuple[tuple[Card, ...], ...]  # plays so far this trick, lead first
    to_play: int  # the trick's leader is (to_play - len(trick)) % 4
    level: int  # 3..10
    trump: int  # suit 0..3 (♠♥♣♦)
    dealer: int  # the dealer's seat; the dealer's side is dealer % 2
    kitty_points: int = 0
    follow: str = DEAD

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
            raise ValueError(f"the level must be 3 to 10, not {level!r}")
        if isinstance(trump, bool) or trump not in SUITS:
            raise ValueError(f"the trump suit must be 0 to 3 (♠♥♣♦), not {trump!r}")
        if self.follow not in (DEAD, LIVE):
            raise ValueError(
                f"follow must be {DEAD!r} (死棒) or {LIVE!r} (活棒), not {self.follow!r}"
            )
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
                "the trick (three decks hold 3 of each card)"
            )
        if len(trick) >= 4:
            raise ValueError(
                "the trick has 4 plays, so it is over: give the next trick's leader as "
                "to_play and an empty trick"
            )
        order = Order(level, trump)
        leader = (to_play - len(trick)) % 4
        for i, play in enumerate(trick):
            seat = (leader + i) % 4
            held = Counter(hands[seat]) + Counter(play)
            try:
                check_play(held, trick[:i], play, order, follow=self.follow)
            except IllegalPlay as error:
                raise ValueError(
                    f"trick play {i + 1} ({cards_text(play)} by seat {seat}) is illegal: "
                    f"{error.reason['en']}"
                ) from None
        check_hand_sizes(hands, trick, to_play)
        if not any(hands):
            raise ValueError("no cards are left to play")
        if not legal_plays(hands[to_play], trick, order, follow=self.follow):
            raise ValueError(f"seat {to_play} has no legal play")
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
        "level": 7, "trump": "♠", "dealer": 0, "kitty_points": 25, "variant": "dead"}``."""
        if not isinstance(data, dict):
            raise ValueError(f"an ending is a JSON object, not {type(data).__name__}")
        known = {"hands", "trick", "to_play", "level", "trump", "dealer", "kitty_points", "variant"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"unknown keys {', '.join(map(repr, unknown))}; known: {', '.join(sorted(known))}"
            )
        missing = [k for k in ("hands", "to_play", "level", "trump", "dealer") if k not in data]
        if missing:
            raise ValueError(f"missing keys: {', '.join(missing)}")
        trump = data["trump"]
        if isinstance(trump, str):
            trump = parse_suit(trump)
        elif isinstance(trump, bool) or not isinstance(trump, int) or trump not in SUITS:
            raise ValueError(f"not a suit: {trump!r} (use ♠ ♥ ♣ ♦ or S H C D)")
        hands = data["hands"]
        if not isinstance(hands, list):
            raise ValueError("hands must be a list of 4 lists of cards")
        trick = data.get("trick", [])
        if not isinstance(trick, list):
            raise ValueError("trick must be a list of plays (each a list of cards)")
        variant = data.get("variant", DEAD)
        if variant not in (DEAD, LIVE):
            raise ValueError(f"variant must be {DEAD!r} (死棒) or {LIVE!r} (活棒), not {variant!r}")
        return cls(
            hands=tuple(hands),
            trick=tuple(trick),
            to_play=data["to_play"],
            level=data["level"],
            trump=trump,
            dealer=data["dealer"],
            kitty_points=data.get("kitty_points", 0),
            follow=variant,
        )

    def to_json(self) -> dict:
        return {
            "hands": [[c.text() for c in h] for h in self.hands],
            "trick": [[c.text() for c in p] for p in self.trick],
            "to_play": self.to_play,
            "level": self.level,
            "trump": SUIT_SYMBOLS[self.trump],
            "dealer": self.dealer,
            "kitty_points": self.kitty_points,
            "variant": self.follow,
        }


@dataclass(frozen=True)
class Solution:
    attackers: int  # the attackers' points from now on, with best play
    dealer_side: int  # the rest, the doubled kitty included when the dealer's side earns it
    best: tuple[tuple[Card, ...], ...]  # every optimal play for the seat to move, sorted
    values: dict = field(compare=False)  # play -> attackers' value after it, every legal play
    nodes: int = field(default=0, compare=False)  # positions searched

    def to_json(self) -> dict:
        return {
            "attackers": self.attackers,
            "dealer_side": self.dealer_side,
            "best": [[c.text() for c in play] for play in self.best],
            "plays": values_json(self.values),
        }


def solution_from_json(data: dict) -> Solution:
    """A ``Solution`` read back from ``Solution.to_json`` (as kept with a puzzle)."""
    return Solution(
        attackers=data["attackers"],
        dealer_side=data["dealer_side"],
        best=tuple(tuple(parse_card(c) for c in play) for play in data["best"]),
        values=values_from_json(data["plays"]),
    )


def solve(ending: Ending, *, node_limit: int | None = None) -> Solution:
    """Every legal play's value and the best ones; ``SearchLimit`` past ``node_limit``."""
    engine = _Engine(ending, node_limit)
    values = engine.root_values()
    target, best = best_plays(values, ending.to_play % 2 == ending.attackers_side)
    total = ending.remaining_points() + 2 * ending.kitty_points
    return Solution(
        attackers=target,
        dealer_side=total - target,
        best=best,
        values=values,
        nodes=engine.nodes,
    )


def value(ending: Ending, *, node_limit: int | None = None) -> int:
    """The attackers' value only: one search, no exact value for every play."""
    return _Engine(ending, node_limit).root_value()


# ---------------------------------------------------------------------------
# The game on the shared search (``engines.tricks.search``)
#
# Kinds are the distinct cards in the hands, strongest first within each effective
# suit (trumps first); a hand has 2 bits per kind (0 to 3 copies). A move record is
# (delta, points, win_suit, win_strength, kinds, length): ``win_suit`` is -1 when the
# play cannot win the trick (wrong shape or suit); the lead's key is its length, all
# that following and winning look at besides the led suit.

_INF = INF
_beats = beats
_multisets = multisets


class _Engine(TrickGame):
    def __init__(self, ending: Ending, node_limit: int | None = None):
        self.ending = ending
        order = ending.order
        self.order = order
        self.live = ending.follow == LIVE
        kinds = sorted({c for h in ending.hands for c in h}, key=order.key)
        self.bonus = self.max_bonus = 2 * ending.kitty_points
        self.lead_cache: dict = {}
        self.follow_cache: dict = {}
        super().__init__(
            kinds,
            [order.suit_of[c] for c in kinds],
            [order.strength[c] for c in kinds],
            [points([c]) for c in kinds],
            ending.attackers_side,
            node_limit,
        )

    # -- moves -------------------------------------------------------------

    def _move(self, kinds: tuple[int, ...], n: int, led: int) -> tuple:
        delta = 0
        for t in kinds:
            delta += 1 << (2 * t)
        pts = sum(self.pts[t] for t in kinds)
        first = kinds[0]
        suit = self.suit[first]
        can_win = (led < 0 or suit in (led, TRUMP)) and (
            len(kinds) == 1 or (len(kinds) == n and all(t == first for t in kinds))
        )
        if can_win:
            return (delta, pts, suit, self.strength[first], kinds, n)
        return (delta, pts, -1, 0, kinds, n)

    def leads(self, h: int) -> list[tuple]:
        moves = self.lead_cache.get(h)
        if moves is None:
            moves = []
            for t, c in self.held(h):
                for size in range(1, c + 1):
                    moves.append(self._move((t,) * size, size, -1))
            self.lead_cache[h] = moves
        return moves

    def follows(self, h: int, n: int, led: int) -> list[tuple]:
        key = (h, n, led)
        moves = self.follow_cache.get(key)
        if moves is not None:
            return moves
        pairs = self.held(h)
        lo, hi = self.ranges.get(led, (0, 0))
        ins = [(t, c) for t, c in pairs if lo <= t < hi]
        held = sum(c for _, c in ins)
        if held <= n:
            base = tuple(t for t, c in ins for _ in range(c))
            rest = [(t, c) for t, c in pairs if not lo <= t < hi]
            plays = [tuple(sorted(base + extra)) for extra in _multisets(rest, n - held)]
        elif self.live or n == 1:
            plays = list(_multisets(ins, n))
        elif n == 2:
            if any(c == 2 for _, c in ins):  # a 棒 (not a 滚子) obliges, as legal_plays says
                plays = [(t, t) for t, c in ins if c >= 2]
            else:
                plays = list(_multisets(ins, 2))
        else:
            triples = [t for t, c in ins if c == 3]
            doubles = [t for t, c in ins if c == 2]
            if triples:
                plays = [(t, t, t) for t in triples]
            elif doubles:
                plays = [tuple(sorted((t, t, u))) for t in doubles for u, _ in ins if u != t]
            else:
                plays = list(_multisets(ins, 3))
        moves = [self._move(p, n, led) for p in plays]
        self.follow_cache[key] = moves
        return moves

    def make_last_trick(self):
        """The last trick after ``seat`` led all its cards: a follower can win it only
        with a hand of one kind (a single, or a group as long as the lead)."""
        suit, strength, held, att, bonus = self.suit, self.strength, self.held, self.att, self.bonus
        mono: dict = {}

        def last_trick(hands, seat, wsuit, wstr, n, rem):
            ws = seat
            for s in ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3):
                h = hands[s]
                t = mono.get(h)
                if t is None:
                    pairs = held(h)
                    t = mono[h] = pairs[0][0] if len(pairs) == 1 else -1
                if t >= 0:
                    su, st = suit[t], strength[t]
                    if (su == TRUMP and wsuit != TRUMP) or (su == wsuit and st > wstr):
                        ws, wsuit, wstr = s, su, st
            return rem + bonus if (ws & 1) == att else 0

        return last_trick

    # -- the root ------------------------------------------------------------

    def root_state(self):
        e = self.ending
        hands = tuple(self.hand(h) for h in e.hands)
        rem = sum(points(h) for h in e.hands)
        if not e.trick:
            return hands, e.to_play, 0, 0, -1, e.to_play, -1, 0, 0, rem
        order = self.order
        w = trick_winner(e.trick, order)
        wplay = e.trick[w]
        led = order.suit_of[e.trick[0][0]]
        wsuit = order.suit_of[wplay[0]]
        return (
            hands,
            e.to_play,
            len(e.trick),
            len(e.trick[0]),
            led,
            (e.leader + w) % 4,
            wsuit,
            order.strength[wplay[0]],
            sum(points(p) for p in e.trick),
            rem,
        )

    def trick_winner(self, plays) -> int:
        """The index of the winning play of ``plays`` (kind tuples), by the search's rule:
        the move records of ``leads``/``follows`` and ``beats``. For the tests."""
        n = len(plays[0])
        _, _, led, strength, _, _ = self._move(tuple(plays[0]), n, -1)
        best, best_suit, best_strength = 0, led, strength
        for i in range(1, len(plays)):
            _, _, suit, strength, _, _ = self._move(tuple(plays[i]), n, led)
            if _beats(suit, strength, best_suit, best_strength):
                best, best_suit, best_strength = i, suit, strength
        return best
