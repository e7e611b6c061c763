"""The log-in backends: Django's and allauth's, loading a signed-in user's profile and
learner with the user, in the one query every signed-in request makes anyway."""

from allauth.account import auth_backends
from django.contrib.auth import backends

from .rows import load_user

# What the sessions of the plain backends became (sessions name the backend that
# logged them in): ``LegacyBackendMiddleware`` moves an old session over once.
RENAMED = {
    "django.contrib.auth.backends.ModelBackend": "accounts.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend": (
        "accounts.backends.AuthenticationBackend"
    ),
}


class _WithProfileAndLearner:
    def get_user(self, user_id):
        user = load_user(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


class ModelBackend(_WithProfileAndLearner, backends.ModelBackend):
    pass


class AuthenticationBackend(_WithProfileAndLearner, auth_backends.AuthenticationBackend):
    pass
