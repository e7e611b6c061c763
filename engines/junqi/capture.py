"""The fewest moves to take the flag, or a named piece, while every other piece
stands still: what a ``junqi.capture`` puzzle asks (明棋: every rank is known).

Only the seat to move moves. Its pieces may fight on the way (an engineer digging
out a mine, a trade of equals clearing a line), so a placement is its pieces and
the enemy pieces already taken. The search goes breadth first, one layer of moves
at a time, until some move takes the target: that is the fewest. ``fastest_lines``
then keeps every placement on some fastest line with the moves that keep to one,
which is what a puzzle stores so that each move of a line is judged by a look-up.

>>> from engines.junqi import Piece, Position, point
>>> board = Position({point("S10"): Piece(0, "engineer"), point("N11"): Piece(1, "mine"),
...                   point("N01"): Piece(1, "flag")})
>>> lines = fastest_lines(board, point("N01"))
>>> lines.moves, lines.best[key(board, 0)]
(2, ['S10-N11'])
"""

from __future__ import annotations

from dataclasses import dataclass

from . import Move, Point, Position, apply, fight, name, reach

__all__ = ["Lines", "SearchLimit", "fastest_lines", "key"]


class SearchLimit(Exception):
    """The search needed more placements than it was allowed."""


@dataclass
class Lines:
    moves: int | None  # the fewest moves; None: the target can never be taken
    best: dict[str, list[str]]  # placement key → the moves (``S10-N11``) on a fastest line
    positions: int  # placements searched


def key(position: Position, seat: int) -> str:
    """A placement as the search keys it: the seat's pieces and every other piece."""
    own = sorted(f"{name(p)}:{piece.rank}" for p, piece in position.pieces.items()
                 if piece.seat == seat)  # fmt: skip
    others = sorted(name(p) for p, piece in position.pieces.items() if piece.seat != seat)
    return " ".join(own) + " | " + " ".join(others)


def _successors(position: Position, seat: int) -> list[Move]:
    found = []
    for p, piece in list(position.pieces.items()):
        if piece.seat != seat:
            continue
        for q, path in reach(position, p).items():
            defender = position.pieces.get(q)
            result = None if defender is None else fight(piece.rank, defender.rank)
            found.append(Move(p, q, path, piece, defender, result))
    return found


def takes(move: Move, target: Point) -> bool:
    """Whether ``move`` removes the piece on ``target`` (or takes the flag there)."""
    return move.end == target and move.result in ("attacker", "both", "flag")


def fastest_lines(
    position: Position, target: Point, *, max_moves: int = 6, max_positions: int = 50_000
) -> Lines:
    """The fewest moves for the seat to move to take the piece on ``target``, and
    every placement on a fastest line with its moves that keep to one."""
    seat = position.to_move
    if target not in position.pieces or position.pieces[target].seat == seat:
        raise ValueError("the target is not an enemy piece")
    start = position.copy()
    start.rules = position.rules
    layers: list[dict[str, Position]] = [{key(start, seat): start}]
    # each placement's moves, as (the move, the placement after it; None: it takes)
    edges: dict[str, list[tuple[str, str | None]]] = {}
    seen = set(layers[0])
    count = 1
    depth = None
    for i in range(max_moves):
        nxt: dict[str, Position] = {}
        for here_key, here in layers[i].items():
            out = edges[here_key] = []
            for move in _successors(here, seat):
                if takes(move, target):
                    depth = i + 1
                    out.append((move.text, None))
                    continue
                after = apply(here, move)
                k = key(after, seat)
                out.append((move.text, k))
                if k in seen:
                    continue
                seen.add(k)
                nxt[k] = after
                count += 1
                if count > max_positions:
                    raise SearchLimit(count)
        if depth is not None:
            break
        layers.append(nxt)
    if depth is None:
        return Lines(None, {}, count)
    best: dict[str, list[str]] = {}
    good: set[str] = set()
    for i in range(depth - 1, -1, -1):
        found_good = set()
        for k in layers[i]:
            if i == depth - 1:
                chosen = {text for text, after in edges[k] if after is None}
            else:
                chosen = {text for text, after in edges[k] if after in good}
            if chosen:
                best[k] = sorted(chosen)
                found_good.add(k)
        good = found_good
    return Lines(depth, best, count)
