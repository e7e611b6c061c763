import datetime
import functools

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from accounts.learners import get_learner

from . import content_cache, daily, navigation, review, services, training
from .access import get_visible_puzzle
from .forms import ReportForm, TrainingForm
from .games import get_game
from .models import Attempt
from .play import current_play, handle_post
from .visitor_pages import kept_for_visitors


def _game_or_404(slug):
    game = get_game(slug)
    if game is None:
        raise Http404
    return game


def _player(request, puzzle, *, action, template, mode=Attempt.Mode.PLAY, **context):
    """Serve one puzzle in the player: the page, or its #play fragment for htmx."""
    status = 200
    if request.method == "POST":
        play, status = handle_post(request, puzzle, mode=mode)
    else:
        play = current_play(request, puzzle)
    context.update(puzzle=puzzle, game=get_game(puzzle.game), play=play, action=action)
    template = f"{template}#play" if request.htmx else template
    return render(request, template, context, status=status)


@kept_for_visitors
@vary_on_headers("HX-Request")
@require_http_methods(["GET", "HEAD", "POST"])
def solve_puzzle(request, slug):
    puzzle = get_visible_puzzle(request.user, slug)
    back = navigation.return_link(request)
    if back is not None:
        return _player(
            request,
            puzzle,
            action=f"{puzzle.url}?{back.query}",
            template="puzzles/solve.html",
            back=back,
        )
    next_url = reverse("puzzles:next", args=[puzzle.game]) if puzzle.is_public else ""
    return _player(
        request, puzzle, action=puzzle.url, template="puzzles/solve.html", next_url=next_url
    )


@require_GET
def next_puzzle(request, game):
    """Pick the learner's next puzzle and go there; the query may change their settings."""
    game = _game_or_404(game)
    form = TrainingForm(request.GET or None, game=game.slug)
    if request.GET and not form.is_valid():
        return render(request, "400.html", status=400)
    learner = get_learner(request)
    if form.changes(learner):
        learner = get_learner(request, create=True)
        form.save(learner)
    difficulty, theme = form.settings(learner)
    puzzle = training.pick_next(
        learner, game.slug, difficulty=difficulty, theme=theme, lesson=form.practice_lesson()
    )
    if puzzle is not None:
        return redirect(puzzle.url)
    context = {"game": game, "theme": theme, "difficulty": difficulty}
    return render(request, "puzzles/none_left.html", context)


@kept_for_visitors
@vary_on_headers("HX-Request")
@require_http_methods(["GET", "HEAD", "POST"])
def daily_puzzle(request, game, day=None):
    """Today's puzzle of the game at /daily/<game>/; an earlier day's at /daily/<game>/<day>/."""
    game = _game_or_404(game)
    date = daily.today()
    if day is not None:
        try:
            date = datetime.date.fromisoformat(day)
        except ValueError:
            raise Http404 from None
    chosen = daily.daily_puzzle(game.slug, date)
    if chosen is None:
        raise Http404
    action = reverse("daily:day", args=[game.slug, date.isoformat()])
    return _player(
        request,
        chosen.puzzle,
        action=action,
        template="puzzles/daily.html",
        date=date,
        is_today=date == daily.today(),
        # (current, best), read after the answer is judged: the template calls it.
        streak=functools.cache(lambda: daily.streak(get_learner(request))),
        next_url=reverse("puzzles:next", args=[game.slug]),
    )


@require_GET
def review_queue(request):
    learner = get_learner(request)
    context = {
        # Callables: the page's list is kept under the learner's revision and these.
        "items": lambda: review.due_items(learner),
        "upcoming": lambda: review.upcoming(learner),
        "today": timezone.localdate(),
        "stamp": content_cache.stamp(),
    }
    return render(request, "puzzles/review.html", context)


@vary_on_headers("HX-Request")
@require_http_methods(["GET", "HEAD", "POST"])
def review_puzzle(request, slug):
    """A review item in the player: attempts here are review attempts (never rated).

    The page opens for a due item (or a review under way). Answers are taken
    as a review only for a puzzle in the learner's queue, and the queue itself
    moves an item only when it is due; any other puzzle is played as usual.
    """
    puzzle = get_visible_puzzle(request.user, slug)
    learner = get_learner(request)
    if request.method != "POST":
        latest = services.current_attempt(learner, puzzle)
        reviewing = (
            latest is not None
            and latest.mode == Attempt.Mode.REVIEW
            and latest.status == Attempt.Status.PLAYING
        )
        if not reviewing and review.due_item(learner, puzzle.pk) is None:
            messages.info(request, _("That puzzle is not due for review; here it is as a puzzle."))
            return redirect(puzzle.url)
    mode = Attempt.Mode.REVIEW if review.in_queue(learner, puzzle.pk) else Attempt.Mode.PLAY
    return _player(
        request,
        puzzle,
        action=reverse("review:play", args=[puzzle.slug]),
        template="puzzles/review_play.html",
        mode=mode,
        next_url=reverse("review:queue"),
    )


@require_http_methods(["GET", "HEAD", "POST"])
def report_puzzle(request, slug):
    puzzle = get_visible_puzzle(request.user, slug)
    form = ReportForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            form.save(puzzle, get_learner(request, create=True))
            messages.success(request, _("Thank you: the report is with our editors."))
            return redirect(puzzle.url)
        return render(request, "puzzles/report.html", {"puzzle": puzzle, "form": form}, status=400)
    return render(request, "puzzles/report.html", {"puzzle": puzzle, "form": form})
