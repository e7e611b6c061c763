from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from accounts.models import Learner

from .games import GAME_CHOICES
from .kinds import localized


class Theme(models.Model):
    slug = models.SlugField(unique=True)
    name_zh = models.CharField(_("Chinese name"), max_length=60)
    name_en = models.CharField(_("English name"), max_length=60)

    class Meta:
        ordering = ["slug"]
        verbose_name = _("theme")
        verbose_name_plural = _("themes")

    def __str__(self):
        return self.name

    @property
    def name(self):
        return localized({"zh": self.name_zh, "en": self.name_en})


class Puzzle(models.Model):
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES, db_index=True)
    kind = models.CharField(_("kind"), max_length=40, db_index=True)
    slug = models.SlugField(max_length=120, unique=True)
    data = models.JSONField(_("data"))
    prompt_zh = models.TextField(_("prompt (Chinese)"))
    prompt_en = models.TextField(_("prompt (English)"))
    explanation_zh = models.TextField(_("explanation (Chinese)"), blank=True)
    explanation_en = models.TextField(_("explanation (English)"), blank=True)
    themes = models.ManyToManyField(Theme, blank=True, related_name="puzzles")
    rating = models.FloatField(_("rating"), default=1500.0)
    rating_deviation = models.FloatField(default=350.0)
    rating_volatility = models.FloatField(default=0.06)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    is_public = models.BooleanField(
        _("in the puzzle library"),
        default=True,
        help_text=_("Lesson exercises and private teacher puzzles are not in the library."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "rating", "slug"]
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")
        indexes = [models.Index(fields=["game", "is_public", "rating"])]

    def __str__(self):
        return self.slug

    def get_absolute_url(self):
        return self.url

    @cached_property
    def url(self) -> str:
        return reverse("puzzles:solve", args=[self.slug])

    @property
    def prompt(self):
        return localized({"zh": self.prompt_zh, "en": self.prompt_en})

    @property
    def explanation(self):
        return localized({"zh": self.explanation_zh, "en": self.explanation_en})


class Attempt(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("in progress")
        SOLVED = "solved", _("solved")
        FAILED = "failed", _("failed")

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING
    )
    state = models.JSONField(default=dict)
    moves = models.JSONField(default=list)
    # A hint or a look at the solution makes the attempt unrated.
    hinted = models.BooleanField(_("used a hint"), default=False)
    revealed = models.BooleanField(_("saw the solution"), default=False)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        indexes = [models.Index(fields=["learner", "puzzle", "-started_at"])]

    def __str__(self):
        return f"{self.learner} · {self.puzzle} · {self.status}"

    @property
    def ply(self) -> int:
        return len(self.moves)
