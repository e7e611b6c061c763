"""五子棋 Renju and free Gomoku on the 15x15 board, as a library.

The competition rules of seed 003 (五子棋竞赛规则): black moves first, at the centre
(天元, ``h8``); the first unbroken row of five wins; black alone has forbidden moves
(禁手): double-three (三三), double-four (四四) and overline (长连), 4-3-3 and 4-4-3
included, so black wins only by four-three (四三). A five made together with a
forbidden pattern wins; a forbidden move loses only when white points it out at once.

>>> board = Board.from_moves("h8 h9 i8 i9 j9 g9 j7 k9")
>>> board.to_move == BLACK
True
>>> board.forbidden(parse_point("j8")).kind
'double-three'
>>> try:
...     board.play("j8")
... except IllegalMove as error:
...     print(error.code, "/", error.reason["zh"])
double-three / 三三禁手：这一子同时形成两个活三，黑棋不能这样下。
>>> sorted(point_name(p) for p in board.forbidden_points())
['j8']
>>> free = FreeBoard.from_moves(board.text())
>>> free.play("j8").text()
'j8'

The definitions are those of the international rules (RIF, 1996/1998):

* a *five* is an unbroken row of exactly five stones; six or more is an *overline*,
  which wins for white and is forbidden for black;
* a *four* is a row that one more stone turns into a five; a *straight four* is an
  unbroken four that can become five in two ways;
* a *three* is a row that one more stone, without making a five, turns into a
  straight four. That stone's point must not itself be forbidden for black, checked
  with the new stone in place: the rule is recursive, so a "three" whose only
  straight-four point is a double-three point is no three at all;
* a double-four (double-three) makes two or more fours (threes) through the stone
  played; two fours on one line (``X.XXX.X``) count as two.

Points are ints, ``y * 15 + x`` with ``(0, 0)`` the top-left corner (SGF's ``aa``);
their names run ``a``-``o`` left to right and ``1``-``15`` bottom to top, so ``h8``
is the centre. Variants are classes found through ``VARIANTS``: ``Board`` plays the
seed's renju rules, ``FreeBoard`` free gomoku (no forbidden moves, five or more wins).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from engines.errors import RuleError

EMPTY, BLACK, WHITE, WALL = 0, 1, 2, 3
SIZE = 15
POINTS = SIZE * SIZE
COLUMNS = "abcdefghijklmno"
SGF_LETTERS = "abcdefghijklmnopqrstuvwxyz"
CENTRE = (SIZE // 2) * SIZE + SIZE // 2
COLOR_NAMES = {BLACK: "B", WHITE: "W"}

# Kinds of forbidden move, in the order they are reported when a stone makes several.
OVERLINE, DOUBLE_FOUR, DOUBLE_THREE = "overline", "double-four", "double-three"
FOUL_KINDS = (OVERLINE, DOUBLE_FOUR, DOUBLE_THREE)


def opponent(color: int) -> int:
    return 3 - color


# ---------------------------------------------------------------------------
# Errors


REASONS = {
    "occupied": ("这里已经有子了。", "That point is already occupied."),
    "game-over": ("对局已经结束。", "The game is over."),
    "centre": (
        "黑棋的第一手必须下在天元（h8）。",
        "Black's first stone goes on the centre point, h8 (tengen).",
    ),
    DOUBLE_THREE: (
        "三三禁手：这一子同时形成两个活三，黑棋不能这样下。",
        "Double-three: this stone makes two threes at once, which is forbidden for black.",
    ),
    DOUBLE_FOUR: (
        "四四禁手：这一子同时形成两个四，黑棋不能这样下。",
        "Double-four: this stone makes two fours at once, which is forbidden for black.",
    ),
    OVERLINE: (
        "长连禁手：这一子连成六个或更多黑子，黑棋不能这样下。",
        "Overline: this stone makes six or more black stones in a row, forbidden for black.",
    ),
    "no-foul": (
        "黑棋上一手不是禁手，无从指出。",
        "Black's last move was not a forbidden move: there is nothing to claim.",
    ),
}


class IllegalMove(RuleError):
    """A move the rules forbid; ``code`` for programs, ``reason`` for people."""

    REASONS = REASONS


# ---------------------------------------------------------------------------
# Coordinates


def parse_point(text: str) -> int:
    """``h8`` (or ``H8``) to a point; columns ``a``-``o``, rows ``1``-``15`` from the bottom.

    >>> parse_point("h8") == CENTRE, parse_point("a15"), parse_point("O1")
    (True, 0, 224)
    """
    if not isinstance(text, str):
        raise ValueError(f"not a point: {text!r}")
    text = text.strip().lower()
    if 2 <= len(text) <= 3 and text[0].isalpha() and text[1:].isdigit() and text[1] != "0":
        x = COLUMNS.find(text[0])
        row = int(text[1:])
        if x >= 0 and 1 <= row <= SIZE:
            return (SIZE - row) * SIZE + x
        raise ValueError(f"off the board: {text!r}")
    raise ValueError(f"not a point: {text!r}")


def point_name(point: int) -> str:
    """``point_name(112) == "h8"``."""
    y, x = divmod(point, SIZE)
    return f"{COLUMNS[x]}{SIZE - y}"


def parse_points(text: str | Iterable[str]) -> list[int]:
    """``"f8,g8 h6"`` or a list of names to points (empty text: no points).

    >>> [point_name(p) for p in parse_points("f8, g8 h6")]
    ['f8', 'g8', 'h6']
    """
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [parse_point(name) for name in text]


def sgf_name(point: int) -> str:
    """SGF's letters: column then row, ``aa`` the top-left corner (``h8`` is ``hh``)."""
    y, x = divmod(point, SIZE)
    return SGF_LETTERS[x] + SGF_LETTERS[y]


def sort_key(point: int) -> tuple[int, int]:
    """Reading order for lists shown to people: by column, then by row from the bottom."""
    y, x = divmod(point, SIZE)
    return x, SIZE - y


def names(points: Iterable[int]) -> str:
    """``"f8, h8"``: points in reading order."""
    return ", ".join(point_name(p) for p in sorted(points, key=sort_key))


# The board is kept padded by five walls on every side, so that the eleven cells
# of a line through any point (five each way) are one slice of a bytearray.
PAD = 5
WIDTH = SIZE + 2 * PAD
STEPS = (1, WIDTH, WIDTH + 1, WIDTH - 1)
DIRECTIONS = ("horizontal", "vertical", "diagonal", "anti-diagonal")
# Public point -> padded index, and back.
_PADDED = tuple((p // SIZE + PAD) * WIDTH + p % SIZE + PAD for p in range(POINTS))
_PUBLIC = {padded: p for p, padded in enumerate(_PADDED)}
_SWAP = bytes.maketrans(b"\x01\x02", b"\x02\x01")


# ---------------------------------------------------------------------------
# One line through a stone


@dataclass(frozen=True)
class _Line:
    """What a line of 11 cells says about the stone in its middle (index 5).

    ``five_points``: offsets of empty cells that complete a five with the stone;
    ``three_points``: offsets that would make a straight four with it (empty when
    the line holds a four); ``run``: the unbroken row through the stone.
    """

    five: bool
    overline: bool
    fours: int
    five_points: tuple[int, ...]
    three_points: tuple[int, ...]
    run: tuple[int, int]


def _run(cells: bytearray | list[int], centre: int = 5) -> tuple[int, int]:
    left = centre
    while left > 0 and cells[left - 1] == 1:
        left -= 1
    right = centre
    while right < 10 and cells[right + 1] == 1:
        right += 1
    return left, right


def _analyse_line(window: bytes, exact: bool) -> _Line:
    """The line for the side whose stones are 1, the stone in the middle placed.

    ``exact``: only exactly five stones are a five (black in renju); otherwise five
    or more (white, and both sides in free gomoku).
    """
    cells = bytearray(window)
    left, right = _run(cells)
    length = right - left + 1
    if length >= 5:
        return _Line(length == 5 or not exact, exact and length > 5, 0, (), (), (left, right))
    five_points = []
    for c in range(1, 10):
        if cells[c] != 0:
            continue
        cells[c] = 1
        a, b = _run(cells)
        if a <= c <= b and (b - a == 4 or (not exact and b - a >= 4)):
            five_points.append(c)
        cells[c] = 0
    fours = len(five_points) - sum(1 for c in five_points if c + 5 in five_points)
    three_points = []
    if not fours:
        for q in range(2, 9):
            if cells[q] != 0:
                continue
            cells[q] = 1
            a, b = _run(cells)
            if (
                a <= q <= b
                and b - a == 3
                and cells[a - 1] == 0
                and cells[b + 1] == 0
                and (not exact or (cells[a - 2] != 1 and cells[b + 2] != 1))
            ):
                three_points.append(q)
            cells[q] = 0
    return _Line(False, False, fours, tuple(five_points), tuple(three_points), (left, right))


_LINES: tuple[dict[bytes, _Line], dict[bytes, _Line]] = ({}, {})  # free, exact
_LINES_LIMIT = 400_000


def _line(window: bytes, exact: bool) -> _Line:
    table = _LINES[exact]
    line = table.get(window)
    if line is None:
        if len(table) > _LINES_LIMIT:
            table.clear()
        line = table[window] = _analyse_line(window, exact)
    return line


# ---------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class Shape:
    """A row through a stone, as a lesson draws it.

    ``kind``: ``five``, ``overline``, ``four``, ``straight-four``, ``three`` or
    ``false-three`` (a three in shape whose every straight-four point is forbidden
    or would make a five). ``stones``: the row's stones, the new one included;
    ``points``: for a four, where it becomes five; for a three, where it becomes a
    straight four (for a false three, the points that fail, with ``why``).
    """

    kind: str
    direction: str
    stones: tuple[int, ...]
    points: tuple[int, ...] = ()
    why: tuple[tuple[int, str], ...] = ()

    @property
    def ends(self) -> tuple[int, int]:
        """The first and last stone: where a drawn line starts and stops."""
        return self.stones[0], self.stones[-1]


@dataclass(frozen=True)
class Foul:
    """A forbidden move for black: its ``kind`` and the rows that make it."""

    kind: str
    point: int
    shapes: tuple[Shape, ...]

    @property
    def reason(self) -> dict[str, str]:
        return IllegalMove(self.kind).reason


@dataclass(frozen=True)
class Analysis:
    """Everything a stone makes: rows by direction, and the verdict."""

    point: int
    color: int
    shapes: tuple[Shape, ...]
    five: bool
    foul: Foul | None

    def of_kind(self, *kinds: str) -> list[Shape]:
        return [s for s in self.shapes if s.kind in kinds]


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winner`` (None for a draw) and why.

    ``reason``: ``five`` (five in a row; for white also six or more), ``foul``
    (white pointed out black's forbidden move) or ``full`` (a full board, a draw).
    ``line``: the winning row's stones.
    """

    winner: int | None
    reason: str
    line: tuple[int, ...] = ()
    foul: Foul | None = None


@dataclass(frozen=True)
class Move:
    color: int
    point: int | None  # None is a pass

    def text(self) -> str:
        return "pass" if self.point is None else point_name(self.point)


@dataclass
class _Undo:
    move: Move
    outcome: Outcome | None
    pending: Foul | None


# ---------------------------------------------------------------------------
# Codes of the fast path

_NONE, _FIVE, _OVERLINE, _DOUBLE_FOUR, _DOUBLE_THREE = range(5)
_CODE_KIND = {_OVERLINE: OVERLINE, _DOUBLE_FOUR: DOUBLE_FOUR, _DOUBLE_THREE: DOUBLE_THREE}


class Board:
    """A renju position: 15x15, black's forbidden moves, exactly five wins for black.

    ``play`` checks the rules and raises ``IllegalMove``; ``push`` is the unchecked
    fast path (search, set-ups) and ``pop`` undoes either.
    """

    variant: ClassVar[str] = "renju"
    black_exact: ClassVar[bool] = True  # black needs exactly five; an overline is a foul

    def __init__(self):
        self._cells = bytearray([WALL]) * (WIDTH * WIDTH)
        for padded in _PADDED:
            self._cells[padded] = EMPTY
        self.to_move = BLACK
        self.move_stack: list[Move] = []
        self._undo: list[_Undo] = []
        self._outcome: Outcome | None = None
        self._pending: Foul | None = None  # black's foul that white may still claim
        self._memo: dict = {}
        self._temp: tuple[int, ...] = ()
        self.record: set[int] | None = None  # when a set, every cell whose foul is judged
        self._count = 0  # stones on the board
        self.setup_black: tuple[int, ...] = ()
        self.setup_white: tuple[int, ...] = ()

    # -- construction ------------------------------------------------------

    @classmethod
    def from_moves(cls, text: str | Iterable[str], *, allow_fouls: bool = False) -> Board:
        """A game from its moves, black first (``"h8 i9 h9"``); every move is checked.

        ``allow_fouls``: black's forbidden moves stand, as when white did not point
        them out (seed rule 6); otherwise they are an ``IllegalMove``.
        """
        board = cls()
        moves = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        for number, name in enumerate(moves, start=1):
            try:
                board.play(name, allow_foul=allow_fouls)
            except IllegalMove as error:
                raise IllegalMove(error.code, f"move {number}, {name}") from None
            except ValueError as error:
                raise ValueError(f"move {number}: {error}") from None
        return board

    @classmethod
    def setup(
        cls,
        black: Iterable[int | str] | str = (),
        white: Iterable[int | str] | str = (),
        to_move: int = BLACK,
    ) -> Board:
        """A set-up position (a problem diagram): stones placed, no move history.

        Raises ``ValueError`` for a point given twice, or a position that already
        holds a five (or a black overline in renju): a problem starts before the end.
        """
        board = cls()
        seen: set[int] = set()
        black = parse_points(black) if isinstance(black, str) else black
        white = parse_points(white) if isinstance(white, str) else white
        for color, points in ((BLACK, black), (WHITE, white)):
            placed = []
            for item in points:
                p = parse_point(item) if isinstance(item, str) else int(item)
                if not 0 <= p < POINTS:
                    raise ValueError(f"off the board: {p}")
                if p in seen:
                    raise ValueError(f"{point_name(p)} is given twice")
                seen.add(p)
                board._cells[_PADDED[p]] = color
                placed.append(p)
            if color == BLACK:
                board.setup_black = tuple(placed)
            else:
                board.setup_white = tuple(placed)
        for p in seen:
            if board._run_length(_PADDED[p], board[p]) >= 5:
                raise ValueError(f"the position already has five in a row at {point_name(p)}")
        board._count = len(seen)
        board.to_move = to_move
        return board

    @classmethod
    def from_diagram(cls, text: str, to_move: int = BLACK) -> Board:
        """15 rows of ``X`` (black), ``O`` (white) and ``.``, the top row first."""
        rows = [
            line.split() if " " in line.strip() else list(line.strip())
            for line in text.strip().splitlines()
        ]
        if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
            raise ValueError("a diagram has 15 rows of 15 points")
        black, white = [], []
        for y, row in enumerate(rows):
            for x, cell in enumerate(row):
                if cell in "Xx●":
                    black.append(y * SIZE + x)
                elif cell in "Oo○":
                    white.append(y * SIZE + x)
                elif cell not in ".+┼":
                    raise ValueError(f"unknown cell {cell!r} in row {y + 1}")
        return cls.setup(black, white, to_move)

    def copy(self) -> Board:
        other = type(self)()
        other._cells = bytearray(self._cells)
        other.to_move = self.to_move
        other.move_stack = list(self.move_stack)
        other._undo = list(self._undo)
        other._outcome = self._outcome
        other._pending = self._pending
        other._count = self._count
        other.setup_black, other.setup_white = self.setup_black, self.setup_white
        return other

    # -- reading the board -------------------------------------------------

    def __getitem__(self, point: int) -> int:
        return self._cells[_PADDED[point]]

    def stones(self, color: int) -> list[int]:
        return [p for p, padded in enumerate(_PADDED) if self._cells[padded] == color]

    def empty_points(self) -> list[int]:
        return [p for p, padded in enumerate(_PADDED) if self._cells[padded] == EMPTY]

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def pending_foul(self) -> Foul | None:
        """Black's forbidden last move, while white may still point it out (seed rule 6)."""
        return self._pending

    def text(self) -> str:
        """The moves played, ``"h8 i9 h9"`` (a set-up position has none)."""
        return " ".join(move.text() for move in self.move_stack)

    def diagram(self) -> str:
        symbols = {EMPTY: ".", BLACK: "X", WHITE: "O"}
        return "\n".join(
            " ".join(symbols[self[y * SIZE + x]] for x in range(SIZE)) for y in range(SIZE)
        )

    def _window(self, padded: int, step: int) -> bytes:
        return bytes(self._cells[padded - 5 * step : padded + 5 * step + 1 : step])

    def _run_length(self, padded: int, color: int) -> int:
        """The longest unbroken row of ``color`` through an occupied ``padded`` cell."""
        cells, best = self._cells, 0
        for step in STEPS:
            n, q = 1, padded - step
            while cells[q] == color:
                n, q = n + 1, q - step
            q = padded + step
            while cells[q] == color:
                n, q = n + 1, q + step
            best = max(best, n)
        return best

    def _is_exact(self, color: int) -> bool:
        return color == BLACK and self.black_exact

    def _lines(self, padded: int, color: int) -> list[_Line]:
        """The four lines through ``padded`` with a ``color`` stone placed there."""
        cells = self._cells
        saved = cells[padded]
        cells[padded] = color
        exact = self._is_exact(color)
        lines = []
        for step in STEPS:
            window = bytes(cells[padded - 5 * step : padded + 5 * step + 1 : step])
            if color == WHITE:
                window = window.translate(_SWAP)
            lines.append(_line(window, exact))
        cells[padded] = saved
        return lines

    # -- fives and fours ---------------------------------------------------

    def makes_five(self, point: int, color: int) -> bool:
        """Whether ``color`` at the empty ``point`` makes a winning five."""
        return any(line.five for line in self._lines(_PADDED[point], color))

    def five_points(self, color: int) -> list[int]:
        """Every empty point where ``color`` would make a winning five."""
        return [p for p in self.crowded(color, 4) if self.makes_five(p, color)]

    def crowded(self, color: int, count: int) -> list[int]:
        """Empty points with ``count`` or more ``color`` stones within four on one line.

        Where a four (``count`` 3) or a five (``count`` 4) can be made: counted from
        the stones outwards, so a sparse board is quick.
        """
        cells = self._cells
        found = set()
        for step in STEPS:
            tally: dict[int, int] = {}
            for padded in _PADDED:
                if cells[padded] != color:
                    continue
                for k in (-4, -3, -2, -1, 1, 2, 3, 4):
                    q = padded + k * step
                    if cells[q] == EMPTY:
                        n = tally.get(q, 0) + 1
                        tally[q] = n
                        if n == count:
                            found.add(q)
        return sorted(_PUBLIC[q] for q in found)

    def _near(self, padded: int, color: int, count: int) -> bool:
        """At least ``count`` stones of ``color`` within four cells on one line (the cell itself
        not counted)."""
        cells = self._cells
        own = cells[padded] == color
        for step in STEPS:
            if cells[padded - 4 * step : padded + 4 * step + 1 : step].count(color) - own >= count:
                return True
        return False

    def fours_made(self, point: int, color: int) -> list[int]:
        """The points where ``color``'s stone at ``point`` would then make five.

        Empty when the stone makes no four. (Black's forbidden moves are not
        checked here: see ``is_legal``.)
        """
        padded = _PADDED[point]
        found = []
        for step, line in zip(STEPS, self._lines(padded, color), strict=True):
            for offset in line.five_points:
                found.append(_PUBLIC[padded + (offset - 5) * step])
        return found

    # -- forbidden moves ---------------------------------------------------

    def _code(self, padded: int) -> int:
        """Black at the empty ``padded`` cell: _NONE, _FIVE or the foul's code."""
        if self.record is not None:
            self.record.add(_PUBLIC[padded])
        key = (self._temp, padded)
        memo = self._memo
        code = memo.get(key)
        if code is not None:
            return code
        cells = self._cells
        cells[padded] = BLACK
        fours = 0
        threes = []
        code = _NONE
        for step in STEPS:
            line = _line(bytes(cells[padded - 5 * step : padded + 5 * step + 1 : step]), True)
            if line.five:
                code = _FIVE
                break
            if line.overline:
                code = _OVERLINE
            fours += line.fours
            if line.three_points:
                threes.append((step, line.three_points))
        if code == _NONE:
            if fours >= 2:
                code = _DOUBLE_FOUR
            elif len(threes) >= 2 and self._real_threes(padded, threes, 2) >= 2:
                code = _DOUBLE_THREE
        cells[padded] = EMPTY
        memo[key] = code
        return code

    def _real_threes(self, padded: int, threes, enough: int) -> int:
        """How many of the lines have a real three (black already at ``padded``)."""
        outer = self._temp
        self._temp = tuple(sorted((*outer, padded)))
        count = 0
        try:
            for step, offsets in threes:
                if any(self._code(padded + (q - 5) * step) == _NONE for q in offsets):
                    count += 1
                    if count >= enough:
                        break
        finally:
            self._temp = outer
        return count

    def is_forbidden(self, point: int) -> bool:
        """Whether black may not play at the empty ``point`` (False in free gomoku)."""
        if self._cells[_PADDED[point]] != EMPTY:
            return False
        return self._code(_PADDED[point]) > _FIVE

    def forbidden(self, point: int) -> Foul | None:
        """Black's forbidden move at the empty ``point``, with the rows that make it."""
        if self._cells[_PADDED[point]] != EMPTY or self._code(_PADDED[point]) <= _FIVE:
            return None
        return self.analyse(point, BLACK).foul

    def forbidden_points(self) -> dict[int, Foul]:
        """Every point where black may not play, whoever is to move."""
        result = {}
        for p, padded in enumerate(_PADDED):
            empty = self._cells[padded] == EMPTY
            if empty and self._may_be_foul(padded) and self._code(padded) > _FIVE:
                result[p] = self.analyse(p, BLACK).foul
        return result

    def forbidden_kinds(self) -> dict[int, str]:
        """``forbidden_points`` without the rows: point -> kind (the fast path)."""
        result = {}
        for p, padded in enumerate(_PADDED):
            if self._cells[padded] == EMPTY and self._may_be_foul(padded):
                code = self._code(padded)
                if code > _FIVE:
                    result[p] = _CODE_KIND[code]
        return result

    def _may_be_foul(self, padded: int) -> bool:
        """A cheap filter: a foul needs two lines with two black stones near, or one with four."""
        cells = self._cells
        lines = 0
        for step in STEPS:
            n = cells[padded - 5 * step : padded + 5 * step + 1 : step].count(BLACK)
            if n >= 4:
                return True
            if n >= 2:
                lines += 1
        return lines >= 2

    def analyse(self, point: int, color: int = BLACK) -> Analysis:
        """What ``color`` at the empty ``point`` makes, row by row (the slow, telling path)."""
        padded = _PADDED[point]
        if self._cells[padded] != EMPTY:
            raise IllegalMove("occupied", point_name(point))
        lines = self._lines(padded, color)
        shapes: list[Shape] = []
        five = any(line.five for line in lines)
        checks_fouls = color == BLACK and self.black_exact
        cells = self._cells
        cells[padded] = color
        try:
            for step, direction, line in zip(STEPS, DIRECTIONS, lines, strict=True):
                shapes.extend(self._shapes(padded, step, direction, line, color, checks_fouls))
        finally:
            cells[padded] = EMPTY
        foul = None
        if checks_fouls and not five:
            overlines = [s for s in shapes if s.kind == OVERLINE]
            fours = [s for s in shapes if s.kind in ("four", "straight-four")]
            threes = [s for s in shapes if s.kind == "three"]
            if overlines:
                foul = Foul(OVERLINE, point, tuple(overlines))
            elif sum(1 if s.kind == "straight-four" else len(s.points) for s in fours) >= 2:
                foul = Foul(DOUBLE_FOUR, point, tuple(fours))
            elif len(threes) >= 2:
                foul = Foul(DOUBLE_THREE, point, tuple(threes))
        return Analysis(point, color, tuple(shapes), five, foul)

    def _shapes(self, padded, step, direction, line: _Line, color, checks_fouls) -> list[Shape]:
        def public(offset: int) -> int:
            return _PUBLIC[padded + (offset - 5) * step]

        left, right = line.run
        if line.five or line.overline:
            kind = "five" if line.five else OVERLINE
            return [Shape(kind, direction, tuple(public(i) for i in range(left, right + 1)))]
        window = self._window(padded, step)
        if color == WHITE:
            window = window.translate(_SWAP)
        shapes = []
        points = line.five_points
        done: set[int] = set()
        for c in points:
            if c in done:
                continue
            if c + 5 in points:  # a straight four: the four stones between its two ends
                done.update((c, c + 5))
                stones = tuple(public(i) for i in range(c + 1, c + 5))
                shapes.append(Shape("straight-four", direction, stones, (public(c), public(c + 5))))
                continue
            done.add(c)
            cells = bytearray(window)
            cells[c] = 1
            a, b = _run(cells)
            stones = tuple(public(i) for i in range(a, b + 1) if i != c)
            shapes.append(Shape("four", direction, stones, (public(c),)))
        if line.three_points:
            stones_at: set[int] = set()
            real, failed = [], []
            for q in line.three_points:
                cells = bytearray(window)
                cells[q] = 1
                a, b = _run(cells)
                stones_at.update(i for i in range(a, b + 1) if i != q)
                if not checks_fouls:
                    real.append(public(q))
                    continue
                code = self._code_with(padded, padded + (q - 5) * step)
                if code == _NONE:
                    real.append(public(q))
                else:
                    failed.append((public(q), "five" if code == _FIVE else _CODE_KIND[code]))
            stones = tuple(public(i) for i in sorted(stones_at))
            if real:
                shapes.append(Shape("three", direction, stones, tuple(real)))
            else:
                shapes.append(
                    Shape(
                        "false-three", direction, stones, tuple(p for p, _ in failed), tuple(failed)
                    )
                )
        return shapes

    def _code_with(self, padded: int, other: int) -> int:
        """The code of black at ``other`` while black stands at ``padded`` (placed)."""
        outer = self._temp
        self._temp = tuple(sorted((*outer, padded)))
        try:
            return self._code(other)
        finally:
            self._temp = outer

    # -- playing -----------------------------------------------------------

    def move(self, text: str | int | Move | None) -> Move:
        """Read a move for the player to move: a point, its name or ``"pass"``."""
        if isinstance(text, Move):
            return text
        if text is None or (isinstance(text, str) and text.strip().lower() == "pass"):
            return Move(self.to_move, None)
        point = parse_point(text) if isinstance(text, str) else int(text)
        if not 0 <= point < POINTS:
            raise ValueError(f"off the board: {point}")
        return Move(self.to_move, point)

    def is_legal(self, text: str | int | Move | None) -> bool:
        try:
            self.check(self.move(text))
        except IllegalMove:
            return False
        return True

    def check(self, move: Move) -> None:
        """Raise ``IllegalMove`` if the rules forbid ``move`` (black's fouls included)."""
        if self._outcome is not None:
            raise IllegalMove("game-over")
        if move.point is None:
            return
        padded = _PADDED[move.point]
        if self._cells[padded] != EMPTY:
            raise IllegalMove("occupied", point_name(move.point))
        first = not self.move_stack and not self.setup_black and not self.setup_white
        if first and move.color == BLACK and move.point != CENTRE:
            raise IllegalMove("centre", point_name(move.point))
        if move.color == BLACK and self.black_exact:
            code = self._code(padded)
            if code > _FIVE:
                raise IllegalMove(_CODE_KIND[code], point_name(move.point))

    def play(self, text: str | int | Move | None, *, allow_foul: bool = False) -> Move:
        """Play a checked move for the player to move.

        With ``allow_foul`` black may make a forbidden move, as over the board: it
        stands unless white points it out at once with ``claim_foul`` (seed rule 6).
        """
        move = self.move(text)
        try:
            self.check(move)
        except IllegalMove as error:
            if not (allow_foul and error.code in FOUL_KINDS):
                raise
            foul = self.forbidden(move.point)
            self._push(move, pending=foul)
            return move
        self._push(move, pending=None)
        return move

    def push(self, point: int | None) -> None:
        """Place a stone for the player to move, unchecked (search and set-ups)."""
        self._push(Move(self.to_move, point), pending=None)

    def push_color(self, point: int, color: int) -> None:
        """Place a ``color`` stone, unchecked, whoever is to move (search); ``pop`` undoes it."""
        self._push(Move(color, point), pending=None)

    def _push(self, move: Move, pending: Foul | None) -> None:
        self._undo.append(_Undo(move, self._outcome, self._pending))
        self.move_stack.append(move)
        self._pending = pending
        self._memo = {}
        if move.point is not None:
            padded = _PADDED[move.point]
            self._cells[padded] = move.color
            self._count += 1
            row = self._winning_row(padded)
            if row:
                self._outcome = Outcome(move.color, "five", row)
                self._pending = None
            elif self._count == POINTS:
                self._outcome = Outcome(None, "full")
        self.to_move = opponent(move.color)

    def _winning_row(self, padded: int) -> tuple[int, ...]:
        """The five (or, where it wins, longer row) through the stone at ``padded``."""
        cells, color = self._cells, self._cells[padded]
        for step in STEPS:
            a = padded
            while cells[a - step] == color:
                a -= step
            b = padded
            while cells[b + step] == color:
                b += step
            length = (b - a) // step + 1
            if length == 5 or (length > 5 and not self._is_exact(color)):
                return tuple(_PUBLIC[q] for q in range(a, b + step, step))
        return ()

    def pop(self) -> Move:
        undo = self._undo.pop()
        self.move_stack.pop()
        if undo.move.point is not None:
            self._cells[_PADDED[undo.move.point]] = EMPTY
            self._count -= 1
        self._outcome, self._pending = undo.outcome, undo.pending
        self.to_move = undo.move.color
        self._memo = {}
        return undo.move

    def lapsed_fouls(self) -> list[Foul]:
        """Black's forbidden moves that stand because white played on instead of claiming."""
        return [undo.pending for undo in self._undo if undo.pending is not None]

    def claim_foul(self) -> Outcome:
        """White points out black's forbidden last move: black loses (seed rule 6).

        Only straight after the move; once white plays on, the foul stands as a move.
        """
        foul = self._pending
        if foul is None or self._outcome is not None:
            raise IllegalMove("no-foul")
        self._outcome = Outcome(WHITE, "foul", foul=foul)
        self._pending = None
        return self._outcome

    def legal_moves(self) -> list[int]:
        """The points the player to move may play (black's forbidden points left out)."""
        if self._outcome is not None:
            return []
        if not self.move_stack and not self.setup_black and not self.setup_white:
            return [CENTRE] if self.to_move == BLACK else self.empty_points()
        points = self.empty_points()
        if self.to_move == BLACK and self.black_exact:
            fouls = self.forbidden_kinds()
            points = [p for p in points if p not in fouls]
        return points


class FreeBoard(Board):
    """Free gomoku (无禁手): no forbidden moves, five or more in a row wins for both."""

    variant: ClassVar[str] = "gomoku"
    black_exact: ClassVar[bool] = False

    def _code(self, padded: int) -> int:
        return _FIVE if any(line.five for line in self._lines(padded, BLACK)) else _NONE

    def forbidden_points(self) -> dict[int, Foul]:
        return {}

    def forbidden_kinds(self) -> dict[int, str]:
        return {}


VARIANTS: dict[str, type[Board]] = {"renju": Board, "gomoku": FreeBoard}


def get_variant(name: str) -> type[Board]:
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}: {', '.join(VARIANTS)}") from None


__all__ = [
    "BLACK",
    "CENTRE",
    "DOUBLE_FOUR",
    "DOUBLE_THREE",
    "EMPTY",
    "OVERLINE",
    "SIZE",
    "VARIANTS",
    "WHITE",
    "Analysis",
    "Board",
    "Foul",
    "FreeBoard",
    "IllegalMove",
    "Move",
    "Outcome",
    "Shape",
    "get_variant",
    "names",
    "opponent",
    "parse_point",
    "parse_points",
    "point_name",
]
