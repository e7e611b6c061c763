"""Xiangqi's words for learners, in both languages: pieces, sides, moves in
Chinese notation (WXF in English), the engine's reasons, the kinds' prompts."""

from __future__ import annotations

from collections.abc import Iterable

from engines.xiangqi import BLACK, REASONS, Move, Position
from engines.xiangqi.notation import chinese, wxf
from puzzles.kinds import both, localized

SIDES = (("红方", "Red"), ("黑方", "Black"))
SHORT = (("红", "Red"), ("黑", "Black"))
PIECES_ZH = (
    ("", "帅", "仕", "相", "马", "车", "炮", "兵"),
    ("", "将", "士", "象", "马", "车", "炮", "卒"),
)
PIECES_EN = ("", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier")
NUMBERS_ZH = ("", "一", "两", "三", "四", "五")
NUMBERS_EN = ("", "one", "two", "three", "four", "five")


def side(color: int) -> dict[str, str]:
    zh, en = SIDES[color]
    return both(zh, en)


def piece_both(code: int) -> dict[str, str]:
    """``红车`` / ``red chariot``."""
    color, kind = code >> 3, code & 7
    return both(
        SHORT[color][0] + PIECES_ZH[color][kind], f"{SHORT[color][1].lower()} {PIECES_EN[kind]}"
    )


def piece_words(code: int) -> str:
    return localized(piece_both(code))


def move_both(position: Position, move: Move | str) -> dict[str, str]:
    """A move as players write it, for the position it is played in: 炮二平五 / C2=5."""
    return both(chinese(position, move), wxf(position, move))


def line_both(position: Position, moves: Iterable[str]) -> dict[str, str]:
    """Moves played on from ``position`` (which is left as it was), numbered as a
    game record: ``1. 车二进九 将５平４ 2. …``."""
    p = position.copy()
    zh, en = [], []
    number, first_black = 1, p.turn == BLACK
    for index, text in enumerate(moves):
        words = move_both(p, text)
        if p.turn != BLACK or (index == 0 and first_black):
            prefix = f"{number}." + (" …" if p.turn == BLACK else "")
            zh.append(prefix)
            en.append(prefix)
        zh.append(words["zh"])
        en.append(words["en"])
        if p.turn == BLACK:
            number += 1
        p.play(text)
    return both(" ".join(zh), " ".join(en))


def reason(code: str) -> dict[str, str]:
    zh, en = REASONS.get(code, REASONS["bad-move"])
    return both(zh, en)


def mate_prompt(color: int, depth: int) -> dict[str, str]:
    zh, en = SHORT[color]
    if depth == 1:
        return both(f"{zh}先，一步杀。", f"{en} to play: mate in one.")
    return both(
        f"{zh}先，{NUMBERS_ZH[depth]}步杀。",
        f"{en} to play: mate in {NUMBERS_EN[depth]}.",
    )


def end_both(end: str, loser: int) -> dict[str, str]:
    """The game over: ``mate`` (将死) or ``stalemate`` (困毙)."""
    zh, en = SIDES[loser]
    if end == "mate":
        return both(f"将死！{zh}输了。", f"Checkmate! {en} loses.")
    return both(
        f"困毙！{zh}没有被将军，却一步棋也走不了，判负。",
        f"Stalemate (困毙)! {en} is not in check but has no legal move, and loses.",
    )


def joined(texts: Iterable[dict[str, str]], *, zh: str = "、", en: str = ", ") -> dict[str, str]:
    texts = list(texts)
    return both(zh.join(t["zh"] for t in texts), en.join(t["en"] for t in texts))
