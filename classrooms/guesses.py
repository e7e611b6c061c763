"""Wrong join codes, counted per user and per client address in Django's cache.

Join codes cannot be tried without end: past ``USER_LIMIT`` wrong codes from one
user, or ``ADDRESS_LIMIT`` from one address, in about ``WINDOW`` seconds, no code is
looked at (the right one neither) until the counts fall again. The address limit is
higher: a whole school may share one address, and every child may mistype.

The counts live in ``django.core.cache.cache``, so they are shared by every worker
that shares the cache the settings choose. A sliding window is estimated from two
fixed ones (this one's count, plus the last one's in proportion to the part of it
still inside the window), so a limit cannot be doubled at a window's edge.
"""

from __future__ import annotations

import time

from django.core.cache import cache

WINDOW = 10 * 60  # seconds
USER_LIMIT = 10
ADDRESS_LIMIT = 60
PREFIX = "classrooms:join-guesses"


def _now() -> float:
    """The clock the windows are counted on (tests move it; the cache keeps its own)."""
    return time.time()


def _scopes(user_id, address: str) -> list[tuple[str, int]]:
    scopes = [(f"user:{user_id}", USER_LIMIT)] if user_id else []
    if address:
        scopes.append((f"address:{address}", ADDRESS_LIMIT))
    return scopes


def _key(scope: str, bucket: int) -> str:
    return f"{PREFIX}:{scope}:{bucket}"


def is_blocked(user_id, address: str = "") -> bool:
    """Whether this user or this address has guessed wrong too often lately."""
    now = _now()
    bucket, elapsed = divmod(now, WINDOW)
    bucket = int(bucket)
    scopes = _scopes(user_id, address)
    keys = [_key(scope, b) for scope, _limit in scopes for b in (bucket, bucket - 1)]
    counts = cache.get_many(keys)
    for scope, limit in scopes:
        current = counts.get(_key(scope, bucket), 0)
        previous = counts.get(_key(scope, bucket - 1), 0)
        if current + previous * (1 - elapsed / WINDOW) >= limit:
            return True
    return False


def count_wrong(user_id, address: str = "") -> None:
    """One more wrong code from this user and this address."""
    bucket = int(_now() // WINDOW)
    for scope, _limit in _scopes(user_id, address):
        key = _key(scope, bucket)
        cache.add(key, 0, timeout=2 * WINDOW)
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.set(key, 1, timeout=2 * WINDOW)
        # Some backends' incr() sets the default timeout: keep the count two windows.
        cache.touch(key, timeout=2 * WINDOW)
