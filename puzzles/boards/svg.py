"""Draw a ``Picture``: the SVG is only the picture, the controls are real buttons.

Built by plain Python, not template loops (a 19x19 board drawn by a template
loop held a page to 0.15x of a bare page). The SVG is ``aria-hidden``; the
buttons laid over it are the controls, each a submit button of the surrounding
form with an accessible name, reachable by keyboard and working without
JavaScript. Points that cannot be clicked are images with the same name, so a
screen reader reads the whole board.
"""

from __future__ import annotations

import html
import math
from functools import lru_cache

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .picture import FREE, GRID, Picture, Spot

# A FREE board's lattice has at most this many steps each way (the stylesheet
# has a class for each step: .px-0 ... .px-48, .cells-x-1 ... .cells-x-48).
LATTICE = 48

STONE_RADIUS = 0.46
PIECE_RADIUS = 0.44


def escape(value: object) -> str:
    """The same text as Django's ``escape``, without its lazy-string wrapper.

    A 19x19 board escapes over seven hundred values, nearly all of them the same
    few hundred point names and classes on every board: they are remembered.
    """
    return _escape(str(value))


@lru_cache(maxsize=8192)
def _escape(text: str) -> str:
    return html.escape(text)


def _n(value: float) -> str:
    """A coordinate, without float noise (2.6799999999999997 → 2.68, 3.0 → 3)."""
    return f"{value:g}"


def _piece(spot: Spot) -> str:
    piece = spot.piece
    x, y = _n(spot.x), _n(spot.y)
    side = escape(piece.side)
    if not piece.glyph:
        return f'<circle class="stone stone-{side}" cx="{x}" cy="{y}" r="{STONE_RADIUS}"/>'
    return (
        f'<g class="piece piece-{side}"><circle class="piece-disc" cx="{x}" cy="{y}" '
        f'r="{PIECE_RADIUS}"/><text class="piece-glyph" x="{x}" y="{_n(spot.y + 0.17)}">'
        f"{escape(piece.glyph)}</text></g>"
    )


RINGED = ("last", "good", "bad", "target", "lifted")


def _mark(spot: Spot) -> str:
    x, y, mark = spot.x, spot.y, spot.mark
    if mark in ("cross", "picked"):
        d = 0.22
        return (
            f'<path class="mark mark-{mark}" d="M{_n(x - d)} {_n(y - d)}L{_n(x + d)} {_n(y + d)}'
            f'M{_n(x - d)} {_n(y + d)}L{_n(x + d)} {_n(y - d)}"/>'
        )
    if spot.piece is not None and spot.piece.glyph and mark in RINGED:
        # A piece with a character: the ring goes round it, clear of the character.
        return f'<circle class="mark mark-{escape(mark)}" cx="{_n(x)}" cy="{_n(y)}" r="0.5"/>'
    if mark == "target":  # a triangle, as problem books and SGF's TR mark it
        corners = (
            f"{_n(x)},{_n(y - 0.24)} {_n(x - 0.21)},{_n(y + 0.13)} {_n(x + 0.21)},{_n(y + 0.13)}"
        )
        return f'<polygon class="mark mark-target" points="{corners}"/>'
    radius = 0.5 if mark == "lifted" else 0.2  # a ring round a piece picked up
    return f'<circle class="mark mark-{escape(mark)}" cx="{_n(x)}" cy="{_n(y)}" r="{radius}"/>'


def _arrow(start: tuple[float, float], end: tuple[float, float], kind: str) -> str:
    """A line from ``start`` that stops short of ``end``'s centre, and its head."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip_x, tip_y = x2 - ux * 0.2, y2 - uy * 0.2
    base_x, base_y = tip_x - ux * 0.38, tip_y - uy * 0.38
    wing_x, wing_y = -uy * 0.2, ux * 0.2
    head = (
        f"{_n(tip_x)},{_n(tip_y)} {_n(base_x + wing_x)},{_n(base_y + wing_y)} "
        f"{_n(base_x - wing_x)},{_n(base_y - wing_y)}"
    )
    kind = escape(kind)
    return (
        f'<g class="arrow arrow-{kind}"><line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(base_x)}" '
        f'y2="{_n(base_y)}"/><polygon points="{head}"/></g>'
    )


def _svg(picture: Picture) -> str:
    width, height = _n(picture.width), _n(picture.height)
    parts = [
        f'<svg class="board-svg" viewBox="0 0 {width} {height}" '
        f'aria-hidden="true" focusable="false">',
        f'<rect class="board-bg" x="0" y="0" width="{width}" height="{height}"/>',
    ]
    for line in (*picture.regions, *picture.lines):  # path data escaped too, as any value
        parts.append(f'<path class="{escape(line.kind)}" d="{html.escape(line.path)}"/>')
    parts.extend(
        f'<circle class="board-star" cx="{_n(x)}" cy="{_n(y)}" r="0.12"/>' for x, y in picture.dots
    )
    parts.extend(
        f'<text class="{escape(t.kind)}" x="{_n(t.x)}" y="{_n(t.y)}">{escape(t.text)}</text>'
        for t in picture.texts
    )
    shown = [s for s in picture.spots if s.piece is not None or s.mark or s.label]
    by_place = sorted(shown, key=lambda spot: (spot.x, spot.y))
    parts.extend(_piece(spot) for spot in by_place if spot.piece is not None)
    for segment in picture.segments:
        (x1, y1), (x2, y2) = segment.start, segment.end
        parts.append(
            f'<line class="segment segment-{escape(segment.kind)}" x1="{_n(x1)}" y1="{_n(y1)}" '
            f'x2="{_n(x2)}" y2="{_n(y2)}"/>'
        )
    parts.extend(_arrow(a.start, a.end, a.kind) for a in picture.arrows)
    parts.extend(_mark(spot) for spot in by_place if spot.mark)
    for spot in by_place:
        if spot.label:
            on = escape(spot.piece.side if spot.piece else "empty")
            parts.append(
                f'<text class="point-label on-{on}" x="{_n(spot.x)}" y="{_n(spot.y + 0.18)}">'
                f"{escape(spot.label)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def _mark_words() -> dict[str, str]:
    """What a mark on a point means, said after the point's name and piece."""
    return {
        "last": pgettext("a mark on a point", "last move"),
        "good": pgettext("a mark on a point", "right"),
        "bad": pgettext("a mark on a point", "wrong"),
        "target": pgettext("a mark on a point", "marked"),
        "cross": pgettext("a mark on a point", "crossed out"),
        "picked": pgettext("a mark on a point", "picked"),
        "lifted": pgettext("a mark on a point", "picked up"),
    }


def accessible_name(spot: Spot, toggle: str = "") -> str:
    """A point's name as a screen reader says it: "D4 white stone, marked".

    The ``toggle`` mark is left out: a toggle button says it by being pressed.
    """
    name = f"{spot.name} {spot.piece.name}" if spot.piece is not None else spot.name
    extra = [spot.note] if spot.note else []
    if spot.label:
        label = spot.label
        extra.append(_("move %(number)s") % {"number": label} if label.isdigit() else label)
    # A destination ("dest") is the only kind of point left to click: nothing to add.
    if spot.mark and spot.mark not in (toggle, "dest"):
        extra.append(_mark_words().get(spot.mark, spot.mark))
    # Translators: between a point's name and what is on it ("D4 white stone, marked").
    separator = _(", ")
    return separator.join([name, *extra])


def _control(spot: Spot, field: str, where: str, toggle: str = "") -> str:
    accessible = escape(accessible_name(spot, toggle))
    if spot.clickable:
        value = escape(spot.name)
        if spot.post is not None:
            field, value = escape(spot.post[0]), escape(spot.post[1])
        extra = f' data-mark="{escape(spot.mark)}"' if spot.mark else ""
        if toggle:
            extra += f' aria-pressed="{"true" if spot.mark == toggle else "false"}"'
        return (
            f'<button type="submit" class="{where}" name="{field}" '
            f'value="{value}" aria-label="{accessible}"{extra}></button>'
        )
    mark = f' data-mark="{escape(spot.mark)}"' if spot.mark else ""
    return f'<span class="{where}" role="img" aria-label="{accessible}"{mark}></span>'


def _framed(picture: Picture, board: str) -> SafeString:
    """A board to play sits in a frame that scrolls sideways when the board is
    wider than the screen (every point stays big enough for a finger)."""
    if any(spot.clickable for spot in picture.spots):
        board = f'<div class="board-frame">{board}</div>'
    return mark_safe(board)  # noqa: S308 - built escaped


def draw(picture: Picture) -> SafeString:
    """The picture as HTML: the SVG, and a control (or a named image) per point."""
    field = escape(picture.field)
    label = escape(picture.label or _("Board"))
    kind = f" {escape(picture.kind)}" if picture.kind else ""
    toggle = picture.toggle
    if picture.layout == GRID:
        columns, rows = picture.columns, picture.rows
        if len(picture.spots) != columns * rows or (picture.width, picture.height) != (
            columns + 2,
            rows + 2,
        ):
            raise ValueError("a grid picture has a point at every place of its rectangle")
        controls = "".join(
            # The common case (an empty point to click) written out: a board has hundreds.
            f'<button type="submit" class="point" name="{field}" value="{name}" '
            f'aria-label="{name}"></button>'
            if spot.clickable
            and spot.piece is None
            and spot.post is None
            and not spot.mark
            and not spot.label
            and not toggle
            else _control(spot, field, "point", toggle)
            for spot in picture.spots
            for name in (escape(spot.name),)
        )
        return _framed(
            picture,
            f'<div class="grid-board cols-{picture.columns} rows-{picture.rows}{kind}" '
            f'role="group" aria-label="{label}">{_svg(picture)}'
            f'<div class="board-points">{controls}</div></div>',
        )
    if picture.layout != FREE:
        raise ValueError(f"unknown layout {picture.layout!r}")
    across, down = picture.cells
    if not (0 < across <= LATTICE and 0 < down <= LATTICE):
        raise ValueError(f"a free board's lattice is 1 to {LATTICE} steps each way")
    controls = []
    for spot in picture.spots:
        if spot.cell is None:
            raise ValueError(f"point {spot.name} has no place on the lattice")
        x, y = spot.cell
        if not (0 <= x <= across and 0 <= y <= down):
            raise ValueError(f"point {spot.name} is off the lattice")
        controls.append(_control(spot, field, f"point px-{x} py-{y}", toggle))
    return _framed(
        picture,
        f'<div class="free-board cells-x-{across} cells-y-{down}{kind}" role="group" '
        f'aria-label="{label}">{_svg(picture)}<div class="board-spots">{"".join(controls)}'
        f"</div></div>",
    )
