"""``python -m engines.baohuang``: sets, what beats what, legal plays, scores; JSON in and out.

    echo '{"cards": "SJ ♠9 ♥9"}' | python -m engines.baohuang valid
    {"valid": true, "reason": null, "set": "SJ 9 9"}

``valid`` reads ``cards`` and says whether they make a set (``reason`` says why
not, in English). ``beats`` reads ``play`` and ``over`` (the set on the table) and
says whether the play may go on top. ``legal`` prints every distinct set of
``hand`` that beats ``over`` (``null`` or absent: every set the hand may lead),
each with the cards that make it. ``score`` reads ``order`` (the five seats from
头科 to 大落), ``emperor``, ``royalist`` (a seat, or ``null`` for 独) and
``open_alone`` (明独, optional) and prints each seat's place, points and side, and
the sides' totals. ``solve`` reads an open ending (``engines.baohuang.solver``).
Cards are a string or a list, as ``engines.cards`` writes them (♥A, HA, 红桃A, BJ,
SJ); ``rules`` (optional) names a rule set. Bad input prints one line and exits
with status 2.
"""

from __future__ import annotations

import sys
from collections import Counter

from engines.cards import parse_cards
from engines.cli import json_main

from . import (
    COPIES,
    SEATS,
    IllegalSet,
    Roles,
    beats,
    cards_for,
    legal_sets,
    place_name,
    rules_for,
    score,
    set_of,
)


def _cards(data: dict, key: str) -> list:
    value = data.get(key)
    if not isinstance(value, str | list):
        raise ValueError(f'{key} must be cards, such as "♠10 ♥10 SJ" or ["♠10", "♥10", "SJ"]')
    cards = parse_cards(value)
    for card, count in Counter(cards).items():
        if count > COPIES:
            raise ValueError(f"{key} holds {card.text()} {count} times: 保皇 uses four decks")
    return cards


def _set(data: dict, key: str, rules):
    cards = _cards(data, key)
    try:
        return set_of(cards, rules)
    except IllegalSet as error:
        raise ValueError(f"{key} is no set: {error.reason['en']}") from None


def valid_command(data: dict) -> dict:
    rules = rules_for(data.get("rules"))
    try:
        found = set_of(_cards(data, "cards"), rules)
    except IllegalSet as error:
        return {"valid": False, "reason": error.reason["en"], "set": None}
    return {"valid": True, "reason": None, "set": found.text()}


def beats_command(data: dict) -> dict:
    rules = rules_for(data.get("rules"))
    if data.get("over") is None:
        raise ValueError("over is missing: the set on the table")
    return {"beats": beats(_set(data, "play", rules), _set(data, "over", rules))}


def legal_command(data: dict) -> dict:
    rules = rules_for(data.get("rules"))
    hand = _cards(data, "hand")
    if not hand:
        raise ValueError("hand holds no card")
    over = _set(data, "over", rules) if data.get("over") is not None else None
    return {
        "legal": [
            {"set": s.text(), "cards": [c.text() for c in cards_for(s, hand)]}
            for s in legal_sets(hand, over, rules)
        ]
    }


def _seat(data: dict, key: str, optional: bool = False):
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SEATS:
        raise ValueError(
            f"{key} must be a seat, 0 to 4" + (" (or null for 独)" if optional else "")
        )
    return value


def score_command(data: dict) -> dict:
    rules = rules_for(data.get("rules"))
    order = data.get("order")
    if (
        not isinstance(order, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in order)
        or sorted(order) != list(range(SEATS))
    ):
        raise ValueError("order must list the five seats 0-4 once each, 头科 first")
    open_alone = data.get("open_alone", False)
    if not isinstance(open_alone, bool):
        raise ValueError("open_alone is true or false")
    roles = Roles(_seat(data, "emperor"), _seat(data, "royalist", True), open_alone=open_alone)
    result = score(order, roles, rules)
    return {
        "seats": [
            {
                "seat": seat,
                "role": roles.role(seat),
                "place": order.index(seat) + 1,
                "place_name": place_name(order.index(seat) + 1),
                "points": result.points[seat],
                "side_total": result.seat_total(seat),
            }
            for seat in range(SEATS)
        ],
        "emperors": result.emperors,
        "rebels": result.rebels,
        "winner": result.winner,
        "multiplier": result.multiplier,
    }


def solve_command(data: dict) -> dict:
    from .solver import SearchLimit, solve_json

    try:
        return solve_json(data)
    except SearchLimit as error:
        raise ValueError(f"the ending is too big to solve: {error}") from None


COMMANDS = {
    "valid": valid_command,
    "beats": beats_command,
    "legal": legal_command,
    "score": score_command,
    "solve": solve_command,
}


def main(argv=None) -> int:
    return json_main("python -m engines.baohuang", __doc__.split("\n\n")[0], COMMANDS, argv)


if __name__ == "__main__":
    sys.exit(main())
