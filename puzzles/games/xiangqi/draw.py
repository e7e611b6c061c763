"""The Xiangqi board as the learner sees it: 9 × 10 points with Red at the bottom,
as books print it; the river, the palaces' diagonals, the pieces with their
characters, the files numbered for each side (Red's 九…一 below, Black's 1…9
above: each side counts from its own right), and moves drawn as arrows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

from engines.xiangqi import (
    BLACK,
    FILES,
    Move,
    Position,
    file_of,
    rank_of,
    square_name,
)
from puzzles.boards import GRID, Arrow, Line, Picture, Piece, Spot, Text
from puzzles.boards import draw as draw_picture

from .words import piece_words

RED_GLYPHS = " 帥仕相馬車炮兵"
BLACK_GLYPHS = " 將士象馬車砲卒"
RED_FILES = "九八七六五四三二一"  # left to right along the bottom
BLACK_FILES = "123456789"  # left to right along the top (Black's right is Red's left)


def _x(file: int) -> float:  # a grid's point (c, r) is drawn at (c + 1.5, r + 1.5)
    return file + 1.5


def _y(rank: int) -> float:  # rank 0 (Red's back rank) at the bottom
    return 9 - rank + 1.5


def _at(sq: int) -> tuple[float, float]:
    return _x(file_of(sq)), _y(rank_of(sq))


def _lines() -> list[Line]:
    paths = [f"M{_x(0)} {_y(r)}H{_x(8)}" for r in range(10)]
    for f in range(9):
        if f in (0, 8):
            paths.append(f"M{_x(f)} {_y(9)}V{_y(0)}")
        else:  # the river: the inner files stop at its banks
            paths.append(f"M{_x(f)} {_y(9)}V{_y(5)}M{_x(f)} {_y(4)}V{_y(0)}")
    for low, high in ((0, 2), (7, 9)):  # the palaces' diagonals
        paths.append(f"M{_x(3)} {_y(low)}L{_x(5)} {_y(high)}M{_x(5)} {_y(low)}L{_x(3)} {_y(high)}")
    return [Line(" ".join(paths))]


def piece_of(code: int) -> Piece:
    """The piece with code ``code`` (engine's numbering) as the drawing layer takes it."""
    color, kind = code >> 3, code & 7
    glyphs = BLACK_GLYPHS if color == BLACK else RED_GLYPHS
    return Piece("black" if color == BLACK else "red", piece_words(code), glyphs[kind])


def picture(
    position: Position,
    *,
    marks: Mapping[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
    arrows: Iterable[tuple[str, str]] = (),
    clickable: bool = False,
    last_move: bool = True,
    label: str = "",
) -> Picture:
    """The board of ``position`` as a picture: ``marks`` and ``labels`` by point name
    (``"e5": "good"``), ``arrows`` as (move text, kind), every point a control when
    ``clickable``. The position's last move is drawn as a faint arrow."""
    marks = dict(marks or {})
    labels = labels or {}
    spots = []
    for rank in range(9, -1, -1):
        for f in range(9):
            sq = rank * 9 + f
            name = square_name(sq)
            code = position.board[sq]
            spots.append(
                Spot(
                    _x(f),
                    _y(rank),
                    name,
                    piece=piece_of(code) if code else None,
                    mark=marks.get(name, ""),
                    label=labels.get(name, ""),
                    clickable=clickable,
                )
            )
    drawn = []
    last = position.last_move() if last_move else None
    if last is not None:
        drawn.append(Arrow(_at(last.from_square), _at(last.to_square), "last"))
    for text, kind in arrows:
        move = Move.from_text(text)
        drawn.append(Arrow(_at(move.from_square), _at(move.to_square), kind))
    texts = [
        Text(3.5, 6.18, "楚 河", "board-river"),
        Text(7.5, 6.18, "汉 界", "board-river"),
        *(Text(_x(f), 0.78, BLACK_FILES[f]) for f in range(9)),
        *(Text(_x(f), 11.68, RED_FILES[f]) for f in range(9)),
    ]
    return Picture(
        11,
        12,
        spots,
        layout=GRID,
        columns=9,
        rows=10,
        lines=_lines(),
        texts=texts,
        arrows=drawn,
        label=label or _("Xiangqi board"),
        kind="xiangqi-board",
    )


def draw(position: Position, **options):
    """``picture``'s board as HTML."""
    return draw_picture(picture(position, **options))


__all__ = ["FILES", "draw", "picture", "piece_of"]
