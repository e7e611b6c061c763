"""``python -m engines.xiangqi``: legal moves, perft, results, mates, touch-move
and notation, as JSON.

    python -m engines.xiangqi legal --fen FEN [--moves "h3e3 h10g8"]
    {"legal": ["a1a2", ...]}
    python -m engines.xiangqi perft --fen FEN --depth 3
    {"depth": 3, "nodes": 79666}
    python -m engines.xiangqi result --fen FEN --moves "..." [--rules chinese|wxf|none]
    {"result": "red" | "black" | "draw" | null, "reason": "checkmate" | ..., "offender": ...}
    python -m engines.xiangqi mate --fen FEN --depth 2
    {"depth": 2, "mates": ["d3e3"], "proven": true, "nodes": 659}
    python -m engines.xiangqi touch --fen FEN --touched "f1 c6" [--at-once]
    {"allowed": ["f1d2", ...], "clause": "附3", "why": "move-touched"}
    python -m engines.xiangqi notation --fen FEN --moves "h3e3 h10g8"
    {"chinese": ["炮二平五", "马８进７"], "wxf": ["C2=5", "H8+7"], "iccs": [...]}

``--fen`` defaults to the start position. Moves may be coordinates (``h3e3``),
WXF (``C2=5``) or Chinese (``炮二平五``). ``result`` follows the game move by move
and reports how it ended, the ply where it did with ``"ply"``; a move after the
end is refused. Bad input (a FEN that is no position, an illegal move, a move
after the game ended) prints a message and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import START_FEN, IllegalMove, Move, Position, parse_square, perft
from .notation import chinese, iccs, parse_any, wxf
from .repetition import RULES, result
from .search import DEFAULT_NODES, mates
from .touch import touch

COMMANDS = (
    ("legal", "every legal move after the moves"),
    ("perft", "leaf nodes of the legal-move tree"),
    ("result", "mate, 困毙, a repetition ruling or the move limit, after the moves"),
    ("mate", "every first move that wins within N moves"),
    ("touch", "the moves allowed after touching pieces (seed 004, 附1-附5)"),
    ("notation", "the moves' names in Chinese, WXF and ICCS"),
)


def _parse(position: Position, text: str) -> Move:
    try:
        return Move.from_text(text)  # coordinates: a refusal then says why
    except IllegalMove:
        return parse_any(position, text)


def _play(args, judge=None) -> tuple[Position, dict | None, list[str]]:
    """The position after the moves; with ``judge`` (repetition rules), also the
    end of the game if it came, checked after every move."""
    position = Position(args.fen)
    texts = (args.moves or "").replace(",", " ").split()
    names: list[str] = []
    ended = None
    for ply, text in enumerate(texts, 1):
        if ended is not None or position.outcome() is not None:
            raise IllegalMove("game-over", text)
        move = _parse(position, text)
        if args.command == "notation":
            names.append(move)
        position.play(move)
        if judge is not None:
            outcome = result(position, judge)
            if outcome is not None:
                ended = {"result": outcome.winner or "draw", "reason": outcome.reason}
                if outcome.offender:
                    ended["offender"] = outcome.offender
                ended["ply"] = ply
    return position, ended, names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engines.xiangqi", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in COMMANDS:
        command = commands.add_parser(name, help=text)
        command.add_argument("--fen", default=START_FEN, help="the position (default: start)")
        command.add_argument("--moves", help='moves played from it: "h3e3 h10g8"')
        if name in ("perft", "mate"):
            command.add_argument("--depth", type=int, required=True)
        if name == "result":
            command.add_argument("--rules", default="chinese", choices=RULES)
        if name == "mate":
            command.add_argument("--max-nodes", type=int, default=DEFAULT_NODES)
        if name == "touch":
            command.add_argument("--touched", required=True, help='points in order: "f1 c6"')
            command.add_argument("--at-once", action="store_true", help="both touched at once")
    args = parser.parse_args(argv)
    try:
        judge = args.rules if args.command == "result" else None
        position, ended, played = _play(args, judge)
        most = {"perft": 6, "mate": 5}.get(args.command)
        if most is not None and not 1 <= args.depth <= most:
            raise ValueError(f"depth {args.depth} is out of range (1-{most})")
        if args.command == "touch":
            touched = [parse_square(p) for p in args.touched.replace(",", " ").split()]
            ruling = touch(position, touched, at_once=args.at_once)
    except ValueError as error:  # IllegalMove and BadPosition are ValueErrors
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.command == "legal":
        out = {"legal": sorted(m.text() for m in position.legal_moves())}
    elif args.command == "perft":
        out = {"depth": args.depth, "nodes": perft(position, args.depth)}
    elif args.command == "result":
        out = ended or {"result": None, "reason": None}
        if ended is None and (outcome := position.outcome()) is not None:
            out = {"result": outcome.winner, "reason": outcome.reason}
    elif args.command == "mate":
        found = mates(position, args.depth, max_nodes=args.max_nodes)
        out = {
            "depth": args.depth,
            "mates": [m.text() for m in found.first_moves],
            "proven": found.proven,
            "nodes": found.nodes,
        }
        if found.unsettled:
            out["unsettled"] = [m.text() for m in found.unsettled]
    elif args.command == "touch":
        out = {
            "allowed": sorted(m.text() for m in ruling.moves),
            "clause": ruling.clause,
            "why": ruling.why,
        }
    else:
        replay = Position(args.fen)
        out = {"chinese": [], "wxf": [], "iccs": []}
        for move in played:
            out["chinese"].append(chinese(replay, move))
            out["wxf"].append(wxf(replay, move))
            out["iccs"].append(iccs(move))
            replay.play(move)
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
