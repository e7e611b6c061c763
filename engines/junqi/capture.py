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

from . import Move, Point, Position, apply, name
from . import moves as legal_moves

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
    return _text(_key(position, seat))


Key = tuple[frozenset, frozenset]


def _key(position: Position, seat: int) -> Key:
    """The same placement as a pair of sets: quick to make, to change and to hash."""
    own = frozenset((p, piece.rank) for p, piece in position.pieces.items() if piece.seat == seat)
    others = frozenset(p for p, piece in position.pieces.items() if piece.seat != seat)
    return own, others


def _text(found: Key) -> str:
    own, others = found
    return (
        " ".join(sorted(f"{name(p)}:{rank}" for p, rank in own))
        + " | "
        + " ".join(sorted(name(p) for p in others))
    )


def _after(found: Key, move: Move) -> Key | None:
    """The key after ``move``, from the key before it; None when the move takes a
    flag, which takes its player's pieces off the board too (work it out in full)."""
    if move.result == "flag":
        return None
    own, others = found
    own = own - {(move.start, move.piece.rank)}
    if move.result in (None, "attacker"):
        own = own | {(move.end, move.piece.rank)}
    if move.result in ("attacker", "both"):
        others = others - {move.end}
    return own, others


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
    first = _key(start, seat)
    # Each layer: the placements first reached after that many moves, each with its
    # position, or the position and move it comes from (made only when expanded).
    layers: list[dict[Key, Position | tuple[Position, Move]]] = [{first: start}]
    # each placement's moves, as (the move, the placement after it; None: it takes)
    edges: dict[Key, list[tuple[Move, Key | None]]] = {}
    seen = {first}
    depth = None
    for i in range(max_moves):
        expanded = {}
        for here_key, found in layers[i].items():
            here = found if isinstance(found, Position) else apply(*found)
            expanded[here_key] = (here, legal_moves(here, seat))
        if any(takes(m, target) for _here, moves in expanded.values() for m in moves):
            depth = i + 1  # the fewest: the placements after these moves are not needed
            for here_key, (_here, moves) in expanded.items():
                edges[here_key] = [(m, None) for m in moves if takes(m, target)]
            break
        nxt: dict[Key, Position | tuple[Position, Move]] = {}
        for here_key, (here, moves) in expanded.items():
            out = edges[here_key] = []
            for move in moves:
                k = _after(here_key, move)
                later: Position | tuple[Position, Move] = (here, move)
                if k is None:
                    later = apply(here, move)
                    k = _key(later, seat)
                out.append((move, k))
                if k in seen:
                    continue
                seen.add(k)
                nxt[k] = later
                if len(seen) > max_positions:
                    raise SearchLimit(len(seen))
        layers.append(nxt)
    if depth is None:
        return Lines(None, {}, len(seen))
    best: dict[str, list[str]] = {}
    good: set[Key] = set()
    for i in range(depth - 1, -1, -1):
        found_good = set()
        for k in layers[i]:
            if i == depth - 1:
                chosen = {move.text for move, after in edges[k] if after is None}
            else:
                chosen = {move.text for move, after in edges[k] if after in good}
            if chosen:
                best[_text(k)] = sorted(chosen)
                found_good.add(k)
        good = found_good
    return Lines(depth, best, len(seen))
