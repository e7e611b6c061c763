"""Small pictures of puzzles for lists: the home page's daily puzzles, and the
teacher's results grid's column heads and assignment picker's rows, so that puzzles
with the same prompt (黑先，吃掉△白子。) can be told apart at a glance.

A thumbnail is cut from the puzzle's own board as its kind draws it without
controls (``board(..., interactive=False)``, the drawing layer of ``puzzles.boards``):
for a board of points, the SVG picture alone, without coordinates, its view
cropped to the stones (a corner problem shows its corner); for a card table,
the hand the learner holds. It is decorative (``aria-hidden``): the title, kind
and rating beside it are the words. Kept in this process per puzzle, last change
(``updated_at``) and language, so a picker of sixty puzzles draws nothing once warm
(the content cache would forget them every few seconds).
"""

from __future__ import annotations

import re

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from puzzles.kinds import UnknownKind, get_kind

_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
_COORD = re.compile(r'<text class="board-coord"[^>]*>[^<]*</text>')
_VIEWBOX = re.compile(r'viewBox="0 0 ([\d.]+) ([\d.]+)"')
_STONE = re.compile(r'class="stone\b[^"]*" cx="([\d.]+)" cy="([\d.]+)"')
# The hand the learner holds (a card table's "you"), else the table's first hand.
_HAND_YOU = re.compile(r'<div class="hand hand-you[^"]*">.*?</div>', re.S)
_HAND = re.compile(r'<div class="hand\b[^"]*">.*?</div>', re.S)
# Else the table's first cards (a kitty, a trick): a card's face holds rank and suit.
_CARD = re.compile(
    r'<span class="card (?!card-back)[^"]*"[^>]*><span class="card-face".*?</span></span></span>',
    re.S,
)
MAX_CARDS = 8

MIN_SIDE = 5.0  # board units: a cropped view shows at least 5 × 5 points' room
MARGIN = 1.0  # room around the outermost stones, in points


_drawn: dict[tuple, SafeString] = {}
MAX_KEPT = 5000


def thumbnail(puzzle) -> SafeString:
    """The puzzle's small picture (empty when its kind draws nothing usable)."""
    if puzzle.pk is None or puzzle.updated_at is None:
        return _draw(puzzle)
    key = (puzzle.pk, puzzle.updated_at, get_language())
    found = _drawn.get(key)
    if found is None:
        if len(_drawn) >= MAX_KEPT:
            _drawn.clear()
        found = _drawn[key] = _draw(puzzle)
    return found


def _draw(puzzle) -> SafeString:
    try:
        drawn = str(get_kind(puzzle.kind).board(puzzle.kind_data, None, interactive=False))
    except (UnknownKind, KeyError, ValueError, TypeError):
        return mark_safe("")  # a puzzle its kind cannot draw still gets its words
    svg = _SVG.search(drawn)
    if svg is not None:
        return _wrap("board", _cropped(_COORD.sub("", svg.group())))
    hand = _HAND_YOU.search(drawn) or _HAND.search(drawn)
    if hand is not None:
        return _wrap("hand", hand.group())
    cards = _CARD.findall(drawn)[:MAX_CARDS]
    if cards:
        return _wrap("hand", '<div class="hand">' + "".join(cards) + "</div>")
    return mark_safe("")


def _wrap(what: str, inner: str) -> SafeString:
    # ``inner`` is the kind's own drawing, already escaped where it holds text.
    return format_html(
        '<span class="item-thumb item-thumb-{}" aria-hidden="true">{}</span>',
        what,
        mark_safe(inner),  # noqa: S308
    )


def _cropped(svg: str) -> str:
    """The SVG with its view narrowed to the stones and a point's room around them,
    squared, at least ``MIN_SIDE`` wide, within the board."""
    box = _VIEWBOX.search(svg)
    stones = [(float(x), float(y)) for x, y in _STONE.findall(svg)]
    if box is None or not stones:
        return svg
    width, height = float(box.group(1)), float(box.group(2))
    xs, ys = [x for x, _y in stones], [y for _x, y in stones]
    left, right = _span(min(xs), max(xs), width)
    top, bottom = _span(min(ys), max(ys), height)
    side = max(right - left, bottom - top, MIN_SIDE)
    left, right = _grow(left, right, side, width)
    top, bottom = _grow(top, bottom, side, height)
    view = f'viewBox="{left:g} {top:g} {right - left:g} {bottom - top:g}"'
    return svg[: box.start()] + view + svg[box.end() :]


def _span(low: float, high: float, size: float) -> tuple[float, float]:
    """The stones' extent with a margin; the board's edge (and its own margin of
    one unit) is shown when the stones come within two points of it."""
    low, high = low - MARGIN, high + MARGIN
    if low < 2.0:
        low = 0.5
    if high > size - 2.0:
        high = size - 0.5
    return low, high


def _grow(low: float, high: float, side: float, size: float) -> tuple[float, float]:
    """Widen ``[low, high]`` to ``side`` about its middle, kept within ``[0.5, size - 0.5]``."""
    side = min(side, size - 1.0)
    extra = side - (high - low)
    low, high = low - extra / 2, high + extra / 2
    if low < 0.5:
        low, high = 0.5, 0.5 + side
    if high > size - 0.5:
        low, high = size - 0.5 - side, size - 0.5
    return low, high
