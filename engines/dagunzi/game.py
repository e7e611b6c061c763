"""A whole hand of 打滚子, from the deal to the settlement, and a round of hands.

``Hand`` walks the phases in order: deal (with declaring as the cards come), trump,
tribute (喝血), the kitty (the dealer's bury, then others' jokers), play, settle.
``Match`` carries the levels, the dealer and the blood owed from hand to hand.
``simulate`` plays hands with random legal players and checks the invariants.

>>> match = Match(rules_for("lianzhong"), seed=7)
>>> hand = match.new_hand()
>>> hand.deal()
>>> sum(hand.hands[0].values()), len(hand.kitty)
(39, 6)
>>> outcome = play_randomly(hand, random.Random(7))
>>> sum(sum(h.values()) for h in hand.hands.values()) + len(hand.kitty) + len(hand.played())
162
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, field

from engines.cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    Card,
    next_seat,
    partner,
    previous_seat,
    same_side,
    seats_from,
    shoe,
    shuffled,
)
from engines.dagunzi import (
    DECKS,
    HAND_SIZE,
    KITTY_SIZE,
    TOTAL_POINTS,
    IllegalPlay,
    Order,
    check_play,
    group_size,
    is_point_card,
    legal_plays,
    points,
    trick_winner,
)
from engines.dagunzi.declare import (
    Declaration,
    IllegalDeclaration,
    check_declaration,
    first_by_lots,
    flip_for_dealer,
    kitty_trump,
    possible_declarations,
)
from engines.dagunzi.kitty import (
    IllegalBury,
    check_bury,
    check_joker_bury,
    is_ganguo,
    may_bury_jokers,
    others_barred,
    pickable,
)
from engines.dagunzi.rules import Rules, rules_for
from engines.dagunzi.settle import REPLAY, TAKE_OVER, Outcome, settle

__all__ = ["Hand", "Match", "Redeal", "play_randomly", "rules_for", "simulate"]

DEAL, BURY, JOKERS, PLAY, OVER = "deal", "bury", "jokers", "play", "over"
NORMAL, NO_GUNZI, DEAD_CARD = 3, 2, 1  # the biggest group a copy of a card may join

TRIBUTE_REASONS = {
    "tribute-size": ("要还 {n} 张牌。", "Return exactly {n} cards."),
    "tribute-cards": (
        "还贡要还副牌，而且不能是分牌（5、10、K）。",
        "Return side-suit cards, and no point cards (5, 10, K).",
    ),
}


class Redeal(Exception):  # noqa: N818 - an event, not an error
    """The cards must be dealt again (a kitty with too few suited cards to name a trump)."""


class IllegalAction(ValueError):
    """An action out of phase or out of turn."""

    def __init__(self, code: str, zh: str, en: str):
        self.code = code
        self.reason = {"zh": zh, "en": en}
        super().__init__(f"{code}: {en}")


@dataclass
class Tribute:
    payer: int
    receiver: int
    paid: list[Card] = field(default_factory=list)
    returned: list[Card] = field(default_factory=list)
    note: str = ""  # "reversed" (the payer held three big jokers) or "cancelled"


class Hand:
    """One hand. Seats 0-3 in playing order (counter-clockwise); sides are seat % 2."""

    def __init__(
        self,
        rules: Rules,
        *,
        levels: tuple[int, int] = (3, 3),
        dealer: int | None = None,
        first: int = 0,
        blood: int = 0,
        seed: int | str | None = None,
        cards: Sequence[int] | None = None,
    ):
        self.rules = rules
        self.levels = tuple(levels)
        self.dealer = dealer  # None: the first hand of a round, decided by the grab or flip
        self.first = first if dealer is None else dealer
        self.blood = blood
        self.stream = list(cards) if cards is not None else shuffled(shoe(DECKS), seed)
        if Counter(self.stream) != Counter(shoe(DECKS)):
            raise ValueError("a hand is dealt from three full decks (162 cards)")
        self.rng = random.Random(seed)
        self.hands: dict[int, Counter] = {s: Counter() for s in range(4)}
        # Copies that may join at most a 棒 (picked from the kitty, seed 000) or nothing
        # (a 温莎 dead card).
        self.no_gunzi: dict[int, Counter] = {s: Counter() for s in range(4)}
        self.dead: dict[int, Counter] = {s: Counter() for s in range(4)}
        self.kitty: list[Card] = []
        self.phase = DEAL
        self.trump: int | None = None
        self.declaration: Declaration | None = None
        self.declarations: list[Declaration] = []
        self.grabber: int | None = None
        self.flips: list[tuple[int, Card]] = []
        self.kitty_shown = False
        self.ganguo = False
        self.tribute: Tribute | None = None
        self.locked: list[Card] = []  # jokers the partner buried before the dealer (温莎)
        self.dealer_bury: list[Card] | None = None
        self.joker_buries: list[tuple[int, list[Card], list[Card]]] = []
        self.tricks: list[tuple[int, list[tuple[Card, ...]], int]] = []  # leader, plays, winner
        self.trick: list[tuple[Card, ...]] = []
        self.grouped: list[bool] = []
        self.leader: int | None = None
        self.won: dict[int, int] = {0: 0, 1: 0}  # trick points by side
        self.outcome: Outcome | None = None
        self.dealt = 0

    # -- phase 1: the deal and the trump ------------------------------------------

    @property
    def level(self) -> int:
        return self.levels[self.dealer % 2] if self.dealer is not None else self.levels[0]

    def deal(self, on_draw: Callable[[Hand, int, Card], None] | None = None) -> None:
        """Deal 39 cards to each seat, one at a time from the first seat; 6 stay as kitty.

        ``on_draw(hand, seat, card)`` runs after each card, so players can grab the big
        joker or declare as the cards come (不限定现抓现亮: later is allowed too).
        """
        self._need(DEAL)
        seat = self.first
        for card in self.stream[: 4 * HAND_SIZE]:
            card = CARDS[card]
            self.hands[seat][card] += 1
            self.dealt += 1
            if self.grabber == seat and self.trump is None and not card.is_joker:
                self.trump = card.suit
            if on_draw is not None:
                on_draw(self, seat, card)
            seat = next_seat(seat)
        self.kitty = [CARDS[c] for c in self.stream[4 * HAND_SIZE :]]

    def grab(self, seat: int) -> None:
        """First hand: show a big joker (抢亮大王); nobody can take it away."""
        self._need(DEAL)
        if self.dealer is not None:
            raise IllegalAction(
                "not-first-hand",
                "只有一轮的第一把抢亮大王。",
                "Grabbing the big joker decides the dealer only in a round's first hand.",
            )
        if self.grabber is not None:
            raise IllegalAction(
                "grabbed",
                "大王已经被抢亮了，别人反不了。",
                "The big joker has been shown already; nobody can override it.",
            )
        if not self.hands[seat][BIG_JOKER]:
            raise IllegalAction("no-big-joker", "你手里没有大王。", "You don't hold a big joker.")
        self.grabber = seat

    def declare(self, declaration: Declaration) -> None:
        """Later hands: show level cards (打几亮几) or three jokers, overriding if allowed."""
        self._need(DEAL)
        if self.dealer is None:
            raise IllegalAction(
                "first-hand",
                "第一把要抢亮大王，不用级牌亮主。",
                "In a round's first hand the big joker is grabbed; level cards don't declare.",
            )
        check_declaration(
            self.rules, self.level, self.hands[declaration.seat], declaration, self.declaration
        )
        self.declaration = declaration
        self.declarations.append(declaration)

    def finish_deal(self) -> None:
        """Fix the dealer and the trump once the cards are out; ``Redeal`` if none can be."""
        self._need(DEAL)
        if self.dealt < 4 * HAND_SIZE:
            raise IllegalAction("dealing", "牌还没发完。", "The cards are still being dealt.")
        if self.dealer is None:
            if self.grabber is not None:
                self.dealer = self.grabber
                self.kitty_shown = True
                if self.trump is None:  # grabbed with the last card: the kitty names it
                    suited = [c for c in self.kitty if not c.is_joker]
                    if not suited:
                        raise Redeal("the kitty holds only jokers")
                    self.trump = suited[0].suit
            else:
                flipped = flip_for_dealer(self.rules, self.kitty, self.first, self.rng)
                if flipped is None:
                    raise Redeal("the kitty holds too few suited cards to flip for the dealer")
                self.dealer, self.trump, self.flips = flipped
        elif self.declaration is not None:
            self.trump = self.declaration.suit
            self.kitty_shown = True
        else:
            self.trump = kitty_trump(self.kitty, self.rng)
            if self.trump is None:
                raise Redeal("the kitty holds only jokers")
        self.order = Order(self.level, self.trump)
        self._pay_tribute()
        if self.kitty_shown:
            self.ganguo = is_ganguo(self.rules, self.kitty, self.order)
        self.phase = BURY
        if self.ganguo and not self._dealer_must_bury_in_ganguo():
            self._start_play()

    def _dealer_must_bury_in_ganguo(self) -> bool:
        """大连日报: the dealer buries a joker even in 干锅, swapping it for a small card."""
        hand = self.hands[self.dealer]
        return (
            self.rules.always_bury
            and bool(hand[BIG_JOKER] or hand[SMALL_JOKER])
            and bool(pickable(self.kitty, self.order))
        )

    # -- phase 2: tribute --------------------------------------------------------

    def _pay_tribute(self) -> None:
        if not self.blood:
            return
        payer, receiver = previous_seat(self.dealer), self.dealer
        tribute = Tribute(payer=payer, receiver=receiver)
        if self.hands[payer][BIG_JOKER] == DECKS:
            tribute.note, payer, receiver = "reversed", receiver, payer
        elif self.hands[partner(payer)][BIG_JOKER] == DECKS:
            tribute.note = "cancelled"
            self.tribute = tribute
            return
        tribute.payer, tribute.receiver = payer, receiver
        tribute.paid = tribute_cards(self.hands[payer], self.blood, self.order)
        self.hands[payer] -= Counter(tribute.paid)
        self.hands[receiver] += Counter(tribute.paid)
        back = default_return(self.hands[receiver], len(tribute.paid), self.order)
        tribute.returned = back
        self.hands[receiver] -= Counter(back)
        self.hands[payer] += Counter(back)
        self.tribute = tribute

    def change_return(self, cards: Sequence[int]) -> None:
        """The receiver chooses which cards go back (any side-suit, non-point cards)."""
        tribute = self.tribute
        started = self.dealer_bury or self.joker_buries or self.tricks or self.trick
        if tribute is None or not tribute.paid or self.phase not in (BURY, PLAY) or started:
            raise IllegalAction(
                "no-tribute", "现在没有要还的贡。", "There is no tribute to return now."
            )
        cards = [CARDS[c] for c in cards]
        receiver, payer = tribute.receiver, tribute.payer
        # The receiver's hand as it was before returning anything.
        before = self.hands[receiver] + Counter(tribute.returned)
        check_return(before, cards, len(tribute.paid), self.order)
        self.hands[receiver] = before - Counter(cards)
        self.hands[payer] = self.hands[payer] - Counter(tribute.returned) + Counter(cards)
        tribute.returned = cards

    # -- phase 3: the kitty --------------------------------------------------------

    def bury(self, cards: Sequence[int]) -> None:
        """The dealer takes the kitty and buries as many cards (jokers and points allowed)."""
        self._need(BURY)
        if self.ganguo:
            raise IllegalBury("ganguo")
        dealer = self.dealer
        open_part = Counter(self.kitty) - Counter(self.locked)
        hand = self.hands[dealer] + open_part
        size = KITTY_SIZE - len(self.locked)
        left = check_bury(self.rules, hand, cards, size=size)
        self.hands[dealer] = left
        self.dealer_bury = [CARDS[c] for c in cards]
        self.kitty = list(self.locked) + self.dealer_bury
        if any(c.is_joker for c in self.dealer_bury):
            self.kitty_shown = True
        self.phase = JOKERS
        if self.rules.partner_buries_first or not self.joker_buriers():
            self._start_play()

    def joker_buriers(self) -> list[int]:
        """The seats that may still bury jokers now, in turn order after the dealer."""
        if self.phase == BURY and self.ganguo:
            return [self.dealer] if self._dealer_must_bury_in_ganguo() else []
        if self.phase == BURY and self.rules.partner_buries_first and not self.joker_buries:
            return [partner(self.dealer)]
        if self.phase != JOKERS or others_barred(self.rules, self.dealer_bury):
            return []
        done = {seat for seat, _, _ in self.joker_buries}
        return [
            s
            for s in seats_from(next_seat(self.dealer))
            if s not in done
            and may_bury_jokers(self.rules, s, self.dealer)
            and (self.hands[s][BIG_JOKER] or self.hands[s][SMALL_JOKER])
            and pickable(self.kitty, self.order)
        ]

    def bury_jokers(self, seat: int, jokers: Sequence[int], picks: Sequence[int] | None = None):
        """A seat puts jokers in the kitty and takes back as many of its smallest cards."""
        now = seat in self.joker_buriers()
        # The rules' own reason first, if one stands in the way; otherwise it is not the time.
        taken = check_joker_bury(
            self.rules,
            seat,
            self.dealer,
            self.hands[seat],
            self.kitty,
            jokers,
            picks,
            self.order,
            dealer_bury=self.dealer_bury,
            ganguo=self.ganguo,
        )
        if not now:
            raise IllegalAction("not-now", "现在不能扣王。", "You may not bury jokers now.")
        jokers = [CARDS[c] for c in jokers]
        self.hands[seat] -= Counter(jokers)
        self.hands[seat] += Counter(taken)
        if self.rules.picked_no_gunzi:
            self.no_gunzi[seat] += Counter(taken)
        kitty = Counter(self.kitty) - Counter(taken) + Counter(jokers)
        self.kitty = sorted(kitty.elements())
        self.joker_buries.append((seat, jokers, taken))
        if jokers:
            self.kitty_shown = True
        if self.phase == BURY and self.ganguo:
            self._start_play()
        elif self.phase == BURY:
            self.locked = list(jokers)
        elif not self.joker_buriers():
            self._start_play()

    def start_play(self) -> None:
        """Nobody else wants to bury jokers: the dealer leads the first trick."""
        if self.phase == BURY and self.ganguo and self._dealer_must_bury_in_ganguo():
            raise IllegalBury("must-bury-joker")
        self._need(JOKERS)
        self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self.leader = self.dealer

    # -- phase 4: play ----------------------------------------------------------

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def caps(self, seat: int) -> dict | None:
        """The biggest group each restricted card of ``seat`` can still make, or ``None``."""
        if not (self.no_gunzi[seat] or self.dead[seat]):
            return None
        caps = {}
        for card in set(self.no_gunzi[seat]) | set(self.dead[seat]):
            copies = self._copies(seat, card)
            caps[card] = max(
                (k for k in range(1, len(copies) + 1) if copies[k - 1] >= k), default=0
            )
        return caps

    def _copies(self, seat: int, card: int) -> list[int]:
        """The group limit of each copy of ``card`` that ``seat`` holds, best first."""
        dead, no_gunzi = self.dead[seat][card], self.no_gunzi[seat][card]
        normal = self.hands[seat][card] - dead - no_gunzi
        return [NORMAL] * normal + [NO_GUNZI] * no_gunzi + [DEAD_CARD] * dead

    def legal(self, seat: int | None = None) -> list[tuple[Card, ...]]:
        seat = self.to_play if seat is None else seat
        return legal_plays(
            self.hands[seat],
            self.trick,
            self.order,
            follow=self.rules.follow,
            caps=self.caps(seat),
        )

    def play(self, seat: int, cards: Sequence[int]) -> tuple[Card, ...]:
        """Play cards for ``seat``; raises ``IllegalPlay`` with the rule's reason."""
        if self.phase == OVER:
            raise IllegalPlay("hand-over")
        self._need(PLAY)
        if seat != self.to_play:
            raise IllegalPlay("not-your-turn")
        caps = self.caps(seat)
        play = check_play(
            self.hands[seat], self.trick, cards, self.order, follow=self.rules.follow, caps=caps
        )
        size = group_size(play)
        grouped = size < 2 or caps is None or caps.get(play[0], size) >= size
        self._remove(seat, play, grouped)
        self.trick.append(play)
        self.grouped.append(grouped)
        if len(self.trick) == 4:
            self._end_trick()
        return play

    def _remove(self, seat: int, play: tuple[Card, ...], grouped: bool) -> None:
        """Take the played copies out: a group uses the best copies, singles the worst."""
        for card, count in Counter(play).items():
            copies = self._copies(seat, card)
            used = copies[:count] if grouped and count > 1 else copies[-count:]
            self.hands[seat][card] -= count
            self.dead[seat][card] -= used.count(DEAD_CARD)
            self.no_gunzi[seat][card] -= used.count(NO_GUNZI)
        for counter in (self.hands, self.dead, self.no_gunzi):
            counter[seat] = +counter[seat]

    def _end_trick(self) -> None:
        winner_index = trick_winner(self.trick, self.order, self.grouped)
        winner = (self.leader + winner_index) % 4
        self.won[winner % 2] += sum(points(p) for p in self.trick)
        self.tricks.append((self.leader, self.trick, winner))
        self.trick, self.grouped, self.leader = [], [], winner
        if not any(self.hands.values()) or all(not +h for h in self.hands.values()):
            self._settle(winner)

    def take_back(self, seat: int, card: int) -> None:
        """温莎小镇法 (落地开花): a card shown by mistake goes back dead.

        It stays in the hand but joins no 棒 or 滚子 ("只能当一个没有名份的小卒").
        The engine refuses illegal plays before they reach the table; this is the
        referee's penalty for a card that was shown and returned.
        """
        if not self.rules.dead_cards:
            raise IllegalAction(
                "no-penalty", "这套规则没有死牌的罚则。", "These rules have no dead-card penalty."
            )
        if self.hands[seat][card] <= self.dead[seat][card]:
            raise IllegalPlay("not-in-hand", cards=CARDS[card].text())
        if self.no_gunzi[seat][card] and self._copies(seat, card).count(NORMAL) == 0:
            self.no_gunzi[seat][card] -= 1
        self.dead[seat][card] += 1

    def _settle(self, last_winner: int) -> None:
        dealer_side = self.dealer % 2
        dug = not same_side(last_winner, self.dealer)
        self.outcome = settle(
            self.rules,
            trick_points=self.won[1 - dealer_side],
            dug=dug,
            kitty=self.kitty,
            levels=self.levels,
            dealer_side=dealer_side,
            ganguo=self.ganguo,
        )
        self.phase = OVER

    # -- helpers -------------------------------------------------------------------

    def played(self) -> list[Card]:
        cards = [c for _, plays, _ in self.tricks for p in plays for c in p]
        return cards + [c for p in self.trick for c in p]

    def _need(self, phase: str) -> None:
        if self.phase != phase:
            raise IllegalAction(
                "phase",
                "现在不是这一步。",
                f"That belongs to the {phase} phase; this is {self.phase}.",
            )

    def check_invariants(self) -> None:
        """162 cards accounted for, 300 points in all; raises ``AssertionError`` if not."""
        everything = Counter()
        for hand in self.hands.values():
            everything += hand
        everything += Counter(self.kitty) + Counter(self.played())
        if everything != Counter(shoe(DECKS)):
            raise AssertionError(f"cards lost or made: {everything - Counter(shoe(DECKS))}")
        if self.phase == OVER:
            total = self.won[0] + self.won[1] + points(self.kitty)
            if total != TOTAL_POINTS:
                raise AssertionError(f"the points add up to {total}, not 300")
        for level in self.levels + (self.outcome.levels if self.outcome else ()):
            if not 3 <= level <= 10:
                raise AssertionError(f"level {level} outside 3-10")


def tribute_cards(hand: Counter, count: int, order: Order) -> list[Card]:
    """The payer's biggest cards, point cards excepted (so 5s and 10s never go)."""
    candidates = [c for c in hand.elements() if not is_point_card(c)]
    candidates.sort(key=lambda c: (-order.strength[c], order.key(c)))
    return [CARDS[c] for c in candidates[:count]]


def returnable(hand: Counter, order: Order) -> list[Card]:
    """Cards that may go back: side suits, no points; smallest first."""
    cards = [c for c in hand.elements() if not order.is_trump(c) and not is_point_card(c)]
    return [CARDS[c] for c in sorted(cards, key=lambda c: (order.strength[c], order.key(c)))]


def default_return(hand: Counter, count: int, order: Order) -> list[Card]:
    """The receiver's smallest side cards; if short, the smallest non-point trumps."""
    back = returnable(hand, order)[:count]
    if len(back) < count:
        rest = Counter(hand) - Counter(back)
        more = [c for c in reversed(order.sorted(rest.elements())) if not is_point_card(c)]
        back += more[: count - len(back)]
    return back


def check_return(hand: Counter, cards: Sequence[Card], count: int, order: Order) -> None:
    zh, en = TRIBUTE_REASONS["tribute-size"]
    if len(cards) != count:
        raise IllegalAction("tribute-size", zh.format(n=count), en.format(n=count))
    if Counter(cards) - hand:
        raise IllegalAction("not-in-hand", "你手里没有这些牌。", "You don't hold these cards.")
    allowed = Counter(returnable(hand, order))
    if Counter(cards) - allowed and len(allowed) >= count:
        zh, en = TRIBUTE_REASONS["tribute-cards"]
        raise IllegalAction("tribute-cards", zh, en)


# ---------------------------------------------------------------------------
# A round of hands


class Match:
    """Levels, dealer and blood from hand to hand; a round ends past 10 or on 0/300 points."""

    def __init__(self, rules: Rules, *, seed: int = 0):
        self.rules = rules
        self.rng = random.Random(seed)
        self.levels = (3, 3)
        self.dealer: int | None = None
        self.blood = 0
        self.rounds_won = [0, 0]
        self.online = [0, 0]
        self.hands_played = 0

    def new_hand(self) -> Hand:
        if self.rules.first_deal == "lots":
            first, _ = first_by_lots(self.rng)
        else:
            first = self.rng.randrange(4)
        return Hand(
            self.rules,
            levels=self.levels,
            dealer=self.dealer,
            first=first,
            blood=self.blood,
            seed=self.rng.getrandbits(64),
        )

    def record(self, hand: Hand) -> Outcome:
        outcome = hand.outcome
        self.hands_played += 1
        self.online[0] += outcome.online[0]
        self.online[1] += outcome.online[1]
        if hand.tribute and hand.tribute.paid:
            paid = len(hand.tribute.paid)
            self.online[hand.tribute.payer % 2] -= paid
            self.online[hand.tribute.receiver % 2] += paid
        if outcome.round_over:
            self.rounds_won[outcome.round_winner] += 1
            self.levels, self.dealer, self.blood = (3, 3), None, 0
            return outcome
        self.levels = outcome.levels
        if outcome.result == REPLAY:
            self.blood = 0
        elif outcome.result == TAKE_OVER:
            self.dealer, self.blood = next_seat(hand.dealer), outcome.blood
        else:
            self.dealer, self.blood = partner(hand.dealer), outcome.blood
        return outcome


# ---------------------------------------------------------------------------
# Random legal players


def _random_draw(rng: random.Random, grab_chance: float = 0.5, declare_chance: float = 0.15):
    def on_draw(hand: Hand, seat: int, card: Card) -> None:
        if hand.dealer is None:
            if card == BIG_JOKER and hand.grabber is None and rng.random() < grab_chance:
                hand.grab(seat)
            return
        if rng.random() < declare_chance:
            options = possible_declarations(
                hand.rules, hand.level, seat, hand.hands[seat], hand.declaration
            )
            if options:
                hand.declare(rng.choice(options))

    return on_draw


def random_bury(hand: Hand, rng: random.Random) -> list[Card]:
    dealer = hand.dealer
    cards = list((hand.hands[dealer] + (Counter(hand.kitty) - Counter(hand.locked))).elements())
    size = KITTY_SIZE - len(hand.locked)
    while True:
        bury = rng.sample(cards, size)
        try:
            check_bury(hand.rules, Counter(cards), bury, size=size)
        except IllegalBury:
            continue
        return bury


def random_jokers(hand: Hand, seat: int, rng: random.Random) -> list[Card]:
    held = hand.hands[seat]
    room = len(pickable(hand.kitty, hand.order))
    count = rng.randint(0, min(room, held[BIG_JOKER] + held[SMALL_JOKER]))
    big = min(count, held[BIG_JOKER])
    return [BIG_JOKER] * big + [SMALL_JOKER] * (count - big)


def play_randomly(hand: Hand, rng: random.Random, *, check: bool = False) -> Outcome:
    """Play ``hand`` to the end with random legal choices; the outcome."""
    if hand.phase == "deal":
        if not hand.dealt:
            hand.deal(_random_draw(rng))
        hand.finish_deal()
    tribute = hand.tribute
    if tribute and tribute.paid and rng.random() < 0.5:
        pool = returnable(hand.hands[tribute.receiver], hand.order)
        pool += [c for c in tribute.returned if c not in pool]
        if len(pool) >= len(tribute.paid):
            with suppress(IllegalAction):
                hand.change_return(rng.sample(pool, len(tribute.paid)))
    if hand.phase == BURY and hand.ganguo:
        jokers = random_jokers(hand, hand.dealer, rng) or [
            BIG_JOKER if hand.hands[hand.dealer][BIG_JOKER] else SMALL_JOKER
        ]
        hand.bury_jokers(hand.dealer, jokers)
    if hand.phase == BURY and hand.rules.partner_buries_first and rng.random() < 0.5:
        hand.bury_jokers(partner(hand.dealer), random_jokers(hand, partner(hand.dealer), rng))
    if hand.phase == BURY:
        hand.bury(random_bury(hand, rng))
    while hand.phase == JOKERS:
        seats = hand.joker_buriers()
        if not seats or rng.random() < 0.5:
            hand.start_play()
            break
        hand.bury_jokers(seats[0], random_jokers(hand, seats[0], rng))
    while hand.phase == PLAY:
        if hand.rules.dead_cards and rng.random() < 0.02:  # a misplay, taken back dead
            seat = hand.to_play
            live = [c for c, k in hand.hands[seat].items() if k > hand.dead[seat][c]]
            if live:
                hand.take_back(seat, rng.choice(sorted(live)))
        hand.play(hand.to_play, rng.choice(hand.legal()))
        if check:
            hand.check_invariants()
    return hand.outcome


def simulate(rules: Rules, hands: int, *, seed: int = 0) -> Iterator[Hand]:
    """``hands`` hands of a match between random legal players, invariants checked."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    played = 0
    while played < hands:
        hand = match.new_hand()
        try:
            hand.deal(_random_draw(rng))
            hand.finish_deal()
        except Redeal:
            continue
        play_randomly(hand, rng)
        hand.check_invariants()
        match.record(hand)
        played += 1
        yield hand


__all__ += ["IllegalAction", "IllegalDeclaration", "Tribute"]
