from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_save
from django.dispatch import receiver

from .learners import SESSION_KEY
from .middleware import LANGUAGE_SESSION_KEY
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
