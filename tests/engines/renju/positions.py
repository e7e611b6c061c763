"""Positions with the verdict the RIF definitions give, worked out by hand.

Each case is a small diagram placed on the 15x15 board: ``X`` black, ``O``
white, ``.`` empty, ``*`` the empty point black would play. Rows are written top
first; ``at`` is where the diagram's top-left cell goes (column, row from the
top), so a diagram can touch an edge of the board. ``expect`` is the kind of
forbidden move (``double-three``, ``double-four``, ``overline``), ``five`` for a
move that wins (a five stands even if it makes a forbidden pattern), or None.

The reasoning for each verdict is in ``why``: these verdicts were decided from the
definitions (a four becomes exactly five; a straight four two ways; a three becomes
a straight four by a stone that makes no five and is not itself forbidden, with the
new stone in place), not by running an engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.renju import SIZE, Board


@dataclass(frozen=True)
class Case:
    name: str
    rows: tuple[str, ...]
    expect: str | None
    why: str
    at: tuple[int, int] = (3, 3)

    def board(self) -> tuple[Board, int]:
        black, white, point = [], [], None
        x0, y0 = self.at
        for y, row in enumerate(self.rows):
            for x, cell in enumerate(row.split()):
                p = (y0 + y) * SIZE + x0 + x
                if not (0 <= x0 + x < SIZE and 0 <= y0 + y < SIZE):
                    raise ValueError(f"{self.name}: the diagram runs off the board")
                if cell == "X":
                    black.append(p)
                elif cell == "O":
                    white.append(p)
                elif cell == "*":
                    point = p
                elif cell != ".":
                    raise ValueError(f"{self.name}: unknown cell {cell!r}")
        return Board.setup(black, white), point


def case(name, diagram, expect, why, at=(3, 3)):
    return Case(name, tuple(line for line in diagram.strip().splitlines()), expect, why, at)


CASES = [
    # ------------------------------------------------------------------ 三三
    case(
        "3x3 cross",
        """
        . . . . . . .
        . . . X . . .
        . . . X . . .
        . X X * . . .
        . . . . . . .
        . . . . . . .
        """,
        "double-three",
        "X X * across and down, every end open: two threes",
    ),
    case(
        "3x3 plus sign (seed 003, middle example)",
        """
        . . . . . . .
        . . . X . . .
        . . X * X . .
        . . . X . . .
        . . . . . . .
        """,
        "double-three",
        "X * X across and X * X down, each open: two threes",
    ),
    case(
        "3x3 on the diagonals",
        """
        . . . . . . .
        . X . . . X .
        . . X . X . .
        . . . * . . .
        . . . . . . .
        . . . . . . .
        """,
        "double-three",
        "two diagonal threes meeting at *, all ends open",
    ),
    case(
        "3x3 with a split three",
        """
        . . . . . . . .
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . X X . * . . .
        . . . . . . . .
        . . . . . . . .
        """,
        "double-three",
        "X X . * is a split three (filling the gap gives X X X X, open); with the column, two",
    ),
    case(
        "3x3 split both ways",
        """
        . . . . . . . .
        . . . X . . . .
        . . . . . . . .
        . . . X . . . .
        . X . * X . . .
        . . . . . . . .
        . . . . . . . .
        """,
        "double-three",
        "X . * X across and X . X * down: two split threes",
    ),
    case(
        "3x3 at the end of both threes",
        """
        . . . . . . . .
        . . . . . . . .
        . . . * X X . .
        . . . X . . . .
        . . . X . . . .
        . . . . . . . .
        . . . . . . . .
        """,
        "double-three",
        "* X X across and * X X down, open at every end",
    ),
    case(
        "3x3x3",
        """
        . . . . . . . .
        . X . . . . . .
        . . X . . . . .
        . . . * X X . .
        . . . X . . . .
        . . . X . . . .
        . . . . . . . .
        """,
        "double-three",
        "threes across, down and on the diagonal: more than one three",
    ),
    case(
        "a far end shut two points away leaves a three",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . X . . .
        . . . . . X . . .
        . O . X X * . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        "double-three",
        "O . X X * . .: X X * + the point right of it is a four with both ends empty"
        " (the white stone is beyond the end): a three; with the column, two",
    ),
    case(
        "seed 003, left example: diagonal three and split column three",
        """
        . . . . . .
        . X X . . .
        . . * . . .
        . . . X . .
        . . X . . .
        . . . . . .
        """,
        "double-three",
        "X * X on the diagonal, and X * . X down the column (a split three)",
    ),
    case(
        "seed 003, right example: row three and split anti-diagonal three",
        """
        . . . . . . .
        . . X X * . .
        . . . . . . .
        . . X . . . .
        . X . . . . .
        . . . . . . .
        """,
        "double-three",
        "X X * across, and * . X X down to the left: two threes",
    ),
    # ------------------------------------------------------------ not 三三
    case(
        "one three shut by white",
        """
        . . . . . . .
        . . . . X . .
        . . . . X . .
        . O X X * . .
        . . . . . . .
        . . . . . . .
        """,
        None,
        "O X X * across can only become a four with one end shut: not a three",
    ),
    case(
        "one three shut by the edge",
        """
        . . . . . .
        . . X . . .
        . . X . . .
        X X * . . .
        . . . . . .
        . . . . . .
        """,
        None,
        "X X * from the edge: X X X X would have its left end off the board; only the column",
        at=(0, 5),
    ),
    case(
        "shut at both sides, two points away",
        """
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        O . X X * . O . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        None,
        "O . X X * . O: every four it can make has a white stone at one end",
    ),
    case(
        "a split three shut by white",
        """
        . . . . . . . .
        . . . . . X . .
        . . . . . X . .
        . O X . X * . .
        . . . . . . . .
        . . . . . . . .
        """,
        None,
        "O X . X *: filling the gap gives a four whose left end is white: no three",
    ),
    case(
        "a three that could only straighten into an overline",
        """
        . . . . . . . . . .
        . . . . . . . . . .
        . . . X . . . . . .
        . . . X . . . . . .
        . O . * X X . . X .
        . . . . . . . . . .
        . . . . . . . . . .
        """,
        None,
        "O . * X X . . X: * X X + the next point has an end whose five would be six with"
        " the far X: not a straight four, so not a three; only the column",
    ),
    case(
        "two stones with a wide gap are no three",
        """
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        X . . . * . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        None,
        "X . . . * cannot become a straight four in one move; the column is one three",
    ),
    case(
        "XX.*.XX makes nothing",
        """
        . . . . . . . . . .
        . . X X . * . X X .
        . . . . . . . . . .
        """,
        None,
        "no five-point (each gap gives four stones, or seven) and no straight four without six",
        at=(2, 5),
    ),
    case(
        "one three is an ordinary move",
        """
        . . . . . . .
        . . . . . . .
        . . X * X . .
        . . . . . . .
        . . . . . . .
        """,
        None,
        "a single open three",
    ),
    case(
        "X*X.X is a four, so with a three it is a four-three",
        """
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . X * X . X . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        None,
        "across, filling the gap makes five: a four, not a three; the column is a three:"
        " four-three, allowed",
    ),
    # ------------------------------------------- a three's point is forbidden
    case(
        "false 3x3: the row's straight-four point is a double-four",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O . X * X . . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        None,
        "across O . X * X . .: only the point right of X makes a straight four, and with *"
        " in place that point makes two fours (the row and the column of three X): it is"
        " forbidden, so the row is no three; the column alone is one three",
    ),
    case(
        "the same shape when that point is only a four-three",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O . X * X . . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        "double-three",
        "the straight-four point now makes a four and a three (allowed), so the row is a"
        " real three: with the column, a double-three",
    ),
    case(
        "false 3x3: the straight-four point is an overline",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . X . .
        . . . . X . X . .
        . O . X * X . . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . . . .
        """,
        None,
        "the row's only straight-four point joins two X above and three below: six in a"
        " column, an overline; so the row is no three",
    ),
    case(
        "a three with one forbidden point and one good one is a three",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . X * X . . .
        . . X . . . . . .
        . . X . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        """,
        "double-three",
        "across . X * X .: the left end would make a double-four (row and column), but"
        " the right end is a good straight-four point, and one is enough",
    ),
    case(
        "a three whose both straight-four points are forbidden is no three",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . X * X . . .
        . . X . . . X . .
        . . X . . . X . .
        . . X . . . X . .
        . . . . . . . . .
        """,
        None,
        "both ends of . X * X . would make a double-four (row and a column below each):"
        " the row is no three",
    ),
    case(
        "a three whose only straight-four point makes five is no three",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O . X * X . . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . . . .
        """,
        None,
        "the row's only straight-four point completes the column below it: a five, and a"
        " three straightens 'without at the same time making five': no three",
    ),
    case(
        "nested once: the straight-four point is a 4-3-3, so the row is no three",
        """
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . X X X .
        . . . X . . . X . . . . .
        . . . X . . X . . . . . .
        O . X * X . . . . . . . .
        . . . . . X . . . . . . .
        . . . . . X . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        """,
        None,
        "the row's straight-four point q (right of X) makes a straight four across and"
        " threes down and up-right: 4-3-3, forbidden (its up-right three has a good point,"
        " the lower-left end); so the row is no three and * has one three",
        at=(1, 2),
    ),
    case(
        "nested twice: shutting that three's good end makes the row a three again",
        """
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . X X X .
        . . . X . . . X . . . . .
        . . . X . . X . . . . . .
        O . X * X . . . . . . . .
        . . . . . X . . . . . . .
        . . . O . X . . . . . . .
        . . . . . . . . . . . . .
        . . . . . . . . . . . . .
        """,
        "double-three",
        "with white below-left, q's up-right three can straighten only at its upper end,"
        " which makes two straight fours (up-right and across the X X X): forbidden. So"
        " q's up-right row is no three, q is a plain four-three, the row through * is a"
        " three after all, and * is a double-three",
        at=(1, 2),
    ),
    # ---------------------------------------------------------------- 四四
    case(
        "4x4 cross",
        """
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . . . . X . . .
        . X X X * . . .
        . . . . . . . .
        . . . . . . . .
        """,
        "double-four",
        "X X X * across and down: two fours",
    ),
    case(
        "4x4 on the diagonals",
        """
        . . . . . . . . .
        . X . . . . . X .
        . . X . . . X . .
        . . . X . X . . .
        . . . . * . . . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        "double-four",
        "two diagonal fours meeting at *",
    ),
    case(
        "4x4 on one line, X.X*X.X",
        """
        . . . . . . . . .
        . . . . . . . . .
        . X . X * X . X .
        . . . . . . . . .
        . . . . . . . . .
        """,
        "double-four",
        "X . X * X . X: either gap makes five, and they are four apart: two fours on one line",
    ),
    case(
        "4x4 on one line, XXX.*.XXX",
        """
        . . . . . . . . . . . .
        . X X X . * . X X X . .
        . . . . . . . . . . . .
        """,
        "double-four",
        "XXX . * . XXX: each gap makes an exact five: two fours on one line",
        at=(1, 5),
    ),
    case(
        "4x4 on one line, X.XX*.X",
        """
        . . . . . . . . . .
        . X . X X * . X . .
        . . . . . . . . . .
        """,
        "double-four",
        "X . X X * . X: the left gap makes X X X X *, the right gap X X * X X: two fours",
        at=(2, 5),
    ),
    case(
        "a straight four and a four",
        """
        . . . . . . . .
        . . . . O . . .
        . . . . X . . .
        . . . . X . . .
        . . . . X . . .
        . X X X * . . .
        . . . . . . . .
        """,
        "double-four",
        "the row is a straight four, the column a four shut at its top: two fours",
    ),
    case(
        "4x4x3",
        """
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . X X X * . . . .
        . . . . . X . . .
        . . . . . . X . .
        . . . . . . . . .
        """,
        "double-four",
        "two fours and a diagonal three: a double-four (the seed's 四四三)",
    ),
    case(
        "a four through the gap, X.XX*",
        """
        . . . . . . . . .
        . . . . . . X . .
        . . . . . . X . .
        . . . . . . X . .
        . . X . X X * O .
        . . . . . . . . .
        """,
        "double-four",
        "X . X X * O: filling the gap makes five, so across is a four; with the column, two",
    ),
    case(
        "4x3 is black's winning shape",
        """
        . . . . . . . .
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        O X X X * . . .
        . . . . . . . .
        . . . . . . . .
        """,
        None,
        "a four across (shut at its left) and a three down: four-three is allowed",
    ),
    case(
        "4x3x3",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        O X X X * . . . .
        . . . . . X . . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        "double-three",
        "a four across and threes down and on the diagonal: the seed's 四三三, forbidden",
    ),
    case(
        "a dead four is no four",
        """
        . . . . . . . .
        . . . . X . . .
        . . . . X . . .
        . . . . X . . .
        O X X X * O . .
        . . . . . . . .
        """,
        None,
        "O X X X * O cannot become five: the column is the only four",
    ),
    case(
        "a four that could only make six is no four for black",
        """
        . . . . . . . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        . O X X X * . X . .
        . . . . . . . . . .
        """,
        None,
        "O X X X * . X: the only open end leads to six: no four across; one four down",
    ),
    case(
        "4-3 along the bottom edge",
        """
        . . . . . . . X .
        . . . . . . . X .
        . . . . . . . X .
        . . . . . X X * .
        """,
        None,
        "the column is a four (its bottom end is off the board); across X X * is a three",
        at=(2, 11),
    ),
    case(
        "a three along the edge line, none out of it",
        """
        . . . . X * X . . .
        . . . . . X . . . .
        . . . . X . . . . .
        . . . . . . . . . .
        """,
        None,
        "X * X along the top line is a three (the line runs along the edge); * X X down"
        " the anti-diagonal starts on the edge, so its four has no open end there",
        at=(2, 0),
    ),
    case(
        "3x3 one line in from the edge",
        """
        . . . . . . . . . .
        . . . . X * X . . .
        . . . . . . X . . .
        . . . . . . . X . .
        . . . . . . . . . .
        . . . . . . . . . .
        """,
        "double-three",
        "X * X across, and * X X down the diagonal: one line in, both can straighten",
        at=(2, 0),
    ),
    case(
        "a three two points from the edge is still a three",
        """
        . . . . . . .
        . . . . X . .
        . . . . X . .
        . . . X * X .
        . . . . . . .
        . . . . . . .
        """,
        "double-three",
        "X * X with one empty point to the edge: it straightens away from the edge, with"
        " both ends open; with the column, two threes",
        at=(8, 4),
    ),
    case(
        "white three points away leaves a three",
        """
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        O . . X * X . . O
        . . . . . . . . .
        . . . . . . . . .
        """,
        "double-three",
        "O . . X * X . . O: X X X X with an empty point each side fits between them",
    ),
    case(
        "overline of seven",
        """
        . . . . . . . . .
        . X X X * X X X .
        . . . . . . . . .
        """,
        "overline",
        "seven in a row",
        at=(2, 6),
    ),
    case(
        "a four shut by the edge is still a four",
        """
        . . . X . .
        . . . X . .
        . . . X . .
        X X X * . .
        . . . . . .
        """,
        "double-four",
        "X X X * from the edge becomes five at its open end: a four; the column is another",
        at=(0, 5),
    ),
    case(
        "4x4 from XX.X* and a straight four",
        """
        . . . . . . . .
        . . . . . X . .
        . . . . . X . .
        . . . . . X . .
        . X X . X * . .
        . . . . . . . .
        . . . . . . . .
        """,
        "double-four",
        "filling the gap of X X . X * makes five: a four; the column X X X * is a second",
    ),
    case(
        "a four and a false three: only a four",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O . X * X . . .
        . . . . X . X . .
        . . . . X . X . .
        . . . . X . X . .
        . . . . . . . . .
        . . . . . . . . .
        """,
        None,
        "down is a four (* X X X); across, the only straight-four point would make two"
        " fours (the row and the column of X under it): a false three. A four alone",
    ),
    # ----------------------------------------------------------- 长连 and 五
    case(
        "overline XXX*XX",
        """
        . . . . . . . . .
        . X X X * X X . .
        . . . . . . . . .
        """,
        "overline",
        "six in a row across",
        at=(2, 6),
    ),
    case(
        "overline XXXX*X",
        """
        . . . . . . . . .
        . X X X X * X . .
        . . . . . . . . .
        """,
        "overline",
        "six in a row across",
        at=(2, 6),
    ),
    case(
        "seed 003's overline ●●X●●●",
        """
        . . . . . . . . .
        . X X * X X X . .
        . . . . . . . . .
        """,
        "overline",
        "six in a row, as the seed draws it",
        at=(2, 6),
    ),
    case(
        "overline of nine",
        """
        . . . . . . . . . . . .
        . X X X X * X X X X . .
        . . . . . . . . . . . .
        """,
        "overline",
        "nine in a row",
        at=(1, 6),
    ),
    case(
        "diagonal overline",
        """
        X . . . . . .
        . X . . . . .
        . . X . . . .
        . . . * . . .
        . . . . X . .
        . . . . . X .
        . . . . . . .
        """,
        "overline",
        "six on the diagonal",
    ),
    case(
        "overline with a double-three is an overline",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . X . . . . .
        . . . X . . . . .
        X X X * X X . . .
        . . X . . . . . .
        . X . . . . . . .
        . . . . . . . . .
        """,
        "overline",
        "six across; the column and the anti-diagonal are threes too: reported as overline",
        at=(2, 3),
    ),
    case(
        "exactly five wins",
        """
        . . . . . . . .
        . X X * X X . .
        . . . . . . . .
        """,
        "five",
        "five in a row",
        at=(2, 6),
    ),
    case(
        "five with a double-three wins",
        """
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . X X X * X . . .
        . . . X . . . . .
        . . X . . . . . .
        . . . . . . . . .
        """,
        "five",
        "X X X * X across is five; the column and the anti-diagonal are threes: five wins",
    ),
    case(
        "five with an overline in another line wins",
        """
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . X X * X X . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        """,
        "five",
        "the column becomes six, but X X * X X across is exactly five: it wins",
    ),
    case(
        "five with a double-four wins",
        """
        . . . . . . . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        . . . . . X . . . .
        . . X X X * X . . .
        . . . . X . . . . .
        . . . X . . . . . .
        . . X . . . . . . .
        . . . . . . . . . .
        """,
        "five",
        "across is five; the column and the anti-diagonal are fours: five wins",
    ),
    # ---------------------------------------------------- the board's edges
    case(
        "3x3 in the corner is no 3x3",
        """
        * X X . .
        X . . . .
        X . . . .
        . . . . .
        . . . . .
        """,
        None,
        "from the corner both rows run into the edge: no straight four has two open ends",
        at=(0, 0),
    ),
    case(
        "3x3 one line in from the corner",
        """
        . . . . . .
        . * X X . .
        . X . . . .
        . X . . . .
        . . . . . .
        . . . . . .
        """,
        "double-three",
        "one line in, each three can straighten with an empty point at both ends",
        at=(0, 0),
    ),
    case(
        "overline along the top edge",
        """
        X X * X X X . .
        """,
        "overline",
        "six along the edge",
        at=(0, 0),
    ),
    case(
        "five along the bottom edge",
        """
        X X X X * .
        """,
        "five",
        "five along the edge, from the corner",
        at=(0, 14),
    ),
]
