"""The Go board as the learner sees it: the window of the board around the
stones (or the whole of it), and the stones of a nigiri."""

from __future__ import annotations

import html
from collections.abc import Mapping

from django.utils.translation import gettext as _

from engines.go import BLACK, GTP_COLUMNS, WHITE, Board, point_name, star_points
from puzzles.boards import grid_board

STONE_COLORS = {BLACK: "black", WHITE: "white"}


def window(board: Board, points: set[int]) -> tuple[int, int, int, int]:
    """The part of the board to show: the stones and points of interest, with room.

    Returns (x0, y0, columns, rows). Boards up to 9x9, and boards without
    stones, are shown whole; a window reaching within three lines of an edge
    runs to that edge.
    """
    size = board.size
    stones = {p for p, c in enumerate(board.cells) if c}
    if size <= 9 or not stones:
        return 0, 0, size, size
    occupied = stones | points
    xs = [p % size for p in occupied]
    ys = [p // size for p in occupied]
    x0, x1 = min(xs) - 2, max(xs) + 2
    y0, y1 = min(ys) - 2, max(ys) + 2
    x0 = 0 if x0 <= 3 else x0
    y0 = 0 if y0 <= 3 else y0
    x1 = size - 1 if x1 >= size - 4 else x1
    y1 = size - 1 if y1 >= size - 4 else y1
    # At least 7 lines each way, so a corner problem keeps its bearings.
    while x1 - x0 < 6:
        x0, x1 = (x0, x1 + 1) if x1 < size - 1 else (x0 - 1, x1)
    while y1 - y0 < 6:
        y0, y1 = (y0, y1 + 1) if y1 < size - 1 else (y0 - 1, y1)
    return x0, y0, x1 - x0 + 1, y1 - y0 + 1


def draw(
    board: Board,
    *,
    marks: Mapping[int, str] | None = None,
    labels: Mapping[int, str] | None = None,
    clickable: bool = True,
    clickable_stones: bool = False,
    extra: set[int] = frozenset(),
    label: str = "",
    whole: bool = False,
):
    """The board as HTML: a window around the stones (or ``whole``), a button on every point."""
    size = board.size
    marks = marks or {}
    labels = labels or {}
    if whole:
        x0, y0, columns, rows = 0, 0, size, size
    else:
        x0, y0, columns, rows = window(board, set(extra) | set(marks) | set(labels))

    def local(p: int) -> tuple[int, int] | None:
        y, x = divmod(p, size)
        if x0 <= x < x0 + columns and y0 <= y < y0 + rows:
            return x - x0, y - y0
        return None

    stones = {}
    for p, c in enumerate(board.cells):
        if c and (at := local(p)) is not None:
            stones[at] = STONE_COLORS[c]
    open_sides = "".join(
        side
        for side, is_open in (
            ("l", x0 > 0),
            ("r", x0 + columns < size),
            ("t", y0 > 0),
            ("b", y0 + rows < size),
        )
        if is_open
    )
    return grid_board(
        columns=columns,
        rows=rows,
        name_of=lambda at: point_name((at[1] + y0) * size + at[0] + x0, size),
        stones=stones,
        marks={at: m for p, m in marks.items() if (at := local(p)) is not None},
        labels={at: t for p, t in labels.items() if (at := local(p)) is not None},
        stars=[at for p in star_points(size) if (at := local(p)) is not None],
        column_labels=GTP_COLUMNS[x0 : x0 + columns],
        row_labels=[str(size - y) for y in range(y0, y0 + rows)],
        clickable=clickable,
        clickable_stones=clickable_stones,
        open_sides=open_sides,
        label=label or _("Go board"),
    )


def stones_svg(white: int, black: int) -> str:
    """A hand of white stones laid out in pairs, and the black stones shown."""
    circles = []
    for i in range(white):
        x = 0.6 + (i // 2) * 1.1
        y = 0.6 + (i % 2) * 1.0
        circles.append(f'<circle class="stone stone-white" cx="{x}" cy="{y}" r="0.45"/>')
    offset = 0.6 + ((white + 1) // 2) * 1.1 + 0.9
    for i in range(black):
        circles.append(
            f'<circle class="stone stone-black" cx="{offset + i * 1.0}" cy="1.1" r="0.45"/>'
        )
    width = offset + max(black, 1) * 1.0
    label = _("%(white)s white stones in the hand; %(black)s black shown") % {
        "white": white,
        "black": black,
    }
    return (
        f'<svg class="stones-hand" viewBox="0 0 {width} 2.2" role="img" '
        f'aria-label="{html.escape(label)}">'
        f'<rect class="board-bg" x="0" y="0" width="{width}" height="2.2"/>{"".join(circles)}</svg>'
    )
