"""A learner's ``revision`` counts each change to their progress, in the transaction
that makes it: what pages keep of the progress is kept under it."""

from accounts.models import Learner
from accounts.services import merge_learners

PASSWORD = "a-long-test-password"


def revision(learner: Learner) -> int:
    learner.refresh_from_db(fields=["revision"])
    return learner.revision


def test_answers_hints_retries_and_lesson_steps_each_count(make_client, content):
    client = make_client()
    client.post("/puzzles/pick-one/", {"move": "a1", "ply": "0"})  # a miss
    learner = Learner.objects.get()
    after_answer = revision(learner)
    assert after_answer >= 1
    client.post("/puzzles/pick-one/", {"action": "retry"})
    assert revision(learner) > after_answer
    after_retry = revision(learner)
    client.post("/learn/go/first-steps/1/", {"action": "next"})
    assert revision(learner) > after_retry


def test_what_changes_nothing_counts_nothing(make_client, content):
    client = make_client()
    client.post("/puzzles/pick-one/", {"move": "a1", "ply": "0"})
    learner = Learner.objects.get()
    before = revision(learner)
    client.get("/puzzles/pick-one/")
    client.get("/me/")
    client.post("/puzzles/pick-one/", {"move": "zz", "ply": "1"})  # unreadable: a 400
    assert revision(learner) == before


def test_a_merge_counts_for_the_account_that_takes_the_progress(django_user_model, content):
    user = django_user_model.objects.create_user("taker", password=PASSWORD)
    target = Learner.objects.create(user=user)
    source = Learner.objects.create()
    merge_learners(source, target)
    assert revision(target) == 1
