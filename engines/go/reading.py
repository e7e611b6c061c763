"""Tactical reading (吃子 / 逃子): can a chain be captured, can it be saved?

``attack(board, target)`` asks whether the opponent of the chain at ``target``,
moving first, captures it against every defence; ``defend(board, target)``
whether its owner, moving first, saves it against every attack. Both answer
with a ``Reading``: the verdict, the first move and main line, and for each
first move tried that fails, the opponent's refutation.

>>> board = Board.from_text('''
...     .....
...     ..X..
...     .XO..
...     ..X..
...     .....
... ''')
>>> reading = attack(board, parse_point("C3", 5))
>>> reading.success, point_name(reading.move, 5)
(True, 'D3')

The search is a depth-bounded proof search in the manner of GNU Go's
``reading.c``, simplified:

- liberty cut-offs: the attacker tries chains of at most 3 liberties (4 or
  more is "safe"; 4 only near the root, 3 only within ``THREELIB_PLY`` moves
  of it); a chain in atari with the attacker to move is captured;
- candidate moves for the attacker: the chain's liberties, with 2 liberties
  also the second-order liberties (nets 枷, throw-ins), the liberties of the
  defender's chains one step from the target (an extension would join them:
  the room a net must cover), moves that rescue its own chains in atari next
  to the target (capturing races 对杀) and, near the root against 3 or more
  liberties, moves that strengthen its own neighbouring chains of 2 liberties
  before the target can counter-atari them; for the defender: the chain's
  liberties, captures of adjacent attacker chains in atari, and liberties of
  adjacent attacker chains short of liberties (counter-ataris, races);
- ``depth`` bounds the attacker's *quiet* moves: a move that puts the target
  in atari is forcing and free, so ladders (征子) are read to the end, ladder
  breakers included. Each position's result is ``CAPTURED``, ``SAVED`` or
  ``UNKNOWN``: a chain the attacker has no quiet move left against is not
  called safe but unknown, and the reading is repeated deeper (``DEPTHS``)
  until the question is settled, keeping what earlier steps settled. What is
  still unknown at ``depth`` is read once more with the horizon rule of GNU
  Go's reader: no quiet move left, the chain has escaped;
- results are reused by position and by *stage* (how far from the line's start
  the position is, since the cut-offs depend on it); a line read from the
  middle (``ply``) counts from the same start, so a position gets one verdict;
- self-atari is allowed, so snapbacks (倒扑) and throw-ins read naturally;
- ko captures are legal moves under the board's superko rule (the board's
  history plus the line being read); ko fights are otherwise not evaluated;
- ``node_limit`` bounds the moves played. A search that hits the limit is
  reported as not proven (``complete=False``, ``success=False``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..budget import Budget
from . import (  # noqa: F401  (parse_point: doctest names)
    EMPTY,
    Board,
    dead_chain,
    parse_point,
    point_name,
    remove_captured,
)

DEPTH = 8  # at most this many quiet attacker moves on one line (read deeper step by step)
DEPTHS = (4, 8, 12)  # the deepening steps
BRANCH_DEPTH = 40  # plies after which only forcing moves are read
MAX_PLY = 160  # a hard stop for pathological forcing sequences
NODE_LIMIT = 40_000  # moves played in one search
THREELIB_PLY = 12  # chains of 3 liberties this far from the root are safe
FOURLIB_PLY = 6  # chains of 4 liberties are attacked only this near the root
SECOND_ORDER_PLY = 6  # second-order moves on 3-liberty chains, 2-liberty defences


@dataclass(frozen=True)
class Reading:
    success: bool  # the side moving first reaches its aim (capture / save)
    move: int | None  # first move of the main line (None: nothing works, or no move needed)
    line: tuple[int, ...]  # the main line, alternating, starting with `move`
    refutations: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # every first move tried that the search proved correct (the main line's first)
    correct_moves: tuple[int, ...] = ()
    complete: bool = True  # False when the node limit stopped the search
    nodes: int = 0


CAPTURED, SAVED, UNKNOWN = "captured", "saved", "unknown"


class _Abort(Exception):
    pass


def _limit(node_limit: int, budget: Budget | None) -> int:
    return node_limit if budget is None else max(min(node_limit, budget.left), 1)


def _spend(s: _Search, node_limit: int, budget: Budget | None, aborted: bool) -> None:
    """Count a search's nodes against ``budget``; ``OutOfBudget`` if the budget stopped it.

    A search stopped by its own ``node_limit`` (not the budget) keeps its usual
    meaning: not proven.
    """
    if budget is None:
        return
    if aborted and budget.left <= node_limit:
        budget.spend(budget.left + 1)
    budget.spend(min(s.nodes, budget.left))


class _Candidates(list):
    """Candidate moves in the order tried: empty points, each once."""

    def __init__(self, cells: list[int]):
        super().__init__()
        self.cells = cells
        self.seen: set[int] = set()

    def add(self, p: int) -> None:
        if p not in self.seen and self.cells[p] == EMPTY:
            self.seen.add(p)
            self.append(p)


class _Search:
    """A scratch copy of the stones, played and unplayed without the rule checks
    of ``Board.play`` except the ones that matter to reading (suicide, superko)."""

    def __init__(self, board: Board, target: int, depth: int, node_limit: int, branch_depth: int):
        if board.cells[target] == EMPTY:
            raise ValueError(f"no stone at {point_name(target, board.size)}")
        self.board = board
        self.cells = board.cells.copy()  # a plain list, or the board's recording cells
        self.nbrs = board._neighbors
        self.zob = board._zobrist
        self.hash = board.hash
        self.seen = board._seen
        self.positional = board.rules.superko == "positional"
        self.path: set = set()
        self.stack: list[tuple[int, list[int], int, object]] = []
        self.target = target
        self.owner = board.cells[target]
        self.enemy = 3 - self.owner
        self.depth = depth
        self.node_limit = node_limit
        self.branch_depth = branch_depth
        self.nodes = 0
        self.cache: dict = {}  # unsettled results, by position and depth
        self.proven: dict = {}  # settled results, by position
        # At the last depth, a chain the attacker has no quiet move left against
        # counts as escaped (the reading's horizon), as readers like GNU Go's do.
        self.horizon = False

    # -- stones --------------------------------------------------------------

    def play(self, p: int, color: int) -> bool:
        cells = self.cells
        if cells[p] != EMPTY:
            return False
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _Abort
        zob, nbrs = self.zob, self.nbrs
        other = 3 - color
        cells[p] = color
        captured, h = remove_captured(cells, nbrs, zob, p, self.hash ^ zob[p][color])
        if not captured and dead_chain(cells, nbrs, p):
            cells[p] = EMPTY
            return False
        key = h if self.positional else (h, other)
        if captured and (key in self.seen or key in self.path):
            cells[p] = EMPTY
            for s in captured:
                cells[s] = other
            return False
        added = None
        if key not in self.path:
            self.path.add(key)
            added = key
        self.stack.append((p, captured, self.hash, added))
        self.hash = h
        return True

    def undo(self) -> None:
        p, captured, h, added = self.stack.pop()
        cells = self.cells
        color = cells[p]
        cells[p] = EMPTY
        other = 3 - color
        for s in captured:
            cells[s] = other
        if added is not None:
            self.path.discard(added)
        self.hash = h

    def chain(self, point: int) -> tuple[list[int], set[int]]:
        cells, nbrs = self.cells, self.nbrs
        color = cells[point]
        stones, seen, libs = [point], {point}, set()
        i = 0
        while i < len(stones):
            for q in nbrs[stones[i]]:
                c = cells[q]
                if c == EMPTY:
                    libs.add(q)
                elif c == color and q not in seen:
                    seen.add(q)
                    stones.append(q)
            i += 1
        return stones, libs

    def libs_of(self, point: int) -> int:
        return len(self.chain(point)[1])

    def neighbour_chains(self, stones: list[int]) -> list[tuple[list[int], set[int]]]:
        """The opponent chains touching ``stones``, each once."""
        cells, nbrs = self.cells, self.nbrs
        other = 3 - cells[stones[0]]
        seen: set[int] = set()
        chains = []
        for s in stones:
            for q in nbrs[s]:
                if cells[q] == other and q not in seen:
                    chain = self.chain(q)
                    seen.update(chain[0])
                    chains.append(chain)
        return chains

    # -- candidates ----------------------------------------------------------

    def attack_moves(self, stones: list[int], libs: set[int], quiet: bool, ply: int) -> list[int]:
        cells, nbrs = self.cells, self.nbrs
        moves = _Candidates(cells)
        add = moves.add

        # Ataris and liberty fills first; a liberty next to more empty points
        # (the side the ladder runs to) first.
        for p in sorted(libs, key=lambda q: -sum(cells[r] == EMPTY for r in nbrs[q])):
            add(p)
        if not quiet:
            return moves
        n = len(libs)
        # Rescue own chains in atari next to the target (races); near the root,
        # also strengthen own chains of 2 liberties that the target could
        # otherwise counter-atari (a liberty fill first would let it escape).
        for chain_stones, chain_libs in self.neighbour_chains(stones):
            k = len(chain_libs)
            if k == 1 or (k == 2 and n >= 3 and ply < SECOND_ORDER_PLY):
                for p in chain_libs:
                    add(p)
            if k == 1:
                for _, enemy_libs in self.neighbour_chains(chain_stones):
                    if len(enemy_libs) == 1:
                        for p in enemy_libs:
                            add(p)
        if n == 2 or (n == 3 and ply < SECOND_ORDER_PLY):
            # Second-order liberties: nets (枷) and throw-ins one step away.
            for lib in libs:
                for p in nbrs[lib]:
                    add(p)
        # The liberties of the defender's chains that an extension would join:
        # a stone one step from the target is part of its running room.
        for chain_libs in self.chains_beside(libs, cells[stones[0]], stones):
            if len(chain_libs) <= 3:
                for p in chain_libs:
                    add(p)
        return moves

    def chains_beside(self, libs: set[int], color: int, skip=()) -> list[set[int]]:
        """The liberties of each chain of ``color`` next to a point of ``libs``
        (each chain once, none with a stone in ``skip``)."""
        cells, nbrs = self.cells, self.nbrs
        done: set[int] = set(skip)
        found = []
        for lib in libs:
            for q in nbrs[lib]:
                if cells[q] == color and q not in done:
                    chain_stones, chain_libs = self.chain(q)
                    done.update(chain_stones)
                    found.append(chain_libs)
        return found

    def defence_moves(self, stones: list[int], libs: set[int], ply: int = 0) -> list[int]:
        cells, nbrs = self.cells, self.nbrs
        moves = _Candidates(cells)
        add = moves.add

        n = len(libs)
        neighbours = self.neighbour_chains(stones)
        for _, chain_libs in neighbours:
            if len(chain_libs) == 1:
                for p in chain_libs:
                    add(p)
        for p in libs:
            add(p)
        if n >= 2:
            for _, chain_libs in sorted(neighbours, key=lambda c: len(c[1])):
                if 2 <= len(chain_libs) <= min(3, n + 1):
                    for p in chain_libs:
                        add(p)
        if n == 2 and ply < SECOND_ORDER_PLY:
            # Attacker chains next to the liberties, short of liberties: a
            # counter-atari there makes the attacker's liberty fill a self-atari.
            for chain_libs in self.chains_beside(libs, 3 - self.owner):
                if len(chain_libs) <= 3:
                    for p in chain_libs:
                        add(p)
            # Second-order liberties: room to run, hanging connections.
            for lib in libs:
                for p in nbrs[lib]:
                    add(p)
        return moves

    # -- the search ----------------------------------------------------------

    def stage(self, ply: int) -> tuple[bool, ...]:
        """What of the reading depends on how far from the root a position is:
        a result is reused only at the same stage."""
        return (
            ply < SECOND_ORDER_PLY,
            ply < FOURLIB_PLY,
            ply < THREELIB_PLY,
            ply < self.branch_depth,
        )

    def attack(self, depth: int, ply: int) -> tuple[str, tuple[int, ...]]:
        """The attacker to move: ``CAPTURED``, ``SAVED`` or ``UNKNOWN``, with the line."""
        target = self.target
        if self.cells[target] == EMPTY:
            return CAPTURED, ()
        stones, libs = self.chain(target)
        n = len(libs)
        if n == 1:
            (p,) = libs
            if self.play(p, self.enemy):
                self.undo()
                return CAPTURED, (p,)
        if n > 4 or (n == 4 and ply >= FOURLIB_PLY) or (n == 3 and ply >= THREELIB_PLY):
            return SAVED, ()
        quiet = depth > 0 and ply < self.branch_depth
        if ply >= MAX_PLY or (n >= 3 and not quiet):
            return (SAVED if self.horizon else UNKNOWN), ()
        stage = self.stage(ply)
        proven = self.proven.get((self.hash, 0, stage))
        if proven is not None:
            return proven
        key = (self.hash, 0, stage, depth, self.horizon)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        result = None
        unknown = False
        for m in self.attack_moves(stones, libs, quiet, ply):
            if not self.play(m, self.enemy):
                continue
            if self.cells[target] == EMPTY:
                self.undo()
                result = (CAPTURED, (m,))
                break
            after = self.libs_of(target)
            if after > 1 and not quiet:
                self.undo()
                unknown = True
                continue
            status, sub = self.defend(depth - (after > 1), ply + 1)
            self.undo()
            if status == CAPTURED:
                result = (CAPTURED, (m, *sub))
                break
            unknown = unknown or status == UNKNOWN
        if result is None:
            result = (UNKNOWN if unknown else SAVED, ())
        if result[0] == UNKNOWN or self.horizon:
            self.cache[key] = result
        else:
            self.proven[(self.hash, 0, stage)] = result
        return result

    def defend(self, depth: int, ply: int) -> tuple[str, tuple[int, ...]]:
        """The defender to move: ``CAPTURED`` (no defence works), ``SAVED`` or ``UNKNOWN``."""
        target = self.target
        stones, libs = self.chain(target)
        n = len(libs)
        if n >= 5 or (n == 4 and ply >= FOURLIB_PLY):
            return SAVED, ()
        stage = self.stage(ply)
        proven = self.proven.get((self.hash, 1, stage))
        if proven is not None:
            return proven
        key = (self.hash, 1, stage, depth, self.horizon)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        best: tuple[int, ...] = ()
        result = None
        unknown = False
        for m in self.defence_moves(stones, libs, ply):
            if not self.play(m, self.owner):
                continue
            if self.libs_of(target) == 1 and not self.stack[-1][1]:
                # A self-atari that captures nothing only helps in a ko.
                status, sub = CAPTURED, (self._capture_line(),)
            else:
                status, sub = self.attack(depth, ply + 1)
            self.undo()
            if status == SAVED:
                result = (SAVED, (m, *sub))
                break
            if status == UNKNOWN:
                unknown = True
            elif len(sub) + 1 > len(best):
                best = (m, *sub)
        if result is None:
            result = (UNKNOWN, ()) if unknown else (CAPTURED, best)
        if result[0] == UNKNOWN or self.horizon:
            self.cache[key] = result
        else:
            self.proven[(self.hash, 1, stage)] = result
        return result

    def _capture_line(self) -> int:
        (p,) = self.chain(self.target)[1]
        return p


def _steps(depth: int) -> list[int]:
    """The depths read one after the other, up to ``depth``."""
    return [d for d in DEPTHS if d < depth] + [depth]


def _deepen(s: _Search, read, depth: int):
    """``read(d)`` for growing ``d`` until its status is settled (or ``depth`` is reached).

    Settled results are kept between steps (``_Search.proven``), so each step
    only reads again what the one before left open. Still open at ``depth``,
    the last reading stops at the horizon (see ``_Search.horizon``).
    """
    for d in _steps(depth):
        status, line = read(d)
        if status != UNKNOWN:
            return status, line
    s.horizon = True
    try:
        return read(depth)
    finally:
        s.horizon = False


def _top(board: Board, target: int, aim: str, depth: int, node_limit: int, branch_depth: int):
    s = _Search(board, target, depth, node_limit, branch_depth)
    stones, libs = s.chain(target)
    refutations: dict[int, tuple[int, ...]] = {}
    correct: list[int] = []
    main: tuple[int, ...] = ()
    complete = True
    try:
        if aim == "capture":
            if len(libs) > 4:
                return Reading(False, None, (), {}, (), True, 0)
            moves = s.attack_moves(stones, libs, True, 0)
        else:
            if len(libs) >= 5 or _deepen(s, lambda d: s.attack(d, 0), depth)[0] == SAVED:
                return Reading(True, None, (), {}, (), True, s.nodes)
            moves = s.defence_moves(stones, libs, 0)
        for m in moves:
            status, line = _deepen(s, lambda d, m=m: _first_move(s, m, aim, d), depth)
            if status is None:
                continue
            if status == UNKNOWN:
                complete = False
            elif status:
                correct.append(m)
                if not main:
                    main = line
            else:
                refutations[m] = line
    except _Abort:
        complete = False
    if main:
        return Reading(True, main[0], main, refutations, tuple(correct), complete, s.nodes)
    return Reading(False, None, (), refutations, (), complete, s.nodes)


def _first_move(s: _Search, m: int | None, aim: str, depth: int, ply: int = 0):
    """(correct, line) after ``m`` by the side with ``aim``: ``correct`` is True,
    False, ``UNKNOWN`` (not settled at this depth) or None (``m`` is illegal).

    The line starts with ``m`` when correct, and is the opponent's answer line
    (the refutation) when not. ``m`` None: the side plays elsewhere, changing
    nothing here (a tenuki), and the line has no first move.
    """
    color = s.enemy if aim == "capture" else s.owner
    if m is not None and not s.play(m, color):
        return None, ()
    first = () if m is None else (m,)
    try:
        if aim == "capture":
            if s.cells[s.target] == EMPTY:
                return True, first
            after = s.libs_of(s.target)
            status, line = s.defend(depth - (after > 1), ply + 1)
            if status == UNKNOWN:
                return UNKNOWN, ()
            if status == SAVED:
                return False, line or _reply(s)
            return True, (*first, *line)
        captured_some = m is not None and bool(s.stack[-1][1])
        if s.libs_of(s.target) == 1 and not captured_some:
            return False, (s._capture_line(),)
        status, line = s.attack(depth, ply + 1)
        if status == UNKNOWN:
            return UNKNOWN, ()
        if status == SAVED:
            return True, (*first, *line)
        return False, line
    finally:
        if m is not None:
            s.undo()


def first_candidates(board: Board, target: int, aim: str) -> list[int]:
    """The first moves the reader tries for ``aim`` against (capture) or for (save)
    the chain at ``target``: the moves that matter most to it."""
    s = _Search(board, target, DEPTH, NODE_LIMIT, BRANCH_DEPTH)
    stones, libs = s.chain(target)
    if aim == "capture":
        return list(s.attack_moves(stones, libs, True, 0))
    return list(s.defence_moves(stones, libs, 0))


def _reply(s: _Search) -> tuple[int, ...]:
    """A defender's answer when the chain is safe without one: the liberty that
    leaves it the most liberties (for a refutation to show)."""
    stones, libs = s.chain(s.target)
    best, best_libs = (), -1
    for m in s.defence_moves(stones, libs, 1):
        if not s.play(m, s.owner):
            continue
        n = s.libs_of(s.target)
        s.undo()
        if n > best_libs:
            best, best_libs = (m,), n
    return best


def attack(
    board: Board,
    target: int,
    *,
    depth: int = DEPTH,
    node_limit: int = NODE_LIMIT,
    branch_depth: int = BRANCH_DEPTH,
) -> Reading:
    """The opponent of the chain at ``target`` moves first: can it capture?"""
    return _top(board, target, "capture", depth, node_limit, branch_depth)


def defend(
    board: Board,
    target: int,
    *,
    depth: int = DEPTH,
    node_limit: int = NODE_LIMIT,
    branch_depth: int = BRANCH_DEPTH,
) -> Reading:
    """The owner of the chain at ``target`` moves first: can it be saved?

    If the chain cannot be captured even with the attacker to move, the aim
    holds without a move: ``success`` with ``move`` None.
    """
    return _top(board, target, "save", depth, node_limit, branch_depth)


def first_capture(
    board: Board,
    target: int,
    *,
    depth: int = DEPTH,
    node_limit: int = NODE_LIMIT,
    branch_depth: int = BRANCH_DEPTH,
    budget: Budget | None = None,
    ply: int = 0,
) -> Reading:
    """As ``attack``, stopping at the first line that captures.

    The verdict and the main line are ``attack``'s (the first moves are tried in
    the same order), without reading out every other first move's refutation:
    ``refutations`` and ``correct_moves`` stay empty. With a ``budget``, its nodes
    are spent (``OutOfBudget`` when the search needed more than was left).
    ``ply``: how many moves of the line being read were played before ``board``
    (the reading's cut-offs count from the line's start, so that a position gets
    the same verdict read at the start or on the way).
    """
    limit = _limit(node_limit, budget)
    s = _Search(board, target, depth, limit, branch_depth)
    try:
        status, line = _deepen(s, lambda d: s.attack(d, ply), depth)
    except _Abort:
        _spend(s, node_limit, budget, aborted=True)
        return Reading(False, None, (), complete=False, nodes=s.nodes)
    _spend(s, node_limit, budget, aborted=False)
    success = status == CAPTURED
    shown = line if success else ()
    return Reading(
        success, shown[0] if shown else None, shown, complete=status != UNKNOWN, nodes=s.nodes
    )


def is_capturable(board: Board, target: int, **options) -> bool:
    """Whether the attacker, moving first, captures the chain at ``target``."""
    return first_capture(board, target, **options).success


def check_first_move(
    board: Board,
    target: int,
    move: int | None,
    aim: str = "capture",
    *,
    depth: int = DEPTH,
    node_limit: int = NODE_LIMIT,
    branch_depth: int = BRANCH_DEPTH,
    budget: Budget | None = None,
    ply: int = 0,
) -> tuple[bool, tuple[int, ...]]:
    """Is ``move`` a correct first move for ``aim`` ("capture" or "save")?

    Returns ``(True, main line starting with move)`` or ``(False, refutation)``,
    the refutation being the opponent's answer line (empty when ``move`` is
    illegal or when the search ran out of nodes). ``move`` None is a move
    elsewhere that changes nothing here (a tenuki): the line then has no first
    move. With a ``budget``, its nodes are spent (``OutOfBudget`` when the search
    needed more than was left). ``ply``: as in ``first_capture``.
    """
    if aim not in ("capture", "save"):
        raise ValueError(f"aim must be 'capture' or 'save', not {aim!r}")
    limit = _limit(node_limit, budget)
    s = _Search(board, target, depth, limit, branch_depth)
    try:
        ok, line = _deepen(s, lambda d: _first_move(s, move, aim, d, ply), depth)
    except _Abort:
        _spend(s, node_limit, budget, aborted=True)
        return False, ()
    _spend(s, node_limit, budget, aborted=False)
    if ok is None or ok == UNKNOWN:
        return False, ()
    return ok, line
