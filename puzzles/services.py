"""Puzzle services: plain functions over models, never the request."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.dispatch import Signal, receiver
from django.utils import timezone

from accounts.models import Learner
from accounts.services import learners_merged

from .kinds import BadAnswer, InvalidPuzzle, Verdict, get_kind
from .models import Attempt, Puzzle

# Sent after an attempt is solved, with ``attempt``: higher apps (lessons,
# classrooms) listen instead of this app importing them.
puzzle_solved = Signal()


class StaleAnswer(Exception):
    """The answer was made on a board that has moved on (a second tab, a resubmit)."""


@dataclass
class Outcome:
    attempt: Attempt
    verdict: Verdict


def validate_puzzle(kind_name: str, data: Mapping[str, Any]) -> None:
    """Raise ``InvalidPuzzle`` (or ``UnknownKind``) when the data is wrong."""
    if not isinstance(data, Mapping):
        raise InvalidPuzzle("puzzle data must be a table")
    get_kind(kind_name).validate(data)


def current_attempt(learner: Learner | None, puzzle: Puzzle) -> Attempt | None:
    """The learner's latest attempt at the puzzle, finished or not."""
    if learner is None:
        return None
    return Attempt.objects.filter(learner=learner, puzzle=puzzle).first()


def has_solved(learner: Learner | None, puzzle: Puzzle) -> bool:
    if learner is None:
        return False
    return Attempt.objects.filter(
        learner=learner, puzzle=puzzle, status=Attempt.Status.SOLVED
    ).exists()


def initial_state(puzzle: Puzzle) -> dict[str, Any]:
    return get_kind(puzzle.kind).start(puzzle.data)


def start_attempt(learner: Learner, puzzle: Puzzle) -> Attempt:
    return Attempt.objects.create(learner=learner, puzzle=puzzle, state=initial_state(puzzle))


def _latest_locked(learner: Learner, puzzle: Puzzle) -> Attempt | None:
    """The learner's latest attempt at the puzzle, locked until the transaction ends."""
    return (
        Attempt.objects.select_for_update()
        .filter(learner=learner, puzzle=puzzle)
        .order_by("-started_at", "-id")
        .first()
    )


def submit_answer(
    learner: Learner, puzzle: Puzzle, post: Mapping[str, Any], *, ply: int | None
) -> Outcome:
    """Judge one answer of ``learner`` to ``puzzle``.

    ``ply`` is the number of moves the learner's board showed; an answer made on
    an older board raises ``StaleAnswer`` and changes nothing. A malformed answer
    raises ``BadAnswer`` and changes nothing.
    """
    kind = get_kind(puzzle.kind)
    with transaction.atomic():
        attempt = _latest_locked(learner, puzzle)
        if attempt is None or attempt.status != Attempt.Status.PLAYING:
            if ply not in (None, 0):
                raise StaleAnswer
            attempt = start_attempt(learner, puzzle)
        elif ply is not None and ply != attempt.ply:
            raise StaleAnswer
        answer = kind.parse_answer(puzzle.data, attempt.state, post)
        verdict, state = kind.check(puzzle.data, attempt.state, answer)
        if verdict.is_illegal:
            # The rules forbid the move: the learner reads why and tries again.
            return Outcome(attempt, verdict)
        attempt.state = state
        attempt.moves = [*attempt.moves, kind.answer_text(answer)]
        if verdict.reply:
            attempt.moves.append(verdict.reply)
        if verdict.is_final:
            attempt.status = Attempt.Status.SOLVED if verdict.is_correct else Attempt.Status.FAILED
            attempt.finished_at = timezone.now()
        attempt.save()
    if verdict.is_correct:
        puzzle_solved.send(sender=Attempt, attempt=attempt)
    return Outcome(attempt, verdict)


def take_hint(learner: Learner, puzzle: Puzzle) -> Attempt | None:
    """Show the hint on the learner's unfinished attempt (starting one if needed).

    Returns None when the kind has no hint. The attempt is marked hinted: it will
    not count as a rated solve.
    """
    kind = get_kind(puzzle.kind)
    with transaction.atomic():
        attempt = _latest_locked(learner, puzzle)
        if attempt is None or attempt.status != Attempt.Status.PLAYING:
            attempt = start_attempt(learner, puzzle)
        if not kind.offers_hint:
            return None
        attempt.hinted = True
        attempt.state = {**attempt.state, "hint": True}
        attempt.save(update_fields=["hinted", "state"])
    return attempt


def reveal_solution(learner: Learner, puzzle: Puzzle) -> Attempt | None:
    """Mark the learner's finished attempt as having seen the solution.

    Only after an attempt has ended: the solution is never a way round trying.
    """
    attempt = current_attempt(learner, puzzle)
    if attempt is None or attempt.status == Attempt.Status.PLAYING:
        return None
    if get_kind(puzzle.kind).solution(puzzle.data) is None:
        return None
    if not attempt.revealed:
        attempt.revealed = True
        attempt.save(update_fields=["revealed"])
    return attempt


def next_puzzle(learner: Learner | None, puzzle: Puzzle) -> Puzzle | None:
    """The next library puzzle of the same game the learner has not solved.

    In order of starting difficulty after this one, wrapping round to the easiest.
    """
    solved = solved_puzzle_ids(learner) | {puzzle.pk}
    library = Puzzle.objects.filter(game=puzzle.game, is_public=True).exclude(pk__in=solved)
    after = library.filter(rating__gt=puzzle.rating) | library.filter(
        rating=puzzle.rating, slug__gt=puzzle.slug
    )
    return after.order_by("rating", "slug").first() or library.order_by("rating", "slug").first()


def restart(learner: Learner, puzzle: Puzzle) -> Attempt:
    """Begin a fresh attempt (a replay); any unfinished one is abandoned as failed."""
    with transaction.atomic():
        Attempt.objects.filter(
            learner=learner, puzzle=puzzle, status=Attempt.Status.PLAYING
        ).update(status=Attempt.Status.FAILED, finished_at=timezone.now())
        return start_attempt(learner, puzzle)


def solved_puzzle_ids(learner: Learner | None) -> set[int]:
    if learner is None:
        return set()
    return set(
        Attempt.objects.filter(learner=learner, status=Attempt.Status.SOLVED)
        .values_list("puzzle_id", flat=True)
        .distinct()
    )


def library_solved_count(learner: Learner | None) -> int:
    """How many distinct library puzzles the learner has solved (lesson exercises aside)."""
    if learner is None:
        return 0
    return (
        Attempt.objects.filter(
            learner=learner, status=Attempt.Status.SOLVED, puzzle__is_public=True
        )
        .values("puzzle_id")
        .distinct()
        .count()
    )


def recent_attempts(learner: Learner | None, limit: int = 10) -> list[Attempt]:
    if learner is None:
        return []
    return list(
        Attempt.objects.filter(learner=learner, puzzle__is_public=True)
        .exclude(status=Attempt.Status.PLAYING)
        .select_related("puzzle")[:limit]
    )


@receiver(learners_merged)
def move_attempts(sender, source: Learner, target: Learner, **kwargs):
    """Attempts are a history: all of them move, and counts use distinct puzzles."""
    Attempt.objects.filter(learner=source).update(learner=target)


__all__ = [
    "BadAnswer",
    "InvalidPuzzle",
    "Outcome",
    "StaleAnswer",
    "current_attempt",
    "has_solved",
    "restart",
    "submit_answer",
    "validate_puzzle",
]
