from django.http import Http404

from . import content_cache
from .games import GAMES
from .models import Puzzle


def get_visible_puzzle(user, slug: str) -> Puzzle:
    """A library puzzle, or a private one to its author and staff; 404 otherwise."""
    puzzle = content_cache.cached(
        ("puzzle", slug), lambda: Puzzle.objects.filter(slug=slug).first()
    )
    if puzzle is None:
        raise Http404
    if puzzle.is_public:
        return puzzle
    if user.is_authenticated and (user.is_staff or puzzle.author_id == user.pk):
        return puzzle
    raise Http404


def library_games() -> frozenset[str]:
    """The slugs of the games that have puzzles in the library (cached with the content).

    One indexed look-up per game: a DISTINCT over the puzzles would read them all.
    """
    return content_cache.cached(
        ("library-games",),
        lambda: frozenset(
            game.slug
            for game in GAMES
            if Puzzle.objects.filter(game=game.slug, is_public__in=[True]).exists()
        ),
    )
