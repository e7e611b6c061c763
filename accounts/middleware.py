from django.contrib.auth import BACKEND_SESSION_KEY
from django.utils import translation

LANGUAGE_SESSION_KEY = "qipai_language"


class ProfileLanguageMiddleware:
    """A signed-in learner's preferred language wins over the browser's.

    The preference is copied into the session at log-in and whenever the
    learner switches language, so no query is needed per request.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.user.is_authenticated:
            language = request.session.get(LANGUAGE_SESSION_KEY)
            if language and translation.check_for_language(language):
                translation.activate(language)
                request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)


MUST_CHANGE_PASSWORD_KEY = "qipai_must_change_password"  # noqa: S105 - a session key
PASSWORD_EXEMPT_URLS = {"first_password", "account_logout", "set_language"}


class PasswordChangeRequiredMiddleware:
    """An account with a teacher's one-time password must choose its own first.

    The log-in copies ``Profile.must_change_password`` into the session, so no query
    is needed per request; every page but the password change, log-out and the
    language switch leads to choosing one (``accounts:first_password``: the new
    password twice, no old one asked for) until it is done.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.user.is_authenticated and request.session.get(MUST_CHANGE_PASSWORD_KEY):
            from django.contrib import messages
            from django.shortcuts import redirect
            from django.urls import Resolver404, resolve
            from django.utils.translation import gettext as _

            try:
                name = resolve(request.path_info).url_name
            except Resolver404:
                name = None
            if name not in PASSWORD_EXEMPT_URLS:
                messages.info(request, _("Welcome! First choose your own password."))
                return redirect("accounts:first_password")
        return self.get_response(request)


class LegacyBackendMiddleware:
    """A session logged in before the backends were renamed (``accounts.backends``)
    names the new one, once: without it, that learner would be logged out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        from .backends import RENAMED

        backend = request.session.get(BACKEND_SESSION_KEY)
        if backend in RENAMED:
            request.session[BACKEND_SESSION_KEY] = RENAMED[backend]
        return self.get_response(request)
