"""Click the point that meets a goal: the base of every "find the point" kind.

A lesson asks for a point by what it does (the centre, a star point, a point
that connects, an atari, a four-three...); every point that does it is right,
any other is wrong with the reason. A game's kind names its ``goals`` and says,
from its engine, whether a move is refused (occupied, illegal), whether it meets
the goal, and the words for each verdict; this base validates the puzzle (some
point must meet the goal), judges, and keeps the answer for the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from . import CORRECT, WRONG, InvalidPuzzle, PuzzleKind, Text, Verdict


class PointGoalKind(PuzzleKind):
    goals: ClassVar[tuple[str, ...]]
    typed_moves = True

    def goal(self, data: Mapping[str, Any]) -> str:
        goal = data.get("goal")
        if goal not in self.goals:
            raise InvalidPuzzle(f"goal must be one of {', '.join(self.goals)}")
        return goal

    def check_goal(self, data: Mapping[str, Any]) -> None:
        """What a goal needs besides its name (the point, the stones): raise ``InvalidPuzzle``."""

    def answers(self, data: Mapping[str, Any]) -> list:
        """Every point that meets the goal."""
        raise NotImplementedError

    def refuse(self, data: Mapping[str, Any], answer: Any) -> Verdict | None:
        """A move the rules do not allow here (nothing changes), or None."""
        return None

    def meets(self, data: Mapping[str, Any], answer: Any) -> bool:
        raise NotImplementedError

    def right(self, data: Mapping[str, Any], answer: Any) -> Text:
        raise NotImplementedError

    def wrong(self, data: Mapping[str, Any], answer: Any) -> Text:
        """Why ``answer`` misses the goal, without naming the points that meet it."""
        raise NotImplementedError

    def answer_words(self, data: Mapping[str, Any]) -> Text:
        """The points that meet the goal, in words: shown when the learner asks."""
        raise NotImplementedError

    def validate(self, data):
        self.goal(data)
        self.check_goal(data)
        if not self.answers(data):
            raise InvalidPuzzle("no point meets the goal")

    def check(self, data, state, answer):
        refused = self.refuse(data, answer)
        if refused is not None:
            return refused, state
        state = {"answer": self.answer_text(answer)}
        if self.meets(data, answer):
            return Verdict(CORRECT, message=self.right(data, answer)), state
        verdict = Verdict(WRONG, message=self.wrong(data, answer), answer=self.answer_words(data))
        return verdict, state
