from django.conf import settings
from django.db import models
from django.db.models.signals import m2m_changed, post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from accounts.models import Learner

from .games import GAME_CHOICES
from .kinds import kind_title, localized, with_prepared


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
    class Publication(models.TextChoices):
        """Where a teacher's request to put the puzzle in the library stands."""

        NONE = "", _("not asked")
        REQUESTED = "requested", _("awaiting review")
        DECLINED = "declined", _("not accepted")
        APPROVED = "approved", _("approved")

    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES, db_index=True)
    kind = models.CharField(_("kind"), max_length=40, db_index=True)
    slug = models.SlugField(max_length=120, unique=True)
    data = models.JSONField(_("data"))
    # What judging needs, computed by the kind from ``data`` when the puzzle is
    # saved (content load, a teacher's editor) so that an answer is only looked
    # up: see ``PuzzleKind.prepare``.
    prepared = models.JSONField(default=dict, blank=True, editable=False)
    prompt_zh = models.TextField(_("prompt (Chinese)"))
    prompt_en = models.TextField(_("prompt (English)"))
    explanation_zh = models.TextField(_("explanation (Chinese)"), blank=True)
    explanation_en = models.TextField(_("explanation (English)"), blank=True)
    themes = models.ManyToManyField(
        Theme, blank=True, related_name="puzzles", through="PuzzleTheme"
    )
    rating = models.FloatField(_("rating"), default=1500.0)
    rating_deviation = models.FloatField(default=350.0)
    rating_volatility = models.FloatField(default=0.06)
    plays = models.PositiveIntegerField(
        _("rated plays"), default=0, help_text=_("First attempts that counted for the rating.")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    is_public = models.BooleanField(
        _("in the puzzle library"),
        default=True,
        help_text=_("Lesson exercises and private teacher puzzles are not in the library."),
    )
    # A teacher's puzzle joins the library only when staff approve it (see
    # ``puzzles.publishing``); ``is_public`` stays the one thing visibility reads.
    publication = models.CharField(
        _("publication"), max_length=10, choices=Publication.choices, default="", blank=True
    )
    publication_note = models.TextField(
        _("note to the author"),
        blank=True,
        default="",
        max_length=500,
        help_text=_("Why the puzzle was declined: the teacher reads this."),
    )
    publication_requested_at = models.DateTimeField(
        _("asked for the library"), null=True, blank=True
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

    @cached_property
    def kind_data(self) -> dict:
        """The data its kind is handed: ``data`` with what ``prepare`` worked out."""
        return with_prepared(self.data, self.prepared) if self.prepared else self.data

    @property
    def prompt(self):
        return localized({"zh": self.prompt_zh, "en": self.prompt_en})

    @property
    def library_status(self) -> str:
        """For its author: "library", "waiting" (for review), "declined" or "private"."""
        if self.is_public:
            return "library"
        if self.publication == self.Publication.REQUESTED:
            return "waiting"
        if self.publication == self.Publication.DECLINED:
            return "declined"
        return "private"

    @property
    def kind_title(self) -> str:
        return kind_title(self.kind)

    @property
    def explanation(self):
        return localized({"zh": self.explanation_zh, "en": self.explanation_en})


class PublicationRequest(Puzzle):
    """A teacher's puzzle that asks to join the library: the admin's review list."""

    class Meta:
        proxy = True
        verbose_name = _("puzzle awaiting review")
        verbose_name_plural = _("puzzles awaiting review")


class PuzzleTheme(models.Model):
    """A puzzle's theme, with copies of the puzzle's game, library flag and rating.

    The copies let one index walk a theme's library puzzles in rating order
    (``puzzles.training``): with the rating on the puzzle alone, a database
    must either sort every puzzle of the theme or test every puzzle of the game.
    ``sync_theme_copies`` keeps them equal to the puzzle's on every save and
    every theme added; ``ratings.record_result`` updates the rating with the
    puzzle's.
    """

    id = models.AutoField(primary_key=True)  # as Django made the table before
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE)
    theme = models.ForeignKey(Theme, on_delete=models.CASCADE)
    game = models.CharField(max_length=20, default="")
    is_public = models.BooleanField(default=False)
    rating = models.FloatField(default=0.0)

    class Meta:
        db_table = "puzzles_puzzle_themes"
        unique_together = [("puzzle", "theme")]
        indexes = [
            models.Index(
                fields=["theme", "game", "is_public", "rating"], name="puzzle_theme_by_rating"
            )
        ]
        verbose_name = _("puzzle theme")
        verbose_name_plural = _("puzzle themes")

    def __str__(self):
        return f"{self.puzzle_id} · {self.theme_id}"

    def save(self, *args, **kwargs):
        # One row saved on its own (the admin's inline): copy from its puzzle.
        # Rows added through ``puzzle.themes`` are bulk-created; see ``_themes_added``.
        self.game, self.is_public, self.rating = (
            self.puzzle.game,
            self.puzzle.is_public,
            self.puzzle.rating,
        )
        super().save(*args, **kwargs)


def sync_theme_copies(puzzle_ids) -> None:
    """Copy each puzzle's game, library flag and rating onto its theme rows."""
    source = Puzzle.objects.filter(pk=models.OuterRef("puzzle_id"))
    PuzzleTheme.objects.filter(puzzle_id__in=puzzle_ids).update(
        game=models.Subquery(source.values("game")[:1]),
        is_public=models.Subquery(source.values("is_public")[:1]),
        rating=models.Subquery(source.values("rating")[:1]),
    )


@receiver(post_save, sender=Puzzle, dispatch_uid="puzzle-theme-copies-on-save")
def _puzzle_saved(sender, instance, raw=False, **kwargs):
    if not raw:
        PuzzleTheme.objects.filter(puzzle=instance).update(
            game=instance.game, is_public=instance.is_public, rating=instance.rating
        )


@receiver(m2m_changed, sender=PuzzleTheme, dispatch_uid="puzzle-theme-copies-on-add")
def _themes_added(sender, instance, action, reverse, pk_set, **kwargs):
    if action == "post_add":
        sync_theme_copies(pk_set if reverse else [instance.pk])


class Attempt(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("in progress")
        SOLVED = "solved", _("solved")
        FAILED = "failed", _("failed")

    class Mode(models.TextChoices):
        PLAY = "play", _("puzzle")
        REVIEW = "review", _("review")

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.PLAY)
    # The learner's first attempt at the puzzle: the only one that can be rated.
    is_first = models.BooleanField(_("first attempt"), default=False)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING
    )
    state = models.JSONField(default=dict)
    moves = models.JSONField(default=list)
    # A hint or a look at the solution makes the attempt unrated.
    hinted = models.BooleanField(_("used a hint"), default=False)
    revealed = models.BooleanField(_("saw the solution"), default=False)
    # When the learner first saw the board (see ``services.new_attempt``): set before
    # the row is written, so that an attempt is written once.
    started_at = models.DateTimeField(_("started"), default=timezone.now, editable=False)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    # Set when the attempt was a rated game: the learner's rating before and after.
    rating_before = models.FloatField(_("rating before"), null=True, blank=True)
    rating_after = models.FloatField(_("rating after"), null=True, blank=True)
    # And its deviation before and after: what the learner is shown depends on it
    # (see ``shown_rating``). Empty on attempts rated before it was kept.
    deviation_before = models.FloatField(_("rating deviation before"), null=True, blank=True)
    deviation_after = models.FloatField(_("rating deviation after"), null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")
        indexes = [
            models.Index(fields=["learner", "puzzle", "-started_at"]),
            models.Index(fields=["learner", "-started_at"]),
        ]

    def __str__(self):
        return f"{self.learner} · {self.puzzle} · {self.status}"

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def is_rated(self) -> bool:
        return self.rating_after is not None

    @property
    def rating_change(self) -> float | None:
        if self.rating_after is None or self.rating_before is None:
            return None
        return self.rating_after - self.rating_before

    @property
    def rating_change_label(self) -> str:
        """The change the learner is shown, as a signed whole number: "+12", "-7", "+0";
        "" when the attempt was not rated, or left the rating provisional (whose
        changes are not shown: see ``shown_rating``)."""
        if self.rating_after is None or self.rating_before is None:
            return ""
        if self.deviation_after is None or self.deviation_before is None:
            return f"{round(self.rating_change):+d}"  # rated before deviations were kept
        if self.deviation_after >= PROVISIONAL_DEVIATION:
            return ""
        before = shown_rating(self.rating_before, self.deviation_before)
        return f"{shown_rating(self.rating_after, self.deviation_after) - before:+d}"

    @property
    def rating_after_label(self) -> str:
        """The learner's rating after this attempt as shown: "1623", "约 970?"."""
        if self.rating_after is None:
            return ""
        if self.deviation_after is None:
            return str(round(self.rating_after))
        return rating_label(self.rating_after, self.deviation_after)


# Where a new learner starts, in every game. Not Glicko-2's customary 1500: our
# puzzles are rated for learners who are mostly beginners (the Go library runs
# from about 550 to 1600, median 1000), and a newcomer should meet puzzles from
# the middle of the library, not its hardest. The deviation of 350 lets the
# rating find its level within a handful of puzzles either way.
START_RATING = 1000.0

# A newcomer's deviation, Glicko-2's customary 350: nothing is known yet.
START_DEVIATION = 350.0

# A learner whose rating deviation is this or more has a provisional rating:
# it is shown as "约 1000?" ("≈1000?"), without changes, and does not move
# puzzle ratings. Lichess's threshold: below 110 the rating is within about
# ±220 of the truth (two deviations), close enough to compare learners and to
# rate puzzles by; a newcomer gets there after some 20 to 25 rated puzzles here.
PROVISIONAL_DEVIATION = 110.0


def shown_rating(rating: float, deviation: float) -> int:
    """The rating a learner is shown: the Glicko-2 rating once it has settled; until
    then, the start rating moved toward it as far as the deviation has settled.

    A newcomer's first results move the Glicko-2 rating by a few hundred points
    (that is how it finds their level quickly, and training uses it as it is),
    but a child who sees 1000 turn into 674 after one miss reads a verdict, not
    an estimate. Shown, the first miss costs a few dozen points, and the number
    joins the real rating smoothly as the deviation falls to
    ``PROVISIONAL_DEVIATION``, where the two are equal.
    """
    if deviation < PROVISIONAL_DEVIATION:
        return round(rating)
    settled = (START_DEVIATION - min(deviation, START_DEVIATION)) / (
        START_DEVIATION - PROVISIONAL_DEVIATION
    )
    return round(START_RATING + (rating - START_RATING) * settled)


def rating_label(rating: float, deviation: float) -> str:
    """A rating as shown: "1623", or "约 970?" ("≈970?") while it is provisional."""
    if deviation < PROVISIONAL_DEVIATION:
        return str(round(rating))
    # Translators: a provisional rating, "约 970?" in Chinese.
    return pgettext("provisional rating", "≈%(rating)s?") % {
        "rating": shown_rating(rating, deviation)
    }


class LearnerRating(models.Model):
    """A learner's Glicko-2 puzzle rating in one game."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES)
    rating = models.FloatField(_("rating"), default=START_RATING)
    deviation = models.FloatField(_("rating deviation"), default=START_DEVIATION)
    volatility = models.FloatField(_("volatility"), default=0.06)
    games = models.PositiveIntegerField(_("rated puzzles"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("learner rating")
        verbose_name_plural = _("learner ratings")
        constraints = [
            models.UniqueConstraint(fields=["learner", "game"], name="rating_unique_per_game")
        ]

    def __str__(self):
        return f"{self.learner} · {self.game} · {round(self.rating)}"

    @property
    def is_provisional(self) -> bool:
        return self.deviation >= PROVISIONAL_DEVIATION

    @property
    def label(self) -> str:
        return rating_label(self.rating, self.deviation)


class RatingPoint(models.Model):
    """The learner's rating at the end of a day (site time): the rating-history chart."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="rating_points")
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES)
    date = models.DateField(_("date"))
    rating = models.FloatField(_("rating"))
    deviation = models.FloatField(_("rating deviation"))

    class Meta:
        ordering = ["learner", "game", "date"]
        verbose_name = _("rating history point")
        verbose_name_plural = _("rating history")
        constraints = [
            models.UniqueConstraint(
                fields=["learner", "game", "date"], name="rating_point_unique_per_day"
            )
        ]

    def __str__(self):
        return f"{self.learner} · {self.game} · {self.date} · {round(self.rating)}"


class DailyPuzzle(models.Model):
    """The puzzle of the day for one game; chosen once (see ``puzzles.daily``)."""

    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES)
    date = models.DateField(_("date"))
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="dailies")
    chosen_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "game"]
        verbose_name = _("daily puzzle")
        verbose_name_plural = _("daily puzzles")
        constraints = [
            models.UniqueConstraint(fields=["game", "date"], name="daily_unique_per_game_and_day")
        ]

    def __str__(self):
        return f"{self.game} · {self.date} · {self.puzzle_id}"


class DailySolve(models.Model):
    """A day (site time) on which the learner solved that day's daily puzzle of a game."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="daily_solves")
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES)
    date = models.DateField(_("date"))

    class Meta:
        ordering = ["learner", "date"]
        verbose_name = _("daily puzzle solved")
        verbose_name_plural = _("daily puzzles solved")
        constraints = [
            models.UniqueConstraint(fields=["learner", "date", "game"], name="daily_solve_unique")
        ]

    def __str__(self):
        return f"{self.learner} · {self.game} · {self.date}"


class ReviewItem(models.Model):
    """A failed puzzle coming back to the learner (see ``puzzles.review``)."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="review_items")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="review_items")
    step = models.PositiveSmallIntegerField(_("step"), default=0)
    due = models.DateField(_("due"))
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["due", "id"]
        verbose_name = _("review item")
        verbose_name_plural = _("review items")
        constraints = [models.UniqueConstraint(fields=["learner", "puzzle"], name="review_unique")]
        indexes = [models.Index(fields=["learner", "due"])]

    def __str__(self):
        return f"{self.learner} · {self.puzzle_id} · {self.due}"


class PuzzleReport(models.Model):
    """A learner's report that something is wrong with a puzzle."""

    class Reason(models.TextChoices):
        RIGHT_REFUSED = "right-refused", _("A right answer was judged wrong")
        WRONG_ACCEPTED = "wrong-accepted", _("A wrong answer was accepted")
        UNCLEAR = "unclear", _("The question or explanation is unclear")
        OTHER = "other", _("Something else")

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="reports")
    learner = models.ForeignKey(
        Learner, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports"
    )
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    note = models.TextField(_("note"), max_length=1000, blank=True)
    resolved = models.BooleanField(_("resolved"), default=False)
    created_at = models.DateTimeField(_("reported"), auto_now_add=True)

    class Meta:
        ordering = ["resolved", "-created_at"]
        verbose_name = _("puzzle report")
        verbose_name_plural = _("puzzle reports")
        indexes = [models.Index(fields=["puzzle", "resolved"])]

    def __str__(self):
        return f"{self.puzzle} · {self.get_reason_display()}"
