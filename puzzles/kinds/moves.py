"""Moves from one point to another (Xiangqi, Chinese checkers, Junqi), as a form
that works without JavaScript.

A move is two clicks: the first picks a piece up (``select=e3``), and the board
comes back with that piece marked and a button on each point it may go to,
posting the whole move (``move=e3e5``); a click on another of the learner's
pieces picks that one instead. Nothing is recorded for a pick (the verdict is
``PICKED``, which changes nothing). The move can also be typed: ``e3e5``,
``e3-e5`` or ``e3 e5``.

A kind reads answers with ``read_move`` and, for a pick, returns ``picked``;
its ``board`` lays the controls out with ``arrange`` from what its engine says:
which points hold a piece the learner may move, and where the picked one can go.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from ..boards.picture import Picture
from . import ILLEGAL, PICKED, BadAnswer, Text, Verdict, both

SELECT = "select"  # the field of a first click: a piece picked up
MOVE = "move"  # the field of a whole move, clicked or typed


@dataclass(frozen=True)
class Pick:
    """A piece picked up at ``point``, not yet moved."""

    point: str


@dataclass(frozen=True)
class FromTo:
    start: str
    end: str

    @property
    def text(self) -> str:
        return f"{self.start}{self.end}"


def read_move(post: Mapping[str, Any], read_point: Callable[[str], str]) -> Pick | FromTo:
    """The answer a from-to form posted. ``read_point`` gives a point's name as the
    game writes it, or raises ``ValueError`` for a text that is none."""
    picked = post.get(SELECT)
    if isinstance(picked, str) and picked.strip():
        return Pick(_point(picked.strip(), read_point))
    text = post.get(MOVE)
    if not isinstance(text, str) or not text.strip():
        raise BadAnswer(_("no move was given"))
    words = [w for w in re.split(r"[\s\-–—>→]+", text.strip()) if w]
    if len(words) == 1:  # e3e5, h10h9: split where the second point begins
        found = re.fullmatch(r"([A-Za-z]+\d+)([A-Za-z]+\d+)", words[0])
        words = list(found.groups()) if found else words
    if len(words) != 2:
        raise BadAnswer(_("a move is two points, from and to: e3e5"))
    start, end = (_point(w, read_point) for w in words)
    if start == end:
        raise BadAnswer(_("a move goes from one point to another"))
    return FromTo(start, end)


def read_clicked(post: Mapping[str, Any], read_point: Callable[[str], str]) -> str:
    """One point clicked (``move=e5``), as the game writes it: a marking drill's tick,
    a "click the point" answer. ``BadAnswer`` for anything else."""
    text = post.get(MOVE)
    if not isinstance(text, str) or not text.strip():
        raise BadAnswer(_("no point was given"))
    return _point(text.strip(), read_point)


def _point(text: str, read_point: Callable[[str], str]) -> str:
    try:
        return read_point(text[:8])
    except ValueError:
        raise BadAnswer(_("%(text)s is not a point of the board") % {"text": text[:8]}) from None


NOT_YOURS = {
    "own": both("这道题不走这个棋子。", "This exercise does not move that piece."),
    "theirs": both(
        "这是对方的棋子。先点你自己的棋子。",
        "That is your opponent's piece. Pick one of yours first.",
    ),
    "none": both(
        "那里没有棋子。先点你要走的棋子。",
        "There is no piece there. Pick the piece you want to move.",
    ),
}


def not_movable(whose: str) -> Verdict:
    """The refusal of a point the learner may not pick up: ``whose`` is ``"own"`` (a
    piece of theirs this exercise does not move), ``"theirs"`` or ``"none"`` (an
    empty point). Nothing changes."""
    return Verdict(ILLEGAL, message=NOT_YOURS[whose])


def picked(point: str, message: Text = "") -> Verdict:
    """The verdict of a pick: nothing recorded, the board shows where it can go."""
    return Verdict(PICKED, message=message, picked=point)


def arrange(
    picture: Picture,
    *,
    movable: Collection[str],
    picked: str = "",
    targets: Collection[str] = (),
) -> Picture:
    """Lay a picture's controls out for a from-to move.

    ``movable``: the points of the pieces the learner may move; ``picked``: the one
    picked up, if any, and ``targets`` the points it can go to. The picked piece
    is ringed; each target is dotted and posts the whole move; the other movable
    pieces can be picked instead. Nothing else can be clicked.
    """
    for spot in picture.spots:
        spot.clickable, spot.post = False, None
        if picked and spot.name in targets:
            spot.clickable, spot.post = True, (MOVE, f"{picked}{spot.name}")
            spot.mark = spot.mark or "dest"
        elif spot.name == picked:
            spot.mark = "lifted"
        elif spot.name in movable:
            spot.clickable, spot.post = True, (SELECT, spot.name)
    return picture
