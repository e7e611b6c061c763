"""Answers typed as a number: the box under a board, and reading what it posts.

Shared by every kind that asks for a count (liberties, points, minutes, a
territory count in halves).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from ..boards import answer_controls
from . import BadAnswer

LARGEST = 1000  # no count a puzzle asks for is larger


def number_input(label: str, *, step: str = "1", field_id: str = "answer-number") -> str:
    """A number box and its Answer button, posting ``answer``; ``step="0.5"`` takes halves."""
    button = _("Answer")  # outside the f-string, where makemessages finds it
    mode = "numeric" if step == "1" else "decimal"
    return answer_controls(
        f'<label for="{html.escape(field_id)}">{html.escape(label)}</label>'
        f'<input type="number" id="{html.escape(field_id)}" name="answer" min="0" '
        f'max="{LARGEST}" step="{html.escape(step)}" inputmode="{mode}" required>'
        f'<button type="submit" class="button">{html.escape(button)}</button>'
    )


def read_number(post: Mapping[str, Any], *, halves: bool = False) -> Fraction:
    """The number ``number_input`` posted: a whole number from 0 to 1000 (or a
    half, with ``halves``); ``BadAnswer`` says what is wrong with anything else."""
    text = post.get("answer")
    if not isinstance(text, str) or not text.strip():
        raise BadAnswer(_("no number was given"))
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise BadAnswer(_("%(text)s is not a number") % {"text": text.strip()[:20]}) from None
    if value < 0 or value > LARGEST or (value * (2 if halves else 1)).denominator != 1:
        raise BadAnswer(_("%(text)s is not a possible answer") % {"text": text.strip()[:20]})
    return value
