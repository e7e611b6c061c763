"""The fewest moves to bring one side's pieces into its target camp (CC-08), the
other side's pieces standing still: the endgame puzzles' solver.

A breadth-first search over where the side's pieces stand; each position is
reached at its fewest moves once, carrying the set of first moves that reach it
that fast, so that every first move of every fastest finish is known (a puzzle
accepts each). Small end positions only: ``max_positions`` stops it.

>>> from engines.tiaoqi import Position, hole_name
>>> result = fewest(Position({(-1, 3, -2): 0}))
>>> result.moves, [hole_name(m.end) for m in result.first]
(3, ['d12', 'e12'])
"""

from __future__ import annotations

from dataclasses import dataclass

from . import JUMPS, STAR, Move, Position, reach

Hole = tuple[int, int, int]

__all__ = ["Fewest", "Lines", "SearchLimit", "fastest_lines", "fewest"]


STEPS = {h: tuple(n for _d, n in STAR.neighbours[h]) for h in STAR.points}


def destinations(start: Hole, occupied, side_of, hop_own: bool) -> set[Hole]:
    """The holes the piece on ``start`` reaches in one move (the steps and every
    jump chain, as ``engines.tiaoqi.reach`` finds them but without their paths):
    the searches' inner loop. ``occupied`` holds every piece's hole; ``side_of``
    gives a hole's side, asked only when own pieces may not be jumped."""
    found = {n for n in STEPS[start] if n not in occupied}
    queue = [start]
    seen = {start}
    while queue:
        hole = queue.pop()
        for over, land in JUMPS[hole]:
            if (
                over in occupied
                and over != start
                and land not in occupied
                and land not in seen
                and (hop_own or side_of(over) != side_of(start))
            ):
                seen.add(land)
                queue.append(land)
    seen.discard(start)
    return found | seen


def _successors(holes: frozenset, others: dict, side: int, rules, target: frozenset):
    """Every (start, end) of ``side``'s pieces on ``holes``, the others standing
    still: the moves of ``engines.tiaoqi.moves`` with the target lock."""
    occupied = holes | others.keys()
    side_of = (lambda h: side if h in holes else others[h]) if not rules.hop_own else None
    for start in holes:
        ends = destinations(start, occupied, side_of, rules.hop_own)
        if rules.target_lock and start in target:
            ends &= target
        for end in ends:
            yield start, end


class SearchLimit(RuntimeError):
    """The search met ``max_positions`` before it found a finish."""


@dataclass(frozen=True)
class Fewest:
    """The fewest moves (``None``: no finish at all) and every first move of a
    fastest finish; ``positions`` counts what the search looked at."""

    moves: int | None
    first: tuple[Move, ...]
    positions: int


def fewest(position: Position, side: int | None = None, *, max_positions: int = 200_000) -> Fewest:
    """Every piece of ``side`` (default: the side to move) in its target, in as few
    of its own moves as possible, nobody else moving."""
    side = position.to_move if side is None else side
    target = position.target(side)
    others = {h: s for h, s in position.pieces.items() if s != side}
    start = frozenset(h for h, s in position.pieces.items() if s == side)
    if start <= target:
        return Fewest(0, (), 1)
    layer: dict[frozenset, set[tuple]] = {start: set()}
    seen = {start}
    depth = 0
    while layer:
        depth += 1
        following: dict[frozenset, set[tuple]] = {}
        for holes, firsts in layer.items():
            for move in _successors(holes, others, side, position.rules, target):
                after = (holes - {move[0]}) | {move[1]}
                if after in seen and after not in following:
                    continue
                following.setdefault(after, set()).update(firsts or {move})
        seen.update(following)
        if len(seen) > max_positions:
            raise SearchLimit(f"more than {max_positions} positions")
        done = [firsts for holes, firsts in following.items() if holes <= target]
        if done:
            first = sorted(set().union(*done))
            return Fewest(depth, tuple(_with_path(position, m) for m in first), len(seen))
        layer = following
    return Fewest(None, (), len(seen))


@dataclass(frozen=True)
class Lines:
    """Every fastest way home: ``moves`` (the fewest, ``None``: no finish), and for
    each placement of the side's pieces that lies on some fastest line, the moves
    that keep it on one (a finished placement has none)."""

    moves: int | None
    best: dict[frozenset, tuple[Move, ...]]
    positions: int


def fastest_lines(
    position: Position, side: int | None = None, *, max_positions: int = 200_000
) -> Lines:
    """Like ``fewest``, and on from there: the breadth-first search keeps, for each
    placement first reached at depth d + 1, the placements of depth d that lead to
    it and how; walking those links back from every finish marks the placements on
    a fastest line, and the moves that stay on one. A puzzle that asks for the
    whole line judges each move of it from this map.

    >>> from engines.tiaoqi import Position, hole_name
    >>> found = fastest_lines(Position({(-1, 3, -2): 0}))
    >>> found.moves, len(found.best)
    (3, 7)
    """
    side = position.to_move if side is None else side
    target = position.target(side)
    others = {h: s for h, s in position.pieces.items() if s != side}
    start = frozenset(h for h, s in position.pieces.items() if s == side)
    if start <= target:
        return Lines(0, {start: ()}, 1)
    parents: dict[frozenset, list[tuple[frozenset, Move]]] = {}
    layer = [start]
    seen = {start}
    depth = 0
    finished: list[frozenset] = []
    while layer and not finished:
        depth += 1
        following: list[frozenset] = []
        for holes in layer:
            for move in _successors(holes, others, side, position.rules, target):
                after = (holes - {move[0]}) | {move[1]}
                if after in seen:
                    continue  # reached at an earlier depth
                links = parents.get(after)
                if links is None:
                    links = parents[after] = []
                    following.append(after)
                    if after <= target:
                        finished.append(after)
                links.append((holes, move))
        seen.update(following)  # only now: this depth's placements keep every parent
        if len(seen) > max_positions:
            raise SearchLimit(f"more than {max_positions} positions")
        layer = following
    if not finished:
        return Lines(None, {}, len(seen))
    best: dict[frozenset, set[tuple]] = {holes: set() for holes in finished}
    frontier = finished
    while frontier:
        earlier: list[frozenset] = []
        for holes in frontier:
            for parent, move in parents.get(holes, ()):
                if parent not in best:
                    best[parent] = set()
                    earlier.append(parent)
                best[parent].add(move)
        frontier = earlier
    ordered = {}
    for holes, found in best.items():
        here = Position({**others, **dict.fromkeys(holes, side)}, side, rules=position.rules)
        ordered[holes] = tuple(_with_path(here, m) for m in sorted(found))
    return Lines(depth, ordered, len(seen))


def _with_path(position: Position, move: tuple) -> Move:
    """A (start, end) of the search as the engine's move, with its path."""
    start, end = move
    return Move(start, end, reach(position, start)[end])
