"""The rule options of 四国军棋: one dataclass, the readings of ``junqi.md`` where the
rules are silent (the decisions table of ``rules/games/README.md``).

* ``bomb_takes_flag``: a bomb that hits the flag takes it, as the common platforms
  rule it (JQ-R08); off, a bomb may not attack a flag at all.
* ``flag_shown``: when a player's 司令 dies, their flag is shown to everyone
  (JQ-R07); off (``flag_hidden``), it stays hidden.
* ``defeated_leave``: a defeated player's pieces leave the board (JQ-R07); off, they
  stay where they are, frozen, and nobody may attack them.
* ``open_pieces``: 明棋, every player sees every rank (JQ-R06); off, each player
  sees only their own pieces' ranks (暗棋).
* ``no_capture_limit``: moves in a row without a fight before the game is drawn
  (JQ-16; every player's move counts one, JQ-R09).
* ``timeout_limit``: timeouts that lose the game (JQ-15).

>>> DEFAULT.bomb_takes_flag, DEFAULT.no_capture_limit, FLAG_HIDDEN.flag_shown
(True, 70, False)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT", "FLAG_HIDDEN", "OPEN", "Rules"]


@dataclass(frozen=True)
class Rules:
    name: str = "standard"
    bomb_takes_flag: bool = True
    flag_shown: bool = True
    defeated_leave: bool = True
    open_pieces: bool = False
    no_capture_limit: int = 70
    timeout_limit: int = 5

    def __post_init__(self):
        for key in ("no_capture_limit", "timeout_limit"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
                raise ValueError(f"{key} is a whole number from 1 to 1000, not {value!r}")
        for key in ("bomb_takes_flag", "flag_shown", "defeated_leave", "open_pieces"):
            if not isinstance(getattr(self, key), bool):
                raise ValueError(f"{key} is true or false")


DEFAULT = Rules()
FLAG_HIDDEN = Rules("flag_hidden", flag_shown=False)
OPEN = Rules("open", open_pieces=True)
