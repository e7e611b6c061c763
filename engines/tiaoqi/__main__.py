"""``python -m engines.tiaoqi``: moves, play and fewest, JSON in and out.

A position is ``{"pieces": {"c4": 0, "d14": 1, ...}, "to_move": 0}`` (holes by name,
``e9`` the centre, or ``[x, y, z]`` in a list of ``[hole, side]`` pairs), with
``"rules": {"target_lock": false}`` and the like when it matters.

    echo '{"pieces": {"e9": 0, "f9": 1}, "from": "e9"}' | python -m engines.tiaoqi moves
    {"moves": [{"from": "e9", "to": "g9", "path": ["e9", "g9"]}, ...]}

``moves`` prints every legal move (of the piece ``from``, or of the side to move),
each with its path; ``play`` plays ``"moves": [["c4", "g5"], ...]`` in turn and
prints the new position, or the rule that forbids a move (``"forbidden"``);
``fewest`` prints the fewest moves for the side to move to bring every piece into
its target, the others standing still, and every first move of such a finish. Bad
input prints a message and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import IllegalMove, Position, hole_name, moves, parse_hole, play, reach
from .fewest import SearchLimit, fewest
from .rules import Rules


def read_position(data) -> Position:
    if not isinstance(data, dict):
        raise ValueError("the input must be one JSON object")
    pieces = data.get("pieces")
    if isinstance(pieces, dict):
        pairs = list(pieces.items())
    elif isinstance(pieces, list):
        pairs = [tuple(p) for p in pieces if isinstance(p, list) and len(p) == 2]
        if len(pairs) != len(pieces):
            raise ValueError("pieces is a list of [hole, side] pairs")
    else:
        raise ValueError('pieces maps holes to sides, such as {"e9": 0, "f9": 1}')
    placed = {}
    for hole, side in pairs:
        if side not in (0, 1) or isinstance(side, bool):
            raise ValueError(f"a piece belongs to side 0 or 1, not {side!r}")
        placed[parse_hole(hole)] = side
    to_move = data.get("to_move", 0)
    if to_move not in (0, 1) or isinstance(to_move, bool):
        raise ValueError("to_move is 0 or 1")
    options = data.get("rules", {})
    if not isinstance(options, dict):
        raise ValueError('rules is an object such as {"target_lock": false}')
    try:
        rules = Rules(**options)
    except TypeError:
        raise ValueError(f"unknown rule options: {sorted(options)}") from None
    return Position(placed, to_move, rules=rules)


def move_json(move) -> dict:
    return {
        "from": hole_name(move.start),
        "to": hole_name(move.end),
        "path": [hole_name(h) for h in move.path],
    }


def position_json(position: Position) -> dict:
    return {
        "pieces": {hole_name(h): s for h, s in sorted(position.pieces.items())},
        "to_move": position.to_move,
        "moves_made": position.moves_made,
    }


def command_moves(data) -> dict:
    position = read_position(data)
    if "from" in data:
        start = parse_hole(data["from"])
        if start not in position.pieces:
            raise ValueError(f"no piece on {data['from']}")
        found = [
            {"from": hole_name(start), "to": hole_name(end), "path": [hole_name(h) for h in path]}
            for end, path in sorted(reach(position, start).items())
        ]
        return {"moves": found}
    return {"moves": [move_json(m) for m in moves(position)]}


def command_play(data) -> dict:
    position = read_position(data)
    played = data.get("moves", [])
    if not isinstance(played, list):
        raise ValueError('moves is a list of [from, to] pairs, such as [["c4", "g5"]]')
    for i, pair in enumerate(played):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError('each move is a [from, to] pair, such as ["c4", "g5"]')
        try:
            position, _move = play(position, parse_hole(pair[0]), parse_hole(pair[1]))
        except IllegalMove as error:
            return {"forbidden": {"move": i, "code": error.code, "reason": error.reason}}
    return position_json(position)


def command_fewest(data) -> dict:
    result = fewest(read_position(data))
    return {
        "moves": result.moves,
        "first": [move_json(m) for m in result.first],
        "positions": result.positions,
    }


COMMANDS = {"moves": command_moves, "play": command_play, "fewest": command_fewest}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.tiaoqi", description=__doc__)
    parser.add_argument("command", choices=sorted(COMMANDS))
    args = parser.parse_args(argv)
    try:
        result = COMMANDS[args.command](json.load(sys.stdin))
    except (ValueError, SearchLimit) as error:  # JSONDecodeError is a ValueError
        print(f"error: {error}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
