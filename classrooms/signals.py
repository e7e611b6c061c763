"""A child's one-time password is forgotten the moment they choose their own."""

from allauth.account.signals import password_changed, password_reset, password_set
from django.dispatch import receiver

from .services import forget_one_time_passwords


@receiver(password_changed, dispatch_uid="classrooms-forget-one-time-password-changed")
@receiver(password_set, dispatch_uid="classrooms-forget-one-time-password-set")
@receiver(password_reset, dispatch_uid="classrooms-forget-one-time-password-reset")
def own_password_chosen(sender, request=None, user=None, **kwargs):
    if user is not None:
        forget_one_time_passwords(user)
