"""``python -m engines.renju``: black's forbidden points, and a VCF search, as JSON.

    python -m engines.renju forbidden --moves "h8 h9 i8 i9 j9 g9 j7 k9"
    {"j8": "double-three"}
    python -m engines.renju forbidden --black f8,g8,h6 --white e8
    {}
    python -m engines.renju vcf --black h8,i8,j8 --white h9,i9 --to-move black

Bad input (a point off the board, a move on an occupied point, a position that
already holds five) prints a message and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import BLACK, WHITE, Board, IllegalMove, get_variant, parse_points, point_name, sort_key


def _board(args) -> Board:
    variant = get_variant(args.rules)
    if args.moves is not None:
        if args.black or args.white:
            raise ValueError("give either --moves or --black/--white, not both")
        return variant.from_moves(args.moves, allow_fouls=True)
    to_move = WHITE if getattr(args, "to_move", "black") == "white" else BLACK
    return variant.setup(parse_points(args.black or ""), parse_points(args.white or ""), to_move)


def _forbidden(board: Board) -> dict[str, str]:
    kinds = board.forbidden_kinds()
    return {point_name(p): kinds[p] for p in sorted(kinds, key=sort_key)}


def _vcf(board: Board, args) -> dict:
    from .solver import vcf

    result = vcf(board, max_nodes=args.max_nodes)
    return {
        "win": result.win,
        "proven": result.proven,
        "line": [point_name(p) for p in result.line],
        "first_moves": [point_name(p) for p in result.first_moves],
        "nodes": result.nodes,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engines.renju", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("forbidden", "black's forbidden points, each with its kind"),
        ("vcf", "victory by continuous fours for the side to move"),
    ):
        command = commands.add_parser(name, help=text)
        command.add_argument("--moves", help='the game so far, black first: "h8 i9 h9"')
        command.add_argument("--black", help="set-up: black stones, f8,g8,h6")
        command.add_argument("--white", help="set-up: white stones")
        command.add_argument("--rules", default="renju", choices=["renju", "gomoku"])
        if name == "vcf":
            command.add_argument("--to-move", default="black", choices=["black", "white"])
            command.add_argument("--max-nodes", type=int, default=200_000)
    args = parser.parse_args(argv)
    try:
        board = _board(args)
    except IllegalMove as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    result = _forbidden(board) if args.command == "forbidden" else _vcf(board, args)
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
