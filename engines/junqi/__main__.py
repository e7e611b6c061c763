"""``python -m engines.junqi``: reach, fight and setup, JSON in and out.

A position is ``{"pieces": {"S10": ["south", "engineer"], "C9": ["east", "排长"]}}``:
points by name (``S10``, ``N52``, ``C5``), each piece its seat (``south``, ``east``,
``north``, ``west``) and rank (a code such as ``engineer`` or its Chinese name, 工兵),
with ``"rules": {"bomb_takes_flag": false}`` and the like when it matters.

    echo '{"pieces": {"S10": ["south", "engineer"]}, "from": "S10"}' \\
        | python -m engines.junqi reach
    {"reach": [{"to": "C1", "path": ["S10", "S20", ...], "attack": null, "result": null}, ...]}

``reach`` prints every point the piece on ``from`` can move to or attack, sorted by
name, each with one path (the shortest for an engineer), the rank it attacks there
and what the fight does (``attacker``, ``defender``, ``both`` or ``flag``);
``fight`` prints what happens when ``attacker`` moves onto ``defender``; ``setup``
says whether ``pieces`` (point → rank) is a legal set-up for ``area``'s army (``S``
or ``south``), or names the first rule it breaks, why and where. Bad input prints a
one-line message and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import (
    AREAS,
    SEATS,
    Piece,
    Position,
    SetupError,
    attackable,
    fight,
    name,
    parse_point,
    parse_rank,
    point,
    reach,
    setup_faults,
)
from .rules import Rules


def need(data, key: str):
    if not isinstance(data, dict):
        raise ValueError("the input must be one JSON object")
    if key not in data:
        raise ValueError(f"the input has no {key!r}")
    return data[key]


def parse_seat(value) -> int:
    if isinstance(value, str) and value.strip().lower() in SEATS:
        return SEATS.index(value.strip().lower())
    raise ValueError(f"{value!r} is not a seat ({', '.join(SEATS)})")


def parse_area(value) -> str:
    if isinstance(value, str):
        text = value.strip()
        if text.upper() in AREAS:
            return text.upper()
        if text.lower() in SEATS:
            return AREAS[SEATS.index(text.lower())]
    raise ValueError(f"{value!r} is not an area (S, E, N, W or south, east, north, west)")


def read_rules(data) -> Rules:
    options = data.get("rules", {})
    if not isinstance(options, dict):
        raise ValueError('rules is an object such as {"bomb_takes_flag": false}')
    try:
        return Rules(**options)
    except TypeError:
        known = sorted(Rules.__dataclass_fields__)
        raise ValueError(f"unknown rule options: {sorted(set(options) - set(known))}") from None


def read_position(data) -> Position:
    pieces = need(data, "pieces")
    if not isinstance(pieces, dict):
        raise ValueError('pieces maps points to [seat, rank], such as {"S10": ["south", "工兵"]}')
    placed = {}
    for where, piece in pieces.items():
        if not isinstance(piece, list) or len(piece) != 2:
            raise ValueError(f"the piece on {where} is not a [seat, rank] pair")
        placed[parse_point(where)] = Piece(parse_seat(piece[0]), parse_rank(piece[1]))
    return Position(placed, rules=read_rules(data))


def command_reach(data) -> dict:
    position = read_position(data)
    start = parse_point(need(data, "from"))
    if start not in position.pieces:
        raise ValueError(f"no piece on {name(start)}")
    found = []
    mover = position.pieces[start]
    for end, path in reach(position, start).items():
        defender = position.pieces.get(end)
        found.append(
            {
                "to": name(end),
                "path": [name(p) for p in path],
                "attack": None if defender is None else defender.rank,
                "result": None if defender is None else fight(mover.rank, defender.rank),
            }
        )
    return {"reach": sorted(found, key=lambda item: item["to"])}


def command_fight(data) -> dict:
    attacker = parse_rank(need(data, "attacker"))
    defender = parse_rank(need(data, "defender"))
    result = fight(attacker, defender)  # ValueError for a mine or a flag attacking
    rules = read_rules(data)
    target = point("N11")  # any point outside a camp
    position = Position({target: Piece(1, defender)}, rules=rules)
    refused = attackable(position, Piece(0, attacker), target)
    if refused is not None:  # only a bomb on the flag, when the rules forbid it
        return {"result": None, "refused": refused}
    return {"result": result}


def command_setup(data) -> dict:
    area = parse_area(need(data, "area"))
    pieces = need(data, "pieces")
    if not isinstance(pieces, dict):
        raise ValueError('pieces maps points to ranks, such as {"S01": "flag"}')
    placement = {parse_point(p): parse_rank(rank) for p, rank in pieces.items()}
    faults = setup_faults(area, placement)
    if not faults:
        return {"valid": True}
    rule, where = faults[0]
    return {
        "valid": False,
        "rule": rule,
        "reason": SetupError.REASONS[rule][1],
        "point": None if where is None else name(where),
    }


COMMANDS = {"reach": command_reach, "fight": command_fight, "setup": command_setup}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.junqi", description=__doc__)
    parser.add_argument("command", choices=sorted(COMMANDS))
    args = parser.parse_args(argv)
    try:
        data = json.load(sys.stdin)
    except ValueError as error:  # JSONDecodeError
        print(f"error: the input is not JSON ({error})", file=sys.stderr)
        return 2
    try:
        result = COMMANDS[args.command](data)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
