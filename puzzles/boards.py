"""Server-built boards: an SVG picture with a real button on every playable point.

Built by plain Python, not template loops (a 19x19 board drawn by a template
loop held a page to 0.15x of a bare page). The SVG is only the picture
(``aria-hidden``); the buttons laid over it are the controls, each a submit
button of the surrounding form with an accessible name, reachable by keyboard
and working without JavaScript.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

Point = tuple[int, int]  # (column, row), 0-based, row 0 at the top


def escape(value: object) -> str:
    """The same text as Django's ``escape``, without its lazy-string wrapper.

    A 19x19 board escapes over a thousand values; Django's wrapper made that
    two thirds of the board's cost.
    """
    return html.escape(str(value))


def grid_board(
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
) -> SafeString:
    """Draw a board of intersections (Go, Renju, ...) with one button per point.

    ``stones`` maps points to ``"black"``/``"white"``; ``marks`` maps points to
    ``"last"``, ``"good"``, ``"bad"`` (rings) or ``"target"`` (a triangle);
    ``labels`` puts a short text (a move number) on a point. A cell is one
    unit; a margin of one cell on every side holds the coordinates.
    ``open_sides`` (letters of ``"lrtb"``) draws a window cut out of a bigger
    board: on those sides the lines run on past the last point.
    ``clickable_stones`` makes occupied points buttons too. ``segments`` draws
    lines over the stones, ``(from, to, style)``: the rows that make a renju
    forbidden move, say (the words beside the board name them too).
    A mark ``"cross"`` or ``"picked"`` draws an ×.
    """
    stones = stones or {}
    marks = marks or {}
    labels = labels or {}
    width, height = columns + 2, rows + 2
    parts = [
        f'<svg class="board-svg" viewBox="0 0 {width} {height}" '
        f'aria-hidden="true" focusable="false">',
        f'<rect class="board-bg" x="0" y="0" width="{width}" height="{height}"/>',
    ]
    top = 0.6 if "t" in open_sides else 1.5
    bottom = rows + (1.4 if "b" in open_sides else 0.5)
    left = 0.6 if "l" in open_sides else 1.5
    right = columns + (1.4 if "r" in open_sides else 0.5)
    lines = []
    for c in range(columns):
        x = c + 1.5
        lines.append(f"M{x} {top}V{bottom}")
    for r in range(rows):
        y = r + 1.5
        lines.append(f"M{left} {y}H{right}")
    parts.append(f'<path class="board-lines" d="{" ".join(lines)}"/>')
    for c, r in stars:
        parts.append(f'<circle class="board-star" cx="{c + 1.5}" cy="{r + 1.5}" r="0.12"/>')
    # Coordinates on the closed sides; a window open on both sides keeps both.
    for c, text in enumerate(column_labels):
        x = c + 1.5
        if "t" not in open_sides or "b" in open_sides:
            parts.append(f'<text class="board-coord" x="{x}" y="0.85">{escape(text)}</text>')
        if "b" not in open_sides or "t" in open_sides:
            parts.append(
                f'<text class="board-coord" x="{x}" y="{rows + 1.55}">{escape(text)}</text>'
            )
    for r, text in enumerate(row_labels):
        y = r + 1.72
        if "l" not in open_sides or "r" in open_sides:
            parts.append(f'<text class="board-coord" x="0.6" y="{y}">{escape(text)}</text>')
        if "r" not in open_sides or "l" in open_sides:
            parts.append(
                f'<text class="board-coord" x="{columns + 1.4}" y="{y}">{escape(text)}</text>'
            )
    for (c, r), color in sorted(stones.items()):
        parts.append(
            f'<circle class="stone stone-{escape(color)}" cx="{c + 1.5}" cy="{r + 1.5}" r="0.46"/>'
        )
    for (c1, r1), (c2, r2), style in segments:
        parts.append(
            f'<line class="segment segment-{escape(style)}" x1="{c1 + 1.5}" y1="{r1 + 1.5}" '
            f'x2="{c2 + 1.5}" y2="{r2 + 1.5}"/>'
        )
    for (c, r), mark in sorted(marks.items()):
        x, y = c + 1.5, r + 1.5
        if mark in ("cross", "picked"):
            d = 0.22
            parts.append(
                f'<path class="mark mark-{mark}" d="M{x - d} {y - d}L{x + d} {y + d}'
                f'M{x - d} {y + d}L{x + d} {y - d}"/>'
            )
        elif mark == "target":  # a triangle, as problem books and SGF's TR mark it
            corners = f"{x},{y - 0.24} {x - 0.21},{y + 0.13} {x + 0.21},{y + 0.13}"
            parts.append(f'<polygon class="mark mark-target" points="{corners}"/>')
        else:
            parts.append(f'<circle class="mark mark-{escape(mark)}" cx="{x}" cy="{y}" r="0.2"/>')
    for (c, r), text in sorted(labels.items()):
        on = escape(stones.get((c, r), "empty"))
        parts.append(
            f'<text class="point-label on-{on}" x="{c + 1.5}" y="{r + 1.68}">{escape(text)}</text>'
        )
    parts.append("</svg>")

    field_name = escape(field)
    stone_names = {"black": _("black stone"), "white": _("white stone")}
    buttons = []
    for r in range(rows):
        for c in range(columns):
            name = escape(name_of((c, r)))
            stone = stones.get((c, r))
            if stone and clickable and clickable_stones:
                accessible = f"{name} {escape(stone_names.get(stone, stone))}"
                buttons.append(
                    f'<button type="submit" class="point" name="{field_name}" '
                    f'value="{name}" aria-label="{accessible}"></button>'
                )
            elif stone:
                accessible = f"{name} {escape(stone_names.get(stone, stone))}"
                buttons.append(f'<span class="point" role="img" aria-label="{accessible}"></span>')
            elif clickable:
                buttons.append(
                    f'<button type="submit" class="point" name="{field_name}" '
                    f'value="{name}" aria-label="{name}"></button>'
                )
            else:
                buttons.append(f'<span class="point" role="img" aria-label="{name}"></span>')
    group_label = escape(label or _("Board"))
    return mark_safe(  # noqa: S308 - every interpolated value above is escaped
        f'<div class="grid-board cols-{columns} rows-{rows}" role="group" '
        f'aria-label="{group_label}">{"".join(parts)}'
        f'<div class="board-points">{"".join(buttons)}</div></div>'
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
