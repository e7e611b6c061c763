"""Lesson services: plain functions over models, never the request."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.kept import kept
from accounts.models import Learner
from accounts.services import learners_merged, touch
from puzzles import content_cache, daily, training
from puzzles.db import locked_get_or_create
from puzzles.games import GAMES, Game, get_game
from puzzles.models import Puzzle
from puzzles.thumbnails import thumbnail

from .models import Lesson, LessonProgress, Step


@dataclass
class LessonRow:
    lesson: Lesson
    steps_total: int
    steps_done: int
    completed: bool

    @property
    def percent(self) -> int:
        if not self.steps_total:
            return 0
        return round(100 * self.steps_done / self.steps_total)


@dataclass
class GameCard:
    game: Game
    lessons: int

    @property
    def url(self) -> str:
        return reverse("tutorials:game", args=[self.game.slug]) if self.lessons else ""

    @property
    def meta(self) -> str:
        if not self.lessons:
            return _("Coming soon")
        return ngettext("%(count)s lesson", "%(count)s lessons", self.lessons) % {
            "count": self.lessons
        }


@dataclass
class DailyCard:
    game: Game
    puzzle: Puzzle
    board: str


def daily_cards() -> list[DailyCard]:
    """Today's daily puzzles with their boards, for the home page."""
    return [
        DailyCard(
            get_game(chosen.game),
            chosen.puzzle,
            thumbnail(chosen.puzzle),
        )
        for chosen in daily.todays_puzzles()
    ]


def _lesson_counts() -> dict[str, int]:
    return content_cache.cached(
        ("lesson-counts",),
        lambda: dict(Lesson.objects.order_by().values_list("game").annotate(n=Count("id"))),
    )


def game_cards() -> list[GameCard]:
    counts = _lesson_counts()
    return [GameCard(game, counts.get(game.slug, 0)) for game in GAMES]


def lesson_rows(
    game: str, learner: Learner | None, *, progress: dict | None = None
) -> list[LessonRow]:
    """The game's lessons with the learner's progress: one query, or none for a new visitor
    (or when ``progress``, the learner's by lesson id, is handed over).

    The lessons and their step numbers come from the content cache.
    """
    lessons = content_cache.cached(("lesson-list", game), lambda: _lesson_list(game))
    if progress is None:
        progress = lesson_progress(learner)
    rows = []
    for lesson, orders in lessons:
        done = progress.get(lesson.pk)
        valid = set(done.steps_done) & orders if done else set()
        rows.append(
            LessonRow(
                lesson=lesson,
                steps_total=len(orders),
                steps_done=len(valid),
                completed=bool(done and done.completed_at),
            )
        )
    return rows


def next_lesson(rows: list[LessonRow], after: Lesson | None = None) -> LessonRow | None:
    """The lesson to take next: the first unfinished one after ``after`` (or from the
    start), else any unfinished one; None when every lesson is complete."""
    start = 0
    if after is not None:
        start = next((i + 1 for i, row in enumerate(rows) if row.lesson.pk == after.pk), 0)
    for row in [*rows[start:], *rows[:start]]:
        if not row.completed and (after is None or row.lesson.pk != after.pk):
            return row
    return None


@dataclass
class StartLink:
    """Where a game begins for this learner: lesson 1, the lesson they are on, or
    (every lesson done) the game's puzzles."""

    game: Game
    row: LessonRow | None  # None: every lesson is complete
    returning: bool  # the learner has begun this game's lessons

    @property
    def url(self) -> str:
        if self.row is None:
            return reverse("puzzles:next", args=[self.game.slug])
        return self.row.lesson.get_absolute_url()


def start_links(learner: Learner | None) -> list[StartLink]:
    """One way in per taught game, for the home page (no query for a new visitor)."""
    links = []
    # Every game's progress in one query (a learner has a row per lesson begun).
    progress = lesson_progress(learner)
    for game in GAMES:
        if not _lesson_counts().get(game.slug):
            continue
        rows = lesson_rows(game.slug, learner, progress=progress)
        returning = any(r.steps_done for r in rows)
        links.append(StartLink(game, next_lesson(rows), returning))
    return links


def _lesson_list(game: str) -> list[tuple[Lesson, frozenset[int]]]:
    lessons = list(Lesson.objects.filter(game=game))
    orders = _step_orders([lesson.pk for lesson in lessons])
    return [(lesson, frozenset(orders.get(lesson.pk, ()))) for lesson in lessons]


def _step_orders(lesson_ids: list[int]) -> dict[int, set[int]]:
    orders: dict[int, set[int]] = {}
    for lesson_id, order in Step.objects.filter(lesson_id__in=lesson_ids).values_list(
        "lesson_id", "order"
    ):
        orders.setdefault(lesson_id, set()).add(order)
    return orders


def lesson_progress(learner: Learner | None) -> dict[int, LessonProgress]:
    """The learner's progress in every lesson begun, by lesson id: one query, kept
    under the learner's revision (``accounts.kept``)."""
    if learner is None:
        return {}
    return kept(
        learner,
        ("lesson-progress",),
        lambda: {p.lesson_id: p for p in LessonProgress.objects.filter(learner=learner)},
    )


def progress_for(learner: Learner | None, lesson: Lesson) -> LessonProgress | None:
    return lesson_progress(learner).get(lesson.pk)


def steps_done(learner: Learner | None, lesson: Lesson) -> set[int]:
    progress = progress_for(learner, lesson)
    return set(progress.steps_done) if progress else set()


def record_step(learner: Learner, step: Step) -> LessonProgress:
    """Mark ``step`` done for ``learner``; complete the lesson when every step is."""
    lesson = step.lesson
    with transaction.atomic():
        touch(learner)
        progress = locked_get_or_create(LessonProgress, learner=learner, lesson=lesson)
        done = set(progress.steps_done) | {step.order}
        progress.steps_done = sorted(done)
        all_orders = set(lesson.steps.values_list("order", flat=True))
        if progress.completed_at is None and all_orders <= done:
            progress.completed_at = timezone.now()
        progress.save()
    return progress


def lesson_steps(game: str, slug: str) -> list[Step]:
    """The lesson's steps in order, each with its lesson and exercise loaded.

    Shared between requests (see ``puzzles.content_cache``): do not modify.
    """
    return content_cache.cached(("lesson-steps", game, slug), lambda: _load_steps(game, slug))


def _load_steps(game: str, slug: str) -> list[Step]:
    steps = list(
        Step.objects.filter(lesson__game=game, lesson__slug=slug)
        .select_related("lesson", "exercise")
        .order_by("order")
    )
    if steps:
        lesson = steps[0].lesson
        for step in steps:
            step.lesson = lesson  # one shared instance: its URL is reversed once
    return steps


@dataclass
class StepDot:
    url: str
    label: str
    done: bool
    current: bool


def step_dots(steps: list[Step], current: Step, done: set[int]) -> list[StepDot]:
    """The row of dots above a step: one link per step, marked done and current."""
    step_label, done_label = _("Step %(n)s"), _("done")
    dots = []
    for number, step in enumerate(steps, start=1):
        label = step_label % {"n": number}
        if step.order in done:
            label = f"{label} ({done_label})"
        dots.append(
            StepDot(step.get_absolute_url(), label, step.order in done, step.pk == current.pk)
        )
    return dots


def lessons_summary(learner: Learner | None) -> list[tuple[Game, int, int]]:
    """Per game with lessons: (game, lessons completed, lessons in all)."""
    totals = _lesson_counts()
    completed: dict[str, int] = {}
    if learner is not None:
        completed = dict(
            LessonProgress.objects.filter(learner=learner, completed_at__isnull=False)
            .order_by()
            .values_list("lesson__game")
            .annotate(n=Count("id"))
        )
    return [
        (game, completed.get(game.slug, 0), totals[game.slug])
        for game in GAMES
        if totals.get(game.slug)
    ]


def practice_url_for(lesson: Lesson) -> str:
    """Where practice after ``lesson`` starts: library puzzles of the themes it taught,
    easiest first, then of every lesson the learner finished, then wider (see
    ``puzzles.training``). Good for a lesson's last page: "Practise what you learned"."""
    return f"{reverse('puzzles:next', args=[lesson.game])}?{urlencode({'lesson': lesson.slug})}"


def taught_themes(learner: Learner | None, game: str, lesson: str) -> training.Taught | None:
    """The themes of ``lesson`` (a slug, or "") and of every lesson of ``game`` the learner
    finished; None when the game has no such lesson. Two or three small queries."""
    lesson_themes: frozenset[int] = frozenset()
    if lesson:
        found = Lesson.objects.filter(game=game, slug=lesson).first()
        if found is None:
            return None
        lesson_themes = frozenset(found.themes.values_list("id", flat=True))
    finished_ids: list[int] = []
    if learner is not None and learner.pk is not None:
        finished_ids = list(
            LessonProgress.objects.filter(
                learner=learner, lesson__game=game, completed_at__isnull=False
            ).values_list("lesson_id", flat=True)
        )
    finished = frozenset(
        Lesson.themes.through.objects.filter(lesson_id__in=finished_ids).values_list(
            "theme_id", flat=True
        )
        if finished_ids
        else ()
    )
    return training.Taught(lesson_themes, finished, from_lessons=bool(lesson or finished_ids))


training.register_teacher(taught_themes)


@receiver(learners_merged)
def merge_progress(sender, source: Learner, target: Learner, **kwargs):
    """Union the steps of lessons both learners began; move the rest."""
    for theirs in LessonProgress.objects.filter(learner=source):
        ours = LessonProgress.objects.filter(learner=target, lesson=theirs.lesson_id).first()
        if ours is None:
            theirs.learner = target
            theirs.save(update_fields=["learner"])
            continue
        ours.steps_done = sorted(set(ours.steps_done) | set(theirs.steps_done))
        finished = [t for t in (ours.completed_at, theirs.completed_at) if t]
        ours.completed_at = min(finished) if finished else None
        if ours.completed_at is None:
            all_orders = set(theirs.lesson.steps.values_list("order", flat=True))
            if all_orders and all_orders <= set(ours.steps_done):
                ours.completed_at = timezone.now()
        ours.save()
        theirs.delete()
