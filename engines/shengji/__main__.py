"""``python -m engines.shengji``: follows, trick winners, throws and open endings, JSON in and out.

    echo '{"hand": ["♠9","♠9","♠10","♠10","♠3","♦5"], "lead": ["♠5","♠5","♠6","♠6"],
           "level": 2, "trump": "♥"}' | python -m engines.shengji follow
    {"legal": [["♠9", "♠9", "♠10", "♠10"]]}

``follow`` prints every distinct legal follow once; ``winner`` reads the plays of a
trick (the lead first) and the leader's seat and prints the winning seat; ``throw``
reads a lead and the other three hands and prints whether it stands and what is
forced if not; ``solve`` reads an open ending (all four hands, the trick so far, the
seat to play, level, trump, dealer and kitty points) and prints the attackers'
points with best play on both sides, every optimal play and every legal play's
value. ``level`` is 2-10, J, Q, K or A; ``trump`` a suit (♠ ♥ ♣ ♦ or S H C D) or
``"NT"``/``null`` for no-trump. Cards are written as ``engines.cards`` reads them
(♥A, HA, 红桃A, BJ, SJ). Bad input prints a message and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from engines.cards import parse_card

from . import Order, check_throw, legal_follows, parse_level, parse_trump, trick_winner


def _cards(value, what: str) -> list:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f'{what} must be a list of cards such as ["♥A", "BJ"]')
    return [parse_card(card) for card in value]


def _order(data: dict) -> Order:
    if "level" not in data:
        raise ValueError("level is missing (2-10, J, Q, K or A)")
    if "trump" not in data:
        raise ValueError('trump is missing (a suit such as "♥", or "NT")')
    return Order(parse_level(data["level"]), parse_trump(data["trump"]))


def _texts(play) -> list[str]:
    return [card.text() for card in play]


def follow(data: dict) -> dict:
    order = _order(data)
    hand = _cards(data.get("hand"), "hand")
    lead = _cards(data.get("lead"), "lead")
    if not lead:
        raise ValueError("lead must hold at least one card")
    if len(hand) < len(lead):
        raise ValueError("the hand has fewer cards than the lead")
    return {"legal": [_texts(p) for p in legal_follows(hand, lead, order)]}


def winner(data: dict) -> dict:
    order = _order(data)
    plays = data.get("plays")
    if not isinstance(plays, list) or not 1 <= len(plays) <= 4:
        raise ValueError("plays must be a list of 1 to 4 plays, the lead first")
    plays = [_cards(p, f"play {i + 1}") for i, p in enumerate(plays)]
    if any(len(p) != len(plays[0]) or not p for p in plays):
        raise ValueError("every play must have as many cards as the lead")
    leader = data.get("leader", 0)
    if isinstance(leader, bool) or leader not in range(4):
        raise ValueError("leader must be a seat 0 to 3")
    return {"winner": (leader + trick_winner(plays, order)) % 4}


def throw(data: dict) -> dict:
    order = _order(data)
    cards = _cards(data.get("throw"), "throw")
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != 3:
        raise ValueError("hands must be the other three players' hands")
    others = [_cards(h, f"hand {i + 1}") for i, h in enumerate(hands)]
    result = check_throw(cards, others, order)
    return {
        "ok": result.ok,
        "forced": _texts(result.forced),
        "units": [_texts(u.cards) for u in result.units],
        "failing": [
            {"unit": _texts(unit.cards), "hand": seat, "beaten_by": _texts(better.cards)}
            for unit, seat, better in result.failing
        ],
    }


def solve(data: dict) -> dict:
    from .solver import Ending
    from .solver import solve as solve_ending

    return solve_ending(Ending.from_json(data)).to_json()


COMMANDS = {"follow": follow, "winner": winner, "throw": throw, "solve": solve}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engines.shengji", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("command", choices=sorted(COMMANDS))
    args = parser.parse_args(argv)
    try:
        data = json.load(sys.stdin)
        if not isinstance(data, dict):
            raise ValueError("the input must be a JSON object")
        result = COMMANDS[args.command](data)
    except (ValueError, json.JSONDecodeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
