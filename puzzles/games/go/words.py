"""Go's words: moves, points, counts and results as a learner reads them."""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _

from engines.go import BLACK, GTP_COLUMNS, WHITE, Board, point_name, result_text
from puzzles.kinds import both, localized

COLOR_WORDS = {BLACK: ("黑", "Black"), WHITE: ("白", "White")}


def move_words(text: str) -> str:
    """``"W D4"`` as the learner reads it: ``白 D4`` / ``White D4``."""
    color, __, where = text.partition(" ")
    name = _("Black") if color == "B" else _("White")
    where = _("pass") if where == "pass" else where
    return f"{name} {where}"


def point_list(board: Board, points) -> str:
    return ", ".join(sorted((point_name(p, board.size) for p in points), key=point_order))


def point_order(name: str) -> tuple[int, int]:
    return GTP_COLUMNS.index(name[0]), int(name[1:])


def result_words(margin: Fraction) -> str:
    zh, en = result_text(margin)
    return localized(both(zh, en))


def count_text(value: Fraction, *, en: bool = False) -> str:
    """185, 184.5, 3 3/4 (en) / 3又3/4 (zh)."""
    whole, part = divmod(value, 1)
    if not part:
        return str(int(whole))
    if part == Fraction(1, 2) and whole >= 10:
        return f"{int(whole)}.5"
    fraction = f"{part.numerator}/{part.denominator}"
    if not whole:
        return fraction
    return f"{int(whole)} {fraction}" if en else f"{int(whole)}又{fraction}"
