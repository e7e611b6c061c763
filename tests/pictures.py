"""Pictures of the boards still to come, built only from ``puzzles.boards``:
proof that the drawing layer can draw every seed board before its game arrives.

- a Xiangqi start position: 9 × 10 intersections, the river cutting the inner
  files, the palaces' diagonals, 32 pieces with their characters;
- the 121-hole Chinese-checkers star, now drawn by its game's own package;
- the 129-point Junqi board (``../shared/rules/games/junqi.md``): four areas and
  the centre, railways with their arcs, roads, 20 camps and 8 headquarters.

The games' own packages will draw them from their engines' positions; these
are pictures only.
"""

from __future__ import annotations

from puzzles.boards import FREE, GRID, Line, Picture, Piece, Spot, Text

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

CAMPS = {(2, 1), (2, 3), (3, 2), (4, 1), (4, 3)}
HEADQUARTERS = {(0, 1), (0, 3)}
AREAS = "NESW"


def junqi_points() -> dict[tuple[int, int], tuple[str, str]]:
    """(row, col) on the 17 × 17 grid → (name, kind): ``S21`` and ``camp``; the
    centre's nodes are named by their place, ``(10,6)``."""
    points = {}
    for area in AREAS:
        for k in range(6):
            for j in range(5):
                if area == "N":
                    rc = (k, 10 - j)
                elif area == "S":
                    rc = (16 - k, 6 + j)
                elif area == "W":
                    rc = (6 + j, k)
                else:
                    rc = (10 - j, 16 - k)
                kind = (
                    "camp" if (k, j) in CAMPS
                    else "hq" if (k, j) in HEADQUARTERS
                    else "rail" if k in (1, 5) or j in (0, 4) and 1 <= k <= 5
                    else "road"
                )  # fmt: skip
                points[rc] = (f"{area}{k}{j}", kind)
    for r in (6, 8, 10):
        for c in (6, 8, 10):
            points[(r, c)] = (f"({r},{c})", "rail")
    return points


def junqi_picture() -> Picture:
    points = junqi_points()

    def at(rc):
        r, c = rc
        return c + 1.0, r + 1.0

    rails = []
    for line in (1, 5, 11, 15):  # back and front rails of N/S, as rows; of W/E, as columns
        rails.append(f"M{at((line, 6))[0]} {at((line, 6))[1]}H{at((line, 10))[0]}")
        rails.append(f"M{at((6, line))[0]} {at((6, line))[1]}V{at((10, line))[1]}")
    for line in (6, 10):  # the four long lines through the centre
        rails.append(f"M{at((1, line))[0]} {at((1, line))[1]}V{at((15, line))[1]}")
        rails.append(f"M{at((line, 1))[0]} {at((line, 1))[1]}H{at((line, 15))[0]}")
    rails.append(f"M{at((5, 8))[0]} {at((5, 8))[1]}V{at((11, 8))[1]}")  # the middle lines
    rails.append(f"M{at((8, 5))[0]} {at((8, 5))[1]}H{at((8, 11))[0]}")
    for corner, via in (((5, 6), (6, 5)), ((5, 10), (6, 11)), ((11, 6), (10, 5)),
                        ((11, 10), (10, 11))):  # fmt: skip
        (x1, y1), (x2, y2) = at(corner), at(via)
        rails.append(f"M{x1} {y1}Q{x2} {y1} {x2} {y2}")  # the arcs between areas
    roads = []
    for (r, c), (_name, _kind) in points.items():
        for dr, dc in ((0, 1), (1, 0)):
            if (r + dr, c + dc) in points:
                (x1, y1), (x2, y2) = at((r, c)), at((r + dr, c + dc))
                roads.append(f"M{x1} {y1}L{x2} {y2}")
        if points[(r, c)][1] == "camp":  # camps join their eight neighbours
            for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                if (r + dr, c + dc) in points:
                    (x1, y1), (x2, y2) = at((r, c)), at((r + dr, c + dc))
                    roads.append(f"M{x1} {y1}L{x2} {y2}")
    regions = []
    spots = []
    for rc in sorted(points):
        name, kind = points[rc]
        x, y = at(rc)
        if kind == "camp":
            regions.append(Line(f"M{x - 0.4} {y}a0.4 0.4 0 1 0 0.8 0a0.4 0.4 0 1 0 -0.8 0Z",
                                "region-camp"))  # fmt: skip
        elif kind == "hq":
            regions.append(Line(f"M{x - 0.42} {y - 0.3}h0.84v0.6h-0.84Z", "region-hq"))
        spots.append(Spot(x, y, name, clickable=True, cell=(2 * rc[1] + 2, 2 * rc[0] + 2)))
    return Picture(
        19,
        19,
        spots,
        layout=FREE,
        cells=(38, 38),
        regions=regions,
        lines=[Line(" ".join(roads), "board-road"), Line(" ".join(rails), "board-rail")],
        label="四国军棋",
        kind="junqi-board",
    )
