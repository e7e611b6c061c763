from django.shortcuts import render
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

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
    return render(request, template, context, status=status)
