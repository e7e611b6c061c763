"""Going through a lesson: navigation, progress, completion, and browsing without writes."""

import re

import pytest
from django.contrib.sessions.models import Session

from accounts.models import Learner
from puzzles.models import Attempt
from tutorials.models import Lesson, LessonProgress

LESSON = "/learn/go/first-steps/"
STEP = LESSON + "{}/"


@pytest.fixture
def learner_client(make_client, learner_user, content):
    return make_client(learner_user)


def progress_row(page: str) -> str:
    [row] = re.findall(r'<li class="lesson-row[^"]*">.*?</li>', page, flags=re.S)
    return row


def progress_bar(page: str) -> tuple[int, int]:
    match = re.search(r'<progress max="(\d+)" value="(\d+)"', progress_row(page))
    return int(match.group(2)), int(match.group(1))


def done_dots(page: str) -> list[int]:
    """The step numbers the step page marks as done."""
    return [int(n) for n in re.findall(r"Step (\d+) \(done\)", page)]


def steps_done(user) -> list[int]:
    progress = LessonProgress.objects.filter(learner__user=user).first()
    return progress.steps_done if progress else []


def redirect_target(client) -> str:
    response = client.get(LESSON)
    assert response.status_code == 302
    return response["Location"]


# --- navigation -----------------------------------------------------------------


def test_steps_link_to_their_neighbours(make_client, content):
    client = make_client()
    first = client.get(STEP.format(1)).content.decode()
    assert "Step 1 of 3" in first
    assert "This is a small board." in first
    assert 'rel="prev"' not in first
    assert ">Next →<" in first.replace("\n", "")
    assert 'class="static-board"' in first
    assert 'id="play"' not in first  # a text step has no exercise

    middle = client.get(STEP.format(2)).content.decode()
    assert "Step 2 of 3" in middle
    assert re.search(r'href="/learn/go/first-steps/1/" rel="prev"', middle)

    last = client.get(STEP.format(3)).content.decode()
    assert "Step 3 of 3" in last
    assert re.search(r'href="/learn/go/first-steps/2/" rel="prev"', last)
    assert "Finish lesson" in last
    assert "Black to play: find the right point." in last  # the library puzzle


def test_next_goes_to_the_following_step(make_client, content):
    client = make_client()
    for order in (1, 2):
        response = client.post(STEP.format(order), {"action": "next"})
        assert response.status_code == 302
        assert response["Location"] == STEP.format(order + 1)


def test_next_on_a_text_step_records_it(learner_client, learner_user):
    learner_client.post(STEP.format(1), {"action": "next"})
    assert steps_done(learner_user) == [1]
    page = learner_client.get(STEP.format(2)).content.decode()
    assert done_dots(page) == [1]
    assert "1 of 3 steps" in learner_client.get("/learn/go/").content.decode()


def test_next_on_an_unsolved_exercise_step_does_not_record_it(learner_client, learner_user):
    response = learner_client.post(STEP.format(2), {"action": "next"})
    assert response["Location"] == STEP.format(3)
    assert steps_done(learner_user) == []


def test_solving_the_exercise_step_records_it(learner_client, learner_user):
    page = learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"}).content.decode()
    assert "Correct!" in page
    # One way on: the step's own Next; no "Try again" on a solved exercise.
    assert page.count('name="action" value="next"') == 1
    assert 'value="retry"' not in page
    assert steps_done(learner_user) == [2]
    assert done_dots(learner_client.get(STEP.format(2)).content.decode()) == [2]


def test_a_wrong_answer_does_not_record_the_step(learner_client, learner_user):
    page = learner_client.post(STEP.format(2), {"move": "a1", "ply": "0"}).content.decode()
    assert "Not this one." in page
    assert steps_done(learner_user) == []


def test_a_first_miss_says_why_and_keeps_the_answer_until_asked(learner_client):
    page = learner_client.post(STEP.format(2), {"move": "a1", "ply": "0"}).content.decode()
    assert "That stone does nothing." in page
    assert "The right point" not in page
    assert 'value="retry"' in page  # try again
    assert ">Show the answer<" in page
    shown = learner_client.post(STEP.format(2), {"action": "solution"}).content.decode()
    assert "The right point: c2." in shown
    assert "That stone does nothing." in shown  # the reason stays with the answer


def test_a_second_miss_shows_the_answer(learner_client):
    learner_client.post(STEP.format(2), {"move": "a1", "ply": "0"})
    learner_client.post(STEP.format(2), {"action": "retry"})
    page = learner_client.post(STEP.format(2), {"move": "b1", "ply": "0"}).content.decode()
    assert "That stone does nothing." in page
    assert "The right point: c2." in page
    assert ">Show the answer<" not in page  # shown already
    # Still a way to do it themselves.
    learner_client.post(STEP.format(2), {"action": "retry"})
    solved = learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"}).content.decode()
    assert "Correct!" in solved


def test_solving_the_library_puzzle_step_records_it_and_the_puzzle(learner_client, learner_user):
    page = learner_client.post(STEP.format(3), {"move": "d3", "ply": "0"}).content.decode()
    assert "Correct!" in page
    assert steps_done(learner_user) == [3]
    # The same puzzle in the library shows as solved.
    assert (
        "You have solved this before." in learner_client.get("/puzzles/pick-one/").content.decode()
    )
    assert "1 puzzle solved" in learner_client.get("/me/").content.decode()


def test_solving_in_the_library_does_not_tick_the_lesson_step(learner_client, learner_user):
    learner_client.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    assert steps_done(learner_user) == []


def test_htmx_solve_in_a_lesson_records_the_step(learner_client, learner_user):
    response = learner_client.post(
        STEP.format(2), {"move": "c2", "ply": "0"}, HTTP_HX_REQUEST="true"
    )
    assert "<html" not in response.content.decode()
    assert "Correct!" in response.content.decode()
    assert steps_done(learner_user) == [2]


# --- completing a lesson --------------------------------------------------------


def test_finishing_every_step_completes_the_lesson(learner_client, learner_user):
    game = learner_client.get("/learn/go/").content.decode()
    assert progress_bar(game) == (0, 3)
    assert "0 of 3 steps" in progress_row(game)
    assert "0 of 1 lessons" in learner_client.get("/me/").content.decode()

    learner_client.post(STEP.format(1), {"action": "next"})
    assert progress_bar(learner_client.get("/learn/go/").content.decode()) == (1, 3)
    learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"})
    learner_client.post(STEP.format(2), {"action": "next"})
    game = learner_client.get("/learn/go/").content.decode()
    assert progress_bar(game) == (2, 3)
    assert "2 of 3 steps" in progress_row(game)
    assert "Completed" not in game

    learner_client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    response = learner_client.post(STEP.format(3), {"action": "next"}, follow=True)
    assert response.redirect_chain[-1][0] == LESSON + "done/"
    done = response.content.decode()
    assert "Lesson complete: First steps" in done
    assert "Meet the board and play a first move." in done  # what it taught
    assert "You have finished every lesson of this game." in done
    assert 'href="/puzzles/go/next/?lesson=first-steps"' in done  # practice on its themes
    game = learner_client.get("/learn/go/").content.decode()
    assert progress_bar(game) == (3, 3)
    row = progress_row(game)
    assert "Completed" in row
    assert "is-complete" in row
    assert "1 of 1 lessons" in learner_client.get("/me/").content.decode()
    progress = LessonProgress.objects.get(learner__user=learner_user)
    assert progress.steps_done == [1, 2, 3]
    assert progress.completed_at is not None


def test_finishing_with_a_skipped_exercise_does_not_complete(learner_client, learner_user):
    learner_client.post(STEP.format(1), {"action": "next"})
    learner_client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    response = learner_client.post(STEP.format(3), {"action": "next"}, follow=True)
    done = response.content.decode()
    assert "End of First steps" in done
    assert "Some exercises are still to do" in done
    assert f'href="{STEP.format(2)}">Go to step 2<' in done
    assert "Lesson complete" not in done
    game = learner_client.get("/learn/go/").content.decode()
    assert "Completed" not in game
    assert progress_bar(game) == (2, 3)
    assert LessonProgress.objects.get(learner__user=learner_user).completed_at is None


def test_steps_done_in_any_order_complete_the_lesson(learner_client):
    learner_client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"})
    learner_client.post(STEP.format(1), {"action": "next"})
    game = learner_client.get("/learn/go/").content.decode()
    assert "Completed" in progress_row(game)


def test_repeating_steps_is_not_counted_twice(learner_client, learner_user):
    for _ in range(2):
        learner_client.post(STEP.format(1), {"action": "next"})
        learner_client.post(STEP.format(2), {"action": "retry"})
        learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"})
    assert steps_done(learner_user) == [1, 2]
    assert progress_bar(learner_client.get("/learn/go/").content.decode()) == (2, 3)
    assert LessonProgress.objects.filter(learner__user=learner_user).count() == 1


# --- the lesson link resumes where the learner stopped -------------------------


def test_lesson_link_goes_to_the_first_unfinished_step(learner_client):
    assert redirect_target(learner_client) == STEP.format(1)
    learner_client.post(STEP.format(1), {"action": "next"})
    assert redirect_target(learner_client) == STEP.format(2)
    learner_client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    assert redirect_target(learner_client) == STEP.format(2)
    learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"})
    # Everything done: start again from the beginning.
    assert redirect_target(learner_client) == STEP.format(1)


# --- anonymous visitors ---------------------------------------------------------


def test_anonymous_progress_persists_in_the_session(make_client, content):
    visitor = make_client()
    visitor.post(STEP.format(1), {"action": "next"})
    visitor.post(STEP.format(2), {"move": "c2", "ply": "0"})
    visitor.post("/puzzles/pick-two/", {"move": "c2", "ply": "0"})

    game = visitor.get("/learn/go/").content.decode()
    assert progress_bar(game) == (2, 3)
    assert redirect_target(visitor) == STEP.format(3)
    assert done_dots(visitor.get(STEP.format(3)).content.decode()) == [1, 2]
    # The half-played puzzle is where it was left.
    assert 'aria-label="d3 white stone' in visitor.get("/puzzles/pick-two/").content.decode()
    assert "You are not signed in" in visitor.get("/me/").content.decode()

    # Another browser has its own (empty) progress.
    stranger = make_client()
    assert progress_bar(stranger.get("/learn/go/").content.decode()) == (0, 3)
    assert redirect_target(stranger) == STEP.format(1)
    assert 'aria-label="d3 white stone' not in stranger.get("/puzzles/pick-two/").content.decode()
    assert Learner.objects.count() == 1


def test_anonymous_visitor_completes_a_lesson(make_client, content):
    visitor = make_client()
    visitor.post(STEP.format(1), {"action": "next"})
    visitor.post(STEP.format(2), {"move": "c2", "ply": "0"})
    visitor.post(STEP.format(3), {"move": "d3", "ply": "0"})
    page = visitor.post(STEP.format(3), {"action": "next"}, follow=True).content.decode()
    assert "Lesson complete: First steps" in page
    assert "Completed" in progress_row(visitor.get("/learn/go/").content.decode())
    assert "1 of 1 lessons" in visitor.get("/me/").content.decode()


BROWSE = [
    "/",
    "/learn/go/",
    "/learn/xiangqi/",
    LESSON,
    STEP.format(1),
    STEP.format(2),
    LESSON + "done/",
    STEP.format(3),
    "/puzzles/pick-one/",
    "/puzzles/pick-two/",
    "/me/",
    "/learn/go/first-steps/9/",
    "/puzzles/no-such-puzzle/",
]


def test_anonymous_browsing_writes_nothing(make_client, content):
    visitor = make_client()
    for url in BROWSE:
        assert visitor.get(url).status_code in (200, 302, 404)
        assert visitor.get(url, HTTP_HX_REQUEST="true").status_code in (200, 302, 404)
    assert Learner.objects.count() == 0
    assert Attempt.objects.count() == 0
    assert LessonProgress.objects.count() == 0
    assert Session.objects.count() == 0


def test_signed_in_browsing_creates_no_learner(learner_client):
    for url in BROWSE:
        learner_client.get(url)
    assert Learner.objects.count() == 0
    assert Attempt.objects.count() == 0
    assert LessonProgress.objects.count() == 0


def test_first_answer_creates_exactly_one_learner(make_client, content):
    visitor = make_client()
    visitor.post(STEP.format(1), {"action": "next"})
    visitor.post(STEP.format(2), {"move": "c2", "ply": "0"})
    visitor.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    assert Learner.objects.count() == 1
    assert Learner.objects.get().user is None


def test_the_end_of_a_lesson_offers_the_next_one(learner_client, learner_user):
    Lesson.objects.create(game="go", slug="second", order=2, title_zh="第二课", title_en="Second")
    done = learner_client.get(LESSON + "done/").content.decode()
    assert 'href="/learn/go/second/" rel="next">Next lesson: Second →<' in done
    assert "You have finished every lesson" not in done


def test_the_home_page_starts_a_newcomer_at_lesson_one_and_a_learner_where_they_are(
    make_client, learner_client
):
    Lesson.objects.create(game="go", slug="second", order=2, title_zh="第二课", title_en="Second")
    home = make_client().get("/").content.decode()
    start = home[home.index('class="start-here"') :]
    assert 'href="/learn/go/first-steps/"' in start
    assert "Lesson 1: First steps" in start
    assert start.index("start-here") < len(start)  # before the daily puzzles
    assert home.index('class="start-here"') < home.index("daily-heading")

    for order in (1, 2, 3):
        learner_client.post(STEP.format(order), {"action": "next"})
    learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"})
    learner_client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    home = learner_client.get("/").content.decode()
    start = home[home.index('class="start-here"') :]
    assert 'href="/learn/go/second/"' in start
    assert "Go on: Second" in start


def test_the_home_page_sends_a_learner_who_finished_every_lesson_to_the_puzzles(learner_client):
    for order in (1, 2, 3):
        learner_client.post(STEP.format(order), {"action": "next"})
    learner_client.post(STEP.format(2), {"move": "c2", "ply": "0"})
    learner_client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    home = learner_client.get("/").content.decode()
    start = home[home.index('class="start-here"') : home.index("daily-heading")]
    assert 'href="/puzzles/go/next/"' in start
    assert "Every lesson done: practise with puzzles" in start
