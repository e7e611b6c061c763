import datetime

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from config.inputs import BoundedDateField, BoundedIntegerField, IdModelMultipleChoiceField
from puzzles import content_cache
from puzzles.games import GAME_CHOICES
from puzzles.kinds import kind_names, kind_title
from puzzles.models import Theme

from .models import Assignment, Classroom
from .names import name_key


class ClassroomForm(forms.ModelForm):
    class Meta:
        model = Classroom
        fields = ["name", "game", "description"]
        widgets = {"description": forms.Textarea(attrs={"rows": 4})}


class JoinForm(forms.Form):
    code = forms.CharField(
        label=_("Join code"),
        max_length=20,
        help_text=_("The eight letters and digits your teacher gave you."),
    )


class TeacherForm(forms.Form):
    username = forms.CharField(
        label=_("The co-teacher's username"),
        max_length=150,
        help_text=_(
            "They become a teacher of the class when they accept. Teachers of a class "
            "see its students and results, and each other's private puzzles."
        ),
    )


class StudentNamesForm(forms.Form):
    names = forms.CharField(
        label=_("Students' names"),
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text=_("One name per line, as it should appear. No email is needed."),
    )
    # One-time: the accounts are made once for it, however often the form is sent.
    token = forms.CharField(widget=forms.HiddenInput, max_length=64)


class AssignmentForm(forms.ModelForm):
    """Title, note, due time and who it is for; the items are added on their own page."""

    due_date = BoundedDateField(
        label=_("Due date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Optional. Leave it empty for work without a deadline."),
    )
    due_time = forms.TimeField(
        label=_("Due time"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text=_("Optional; the end of the day (23:59) when left empty."),
    )
    students = IdModelMultipleChoiceField(
        label=_("Only for these students"),
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Tick none to give it to the whole class, students who join later included."),
    )

    class Meta:
        model = Assignment
        fields = ["title", "note"]
        widgets = {"note": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, classroom, **kwargs):
        super().__init__(*args, **kwargs)
        members = classroom.memberships.filter(archived_at__isnull=True).select_related(
            "student__profile"
        )
        self.fields["students"].queryset = (
            get_user_model()
            .objects.filter(pk__in=members.values("student"))
            .select_related("profile")
            .order_by("username")
        )
        students = self.fields["students"]
        students.label_from_instance = lambda user: user.profile.name
        # The class list's order: names by pinyin, Latin names among them.
        in_order = sorted(students.queryset, key=lambda u: (name_key(u.profile.name), u.username))
        students.widget.choices = [(user.pk, user.profile.name) for user in in_order]
        if self.instance.pk and not self.is_bound:
            self.initial["students"] = list(self.instance.students.all())
            if self.instance.due_at is not None:
                local = timezone.localtime(self.instance.due_at)
                self.initial.update(due_date=local.date(), due_time=local.time().replace(second=0))

    def clean(self):
        cleaned = super().clean()
        date, time = cleaned.get("due_date"), cleaned.get("due_time")
        if time is not None and date is None:
            self.add_error("due_date", _("Give the date for the due time."))
        cleaned["due_at"] = None
        if date is not None:
            moment = datetime.datetime.combine(date, time or datetime.time(23, 59))
            cleaned["due_at"] = timezone.make_aware(moment)
        return cleaned

    def assignment_fields(self) -> dict:
        data = self.cleaned_data
        return {
            "title": data["title"],
            "note": data["note"],
            "due_at": data["due_at"],
            "students": list(data["students"]),
        }


def _kinds_by_game() -> list:
    """The kinds as grouped choices, a group per game (lesson pictures left out)."""
    groups = []
    for slug, label in GAME_CHOICES:
        kinds = [(name, kind_title(name)) for name in kind_names() if name.startswith(f"{slug}.")]
        if kinds:
            groups.append((label, kinds))
    return groups


class ItemFilterForm(forms.Form):
    """What the library search for an assignment shows (a GET form)."""

    SOURCES = [("library", _("The puzzle library")), ("mine", _("My own puzzles"))]

    game = forms.ChoiceField(label=_("Game"), choices=GAME_CHOICES, required=False)
    source = forms.ChoiceField(label=_("From"), choices=SOURCES, required=False)
    kind = forms.ChoiceField(label=_("Kind"), required=False)
    theme = forms.ChoiceField(label=_("Theme"), required=False)
    rating_min = BoundedIntegerField(
        label=_("Rating from"), required=False, min_value=0, max_value=4000
    )
    rating_max = BoundedIntegerField(
        label=_("Rating up to"), required=False, min_value=0, max_value=4000
    )

    def __init__(self, *args, default_game="", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].initial = default_game
        self.fields["kind"].choices = [("", _("Any kind"))] + content_cache.cached(
            ("picker-kinds", get_language()), _kinds_by_game
        )
        self.fields["theme"].choices = [("", _("Any theme"))] + content_cache.cached(
            ("picker-themes", get_language()),
            lambda: [(theme.slug, theme.name) for theme in Theme.objects.order_by("slug")],
        )

    def rendered(self) -> SafeString:
        """The form's fields as HTML: every kind and every theme of the library is an
        option (rendering them took 35 ms), so a search's form is rendered once per
        language and kept with the content (``puzzles.content_cache``). A refused search
        is rendered afresh, with its errors."""
        if self.is_bound and not self.is_valid():
            return self.as_div()
        asked = ()
        if self.is_bound:
            asked = tuple((name, tuple(self.data.getlist(name))) for name in self.fields)
        key = ("picker-form", get_language(), self.fields["game"].initial, self.is_bound, asked)
        return content_cache.cached(key, self.as_div)

    def filters(self) -> dict:
        data = self.cleaned_data if self.is_bound and self.is_valid() else {}
        return {
            "game": data.get("game") or self.fields["game"].initial or GAME_CHOICES[0][0],
            "source": data.get("source") or "library",
            "kind": data.get("kind") or "",
            "theme": data.get("theme") or "",
            "rating_min": data.get("rating_min"),
            "rating_max": data.get("rating_max"),
        }
