"""Learners and profiles, over models only (no requests)."""

from django.db import transaction
from django.db.models import F
from django.dispatch import Signal

from . import kept
from .models import Learner, Profile

# Sent inside the merge transaction with ``source`` (the anonymous learner) and
# ``target`` (the account's learner). Apps that store progress move their rows
# from source to target, resolving duplicates so nothing is counted twice.
learners_merged = Signal()


def touch(learner: Learner) -> None:
    """Count a change to ``learner``'s progress, inside the transaction that makes it.

    The update also locks the learner's row until the transaction ends, so that two
    answers sent at once take turns. What pages keep of a learner's progress is kept
    under ``revision``, so it is stale as soon as this commits.
    """
    Learner.objects.filter(pk=learner.pk).update(revision=F("revision") + 1)
    kept.changed(learner)


def learner_for_user(user) -> Learner:
    learner, _ = Learner.objects.get_or_create(user=user)
    return learner


def create_anonymous_learner() -> Learner:
    return Learner.objects.create()


def find_anonymous_learner(token: str) -> Learner | None:
    if not isinstance(token, str) or not token:
        return None
    return Learner.objects.filter(token=token, user__isnull=True).first()


def merge_learners(source: Learner, target: Learner) -> None:
    """Move everything ``source`` did to ``target`` and delete ``source``.

    Runs once per anonymous learner: the source row is gone afterwards.
    """
    if source.pk == target.pk:
        return
    with transaction.atomic():
        # Lock the source so two concurrent logins cannot both merge it.
        locked = Learner.objects.select_for_update().filter(pk=source.pk).first()
        if locked is None:
            return
        learners_merged.send(sender=Learner, source=locked, target=target)
        touch(target)
        locked.delete()


def ensure_profile(user) -> Profile:
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile
