from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from .models import Profile


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "language", "is_teacher"]
        labels = {"is_teacher": _("I am a teacher")}


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=settings.LANGUAGES)
    next = forms.CharField(required=False, max_length=2000)
