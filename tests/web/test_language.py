"""Simplified Chinese by default, English on request, and the switch remembers."""

import re

import pytest
from django.test import Client

PASSWORD = "a-long-test-password"
CJK = re.compile(r"[\u4e00-\u9fff]")


def html_lang(response):
    match = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert match, "no <html lang>"
    return match.group(1)


def nav_texts(response):
    """The visible texts of the main navigation links and buttons."""
    html = response.content.decode()
    nav = html.split('<nav class="site-nav"', 1)[1].split("</nav>", 1)[0]
    # The profile link shows the learner's own name, in whatever script it is.
    nav = re.sub(r'<a href="/me/profile/">[^<]*</a>', "", nav)
    texts = re.findall(r"<(?:a|button)\b[^>]*>([^<]+)</(?:a|button)>", nav)
    return [text.strip() for text in texts if text.strip()]


def assert_chinese_ui(response):
    assert html_lang(response) == "zh-hans"
    assert response.headers["Content-Language"] == "zh-hans"
    texts = nav_texts(response)
    assert texts, "no navigation found"
    untranslated = [text for text in texts if not CJK.search(text)]
    assert untranslated == [], f"English left in the Chinese navigation: {untranslated}"


def assert_english_ui(response):
    assert html_lang(response) == "en"
    assert response.headers["Content-Language"] == "en"
    texts = nav_texts(response)
    assert "Games" in texts
    assert "My progress" in texts
    assert not [text for text in texts if CJK.search(text)]


def test_default_is_simplified_chinese(db):
    response = Client().get("/")
    assert response.status_code == 200
    assert_chinese_ui(response)


@pytest.mark.parametrize("header", ["zh-CN,zh;q=0.9", "zh", "fr-FR,fr;q=0.9", "*"])
def test_chinese_and_unknown_browser_languages_get_chinese(db, header):
    assert_chinese_ui(Client(HTTP_ACCEPT_LANGUAGE=header).get("/"))


@pytest.mark.parametrize("header", ["en", "en-US,en;q=0.9", "en-GB,zh;q=0.5"])
def test_english_browsers_get_english(db, header):
    response = Client(HTTP_ACCEPT_LANGUAGE=header).get("/")
    assert_english_ui(response)
    assert "Accept-Language" in response.headers.get("Vary", "")


def test_lesson_content_follows_the_language(content):
    step_zh = Client().get("/learn/go/first-steps/1/").content.decode()
    step_en = Client(HTTP_ACCEPT_LANGUAGE="en").get("/learn/go/first-steps/1/").content.decode()
    assert "这是一块小棋盘。" in step_zh
    assert "This is a small board." in step_en
    assert "This is a small board." not in step_zh


def test_switch_to_english_comes_back_to_the_same_page(content):
    client = Client()
    assert_chinese_ui(client.get("/learn/go/"))
    response = client.post("/language/", {"language": "en", "next": "/learn/go/"})
    assert response.status_code == 302
    assert response["Location"] == "/learn/go/"
    assert client.cookies["django_language"].value == "en"
    assert_english_ui(client.get("/learn/go/"))
    assert_english_ui(client.get("/"))  # and it stays English everywhere


def test_switch_back_to_chinese(content):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert_english_ui(client.get("/"))
    client.post("/language/", {"language": "zh-hans", "next": "/"})
    assert_chinese_ui(client.get("/"))


def test_the_switch_on_every_page_points_back_to_it(content):
    html = Client().get("/learn/go/first-steps/2/?x=1").content.decode()
    switch = html.split('class="language-switch"', 1)[1].split("</form>", 1)[0]
    assert '<input type="hidden" name="next" value="/learn/go/first-steps/2/?x=1">' in switch
    assert 'name="language" value="en"' in switch
    assert re.search(r'value="zh-hans"[^>]*aria-current="true"', switch)


@pytest.mark.parametrize(
    "target",
    [
        "http://evil.example/",
        "https://evil.example/learn/",
        "//evil.example/",
        "///evil.example/",
        "\\\\evil.example/",
        "javascript:alert(1)",
        "",
        "0",  # no path: once read as a URL name, a 500
        "home",
        "learn/go/",
    ],
)
def test_unsafe_or_missing_next_goes_home(db, target):
    client = Client()
    response = client.post("/language/", {"language": "en", "next": target})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.cookies["django_language"].value == "en"


def test_next_with_a_query_string_is_kept(db):
    response = Client().post("/language/", {"language": "en", "next": "/learn/go/?page=2"})
    assert response["Location"] == "/learn/go/?page=2"


@pytest.mark.parametrize("language", ["fr", "zh", "EN", "", "zh-hans; DROP TABLE"])
def test_invalid_language_is_a_bad_request(db, language):
    client = Client()
    response = client.post("/language/", {"language": language, "next": "/"})
    assert response.status_code == 400
    assert "django_language" not in client.cookies
    assert_chinese_ui(client.get("/"))


def test_language_switch_needs_post(db):
    assert Client().get("/language/?language=en&next=/").status_code == 405


def test_signed_in_switch_is_saved_and_used_at_the_next_log_in(content, learner_user):
    client = Client()
    client.post("/accounts/login/", {"login": "learner", "password": PASSWORD})
    assert client.session.get("_auth_user_id") == str(learner_user.pk)
    client.post("/language/", {"language": "en", "next": "/learn/go/"})
    learner_user.profile.refresh_from_db()
    assert learner_user.profile.language == "en"

    # Another browser: no language cookie and no Accept-Language header.
    fresh = Client()
    assert_chinese_ui(fresh.get("/"))
    response = fresh.post("/accounts/login/", {"login": "learner", "password": PASSWORD})
    assert response.status_code == 302
    assert "django_language" not in fresh.cookies
    assert_english_ui(fresh.get("/"))
    assert_english_ui(fresh.get("/learn/go/"))


def test_profile_language_wins_over_the_browser(content, learner_user):
    learner_user.profile.language = "zh-hans"
    learner_user.profile.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert_english_ui(client.get("/"))
    client.post("/accounts/login/", {"login": "learner", "password": PASSWORD})
    assert_chinese_ui(client.get("/"))


def test_anonymous_switch_does_not_touch_any_profile(content, learner_user):
    Client().post("/language/", {"language": "en", "next": "/"})
    learner_user.profile.refresh_from_db()
    assert learner_user.profile.language == ""


def test_after_log_out_the_browser_choice_applies_again(content, learner_user):
    learner_user.profile.language = "en"
    learner_user.profile.save()
    client = Client()
    client.post("/accounts/login/", {"login": "learner", "password": PASSWORD})
    assert_english_ui(client.get("/"))
    client.post("/accounts/logout/")
    assert_chinese_ui(client.get("/"))


def test_switch_still_works_on_a_page_with_a_very_long_address(content):
    client = Client()
    html = client.get("/learn/go/first-steps/2/?q=" + "x" * 2100).content.decode()
    next_value = re.search(r'name="next" value="([^"]*)"', html).group(1)
    response = client.post("/language/", {"language": "en", "next": next_value})
    assert response.status_code == 302
    assert client.cookies["django_language"].value == "en"
    assert_english_ui(client.get(response["Location"]))


def test_damaged_next_goes_home_with_the_new_language(db):
    client = Client()
    response = client.post("/language/", {"language": "en", "next": "/learn/\x00"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.cookies["django_language"].value == "en"


def test_chinese_form_labels_end_with_a_full_width_colon(client):
    zh = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert ">密码：</label>" in zh and ">密码:</label>" not in zh
    en = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">Password:</label>" in en
