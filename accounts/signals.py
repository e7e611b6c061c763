from allauth.account.signals import password_changed
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save
from django.dispatch import receiver

from .learners import SESSION_KEY
from .middleware import LANGUAGE_SESSION_KEY, MUST_CHANGE_PASSWORD_KEY
from .services import ensure_profile, find_anonymous_learner, learner_for_user, merge_learners


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender, instance, created, **kwargs):
    if created:
        ensure_profile(instance)


@receiver(user_logged_in)
def adopt_anonymous_progress(sender, request, user, **kwargs):
    """On log-in or sign-up, move the visitor's anonymous progress to the account."""
    if request is None or not hasattr(request, "session"):
        return
    token = request.session.pop(SESSION_KEY, None)
    if hasattr(request, "_qipai_learner"):
        del request._qipai_learner
    if token:
        source = find_anonymous_learner(token)
        if source is not None:
            merge_learners(source, learner_for_user(user))
    language = ensure_profile(user).language
    if language:
        request.session[LANGUAGE_SESSION_KEY] = language


@receiver(user_logged_in)
def ask_for_own_password(sender, request, user, **kwargs):
    """A teacher-made account logs in with its one-time password: ask for a new one."""
    has_session = request is not None and hasattr(request, "session")
    if has_session and ensure_profile(user).must_change_password:
        request.session[MUST_CHANGE_PASSWORD_KEY] = True


@receiver(password_changed)
def own_password_chosen(sender, request, user, **kwargs):
    profile = ensure_profile(user)
    if profile.must_change_password:
        profile.must_change_password = False
        profile.save(update_fields=["must_change_password"])
    if request is not None and hasattr(request, "session"):
        request.session.pop(MUST_CHANGE_PASSWORD_KEY, None)
