"""``python -m engines.guandan``: what a play is, what it beats, every legal play; JSON in and out.

    echo '{"cards": "♠3 ♠4 ♠5 ♠6 ♥5", "level": 5}' | python -m engines.guandan classify
    {"plays": [{"type": "straight-flush", "size": 5, "rank": "7", "suit": "♠", "as": ["♠7"]}, ...]}

``classify`` reads ``cards`` at ``level`` and prints every reading, strongest first
(none: not a combination); ``as`` says what each wild stands for. ``beats`` reads
``play`` and ``over`` and prints whether the play may go on top, and the reading it
is taken as. Cards that read several ways take ``play_as`` / ``over_as``: a kind
(``"straight-flush"``) or a reading's text (``"straight flush to 7"``). Without
``over_as`` an ambiguous ``over`` is an error (the table's play was declared);
without ``play_as`` a play beats when one of its readings does, and ``as`` names
it. ``legal`` prints every distinct play from ``hand`` that beats ``over`` (cards,
or ``null`` for a lead). ``level`` is 2-10, J, Q, K or A; ``rules`` (optional) a
rule set's name. Cards are a string or a list, as ``engines.cards`` writes them
(♥A, HA, 红桃A, BJ, SJ). ``solve`` reads an open ending (``hands``: four lists,
``level``, ``table``: ``{"cards", "owner", "passes", "reading"?}`` or ``null``,
``to_play``, ``out``, ``goal``: ``first`` or ``double``) and prints whether the side
to play can force its goal, every winning first move, a refutation of each losing
one and the nodes searched (``engines.guandan.solver.solve_json``). Bad input prints
one line and exits with status 2.
"""

from __future__ import annotations

import sys
from collections import Counter

from engines.cards import parse_cards
from engines.cli import json_main

from . import DECKS, Reading, beats, classify, legal_plays, parse_level
from .rules import rules_for


def _cards(data: dict, key: str, allow_empty: bool = False) -> list:
    value = data.get(key)
    if not isinstance(value, str | list):
        raise ValueError(f'{key} must be cards, such as "♠10 ♥A SJ" or ["♠10", "♥A", "SJ"]')
    cards = parse_cards(value)
    if not cards and not allow_empty:
        raise ValueError(f"{key} holds no card")
    for card, count in Counter(cards).items():
        if count > DECKS:
            raise ValueError(f"{key} holds {card.text()} {count} times: 掼蛋 uses two decks")
    return cards


def _setting(data: dict):
    if "level" not in data:
        raise ValueError("level is missing (2-10, J, Q, K or A)")
    rules = data.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise ValueError("rules must be a rule set's name")
    return parse_level(data["level"]), rules_for(rules)


def _chosen(readings: list[Reading], name, key: str) -> list[Reading]:
    """The readings ``name`` (a kind or a reading's text) picks; all without one."""
    if name is None:
        return readings
    if not isinstance(name, str):
        raise ValueError(f"{key}_as must be a kind or a reading such as 'straight flush to 7'")
    chosen = [r for r in readings if name in (r.kind, r.text())]
    if not chosen:
        raise ValueError(f"{key} cannot be read as {name!r}")
    return chosen


def _over(data: dict, level: int, rules) -> Reading | None:
    """The table's play, one reading: ``over_as`` picks it when there are several."""
    if data.get("over") is None:
        return None
    readings = classify(_cards(data, "over"), level, rules)
    if not readings:
        raise ValueError("over is not a combination")
    readings = _chosen(readings, data.get("over_as"), "over")
    if len(readings) > 1:
        texts = ", ".join(r.text() for r in readings)
        raise ValueError(f"over reads several ways ({texts}): say which with over_as")
    return readings[0]


def classify_command(data: dict) -> dict:
    level, rules = _setting(data)
    return {"plays": [r.to_json() for r in classify(_cards(data, "cards"), level, rules)]}


def beats_command(data: dict) -> dict:
    level, rules = _setting(data)
    if data.get("over") is None:
        raise ValueError("over is missing: the play on the table")
    over = _over(data, level, rules)
    readings = _chosen(classify(_cards(data, "play"), level, rules), data.get("play_as"), "play")
    if not readings:
        return {"beats": False, "as": None}  # not a combination
    winning = [r for r in readings if beats(r, over)]
    return {"beats": bool(winning), "as": (winning or readings)[0].to_json()}


def legal_command(data: dict) -> dict:
    level, rules = _setting(data)
    hand = _cards(data, "hand")
    over = _over(data, level, rules)
    return {"legal": [p.to_json() for p in legal_plays(hand, over, level, rules)]}


def solve_command(data: dict) -> dict:
    from .solver import solve_json

    return solve_json(data)


COMMANDS = {
    "classify": classify_command,
    "beats": beats_command,
    "legal": legal_command,
    "solve": solve_command,
}


def main(argv=None) -> int:
    return json_main("python -m engines.guandan", __doc__.split("\n\n")[0], COMMANDS, argv)


if __name__ == "__main__":
    sys.exit(main())
