from dataclasses import dataclass
from functools import partial

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from accounts.learners import get_learner
from puzzles import content_cache, daily, navigation
from puzzles.forms import TrainingForm, current_settings
from puzzles.games import get_game
from puzzles.models import Puzzle, Theme
from puzzles.play import current_play, handle_post
from puzzles.ratings import learner_rating
from puzzles.services import solved_puzzle_ids
from puzzles.visitor_pages import kept_for_visitors

from . import services


@kept_for_visitors
def home(request):
    # Callables: the template's cached fragments call them only when they render anew.
    context = {
        "cards": services.game_cards,
        "dailies": services.daily_cards,
        "today": daily.today(),
        "starts": services.start_links(get_learner(request)),
    }
    return render(request, "tutorials/home.html", context)


def _game_or_404(slug):
    game = get_game(slug)
    if game is None:
        raise Http404
    return game


PUZZLES_PER_PAGE = 40


@dataclass(frozen=True)
class PuzzleRow:
    url: str
    themes: str
    prompt: str
    rating: int
    solved: bool


@kept_for_visitors
def learn_game(request, game):
    """The game's lessons, then its puzzle library: by theme, easiest first, a page at a time.

    The library's order, theme chips and rows are cached; a request costs no
    query beyond the learner's progress and solved puzzles.
    """
    game = _game_or_404(game)
    learner = get_learner(request)
    themes = content_cache.cached(("library-themes", game.slug), lambda: _themes(game.slug))
    theme = next((t for t in themes if t.slug == request.GET.get("theme")), None)
    theme_slug = theme.slug if theme is not None else None
    ids = content_cache.cached(
        ("library-ids", game.slug, theme_slug), lambda: _library_ids(game.slug, theme_slug)
    )
    page = Paginator(ids, PUZZLES_PER_PAGE).get_page(request.GET.get("page"))
    page_ids = list(page.object_list)
    solved = solved_puzzle_ids(learner) & set(page_ids)
    rows = services.lesson_rows(game.slug, learner)
    difficulty, training_theme = current_settings(learner)
    rating = learner_rating(learner, game.slug) if learner is not None else None
    context = {
        "game": game,
        "rows": rows,
        "progress_key": tuple((row.steps_done, row.completed) for row in rows),
        "themes": themes,
        "theme": theme,
        "page": page,
        "solved_key": tuple(sorted(solved)),
        # Called by the template only when its cached fragment is missing.
        "puzzles": partial(_puzzle_rows, page_ids, solved),
        # The training form: the learner's settings and rating in this game.
        "difficulties": TrainingForm.base_fields["difficulty"].choices,
        "difficulty": difficulty,
        "training_theme": training_theme,
        "rating": rating if rating is not None and rating.pk else None,
    }
    return render(request, "tutorials/game.html", context)


def _library(game: str):
    return Puzzle.objects.filter(game=game, is_public=True)


def _themes(game: str) -> list[Theme]:
    return list(
        Theme.objects.filter(puzzles__in=_library(game))
        .annotate(count=Count("puzzles"))
        .order_by("slug")
    )


def _library_ids(game: str, theme: str | None) -> list[int]:
    library = _library(game)
    if theme is not None:
        library = library.filter(themes__slug=theme)
    return list(library.order_by("rating", "slug").values_list("pk", flat=True))


def _puzzle_rows(ids: list[int], solved: set[int]) -> list[PuzzleRow]:
    puzzles = Puzzle.objects.filter(pk__in=ids).prefetch_related("themes").in_bulk()
    rows = []
    for pk in ids:
        puzzle = puzzles[pk]
        rows.append(
            PuzzleRow(
                url=puzzle.url,
                themes=" · ".join(t.name for t in puzzle.themes.all()),
                prompt=puzzle.prompt,
                rating=round(puzzle.rating),
                solved=pk in solved,
            )
        )
    return rows


RETURN_SESSION_KEY = "lesson-returns"


def start_lesson(request, game, lesson):
    steps = services.lesson_steps(game, lesson)
    if not steps:
        raise Http404
    back = navigation.return_link(request)  # opened from an assignment, say
    if back is not None:
        returns = request.session.get(RETURN_SESSION_KEY, {})
        returns[str(steps[0].lesson_id)] = back.url
        request.session[RETURN_SESSION_KEY] = dict(list(returns.items())[-20:])
    done = services.steps_done(get_learner(request), steps[0].lesson)
    return redirect(next((step for step in steps if step.order not in done), steps[0]))


@kept_for_visitors
@vary_on_headers("HX-Request")
@require_http_methods(["GET", "HEAD", "POST"])
def play_step(request, game, lesson, order):
    # One query brings the lesson, all its steps and their exercises.
    steps = services.lesson_steps(game, lesson)
    step = next((each for each in steps if each.order == order), None)
    if step is None:
        raise Http404
    status = 200
    play = None
    if request.method == "POST" and request.POST.get("action") == "next":
        return _continue(request, steps, step)
    if step.exercise is not None:
        if request.method == "POST":
            # A first miss says why; a second shows the answer too.
            play, status = handle_post(request, step.exercise, show_answer_after=2)
            if play.verdict is not None and play.verdict.is_correct:
                services.record_step(get_learner(request, create=True), step)
        else:
            play = current_play(request, step.exercise)
    elif request.method == "POST":
        return redirect(step)
    context = _step_context(request, steps, step, play)
    template = "tutorials/step.html#exercise" if request.htmx and play else "tutorials/step.html"
    return render(request, template, context, status=status)


def _continue(request, steps, step):
    """On "Next", a step without an exercise is done once read; go on."""
    learner = get_learner(request, create=True)
    if step.exercise is None:
        services.record_step(learner, step)
    index = steps.index(step)
    if index + 1 < len(steps):
        return redirect(steps[index + 1])
    # Back where the lesson was opened from (an assignment), else to what comes next.
    returns = request.session.get(RETURN_SESSION_KEY, {})
    back = returns.pop(str(step.lesson_id), None)
    if back is not None:
        request.session.modified = True  # once: the next time, from the game page, ends there
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        progress = services.progress_for(learner, step.lesson)
        if progress and progress.completed_at:
            messages.success(
                request, _("Lesson complete: %(title)s") % {"title": step.lesson.title}
            )
        else:
            messages.info(
                request,
                _(
                    "You reached the end of %(title)s; finish the exercises you skipped to"
                    " complete it."
                )
                % {"title": step.lesson.title},
            )
        return redirect(back)
    return redirect("tutorials:done", step.lesson.game, step.lesson.slug)


def lesson_done(request, game, lesson):
    """The end of a lesson: what it taught, the next lesson, and puzzles to practise on."""
    steps = services.lesson_steps(game, lesson)
    if not steps:
        raise Http404
    lesson = steps[0].lesson
    learner = get_learner(request)
    done = services.steps_done(learner, lesson)
    skipped = [step for step in steps if step.order not in done]
    rows = services.lesson_rows(game, learner)
    context = {
        "game": get_game(game),
        "lesson": lesson,
        "completed": not skipped,
        "skipped": skipped[0] if skipped else None,
        "next": services.next_lesson(rows, after=lesson),
        "practice_url": services.practice_url_for(lesson),
    }
    return render(request, "tutorials/done.html", context)


def _step_context(request, steps, step, play):
    lesson = step.lesson
    done = services.steps_done(get_learner(request), lesson)
    index = steps.index(step)
    return {
        "game": get_game(lesson.game),
        "lesson": lesson,
        "step": step,
        # Built only when the cached progress fragment for this done_key is missing.
        "dots": partial(services.step_dots, steps, step, done),
        "done_key": tuple(sorted(done)),
        "position": index + 1,
        "total": len(steps),
        "previous": steps[index - 1] if index > 0 else None,
        "next": steps[index + 1] if index + 1 < len(steps) else None,
        "play": play,
        "exercise_url": step.get_absolute_url(),
    }
