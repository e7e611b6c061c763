"""跳棋's words for learners, in both languages: the colours, the sides, holes and
moves, the engine's reasons, a chain's count of jumps."""

from __future__ import annotations

from collections.abc import Iterable

from engines.tiaoqi import IllegalMove, Move, hole_name
from puzzles.kinds import both, localized

# The colours of the six seats (``draw.SEAT_COLORS``), as players name them.
COLORS = {
    "red": ("红", "Red"),
    "green": ("绿", "Green"),
    "yellow": ("黄", "Yellow"),
    "blue": ("蓝", "Blue"),
    "purple": ("紫", "Purple"),
    "orange": ("橙", "Orange"),
}
SIDES = ("red", "green")  # side 0 and side 1 of the engine


def color_words(color: str) -> str:
    """What a screen reader says after a hole's name: "red piece"."""
    zh, en = COLORS[color]
    return localized(both(f"{zh}子", f"{en.lower()} piece"))


def side_both(side: int) -> dict[str, str]:
    """``红方`` / ``Red``."""
    zh, en = COLORS[SIDES[side]]
    return both(zh + "方", en)


def holes_text(holes: Iterable, zh: bool) -> str:
    """Hole names in board order, joined as each language writes a list."""
    names = sorted((hole_name(h) if isinstance(h, tuple) else h for h in holes), key=_order)
    return ("、" if zh else ", ").join(names)


def _order(name: str) -> tuple[int, str]:
    return int(name[1:]), name[0]


def move_text(move: Move) -> str:
    """``c4-e6``: where the piece starts and where it stops."""
    return f"{hole_name(move.start)}-{hole_name(move.end)}"


def path_text(move: Move) -> str:
    """``c4-e6-g6``: every hole the piece touches on its way."""
    return "-".join(hole_name(h) for h in move.path)


def moves_both(found: Iterable[Move], limit: int = 6) -> dict[str, str]:
    """Moves as ``c4-e6、d5-d6`` (and how many more)."""
    found = sorted(found, key=lambda m: (_order(hole_name(m.start)), _order(hole_name(m.end))))
    shown = [path_text(m) if m.is_jump else move_text(m) for m in found[:limit]]
    zh, en = "、".join(shown), ", ".join(shown)
    if len(found) > limit:
        zh += f" 等 {len(found)} 步"
        en += f" and {len(found) - limit} more"
    return both(zh, en)


def reason(code: str) -> dict[str, str]:
    """The rule a move breaks, as the engine says it."""
    zh, en = IllegalMove.REASONS[code]
    return both(zh, en)


def jumps_both(count: int) -> dict[str, str]:
    if count == 0:
        return both("一步", "a step")
    return both(f"连跳 {count} 次" if count > 1 else "跳 1 次", f"{count} jump" + "s" * (count > 1))
