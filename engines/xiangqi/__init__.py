"""象棋 Xiangqi as a library: board, FEN, moves, legal moves, check, game end.

The rules of play are the Chinese competition rules the seeds defer to (seed 004:
"比赛规则按中国象棋比赛规则执行", XQ-01), numbered in ``shared/rules/games/xiangqi.md``
as XQ-R01 to XQ-R16. Points are ints ``rank * 9 + file``: files ``a``-``i`` left
to right from Red's side, ranks ``1``-``10`` from Red's back rank (the
pyffish/Fairy-Stockfish coordinates), so Red's general starts on ``e1`` and
Black's on ``e10``. Moves are written ``h3e3`` (rank 10 as ``10``: ``h10g8``).

>>> position = Position()
>>> len(position.legal_moves())
44
>>> position.play("h3e3")
>>> position.fen()
'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'
>>> position.pop().text()
'h3e3'
>>> try:
...     Position("5k3/9/9/9/9/9/9/9/1R7/1N2K4 w").play("b1a3")
... except IllegalMove as error:
...     print(error.code, "/", error.reason["zh"])
horse-leg / 蹩马腿：马前进方向上紧挨着的点有棋子，马走不过去。
>>> perft(position, 2)
1920

A side with no legal move loses, in check (将死) or not (困毙, XQ-R11):

>>> Position("3k5/R8/9/9/9/9/9/9/9/4K4 b").outcome()
Outcome(winner='red', reason='stalemate', offender=None)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from engines.errors import RuleError

RED, BLACK = 0, 1
COLOR_NAMES = ("red", "black")
FILES = "abcdefghi"
WIDTH, HEIGHT = 9, 10
POINTS = WIDTH * HEIGHT

# Piece types; a piece is ``type | (color << 3)``, 0 an empty point.
GENERAL, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, SOLDIER = 1, 2, 3, 4, 5, 6, 7
PIECE_TYPES = (GENERAL, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, SOLDIER)
LETTERS = " kabnrcp"  # FEN letters by type: upper case Red, lower case Black
TYPE_OF_LETTER = {"k": 1, "a": 2, "b": 3, "n": 4, "r": 5, "c": 6, "p": 7, "e": 3, "h": 4}
TYPE_NAMES = ("", "general", "advisor", "elephant", "horse", "rook", "cannon", "soldier")

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def piece(kind: int, color: int) -> int:
    return kind | (color << 3)


def color_of(p: int) -> int:
    return p >> 3


def type_of(p: int) -> int:
    return p & 7


def piece_letter(p: int) -> str:
    letter = LETTERS[p & 7]
    return letter.upper() if p >> 3 == RED else letter


# ---------------------------------------------------------------------------
# Errors

REASONS = {
    "bad-move": ("看不懂这一步的写法。", "That is not a move (write it like h3e3)."),
    "no-piece": ("起点上没有棋子。", "There is no piece on the starting point."),
    "not-your-piece": ("这不是该走一方的棋子。", "That piece is not the side to move's."),
    "own-piece": ("不能吃自己的棋子。", "A piece cannot take a piece of its own side."),
    "game-over": ("对局已经结束。", "The game is over."),
    "general-move": (
        "帅（将）每次只能在九宫内直走一步。",
        "The general steps one point orthogonally and stays in the palace.",
    ),
    "palace": (
        "帅（将）和仕（士）不能走出九宫。",
        "The general and the advisors never leave the palace.",
    ),
    "advisor-move": (
        "仕（士）每次只能在九宫内斜走一步。",
        "An advisor steps one point diagonally inside the palace.",
    ),
    "elephant-move": (
        "相（象）每次斜走两格（走“田”字）。",
        "An elephant moves exactly two points diagonally.",
    ),
    "elephant-eye": (
        "塞象眼：田字中心有棋子，相（象）走不过去。",
        "The elephant's eye is blocked: the point between is occupied.",
    ),
    "river": (
        "相（象）不能过河。",
        "An elephant never crosses the river.",
    ),
    "horse-move": (
        "马走“日”字：先直走一格，再斜走一格。",
        "A horse moves one point orthogonally, then one diagonally outward.",
    ),
    "horse-leg": (
        "蹩马腿：马前进方向上紧挨着的点有棋子，马走不过去。",
        "The horse's leg is blocked: the point next to it in that direction is occupied.",
    ),
    "rook-move": ("车只能直走。", "A rook moves along a file or a rank."),
    "cannon-move": ("炮只能直走。", "A cannon moves along a file or a rank."),
    "line-blocked": (
        "路上有棋子挡着，走不过去。",
        "A piece stands in the way.",
    ),
    "cannon-screen": (
        "炮吃子必须隔着正好一个棋子（炮架）。",
        "A cannon captures only by jumping exactly one piece (the screen).",
    ),
    "soldier-move": (
        "兵（卒）只能向前走一步，过河后也可以横走一步，永不后退。",
        "A soldier steps forward one point; after the river also sideways; never back.",
    ),
    "soldier-sideways": (
        "兵（卒）过河以后才能横走。",
        "A soldier may step sideways only after crossing the river.",
    ),
    "facing-generals": (
        "白脸将：走后两将（帅）在同一直线上直接对面，这是不允许的。",
        "The generals would face each other on an open file (flying general).",
    ),
    "self-check": (
        "走后自己的帅（将）被将军，这是不允许的。",
        "The move would leave your own general in check.",
    ),
    "bad-fen": ("局面（FEN）写得不对。", "That is not a position (FEN)."),
}


class IllegalMove(RuleError):
    """A move the rules forbid; ``code`` for programs, ``reason`` for people."""

    REASONS = REASONS


class BadPosition(RuleError):
    """Text that is not a Xiangqi position."""

    REASONS = REASONS


# ---------------------------------------------------------------------------
# Coordinates


def square(file: int, rank: int) -> int:
    """``file`` 0-8 (a-i), ``rank`` 0-9 (1-10) to a point."""
    return rank * WIDTH + file


def file_of(sq: int) -> int:
    return sq % WIDTH


def rank_of(sq: int) -> int:
    return sq // WIDTH


def square_name(sq: int) -> str:
    """``square_name(4) == "e1"``; rank 10 is written ``10``."""
    return f"{FILES[sq % WIDTH]}{sq // WIDTH + 1}"


def parse_square(text: str) -> int:
    """``"e1"`` to 4, ``"e10"`` to 85.

    >>> parse_square("e1"), parse_square("e10"), parse_square("I10")
    (4, 85, 89)
    """
    text = text.strip().lower()
    if 2 <= len(text) <= 3 and text[0] in FILES and text[1:].isdigit():
        rank = int(text[1:])
        if 1 <= rank <= HEIGHT and text[1] != "0":
            return square(FILES.index(text[0]), rank - 1)
    raise ValueError(f"not a point: {text!r}")


def in_palace(sq: int, color: int) -> bool:
    f, r = sq % WIDTH, sq // WIDTH
    return 3 <= f <= 5 and (r <= 2 if color == RED else r >= 7)


def own_side(sq: int, color: int) -> bool:
    """On ``color``'s own side of the river (ranks 1-5 for Red, 6-10 for Black)."""
    return (sq // WIDTH <= 4) if color == RED else (sq // WIDTH >= 5)


def _on(f: int, r: int) -> bool:
    return 0 <= f < WIDTH and 0 <= r < HEIGHT


# ---------------------------------------------------------------------------
# Move tables, computed once (XQ-R02 to XQ-R08)


def _tables():
    rays = []  # per point: rays north, south, east, west
    horse = []  # per point: (leg, to)
    for sq in range(POINTS):
        f, r = sq % WIDTH, sq // WIDTH
        point_rays = []
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            ray = []
            nf, nr = f + df, r + dr
            while _on(nf, nr):
                ray.append(square(nf, nr))
                nf, nr = nf + df, nr + dr
            point_rays.append(tuple(ray))
        rays.append(tuple(point_rays))
        steps = []
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            if _on(f + df, r + dr):
                leg = square(f, r + dr // 2) if abs(dr) == 2 else square(f + df // 2, r)
                steps.append((leg, square(f + df, r + dr)))
        horse.append(tuple(steps))
    horse_attackers = [[] for _ in range(POINTS)]
    for sq in range(POINTS):
        for leg, to in horse[sq]:
            horse_attackers[to].append((sq, leg))
    general, advisor, elephant, soldier = ([], []), ([], []), ([], []), ([], [])
    for color in (RED, BLACK):
        for sq in range(POINTS):
            f, r = sq % WIDTH, sq // WIDTH
            general[color].append(
                tuple(
                    square(f + df, r + dr)
                    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0))
                    if _on(f + df, r + dr) and in_palace(square(f + df, r + dr), color)
                )
            )
            advisor[color].append(
                tuple(
                    square(f + df, r + dr)
                    for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1))
                    if _on(f + df, r + dr) and in_palace(square(f + df, r + dr), color)
                )
            )
            elephant[color].append(
                tuple(
                    (square(f + df // 2, r + dr // 2), square(f + df, r + dr))
                    for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2))
                    if _on(f + df, r + dr) and own_side(square(f + df, r + dr), color)
                )
            )
            forward = 1 if color == RED else -1
            steps = []
            if _on(f, r + forward):
                steps.append(square(f, r + forward))
            if not own_side(sq, color):
                steps.extend(square(f + df, r) for df in (-1, 1) if _on(f + df, r))
            soldier[color].append(tuple(steps))
    return (
        tuple(rays),
        tuple(horse),
        tuple(tuple(a) for a in horse_attackers),
        tuple(tuple(t) for t in general),
        tuple(tuple(t) for t in advisor),
        tuple(tuple(t) for t in elephant),
        tuple(tuple(t) for t in soldier),
    )


RAYS, HORSE_STEPS, HORSE_ATTACKERS, GENERAL_STEPS, ADVISOR_STEPS, ELEPHANT_STEPS, SOLDIER_STEPS = (
    _tables()
)

_zobrist_random = random.Random(20261203)
ZOBRIST = tuple(tuple(_zobrist_random.getrandbits(64) for _ in range(POINTS)) for _ in range(16))
ZOBRIST_BLACK = _zobrist_random.getrandbits(64)


# ---------------------------------------------------------------------------
# Moves


@dataclass(frozen=True, slots=True)
class Move:
    """A move from one point to another; ``Move.from_text("h3e3").text() == "h3e3"``."""

    from_square: int
    to_square: int

    @classmethod
    def from_text(cls, text: str) -> Move:
        """``h3e3``, ``h10g8`` (also upper case; ``-`` between the points is allowed).

        >>> Move.from_text("h10g8")
        Move(h10g8)
        """
        raw = text.strip().lower().replace("-", "")
        for cut in (2, 3):
            try:
                return cls(parse_square(raw[:cut]), parse_square(raw[cut:]))
            except ValueError:
                continue
        raise IllegalMove("bad-move", text)

    @classmethod
    def from_code(cls, code: int) -> Move:
        return cls(code >> 7, code & 127)

    @property
    def code(self) -> int:
        return (self.from_square << 7) | self.to_square

    def text(self) -> str:
        return square_name(self.from_square) + square_name(self.to_square)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move({self.text()})"


def move_text(code: int) -> str:
    return square_name(code >> 7) + square_name(code & 127)


def parse_moves(text: str | Iterable[str]) -> list[Move]:
    """``"h3e3 h10g8"`` (spaces or commas) or a list of texts to moves."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [Move.from_text(t) for t in text]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is ``"red"``, ``"black"`` or ``None`` (a draw);
    ``reason`` the rule, ``offender`` the side that broke a repetition rule."""

    winner: str | None
    reason: str
    offender: str | None = None


# ---------------------------------------------------------------------------
# The position


class Position:
    """A position with its history: ``push``/``pop`` moves, ask for legal moves.

    ``Position()`` is the start; ``Position(fen)`` reads a FEN in the
    Fairy-Stockfish dialect (``w``/``b``; ``r`` also reads as Red). Letters: K A B N
    R C P for Red (upper case), k a b n r c p for Black; H and E are read as N and B.
    """

    def __init__(self, fen: str = START_FEN):
        self.board = [0] * POINTS
        self.turn = RED
        self.halfmoves = 0
        self.fullmove = 1
        self.kings = [-1, -1]
        self.key = 0
        self._stack: list[tuple[int, int, int, int]] = []
        self.keys: list[int] = []  # the key before each move played
        self._set_fen(fen)

    # -- FEN

    def _set_fen(self, fen: str) -> None:
        if not isinstance(fen, str) or not fen.strip():
            raise BadPosition("bad-fen", "empty")
        fields = fen.split()
        rows = fields[0].split("/")
        if len(rows) != HEIGHT:
            raise BadPosition("bad-fen", f"{len(rows)} ranks, not 10")
        board = [0] * POINTS
        for index, row in enumerate(rows):
            rank = HEIGHT - 1 - index
            f = 0
            digits = ""
            for ch in row + " ":
                if ch.isdigit():
                    digits += ch
                    continue
                if digits:
                    f += int(digits)
                    digits = ""
                if ch == " ":
                    break
                kind = TYPE_OF_LETTER.get(ch.lower())
                if kind is None or f >= WIDTH:
                    raise BadPosition("bad-fen", f"rank {rank + 1}: {row!r}")
                board[square(f, rank)] = piece(kind, RED if ch.isupper() else BLACK)
                f += 1
            if f != WIDTH:
                raise BadPosition("bad-fen", f"rank {rank + 1} has {f} points, not 9")
        turn = fields[1].lower() if len(fields) > 1 else "w"
        if turn not in ("w", "r", "b"):
            raise BadPosition("bad-fen", f"side to move {turn!r}")
        self.turn = BLACK if turn == "b" else RED
        try:
            self.halfmoves = int(fields[4]) if len(fields) > 4 else 0
            self.fullmove = max(1, int(fields[5])) if len(fields) > 5 else 1
        except ValueError as error:
            raise BadPosition("bad-fen", "move counters") from error
        self.board = board
        self._check_setup()
        self.key = self._compute_key()

    def _check_setup(self) -> None:
        board = self.board
        counts = {}
        for sq, p in enumerate(board):
            if not p:
                continue
            counts[p] = counts.get(p, 0) + 1
            color, kind = p >> 3, p & 7
            if kind == GENERAL:
                if not in_palace(sq, color):
                    raise BadPosition("bad-fen", f"general outside the palace on {square_name(sq)}")
                self.kings[color] = sq
            elif kind == ADVISOR and sq not in _ADVISOR_POINTS[color]:
                raise BadPosition("bad-fen", f"advisor on {square_name(sq)}")
            elif kind == ELEPHANT and sq not in _ELEPHANT_POINTS[color]:
                raise BadPosition("bad-fen", f"elephant on {square_name(sq)}")
        limits = {GENERAL: 1, ADVISOR: 2, ELEPHANT: 2, HORSE: 2, ROOK: 2, CANNON: 2, SOLDIER: 5}
        for color in (RED, BLACK):
            if counts.get(piece(GENERAL, color), 0) != 1:
                raise BadPosition("bad-fen", f"{COLOR_NAMES[color]} needs one general")
            for kind, most in limits.items():
                if counts.get(piece(kind, color), 0) > most:
                    raise BadPosition("bad-fen", f"too many {TYPE_NAMES[kind]}s")
        if self._attacked(self.kings[1 - self.turn], 1 - self.turn):
            raise BadPosition("bad-fen", "the side not to move is in check")

    def _compute_key(self) -> int:
        key = ZOBRIST_BLACK if self.turn == BLACK else 0
        for sq, p in enumerate(self.board):
            if p:
                key ^= ZOBRIST[p][sq]
        return key

    def board_fen(self) -> str:
        rows = []
        for rank in range(HEIGHT - 1, -1, -1):
            row, empty = "", 0
            for f in range(WIDTH):
                p = self.board[square(f, rank)]
                if p:
                    row += (str(empty) if empty else "") + piece_letter(p)
                    empty = 0
                else:
                    empty += 1
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    def fen(self) -> str:
        side = "w" if self.turn == RED else "b"
        return f"{self.board_fen()} {side} - - {self.halfmoves} {self.fullmove}"

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.board = self.board[:]
        other.turn = self.turn
        other.halfmoves = self.halfmoves
        other.fullmove = self.fullmove
        other.kings = self.kings[:]
        other.key = self.key
        other._stack = self._stack[:]
        other.keys = self.keys[:]
        return other

    def root(self) -> Position:
        """The position before the first move of the history."""
        other = self.copy()
        while other._stack:
            other.pop()
        return other

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    def __getitem__(self, sq: int) -> int:
        return self.board[sq]

    # -- attacks

    def _attacked(self, sq: int, color: int) -> bool:
        """Is point ``sq`` attacked by the side that is not ``color``? The enemy
        general counts along an open file (XQ-R09, facing generals)."""
        board = self.board
        enemy = (1 - color) << 3
        rook, cannon, general = ROOK | enemy, CANNON | enemy, GENERAL | enemy
        for ray in RAYS[sq]:
            screen = False
            for t in ray:
                p = board[t]
                if p:
                    if screen:
                        if p == cannon:
                            return True
                        break
                    if p in (rook, general):
                        return True
                    screen = True
        horse = HORSE | enemy
        for h, leg in HORSE_ATTACKERS[sq]:
            if board[h] == horse and not board[leg]:
                return True
        soldier = SOLDIER | enemy
        f = sq % WIDTH
        front = sq + WIDTH if color == RED else sq - WIDTH
        if 0 <= front < POINTS and board[front] == soldier:
            return True
        if f > 0 and board[sq - 1] == soldier and not own_side(sq - 1, 1 - color):
            return True
        return f < WIDTH - 1 and board[sq + 1] == soldier and not own_side(sq + 1, 1 - color)

    def is_check(self) -> bool:
        """Is the side to move in check (将军)?"""
        return self._attacked(self.kings[self.turn], self.turn)

    # -- move generation

    def _piece_moves(self, frm: int, p: int) -> list[int]:
        """Pseudo-legal moves of the piece ``p`` on ``frm`` (codes ``from << 7 | to``)."""
        board = self.board
        color = p >> 3
        kind = p & 7
        base = frm << 7
        out = []
        if kind == ROOK:
            for ray in RAYS[frm]:
                for t in ray:
                    q = board[t]
                    if q:
                        if q >> 3 != color:
                            out.append(base | t)
                        break
                    out.append(base | t)
        elif kind == CANNON:
            for ray in RAYS[frm]:
                screen = False
                for t in ray:
                    q = board[t]
                    if screen:
                        if q:
                            if q >> 3 != color:
                                out.append(base | t)
                            break
                    elif q:
                        screen = True
                    else:
                        out.append(base | t)
        elif kind == HORSE:
            for leg, t in HORSE_STEPS[frm]:
                if not board[leg]:
                    q = board[t]
                    if not q or q >> 3 != color:
                        out.append(base | t)
        elif kind == SOLDIER:
            for t in SOLDIER_STEPS[color][frm]:
                q = board[t]
                if not q or q >> 3 != color:
                    out.append(base | t)
        elif kind == ELEPHANT:
            for eye, t in ELEPHANT_STEPS[color][frm]:
                if not board[eye]:
                    q = board[t]
                    if not q or q >> 3 != color:
                        out.append(base | t)
        elif kind == ADVISOR:
            for t in ADVISOR_STEPS[color][frm]:
                q = board[t]
                if not q or q >> 3 != color:
                    out.append(base | t)
        else:
            for t in GENERAL_STEPS[color][frm]:
                q = board[t]
                if not q or q >> 3 != color:
                    out.append(base | t)
        return out

    def pseudo_legal_codes(self) -> list[int]:
        out = []
        us = self.turn
        for frm, p in enumerate(self.board):
            if p and p >> 3 == us:
                out.extend(self._piece_moves(frm, p))
        return out

    def legal_codes(self) -> list[int]:
        """The legal moves as codes ``from << 7 | to``: the fast path for searches."""
        board = self.board
        us = self.turn
        king = self.kings[us]
        attacked = self._attacked
        legal = []
        for m in self.pseudo_legal_codes():
            frm, to = m >> 7, m & 127
            p, captured = board[frm], board[to]
            board[to] = p
            board[frm] = 0
            if not attacked(to if frm == king else king, us):
                legal.append(m)
            board[frm] = p
            board[to] = captured
        return legal

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move (XQ-R02 to XQ-R10)."""
        return [Move(m >> 7, m & 127) for m in self.legal_codes()]

    def has_legal_move(self) -> bool:
        board = self.board
        us = self.turn
        king = self.kings[us]
        for frm, p in enumerate(board):
            if p and p >> 3 == us:
                for m in self._piece_moves(frm, p):
                    to = m & 127
                    captured = board[to]
                    board[to] = p
                    board[frm] = 0
                    safe = not self._attacked(to if frm == king else king, us)
                    board[frm] = p
                    board[to] = captured
                    if safe:
                        return True
        return False

    def is_legal(self, move: Move | int) -> bool:
        code = move if isinstance(move, int) else move.code
        return code in self.legal_codes()

    def why_illegal(self, move: Move) -> str | None:
        """The reason code a move is refused (``None`` if it is legal), as the
        lessons explain it: ``horse-leg``, ``elephant-eye``, ``river``, ``palace``,
        ``cannon-screen``, ``facing-generals``, ``self-check`` and the like.

        >>> Position("5k3/9/9/9/9/9/9/9/1R7/1N2K4 w").why_illegal(Move.from_text("b1a3"))
        'horse-leg'
        """
        frm, to = move.from_square, move.to_square
        p = self.board[frm]
        if not p:
            return "no-piece"
        if p >> 3 != self.turn:
            return "not-your-piece"
        q = self.board[to]
        if frm == to:
            return f"{TYPE_NAMES[p & 7]}-move" if p & 7 != GENERAL else "general-move"
        if q and q >> 3 == self.turn:
            return "own-piece"
        code = (frm << 7) | to
        if code not in self._piece_moves(frm, p):
            return _geometry_reason(self.board, frm, to, p)
        board = self.board
        board[to], board[frm] = p, 0
        king = to if frm == self.kings[self.turn] else self.kings[self.turn]
        other = self.kings[1 - self.turn]
        facing = file_of(king) == file_of(other) and not any(
            board[s] for s in range(min(king, other) + WIDTH, max(king, other), WIDTH)
        )
        attacked = self._attacked(king, self.turn)
        board[frm], board[to] = p, q
        if facing:
            return "facing-generals"
        if attacked:
            return "self-check"
        return None

    def destinations(self, sq: int) -> dict[int, str | None]:
        """Every point the piece on ``sq`` could reach by its move pattern on an
        empty board, each with the reason it may not go there now (``None``: a
        legal move). For "tick every legal destination" exercises: the ticked
        points are the ``None`` ones, and each other point has its explanation.

        >>> p = Position("5k3/9/9/9/9/9/9/9/1R7/1N2K4 w")
        >>> {square_name(t): why for t, why in p.destinations(parse_square("b1")).items()}
        {'d2': None, 'a3': 'horse-leg', 'c3': 'horse-leg'}
        """
        p = self.board[sq]
        if not p:
            raise ValueError(f"no piece on {square_name(sq)}")
        kind, color = p & 7, p >> 3
        f, r = sq % WIDTH, sq // WIDTH
        if kind in (ROOK, CANNON):
            steps = [t for ray in RAYS[sq] for t in ray]
        else:
            deltas = {
                GENERAL: ((0, 1), (0, -1), (1, 0), (-1, 0)),
                ADVISOR: ((1, 1), (1, -1), (-1, 1), (-1, -1)),
                ELEPHANT: ((2, 2), (2, -2), (-2, 2), (-2, -2)),
                HORSE: ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)),
                SOLDIER: ((0, 1), (0, -1), (1, 0), (-1, 0)),
            }[kind]
            steps = [square(f + df, r + dr) for df, dr in deltas if _on(f + df, r + dr)]
        turn = self.turn
        self.turn = color  # judge the piece's own moves whoever is to move
        try:
            return {t: self.why_illegal(Move(sq, t)) for t in sorted(steps)}
        finally:
            self.turn = turn

    # -- playing

    def push(self, move: Move | int) -> None:
        """Play a move without checking it (the fast path; ``play`` checks)."""
        code = move if isinstance(move, int) else move.code
        frm, to = code >> 7, code & 127
        board = self.board
        p = board[frm]
        captured = board[to]
        self._stack.append((code, captured, self.halfmoves, self.key))
        self.keys.append(self.key)
        key = self.key ^ ZOBRIST[p][frm] ^ ZOBRIST[p][to] ^ ZOBRIST_BLACK
        if captured:
            key ^= ZOBRIST[captured][to]
            self.halfmoves = 0
        else:
            self.halfmoves += 1
        board[to] = p
        board[frm] = 0
        if p & 7 == GENERAL:
            self.kings[p >> 3] = to
        if self.turn == BLACK:
            self.fullmove += 1
        self.turn ^= 1
        self.key = key

    def pop(self) -> Move:
        """Take back the last move (O(1))."""
        code, captured, halfmoves, key = self._stack.pop()
        self.keys.pop()
        frm, to = code >> 7, code & 127
        board = self.board
        p = board[to]
        board[frm] = p
        board[to] = captured
        if p & 7 == GENERAL:
            self.kings[p >> 3] = frm
        self.turn ^= 1
        if self.turn == BLACK:
            self.fullmove -= 1
        self.halfmoves = halfmoves
        self.key = key
        return Move(frm, to)

    def play(self, move: Move | str) -> None:
        """Play a move after checking it; ``IllegalMove`` says why not."""
        if isinstance(move, str):
            move = Move.from_text(move)
        if move.code not in self.legal_codes():
            if not self.has_legal_move():
                raise IllegalMove("game-over", move.text())
            raise IllegalMove(self.why_illegal(move) or "bad-move", move.text())
        self.push(move)

    def play_moves(self, moves: str | Iterable[str | Move]) -> None:
        if isinstance(moves, str):
            moves = moves.replace(",", " ").split()
        for move in moves:
            self.play(move)

    @property
    def move_stack(self) -> list[Move]:
        return [Move.from_code(entry[0]) for entry in self._stack]

    @property
    def captures(self) -> list[int]:
        """The piece each move of the history took (0 for none)."""
        return [entry[1] for entry in self._stack]

    def last_move(self) -> Move | None:
        return Move.from_code(self._stack[-1][0]) if self._stack else None

    # -- the end

    def outcome(self) -> Outcome | None:
        """Mate (``checkmate``) or 困毙 (``stalemate``): the side to move loses (XQ-R11).
        Repetition is judged by ``engines.xiangqi.repetition``; ``result`` joins both."""
        if self.has_legal_move():
            return None
        winner = COLOR_NAMES[1 - self.turn]
        return Outcome(winner, "checkmate" if self.is_check() else "stalemate")

    def is_checkmate(self) -> bool:
        return self.is_check() and not self.has_legal_move()

    def is_stalemate(self) -> bool:
        """困毙: no legal move and not in check. It loses, like mate."""
        return not self.is_check() and not self.has_legal_move()

    def gives_check(self, move: Move | int) -> bool:
        self.push(move)
        try:
            return self.is_check()
        finally:
            self.pop()

    def pieces(self, color: int | None = None) -> list[tuple[int, int]]:
        """(point, piece) of every piece, or of one side's."""
        return [
            (sq, p) for sq, p in enumerate(self.board) if p and (color is None or p >> 3 == color)
        ]


_ADVISOR_POINTS = (
    frozenset(square(f, r) for f, r in ((3, 0), (5, 0), (4, 1), (3, 2), (5, 2))),
    frozenset(square(f, r) for f, r in ((3, 9), (5, 9), (4, 8), (3, 7), (5, 7))),
)
_ELEPHANT_POINTS = (
    frozenset(square(f, r) for f, r in ((2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4))),
    frozenset(square(f, r) for f, r in ((2, 9), (6, 9), (0, 7), (4, 7), (8, 7), (2, 5), (6, 5))),
)


def _geometry_reason(board: list[int], frm: int, to: int, p: int) -> str:
    """Why ``p`` on ``frm`` cannot reach ``to`` by its move rule alone."""
    color, kind = p >> 3, p & 7
    df, dr = file_of(to) - file_of(frm), rank_of(to) - rank_of(frm)
    if kind == GENERAL:
        if abs(df) + abs(dr) == 1:
            return "palace"
        return "general-move"
    if kind == ADVISOR:
        if abs(df) == 1 and abs(dr) == 1:
            return "palace"
        return "advisor-move"
    if kind == ELEPHANT:
        if abs(df) == 2 and abs(dr) == 2:
            if not own_side(to, color):
                return "river"
            return "elephant-eye"
        return "elephant-move"
    if kind == HORSE:
        if {abs(df), abs(dr)} == {1, 2}:
            return "horse-leg"
        return "horse-move"
    if kind in (ROOK, CANNON):
        if df and dr:
            return f"{TYPE_NAMES[kind]}-move"
        step = (1 if df > 0 else -1) if df else (WIDTH if dr > 0 else -WIDTH)
        between = sum(1 for s in range(frm + step, to, step) if board[s])
        if kind == CANNON and board[to]:
            return "cannon-screen"
        return "line-blocked" if between else f"{TYPE_NAMES[kind]}-move"
    forward = dr == (1 if color == RED else -1) and df == 0
    sideways = dr == 0 and abs(df) == 1
    if sideways and own_side(frm, color):
        return "soldier-sideways"
    if forward or sideways:
        return "soldier-move"
    return "soldier-move"


def perft(position: Position, depth: int) -> int:
    """Leaf nodes of the legal-move tree ``depth`` plies deep (the usual perft;
    the last ply is counted, not played)."""
    if depth <= 0:
        return 1
    codes = position.legal_codes()
    if depth == 1:
        return len(codes)
    total = 0
    push, pop = position.push, position.pop
    for m in codes:
        push(m)
        total += perft(position, depth - 1)
        pop()
    return total


def divide(position: Position, depth: int) -> dict[str, int]:
    """Perft split by first move, as Fairy-Stockfish's ``go perft`` prints it."""
    out = {}
    for m in position.legal_codes():
        position.push(m)
        out[move_text(m)] = perft(position, depth - 1)
        position.pop()
    return out


__all__ = [
    "BLACK",
    "RED",
    "START_FEN",
    "BadPosition",
    "IllegalMove",
    "Move",
    "Outcome",
    "Position",
    "divide",
    "parse_moves",
    "parse_square",
    "perft",
    "square_name",
]
