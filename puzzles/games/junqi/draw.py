"""The 四国军棋 board as the learner sees it: South at the bottom, the railways thick
(their arcs round the centre's corners), the roads thin, camps as circles and
headquarters as boxes, each piece a disc with its rank's character in its army's
colour.

A board to play may be cropped to the areas a puzzle uses (``view``): South, the
centre and the armies with something there. South and the centre are five points
wide, so every point keeps a thumb's width on a phone; the whole cross is 17
points wide and scrolls in its frame.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from engines.junqi import AREAS, BOARD, RAIL, RAIL_EDGES, ROADS, local, name
from puzzles.boards import FREE, Arrow, Line, Picture, Piece, Spot
from puzzles.boards import draw as draw_picture

from .words import ENGLISH, GLYPHS, SEAT_COLORS, piece_words

Point = tuple[int, int]
ALL_AREAS = frozenset(AREAS)


def area_of(p: Point) -> str | None:
    found = local(p)
    return found[0] if found else None


def view_of(relevant: Iterable[Point], always: Iterable[str] = ("S",)) -> frozenset[Point]:
    """The points a puzzle shows: the centre, the areas in ``always`` and every area
    holding one of ``relevant`` (a piece, a mark, a point it can reach)."""
    areas = set(always) | {area_of(p) for p in relevant} - {None}
    return frozenset(p for p in BOARD.points if area_of(p) in areas or area_of(p) is None)


def picture(
    pieces: Mapping[Point, tuple[int, str | None]],
    *,
    marks: Mapping[Point, str] | None = None,
    labels: Mapping[Point, str] | None = None,
    paths: Iterable[tuple[Collection[Point], str]] = (),
    view: Collection[Point] | None = None,
    clickable: bool = False,
    label: str = "",
) -> Picture:
    """The board with ``pieces`` (point → (seat, rank or None for a hidden one)),
    ``marks`` and ``labels`` by point, ``paths`` (a move's points and the arrows'
    kind), only the points of ``view`` (default: all), each a control when
    ``clickable``."""
    marks = marks or {}
    labels = labels or {}
    shown = set(view if view is not None else BOARD.points)
    points = sorted(shown, key=lambda p: (p[1], p[0]))
    left = min(x for x, _y in points) - 1
    top = min(y for _x, y in points) - 1
    across = 2 * (max(x for x, _y in points) - left + 1)
    down = 2 * (max(y for _x, y in points) - top + 1)

    def at(p: Point) -> tuple[float, float]:
        return float(p[0] - left), float(p[1] - top)

    spots = []
    for p in points:
        found = pieces.get(p)
        piece = None
        if found is not None:
            seat, rank = found
            glyph = GLYPHS[rank] if rank else "?"
            piece = Piece(SEAT_COLORS[seat], piece_words(seat, rank), glyph)
        x, y = at(p)
        spots.append(
            Spot(
                x,
                y,
                name(p),
                piece=piece,
                mark=marks.get(p, ""),
                label=labels.get(p, ""),
                clickable=clickable,
                cell=(round(2 * x), round(2 * y)),
                note=_point_words(BOARD.kind(p)),
            )
        )
    rails, roads = [], []
    for edge in RAIL_EDGES:
        a, b = sorted(edge)
        if a not in shown or b not in shown:
            continue
        (x1, y1), (x2, y2) = at(a), at(b)
        if a[0] != b[0] and a[1] != b[1]:  # an arc between two areas' railways
            # the curve leaves each railway straight on, bending round the inner corner
            corner = (a[0], b[1]) if abs(a[0] - 8) < abs(b[0] - 8) else (b[0], a[1])
            cx, cy = at(corner)
            rails.append(f"M{x1:g} {y1:g}Q{cx:g} {cy:g} {x2:g} {y2:g}")
        else:
            rails.append(f"M{x1:g} {y1:g}L{x2:g} {y2:g}")
    for a in points:
        for b in ROADS[a]:
            if b in shown and a < b and frozenset((a, b)) not in RAIL_EDGES:
                (x1, y1), (x2, y2) = at(a), at(b)
                roads.append(f"M{x1:g} {y1:g}L{x2:g} {y2:g}")
    regions = []
    for p in points:
        x, y = at(p)
        kind = BOARD.kind(p)
        if kind == "camp":
            regions.append(
                Line(
                    f"M{x - 0.42:g} {y:g}a0.42 0.42 0 1 0 0.84 0a0.42 0.42 0 1 0 -0.84 0Z",
                    "region-camp",
                )  # fmt: skip
            )
        elif kind == "hq":
            regions.append(Line(f"M{x - 0.45:g} {y - 0.34:g}h0.9v0.68h-0.9Z", "region-hq"))
    arrows = []
    for path, kind in paths:
        path = list(path)
        arrows += [Arrow(at(a), at(b), kind) for a, b in zip(path, path[1:], strict=False)]
    return Picture(
        across / 2,
        down / 2,
        spots,
        layout=FREE,
        cells=(across, down),
        regions=regions,
        lines=[Line(" ".join(roads), "board-road"), Line(" ".join(rails), "board-rail")],
        dots=[at(p) for p in points if p not in pieces and p in RAIL],
        arrows=arrows,
        label=label or _("Junqi board"),
        kind="junqi-board",
    )


RANK_OF = {glyph: rank for rank, glyph in GLYPHS.items()}


def _point_words(kind: str | None) -> str:
    """What a screen reader says of a camp or a headquarters (a railway node and a
    road point need no word: the picture's lines are not read out either)."""
    if kind == "camp":
        return pgettext("a point of the Junqi board", "camp")
    if kind == "hq":
        return pgettext("a point of the Junqi board", "headquarters")
    return ""


def render(shown: Picture) -> str:
    """A picture as HTML; in English with a key to the characters on its pieces
    (司 Field Marshal · 工 Engineer), which a reader of Chinese does not need."""
    html = draw_picture(shown)
    if not (get_language() or "").startswith("en"):
        return html
    glyphs = {s.piece.glyph for s in shown.spots if s.piece is not None}
    items = [
        f'<span lang="zh-Hans">{escape(glyph)}</span> {escape(ENGLISH[rank])}'
        for glyph, rank in RANK_OF.items()
        if glyph in glyphs
    ]
    if not items:
        return html
    return mark_safe(f'{html}<p class="board-key">{" · ".join(items)}</p>')  # noqa: S308


def draw(pieces: Mapping[Point, tuple[int, str | None]], **options) -> str:
    """``picture``'s board as HTML."""
    return render(picture(pieces, **options))


__all__ = ["ALL_AREAS", "area_of", "draw", "picture", "render", "view_of"]
