"""What pages work out of a learner's progress, kept in this process under their revision.

A signed-in learner's pages show their progress on every visit (lessons begun,
puzzles solved, ratings, the streak, the review queue); working it out again each
time costs queries and Python far dearer than the page itself. ``kept`` keeps each
such value in this process under the learner's ``revision``, read with the user at
the start of the request (``accounts.backends``) and counted up in the transaction
of every change (``accounts.services.touch``): a change makes new keys at once, in
every process, and no process has to be told. What is no longer read is pushed out
by what is (least recently used first).

A request that changes the learner's progress reads it afresh for the rest of that
request: the revision it read at the start is already old.

Values are shared between requests: callers must not modify them. A value that
also depends on something else (the day, the content, the language) names it in
its key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from django.core.signals import request_started

T = TypeVar("T")

MAX_ENTRIES = 20_000

_entries: OrderedDict[Hashable, object] = OrderedDict()
_lock = threading.Lock()
_local = threading.local()


def kept(learner, key: Hashable, load: Callable[[], T]) -> T:
    """``load()``, kept under ``learner``'s revision and ``key``; no keeping without a
    saved learner, or once this request has changed their progress."""
    if learner is None or learner.pk is None or learner.pk in _changed():
        return load()
    full = (learner.pk, learner.revision, key)
    with _lock:
        try:
            _entries.move_to_end(full)
            return _entries[full]
        except KeyError:
            pass
    value = load()
    with _lock:
        _entries[full] = value
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)
    return value


def changed(learner) -> None:
    """This request has changed ``learner``'s progress (``touch`` says so)."""
    _changed().add(learner.pk)


def clear() -> None:
    with _lock:
        _entries.clear()


def _changed() -> set:
    found = getattr(_local, "changed", None)
    if found is None:
        found = _local.changed = set()
    return found


def _new_request(**kwargs) -> None:
    _local.changed = set()


request_started.connect(_new_request, dispatch_uid="accounts-kept-new-request")
