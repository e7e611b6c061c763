from django import forms
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_lazy as _

from accounts.models import Learner

from .models import PuzzleReport, PuzzleTheme, Theme
from .training import DEFAULT_DIFFICULTY, DIFFICULTIES, taught


class TrainingForm(forms.Form):
    """The learner's puzzle-training settings, from the query of "next puzzle"."""

    difficulty = forms.ChoiceField(
        label=_("Difficulty"),
        required=False,
        choices=[("easier", _("Easier")), ("normal", _("Normal")), ("harder", _("Harder"))],
    )
    theme = forms.SlugField(label=_("Theme"), required=False)
    # Practice after a lesson: its themes first (for this request; not a setting).
    lesson = forms.SlugField(label=_("Lesson"), required=False)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game

    def clean_theme(self):
        slug = self.cleaned_data["theme"]
        if not slug:
            return ""
        if not _game_theme(slug, self.game):
            raise forms.ValidationError(_("There is no such theme in this game."))
        return slug

    def clean_lesson(self):
        slug = self.cleaned_data["lesson"]
        if slug and taught(None, self.game, slug) is None:
            raise forms.ValidationError(_("There is no such lesson in this game."))
        return slug

    def practice_lesson(self) -> str:
        """The lesson to practise after, from the query ("" for none)."""
        if self.is_bound and self.is_valid():
            return self.cleaned_data["lesson"]
        return ""

    def wanted(self, learner: Learner | None) -> tuple[str, str]:
        """(difficulty, theme slug): the learner's settings, changed by the query."""
        difficulty, theme = current_settings(learner)
        if self.is_bound and self.is_valid():
            difficulty = self.cleaned_data["difficulty"] or difficulty
            if "theme" in self.data:
                theme = self.cleaned_data["theme"]
        return difficulty, theme

    def changes(self, learner: Learner | None) -> bool:
        return self.wanted(learner) != current_settings(learner)

    def save(self, learner: Learner) -> None:
        learner.puzzle_difficulty, learner.puzzle_theme = self.wanted(learner)
        learner.save(update_fields=["puzzle_difficulty", "puzzle_theme"])

    def settings(self, learner: Learner | None) -> tuple[str, Theme | None]:
        """(difficulty, theme) to train with in this game."""
        difficulty, slug = self.wanted(learner)
        return difficulty, _game_theme(slug, self.game) if slug else None


def current_settings(learner: Learner | None) -> tuple[str, str]:
    """(difficulty, theme slug) the learner trains with; the defaults for a newcomer."""
    if learner is None:
        return DEFAULT_DIFFICULTY, ""
    difficulty = learner.puzzle_difficulty
    return (difficulty if difficulty in DIFFICULTIES else DEFAULT_DIFFICULTY), learner.puzzle_theme


def _game_theme(slug: str, game: str) -> Theme | None:
    """The theme, if some library puzzle of the game has it (an index look-up, no join)."""
    in_game = PuzzleTheme.objects.filter(theme=OuterRef("pk"), game=game, is_public__in=[True])
    return Theme.objects.filter(slug=slug).filter(Exists(in_game)).first()


class ReportForm(forms.ModelForm):
    class Meta:
        model = PuzzleReport
        fields = ["reason", "note"]
        widgets = {
            "reason": forms.RadioSelect,
            "note": forms.Textarea(attrs={"rows": 4, "maxlength": 1000}),
        }
        labels = {
            "reason": _("What is wrong?"),
            "note": _("Details (the move you played, what you expected)"),
        }

    def save(self, puzzle, learner):
        report = super().save(commit=False)
        report.puzzle = puzzle
        report.learner = learner
        report.save()
        return report
