"""A whole game of 跳棋 for two: moves in turn, the record, and the result.

The aim is to fill the opposite camp in as few moves as possible; equal moves
draw (CC-08, CC-09). As a procedure (CC-R06): when the first player fills the
target on their move n, the second player still makes their move n; if that fills
theirs too the game is drawn, otherwise the first player wins. 消极 (CC-10,
CC-R08): a player who still has a piece in a home hole after
``rules.home_exit_deadline`` of their own moves loses. A player with no legal move
passes (CC-R05: only then).

>>> game = Game()
>>> move = game.play("c4", "g5")
>>> game.record_text(), game.position.to_move
('1. c4-g5', 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import IllegalMove, Move, Position, hole_name, moves, parse_hole, play
from .rules import DEFAULT, Rules

__all__ = ["Game", "Result", "race"]


@dataclass(frozen=True)
class Result:
    """``winner`` (0, 1 or None for a draw) and why: ``"finished"``, ``"draw"``,
    ``"blocking"`` (消极)."""

    winner: int | None
    reason: str

    @property
    def score(self) -> tuple[float, float]:
        """Points for sides 0 and 1 (CC-02: a win 1, a draw ½, a loss 0)."""
        if self.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)


@dataclass
class Game:
    """Two players from opposite camps; ``first`` moves first."""

    rules: Rules = DEFAULT
    first: int = 0
    position: Position = field(init=False)
    record: list[Move | None] = field(init=False, default_factory=list)
    result: Result | None = field(init=False, default=None)
    finished_on: dict[int, int] = field(init=False, default_factory=dict)

    def __post_init__(self):
        self.position = Position.start(self.rules)
        self.position.to_move = self.first

    def finished(self, side: int) -> bool:
        """Every hole of ``side``'s target holds one of its pieces (CC-08)."""
        return self.position.filled(side)

    def play(self, start, end) -> Move:
        """The side to move moves ``start`` → ``end`` (hole names or coordinates)."""
        if self.result is not None:
            raise IllegalMove("game-over")
        self.position, move = play(self.position, parse_hole(start), parse_hole(end))
        self.record.append(move)
        self._after(self.position.pieces[move.end])
        return move

    def pass_(self) -> None:
        """A pass, allowed only without a legal move (CC-R05)."""
        side = self.position.to_move
        if moves(self.position):
            raise IllegalMove("must-move")
        self.position.moves_made[side] += 1
        self.position.to_move = 1 - side
        self.record.append(None)
        self._after(side)

    def _after(self, side: int) -> None:
        made = self.position.moves_made[side]
        deadline = self.rules.home_exit_deadline
        if (
            deadline
            and made >= deadline
            and any(self.position.pieces.get(h) == side for h in self.position.home(side))
        ):
            self.result = Result(1 - side, "blocking")
            return
        if self.finished(side) and side not in self.finished_on:
            self.finished_on[side] = made
        second = 1 - self.first
        if side == self.first and side in self.finished_on:
            return  # the second player still has this move (CC-R06)
        if side == second:
            done_first = self.finished_on.get(self.first)
            done_second = self.finished_on.get(second)
            if done_first is not None and done_second is not None:
                self.result = Result(None, "draw")
            elif done_first is not None:
                self.result = Result(self.first, "finished")
            elif done_second is not None:
                self.result = Result(second, "finished")

    @classmethod
    def from_record(cls, text: str, rules: Rules = DEFAULT, first: int = 0) -> Game:
        """The game a record (``record_text``'s form) describes, every move checked:
        ``IllegalMove`` names the rule a move breaks, ``ValueError`` a word that is
        no move."""
        game = cls(rules, first)
        for word in text.split():
            if word.endswith(".") and word[:-1].isdigit():
                continue  # a move number
            if word == "--":
                game.pass_()
                continue
            start, dash, end = word.partition("-")
            if not dash:
                raise ValueError(f"not a move: {word!r} (write c4-g5, or -- for a pass)")
            game.play(start, end)
        return game

    def record_text(self) -> str:
        """``1. a4-a5 q14-q13 2. …``: the moves in turn, ``--`` for a pass."""
        words = []
        for i, move in enumerate(self.record):
            if i % 2 == 0:
                words.append(f"{i // 2 + 1}.")
            words.append("--" if move is None else f"{hole_name(move.start)}-{hole_name(move.end)}")
        return " ".join(words)


def race(
    first: int,
    finishes: tuple[int | None, int | None],
    home_left: tuple[int, int] = (0, 0),
    rules: Rules = DEFAULT,
) -> tuple[Result, int]:
    """The result of a game in which side s fills its target on its own move
    ``finishes[s]`` (``None``: not at all) and last has a piece in a home hole
    until its move ``home_left[s]`` (0: left at once), ``first`` moving first,
    played out as ``Game`` rules it (CC-R06, CC-R08); and the number of moves
    played when it ends.

    >>> race(0, (31, 31))  # C10: the second player finishes on the same move
    (Result(winner=None, reason='draw'), 62)
    >>> race(0, (31, 32))  # C11: it stops after the second player's move 31
    (Result(winner=0, reason='finished'), 62)
    """
    deadline = rules.home_exit_deadline
    second = 1 - first
    done: dict[int, int] = {}
    for played in range(1, 2 * 400 + 1):
        side = first if played % 2 else second
        made = (played + 1) // 2
        if deadline and made >= deadline and home_left[side] > deadline:
            return Result(1 - side, "blocking"), played
        if finishes[side] is not None and finishes[side] <= made:
            done.setdefault(side, made)
        if side == second:
            if first in done and second in done:
                return Result(None, "draw"), played
            for s in (first, second):
                if s in done:
                    return Result(s, "finished"), played
    raise ValueError("nobody finishes")
