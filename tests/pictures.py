"""Pictures of the boards still to come, built only from ``puzzles.boards``:
proof that the drawing layer can draw every seed board before its game arrives.

- a Xiangqi start position: 9 × 10 intersections, the river cutting the inner
  files, the palaces' diagonals, 32 pieces with their characters;
- the 121-hole Chinese-checkers star, now drawn by its game's own package;
- the 129-point Junqi board, now drawn by its game's own package: four areas and
  the centre, railways with their arcs, roads, 20 camps and 8 headquarters.

A game's own package draws its board once the game is taught; the Xiangqi start
is the one picture here that stands alone.
"""

from __future__ import annotations

from puzzles.boards import GRID, Line, Picture, Piece, Spot, Text

# --- Xiangqi -------------------------------------------------------------------------

FILES = "abcdefghi"
BACK_RANK = "RNBAKABNR"
GLYPHS = {
    "red": {"R": "車", "N": "馬", "B": "相", "A": "仕", "K": "帥", "C": "炮", "P": "兵"},
    "black": {"R": "車", "N": "馬", "B": "象", "A": "士", "K": "將", "C": "砲", "P": "卒"},
}
NAMES = {"R": "chariot", "N": "horse", "B": "elephant", "A": "advisor", "K": "general",
         "C": "cannon", "P": "soldier"}  # fmt: skip


def xiangqi_start() -> dict[str, tuple[str, str]]:
    """Square name (``e1``) → (side, piece letter), Red on ranks 1–5."""
    pieces: dict[str, tuple[str, str]] = {}
    for side, back, cannon, pawn in (("red", 1, 3, 4), ("black", 10, 8, 7)):
        for file, letter in zip(FILES, BACK_RANK, strict=True):
            pieces[f"{file}{back}"] = (side, letter)
        for file in "bh":
            pieces[f"{file}{cannon}"] = (side, "C")
        for file in "acegi":
            pieces[f"{file}{pawn}"] = (side, "P")
    return pieces


def xiangqi_picture(clickable: bool = True) -> Picture:
    def x(file: int) -> float:  # a grid's point (c, r) is drawn at (c + 1.5, r + 1.5)
        return file + 1.5

    def y(rank: int) -> float:  # rank 10 at the top
        return 10 - rank + 1.5

    lines = [f"M{x(0)} {y(r)}H{x(8)}" for r in range(1, 11)]
    for f in range(9):
        if f in (0, 8):
            lines.append(f"M{x(f)} {y(10)}V{y(1)}")
        else:  # the river: the inner files stop at the banks
            lines.append(f"M{x(f)} {y(10)}V{y(6)}M{x(f)} {y(5)}V{y(1)}")
    for low, high in ((1, 3), (8, 10)):  # the palaces' diagonals
        lines.append(f"M{x(3)} {y(low)}L{x(5)} {y(high)}M{x(5)} {y(low)}L{x(3)} {y(high)}")
    start = xiangqi_start()
    spots = []
    for rank in range(10, 0, -1):
        for f, file in enumerate(FILES):
            name = f"{file}{rank}"
            piece = None
            if name in start:
                side, letter = start[name]
                piece = Piece(side, f"{side} {NAMES[letter]}", GLYPHS[side][letter])
            spots.append(Spot(x(f), y(rank), name, piece=piece, clickable=clickable))
    return Picture(
        11,
        12,
        spots,
        layout=GRID,
        columns=9,
        rows=10,
        lines=[Line(" ".join(lines))],
        texts=[Text(3.5, 6.18, "楚 河", "board-river"), Text(7.5, 6.18, "汉 界", "board-river")],
        label="象棋",
        kind="xiangqi-board",
    )


# --- Chinese checkers -----------------------------------------------------------------


def star_picture() -> Picture:
    """The 跳棋 star as its game draws it (``puzzles.games.tiaoqi.draw``): 121 holes,
    two armies of ten at the start, every hole a control."""
    from engines.tiaoqi import Position
    from puzzles.games.tiaoqi.draw import SIDE_COLORS, picture

    pieces = {hole: SIDE_COLORS[side] for hole, side in Position.start().pieces.items()}
    return picture(pieces, clickable=True)


# --- Junqi ------------------------------------------------------------------------------


def junqi_picture() -> Picture:
    """The 四国军棋 board as its game draws it (``puzzles.games.junqi.draw``): 129
    points, four armies of 25 in legal set-ups, every point a control."""
    import random

    from engines.junqi import AREAS, pieces_of, random_setup
    from puzzles.games.junqi.draw import picture

    rng = random.Random(2026)
    pieces = pieces_of((seat, random_setup(AREAS[seat], rng)) for seat in range(4))
    return picture({p: (piece.seat, piece.rank) for p, piece in pieces.items()}, clickable=True)
