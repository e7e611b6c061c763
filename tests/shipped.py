"""The repository's own content, loaded once for a test module and removed after it."""

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
