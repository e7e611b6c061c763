"""A teacher's puzzle joins the library only when staff approve it.

Asking puts the puzzle in the admin's review list ("Puzzles awaiting review");
it stays private (``is_public`` false) until a member of staff approves it, or
declines it with a note the teacher reads. Withdrawing the request or taking a
puzzle out of the library is immediate. Changing what a library puzzle says or
asks (its position, solution, prompt or explanation) sends it back to review.

Every change saves a real ``Puzzle`` (never the admin's proxy), so the content
cache and the theme rows' copies of ``is_public`` follow at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import timezone

from .models import Puzzle

Publication = Puzzle.Publication

# What a learner is shown: changing any of these needs a new review.
CONTENT_FIELDS = (
    "game",
    "kind",
    "data",
    "prompt_zh",
    "prompt_en",
    "explanation_zh",
    "explanation_en",
)
NOTE_LENGTH = 500


def _requested() -> dict[str, Any]:
    return {
        "is_public": False,
        "publication": Publication.REQUESTED,
        "publication_note": "",
        "publication_requested_at": timezone.now(),
    }


def _private(puzzle: Puzzle | None) -> dict[str, Any]:
    """Out of the library and out of the review list; a refusal and its note are kept."""
    declined = puzzle is not None and puzzle.publication == Publication.DECLINED
    if declined and not puzzle.is_public:
        return {"is_public": False}
    return {
        "is_public": False,
        "publication": Publication.NONE,
        "publication_note": "",
        "publication_requested_at": None,
    }


def is_waiting(puzzle: Puzzle) -> bool:
    return puzzle.publication == Publication.REQUESTED and not puzzle.is_public


def wants_library(puzzle: Puzzle | None) -> bool:
    """Whether the teacher's form starts with "ask for the library" ticked."""
    return puzzle is not None and (puzzle.is_public or is_waiting(puzzle))


def fields_on_save(
    puzzle: Puzzle | None, values: Mapping[str, Any], wanted: bool
) -> dict[str, Any]:
    """The library fields for a teacher's puzzle saved with ``values``.

    ``puzzle`` is the puzzle before the save (None for a new one) and ``wanted``
    whether the teacher asks for the library. A library puzzle whose content is
    unchanged stays; a changed one leaves the library and waits for review again.
    """
    if not wanted:
        return _private(puzzle)
    if puzzle is None:
        return _requested()
    changed = any(
        getattr(puzzle, name) != values[name] for name in CONTENT_FIELDS if name in values
    )
    if puzzle.is_public and not changed:
        return {}
    if is_waiting(puzzle):
        return {}  # keeps its place in the review list
    return _requested()


def _save(puzzle: Puzzle, fields: Mapping[str, Any]) -> Puzzle:
    if type(puzzle) is not Puzzle:  # the admin's proxy: save the real model
        puzzle = Puzzle.objects.get(pk=puzzle.pk)
    for name, value in fields.items():
        setattr(puzzle, name, value)
    puzzle.save(update_fields=[*fields, "updated_at"])
    return puzzle


def ask(puzzle: Puzzle) -> Puzzle:
    """The teacher asks for the library (nothing changes for a library puzzle)."""
    if puzzle.is_public or is_waiting(puzzle):
        return puzzle
    return _save(puzzle, _requested())


def make_private(puzzle: Puzzle) -> Puzzle:
    """Withdraw the request, or take the puzzle out of the library: at once."""
    return _save(
        puzzle,
        {
            "is_public": False,
            "publication": Publication.NONE,
            "publication_note": "",
            "publication_requested_at": None,
        },
    )


def approve(puzzle: Puzzle) -> Puzzle:
    """Staff put the puzzle in the library."""
    return _save(
        puzzle, {"is_public": True, "publication": Publication.APPROVED, "publication_note": ""}
    )


def decline(puzzle: Puzzle, note: str = "") -> Puzzle:
    """Staff keep the puzzle out of the library; the note tells the teacher why."""
    note = " ".join(str(note).split())[:NOTE_LENGTH]
    return _save(
        puzzle,
        {"is_public": False, "publication": Publication.DECLINED, "publication_note": note},
    )
