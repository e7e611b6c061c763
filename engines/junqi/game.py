"""A game of 四国军棋 in turn: four seats, two alliances, and how a game ends.

Turns go South, East, North, West (counter-clockwise, the alliances alternating,
JQ-R01), skipping defeated players. A player is defeated when their flag is taken,
when their turn comes and they have no legal move, or at their fifth timeout
(JQ-15); their pieces leave the board (JQ-R07). The alliance with a player left
wins (JQ-14); 70 moves in a row without a fight draw the game (JQ-16, every
player's move counting one, JQ-R09).

>>> from engines.junqi import Piece, point
>>> game = Game(Position({point("S52"): Piece(0, "engineer"), point("S01"): Piece(0, "flag"),
...                       point("N52"): Piece(1, "lieutenant"), point("N01"): Piece(1, "flag")},
...                      alive=frozenset({0, 1})))
>>> game.result
"""

from __future__ import annotations

from dataclasses import dataclass

from . import IllegalMove, Move, Point, Position, defeat, has_move, play, team

__all__ = ["Game", "next_seat", "settle"]


def next_seat(position: Position, seat: int) -> int:
    """The next seat still in the game after ``seat``."""
    for step in range(1, 5):
        nxt = (seat + step) % 4
        if nxt in position.alive:
            return nxt
    return seat


def winner(position: Position) -> int | None:
    """The alliance that has won (JQ-14), or None while both have a player."""
    teams = {team(s) for s in position.alive}
    if len(teams) == 1:
        return teams.pop()
    return None


def settle(position: Position) -> tuple[str, int | None] | None:
    """Pass the turn over players who cannot move (each defeated, JQ-15) and say
    how the game stands: None while it goes on, ``("win", alliance)`` or
    ``("draw", None)``."""
    while True:
        won = winner(position)
        if won is not None:
            return ("win", won)
        if position.quiet >= position.rules.no_capture_limit:
            return ("draw", None)
        if position.to_move in position.alive and has_move(position, position.to_move):
            return None
        defeat(position, position.to_move)
        position.to_move = next_seat(position, position.to_move)


@dataclass
class Game:
    """A position, its moves so far, and the result once there is one."""

    position: Position

    def __post_init__(self):
        self.history: list[Move | str] = []
        self.position = self.position.copy()
        if self.position.to_move not in self.position.alive:
            self.position.to_move = next_seat(self.position, self.position.to_move)
        self.result = settle(self.position)

    def play(self, start: Point, end: Point) -> Move:
        if self.result is not None:
            raise IllegalMove("over")
        after, move = play(self.position, start, end)
        after.to_move = next_seat(after, self.position.to_move)
        self.position = after
        self.history.append(move)
        self.result = settle(self.position)
        return move

    def timeout(self) -> None:
        """The player to move let their time run out: the turn passes, and the fifth
        time they lose (JQ-15)."""
        if self.result is not None:
            raise IllegalMove("over")
        seat = self.position.to_move
        counts = list(self.position.timeouts)
        counts[seat] += 1
        self.position.timeouts = tuple(counts)  # type: ignore[assignment]
        self.history.append("timeout")
        nxt = next_seat(self.position, seat)
        if counts[seat] >= self.position.rules.timeout_limit:
            defeat(self.position, seat)
        self.position.to_move = nxt
        self.result = settle(self.position)
