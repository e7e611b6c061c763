from collections.abc import Callable

from django.http import Http404

from . import content_cache
from .games import GAMES
from .models import Puzzle

# Who else may see a private puzzle that has an author: rules registered by the
# apps above this one (``classrooms`` lets its classes see their teachers' puzzles),
# so that ``puzzles`` never imports them. A rule is ``rule(user, puzzle) -> bool``,
# asked for a signed-in user who is neither the author nor staff; one yes is enough.
VisibilityRule = Callable[[object, Puzzle], bool]
visibility_rules: list[VisibilityRule] = []


def register_visibility(rule: VisibilityRule) -> VisibilityRule:
    """Add a rule that opens private puzzles to more users (usable as a decorator)."""
    if rule not in visibility_rules:
        visibility_rules.append(rule)
    return rule


def is_visible(user, puzzle: Puzzle) -> bool:
    """Library puzzles to everyone; a private one to its author, staff and the rules."""
    if puzzle.is_public:
        return True
    if not user.is_authenticated:
        return False
    if user.is_staff or puzzle.author_id == user.pk:
        return True
    return puzzle.author_id is not None and any(rule(user, puzzle) for rule in visibility_rules)


def get_visible_puzzle(user, slug: str) -> Puzzle:
    """A puzzle the user may see (``is_visible``); 404 otherwise.

    The puzzle itself is cached for everyone; who may see it is decided per request.
    """
    puzzle = content_cache.cached(
        ("puzzle", slug), lambda: Puzzle.objects.filter(slug=slug).first()
    )
    if puzzle is None or not is_visible(user, puzzle):
        raise Http404
    return puzzle


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
