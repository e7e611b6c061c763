"""The Renju board as the learner sees it: stones, marks, move numbers, and the
rows that make a shape."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

from engines.renju import BLACK, COLUMNS, SIZE, Board, Shape, parse_point, point_name
from puzzles.boards import grid_board

STARS = [parse_point(p) for p in ("d4", "l4", "h8", "d12", "l12")]


SEGMENT_STYLE = {
    "three": "three",
    "false-three": "false",
    "four": "four",
    "straight-four": "four",
    "overline": "overline",
    "five": "five",
}


def _segments(shapes: Iterable[Shape], style: str | None = None):
    for shape in shapes:
        first, last = sorted(shape.ends, key=lambda p: (p % SIZE, p // SIZE))
        if first == last:
            continue
        yield first, last, style or SEGMENT_STYLE[shape.kind]


def draw(
    board: Board,
    *,
    marks: Mapping[int, str] | None = None,
    labels: Mapping[int, str] | None = None,
    shapes: Iterable[Shape] = (),
    found: Iterable[Shape] = (),
    missed: Iterable[Shape] = (),
    clickable: bool = True,
    label: str = "",
    toggle: str = "",
) -> str:
    """The whole 15x15 board as HTML, a button on every empty point.

    ``shapes`` are drawn in their kind's colour; in a judged search, the rows of
    what the learner ``found`` in green and of what they ``missed`` in red.
    """
    marks = dict(marks or {})
    if board.move_stack and board.move_stack[-1].point is not None:
        marks.setdefault(board.move_stack[-1].point, "last")

    def at(p: int) -> tuple[int, int]:
        return p % SIZE, p // SIZE

    stones = {
        at(p): ("black" if board[p] == BLACK else "white") for p in range(SIZE * SIZE) if board[p]
    }
    return grid_board(
        columns=SIZE,
        rows=SIZE,
        name_of=lambda xy: point_name(xy[1] * SIZE + xy[0]),
        stones=stones,
        marks={at(p): m for p, m in marks.items()},
        labels={at(p): t for p, t in (labels or {}).items()},
        stars=[at(p) for p in STARS],
        column_labels=COLUMNS,
        row_labels=[str(SIZE - y) for y in range(SIZE)],
        clickable=clickable,
        label=label or _("Renju board"),
        segments=[
            (at(a), at(b), style)
            for a, b, style in (
                *_segments(shapes),
                *_segments(found, "found"),
                *_segments(missed, "missed"),
            )
        ],
        toggle=toggle,
    )
