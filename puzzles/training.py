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

A learner who came through the lessons climbs a ladder first: puzzles of the
themes the lesson they practise after taught (``lesson``), then of the themes
of every lesson they finished in the game, easiest first, never tried, from
two deviations below the target (what is surely too easy is skipped) up to
``CLIMB_ABOVE`` over it. While their rating is provisional, the whole library
is climbed the same way before the pick goes back to the nearest puzzles: a
newcomer who has seen only the board meets first-day puzzles, not 1000-rated
tesuji. The lessons say what they taught through ``register_teacher`` (they
are a higher app: the puzzles never import them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, QuerySet

from accounts.models import Learner

from .models import Attempt, Puzzle, PuzzleTheme, Theme
from .ratings import learner_rating

# How far from the learner's rating each setting aims.
DIFFICULTIES = {"easier": -300, "normal": 0, "harder": 300}
DEFAULT_DIFFICULTY = "normal"
NEAREST = 4  # rows fetched on each side of the target
CHOOSE_AMONG = 3  # the pick is one of this many nearest
CLIMB_ABOVE = 200  # the ladder reaches this far above the target


@dataclass(frozen=True)
class Taught:
    """What the lessons taught a learner in a game, as theme ids."""

    lesson: frozenset[int] = frozenset()  # the themes of the lesson named (if any)
    finished: frozenset[int] = frozenset()  # the themes of every lesson they finished
    from_lessons: bool = False  # a lesson was named, or the learner finished one


NOTHING_TAUGHT = Taught()

# (learner or None, game, lesson slug or "") -> Taught, or None for a lesson the game
# does not have. Set by the lessons' app when it starts.
_teacher: Callable[[Learner | None, str, str], Taught | None] | None = None


def register_teacher(teacher: Callable[[Learner | None, str, str], Taught | None]) -> None:
    global _teacher
    _teacher = teacher


def taught(learner: Learner | None, game: str, lesson: str = "") -> Taught | None:
    """What the learner was taught; None when ``lesson`` names no lesson of the game."""
    if _teacher is None:
        return None if lesson else NOTHING_TAUGHT
    return _teacher(learner, game, lesson)


def target_rating(learner: Learner | None, game: str, difficulty: str) -> float:
    offset = DIFFICULTIES.get(difficulty, 0)
    return learner_rating(learner, game).rating + offset


def pick_next(
    learner: Learner | None,
    game: str,
    *,
    difficulty: str = DEFAULT_DIFFICULTY,
    theme: Theme | None = None,
    lesson: str = "",
    rng: random.Random | None = None,
) -> Puzzle | None:
    """A library puzzle of ``game`` for the learner's next try: up the ladder of what
    the lessons taught (``lesson`` first), else of ``theme`` if given, near their rating."""
    rating = learner_rating(learner, game)
    target = rating.rating + DIFFICULTIES.get(difficulty, 0)
    rng = rng or random.Random()
    tried = learner is not None and learner.pk is not None
    lessons = taught(learner, game, lesson) or NOTHING_TAUGHT
    ladder = [lessons.lesson]
    if theme is None:
        ladder.append(lessons.lesson | lessons.finished)
    window = (target - 2 * rating.deviation, target + CLIMB_ABOVE)
    seen: set[frozenset[int]] = set()
    for themes in ladder:
        if themes and themes not in seen:
            seen.add(themes)
            chosen = _climb(_themes_library(game, themes), "puzzle_id", window, tried, learner, rng)
            if chosen is not None:
                return chosen
    if theme is None and lessons.from_lessons and rating.is_provisional:
        library = Puzzle.objects.filter(game=game, is_public__in=[True])
        chosen = _climb(library, "pk", window, tried, learner, rng)
        if chosen is not None:
            return chosen
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


def _themes_library(game: str, themes: frozenset[int]) -> QuerySet:
    """The theme rows of the game's library puzzles of any of ``themes``."""
    return PuzzleTheme.objects.filter(theme_id__in=sorted(themes), game=game, is_public__in=[True])


def _climb(
    library: QuerySet,
    puzzle_id: str,
    window: tuple[float, float],
    tried: bool,
    learner: Learner | None,
    rng: random.Random,
) -> Puzzle | None:
    """One of the easiest never-tried puzzles rated within ``window``, or None."""
    low, high = window
    candidates = library.filter(rating__gte=low, rating__lte=high)
    if tried:
        attempts = Attempt.objects.filter(learner=learner, puzzle=OuterRef(puzzle_id))
        candidates = candidates.exclude(Exists(attempts))
    rows = candidates.values_list("rating", puzzle_id).order_by("rating", puzzle_id)
    easiest: list[int] = []
    for _, pk in rows[: NEAREST * 2]:  # a puzzle of two of the themes comes twice
        if pk not in easiest:
            easiest.append(pk)
    if not easiest:
        return None
    chosen = rng.choice(easiest[:CHOOSE_AMONG])
    return Puzzle.objects.only("id", "slug", "game", "rating").get(pk=chosen)
