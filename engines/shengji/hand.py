"""A whole hand of 升级 and the match: deal, declare, kitty, 25 tricks, settle, levels.

Seats 0–3 play counter-clockwise; seats 0 and 2 are one team, 1 and 3 the other.
The dealer's side (庄家方) defends; the other side attacks and scores the points of
the tricks it wins, and the kitty's points multiplied when it wins the last trick
(note (h)). Levels move by the table of ``level_change``; the next dealer is the
dealer's partner when the dealer's side held, otherwise the old dealer's 下家.

>>> level_change(0), level_change(35), level_change(75), level_change(80), level_change(160)
(('dealer', 3), ('dealer', 2), ('dealer', 1), ('attackers', 0), ('attackers', 2))
>>> kitty_multiplier(parse_cards("♠A ♠A"), Order(2, 1))
4
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, field

from engines.cards import CARDS, Card, next_seat, parse_cards, partner, shoe, shuffled
from engines.shengji import (
    HAND_SIZE,
    KITTY_SIZE,
    IllegalPlay,
    Order,
    ThrowCheck,
    check_follow,
    check_throw,
    decompose,
    leads,
    legal_follows,
    points,
    trick_winner,
)
from engines.shengji.declare import Declaration, IllegalDeclaration, check_declaration, kitty_trump
from engines.shengji.rules import DEFAULT, Rules
from engines.tricks import RuleError

__all__ = [
    "Hand",
    "Match",
    "Settlement",
    "deal",
    "kitty_multiplier",
    "level_change",
    "next_dealer",
    "parse_cards",
    "settle",
    "simulate",
]


def deal(seed) -> tuple[list[list[Card]], list[Card]]:
    """The 108 cards shuffled by ``seed``: the order of the deal (one card at a time,
    seat 0 first) as four hands of 25, and the 8 kitty cards."""
    cards = shuffled(shoe(2), seed)
    hands = [cards[s : 4 * HAND_SIZE : 4] for s in range(4)]
    return hands, cards[4 * HAND_SIZE :]


def level_change(attackers: int) -> tuple[str, int]:
    """Who goes up and by how many levels, from the attackers' points (note (h)):
    0 → the dealer's side +3; 5–35 → +2; 40–75 → +1; 80–115 → the attackers take
    over; 120–155 → take over and +1; one more for every further 40."""
    if attackers <= 0:
        return "dealer", 3
    if attackers < 40:
        return "dealer", 2
    if attackers < 80:
        return "dealer", 1
    return "attackers", (attackers - 80) // 40


def kitty_multiplier(last_lead: Sequence[int], order: Order, rules: Rules = DEFAULT) -> int:
    """The kitty's multiplier when the attackers win the last trick: ×2 for a single,
    ×4 for a pair, ×2^(k+1) for a tractor of k pairs — by the last lead's biggest unit
    (``rules.kitty_multiplier = "double"``: always ×2)."""
    if rules.kitty_multiplier == "double":
        return 2
    return 2 ** (decompose(last_lead, order)[0].length + 1)


def next_dealer(dealer: int, held: bool) -> int:
    """The dealer's partner if the dealer's side held; otherwise the old dealer's 下家."""
    return partner(dealer) if held else next_seat(dealer)


@dataclass(frozen=True)
class Settlement:
    """A hand's result: the attackers' points (tricks, kitty, throw penalties), who
    goes up how many levels, and whether the dealer's side held."""

    trick_points: int
    kitty_points: int
    multiplier: int  # 0 when the dealer's side won the last trick
    penalties: int  # points the throw penalties gave the attackers (may be negative)
    winner: str  # "dealer" or "attackers"
    levels: int

    @property
    def attackers(self) -> int:
        return max(0, self.trick_points + self.kitty_points * self.multiplier + self.penalties)

    @property
    def held(self) -> bool:
        return self.winner == "dealer"


def settle(
    trick_points: int,
    kitty_points: int,
    *,
    attackers_won_last: bool,
    last_lead: Sequence[int] = (),
    order: Order | None = None,
    penalties: int = 0,
    rules: Rules = DEFAULT,
) -> Settlement:
    """Count a hand (SH21, SH22): ``trick_points`` the attackers took in tricks; the
    kitty's points multiplied when they took the last trick, led ``last_lead``."""
    multiplier = kitty_multiplier(last_lead, order, rules) if attackers_won_last else 0
    total = max(0, trick_points + kitty_points * multiplier + penalties)
    winner, levels = level_change(total)
    return Settlement(trick_points, kitty_points, multiplier, penalties, winner, levels)


# ---------------------------------------------------------------------------
# A hand


class IllegalAction(RuleError):
    REASONS = {
        "not-your-turn": ("还没轮到这一家。", "It is not this seat's turn."),
        "phase": ("现在不能这样做（{phase}）。", "This cannot be done now ({phase})."),
        "bury-count": ("要扣 8 张底牌。", "Bury exactly 8 cards."),
    }


@dataclass
class Hand:
    """One hand from the deal to the settlement.

    ``level`` is the dealer side's level; ``dealer`` may be ``None`` in the first hand
    of a match (the first to declare deals, SJ-05; if nobody does, seat ``first``).
    Phases: ``"deal"`` (declare with ``declare`` while ``draw`` gives out cards),
    ``"bury"`` (the dealer has picked up the kitty), ``"play"``, ``"over"``.
    """

    level: int
    dealer: int | None
    order_of_deal: list[list[Card]]
    kitty: list[Card]
    rules: Rules = DEFAULT
    first: int = 0
    hands: list[Counter] = field(default_factory=lambda: [Counter() for _ in range(4)])
    dealt: int = 0
    declaration: Declaration | None = None
    trump: int | None = None
    phase: str = "deal"
    leader: int = 0
    trick: list[tuple[Card, ...]] = field(default_factory=list)
    tricks: list[tuple[int, list[tuple[Card, ...]], int]] = field(default_factory=list)
    attackers_points: int = 0
    penalties: int = 0
    throws: list[ThrowCheck] = field(default_factory=list)
    buried: list[Card] = field(default_factory=list)
    settlement: Settlement | None = None

    @classmethod
    def new(cls, level: int, dealer: int | None, seed, rules: Rules = DEFAULT) -> Hand:
        order_of_deal, kitty = deal(seed)
        return cls(level, dealer, order_of_deal, kitty, rules)

    # -- the deal -------------------------------------------------------------

    def draw(self) -> tuple[int, Card]:
        """Give out the next card (one at a time, seat 0 first); returns (seat, card)."""
        if self.phase != "deal" or self.dealt >= 4 * HAND_SIZE:
            raise IllegalAction("phase", phase=self.phase)
        seat, i = self.dealt % 4, self.dealt // 4
        card = self.order_of_deal[seat][i]
        self.hands[seat][card] += 1
        self.dealt += 1
        return seat, card

    def declare(self, seat: int, cards: Sequence[int]) -> Declaration:
        if self.phase != "deal":
            raise IllegalAction("phase", phase=self.phase)
        new = check_declaration(
            seat,
            cards,
            self.level,
            current=self.declaration,
            hand=list(self.hands[seat].elements()),
            rules=self.rules,
        )
        if self.declaration is None and self.dealer is None:
            self.dealer = seat  # SJ-05: the first to declare deals the first hand
        self.declaration = new
        return new

    def finish_deal(self) -> None:
        """The deal is over: trumps settle (the kitty flip if nobody declared, SJ-07),
        and the dealer picks up the kitty."""
        while self.dealt < 4 * HAND_SIZE:
            self.draw()
        if self.dealer is None:
            self.dealer = self.first
        if self.declaration is None:
            self.trump = kitty_trump(self.kitty, self.rules)
        else:
            self.trump = self.declaration.suit
        for card in self.kitty:
            self.hands[self.dealer][card] += 1
        self.phase = "bury"

    @property
    def order(self) -> Order:
        return Order(self.level, self.trump, ace_links_level=self.rules.ace_links_level)

    @property
    def attackers_side(self) -> int:
        return (self.dealer + 1) % 2

    def bury(self, cards: Sequence[int]) -> None:
        """The dealer buries 8 cards (any cards, points included)."""
        if self.phase != "bury":
            raise IllegalAction("phase", phase=self.phase)
        if len(cards) != KITTY_SIZE:
            raise IllegalAction("bury-count")
        missing = Counter(cards) - self.hands[self.dealer]
        if missing:
            raise IllegalPlay("not-in-hand", cards=" ".join(CARDS[c].text() for c in missing))
        self.hands[self.dealer] -= Counter(cards)
        self.buried = [CARDS[c] for c in cards]
        self.phase = "play"
        self.leader = self.dealer  # SJ-16: the dealer's side leads the first trick

    # -- play -----------------------------------------------------------------

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def others(self, seat: int) -> list[Counter]:
        if self.rules.throw_check == "opponents":
            return [self.hands[(seat + 1) % 4], self.hands[(seat + 3) % 4]]
        return [self.hands[(seat + k) % 4] for k in (1, 2, 3)]

    def play(self, seat: int, cards: Sequence[int]) -> tuple[Card, ...]:
        """Play ``cards`` for ``seat``; returns what was played (a failed throw plays its
        forced unit, and costs the penalty)."""
        if self.phase != "play":
            raise IllegalAction("phase", phase=self.phase)
        if seat != self.to_play:
            raise IllegalAction("not-your-turn")
        hand = self.hands[seat]
        order = self.order
        if not self.trick:
            if not cards:
                raise IllegalPlay("empty")
            missing = Counter(cards) - hand
            if missing:
                raise IllegalPlay(
                    "not-in-hand", cards=" ".join(CARDS[c].text() for c in missing.elements())
                )
            result = check_throw(cards, self.others(seat), order)
            if not result.ok:
                self.throws.append(result)
                penalty = result.penalty(self.rules.throw_penalty)
                self.penalties += -penalty if seat % 2 == self.attackers_side else penalty
            played = result.forced
        else:
            played = check_follow(hand, self.trick[0], cards, order)
        hand -= Counter(played)
        self.trick.append(played)
        if len(self.trick) == 4:
            self._end_trick()
        return played

    def _end_trick(self) -> None:
        order = self.order
        winner = (self.leader + trick_winner(self.trick, order)) % 4
        won = sum(points(p) for p in self.trick)
        if winner % 2 == self.attackers_side:
            self.attackers_points += won
        self.tricks.append((self.leader, self.trick, winner))
        self.trick = []
        self.leader = winner
        if not any(self.hands):
            last_leader, last_plays, _ = self.tricks[-1]
            self.settlement = settle(
                self.attackers_points,
                points(self.buried),
                attackers_won_last=winner % 2 == self.attackers_side,
                last_lead=last_plays[0],
                order=order,
                penalties=self.penalties,
                rules=self.rules,
            )
            self.phase = "over"


# ---------------------------------------------------------------------------
# The match


@dataclass
class Match:
    """Levels of both teams (seats 0/2 are team 0, 1/3 team 1), from 2 (SJ-02).

    A team gets through ``rules.final_level`` by winning a hand played at it: holding
    as dealers, or taking over as attackers with at least one level to gain. Levels
    never jump past it (every team must play the final level).
    """

    rules: Rules = DEFAULT
    levels: list[int] = field(default_factory=lambda: [2, 2])
    dealer: int | None = None
    winner: int | None = None
    hands: int = 0

    @property
    def level(self) -> int:
        """The level of the next hand: the dealer side's (the first hand: 2)."""
        return self.levels[self.dealer % 2] if self.dealer is not None else self.levels[0]

    def record(self, dealer: int, result: Settlement) -> None:
        """Apply a hand dealt by ``dealer`` and settled as ``result``."""
        if self.winner is not None:
            raise ValueError("the match is over")
        final = self.rules.final_level
        side = dealer % 2 if result.held else (dealer + 1) % 2
        at_final = self.levels[side] == final
        if result.held and at_final or not result.held and at_final and result.levels >= 1:
            self.winner = side
        else:
            self.levels[side] = min(final, self.levels[side] + result.levels)
        self.dealer = next_dealer(dealer, result.held)
        self.hands += 1

    def leader(self) -> int | None:
        """The team ahead when time runs out (SJ-02), or ``None`` when level."""
        if self.levels[0] == self.levels[1]:
            return None
        return 0 if self.levels[0] > self.levels[1] else 1


# ---------------------------------------------------------------------------
# Random hands (for the tests and the bench)


def random_lead(hand: Counter, order: Order, rng: random.Random) -> list[Card]:
    """A random lead: usually one unit; sometimes a throw of up to four units of a suit."""
    units = leads(hand, order)
    first = list(rng.choice(units))
    if rng.random() < 0.25:
        suit = order.suit_of[first[0]]
        left = hand.copy()
        left -= Counter(first)
        more = [u for u in leads(left, order) if order.suit_of[u[0]] == suit and len(u) <= 2]
        rng.shuffle(more)
        throw = first
        for unit in more[: rng.randint(1, 3)]:
            if not Counter(unit) - left:
                throw = throw + list(unit)
                left -= Counter(unit)
        return throw
    return first


def play_randomly(hand: Hand, rng: random.Random, *, declare_chance: float = 0.2) -> Hand:
    """Deal with random declarations, bury random cards, play random legal cards."""
    while hand.dealt < 4 * HAND_SIZE:
        seat, card = hand.draw()
        if rng.random() < declare_chance:
            held = hand.hands[seat]
            options = []
            for c, k in held.items():
                if CARDS[c].is_joker:
                    options += [[c, c]] if k == 2 else []
                elif CARDS[c].rank == hand.level:
                    options += [[c] * n for n in range(1, k + 1)]
            if options:
                with suppress(IllegalDeclaration):
                    hand.declare(seat, rng.choice(options))
    hand.finish_deal()
    cards = list(hand.hands[hand.dealer].elements())
    hand.bury(rng.sample(cards, KITTY_SIZE))
    order = hand.order
    while hand.phase == "play":
        seat = hand.to_play
        if not hand.trick:
            hand.play(seat, random_lead(hand.hands[seat], order, rng))
        else:
            options = legal_follows(hand.hands[seat], hand.trick[0], order)
            hand.play(seat, rng.choice(options))
    return hand


def simulate(count: int, *, seed: int = 0, rules: Rules = DEFAULT) -> Iterator[tuple[Hand, Match]]:
    """``count`` random hands of one match after another (a new match when one ends)."""
    rng = random.Random(seed)
    match = Match(rules)
    for i in range(count):
        if match.winner is not None:
            match = Match(rules)
        hand = Hand.new(match.level, match.dealer, f"{seed}/{i}", rules)
        play_randomly(hand, rng)
        yield hand, match
        match.record(hand.dealer, hand.settlement)
