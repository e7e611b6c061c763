from django.http import Http404
from django.shortcuts import get_object_or_404

from .models import Puzzle


def get_visible_puzzle(user, slug: str) -> Puzzle:
    """A library puzzle, or a private one to its author and staff; 404 otherwise."""
    puzzle = get_object_or_404(Puzzle, slug=slug)
    if puzzle.is_public:
        return puzzle
    if user.is_authenticated and (user.is_staff or puzzle.author_id == user.pk):
        return puzzle
    raise Http404
