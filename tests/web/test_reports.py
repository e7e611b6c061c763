"""Reporting a wrong puzzle, and the pages around puzzle training a learner sees."""

import re

import pytest

from puzzles import daily
from puzzles.models import DailyPuzzle, Puzzle, PuzzleReport, shown_rating
from tests.helpers import LADDER, make


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.fixture
def client(make_client, db):
    return make_client()


@pytest.fixture
def ladder(db):
    return make("ladder", "go.capture", {"sgf": LADDER}, prompt="Capture the marked stones.")


def test_the_puzzle_page_links_to_the_report_form(client, ladder):
    page = client.get("/puzzles/ladder/").content.decode()
    assert 'href="/puzzles/ladder/report/"' in page
    form = text(client.get("/puzzles/ladder/report/"))
    assert "A right answer was judged wrong" in form and "Capture the marked stones." in form


def test_a_report_is_stored_and_the_learner_comes_back_to_the_puzzle(client, ladder):
    response = client.post(
        "/puzzles/ladder/report/", {"reason": "right-refused", "note": "C1 first works too"}
    )
    assert response.status_code == 302 and response.url == "/puzzles/ladder/"
    report = PuzzleReport.objects.get()
    assert report.puzzle == ladder and report.note == "C1 first works too"
    assert not report.resolved and report.learner is not None
    assert "the report is with our editors" in text(client.get("/puzzles/ladder/"))


@pytest.mark.parametrize(
    "post", [{}, {"reason": "nonsense"}, {"reason": "other", "note": "x" * 1001}]
)
def test_a_damaged_report_is_refused_with_the_form_again(client, ladder, post):
    response = client.post("/puzzles/ladder/report/", post)
    assert response.status_code == 400
    assert "Send the report" in text(response)
    assert not PuzzleReport.objects.exists()


def test_no_report_for_a_puzzle_that_does_not_exist_or_is_private(client, db):
    make("secret", "go.capture", {"sgf": LADDER}, public=False)
    assert client.post("/puzzles/nothing/report/", {"reason": "other"}).status_code == 404
    assert client.post("/puzzles/secret/report/", {"reason": "other"}).status_code == 404
    assert not PuzzleReport.objects.exists()


def test_a_reported_puzzle_is_not_chosen_as_a_daily_puzzle(ladder):
    other = make("other", "go.capture", {"sgf": LADDER})
    PuzzleReport.objects.create(puzzle=ladder, reason="unclear")
    assert daily.daily_puzzle("go").puzzle == other


def test_the_home_page_shows_todays_daily_puzzles(client, ladder):
    page = client.get("/").content.decode()
    assert "Today&#x27;s puzzles" in page or "Today's puzzles" in page
    assert 'href="/daily/go/"' in page and "Capture the marked stones." in page
    chosen = DailyPuzzle.objects.get()
    assert chosen.puzzle == ladder and chosen.date == daily.today()
    # Another visitor, another request: the same puzzle, still one row.
    client.get("/")
    assert DailyPuzzle.objects.count() == 1


def test_the_home_page_has_no_daily_section_without_a_library(client, db):
    make("exercise", "go.capture", {"sgf": LADDER}, public=False)
    assert "Today" not in text(client.get("/"))
    assert not DailyPuzzle.objects.exists()


def test_the_game_page_offers_training_with_the_learners_settings(client, ladder):
    page = client.get("/learn/go/").content.decode()
    assert 'action="/puzzles/go/next/"' in page
    assert 'value="normal" checked' in page
    assert 'href="/daily/go/"' in page and 'href="/review/"' in page
    assert "Your rating" not in page
    assert client.get("/puzzles/go/next/?difficulty=harder").status_code == 302
    page = client.get("/learn/go/").content.decode()
    assert 'value="harder" checked' in page


def test_the_game_page_shows_the_learners_rating_once_rated(client, ladder):
    client.post("/puzzles/ladder/", {"move": "C2", "ply": "0"})
    client.post("/puzzles/ladder/", {"move": "C1", "ply": "2"})
    attempt = Puzzle.objects.get(slug="ladder").attempts.get()
    rating = shown_rating(attempt.rating_after, attempt.deviation_after)
    assert f"Your rating: ≈{rating}?" in text(client.get("/learn/go/"))


def test_the_site_navigation_links_to_the_review_queue(client, db):
    assert 'href="/review/"' in client.get("/").content.decode()


def test_solving_the_daily_puzzle_on_its_page_starts_a_streak(client, ladder):
    page = client.get("/daily/go/").content.decode()
    action = f"/daily/go/{daily.today().isoformat()}/"
    assert f'action="{action}#play"' in page and "Your streak" not in page
    client.post(action, {"move": "C2", "ply": "0"})
    solved = text(client.post(action, {"move": "C1", "ply": "2"}))
    assert "Correct!" in solved and "Your streak: 1 day. Best: 1 day." in solved
