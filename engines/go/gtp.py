"""A GTP (Go Text Protocol, version 2) front end for the Go engine.

Run it as ``python -m engines.go.gtp [--rules chinese|chinese-positional]
[--komi 7.5]``: it reads commands on standard input and answers on standard
output, so GTP controllers (GoGui, twogtp) and peers such as GNU Go can drive
it. In a program, ``GtpEngine().handle("play b d4")`` returns the reply text.

>>> gtp = GtpEngine()
>>> gtp.handle("boardsize 9")
'='
>>> gtp.handle("12 play b e5")
'=12'
>>> gtp.handle("play w e5")
'? illegal move'
>>> gtp.handle("list_stones black")
'= E5'
>>> gtp.handle("final_score")
'= B+73.5'

Replies follow GTP: ``= result`` or ``? error``, with the command's numeric id
after the sign when it had one. The error texts are GTP's own (``unknown
command``, ``syntax error``, ``illegal move``, ``unacceptable size``, ``cannot
undo``). Conventions, where GTP leaves a choice:

- ``play`` and ``is_legal`` accept several moves of one colour in a row, as GTP
  requires; superko still applies (the rules chosen with ``--rules``).
- A vertex that is well formed but off the board (``Z1``, ``A25``) is an
  illegal move; a malformed one (``I5``, ``D``, ``D0``, ``D04``) or an unknown
  colour is a syntax error.
- Two passes do not end anything here: GTP has no game over, so a controller
  may keep playing after them.
- ``final_score`` is the area count (数子法) with every stone alive, written as
  GNU Go writes it: ``B+3.5``, ``W+7.0``, ``0``.
- ``attack``/``defend`` are GNU Go's tactical extensions, answered by
  ``engines.go.reading``: ``= 1 D5`` (the chain at the vertex is captured /
  saved by playing D5 first), ``= 0`` (it is not); ``= 1 PASS`` when the reader
  succeeds without needing a move.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Callable

from engines.go import (
    BLACK,
    EMPTY,
    GTP_COLUMNS,
    MAX_SIZE,
    MIN_SIZE,
    WHITE,
    Board,
    IllegalMove,
    Move,
    get_rules,
    opponent,
    point_name,
    star_points,
)

NAME = "Qipai Go"
VERSION = "0.1"
PROTOCOL_VERSION = "2"

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_VERTEX = re.compile(r"([A-HJ-Za-hj-z])([1-9][0-9]?)")


class GtpError(Exception):
    """A failure reply: the text after ``?``."""


def preprocess(line: str) -> str:
    """GTP's input rules: drop control characters and comments, tabs to spaces."""
    line = _CONTROL.sub("", line.replace("\t", " "))
    return line.split("#", 1)[0].strip()


class GtpEngine:
    """The protocol state: one board, the komi, the rules."""

    def __init__(self, rules: str = "chinese", komi: float | None = None, size: int = 19):
        self.rules = get_rules(rules)
        self.komi = self.rules.komi if komi is None else komi
        self.board = Board(size, self.rules, self.komi)
        self.finished = False  # set by quit
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda args: PROTOCOL_VERSION,
            "name": lambda args: NAME,
            "version": lambda args: VERSION,
            "known_command": self.cmd_known_command,
            "list_commands": lambda args: "\n".join(self.commands),
            "quit": self.cmd_quit,
            "boardsize": self.cmd_boardsize,
            "clear_board": self.cmd_clear_board,
            "komi": self.cmd_komi,
            "get_komi": lambda args: f"{self.komi:g}",
            "play": self.cmd_play,
            "undo": self.cmd_undo,
            "is_legal": self.cmd_is_legal,
            "list_stones": self.cmd_list_stones,
            "captures": self.cmd_captures,
            "final_score": self.cmd_final_score,
            "showboard": self.cmd_showboard,
            "attack": self.cmd_attack,
            "defend": self.cmd_defend,
        }

    # -- the protocol --------------------------------------------------------

    def handle(self, line: str) -> str | None:
        """The reply to one command line, without GTP's closing blank line.

        Empty lines and comments get no reply (None).
        """
        text = preprocess(line)
        if not text:
            return None
        words = text.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} syntax error"
        name, args = words[0], words[1:]
        handler = self.commands.get(name)
        if handler is None:
            return f"?{ident} unknown command"
        try:
            result = handler(args)
        except GtpError as error:
            return f"?{ident} {error}"
        return f"={ident} {result}" if result else f"={ident}"

    def serve(self, stdin=None, stdout=None) -> None:
        """Answer commands until ``quit`` or the end of the input."""
        stdin = sys.stdin if stdin is None else stdin
        stdout = sys.stdout if stdout is None else stdout
        for line in stdin:
            try:
                reply = self.handle(line)
            except Exception as error:  # keep serving; tell the controller
                detail = " ".join(str(error).split())
                reply = f"? internal error: {type(error).__name__}: {detail}"
            if reply is None:
                continue
            stdout.write(reply + "\n\n")
            stdout.flush()
            if self.finished:
                break

    # -- arguments -----------------------------------------------------------

    @staticmethod
    def _arity(args: list[str], count: int) -> None:
        if len(args) != count:
            raise GtpError("syntax error")

    @staticmethod
    def _color(text: str) -> int:
        value = text.lower()
        if value in ("b", "black"):
            return BLACK
        if value in ("w", "white"):
            return WHITE
        raise GtpError("syntax error")

    def _vertex(self, text: str) -> int | None:
        """A point, or None for ``pass``; GtpError when malformed or off the board."""
        if text.lower() == "pass":
            return None
        match = _VERTEX.fullmatch(text)
        if not match:
            raise GtpError("syntax error")
        size = self.board.size
        x = GTP_COLUMNS.index(match.group(1).upper())
        row = int(match.group(2))
        if not (x < size and 1 <= row <= size):
            raise GtpError("illegal move")
        return (size - row) * size + x

    def _move(self, args: list[str]) -> Move:
        self._arity(args, 2)
        color = self._color(args[0])
        return Move(color, self._vertex(args[1]))

    def _reopen(self) -> None:
        # GTP knows no game over: moves may follow two passes.
        self.board.result = None

    # -- commands ------------------------------------------------------------

    def cmd_known_command(self, args: list[str]) -> str:
        self._arity(args, 1)
        return "true" if args[0] in self.commands else "false"

    def cmd_quit(self, args: list[str]) -> str:
        self.finished = True
        return ""

    def cmd_boardsize(self, args: list[str]) -> str:
        self._arity(args, 1)
        if not args[0].isdigit():
            raise GtpError("syntax error")
        size = int(args[0])
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise GtpError("unacceptable size")
        self.board = Board(size, self.rules, self.komi)
        return ""

    def cmd_clear_board(self, args: list[str]) -> str:
        self.board = Board(self.board.size, self.rules, self.komi)
        return ""

    def cmd_komi(self, args: list[str]) -> str:
        self._arity(args, 1)
        try:
            komi = float(args[0])
        except ValueError:
            raise GtpError("syntax error") from None
        if komi != komi or komi in (float("inf"), float("-inf")):
            raise GtpError("syntax error")
        self.komi = komi
        self.board.komi = komi
        return ""

    def cmd_play(self, args: list[str]) -> str:
        move = self._move(args)
        self._reopen()
        try:
            self.board.play(move, enforce_turn=False)
        except IllegalMove:
            raise GtpError("illegal move") from None
        return ""

    def cmd_undo(self, args: list[str]) -> str:
        if not self.board.move_stack:
            raise GtpError("cannot undo")
        self.board.pop()
        return ""

    def cmd_is_legal(self, args: list[str]) -> str:
        try:
            move = self._move(args)
        except GtpError as error:
            if str(error) == "illegal move":  # off the board
                return "0"
            raise
        self._reopen()
        return "1" if self.board.is_legal(move, enforce_turn=False) else "0"

    def cmd_list_stones(self, args: list[str]) -> str:
        self._arity(args, 1)
        color = self._color(args[0])
        size = self.board.size
        return " ".join(point_name(p, size) for p in self.board.stones(color))

    def cmd_captures(self, args: list[str]) -> str:
        """How many stones ``color`` has captured (GNU Go's meaning)."""
        self._arity(args, 1)
        return str(self.board.captures[self._color(args[0])])

    def cmd_final_score(self, args: list[str]) -> str:
        score = self.board.score()
        margin = float(2 * score.black_margin)  # points: black - white - komi
        if margin == 0:
            return "0"
        return f"{'B' if margin > 0 else 'W'}+{abs(margin):.1f}"

    def cmd_showboard(self, args: list[str]) -> str:
        board, size = self.board, self.board.size
        letters = "   " + " ".join(GTP_COLUMNS[:size])
        stars = set(star_points(size))
        lines = ["", letters]
        for y in range(size):
            row = size - y
            cells = []
            for x in range(size):
                p = y * size + x
                c = board.cells[p]
                cells.append(
                    "X" if c == BLACK else "O" if c == WHITE else "+" if p in stars else "."
                )
            line = f"{row:2} {' '.join(cells)} {row:<2}"
            if y == size - 2:
                line += f"    WHITE (O) has captured {board.captures[WHITE]} stones"
            elif y == size - 1:
                line += f"    BLACK (X) has captured {board.captures[BLACK]} stones"
            lines.append(line.rstrip())
        lines.append(letters)
        return "\n".join(lines)

    def _target(self, args: list[str]) -> int:
        self._arity(args, 1)
        point = self._vertex(args[0])
        if point is None or self.board.cells[point] == EMPTY:
            raise GtpError("vertex must not be empty")
        return point

    def _read(self, args: list[str], function: str) -> str:
        point = self._target(args)
        try:
            reading = importlib.import_module("engines.go.reading")
        except ModuleNotFoundError as error:
            if error.name == "engines.go.reading":
                raise GtpError("not implemented") from None
            raise
        owner = self.board.cells[point]
        board = self.board.copy()
        board.result = None
        board.to_move = opponent(owner) if function == "attack" else owner
        outcome = getattr(reading, function)(board, point)
        if not outcome.success:
            return "0"
        if outcome.move is None:
            return "1 PASS"
        return f"1 {point_name(outcome.move, board.size)}"

    def cmd_attack(self, args: list[str]) -> str:
        """``= 1 D5`` if the chain at the vertex is captured by playing D5 first."""
        return self._read(args, "attack")

    def cmd_defend(self, args: list[str]) -> str:
        """``= 1 D5`` if the chain at the vertex is saved by its owner playing D5 first."""
        return self._read(args, "defend")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engines.go.gtp", description="A GTP engine for Go (Chinese rules)."
    )
    parser.add_argument(
        "--rules",
        choices=["chinese", "chinese-positional"],
        default="chinese",
        help="superko flavour: situational (chinese, the default) or positional",
    )
    parser.add_argument("--komi", type=float, default=None, help="komi in points (7.5)")
    options = parser.parse_args(argv)
    GtpEngine(options.rules, options.komi).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
