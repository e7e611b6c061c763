from allauth.account.forms import LoginForm as AllauthLoginForm
from django import forms
from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from .models import Profile

# Every form's label ends with Django's translated ":"; in Chinese it is the
# full-width "：" (用户名：), which Django's own catalogue does not give.
gettext_noop(":")
# The same for django-allauth's sentences whose Chinese keeps half-width stops and
# stray spaces ("请登录 ."): our catalogue's words come first.
gettext_noop("Already have an account? Then please %(link)ssign in%(end_link)s.")
gettext_noop("In case you forgot, your username is %(username)s.")
gettext_noop(
    "If you have not created an account yet, then please %(link)ssign up%(end_link)s first."
)


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "language", "is_teacher"]
        labels = {"is_teacher": _("I am a teacher")}


class LanguageForm(forms.Form):
    language = forms.ChoiceField(choices=settings.LANGUAGES)
    next = forms.CharField(required=False, max_length=2000)


# The longest login there is: an email address (a username is at most 150).
LOGIN_MAX_LENGTH = 254


class LoginForm(AllauthLoginForm):
    """allauth's log-in form, with the username-or-email bounded like the fields it
    is looked up in. Unbounded, 50 KB of it went into a case-insensitive LIKE that
    SQLite refuses ("pattern too complex"): a 500 instead of the form's reason."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        login = self.fields["login"]
        login.max_length = LOGIN_MAX_LENGTH
        login.validators.append(MaxLengthValidator(LOGIN_MAX_LENGTH))
        login.widget.attrs["maxlength"] = str(LOGIN_MAX_LENGTH)
