"""Proof-number reading: the deep second look at a capture that ``reading`` gives up on.

``reading`` is fast because it cuts the search off by rule of thumb: a chain of
three liberties far from the start counts as safe, a chain of four is attacked
only near it, the attacker has a few quiet moves per line. Those cut-offs miss
the captures that need many moves before the chain is short of liberties: loose
ladders and nets that chase a chain of three or four liberties to the edge,
races after a double atari, a net on the side of a ladder breaker.

``prove`` reads such a position with depth-first proof-number search (df-pn,
Nagai 2002, with the 1 + epsilon thresholds of Pawlewicz and Lew): no cut-off by
depth, no limit on quiet moves; the search goes where the fewest answers are
left to read, which in a chase is the forcing line. Its only rule of thumb is
the goal: a marked chain captured is proven; every marked chain reaching
``ESCAPE`` liberties is disproven (no problem of ours asks to capture a chain
of five liberties). The candidates are ``reading``'s widest: for the attacker
the liberties, the second-order liberties, the liberties of the defender's
chains next to them and the rescue of its own chains in atari; for the
defender the liberties, captures, counter-ataris and second liberties, the
liberties of its own short chains beside its liberties, and a pass (the
defender may always wait, so a proof never assumes it must move). They are a
choice, not every move: a proof is as sound as they are wide, which
``tests/engines/go/test_proof.py`` measures against reading every move on
small boards, and ``tests/peers/test_go_problems_gnugo.py`` against GNU Go.

Several marked chains are read together: capturing any one of them is the aim
(a double atari).

>>> board = Board.from_text('''
...     .........
...     .........
...     .........
...     ..O...X..
...     ...OXX...
...     ...XO....
...     ...X.....
...     .....O...
...     .........
... ''', to_move=BLACK)
>>> e4 = parse_point("E4", 9)
>>> prove(board, [e4], parse_point("E3", 9), "capture").status
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import BLACK, EMPTY, Board, parse_point  # noqa: F401  (BLACK, parse_point: doctest names)
from .reading import _Abort, _Candidates, _Search

ESCAPE = 5  # a marked chain with this many liberties has escaped
NODE_LIMIT = 150_000  # stones played in one proof
MAX_PLY = 120  # a line this long is not a capture (a hard stop)
INFINITY = 10**9
EPSILON = 0.25  # the 1 + epsilon trick: fewer switches between siblings


@dataclass(frozen=True)
class Proof:
    """``status``: True (the aim is reached), False (it is not) or None (the node
    limit stopped the search). ``line``: the main line from the first move when
    True, the opponent's answer line when False."""

    status: bool | None
    line: tuple[int, ...]
    nodes: int


@dataclass
class Memo:
    """What proofs about one problem's marked chains learned, by position: kept
    between ``prove`` calls on positions of the same problem (a solution tree's
    line), so that a later position the first proof read is settled at once."""

    table: dict[tuple[int, bool], tuple[int, int]] = field(default_factory=dict)
    kids: dict[tuple[int, bool], list] = field(default_factory=dict)


class _Proof(_Search):
    """The attacker aims to capture any one of ``targets``: attacker to move is
    an OR node (one move must work), defender to move an AND node."""

    def __init__(self, board: Board, targets: list[int], node_limit: int, memo: Memo | None):
        super().__init__(board, targets[0], 0, node_limit, MAX_PLY)
        self.targets = list(targets)
        memo = memo if memo is not None else Memo()
        self.table = memo.table
        self.kids = memo.kids

    # -- the goal --------------------------------------------------------------

    def live(self) -> list[tuple[list[int], set[int]]]:
        """The marked chains still on the board, each once, fewest liberties first."""
        seen: set[int] = set()
        chains = []
        for t in self.targets:
            if self.cells[t] == self.owner and t not in seen:
                stones, libs = self.chain(t)
                seen.update(stones)
                chains.append((stones, libs))
        chains.sort(key=lambda c: len(c[1]))
        return chains

    def terminal(self, attacker: bool, chains: list | None = None) -> tuple[int, int] | None:
        """(pn, dn) when the position is decided, else None (``chains``: ``live()``
        when the caller has it)."""
        if chains is None:
            if any(self.cells[t] != self.owner for t in self.targets):
                return 0, INFINITY
            chains = self.live()
        if attacker and len(chains[0][1]) == 1:
            (p,) = chains[0][1]
            if self.play(p, self.enemy):
                self.undo()
                return 0, INFINITY
        if len(chains[0][1]) >= ESCAPE or len(self.stack) >= MAX_PLY:
            return INFINITY, 0
        return None

    def first_numbers(self, attacker: bool) -> tuple[int, int]:
        """The (pn, dn) a new position starts with: decided, or the estimate
        that the fewer liberties the weakest marked chain has, the nearer its
        capture."""
        if any(self.cells[t] != self.owner for t in self.targets):
            return 0, INFINITY
        chains = self.live()
        decided = self.terminal(attacker, chains)
        if decided is not None:
            return decided
        libs = len(chains[0][1])
        if attacker:
            return libs, 1
        return libs, max(1, ESCAPE - libs)

    def moves(self, attacker: bool) -> list[int | None]:
        cells = self.cells
        found = _Candidates(cells)
        for stones, libs in self.live():
            if attacker:
                generated = self.attack_moves(stones, libs, True, 0)
            else:
                generated = self.defence_moves(stones, libs, 0)
                # The second-order liberties of a chain of three: room to run.
                if len(libs) == 3:
                    generated = [*generated, *(q for lib in libs for q in self.nbrs[lib])]
                # The defender's own chains beside its liberties, short of
                # liberties: saving one keeps the room it guards.
                for own in self.chains_beside(libs, self.owner, stones):
                    if len(own) <= 2:
                        generated = [*generated, *own]
            for p in generated:
                found.add(p)
        moves: list[int | None] = list(found)
        if not attacker:
            moves.append(None)  # waiting is always allowed
        return moves

    # -- df-pn -----------------------------------------------------------------

    def key(self, attacker: bool) -> tuple[int, bool]:
        return (self.hash, attacker)

    def enter(self, move: int | None, attacker: bool) -> bool:
        """Play the mover's ``move`` (None: a pass); False when illegal."""
        if move is None:
            return True
        return self.play(move, self.enemy if attacker else self.owner)

    def leave(self, move: int | None) -> None:
        if move is not None:
            self.undo()

    def children(self, attacker: bool) -> list[tuple[int | None, tuple[int, bool]]]:
        """The legal moves here with the key of the position each leads to (kept
        by position); each new position gets its first (pn, dn)."""
        key = self.key(attacker)
        kids = self.kids.get(key)
        if kids is not None:
            return list(kids)
        kids = []
        for m in self.moves(attacker):
            if not self.enter(m, attacker):
                continue
            child = self.key(not attacker)
            if child not in self.table:
                self.table[child] = self.first_numbers(not attacker)
            kids.append((m, child))
            self.leave(m)
        self.kids[key] = kids
        return list(kids)

    def mid(self, attacker: bool, th_pn: int, th_dn: int) -> None:
        """Read the position (``attacker`` to move or not) until its proof or
        disproof number reaches its threshold."""
        key = self.key(attacker)
        decided = self.terminal(attacker)
        if decided is not None:
            self.table[key] = decided
            return
        kids = self.children(attacker)
        table = self.table
        while True:
            if not kids:
                pn, dn = (INFINITY, 0) if attacker else (0, INFINITY)
                break
            best = second = None
            if attacker:  # OR: pn the least of the children's, dn their sum
                pn, dn = INFINITY, 0
                for i, (_, child) in enumerate(kids):
                    cpn, cdn = table[child]
                    dn = min(dn + cdn, INFINITY)
                    if best is None or cpn < pn:
                        second, pn, best = pn, cpn, i
                    elif second is None or cpn < second:
                        second = cpn
            else:  # AND: pn the sum, dn the least
                pn, dn = 0, INFINITY
                for i, (_, child) in enumerate(kids):
                    cpn, cdn = table[child]
                    pn = min(pn + cpn, INFINITY)
                    if best is None or cdn < dn:
                        second, dn, best = dn, cdn, i
                    elif second is None or cdn < second:
                        second = cdn
            if pn >= th_pn or dn >= th_dn:
                break
            second = INFINITY if second is None else second
            move, child = kids[best]
            cpn, cdn = table[child]
            if attacker:
                c_pn = min(th_pn, _grow(second))
                c_dn = min(th_dn - dn + cdn, INFINITY)
            else:
                c_dn = min(th_dn, _grow(second))
                c_pn = min(th_pn - pn + cpn, INFINITY)
            if not self.enter(move, attacker):
                del kids[best]  # illegal on this line (superko): not a move here
                continue
            try:
                self.mid(not attacker, c_pn, c_dn)
            finally:
                self.leave(move)
        table[key] = (pn, dn)

    # -- lines -----------------------------------------------------------------

    def line(self, attacker: bool, proven: bool, plies: int = MAX_PLY) -> tuple[int, ...]:
        """The main line from here of a settled position: the winner's move that
        settles it, and the loser's most stubborn answer (the one that leaves the
        weakest marked chain the most liberties). It stops where the loser would
        rather wait, or where the reading did not go."""
        out: list[int] = []
        try:
            while len(out) < plies and self.terminal(attacker) is None:
                kids = [(m, c) for m, c in self.children(attacker) if c in self.table]
                if attacker == proven:  # the winner moves
                    won = [m for m, c in kids if self.table[c][0 if proven else 1] == 0]
                    move = won[0] if won else None
                else:
                    move = self.stubborn([m for m, _ in kids], attacker)
                if move is None or not self.enter(move, attacker):
                    break
                out.append(move)
                attacker = not attacker
        finally:
            for _ in out:
                self.undo()
        return tuple(out)

    def stubborn(self, moves: list[int | None], attacker: bool) -> int | None:
        """The loser's answer the line shows: the defender's that leaves the
        weakest marked chain the most liberties, the attacker's the fewest."""
        best, best_libs = None, None
        for m in moves:
            if m is None or not self.enter(m, attacker):
                continue
            if any(self.cells[t] != self.owner for t in self.targets):
                libs = -1
            else:
                libs = len(self.live()[0][1])
            self.leave(m)
            score = -libs if attacker else libs
            if best_libs is None or score > best_libs:
                best, best_libs = m, score
        return best


def _grow(value: int) -> int:
    return INFINITY if value >= INFINITY else int(value * (1 + EPSILON)) + 1


def prove(
    board: Board,
    targets: list[int],
    move: int | None,
    aim: str = "capture",
    *,
    node_limit: int = NODE_LIMIT,
    memo: Memo | None = None,
) -> Proof:
    """Is ``move`` (the solver's, None: a move elsewhere) right for ``aim``?

    ``aim`` "capture": after it, does one of the chains at ``targets`` fall
    against every defence? "save" (one target): does the chain live against
    every attack? ``status`` None: ``node_limit`` stopped the search. ``memo``:
    shared by the proofs of one problem with the same ``targets``.
    """
    if aim not in ("capture", "save"):
        raise ValueError(f"aim must be 'capture' or 'save', not {aim!r}")
    if aim == "save" and len(targets) != 1:
        raise ValueError("a save reads one chain")
    s = _Proof(board, targets, node_limit, memo)
    solver_attacks = aim == "capture"
    if move is not None and not s.enter(move, solver_attacks):
        return Proof(False, (), s.nodes)
    first = () if move is None else (move,)
    attacker = not solver_attacks  # who moves next
    try:
        decided = s.terminal(attacker)
        if decided is None:
            s.mid(attacker, INFINITY, INFINITY)
            pn, dn = s.table[s.key(attacker)]
        else:
            pn, dn = decided
    except _Abort:
        return Proof(None, (), s.nodes)
    captured = pn == 0
    right = captured if solver_attacks else not captured
    s.node_limit = INFINITY  # the line only walks what the search read
    line = s.line(attacker, captured)
    return Proof(right, (*first, *line) if right else line, s.nodes)


__all__ = ["ESCAPE", "NODE_LIMIT", "Memo", "Proof", "prove"]
