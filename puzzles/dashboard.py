"""The learner's progress per game, for the dashboard at /me/: plain functions over models.

Everything a learner has done is counted in the database, in a fixed number of
queries however long the history is and however many games there are: one
per kind of number (solved puzzles, ratings, rating history, themes, reviews
due), each grouped by game, and two for the recent attempts. Only library
puzzles count; lesson exercises show as lesson progress, which the caller
passes in (tutorials build on puzzles, never the other way round).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.text import Truncator

from accounts.models import Learner

from . import charts, content_cache
from .access import library_games
from .games import GAMES, Game
from .models import (
    Attempt,
    LearnerRating,
    Puzzle,
    RatingPoint,
    ReviewItem,
    Theme,
    rating_label,
    shown_rating,
)

RECENT = 10  # recent attempts shown per game
HISTORY_ROWS = 30  # rating-history table rows: the latest days
THEME_MIN_ATTEMPTS = 3  # a theme needs this many first attempts to be judged
THEMES_SHOWN = 3  # strongest and weakest, each at most


@dataclass(frozen=True)
class ThemeScore:
    """The learner's first attempts at a theme's library puzzles."""

    slug: str
    name: str
    solved: int
    total: int

    @property
    def percent(self) -> int:
        return round(100 * self.solved / self.total) if self.total else 0


class HistoryPoint(NamedTuple):
    """A day of the rating history (a ``RatingPoint`` without the model's weight)."""

    date: datetime.date
    rating: float
    deviation: float


@dataclass(frozen=True)
class HistoryRow:
    """A row of the rating-history table, ready to print."""

    date: str  # ISO, "2026-11-30"
    label: str


@dataclass(frozen=True)
class RecentAttempt:
    """A row of the recent-attempts table, ready to print (a template formats slowly)."""

    url: str
    prompt: str
    status: str  # "solved" or "failed"
    result: str  # the status in the reader's language
    change: str  # "+12", "-7"; "" when the attempt was not rated
    finished_at: str  # ISO date and time, site time
    day: str  # ISO date, site time

    @classmethod
    def of(cls, attempt: Attempt) -> RecentAttempt:
        finished = timezone.localtime(attempt.finished_at or attempt.started_at)
        return cls(
            url=attempt.puzzle.url,
            prompt=Truncator(attempt.puzzle.prompt).chars(40),
            status=attempt.status,
            result=attempt.get_status_display(),
            change=attempt.rating_change_label,
            finished_at=finished.isoformat(timespec="seconds"),
            day=finished.date().isoformat(),
        )


@dataclass
class GameProgress:
    game: Game
    lessons_done: int = 0
    lessons_total: int = 0
    has_library: bool = False
    puzzles_solved: int = 0
    rating: LearnerRating | None = None
    history: list[HistoryPoint] = field(default_factory=list)
    strongest: list[ThemeScore] = field(default_factory=list)
    weakest: list[ThemeScore] = field(default_factory=list)
    recent: list[RecentAttempt] = field(default_factory=list)
    review_due: int = 0

    @property
    def rating_label(self) -> str:
        return "" if self.rating is None else self.rating.label

    @cached_property
    def chart(self) -> SafeString:
        # The ratings as the learner was shown them: no plunge on a first miss.
        shown = [
            HistoryPoint(point.date, shown_rating(point.rating, point.deviation), point.deviation)
            for point in self.history
        ]
        return charts.rating_chart(shown, chart_id=f"rating-{self.game.slug}")

    @property
    def history_rows(self) -> list[HistoryRow]:
        """The latest ``HISTORY_ROWS`` days of the history, oldest first."""
        return [
            HistoryRow(point.date.isoformat(), rating_label(point.rating, point.deviation))
            for point in self.history[-HISTORY_ROWS:]
        ]

    @property
    def history_omitted(self) -> int:
        """How many older days the table leaves out."""
        return max(0, len(self.history) - HISTORY_ROWS)


def game_progress(
    learner: Learner | None,
    *,
    lessons: Mapping[str, tuple[int, int]] | None = None,
    today: datetime.date | None = None,
) -> list[GameProgress]:
    """One entry per game with lessons or library puzzles, in the games' order.

    ``lessons`` maps a game's slug to (lessons completed, lessons in all). A
    visitor who has no learner yet gets the same games with zeros.
    """
    lessons = lessons or {}
    with_library = library_games()
    games = []
    for game in GAMES:
        done, total = lessons.get(game.slug, (0, 0))
        if total or game.slug in with_library:
            games.append(
                GameProgress(
                    game,
                    lessons_done=done,
                    lessons_total=total,
                    has_library=game.slug in with_library,
                )
            )
    if learner is None or learner.pk is None or not games:
        return games
    by_slug = {progress.game.slug: progress for progress in games}
    solved = solved_counts(learner)
    for game, count in solved.items():
        if game in by_slug:
            by_slug[game].puzzles_solved = count
    for rating in LearnerRating.objects.filter(learner=learner):
        if rating.game in by_slug:
            by_slug[rating.game].rating = rating
    history = (
        RatingPoint.objects.filter(learner=learner)
        .order_by("game", "date")
        .values_list("game", "date", "rating", "deviation")
    )
    for game, *point in history:
        if game in by_slug:
            by_slug[game].history.append(HistoryPoint(*point))
    for game, scores in theme_scores(learner).items():
        if game in by_slug:
            by_slug[game].strongest, by_slug[game].weakest = strongest_and_weakest(scores)
    tried = [game for game in solved if game in by_slug]
    for game, attempts in recent_attempts(learner, tried).items():
        by_slug[game].recent = attempts
    for game, due in review_due_counts(learner, today=today).items():
        if game in by_slug:
            by_slug[game].review_due = due
    return games


def _library_attempts(learner: Learner):
    return Attempt.objects.filter(learner=learner, puzzle__is_public=True).order_by()


def solved_counts(learner: Learner) -> dict[str, int]:
    """Per game the learner has finished a library attempt in: the puzzles solved (maybe 0).

    Each attempt looks its puzzle's game up (a subquery on the primary key)
    instead of joining the puzzles: with a join, PostgreSQL reads the whole
    puzzle table once a learner has a couple of thousand attempts, and the page
    would slow down as the library grows. Lesson exercises group under None.
    """
    library_game = (
        Puzzle.objects.filter(pk=OuterRef("puzzle_id"), is_public=True).order_by().values("game")
    )
    rows = (
        Attempt.objects.filter(learner=learner)
        .exclude(status=Attempt.Status.PLAYING)
        .order_by()
        .annotate(game=Subquery(library_game))
        .values_list("game")
        .annotate(n=Count("puzzle_id", distinct=True, filter=Q(status=Attempt.Status.SOLVED)))
    )
    return {game: solved for game, solved in rows if game is not None}


def _themes() -> dict[int, Theme]:
    return content_cache.cached(("themes-by-id",), lambda: Theme.objects.in_bulk())


def theme_scores(learner: Learner) -> dict[str, list[ThemeScore]]:
    """Per game and theme: the learner's finished first attempts, and how many were solved.

    A first attempt solved after a hint still counts as solved here; replays
    and reviews do not count at all (they are not a first meeting with the puzzle).
    """
    rows = (
        _library_attempts(learner)
        .filter(
            is_first=True,
            status__in=[Attempt.Status.SOLVED, Attempt.Status.FAILED],
            puzzle__themes__isnull=False,
        )
        .values_list("puzzle__game", "puzzle__themes")
        .annotate(
            total=Count("id"),
            solved=Count("id", filter=Q(status=Attempt.Status.SOLVED)),
        )
    )
    themes = _themes()
    scores: dict[str, list[ThemeScore]] = defaultdict(list)
    for game, theme_id, total, solved in rows:
        theme = themes.get(theme_id)
        if theme is not None:  # None: made by another process a moment ago
            scores[game].append(ThemeScore(theme.slug, theme.name, solved, total))
    return dict(scores)


def strongest_and_weakest(
    scores: list[ThemeScore], *, shown: int = THEMES_SHOWN, minimum: int = THEME_MIN_ATTEMPTS
) -> tuple[list[ThemeScore], list[ThemeScore]]:
    """The best and the worst themes by success rate, never the same theme in both.

    Only themes with at least ``minimum`` attempts are judged. With few themes,
    the strongest take the better half (rounded up) and the weakest the rest.
    Ties go to the theme with more attempts behind it, then by name.
    """
    judged = [score for score in scores if score.total >= minimum]
    best_first = sorted(judged, key=lambda s: (-s.solved / s.total, -s.total, s.name))
    strong = best_first[: min(shown, (len(judged) + 1) // 2)]
    rest = best_first[len(strong) :]
    worst_first = sorted(rest, key=lambda s: (s.solved / s.total, -s.total, s.name))
    return strong, worst_first[: min(shown, len(rest))]


def recent_attempts(
    learner: Learner, games: Iterable[str], limit: int = RECENT
) -> dict[str, list[RecentAttempt]]:
    """Per game of ``games``: the learner's latest finished library attempts, newest first.

    Each game's latest are found by walking the learner's attempts newest
    first (an index) until ``limit`` are found, so a long history costs
    nothing here; pass only the games the learner has finished attempts in,
    or a game without any walks the whole history. The attempts found are then
    loaded with their puzzle by id: joined in the same query, PostgreSQL
    misjudges the rows and scans the whole puzzle table.
    """
    finished = _library_attempts(learner).exclude(status=Attempt.Status.PLAYING)
    latest = Q()
    for game in games:
        newest = finished.filter(puzzle__game=game).order_by("-started_at").values("pk")
        latest |= Q(pk__in=newest[:limit])
    if not latest:
        return {}
    ids = list(Attempt.objects.filter(learner=learner).filter(latest).values_list("pk", flat=True))
    attempts = (
        Attempt.objects.filter(pk__in=ids)
        .select_related("puzzle")
        .only(
            "status",
            "mode",
            "started_at",
            "finished_at",
            "rating_before",
            "rating_after",
            "deviation_before",
            "deviation_after",
            "puzzle__slug",
            "puzzle__game",
            "puzzle__prompt_zh",
            "puzzle__prompt_en",
        )
        .order_by("-started_at", "-id")
    )
    recent: dict[str, list[RecentAttempt]] = defaultdict(list)
    for attempt in attempts:
        recent[attempt.puzzle.game].append(RecentAttempt.of(attempt))
    return dict(recent)


def review_due_counts(learner: Learner, *, today: datetime.date | None = None) -> dict[str, int]:
    """Per game: how many review items are due (as ``puzzles.review.due_items`` counts them).

    The game is looked up per item by primary key, as in ``solved_counts``: a
    join lets PostgreSQL hash the whole puzzle table.
    """
    today = today or timezone.localdate()
    library_game = (
        Puzzle.objects.filter(pk=OuterRef("puzzle_id"), is_public=True).order_by().values("game")
    )
    rows = (
        ReviewItem.objects.filter(learner=learner, due__lte=today)
        .order_by()
        .annotate(game=Subquery(library_game))
        .values_list("game")
        .annotate(n=Count("id"))
    )
    return {game: due for game, due in rows if game is not None}
