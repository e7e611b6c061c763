"""A board picture as data: what ``svg.draw`` turns into SVG and controls.

A picture is a set of points (``Spot``) at coordinates of the SVG's own units,
the lines between them (straight, with gaps, diagonal or curved: any SVG path),
regions (a palace, a camp, a home triangle), the pieces on the points (a stone,
or a disc with a character), marks, move numbers and arrows. Every point has
the name a learner hears and that a click posts (``D4``, ``e3``).

The controls are laid out one of two ways:

* ``GRID``: the points form a full rectangle of ``columns`` × ``rows``, listed
  row by row from the top left (Go, Renju, Xiangqi's intersections), one unit
  apart with a margin of one unit: point (c, r) at (c + 1.5, r + 1.5) of a
  picture (columns + 2) × (rows + 2); the buttons sit on a CSS grid over it.
* ``FREE``: any set of points (a hex star, a cross-shaped board); each button
  is placed by classes from its ``cell``, the point's place on a lattice of
  ``cells`` × ``cells``-unit steps (``svg.LATTICE`` steps at most each way).

Either way the positions come from classes, never inline styles (the site's
content security policy forbids them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

GRID = "grid"
FREE = "free"


@dataclass(frozen=True)
class Piece:
    """What stands on a point."""

    side: str  # its colour class: black, white, red...
    name: str  # said after the point's name: "black stone", "红车"
    glyph: str = ""  # a character drawn on it (車, 帥); none for a plain stone


@dataclass(slots=True)
class Spot:
    """A point of the board."""

    x: float  # the centre, in the picture's units
    y: float
    name: str  # the accessible name, and the value a click posts
    piece: Piece | None = None
    # last, good, bad (rings), target (a triangle), cross, picked (an x); for a
    # move from point to point: lifted (a ring round the piece), dest (a dot)
    mark: str = ""
    label: str = ""  # a short text on the point: a move number
    clickable: bool = False
    cell: tuple[int, int] | None = None  # FREE layout: the point's lattice step (x, y)
    post: tuple[str, str] | None = None  # what a click posts, if not (picture.field, name)
    note: str = ""  # what the point is, said after its name and piece: "camp"


@dataclass(frozen=True)
class Line:
    """A path of the board's drawing (SVG path data) and its class."""

    path: str
    kind: str = "board-lines"


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    kind: str = "board-coord"


@dataclass(frozen=True)
class Arrow:
    """A move drawn from one point to another."""

    start: tuple[float, float]
    end: tuple[float, float]
    kind: str = "good"


@dataclass(frozen=True)
class Segment:
    """A row drawn over the pieces (the stones that make a four, a forbidden move)."""

    start: tuple[float, float]
    end: tuple[float, float]
    kind: str


@dataclass
class Picture:
    width: float  # the SVG's viewBox, in its own units
    height: float
    spots: list[Spot]  # in the order a keyboard visits them
    layout: str = GRID
    columns: int = 0  # GRID: the rectangle of points
    rows: int = 0
    cells: tuple[int, int] = (0, 0)  # FREE: the lattice's steps across and down
    regions: list[Line] = field(default_factory=list)  # filled shapes, under the lines
    lines: list[Line] = field(default_factory=list)
    dots: list[tuple[float, float]] = field(default_factory=list)  # star points
    texts: list[Text] = field(default_factory=list)  # coordinates, river words
    segments: list[Segment] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    field: str = "move"  # the name a clicked point posts under
    label: str = ""  # the board's accessible name
    kind: str = ""  # a class for the whole board (its game's look)
    # A marking task: every clickable point is a toggle button (aria-pressed),
    # pressed where it bears this mark.
    toggle: str = ""
