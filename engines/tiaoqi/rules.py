"""The rule options of 跳棋: one dataclass, the readings of ``chinese_checkers.md``.

* ``pieces``: 10 (one camp, the default) or 15 (the camp and the row before it).
* ``target_lock``: a piece in its target camp moves only within it (CC-R07).
* ``home_exit_deadline``: 消极 (CC-10, CC-R08): a player with a piece still in a
  home hole after this many of their own moves loses (0: never checked).
* ``hop_own``: a piece may jump over its own side's pieces (CC-05 "任何方"); off
  only to compare with programs that forbid it.

>>> DEFAULT.pieces, DEFAULT.home_exit_deadline
(10, 30)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT", "FIFTEEN", "Rules"]


@dataclass(frozen=True)
class Rules:
    name: str = "standard"
    pieces: int = 10
    target_lock: bool = True
    home_exit_deadline: int = 30
    hop_own: bool = True

    def __post_init__(self):
        if self.pieces not in (10, 15):
            raise ValueError(f"each side has 10 or 15 pieces, not {self.pieces!r}")
        if isinstance(self.home_exit_deadline, bool) or not 0 <= self.home_exit_deadline <= 200:
            raise ValueError(
                f"home_exit_deadline is 0 to 200 moves, not {self.home_exit_deadline!r}"
            )


DEFAULT = Rules()
FIFTEEN = Rules("fifteen", pieces=15)
