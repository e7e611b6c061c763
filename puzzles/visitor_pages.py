"""Whole pages kept for visitors who have nothing of their own yet.

A visitor without a session (nobody signed in, no answer given yet, so no progress
anywhere) sees exactly what every such visitor sees on that page in that language
that day: the lessons, the puzzle, the board. ``kept_for_visitors`` keeps such a
page in this process once rendered, beside the content it is made of: dropped with
the content cache whenever content changes, and after ``CONTENT_CACHE_SECONDS``
anyway, like every fragment of it (``puzzles.content_cache``).

One thing in the page is each visitor's own: the CSRF token of its forms (the
answer's form, the language switch, htmx's header). The kept page holds a
placeholder where the token goes (``csrf_placeholder``, a context processor, puts it
there while the page is rendered for keeping); each visitor's own token replaces it
when the page is served, and the CSRF cookie is set as usual.

A page is kept only when nothing but the language could make it differ between
visitors: a GET without a query, not from htmx, with no cookie but the CSRF token
and the chosen language, and it is served as rendered only when its view set no
cookie, started no session and left no message.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation

from . import content_cache

PLACEHOLDER = "qipai-kept-page-csrf-token-placeholder"
_PLACEHOLDER_BYTES = PLACEHOLDER.encode()

# Pages are far larger than the content cache's entries: their own, smaller bound.
MAX_PAGES = 400

_pages = content_cache.Shelf(MAX_PAGES)
_RECORDING = "_qipai_kept_page_recording"


@dataclass(frozen=True)
class KeptPage:
    content: bytes
    headers: tuple[tuple[str, str], ...]
    has_token: bool

    def serve(self, request) -> HttpResponse:
        content = _with_own_token(self.content, request) if self.has_token else self.content
        response = HttpResponse(content)
        for name, value in self.headers:
            response.headers[name] = value
        return response


def _with_own_token(content: bytes, request) -> bytes:
    """``content`` with the visitor's own CSRF token where the placeholder is."""
    return content.replace(_PLACEHOLDER_BYTES, get_token(request).encode())


def _cookies_allowed() -> frozenset[str]:
    return frozenset({settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME})


def _keepable(request) -> bool:
    return (
        request.method == "GET"
        and not request.META.get("QUERY_STRING")
        and "HTTP_HX_REQUEST" not in request.META
        and request.COOKIES.keys() <= _cookies_allowed()
    )


def _page_of(request, response) -> KeptPage | None:
    """What of ``response`` can be served to every visitor, or ``None``."""
    if (
        response.status_code != 200
        or response.streaming
        or response.cookies
        or not response.get("Content-Type", "").startswith("text/html")
        or getattr(getattr(request, "_messages", None), "added_new", False)
        or (hasattr(request, "session") and request.session.modified)
    ):
        return None
    headers = tuple(
        (name, value)
        for name, value in response.headers.items()
        if name.lower() not in ("content-length", "set-cookie")
    )
    content = response.content
    return KeptPage(content, headers, _PLACEHOLDER_BYTES in content)


def clear() -> None:
    _pages.clear()


def kept_for_visitors(view):
    """Keep ``view``'s page for visitors with nothing of their own (see the module)."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if not _keepable(request):
            return view(request, *args, **kwargs)
        key = (request.path, translation.get_language(), timezone.localdate())
        page = _pages.get(key)
        if page is not None:
            return page.serve(request)
        generation = content_cache.generation()
        setattr(request, _RECORDING, True)
        try:
            response = view(request, *args, **kwargs)
        finally:
            setattr(request, _RECORDING, False)
        page = _page_of(request, response)
        if page is None:
            if hasattr(response, "content") and _PLACEHOLDER_BYTES in response.content:
                # Not kept, yet rendered for keeping: this visitor's own token goes in.
                response.content = _with_own_token(response.content, request)
            return response
        _pages.put(key, page, generation)
        return page.serve(request)

    return wrapped


def csrf_placeholder(request) -> dict:
    """Context processor: while a page is rendered for keeping, its CSRF token is the
    placeholder each visitor's own replaces (after Django's ``csrf`` processor, which
    it overrides then and only then)."""
    if getattr(request, _RECORDING, False):
        return {"csrf_token": PLACEHOLDER}
    return {}
