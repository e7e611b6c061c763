"""Test-only URLs: the site's own URLs plus views that fail in each way."""

from django.core.exceptions import BadRequest, PermissionDenied
from django.urls import path

from config.urls import urlpatterns as site_urlpatterns


class SecretFailure(Exception):
    pass


def forbidden(request):
    raise PermissionDenied("the hidden reason for the refusal")


def bad_request(request):
    raise BadRequest("the hidden reason for the bad request")


def crash(request):
    raise SecretFailure("db password is hunter2; see /work/main/puzzles/services.py")


urlpatterns = [
    path("test-errors/403/", forbidden),
    path("test-errors/400/", bad_request),
    path("test-errors/500/", crash),
    *site_urlpatterns,
]
