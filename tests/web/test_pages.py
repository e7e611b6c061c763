"""Every page of the site, tried by every persona, and the home page's catalogue."""

import re
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

from puzzles.games import GAMES

PERSONAS = ["anonymous", "learner", "teacher", "other_teacher", "staff"]
LOGGED_IN = {"learner", "teacher", "other_teacher", "staff"}

NOT_FOUND_TEXT = "This page is not here"


@pytest.fixture
def persona_client(request, make_client, content):
    """A client for the persona named by the test's ``persona`` parameter."""
    persona = request.getfixturevalue("persona")
    fixtures = {
        "learner": "learner_user",
        "teacher": "teacher_user",
        "other_teacher": "other_teacher_user",
        "staff": "staff_user",
    }
    user = request.getfixturevalue(fixtures[persona]) if persona in fixtures else None
    return make_client(user)


def expected(persona, *, anonymous, logged_in, staff=None):
    if persona == "anonymous":
        return anonymous
    if persona == "staff" and staff is not None:
        return staff
    return logged_in


# (url, status or (status, redirect target) for anonymous / logged in / staff)
PAGES = [
    ("/", {"anonymous": 200, "logged_in": 200}),
    ("/learn/go/", {"anonymous": 200, "logged_in": 200}),
    ("/learn/xiangqi/", {"anonymous": 200, "logged_in": 200}),
    (
        "/learn/go/first-steps/",
        {
            "anonymous": (302, "/learn/go/first-steps/1/"),
            "logged_in": (302, "/learn/go/first-steps/1/"),
        },
    ),
    ("/learn/go/first-steps/1/", {"anonymous": 200, "logged_in": 200}),
    ("/learn/go/first-steps/2/", {"anonymous": 200, "logged_in": 200}),
    ("/learn/go/first-steps/3/", {"anonymous": 200, "logged_in": 200}),
    ("/puzzles/pick-one/", {"anonymous": 200, "logged_in": 200}),
    ("/puzzles/pick-two/", {"anonymous": 200, "logged_in": 200}),
    # A lesson exercise is not in the library: only staff may open it on its own.
    ("/puzzles/go-first-steps-2/", {"anonymous": 404, "logged_in": 404, "staff": 200}),
    ("/me/", {"anonymous": 200, "logged_in": 200}),
    (
        "/me/profile/",
        {"anonymous": (302, "/accounts/login/?next=/me/profile/"), "logged_in": 200},
    ),
    ("/accounts/login/", {"anonymous": 200, "logged_in": (302, "/me/")}),
    ("/accounts/signup/", {"anonymous": 200, "logged_in": (302, "/me/")}),
    ("/accounts/logout/", {"anonymous": (302, "/"), "logged_in": 200}),
    ("/accounts/password/reset/", {"anonymous": 200, "logged_in": 200}),
    (
        "/admin/",
        {
            "anonymous": (302, "/admin/login/?next=/admin/"),
            "logged_in": (302, "/admin/login/?next=/admin/"),
            "staff": 200,
        },
    ),
    # Unknown game, lesson, step and puzzle.
    ("/learn/chess/", {"anonymous": 404, "logged_in": 404}),
    ("/learn/chess/first-steps/", {"anonymous": 404, "logged_in": 404}),
    ("/learn/xiangqi/first-steps/", {"anonymous": 404, "logged_in": 404}),
    ("/learn/go/no-such-lesson/", {"anonymous": 404, "logged_in": 404}),
    ("/learn/go/no-such-lesson/1/", {"anonymous": 404, "logged_in": 404}),
    ("/learn/go/first-steps/0/", {"anonymous": 404, "logged_in": 404}),
    ("/learn/go/first-steps/4/", {"anonymous": 404, "logged_in": 404}),
    ("/learn/xiangqi/first-steps/1/", {"anonymous": 404, "logged_in": 404}),
    ("/puzzles/no-such-puzzle/", {"anonymous": 404, "logged_in": 404}),
]


@pytest.mark.parametrize("persona", PERSONAS)
def test_every_page_answers_every_persona(persona, persona_client):
    wrong = []
    for url, table in PAGES:
        want = expected(
            persona,
            anonymous=table["anonymous"],
            logged_in=table["logged_in"],
            staff=table.get("staff"),
        )
        response = persona_client.get(url)
        got = response.status_code
        if isinstance(want, tuple):
            got = (got, response.get("Location"))
        if got != want:
            wrong.append(f"{url}: expected {want}, got {got}")
        elif want == 404:
            # The friendly page of the site, in its layout, with a way back.
            page = response.content.decode()
            if NOT_FOUND_TEXT not in page or "<html" not in page or 'href="/"' not in page:
                wrong.append(f"{url}: 404 without the friendly page")
    assert wrong == []


@pytest.mark.parametrize("persona", PERSONAS)
def test_step_pages_show_the_lesson_to_everyone(persona, persona_client):
    page = persona_client.get("/learn/go/first-steps/2/").content.decode()
    assert "First steps" in page
    assert "Step 2 of 3" in page
    assert "Put a stone just below the white stone." in page
    assert "Play at c2." in page
    assert 'id="play"' in page


@pytest.mark.parametrize("persona", PERSONAS)
def test_navigation_shows_the_persona(persona, persona_client):
    page = persona_client.get("/").content.decode()
    if persona in LOGGED_IN:
        assert "Log out" in page
        assert 'href="/accounts/login/"' not in page
    else:
        assert 'href="/accounts/login/"' in page
        assert 'href="/accounts/signup/"' in page
        assert "Log out" not in page


def test_staff_opens_a_lesson_exercise_in_the_puzzle_player(make_client, staff_user, content):
    page = make_client(staff_user).get("/puzzles/go-first-steps-2/").content.decode()
    assert "Play at c2." in page


def test_anonymous_profile_redirect_leads_back_after_login(make_client, learner_user, content):
    client = make_client()
    response = client.post(
        "/accounts/login/?next=/me/profile/",
        {"login": "learner", "password": "a-long-test-password", "next": "/me/profile/"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/me/profile/"
    assert client.get("/me/profile/").status_code == 200


def _game_cards(page):
    return re.findall(r'<li class="game-card[^"]*">(.*?)</li>', page, flags=re.S)


def test_home_lists_all_nine_games_in_both_languages(make_client, content):
    page = make_client().get("/").content.decode()
    cards = _game_cards(page)
    assert len(cards) == 9 == len(GAMES)
    for card, game in zip(cards, GAMES, strict=True):
        assert game.name_zh in card
        assert game.name_en in card


def test_home_links_games_with_lessons_and_marks_the_others_coming_soon(make_client, content):
    page = make_client().get("/").content.decode()
    cards = dict(zip([game.slug for game in GAMES], _game_cards(page), strict=True))
    assert 'href="/learn/go/"' in cards["go"]
    assert "1 lesson" in cards["go"]
    assert "Coming soon" not in cards["go"]
    for slug, card in cards.items():
        if slug == "go":
            continue
        assert "Coming soon" in card, slug
        assert "href=" not in card, slug
    assert 'href="/learn/xiangqi/"' not in page


def test_home_without_content_says_every_game_is_coming_soon(make_client, db):
    page = make_client().get("/").content.decode()
    cards = _game_cards(page)
    assert len(cards) == 9
    assert all("Coming soon" in card and "href=" not in card for card in cards)


def test_game_without_lessons_says_coming_soon(make_client, content):
    page = make_client().get("/learn/xiangqi/").content.decode()
    assert "象棋" in page
    assert "Xiangqi" in page
    assert "Lessons for this game are coming soon." in page
    assert "/learn/xiangqi/" not in re.sub(r'name="next" value="[^"]*"', "", page)


def test_game_with_lessons_lists_lessons_and_library_puzzles(make_client, content):
    page = make_client().get("/learn/go/").content.decode()
    assert 'href="/learn/go/first-steps/"' in page
    assert "First steps" in page
    assert "Meet the board and play a first move." in page
    assert "coming soon" not in page
    assert 'href="/puzzles/pick-one/"' in page
    assert 'href="/puzzles/pick-two/"' in page
    # Lesson exercises stay out of the library.
    assert "go-first-steps-2" not in page


def test_pages_speak_chinese_by_default(client, content):
    page = client.get("/learn/go/").content.decode()
    assert '<html lang="zh-hans">' in page
    assert "第一步" in page
    assert "First steps" not in page


def test_home_and_dashboard_count_several_lessons(make_client, db, tmp_path):
    root = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parent.parent / "content", root)
    first = root / "go/lessons/01-first-steps.toml"
    second = first.read_text(encoding="utf-8").replace('"first-steps"', '"second-steps"', 1)
    (root / "go/lessons/02-second-steps.toml").write_text(
        second.replace("order = 1", "order = 2", 1), encoding="utf-8"
    )
    call_command("load_content", dir=root, stdout=open("/dev/null", "w"))  # noqa: SIM115
    client = make_client()
    home = client.get("/").content.decode()
    cards = dict(zip([g.slug for g in GAMES], _game_cards(home), strict=True))
    assert "2 lessons" in cards["go"]
    client.post("/learn/go/first-steps/1/", {"action": "next"})
    client.post("/learn/go/first-steps/2/", {"move": "c2", "ply": "0"})
    client.post("/learn/go/first-steps/3/", {"move": "c2", "ply": "0"})
    assert "1 of 2 lessons" in client.get("/me/").content.decode()
    game = client.get("/learn/go/").content.decode()
    assert game.count("<progress") == 2
    assert 'href="/learn/go/second-steps/"' in game
