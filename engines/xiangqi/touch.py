"""Touch-move (摸子走子), seed 004's 附1-附5 (XQ-13 to XQ-17): given the pieces a
player touched, in order, the moves the rules now allow.

* 附1 (XQ-13): an own piece touched must be moved, unless it has no legal move.
* 附2 (XQ-14): an enemy piece touched must be taken, unless no piece can take it.
* 附3 (XQ-15), own piece A then enemy piece B: A takes B; else A moves; else another
  piece takes B; else any move.
* 附4 (XQ-16), enemy piece B then own piece A: A takes B; else another piece takes B;
  else A moves; else any move.
* 附5 (XQ-17): both touched at once is handled as 附4.

"Cannot" means by the rules of play: a move that is not legal (a pinned piece, a
move into check) does not count. The seed speaks of one piece of each side; where
more are touched, the first own piece and the first enemy piece in the order of
touching are the ones that bind (a reading of 附1 and 附2, not seed text).

>>> from engines.xiangqi import Position, parse_square
>>> p = Position("4k4/9/4c4/9/2n6/9/2R6/9/9/3K1N3 w")
>>> allowed = touch(p, [parse_square("f1"), parse_square("c6")])
>>> allowed.clause, sorted(m.text() for m in allowed.moves)
('附3', ['f1d2', 'f1e3', 'f1g3', 'f1h2'])
>>> allowed = touch(p, [parse_square("c6"), parse_square("f1")])
>>> allowed.clause, [m.text() for m in allowed.moves]
('附4', ['c4c6'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import Move, Position, square_name

# Why the allowed moves are what they are.
WHY = {
    "take-with-touched": (
        "用摸过的己方棋子吃掉摸过的对方棋子。",
        "Take the touched enemy piece with the touched piece.",
    ),
    "move-touched": ("必须走摸过的棋子。", "The touched piece must move."),
    "take-touched": ("必须吃掉摸过的对方棋子。", "The touched enemy piece must be taken."),
    "free": (
        "摸过的棋子走不了也吃不到，可以另走别的棋子。",
        "Nothing touched can be moved or taken: any legal move.",
    ),
    "nothing-touched": ("没有摸子，可以任意走。", "No piece was touched: any legal move."),
}


@dataclass(frozen=True)
class TouchRuling:
    """``moves`` allowed now; ``clause`` (附1-附5) and ``why`` (a ``WHY`` code)."""

    moves: tuple[Move, ...]
    clause: str | None
    why: str

    @property
    def reason(self) -> dict[str, str]:
        zh, en = WHY[self.why]
        return {"zh": zh, "en": en}


def touch(position: Position, touched: Sequence[int], at_once: bool = False) -> TouchRuling:
    """The moves allowed after touching the pieces on ``touched`` (points, in
    order); ``at_once`` when an own and an enemy piece were touched together
    (附5). ``ValueError`` for a point with no piece on it."""
    board = position.board
    legal = [Move.from_code(code) for code in position.legal_codes()]
    own = enemy = None
    for sq in touched:
        p = board[sq]
        if not p:
            raise ValueError(f"no piece on {square_name(sq)}")
        if p >> 3 == position.turn:
            own = sq if own is None else own
        else:
            enemy = sq if enemy is None else enemy
    own_first = (
        own is not None
        and enemy is not None
        and not at_once
        and list(touched).index(own) < list(touched).index(enemy)
    )

    def moves_of(sq):
        return tuple(m for m in legal if m.from_square == sq)

    def takes(sq):
        return tuple(m for m in legal if m.to_square == sq)

    if own is None and enemy is None:
        return TouchRuling(tuple(legal), None, "nothing-touched")
    if enemy is None:
        found = moves_of(own)
        return TouchRuling(found, "附1", "move-touched") if found else _free(legal, "附1")
    if own is None:
        found = takes(enemy)
        return TouchRuling(found, "附2", "take-touched") if found else _free(legal, "附2")
    clause = "附3" if own_first else ("附5" if at_once else "附4")
    direct = tuple(m for m in legal if m.from_square == own and m.to_square == enemy)
    if direct:
        return TouchRuling(direct, clause, "take-with-touched")
    steps = (
        ((moves_of(own), "move-touched"), (takes(enemy), "take-touched"))
        if own_first
        else ((takes(enemy), "take-touched"), (moves_of(own), "move-touched"))
    )
    for found, why in steps:
        if found:
            return TouchRuling(found, clause, why)
    return _free(legal, clause)


def _free(legal: list[Move], clause: str) -> TouchRuling:
    return TouchRuling(tuple(legal), clause, "free")


__all__ = ["WHY", "TouchRuling", "touch"]
