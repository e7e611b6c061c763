"""Lesson pictures: a board or a table a lesson step shows, that asks nothing.

A step's ``board`` names either a picture (``renju.diagram``, ``dagunzi.table``)
or a puzzle kind, whose board is then drawn without controls. Pictures are not
puzzle kinds: they cannot be made into a puzzle or an exercise, and there is no
answer to send them. A game's package registers its pictures with
``@register_picture`` beside its kinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from .kinds import InvalidPuzzle, UnknownKind, get_kind


class LessonPicture:
    name: ClassVar[str]
    game: ClassVar[str]

    def validate(self, data: Mapping[str, Any]) -> None:
        """Raise ``InvalidPuzzle`` (the reason names what and where) for bad data."""
        raise NotImplementedError

    def draw(self, data: Mapping[str, Any]) -> str:
        raise NotImplementedError


_PICTURES: dict[str, LessonPicture] = {}


def register_picture(cls: type[LessonPicture]) -> type[LessonPicture]:
    _PICTURES[cls.name] = cls()
    return cls


def get_picture(name: str) -> LessonPicture | None:
    return _PICTURES.get(name)


def check_static_board(name: str, data: Mapping[str, Any], game: str) -> None:
    """A step's board: a picture, or a kind's board, of ``game``, with valid data.
    Raise ``InvalidPuzzle`` or ``UnknownKind``."""
    shown = get_picture(name) or get_kind(name)
    if shown.game != game:
        raise InvalidPuzzle(f"{name} is not a {game} picture or kind")
    shown.validate(data)


def draw_static_board(name: str, data: Mapping[str, Any]) -> str:
    picture = get_picture(name)
    if picture is not None:
        return picture.draw(data)
    return get_kind(name).board(data, None, interactive=False)


__all__ = [
    "LessonPicture",
    "UnknownKind",
    "check_static_board",
    "draw_static_board",
    "get_picture",
    "register_picture",
]
