"""The forms every teacher's puzzle page shares: the texts, and a board editor's frame.

A game's own editor forms (``puzzles.games.<game>.editor``) build on these: each
turns its fields into the values its editor works with and reports what it cannot
read on the field that holds it. Whether the puzzle is sound is the engine's to
say, on save.
"""

from __future__ import annotations

import re
from html import escape

from django import forms
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from config.inputs import BoundedIntegerField

from . import publishing
from .authoring import RATING_RANGE, PuzzleTexts

COLOR_CHOICES = [("black", _("Black (黑)")), ("white", _("White (白)"))]


def _text(label, rows: int, longest: int, help_text="") -> forms.CharField:
    """A box for a text in one language."""
    return forms.CharField(
        label=label,
        required=False,
        max_length=longest,
        widget=forms.Textarea(attrs={"rows": rows}),
        help_text=help_text,
    )


class PuzzleTextsForm(forms.Form):
    """Prompt, explanation and publishing, shared by every teacher's puzzle form."""

    prompt_zh = _text(
        _("Prompt in Chinese"), 2, 1000, _("Say who plays and what to do, e.g. 黑先，吃掉△白子。")
    )
    prompt_en = _text(
        _("Prompt in English"),
        2,
        1000,
        _("One language is enough: learners see the other language's text."),
    )
    explanation_zh = _text(_("Explanation in Chinese"), 3, 4000, _("Shown after a correct answer."))
    explanation_en = _text(_("Explanation in English"), 3, 4000)
    is_public = forms.BooleanField(
        label=_("Ask to publish it in the puzzle library"),
        required=False,
        help_text=_(
            "An editor reviews the puzzle first; until it is approved, only you, the teachers "
            "of your classes and your classes' students see it. Untick to make it private."
        ),
    )
    rating = BoundedIntegerField(
        label=_("Estimated rating"),
        required=False,
        min_value=RATING_RANGE[0],
        max_value=RATING_RANGE[1],
        help_text=_(
            "Where the puzzle starts on the learners' scale: a new learner is at 1000, "
            "a first capture about 600, 10 kyu about 1500. Needed to publish."
        ),
    )

    prompt_from_content = False  # an SGF's root comment may stand in for the prompt
    TEXT_FIELDS = (
        "prompt_zh",
        "prompt_en",
        "explanation_zh",
        "explanation_en",
        "is_public",
        "rating",
    )

    def content_fields(self):
        """The fields about the puzzle itself, before the texts."""
        return [bound for bound in self if bound.name not in self.TEXT_FIELDS]

    def check_texts(self, cleaned) -> None:
        if not (
            self.prompt_from_content
            or (cleaned.get("prompt_zh") or "").strip()
            or (cleaned.get("prompt_en") or "").strip()
        ):
            self.add_error("prompt_zh", _("Write the prompt in Chinese or in English (or both)."))
        if cleaned.get("is_public") and cleaned.get("rating") is None:
            self.add_error("rating", _("A published puzzle needs an estimated rating."))

    def texts(self) -> PuzzleTexts:
        return PuzzleTexts.from_fields(self.cleaned_data)

    @classmethod
    def initial_texts(cls, puzzle) -> dict:
        if puzzle is None:
            return {}
        return {
            "prompt_zh": puzzle.prompt_zh,
            "prompt_en": puzzle.prompt_en,
            "explanation_zh": puzzle.explanation_zh,
            "explanation_en": puzzle.explanation_en,
            "is_public": publishing.wants_library(puzzle),
            "rating": round(puzzle.rating),
        }


class BoardEditorForm(PuzzleTextsForm):
    """A board editor: the position as a text diagram, a tool, the clicked point."""

    # What the page shows, in order: the buttons under the board (value, label),
    # the fields that describe the position, and the button that starts afresh.
    BOARD_ACTIONS: tuple = ()
    SETTINGS: tuple[str, ...] = ("to_move",)
    CLEAR_LABEL = _("Clear the board")

    at = forms.CharField(label=_("Clicked point"), required=False, max_length=5)

    # The point last clicked (as its button's value), focused again on the new board.
    clicked: str = ""

    def refreshed(self, changes: dict) -> BoardEditorForm:
        """The same form with the editor's new state, ready for the next click."""
        data = self.data.copy()
        for name, value in changes.items():
            data[name] = value
        for name in ("at", "action"):
            data.pop(name, None)
        form = type(self)(data)
        form.clicked = self.data.get("at") or ""
        return form

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") == "save":
            self.check_texts(cleaned)
        return cleaned

    def setup(self):
        """The position to draw: what could be read of it."""
        if self.is_bound:
            self.is_valid()
            found = self.cleaned_data.get("setup")
            return found if found is not None else self.fallback_setup()
        return self.initial_setup()

    def read_click(self, cleaned: dict, parse) -> None:
        """The clicked point (``at``) as ``parse`` reads it, None when none was clicked;
        one off the board is an error on the form."""
        text, cleaned["at"] = cleaned.get("at"), None
        if text:
            try:
                cleaned["at"] = parse(text)
            except ValueError:
                self.add_error(None, _("That point is not on the board."))

    def settings(self):
        return [self[name] for name in self.SETTINGS]

    def board(self) -> str:
        """The editor's board, a button on every point."""
        raise NotImplementedError

    def drawn_board(self) -> str:
        """``board()`` with the point just clicked focused (``autofocus``, which htmx
        also honours in a swapped fragment), so the next key goes on from there."""
        drawn = self.board()
        if not self.clicked:
            return drawn
        value = re.escape(escape(self.clicked, quote=True))
        button = re.compile(rf'<button(?=[^>]*\bname="at")(?=[^>]*\bvalue="{value}")')
        return mark_safe(button.sub("<button autofocus", drawn, count=1))  # noqa: S308

    def initial_setup(self):
        raise NotImplementedError

    def fallback_setup(self):
        raise NotImplementedError
