"""Cached content and page fragments never show a learner stale or someone else's data."""

import re

import pytest

from puzzles import content_cache
from puzzles.models import Puzzle
from tests.conftest import make_user
from tests.helpers import answer
from tutorials.models import Lesson, Step

STEP = "/learn/go/first-steps/2/"


@pytest.fixture
def client_en(make_client):
    return make_client()


def test_a_lesson_edit_shows_on_the_next_request(content, client_en):
    assert "First steps" in client_en.get(STEP).content.decode()
    lesson = Lesson.objects.get(slug="first-steps")
    lesson.title_en = "Very first steps"
    lesson.save()
    page = client_en.get(STEP).content.decode()
    assert "Very first steps" in page
    assert "<h1>First steps</h1>" not in page


def test_a_step_text_edit_shows_on_the_next_request(content, client_en):
    client_en.get(STEP)
    step = Step.objects.get(lesson__slug="first-steps", order=2)
    step.text_en = "Now play right under the white stone."
    step.save()
    assert "Now play right under the white stone." in client_en.get(STEP).content.decode()


def test_a_puzzle_edit_and_unpublishing_show_at_once(content, client_en):
    assert "find the right point" in client_en.get("/puzzles/pick-one/").content.decode()
    puzzle = Puzzle.objects.get(slug="pick-one")
    puzzle.prompt_en = "Black to play: capture the white stone."
    puzzle.save()
    assert "capture the white stone" in client_en.get("/puzzles/pick-one/").content.decode()
    puzzle.is_public = False
    puzzle.save()
    assert client_en.get("/puzzles/pick-one/").status_code == 404


def stones(response) -> list[str]:
    """The board's stones as a screen reader names them."""
    return re.findall(r'aria-label="([a-z]\d+ (?:black|white) stone[^"]*)"', response.text)


def test_an_answer_s_board_is_each_answer_s_own_and_follows_an_edit(content, make_client):
    from django.test import Client

    right = answer(make_client(), "/puzzles/pick-one/", "c2")
    assert stones(right) == ["b3 black stone", "c3 white stone", "c2 black stone, last move"]
    # The next visitor with the same answer sees the same board; a miss shows the miss.
    assert stones(answer(make_client(), "/puzzles/pick-one/", "c2")) == stones(right)
    assert "a1 black stone, last move" in stones(answer(make_client(), "/puzzles/pick-one/", "a1"))
    chinese = answer(Client(), "/puzzles/pick-one/", "c2").text
    assert "c2 黑子" in chinese and "black stone" not in chinese
    puzzle = Puzzle.objects.get(slug="pick-one")
    puzzle.data = {**puzzle.data, "size": 6}  # the same stones: a bigger board
    puzzle.save()
    bigger = answer(make_client(), "/puzzles/pick-one/", "c2").text
    assert "cols-6 rows-6" in bigger and "cols-5" not in bigger


def test_a_new_lesson_appears_on_the_home_page_at_once(content, client_en):
    assert "1 lesson" in client_en.get("/").content.decode()
    Lesson.objects.create(game="xiangqi", slug="pieces", title_zh="棋子", title_en="Pieces")
    page = client_en.get("/").content.decode()
    assert 'href="/learn/xiangqi/"' in page
    assert page.count("Coming soon") == 7


def test_fragments_follow_the_language(content, make_client):
    from django.test import Client

    english = make_client().get(STEP).content.decode()
    chinese = Client().get(STEP).content.decode()
    assert "<h1>First steps</h1>" in english and "Next" in english
    assert "<h1>第一步</h1>" in chinese and "下一步" in chinese
    assert "Log in" in english and "登录" in chinese


def test_each_signed_in_learner_sees_their_own_name(content, make_client):
    ada, bo = make_user("ada"), make_user("bo")
    ada.profile.display_name = "Ada L."
    ada.profile.save()
    first = make_client(ada).get("/").content.decode()
    second = make_client(bo).get("/").content.decode()
    assert "Ada L." in first and "Log out" in first
    assert "Ada L." not in second and ">bo<" in second
    anonymous = make_client().get("/").content.decode()
    assert "Log in" in anonymous and "Log out" not in anonymous


def test_step_dots_follow_the_learners_progress(content, client_en):
    assert "(done)" not in client_en.get(STEP).content.decode()
    client_en.post("/learn/go/first-steps/1/", {"action": "next"})
    page = client_en.get(STEP).content.decode()
    assert "Step 1 (done)" in page
    assert "Step 2 (done)" not in page
    client_en.post(STEP, {"move": "c2", "ply": "0"})
    assert "Step 2 (done)" in client_en.get(STEP).content.decode()


def test_missing_content_is_not_cached(db):
    calls = []

    def load():
        calls.append(1)
        return None

    assert content_cache.cached(("puzzle", "nope"), load) is None
    assert content_cache.cached(("puzzle", "nope"), load) is None
    assert len(calls) == 2


def test_entries_expire(db, settings, monkeypatch):
    settings.CONTENT_CACHE_SECONDS = 10
    now = [1000.0]
    monkeypatch.setattr(content_cache.time, "monotonic", lambda: now[0])
    values = iter(["first", "second"])
    assert content_cache.cached("key", lambda: next(values)) == "first"
    now[0] += 9
    assert content_cache.cached("key", lambda: next(values)) == "first"
    now[0] += 2
    assert content_cache.cached("key", lambda: next(values)) == "second"


def test_a_full_content_cache_lets_its_oldest_entry_go(monkeypatch):
    """Fragments kept for many learners fill the cache: the oldest entry makes room,
    and what every page reads (added since) stays."""
    monkeypatch.setattr(content_cache, "MAX_ENTRIES", 3)
    for key in ("oldest", "layout", "lesson"):
        content_cache.cached(key, lambda key=key: f"{key} html")
    content_cache.cached("a learner's fragment", lambda: "theirs")
    loads = []
    for key in ("layout", "lesson", "a learner's fragment"):
        content_cache.cached(key, lambda key=key: loads.append(key) or "again")
    assert loads == []
    assert content_cache.cached("oldest", lambda: "loaded again") == "loaded again"


def test_a_board_whose_moment_json_cannot_write_is_still_drawn():
    from types import SimpleNamespace

    from puzzles.play import _drawn

    drawn = []

    class Kind:
        def board(self, data, state, *, verdict=None, interactive=True):
            drawn.append(state)
            return "<svg></svg>"

    puzzle = SimpleNamespace(pk=1, kind_data={})
    state = {(2, 3): "black"}  # a key JSON cannot write
    assert _drawn(Kind(), puzzle, state, None, interactive=False) == "<svg></svg>"
    assert _drawn(Kind(), puzzle, state, None, interactive=False) == "<svg></svg>"
    assert len(drawn) == 2
