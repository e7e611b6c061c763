"""The 跳棋 star as the learner sees it: 121 holes, the six camps shaded (a seated
player's in their colour), red at the bottom moving north, as sets are printed.

A board to play may be cropped to what the puzzle uses (``view``): two players
never need the four side camps unless a piece or a mark is there, and without
them the star is nine holes wide, so every hole keeps a thumb's width on a phone.
Jump chains are drawn hop by hop.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping

from django.utils.translation import gettext as _

from engines.boards import add, anchor
from engines.tiaoqi import CAMPS, HOMES, STAR, hole_name
from puzzles.boards import FREE, Arrow, Line, Picture, Piece, Spot
from puzzles.boards import draw as draw_picture

from .words import color_words

Hole = tuple[int, int, int]

# Where each colour sits, and its camp: red (side 0) in the south, green (side 1)
# in the north; the others only where three, four or six play.
SEAT_COLORS = {
    "south": "red",
    "north": "green",
    "north-east": "yellow",
    "south-west": "blue",
    "south-east": "purple",
    "north-west": "orange",
}
SIDE_COLORS = tuple(SEAT_COLORS[home] for home in HOMES)
STEP_Y = math.sqrt(3) / 2  # a lattice step down, in board units (a neighbour is 1 away)


def two_player_view(relevant: Iterable[Hole] = ()) -> frozenset[Hole]:
    """The holes a two-player puzzle shows: the middle, both players' camps, and any
    side camp holding one of ``relevant`` (a piece, a mark, a hole it can reach)."""
    relevant = set(relevant)
    shown = set(STAR.points)
    for camp, holes in CAMPS.items():
        if camp not in HOMES and not holes & relevant:
            shown -= holes
    return frozenset(shown)


def picture(
    pieces: Mapping[Hole, str],
    *,
    marks: Mapping[Hole, str] | None = None,
    labels: Mapping[Hole, str] | None = None,
    chains: Iterable[tuple[Collection[Hole], str]] = (),
    seats: Collection[str] = HOMES,
    view: Collection[Hole] | None = None,
    clickable: bool = False,
    label: str = "",
) -> Picture:
    """The star with ``pieces`` (hole → colour), ``marks`` and ``labels`` by hole,
    ``chains`` (a move's path and the arrows' kind), the camps of ``seats`` in their
    players' colours, only the holes of ``view`` (default: all), each a control
    when ``clickable``."""
    marks = marks or {}
    labels = labels or {}
    holes = sorted(view if view is not None else STAR.points, key=lambda h: (h[2], h[0]))
    shown = set(holes)
    # Where ``engines.boards`` anchors each hole (a neighbour 1 away), moved so that the
    # picture has a hole's width to spare all round; the buttons' lattice counts half
    # holes across and rows down.
    anchors = {h: anchor(h) for h in holes}
    left = min(x for x, _y in anchors.values()) - 1
    top = min(y for _x, y in anchors.values()) - STEP_Y
    cells = {h: (round(2 * (x - left)), round((y - top) / STEP_Y)) for h, (x, y) in anchors.items()}
    across = max(c[0] for c in cells.values()) + 2
    down = max(c[1] for c in cells.values()) + 1

    def at(hole: Hole) -> tuple[float, float]:
        x, y = anchors[hole]
        return x - left, y - top

    spots = []
    for hole in holes:
        color = pieces.get(hole)
        piece = Piece(color, color_words(color)) if color else None
        spots.append(
            Spot(
                *at(hole),
                hole_name(hole),
                piece=piece,
                mark=marks.get(hole, ""),
                label=labels.get(hole, ""),
                clickable=clickable,
                cell=cells[hole],
            )
        )
    paths = []
    for hole in holes:
        for direction in ((1, -1, 0), (1, 0, -1), (0, 1, -1)):
            other = add(hole, direction)
            if other in shown:
                (x1, y1), (x2, y2) = at(hole), at(other)
                paths.append(f"M{x1:.3f} {y1:.3f}L{x2:.3f} {y2:.3f}")
    regions = []
    for camp, camp_holes in CAMPS.items():
        if not camp_holes <= shown:
            continue
        corners = _corners(camp_holes)
        color = SEAT_COLORS[camp] if camp in seats else ""
        kind = f"region-home-{color}" if color else "region-home"
        points = [at(h) for h in corners]
        regions.append(Line("M" + "L".join(f"{px:.3f} {py:.3f}" for px, py in points) + "Z", kind))
    arrows = []
    for chain, kind in chains:
        chain = list(chain)
        arrows += [Arrow(at(a), at(b), kind) for a, b in zip(chain, chain[1:], strict=False)]
    return Picture(
        across / 2,
        down * STEP_Y,
        spots,
        layout=FREE,
        cells=(across, down),
        regions=regions,
        lines=[Line(" ".join(paths))],
        dots=[at(h) for h in holes if h not in pieces],  # the empty holes
        arrows=arrows,
        label=label or _("Chinese checkers board"),
        kind="tiaoqi-board",
    )


def _corners(camp: Collection[Hole]) -> list[Hole]:
    """A camp's apex and the two ends of its base (the triangle to shade)."""
    ranked = sorted(camp, key=lambda h: -max(abs(c) for c in h))
    apex = ranked[0]
    axis = max(range(3), key=lambda i: abs(apex[i]))
    base = [h for h in camp if abs(h[axis]) == 5]
    ends = sorted(base, key=lambda h: anchor(h))
    return [apex, ends[0], ends[-1]]


def draw(pieces: Mapping[Hole, str], **options) -> str:
    """``picture``'s board as HTML."""
    return draw_picture(picture(pieces, **options))


__all__ = ["SEAT_COLORS", "SIDE_COLORS", "draw", "picture", "two_player_view"]
