from django.core.cache import cache
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from accounts.kept import kept
from accounts.learners import get_learner
from classrooms import assignments
from classrooms.services import pending_invitations
from puzzles import content_cache, daily
from puzzles.dashboard import game_progress
from tutorials.services import lessons_summary

# How long a learner's rendered progress is kept: a change to it (``Learner.revision``),
# to the content or to the day makes a new key at once; this only frees the space.
PROGRESS_SECONDS = 60 * 60 * 24


def dashboard(request):
    """The learner's progress in every game, and their daily-puzzle streak."""
    learner = get_learner(request)
    homework = assignments.for_student(request.user, assignments.student_assignments(request.user))
    context = {
        "invitations": pending_invitations(request.user),
        "homework": [work for work in homework if not work.is_done],
        "homework_done": [work for work in homework if work.is_done],
        "progress_html": progress_html(request, learner),
    }
    return render(request, "me/dashboard.html", context)


def progress_html(request, learner) -> str:
    """The streak and each game's progress, rendered: worked out again only when the
    learner's progress, the content, the day or the language has changed."""

    def rendered() -> str:
        lessons = {game.slug: (done, total) for game, done, total in lessons_summary(learner)}
        games = game_progress(learner, lessons=lessons)
        current, best = daily.streak(learner)
        context = {
            "games": games,
            "daily_games": [progress.game for progress in games if progress.has_library],
            "streak": current,
            "best_streak": best,
        }
        return render_to_string("me/_progress.html", context, request)

    language, day, stamp = get_language(), timezone.localdate().isoformat(), content_cache.stamp()
    if learner is None:
        # Nothing of their own yet (a teacher who never solved a puzzle, a visitor):
        # every such user sees the same zeros, rendered once per language and day.
        html = content_cache.cached(("me-progress-none", language, day, stamp), rendered)
        return mark_safe(html)  # noqa: S308 - rendered by our template, escaped there

    def shared() -> str:
        # Another app server may have rendered it already.
        key = "me-progress:{}:{}:{}:{}:{}".format(
            learner.pk, learner.revision, language, day, "-".join(str(part) for part in stamp)
        )
        html = cache.get(key)
        if html is None:
            html = str(rendered())
            cache.set(key, html, PROGRESS_SECONDS)
        return html

    html = kept(learner, ("me-progress", language, day, stamp), shared)
    return mark_safe(html)  # noqa: S308 - rendered by our template, escaped there
