"""Anonymous progress moves to the account on sign-up or log-in, once, with nothing doubled."""

import re

from django.contrib.auth import get_user_model

from accounts.models import Learner
from puzzles.models import Attempt
from tutorials.models import LessonProgress

PASSWORD = "a-long-test-password"
STEP = "/learn/go/first-steps/{}/"


def progress_bar(page: str) -> tuple[int, int]:
    match = re.search(r'<progress max="(\d+)" value="(\d+)"', page)
    return int(match.group(2)), int(match.group(1))


def solved_count(client) -> int:
    page = client.get("/me/").content.decode()
    return int(re.search(r"(\d+) puzzles? solved", page).group(1))


def progress_of(user) -> LessonProgress:
    return LessonProgress.objects.get(learner__user=user, lesson__slug="first-steps")


def anonymous_visitor_progress(client):
    """Solve pick-two, read step 1, solve step 3 (the library puzzle pick-one)."""
    client.post("/puzzles/pick-two/", {"move": "c2", "ply": "0"})
    assert (
        "Correct!" in client.post("/puzzles/pick-two/", {"move": "d4", "ply": "2"}).content.decode()
    )
    client.post(STEP.format(1), {"action": "next"})
    assert "Correct!" in client.post(STEP.format(3), {"move": "d3", "ply": "0"}).content.decode()
    assert solved_count(client) == 2
    assert Learner.objects.filter(user__isnull=True).count() == 1


def log_in(client, username):
    response = client.post("/accounts/login/", {"login": username, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[-2000:]
    return response


def log_out(client):
    response = client.post("/accounts/logout/")
    assert response.status_code == 302


def account_state(user):
    return {
        "learners": Learner.objects.count(),
        "attempts": Attempt.objects.filter(learner__user=user).count(),
        "steps": progress_of(user).steps_done,
        "completed": progress_of(user).completed_at,
        "lesson_rows": LessonProgress.objects.count(),
    }


def test_sign_up_keeps_anonymous_progress(make_client, content):
    client = make_client()
    anonymous_visitor_progress(client)

    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    user = get_user_model().objects.get(username="newcomer")

    dashboard = client.get("/me/").content.decode()
    assert "You are not signed in" not in dashboard
    assert solved_count(client) == 2
    assert 'href="/puzzles/pick-two/"' in dashboard
    assert progress_of(user).steps_done == [1, 3]
    assert progress_bar(client.get("/learn/go/").content.decode()) == (2, 3)
    assert client.get("/learn/go/first-steps/")["Location"] == STEP.format(2)
    # The anonymous learner is gone; everything belongs to the account.
    assert not Learner.objects.filter(user__isnull=True).exists()
    assert Learner.objects.get().user == user
    assert Attempt.objects.filter(learner__user=user).count() == 2

    # Logging out and in again changes nothing.
    before = account_state(user)
    log_out(client)
    assert "You are not signed in" in client.get("/me/").content.decode()
    assert solved_count(client) == 0
    log_in(client, "newcomer")
    assert account_state(user) == before
    assert solved_count(client) == 2


def test_log_in_unites_anonymous_and_account_progress(make_client, learner_user, content):
    # The account already read step 1 and solved pick-one in the library.
    account = make_client(learner_user)
    account.post(STEP.format(1), {"action": "next"})
    account.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    assert solved_count(account) == 1

    # On another computer, not logged in, the same person does more of the same.
    client = make_client()
    anonymous_visitor_progress(client)
    log_in(client, "learner")

    progress = progress_of(learner_user)
    assert progress.steps_done == [1, 3]  # step 1 once, not twice
    assert progress.completed_at is None
    assert LessonProgress.objects.count() == 1
    assert solved_count(client) == 2  # pick-one counted once, plus pick-two
    game = client.get("/learn/go/").content.decode()
    assert progress_bar(game) == (2, 3)
    assert "2 of 3 steps" in game
    assert re.search(r'href="/puzzles/pick-one/".*?Solved', game, flags=re.S)
    assert re.search(r'href="/puzzles/pick-two/".*?Solved', game, flags=re.S)
    assert client.get("/learn/go/first-steps/")["Location"] == STEP.format(2)
    # The history keeps every attempt; the anonymous learner is gone.
    assert Attempt.objects.filter(learner__user=learner_user).count() == 3
    assert not Learner.objects.filter(user__isnull=True).exists()
    assert Learner.objects.count() == 1
    # The first browser sees the same account.
    assert solved_count(account) == 2

    before = account_state(learner_user)
    log_out(client)
    log_in(client, "learner")
    assert account_state(learner_user) == before
    assert solved_count(client) == 2


def test_union_of_steps_completes_the_lesson(make_client, learner_user, content):
    account = make_client(learner_user)
    assert "Correct!" in account.post(STEP.format(2), {"move": "c2", "ply": "0"}).content.decode()

    client = make_client()
    client.post(STEP.format(1), {"action": "next"})
    client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    log_in(client, "learner")

    progress = progress_of(learner_user)
    assert progress.steps_done == [1, 2, 3]
    assert progress.completed_at is not None
    game = client.get("/learn/go/").content.decode()
    assert "Completed" in game
    assert progress_bar(game) == (3, 3)
    assert "1 of 1 lessons" in client.get("/me/").content.decode()


def test_a_lesson_completed_anonymously_stays_completed(make_client, learner_user, content):
    account = make_client(learner_user)
    account.post(STEP.format(1), {"action": "next"})

    client = make_client()
    client.post(STEP.format(1), {"action": "next"})
    client.post(STEP.format(2), {"move": "c2", "ply": "0"})
    client.post(STEP.format(3), {"move": "c2", "ply": "0"})
    completed_at = LessonProgress.objects.get(learner__user__isnull=True).completed_at
    assert completed_at is not None
    log_in(client, "learner")

    progress = progress_of(learner_user)
    assert progress.steps_done == [1, 2, 3]
    assert progress.completed_at == completed_at
    assert "Completed" in client.get("/learn/go/").content.decode()


def test_an_unfinished_anonymous_attempt_continues_after_log_in(make_client, learner_user, content):
    client = make_client()
    client.post("/puzzles/pick-two/", {"move": "c2", "ply": "0"})
    log_in(client, "learner")
    page = client.get("/puzzles/pick-two/").content.decode()
    assert 'aria-label="d3 white stone' in page
    assert 'name="ply" value="2"' in page
    assert (
        "Correct!" in client.post("/puzzles/pick-two/", {"move": "d4", "ply": "2"}).content.decode()
    )
    assert solved_count(client) == 1


def test_log_in_without_anonymous_progress_changes_nothing(make_client, learner_user, content):
    account = make_client(learner_user)
    account.post("/puzzles/pick-one/", {"move": "c2", "ply": "0"})
    client = make_client()
    client.get("/learn/go/")  # only browsing
    log_in(client, "learner")
    assert solved_count(client) == 1
    assert Learner.objects.count() == 1


def test_someone_elses_progress_is_not_taken_over(make_client, learner_user, teacher_user, content):
    visitor = make_client()
    anonymous_visitor_progress(visitor)
    # The teacher logs in on a different browser: the visitor's progress stays theirs.
    teacher = make_client()
    log_in(teacher, "teacher")
    assert solved_count(teacher) == 0
    assert solved_count(visitor) == 2
    assert Learner.objects.filter(user__isnull=True).count() == 1
