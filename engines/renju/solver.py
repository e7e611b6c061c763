"""Proving wins: VCF (victory by continuous fours), its defences, and a short VCT.

*VCF* (连续冲四胜): every attacking move is a four, so every reply is forced: the
defender must stop the five at the one point left open. The attacker wins by a
five, by a four with two open points (a straight four, a double four for white,
a four-three's second move), or, attacking with white, when black's forced reply
is a forbidden point (black may not block there: white wins either way). Black's
fours must be legal moves: a four whose stone is forbidden does not count, unless
it makes five. If the defender has a four on the board, the attacker must block it
first, with a four of his own, or the VCF fails.

>>> from engines.renju import Board, names
>>> board = Board.setup(black="h8 i8 j8 h9 h10", white="g8 k8 h11 i9 j10", to_move=BLACK)
>>> result = vcf(board)
>>> result.win, names(result.line[:1])
(True, 'h7')

The search is exhaustive within its bounds: ``proven`` says whether a "no VCF"
answer is a proof (no bound was hit) or only "none found". A transposition table
keyed by the exact board keeps repeated positions cheap.

*VCT* (连续活三胜, threes and fours) is searched only a few threes deep, for easy
problems: after each attacking three the defender may answer anywhere that could
matter (every point the attacker's follow-up VCF depends on, and every four of
his own); ``vct`` proves the win only if every such answer loses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import _PADDED, _PUBLIC, BLACK, EMPTY, STEPS, Board, opponent

MAX_NODES = 200_000
MAX_FOURS = 40  # the longest VCF searched: more fours than any board position allows in practice


class Budget(Exception):
    """The search ran out of nodes."""


@dataclass
class VcfResult:
    """``win``: a VCF was found; ``proven``: the answer is a proof (no bound was hit).

    ``line``: attacker's and defender's moves in turn, ending with the attacker's
    last four (or five); ``finish`` says how it ends: ``five``, ``double`` (two
    points to make five), ``foul`` (black's only block is forbidden). ``first_moves``:
    every winning first move, when asked for.
    """

    win: bool
    proven: bool
    line: list[int] = field(default_factory=list)
    finish: str = ""
    first_moves: list[int] = field(default_factory=list)
    nodes: int = 0


def _line_points(padded: int, reach: int) -> list[int]:
    """Padded cells on the four lines through ``padded``, up to ``reach`` away."""
    return [padded + k * step for step in STEPS for k in range(-reach, reach + 1) if k]


class _Vcf:
    def __init__(self, board: Board, attacker: int, max_nodes: int, max_fours: int):
        self.board = board
        self.attacker = attacker
        self.defender = opponent(attacker)
        self.max_nodes = max_nodes
        self.max_fours = max_fours
        self.nodes = 0
        self.cut = False  # a branch was stopped by the depth bound
        self.table: dict[bytes, tuple[bool, int, list[int], str]] = {}

    # -- the position --------------------------------------------------------

    def four_moves(self, candidates) -> list[tuple[int, list[int]]]:
        """(move, its five points) for the attacker's legal fours among ``candidates``."""
        board, attacker = self.board, self.attacker
        found = []
        for p in candidates:
            if board[p] != EMPTY:
                continue
            completions = board.fours_made(p, attacker)
            if not completions:
                continue
            if attacker == BLACK and board.is_forbidden(p):
                continue
            found.append((p, completions))
        # Two open points win at once; then prefer the fours nearest the last stones.
        found.sort(key=lambda item: -len(set(item[1])))
        return found

    def candidates(self) -> set[int]:
        """Every empty point with three attacker stones near it on one line."""
        board, cells = self.board, self.board._cells
        found = set()
        for p, padded in enumerate(_PADDED):
            if cells[padded] == EMPTY and board._near(padded, self.attacker, 3):
                found.add(p)
        return found

    def threats(self) -> list[int]:
        """The defender's five points: his fours the attacker must block."""
        board, cells = self.board, self.board._cells
        return [
            p
            for p, padded in enumerate(_PADDED)
            if cells[padded] == EMPTY
            and board._near(padded, self.defender, 4)
            and board.makes_five(p, self.defender)
        ]

    # -- the search ----------------------------------------------------------

    def attack(self, fours_left: int, near: set[int], threats: list[int]):
        """Attacker to move: (line, finish) of a win, or None."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Budget
        board = self.board
        key = bytes(board._cells)
        known = self.table.get(key)
        if known is not None and (known[0] or known[1] >= fours_left):
            return (known[2], known[3]) if known[0] else None
        result = self._attack(fours_left, near, threats)
        if result is None:
            self.table[key] = (False, fours_left, [], "")
        else:
            self.table[key] = (True, fours_left, *result)
        return result

    def _attack(self, fours_left: int, near: set[int], threats: list[int]):
        board = self.board
        fives = [p for p in near if board[p] == EMPTY and board.makes_five(p, self.attacker)]
        if fives:
            return [min(fives)], "five"
        threats = [t for t in threats if board[t] == EMPTY]
        if len(threats) >= 2:
            return None
        moves = self.four_moves([threats[0]] if threats else sorted(near))
        if not moves:
            return None
        if fours_left <= 0:
            self.cut = True
            return None
        for move, completions in moves:
            found = self.defend(move, completions, fours_left, near)
            if found is not None:
                return found
        return None

    def defend(self, move: int, completions: list[int], fours_left: int, near: set[int]):
        """The attacker plays ``move``, a four; the defender's reply is forced."""
        board = self.board
        board.push_color(move, self.attacker)
        try:
            if len(set(completions)) >= 2:
                return [move], "double"
            block = completions[0]
            if self.defender == BLACK and board.is_forbidden(block):
                return [move, block], "foul"
            board.push_color(block, self.defender)
            try:
                grown = near | self._around(move)
                grown.discard(move)
                grown.discard(block)
                threats = self._new_threats(block)
                found = self.attack(fours_left - 1, grown, threats)
            finally:
                board.pop()
        finally:
            board.pop()
        if found is None:
            return None
        return [move, block, *found[0]], found[1]

    def _around(self, point: int) -> set[int]:
        cells = self.board._cells
        return {_PUBLIC[q] for q in _line_points(_PADDED[point], 4) if cells[q] == EMPTY}

    def _new_threats(self, block: int) -> list[int]:
        """The defender's five points made by his forced ``block`` (his only new stone)."""
        board = self.board
        return [p for p in self._around(block) if board.makes_five(p, self.defender)]


def vcf(
    board: Board,
    *,
    attacker: int | None = None,
    max_nodes: int = MAX_NODES,
    max_fours: int = MAX_FOURS,
    all_first_moves: bool = False,
) -> VcfResult:
    """Search a VCF for ``attacker`` (default: the side to move) on ``board``.

    The board is used for the search and left as it was. With ``all_first_moves``
    every first move is tried, and ``first_moves`` lists each that wins.
    """
    attacker = board.to_move if attacker is None else attacker
    search = _Vcf(board, attacker, max_nodes, max_fours)
    start = search.candidates()
    threats = search.threats()
    try:
        if not all_first_moves:
            found = search.attack(max_fours, start, threats)
            if found is None:
                return VcfResult(False, not search.cut, nodes=search.nodes)
            line, finish = found
            return VcfResult(True, True, line, finish, [line[0]], search.nodes)
        return _all_first(search, start, threats, max_fours)
    except Budget:
        return VcfResult(False, False, nodes=search.nodes)


def _all_first(search: _Vcf, start: set[int], threats: list[int], max_fours: int) -> VcfResult:
    board = search.board
    fives = [p for p in start if board.makes_five(p, search.attacker)]
    if fives:
        fives.sort()
        return VcfResult(True, True, [fives[0]], "five", fives, search.nodes)
    live = [t for t in threats if board[t] == EMPTY]
    if len(live) >= 2:
        return VcfResult(False, True, nodes=search.nodes)
    best, winners = None, []
    for move, completions in search.four_moves([live[0]] if live else sorted(start)):
        found = search.defend(move, completions, max_fours, start)
        if found is not None:
            winners.append(move)
            if best is None or len(found[0]) < len(best[0]):
                best = found
    if best is None:
        return VcfResult(False, not search.cut, nodes=search.nodes)
    return VcfResult(True, True, best[0], best[1], winners, search.nodes)
