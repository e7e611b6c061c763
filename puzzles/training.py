"""Puzzle training: the next puzzle for a learner, near their rating.

The learner's rating in the game, moved by the chosen difficulty, is the
target. The pick comes from the puzzles nearest the target on either side
that the learner has never tried, found by two indexed range scans on
(game, is_public, rating) — ``rating >= target ORDER BY rating`` and
``rating < target ORDER BY rating DESC``, a few rows each; for one theme, the
same scans on the theme rows' (theme, game, is_public, rating) — and one of the
nearest is taken at random in Python, so two learners at the same rating do
not march through the same list. When every puzzle has been tried, puzzles
tried but never solved come next; a solved puzzle never comes back here (the
review queue brings back the failed ones on its own schedule).
"""

from __future__ import annotations

import random

from django.db.models import Exists, OuterRef, QuerySet

from accounts.models import Learner

from .models import Attempt, Puzzle, PuzzleTheme, Theme
from .ratings import learner_rating

# How far from the learner's rating each setting aims.
DIFFICULTIES = {"easier": -300, "normal": 0, "harder": 300}
DEFAULT_DIFFICULTY = "normal"
NEAREST = 4  # rows fetched on each side of the target
CHOOSE_AMONG = 3  # the pick is one of this many nearest


def target_rating(learner: Learner | None, game: str, difficulty: str) -> float:
    offset = DIFFICULTIES.get(difficulty, 0)
    return learner_rating(learner, game).rating + offset


def pick_next(
    learner: Learner | None,
    game: str,
    *,
    difficulty: str = DEFAULT_DIFFICULTY,
    theme: Theme | None = None,
    rng: random.Random | None = None,
) -> Puzzle | None:
    """A library puzzle of ``game`` (of ``theme``, if given) for the learner's next try."""
    target = target_rating(learner, game, difficulty)
    # ``is_public__in=[True]``, not ``is_public=True``: Django writes the latter as a
    # bare ``WHERE is_public``, which SQLite cannot match to the index's middle
    # column, so it read every puzzle of the game and sorted them. ``IN (true)``
    # is an equality both SQLite and PostgreSQL seek on.
    if theme is None:
        # The index on (game, is_public, rating).
        library = Puzzle.objects.filter(game=game, is_public__in=[True])
        puzzle_id = "pk"
    else:
        # A theme's rows carry the rating: the index on (theme, game, is_public, rating).
        library = PuzzleTheme.objects.filter(theme=theme, game=game, is_public__in=[True])
        puzzle_id = "puzzle_id"
    if learner is not None and learner.pk is not None:
        tried = Attempt.objects.filter(learner=learner, puzzle=OuterRef(puzzle_id))
        solved = tried.filter(status=Attempt.Status.SOLVED)
        tiers = [library.exclude(Exists(tried)), library.exclude(Exists(solved))]
    else:
        tiers = [library]
    rng = rng or random.Random()
    for candidates in tiers:
        nearest = _nearest(candidates, puzzle_id, target)
        if nearest:
            _, chosen = rng.choice(nearest[:CHOOSE_AMONG])
            return Puzzle.objects.only("id", "slug", "game", "rating").get(pk=chosen)
    return None


def _nearest(candidates: QuerySet, puzzle_id: str, target: float) -> list[tuple[float, int]]:
    """(rating, puzzle id) of the nearest candidates on each side of the target, nearest first."""
    rows = candidates.values_list("rating", puzzle_id)
    above = list(rows.filter(rating__gte=target).order_by("rating")[:NEAREST])
    below = list(rows.filter(rating__lt=target).order_by("-rating")[:NEAREST])
    return sorted(above + below, key=lambda row: (abs(row[0] - target), row[1]))
