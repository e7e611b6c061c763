"""Board geometry shared by the games played on points and lines (跳棋, 四国军棋).

A board is a set of points with kinds (a camp, a railway node, a hole), links
between neighbours, and named straight lines. Two coordinate systems cover the
boards we teach:

* **cube-hex** points ``(x, y, z)`` with ``x + y + z == 0`` (the Chinese-checkers
  star): six directions, the permutations of ``(1, -1, 0)``; the distance is the
  number of steps, ``max(|dx|, |dy|, |dz|)``; a 60° turn is ``(x, y, z) → (-y, -z, -x)``;
* **square** points ``(column, row)``: four directions (eight with diagonals), a
  quarter turn about the board's centre (``quarter_turn``).

``reach`` is the breadth-first search both games need: from a start, over the
points a move may go to next, every point reached once with one shortest path.
``anchor`` gives the drawing layer each point's place on the page.

>>> hexes = star(4)
>>> len(hexes), distance((0, 0, 0), (4, 4, -8))
(121, 8)
>>> rotate((1, -1, 0)), rotate((1, -1, 0), 3)
((1, 0, -1), (-1, 1, 0))
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

__all__ = [
    "HEX_DIRECTIONS",
    "SQUARE_DIRECTIONS",
    "Board",
    "add",
    "anchor",
    "distance",
    "hexagon",
    "line",
    "quarter_turn",
    "reach",
    "reflect",
    "rotate",
    "star",
]

Hex = tuple[int, int, int]

# The six directions, counter-clockwise from east as ``anchor`` draws them (each the
# one before turned by ``rotate``).
HEX_DIRECTIONS: tuple[Hex, ...] = (
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
    (0, -1, 1),
)
SQUARE_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


def add(point: tuple, direction: tuple, times: int = 1) -> tuple:
    return tuple(p + times * d for p, d in zip(point, direction, strict=True))


def distance(a: Hex, b: Hex) -> int:
    """Steps from ``a`` to ``b`` on an open hex grid."""
    return max(abs(p - q) for p, q in zip(a, b, strict=True))


def rotate(point: Hex, turns: int = 1) -> Hex:
    """``point`` turned ``turns`` × 60° about the centre, counter-clockwise as
    ``anchor`` draws it (east goes to north-east)."""
    x, y, z = point
    for _ in range(turns % 6):
        x, y, z = -y, -z, -x
    return (x, y, z)


def quarter_turn(point: tuple[int, int], size: int, turns: int = 1) -> tuple[int, int]:
    """A square point ``(column, row)`` turned ``turns`` × 90° clockwise as ``anchor``
    draws it (rows grow downwards) about the centre of a board whose columns and rows
    run from 0 to ``size``.

    >>> quarter_turn((6, 16), 16), quarter_turn((6, 16), 16, 4)
    ((0, 6), (6, 16))
    """
    x, y = point
    for _ in range(turns % 4):
        x, y = size - y, x
    return (x, y)


def reflect(point: Hex) -> Hex:
    """``point`` mirrored in the east-west line through the centre."""
    x, y, z = point
    return (-y, -x, -z)


def hexagon(radius: int) -> frozenset[Hex]:
    """Every point within ``radius`` steps of the centre."""
    return frozenset(
        (x, y, -x - y)
        for x in range(-radius, radius + 1)
        for y in range(-radius, radius + 1)
        if abs(x + y) <= radius
    )


def star(radius: int) -> frozenset[Hex]:
    """The six-pointed star: a hexagon of ``radius`` and a triangle on each side,
    the points where every coordinate is at most ``radius`` or every coordinate at
    least ``-radius`` (121 points for radius 4, the Chinese-checkers board)."""
    span = 2 * radius
    return frozenset(
        (x, y, -x - y)
        for x in range(-span, span + 1)
        for y in range(-span, span + 1)
        if abs(x + y) <= span and (max(x, y, -x - y) <= radius or min(x, y, -x - y) >= -radius)
    )


def anchor(point: tuple) -> tuple[float, float]:
    """Where the drawing puts ``point``, in board units (a neighbour is 1 away):
    cube-hex points with east, (1, -1, 0), to the right and z growing downwards;
    square points as (column, row)."""
    if len(point) == 2:
        return float(point[0]), float(point[1])
    x, _y, z = point
    return round(x + z / 2, 6), round(z * math.sqrt(3) / 2, 6)


@dataclass
class Board:
    """Points with kinds, their neighbours along ``directions``, and lines."""

    points: frozenset
    directions: tuple
    kinds: Mapping[Hashable, str] = field(default_factory=dict)

    def __post_init__(self):
        self.points = frozenset(self.points)
        self.neighbours = {
            p: tuple((d, add(p, d)) for d in self.directions if add(p, d) in self.points)
            for p in self.points
        }

    def __contains__(self, point) -> bool:
        return point in self.points

    def __len__(self) -> int:
        return len(self.points)

    def kind(self, point) -> str | None:
        return self.kinds.get(point)

    def of_kind(self, kind: str) -> frozenset:
        return frozenset(p for p, k in self.kinds.items() if k == kind)

    def line(self, point, direction) -> Iterator:
        """The points after ``point`` along ``direction``, while on the board."""
        return line(self.points, point, direction)

    def is_symmetric(self, transform: Callable) -> bool:
        """Whether ``transform`` maps the board and its kinds onto themselves."""
        if {transform(p) for p in self.points} != self.points:
            return False
        return all(self.kinds.get(transform(p)) == k for p, k in self.kinds.items())


def line(points: Iterable, point, direction) -> Iterator:
    """The points after ``point`` along ``direction``, while they are in ``points``."""
    points = points if isinstance(points, (set, frozenset)) else set(points)
    nxt = add(point, direction)
    while nxt in points:
        yield nxt
        nxt = add(nxt, direction)


def reach(start, following: Callable[[object], Iterable]) -> dict:
    """Every point reachable from ``start`` through ``following(point)`` (the points
    one move goes to next), each once with one shortest path (the path starts at
    ``start``; ``start`` itself is not in the result).

    >>> reach(0, lambda p: [p + 1] if p < 3 else [])
    {1: (0, 1), 2: (0, 1, 2), 3: (0, 1, 2, 3)}
    """
    paths = {start: (start,)}
    queue = deque([start])
    while queue:
        point = queue.popleft()
        for nxt in following(point):
            if nxt not in paths:
                paths[nxt] = paths[point] + (nxt,)
                queue.append(nxt)
    del paths[start]
    return paths
