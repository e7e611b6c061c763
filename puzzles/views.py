from django.shortcuts import render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from accounts.learners import get_learner

from . import services
from .access import get_visible_puzzle
from .games import get_game
from .play import current_play, handle_post


@vary_on_headers("HX-Request")
@require_http_methods(["GET", "HEAD", "POST"])
def solve_puzzle(request, slug):
    puzzle = get_visible_puzzle(request.user, slug)
    status = 200
    if request.method == "POST":
        play, status = handle_post(request, puzzle)
    else:
        play = current_play(request, puzzle)
    template = "puzzles/solve.html#play" if request.htmx else "puzzles/solve.html"
    context = {"puzzle": puzzle, "game": get_game(puzzle.game), "play": play}
    if play.finished and puzzle.is_public:
        context["next_puzzle"] = services.next_puzzle(get_learner(request), puzzle)
    return render(request, template, context, status=status)
