"""A per-process cache of the content learners only read: lessons, steps, puzzles.

Building an ORM query costs far more than running it here (a lesson with its
steps: 0.7 ms to build and load, 0.06 ms of SQL), and content changes rarely.
Entries are dropped whenever a watched model is saved or deleted in this
process (and once more when that transaction commits), and expire after
``CONTENT_CACHE_SECONDS`` anyway, so an edit made by another process
(``load_content``, another app server) shows within that time.

Cached objects are shared between requests: callers must not modify them.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from django.conf import settings
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save

T = TypeVar("T")

_entries: dict[Hashable, tuple[float, Any]] = {}
MAX_ENTRIES = 5000
# Counted up whenever the cache is dropped: what is kept elsewhere beside the
# content (whole pages, ``puzzles.visitor_pages``) names the generation it was made in.
_generation = 0


def cached(key: Hashable, load: Callable[[], T]) -> T:
    """Return the cached value for ``key``, loading it when absent or expired.

    Empty values (``None``, an empty list) are not kept: a URL naming content
    that does not exist must not fill the cache.
    """
    now = time.monotonic()
    entry = _entries.get(key)
    if entry is not None and entry[0] > now:
        return entry[1]
    value = load()
    if value:
        if len(_entries) >= MAX_ENTRIES:
            # The oldest entry makes room (dicts keep their order of insertion); a
            # page's fragments for many learners must not empty the whole cache.
            _entries.pop(next(iter(_entries)), None)
        _entries[key] = (now + settings.CONTENT_CACHE_SECONDS, value)
    return value


def clear() -> None:
    global _generation
    _entries.clear()
    _generation += 1


def generation() -> int:
    """How many times the cache has been dropped in this process."""
    return _generation


class Shelf:
    """A bounded keep beside the cache for values too big to share its bound (whole
    pages, drawn boards): the least recently used goes past ``max_entries``. An entry
    lasts ``CONTENT_CACHE_SECONDS`` and goes with the content it was made of: it names
    the cache's ``generation`` it was made in, taken before the making started."""

    def __init__(self, max_entries: int):
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, tuple[float, int, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            expires, made_in, value = entry
            if expires <= time.monotonic() or made_in != _generation:
                del self._entries[key]
                return None
            self._entries.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any, made_in: int) -> None:
        with self._lock:
            self._entries[key] = (time.monotonic() + settings.CONTENT_CACHE_SECONDS, made_in, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


def _content_changed(sender, **kwargs) -> None:
    clear()
    transaction.on_commit(clear, robust=True)


# Models whose row counts are part of ``stamp`` (by label): registered by the apps
# that own them, so that this module names no app above it.
_counted: dict[str, type] = {}


def watch(*models, counted: bool = False) -> None:
    """Drop the cache whenever one of ``models`` (or its many-to-many links) changes;
    with ``counted``, how many rows each has is part of the content's ``stamp``."""
    for model in models:
        if counted:
            _counted[model._meta.label] = model
        uid = f"content-cache-{model._meta.label}"
        post_save.connect(_content_changed, sender=model, dispatch_uid=f"{uid}-save")
        post_delete.connect(_content_changed, sender=model, dispatch_uid=f"{uid}-delete")
        for field in model._meta.many_to_many:
            m2m_changed.connect(
                _content_changed, sender=field.remote_field.through, dispatch_uid=f"{uid}-m2m"
            )


def stamp() -> tuple:
    """What changes when content is loaded or edited (the library, and the models
    watched as ``counted``: lessons and their steps), as a part of the key of what is
    kept of a learner's progress: cached here, so read from the database at most once
    per process every ``CONTENT_CACHE_SECONDS``."""

    def load():
        from django.db.models import Count, Max, Q

        from puzzles.models import Puzzle

        counts = tuple(model.objects.count() for _, model in sorted(_counted.items()))
        puzzles = Puzzle.objects.aggregate(
            public=Count("pk", filter=Q(is_public=True)), latest=Max("updated_at")
        )
        latest = puzzles["latest"].timestamp() if puzzles["latest"] else 0
        return (*counts, puzzles["public"], latest)

    return cached(("content-stamp",), load)
