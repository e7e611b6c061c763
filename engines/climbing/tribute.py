"""Tribute between two hands of a climbing game (进贡, 还贡, 抗贡): the shared part.

After a hand the losers give their best cards to the winners before the next one
is played; in some games the winners give cards back. What is shared by 掼蛋 and
保皇 is the shape of it, and this module holds only that:

* the **forced tribute**: the payer's highest cards by the game's order key, some
  cards excepted (Guandan's heart level cards). The ranks are forced; which copy
  to give, among cards of the same key, is the payer's choice (``tribute_options``);
* the **eligible returns**: the cards a receiver may give back, by the game's
  predicate, with a fallback when nothing qualifies ("if none, the smallest
  card", ``eligible_returns``);
* **anti-tribute** (抗贡) is a hook, ``AntiTribute``: the game looks at the payers'
  new hands and says whether the tribute is off (``holding`` builds the usual one);
* the **plan** (``TributePlan``): payments (payer, receiver, what they may give),
  returns (giver, receiver, what they may give back), and who leads. ``apply``
  moves the cards the players chose, refusing any the plan does not allow.

Who pays whom, and who leads, is the game's: Guandan's ``engines.guandan.hand``
builds its plan from these pieces.

>>> from collections import Counter
>>> from engines.cards import parse_cards, cards_text
>>> hand = Counter(parse_cards("♠A ♦A ♥K ♠3 BJ"))
>>> def rank(card):
...     return card.rank
>>> [cards_text(option) for option in tribute_options(hand, rank, exclude={parse_cards("BJ")[0]})]
['♠A', '♦A']
>>> cards_text(eligible_returns(hand, lambda card: card.rank <= 10, rank))
'♠3'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.cards import CARDS, Card, cards_text, sub_multisets
from engines.errors import RuleError

__all__ = [
    "AntiTribute",
    "IllegalTribute",
    "Payment",
    "Return",
    "TributePlan",
    "eligible_returns",
    "holding",
    "tribute_options",
]

Key = Callable[[Card], Any]
AntiTribute = Callable[[Mapping[int, Counter]], bool]  # payers' new hands → tribute off?


class IllegalTribute(RuleError):
    """A tribute or return card the plan does not allow."""

    REASONS = {
        "not-forced": (
            "进贡要给手里最大的牌（除规定的例外）。",
            "The tribute is your highest card (the stated exceptions aside).",
        ),
        "not-returnable": ("这张牌不能用来还贡。", "That card may not be given back."),
        "not-in-hand": ("手里没有这些牌。", "Those cards are not in the hand."),
        "no-tribute": ("这一方不用进贡或还贡。", "This seat has nothing to give."),
    }


def tribute_options(
    hand: Mapping[int, int], key: Key, *, exclude: Iterable[int] = (), count: int = 1
) -> tuple[tuple[Card, ...], ...]:
    """Every way to pay the forced tribute of ``count`` cards from ``hand``.

    The tribute is the ``count`` highest cards by ``key``, ``exclude`` set aside:
    their keys are forced, but where several cards share a key the payer picks
    which. ``()`` when the hand has fewer than ``count`` cards that may go.
    """
    barred = {CARDS[c] for c in exclude}
    eligible = Counter({CARDS[c]: n for c, n in hand.items() if n > 0 and CARDS[c] not in barred})
    ordered = sorted(eligible.elements(), key=key, reverse=True)
    if len(ordered) < count:
        return ()
    needed = Counter(key(c) for c in ordered[:count])
    parts = []
    for value in sorted(needed, reverse=True):
        same = Counter({c: n for c, n in eligible.items() if key(c) == value})
        parts.append(list(sub_multisets(same, needed[value])))
    options = [()]
    for part in parts:
        options = [done + more for done in options for more in part]
    return tuple(options)


def eligible_returns(
    hand: Mapping[int, int], allowed: Callable[[Card], bool], key: Key
) -> tuple[Card, ...]:
    """The distinct cards of ``hand`` that may be given back, smallest first: those
    ``allowed`` says, or, if none is, the smallest cards by ``key`` (the 2022
    competition rules' "如全手牌均大于10，则还最小的牌")."""
    cards = sorted({CARDS[c] for c, n in hand.items() if n > 0}, key=lambda c: (key(c), c))
    good = tuple(c for c in cards if allowed(c))
    if good or not cards:
        return good
    lowest = key(cards[0])
    return tuple(c for c in cards if key(c) == lowest)


def holding(card: int, copies: int) -> AntiTribute:
    """The anti-tribute that holds when the payers together have ``copies`` of
    ``card`` (Guandan: both big jokers)."""

    def check(hands: Mapping[int, Counter]) -> bool:
        return sum(h[card] for h in hands.values()) >= copies

    return check


@dataclass(frozen=True)
class Payment:
    """``payer`` gives ``receiver`` one of ``options`` (each a tuple of cards)."""

    payer: int
    receiver: int
    options: tuple[tuple[Card, ...], ...]

    @property
    def count(self) -> int:
        return len(self.options[0])

    @property
    def choices(self) -> tuple[Card, ...]:
        """The distinct cards that can be part of the tribute."""
        return tuple(sorted({c for option in self.options for c in option}))

    def text(self) -> str:
        return " / ".join(cards_text(option) for option in self.options)


@dataclass(frozen=True)
class Return:
    """``giver`` gives ``receiver`` back ``count`` cards, each one of ``choices``."""

    giver: int
    receiver: int
    choices: tuple[Card, ...]
    count: int = 1


@dataclass(frozen=True)
class TributePlan:
    """What happens between the deal and the first lead.

    ``kind`` names the case in the game's words (Guandan: ``"none"``, ``"single"``,
    ``"double"``, ``"resisted"``); ``resisted`` is anti-tribute: nothing moves.
    """

    kind: str
    leader: int
    payments: tuple[Payment, ...] = ()
    returns: tuple[Return, ...] = ()
    resisted: bool = False
    notes: tuple[str, ...] = field(default=())

    def payment_of(self, payer: int) -> Payment:
        for payment in self.payments:
            if payment.payer == payer:
                return payment
        raise IllegalTribute("no-tribute", f"seat {payer}")

    def return_of(self, giver: int) -> Return:
        for back in self.returns:
            if back.giver == giver:
                return back
        raise IllegalTribute("no-tribute", f"seat {giver}")

    def apply(
        self,
        hands: MutableMapping[int, Counter] | Sequence[Counter],
        paid: Mapping[int, Sequence[int]] | None = None,
        returned: Mapping[int, Sequence[int]] | None = None,
    ) -> tuple[dict[int, tuple[Card, ...]], dict[int, tuple[Card, ...]]]:
        """Move the cards: every payment, then every return (returns are shown
        together, GD-20). ``paid[payer]`` and ``returned[giver]`` are the players'
        choices; a seat not named gives its first option (of those it still holds,
        when it pays several times). A payer with several payments (保皇's emperor
        paying two or more receivers) names the cards of all of them, payment by
        payment in the plan's order. Returns what moved: each payer's cards in the
        plan's order, each giver's."""
        paid, returned = dict(paid or {}), dict(returned or {})
        if set(paid) - {p.payer for p in self.payments}:
            raise IllegalTribute("no-tribute", f"seats {sorted(paid)}")
        if set(returned) - {r.giver for r in self.returns}:
            raise IllegalTribute("no-tribute", f"seats {sorted(returned)}")
        owed = Counter()
        for payment in self.payments:
            owed[payment.payer] += payment.count
        for payer, cards in paid.items():
            if len(cards) != owed[payer]:
                raise IllegalTribute("not-forced", f"seat {payer} pays {owed[payer]} cards")
        moved_in, moved_back = {}, {}
        each: list[tuple[Card, ...]] = []  # the cards of each payment
        for payment in self.payments:
            payer = payment.payer
            done = len(moved_in.get(payer, ()))
            left = Counter(hands[payer]) - Counter(moved_in.get(payer, ()))
            options = [tuple(sorted(o)) for o in payment.options]
            if payer in paid:
                cards = tuple(sorted(CARDS[c] for c in paid[payer][done : done + payment.count]))
            else:
                cards = next((o for o in options if not Counter(o) - left), options[0])
            if cards not in options:
                raise IllegalTribute("not-forced", f"{cards_text(cards)}: {payment.text()}")
            moved_in[payer] = moved_in.get(payer, ()) + cards
            each.append(cards)
        for back in self.returns:
            cards = tuple(CARDS[c] for c in returned.get(back.giver, back.choices[: back.count]))
            if len(cards) != back.count or any(c not in back.choices for c in cards):
                raise IllegalTribute("not-returnable", cards_text(cards))
            moved_back[back.giver] = cards
        # Nothing moves unless every card is where it should be: the returns come
        # from the givers' own hands, not from the tribute they are given.
        for seat, cards in [*moved_in.items(), *moved_back.items()]:
            if Counter(cards) - hands[seat]:
                raise IllegalTribute("not-in-hand", f"seat {seat}: {cards_text(cards)}")
        for payment, cards in zip(self.payments, each, strict=True):
            _move(hands, payment.payer, payment.receiver, cards)
        for back in self.returns:
            _move(hands, back.giver, back.receiver, moved_back[back.giver])
        return moved_in, moved_back


def _move(hands, giver: int, receiver: int, cards: tuple[Card, ...]) -> None:
    hands[giver] -= Counter(cards)
    hands[receiver] += Counter(cards)
