import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(_("display name"), max_length=50, blank=True)
    language = models.CharField(
        _("preferred language"), max_length=10, choices=settings.LANGUAGES, blank=True
    )
    is_teacher = models.BooleanField(
        _("teacher"), default=False, help_text=_("Teachers can create classes.")
    )
    # Set for an account a teacher made or reset: its one-time password must be
    # replaced at the next log-in.
    must_change_password = models.BooleanField(_("must change password"), default=False)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()


class Learner(models.Model):
    """Whoever makes progress: a user, or an anonymous visitor's session.

    Attempts and lesson progress point here. An anonymous learner has no user
    and is found through the token kept in the visitor's session; when the
    visitor signs up or logs in, their progress moves to the user's learner
    (see ``services.merge_learners``).
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="learner",
    )
    token = models.CharField(max_length=43, unique=True, editable=False)
    # Puzzle training: how far from the learner's rating "next puzzle" aims
    # (see ``puzzles.training``), and the theme last chosen ("" for any).
    puzzle_difficulty = models.CharField(
        _("training difficulty"), max_length=10, default="normal", blank=True
    )
    puzzle_theme = models.SlugField(_("training theme"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # One more each time the learner's progress changes (an answer, a hint, a lesson
    # step, a merge): what is worked out from their progress is kept under it, and a
    # change makes it stale at once (``accounts.services.touch``).
    revision = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("learner")
        verbose_name_plural = _("learners")

    def __str__(self):
        return self.user.get_username() if self.user_id else f"anonymous {self.token[:8]}"

    def save(self, *args, **kwargs):
        if not self.token:
            self.token = secrets.token_urlsafe(32)
        super().save(*args, **kwargs)

    @property
    def is_anonymous(self) -> bool:
        return self.user_id is None
