from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Classroom


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
    username = forms.CharField(label=_("The co-teacher's username"), max_length=150)


class StudentNamesForm(forms.Form):
    names = forms.CharField(
        label=_("Students' names"),
        widget=forms.Textarea(attrs={"rows": 10}),
        help_text=_("One name per line, as it should appear. No email is needed."),
    )
