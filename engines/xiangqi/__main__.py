"""``python -m engines.xiangqi``: legal moves, perft, results and mates as JSON.

    python -m engines.xiangqi legal --fen FEN [--moves "h3e3 h10g8"]
    {"legal": ["a1a2", ...]}
    python -m engines.xiangqi perft --fen FEN --depth 3
    {"depth": 3, "nodes": 79666}
    python -m engines.xiangqi result --fen FEN --moves "..." [--rules chinese|wxf|none]
    {"result": "red" | "black" | "draw" | null, "reason": "checkmate" | ...}
    python -m engines.xiangqi mate --fen FEN --depth 2
    {"depth": 2, "mates": ["d3e3"], "proven": true, "nodes": 659}

``--fen`` defaults to the start position. Moves may be coordinates (``h3e3``),
WXF (``C2=5``) or Chinese (``炮二平五``). Bad input (a FEN that is no position,
an illegal move, a move after the game ended) prints a message and exits with
status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import START_FEN, IllegalMove, Move, Position, perft
from .notation import parse_any
from .repetition import RULES, result
from .search import DEFAULT_NODES, mates


def _build(args) -> Position:
    position = Position(args.fen)
    for text in (args.moves or "").replace(",", " ").split():
        if position.outcome() is not None:
            raise IllegalMove("game-over", text)
        try:
            move = Move.from_text(text)  # coordinates: the refusal says why
        except IllegalMove:
            move = parse_any(position, text)
        position.play(move)
    return position


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engines.xiangqi", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("legal", "every legal move after the moves"),
        ("perft", "leaf nodes of the legal-move tree"),
        ("result", "mate, 困毙 or a repetition ruling after the moves"),
        ("mate", "every first move that wins within N moves"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("--fen", default=START_FEN, help="the position (default: start)")
        command.add_argument("--moves", help='moves played from it: "h3e3 h10g8"')
        if name in ("perft", "mate"):
            command.add_argument("--depth", type=int, required=True)
        if name == "result":
            command.add_argument("--rules", default="chinese", choices=RULES)
        if name == "mate":
            command.add_argument("--max-nodes", type=int, default=DEFAULT_NODES)
    args = parser.parse_args(argv)
    try:
        position = _build(args)
        most = {"perft": 6, "mate": 5}.get(args.command)
        if most is not None and not 1 <= args.depth <= most:
            raise ValueError(f"depth {args.depth} is out of range (1-{most})")
    except ValueError as error:  # IllegalMove and BadPosition are ValueErrors
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.command == "legal":
        out = {"legal": sorted(m.text() for m in position.legal_moves())}
    elif args.command == "perft":
        out = {"depth": args.depth, "nodes": perft(position, args.depth)}
    elif args.command == "result":
        outcome = result(position, args.rules)
        if outcome is None:
            out = {"result": None, "reason": None}
        else:
            out = {"result": outcome.winner or "draw", "reason": outcome.reason}
            if outcome.offender:
                out["offender"] = outcome.offender
    else:
        found = mates(position, args.depth, max_nodes=args.max_nodes)
        out = {
            "depth": args.depth,
            "mates": [m.text() for m in found.first_moves],
            "proven": found.proven,
            "nodes": found.nodes,
        }
        if found.unsettled:
            out["unsettled"] = [m.text() for m in found.unsettled]
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
