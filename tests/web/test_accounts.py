"""Accounts through django-allauth: sign up, log in and out, reset, profile, limits."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

PASSWORD = "a-long-test-password"
User = get_user_model()


@pytest.fixture
def en():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def signed_in_user(client):
    user_id = client.session.get("_auth_user_id")
    return User.objects.get(pk=user_id) if user_id else None


def page(response):
    return response.content.decode()


def test_sign_up_with_username_and_password_only(db, en):
    response = en.post(
        "/accounts/signup/",
        {"username": "xiaoming", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert response["Location"] == "/me/"
    user = signed_in_user(en)
    assert user is not None and user.username == "xiaoming"
    assert user.email == ""
    assert user.profile.is_teacher is False
    dashboard = page(en.get("/me/"))
    assert "xiaoming" in dashboard
    assert "Log out" in dashboard
    assert "You are not signed in" not in dashboard


def test_sign_up_form_shows_username_and_optional_email(db, en):
    html = page(en.get("/accounts/signup/"))
    assert 'name="username"' in html
    assert 'name="email"' in html
    email_input = re.search(r"<input[^>]*name=\"email\"[^>]*>", html).group(0)
    assert "required" not in email_input


def test_sign_up_with_an_email_already_used_is_refused(db, en):
    first = en.post(
        "/accounts/signup/",
        {
            "username": "first",
            "email": "Shared@Example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert first.status_code == 302
    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = other.post(
        "/accounts/signup/",
        {
            "username": "second",
            "email": "shared@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 200
    assert "A user is already registered with this email address." in page(response)
    assert not User.objects.filter(username="second").exists()
    assert signed_in_user(other) is None


def test_sign_up_with_a_taken_username_is_refused(learner_user, en):
    response = en.post(
        "/accounts/signup/",
        {"username": "learner", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert "A user with that username already exists." in page(response)
    assert User.objects.filter(username="learner").count() == 1


def test_sign_up_with_mismatched_passwords_is_refused(db, en):
    response = en.post(
        "/accounts/signup/",
        {"username": "xiaoming", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 200
    assert "You must type the same password each time." in page(response)
    assert not User.objects.filter(username="xiaoming").exists()


def test_log_in_with_username(learner_user, en):
    response = en.post("/accounts/login/", {"login": "learner", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/me/"
    assert signed_in_user(en) == learner_user


def test_log_in_with_a_wrong_password_shows_an_error(learner_user, en):
    response = en.post("/accounts/login/", {"login": "learner", "password": "wrong-password"})
    assert response.status_code == 200
    assert "The username and/or password you specified are not correct." in page(response)
    assert signed_in_user(en) is None


def test_log_in_goes_back_to_next(learner_user, content, en):
    response = en.post(
        "/accounts/login/?next=/learn/go/",
        {"login": "learner", "password": PASSWORD, "next": "/learn/go/"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/learn/go/"


def test_log_out_with_post(learner_user, en):
    en.force_login(learner_user)
    confirm = en.get("/accounts/logout/")
    assert confirm.status_code == 200
    assert signed_in_user(en) == learner_user, "a GET must not log out"
    response = en.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert signed_in_user(en) is None
    home = page(en.get("/"))
    assert "Log in" in home
    assert "Log out" not in home


def test_header_log_out_button_posts_to_logout(learner_user, en):
    en.force_login(learner_user)
    html = page(en.get("/"))
    form = re.search(r'<form method="post" action="/accounts/logout/"[^>]*>.*?</form>', html, re.S)
    assert form is not None
    assert 'name="csrfmiddlewaretoken"' in form.group(0)


def test_password_reset_sends_a_working_link(learner_user, en):
    learner_user.email = "learner@example.org"
    learner_user.save()
    response = en.post("/accounts/password/reset/", {"email": "learner@example.org"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password/reset/done/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["learner@example.org"]
    link = re.search(r"https?://testserver(/accounts/password/reset/key/\S+/)", message.body)
    assert link is not None, message.body

    # Following the link lets the learner choose a new password and log in with it.
    form_page = en.get(link.group(1), follow=True)
    assert form_page.status_code == 200
    set_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link.group(1)
    new_password = "another-long-password-9"
    done = en.post(set_url, {"password1": new_password, "password2": new_password})
    assert done.status_code == 302
    learner_user.refresh_from_db()
    assert learner_user.check_password(new_password)
    fresh = Client()
    fresh.post("/accounts/login/", {"login": "learner", "password": new_password})
    assert signed_in_user(fresh) == learner_user


def test_password_reset_for_an_unknown_email_sends_no_link(db, en):
    response = en.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302  # no hint whether the address exists
    assert all("/password/reset/key/" not in m.body for m in mail.outbox)


def test_profile_saves_display_name_language_and_teacher_flag(learner_user, en):
    en.force_login(learner_user)
    form = page(en.get("/me/profile/"))
    for field in ("display_name", "language", "is_teacher"):
        assert f'name="{field}"' in form
    response = en.post(
        "/me/profile/", {"display_name": "小明老师", "language": "zh-hans", "is_teacher": "on"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/me/profile/"
    learner_user.profile.refresh_from_db()
    profile = learner_user.profile
    assert (profile.display_name, profile.language, profile.is_teacher) == (
        "小明老师",
        "zh-hans",
        True,
    )
    home = page(en.get("/"))
    header = home.split('<header class="site-header">', 1)[1].split("</header>", 1)[0]
    assert "小明老师" in header
    assert '<html lang="zh-hans">' in home  # the profile language now wins


def test_profile_can_clear_the_teacher_flag(teacher_user, en):
    en.force_login(teacher_user)
    response = en.post("/me/profile/", {"display_name": "", "language": ""})
    assert response.status_code == 302
    teacher_user.profile.refresh_from_db()
    assert teacher_user.profile.is_teacher is False
    header = page(en.get("/")).split('<header class="site-header">', 1)[1]
    assert ">teacher</a>" in header  # falls back to the username


def test_profile_rejects_an_unknown_language(learner_user, en):
    en.force_login(learner_user)
    response = en.post("/me/profile/", {"display_name": "X", "language": "fr"})
    assert response.status_code == 400
    assert "Select a valid choice." in page(response)
    learner_user.profile.refresh_from_db()
    assert learner_user.profile.display_name == ""


def test_profile_needs_a_signed_in_user(db, en):
    response = en.get("/me/profile/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/me/profile/")
    assert en.post("/me/profile/", {"display_name": "X"}).status_code == 302


@pytest.mark.parametrize(
    ("who", "url"),
    [
        ("anon", "/accounts/login/"),
        ("anon", "/accounts/signup/"),
        ("anon", "/accounts/password/reset/"),
        ("anon", "/accounts/password/reset/done/"),
        ("user", "/accounts/logout/"),
        ("user", "/accounts/password/change/"),
        ("user", "/accounts/email/"),
    ],
)
def test_allauth_pages_use_the_site_layout(learner_user, who, url):
    client = Client()
    if who == "user":
        client.force_login(learner_user)
    response = client.get(url)
    assert response.status_code == 200
    html = page(response)
    assert '<header class="site-header">' in html
    assert "棋牌学堂" in html
    assert '<form method="post" action="/language/" class="language-switch"' in html
    assert 'class="narrow account-page"' in html
    assert '<footer class="site-footer">' in html
    assert html.count("<html") == 1
    assert "/static/css/site.css" in html


def test_rate_limits_are_on():
    limits = settings.ACCOUNT_RATE_LIMITS
    assert limits is not False
    assert "5/5m/key" in limits["login_failed"]


def test_repeated_failed_logins_lock_the_account_for_a_while(learner_user, en):
    for _attempt in range(5):
        response = en.post("/accounts/login/", {"login": "learner", "password": "guess"})
        assert "Too many failed login attempts" not in page(response)
    # Even the right password is refused now, from this or any other browser.
    for client in (en, Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="10.9.8.7")):
        response = client.post("/accounts/login/", {"login": "learner", "password": PASSWORD})
        assert response.status_code in (200, 429)
        assert "Too many failed login attempts. Try again later." in page(response)
        assert signed_in_user(client) is None


def test_failed_logins_for_one_account_do_not_lock_another(learner_user, teacher_user, en):
    for _attempt in range(5):
        en.post("/accounts/login/", {"login": "learner", "password": "guess"})
    response = en.post("/accounts/login/", {"login": "teacher", "password": PASSWORD})
    assert response.status_code == 302
    assert signed_in_user(en) == teacher_user


@pytest.mark.parametrize("login", ["𐀀" * 12501, "x" * 60000, "learner" + " " * 300 + "x"])
def test_a_login_longer_than_any_account_is_refused_with_the_reason(learner_user, en, login):
    """A 50 KB login was a 500 on SQLite (too long for its case-insensitive LIKE)."""
    response = en.post("/accounts/login/", {"login": login, "password": PASSWORD})
    assert response.status_code == 200
    assert "Ensure this value has at most 254 characters" in page(response)
    assert signed_in_user(en) is None
