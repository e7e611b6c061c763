"""围棋 Go under the Chinese rules of seeds 000 and 002, as a library.

>>> board = Board(9)
>>> board.play("E5").text(9)
'B E5'
>>> board.play("pass").text(9)
'W pass'
>>> board.to_move == BLACK
True
>>> sorted(point_name(p, 9) for p in board.chain(parse_point("E5", 9)).liberties)
['D5', 'E4', 'E6', 'F5']

Points are ints, ``y * size + x`` with ``(0, 0)`` the top-left corner (SGF's
``aa``; GTP's ``A<size>``). ``play`` checks every rule and raises
``IllegalMove`` with a machine ``code`` and a ``reason`` in Chinese and English;
``pop`` undoes the last move in O(stones captured).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from engines.errors import RuleError

EMPTY, BLACK, WHITE = 0, 1, 2
COLOR_NAMES = {BLACK: "B", WHITE: "W"}
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # no I
SGF_LETTERS = "abcdefghijklmnopqrstuvwxyz"
MIN_SIZE, MAX_SIZE = 5, 19


def opponent(color: int) -> int:
    return 3 - color


# ---------------------------------------------------------------------------
# Errors


REASONS = {
    "occupied": ("这里已经有子了。", "That point is already occupied."),
    "suicide": (
        "禁着点：这步棋下去自己没有气，又提不掉对方的子。",
        "Forbidden point: the stone would have no liberties and captures nothing.",
    ),
    "superko": (
        "禁止全局同形：这步棋会让对方重新面对出现过的局面。",
        "No whole-board repetition: this move would recreate an earlier position.",
    ),
    "not-your-turn": ("还没轮到这一方下。", "It is not this side's turn."),
    "off-board": ("这个点不在棋盘上。", "That point is not on the board."),
    "game-over": ("对局已经结束。", "The game is over."),
}


class IllegalMove(RuleError):
    """A move the rules forbid; ``code`` for programs, ``reason`` for people."""

    REASONS = REASONS


# ---------------------------------------------------------------------------
# Coordinates


def check_size(size: int) -> int:
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"board size must be {MIN_SIZE} to {MAX_SIZE}, not {size!r}")
    return size


def parse_point(text: str, size: int) -> int:
    """GTP (``D4``, no ``I``) or SGF (``dd``) coordinates to a point.

    >>> parse_point("A1", 19), parse_point("aa", 19), parse_point("T19", 19)
    (342, 0, 18)
    """
    if not isinstance(text, str):
        raise ValueError(f"not a point: {text!r}")
    text = text.strip()
    if len(text) == 2 and text.isalpha() and text.islower():
        x, y = SGF_LETTERS.find(text[0]), SGF_LETTERS.find(text[1])
        if 0 <= x < size and 0 <= y < size:
            return y * size + x
        raise ValueError(f"off the board: {text!r}")
    if (
        2 <= len(text) <= 3
        and text[0].isalpha()
        and text[0].upper() != "I"  # GTP skips I: "I5" is not a point, not off the board
        and text[1:].isdigit()
        and text[1] != "0"  # "A01" is not GTP
    ):
        x = GTP_COLUMNS.find(text[0].upper())
        row = int(text[1:])
        if 0 <= x < size and 1 <= row <= size:
            return (size - row) * size + x
        raise ValueError(f"off the board: {text!r}")
    raise ValueError(f"not a point: {text!r}")


def point_name(point: int, size: int) -> str:
    """A point in GTP style: ``point_name(342, 19) == "A1"``."""
    y, x = divmod(point, size)
    return f"{GTP_COLUMNS[x]}{size - y}"


def sgf_name(point: int, size: int) -> str:
    y, x = divmod(point, size)
    return SGF_LETTERS[x] + SGF_LETTERS[y]


def star_points(size: int) -> list[int]:
    """星位 and 天元: nine on 19x19, five on 13x13 and 9x9, 天元 alone on 5x5."""
    check_size(size)
    if size < 7:
        return [(size // 2) * size + size // 2] if size % 2 else []
    edge = 3 if size >= 13 else 2
    lines = [edge, size - 1 - edge]
    if size % 2:
        middle = size // 2
        if size >= 15:
            lines = [edge, middle, size - 1 - edge]
            return sorted(y * size + x for y in lines for x in lines)
        corners = [y * size + x for y in lines for x in lines]
        return sorted([*corners, middle * size + middle])
    return sorted(y * size + x for y in lines for x in lines)


_NEIGHBORS: dict[int, tuple[tuple[int, ...], ...]] = {}
_ZOBRIST: dict[int, tuple[tuple[int, int, int], ...]] = {}


def neighbors(size: int) -> tuple[tuple[int, ...], ...]:
    table = _NEIGHBORS.get(size)
    if table is None:
        rows = []
        for p in range(size * size):
            y, x = divmod(p, size)
            around = []
            if y > 0:
                around.append(p - size)
            if x > 0:
                around.append(p - 1)
            if x < size - 1:
                around.append(p + 1)
            if y < size - 1:
                around.append(p + size)
            rows.append(tuple(around))
        table = _NEIGHBORS[size] = tuple(rows)
    return table


def zobrist(size: int) -> tuple[tuple[int, int, int], ...]:
    table = _ZOBRIST.get(size)
    if table is None:
        rng = random.Random(f"qipai-go-{size}")
        table = tuple((0, rng.getrandbits(64), rng.getrandbits(64)) for _ in range(size * size))
        _ZOBRIST[size] = table
    return table


def dead_chain(cells: list[int], nbrs: tuple[tuple[int, ...], ...], point: int) -> list[int] | None:
    """The chain at ``point`` if it has no liberty, else None (stops at the first liberty).

    The hot path of play and of reading.
    """
    color = cells[point]
    stones, stack = {point}, [point]
    while stack:
        p = stack.pop()
        for q in nbrs[p]:
            c = cells[q]
            if c == EMPTY:
                return None
            if c == color and q not in stones:
                stones.add(q)
                stack.append(q)
    return list(stones)


class ReadCells(list):
    """Board cells that note, in ``read``, every point looked at.

    Put in place of ``Board.cells`` while a reading runs, it tells which points
    the reading depends on (``engines.go.problems``): a stone on any other
    point leaves every step of it as it was. Copies share the notes, so the
    reader's scratch copy of the board records too.
    """

    def __init__(self, cells, read: set[int]):
        super().__init__(cells)
        self.read = read

    def __getitem__(self, point):
        self.read.add(point)
        return list.__getitem__(self, point)

    def copy(self) -> ReadCells:
        return ReadCells(self, self.read)


def remove_captured(
    cells: list[int],
    nbrs: tuple[tuple[int, ...], ...],
    zob: tuple[tuple[int, int, int], ...],
    point: int,
    board_hash: int,
) -> tuple[list[int], int]:
    """Take off the opponent chains left without liberties by the stone at ``point``.

    Returns the captured points and the board hash without them (提子).
    """
    other = 3 - cells[point]
    captured: list[int] = []
    for q in nbrs[point]:
        if cells[q] == other:
            dead = dead_chain(cells, nbrs, q)
            if dead:
                for s in dead:
                    cells[s] = EMPTY
                    board_hash ^= zob[s][other]
                captured.extend(dead)
    return captured, board_hash


# ---------------------------------------------------------------------------
# Moves and rules


@dataclass(frozen=True)
class Move:
    color: int
    point: int | None  # None is a pass (虚着)

    @property
    def is_pass(self) -> bool:
        return self.point is None

    def text(self, size: int | None = None) -> str:
        """``"B D4"``, ``"W pass"`` (``size`` needed for a point)."""
        where = "pass" if self.point is None else point_name(self.point, size)
        return f"{COLOR_NAMES[self.color]} {where}"

    @classmethod
    def from_text(cls, text: str, size: int) -> Move:
        """``"B D4"``, ``"white pass"``, ``"b dd"``."""
        parts = text.split()
        if len(parts) != 2:
            raise ValueError(f"not a move: {text!r}")
        color = parse_color(parts[0])
        if parts[1].lower() == "pass":
            return cls(color, None)
        return cls(color, parse_point(parts[1], size))


def parse_color(text: str) -> int:
    value = text.strip().lower()
    if value in ("b", "black"):
        return BLACK
    if value in ("w", "white"):
        return WHITE
    raise ValueError(f"not a colour: {text!r}")


@dataclass(frozen=True)
class Rules:
    """Chinese rules as the seeds give them; the superko flavour is a variant.

    ``situational`` (the default): a move may not make the opponent face a
    position — board and player to move — seen before (the seed: 着子后不得使对方
    重复面临曾出现过的局面). ``positional``: the board alone may not repeat.
    """

    name: str
    superko: str
    komi: float = 7.5  # in points; 3 3/4 stones (贴3又3/4子)


RULES = {
    "chinese": Rules("chinese", "situational"),
    "chinese-positional": Rules("chinese-positional", "positional"),
}


def get_rules(name: str | Rules) -> Rules:
    if isinstance(name, Rules):
        return name
    try:
        return RULES[name]
    except KeyError:
        raise ValueError(f"unknown rules {name!r}; known: {', '.join(RULES)}") from None


@dataclass(frozen=True)
class Chain:
    color: int
    stones: frozenset[int]
    liberties: frozenset[int]


@dataclass
class _Undo:
    move: Move
    captured: list[int]
    hash: int
    passes: int
    to_move: int
    added_key: object
    result: str | None


# ---------------------------------------------------------------------------
# The board


class Board:
    """A game in progress: stones, player to move, history, captures.

    ``play`` applies a move after checking every rule; ``pop`` undoes it.
    """

    def __init__(self, size: int = 19, rules: str | Rules = "chinese", komi: float | None = None):
        self.size = check_size(size)
        self.rules = get_rules(rules)
        self.komi = self.rules.komi if komi is None else komi
        self.cells = [EMPTY] * (size * size)
        self.to_move = BLACK
        self.hash = 0
        self.passes = 0
        self.captures = {BLACK: 0, WHITE: 0}  # stones each colour has taken
        self.result: str | None = None  # set by resignation or two passes
        self.move_stack: list[Move] = []
        self._undo: list[_Undo] = []
        self._neighbors = neighbors(size)
        self._zobrist = zobrist(size)
        self._seen: set = {self._key(self.hash, self.to_move)}

    # -- set-up ------------------------------------------------------------

    @classmethod
    def setup(
        cls,
        size: int,
        black: Iterable[int] = (),
        white: Iterable[int] = (),
        to_move: int = BLACK,
        rules: str | Rules = "chinese",
        komi: float | None = None,
    ) -> Board:
        """A position with stones placed (a problem's set-up), ``to_move`` to play.

        Chains without liberties are refused: such a position cannot arise.
        """
        board = cls(size, rules, komi)
        for color, points in ((BLACK, black), (WHITE, white)):
            for p in points:
                if not 0 <= p < size * size:
                    raise IllegalMove("off-board", str(p))
                if board.cells[p] != EMPTY:
                    raise IllegalMove("occupied", point_name(p, size))
                board.cells[p] = color
                board.hash ^= board._zobrist[p][color]
        for p, color in enumerate(board.cells):
            if color and not board.chain(p).liberties:
                raise ValueError(f"the stones at {point_name(p, size)} have no liberties")
        board.to_move = to_move
        board._seen = {board._key(board.hash, to_move)}
        return board

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.cells = list(self.cells)
        other.captures = dict(self.captures)
        other.move_stack = list(self.move_stack)
        other._undo = list(self._undo)
        other._seen = set(self._seen)
        return other

    def _key(self, board_hash: int, to_move: int):
        return board_hash if self.rules.superko == "positional" else (board_hash, to_move)

    # -- queries -----------------------------------------------------------

    def __getitem__(self, point: int) -> int:
        return self.cells[point]

    def chain(self, point: int) -> Chain:
        color = self.cells[point]
        if color == EMPTY:
            raise ValueError(f"no stone at {point_name(point, self.size)}")
        cells, nbrs = self.cells, self._neighbors
        stones, liberties, stack = {point}, set(), [point]
        while stack:
            p = stack.pop()
            for q in nbrs[p]:
                c = cells[q]
                if c == color:
                    if q not in stones:
                        stones.add(q)
                        stack.append(q)
                elif c == EMPTY:
                    liberties.add(q)
        return Chain(color, frozenset(stones), frozenset(liberties))

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def stones(self, color: int) -> list[int]:
        return [p for p, c in enumerate(self.cells) if c == color]

    # -- moves -------------------------------------------------------------

    def move(self, text: str | Move | int | None) -> Move:
        """Read a move for the player to move: ``"D4"``, ``"dd"``, ``"pass"``, a point."""
        if isinstance(text, Move):
            return text
        if text is None:
            return Move(self.to_move, None)
        if isinstance(text, int):
            if not 0 <= text < self.size * self.size:
                raise IllegalMove("off-board", str(text))
            return Move(self.to_move, text)
        stripped = text.strip()
        if stripped.lower() == "pass":
            return Move(self.to_move, None)
        if " " in stripped:
            return Move.from_text(stripped, self.size)
        try:
            return Move(self.to_move, parse_point(stripped, self.size))
        except ValueError as error:
            if "off the board" in str(error):
                raise IllegalMove("off-board", stripped) from None
            raise

    def play(self, move: str | Move | int | None, *, enforce_turn: bool = True) -> Move:
        """Apply a move after checking every rule; returns the move played.

        GTP allows several moves of one colour in a row: ``enforce_turn=False``.
        """
        move = self.move(move)
        if self.result is not None:
            raise IllegalMove("game-over")
        if enforce_turn and move.color != self.to_move:
            raise IllegalMove("not-your-turn")
        color, p = move.color, move.point
        if p is None:
            self._record(move, [], self.hash)
            self.passes += 1
            if self.passes >= 2:
                self.result = "passes"
            return move
        if not 0 <= p < self.size * self.size:
            raise IllegalMove("off-board", str(p))
        cells = self.cells
        if cells[p] != EMPTY:
            raise IllegalMove("occupied", point_name(p, self.size))
        before = self.hash
        zob, nbrs = self._zobrist, self._neighbors
        other = 3 - color
        cells[p] = color
        captured, new_hash = remove_captured(cells, nbrs, zob, p, before ^ zob[p][color])
        if not captured and dead_chain(cells, nbrs, p) is not None:
            cells[p] = EMPTY
            raise IllegalMove("suicide", point_name(p, self.size))
        key = self._key(new_hash, other)
        if key in self._seen:
            cells[p] = EMPTY
            for s in captured:
                cells[s] = other
            raise IllegalMove("superko", point_name(p, self.size))
        self.hash = new_hash
        self._record(move, captured, before, key)
        self.captures[color] += len(captured)
        self.passes = 0
        return move

    def _record(self, move: Move, captured: list[int], before: int, key=None) -> None:
        if key is None:  # a pass: the same stones, the other player to move
            key = self._key(self.hash, opponent(move.color))
        added = key not in self._seen
        if added:
            self._seen.add(key)
        self._undo.append(
            _Undo(
                move,
                captured,
                before,
                self.passes,
                self.to_move,
                key if added else None,
                self.result,
            )
        )
        self.move_stack.append(move)
        self.to_move = opponent(move.color)

    def pop(self) -> Move:
        """Undo the last move (or pass)."""
        undo = self._undo.pop()
        self.move_stack.pop()
        move = undo.move
        if move.point is not None:
            self.cells[move.point] = EMPTY
            other = opponent(move.color)
            for s in undo.captured:
                self.cells[s] = other
            self.captures[move.color] -= len(undo.captured)
        if undo.added_key is not None:
            self._seen.discard(undo.added_key)
        self.hash = undo.hash
        self.passes = undo.passes
        self.to_move = undo.to_move
        self.result = undo.result
        return move

    def resign(self, color: int | None = None) -> None:
        """``color`` (default: the player to move) resigns (中途认输)."""
        if self.result is not None:
            raise IllegalMove("game-over")
        loser = self.to_move if color is None else color
        self.result = f"resign-{COLOR_NAMES[loser]}"

    def is_legal(self, move: str | Move | int | None, *, enforce_turn: bool = True) -> bool:
        try:
            self.play(move, enforce_turn=enforce_turn)
        except (IllegalMove, ValueError):
            return False
        self.pop()
        return True

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move, pass last."""
        if self.result is not None:
            return []
        color = self.to_move
        moves = []
        for p, c in enumerate(self.cells):
            if c == EMPTY and self.is_legal(Move(color, p)):
                moves.append(Move(color, p))
        moves.append(Move(color, None))
        return moves

    # -- counting ----------------------------------------------------------

    def score(self, dead: Iterable[int] = ()) -> Score:
        """Area count (数子法) after removing the agreed dead stones.

        Each side's living stones and the empty points they alone surround;
        empty regions touching both colours (dame) are split half and half.
        """
        cells = list(self.cells)
        for p in dead:
            if cells[p] == EMPTY:
                raise ValueError(f"no stone at {point_name(p, self.size)} to mark dead")
            cells[p] = EMPTY
        area = {BLACK: Fraction(0), WHITE: Fraction(0)}
        territory = {BLACK: 0, WHITE: 0}
        dame = 0
        seen = [False] * len(cells)
        nbrs = self._neighbors
        for p, color in enumerate(cells):
            if color:
                area[color] += 1
                continue
            if seen[p]:
                continue
            region, borders, stack = [p], set(), [p]
            seen[p] = True
            while stack:
                q = stack.pop()
                for r in nbrs[q]:
                    c = cells[r]
                    if c == EMPTY:
                        if not seen[r]:
                            seen[r] = True
                            region.append(r)
                            stack.append(r)
                    else:
                        borders.add(c)
            if borders == {BLACK}:
                area[BLACK] += len(region)
                territory[BLACK] += len(region)
            elif borders == {WHITE}:
                area[WHITE] += len(region)
                territory[WHITE] += len(region)
            else:
                # Between both sides (or an empty board): each side gets half.
                dame += len(region)
                area[BLACK] += Fraction(len(region), 2)
                area[WHITE] += Fraction(len(region), 2)
        return Score(
            self.size, area[BLACK], area[WHITE], dame, Fraction(self.komi).limit_denominator(8)
        )

    # -- text --------------------------------------------------------------

    def text(self) -> str:
        """The board as rows of ``X`` (black), ``O`` (white) and ``.``, top row first."""
        symbols = {EMPTY: ".", BLACK: "X", WHITE: "O"}
        rows = []
        for y in range(self.size):
            row = self.cells[y * self.size : (y + 1) * self.size]
            rows.append("".join(symbols[c] for c in row))
        return "\n".join(rows)

    @classmethod
    def from_text(cls, text: str, to_move: int = BLACK, rules: str | Rules = "chinese") -> Board:
        rows = [line.strip().replace(" ", "") for line in text.strip().splitlines()]
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise ValueError("the board must be square")
        black, white = [], []
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch in "Xx#":
                    black.append(y * size + x)
                elif ch in "Oo":
                    white.append(y * size + x)
                elif ch not in ".+":
                    raise ValueError(f"unknown symbol {ch!r}")
        return cls.setup(size, black, white, to_move, rules)


# ---------------------------------------------------------------------------
# Results


def _stones_text(amount: Fraction) -> tuple[str, str]:
    """3/4 → ("3/4", "3/4"); 5/4 → ("1又1/4", "1 1/4")."""
    whole, part = divmod(amount, 1)
    whole = int(whole)
    if not part:
        return str(whole), str(whole)
    fraction = f"{part.numerator}/{part.denominator}"
    if whole:
        return f"{whole}又{fraction}", f"{whole} {fraction}"
    return fraction, fraction


def result_text(black_margin: Fraction) -> tuple[str, str]:
    """A result from black's margin in stones, in Chinese and in English.

    >>> result_text(Fraction(3, 4))
    ('黑胜3/4子', 'Black wins by 3/4 stone')
    >>> result_text(Fraction(-5, 4))
    ('黑负1又1/4子', 'White wins by 1 1/4 stones')
    """
    if black_margin == 0:
        return "和棋", "Draw"
    zh, en = _stones_text(abs(black_margin))
    unit = "stone" if abs(black_margin) <= 1 else "stones"
    if black_margin > 0:
        return f"黑胜{zh}子", f"Black wins by {en} {unit}"
    return f"黑负{zh}子", f"White wins by {en} {unit}"


@dataclass(frozen=True)
class Score:
    """An area count. ``black``/``white`` are in stones (子), dame split in halves."""

    size: int
    black: Fraction
    white: Fraction
    dame: int
    komi: Fraction = field(default=Fraction(15, 2))  # in points

    @property
    def par(self) -> Fraction:
        """归本数: half the points of the board (180.5 on 19x19)."""
        return Fraction(self.size * self.size, 2)

    @property
    def black_margin(self) -> Fraction:
        """Black's count against 归本数 plus half the komi (3 3/4 stones), in stones."""
        return self.black - self.par - self.komi / 2

    @property
    def winner(self) -> int | None:
        margin = self.black_margin
        return BLACK if margin > 0 else WHITE if margin < 0 else None

    def text_zh(self) -> str:
        """``黑胜3/4子``, ``黑负1/4子``, ``和棋``: the seed's own way of saying it."""
        return result_text(self.black_margin)[0]

    def text_en(self) -> str:
        return result_text(self.black_margin)[1]

    def points_text(self) -> str:
        """The same result in points with komi, as other software writes it: ``B+1.5``."""
        margin = 2 * self.black_margin
        if margin == 0:
            return "0"
        value = abs(margin)
        number = str(int(value)) if value.denominator == 1 else f"{float(value):g}"
        return f"B+{number}" if margin > 0 else f"W+{number}"
