"""The match procedures of seed 000: choosing colours (猜先) and byo-yomi (读秒).

猜先: the higher-ranked player (the older one at equal rank) grabs some white stones
unseen; the other shows one black stone, meaning "if the count is odd I take black",
or two, "if it is even I take black"; then the count is shown.

>>> nigiri(grabbed=7, shown=1)
'guesser'
>>> nigiri(grabbed=7, shown=2)
'holder'

读秒 (60 seconds a move): some minutes of the basic time are kept in reserve. A move
that takes under 60 seconds is not charged; a move that reaches 60 seconds uses one
minute of the reserve (and each further full 60 seconds another). When the last minute
is used the time has run out.

>>> clock = ByoYomi(reserve=3)
>>> clock.spend(45), clock.spend(60), clock.spend(130), clock.left, clock.out_of_time
(0, 1, 2, 0, True)

The referee's calls within one move, as the seed gives them:

>>> ByoYomi(reserve=3).calls()
['30秒', '40秒', '50秒', '55秒', '58秒', '1分', '还剩2分']
>>> ByoYomi(reserve=1).calls()[-3:]
['8', '9', '10']
"""

from __future__ import annotations

from dataclasses import dataclass


def nigiri(grabbed: int, shown: int) -> str:
    """Who takes black: ``"guesser"`` (the one who showed black stones) or ``"holder"``."""
    if not isinstance(grabbed, int) or grabbed < 1:
        raise ValueError("the hand must hold at least one stone")
    if shown not in (1, 2):
        raise ValueError("the guess is one black stone (odd) or two (even)")
    guessed_odd = shown == 1
    return "guesser" if (grabbed % 2 == 1) == guessed_odd else "holder"


@dataclass
class ByoYomi:
    """Minutes kept for byo-yomi, spent a move at a time (60 seconds a move)."""

    reserve: int

    def __post_init__(self):
        if not isinstance(self.reserve, int) or self.reserve < 1:
            raise ValueError("byo-yomi needs at least one minute in reserve")
        self.left = self.reserve

    @property
    def out_of_time(self) -> bool:
        return self.left <= 0

    def spend(self, seconds: int) -> int:
        """Charge one move of ``seconds``; returns the minutes it used."""
        if self.out_of_time:
            raise ValueError("the time has already run out")
        if not isinstance(seconds, int) or seconds < 0:
            raise ValueError("a move takes a whole number of seconds, 0 or more")
        used = min(seconds // 60, self.left)
        self.left -= used
        return used

    def calls(self) -> list[str]:
        """What the referee calls during one move from now until its minute is used."""
        if self.out_of_time:
            return []
        if self.left > 1:
            return ["30秒", "40秒", "50秒", "55秒", "58秒", "1分", f"还剩{self.left - 1}分"]
        return ["30秒", "40秒", "50秒", *(str(n) for n in range(1, 11))]


def byoyomi_left(reserve: int, moves: list[int]) -> int:
    """Minutes left after moves taking ``moves`` seconds each; 0 once time ran out."""
    clock = ByoYomi(reserve)
    for seconds in moves:
        if clock.out_of_time:
            break
        clock.spend(seconds)
    return clock.left
