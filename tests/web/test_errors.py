"""Errors show the site's own friendly pages, never a stack trace."""

import re

import pytest
from django.test import Client

CJK = re.compile(r"[\u4e00-\u9fff]")


def page(response):
    return response.content.decode()


def heading(response):
    match = re.search(r"<h1[^>]*>(.*?)</h1>", page(response), re.S)
    assert match, "no heading"
    return match.group(1).strip()


def assert_site_page(response, status, lang):
    assert response.status_code == status
    html = page(response)
    assert f'<html lang="{lang}">' in html
    assert '<header class="site-header">' in html
    assert 'class="narrow error-page"' in html
    assert "Content-Security-Policy" in response.headers
    assert "Traceback" not in html
    assert "hidden reason" not in html


@pytest.mark.parametrize(
    "url",
    [
        "/no-such-page/",
        "/learn/no-such-game/",
        "/learn/go/no-such-lesson/",
        "/learn/go/first-steps/99/",
        "/puzzles/no-such-puzzle/",
    ],
)
def test_not_found_in_english(content, url):
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(url)
    assert_site_page(response, 404, "en")
    assert heading(response) == "This page is not here"
    assert 'href="/"' in page(response)


@pytest.mark.parametrize("url", ["/no-such-page/", "/puzzles/no-such-puzzle/"])
def test_not_found_in_chinese(content, url):
    response = Client().get(url)
    assert_site_page(response, 404, "zh-hans")
    assert CJK.search(heading(response)), heading(response)
    assert "This page is not here" not in page(response)


def test_not_found_for_a_signed_in_learner_keeps_their_header(content, learner_user):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(learner_user)
    response = client.get("/no-such-page/")
    assert_site_page(response, 404, "en")
    assert ">learner</a>" in page(response)


def test_private_puzzle_is_not_found_for_strangers(content):
    from puzzles.models import Puzzle

    Puzzle.objects.filter(slug="pick-two").update(is_public=False)
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get("/puzzles/pick-two/")
    assert_site_page(response, 404, "en")


def test_bad_host_is_a_friendly_bad_request(db):
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    html = page(response)
    assert "That request could not be read" in html
    assert "evil.example" not in html
    assert "DisallowedHost" not in html


@pytest.mark.urls("tests.web.error_urls")
@pytest.mark.parametrize(("language", "lang"), [("en", "en"), ("zh-CN", "zh-hans")])
def test_forbidden_page(db, language, lang):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/test-errors/403/")
    assert_site_page(response, 403, lang)
    if lang == "en":
        assert heading(response) == "You cannot open this page"
    else:
        assert CJK.search(heading(response))


@pytest.mark.urls("tests.web.error_urls")
@pytest.mark.parametrize(("language", "lang"), [("en", "en"), ("zh-CN", "zh-hans")])
def test_bad_request_page(db, language, lang):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/test-errors/400/")
    assert_site_page(response, 400, lang)
    if lang == "en":
        assert heading(response) == "That request could not be read"
    else:
        assert CJK.search(heading(response))


@pytest.mark.urls("tests.web.error_urls")
@pytest.mark.parametrize("method", ["get", "post"])
def test_server_error_page_has_no_stack_trace(db, method):
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en")
    response = getattr(client, method)("/test-errors/500/")
    assert response.status_code == 500
    html = page(response)
    assert "Something went wrong" in html
    assert "出错了" in html
    assert 'href="/"' in html
    assert "/static/css/site.css" in html
    for leak in ("Traceback", "SecretFailure", "hunter2", "services.py", "/work/main", 'File "'):
        assert leak not in html, leak
    assert "Content-Security-Policy" in response.headers
