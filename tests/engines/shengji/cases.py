"""Seeded random deals for the oracle tests.

Uniform deals almost never give a follower a long, pair-rich holding in the led
suit, which is where the follow rules bite; these generators lean hands towards
one or two effective suits, towards pairs, and sometimes plant a tractor. A case
is rebuilt from its seed alone, so a failure message that prints the seed is a
reproducible case.
"""

from __future__ import annotations

import random
from collections import Counter

from engines.cards import CARDS, cards_text
from tests.engines.shengji.oracle import TRUMP, Model

SUIT_NAMES = {0: "♠", 1: "♥", 2: "♣", 3: "♦", None: "NT", TRUMP: "trump"}


def two_deck_shoe() -> Counter:
    return Counter(dict.fromkeys(CARDS, 2))


def take(shoe: Counter, cards) -> None:
    shoe.subtract(cards)
    assert min(shoe.values()) >= 0, "drew a card the shoe no longer holds"


def random_model(rng: random.Random) -> Model:
    level = rng.randint(2, 14)
    trump = rng.choice([0, 1, 2, 3, None])
    return Model(level, trump, ace_links_level=rng.random() < 0.7)


def random_suit(rng: random.Random, model: Model) -> int:
    """An effective suit that holds cards, trumps a little more often than uniform."""
    if rng.random() < 0.3:
        return TRUMP
    return rng.choice(model.suits_present())


def suit_cards(model: Model, suit: int | None, shoe: Counter) -> list:
    """The shoe's remaining cards of one effective suit (None: of any), copies repeated."""
    pool = CARDS if suit is None else model.cards_of(suit)
    return [card for card in pool for _ in range(shoe[card])]


def random_unit(rng, model, suit, shoe, length: int, high: bool = False):
    """The cards of a random unit of that length the shoe can still supply, or ().

    ``high`` picks among the three highest such units (throws that may stand).
    """
    units = model.units_of_length(suit_cards(model, suit, shoe), length)
    if high:
        units = sorted(units, key=model.top)[-3:]
    return rng.choice(units)[1] if units else ()


def draw(rng, model, suit, shoe, count: int, pair_bias: float) -> list:
    """Up to ``count`` cards of one suit (None: any), taking both copies with ``pair_bias``."""
    drawn = []
    while len(drawn) < count:
        pool = [card for card in (CARDS if suit is None else model.cards_of(suit)) if shoe[card]]
        if not pool:
            break
        card = rng.choice(pool)
        copies = (
            2 if shoe[card] == 2 and count - len(drawn) >= 2 and rng.random() < pair_bias else 1
        )
        take(shoe, [card] * copies)
        drawn += [card] * copies
    return drawn


def random_lead(rng: random.Random, model: Model, suit: int, shoe: Counter) -> list:
    """A single, a pair, a tractor of 2-3, or several units of one suit (≤ 6 cards)."""
    kind = rng.random()
    if kind < 0.2:
        lengths = [0]
    elif kind < 0.4:
        lengths = [1]
    elif kind < 0.6:
        lengths = [rng.choice([2, 2, 3])]
    else:
        lengths, size = [], 0
        for _ in range(rng.randint(2, 4)):
            length = rng.choice([0, 0, 1, 1, 2, 2, 3])
            cards = 1 if length == 0 else 2 * length
            if size + cards <= 6:
                lengths.append(length)
                size += cards
    lead = []
    for length in lengths:
        unit = random_unit(rng, model, suit, shoe, length)
        take(shoe, unit)
        lead += unit
    if not lead:
        lead = draw(rng, model, suit, shoe, 1, 0.0)
    return sorted(lead)


def random_big_lead(rng: random.Random, model: Model, suit: int, shoe: Counter) -> list:
    """Two tractors (2-3 pairs each) and maybe a pair or a single: 8-10 cards of one suit."""
    lead = []
    for length in (rng.choice([2, 2, 3]), 2, rng.choice([0, 1, None])):
        if length is not None and len(lead) + max(1, 2 * length) <= 10:
            unit = random_unit(rng, model, suit, shoe, length)
            take(shoe, unit)
            lead += unit
    return sorted(lead)


def random_hand(rng: random.Random, model: Model, suit: int, shoe: Counter, size=None) -> list:
    """A hand of 1-25 cards, usually long and pair-rich in ``suit``, sometimes void in it."""
    size = rng.randint(1, 25) if size is None else size
    mode = rng.random()
    share = rng.uniform(0.5, 1.0) if mode < 0.55 else rng.uniform(0.0, 0.5) if mode < 0.8 else 0.0
    pair_bias = rng.choice([0.0, 0.3, 0.6, 0.9])
    hand = []
    if share and rng.random() < 0.35:
        hand += random_unit(rng, model, suit, shoe, rng.choice([2, 2, 3]))
        take(shoe, hand)
    hand += draw(rng, model, suit, shoe, max(0, round(share * size) - len(hand)), pair_bias)
    if rng.random() < 0.5:
        others = [s for s in model.suits_present() if s != suit]
        second = TRUMP if suit != TRUMP and rng.random() < 0.5 else rng.choice(others)
        hand += draw(rng, model, second, shoe, size - len(hand), pair_bias)
    hand += draw(rng, model, None, shoe, size - len(hand), pair_bias / 2)
    return sorted(hand)


def follow_case(seed) -> tuple[Model, list, list]:
    """(model, hand, lead) for one seed."""
    rng = random.Random(seed)
    model = random_model(rng)
    suit = random_suit(rng, model)
    shoe = two_deck_shoe()
    lead = random_lead(rng, model, suit, shoe)
    hand = random_hand(rng, model, suit, shoe, rng.randint(len(lead), 25))  # a follower holds ≥ n
    suited = [card for card in hand if model.suit[card] == suit]
    if len(lead) - len(suited) >= 4 and len(hand) > len(lead) + 8:
        # Four or more free cards from a big hand: up to 10^5 plays, all "anything
        # goes"; a smaller hand checks the same rule at a hundredth of the cost.
        others = [card for card in hand if model.suit[card] != suit]
        extra = rng.sample(others, len(hand) - len(lead) - 8)
        hand = sorted((Counter(hand) - Counter(extra)).elements())
    return model, hand, lead


def trick_case(seed) -> tuple[Model, list, list]:
    """(model, the three followers' hands, the lead) for one seed.

    A lead of several units is checked against the followers' hands as a throw
    and replaced by its forced unit when it fails, as at the table.
    """
    rng = random.Random(seed)
    model = random_model(rng)
    suit = random_suit(rng, model)
    shoe = two_deck_shoe()
    lead = random_lead(rng, model, suit, shoe)
    hands = [random_hand(rng, model, suit, shoe, rng.randint(len(lead), 15)) for _ in range(3)]
    ok, forced = model.check_throw(lead, hands)
    if not ok:
        lead = list(min(forced))
    return model, hands, lead


def pick_follow(rng: random.Random, model: Model, hand: list, lead: list) -> tuple:
    """One legal follow by the oracle, a ruff (all trumps) more often than chance."""
    follows = sorted(model.legal_follows(hand, lead))
    ruffs = [p for p in follows if all(model.suit[c] == TRUMP for c in p)]
    if ruffs and rng.random() < 0.6:
        return rng.choice(ruffs)
    return rng.choice(follows)


def throw_case(seed) -> tuple[Model, list, list]:
    """(model, throw of 2-4 units of one suit, three other hands) for one seed."""
    rng = random.Random(seed)
    model = random_model(rng)
    suit = random_suit(rng, model)
    shoe = two_deck_shoe()
    high = rng.random() < 0.5
    throw = []
    for _ in range(rng.randint(2, 4)):
        unit = random_unit(rng, model, suit, shoe, rng.choice([0, 0, 1, 1, 2, 3]), high)
        take(shoe, unit)
        throw += unit
    if not throw:
        throw = draw(rng, model, suit, shoe, 2, 0.0)
    others = [random_hand(rng, model, suit, shoe, rng.randint(1, 20)) for _ in range(3)]
    return model, sorted(throw), others


def big_follow_case(seed) -> tuple[Model, list, list]:
    """(model, hand, lead) for a lead with two tractors (8-10 cards)."""
    rng = random.Random(seed)
    model = random_model(rng)
    suit = random_suit(rng, model)
    shoe = two_deck_shoe()
    lead = random_big_lead(rng, model, suit, shoe)
    hand = random_hand(rng, model, suit, shoe, rng.randint(max(1, len(lead)), 25))
    suited = [card for card in hand if model.suit[card] == suit]
    # Keeps the plays to thousands: 16 suited cards at most, and a short hand
    # (any cards may complete the play) no more than 6 cards over the lead.
    if len(suited) > 16:
        extra = rng.sample(suited, len(suited) - 16)
    elif len(suited) <= len(lead) and len(hand) > len(lead) + 6:
        others = [card for card in hand if model.suit[card] != suit]
        extra = rng.sample(others, len(hand) - len(lead) - 6)
    else:
        extra = []
    hand = sorted((Counter(hand) - Counter(extra)).elements())
    return model, hand, lead


def describe(model: Model, **cards) -> str:
    """The setup and the named card lists, for a failure message."""
    parts = [
        f"level={model.level} trump={SUIT_NAMES[model.trump]} "
        f"ace_links_level={model.ace_links_level}"
    ]
    for name, value in cards.items():
        if value and isinstance(value[0], (list, tuple)):
            parts.append(f"{name}=[{' / '.join(cards_text(v) for v in value)}]")
        else:
            parts.append(f"{name}={cards_text(value)}")
    return "; ".join(parts)
