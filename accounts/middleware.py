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
