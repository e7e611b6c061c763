"""Xiangqi puzzles as the engine proves and judges them: the whole answer worked
out once, when a puzzle is saved, so that judging a learner's move is a look-up.

* ``mate_tree``: mate in N. At each position the attacker is to move, every move
  that still wins within the moves left (将死 or 困毙, XQ-R11) and, for each, the
  defence that holds out longest; every other legal move with the defence that
  refutes it (after which no win is left within the moves left).
* ``material_moves``: win material. Every first move with what it wins when the
  engine reads ``depth`` plies, and the reply it expects.

Both return plain JSON (moves as ``h3e3``), stored with the puzzle; ``judge_mate``
reads a learner's move against a stored node, the way ``engines.go.problems.judge``
does for Go: the engine decides, the web only translates.

>>> tree = mate_tree(Position("4k4/R8/9/9/9/9/9/9/9/1R1K5 w"), 1)
>>> sorted(tree["wins"]), tree["wins"]["b1b10"], tree["wins"]["a9f9"]
(['a9f9', 'b1b10'], {'end': 'mate'}, {'end': 'stalemate'})
>>> judge_mate(Position("4k4/R8/9/9/9/9/9/9/9/1R1K5 w"), tree, "a9a10").outcome
'wrong'
"""

from __future__ import annotations

from dataclasses import dataclass

from . import IllegalMove, Move, Position
from .search import MATE, VALUES, MateSearch, _AlphaBeta, _Spent, material

# Outcomes of a learner's move in a mate puzzle.
WIN = "win"  # a winning move: the game ends, or the defence is played and it goes on
WRONG = "wrong"  # legal, but no win is left: the refuting defence is shown
ILLEGAL = "illegal"  # the rules forbid it (the reason comes with it)
UNKNOWN = "unknown"  # a position the stored tree does not reach (a tampered state)


class Unproven(ValueError):
    """The position is no mate in N (or could not be searched within the nodes given)."""


def _captured_value(position: Position, code: int) -> int:
    target = position.board[code & 127]
    return VALUES[target & 7] if target else -1


def _ordered(position: Position, codes: list[int]) -> list[int]:
    """Captures first, the biggest first; then checks; then the rest as generated."""

    def key(code: int) -> tuple[int, int]:
        return (-_captured_value(position, code), 0 if position.gives_check(code) else 1)

    return sorted(codes, key=key)


def _end(position: Position) -> str:
    return "mate" if position.is_check() else "stalemate"


def mate_tree(position: Position, depth: int, max_nodes: int = 2_000_000) -> dict:
    """The stored answer of a mate-in-``depth`` puzzle (see the module's doc).

    Raises ``Unproven`` unless the side to move wins within ``depth`` and not
    sooner, or when the search needs more than ``max_nodes``.
    """
    if not 1 <= depth <= 5:
        raise Unproven("a mate puzzle is a mate in 1 to 5")
    search = MateSearch(position, max_nodes)
    try:
        shortest = search.mate_length(depth)
        if shortest is None:
            raise Unproven(f"the side to move has no win within {depth} moves")
        if shortest < depth:
            raise Unproven(f"the side to move wins sooner, in {shortest}")
        return _node(search, depth)
    except _Spent:
        raise Unproven(f"could not be proven within {max_nodes:,} nodes") from None


def _node(search: MateSearch, n: int) -> dict:
    """The attacker to move with ``n`` moves left: what wins and what refutes the rest."""
    p = search.position
    wins, refute = {}, {}
    for code in p.legal_codes():
        text = Move.from_code(code).text()
        if search.first_move_wins(code, n):
            p.push(code)
            try:
                if not p.has_legal_move():
                    wins[text] = {"end": _end(p)}
                else:
                    reply = _longest_defence(search, n - 1)
                    p.push(reply)
                    try:
                        wins[text] = {
                            "reply": Move.from_code(reply).text(),
                            "next": _node(search, n - 1),
                        }
                    finally:
                        p.pop()
            finally:
                p.pop()
        else:
            p.push(code)
            try:
                reply = _refutation(search, n - 1)
                refute[text] = Move.from_code(reply).text()
            finally:
                p.pop()
    return {"wins": wins, "refute": refute}


def _longest_defence(search: MateSearch, n: int) -> int:
    """The defender (to move) loses within ``n``: the reply that holds out longest,
    a capture before a quiet move when two last as long."""
    p = search.position
    best, best_length = None, -1
    for code in _ordered(p, p.legal_codes()):
        p.push(code)
        try:
            length = search.mate_length(n)
        finally:
            p.pop()
        length = n + 1 if length is None else length
        if length > best_length:
            best, best_length = code, length
    return best


def _refutation(search: MateSearch, n: int) -> int:
    """A reply of the defender (to move) after which the attacker cannot win within
    ``n`` (any reply when ``n`` is 0): a capture first, as a player would look."""
    p = search.position
    codes = _ordered(p, p.legal_codes())
    if n == 0:
        return codes[0]
    for code in codes:
        p.push(code)
        try:
            if not search.wins(n):
                return code
        finally:
            p.pop()
    raise AssertionError("every reply loses: the move was a win")


@dataclass(frozen=True)
class Judged:
    outcome: str  # WIN, WRONG, ILLEGAL or UNKNOWN
    move: Move | None = None
    reason: str = ""  # ILLEGAL: the engine's reason code
    end: str = ""  # WIN that ends the game: "mate" or "stalemate" (困毙)
    reply: Move | None = None  # WIN that goes on: the defence; WRONG: the refutation
    node: dict | None = None  # WIN that goes on: the stored node after the reply


def judge_mate(position: Position, node: dict | None, text: str) -> Judged:
    """A learner's move ``text`` in ``position`` (the attacker to move) against the
    stored ``node`` of ``mate_tree`` for that position."""
    try:
        move = Move.from_text(text)
    except IllegalMove as error:
        return Judged(ILLEGAL, reason=error.code)
    reason = position.why_illegal(move)
    if reason is not None:
        return Judged(ILLEGAL, move, reason=reason)
    if node is None:
        return Judged(UNKNOWN, move)
    won = node["wins"].get(move.text())
    if won is not None:
        if "end" in won:
            return Judged(WIN, move, end=won["end"])
        return Judged(WIN, move, reply=Move.from_text(won["reply"]), node=won["next"])
    reply = node["refute"].get(move.text())
    if reply is None:
        return Judged(UNKNOWN, move)
    return Judged(WRONG, move, reply=Move.from_text(reply))


def main_line(node: dict) -> list[str]:
    """One winning line through a stored tree: the first winning move at each
    position (by coordinates) and the stored defence."""
    line = []
    while node is not None:
        first = min(node["wins"])
        line.append(first)
        won = node["wins"][first]
        if "end" in won:
            break
        line.append(won["reply"])
        node = won["next"]
    return line


def material_moves(position: Position, depth: int, max_nodes: int = 2_000_000) -> dict:
    """Every legal first move with the material balance (for the side to move) the
    engine expects after ``depth`` plies and captures, and the line it expects:
    ``{"start": balance now, "moves": {"h3h10": {"score": 450, "line": [...]}}}``.
    A mate scores ``MATE`` less the plies to it. Raises ``Unproven`` when the
    nodes run out."""
    search = _AlphaBeta(position, max_nodes)
    p = search.p
    moves = {}
    try:
        for code in search.ordered(p.legal_codes()):
            p.push(code)
            try:
                score, line = search.negamax(depth - 1, -MATE - 1, MATE + 1, 1)
            finally:
                p.pop()
            moves[Move.from_code(code).text()] = {
                "score": -score,
                "line": [Move.from_code(m).text() for m in line],
            }
    except _Spent:
        raise Unproven(f"could not be read within {max_nodes:,} nodes") from None
    return {"start": material(position), "moves": moves}


__all__ = [
    "ILLEGAL",
    "UNKNOWN",
    "WIN",
    "WRONG",
    "Judged",
    "Unproven",
    "judge_mate",
    "main_line",
    "mate_tree",
    "material_moves",
]
