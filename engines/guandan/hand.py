"""A whole 掼蛋 deal and the match: the deal, tribute and return, the hand played
trick by trick, the finishing order, levels, and passing A.

Seats 0–3 play counter-clockwise (seat ``s + 1`` is ``s``'s 下家, on its right);
partners sit opposite, so seats 0 and 2 are one team (team 0) and 1 and 3 the
other (team ``seat % 2``).

* ``deal(seed)``: 108 cards shuffled, 27 each, and a card drawn at random whose
  holder leads the first hand (GD-16).
* ``tribute_plan(previous_order, hands, level)``: who pays which card to whom,
  what may come back, 抗贡, and who leads (GD-17…22, GD-R10…R12).
* ``Hand``: the play, every play checked with ``classify``/``beats``, 接风
  (GD-R08), announcements (GD-23), the end at 1-2 or three out (GD-R09).
* ``settle(order)``: +3 / +2 / +1 for the 头游's team (GD-25).
* ``Match``: levels from 2, tribute between hands, the A rule (GD-26, GD-R13).
* ``simulate``: random players through whole deals, for tests and the bench.

>>> order = (0, 2, 1, 3)
>>> settle(order)
Settlement(team=0, gained=3, result='1-2')
>>> match = Match(seed=1)
>>> hand = match.new_hand()
>>> [sum(h.values()) for h in hand.hands], hand.level
([27, 27, 27, 27], 2)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from engines.cards import (
    ACE,
    BIG_JOKER,
    CARDS,
    Card,
    cards_text,
    next_seat,
    partner,
    shoe,
)
from engines.climbing import ClimbingTrick, FinishingOrder, IllegalTurn, partner_leads
from engines.climbing.tribute import (
    IllegalTribute,
    Payment,
    Return,
    TributePlan,
    eligible_returns,
    holding,
    tribute_options,
)

from . import (
    BOMB,
    DECKS,
    FULL_HOUSE,
    PAIR,
    PLATE,
    SEATS,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    TUBE,
    IllegalPlay,
    Play,
    Reading,
    beats,
    classify,
    legal_plays,
    level_value,
    wild_card,
)
from .rules import DEFAULT, Rules

__all__ = [
    "Deal",
    "Hand",
    "HandRecord",
    "IllegalTribute",
    "IllegalTurn",
    "Match",
    "Settlement",
    "deal",
    "play_randomly",
    "settle",
    "simulate",
    "team_of",
    "tribute_plan",
]

FIRST_LEVEL = 2
RETURN_AT_MOST = 10  # "10一下" / 牌点不超过10, by the level order (GD-R10)


def team_of(seat: int) -> int:
    return seat % 2


# ---------------------------------------------------------------------------
# The deal


@dataclass(frozen=True)
class Deal:
    """The 108 cards as dealt: ``hands[seat]`` (27 cards each, as a ``Counter``),
    and the card drawn at random from the pack before the deal (``drawn``, at
    position ``drawn_at``), whose holder ``drawn_seat`` leads the first hand."""

    hands: tuple[Counter, ...]
    drawn: Card
    drawn_at: int

    @property
    def drawn_seat(self) -> int:
        return self.drawn_at % SEATS


def deal(seed) -> Deal:
    """Shuffle two decks by ``seed`` and deal them one at a time from seat 0
    (card ``i`` goes to seat ``i % 4``); draw one position at random (GD-16).

    >>> d = deal(7)
    >>> [sum(h.values()) for h in d.hands], d.drawn in d.hands[d.drawn_seat]
    ([27, 27, 27, 27], True)
    """
    rng = random.Random(seed)
    cards = shoe(DECKS)
    rng.shuffle(cards)
    drawn_at = rng.randrange(len(cards))
    hands = tuple(Counter(cards[s::SEATS]) for s in range(SEATS))
    return Deal(hands, cards[drawn_at], drawn_at)


# ---------------------------------------------------------------------------
# Tribute


def tribute_plan(
    previous_order: Sequence[int] | FinishingOrder,
    hands: Sequence[Mapping[int, int]],
    level: int,
    rules: Rules = DEFAULT,
) -> TributePlan:
    """The tribute before a hand, from the previous hand's finishing order (seats,
    first out first) and the **new** hands (GD-R11), at the new hand's level.

    * **双下** (the 头游's partner second; GD-14, GD-17): both losers pay their
      highest card but a heart level card (逢人配); the bigger goes to the 头游,
      the other to the 二游. Equal ranks: the 头游 takes the card of the loser on
      the 头游's right, its 下家 (GD-18, GD-R12). The payer whose card went to the
      头游 leads. **抗贡** when the two losers hold both big jokers between them
      (GD-19): nothing is paid, the 头游 leads.
    * **单下** (GD-21): the 末游 pays the 头游, and leads; 抗贡 when the 末游
      holds both big jokers (GD-22): the 头游 leads.
    * **The 头游's own partner last (1-4).** Seed 004 defines 单下 as "对门只有一方是
      最后的输方" and says nothing of a 末游 on the winners' side, so the 2022
      competition rules decide, as the brief's fallback says: 第十条 makes "上副牌
      的下游" pay "上游" whoever they are, with no exception for partners ("由上副牌
      的下游向上游进贡全手牌中最大的一张牌…首圈由下游领出牌", quoted verbatim in
      mikechwu/smashegg ``docs/research/guandan-tribute-verification.md`` from
      sohu.com/a/621481154_121124679 and 52hrtt.com). The smashegg spec
      (``docs/rules/guandan.md`` §7.1) reads it the same way and reports pagat
      (pagat.com/climbing/guan_dan.html) agreeing: "in a 1-4 result the 末游 is the
      头游's own partner and still pays". So 1-4 is a 单下: the 末游 pays its own
      partner, gets a card of 10 or lower back, and leads; 抗贡 as above.
    * **Returns** go from each receiver to the payer it took from (对应还牌): any
      card after 双下 (seed: "还一张任意牌"; ``rules.double_return == "le10"``, the
      competition rules: as after 单下), otherwise a card of 10 or lower **by the
      level order**, so the level rank never qualifies (GD-R10, G18); if the hand
      holds none, its smallest card. The return is chosen from the receiver's own
      dealt cards, never the tribute just received (pagat: the returned card "must
      be different from the tribute card").
    """
    order = _places(previous_order)
    hands = [Counter(h) for h in hands]
    first, second, last = order[0], order[1], order[3]
    key = _key(level)
    exclude = {wild_card(level)}
    both_jokers = holding(BIG_JOKER, DECKS)

    def returns_for(giver: int, receiver: int, anything: bool) -> Return:
        allowed = (lambda c: True) if anything else (lambda c: key(c) <= RETURN_AT_MOST)
        return Return(giver, receiver, eligible_returns(hands[giver], allowed, key))

    if team_of(first) == team_of(second):  # 双下
        payers = (next_seat(first), next_seat(partner(first)))  # the 头游's 下家 first
        if both_jokers({p: hands[p] for p in payers}):
            return TributePlan("resisted", leader=first, resisted=True, notes=("double",))
        options = {p: _options(hands[p], key, exclude, p) for p in payers}
        value = {p: key(options[p][0][0]) for p in payers}
        # Bigger to the 头游; equal: the 头游's 下家 pays the 头游 (max keeps the first).
        to_first = max(payers, key=lambda p: value[p])
        to_second = payers[1] if to_first == payers[0] else payers[0]
        anything = rules.double_return == "any"
        return TributePlan(
            "double",
            leader=to_first,
            payments=(
                Payment(to_first, first, options[to_first]),
                Payment(to_second, second, options[to_second]),
            ),
            returns=(
                returns_for(first, to_first, anything),
                returns_for(second, to_second, anything),
            ),
            notes=("equal",) if value[to_first] == value[to_second] else (),
        )
    if both_jokers({last: hands[last]}):
        return TributePlan("resisted", leader=first, resisted=True, notes=("single",))
    return TributePlan(
        "single",
        leader=last,
        payments=(Payment(last, first, _options(hands[last], key, exclude, last)),),
        returns=(returns_for(first, last, False),),
        notes=("partner",) if team_of(first) == team_of(last) else (),
    )


def _options(hand: Counter, key, exclude: set, seat: int) -> tuple:
    options = tribute_options(hand, key, exclude=exclude)
    if not options:
        raise ValueError(f"seat {seat} holds no card it could pay as tribute")
    return options


def _places(order: Sequence[int] | FinishingOrder) -> tuple[int, ...]:
    places = tuple(order.places if isinstance(order, FinishingOrder) else order)
    if sorted(places) != list(range(SEATS)):
        raise ValueError(f"a finishing order names each of the 4 seats once, not {places}")
    return places


def _key(level: int):
    def key(card: Card) -> int:
        return level_value(card, level)

    return key


# ---------------------------------------------------------------------------
# Playing a hand


class Hand:
    """One hand being played: the four hands, the trick, the finishing order.

    Every play goes through ``classify`` and ``beats``: the cards must be in the
    hand, make a combination, and beat the play on top; when the cards read more
    than one way the player names the reading (GD-R06). The trick keeps the turns
    (``ClimbingTrick``, GD-R07) with 接风 (GD-R08). The hand ends as soon as the
    partners are 1-2 or three players are out (GD-R09); the players left are
    placed by the cards they hold, fewer first (for 1-2 their order does not
    matter: both are 双下).

    ``initial`` keeps the hands as play began (after tribute), ``tricks`` every
    trick played (the last one too, once the hand is over) and ``announcements``
    each (seat, cards left) said at ``rules.announce_at`` cards or fewer.
    """

    def __init__(
        self,
        hands: Sequence[Mapping[int, int]],
        level: int,
        leader: int,
        rules: Rules = DEFAULT,
    ):
        self.hands = [Counter({CARDS[c]: n for c, n in h.items() if n > 0}) for h in hands]
        if len(self.hands) != SEATS:
            raise ValueError("掼蛋 has four seats")
        self.level, self.rules = level, rules
        self.initial = tuple(Counter(h) for h in self.hands)  # as play began
        self.order = FinishingOrder(SEATS)
        self.tricks: list[ClimbingTrick] = []
        self.announcements: list[tuple[int, int]] = []  # (seat, cards left), GD-23
        self.trick = self._trick(leader)

    def _trick(self, leader: int) -> ClimbingTrick:
        return ClimbingTrick(
            leader=leader,
            seats=SEATS,
            beats=lambda play, top: beats(play.reading, top.reading),
            out=set(self.order.out),
            next_leader_of=partner_leads(SEATS),
        )

    @property
    def is_over(self) -> bool:
        return self.order.closed

    @property
    def to_play(self) -> int | None:
        return None if self.is_over else self.trick.to_play

    @property
    def top(self) -> Play | None:
        """The play to beat (``None``: the seat to play leads)."""
        return self.trick.top

    def left(self, seat: int) -> int:
        return sum(self.hands[seat].values())

    def legal(self, seat: int | None = None) -> list[Play]:
        """Every play ``seat`` (default: the seat to play) could make now."""
        seat = self.to_play if seat is None else seat
        top = self.top.reading if self.top is not None else None
        return legal_plays(self.hands[seat], top, self.level, self.rules)

    def play(self, seat: int, cards: Iterable[int], reading: Reading | str | None = None) -> Play:
        """``seat`` plays ``cards``; ``reading`` (a ``Reading`` or its text) says
        which one when the cards read more than one way and more than one of those
        would be allowed. Raises ``IllegalPlay`` or ``IllegalTurn``."""
        self._turn(seat)
        cards = tuple(CARDS[c] for c in cards)
        if Counter(cards) - self.hands[seat]:
            raise IllegalPlay("not-in-hand", cards_text(cards))
        readings = classify(cards, self.level, self.rules)
        if not readings:
            raise IllegalPlay("not-a-play", cards_text(cards))
        top = self.top.reading if self.top is not None else None
        if reading is not None:
            named = [r for r in readings if reading in (r, r.text(), r.kind)]
            if not named:
                raise IllegalPlay("reading", f"{cards_text(cards)} as {reading!r}")
            readings = named
        allowed = [r for r in readings if beats(r, top)]
        if not allowed:
            raise IllegalPlay("too-low", cards_text(cards))
        if len({r.key() for r in allowed}) > 1:
            raise IllegalPlay("reading", cards_text(cards))
        play = Play(cards, allowed[0])
        self.hands[seat] -= Counter(cards)
        left = self.left(seat)
        self.trick.play(seat, play, left=left)
        if 0 < left <= self.rules.announce_at:
            self.announcements.append((seat, left))
        if left == 0:
            self.order.went_out(seat)
            self._maybe_end()
        self._next_trick()
        return play

    def pass_(self, seat: int) -> None:
        self._turn(seat)
        self.trick.pass_(seat)
        self._next_trick()

    def _turn(self, seat: int) -> None:
        if self.is_over:
            raise IllegalTurn("over", "the hand is over")
        if seat != self.trick.to_play:
            raise IllegalTurn("not-your-turn", f"seat {self.trick.to_play} is to play, not {seat}")

    def _maybe_end(self) -> None:
        out = self.order.out
        if (len(out) == 2 and team_of(out[0]) == team_of(out[1])) or len(out) == 3:
            last = out[-1]
            rest = sorted(
                self.order.remaining(),
                key=lambda s: (self.left(s), (s - last) % SEATS),
            )
            self.order.close(rest)

    def _next_trick(self) -> None:
        if self.is_over:
            self.tricks.append(self.trick)
            return
        if self.trick.is_over:
            self.tricks.append(self.trick)
            self.trick = self._trick(self.trick.next_leader)

    def plays(self) -> list[tuple[int, Play | None]]:
        """Every turn of the hand so far: (seat, the play or ``None`` for a pass)."""
        done = [turn for trick in self.tricks for turn in trick.history]
        ongoing = not any(trick is self.trick for trick in self.tricks)
        return done + (list(self.trick.history) if ongoing else [])


# ---------------------------------------------------------------------------
# Settling a hand


@dataclass(frozen=True)
class Settlement:
    """The 头游's team wins the hand and goes up ``gained`` levels (GD-25)."""

    team: int
    gained: int
    result: str  # "1-2", "1-3", "1-4": where the 头游's partner finished


def settle(order: Sequence[int] | FinishingOrder) -> Settlement:
    """The winners of a hand and the levels they gain: the 头游's team, +3 when the
    partner came second (双下 for the others), +2 when third, +1 when last (GD-25).

    >>> settle((1, 0, 3, 2)), settle((1, 0, 2, 3)).gained
    (Settlement(team=1, gained=2, result='1-3'), 1)
    """
    places = _places(order)
    first = places[0]
    place = places.index(partner(first)) + 1
    return Settlement(team_of(first), {2: 3, 3: 2, 4: 1}[place], f"1-{place}")


# ---------------------------------------------------------------------------
# The match


@dataclass
class HandRecord:
    """What one hand of a match did, for the record and the invariant checks."""

    number: int
    level: int
    declarer: int | None  # the team whose level was played (None: the first hand)
    previous: tuple[int, ...] | None  # the finishing order the tribute came from
    levels_before: tuple[int, int]
    plan: TributePlan
    paid: dict[int, tuple[Card, ...]]
    returned: dict[int, tuple[Card, ...]]
    dealt: tuple[Counter, ...]
    leader: int
    hand: Hand
    settlement: Settlement | None = None
    levels_after: tuple[int, int] | None = None
    failures_after: tuple[int, int] | None = None
    match_won: int | None = None  # the team that won the match with this hand


class Match:
    """Hands in a row: both teams start at level 2; each hand is played at the
    level of the team whose player was 头游 last time (GD-R01; the first hand at
    2) with tribute between hands.

    Levels go up by ``settle`` and stop at A (GD-R13: overshooting A stops there).
    A team wins the match by winning a hand played at A, while at A itself, with
    its partner not last (1-2 or 1-3; GD-26). Every hand played at the declaring
    team's A that does not win the match is a failed attempt for that team; after
    ``rules.a_attempts`` of them (0: never) it goes back to 2 (GD-R13, pagat).

    >>> match = Match(seed=3)
    >>> record = match.play(match.new_hand(), lambda hand: next(iter(hand.legal()), None))
    >>> record.level, record.levels_after[record.settlement.team] > 2
    (2, True)
    """

    def __init__(self, rules: Rules = DEFAULT, *, seed=0):
        self.rules = rules
        self.rng = random.Random(seed)
        self.levels = [FIRST_LEVEL, FIRST_LEVEL]
        self.declarer: int | None = None
        self.failures = [0, 0]
        self.winner: int | None = None
        self.previous: tuple[int, ...] | None = None
        self.records: list[HandRecord] = []
        self._current: HandRecord | None = None

    @property
    def level(self) -> int:
        return FIRST_LEVEL if self.declarer is None else self.levels[self.declarer]

    def next_deal(self) -> tuple[Deal, TributePlan]:
        """Deal the next hand and say what tribute it owes (nothing moves yet)."""
        if self.winner is not None:
            raise ValueError("the match is over")
        dealt = deal(self.rng.getrandbits(64))
        if self.previous is None:
            return dealt, TributePlan("none", leader=dealt.drawn_seat)
        return dealt, tribute_plan(self.previous, dealt.hands, self.level, self.rules)

    def start(
        self,
        dealt: Deal,
        plan: TributePlan,
        paid: Mapping[int, Sequence[int]] | None = None,
        returned: Mapping[int, Sequence[int]] | None = None,
    ) -> Hand:
        """Pay and return as the players chose, and begin the hand."""
        hands = [Counter(h) for h in dealt.hands]
        moved_in, moved_back = plan.apply(hands, paid, returned)
        hand = Hand(hands, self.level, plan.leader, self.rules)
        self._current = HandRecord(
            number=len(self.records) + 1,
            level=self.level,
            declarer=self.declarer,
            previous=self.previous,
            levels_before=tuple(self.levels),
            plan=plan,
            paid=moved_in,
            returned=moved_back,
            dealt=dealt.hands,
            leader=plan.leader,
            hand=hand,
        )
        return hand

    def new_hand(self) -> Hand:
        """The next hand, tribute paid and returned with the first choices."""
        return self.start(*self.next_deal())

    def record(self, hand: Hand) -> HandRecord:
        """Settle the hand this match started, once it is over (``score``)."""
        record = self._current
        if record is None or record.hand is not hand or not hand.is_over:
            raise ValueError("record the hand this match started, once it is over")
        record.settlement, record.match_won = self.score(hand.order)
        record.levels_after = tuple(self.levels)
        record.failures_after = tuple(self.failures)
        self.records.append(record)
        self._current = None
        return record

    def score(self, order: Sequence[int] | FinishingOrder) -> tuple[Settlement, int | None]:
        """A hand played at the current level ended in ``order``: move the levels,
        count a failed attempt at A, and say which team won the match, if one did."""
        if self.winner is not None:
            raise ValueError("the match is over")
        result = settle(order)
        team, at_ace = result.team, self.level == ACE
        if at_ace and self.levels[team] == ACE and result.gained >= 2:
            self.winner = team
        else:
            self.levels[team] = min(ACE, self.levels[team] + result.gained)
            if at_ace:  # the declaring team played its A and did not win the match
                self.failures[self.declarer] += 1
                if self.rules.a_attempts and self.failures[self.declarer] >= self.rules.a_attempts:
                    self.levels[self.declarer] = FIRST_LEVEL
                    self.failures[self.declarer] = 0
        self.declarer = team
        self.previous = _places(order)
        return result, self.winner

    def play(self, hand: Hand, choose) -> HandRecord:
        """Play ``hand`` to the end, ``choose(hand)`` giving each turn's play or
        ``None`` (pass), then record it."""
        while not hand.is_over:
            seat, play = hand.to_play, choose(hand)
            if play is None:
                hand.pass_(seat)
            else:
                hand.play(seat, play.cards, play.reading)
        return self.record(hand)


# ---------------------------------------------------------------------------
# Random players


# The lowest play of each kind: ``legal_plays`` against one of these gives every
# lead of that kind (and the bombs), far faster than every lead of every kind.
_FLOORS = {
    kind: Reading(kind, size, 0, 0)
    for kind, size in (
        (SINGLE, 1),
        (PAIR, 2),
        (TRIPLE, 3),
        (FULL_HOUSE, 5),
        (STRAIGHT, 5),
        (TUBE, 6),
        (PLATE, 6),
        (BOMB, 4),
    )
}


def random_lead(hand: Hand, rng: random.Random) -> Play:
    """A random lead: a kind at random, then a random play of that kind (bombs,
    straight flushes and four jokers are the kind ``bomb``); a random single when
    the hand has no play of that kind. Every play it gives is in ``hand.legal()``;
    asking ``legal_plays`` for one kind is what keeps random deals fast."""
    cards = hand.hands[hand.to_play]
    for kind in (rng.choice(list(_FLOORS)), SINGLE):
        plays = legal_plays(cards, _FLOORS[kind], hand.level, hand.rules)
        if kind != BOMB:
            plays = [p for p in plays if not p.reading.is_bomb]
        if plays:
            return rng.choice(plays)
    raise AssertionError("a hand with cards can always lead a single")


def random_choice(hand: Hand, rng: random.Random, pass_chance: float = 0.3) -> Play | None:
    """A random legal play, or a pass (never when leading): a random lead
    (``random_lead``), or a random one of the plays that beat the top."""
    if hand.top is None:
        return random_lead(hand, rng)
    if rng.random() < pass_chance:
        return None
    plays = hand.legal()
    return rng.choice(plays) if plays else None


def play_randomly(hand: Hand, rng: random.Random, pass_chance: float = 0.3) -> Hand:
    while not hand.is_over:
        seat, play = hand.to_play, random_choice(hand, rng, pass_chance)
        if play is None:
            hand.pass_(seat)
        else:
            hand.play(seat, play.cards, play.reading)
    return hand


def random_tribute(plan: TributePlan, rng: random.Random) -> tuple[dict, dict]:
    """Random choices among what the plan allows: which copy to pay, what to return."""
    paid = {p.payer: rng.choice(p.options) for p in plan.payments}
    returned = {r.giver: (rng.choice(r.choices),) for r in plan.returns}
    return paid, returned


def simulate(
    seed, hands: int = 1, *, rules: Rules = DEFAULT, pass_chance: float = 0.3
) -> Iterator[tuple[Match, HandRecord]]:
    """``hands`` whole deals between random players, in matches: when one match
    is won the next begins. Yields each hand's match and record."""
    rng = random.Random(seed)
    match = Match(rules, seed=rng.getrandbits(64))
    for _ in range(hands):
        if match.winner is not None:
            match = Match(rules, seed=rng.getrandbits(64))
        dealt, plan = match.next_deal()
        hand = match.start(dealt, plan, *random_tribute(plan, rng))
        play_randomly(hand, rng, pass_chance)
        yield match, match.record(hand)


__all__ += ["random_choice", "random_lead", "random_tribute"]
