"""Whole pages kept for visitors with nothing of their own (``puzzles.visitor_pages``):
served again without a query, each with the visitor's own CSRF token, and never to
anyone whose page could differ."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from puzzles import visitor_pages
from puzzles.models import Attempt, Puzzle
from tests.helpers import frozen_clock

PUZZLE = "/puzzles/pick-one/"
STEP = "/learn/go/first-steps/2/"
PAGES = ["/", "/learn/go/", STEP, PUZZLE, "/daily/go/"]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def visitor(**headers) -> Client:
    return Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en", **headers)


@pytest.fixture(autouse=True)
def _content(content):
    visitor_pages.clear()
    yield
    visitor_pages.clear()


@pytest.mark.parametrize("path", PAGES)
def test_a_visitor_page_is_served_again_without_a_query(path):
    first = visitor().get(path)
    with CaptureQueriesContext(connection) as queries:
        again = visitor().get(path)
    assert again.status_code == 200
    assert len(queries) == 0, [q["sql"] for q in queries]
    assert again.content.decode().count("<main") == first.content.decode().count("<main") == 1
    assert visitor_pages.PLACEHOLDER not in again.content.decode()
    assert again["Content-Type"] == first["Content-Type"]
    assert again["Content-Language"] == "en"


def test_each_visitor_gets_a_token_of_their_own_that_answers():
    one, two = visitor(), visitor()
    first = one.get(PUZZLE)
    second = two.get(PUZZLE)
    token_one = TOKEN.search(first.content.decode()).group(1)
    token_two = TOKEN.search(second.content.decode()).group(1)
    assert "csrftoken" in second.cookies  # the kept page sets the visitor's cookie
    assert one.cookies["csrftoken"].value != two.cookies["csrftoken"].value
    answer = two.post(PUZZLE, {"move": "c2", "ply": "0", "csrfmiddlewaretoken": token_two})
    assert answer.status_code == 200
    assert "Correct" in answer.content.decode()
    # The other visitor's token is no good for this one.
    refused = two.post(PUZZLE, {"move": "c2", "ply": "0", "csrfmiddlewaretoken": token_one})
    assert refused.status_code == 403
    assert token_one != token_two


def test_a_visitor_with_a_cookie_token_keeps_it():
    client = visitor()
    client.get(PUZZLE)
    cookie = client.cookies["csrftoken"].value
    page = client.get(PUZZLE).content.decode()
    token = TOKEN.search(page).group(1)
    response = client.post(PUZZLE, {"move": "a1", "ply": "0", "csrfmiddlewaretoken": token})
    assert response.status_code == 200
    assert client.cookies["csrftoken"].value == cookie


def test_an_edit_shows_to_the_next_visitor():
    assert "find the right point" in visitor().get(PUZZLE).content.decode()
    puzzle = Puzzle.objects.get(slug="pick-one")
    puzzle.prompt_en = "Black to play: capture the white stone."
    puzzle.save()
    assert "capture the white stone" in visitor().get(PUZZLE).content.decode()


def test_pages_follow_the_language():
    english = visitor().get(STEP).content.decode()
    chinese = Client(HTTP_ACCEPT_LANGUAGE="zh-hans").get(STEP).content.decode()
    english_again = visitor().get(STEP).content.decode()
    assert '<html lang="en">' in english and '<html lang="en">' in english_again
    assert '<html lang="zh-hans">' in chinese


def test_after_an_answer_the_visitor_sees_their_own_board():
    client = visitor()
    page = client.get(PUZZLE).content.decode()
    token = TOKEN.search(page).group(1)
    client.post(PUZZLE, {"move": "c2", "ply": "0", "csrfmiddlewaretoken": token})
    assert Attempt.objects.filter(status="solved").count() == 1
    # Now they have a session, and a solved puzzle of their own...
    mine = client.get(PUZZLE).content.decode()
    assert "Correct" in mine or "solved" in mine.lower()
    # ...while a new visitor still gets the fresh board.
    fresh = visitor().get(PUZZLE).content.decode()
    assert fresh != mine
    assert "Correct" not in fresh


def test_not_kept_with_a_query_or_for_htmx_or_with_another_cookie():
    visitor().get(PUZZLE)
    assert len(visitor_pages._pages) == 1
    visitor().get(PUZZLE + "?from=nowhere")
    response = visitor(HTTP_HX_REQUEST="true").get(PUZZLE)
    assert "<html" not in response.content.decode()  # the #play fragment, not the page
    visitor(HTTP_COOKIE="sessionid=unknown").get(PUZZLE)
    visitor().post(PUZZLE, {"move": "c2", "ply": "0"})  # refused: no CSRF token
    assert len(visitor_pages._pages) == 1


def test_a_signed_in_learner_never_gets_a_visitor_page(make_client, learner_user):
    visitor().get(PUZZLE)
    page = make_client(learner_user).get(PUZZLE).content.decode()
    assert "Log out" in page
    assert "Log in" not in page


def test_the_daily_page_turns_with_the_day():
    with frozen_clock() as clock:
        today = visitor().get("/daily/go/").content.decode()
        assert 'action="/daily/go/2025-03-10/#play"' in today
        clock.advance(days=1)
        tomorrow = visitor().get("/daily/go/").content.decode()
    assert 'action="/daily/go/2025-03-11/#play"' in tomorrow
