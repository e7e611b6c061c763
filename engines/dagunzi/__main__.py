"""``python -m engines.dagunzi``: legal plays and open endings, JSON in and out.

    echo '{"hand": ["♥6","♥6","♥9","♠3"], "trick": [["♥8","♥8"]], "level": 7,
           "trump": "♠", "variant": "dead"}' | python -m engines.dagunzi legal
    {"legal": [["♥6", "♥6"]]}

    python -m engines.dagunzi solve < ending.json
    {"attackers": 45, "dealer_side": 80, "best": [["♥A"]], "plays": [...]}

``legal`` reads a hand, the plays so far in the trick (the lead first), the level, the
trump suit and ``variant`` (``dead`` for 死棒, ``live`` for 活棒) and prints every
distinct legal play once. ``solve`` reads all four hands, the trick so far, the seat
to play, level, trump, dealer and kitty points, and prints each side's best points
and the optimal plays. Bad input prints a message and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from engines.cards import parse_card, parse_suit

from . import DEAD, LIVE, MAX_COPIES, Order, group_size, legal_plays


def _cards(value, what: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f'{what} must be a list of cards such as ["♥A", "BJ"]')
    return [parse_card(card) for card in value]


def _order(data: dict) -> Order:
    level = data.get("level")
    if not isinstance(level, int) or isinstance(level, bool):
        raise ValueError("level must be a whole number from 3 to 10")
    trump = data.get("trump")
    if not isinstance(trump, str):
        raise ValueError('trump must be a suit: "♠", "♥", "♣" or "♦" (or S, H, C, D)')
    return Order(level, parse_suit(trump))


def _follow(data: dict) -> str:
    follow = data.get("variant", DEAD)
    if follow not in (DEAD, LIVE):
        raise ValueError('variant must be "dead" (死棒) or "live" (活棒)')
    return follow


def legal(data: dict) -> dict:
    if not isinstance(data, dict):
        raise ValueError("the input must be one JSON object")
    hand = _cards(data.get("hand"), "hand")
    if not hand:
        raise ValueError("the hand is empty: there is nothing to play")
    trick_data = data.get("trick", [])
    if not isinstance(trick_data, list):
        raise ValueError("trick must be a list of plays, the lead first")
    trick = [_cards(play, "each play in the trick") for play in trick_data]
    if len(trick) > 3:
        raise ValueError("a trick has four plays; with four already there is nothing to play")
    order = _order(data)
    if trick:
        if not group_size(trick[0]):
            raise ValueError("the lead must be a single, a 棒 (two identical) or a 滚子 (three)")
        if any(len(play) != len(trick[0]) for play in trick):
            raise ValueError("every play in a trick has as many cards as the lead")
    if trick and len(hand) < len(trick[0]):
        raise ValueError(f"the lead has {len(trick[0])} cards but the hand only {len(hand)}")
    seen = Counter(hand) + Counter(card for play in trick for card in play)
    over = [card.text() for card, count in seen.items() if count > MAX_COPIES]
    if over:
        raise ValueError(f"three decks hold each card three times; too many {', '.join(over)}")
    plays = legal_plays(hand, trick, order, follow=_follow(data))
    return {"legal": [[card.text() for card in order.sorted(play)] for play in plays]}


def solve(data: dict) -> dict:
    from .solver import Ending
    from .solver import solve as run

    if not isinstance(data, dict):
        raise ValueError("the input must be one JSON object")
    return run(Ending.from_json(data)).to_json()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engines.dagunzi", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("legal", help="every legal play for a hand and a trick (JSON on stdin)")
    commands.add_parser("solve", help="solve an open ending double-dummy (JSON on stdin)")
    args = parser.parse_args(argv)
    try:
        data = json.loads(sys.stdin.read())
        result = (legal if args.command == "legal" else solve)(data)
    except (ValueError, TypeError) as error:  # json.JSONDecodeError is a ValueError
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
