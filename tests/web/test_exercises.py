"""Solving puzzles in the puzzle player and in lessons, as a learner sees it."""

import datetime
import re

import pytest

from accounts.models import Learner
from puzzles import services
from puzzles.models import Attempt
from tutorials.models import LessonProgress

PICK_ONE = "/puzzles/pick-one/"
PICK_TWO = "/puzzles/pick-two/"
STEP_2 = "/learn/go/first-steps/2/"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def learner_client(make_client, learner_user, content):
    return make_client(learner_user)


def page_ply(page: str) -> int:
    """The move counter the board form will send back."""
    return int(re.search(r'name="ply" value="(\d+)"', page).group(1))


def clickable(page: str, point: str) -> bool:
    return f'name="move" value="{point}"' in page


def attempts(user, slug):
    return list(
        Attempt.objects.filter(learner__user=user, puzzle__slug=slug).order_by("started_at", "id")
    )


def vary(response) -> list[str]:
    return [part.strip().lower() for part in response.get("Vary", "").split(",")]


# --- htmx and plain posts -------------------------------------------------------


@pytest.mark.parametrize("url", [PICK_ONE, STEP_2])
def test_htmx_post_gets_only_the_fragment_with_the_verdict(learner_client, url):
    response = learner_client.post(url, {"move": "c2", "ply": "0"}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page
    assert "<header" not in page
    assert page.lstrip().startswith('<section id="play"')
    assert "Correct!" in page
    assert "hx-request" in vary(response)


@pytest.mark.parametrize("url", [PICK_ONE, STEP_2])
def test_plain_post_gets_the_whole_page_with_the_same_verdict(learner_client, url):
    response = learner_client.post(url, {"move": "c2", "ply": "0"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" in page
    assert 'id="play"' in page
    assert "Correct!" in page
    assert "hx-request" in vary(response)


@pytest.mark.parametrize("url", [PICK_ONE, STEP_2])
def test_htmx_get_gets_the_fragment_and_plain_get_the_page(learner_client, url):
    fragment = learner_client.get(url, **HTMX)
    assert fragment.status_code == 200
    assert "<html" not in fragment.content.decode()
    assert 'id="play"' in fragment.content.decode()
    assert "hx-request" in vary(fragment)
    whole = learner_client.get(url)
    assert "<html" in whole.content.decode()
    assert 'id="play"' in whole.content.decode()
    assert "hx-request" in vary(whole)


def test_htmx_wrong_answer_fragment_carries_the_refutation(learner_client):
    page = learner_client.post(PICK_ONE, {"move": "a1", "ply": "0"}, **HTMX).content.decode()
    assert "<html" not in page
    assert "Not this one." in page
    assert "b1" in page


def test_rejected_answers_also_vary_on_htmx(learner_client):
    bad = learner_client.post(PICK_ONE, {"move": "z9", "ply": "0"}, **HTMX)
    assert bad.status_code == 400
    assert "<html" not in bad.content.decode()
    assert "hx-request" in vary(bad)
    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    stale = learner_client.post(PICK_TWO, {"move": "d4", "ply": "0"}, **HTMX)
    assert stale.status_code == 409
    assert "<html" not in stale.content.decode()
    assert "hx-request" in vary(stale)


# --- verdicts -------------------------------------------------------------------


@pytest.mark.parametrize("point", ["c2", "d3"])
def test_every_accepted_point_is_correct(learner_client, learner_user, point):
    response = learner_client.post(PICK_ONE, {"move": point, "ply": "0"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Correct!" in page
    assert "c2 is the only good point." in page  # the puzzle's explanation
    assert "Not this one." not in page
    # The finished board takes no more moves; "Try again" is offered.
    assert not clickable(page, "e5")
    assert 'name="action" value="retry"' in page
    [attempt] = attempts(learner_user, "pick-one")
    assert attempt.status == Attempt.Status.SOLVED
    assert attempt.moves == [point]


def test_wrong_answer_shows_refutation_and_explanation(learner_client, learner_user):
    page = learner_client.post(PICK_ONE, {"move": "a1", "ply": "0"}).content.decode()
    assert "Not this one." in page
    assert "That stone does nothing." in page
    assert "The right point" not in page  # kept until asked for
    assert re.search(r"Refutation:\s*<span[^>]*>b1</span>", page)
    assert "a1 is too far away." in page
    assert "Correct!" not in page
    # The refuting white stone is on the board.
    assert 'aria-label="b1 white stone' in page
    [attempt] = attempts(learner_user, "pick-one")
    assert attempt.status == Attempt.Status.FAILED
    assert attempt.moves == ["a1"]


def test_an_unlisted_wrong_point_is_wrong_without_refutation(learner_client):
    page = learner_client.post(PICK_ONE, {"move": "e5", "ply": "0"}).content.decode()
    assert "Not this one." in page
    assert "Refutation:" not in page


def test_two_move_puzzle_continues_with_whites_reply(learner_client, learner_user):
    first = learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    page = first.content.decode()
    assert first.status_code == 200
    assert "Good. Keep going." in page
    assert "White answers at d3." in page
    assert 'aria-label="d3 white stone' in page
    assert page_ply(page) == 2
    assert clickable(page, "d4")
    assert "Correct!" not in page
    # Reloading the page shows the attempt where it stands.
    reloaded = learner_client.get(PICK_TWO).content.decode()
    assert page_ply(reloaded) == 2
    assert 'aria-label="d3 white stone' in reloaded

    second = learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"})
    page = second.content.decode()
    assert second.status_code == 200
    assert "Correct!" in page
    [attempt] = attempts(learner_user, "pick-two")
    assert attempt.status == Attempt.Status.SOLVED
    assert attempt.moves == ["c2", "d3", "d4"]


def test_two_move_puzzle_wrong_second_move_fails(learner_client, learner_user):
    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    page = learner_client.post(PICK_TWO, {"move": "e1", "ply": "2"}).content.decode()
    assert "Not this one." in page
    assert attempts(learner_user, "pick-two")[0].status == Attempt.Status.FAILED


def test_a_taken_point_is_wrong(learner_client):
    # c3 holds a white stone; a tampered form can still send it.
    page = learner_client.post(PICK_ONE, {"move": "c3", "ply": "0"}).content.decode()
    assert "Not this one." in page
    assert "That point is taken." in page


# --- retry ----------------------------------------------------------------------


def test_retry_starts_a_fresh_attempt(learner_client, learner_user):
    learner_client.post(PICK_ONE, {"move": "a1", "ply": "0"})
    response = learner_client.post(PICK_ONE, {"action": "retry"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Not this one." not in page
    assert "Refutation:" not in page
    assert page_ply(page) == 0
    assert clickable(page, "a1")  # the wrong stone is gone
    assert 'aria-label="b1 white stone' not in page
    first, second = attempts(learner_user, "pick-one")
    assert first.status == Attempt.Status.FAILED
    assert second.status == Attempt.Status.PLAYING
    assert second.moves == []

    page = learner_client.post(PICK_ONE, {"move": "c2", "ply": "0"}).content.decode()
    assert "Correct!" in page
    assert [a.status for a in attempts(learner_user, "pick-one")] == [
        Attempt.Status.FAILED,
        Attempt.Status.SOLVED,
    ]


def test_retry_in_the_middle_abandons_the_unfinished_attempt(learner_client, learner_user):
    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    page = learner_client.post(PICK_TWO, {"action": "retry"}, **HTMX).content.decode()
    assert "<html" not in page
    assert page_ply(page) == 0
    assert clickable(page, "c2")
    assert [a.status for a in attempts(learner_user, "pick-two")] == [
        Attempt.Status.FAILED,
        Attempt.Status.PLAYING,
    ]


def test_after_a_finished_attempt_the_page_offers_a_fresh_board(learner_client, learner_user):
    learner_client.post(PICK_ONE, {"move": "a1", "ply": "0"})
    page = learner_client.get(PICK_ONE).content.decode()
    assert page_ply(page) == 0
    assert clickable(page, "a1")
    page = learner_client.post(PICK_ONE, {"move": "d3", "ply": "0"}).content.decode()
    assert "Correct!" in page
    assert len(attempts(learner_user, "pick-one")) == 2


# --- stale and malformed answers ------------------------------------------------


def test_stale_ply_is_refused_and_changes_nothing(learner_client, learner_user):
    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    # A second tab still shows the empty board and answers on it.
    response = learner_client.post(PICK_TWO, {"move": "d4", "ply": "0"})
    page = response.content.decode()
    assert response.status_code == 409
    assert "This board had moved on since you loaded it" in page
    assert "Correct!" not in page
    assert page_ply(page) == 2  # the board as it stands
    [attempt] = attempts(learner_user, "pick-two")
    assert attempt.status == Attempt.Status.PLAYING
    assert attempt.moves == ["c2", "d3"]
    # The learner carries on from the board as it stands.
    page = learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"}).content.decode()
    assert "Correct!" in page


def test_the_final_answer_sent_again_gets_its_verdict_and_counts_once(learner_client, learner_user):
    """A double click or a browser resending the form: the same answer, once."""
    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    first = learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"}).content.decode()
    response = learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"})
    assert response.status_code == 200
    assert "Correct!" in first and "Correct!" in response.content.decode()
    [attempt] = attempts(learner_user, "pick-two")
    assert attempt.status == Attempt.Status.SOLVED
    assert attempt.moves == ["c2", "d3", "d4"]


def test_a_finished_board_answered_again_later_is_stale(learner_client, learner_user):
    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"})
    [attempt] = attempts(learner_user, "pick-two")
    Attempt.objects.filter(pk=attempt.pk).update(
        finished_at=attempt.finished_at - services.RESENT_WITHIN - datetime.timedelta(seconds=1)
    )
    response = learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"})
    assert response.status_code == 409
    # Nor is another answer on the finished board taken.
    assert learner_client.post(PICK_TWO, {"move": "e5", "ply": "2"}).status_code == 409
    assert [a.moves for a in attempts(learner_user, "pick-two")] == [["c2", "d3", "d4"]]


def _progress_snapshot(user):
    return {
        "attempts": sorted(
            (a.puzzle.slug, a.status, tuple(a.moves))
            for a in Attempt.objects.filter(learner__user=user).select_related("puzzle")
        ),
        "lessons": sorted(
            (p.lesson.slug, tuple(p.steps_done), p.completed_at)
            for p in LessonProgress.objects.filter(learner__user=user).select_related("lesson")
        ),
        "learners": Learner.objects.count(),
    }


@pytest.fixture
def learner_with_progress(learner_client, learner_user):
    """Solved pick-one, half-way through pick-two, lesson step 1 read."""
    assert "Correct!" in learner_client.post(PICK_ONE, {"move": "c2", "ply": "0"}).content.decode()
    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    learner_client.post("/learn/go/first-steps/1/", {"action": "next"})
    snapshot = _progress_snapshot(learner_user)
    assert ("pick-two", "playing", ("c2", "d3")) in snapshot["attempts"]
    assert snapshot["lessons"][0][:2] == ("first-steps", (1,))
    return snapshot


MALFORMED = [
    ({"move": "z9", "ply": "2"}, "off the board"),
    ({"move": "f3", "ply": "2"}, "off the board"),
    ({"move": "garbage", "ply": "2"}, "not a point"),
    ({"move": "", "ply": "2"}, "no move was given"),
    ({"ply": "2"}, "no move was given"),
    ({"move": "d4", "ply": "two"}, "the move counter is damaged"),
]


@pytest.mark.parametrize(("post", "reason"), MALFORMED, ids=[r for _, r in MALFORMED])
def test_malformed_answer_is_400_and_keeps_progress(
    learner_client, learner_user, learner_with_progress, post, reason
):
    response = learner_client.post(PICK_TWO, post)
    page = response.content.decode()
    assert response.status_code == 400
    assert "That answer could not be read" in page
    assert reason in page
    assert "Correct!" not in page
    assert "Not this one." not in page
    assert page_ply(page) == 2  # the board as it stands, ready for the next move
    assert _progress_snapshot(learner_user) == learner_with_progress
    # Nothing was lost: the learner finishes the puzzle.
    assert "Correct!" in learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"}).content.decode()


@pytest.mark.parametrize(("post", "reason"), MALFORMED, ids=[r for _, r in MALFORMED])
def test_malformed_answer_on_a_solved_puzzle_keeps_it_solved(
    learner_client, learner_user, learner_with_progress, post, reason
):
    post = {**post, "ply": "0"} if post.get("ply") == "2" else post
    response = learner_client.post(PICK_ONE, post, **HTMX)
    assert response.status_code == 400
    assert reason in response.content.decode()
    assert _progress_snapshot(learner_user) == learner_with_progress
    assert "1 puzzle solved" in learner_client.get("/me/").content.decode()


@pytest.mark.parametrize(("post", "reason"), MALFORMED, ids=[r for _, r in MALFORMED])
def test_malformed_answer_in_a_lesson_keeps_progress(
    learner_client, learner_user, learner_with_progress, post, reason
):
    post = {**post, "ply": "0"} if post.get("ply") == "2" else post
    response = learner_client.post(STEP_2, post)
    page = response.content.decode()
    assert response.status_code == 400
    assert reason in page
    assert "Step 2 of 3" in page
    assert _progress_snapshot(learner_user) == learner_with_progress


def test_anonymous_malformed_answer_is_400(make_client, content):
    response = make_client().post(PICK_ONE, {"move": "zz", "ply": "0"})
    assert response.status_code == 400
    assert "not a point" in response.content.decode()
    assert not Attempt.objects.exists()


# --- solved badges and counts ---------------------------------------------------


def test_solved_badge_and_dashboard_count_follow_solves(learner_client):
    assert "0 puzzles solved" in learner_client.get("/me/").content.decode()
    game = learner_client.get("/learn/go/").content.decode()
    assert "Solved" not in game

    learner_client.post(PICK_ONE, {"move": "a1", "ply": "0"})  # wrong: not solved
    assert "0 puzzles solved" in learner_client.get("/me/").content.decode()
    assert "You have solved this before." not in learner_client.get(PICK_ONE).content.decode()

    learner_client.post(PICK_ONE, {"move": "c2", "ply": "0"})
    dashboard = learner_client.get("/me/").content.decode()
    assert "1 puzzle solved" in dashboard
    assert 'href="/puzzles/pick-one/"' in dashboard  # in the recent attempts
    game = learner_client.get("/learn/go/").content.decode()
    [pick_one] = re.findall(r'<li><a href="/puzzles/pick-one/">.*?</li>', game, flags=re.S)
    [pick_two] = re.findall(r'<li><a href="/puzzles/pick-two/">.*?</li>', game, flags=re.S)
    assert "Solved" in pick_one
    assert "Solved" not in pick_two
    assert "You have solved this before." in learner_client.get(PICK_ONE).content.decode()

    # Solving it again counts once.
    learner_client.post(PICK_ONE, {"action": "retry"})
    learner_client.post(PICK_ONE, {"move": "d3", "ply": "0"})
    assert "1 puzzle solved" in learner_client.get("/me/").content.decode()

    learner_client.post(PICK_TWO, {"move": "c2", "ply": "0"})
    assert "1 puzzle solved" in learner_client.get("/me/").content.decode()
    learner_client.post(PICK_TWO, {"move": "d4", "ply": "2"})
    assert "2 puzzles solved" in learner_client.get("/me/").content.decode()


def test_solves_belong_to_their_learner(make_client, learner_user, teacher_user, content):
    learner = make_client(learner_user)
    teacher = make_client(teacher_user)
    learner.post(PICK_ONE, {"move": "c2", "ply": "0"})
    assert "1 puzzle solved" in learner.get("/me/").content.decode()
    assert "0 puzzles solved" in teacher.get("/me/").content.decode()
    assert "You have solved this before." not in teacher.get(PICK_ONE).content.decode()


def test_stale_answer_in_a_lesson_is_refused(learner_client, learner_user):
    learner_client.post(STEP_2, {"move": "a1", "ply": "0"})  # wrong: the attempt is over
    learner_client.post(STEP_2, {"action": "retry"})
    learner_client.post("/puzzles/pick-two/", {"move": "c2", "ply": "0"})
    before = _progress_snapshot(learner_user)
    response = learner_client.post(STEP_2, {"move": "c2", "ply": "3"}, **HTMX)
    assert response.status_code == 409
    assert "This board had moved on" in response.content.decode()
    assert _progress_snapshot(learner_user) == before
    assert not LessonProgress.objects.exists()


@pytest.mark.parametrize("persona", [None, "learner_user", "teacher_user"])
def test_answers_to_a_lesson_exercise_outside_its_lesson_are_404(
    request, make_client, content, persona
):
    user = request.getfixturevalue(persona) if persona else None
    client = make_client(user)
    for post in ({"move": "c2", "ply": "0"}, {"action": "retry"}):
        response = client.post("/puzzles/go-first-steps-2/", post)
        assert response.status_code == 404
        assert "This page is not here" in response.content.decode()
    assert not Attempt.objects.exists()
    assert not Learner.objects.exists()


def test_staff_can_try_a_lesson_exercise_in_the_puzzle_player(make_client, staff_user, content):
    client = make_client(staff_user)
    page = client.post("/puzzles/go-first-steps-2/", {"move": "c2", "ply": "0"}).content.decode()
    assert "Correct!" in page
