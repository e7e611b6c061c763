"""The review queue: a failed library puzzle comes back after 1, 3, 7 and 21 days.

A failure (anywhere: the library, the daily puzzle, a review) puts the puzzle
at the first step, due the next day. Solving it from the review queue when it
is due moves it up a step; solving the last step (21 days) takes it off the
queue. Solving it before it is due, or elsewhere, changes nothing: the point
is to remember it later.
A review solved after taking a hint is not remembered yet: it stays on its
step and comes back the next day. Days are the site's days (Asia/Shanghai).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.kept import kept
from accounts.models import Learner

from . import content_cache
from .db import update_or_insert
from .models import Attempt, ReviewItem

INTERVALS = (1, 3, 7, 21)  # days until the puzzle is due again, step by step


def record_result(attempt: Attempt) -> None:
    """Move the puzzle's review item after a finished attempt; call inside its transaction."""
    if not attempt.puzzle.is_public:
        return
    day = timezone.localdate(attempt.finished_at or timezone.now())
    if attempt.status == Attempt.Status.FAILED:
        _schedule(attempt.learner, attempt.puzzle_id, step=0, due=day + _days(0))
        return
    if attempt.status != Attempt.Status.SOLVED or attempt.mode != Attempt.Mode.REVIEW:
        return
    item = ReviewItem.objects.filter(learner=attempt.learner, puzzle_id=attempt.puzzle_id).first()
    if item is None or item.due > day:
        return  # solving it again before it is due proves nothing yet
    if attempt.hinted:
        item.due = day + datetime.timedelta(days=1)
        item.save(update_fields=["due", "updated_at"])
    elif item.step + 1 >= len(INTERVALS):
        item.delete()
    else:
        item.step += 1
        item.due = day + _days(item.step)
        item.save(update_fields=["step", "due", "updated_at"])


def _days(step: int) -> datetime.timedelta:
    return datetime.timedelta(days=INTERVALS[step])


def _schedule(learner: Learner, puzzle_id: int, *, step: int, due: datetime.date) -> None:
    update_or_insert(
        ReviewItem,
        {"learner": learner, "puzzle_id": puzzle_id},
        {"step": step, "due": due, "updated_at": timezone.now()},
    )


def due_items(learner: Learner | None, *, today: datetime.date | None = None) -> list[ReviewItem]:
    """The learner's review items due today or earlier, oldest first, across games."""
    if learner is None:
        return []
    today = today or timezone.localdate()
    return [item for item in queue(learner) if item.due <= today]


UPCOMING = 8  # the next reviews listed under the due ones


@dataclass(frozen=True)
class Upcoming:
    """The next reviews not yet due: a few, soonest first, and how many there are in all."""

    items: list[tuple[ReviewItem, str]]  # (item, when it is due in words)
    total: int

    @property
    def more(self) -> int:
        return self.total - len(self.items)


def upcoming(
    learner: Learner | None, *, today: datetime.date | None = None, limit: int = UPCOMING
) -> Upcoming:
    """The learner's next ``limit`` review items not yet due, across games."""
    if learner is None:
        return Upcoming([], 0)
    today = today or timezone.localdate()
    later = [item for item in queue(learner) if item.due > today]
    return Upcoming([(item, due_in_words(item.due, today)) for item in later[:limit]], len(later))


def due_in_words(due: datetime.date, today: datetime.date | None = None) -> str:
    """When a review comes due, as a learner says it: "tomorrow", "in 3 days"."""
    days = (due - (today or timezone.localdate())).days
    if days <= 0:
        return _("today")
    if days == 1:
        return _("tomorrow")
    return ngettext("in %(days)s day", "in %(days)s days", days) % {"days": days}


def queue(learner: Learner) -> list[ReviewItem]:
    """The learner's whole review queue of library puzzles, soonest first, with what
    the list shows of each puzzle (not its position and proofs, which may be large:
    this is kept in memory): one query, kept under the learner's revision (and the
    content's stamp, since a puzzle taken out of the library leaves it)."""
    return kept(
        learner,
        ("review-queue", content_cache.stamp()),
        lambda: list(
            ReviewItem.objects.filter(learner=learner, puzzle__is_public=True)
            .select_related("puzzle")
            .only(*QUEUE_FIELDS)
            .order_by("due", "id")
        ),
    )


# What the review list reads of an item and its puzzle.
QUEUE_FIELDS = (
    "learner", "puzzle", "step", "due", "updated_at",
    "puzzle__slug", "puzzle__game", "puzzle__prompt_zh", "puzzle__prompt_en",
    "puzzle__is_public",
)  # fmt: skip


def due_item(learner: Learner | None, puzzle_id: int) -> ReviewItem | None:
    if learner is None:
        return None
    return ReviewItem.objects.filter(
        learner=learner, puzzle_id=puzzle_id, due__lte=timezone.localdate()
    ).first()


def in_queue(learner: Learner | None, puzzle_id: int) -> bool:
    """Whether the puzzle is in the learner's review queue, due or not."""
    if learner is None:
        return False
    return ReviewItem.objects.filter(learner=learner, puzzle_id=puzzle_id).exists()


def merge(source: Learner, target: Learner) -> None:
    """Keep, for a puzzle both learners have in review, the item at the lower step."""
    for theirs in ReviewItem.objects.filter(learner=source):
        ours = ReviewItem.objects.filter(learner=target, puzzle_id=theirs.puzzle_id).first()
        if ours is None:
            theirs.learner = target
            theirs.save(update_fields=["learner"])
            continue
        if (theirs.step, theirs.due) < (ours.step, ours.due):
            ours.step, ours.due = theirs.step, theirs.due
            ours.save(update_fields=["step", "due", "updated_at"])
        theirs.delete()
