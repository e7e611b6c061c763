"""四国军棋's words for learners, in both languages: the pieces, the seats, points
and moves, the engine's reasons and a battle's result."""

from __future__ import annotations

from collections.abc import Iterable

from engines.junqi import AREAS, CHINESE, IllegalMove, Move, SetupError, name
from puzzles.kinds import both, localized

# The English names players use (the Chinese are the engine's ``CHINESE``).
ENGLISH = {
    "marshal": "Field Marshal",
    "general": "General",
    "major-general": "Major General",
    "brigadier": "Brigadier",
    "colonel": "Colonel",
    "major": "Major",
    "captain": "Captain",
    "lieutenant": "Lieutenant",
    "engineer": "Engineer",
    "bomb": "Bomb",
    "mine": "Landmine",
    "flag": "Flag",
}
# The one character a piece shows, as players write the ranks for short.
GLYPHS = {
    "marshal": "司",
    "general": "军",
    "major-general": "师",
    "brigadier": "旅",
    "colonel": "团",
    "major": "营",
    "captain": "连",
    "lieutenant": "排",
    "engineer": "工",
    "bomb": "炸",
    "mine": "雷",
    "flag": "旗",
}
# Seats 0–3 (South, East, North, West): their colours and names.
SEAT_COLORS = ("red", "blue", "orange", "green")
SEAT_WORDS = (("南家", "South"), ("东家", "East"), ("北家", "North"), ("西家", "West"))
SEAT_KEYS = ("south", "east", "north", "west")


def rank_both(rank: str) -> dict[str, str]:
    """``工兵`` / ``Engineer``."""
    return both(CHINESE[rank], ENGLISH[rank])


def seat_both(seat: int) -> dict[str, str]:
    zh, en = SEAT_WORDS[seat]
    return both(zh, en)


def piece_words(seat: int, rank: str | None) -> str:
    """What a screen reader says after a point's name: "South's Engineer"."""
    zh, en = SEAT_WORDS[seat]
    if rank is None:
        return localized(both(f"{zh}的暗棋", f"{en}'s hidden piece"))
    return localized(both(f"{zh}的{CHINESE[rank]}", f"{en}'s {ENGLISH[rank]}"))


def point_order(point_name: str) -> tuple[int, str]:
    """Points as the lists name them: South's, East's, North's, West's, the centre's."""
    area = point_name[0]
    return (AREAS.index(area) if area in AREAS else 4, point_name[1:])


def points_text(points: Iterable, zh: bool) -> str:
    """Point names in board order, joined as each language writes a list."""
    names = sorted((name(p) if isinstance(p, tuple) else p for p in points), key=point_order)
    return ("、" if zh else ", ").join(names)


def path_text(move: Move) -> str:
    """``S10-S20-S30``: every point the piece passes."""
    return "-".join(name(p) for p in move.path)


def moves_both(texts: Iterable[str], limit: int = 6) -> dict[str, str]:
    """Moves as ``S10-N14、S52-N52`` (and how many more)."""
    texts = sorted(texts)
    shown = texts[:limit]
    zh, en = "、".join(shown), ", ".join(shown)
    if len(texts) > limit:
        zh += f" 等 {len(texts)} 步"
        en += f" and {len(texts) - limit} more"
    return both(zh, en)


def reason(code: str) -> dict[str, str]:
    """The rule a move breaks, as the engine says it."""
    zh, en = IllegalMove.REASONS[code]
    return both(zh, en)


def setup_reason(code: str) -> dict[str, str]:
    zh, en = SetupError.REASONS[code]
    return both(zh, en)


RESULTS = {
    "attacker": ("进攻的一方吃掉对方，站到那里", "The attacker wins and takes the point"),
    "defender": ("进攻的一方被吃掉，对方不动", "The attacker is removed; the defender stays"),
    "both": ("同归于尽：两个都拿掉", "Both are removed"),
    "flag": ("扛旗：军旗被夺，这一家输了", "The flag is taken: that player loses"),
}


def result_both(result: str) -> dict[str, str]:
    zh, en = RESULTS[result]
    return both(zh, en)
