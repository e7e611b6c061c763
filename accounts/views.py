from allauth.account.signals import password_changed
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .forms import LanguageForm, ProfileForm
from .middleware import LANGUAGE_SESSION_KEY, MUST_CHANGE_PASSWORD_KEY
from .services import ensure_profile


@login_required
def edit_profile(request):
    profile = ensure_profile(request.user)
    form = ProfileForm(request.POST or None, instance=profile)
    if request.method == "POST":
        if form.is_valid():
            profile = form.save()
            messages.success(request, _("Your profile is saved."))
            response = redirect("accounts:profile")
            if profile.language:
                _remember_language(request, response, profile.language)
            return response
        return render(request, "accounts/profile.html", {"form": form}, status=400)
    return render(request, "accounts/profile.html", {"form": form})


@login_required
def first_password(request):
    """A teacher-made account's first log-in: choose a password of one's own (twice;
    the one on the card was enough to get here), then on to one's homework."""
    if not request.session.get(MUST_CHANGE_PASSWORD_KEY):
        return redirect(settings.LOGIN_REDIRECT_URL)
    form = SetPasswordForm(request.user, request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            user = form.save()
            update_session_auth_hash(request, user)
            # As allauth's own change says it: the flag and the card's password go.
            password_changed.send(sender=user.__class__, request=request, user=user)
            messages.success(request, _("Your password is saved. Here is your work."))
            return redirect(settings.LOGIN_REDIRECT_URL)
        return render(request, "accounts/first_password.html", {"form": form}, status=400)
    return render(request, "accounts/first_password.html", {"form": form})


@require_POST
def set_language(request):
    """Switch language and come back to the same page."""
    form = LanguageForm(request.POST)
    if not form.is_valid() and "language" in form.errors:
        return render(request, "400.html", status=400)
    language = form.cleaned_data["language"]
    # A damaged or overlong "next" (a page with a huge query string) goes home.
    # Only a path of this site: "next=0" is no URL (and was a 500 as a URL name).
    target = form.cleaned_data.get("next", "")
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("home")
    response = HttpResponseRedirect(target)
    _remember_language(request, response, language)
    if request.user.is_authenticated:
        profile = ensure_profile(request.user)
        profile.language = language
        profile.save(update_fields=["language"])
    return response


def _remember_language(request, response, language):
    translation.activate(language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    if request.user.is_authenticated:
        request.session[LANGUAGE_SESSION_KEY] = language
