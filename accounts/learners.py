"""The request's learner: the logged-in user, or the anonymous visitor's session."""

from .models import Learner
from .services import create_anonymous_learner, find_anonymous_learner, learner_for_user

SESSION_KEY = "qipai_learner"


def get_learner(request, *, create: bool = False) -> Learner | None:
    """Return the request's learner; with ``create`` make one if there is none.

    Reading never writes: an anonymous visitor who only browses gets no row
    and no session.
    """
    cached = getattr(request, "_qipai_learner", None)
    if cached is not None:
        return cached
    learner = None
    if request.user.is_authenticated:
        if create:
            learner = learner_for_user(request.user)
        elif Learner.user.field.remote_field.is_cached(request.user):
            # Loaded with the user (``accounts.backends``): no query, None if none yet.
            learner = getattr(request.user, "learner", None)
        else:
            learner = Learner.objects.filter(user=request.user).first()
    else:
        token = request.session.get(SESSION_KEY)
        if token:
            learner = find_anonymous_learner(token)
        if learner is None and create:
            learner = create_anonymous_learner()
            request.session[SESSION_KEY] = learner.token
    if learner is not None:
        request._qipai_learner = learner
    return learner
