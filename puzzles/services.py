"""Puzzle services: plain functions over models, never the request."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Exists
from django.dispatch import receiver
from django.utils import timezone

from accounts.kept import kept
from accounts.models import Learner
from accounts.services import learners_merged, touch

from . import daily, ratings, review
from .kinds import BadAnswer, Budget, InvalidPuzzle, Verdict, get_kind
from .models import Attempt, Puzzle


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


def prepare_for_save(kind_name: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Prove a puzzle someone is saving and work out what judging it needs, within
    the kind's ``save_budget`` (``OutOfBudget`` past it): the ``prepared`` to store.

    Raise ``InvalidPuzzle`` (or ``UnknownKind``) when the data is wrong.
    """
    if not isinstance(data, Mapping):
        raise InvalidPuzzle("puzzle data must be a table")
    kind = get_kind(kind_name)
    return kind.prepare(data, Budget(kind.save_budget))


def current_attempt(learner: Learner | None, puzzle: Puzzle) -> Attempt | None:
    """The learner's latest attempt at the puzzle, finished or not."""
    if learner is None:
        return None
    return Attempt.objects.filter(learner=learner, puzzle=puzzle).first()


def current_and_solved(learner: Learner | None, puzzle: Puzzle) -> tuple[Attempt | None, bool]:
    """``current_attempt`` and ``has_solved`` in one query, for showing the board."""
    if learner is None:
        return None, False
    return kept(learner, ("board", puzzle.pk), lambda: _current_and_solved(learner, puzzle))


def _current_and_solved(learner: Learner, puzzle: Puzzle) -> tuple[Attempt | None, bool]:
    solved = Attempt.objects.filter(
        learner=learner, puzzle=puzzle, status=Attempt.Status.SOLVED
    ).order_by()
    latest = (
        Attempt.objects.filter(learner=learner, puzzle=puzzle)
        .annotate(solved_before=Exists(solved))
        .first()
    )
    return latest, bool(latest is not None and latest.solved_before)


def has_solved(learner: Learner | None, puzzle: Puzzle) -> bool:
    if learner is None:
        return False
    return Attempt.objects.filter(
        learner=learner, puzzle=puzzle, status=Attempt.Status.SOLVED
    ).exists()


def misses(learner: Learner | None, puzzle: Puzzle) -> int:
    """How many of the learner's attempts at the puzzle ended wrong."""
    if learner is None:
        return 0
    return Attempt.objects.filter(
        learner=learner, puzzle=puzzle, status=Attempt.Status.FAILED
    ).count()


def answer_words(attempt: Attempt) -> bool:
    """Whether the verdict that ended the attempt holds the right answer in words."""
    verdict = attempt.state.get("verdict")
    return isinstance(verdict, dict) and bool(verdict.get("answer"))


def initial_state(puzzle: Puzzle) -> dict[str, Any]:
    return get_kind(puzzle.kind).start(puzzle.kind_data)


# The longest stretch one attempt is taken to last: a board left open over
# dinner counts as this much thinking, no more.
THINKING_TIME_CAP = datetime.timedelta(minutes=30)


def start_attempt(
    learner: Learner,
    puzzle: Puzzle,
    *,
    mode: str = Attempt.Mode.PLAY,
    first: bool | None = None,
    opened_at: datetime.datetime | None = None,
    previous: Attempt | None = None,
) -> Attempt:
    """A new attempt, saved; ``first`` says whether the learner never tried the puzzle
    before (see ``new_attempt``)."""
    if first is None:
        first = not Attempt.objects.filter(learner=learner, puzzle=puzzle).exists()
    attempt = new_attempt(
        learner, puzzle, mode=mode, first=first, opened_at=opened_at, previous=previous
    )
    attempt.save(force_insert=True)
    return attempt


def new_attempt(
    learner: Learner,
    puzzle: Puzzle,
    *,
    mode: str,
    first: bool,
    opened_at: datetime.datetime | None = None,
    previous: Attempt | None = None,
) -> Attempt:
    """A new attempt, not yet saved: the caller writes it once it is complete.

    ``opened_at`` is when the learner first saw the board: the attempt starts
    then, not at its first answer, but no earlier than ``THINKING_TIME_CAP`` ago
    and never before the ``previous`` attempt ended.
    """
    now = timezone.now()
    started = now
    if opened_at is not None:
        floors = [now - THINKING_TIME_CAP]
        if previous is not None:
            floors.append(previous.finished_at or previous.started_at)
        started = min(now, max(opened_at, *floors))
    return Attempt(
        learner=learner,
        puzzle=puzzle,
        state=initial_state(puzzle),
        mode=mode,
        is_first=first,
        started_at=started,
    )


def _finish(attempt: Attempt, *, solved: bool) -> None:
    """End the attempt, write it (a new one is written here, once, whole) and let
    ratings, the review queue and streaks know.

    Call inside the transaction that holds the attempt.
    """
    attempt.status = Attempt.Status.SOLVED if solved else Attempt.Status.FAILED
    attempt.finished_at = timezone.now()
    ratings.record_result(attempt)  # sets the attempt's rating fields
    attempt.save()
    review.record_result(attempt)
    daily.record_result(attempt)


def _latest_locked(learner: Learner, puzzle: Puzzle) -> Attempt | None:
    """The learner's latest attempt at the puzzle, locked until the transaction ends.

    The learner's row is locked first (``touch``: the learner's progress is about to
    change), so two answers sent at once (two tabs, a double click) take turns even
    when there is no attempt yet to lock: only one of them can start the learner's
    first, rated attempt.
    """
    touch(learner)
    return (
        Attempt.objects.select_for_update()
        .filter(learner=learner, puzzle=puzzle)
        .order_by("-started_at", "-id")
        .first()
    )


# An answer that ended an attempt, sent again this soon with the same board (a double
# click, a browser resending the form), is the same answer: it gets the recorded
# verdict and is counted once.
RESENT_WITHIN = datetime.timedelta(seconds=30)


@dataclass
class Judged:
    """One answer judged against the attempt as it stood, before anything is written.

    ``attempt``: the unfinished attempt it was made on, or None when it begins a
    new one after ``previous`` (the learner's latest, finished, attempt, if any).
    ``resent``: the attempt this very answer already ended (see ``RESENT_WITHIN``).
    """

    verdict: Verdict
    answer: str = ""
    state: dict[str, Any] = field(default_factory=dict)
    attempt: Attempt | None = None
    previous: Attempt | None = None
    resent: Attempt | None = None

    @property
    def moves_before(self) -> list[str]:
        return list(self.attempt.moves) if self.attempt is not None else []


def _latest(learner: Learner | None, puzzle: Puzzle) -> Attempt | None:
    if learner is None:
        return None
    attempts = Attempt.objects.filter(learner=learner, puzzle=puzzle)
    return attempts.order_by("-started_at", "-id").first()


def _ended_by(attempt: Attempt | None, moves_before: list[str], answer: str, mode: str) -> bool:
    """Whether ``answer``, made in ``mode`` on a board showing ``moves_before``, is
    what ended ``attempt`` a moment ago (and so a copy of it)."""
    if attempt is None or attempt.status == Attempt.Status.PLAYING or attempt.finished_at is None:
        return False
    if attempt.mode != mode:
        return False
    if timezone.now() - attempt.finished_at > RESENT_WITHIN:
        return False
    return attempt.moves == [*moves_before, answer] and "verdict" in attempt.state


def judge_answer(
    learner: Learner | None,
    puzzle: Puzzle,
    post: Mapping[str, Any],
    *,
    ply: int | None,
    mode: str = Attempt.Mode.PLAY,
) -> Judged:
    """Judge one answer of ``learner`` (None: a visitor not yet known) to ``puzzle``.

    Nothing is written and no transaction is open: the engine's work never holds
    the database. ``ply`` is the number of moves the learner's board showed; an
    answer made on an older board raises ``StaleAnswer``, a malformed one
    ``BadAnswer``. An answer that would start a new attempt in ``mode`` but only
    repeats the one that ended the last (see ``RESENT_WITHIN``) is that answer.
    Record the result with ``record_answer``.
    """
    kind = get_kind(puzzle.kind)
    data = puzzle.kind_data
    latest = _latest(learner, puzzle)
    if latest is not None and latest.status == Attempt.Status.PLAYING:
        if ply is not None and ply != latest.ply:
            raise StaleAnswer
        attempt, previous, state = latest, None, latest.state
    else:
        if ply not in (None, 0) and not (latest is not None and ply == latest.ply - 1):
            raise StaleAnswer
        attempt, previous, state = None, latest, kind.start(data)
        if ply:  # the board of the attempt that just ended: only a resent answer fits it
            state = {key: value for key, value in latest.state.items() if key != "verdict"}
    answer = kind.parse_answer(data, state, post)
    text = kind.answer_text(answer)
    if attempt is None and _ended_by(latest, latest.moves[:-1] if ply else [], text, mode):
        return Judged(Verdict.from_json(latest.state["verdict"]), text, resent=latest)
    if attempt is None and ply:
        raise StaleAnswer
    verdict, new_state = kind.check(data, state, answer)
    return Judged(verdict, text, new_state, attempt, previous)


def record_answer(
    learner: Learner,
    puzzle: Puzzle,
    judged: Judged,
    *,
    mode: str = Attempt.Mode.PLAY,
    opened_at: datetime.datetime | None = None,
) -> Outcome:
    """Write what ``judge_answer`` decided, in one short transaction.

    The attempt must still be as it was judged; if another answer changed it
    meanwhile, ``StaleAnswer`` (nothing is written), unless that answer was this
    very one, already recorded (a double click): then the recorded verdict comes
    back and nothing is counted twice. A new attempt starts in ``mode``.
    """
    verdict = judged.verdict
    if judged.resent is not None:
        return Outcome(judged.resent, verdict)
    if verdict.changes_nothing:
        # The rules forbid the move (or it could not be judged in time): the
        # learner reads why and tries again.
        return Outcome(judged.attempt, verdict)
    with transaction.atomic():
        current = _latest_locked(learner, puzzle)
        base = judged.attempt if judged.attempt is not None else judged.previous
        unchanged = (current is None and base is None) or (
            current is not None
            and base is not None
            and current.pk == base.pk
            and current.status == base.status
            and current.moves == base.moves
        )
        if not unchanged:
            if _ended_by(current, judged.moves_before, judged.answer, mode):
                return Outcome(current, Verdict.from_json(current.state["verdict"]))
            raise StaleAnswer
        attempt = current
        if attempt is not None:
            attempt.puzzle = puzzle  # in hand already: not loaded again inside the lock
        if judged.attempt is None:
            attempt = new_attempt(
                learner,
                puzzle,
                mode=mode,
                first=current is None,
                opened_at=opened_at,
                previous=current,
            )
        attempt.state = judged.state
        attempt.moves = [*attempt.moves, judged.answer]
        if verdict.reply:
            attempt.moves.append(verdict.reply)
        if verdict.is_final:
            attempt.state = {**attempt.state, "verdict": verdict.to_json()}
            _finish(attempt, solved=verdict.is_correct)
        else:
            attempt.save()
    return Outcome(attempt, verdict)


def submit_answer(
    learner: Learner,
    puzzle: Puzzle,
    post: Mapping[str, Any],
    *,
    ply: int | None,
    mode: str = Attempt.Mode.PLAY,
    opened_at: datetime.datetime | None = None,
) -> Outcome:
    """Judge one answer of ``learner`` to ``puzzle`` and record it (see
    ``judge_answer`` and ``record_answer``)."""
    judged = judge_answer(learner, puzzle, post, ply=ply, mode=mode)
    return record_answer(learner, puzzle, judged, mode=mode, opened_at=opened_at)


def take_hint(
    learner: Learner,
    puzzle: Puzzle,
    *,
    mode: str = Attempt.Mode.PLAY,
    opened_at: datetime.datetime | None = None,
) -> Attempt | None:
    """Show the hint on the learner's unfinished attempt (starting one if needed).

    Returns None when the kind has no hint. The attempt is marked hinted: it will
    not count as a rated solve.
    """
    kind = get_kind(puzzle.kind)
    with transaction.atomic():
        attempt = _latest_locked(learner, puzzle)
        if attempt is None or attempt.status != Attempt.Status.PLAYING:
            attempt = start_attempt(
                learner,
                puzzle,
                mode=mode,
                first=attempt is None,
                opened_at=opened_at,
                previous=attempt,
            )
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
    if get_kind(puzzle.kind).solution(puzzle.kind_data) is None and not answer_words(attempt):
        return None
    if not attempt.revealed:
        attempt.revealed = True
        with transaction.atomic():
            touch(learner)
            attempt.save(update_fields=["revealed"])
    return attempt


def restart(learner: Learner, puzzle: Puzzle, *, mode: str = Attempt.Mode.PLAY) -> Attempt:
    """Begin a fresh attempt (a replay); an unfinished one is abandoned as failed.

    Abandoning counts as failing: a first attempt given up is a rated loss, and
    the puzzle joins the review queue.
    """
    with transaction.atomic():
        attempt = _latest_locked(learner, puzzle)
        if attempt is not None and attempt.status == Attempt.Status.PLAYING:
            _finish(attempt, solved=False)
        return start_attempt(learner, puzzle, mode=mode, first=attempt is None)


def solved_puzzle_ids(learner: Learner | None) -> frozenset[int]:
    if learner is None:
        return frozenset()
    return kept(
        learner,
        ("solved",),
        lambda: frozenset(
            Attempt.objects.filter(learner=learner, status=Attempt.Status.SOLVED)
            .values_list("puzzle_id", flat=True)
            .distinct()
        ),
    )


@receiver(learners_merged)
def move_attempts(sender, source: Learner, target: Learner, **kwargs):
    """Attempts are a history: all of them move, and counts use distinct puzzles.

    Where both learners tried a puzzle, only the earlier first attempt stays
    the first. Ratings, the review queue and daily streaks merge by their own rules.
    """
    theirs = Attempt.objects.filter(learner=source, is_first=True)
    ours = dict(
        Attempt.objects.filter(
            learner=target, is_first=True, puzzle__in=theirs.values("puzzle")
        ).values_list("puzzle_id", "started_at")
    )
    for attempt in theirs.filter(puzzle__in=list(ours)):
        if attempt.started_at < ours[attempt.puzzle_id]:
            Attempt.objects.filter(learner=target, puzzle=attempt.puzzle_id, is_first=True).update(
                is_first=False
            )
        else:
            attempt.is_first = False
            attempt.save(update_fields=["is_first"])
    Attempt.objects.filter(learner=source).update(learner=target)
    ratings.merge(source, target)
    review.merge(source, target)
    daily.merge(source, target)


__all__ = [
    "BadAnswer",
    "Judged",
    "InvalidPuzzle",
    "Outcome",
    "StaleAnswer",
    "current_attempt",
    "has_solved",
    "restart",
    "judge_answer",
    "record_answer",
    "submit_answer",
    "validate_puzzle",
]
