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

from . import Move, Position, moves

__all__ = ["Fewest", "SearchLimit", "fewest"]


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
    layer: dict[frozenset, set[Move]] = {start: set()}
    seen = {start}
    depth = 0
    while layer:
        depth += 1
        following: dict[frozenset, set[Move]] = {}
        for holes, firsts in layer.items():
            here = Position({**others, **dict.fromkeys(holes, side)}, side, rules=position.rules)
            for move in moves(here, side):
                after = (holes - {move.start}) | {move.end}
                if after in seen and after not in following:
                    continue
                following.setdefault(after, set()).update(firsts or {move})
        seen.update(following)
        if len(seen) > max_positions:
            raise SearchLimit(f"more than {max_positions} positions")
        done = [firsts for holes, firsts in following.items() if holes <= target]
        if done:
            first = set().union(*done)
            ordered = sorted(first, key=lambda m: (m.start, m.end))
            return Fewest(depth, tuple(ordered), len(seen))
        layer = following
    return Fewest(None, (), len(seen))
