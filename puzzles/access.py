from django.http import Http404

from . import content_cache
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
