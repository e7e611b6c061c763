"""Boards of intersections on a rectangle (Go, Renju), and the answer controls
drawn under a board."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from .picture import GRID, Line, Picture, Piece, Segment, Spot, Text
from .svg import draw, escape

Point = tuple[int, int]  # (column, row), 0-based, row 0 at the top


def stone_name(color: str) -> str:
    """The accessible name of a stone, in the active language."""
    return {"black": _("black stone"), "white": _("white stone")}.get(color, color)


def grid_board(**options) -> SafeString:
    """Draw a board of intersections (Go, Renju, ...): ``grid_picture``'s options."""
    return draw(grid_picture(**options))


def grid_picture(
    *,
    columns: int,
    rows: int,
    name_of: Callable[[Point], str],
    stones: Mapping[Point, str] | None = None,
    marks: Mapping[Point, str] | None = None,
    stars: Iterable[Point] = (),
    column_labels: Iterable[str] = (),
    row_labels: Iterable[str] = (),
    clickable: bool = True,
    clickable_stones: bool = False,
    field: str = "move",
    label: str = "",
    open_sides: str = "",
    labels: Mapping[Point, str] | None = None,
    segments: Iterable[tuple[Point, Point, str]] = (),
    toggle: str = "",
) -> Picture:
    """A board of intersections (Go, Renju, ...) with one control per point.

    ``stones`` maps points to ``"black"``/``"white"``; ``marks`` maps points to
    ``"last"``, ``"good"``, ``"bad"`` (rings) or ``"target"`` (a triangle);
    ``labels`` puts a short text (a move number) on a point. A cell is one
    unit; a margin of one cell on every side holds the coordinates.
    ``open_sides`` (letters of ``"lrtb"``) draws a window cut out of a bigger
    board: on those sides the lines run on past the last point.
    ``clickable_stones`` makes occupied points buttons too. ``segments`` draws
    lines over the stones, ``(from, to, style)``: the rows that make a renju
    forbidden move, say (the words beside the board name them too).
    A mark ``"cross"`` or ``"picked"`` draws an ×. ``toggle`` names the mark
    of a marking task: the clickable points become toggle buttons, pressed where
    they bear it.
    """
    stones = stones or {}
    marks = marks or {}
    labels = labels or {}
    width, height = columns + 2, rows + 2
    top = 0.6 if "t" in open_sides else 1.5
    bottom = rows + (1.4 if "b" in open_sides else 0.5)
    left = 0.6 if "l" in open_sides else 1.5
    right = columns + (1.4 if "r" in open_sides else 0.5)
    lines = [f"M{c + 1.5} {top}V{bottom}" for c in range(columns)]
    lines += [f"M{left} {r + 1.5}H{right}" for r in range(rows)]
    texts = []
    # Coordinates on the closed sides; a window open on both sides keeps both.
    for c, text in enumerate(column_labels):
        if "t" not in open_sides or "b" in open_sides:
            texts.append(Text(c + 1.5, 0.85, text))
        if "b" not in open_sides or "t" in open_sides:
            texts.append(Text(c + 1.5, rows + 1.55, text))
    for r, text in enumerate(row_labels):
        if "l" not in open_sides or "r" in open_sides:
            texts.append(Text(0.6, r + 1.72, text))
        if "r" not in open_sides or "l" in open_sides:
            texts.append(Text(columns + 1.4, r + 1.72, text))
    pieces = {color: Piece(color, stone_name(color)) for color in set(stones.values())}
    # The plain points first (a 19x19 board is mostly them), then what stands on the rest.
    spots = [
        Spot(c + 1.5, r + 1.5, name_of((c, r)), None, "", "", clickable)
        for r in range(rows)
        for c in range(columns)
    ]
    for (c, r), stone in stones.items():
        spot = spots[r * columns + c]
        spot.piece = pieces[stone]
        spot.clickable = clickable and clickable_stones
    for (c, r), mark in marks.items():
        spots[r * columns + c].mark = mark
    for (c, r), text in labels.items():
        spots[r * columns + c].label = text
    return Picture(
        width,
        height,
        spots,
        layout=GRID,
        columns=columns,
        rows=rows,
        lines=[Line(" ".join(lines))],
        dots=[(c + 1.5, r + 1.5) for c, r in stars],
        texts=texts,
        segments=[
            Segment((c1 + 1.5, r1 + 1.5), (c2 + 1.5, r2 + 1.5), style)
            for (c1, r1), (c2, r2), style in segments
        ],
        field=field,
        label=label or _("Board"),
        toggle=toggle,
    )


def answer_controls(inner: str) -> str:
    """Buttons or fields under a board, in the exercise's form (``inner`` is built escaped)."""
    return f'<div class="answer-controls">{inner}</div>'


def submit_button(label: str, value: str = "done") -> str:
    """The exercise's one main button, posting ``answer=value`` ("Done", "Play")."""
    return answer_controls(
        f'<button type="submit" class="button" name="answer" value="{escape(value)}">'
        f"{escape(label)}</button>"
    )


def choice_buttons(choices: Iterable[tuple[str, str]]) -> str:
    """One submit button per ``(value, label)``, posting ``answer=value``."""
    return answer_controls(
        "".join(
            f'<button type="submit" class="button secondary" name="answer" '
            f'value="{escape(value)}">{escape(text)}</button>'
            for value, text in choices
        )
    )
