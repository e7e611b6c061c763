"""Searches for puzzles: mate in N with every mating first move, and a small
alpha-beta searcher for "win material" puzzles.

A win is leaving the opponent without a legal move, in check (将死) or not (困毙):
both lose (XQ-R11). Repetition is not part of either search: a puzzle line is too
short to repeat a position three times.

>>> from engines.xiangqi import Position
>>> sorted(m.text() for m in mates(Position("4k4/R8/9/9/9/9/9/9/9/1R1K5 w"), 1).first_moves)
['a9f9', 'b1b10']
>>> [m.text() for m in mates(Position("3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w"), 2).first_moves]
['d3e3']
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.budget import Budget

from . import (
    ADVISOR,
    CANNON,
    ELEPHANT,
    GENERAL,
    HORSE,
    ROOK,
    SOLDIER,
    Move,
    Position,
    own_side,
)

DEFAULT_NODES = 2_000_000


class _Spent(Exception):
    pass


@dataclass(frozen=True)
class MateResult:
    """Every first move that wins within ``depth`` moves (sorted by coordinates);
    ``proven`` is False when the node budget ran out with ``unsettled`` first moves
    not yet decided either way."""

    first_moves: tuple[Move, ...]
    depth: int
    proven: bool
    nodes: int
    unsettled: tuple[Move, ...] = ()


class MateSearch:
    """Mate-in-N over one position; results are kept between calls (by position key)."""

    def __init__(self, position: Position, max_nodes: int = DEFAULT_NODES):
        self.position = position.copy()
        self.max_nodes = max_nodes
        self.nodes = 0
        self.win_at: dict[int, int] = {}  # key -> the smallest n known to win
        self.safe_at: dict[int, int] = {}  # key -> the largest n known not to win

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _Spent

    def wins(self, n: int) -> bool:
        """Can the side to move win within ``n`` of its moves?"""
        p = self.position
        key = p.key
        if self.win_at.get(key, 99) <= n:
            return True
        if self.safe_at.get(key, 0) >= n:
            return False
        codes = p.legal_codes()
        push, pop = p.push, p.pop
        later = []
        for m in codes:
            self._count()
            push(m)
            if not p.has_legal_move():
                pop()
                self.win_at[key] = 1
                return True
            if n > 1:
                (later.insert(0, m) if p.is_check() else later.append(m))
            pop()
        if n > 1:
            for m in later:
                push(m)
                try:
                    won = self.loses(n - 1)
                finally:
                    pop()
                if won:
                    self.win_at[key] = n
                    return True
        self.safe_at[key] = n
        return False

    def loses(self, n: int) -> bool:
        """Does every legal move of the side to move (who has one) lose within ``n``?"""
        p = self.position
        for m in p.legal_codes():
            self._count()
            p.push(m)
            try:
                won = self.wins(n)
            finally:
                p.pop()
            if not won:
                return False
        return True

    def first_move_wins(self, code: int, n: int) -> bool:
        p = self.position
        self._count()
        p.push(code)
        try:
            if not p.has_legal_move():
                return True
            return n > 1 and self.loses(n - 1)
        finally:
            p.pop()

    def mate_length(self, n: int) -> int | None:
        """The fewest moves (at most ``n``) in which the side to move wins, or ``None``."""
        for k in range(1, n + 1):
            if self.wins(k):
                return k
        return None


def mates(
    position: Position, depth: int, max_nodes: int = DEFAULT_NODES, budget: Budget | None = None
) -> MateResult:
    """Every first move that wins (mate or 困毙) within ``depth`` moves of the side to
    move, whatever the defence. With a ``budget`` the nodes used are spent from it."""
    if depth < 1:
        raise ValueError("depth is at least 1")
    limit = min(max_nodes, budget.left) if budget is not None else max_nodes
    search = MateSearch(position, limit)
    found, unsettled = [], []
    for code in position.legal_codes():
        try:
            if search.first_move_wins(code, depth):
                found.append(Move.from_code(code))
        except _Spent:
            unsettled.append(Move.from_code(code))
            search.nodes = search.max_nodes  # nothing left for the rest either
    if budget is not None:
        budget.spend(min(search.nodes, limit))  # within what was left: never raises
    key = lambda m: m.text()  # noqa: E731
    return MateResult(
        tuple(sorted(found, key=key)),
        depth,
        not unsettled,
        search.nodes,
        tuple(sorted(unsettled, key=key)),
    )


def best_defence(position: Position, depth: int, max_nodes: int = DEFAULT_NODES) -> Move | None:
    """The defender's reply (the side to move) that holds out longest against a win
    within ``depth`` moves, or escapes it; ``None`` if it has no legal move."""
    search = MateSearch(position, max_nodes)
    p = search.position
    best, best_length = None, -1
    for code in p.legal_codes():
        p.push(code)
        try:
            length = search.mate_length(depth)
        except _Spent:
            length = None
        finally:
            p.pop()
        score = depth + 1 if length is None else length
        if score > best_length:
            best, best_length = Move.from_code(code), score
    return best


# ---------------------------------------------------------------------------
# Material search

VALUES = {GENERAL: 0, ADVISOR: 200, ELEPHANT: 200, HORSE: 400, ROOK: 900, CANNON: 450}
VALUES[SOLDIER] = 100
MATE = 100_000


def piece_value(p: int, sq: int) -> int:
    kind = p & 7
    if kind == SOLDIER and not own_side(sq, p >> 3):
        return 200
    return VALUES[kind]


def material(position: Position) -> int:
    """Material of the side to move minus its opponent's (a crossed soldier is 200)."""
    total = 0
    for sq, p in enumerate(position.board):
        if p:
            value = piece_value(p, sq)
            total += value if p >> 3 == position.turn else -value
    return total


@dataclass(frozen=True)
class SearchResult:
    """``score`` for the side to move (material, or ``MATE - plies``); ``best_moves``
    every first move reaching it; ``line`` one principal variation."""

    score: int
    best_moves: tuple[Move, ...]
    line: tuple[Move, ...]
    nodes: int
    complete: bool


class _AlphaBeta:
    def __init__(self, position: Position, max_nodes: int):
        self.p = position.copy()
        self.nodes = 0
        self.max_nodes = max_nodes

    def ordered(self, codes: list[int]) -> list[int]:
        board = self.p.board
        return sorted(
            codes, key=lambda m: -(VALUES[board[m & 127] & 7] * 10 if board[m & 127] else -1)
        )

    def quiesce(self, alpha: int, beta: int, ply: int, left: int) -> int:
        p = self.p
        codes = p.legal_codes()
        if not codes:
            return -MATE + ply
        stand = material(p)
        if stand >= beta or left == 0:
            return stand
        alpha = max(alpha, stand)
        board = p.board
        for m in self.ordered([c for c in codes if board[c & 127]]):
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise _Spent
            p.push(m)
            score = -self.quiesce(-beta, -alpha, ply + 1, left - 1)
            p.pop()
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> tuple[int, list[int]]:
        p = self.p
        codes = p.legal_codes()
        if not codes:
            return -MATE + ply, []
        if depth == 0:
            return self.quiesce(alpha, beta, ply, 6), []
        best, line = -MATE - 1, []
        for m in self.ordered(codes):
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise _Spent
            p.push(m)
            score, sub = self.negamax(depth - 1, -beta, -alpha, ply + 1)
            score = -score
            p.pop()
            if score > best:
                best, line = score, [m, *sub]
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best, line


def best_moves(position: Position, depth: int, max_nodes: int = DEFAULT_NODES) -> SearchResult:
    """Alpha-beta to ``depth`` plies plus captures: the best score for the side to move
    and every first move that reaches it (for "win material" puzzles: compare the
    score with ``material(position)``)."""
    search = _AlphaBeta(position, max_nodes)
    p = search.p
    best, moves, line = -MATE - 1, [], []
    complete = True
    try:
        for m in search.ordered(p.legal_codes()):
            p.push(m)
            try:
                score, sub = search.negamax(depth - 1, -MATE - 1, -(best - 1), 1)
            finally:
                p.pop()
            score = -score
            if score > best:
                best, moves, line = score, [m], [m, *sub]
            elif score == best:
                moves.append(m)
    except _Spent:
        complete = False
    if not moves:
        best = -MATE
    return SearchResult(
        best,
        tuple(sorted((Move.from_code(m) for m in moves), key=lambda m: m.text())),
        tuple(Move.from_code(m) for m in line),
        search.nodes,
        complete,
    )


__all__ = ["MateResult", "MateSearch", "SearchResult", "best_defence", "best_moves", "mates"]
