"""Renju's words: moves, rows, fouls and wins as a learner reads them, in both languages."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engines.renju import (
    BLACK,
    DOUBLE_FOUR,
    DOUBLE_THREE,
    OVERLINE,
    WHITE,
    Analysis,
    Foul,
    Shape,
    names,
    point_name,
    sort_key,
)
from puzzles.kinds import WRONG, Text, Verdict, both

COLOR = {BLACK: ("黑", "Black"), WHITE: ("白", "White")}


DIRECTION = {
    "horizontal": ("横", "across"),
    "vertical": ("竖", "up and down"),
    "diagonal": ("斜", "on the diagonal"),
    "anti-diagonal": ("斜", "on the other diagonal"),
}


KIND_WORDS = {
    DOUBLE_THREE: ("三三禁手", "a double-three"),
    DOUBLE_FOUR: ("四四禁手", "a double-four"),
    OVERLINE: ("长连禁手", "an overline"),
    "five": ("五连", "a five"),
}


SHAPE_WORDS = {
    "three": ("活三", "three"),
    "false-three": ("假活三", "false three"),
    "four": ("冲四", "four"),
    "straight-four": ("活四", "straight four"),
    "overline": ("长连", "overline"),
    "five": ("五连", "five"),
}


def move_text(color: int, point: int) -> str:
    return f"{'B' if color == BLACK else 'W'} {point_name(point)}"


def move_words(text: str) -> str:
    """``"W l8"`` as the learner reads it: ``白 l8`` / ``White l8``."""
    color, _sep, where = text.partition(" ")
    name = _("Black") if color == "B" else _("White")
    return f"{name} {where}"


def _row(shape: Shape) -> str:
    first, last = sorted(shape.ends, key=sort_key)
    return f"{point_name(first)}–{point_name(last)}"


def shape_words(shape: Shape) -> tuple[str, str]:
    """``横 h8–j8 活三`` / ``a three across, h8–j8``."""
    zh_dir, en_dir = DIRECTION[shape.direction]
    zh_kind, en_kind = SHAPE_WORDS[shape.kind]
    return f"{zh_dir} {_row(shape)} {zh_kind}", f"{en_kind} {en_dir} ({_row(shape)})"


def foul_words(foul: Foul) -> dict[str, str]:
    """Why black may not play there, row by row."""
    name = point_name(foul.point)
    zh_kind, en_kind = KIND_WORDS[foul.kind]
    rows = [shape_words(s) for s in foul.shapes]
    return both(
        f"{name} 是{zh_kind}：{'、'.join(zh for zh, _en in rows)}。",
        f"{name} is {en_kind}: {'; '.join(en for _zh, en in rows)}.",
    )


def foul_verdict(foul: Foul, zh: str, en: str, answer: Text = "") -> Verdict:
    """Wrong: the foul named, then what it means here (``answer``: the right move,
    shown when the learner asks)."""
    words = foul_words(foul)
    return Verdict(WRONG, message=both(words["zh"] + zh, f"{words['en']} {en}"), answer=answer)


def _false_words(shape: Shape) -> tuple[str, str]:
    points = "、".join(point_name(point) for point, _why in shape.why)
    reasons_zh, reasons_en = [], []
    for point, why in shape.why:
        zh, en = KIND_WORDS.get(why, (why, why))
        reasons_zh.append(f"{point_name(point)} 本身就{'成五' if why == 'five' else '是' + zh}")
        reasons_en.append(f"{point_name(point)} would itself be {en}")
    zh_dir, en_dir = DIRECTION[shape.direction]
    return (
        f"{zh_dir} {_row(shape)} 是假活三：要成活四只能下在 {points}，而{'、'.join(reasons_zh)}",
        f"the three {en_dir} ({_row(shape)}) is false: its straight four needs a stone where"
        f" {' or '.join(reasons_en)}",
    )


def win_words(color: int, row: tuple[int, ...]) -> dict[str, str]:
    """Five in a row, or (white's) six or more, which wins as well."""
    zh_color, en_color = COLOR[color]
    if len(row) > 5:
        return both(
            f"{zh_color}棋连成{len(row)}子（{names(row)}）：白棋长连也算胜！",
            f"{len(row)} in a row for white ({names(row)}): for white an overline wins too!",
        )
    return both(
        f"{zh_color}棋五连（{names(row)}），胜！",
        f"Five in a row for {en_color.lower()} ({names(row)}): a win!",
    )


def allowed_words(analysis: Analysis) -> dict[str, str]:
    """Why black may play there: what the stone makes, and what it does not."""
    name = point_name(analysis.point)
    if analysis.five:
        return both(
            f"{name} 成五连，黑胜：五连与禁手同时形成也算胜。",
            f"{name} makes five: black wins, even if a forbidden shape comes with it.",
        )
    real = analysis.of_kind("three")
    fours = analysis.of_kind("four", "straight-four")
    false = analysis.of_kind("false-three")
    zh, en = [], []
    if fours:
        zh.append("、".join(shape_words(s)[0] for s in fours))
        en.append("; ".join(shape_words(s)[1] for s in fours))
    if real:
        zh.append("、".join(shape_words(s)[0] for s in real))
        en.append("; ".join(shape_words(s)[1] for s in real))
    for shape in false:
        words = _false_words(shape)
        zh.append(words[0])
        en.append(words[1])
    if fours and real:
        summary = ("这是四三，黑棋可以下", "a four-three, which black may play")
    elif len(fours) + len(real) <= 1:
        summary = ("只有一个四或三，不是禁手", "at most one four or three: not forbidden")
    else:
        summary = ("不是禁手", "not forbidden")
    if not zh:
        return both(
            f"{name} 不成任何三或四，可以下。", f"{name} makes no three or four: it is allowed."
        )
    return both(
        f"{name}：{'；'.join(zh)}。{summary[0]}。",
        f"{name}: {'; '.join(en)}. So {summary[1]}.",
    )
