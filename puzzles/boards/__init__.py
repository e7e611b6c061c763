"""The drawing layer: board pictures as data, drawn as SVG with a real control
per point (``picture``, ``svg``), rectangular boards of intersections (``grid``),
and the card table (``cards``)."""

from .grid import (
    answer_controls,
    choice_buttons,
    grid_board,
    grid_picture,
    stone_name,
    submit_button,
)
from .picture import FREE, GRID, Arrow, Line, Picture, Piece, Segment, Spot, Text
from .svg import draw, escape

__all__ = [
    "FREE",
    "GRID",
    "Arrow",
    "Line",
    "Picture",
    "Piece",
    "Segment",
    "Spot",
    "Text",
    "answer_controls",
    "choice_buttons",
    "draw",
    "escape",
    "grid_board",
    "grid_picture",
    "stone_name",
    "submit_button",
]
