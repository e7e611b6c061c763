"""One hand of 保皇 from the deal to the last card: the emperor's role offered round
the table, the called card, the rounds of play, the places and the score.

>>> hand = Hand.deal(seed=7)
>>> len(hand.reserve), [sum(h.values()) for h in hand.hands]
(1, [43, 43, 43, 43, 43])

The role is offered to a seat drawn at random (BH-18) with the held-back 大王. A
player who takes it calls a card it holds three of (BH-22); one who cannot, or will
not, passes the 大王 on clockwise, to the player before it in the order of play
(BH-19/20, BH-R04), and every decliner after the first adds one of its 2s.

Play runs counter-clockwise (seat 0 → 1 → 2 → 3 → 4), the emperor leading first
(BH-25). A round goes on while players beat the set on top; when everyone else has
passed, its last player leads the next (BH-06, BH-25). When a player goes out with
a set nobody beats, the next player may claim the lead, 接风 (BH-29, BH-R05): a
claim is a pass, and it succeeds when everyone else passes too. The hand ends when
one player is left (BH-30).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engines.cards import BIG_JOKER, CARDS, Card, cards_text, shoe, shuffled
from engines.climbing import ClimbingTrick, FinishingOrder, IllegalTurn
from engines.errors import RuleError

from . import (
    COPIES,
    DECKS,
    HAND_SIZE,
    SEATS,
    TWO,
    IllegalSet,
    Roles,
    Score,
    Set,
    beats,
    callable_cards,
    cards_for,
    legal_sets,
    next_offered,
    royalist_of,
    score,
    set_of,
    sort_cards,
    value,
    why_not,
)
from .rules import DEFAULT, Rules

__all__ = ["Action", "Hand", "IllegalAction", "play_randomly", "random_hand"]


class IllegalAction(RuleError):
    """A step the hand's phase or the rules forbid."""

    REASONS = {
        "phase": (
            "现在不是做这件事的时候。",
            "That is not what happens at this point of the hand.",
        ),
        "not-offered": ("皇帝没有让给这一家。", "The emperor's role is not offered to this seat."),
        "cannot-call": (
            "要做皇帝，手里得有三张点数、花色都相同的牌（不能是大小王或2）。",
            "To be emperor you need three identical cards (same rank and suit; "
            "not jokers, not 2s).",
        ),
        "not-callable": (
            "叫的牌必须是手里有三张（明独四张）点数、花色都相同的牌，且不能是大小王或2。",
            "Call a card you hold three copies of (four for 明独); not a joker, not a 2.",
        ),
        "no-two": ("这张牌不是你手里的2。", "That card is not a 2 of yours."),
        "no-claim": (
            "只有出完牌那一家的下家，才能对他的底牌申请接风。",
            "Only the player after the one who went out may claim the lead (接风).",
        ),
    }


@dataclass(frozen=True)
class Action:
    """One step of a hand, as the record keeps it: ``kind`` is ``"offer"``,
    ``"decline"``, ``"call"``, ``"play"``, ``"pass"`` or ``"claim"``."""

    seat: int
    kind: str
    cards: tuple[Card, ...] = ()

    def text(self) -> str:
        return f"{self.seat} {self.kind} {cards_text(self.cards)}".rstrip()


@dataclass
class Hand:
    """A hand of five: ``hands`` (Counters), the held-back ``reserve`` (the 大王 and
    the 2s that travel with it while the role is offered), the ``phase``:
    ``"offer"``, ``"play"``, ``"over"`` or ``"void"`` (all refused twice: redeal)."""

    hands: list[Counter]
    first: int
    rules: Rules = DEFAULT
    reserve: list[Card] = field(default_factory=lambda: [BIG_JOKER])
    phase: str = "offer"
    offered: int = field(init=False)
    declines: int = field(init=False, default=0)
    second_offer: bool = field(init=False, default=False)
    roles: Roles | None = field(init=False, default=None)
    trick: ClimbingTrick | None = field(init=False, default=None)
    order: FinishingOrder = field(init=False)
    record: list[Action] = field(init=False, default_factory=list)
    played: list[tuple[int, tuple[Card, ...]]] = field(init=False, default_factory=list)
    claimant: int | None = field(init=False, default=None)

    def __post_init__(self):
        if len(self.hands) != SEATS or not 0 <= self.first < SEATS:
            raise ValueError("a hand of 保皇 has five seats")
        self.hands = [Counter(h) for h in self.hands]
        self.offered = self.first
        self.order = FinishingOrder(SEATS)
        self.record.append(Action(self.first, "offer", tuple(self.reserve)))

    @classmethod
    def deal(cls, seed, rules: Rules = DEFAULT, first: int | None = None) -> Hand:
        """Four decks less one 大王, shuffled by ``seed``, 43 cards each (BH-17); the
        role offered first to ``first`` or a seat drawn by the seed (BH-18)."""
        cards = shoe(DECKS)
        cards.remove(BIG_JOKER)
        cards = shuffled(cards, seed)
        hands = [Counter(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS)]
        if first is None:
            first = random.Random(f"{seed}/first").randrange(SEATS)
        return cls(hands, first, rules)

    # -- who has what --------------------------------------------------------------

    def cards(self) -> Counter:
        """Every card in the game: the hands, the reserve and what has been played."""
        found = Counter(self.reserve)
        for h in self.hands:
            found += h
        for _, cards in self.played:
            found += Counter(cards)
        return found

    def still_in(self) -> list[int]:
        return [s for s in range(SEATS) if s not in self.order.out]

    @property
    def to_play(self) -> int | None:
        if self.phase == "offer":
            return self.offered
        if self.phase == "play":
            return self.trick.to_play
        return None

    # -- the role ------------------------------------------------------------------

    def _offer_turn(self, seat: int) -> None:
        if self.phase != "offer":
            raise IllegalAction("phase")
        if seat != self.offered:
            raise IllegalAction("not-offered", f"seat {self.offered} is offered the role")

    def can_call(self, seat: int) -> list[Card]:
        """The cards ``seat`` could call, were it emperor (BH-19, BH-22)."""
        return callable_cards(self.hands[seat], self.rules)

    def call(self, seat: int, card: int, *, open_alone: bool = False) -> Roles:
        """The offered ``seat`` takes the role and calls ``card`` (shows three copies;
        with ``open_alone`` all four, 明独). The reserve joins its hand."""
        self._offer_turn(seat)
        card = CARDS[card]
        if not self.can_call(seat):
            raise IllegalAction("cannot-call")
        need = COPIES if open_alone else 3
        if card not in self.can_call(seat) or self.hands[seat][card] < need:
            raise IllegalAction("not-callable", card.text())
        self.hands[seat] += Counter(self.reserve)
        self.reserve = []
        self.roles = royalist_of(self.hands, seat, card, open_alone=open_alone)
        self.record.append(Action(seat, "call", (card,) * need))
        self.phase = "play"
        self.trick = ClimbingTrick(leader=seat, seats=SEATS, beats=beats)
        return self.roles

    def decline(self, seat: int, two: int | None = None) -> None:
        """The offered ``seat`` refuses the role (or cannot call, BH-19/23): the
        reserve goes clockwise; after the first refusal each adds a 2 of its own,
        ``two`` or its first (BH-20). After five refusals the first seat is offered
        everything again, and a second refusal voids the hand (BH-21)."""
        self._offer_turn(seat)
        given: tuple[Card, ...] = ()
        if self.declines > 0 and not self.second_offer:
            twos = [c for c in sort_cards(self.hands[seat].elements()) if value(c) == TWO]
            if two is not None:
                if CARDS[two] not in twos:
                    raise IllegalAction("no-two", CARDS[two].text())
                given = (CARDS[two],)
            elif twos:
                given = (sorted(set(twos))[0],)
        elif two is not None:
            raise IllegalAction("no-two", "the first to refuse passes the 大王 alone")
        self.hands[seat] -= Counter(given)
        self.reserve += list(given)
        self.record.append(Action(seat, "decline", given))
        if self.second_offer:
            self.phase = "void"
            return
        self.declines += 1
        if self.declines == SEATS:
            self.second_offer = True
            self.offered = self.first
        else:
            self.offered = next_offered(seat)
        self.record.append(Action(self.offered, "offer", tuple(self.reserve)))

    # -- play ----------------------------------------------------------------------

    def _play_turn(self, seat: int) -> None:
        if self.phase != "play":
            raise IllegalAction("phase")
        if seat != self.trick.to_play:
            raise IllegalTurn("not-your-turn", f"seat {self.trick.to_play} is to play")

    @property
    def top(self) -> Set | None:
        return self.trick.top if self.trick is not None else None

    def legal(self, seat: int | None = None) -> list[Set]:
        """Every distinct set the seat to play may play now."""
        seat = self.trick.to_play if seat is None else seat
        return legal_sets(self.hands[seat], self.trick.top, self.rules)

    def play(self, seat: int, cards: Iterable[int]) -> Set:
        """``seat`` plays ``cards`` (a lead, or a set that beats the top)."""
        self._play_turn(seat)
        cards = tuple(sort_cards(cards))
        if Counter(cards) - self.hands[seat]:
            raise IllegalSet("not-in-hand", cards_text(cards))
        played = set_of(cards, self.rules)
        top = self.trick.top
        if top is not None:
            reason = why_not(played, top)
            if reason:
                raise IllegalSet(reason, f"{played.text()} on {top.text()}")
        self.hands[seat] -= Counter(cards)
        left = sum(self.hands[seat].values())
        self.trick.play(seat, played, left=left)
        self.played.append((seat, cards))
        self.record.append(Action(seat, "play", cards))
        self.claimant = None
        if left == 0:
            self.order.went_out(seat)
        self._after()
        return played

    def can_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim 接风 now: the set on top was its owner's last
        and ``seat`` is the next player still in after that owner (BH-29, BH-R05)."""
        t = self.trick
        return (
            self.phase == "play"
            and t.top is not None
            and t.owner in self.order.out
            and seat == t.to_play
            and seat == t.following(t.owner)
        )

    def pass_(self, seat: int, *, claim: bool = False) -> None:
        """``seat`` passes; with ``claim`` it asks for the lead (接风)."""
        self._play_turn(seat)
        if claim and not self.can_claim(seat):
            raise IllegalAction("no-claim")
        self.trick.pass_(seat)
        self.record.append(Action(seat, "claim" if claim else "pass"))
        if claim:
            self.claimant = seat
        self._after()

    def _after(self) -> None:
        if len(self.still_in()) <= 1:
            self.order.close(self.still_in())
            self.phase = "over"
            self.trick = None
            return
        if self.trick.is_over:
            leader = self.trick.next_leader
            self.claimant = None
            self.trick = ClimbingTrick(
                leader=leader, seats=SEATS, beats=beats, out=set(self.order.out)
            )

    # -- the end -------------------------------------------------------------------

    def score(self) -> Score:
        if self.phase != "over":
            raise IllegalAction("phase")
        return score(self.order.places, self.roles, self.rules)

    def view(self, seat: int) -> dict:
        """What ``seat`` knows: its own cards and role, everyone's card count, the
        called card and the emperor, what has been played; the royalist only to
        itself, or to all once it has played the called card (BH-02, BH-22);
        an emperor's hidden 独 only to the emperor."""
        roles = self.roles
        known: dict = {
            "seat": seat,
            "hand": sort_cards(self.hands[seat].elements()),
            "counts": [sum(h.values()) for h in self.hands],
            "played": list(self.played),
            "out": list(self.order.out),
        }
        if roles is None:
            return known | {"offered": self.offered, "reserve": list(self.reserve)}
        known |= {"emperor": roles.emperor, "called": roles.called, "open_alone": roles.open_alone}
        shown = any(s == roles.royalist and roles.called in cards for s, cards in self.played)
        if seat == roles.emperor:
            known["role"] = "emperor"
            known["royalist"] = "alone" if roles.alone else (roles.royalist if shown else None)
        elif seat == roles.royalist:
            known["role"] = "royalist"
            known["royalist"] = seat
        else:
            known["role"] = "rebel"
            known["royalist"] = roles.royalist if shown else ("alone" if roles.open_alone else None)
        return known


# ---------------------------------------------------------------------------
# Random play, for the tests and benches


def random_hand(seed, rules: Rules = DEFAULT, *, hands: list[Counter] | None = None) -> Hand:
    """A hand through its role phase, each offered player taking the role when it can
    call, now and then refusing (and the first seat refusing the second offer
    sometimes): a ``Hand`` in play, or void."""
    rng = random.Random(f"{seed}/roles")
    hand = Hand.deal(seed, rules) if hands is None else Hand(hands, rng.randrange(SEATS), rules)
    while hand.phase == "offer":
        seat = hand.offered
        options = hand.can_call(seat)
        if options and rng.random() < 0.8:
            card = rng.choice(options)
            open_alone = hand.hands[seat][card] >= COPIES and rng.random() < 0.5
            hand.call(seat, card, open_alone=open_alone)
        else:
            hand.decline(seat)
    return hand


def play_randomly(hand: Hand, rng: random.Random, pass_chance: float = 0.3) -> Hand:
    """Play ``hand`` to its end: each seat a random legal set, or a pass now and then
    when following (claiming 接风 when it may)."""
    while hand.phase == "play":
        seat = hand.trick.to_play
        options = hand.legal(seat)
        if hand.top is not None and (not options or rng.random() < pass_chance):
            hand.pass_(seat, claim=hand.can_claim(seat))
            continue
        chosen = rng.choice(options)
        hand.play(seat, cards_for(chosen, hand.hands[seat]))
    return hand
