"""The repository's own content, loaded once for a test module and removed after it,
and a learner's way through each of its puzzles.

Loading proves every puzzle with its engine (``prepare``), minutes in all, and the
suite loads the same content several times (each game's content test, the tap
targets, then again on PostgreSQL). With ``QIPAI_PREPARED_CACHE`` set to a folder
(``scripts/test`` sets it), what ``prepare`` works out for shipped content is kept
there, keyed by the kind, the puzzle's data and a digest of the code that could
change the result (``engines/``, ``puzzles/``, ``tutorials/``, ``config/``): the
same puzzle under the same code is proved once a run, and any change to the code
proves everything again. Each load then checks that every puzzle's data and proofs
come back from the database (SQLite or PostgreSQL) exactly as they were stored."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent


@cache
def _code_digest() -> str:
    digest = hashlib.sha256()
    for folder in ("engines", "puzzles", "tutorials", "config"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _json(value):
    """``value`` as it comes back from a JSON column."""
    return json.loads(json.dumps(value))


def _key(kind: str, data) -> str:
    return json.dumps([kind, data], sort_keys=True)


@contextmanager
def _remembered_proofs(proved: dict | None = None) -> Iterator[None]:
    """While loading, each kind's ``prepare`` reads what it worked out before for
    the same data under the same code (with ``QIPAI_PREPARED_CACHE``), and keeps
    what it works out anew; ``proved`` gathers every result by kind and data."""
    folder = os.environ.get("QIPAI_PREPARED_CACHE")
    if not folder and proved is None:
        yield
        return
    from puzzles.kinds import _REGISTRY

    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
    wrapped = []
    for kind in _REGISTRY.values():

        def remembered(data, budget=None, _kind=kind, _prepare=kind.prepare):
            if budget is not None:
                return _prepare(data, budget)
            path = None
            if folder:
                text = json.dumps([_kind.name, data, _code_digest()], sort_keys=True)
                path = Path(folder) / f"{hashlib.sha256(text.encode()).hexdigest()}.json"
            if path is not None and path.exists():
                prepared = json.loads(path.read_text())
            else:
                prepared = _prepare(data)
                if path is not None:
                    partial = path.with_suffix(f".{os.getpid()}.tmp")
                    partial.write_text(json.dumps(prepared))
                    partial.replace(path)  # whole or not at all, whichever worker writes
            if proved is not None:
                proved[_key(_kind.name, data)] = _json(prepared)
            return prepared

        kind.prepare = remembered
        wrapped.append(kind)
    try:
        yield
    finally:
        for kind in wrapped:
            del kind.prepare  # the class's own again


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
        proved: dict = {}
        with _remembered_proofs(proved):
            call_command("load_content", dir=root, stdout=StringIO())
        # Every puzzle's data and proofs come back from the database as they were
        # stored (a JSON column of SQLite or PostgreSQL).
        found = set()
        for puzzle in Puzzle.objects.all():
            key = _key(puzzle.kind, puzzle.data)
            if key in proved:
                assert puzzle.prepared == proved[key], f"{puzzle.slug}: its proofs changed"
                found.add(key)
        assert found == set(proved), f"{len(set(proved) - found)} puzzles' data changed"
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
