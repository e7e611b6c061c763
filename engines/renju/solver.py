"""Proving wins: VCF (victory by continuous fours), its defences, and a short VCT.

*VCF* (连续冲四胜): every attacking move is a four, so every reply is forced: the
defender must stop the five at the one point left open. The attacker wins by a
five, by a four with two open points (a straight four, a double four for white,
a four-three's second move), or, attacking with white, when black's forced reply
is a forbidden point (black may not block there: white wins either way). Black's
fours must be legal moves: a four whose stone is forbidden does not count, unless
it makes five. If the defender has a four on the board, the attacker must block it
first, with a four of his own, or the VCF fails.

>>> from engines.renju import Board, point_name
>>> board = Board.setup(black="h8 i8 j8 k9 k10", white="g8 h10 i11 m3 c12")
>>> result = vcf(board)
>>> result.win, [point_name(p) for p in result.line], result.finish
(True, ['k8', 'l8', 'k11'], 'double')

Black's k8 is a four (h8-k8, white must take l8) and a three (k8-k10); k11 then
makes a straight four: a four-three (四三), black's way to win.

The search is exhaustive within its bounds: ``proven`` says whether a "no VCF"
answer is a proof (no bound was hit) or only "none found". A transposition table
keyed by the exact board keeps repeated positions cheap.

For judging a puzzle's answers without searching each time, ``vcf_tree`` settles
every four of every position the attacker reaches by winning fours (one table for
all of them, one node limit), ``defence_tree`` every answer of the defender's, and
``verify_line`` checks a known line move by move, which is cheap enough to do on a
request.

*VCT* (连续活三胜, threes and fours) is searched only a few threes deep, for easy
problems: after each attacking three the defender may answer anywhere that could
matter (every point the attacker's follow-up VCF depends on, and every four of
his own); ``vct`` proves the win only if every such answer loses.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..budget import Budget, OutOfBudget
from . import _PADDED, _PUBLIC, BLACK, EMPTY, POINTS, STEPS, WALL, Board, opponent

MAX_NODES = 200_000
MAX_FOURS = 40  # the longest VCF searched: more fours than any board position allows in practice


class _NodeLimit(Exception):
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
        return set(self.board.crowded(self.attacker, 3))

    def threats(self) -> list[int]:
        """The defender's five points: his fours the attacker must block."""
        return self.board.five_points(self.defender)

    # -- the search ----------------------------------------------------------

    def attack(self, fours_left: int, near: set[int], threats: list[int]):
        """Attacker to move: (line, finish) of a win, or None."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _NodeLimit
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
    except _NodeLimit:
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


# ---------------------------------------------------------------------------
# Checking a line, and every winning way at once


def verify_line(board: Board, line: Sequence[int], *, attacker: int | None = None) -> str:
    """How ``line`` wins for ``attacker`` on ``board``: its finish, or "" if it does not.

    A check move by move, no search: every attacking move is legal and makes a five
    or a four, answering the defender's four if he has one; every reply is the one
    forced block (never a five of the defender's); the line ends in a win: a five, a
    four with two open points (``double``), or black's forced block on a forbidden
    point (``foul``, the block being the line's last move).

    >>> from engines.renju import parse_points
    >>> board = Board.setup(black="h8 i8 j8 k9 k10", white="g8 h10 i11 m3 c12")
    >>> verify_line(board, parse_points("k8 l8 k11"))
    'double'
    >>> verify_line(board, parse_points("k8 l8 k12"))
    ''
    """
    attacker = board.to_move if attacker is None else attacker
    defender = opponent(attacker)
    pushed = 0
    try:
        for index in range(0, len(line), 2):
            move = line[index]
            last = index == len(line) - 1
            if not 0 <= move < POINTS or board[move] != EMPTY:
                return ""
            if board.makes_five(move, attacker):
                return "five" if last else ""
            threats = board.five_points(defender)
            if len(threats) >= 2 or (threats and move != threats[0]):
                return ""
            if attacker == BLACK and board.is_forbidden(move):
                return ""
            completions = set(board.fours_made(move, attacker))
            if len(completions) >= 2:
                return "double" if last else ""
            if not completions or last or line[index + 1] not in completions:
                return ""
            block = line[index + 1]
            board.push_color(move, attacker)
            pushed += 1
            if defender == BLACK and board.is_forbidden(block):
                return "foul" if index + 2 == len(line) else ""
            if board.makes_five(block, defender):
                return ""
            board.push_color(block, defender)
            pushed += 1
        return ""
    finally:
        for _ in range(pushed):
            board.pop()


MAX_TREE = 1000  # positions in a tree: more are no puzzle to play out
COUNTER_NODES = 5_000  # a VCF tree's search for the defender's own fours, all positions
KEY_NODES = 150  # a VCF tree's check that its key point stops the attacker, per position

Stones = tuple[tuple[int, int], ...]  # (point, colour) added since the start, sorted


def added(key: Stones, *stones: tuple[int, int]) -> Stones:
    """``key`` with ``stones`` added, in the canonical (sorted) order."""
    return tuple(sorted((*key, *stones)))


@contextmanager
def placed(board: Board, stones: Stones):
    """``board`` with ``stones`` on it for the ``with`` block, the same side to move;
    then as it was."""
    to_move = board.to_move
    for point, color in stones:
        board.push_color(point, color)
    board.to_move = to_move
    try:
        yield board
    finally:
        for _ in stones:
            board.pop()
        board.to_move = to_move


@dataclass
class TreeNode:
    """One position of a VCF tree, the attacker to move.

    ``wins``: every winning four (or five) -> (how, block, rest, finish): ``five`` (block:
    the point itself), ``double`` (two ways to five; ``block`` is where the
    defender blocks one), ``foul`` (black's forced block is forbidden), ``quick``
    (after the block the attacker still wins in one move, ``rest``) or ``four``
    (``rest``: a win after the block; the position then is in the tree, unless the
    tree stopped at its bounds); ``finish`` is how the win ends (as ``VcfResult``'s).
    Every other four is proven to lose. A ``quick``
    position (the attacker wins in one move here) keeps no position after a four
    that leaves a win in one: else the tree would hold every order of every four
    played beside a win in hand. ``line``/``finish``: the shortest win from here.
    ``counter``: a VCF of the defender's, were it his move ([] if none was found
    within its bound), which refutes a quiet move when it still passes
    ``verify_line`` with that move on the board. ``stop``: a point where the
    defender's stone leaves the attacker no VCF, and ``key_nodes`` the nodes a fresh
    ``vcf`` took to prove it (None: no such point found within ``KEY_NODES`` a try).
    """

    wins: dict[int, tuple[str, int, list[int], str]]
    line: list[int] = field(default_factory=list)
    finish: str = ""
    quick: bool = False
    counter: list[int] = field(default_factory=list)
    stop: int | None = None
    key_nodes: int | None = None


@dataclass
class VcfTree:
    """Every position the attacker reaches by winning fours and their forced blocks
    (but after a four that keeps a win in one move), breadth first, within bounds.

    ``positions`` is keyed by the stones added since the start (``Stones``), so
    transpositions share an entry; the start is ``()``. ``proven``: the start and
    every position kept had every four settled (a kept position is always whole);
    ``complete``: every position reached by a ``four`` is kept, otherwise
    ``reason`` says which bound stopped the tree (and the positions beyond it have
    only the ``rest`` of the win that reaches them). ``win``: the start is won.
    """

    attacker: int
    positions: dict[Stones, TreeNode]
    proven: bool
    complete: bool
    nodes: int
    reason: str = ""

    @property
    def win(self) -> bool:
        root = self.positions.get(())
        return root is not None and bool(root.line)


def four_reply(board: Board, color: int, move: int) -> tuple[str, int]:
    """``color``'s four at ``move``: whether it wins at once, and the forced block.

    ``("double", block)``: two points make five (the opponent blocks one: black
    where it may); ``("foul", block)``: black's only block is forbidden; ``("",
    block)``: the opponent blocks and play goes on. ``move`` must make a four.
    """
    defender = opponent(color)
    ends = sorted(set(board.fours_made(move, color)))
    to_move = board.to_move
    board.push_color(move, color)
    try:
        if len(ends) >= 2:
            if defender == BLACK:
                return "double", next((c for c in ends if not board.is_forbidden(c)), ends[0])
            return "double", ends[0]
        if defender == BLACK and board.is_forbidden(ends[0]):
            return "foul", ends[0]
        return "", ends[0]
    finally:
        board.pop()
        board.to_move = to_move


def vcf_tree(
    board: Board,
    *,
    attacker: int | None = None,
    max_nodes: int = MAX_NODES,
    max_positions: int = MAX_TREE,
    max_fours: int = MAX_FOURS,
    counter_nodes: int = COUNTER_NODES,
    key_nodes: int = KEY_NODES,
) -> VcfTree:
    """Every winning four of every position reached by winning fours (see ``VcfTree``).

    One transposition table serves the whole tree, and ``max_nodes`` bounds it all
    (the defender's own VCFs take at most ``counter_nodes`` of what is left after
    the tree, the key point's checks ``key_nodes`` each). The board is left as it
    was.

    >>> from engines.renju import point_name
    >>> board = Board.setup(black="h8 i8 j8 k9 k10", white="g8 h10 i11 m3 c12")
    >>> tree = vcf_tree(board)
    >>> tree.proven, tree.complete, len(tree.positions)
    (True, True, 2)
    >>> [point_name(p) for p in tree.positions[()].line]
    ['k8', 'l8', 'k11']
    >>> sorted(point_name(p) for p in tree.positions[()].wins)
    ['k8']
    """
    attacker = board.to_move if attacker is None else attacker
    defender = opponent(attacker)
    search = _Vcf(board, attacker, max_nodes, max_fours)
    positions: dict[Stones, TreeNode] = {}
    order: list[Stones] = [()]
    queued = {()}
    reason = ""
    try:
        for key in order:  # breadth first: the list grows as children are found
            if len(positions) >= max_positions:
                reason = f"more than {max_positions:,} positions"
                break
            with placed(board, key):
                node = _tree_node(search, max_fours - len(key) // 2)
            positions[key] = node
            for move, (how, block, _rest, _finish) in node.wins.items():
                child = added(key, (move, attacker), (block, defender))
                if how == "four" and child not in queued:
                    queued.add(child)
                    order.append(child)
            if not key and not node.wins:
                break  # no win at all: nothing more to look at
    except _NodeLimit:
        reason = f"the search limit of {max_nodes:,} nodes"
    if search.cut:
        reason = f"the depth limit of {max_fours} fours"
    if () not in positions or search.cut:
        return VcfTree(attacker, positions, False, False, min(search.nodes, max_nodes + 1), reason)
    nodes = min(search.nodes, max_nodes)
    complete = len(positions) == len(order)
    _shortest_lines(positions, order, attacker, defender)
    nodes += _refutations(board, positions, attacker, max_nodes - nodes, counter_nodes, key_nodes)
    return VcfTree(attacker, positions, True, complete, nodes, "" if complete else reason)


def quick_wins(board: Board, attacker: int | None = None) -> dict[int, tuple[str, int]]:
    """The attacker's wins in one move: fives (``five`` -> the point itself), or else
    fours that win at once (``four_reply``: ``double`` or ``foul``, with the block),
    answering the defender's four if he has one; fives first, then doubles.

    >>> from engines.renju import names
    >>> board = Board.setup(black="h8 i8 j8 k9 k10 k8", white="g8 h10 i11 m3 c12 l8")
    >>> names(quick_wins(board))
    'k7, k11'
    """
    attacker = board.to_move if attacker is None else attacker
    search = _Vcf(board, attacker, 0, 0)
    start = sorted(search.candidates())
    fives = [p for p in start if board.makes_five(p, attacker)]
    if fives:
        return {five: ("five", five) for five in fives}
    threats = search.threats()
    if len(threats) >= 2:
        return {}
    found = {}
    for move, _completions in search.four_moves(threats[:1] or start):
        how, block = four_reply(board, attacker, move)
        if how:
            found[move] = (how, block)
    return dict(sorted(found.items(), key=lambda item: item[1][0] != "double"))


def quick_line(quick: dict[int, tuple[str, int]]) -> list[int]:
    """The first of ``quick_wins`` as a line: the move, and black's foul block if any."""
    move, (how, block) = next(iter(quick.items()))
    return [move, block] if how == "foul" else [move]


def _tree_node(search: _Vcf, fours_left: int) -> TreeNode:
    """Classify every four of the attacker's here: which win, how, and the rest."""
    board, attacker, defender = search.board, search.attacker, search.defender
    search.nodes += 1
    if search.nodes > search.max_nodes:
        raise _NodeLimit
    quick = quick_wins(board, attacker)
    wins = {move: (how, block, [], how) for move, (how, block) in quick.items() if how == "five"}
    start = search.candidates()
    threats = search.threats()
    fours = search.four_moves(threats[:1] or sorted(start)) if len(threats) < 2 else []
    for move, completions in fours:
        if move in wins:
            continue
        how, block = four_reply(board, attacker, move)
        if how:
            wins[move] = (how, block, [], how)
            continue
        if quick:
            with placed(board, ((move, attacker), (block, defender))):
                kept = quick_wins(board, attacker)
            if kept:
                wins[move] = ("quick", block, quick_line(kept), next(iter(kept.values()))[0])
                continue
        if fours_left <= 0:
            search.cut = True
            continue
        found = search.defend(move, completions, fours_left, start)
        if found is not None:
            wins[move] = ("four", block, found[0][2:], found[1])
    node = TreeNode(wins, quick=bool(quick))
    if quick:
        node.line, node.finish = quick_line(quick), next(iter(quick.values()))[0]
    return node


def _shortest_lines(positions, order, attacker, defender) -> None:
    """Each position's shortest win, children first (every child is two stones deeper);
    a position beyond the tree counts with the win that reaches it."""
    for key in reversed(order):
        node = positions.get(key)
        if node is None or node.quick:
            continue
        best: tuple[list[int], str] | None = None
        for move, (_four, block, rest, finish) in node.wins.items():  # no quick win here
            child = positions.get(added(key, (move, attacker), (block, defender)))
            line = [move, block, *(child.line if child else rest)]
            if best is None or len(line) < len(best[0]):
                best = line, child.finish if child else finish
        if best is not None:
            node.line, node.finish = best


STOP_TRIES = 6  # points tried as a position's stop


def _stop_candidates(node: TreeNode) -> list[int]:
    """Where the defender may stop the attacker: the shortest win's moves (the
    attacker's first), the other winning fours, the forced blocks."""
    line = node.line
    found = [*line[0::2], *node.wins, *line[1::2]]
    return list(dict.fromkeys(found))[:STOP_TRIES]


def _refutations(board, positions, attacker, left: int, counter_nodes: int, key_nodes: int) -> int:
    """What refutes a quiet move in each position: the defender's own VCF, and a
    point where the defender's stone stops the attacker (proven by a search of at
    most ``key_nodes``). Returns the nodes spent, at most ``left`` (the defender's
    own searches share ``counter_nodes`` of it and one table)."""
    defender = opponent(attacker)
    counter = _Vcf(board, defender, 0, MAX_FOURS)
    keys = 0  # nodes spent on the key point's checks
    for key, node in positions.items():
        if not node.line:
            continue
        with placed(board, key):
            counter.max_nodes = min(counter_nodes, left - keys)
            if counter.nodes < counter.max_nodes:
                try:
                    found = counter.attack(MAX_FOURS, counter.candidates(), counter.threats())
                except _NodeLimit:
                    found = None
                    counter.nodes = counter.max_nodes
                node.counter = found[0] if found is not None else []
            for stop in _stop_candidates(node):
                limit = min(key_nodes, left - keys - counter.nodes)
                if limit <= 0:
                    break
                if board[stop] != EMPTY or (defender == BLACK and board.is_forbidden(stop)):
                    continue
                with placed(board, ((stop, defender),)):
                    after = vcf(board, attacker=attacker, max_nodes=limit)
                keys += min(after.nodes, limit)
                if not after.win and after.proven:
                    node.stop, node.key_nodes = stop, after.nodes
                    break
    return keys + counter.nodes


# ---------------------------------------------------------------------------
# What a proof depends on, and the defences against it


def region(board: Board, attacker: int, result: VcfResult) -> set[int]:
    """Every point whose contents a VCF proof reads (four lines, five points each way).

    A stone of the defender's anywhere else leaves every check of the proof as it
    was, so the same line still wins: a defence is inside the region, or is a
    four of the defender's own (which the attacker must answer first).
    """
    centres = set(result.line)
    board.record, board._memo = set(), {}
    pushed = 0
    try:
        color = attacker
        for number, point in enumerate(result.line):
            last = number == len(result.line) - 1
            if color == attacker:
                centres.update(board.fours_made(point, attacker))
                if attacker == BLACK:
                    board.is_forbidden(point)
            elif color == BLACK:
                board.is_forbidden(point)
            if last:
                break
            board.push_color(point, color)
            board._memo = {}
            pushed += 1
            color = opponent(color)
    finally:
        for _ in range(pushed):
            board.pop()
        centres |= board.record
        board.record = None
    cells = board._cells
    found = set()
    for centre in centres:
        for q in _line_points(_PADDED[centre], 5):
            if cells[q] != WALL:
                found.add(_PUBLIC[q])
    return found


@dataclass
class Defences:
    """The side to move facing a VCF: ``threat`` is the attacker's VCF if it passed.

    ``stops``: quiet moves after which the attacker has no VCF (each proven);
    ``counters``: the defender's own fours, which gain a move but are answered by a
    forced block; ``proven``: every candidate was settled within the bounds.
    ``region``: the points the threat's proof reads (``region``): a quiet move
    anywhere else leaves ``threat.line`` winning as it is; ``refutations``: for each
    quiet move inside it that does not stop the attacker, the attacker's VCF after
    it. ``nodes``: what all the searches took.
    """

    threat: VcfResult
    stops: list[int] = field(default_factory=list)
    counters: list[int] = field(default_factory=list)
    proven: bool = True
    region: list[int] = field(default_factory=list)
    refutations: dict[int, list[int]] = field(default_factory=dict)
    nodes: int = 0

    def refutation(self, point: int) -> list[int]:
        """The attacker's win after the defender's quiet move at ``point`` (not a stop,
        not a counter-four, not forbidden): its own line, or else the threat's."""
        return self.refutations.get(point, self.threat.line)


def four_moves(board: Board, color: int) -> list[int]:
    """Every legal move of ``color`` that makes a four (black's forbidden points left out)."""
    search = _Vcf(board, color, 0, 0)
    return [move for move, _ in search.four_moves(sorted(search.candidates()))]


def defences(board: Board, *, max_nodes: int = MAX_NODES, budget: Budget | None = None) -> Defences:
    """How the side to move can stop the opponent's VCF, every candidate searched.

    ``max_nodes`` bounds each search; with a ``budget`` their total is spent from it
    too (``OutOfBudget`` when it is spent).
    """
    defender = board.to_move
    attacker = opponent(defender)
    spent = 0

    def search() -> VcfResult:
        nonlocal spent
        limit = max_nodes
        if budget is not None:
            budget.check()
            limit = min(limit, budget.left)
        result = vcf(board, attacker=attacker, max_nodes=limit)
        spent += result.nodes
        if budget is not None:
            budget.spend(result.nodes)
        return result

    threat = search()
    result = Defences(threat, proven=threat.proven)
    if not threat.win:
        result.nodes = spent
        return result
    result.counters = four_moves(board, defender)
    result.region = sorted(region(board, attacker, threat))
    for point in result.region:
        if board[point] != EMPTY or point in result.counters:
            continue
        if defender == BLACK and board.is_forbidden(point):
            continue
        board.push_color(point, defender)
        try:
            after = search()
        finally:
            board.pop()
        if after.win:
            result.refutations[point] = after.line
        elif after.proven:
            result.stops.append(point)
        else:
            result.proven = False
    result.nodes = spent
    return result


@dataclass
class DefenceNode:
    """One position of a defence tree, the defender to move: its ``Defences``, and
    what becomes of each counter-four: ``counters[four] = (how, block, line)``, how
    being ``double`` or ``foul`` (the counter wins), ``safe`` (after the block the
    threat is gone), ``continue`` (the threat stays, but there are stops: the
    position after the four and the block is in the tree) or ``lost`` (nothing
    defends after the block; ``line`` is the attacker's VCF then).
    """

    defences: Defences
    counters: dict[int, tuple[str, int, list[int]]] = field(default_factory=dict)


@dataclass
class DefenceTree:
    """Every position the defender reaches by counter-fours that keep a defence.

    Keyed like ``VcfTree`` (the start is ``()``); ``proven``: every defence and
    every counter was settled within the bounds (otherwise ``reason`` says which).
    """

    defender: int
    positions: dict[Stones, DefenceNode]
    proven: bool
    nodes: int
    reason: str = ""


def defence_tree(
    board: Board,
    *,
    max_nodes: int = MAX_NODES * 10,
    max_positions: int = MAX_TREE,
    search_nodes: int = MAX_NODES,
) -> DefenceTree:
    """``defences`` of the start and of every position after a counter-four and its
    block that still needs defending (see ``DefenceNode``), recursively.

    ``search_nodes`` bounds each VCF search, ``max_nodes`` all of them together.

    >>> from engines.renju import names
    >>> board = Board.setup(black="g8 a1 a3 o1 o3", white="h8 i8 j8 k9 k10", to_move=BLACK)
    >>> tree = defence_tree(board)
    >>> tree.proven, names(tree.positions[()].defences.stops)
    (True, 'k7, k8, k11, l8')
    """
    defender = board.to_move
    attacker = opponent(defender)
    budget = Budget(max_nodes)
    positions: dict[Stones, DefenceNode] = {}
    reason = ""
    try:
        pending = [((), defences(board, max_nodes=search_nodes, budget=budget))]
        queued = {()}
        for key, found in pending:  # the list grows as positions are found
            if len(positions) >= max_positions:
                reason = f"more than {max_positions} positions"
                break
            if not found.proven:
                reason = f"a search hit its limit of {search_nodes:,} nodes"
                break
            node = positions[key] = DefenceNode(found)
            if not found.threat.win:
                continue
            with placed(board, key):
                for four in found.counters:
                    how, block = four_reply(board, defender, four)
                    if how:
                        node.counters[four] = (how, block, [])
                        continue
                    child = added(key, (four, defender), (block, attacker))
                    with placed(board, ((four, defender), (block, attacker))):
                        later = defences(board, max_nodes=search_nodes, budget=budget)
                    if not later.proven:
                        reason = f"a search hit its limit of {search_nodes:,} nodes"
                        break
                    if not later.threat.win:
                        node.counters[four] = ("safe", block, [])
                    elif later.stops:
                        node.counters[four] = ("continue", block, [])
                        if child not in queued:
                            queued.add(child)
                            pending.append((child, later))
                    else:
                        node.counters[four] = ("lost", block, later.threat.line)
            if reason:
                break
    except OutOfBudget:
        reason = f"the search limit of {max_nodes:,} nodes"
    return DefenceTree(defender, positions, not reason, min(budget.spent, max_nodes + 1), reason)


# ---------------------------------------------------------------------------
# A short VCT: threes and fours


@dataclass
class VctResult:
    """``win``: proven to win by threes and fours within ``depth`` threes.

    ``line``: the main line (attacker, defender, ...), ending where a VCF takes
    over (its first move included); ``nodes``: VCF searches made.
    """

    win: bool
    line: list[int] = field(default_factory=list)
    nodes: int = 0
    complete: bool = True


class _Vct:
    def __init__(self, board: Board, attacker: int, max_nodes: int):
        self.board = board
        self.attacker = attacker
        self.defender = opponent(attacker)
        self.budget = max_nodes
        self.searches = 0
        self.complete = True

    def vcf(self) -> VcfResult:
        self.searches += 1
        result = vcf(self.board, attacker=self.attacker, max_nodes=max(self.budget, 1))
        self.budget -= result.nodes
        if self.budget <= 0:
            raise _NodeLimit
        if not result.proven:
            self.complete = False
        return result

    def threat_moves(self) -> list[int]:
        """The attacker's legal moves that make a three or a four."""
        board, attacker = self.board, self.attacker
        found = []
        for p in board.crowded(attacker, 2):
            lines = board._lines(_PADDED[p], attacker)
            if not any(line.five_points or line.three_points for line in lines):
                continue
            if attacker == BLACK and board.is_forbidden(p):
                continue
            found.append(p)
        return found

    def attack(self, depth: int) -> list[int] | None:
        board = self.board
        direct = self.vcf()
        if direct.win:
            return direct.line[:1]
        threats = board.five_points(self.defender)
        if len(threats) >= 2:
            return None
        if threats:
            # The defender's four must be blocked first; the block spends no three.
            block = threats[0]
            if self.attacker == BLACK and board.is_forbidden(block):
                return None
            board.push_color(block, self.attacker)
            try:
                line = self.defend(depth + 1)
            finally:
                board.pop()
            return None if line is None else [block, *line]
        if depth <= 0:
            return None
        for move in self.threat_moves():
            board.push_color(move, self.attacker)
            try:
                line = self.defend(depth)
            finally:
                board.pop()
            if line is not None:
                return [move, *line]
        return None

    def defend(self, depth: int) -> list[int] | None:
        """The attacker has just moved: every answer that could matter must lose."""
        board = self.board
        if board.five_points(self.defender):
            return None
        threat = self.vcf()
        if not threat.win:
            return None
        answers = set(four_moves(board, self.defender))
        answers |= {p for p in region(board, self.attacker, threat) if board[p] == EMPTY}
        main = None
        for answer in sorted(answers):
            if self.defender == BLACK and board.is_forbidden(answer):
                continue
            board.push_color(answer, self.defender)
            try:
                line = self.attack(depth - 1)
            finally:
                board.pop()
            if line is None:
                return None
            if main is None:
                main = [answer, *line]
        return main if main is not None else threat.line[:1]


def vct(
    board: Board, *, attacker: int | None = None, depth: int = 2, max_nodes: int = MAX_NODES * 5
) -> VctResult:
    """Search a win by threes and fours, at most ``depth`` threes (a short VCT)."""
    attacker = board.to_move if attacker is None else attacker
    search = _Vct(board, attacker, max_nodes)
    try:
        line = search.attack(depth)
    except _NodeLimit:
        return VctResult(False, nodes=search.searches, complete=False)
    if line is None:
        return VctResult(False, nodes=search.searches, complete=search.complete)
    return VctResult(True, line, search.searches, search.complete)
