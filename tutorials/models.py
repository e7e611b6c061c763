from django.db import models
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from accounts.models import Learner
from puzzles.games import GAME_CHOICES
from puzzles.kinds import localized
from puzzles.models import Puzzle, Theme
from puzzles.pictures import draw_static_board


class Lesson(models.Model):
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES, db_index=True)
    slug = models.SlugField(max_length=80)
    order = models.PositiveIntegerField(_("order"), default=0)
    title_zh = models.CharField(_("title (Chinese)"), max_length=120)
    title_en = models.CharField(_("title (English)"), max_length=120)
    summary_zh = models.TextField(_("summary (Chinese)"), blank=True)
    summary_en = models.TextField(_("summary (English)"), blank=True)
    # The puzzle themes the lesson teaches: practice after it starts there.
    themes = models.ManyToManyField(
        Theme, blank=True, related_name="lessons", verbose_name=_("themes")
    )

    class Meta:
        ordering = ["game", "order", "slug"]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="lesson_unique_slug_per_game")
        ]

    def __str__(self):
        return f"{self.game}/{self.slug}"

    @property
    def title(self):
        return localized({"zh": self.title_zh, "en": self.title_en})

    @property
    def summary(self):
        return localized({"zh": self.summary_zh, "en": self.summary_en})

    def get_absolute_url(self):
        return self.url

    @cached_property
    def url(self) -> str:
        return reverse("tutorials:lesson", args=[self.game, self.slug])


class Step(models.Model):
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="steps")
    order = models.PositiveIntegerField(_("order"))
    text_zh = models.TextField(_("text (Chinese)"))
    text_en = models.TextField(_("text (English)"))
    board = models.JSONField(
        _("static board"),
        null=True,
        blank=True,
        help_text=_('A board to show: {"kind": "<puzzle kind>", "data": {...}}.'),
    )
    exercise = models.ForeignKey(
        Puzzle,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="lesson_steps",
        verbose_name=_("exercise"),
    )

    class Meta:
        ordering = ["lesson", "order"]
        verbose_name = _("step")
        verbose_name_plural = _("steps")
        constraints = [
            models.UniqueConstraint(fields=["lesson", "order"], name="step_unique_order")
        ]

    def __str__(self):
        return f"{self.lesson} #{self.order}"

    @property
    def text(self):
        return localized({"zh": self.text_zh, "en": self.text_en})

    @property
    def static_board(self) -> str:
        """The step's picture, or its puzzle kind's board, or "" when it has none."""
        if not self.board:
            return ""
        return draw_static_board(self.board["kind"], self.board.get("data", {}))

    def get_absolute_url(self):
        # tutorials:step is the lesson's URL followed by "<order>/" (see tutorials/urls.py).
        return f"{self.lesson.url}{self.order}/"


class LessonProgress(models.Model):
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="lesson_progress")
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="progress")
    steps_done = models.JSONField(default=list)
    completed_at = models.DateTimeField(_("completed"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("lesson progress")
        verbose_name_plural = _("lesson progress")
        constraints = [
            models.UniqueConstraint(fields=["learner", "lesson"], name="progress_unique")
        ]

    def __str__(self):
        return f"{self.learner} · {self.lesson}"
