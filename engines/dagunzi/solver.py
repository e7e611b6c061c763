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

The search is a fail-soft alpha-beta over the plays, driven by MTD(f) (zero-window
probes), with transposition tables of bounds:

- at a trick boundary the key is the hands and the leader, with the kinds of card
  still in play renumbered 0, 1, 2, ... (``_Engine.compressor``): positions reached
  by different histories that differ only in which cards are gone share an entry;
- inside a trick the key keeps only what the rest of the game depends on: the
  hands, who is winning the trick with what strength, the trick's points.

Plays that are interchangeable for the rest of the game are searched once
(``_Engine.classes`` says when, and why that is sound); ``solve`` gives every legal
play its value again. The last trick is counted out without a search once its lead
is down. Cards in play are at most 3 of a kind, so a hand is an int of 2-bit counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engines.cards import CARDS, SUIT_SYMBOLS, SUITS, Card, parse_card, parse_suit
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

__all__ = ["Ending", "SearchLimit", "Solution", "solve", "value"]

KITTY_MAX_POINTS = 60  # six cards of 10 points
_INF = 1 << 30


class SearchLimit(RuntimeError):
    """The search met its ``node_limit`` before it proved the value."""

    def __init__(self, nodes: int):
        self.nodes = nodes
        super().__init__(f"the search stopped at its node limit ({nodes} nodes)")


# ---------------------------------------------------------------------------
# Endings and solutions


def _card(value, where: str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return parse_card(value)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(CARDS):
        return CARDS[value]
    raise ValueError(f"{where}: not a card: {value!r}")


def _cards(values, where: str) -> tuple[Card, ...]:
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    if not isinstance(values, (list, tuple)):
        raise ValueError(f"{where}: expected a list of cards, not {values!r}")
    return tuple(sorted(_card(v, f"{where}, card {i + 1}") for i, v in enumerate(values)))


def _seat(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise ValueError(f"{name} must be a seat 0 to 3, not {value!r}")
    return value


@dataclass(frozen=True)
class Ending:
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
        n = len(trick[0]) if trick else 0
        played = {(leader + i) % 4 for i in range(len(trick))}
        after = [len(hands[s]) - (0 if s in played else n) for s in range(4)]
        if len(set(after)) != 1 or after[0] < 0:
            sizes = ", ".join(f"seat {s}: {len(hands[s])}" for s in range(4))
            raise ValueError(
                "the hands must hold the same number of cards once the trick is complete "
                f"(cards held: {sizes}; the trick leads {n} and seat {to_play} is to play)"
            )
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

    @property
    def attackers_side(self) -> int:
        return 1 - self.dealer % 2

    @property
    def leader(self) -> int:
        return (self.to_play - len(self.trick)) % 4

    def remaining_points(self) -> int:
        """The points still to be won: the hands' and the trick's."""
        return points(c for h in self.hands for c in h) + points(c for p in self.trick for c in p)

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
            "plays": [
                {"play": [c.text() for c in play], "attackers": v}
                for play, v in sorted(self.values.items())
            ],
        }


def solution_from_json(data: dict) -> Solution:
    """A ``Solution`` read back from ``Solution.to_json`` (as kept with a puzzle)."""
    return Solution(
        attackers=data["attackers"],
        dealer_side=data["dealer_side"],
        best=tuple(tuple(parse_card(c) for c in play) for play in data["best"]),
        values={
            tuple(parse_card(c) for c in row["play"]): row["attackers"] for row in data["plays"]
        },
    )


def solve(ending: Ending, *, node_limit: int | None = None) -> Solution:
    """Every legal play's value and the best ones; ``SearchLimit`` past ``node_limit``."""
    engine = _Engine(ending, node_limit)
    values = engine.root_values()
    mover_attacks = ending.to_play % 2 == ending.attackers_side
    target = max(values.values()) if mover_attacks else min(values.values())
    total = ending.remaining_points() + 2 * ending.kitty_points
    return Solution(
        attackers=target,
        dealer_side=total - target,
        best=tuple(sorted(p for p, v in values.items() if v == target)),
        values=values,
        nodes=engine.nodes,
    )


def value(ending: Ending, *, node_limit: int | None = None) -> int:
    """The attackers' value only: one search, no exact value for every play."""
    return _Engine(ending, node_limit).root_value()


# ---------------------------------------------------------------------------
# The search
#
# Cards are renumbered 0..K-1 over the kinds in the hands, strongest first within
# each effective suit (trumps first); a hand is an int with 2 bits per kind (its
# count, 0 to 3). A move is a tuple (delta, points, win_suit, win_strength, kinds):
# ``delta`` to subtract from the hand; ``win_suit`` is -1 when the play cannot win
# the trick (wrong shape or suit), else its effective suit, with its strength.


def _beats(suit: int, strength: int, best_suit: int, best_strength: int) -> bool:
    """Whether a play that can win (``suit`` >= 0) beats the trick's best so far.

    ``trick_winner``'s rule; the search spells it out inline for speed."""
    return suit >= 0 and (
        (suit == TRUMP and best_suit != TRUMP) or (suit == best_suit and strength > best_strength)
    )


def _multisets(pairs: list[tuple[int, int]], size: int, start: int = 0):
    """Every distinct multiset of ``size`` kinds from (kind, count) ``pairs[start:]``."""
    if size == 0:
        yield ()
        return
    for i in range(start, len(pairs)):
        kind, count = pairs[i]
        for k in range(min(count, size), 0, -1):
            for rest in _multisets(pairs, size - k, i + 1):
                yield (kind,) * k + rest


class _Engine:
    def __init__(self, ending: Ending, node_limit: int | None = None):
        self.ending = ending
        order = ending.order
        self.order = order
        self.live = ending.follow == LIVE
        kinds = sorted({c for h in ending.hands for c in h}, key=order.key)
        self.cards = kinds
        self.index = {c: i for i, c in enumerate(kinds)}
        self.suit = [order.suit_of[c] for c in kinds]
        self.strength = [order.strength[c] for c in kinds]
        self.pts = [points([c]) for c in kinds]
        self.kinds = len(kinds)
        # For the table's key: a code per kind (suit and points), and its group of
        # equal strength within its suit.
        self.codes = [(s * 16 + p) * 2 for s, p in zip(self.suit, self.pts, strict=True)]
        self.groups = [s * 100 + k for s, k in zip(self.suit, self.strength, strict=True)]
        self.ranges = {}
        for i, s in enumerate(self.suit):
            lo, hi = self.ranges.get(s, (i, i))
            self.ranges[s] = (lo, i + 1)
        # between[a][b] (a < b, one suit): every other kind whose strength is in
        # [strength b, strength a], as a mask of full 2-bit fields.
        self.between = {}
        for a in range(self.kinds):
            for b in range(a + 1, self.kinds):
                if self.suit[a] != self.suit[b]:
                    break
                lo, hi = self.strength[b], self.strength[a]
                mask = 0
                for t in range(*self.ranges[self.suit[a]]):
                    if t != a and t != b and lo <= self.strength[t] <= hi:
                        mask |= 3 << (2 * t)
                self.between[a, b] = mask
        self.att = ending.attackers_side
        self.bonus = 2 * ending.kitty_points
        if node_limit is not None and (isinstance(node_limit, bool) or node_limit < 1):
            raise ValueError(f"node_limit must be a positive number of nodes, not {node_limit!r}")
        self.node_limit = node_limit if node_limit is not None else -1
        self.lead_tt: dict = {}
        self.follow_tt: dict = {}
        self.mcache: dict = {}
        self.signatures: dict = {}
        self.lead_cache: dict = {}
        self.follow_cache: dict = {}
        self.kinds_cache: dict = {}
        self.candidates: dict = {}
        self.seen_by: dict = {}
        # Switches for the tests and the bench: MTD(f) probes (else one full-window
        # search), the renumbered key at trick boundaries, equivalent plays merged.
        self.mtd = True
        self.relabel = True
        self.reduce_plays = True
        self.search = self._make_search()

    # -- hands -------------------------------------------------------------

    @property
    def nodes(self) -> int:
        return self.count()

    def hand(self, cards: Iterable[int]) -> int:
        h = 0
        for c in cards:
            h += 1 << (2 * self.index[c])
        return h

    def held(self, h: int) -> list[tuple[int, int]]:
        """(kind, count) for every kind in the hand, in kind order."""
        found = self.kinds_cache.get(h)
        if found is None:
            found = []
            t, rest = 0, h
            while rest:
                c = rest & 3
                if c:
                    found.append((t, c))
                rest >>= 2
                t += 1
            self.kinds_cache[h] = found
        return found

    def play_cards(self, kinds: tuple[int, ...]) -> tuple[Card, ...]:
        return tuple(sorted(self.cards[t] for t in kinds))

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
            return (delta, pts, suit, self.strength[first], kinds)
        return (delta, pts, -1, 0, kinds)

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

    # -- equivalent plays ----------------------------------------------------

    def classes(self, hands, seat: int, played: int, wsuit: int, wstr: int) -> dict:
        """kind -> representative kind, for kinds of the mover that may be swapped.

        Let σ swap the kinds a and b in the mover's hand only, now and for the rest of
        the game (the mover's later hands hold its cards). The rules look at a card's
        identity only inside one player's hand and one play (legality counts a
        player's copies of each kind; a 棒 or 滚子 is copies of one kind); between
        players they compare effective suits and strengths, and count points. So σ
        maps every line of play onto one worth the same points, and this position onto
        itself, when (1) a and b have one effective suit and one point value, (2) the
        mover holds as many a as b, and (3) either a and b are equally strong (the side
        level cards, the side 2s: different cards, one strength), or no other hand
        holds a, b or any other kind of a strength from b's to a's inclusive, and the
        card winning the trick so far (someone else's) is not of such a strength: then
        no comparison between two players' cards ever tells a from b (the mover's own
        cards never meet each other in one). A play and σ(play) then have the same
        value, and so does the image of a play under any product of such swaps: the
        kinds joined by allowed swaps form classes, and any permutation inside a class
        keeps the value.
        """
        cands = self.candidates.get(hands[seat])
        if cands is None:
            cands = self.candidate_pairs(hands[seat])
        if not cands:
            return {}
        others = hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]
        rep: dict = {}
        for a, b, fa, fb, tie, between, su, sb, sa in cands:
            if not tie and (
                (others >> fa) & 3
                or (others >> fb) & 3
                or others & between
                or (played and wsuit == su and sb <= wstr <= sa)
            ):
                continue
            ra = rep.get(a, a)
            while rep.get(ra, ra) != ra:
                ra = rep[ra]
            rb = rep.get(b, b)
            while rep.get(rb, rb) != rb:
                rb = rep[rb]
            if ra != rb:
                lo_, hi_ = (ra, rb) if ra < rb else (rb, ra)
                rep[hi_] = lo_
        if not rep:
            return rep
        for t in list(rep):  # flatten to the smallest kind of each class
            r = rep[t]
            while rep.get(r, r) != r:
                r = rep[r]
            rep[t] = r
        return rep

    def candidate_pairs(self, h: int) -> list[tuple]:
        """The pairs of kinds of hand ``h`` that ``classes`` may join: one effective
        suit, one point value, as many copies of each."""
        pairs = self.held(h)
        suit, strength, pts = self.suit, self.strength, self.pts
        found = []
        for i, (a, ca) in enumerate(pairs):
            for b, cb in pairs[i + 1 :]:
                if suit[b] != suit[a]:
                    break
                if cb == ca and pts[b] == pts[a]:
                    found.append(
                        (
                            a,
                            b,
                            2 * a,
                            2 * b,
                            strength[a] == strength[b],
                            self.between[a, b],
                            suit[a],
                            strength[b],
                            strength[a],
                        )
                    )
        self.candidates[h] = found
        return found

    def seen_by_of(self, h: int) -> int:
        """The fields of the other hands that ``classes`` reads for hand ``h``."""
        cands = self.candidates.get(h)
        if cands is None:
            cands = self.candidate_pairs(h)
        seen = 0
        for _, _, fa, fb, tie, between, _, _, _ in cands:
            if not tie:
                seen |= (3 << fa) | (3 << fb) | between
        self.seen_by[h] = seen
        return seen

    @classmethod
    def play_key(cls, kinds: tuple[int, ...], rep: dict) -> tuple[int, ...]:
        """The same for two plays exactly when one is the other's image (``canonical``)."""
        first = kinds[0]
        if len(kinds) == 1 or all(t == first for t in kinds):
            return (rep.get(first, first),) * len(kinds)
        return cls.canonical(kinds, rep)

    @staticmethod
    def canonical(kinds: tuple[int, ...], rep: dict) -> tuple[int, ...]:
        """The play's image under the permutation that fills each class from its start."""
        counts: dict = {}
        for t in kinds:
            counts[t] = counts.get(t, 0) + 1
        by_class: dict = {}
        for t, k in counts.items():
            by_class.setdefault(rep.get(t, t), []).append(k)
        out = []
        for r, ks in by_class.items():
            members = sorted([r] + [t for t, rt in rep.items() if rt == r and t != r])
            for member, k in zip(members, sorted(ks, reverse=True), strict=False):
                out.extend([member] * k)
        return tuple(sorted(out))

    def reduce(self, moves, hands, seat, played, wsuit, wstr):
        """One move of each class of interchangeable moves (see ``classes``)."""
        if len(moves) < 2 or not self.reduce_plays:
            return moves
        rep = self.classes(hands, seat, played, wsuit, wstr)
        if not rep:
            return moves
        seen = set()
        kept = []
        for m in moves:
            key = self.play_key(m[4], rep)
            if key not in seen:
                seen.add(key)
                kept.append(m)
        return kept

    # -- the table's key at trick boundaries -----------------------------------

    def compressor(self, live: int):
        """How to renumber the kinds still in play (``live``) to 0, 1, 2, ...

        Two positions whose kinds still in play, in order, have the same effective
        suits, point values and ties in strength (the signature), and whose hands
        hold the same counts of the renumbered kinds, are the same game: the
        renumbering keeps every rule and every comparison between cards in play.
        Returns (signature id, runs), ``runs`` being (shift, mask, new shift) for
        each stretch of consecutive live kinds.
        """
        codes, groups = self.codes, self.groups
        sig, runs = [], []
        prev_group = -1
        dst = 0
        end = -1  # the kind after the last run
        x, t = live, 0
        while x:
            if x & 3:
                g = groups[t]
                sig.append(codes[t] + (g == prev_group))
                prev_group = g
                if t == end:
                    runs[-1][1] += 1
                else:
                    runs.append([t, 1, dst])
                end = t + 1
                dst += 1
            x >>= 2
            t += 1
        sig_id = self.signatures.setdefault(tuple(sig), len(self.signatures))
        return sig_id, [(2 * t, (1 << (2 * k)) - 1, 2 * d) for t, k, d in runs]

    # -- move ordering -------------------------------------------------------

    @staticmethod
    def order_leads(moves):
        """Big groups and strong cards first."""
        return sorted(moves, key=lambda m: (-len(m[4]), -m[3]))

    @staticmethod
    def order_follows(moves, seat, wseat, wsuit, wstr):
        side = seat & 1

        def score(m):
            ms = m[2]
            if ms >= 0 and ((ms == TRUMP and wsuit != TRUMP) or (ms == wsuit and m[3] > wstr)):
                # Takes the trick: with points, and as cheaply as possible.
                return (0, -m[1], m[3]) if (wseat & 1) != side else (2, -m[1], m[3])
            if (wseat & 1) == side:
                return (0, -m[1], m[3])  # the partner wins: give points
            return (1, m[1], m[3])  # the opponents win: give nothing, low cards

        return sorted(moves, key=score)

    # -- search --------------------------------------------------------------

    def _make_search(self):
        """The search, as closures over the engine's tables (local names are fast).

        ``lead(hands, seat, rem, alpha, beta)`` at a trick boundary and
        ``follow(hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha,
        beta)`` inside a trick return the attackers' points from the position on
        (``tpts`` points already in the trick, ``rem`` in the hands): fail-soft, so
        a value <= alpha is an upper bound and one >= beta a lower bound.
        """
        lead_tt, follow_tt, mcache = self.lead_tt, self.follow_tt, self.mcache
        att, bonus = self.att, self.bonus
        leads, follows, reduce = self.leads, self.follows, self.reduce
        order_leads, order_follows = self.order_leads, self.order_follows
        suit, strength, held = self.suit, self.strength, self.held
        limit = self.node_limit
        relabel = self.relabel
        compressors: dict = {}
        compressor = self.compressor
        mono: dict = {}
        nodes = 0
        # The ordered, merged move lists depend on the mover's hand, the trick so far
        # and only the part of the other hands that ``classes`` looks at (``seen_by``).
        seen_by, seen_by_of = self.seen_by, self.seen_by_of
        lead_lists: dict = {}
        follow_lists: dict = {}

        def count():
            return nodes

        def last_trick(hands, seat, wsuit, wstr, rem):
            """The last trick after ``seat`` led all its cards: every follow is forced."""
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

        def lead(hands, seat, rem, alpha, beta):
            nonlocal nodes
            nodes += 1
            if nodes == limit:
                raise SearchLimit(nodes)
            if relabel:
                live = hands[0] | hands[1] | hands[2] | hands[3]
                comp = compressors.get(live)
                if comp is None:
                    comp = compressors[live] = compressor(live)
                sig, runs = comp
                ch = [sig, seat]
                for hh in hands:
                    c = 0
                    for src, mask, dst in runs:
                        c |= ((hh >> src) & mask) << dst
                    ch.append(c)
                key = tuple(ch)
            else:
                key = (hands, seat)
            entry = lead_tt.get(key)
            if entry is None:
                top = rem + bonus
                if top <= alpha:
                    return top
                if beta <= 0:
                    return 0
                entry = lead_tt[key] = [0, top]
            else:
                lo, hi = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            mkey = (hands, seat)
            moves = mcache.get(mkey)
            if moves is None:
                h = hands[seat]
                seen = seen_by.get(h)
                if seen is None:
                    seen = seen_by_of(h)
                ck = (
                    h,
                    (hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]) & seen,
                )
                base = lead_lists.get(ck)
                if base is None:
                    base = lead_lists[ck] = order_leads(reduce(leads(h), hands, seat, 0, -1, 0))
                moves = mcache[mkey] = base
            maximise = (seat & 1) == att
            best = -_INF if maximise else _INF
            best_i = 0
            h = hands[seat]
            nxt = (seat + 1) & 3
            a, b = alpha, beta
            for i, (delta, mpts, ms, mstr, kinds) in enumerate(moves):
                nh = list(hands)
                nh[seat] = left = h - delta
                nh = tuple(nh)
                if left:
                    v = follow(nh, nxt, 1, len(kinds), ms, seat, ms, mstr, mpts, rem - mpts, a, b)
                else:
                    v = last_trick(nh, seat, ms, mstr, rem)
                if maximise:
                    if v > best:
                        best, best_i = v, i
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best, best_i = v, i
                    if v < b:
                        b = v
                        if a >= b:
                            break
            if best_i:  # the best play first next time (the list may be shared: copy)
                mcache[mkey] = [moves[best_i], *moves[:best_i], *moves[best_i + 1 :]]
            if best <= alpha:
                if best < entry[1]:
                    entry[1] = best
            elif best >= beta:
                if best > entry[0]:
                    entry[0] = best
            else:
                entry[0] = entry[1] = best
            return best

        def follow(hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha, beta):
            nonlocal nodes
            nodes += 1
            if nodes == limit:
                raise SearchLimit(nodes)
            key = (hands, seat, wseat, wsuit, wstr, tpts, led)
            entry = follow_tt.get(key)
            if entry is None:
                top = tpts + rem + bonus
                if top <= alpha:
                    return top
                if beta <= 0:
                    return 0
                h = hands[seat]
                seen = seen_by.get(h)
                if seen is None:
                    seen = seen_by_of(h)
                ck = (
                    h,
                    n,
                    led,
                    wsuit,
                    wstr,
                    (wseat ^ seat) & 1,
                    (hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]) & seen,
                )
                base = follow_lists.get(ck)
                if base is None:
                    base = follow_lists[ck] = order_follows(
                        reduce(follows(h, n, led), hands, seat, played, wsuit, wstr),
                        seat,
                        wseat,
                        wsuit,
                        wstr,
                    )
                entry = follow_tt[key] = [0, top, base]
                moves = entry[2]
            else:
                lo, hi, moves = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            maximise = (seat & 1) == att
            best = -_INF if maximise else _INF
            best_i = 0
            h = hands[seat]
            nxt = (seat + 1) & 3
            a, b = alpha, beta
            last = played == 3
            for i, (delta, mpts, ms, mstr, _) in enumerate(moves):
                nh = list(hands)
                nh[seat] = h - delta
                nh = tuple(nh)
                if ms >= 0 and ((ms == TRUMP and wsuit != TRUMP) or (ms == wsuit and mstr > wstr)):
                    ws, wsu, wst = seat, ms, mstr
                else:
                    ws, wsu, wst = wseat, wsuit, wstr
                if last:
                    if (ws & 1) == att:
                        gain = tpts + mpts
                        if nh[0] | nh[1] | nh[2] | nh[3]:
                            v = gain + lead(nh, ws, rem - mpts, a - gain, b - gain)
                        else:
                            v = gain + bonus
                    elif nh[0] | nh[1] | nh[2] | nh[3]:
                        v = lead(nh, ws, rem - mpts, a, b)
                    else:
                        v = 0
                else:
                    v = follow(
                        nh, nxt, played + 1, n, led, ws, wsu, wst, tpts + mpts, rem - mpts, a, b
                    )
                if maximise:
                    if v > best:
                        best, best_i = v, i
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best, best_i = v, i
                    if v < b:
                        b = v
                        if a >= b:
                            break
            if best_i:  # the best play first next time (the list may be shared: copy)
                entry[2] = [moves[best_i], *moves[:best_i], *moves[best_i + 1 :]]
            if best <= alpha:
                if best < entry[1]:
                    entry[1] = best
            elif best >= beta:
                if best > entry[0]:
                    entry[0] = best
            else:
                entry[0] = entry[1] = best
            return best

        def search(hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha, beta):
            if played:
                return follow(
                    hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha, beta
                )
            return lead(hands, seat, rem, alpha, beta)

        self.count = count
        return search

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
        the move records of ``leads``/``follows`` and ``_beats``. For the tests."""
        n = len(plays[0])
        _, _, led, strength, _ = self._move(tuple(plays[0]), n, -1)
        best, best_suit, best_strength = 0, led, strength
        for i in range(1, len(plays)):
            _, _, suit, strength, _ = self._move(tuple(plays[i]), n, led)
            if _beats(suit, strength, best_suit, best_strength):
                best, best_suit, best_strength = i, suit, strength
        return best

    def root_moves(self, state):
        hands, seat, played, n, led = state[:5]
        h = hands[seat]
        return self.leads(h) if not played else self.follows(h, n, led)

    def child(self, state, m, alpha=-_INF, beta=_INF) -> int:
        """The attackers' value after move ``m`` at ``state`` (exact in the window)."""
        hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem = state
        delta, mpts, ms, mstr, kinds = m
        nh = list(hands)
        nh[seat] -= delta
        nh = tuple(nh)
        nxt = (seat + 1) & 3
        if not played:
            return self.search(
                nh, nxt, 1, len(kinds), ms, seat, ms, mstr, mpts, rem - mpts, alpha, beta
            )
        if _beats(ms, mstr, wsuit, wstr):
            wseat, wsuit, wstr = seat, ms, mstr
        tp, r = tpts + mpts, rem - mpts
        if played < 3:
            return self.search(nh, nxt, played + 1, n, led, wseat, wsuit, wstr, tp, r, alpha, beta)
        gain = tp if (wseat & 1) == self.att else 0
        if not (nh[0] | nh[1] | nh[2] | nh[3]):
            return gain + self.bonus if (wseat & 1) == self.att else 0
        return gain + self.search(
            nh, wseat, 0, 0, -1, wseat, -1, 0, 0, r, alpha - gain, beta - gain
        )

    def exact(self, probe, guess: int) -> int:
        """The exact value by MTD(f): zero-window probes ``probe(alpha, beta)`` from ``guess``."""
        if self.mtd is None:
            return probe(-_INF, _INF)
        lo, hi, g = -_INF, _INF, guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = probe(beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def root_value(self) -> int:
        state = self.root_state()
        return self.exact(lambda a, b: self.search(*state, a, b), self.guess(state))

    def guess(self, state) -> int:
        return 0

    def root_values(self) -> dict:
        state = self.root_state()
        hands, seat, played, _, _, _, wsuit, wstr = state[:8]
        moves = self.root_moves(state)
        rep = self.classes(hands, seat, played, wsuit, wstr) if self.reduce_plays else {}
        by_key: dict = {}
        values = {}
        g = self.root_value() if self.mtd else 0
        for m in moves:
            key = self.play_key(m[4], rep) if rep else m[4]
            if key not in by_key:
                by_key[key] = self.exact(lambda a, b, m=m: self.child(state, m, a, b), g)
            values[self.play_cards(m[4])] = by_key[key]
        return values
