"""Puzzle ratings: a learner's first try at a library puzzle is a Glicko-2 game between the two.

Each rated attempt is a rating period of one game, for the learner and for the
puzzle (as on the big puzzle sites). What is not rated: replays (any attempt
but the first), attempts after a hint or after seeing the solution, review
attempts, and lesson exercises. A puzzle's rating moves only when the
learner's rating is established (deviation below ``PROVISIONAL_DEVIATION``):
a beginner's guesses must not drag a puzzle about.

Deviations are kept between ``MIN_DEVIATION`` (so ratings keep answering to
results, as Lichess does) and ``MAX_DEVIATION``, and volatility below
``MAX_VOLATILITY``.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from accounts.kept import kept
from accounts.models import Learner

from . import glicko2
from .db import update_or_insert
from .models import (
    PROVISIONAL_DEVIATION,
    Attempt,
    LearnerRating,
    Puzzle,
    PuzzleTheme,
    RatingPoint,
)

MIN_DEVIATION = 45.0
MAX_DEVIATION = 350.0
MAX_VOLATILITY = 0.1


def is_rated(attempt: Attempt) -> bool:
    """Whether a finished attempt counts as a rated game."""
    return (
        attempt.is_first
        and attempt.mode == Attempt.Mode.PLAY
        and not attempt.hinted
        and not attempt.revealed
        and attempt.puzzle.is_public
        and attempt.status in (Attempt.Status.SOLVED, Attempt.Status.FAILED)
    )


def learner_rating(learner: Learner | None, game: str) -> LearnerRating:
    """The learner's rating in ``game``; a new, unsaved one at ``START_RATING`` if none."""
    found = None
    if learner is not None and learner.pk is not None:
        # Every game's in one query, kept under the learner's revision.
        found = kept(
            learner,
            ("ratings",),
            lambda: {r.game: r for r in LearnerRating.objects.filter(learner=learner)},
        ).get(game)
    return found or LearnerRating(learner=learner, game=game)


def _bounded(rating: glicko2.Rating) -> glicko2.Rating:
    return glicko2.Rating(
        rating.rating,
        min(max(rating.deviation, MIN_DEVIATION), MAX_DEVIATION),
        min(rating.volatility, MAX_VOLATILITY),
    )


def record_result(attempt: Attempt) -> None:
    """Rate a finished attempt if it counts, setting its rating fields (the caller
    saves it); call inside the transaction that holds the learner (``touch``)."""
    if not is_rated(attempt):
        return
    puzzle_id, game = attempt.puzzle_id, attempt.puzzle.game
    score = 1.0 if attempt.status == Attempt.Status.SOLVED else 0.0
    while True:
        rating = (
            LearnerRating.objects.select_for_update()
            .filter(learner=attempt.learner, game=game)
            .first()
        ) or LearnerRating(learner=attempt.learner, game=game)
        puzzle = (
            Puzzle.objects.select_for_update()
            .only("rating", "rating_deviation", "rating_volatility")
            .get(pk=puzzle_id)
        )
        learner_before = glicko2.Rating(rating.rating, rating.deviation, rating.volatility)
        puzzle_before = glicko2.Rating(
            puzzle.rating, puzzle.rating_deviation, puzzle.rating_volatility
        )
        learner_after = _bounded(glicko2.rate(learner_before, [(puzzle_before, score)]))
        provisional = rating.deviation >= PROVISIONAL_DEVIATION
        rating.rating = learner_after.rating
        rating.deviation = learner_after.deviation
        rating.volatility = learner_after.volatility
        rating.games += 1
        if rating.pk is not None:
            rating.save()
            break
        try:  # the learner's first rated game here: the row is written once, whole
            with transaction.atomic():
                rating.save(force_insert=True)
            break
        except IntegrityError:
            continue  # made meanwhile (learners merged on sign-up): rate against it
    changes = {"plays": F("plays") + 1}
    if not provisional:
        puzzle_after = _bounded(glicko2.rate(puzzle_before, [(learner_before, 1 - score)]))
        changes.update(
            rating=puzzle_after.rating,
            rating_deviation=puzzle_after.deviation,
            rating_volatility=puzzle_after.volatility,
        )
    # A queryset update: no save signal, so the content cache is not dropped
    # on every answer (the library shows ratings rounded, a little late).
    Puzzle.objects.filter(pk=puzzle_id).update(**changes)
    if "rating" in changes:
        PuzzleTheme.objects.filter(puzzle_id=puzzle_id).update(rating=changes["rating"])
    attempt.rating_before = learner_before.rating
    attempt.rating_after = learner_after.rating
    attempt.deviation_before = learner_before.deviation
    attempt.deviation_after = learner_after.deviation
    _record_point(attempt.learner, game, rating, timezone.localdate(attempt.finished_at))


def _record_point(learner: Learner, game: str, rating: LearnerRating, day) -> None:
    """The day's point of the learner's rating chart: the rating as it ends the day."""
    update_or_insert(
        RatingPoint,
        {"learner": learner, "game": game, "date": day},
        {"rating": rating.rating, "deviation": rating.deviation},
    )


def merge(source: Learner, target: Learner) -> None:
    """On sign-up or log-in: per game, keep the rating with more rated games behind it.

    The history goes with the kept rating; the other side's days fill in
    only where the kept one has none.
    """
    for theirs in LearnerRating.objects.filter(learner=source):
        ours = LearnerRating.objects.filter(learner=target, game=theirs.game).first()
        points = RatingPoint.objects.filter(learner=source, game=theirs.game)
        if ours is None or theirs.games > ours.games:
            if ours is not None:
                taken = points.values_list("date", flat=True)
                RatingPoint.objects.filter(
                    learner=target, game=theirs.game, date__in=list(taken)
                ).delete()
                ours.delete()
            theirs.learner = target
            theirs.save(update_fields=["learner"])
        else:
            kept = RatingPoint.objects.filter(learner=target, game=theirs.game)
            points.filter(date__in=list(kept.values_list("date", flat=True))).delete()
            theirs.delete()
        points.update(learner=target)
