"""The repository's own content, loaded once for a test module and removed after it,
and a learner's way through each of its puzzles."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command


@contextmanager
def shipped_content(django_db_blocker, *games: str) -> Iterator[None]:
    """Load ``content/`` (only ``games`` and the shared themes, if named) outside the
    tests' transactions, as a module-scoped fixture does, and empty the tables after."""
    from puzzles.models import Puzzle, Theme
    from tutorials.models import Lesson

    root = Path(settings.CONTENT_DIR)
    with django_db_blocker.unblock(), tempfile.TemporaryDirectory() as folder:
        if games:
            (Path(folder) / "themes.toml").symlink_to(root / "themes.toml")
            for game in games:
                (Path(folder) / game).symlink_to(root / game, target_is_directory=True)
            root = Path(folder)
        call_command("load_content", dir=root, stdout=StringIO())
        try:
            yield
        finally:
            Lesson.objects.all().delete()
            Puzzle.objects.all().delete()
            Theme.objects.all().delete()


def solve_through_kind(puzzle, next_posts, *, turns: int, statuses: tuple[str, ...]) -> int:
    """Solve ``puzzle`` through its kind's own checker, as a learner's answers are judged.

    ``next_posts(puzzle, state)`` gives the next answer(s) as form posts, worked out by
    the engine; every verdict must be one of ``statuses`` until one is correct, and
    every board must draw. Returns the number of answers it took.
    """
    from puzzles.kinds import get_kind

    kind = get_kind(puzzle.kind)
    state = kind.start(puzzle.data)
    answers = 0
    for _turn in range(turns):
        for post in next_posts(puzzle, state):
            answer = kind.parse_answer(puzzle.data, state, post)
            verdict, state = kind.check(puzzle.data, state, answer)
            answers += 1
            assert verdict.status in statuses, (
                f"{puzzle.slug}: {post} was {verdict.status}: {verdict.message_text}"
            )
            kind.board(puzzle.data, state, verdict=verdict, interactive=not verdict.is_final)
            if verdict.is_correct:
                return answers
    raise AssertionError(f"{puzzle.slug}: not solved in {turns} turns")
